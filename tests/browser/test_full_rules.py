"""The full rules in Chromium: the cube, gammons and backgammons, matches and Crawford, saves,
and the computer's cube and resignation answers.

Positions are set up through share links (``#gnubgid=PID:MID``) built here with the engine;
``?seed=N`` fixes the dice and ``?pace=0`` takes the pauses out of the computer's turns.
"""

from __future__ import annotations

from playwright.sync_api import Page, expect

from game.engine.match import Cube, Rules
from game.engine.position import Position
from game.engine.state import GameState, Phase
from game.web.address import links
from game.web.state.session import COMPUTER, FRIEND, FULL, Session, Settings
from game.web.store import storage
from tests.browser.pages import open_game
from tests.browser.test_game import click_target, move_once, session_of

# Far ahead in a race, nothing to lose: six checkers against nine.
AHEAD = ({1: 2, 2: 2, 3: 2}, {6: 3, 5: 3, 4: 3})
# A sure gammon for the side of the first map (the other is far back), but no backgammon.
GAMMON_AHEAD = ({1: 2, 2: 2, 3: 2}, {13: 15})


def link(game: GameState, opponent: str = FRIEND) -> str:
    return "#" + links.share_fragment(game, opponent)


def open_link(page: Page, fragment: str, query: str = "pace=0") -> None:
    open_game(page, query)
    page.evaluate(f"() => {{ window.location.hash = {fragment!r}; }}")
    page.wait_for_function("() => window.location.hash === ''")
    if page.locator("#notice").is_visible():  # a game in progress: the page asks first
        expect(page.locator("#notice-text")).to_contain_text("Open it?")
        page.click("#notice-yes")


def open_saved(page: Page, session: Session, query: str = "pace=0") -> None:
    """Open the page on ``session`` as its saved game."""
    page.goto("tools/bare/blank.html")
    page.evaluate(
        "([key, text]) => { localStorage.clear(); localStorage.setItem(key, text); }",
        [storage.KEY, storage.save_text(session)],
    )
    open_game(page, query)


def choose_rules(page: Page, length: int = 0, friend: bool = True) -> None:
    page.click("#settings-toggle")
    if friend:
        page.check('input[name="opponent"][value="friend"]')
    page.check("#auto-confirm")
    page.check('input[name="rules"][value="full"]')
    page.select_option("#match-length", str(length))
    page.click("#settings-done")


def play_turn(page: Page) -> None:
    """Roll if needed, then play the roll (auto-confirm ends the turn)."""
    if session_of(page).game.phase is Phase.ROLL:
        page.click("#roll")
    while session_of(page).turn is not None:
        move_once(page)


def test_double_take_redouble_pass_scores_the_cube_before_the_redouble(game_page: Page):
    open_game(game_page, "seed=4")
    choose_rules(game_page)
    game_page.click("#roll")  # the opening roll
    while session_of(game_page).game.phase is not Phase.ROLL:
        move_once(game_page)
    first = session_of(game_page).game.turn
    game_page.click("#double")
    expect(game_page.locator("#status")).to_contain_text("doubles to 2")
    expect(game_page.locator("#board .cube.offered")).to_have_attribute("data-value", "2")
    expect(game_page.locator("#roll")).to_be_hidden()
    game_page.click("#take")
    game = session_of(game_page).game
    assert game.cube == Cube(2, 1 - first) and game.turn == first
    expect(game_page.locator("#double")).to_be_hidden()  # the taker owns the cube
    play_turn(game_page)
    assert session_of(game_page).game.turn == 1 - first
    game_page.click("#double")  # the redouble
    expect(game_page.locator("#status")).to_contain_text("doubles to 4")
    game_page.click("#pass")
    game = session_of(game_page).game
    assert game.phase is Phase.GAME_OVER and game.score[1 - first] == 2 and game.score[first] == 0
    expect(game_page.locator("#status")).to_contain_text("passes")
    expect(game_page.locator("#score-text")).to_contain_text("2")
    expect(game_page.locator("#score-label")).to_have_text("Points")


def _bear_off_last(rules: Rules, pink: dict[int, int], cube: Cube) -> str:
    game = GameState(
        rules,
        position=Position.from_points({1: 1}, pink),
        phase=Phase.MOVE,
        turn=0,
        dice=(2, 1),
        cube=cube,
    )
    return link(game)


def test_a_gammon_and_a_backgammon_are_counted_times_the_cube(game_page: Page):
    open_link(game_page, _bear_off_last(Rules.full(), {13: 15}, Cube(2, 0)))
    click_target(game_page, 0)  # the last checker (picked up by itself) to the tray
    game_page.click("#confirm")
    expect(game_page.locator("#status")).to_have_text("Cyan wins a gammon: 4 points.")
    assert session_of(game_page).game.score == (4, 0)

    open_link(game_page, _bear_off_last(Rules.full(), {20: 1, 13: 14}, Cube()))
    click_target(game_page, 0)
    game_page.click("#confirm")
    expect(game_page.locator("#status")).to_have_text("Cyan wins a backgammon: 3 points.")
    assert session_of(game_page).game.score == (3, 0)


def test_no_double_button_in_the_crawford_game_but_after_it(game_page: Page):
    crawford = GameState(Rules.full(3), score=(2, 0), crawford=True, phase=Phase.ROLL, turn=0)
    open_link(game_page, link(crawford))
    expect(game_page.locator("#roll")).to_be_visible()
    expect(game_page.locator("#double")).to_be_hidden()
    expect(game_page.locator("#crawford")).to_be_visible()
    expect(game_page.locator("#score-label")).to_have_text("Match to 3")

    # After the Crawford game the trailer may double (the leader's cube would be dead).
    later = GameState(
        Rules.full(3),
        score=(2, 0),
        post_crawford=True,
        phase=Phase.ROLL,
        turn=1,
        position=Position.start(),
    )
    open_link(game_page, link(later))
    expect(game_page.locator("#crawford")).to_be_hidden()
    expect(game_page.locator("#double")).to_be_visible()


def test_a_three_point_match_is_played_to_its_end(game_page: Page):
    # The first game from its last roll (a link): Cyan bears off its last checker with the
    # cube on 2, 2-0; then the Crawford game and any after it are played by clicks.
    first = _bear_off_last(Rules.full(3), {6: 2}, Cube(2, 1))
    open_link(game_page, first, "seed=11&pace=0")
    expect(game_page.locator("#score-label")).to_have_text("Match to 3")
    click_target(game_page, 0)
    game_page.click("#confirm")
    expect(game_page.locator("#status")).to_contain_text("Cyan wins")
    assert session_of(game_page).game.score == (2, 0)
    game_page.click("#settings-toggle")
    game_page.check("#auto-confirm")
    game_page.click("#settings-done")
    game_page.click("#next-game")
    game_page.click("#roll")
    crawford_rolls = 0
    for _ in range(3000):
        session = session_of(game_page)
        game = session.game
        if game.phase is Phase.MATCH_OVER:
            break
        if game.phase is Phase.GAME_OVER:
            game_page.click("#next-game")
            game_page.click("#roll")
            continue
        if game.phase is Phase.DOUBLED:
            game_page.click("#take")
            continue
        if game.phase is Phase.ROLL:
            if game.crawford:
                expect(game_page.locator("#double")).to_be_hidden()
                crawford_rolls += 1
            if session.may_double and game.cube.value == 1:
                game_page.click("#double")  # an early double makes the games count two
                continue
            game_page.click("#roll")
            continue
        move_once(game_page)
    game = session_of(game_page).game
    assert game.phase is Phase.MATCH_OVER and max(game.score) >= 3 and crawford_rolls > 0
    winner = ("Cyan", "Pink")[game.winner]
    # Said as players say it: the winner's score is the match length, never more.
    said = f"{winner} wins the match 3\u2013{game.score[1 - game.winner]}"
    expect(game_page.locator("#status")).to_contain_text(said)
    expect(game_page.locator("#ending-title")).to_have_text(said)
    expect(game_page.locator("#next-game")).to_have_text("New match")


def test_a_reload_keeps_the_cube_and_the_score(game_page: Page):
    game = GameState(Rules.full(5), score=(1, 3), cube=Cube(2, 0), phase=Phase.ROLL, turn=0)
    open_link(game_page, link(game))
    game_page.click("#double")
    game_page.click("#take")
    expect(game_page.locator("#board .cube")).to_have_attribute("data-value", "4")
    board = game_page.locator("#board").inner_html()
    game_page.reload()
    game_page.wait_for_function("() => document.body.dataset.ready === 'true'")
    expect(game_page.locator("#score-text")).to_have_text("Cyan 1 \u2013 3 Pink")
    expect(game_page.locator("#score-label")).to_have_text("Match to 5")
    assert session_of(game_page).game.cube == Cube(4, 1)
    assert game_page.locator("#board").inner_html() == board


def test_the_computer_doubles_when_far_ahead(game_page: Page):
    computer_side, person_side = AHEAD
    position = Position.from_points(computer_side, person_side)  # seen from the computer
    game = GameState(Rules.full(), position=position, phase=Phase.ROLL, turn=1)
    # A saved game with the computer on roll (an opened position is the person's to play).
    open_saved(game_page, Session(game, Settings(rules=FULL)).after(game))
    expect(game_page.locator("#status")).to_have_text(
        "The computer doubles to 2. Take or pass?", timeout=30_000
    )
    expect(game_page.locator("#take")).to_be_visible()
    game_page.click("#pass")
    expect(game_page.locator("#status")).to_have_text("You pass: the computer wins 1 point.")
    assert session_of(game_page).game.score == (0, 1)


def test_the_computer_passes_a_lost_position(game_page: Page):
    person_side, computer_side = AHEAD
    game = GameState(
        Rules.full(),
        position=Position.from_points(person_side, computer_side),
        phase=Phase.ROLL,
        turn=0,
    )
    open_link(game_page, link(game, COMPUTER))
    game_page.click("#double")
    expect(game_page.locator("#status")).to_have_text(
        "The computer passes: you win 1 point.", timeout=30_000
    )
    expect(game_page.locator("#score-text")).to_have_text("You 1 \u2013 0 Computer")


def test_the_computer_refuses_too_little_and_accepts_a_fair_resignation(game_page: Page):
    computer_side, person_side = GAMMON_AHEAD
    position = Position.from_points(computer_side, person_side).flip()  # the person's view
    game = GameState(Rules.full(), position=position, phase=Phase.ROLL, turn=0)
    open_link(game_page, link(game, COMPUTER))
    game_page.click("#resign")
    expect(game_page.locator("#resign-2")).to_have_text("Gammon \u00b7 2 points")
    game_page.click("#resign-1")
    expect(game_page.locator("#status")).to_contain_text(
        "The computer refuses the resignation.", timeout=30_000
    )
    game_page.click("#resign")
    game_page.click("#resign-2")
    expect(game_page.locator("#status")).to_have_text(
        "You resign a gammon: the computer wins 2 points.", timeout=30_000
    )
    assert session_of(game_page).game.score == (0, 2)


def test_a_money_game_with_the_cube_against_the_computer_reaches_its_end(game_page: Page):
    open_game(game_page, "seed=21&pace=0")
    choose_rules(game_page, friend=False)
    game_page.click("#roll")
    for _ in range(2000):
        game_page.wait_for_function(
            "() => !document.getElementById('board').classList.contains('busy')"
        )
        session = session_of(game_page)
        phase = session.game.phase
        if phase is Phase.GAME_OVER:
            break
        if session.computer_to_act:
            continue
        if phase is Phase.DOUBLED:
            game_page.click("#take")  # the person takes every double
        elif phase is Phase.ROLL:
            game_page.click("#roll")
        else:
            move_once(game_page)
    game = session_of(game_page).game
    assert game.phase is Phase.GAME_OVER
    assert sum(game.score) == game.points_won >= game.cube.value
    expect(game_page.locator("#status")).to_contain_text("point")
