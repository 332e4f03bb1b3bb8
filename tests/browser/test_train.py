"""The train room in Chromium: cards put in the deck (localStorage), one answered wrong and one
right on the board, and after ten minutes (the deck's stored times moved back) the wrong one
is asked again while the right one waits; the live game untouched. And the tutor's warning
with the engine's numbers, as the analysis gives them."""

from __future__ import annotations

import json

from playwright.sync_api import Page, expect

from game.web.store import deck as decks
from tests.browser.pages import open_game
from tests.browser.test_rooms import AXE
from tests.web.trainer.test_train import best_moves, practice_cards, wrong_moves

LATER_MS = decks.WRONG_AGAIN_MS + 60_000  # the clock moved on past a wrong answer's return


def deck_of(page: Page) -> decks.Deck:
    return decks.read_deck(page.evaluate(f"() => localStorage.getItem('{decks.KEY}')"))


def play(page: Page, moves: list[tuple[int, int]]) -> None:
    """Moves made on the quiz's board (the side to act is at the bottom: its numbering)."""
    for origin, destination in moves:
        page.locator(f'#board [data-target="{origin}"]').first.click()
        page.locator(f'#board [data-target="{destination}"]').first.click()


def asked(page: Page) -> dict:
    card_id = page.evaluate("() => document.body.dataset.trainCard")
    card = deck_of(page).card(card_id)
    assert card is not None
    return card.data


def serious_violations(page: Page) -> list[dict]:
    page.evaluate(AXE.read_text(encoding="utf-8"))
    violations = page.evaluate(
        """async () => (await axe.run(document, {resultTypes: ['violations']})).violations
            .map(v => ({id: v.id, impact: v.impact, help: v.help,
                        nodes: v.nodes.slice(0, 3).map(n => n.target.join(' '))}))"""
    )
    return [v for v in violations if v["impact"] in ("serious", "critical")]


def test_a_wrong_answer_comes_back_before_a_right_one(game_page: Page):
    open_game(game_page, "seed=5&pace=0")
    game_page.click("#roll")  # the live game: the person's opening 5-3 to play
    expect(game_page.locator("#status")).to_contain_text("5-3")
    live = game_page.locator("#board").inner_html()
    cards = [
        c
        for c in practice_cards()
        if c["kind"] == "play" and c["plays"][0][2] - c["plays"][-1][2] > 0.04
    ][:2]
    kept = decks.Deck().with_cards(cards, now=0)
    game_page.evaluate(
        "([key, text]) => localStorage.setItem(key, text)", [decks.KEY, kept.to_text()]
    )
    game_page.click("#train-toggle")
    expect(game_page.locator("#train-panel")).to_be_visible()
    expect(game_page.locator("#train-prompt")).to_contain_text("find the best play")

    first = asked(game_page)
    play(game_page, wrong_moves(first))
    game_page.click("#train-confirm")
    expect(game_page.locator("body")).to_have_attribute("data-train-verdict", "wrong")
    expect(game_page.locator("#train-verdict")).to_contain_text("Not this one")
    assert not serious_violations(game_page)  # the verdict, its lists, the chart: axe-clean
    game_page.click("#train-next")

    second = asked(game_page)
    assert second["id"] != first["id"]
    play(game_page, best_moves(second)[:1])
    game_page.click("#train-undo")  # Undo works in the quiz as at the table
    play(game_page, best_moves(second))
    game_page.keyboard.press("Enter")
    expect(game_page.locator("body")).to_have_attribute("data-train-verdict", "right")
    expect(game_page.locator("#train-chart svg")).to_be_visible()

    # Ten minutes on: the deck's times moved back, as if the clock had moved forward.
    data = json.loads(game_page.evaluate(f"() => localStorage.getItem('{decks.KEY}')"))
    for item in data["cards"]:
        item["schedule"][3] -= LATER_MS
        item["answers"] = [[time - LATER_MS, right] for time, right in item["answers"]]
    game_page.evaluate(
        "([key, text]) => localStorage.setItem(key, text)", [decks.KEY, json.dumps(data)]
    )
    game_page.click("#train-next")
    expect(game_page.locator("body")).to_have_attribute("data-train-card", first["id"])
    kept = deck_of(game_page)
    assert kept.card(second["id"]).due > kept.card(first["id"]).due  # the right one waits

    game_page.click("#room-play")  # back to the game, exactly as it was
    expect(game_page.locator("#train-panel")).to_be_hidden()
    assert game_page.locator("#board").inner_html() == live
    expect(game_page.locator("#status")).to_contain_text("5-3")


def test_the_tutors_warning_says_why_in_the_engines_numbers(game_page: Page):
    open_game(game_page, "seed=5&pace=0")  # the person opens with 5-3
    game_page.click("#settings-toggle")
    game_page.check("#tutor-setting")
    game_page.click("#settings-done")
    game_page.click("#roll")
    play(game_page, [(8, 3), (8, 5)])  # three blots where 8/3 6/3 makes a point
    game_page.click("#confirm")
    expect(game_page.locator("#tutor-text")).to_contain_text("8/3 6/3", timeout=180_000)
    why = game_page.locator("#tutor-why")
    expect(why).to_contain_text("Played 8/5 8/3", timeout=180_000)
    expect(why).to_contain_text("shots of 36 at 3 blots")
    expect(why).to_contain_text("Best 8/3 6/3")
    expect(why).to_contain_text("no blot")
    game_page.click("#tutor-instead")
    expect(game_page.locator("#tutor")).to_be_hidden()
