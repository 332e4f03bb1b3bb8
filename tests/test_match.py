"""Cube and match rules, one test per rule (game/engine/match.py)."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from game.engine.match import (
    BACKGAMMON,
    GAMMON,
    SINGLE,
    Cube,
    IllegalAction,
    InvalidRules,
    Rules,
    counted_result,
    cube_is_dead_for,
    double_refusal,
    game_points,
    is_match_over,
    match_winner,
    may_beaver,
    may_double,
    next_crawford_flags,
    pass_points,
    starting_crawford_flags,
)


@dataclass
class Table:
    rules: Rules
    cube: Cube = Cube(1, None)  # noqa: RUF009 (Cube is immutable)
    score: tuple[int, int] = (0, 0)
    crawford: bool = False


MONEY = Rules.full()


# --- rule sets and the cube -----------------------------------------------------------------


def test_simple_rules_are_the_default_single_wins_and_no_cube():
    assert Rules() == Rules.simple()
    assert not Rules.simple().cube and not Rules.simple().gammons
    assert Rules.simple().is_money


def test_full_rules_have_cube_and_gammons():
    rules = Rules.full(match_length=7)
    assert rules.cube and rules.gammons and rules.match_length == 7 and not rules.is_money


@pytest.mark.parametrize(
    "settings",
    [
        {"cube": True, "match_length": 5, "beaver": True},
        {"cube": True, "match_length": 5, "jacoby": True},
        {"cube": False, "beaver": True},
        {"match_length": -1},
        {"match_length": 65},
        {"cube": 1},
    ],
)
def test_impossible_rule_settings_are_refused(settings):
    with pytest.raises(InvalidRules):
        Rules(**settings)


def test_cube_starts_centred_on_one():
    assert Cube() == Cube(1, None) and Cube().centred


@pytest.mark.parametrize("value, owner", [(3, None), (0, None), (128, 0), (2, 2), (True, None)])
def test_cube_values_are_powers_of_two_up_to_64_and_owners_0_or_1(value, owner):
    with pytest.raises(InvalidRules):
        Cube(value, owner)


def test_a_taken_double_doubles_the_cube_and_gives_it_to_the_taker():
    assert Cube().doubled_by(0) == Cube(2, 1)
    assert Cube(2, 1).doubled_by(1) == Cube(4, 0)


def test_a_beaver_quadruples_the_cube_and_the_taker_keeps_it():
    assert Cube(2, 1).beavered_by(0) == Cube(8, 0)


# --- who may double when --------------------------------------------------------------------


def test_either_player_may_double_a_centred_cube():
    assert may_double(Table(MONEY), 0) and may_double(Table(MONEY), 1)


def test_only_the_owner_may_redouble_after_a_take():
    table = Table(MONEY, Cube(2, 1))
    assert may_double(table, 1)
    assert not may_double(table, 0)
    assert double_refusal(table, 0) == "only the cube's owner may redouble"


def test_no_double_without_the_cube_in_the_rules():
    assert not may_double(Table(Rules.simple()), 0)


def test_the_cube_goes_no_higher_than_64():
    assert may_double(Table(MONEY, Cube(32, 0)), 0)
    assert not may_double(Table(MONEY, Cube(64, 0)), 0)


def test_no_doubling_in_the_crawford_game():
    table = Table(Rules.full(match_length=5), score=(4, 2), crawford=True)
    assert not may_double(table, 0) and not may_double(table, 1)
    assert "Crawford" in double_refusal(table, 1)


def test_post_crawford_the_trailer_may_double_and_the_leader_may_not():
    table = Table(Rules.full(match_length=5), score=(4, 2))
    assert may_double(table, 1)
    assert not may_double(table, 0)  # one point wins the match: the cube is dead for the leader
    assert cube_is_dead_for(table, 0)


def test_no_double_when_the_cube_already_wins_the_match():
    table = Table(Rules.full(match_length=5), Cube(2, 0), score=(3, 0))
    assert not may_double(table, 0)
    assert may_double(Table(Rules.full(match_length=5), Cube(2, 0), score=(2, 0)), 0)


def test_no_double_in_a_one_point_match():
    assert not may_double(Table(Rules.full(match_length=1)), 0)


def test_money_play_cube_is_never_dead():
    assert not cube_is_dead_for(Table(MONEY, score=(100, 0)), 0)


def test_beaver_needs_the_option_and_money_play():
    assert may_beaver(Table(Rules.full(beaver=True)))
    assert not may_beaver(Table(MONEY))
    assert not may_beaver(Table(Rules.full(match_length=5)))


def test_beaver_may_not_take_the_cube_past_64():
    rules = Rules.full(beaver=True)
    assert may_beaver(Table(rules, Cube(16, 1)))
    assert not may_beaver(Table(rules, Cube(32, 1)))


# --- scoring --------------------------------------------------------------------------------


@pytest.mark.parametrize("result, points", [(SINGLE, 4), (GAMMON, 8), (BACKGAMMON, 12)])
def test_points_won_are_the_result_times_the_cube(result, points):
    assert game_points(MONEY, Cube(4, 0), result) == points


def test_simple_rules_count_every_win_as_one_point():
    assert game_points(Rules.simple(), Cube(), BACKGAMMON) == 1


def test_without_gammons_a_gammon_counts_single():
    rules = Rules(cube=True, gammons=False)
    assert game_points(rules, Cube(2, 0), GAMMON) == 2


def test_jacoby_counts_gammons_single_while_the_cube_is_not_turned():
    rules = Rules.full(jacoby=True)
    assert counted_result(rules, Cube(), GAMMON) == SINGLE
    assert game_points(rules, Cube(), BACKGAMMON) == 1


def test_jacoby_counts_gammons_once_the_cube_is_turned():
    assert game_points(Rules.full(jacoby=True), Cube(2, 1), GAMMON) == 4


def test_without_jacoby_a_gammon_counts_double_on_a_centred_cube():
    assert game_points(MONEY, Cube(), GAMMON) == 2


def test_a_pass_concedes_the_cube_value_before_the_double():
    assert pass_points(Cube()) == 1
    assert pass_points(Cube(4, 1)) == 4


def test_a_result_is_one_two_or_three():
    with pytest.raises(IllegalAction):
        game_points(MONEY, Cube(), 4)


# --- the match ------------------------------------------------------------------------------


def test_reaching_the_match_length_ends_the_match():
    rules = Rules.full(match_length=5)
    assert not is_match_over(rules, (4, 4))
    assert is_match_over(rules, (3, 5)) and match_winner(rules, (3, 5)) == 1
    assert is_match_over(rules, (7, 2)) and match_winner(rules, (7, 2)) == 0


def test_money_play_never_ends():
    assert not is_match_over(MONEY, (500, 0)) and match_winner(MONEY, (500, 0)) is None


def test_the_game_after_a_player_reaches_match_length_minus_one_is_the_crawford_game():
    rules = Rules.full(match_length=5)
    assert next_crawford_flags(rules, (4, 1), False, False) == (True, False)
    assert next_crawford_flags(rules, (3, 1), False, False) == (False, False)


def test_games_after_the_crawford_game_are_post_crawford():
    rules = Rules.full(match_length=5)
    assert next_crawford_flags(rules, (4, 2), True, False) == (False, True)
    assert next_crawford_flags(rules, (4, 4), False, True) == (False, True)


def test_there_is_no_crawford_game_in_money_play_or_a_one_point_match():
    assert next_crawford_flags(MONEY, (4, 0), False, False) == (False, False)
    assert starting_crawford_flags(Rules.full(match_length=1), (0, 0)) == (False, False)


def test_a_match_taken_up_at_match_length_minus_one_starts_with_the_crawford_game():
    assert starting_crawford_flags(Rules.full(match_length=7), (2, 6)) == (True, False)


def test_a_match_taken_up_with_both_players_one_point_away_is_post_crawford():
    assert starting_crawford_flags(Rules.full(match_length=5), (4, 4)) == (False, True)


def test_a_match_without_the_cube_has_no_crawford_game():
    assert next_crawford_flags(Rules.simple(match_length=5), (4, 0), False, False) == (False, False)
