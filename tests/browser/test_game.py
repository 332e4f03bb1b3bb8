"""The game page in Chromium: start-up, the board, playing by clicks, saving, links, phones.

The tests click the board the way a player does (``[data-target]`` areas). To know
which checker to click they read the page's own save from localStorage and ask the
engine in CPython, so no test needs hooks inside the page. ``?seed=N`` fixes the dice;
``?pace=0`` shows the computer's moves without pauses.
"""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import Page, expect

from game.engine.state import Phase
from game.web.state.session import Session, to_viewer
from game.web.store import storage
from tests.browser.pages import RequestLog, open_game

SAVE_KEY = storage.KEY


def session_of(page: Page) -> Session:
    text = page.evaluate(f"() => localStorage.getItem({json.dumps(SAVE_KEY)})")
    assert text is not None, "the page saved nothing"
    return storage.load_text(text)


def click_target(page: Page, viewer_point: int) -> None:
    page.locator(f'#board [data-target="{viewer_point}"]').first.click()


def lit_targets(page: Page) -> set[int]:
    return {
        int(t)
        for t in page.eval_on_selector_all(
            "#board .lit[data-target]", "nodes => nodes.map(n => n.dataset.target)"
        )
    }


def drawn_checkers_and_dice(page: Page) -> list[str]:
    """Every checker (colour and place) and die (value, used or not) drawn on the board."""
    return page.eval_on_selector_all(
        "#board circle.checker, #board g.die",
        """nodes => nodes.map(n => n.tagName === 'circle'
            ? `${n.getAttribute('class')}@${n.getAttribute('cx')},${n.getAttribute('cy')}`
            : `die ${n.dataset.value} ${n.getAttribute('class')}`).sort()""",
    )


def choose_friend(page: Page, auto_confirm: bool = False) -> None:
    page.click("#settings-toggle")
    page.check('input[name="opponent"][value="friend"]')
    if auto_confirm:
        page.check("#auto-confirm")
    page.click("#settings-done")


def move_once(page: Page) -> None:
    """Pick up the first checker that can move and put it on its first landing point."""
    session = session_of(page)
    turn = session.turn
    assert turn is not None
    at_bottom = session.mover_at_bottom
    origin = sorted(turn.origins())[0]
    if session.selected != origin:
        click_target(page, to_viewer(origin, at_bottom))
    destination = sorted(turn.destinations(origin))[0]
    click_target(page, to_viewer(destination, at_bottom))


# ----- reading the page (one booted page for the module) ------------------------------------


def test_page_becomes_ready_without_any_request_leaving_localhost(
    shared_game: Page, shared_request_log: RequestLog
):
    assert shared_game.evaluate("() => document.body.dataset.ready") == "true"
    shared_request_log.assert_local()


def test_board_shows_thirty_checkers_at_the_start(shared_game: Page):
    assert shared_game.locator("#board circle.checker.cyan").count() == 15
    assert shared_game.locator("#board circle.checker.pink").count() == 15
    expect(shared_game.locator("#status")).to_have_text("Roll the dice to see who starts.")
    expect(shared_game.locator("#pips-text")).to_contain_text("167")
    expect(shared_game.locator("#notice")).to_be_hidden()  # a first visit is not an error


def test_buttons_are_real_buttons_and_the_status_is_announced(shared_game: Page):
    assert shared_game.get_by_role("button", name="Roll the dice").is_enabled()
    assert shared_game.locator("#status").get_attribute("aria-live") == "polite"


def test_help_is_readable_without_python(browser, base_url):
    context = browser.new_context(base_url=base_url, java_script_enabled=False)
    page = context.new_page()
    page.goto("index.html")
    for heading in ("How to play", "Tips", "FAQ"):
        expect(page.get_by_role("heading", name=heading)).to_be_visible()
    expect(page.locator("#loading")).to_be_visible()
    context.close()


# ----- playing ---------------------------------------------------------------------------------


def test_only_legal_points_light_up_and_undo_takes_a_move_back(game_page: Page):
    open_game(game_page, "seed=7")
    choose_friend(game_page)
    game_page.click("#roll")
    session = session_of(game_page)
    turn = session.turn
    at_bottom = session.mover_at_bottom
    for origin in sorted(turn.origins()):
        if session_of(game_page).selected != origin:
            click_target(game_page, to_viewer(origin, at_bottom))
        expected = {to_viewer(p, at_bottom) for p in turn.destinations(origin)}
        assert lit_targets(game_page) == expected, f"from {origin}"
    before = game_page.locator("#board").inner_html()
    session = session_of(game_page)
    destination = sorted(session.turn.destinations(session.selected))[0]
    click_target(game_page, to_viewer(destination, at_bottom))
    assert session_of(game_page).turn.actions
    expect(game_page.locator("#undo")).to_be_enabled()
    game_page.click("#undo")
    assert session_of(game_page).turn.actions == ()
    expect(game_page.locator("#undo")).to_be_disabled()
    assert game_page.locator("#board circle.checker.cyan").count() == 15
    assert before.count('class="checker cyan"') == 15


def test_reload_in_the_middle_of_a_turn_restores_the_position_and_dice(game_page: Page):
    open_game(game_page, "seed=3")
    choose_friend(game_page)
    game_page.click("#roll")
    move_once(game_page)
    before = session_of(game_page)
    board = drawn_checkers_and_dice(game_page)
    game_page.reload()
    game_page.wait_for_function("() => document.body.dataset.ready === 'true'")
    after = session_of(game_page)
    assert after.turn.position == before.turn.position
    assert after.turn.dice_left == before.turn.dice_left and after.game.dice == before.game.dice
    assert drawn_checkers_and_dice(game_page) == board


def test_corrupted_save_shows_a_message_and_a_playable_board(game_page: Page):
    game_page.goto("tools/bare/blank.html")
    game_page.evaluate(
        f"() => localStorage.setItem({json.dumps(SAVE_KEY)}, "
        f"{json.dumps(json.dumps({'app': 'backgammon', 'version': 1, 'game': 7}))})"
    )
    open_game(game_page)
    # Said beside the board, never over it: the save is kept, the board plays on.
    expect(game_page.locator("#save-problem-text")).to_contain_text("could not be read")
    expect(game_page.locator("#notice")).to_be_hidden()
    assert game_page.locator("#board circle.checker").count() == 30
    game_page.click("#roll")
    expect(game_page.locator("#board .die").first).to_be_visible()


def test_old_save_version_is_refused_politely(game_page: Page):
    game_page.goto("tools/bare/blank.html")
    game_page.evaluate(
        f"() => localStorage.setItem({json.dumps(SAVE_KEY)}, "
        f"{json.dumps(json.dumps({'app': 'backgammon', 'version': 0}))})"
    )
    open_game(game_page)
    expect(game_page.locator("#save-problem-text")).to_contain_text("older version")


def test_shared_link_reopens_the_same_position(game_page: Page):
    open_game(game_page, "seed=5")
    choose_friend(game_page, auto_confirm=True)
    game_page.click("#roll")
    while session_of(game_page).turn is not None:
        move_once(game_page)
    shared = session_of(game_page)
    game_page.click("#share")
    expect(game_page.locator("#notice-url")).to_have_value(re.compile(r"#gnubgid=\S+:\S+"))
    url = game_page.input_value("#notice-url")
    # A visitor with no game of their own opens the link.
    other = game_page.context.browser.new_context()
    page = other.new_page()
    page.goto(url)
    page.wait_for_function("() => document.body.dataset.ready === 'true'", timeout=90_000)
    # The link holds the whole game: it opens as a replay at its last position; playing on
    # makes it the visitor's game.
    expect(page.locator("#replay")).to_be_visible()
    page.click("#replay-play-on")
    opened = session_of(page)
    assert opened.game.position == shared.game.position
    assert opened.game.turn == shared.game.turn and opened.game.phase is Phase.ROLL
    assert "#" not in page.url  # the fragment is dropped once read: a reload shows the save
    other.close()


def test_a_link_does_not_replace_a_game_in_progress_without_asking(game_page: Page):
    open_game(game_page, "seed=5")
    game_page.click("#roll")  # seed 5: you win the opening roll, so the computer does not move
    expect(game_page.locator("#confirm")).to_be_visible()
    mine = session_of(game_page).game
    game_page.goto("index.html#gnubgid=4HPwATDgc/ABMA:cAkAAAAAAAAA")
    game_page.reload()
    game_page.wait_for_function("() => document.body.dataset.ready === 'true'")
    expect(game_page.locator("#notice-text")).to_contain_text("Open it?")
    assert session_of(game_page).game.position == mine.position
    game_page.click("#notice-no")
    assert session_of(game_page).game.position == mine.position


@pytest.mark.parametrize(
    "fragment",
    ["gnubgid=<img src=x onerror=alert(1)>", "gnubgid=AAAA:BBBB", "gnubgid=" + "Q" * 300],
    ids=["markup", "garbage", "too-long"],
)
def test_a_broken_link_shows_a_message_and_the_normal_board(game_page: Page, fragment: str):
    game_page.goto("index.html#" + fragment)
    game_page.wait_for_function("() => document.body.dataset.ready === 'true'", timeout=90_000)
    expect(game_page.locator("#notice-text")).to_contain_text("does not hold a game")
    assert game_page.locator("#board circle.checker").count() == 30
    assert game_page.locator("img").count() == 0


def test_a_friend_game_is_played_to_the_end_by_clicks(game_page: Page):
    open_game(game_page, "seed=2")
    choose_friend(game_page, auto_confirm=True)
    game_page.click("#roll")
    turns = 0
    while True:
        session = session_of(game_page)
        phase = session.game.phase
        if phase is Phase.GAME_OVER:
            break
        if phase is Phase.ROLL:
            game_page.click("#roll")
            continue
        move_once(game_page)
        turns += 1
        assert turns < 1000
    expect(game_page.locator("#status")).to_contain_text("wins the game")
    expect(game_page.locator("#next-game")).to_be_visible()
    score = session_of(game_page).game.score
    assert sorted(score) == [0, 1]
    off = game_page.locator("#board rect.off").count()
    assert off >= 15


def test_a_game_against_the_computer_reaches_its_end(game_page: Page):
    open_game(game_page, "seed=9&pace=0")
    game_page.click("#settings-toggle")
    game_page.select_option("#level", "beginner")
    game_page.check("#auto-confirm")
    game_page.click("#settings-done")
    game_page.click("#roll")
    for _ in range(2000):
        game_page.wait_for_function(
            "() => !document.getElementById('board').classList.contains('busy')"
        )
        session = session_of(game_page)
        if session.game.phase is Phase.GAME_OVER:
            break
        if session.computer_to_act:
            continue
        if session.game.phase is Phase.ROLL:
            game_page.click("#roll")
        else:
            move_once(game_page)
    assert session_of(game_page).game.phase is Phase.GAME_OVER
    expect(game_page.locator("#status")).to_contain_text("win")


def test_a_phone_shows_the_whole_board_and_takes_taps(browser, base_url):
    context = browser.new_context(
        base_url=base_url,
        viewport={"width": 375, "height": 667},
        device_scale_factor=2,
        is_mobile=True,
        has_touch=True,
    )
    page = context.new_page()
    open_game(page, "seed=7")
    box = page.locator("#board svg").bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= 375
    assert box["y"] + box["height"] <= 667
    page.tap("#roll")
    session = session_of(page)
    if session.turn is not None:
        origin = sorted(session.turn.origins())[0]
        page.locator(
            f'#board [data-target="{to_viewer(origin, session.mover_at_bottom)}"]'
        ).first.tap()
        assert lit_targets(page)
    context.close()


def test_embed_page_shows_just_the_board_and_plays(game_page: Page):
    from tests.browser.pages import open_ready

    open_ready(game_page, "embed.html", "seed=7")
    assert game_page.locator("#board circle.checker").count() == 30
    assert game_page.locator("#how-to-play").count() == 0
    game_page.click("#roll")
    expect(game_page.locator("#board .die").first).to_be_visible()
    # The embedded game (with what is kept beside it: its board for boot.js, its history) is
    # apart from the full page's own save.
    keys = game_page.evaluate("() => Object.keys(localStorage)")
    assert SAVE_KEY + ".embed" in keys
    assert all(key.startswith(SAVE_KEY + ".embed") for key in keys), keys


def test_embed_parameter_hides_everything_but_the_game(game_page: Page):
    open_game(game_page, "embed=1")
    expect(game_page.locator("#how-to-play")).to_be_hidden()
    expect(game_page.locator("#board svg")).to_be_visible()


def test_the_board_can_be_played_with_the_keyboard(game_page: Page):
    open_game(game_page, "seed=7")
    choose_friend(game_page)
    game_page.click("#roll")
    game_page.focus('#board [tabindex="0"]')
    game_page.keyboard.press("Enter")  # pick up a checker
    assert lit_targets(game_page)
    focused = game_page.evaluate("() => document.activeElement.classList.contains('lit')")
    assert focused, "focus moves to a point the checker may move to"
    game_page.keyboard.press("Enter")  # move it there
    assert session_of(game_page).turn.actions


def test_new_game_asks_before_throwing_a_game_away(game_page: Page):
    open_game(game_page, "seed=7")
    game_page.click("#roll")
    game_page.wait_for_function(
        "() => !document.getElementById('board').classList.contains('busy')"
    )
    game_page.click("#new-game")
    expect(game_page.locator("#notice-text")).to_contain_text("Start a new game?")
    game_page.click("#notice-no")
    assert session_of(game_page).game.phase is not Phase.OPENING
    game_page.click("#new-game")
    game_page.click("#notice-yes")
    assert session_of(game_page).game.phase is Phase.OPENING


def test_a_new_game_during_the_computers_move_starts_cleanly(game_page: Page):
    open_game(game_page, "seed=1")  # the computer wins the opening roll
    # The page's clock stands still from here: the computer's pauses between its moves
    # never end until the test lets time run, so the click lands mid-move every time.
    game_page.clock.install()
    game_page.clock.pause_at(game_page.evaluate("() => Date.now()") + 1000)
    game_page.click("#roll")
    game_page.wait_for_function("() => document.getElementById('board').classList.contains('busy')")
    game_page.click("#new-game")
    expect(game_page.locator("#board")).to_have_class(re.compile(r"\bbusy\b"))  # still moving
    game_page.click("#notice-yes")
    game_page.clock.resume()
    game_page.wait_for_function(
        "() => !document.getElementById('board').classList.contains('busy')"
    )
    expect(game_page.locator("#status")).to_have_text("Roll the dice to see who starts.")
    assert session_of(game_page).game.phase is Phase.OPENING


def press_on_target(page: Page, viewer_point: int) -> None:
    """The keyboard's tap: focus a point (Tab would reach it) and press Enter."""
    page.focus(f'#board [data-target="{viewer_point}"][tabindex="0"]')
    page.keyboard.press("Enter")


def test_enter_on_the_last_move_waits_for_confirm(game_page: Page):
    # The board redraws under the keyboard on each move: the Enter that moved the last
    # checker must not also reach the page's own Enter (confirm), as a click never does.
    open_game(game_page, "seed=7")
    choose_friend(game_page)
    game_page.focus("#new-game")
    game_page.keyboard.press("r")  # from wherever the keyboard was, the board is next
    on_board = "() => document.activeElement.closest('#board') !== null"
    assert game_page.evaluate(on_board), "after the roll the keyboard is on the board"
    while True:
        session = session_of(game_page)
        turn = session.turn
        assert turn is not None
        if session.may_confirm:
            break
        at_bottom = session.mover_at_bottom
        origin = sorted(turn.origins())[0]
        if session.selected != origin:
            press_on_target(game_page, to_viewer(origin, at_bottom))
        press_on_target(game_page, to_viewer(sorted(turn.destinations(origin))[0], at_bottom))
    moved = session_of(game_page)
    assert moved.turn is not None and moved.turn.actions, "the play waits, not confirmed"
    expect(game_page.locator("#undo")).to_be_enabled()
    expect(game_page.locator("#confirm")).to_be_focused()  # Confirm is next, and only it ends
    game_page.keyboard.press("Enter")
    assert session_of(game_page).turn is None or session_of(game_page).game is not moved.game


def test_enter_enter_after_new_game_keeps_the_game(game_page: Page):
    open_game(game_page, "seed=7")
    choose_friend(game_page)
    game_page.click("#roll")
    game_page.focus("#new-game")
    game_page.keyboard.press("Enter")  # "Start a new game?"
    expect(game_page.locator("#notice-text")).to_contain_text("Start a new game?")
    expect(game_page.locator("#notice-no")).to_be_focused()  # the safe choice
    game_page.keyboard.press("Enter")
    assert session_of(game_page).game.phase is not Phase.OPENING
