"""Position basics: the start, pip counts, switching sides, validation, race and contact."""

from __future__ import annotations

import pytest

from game.engine.position import BAR, OFF, InvalidPosition, Position
from tests.boards import position


def test_starting_position_has_fifteen_checkers_a_side_in_the_standard_places():
    start = Position.start()
    for side in (start.player, start.opponent):
        assert sum(side) == 15
        assert (side[24], side[13], side[8], side[6]) == (2, 5, 3, 5)
        assert side[BAR] == side[OFF] == 0


def test_starting_pip_count_is_167_each():
    assert Position.start().pip_counts() == (167, 167)


def test_pip_count_counts_the_bar_as_25_and_borne_off_as_0():
    p = position({BAR: 1, 3: 2}, {6: 1})
    assert p.pip_counts() == (25 + 6, 6)


def test_flip_switches_sides_and_twice_gives_back_the_position():
    p = position({BAR: 1, 20: 3, 3: 2}, {24: 2, 6: 5})
    assert p.flip().player == p.opponent and p.flip().opponent == p.player
    assert p.flip().flip() == p
    assert p.flip().pip_counts() == tuple(reversed(p.pip_counts()))


def test_checkers_not_placed_are_borne_off():
    p = position({6: 5}, {1: 15})
    assert p.borne_off() == (10, 0)


def test_position_is_immutable_and_hashable():
    start = Position.start()
    with pytest.raises(AttributeError):
        start.player = start.opponent  # type: ignore[misc]
    assert hash(start) == hash(
        Position.from_points({24: 2, 13: 5, 8: 3, 6: 5}, {24: 2, 13: 5, 8: 3, 6: 5})
    )


@pytest.mark.parametrize(
    "player, opponent, complaint",
    [
        ({6: 16}, {}, "16 checkers"),
        ({6: 5}, {19: 1}, "point 6"),
        ({26: 1}, {}, "no point 26"),
        ({-1: 1}, {}, "no point -1"),
    ],
)
def test_impossible_positions_are_refused_with_a_reason(player, opponent, complaint):
    with pytest.raises(InvalidPosition, match=complaint):
        Position.from_points(player, opponent)


def test_wrong_number_of_counts_or_negative_counts_are_refused():
    with pytest.raises(InvalidPosition, match="26 counts"):
        Position((15,) + (0,) * 24, Position.start().opponent)
    with pytest.raises(InvalidPosition, match="negative"):
        Position((16, -1) + (0,) * 24, Position.start().opponent)


def test_both_sides_cannot_have_borne_everything_off():
    with pytest.raises(InvalidPosition, match="both sides"):
        Position.from_points({}, {})


def test_invalid_position_is_a_value_error():
    assert issubclass(InvalidPosition, ValueError)


def test_starting_position_is_contact_not_race():
    start = Position.start()
    assert start.is_contact() and not start.is_race() and not start.is_bearoff()


def test_sides_that_have_passed_each_other_are_in_a_race():
    p = position({12: 5, 3: 10}, {12: 5, 1: 10})  # our rearmost 12 vs their 12 (our 13)
    assert p.is_race() and not p.is_contact()


def test_a_checker_on_the_bar_keeps_contact():
    p = position({BAR: 1, 3: 10}, {12: 5, 1: 10})
    assert p.is_contact()


def test_bearoff_when_both_sides_are_all_home():
    p = position({6: 3, 1: 2}, {5: 4})
    assert p.all_home() and p.is_bearoff() and p.is_race()
    assert not position({7: 1, 1: 2}, {5: 4}).all_home()


def test_rearmost_is_the_farthest_checker_from_home():
    assert position({BAR: 1, 3: 1}, {1: 1}).rearmost() == BAR
    assert position({9: 1, 3: 1}, {1: 1}).rearmost() == 9
    assert position({}, {1: 1}).rearmost() == OFF


@pytest.mark.parametrize(
    "loser, result",
    [({1: 1}, 1), ({19: 1}, 1), ({1: 15}, 2), ({19: 1, 1: 14}, 3), ({BAR: 1, 1: 14}, 3)],
)
def test_winner_scores_single_gammon_or_backgammon(loser, result):
    # The loser's 19..24 are the winner's home board; loser checkers there (or on the bar)
    # with none borne off make a backgammon.
    p = Position.from_points({}, loser)
    assert p.is_game_over() and p.winner_result() == result


def test_game_is_not_over_while_both_sides_have_checkers():
    assert not Position.start().is_game_over()
    assert Position.start().winner_result() == 0
