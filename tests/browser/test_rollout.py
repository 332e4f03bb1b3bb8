"""A rollout in the page: the Hint panel's *Roll out*, by the settings chosen in Settings,
shares the trials among a pool of Web Workers (?workers=2), the progress bar and each
candidate's figures grow while the page stays responsive, and *Stop* keeps what is done,
shown again with the hint, in the review and on a train card once answered; the analysis
of a match on the pool gives the figures of the analysis in one go."""

from __future__ import annotations

import hashlib
import json
import re

import pytest
from playwright.sync_api import Page, expect

from game.analysis.cards import card_record, cards_of
from game.analysis.record_analysis import analyse_match
from game.analysis.rollout import RolloutSettings
from game.analysis.rollout.decision import cube_candidates
from game.analysis.rollout.job import RolloutJob, chunk_reply
from game.engine.notation import format_play
from game.engine.position import Position
from game.engine.state import GameState, Phase, Rules
from game.formats.mat import format_mat, parse_mat
from game.formats.position_id import parse_position_id
from game.web.board.hint_words import candidate_words
from game.web.review import analysis_view
from game.web.state.session import FRIEND, FULL, Session, Settings
from game.web.store import deck as decks
from game.web.store import storage
from game.web.store.door import ROLLOUT_CHOICE, ROLLOUTS
from game.web.store.rollout_choice import choice_data
from game.web.worker import judging
from tests.browser.pages import open_game
from tests.records import played
from tests.web.trainer.test_train import best_moves

PERSON_OPENS = 5  # the person wins the opening roll with 5-3 (tests/browser/test_learning.py)
WORKER_MS = 300_000  # each pool worker boots its own Pyodide and the bot: slow when loaded


@pytest.mark.timeout(900)
def test_a_rollout_runs_on_the_pool_updates_live_and_stops_keeping_its_trials(game_page: Page):
    page = game_page
    open_game(page, f"seed={PERSON_OPENS}&pace=0&workers=2")
    # First the analysis of a match on the pool (its parts shared between the two workers):
    # the players' figures of the analysis in one go, as one worker gives them.
    imported = parse_mat(format_mat(played(2)))
    page.click("#replay-toggle")
    page.fill("#import-text", format_mat(imported))
    page.click("#import-paste")
    page.select_option("#analysis-plies", "1")
    page.click("#analysis-run")
    page.click("#tab-moves")  # the page answers while the pool works
    page.click("#tab-analysis")
    page.wait_for_function(
        "() => document.body.dataset.analysis === 'done'", timeout=WORKER_MS, polling=200
    )
    games, moments = judging.games_with_moments(imported)
    alone = judging.summary(analyse_match(games, 1), imported, moments)
    expected = page.evaluate(
        """(html) => { const box = document.createElement('div'); box.innerHTML = html;
        document.body.append(box); const text = [...box.querySelectorAll(
        'table.analysis-players')].map((t) => t.innerText); box.remove(); return text; }""",
        analysis_view.analysis_html(json.loads(json.dumps(alone))),
    )
    shown = page.locator("#analysis-result table.analysis-players").all_inner_texts()
    assert shown == expected and "Error rate" in shown[0]
    page.click("#replay-live")  # back to the game: the person rolls and asks a hint
    # The rollout's settings chosen in Settings (kept with them): 5,184 trials truncated
    # after 2 plies, with variance reduction; its settings line says so. (Each candidate's
    # first 36 trials are awaited: the shortest truncation makes them cheapest.)
    page.click("#settings-toggle")
    page.select_option("#rollout-trials", "5184")
    page.select_option("#rollout-truncate", "2")
    page.check("#rollout-variance")
    page.click("#settings-done")

    page.click("#roll")  # the person's 5-3
    page.click("#hint")
    expect(page.locator("#hint-body .hint-play").first).to_be_visible(timeout=WORKER_MS)
    start = page.locator("#rollout-start")
    expect(start).to_be_visible()
    start.click()
    expect(page.locator("#rollout-run")).to_be_visible()
    assert page.get_attribute("body", "data-pool-size") == "2"
    # The first chunks come in: each candidate's equity ± SE and chances, live.
    page.wait_for_function(
        "() => Number(document.body.dataset.rolloutTrials || 0) >= 36", timeout=WORKER_MS
    )
    rows = page.locator("#rollout-body [data-rollout-row]")
    assert rows.count() >= 1
    expect(rows.first).to_contain_text("±")
    assert 0 < float(page.locator("#rollout-bar").get_attribute("value") or 0) < 1
    expect(page.locator("#rollout-body")).to_contain_text("5,184 trials, seed", timeout=1000)
    expect(page.locator("#rollout-body")).to_contain_text("truncated at 2 plies, chequer play")
    expect(page.locator("#rollout-body")).to_contain_text(", variance reduction,")
    expect(page.locator("#rollout-status")).to_contain_text("Rolling out:")
    # The page answers while the pool works.
    page.click("#hint-close")
    expect(page.locator("#hint-panel")).to_be_hidden()
    page.click("#hint")
    page.click("#rollout-stop")
    page.wait_for_function("() => document.body.dataset.rollout === 'done'", timeout=WORKER_MS)
    expect(page.locator("#rollout-run")).to_be_hidden()
    summary = page.locator("#rollout-body [data-rollout-summary]").inner_text()
    trials = int(re.search(r"rolled out: ([\d,]+) trials", summary).group(1).replace(",", ""))
    assert 36 <= trials < 5184
    # Kept with the position: the hint shows it again.
    page.click("#hint-close")
    page.click("#hint")
    expect(page.locator("#rollout-body [data-rollout-summary]")).to_have_text(
        f"rolled out: {trials:,} trials"
    )
    # ... the review's move at that position and roll ...
    shown = f"rolled out: {trials:,} trials"
    page.click("#hint-close")
    page.click("#replay-toggle")
    expect(page.locator("#review-rollout")).to_contain_text(shown)
    page.click("#replay-live")
    # ... and a train card of that position and roll, once answered.
    card = blunder_card()
    kept = decks.Deck().with_cards([card], now=0)
    page.evaluate("([key, text]) => localStorage.setItem(key, text)", [decks.KEY, kept.to_text()])
    page.click("#train-toggle")
    expect(page.locator("#train-prompt")).to_contain_text("find the best play")
    expect(page.locator("#train-verdict")).not_to_contain_text("rolled out")
    for origin, destination in best_moves(card):
        page.locator(f'#board [data-target="{origin}"]').first.click()
        page.locator(f'#board [data-target="{destination}"]').first.click()
    page.click("#train-confirm")
    expect(page.locator("body")).to_have_attribute("data-train-verdict", "right")
    expect(page.locator("#train-verdict")).to_contain_text(shown)


def blunder_card() -> dict:
    """The trainer's card of the person's opening 5-3 played 8/5 8/3 (very bad)."""
    opening = GameState(Rules.full(), position=Position.start(), phase=Phase.MOVE, dice=(5, 3))
    blunder = next(play for play in opening.legal_plays() if format_play(play.moves) == "8/5 8/3")
    analysed = analyse_match([[opening, opening.play(blunder)]], 1)
    (card,) = cards_of(analysed)
    return card_record(card)


def test_a_cubeful_rollout_of_the_cube_in_a_money_game_gives_the_engines_figures_and_keeps_them(
    game_page: Page,
):
    """Settings → Rollouts → Cubeful, a money game with the cube, before the roll: no double
    and double/take rolled out with the cube in play on the pool, the Cubeful ± SE column and
    the cube's answer from the trials: the figures the engine gives for the same seed, kept
    with the position."""
    page = game_page
    race = parse_position_id("2M42AwDMtp0BAA")  # far ahead in a race, the cube centred
    game = GameState(Rules.full(), position=race, phase=Phase.ROLL, turn=0)
    # The money game with the cube saved, and 36 trials truncated after 2 plies chosen
    # (cubeless): the page opened once on them (the storage is the fixture's, cleared).
    saved = {
        storage.KEY: storage.save_text(
            Session(game, Settings(opponent=FRIEND, rules=FULL)).after(game)
        ),
        ROLLOUT_CHOICE: json.dumps(choice_data(RolloutSettings(trials=36, truncate=2))),
    }
    page.evaluate(
        "(kept) => Object.entries(kept).forEach(([k, v]) => localStorage.setItem(k, v))", saved
    )
    open_game(page, "pace=0&workers=1")
    page.click("#settings-toggle")
    page.check("#rollout-cubeful")
    page.click("#settings-done")
    page.click("#hint")
    page.locator("#rollout-start").click()  # before the roll: no play ranking to wait for
    page.wait_for_function("() => document.body.dataset.rollout === 'done'", timeout=WORKER_MS)

    # The engine's rollout of the same candidates with the page's seed (its Position ID's).
    key = RolloutJob(race, None, RolloutSettings(trials=1), []).key
    seed = int.from_bytes(hashlib.sha256(key.encode()).digest()[:4], "big")
    settings = RolloutSettings(trials=36, seed=seed, truncate=2, cubeful=True)
    job = RolloutJob(race, None, settings, cube_candidates(race))
    for index, request in job.requests():
        job.take(index, chunk_reply(request))
    cube = job.cube()
    assert cube is not None and cube.rolled
    body = page.locator("#rollout-body")
    expect(body.locator("[data-rollout-summary]")).to_have_text("rolled out: 36 trials")
    expect(body.locator("thead").first).to_contain_text("Cubeful")
    rows = body.locator("[data-rollout-row]")
    shown = [
        (rows.nth(i).locator("th").inner_text(), rows.nth(i).locator("[data-cubeful]").inner_text())
        for i in range(rows.count())
    ]
    expected = [
        (label, f"{value:+.3f} ± {error:.3f}")
        for label, value, error in (
            (r.label, r.cubeful, r.cubeful_error) for r in job.rows() if r.cubeful is not None
        )
    ]
    assert sorted(shown) == sorted((candidate_words(label), text) for label, text in expected)
    assert len(shown) == 2
    # Sane: far ahead, both answers well above 0 and below the double/pass's 1, narrow.
    for row in job.rows():
        assert row.cubeful is not None and row.cubeful_error is not None
        assert 0.3 < row.cubeful < 1.0 and 0.0 < row.cubeful_error < 0.2
    cube_table = body.locator("table.hint-cube [data-cubeful]")
    assert [
        float(v) for v in cube_table.evaluate_all("(cells) => cells.map((c) => c.dataset.cubeful)")
    ] == pytest.approx([cube.no_double, cube.double_take, 1.0], abs=1e-4)
    advice = {"no-double": "No double", "double": "Double", "too-good": "Too good to double"}
    expect(body.locator("[data-rollout-cube]")).to_contain_text(advice[cube.action])
    # Kept with the position: the hint shows it again, and this browser keeps its answers.
    page.click("#hint-close")
    page.click("#hint")
    expect(body.locator("[data-rollout-summary]")).to_have_text("rolled out: 36 trials")
    assert (
        body.locator("table.hint-cube [data-cubeful]").first.get_attribute("data-cubeful")
        == f"{cube.no_double:.4f}"
    )
    kept = json.loads(page.evaluate("(key) => localStorage.getItem(key)", ROLLOUTS))
    (record,) = [r for k, r in kept["rollouts"] if k == job.key]
    assert record["cube"]["double_take"] == pytest.approx(cube.double_take)
