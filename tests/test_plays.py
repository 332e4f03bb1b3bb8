"""The rules of checker play, one test per rule (positions written with tests/boards.py).

Every expected set here was also checked against GNU Backgammon when it was written.
"""

from __future__ import annotations

import pytest

from game.engine.plays import InvalidDice, Move, check_dice, legal_plays
from game.engine.position import BAR, OFF, Position
from tests.boards import after, outcomes, position, results

# An opponent with nothing in the way: all its checkers on its own 2 point (our 23).
OUT_OF_THE_WAY = {2: 15}
CLOSED_BOARD = {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 3}


def test_starting_position_has_sixteen_plays_for_three_one():
    start = Position.start()
    assert len(legal_plays(start, (3, 1))) == 16
    assert after(start, "8/5 6/5") in results(start, (3, 1))


# --- the bar --------------------------------------------------------------------


def test_checker_on_bar_must_enter_before_any_other_checker_moves():
    p = position({BAR: 1, 13: 14}, {1: 2, 2: 2, 3: 2, 4: 2, 6: 7})
    assert results(p, (5, 2)) == outcomes(p, "bar/20 20/18", "bar/20 13/11")


def test_every_checker_on_bar_enters_before_others_move():
    p = position({BAR: 3, 13: 12}, OUT_OF_THE_WAY)
    assert results(p, (4, 4)) == outcomes(p, "bar/21(3) 21/17", "bar/21(3) 13/9")


def test_enters_as_many_as_possible_when_one_die_cannot_enter():
    p = position({BAR: 2, 1: 13}, {1: 2, 2: 2, 4: 2, 5: 2, 6: 2, 13: 5})
    # 24 (the 1) is closed: one checker enters with the 3; nothing else may move.
    assert results(p, (3, 1)) == outcomes(p, "bar/22")


def test_closed_board_gives_no_play_to_a_checker_on_the_bar():
    p = position({BAR: 1, 13: 14}, CLOSED_BOARD)
    for dice in [(6, 5), (1, 1), (6, 6), (3, 2)]:
        assert legal_plays(p, dice) == []


def test_entering_can_hit_a_blot_in_the_opponents_home_board():
    p = position({BAR: 1, 13: 14}, {3: 1, 6: 14})
    plays = legal_plays(p, (3, 1))
    assert all(play.moves[0].origin == BAR for play in plays)
    assert after(p, "bar/22* 22/21") in results(p, (3, 1))
    hit = next(play for play in plays if play.position == after(p, "bar/22* 13/12"))
    assert hit.moves[0] == Move(BAR, 22, hit=True)


# --- open and closed points, hitting -------------------------------------------


def test_cannot_land_on_a_point_held_by_two_opposing_checkers():
    p = position({13: 2, 6: 13}, {16: 2, 15: 2, 1: 11})  # they hold our 9 and 10
    assert results(p, (3, 1)) == outcomes(p, "6/3 13/12", "6/3 6/5", "6/3 3/2")


def test_landing_on_a_single_opposing_checker_hits_it_to_the_bar():
    p = position({13: 2, 6: 13}, {16: 1, 1: 14})  # a blot on our 9
    hit = after(p, "13/10 10/9*")
    assert hit in results(p, (3, 1))
    assert hit.opponent[BAR] == 1 and hit.opponent[16] == 0
    play = next(play for play in legal_plays(p, (3, 1)) if play.position == hit)
    assert [move.hit for move in play.moves] == [False, True]


def test_checker_using_both_dice_needs_an_open_intermediate_point():
    blocked_both_ways = position({13: 1, 1: 14}, {16: 2, 14: 2})  # our 9 and 11 held
    assert legal_plays(blocked_both_ways, (4, 2)) == []
    one_way_open = position({13: 1, 1: 14}, {16: 2})  # only our 9 held
    assert results(one_way_open, (4, 2)) == outcomes(one_way_open, "13/11/7")


# --- how much of the roll must be used -----------------------------------------


def test_must_use_both_dice_when_possible():
    # 10/6 alone would leave the 6 unplayable; 10/4 13/9 uses both, so it is the only play.
    p = position({13: 1, 10: 1, 1: 13}, {18: 2, 22: 2})  # they hold our 7 and 3
    assert results(p, (6, 4)) == outcomes(p, "10/4 13/9")


def test_must_use_higher_die_when_only_one_can_be_played():
    p = position({13: 1, 1: 14}, {23: 2})  # our 2 held: 13/7/2 and 13/8/2 both blocked
    assert results(p, (6, 5)) == outcomes(p, "13/7")
    assert results(p, (5, 6)) == outcomes(p, "13/7")


def test_plays_the_lower_die_when_only_it_can_be_played():
    p = position({13: 1, 1: 14}, {18: 2, 23: 2})  # our 7 and 2 held
    assert results(p, (6, 5)) == outcomes(p, "13/8")


def test_doubles_move_four_times():
    p = position({24: 1, 1: 14}, {2: 15})
    plays = legal_plays(p, (2, 2))
    assert [play.position for play in plays] == [after(p, "24/16")]
    assert len(plays[0].moves) == 4


def test_doubles_move_as_many_times_as_possible():
    p = position({24: 1, 1: 14}, {7: 2, 2: 13})  # our 18 held
    plays = legal_plays(p, (3, 3))
    assert [play.position for play in plays] == [after(p, "24/21")]
    assert len(plays[0].moves) == 1


def test_no_legal_play_gives_an_empty_list():
    p = position({13: 1, 1: 14}, {18: 2, 16: 2, 2: 11})  # our 7 and 9 held
    assert legal_plays(p, (6, 4)) == []
    assert legal_plays(p, (6, 6)) == []


# --- bearing off ----------------------------------------------------------------


def test_bears_off_with_exact_numbers():
    p = position({6: 1, 3: 1}, OUT_OF_THE_WAY)
    assert results(p, (6, 3)) == outcomes(p, "6/off 3/off", "6/3 3/off")


def test_higher_number_bears_off_from_the_highest_point():
    p = position({4: 1, 2: 1}, OUT_OF_THE_WAY)
    assert results(p, (6, 5)) == outcomes(p, "4/off 2/off")


def test_higher_number_cannot_bear_off_while_a_checker_stands_higher():
    p = position({6: 1, 4: 1}, OUT_OF_THE_WAY)
    # The 5 cannot take the checker on 4 off while one stands on 6.
    assert results(p, (5, 1)) == outcomes(p, "6/1 4/3", "6/1 1/off")


def test_may_move_inside_home_instead_of_bearing_off():
    p = position({6: 1, 3: 1}, OUT_OF_THE_WAY)
    assert results(p, (3, 2)) == outcomes(p, "6/3/1", "3/off 6/4")


def test_cannot_bear_off_with_a_checker_outside_home():
    p = position({7: 1, 1: 14}, OUT_OF_THE_WAY)
    assert results(p, (6, 1)) == outcomes(p, "7/1 1/off", "7/6/off")


def test_hit_during_bear_off_stops_it_until_the_checker_is_home():
    p = position({BAR: 1, 6: 2, 1: 12}, OUT_OF_THE_WAY)
    assert results(p, (6, 1)) == outcomes(p, "bar/19/18", "bar/19 6/5")
    assert not any(
        move.destination == OFF for play in legal_plays(p, (6, 1)) for move in play.moves
    )


# --- plays as results -------------------------------------------------------------


@pytest.mark.parametrize("dice", [(3, 1), (6, 6), (2, 2), (6, 5), (1, 1)])
def test_no_two_plays_lead_to_the_same_position(dice):
    plays = legal_plays(Position.start(), dice)
    assert len({play.position for play in plays}) == len(plays)


def test_play_keeps_the_mover_as_player():
    start = Position.start()
    for play in legal_plays(start, (6, 5)):
        assert play.position.pip_count() == start.pip_count() - 11
        assert play.position.opponent == start.opponent


def test_order_of_the_dice_does_not_matter():
    start = Position.start()
    assert results(start, (1, 3)) == results(start, (3, 1))


@pytest.mark.parametrize("dice", [(0, 1), (7, 2), (1,), (1, 2, 3), ("3", 1), (True, 3)])
def test_dice_outside_one_to_six_are_refused(dice):
    with pytest.raises(InvalidDice):
        legal_plays(Position.start(), dice)


def test_check_dice_returns_a_pair():
    assert check_dice([4, 2]) == (4, 2)
    assert isinstance(InvalidDice("x"), ValueError)


def test_move_prints_as_players_write_it():
    assert str(Move(BAR, 22, hit=True)) == "bar/22*"
    assert str(Move(6, OFF)) == "6/off"
