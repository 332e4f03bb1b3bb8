"""Cube decisions: the match equity table, the cubeful model, clear decisions, the CLI."""

from __future__ import annotations

import io
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from game.bot.cube import (
    ON_ROLL,
    OPPONENT,
    CubeState,
    InvalidCubeState,
    cube_action,
    cube_efficiency,
    cubeful_value,
    decide,
    match_winning_chance,
    money_equity,
)
from game.bot.evaluator import NEAR_HOME, reckonings
from game.bot.level_names import STRONGEST_LEVEL
from game.bot.met import POST_CRAWFORD, PRE_CRAWFORD, match_equity
from game.bot.probabilities import Probabilities
from game.cli.cube import answerer as cube_answerer
from game.cli.lines import serve
from game.formats.match_id import MatchId, format_gnubg_id
from tests.boards import position

ROOT = Path(__file__).resolve().parent.parent

NO_GAMMONS_72 = Probabilities(0.72, 0.0, 0.0, 0.0, 0.0)
TAKE_72 = Probabilities(0.72, 0.10, 0.0, 0.05, 0.0)
PASS_82 = Probabilities(0.82, 0.05, 0.0, 0.01, 0.0)
GAMMONISH_90 = Probabilities(0.90, 0.60, 0.02, 0.0, 0.0)
EARLY_60 = Probabilities(0.60, 0.10, 0.0, 0.05, 0.0)
SLIGHT_55 = Probabilities(0.55, 0.10, 0.003, 0.11, 0.003)


# --- the match equity table --------------------------------------------------------------


def test_match_equity_table_is_symmetric():
    for i, row in enumerate(PRE_CRAWFORD):
        assert len(row) == 25
        for j, value in enumerate(row):
            assert value + PRE_CRAWFORD[j][i] == pytest.approx(1.0, abs=1e-5)


def test_match_equity_known_entries_from_kazaross_xg2():
    assert match_equity(1, 1) == 0.5
    assert match_equity(3, 3) == 0.5
    assert match_equity(1, 2) == pytest.approx(0.67736)  # the Crawford game at 1-away, 2-away
    assert match_equity(2, 4) == pytest.approx(0.66870)
    assert (
        match_equity(5, 1, crawford_done=True)
        == pytest.approx(POST_CRAWFORD[4])
        == pytest.approx(0.19012)
    )


def test_post_crawford_two_away_is_a_free_drop_short_of_even():
    assert match_equity(2, 1, crawford_done=True) == pytest.approx(0.48803)
    assert match_equity(1, 2, crawford_done=True) == pytest.approx(1 - 0.48803)


def test_a_side_with_no_points_left_to_win_has_won():
    assert match_equity(0, 3) == 1.0
    assert match_equity(-2, 3) == 1.0
    assert match_equity(4, 0) == 0.0


def test_match_equity_falls_as_the_player_needs_more_points():
    for opponent in range(1, 26):
        chances = [match_equity(away, opponent) for away in range(1, 26)]
        assert chances == sorted(chances, reverse=True)


def test_scores_beyond_the_table_stay_between_zero_and_one():
    assert 0.0 < match_equity(40, 30) < 0.5 < match_equity(30, 40) < 1.0


# --- the cubeful model -------------------------------------------------------------------


def test_money_with_a_dead_cube_is_the_cubeless_equity():
    assert money_equity(TAKE_72, CubeState(), 0.0) == pytest.approx(TAKE_72.equity)


def test_money_fully_live_centred_cube_is_minus_one_at_the_take_point_and_one_at_the_cash_point():
    # No gammons: take point 1/5 and cash point 4/5 (Janowski with W = L = 1).
    assert money_equity(Probabilities(0.2, 0, 0, 0, 0), CubeState(), 1.0) == pytest.approx(-1.0)
    assert money_equity(Probabilities(0.8, 0, 0, 0, 0), CubeState(), 1.0) == pytest.approx(1.0)


def test_owning_the_cube_is_worth_more_than_a_centred_cube_which_beats_the_opponents():
    values = [
        money_equity(EARLY_60, CubeState.of(value=2, owner=owner), 0.68)
        for owner in (ON_ROLL, None, OPPONENT)
    ]
    assert values == sorted(values, reverse=True)
    matched = [
        match_winning_chance(
            EARLY_60,
            CubeState.of(value=1 if owner is None else 2, owner=owner, match_length=11),
            0.68,
        )
        for owner in (ON_ROLL, OPPONENT)
    ]
    assert matched[0] > matched[1]


def test_with_no_live_cube_match_play_is_the_cubeless_winning_chance():
    # Double match point (post-Crawford, both 1 away): only winning the game counts.
    state = CubeState.of(match_length=7, score=(6, 6))
    assert match_winning_chance(TAKE_72, state, 0.68) == pytest.approx(0.72)


def test_cube_efficiency_by_position_class():
    contact = position({24: 2, 13: 5, 8: 3, 6: 5}, {24: 2, 13: 5, 8: 3, 6: 5})
    assert cube_efficiency(contact) == 0.76
    long_race = position({12: 5, 10: 5, 8: 5}, {12: 5, 10: 5, 8: 5})
    assert cube_efficiency(long_race) == 0.7
    short_race = position({9: 2, 3: 3}, {9: 2, 3: 3})
    assert 0.6 <= cube_efficiency(short_race) < 0.7
    bearoff = position({6: 3, 5: 3}, {6: 3, 5: 3})
    assert cube_efficiency(bearoff) == 0.6


# --- clear money decisions ---------------------------------------------------------------


def test_double_and_take_with_a_good_but_not_decisive_lead():
    assert decide(TAKE_72, CubeState()).answer == ("double", "take")


def test_double_and_pass_when_the_taker_has_too_little():
    assert decide(PASS_82, CubeState()).answer == ("double", "pass")


def test_no_double_early_in_the_doubling_window():
    assert decide(EARLY_60, CubeState()).answer == ("no-double", "take")


def test_too_good_to_double_when_the_gammon_is_worth_playing_for():
    assert decide(GAMMONISH_90, CubeState()).answer == ("too-good", "pass")


def test_never_too_good_with_jacoby_and_a_centred_cube_since_gammons_do_not_count():
    assert decide(GAMMONISH_90, CubeState.of(jacoby=True)).answer == ("double", "pass")
    # Once the cube is turned the Jacoby rule no longer applies.
    assert decide(GAMMONISH_90, CubeState.of(value=2, owner=ON_ROLL, jacoby=True)).answer == (
        "too-good",
        "pass",
    )


def test_not_too_good_when_no_gammon_can_be_won():
    assert decide(Probabilities(0.97, 0.0, 0.0, 0.0, 0.0), CubeState()).answer == ("double", "pass")


def test_beaver_when_the_taker_is_the_favourite_after_the_double():
    assert decide(SLIGHT_55, CubeState.of(beaver=True)).answer == ("no-double", "beaver")
    assert decide(SLIGHT_55, CubeState.of(beaver=False)).answer == ("no-double", "take")


def test_beaver_only_in_money_play_and_below_a_cube_of_64():
    assert decide(SLIGHT_55, CubeState.of(value=32, owner=ON_ROLL, beaver=True)).response == "take"


def test_no_double_when_the_opponent_owns_the_cube_or_it_is_at_64():
    assert decide(PASS_82, CubeState.of(value=2, owner=OPPONENT)).answer == ("no-double", "take")
    assert not CubeState.of(value=64, owner=ON_ROLL).may_double()
    assert decide(PASS_82, CubeState.of(value=64, owner=ON_ROLL)).answer == ("no-double", "take")


# --- clear match decisions ---------------------------------------------------------------


def test_no_double_in_the_crawford_game():
    state = CubeState.of(match_length=5, score=(2, 4), crawford=True)
    assert not state.may_double()
    assert decide(PASS_82, state).answer == ("no-double", "take")


def test_post_crawford_the_trailer_doubles_at_once():
    state = CubeState.of(match_length=7, score=(3, 6))
    for win in (0.3, 0.45, 0.6):
        assert decide(Probabilities(win, 0.05, 0.0, 0.05, 0.0), state).action == "double"


def test_post_crawford_the_leader_may_not_double():
    state = CubeState.of(match_length=7, score=(6, 3))
    assert not state.may_double()
    assert decide(PASS_82, state).answer == ("no-double", "take")


def test_a_dead_cube_is_never_doubled():
    # 2 away with the cube on 2: winning this game wins the match already.
    state = CubeState.of(value=2, owner=ON_ROLL, match_length=5, score=(3, 1))
    assert not state.may_double()
    assert decide(GAMMONISH_90, state).answer == ("no-double", "take")


def test_two_away_two_away_take_point_comes_from_the_table():
    # Gammonless at 2-away 2-away the cube is dead after the double: the taker passes
    # exactly when the doubler's chance beats the Crawford-game equity 0.67736.
    state = CubeState.of(match_length=5, score=(3, 3))
    assert decide(Probabilities(0.66, 0, 0, 0, 0), state).answer == ("double", "take")
    assert decide(Probabilities(0.69, 0, 0, 0, 0), state).answer == ("double", "pass")


def test_cubeful_value_is_a_winning_chance_in_match_play():
    value = cubeful_value(TAKE_72, CubeState.of(match_length=7, score=(2, 4)), 0.68)
    assert 0.0 < value < 1.0


# --- cube state ---------------------------------------------------------------------------


def test_cube_state_refuses_impossible_values():
    with pytest.raises(InvalidCubeState, match="power of two"):
        CubeState.of(value=3)
    with pytest.raises(InvalidCubeState, match="owner"):
        CubeState.of(owner="me")
    with pytest.raises(InvalidCubeState, match="below the match length"):
        CubeState.of(match_length=5, score=(5, 1))
    with pytest.raises(InvalidCubeState, match="Crawford"):
        CubeState.of(match_length=5, score=(2, 1), crawford=True)


def test_cube_state_from_a_match_id_is_seen_by_the_player_on_roll():
    match = MatchId(cube=2, cube_owner=0, player_on_roll=0, match_length=7, score=(4, 2))
    state = CubeState.from_match_id(match)
    assert (state.value, state.cube.owner, state.score) == (2, ON_ROLL, (4, 2))
    match = MatchId(cube=2, cube_owner=0, player_on_roll=1, match_length=7, score=(4, 2))
    state = CubeState.from_match_id(match)
    assert (state.cube.owner, state.score, state.away) == (OPPONENT, (2, 4), (5, 3))


def test_cube_state_from_a_game_state_is_seen_by_the_given_player():
    from game.engine.match import Cube, Rules
    from game.engine.state import GameState

    game = replace(GameState.new(Rules.full(match_length=7), score=(2, 5)), cube=Cube(2, 1))
    assert CubeState.from_table(game, 1) == CubeState.of(
        value=2, owner=ON_ROLL, match_length=7, score=(5, 2)
    )
    assert CubeState.from_table(game, 0).cube.owner == OPPONENT
    money = GameState.new(Rules.full(beaver=True, jacoby=True))
    assert CubeState.from_table(money, 0) == CubeState.of(jacoby=True, beaver=True)
    crawford = GameState.new(Rules.full(match_length=5), score=(4, 1))
    assert not CubeState.from_table(crawford, 1).may_double()
    with pytest.raises(InvalidCubeState, match="no cube"):
        CubeState.from_table(GameState.new(Rules.simple()), 0)


def test_flip_swaps_the_score_and_the_owner():
    state = CubeState.of(value=2, owner=ON_ROLL, match_length=9, score=(1, 5))
    assert state.flip() == CubeState.of(value=2, owner=OPPONENT, match_length=9, score=(5, 1))


# --- with the bot's evaluation, and the command line --------------------------------------

# The player has two checkers left on the ace point; the opponent has borne nothing off.
GAMMON_IN_HAND = position({1: 2}, {6: 5, 5: 5, 4: 5})
EVEN_START = position({24: 2, 13: 5, 8: 3, 6: 5}, {24: 2, 13: 5, 8: 3, 6: 5})


def test_cube_action_with_the_network_plays_on_for_a_sure_gammon():
    assert cube_action(GAMMON_IN_HAND, CubeState()) == ("too-good", "pass")
    assert cube_action(GAMMON_IN_HAND, CubeState.of(jacoby=True)) == ("double", "pass")


def test_cube_action_does_not_double_the_starting_position():
    assert cube_action(EVEN_START, CubeState())[0] == "no-double"
    assert cube_action(EVEN_START, CubeState(), plies=1)[0] == "no-double"


def gnubg_id(board, **match) -> str:
    return format_gnubg_id(board, MatchId(**match))


def test_cli_answers_action_and_response_and_errors_in_place():
    requests = [
        gnubg_id(GAMMON_IN_HAND, jacoby=False),
        "not-an-id",
        gnubg_id(GAMMON_IN_HAND, match_length=5, score=(2, 4), crawford=True),
        gnubg_id(GAMMON_IN_HAND, jacoby=True),
    ]
    out = io.StringIO()
    status = serve(cube_answerer([]), [line + "\n" for line in requests], out)
    lines = out.getvalue().splitlines()
    assert lines[0] == "too-good pass"
    assert lines[1].startswith("error: ")
    assert lines[2] == "no-double take"
    assert lines[3] == "double pass"
    assert status == 1


def test_cli_refuses_bad_options():
    with pytest.raises(ValueError, match="--plies"):
        cube_answerer(["--plies", "7"])


def test_cli_command_runs_and_exits_one_after_an_unreadable_request():
    done = subprocess.run(
        [sys.executable, "-m", "game", "cube"],
        input="4HPwATDgc/ABMA:cAkAAAAAAAAA\nbad\n",
        capture_output=True,
        text=True,
        timeout=60,
        cwd=ROOT,
    )
    answer, error = done.stdout.splitlines()
    assert answer.split()[0] == "no-double" and answer.split()[1] in ("take", "beaver")
    assert error.startswith("error: ")
    assert done.returncode == 1


# --- agreement with gnubg 2-ply on the stored cube positions --------------------------------


def test_cube_logic_on_gnubg_probabilities_mostly_agrees_with_gnubg_2ply():
    from game.formats.match_id import parse_gnubg_id
    from tests.cube_positions import read_cube_positions

    rows = read_cube_positions()
    assert len(rows) >= 500
    actions = responses = 0
    for gnubg_id_text, expected, probabilities, _ in rows:
        board, match = parse_gnubg_id(gnubg_id_text)
        got = decide(probabilities, CubeState.from_match_id(match), cube_efficiency(board)).answer
        actions += got[0] == expected[0]
        responses += got[1] == expected[1]
    # Measured: 92.8% and 98.8%; the margin allows small model changes.
    assert actions / len(rows) >= 0.88
    assert responses / len(rows) >= 0.97


# --- the budget of the roll ahead -------------------------------------------------------

# Checkers spread all over: the 21 rolls have 2,695 plays in all (2-2 alone 362).
SPREAD = "4Ac8SCnEnDhCFQ"


@pytest.fixture
def evaluated(monkeypatch):
    """Counts every position the bot's network or tables evaluate from now on."""
    from game.bot import evaluator

    seen = [0]
    scorer_evaluate, plain_evaluate = evaluator.Scorer.evaluate, evaluator.evaluate_position

    def counting_scorer(self, position):
        seen[0] += 1
        return scorer_evaluate(self, position)

    def counting_evaluate(position, *reckon):
        seen[0] += 1
        return plain_evaluate(position, *reckon)

    monkeypatch.setattr(evaluator.Scorer, "evaluate", counting_scorer)
    monkeypatch.setattr(evaluator, "evaluate_position", counting_evaluate)
    return seen


def spread_plays() -> int:
    from game.bot.shots import ROLLS
    from game.engine.plays import legal_plays
    from game.formats import parse_position_id

    spread = parse_position_id(SPREAD)
    return sum(max(1, len(legal_plays(spread, (a, b)))) for a, b, _ in ROLLS)


@pytest.mark.parametrize("budget", [1, 40, 100, 700])
def test_a_cube_decision_evaluates_no_more_positions_than_its_budget(evaluated, budget):
    from game.bot.cube import cube_decision
    from game.formats import parse_position_id

    assert spread_plays() > 2000
    decision = cube_decision(parse_position_id(SPREAD), CubeState(), budget=budget)
    assert 0 < evaluated[0] <= budget
    assert decision.rolls_ahead < 21


def test_without_a_budget_the_roll_ahead_looks_at_every_play(evaluated):
    from game.bot.cube import cube_decision
    from game.formats import parse_position_id

    decision = cube_decision(parse_position_id(SPREAD), CubeState())
    assert decision.rolls_ahead == 21
    assert evaluated[0] == 1 + spread_plays()


def test_a_budget_that_pays_for_every_roll_changes_nothing():
    from game.bot.cube import cube_decision

    state = CubeState.of(match_length=7, score=(2, 4))
    for spot in (EVEN_START, position({6: 4, 8: 4, 10: 4, 12: 3}, {6: 5, 7: 5, 9: 5})):
        whole = cube_decision(spot, state)
        assert cube_decision(spot, state, budget=10_000) == whole


def test_a_budget_too_small_for_any_roll_decides_from_the_position_alone():
    from game.bot.cube import cube_decision
    from game.formats import parse_position_id

    spread = parse_position_id(SPREAD)
    for state in (CubeState(), CubeState.of(match_length=5, score=(1, 3))):
        cut = cube_decision(spread, state, budget=1)
        assert cut.rolls_ahead == 0
        assert cut.answer == cube_decision(spread, state, plies=0).answer


def test_a_budgeted_cube_decision_is_the_same_every_time():
    from game.bot.cube import cube_decision
    from game.formats import parse_position_id

    spread = parse_position_id(SPREAD)
    first = cube_decision(spread, CubeState.of(value=2, owner=ON_ROLL), budget=300)
    again = cube_decision(spread, CubeState.of(value=2, owner=ON_ROLL), budget=300)
    assert 0 < first.rolls_ahead < 21
    assert first == again


# --- two rolls ahead --------------------------------------------------------------------


def _after_best(position, roll):
    """The other side's position (on roll) after the mover's best play of ``roll`` by cubeless
    equity, and that side's probabilities there (in a race, the cube's rolls ahead leave a
    race near home to the network: ``CUBE_RECKONS``)."""
    from game.bot.evaluator import evaluate_position
    from game.engine.plays import legal_plays

    plays = legal_plays(position, roll)
    if not plays:
        return position.flip(), evaluate_position(position.flip(), CUBE_RECKONS)
    scored = [
        (evaluate_position(play.position.flip(), CUBE_RECKONS), play.position.flip())
        for play in plays
    ]
    probabilities, after = min(scored, key=lambda pair: pair[0].equity)
    return after, probabilities


def _value_after_action(position, probabilities, state, rolls_left):
    """The value of the player on roll after its best cube action, looking ``rolls_left``
    rolls ahead: a plain recursion, written apart from game.bot.cube's budgeted one."""
    from game.bot.cube import DOUBLE, choose
    from game.bot.match_value import result_mwc

    if rolls_left == 0:
        decision = decide(probabilities, state, cube_efficiency(position))
    else:
        no_double = _not_doubling(position, state, rolls_left)
        if not state.may_double():
            return no_double
        taken = _not_doubling(position, state.doubled(), rolls_left)
        doubled_pass = 1.0 if state.is_money else result_mwc(state, state.value)
        taken = 2.0 * taken if state.is_money else taken
        gammons = probabilities.win_gammon > 0.0
        decision = choose(no_double, taken, doubled_pass, state, gammons)
    if decision.action == DOUBLE:
        return min(decision.double_take, decision.double_pass)
    return decision.no_double


def _not_doubling(position, state, rolls_left):
    """The player's value (per unit of ``state``'s cube, or match winning chance) when it
    does not double now: over its 21 rolls, its best play, then the other side's best."""
    from game.bot.shots import ROLLS

    total = 0.0
    for a, b, weight in ROLLS:
        after, probabilities = _after_best(position, (a, b))
        theirs = _value_after_action(after, probabilities, state.flip(), rolls_left - 1)
        total += weight * (-theirs if state.is_money else 1.0 - theirs)
    return total / 36.0


RACE = position({9: 2, 7: 2, 5: 1, 3: 2}, {11: 2, 8: 2, 6: 2, 2: 1})
# What the cube's rolls ahead from RACE reckon: what its root does, but a race near home
# (its rolls bring it within near_home.py's limits).
CUBE_RECKONS = reckonings(RACE) & ~NEAR_HOME


@pytest.mark.parametrize(
    "state",
    [CubeState(), CubeState.of(value=2, owner=ON_ROLL), CubeState.of(match_length=5, score=(1, 3))],
    ids=["money", "redouble", "match"],
)
def test_two_rolls_ahead_is_the_plain_recursion_when_every_play_is_looked_at(state):
    from game.bot.cube import cube_decision

    decision = cube_decision(RACE, state, plies=2)
    assert (decision.rolls_ahead, decision.rolls_deeper) == (21, 21)
    assert decision.no_double == pytest.approx(_not_doubling(RACE, state, 2), abs=1e-9)
    taken = _not_doubling(RACE, state.doubled(), 2)
    assert decision.double_take == pytest.approx(2.0 * taken if state.is_money else taken, abs=1e-9)
    # A second roll ahead changes the figures: it is not the one-roll look again.
    assert decision.no_double != pytest.approx(cube_decision(RACE, state).no_double, abs=1e-6)


def test_two_rolls_ahead_within_a_budget_deepens_some_rolls_and_keeps_to_it():
    from game.bot.cube import cube_decision

    start = EVEN_START
    first = cube_decision(start, CubeState(), plies=2, budget=1500, prune=2)
    assert first.rolls_ahead == 21
    assert 0 < first.rolls_deeper < 21
    assert first.positions <= 1500
    assert cube_decision(start, CubeState(), plies=2, budget=1500, prune=2) == first
    # Too small a budget for a second roll: the one-roll decision.
    one = cube_decision(start, CubeState(), plies=1, budget=400)
    short = cube_decision(start, CubeState(), plies=2, budget=400, prune=2)
    assert short.rolls_deeper == 0
    assert short.answer == one.answer and short.no_double == one.no_double


def test_cli_decides_as_the_strongest_level_by_default():
    from game.bot.levels import level_named
    from game.formats.match_id import parse_gnubg_id

    strongest = level_named(STRONGEST_LEVEL)
    assert strongest.cube_plies == 2
    request = "4HPwATDgc/ABMA:cAkAAAAAAAAA"
    board, match = parse_gnubg_id(request)
    state = CubeState.from_match_id(match)
    expected = cube_action(board, state, 2, strongest.cube_budget, strongest.cube_prune)
    assert cube_answerer([])(request) == " ".join(expected)
    assert cube_answerer(["--plies", "2"])(request) == " ".join(expected)
    assert cube_answerer(["--plies", "1"])(request) == " ".join(cube_action(board, state, 1))
