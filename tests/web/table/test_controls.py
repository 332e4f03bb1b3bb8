"""Which buttons the page shows and enables, the settings panel and the page's questions,
in CPython (``game.web.table.controls``, ``game.web.state.prompts``): what only a browser test could
reach before."""

from __future__ import annotations

import random
from dataclasses import replace
from html.parser import HTMLParser
from pathlib import Path

from game.engine.match import SINGLE
from game.engine.position import Position
from game.engine.state import GameState, Phase
from game.web.board.view import moved_checker
from game.web.board.words import new_game_question, pips_text
from game.web.sharing.words import share_notice, shared_game_question
from game.web.state.session import FRIEND, FULL, Session, Settings
from game.web.table.controls import BUTTONS, controls, settings_form, settings_from_form
from tests.browser.scenes import match_over

ROOT = Path(__file__).resolve().parents[3]

AHEAD = Position.from_points({1: 2, 2: 2, 3: 2}, {6: 3, 5: 3, 4: 3})


def shown(session: Session, busy: bool = False) -> set[str]:
    return {name for name, button in controls(session, busy).items() if button.shown}


def enabled(session: Session, busy: bool = False) -> set[str]:
    return {name for name, button in controls(session, busy).items() if button.enabled}


def friends(**settings) -> Session:
    return Session.new(Settings(opponent=FRIEND, **settings))


def at_roll(session: Session, position: Position, turn: int = 0, **fields) -> Session:
    game = GameState(session.game.rules, position=position, phase=Phase.ROLL, turn=turn, **fields)
    return session.after(game)


def test_every_button_of_the_page_is_decided():
    assert set(controls(Session.new())) == set(BUTTONS)


def test_a_new_game_offers_the_roll_and_the_toolbar():
    session = Session.new()
    assert shown(session) == {"roll", "new-game", "resign", "share", "settings-toggle"}
    # Against the computer the person may give the game up before the opening roll;
    # between friends nobody is to act yet, so nobody may.
    assert "roll" in enabled(session) and "resign" in enabled(session)
    friends = Session.new(Settings(opponent=FRIEND))
    assert "roll" in enabled(friends) and "resign" not in enabled(friends)


def test_while_the_computer_moves_a_person_may_only_start_anew_share_or_change_settings():
    session = Session.new().roll(random.Random(1))  # seed 1: the computer starts
    assert session.computer_to_act
    busy = enabled(session, busy=True)
    assert busy & {"roll", "undo", "confirm", "resign"} == set()
    assert {"new-game", "share", "settings-toggle"} <= busy


def test_a_person_playing_a_roll_gets_undo_after_a_move_and_confirm_once_complete():
    session = friends().roll(random.Random(3))
    assert session.turn is not None
    assert {"undo", "confirm"} <= shown(session) and "roll" not in shown(session)
    assert not {"undo", "confirm"} & enabled(session)
    while not session.may_confirm:
        turn = session.turn
        origin = sorted(turn.origins())[0]
        session = session.tap(origin) if session.selected != origin else session
        session = session.tap(sorted(turn.destinations(origin))[0])
    assert {"undo", "confirm"} <= enabled(session)


def test_a_double_is_answered_with_take_or_pass_and_beaver_only_where_allowed():
    doubled = at_roll(friends(rules=FULL), AHEAD).double()
    assert shown(doubled) >= {"take", "pass"} and "beaver" not in shown(doubled)
    assert not shown(doubled) & {"roll", "double", "undo", "confirm"}
    beavers = at_roll(friends(rules=FULL, beaver=True), AHEAD).double()
    assert "beaver" in shown(beavers)
    assert not shown(doubled, busy=True) & {"take", "pass", "beaver"}


def test_double_shows_only_when_the_rules_let_the_player_on_roll_double():
    assert "double" in shown(at_roll(friends(rules=FULL), AHEAD))
    assert "double" not in shown(at_roll(friends(), AHEAD))  # simple rules: no cube
    crawford = at_roll(friends(rules=FULL, match_length=3), AHEAD, score=(0, 2), crawford=True)
    assert "double" not in shown(crawford)


def test_a_resignation_is_answered_with_accept_or_refuse():
    offered = at_roll(friends(rules=FULL), AHEAD).resign(SINGLE)
    assert {"accept", "refuse"} <= shown(offered)
    assert "resign" not in enabled(offered)


def test_the_end_of_a_game_offers_the_next_game_and_of_a_match_a_new_match():
    over = match_over()
    assert over.game.phase is Phase.MATCH_OVER
    buttons = controls(over)
    assert buttons["next-game"].shown and buttons["next-game"].label == "New match"
    assert not shown(over) & {"roll", "undo", "confirm", "double"}
    money = at_roll(friends(rules=FULL), AHEAD).double().pass_()
    assert money.game.phase is Phase.GAME_OVER
    assert controls(money)["next-game"].label == "Next game"


def test_the_settings_panel_shows_only_the_rows_that_apply():
    computer = settings_form(Session.new())
    assert computer.level_row and not computer.rotate_row and not computer.money_rows
    friend_money = settings_form(friends(rules=FULL))
    assert friend_money.rotate_row and not friend_money.level_row and friend_money.money_rows
    assert not settings_form(friends(rules=FULL, match_length=5)).money_rows


def test_the_rules_hint_says_when_new_rules_apply():
    fresh = Session.new()
    assert settings_form(fresh).rules_hint == "Nothing played yet: rule changes apply at once."
    playing = fresh.roll(random.Random(3))
    assert settings_form(playing).rules_hint == "Rule changes apply from the next new game."
    changed = playing.with_settings(Settings(rules=FULL))
    form = settings_form(changed)
    assert form.rules_pending and "Press New game" in form.rules_hint


def test_new_game_asks_only_when_a_game_or_a_match_would_be_lost():
    assert new_game_question(Session.new()) is None
    playing = Session.new().roll(random.Random(3))
    question = new_game_question(playing)
    assert question is not None and question.yes == "Start a new game"
    assert question.cancel == "Keep playing"
    match = at_roll(friends(rules=FULL, match_length=5), AHEAD, score=(1, 0))
    assert new_game_question(match).yes == "Start a new match"
    over = at_roll(friends(rules=FULL), AHEAD).double().pass_()
    assert new_game_question(over) is None  # money play between games: nothing to lose


def test_the_shared_game_question_and_the_share_notice():
    question = shared_game_question()
    assert (question.yes, question.cancel) == ("Open the shared game", "Keep my game")
    assert share_notice(copied=False).text.startswith("Copy the link below.")
    assert share_notice(copied=True).cancel is None


def form_defaults() -> tuple[set[str], dict[str, str]]:
    """What the settings form of index.html holds before the page touches it."""
    parser = Form()
    parser.feed((ROOT / "index.html").read_text(encoding="utf-8"))
    return parser.checked, parser.chosen


class Form(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.checked: set[str] = set()
        self.chosen: dict[str, str] = {}
        self.select: str | None = None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "input" and "checked" in a:
            self.checked.add(a["name"] if a["type"] == "checkbox" else f"{a['name']}={a['value']}")
        elif tag == "select":
            self.select = a["name"]
        elif tag == "option" and "selected" in a and self.select:
            self.chosen[self.select] = a["value"]


def test_the_settings_form_as_written_reads_as_the_default_settings():
    checked, chosen = form_defaults()
    settings = settings_from_form(checked, chosen)
    assert settings == replace(Settings(), level=chosen["level"])


def test_the_settings_form_reads_every_choice():
    checked = {"opponent=friend", "rules=full", "beaver", "auto-confirm"}
    settings = settings_from_form(checked, {"level": "expert", "match-length": "0"})
    assert settings == Settings(
        opponent=FRIEND,
        level="expert",
        rotate=False,
        auto_confirm=True,
        rules=FULL,
        match_length=0,
        jacoby=False,
        beaver=True,
    )
    assert settings_from_form(set(), {"match-length": "4"}) is None  # not offered
    assert settings_from_form(set(), {"level": "grandmaster"}) is None


def test_a_tap_that_moves_a_checker_makes_it_glide_and_others_do_not():
    session = friends().roll(random.Random(3))
    origin = sorted(session.turn.origins())[0]
    picked = session.tap(origin) if session.selected != origin else session
    assert moved_checker(session, picked) is None
    destination = sorted(session.turn.destinations(origin))[0]
    moved = picked.tap(destination)
    glide = moved_checker(picked, moved)
    assert glide is not None and glide[0] == origin


def test_the_pip_counts_name_the_bottom_side_first():
    assert pips_text(Session.new()) == "You 167 \u00b7 Computer 167"
