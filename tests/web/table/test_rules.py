"""The full rules on the page, in CPython: settings, the cube, scoring words, the computer's
cube and resignation answers, saves and links that carry the cube and the match."""

from __future__ import annotations

import pytest

from game.engine.match import BACKGAMMON, GAMMON, SINGLE, Cube, IllegalAction, Rules
from game.engine.position import Position
from game.engine.state import GameState, Phase
from game.web.address import links
from game.web.board.render import board_svg
from game.web.board.view import board_view, is_crawford
from game.web.board.words import score_label, score_text, status_text
from game.web.state.session import (
    FRIEND,
    FULL,
    SIMPLE,
    Session,
    Settings,
    SettingsError,
)
from game.web.store import storage
from game.web.table.words import resign_label, resign_points, resign_question
from game.web.worker.computer import accepts_resignation, answer_double, wants_to_double
from tests.browser.scenes import match_over

CENTRED = Cube()
# Cyan (player 0) far ahead in a race: six checkers against nine, nothing to lose.
CYAN_AHEAD = Position.from_points({1: 2, 2: 2, 3: 2}, {6: 3, 5: 3, 4: 3})
# Cyan about to win a certain gammon: pink has nothing off and checkers far back.
CYAN_GAMMON = Position.from_points({1: 2, 2: 2, 3: 2}, {20: 5, 13: 10})


def friends(rules: str = FULL, length: int = 0, **options) -> Session:
    return Session.new(Settings(opponent=FRIEND, rules=rules, match_length=length, **options))


def at_roll(session: Session, position: Position, turn: int = 0, **fields) -> Session:
    """The session with its game set to ``position`` (seen from ``turn``), ``turn`` to roll."""
    game = GameState(session.game.rules, position=position, phase=Phase.ROLL, turn=turn, **fields)
    return session.after(game)


# ----- settings ----------------------------------------------------------------------------


def test_default_settings_are_simple_money_play_with_jacoby_ready_for_the_cube():
    settings = Settings()
    assert settings.rules == SIMPLE and settings.match_length == 0
    assert settings.make_rules() == Rules.simple()
    assert Settings(rules=FULL).make_rules() == Rules.full(jacoby=True)


def test_beaver_and_jacoby_apply_to_money_play_only():
    match_rules = Settings(rules=FULL, match_length=5, beaver=True, jacoby=True).make_rules()
    assert match_rules == Rules.full(5)
    assert Settings(rules=FULL, beaver=True, jacoby=False).make_rules() == Rules.full(beaver=True)


@pytest.mark.parametrize(
    "fields",
    [{"rules": "chouette"}, {"match_length": 4}, {"match_length": 27}, {"beaver": "yes"}],
)
def test_settings_refuse_what_the_page_does_not_offer(fields):
    with pytest.raises(SettingsError):
        Settings(**fields)


def test_settings_saved_before_the_rule_settings_existed_still_load():
    settings = Settings.from_dict({"opponent": "friend", "level": None, "rotate": False})
    assert settings.opponent == FRIEND and settings.rules == SIMPLE


def test_new_rules_apply_at_once_only_before_anything_is_played():
    session = Session.new(Settings(opponent=FRIEND))
    changed = session.with_settings(Settings(opponent=FRIEND, rules=FULL, match_length=3))
    assert changed.game.rules == Rules.full(3)
    started = session.set_dice((3, 1))
    kept = started.with_settings(Settings(opponent=FRIEND, rules=FULL, match_length=3))
    assert kept.game.rules == Rules.simple() and kept.settings.match_length == 3


def test_an_unfinished_match_counts_as_in_progress_between_games():
    session = at_roll(friends(length=3), CYAN_AHEAD).double().pass_()
    assert session.game.phase is Phase.GAME_OVER and session.in_progress
    money = at_roll(friends(), CYAN_AHEAD).double().pass_()
    assert not money.in_progress


# ----- the cube ----------------------------------------------------------------------------


def test_double_take_redouble_pass_scores_the_cube_before_the_redouble():
    session = at_roll(friends(jacoby=False), Position.start())
    assert session.may_double
    session = session.double()
    assert session.game.phase is Phase.DOUBLED and session.may_answer_double
    assert not session.may_beaver  # beavers are off
    session = session.take()
    assert session.game.cube == Cube(2, 1) and session.game.turn == 0
    assert not session.may_double  # pink owns the cube now
    assert status_text(session) == "Pink takes: the cube is on 2. Cyan to roll."
    session = session.set_dice((3, 1))
    session = session.play(session.game.legal_plays()[0])
    assert session.may_double  # pink redoubles
    session = session.double()
    assert status_text(session) == "Pink doubles to 4. Cyan: take or pass?"
    session = session.pass_()
    assert session.game.score == (0, 2) and session.game.phase is Phase.GAME_OVER
    assert status_text(session) == "Cyan passes: Pink wins 2 points."


def test_the_offered_cube_is_drawn_at_its_new_value_on_the_doublers_side():
    session = at_roll(friends(), Position.start()).double()
    view = board_view(session)
    assert view.offer is not None
    svg = board_svg(view)
    assert 'class="cube offered" data-value="2"' in svg
    assert "<title>Doubling cube offered at 2</title>" in svg
    taken = session.take()
    svg = board_svg(board_view(taken))
    assert 'class="cube" data-value="2"' in svg and "offered" not in svg


def test_a_beaver_is_offered_only_when_the_rules_allow_it():
    doubled = at_roll(friends(beaver=True), Position.start()).double()
    assert doubled.may_beaver
    assert "take, beaver or pass" in status_text(doubled)
    beavered = doubled.beaver()
    assert beavered.game.cube == Cube(4, 1)
    assert status_text(beavered).startswith("Pink beavers: the cube is on 4.")
    in_a_match = at_roll(friends(length=5, beaver=True), Position.start()).double()
    assert not in_a_match.may_beaver


def test_no_double_in_the_crawford_game_and_the_scoreboard_marks_it():
    session = friends(length=3)
    game = GameState.new(Rules.full(3), score=(2, 0))
    session = session.after(game).set_dice((3, 1))
    session = session.play(session.game.legal_plays()[0])
    assert session.game.crawford and is_crawford(session)
    assert not session.may_double
    assert "double" not in status_text(session)
    assert score_label(session) == "Match to 3" and score_text(session) == "Cyan 2 \u2013 0 Pink"


def test_the_person_may_double_only_on_their_own_roll_against_the_computer():
    session = at_roll(Session.new(Settings(rules=FULL)), Position.start(), turn=1)
    assert not session.may_double  # the computer is on roll
    session = at_roll(Session.new(Settings(rules=FULL)), Position.start(), turn=0)
    assert session.may_double
    assert status_text(session) == "Your turn: roll or double."


# ----- scoring words -----------------------------------------------------------------------


def _borne_off(rules: Rules, loser_side: dict[int, int], cube: Cube = CENTRED) -> Session:
    """Cyan bears off the last checker with 2-1; pink stands as ``loser_side`` says."""
    position = Position.from_points({1: 1}, loser_side)
    game = GameState(rules, position=position, phase=Phase.MOVE, turn=0, dice=(2, 1), cube=cube)
    session = Session(game, Settings(opponent=FRIEND)).after(game)
    return session.play(session.game.legal_plays()[0])


def test_a_gammon_counts_twice_the_cube():
    session = _borne_off(Rules.full(), {13: 15}, Cube(2, 0))
    assert session.game.score == (4, 0)
    assert status_text(session) == "Cyan wins a gammon: 4 points."


def test_a_backgammon_counts_three_times_the_cube():
    session = _borne_off(Rules.full(), {20: 1, 13: 14})
    assert session.game.score == (3, 0)
    assert status_text(session) == "Cyan wins a backgammon: 3 points."


def test_the_jacoby_rule_counts_a_gammon_single_before_the_cube_is_turned():
    session = _borne_off(Rules.full(jacoby=True), {13: 15})
    assert session.game.score == (1, 0)
    assert "Jacoby" in status_text(session)


def test_a_gammon_without_the_cube_counts_two_points_on_a_board_of_points():
    # gnubg's matches and sessions without the cube (.sgf RU[NoCube]) count gammons: their
    # scoreboard counts points, where "Games won" and "First to" say single wins.
    session = _borne_off(Rules(gammons=True), {13: 15})
    assert session.game.score == (2, 0)
    assert status_text(session) == "Cyan wins a gammon: 2 points."
    assert score_label(session) == "Points"
    match = _borne_off(Rules(gammons=True, match_length=5), {13: 15})
    assert score_label(match) == "Match to 5"
    assert score_label(_borne_off(Rules.simple(5), {13: 15})) == "First to 5"


def test_the_end_of_a_match_says_who_won_and_by_how_much():
    session = match_over()
    assert session.game.phase is Phase.MATCH_OVER
    # Players say 3-1: the gammon's second point goes past the match length.
    assert status_text(session) == "You win a gammon: 2 points. You win the match 3\u20131!"


# ----- resignation -------------------------------------------------------------------------


def test_resignation_offers_count_the_cube_and_the_gammons():
    session = at_roll(friends(jacoby=False), Position.start(), cube=Cube(2, None).doubled_by(1))
    assert resign_points(session) == {SINGLE: 4, GAMMON: 8, BACKGAMMON: 12}
    assert resign_points(at_roll(friends(SIMPLE), Position.start())) == {SINGLE: 1}
    jacoby = at_roll(friends(jacoby=True), Position.start())
    assert resign_points(jacoby) == {SINGLE: 1}  # gammons count only after a double
    assert resign_label(GAMMON, 8) == "Gammon \u00b7 8 points"
    assert resign_label(SINGLE, 1) == "Single game \u00b7 1 point"
    assert resign_question(session) == "Cyan offers to resign: how much to give up?"


def test_an_accepted_resignation_scores_and_a_refused_one_plays_on():
    session = at_roll(friends(jacoby=False), Position.start())
    offered = session.resign(GAMMON)
    assert offered.may_answer_resignation
    assert (
        status_text(offered) == "Cyan offers to resign a gammon (2 points). Pink: accept or refuse?"
    )
    refused = offered.reject_resignation()
    assert refused.game.phase is Phase.ROLL and refused.game.score == (0, 0)
    assert status_text(refused).startswith("Pink refuses the resignation.")
    accepted = offered.accept_resignation()
    assert accepted.game.score == (0, 2)
    assert status_text(accepted) == "Cyan resigns a gammon: Pink wins 2 points."


def test_against_the_computer_the_person_resigns_even_while_the_computer_is_on_roll():
    session = at_roll(Session.new(Settings(rules=FULL)), Position.start(), turn=1)
    assert session.resigner == 0
    assert session.resign(SINGLE).game.resigned_by == 0


def test_against_the_computer_the_person_may_resign_before_the_opening_roll():
    session = Session.new(Settings(rules=FULL))
    assert session.game.phase is Phase.OPENING
    assert session.resigner == 0
    offered = session.resign(SINGLE)
    assert offered.game.resigned_by == 0 and offered.game.resumed_phase is Phase.OPENING
    # Nothing is played yet: a single game given away is worth more to the computer than
    # playing on from the start, so it accepts, and the game is scored.
    assert accepts_resignation(offered.game)
    accepted = offered.accept_resignation()
    assert accepted.game.phase is Phase.GAME_OVER and accepted.game.score == (0, 1)
    refused = offered.reject_resignation()
    assert refused.game.phase is Phase.OPENING and refused.may_roll


def test_between_friends_nobody_resigns_before_the_opening_roll():
    session = friends()
    assert session.game.phase is Phase.OPENING
    assert session.resigner is None
    with pytest.raises(IllegalAction):
        session.resign(SINGLE)


# ----- the computer ------------------------------------------------------------------------


def test_the_computer_doubles_far_ahead_and_the_doubled_side_passes():
    game = GameState(Rules.full(), position=CYAN_AHEAD, phase=Phase.ROLL, turn=0)
    assert wants_to_double(game, "strong")
    assert answer_double(game.double(), "strong") == "pass"


def test_the_computer_does_not_double_at_the_start_nor_when_the_rules_forbid_it():
    start = GameState(Rules.full(), position=Position.start(), phase=Phase.ROLL, turn=0)
    assert not wants_to_double(start, "strong")
    crawford = GameState(
        Rules.full(3), score=(0, 2), crawford=True, position=CYAN_AHEAD, phase=Phase.ROLL, turn=0
    )
    assert not wants_to_double(crawford, "strong")


def test_the_computer_plays_on_for_the_gammon_instead_of_doubling():
    game = GameState(Rules.full(), position=CYAN_GAMMON, phase=Phase.ROLL, turn=0)
    assert not wants_to_double(game, "strong")  # too good: a pass would give up the gammon


def test_the_computer_takes_an_early_double():
    game = GameState(Rules.full(), position=Position.start(), phase=Phase.ROLL, turn=0)
    assert answer_double(game.double(), "strong") == "take"


def test_the_computer_accepts_only_resignations_worth_what_it_expects():
    game = GameState(Rules.full(), position=CYAN_GAMMON, phase=Phase.ROLL, turn=0)
    answers = [accepts_resignation(game.resign(result, 1)) for result in (1, 2, 3)]
    assert answers == [False, False, True]  # a sure gammon, a likely backgammon
    match = GameState(Rules.full(5), score=(3, 0), position=CYAN_GAMMON, phase=Phase.ROLL, turn=0)
    assert accepts_resignation(match.resign(GAMMON, 1))  # two points win the match


# ----- saves and links ---------------------------------------------------------------------


def test_a_save_keeps_the_cube_score_rules_and_news():
    session = at_roll(friends(length=5), Position.start()).double().take()
    restored = storage.load_text(storage.save_text(session))
    assert restored.game.cube == Cube(2, 1) and restored.game.rules == Rules.full(5)
    assert restored.settings.match_length == 5 and restored.settings.rules == FULL
    assert restored.news == session.news and status_text(restored) == status_text(session)


def test_a_link_carries_the_cube_score_and_a_pending_double():
    session = at_roll(friends(length=7), Position.start(), score=(2, 4)).double()
    fragment = links.share_fragment(session.game, FRIEND)
    game, opponent = links.read_fragment("#" + fragment)
    assert opponent == FRIEND and game.phase is Phase.DOUBLED
    assert game.score == (2, 4) and game.rules == Rules.full(7)


def test_a_link_remembers_simple_rules_and_beavers():
    simple = at_roll(friends(SIMPLE), Position.start())
    fragment = links.share_fragment(simple.game)
    assert "rules=simple" in fragment
    assert links.read_fragment(fragment)[0].rules == Rules.simple()
    beaver = at_roll(friends(beaver=True, jacoby=True), Position.start())
    game, _ = links.read_fragment(links.share_fragment(beaver.game))
    assert game.rules == Rules.full(beaver=True, jacoby=True)


def test_a_link_from_gnubg_is_read_under_the_full_rules():
    from game.formats.match_id import MatchId, format_gnubg_id

    cubed = format_gnubg_id(
        Position.start(), MatchId(cube=2, cube_owner=0, player_on_roll=0, match_length=7)
    )
    game, _ = links.read_fragment("gnubgid=" + cubed)
    assert game.rules == Rules.full(7) and game.cube == Cube(2, 0)


def test_a_link_with_unknown_rules_is_refused():
    fragment = links.share_fragment(GameState.new(Rules.full())) + "&rules=chouette"
    with pytest.raises(links.LinkError, match="rules"):
        links.read_fragment(fragment)


def test_the_match_menu_offers_money_play_and_odd_lengths_to_25():
    import re
    from pathlib import Path

    from game.web.state.session import MATCH_LENGTHS

    page = (Path(__file__).resolve().parents[3] / "index.html").read_text(encoding="utf-8")
    menu = page.split('id="match-length"')[1].split("</select>")[0]
    assert tuple(int(v) for v in re.findall(r'value="(\d+)"', menu)) == MATCH_LENGTHS


def test_an_owned_cube_stays_clear_of_fifteen_borne_off_checkers():
    import re

    from game.web.board import layout
    from game.web.board.render import BoardView

    all_off = Position.from_points({}, {13: 15})
    for owner_bottom in (True, False):
        bottom, top = (all_off.player, all_off.opponent)
        if not owner_bottom:
            bottom, top = top, bottom
        svg = board_svg(BoardView(bottom, top, cube=(2, owner_bottom)))
        cube = re.search(
            r'class="cube"[^>]*>(?:<title>[^<]*</title>)?'
            r'<rect x="[\d.]+" y="([\d.]+)" width="[\d.]+" height="([\d.]+)"',
            svg,
        )
        top_y, height = float(cube.group(1)), float(cube.group(2))
        last = layout.tray_slab(owner_bottom, 14)
        if owner_bottom:
            assert top_y + height <= last.y
        else:
            assert top_y >= last.y + last.height
