"""The play in progress (game/engine/turn.py): only moves that can complete a legal play
are offered."""

from __future__ import annotations

import random

import pytest

import game.engine.turn as turn_module
from game.engine.plays import Move, legal_plays
from game.engine.position import BAR, OFF, Position
from game.engine.turn import IllegalMove, Turn
from game.formats.position_id import parse_position_id
from tests.boards import after, position


def landing_points(turn: Turn) -> dict[int, set[int]]:
    return {origin: set(turn.destinations(origin)) for origin in turn.origins()}


def test_opening_six_five_offers_only_open_points():
    turn = Turn.start(Position.start(), (6, 5))
    # 6/1 and 6/0 are not allowed: their 24 point is held and bearing off needs all checkers home.
    assert landing_points(turn) == {24: {18, 13}, 13: {7, 8, 2}, 8: {2, 3}}


def test_one_checker_may_use_both_dice_in_one_move_with_its_steps():
    turn = Turn.start(Position.start(), (6, 5))
    assert turn.destinations(24)[13] == (Move(24, 18), Move(18, 13))
    turn = turn.move(24, 13)
    assert turn.is_complete and turn.position == after(Position.start(), "24/13")
    assert turn.play().moves == (Move(24, 18), Move(18, 13))


def test_must_use_both_dice_hides_a_move_that_would_strand_the_other_die():
    p = position({13: 1, 10: 1, 1: 13}, {18: 2, 22: 2})  # they hold our 7 and 3
    turn = Turn.start(p, (6, 4))
    assert landing_points(turn) == {10: {4}, 13: {9}}  # not 10/6: the 6 could not be played


def test_must_use_higher_die_when_only_one_can_be_played():
    p = position({13: 1, 1: 14}, {23: 2})  # our 2 held
    turn = Turn.start(p, (6, 5))
    assert landing_points(turn) == {13: {7}}
    turn = turn.move(13, 7)
    assert turn.is_complete and turn.dice_left == (5,)


def test_a_double_offers_each_step_of_one_checker_up_to_four():
    p = position({24: 1, 1: 14}, {2: 15})
    turn = Turn.start(p, (2, 2))
    assert landing_points(turn) == {24: {22, 20, 18, 16}}
    assert len(turn.destinations(24)[16]) == 4
    assert turn.dice_left == (2, 2, 2, 2)
    assert turn.move(24, 20).dice_left == (2, 2)


def test_a_checker_on_the_bar_moves_first():
    p = position({BAR: 1, 13: 14}, {3: 1, 6: 14})
    turn = Turn.start(p, (3, 1))
    assert turn.origins() == {BAR}
    assert set(turn.destinations(BAR)) == {22, 24, 21}  # 21 by entering and moving on
    entered = turn.move(BAR, 22)
    assert entered.position.opponent[BAR] == 1  # the blot on our 22 (their 3) was hit
    assert entered.origins() == {22, 13}


def test_bearing_off_lands_in_the_tray():
    p = position({6: 1, 3: 1}, {2: 15})
    turn = Turn.start(p, (6, 3))
    assert OFF in turn.destinations(6) and OFF in turn.destinations(3)
    done = turn.move(6, OFF).move(3, OFF)
    assert done.is_complete and done.position.player[OFF] == 15


def test_bearing_off_by_a_larger_number_does_not_end_the_turn_while_the_other_die_plays():
    # 3/off with the 5 leaves the checkers as 3/1 1/off would, but the 2 must still be played.
    p = position({3: 1, 1: 2}, {2: 15})
    turn = Turn.start(p, (5, 2)).move(3, OFF)
    assert turn.moves == (Move(3, OFF),)
    assert not turn.is_complete and turn.origins() == {1}
    assert turn.move(1, OFF).is_complete


def test_a_path_without_a_hit_on_the_way_is_preferred_for_a_multi_die_move():
    p = position({13: 1, 1: 14}, {17: 1, 2: 14})  # their blot on our 8
    turn = Turn.start(p, (5, 3))
    assert turn.destinations(13)[5] == (Move(13, 10), Move(10, 5))
    assert turn.destinations(13)[8] == (Move(13, 8, hit=True),)
    hit_and_on = turn.move(13, 8).move(8, 5)
    assert hit_and_on.is_complete and hit_and_on.position.opponent[BAR] == 1


def test_undo_takes_back_the_last_action():
    start = Position.start()
    turn = Turn.start(start, (3, 1)).move(8, 5)
    assert turn.undo().position == start and turn.undo().moves == ()
    whole = Turn.start(start, (6, 5)).move(24, 13)
    assert whole.undo().position == start and whole.undo().dice_left == (5, 6)
    twice = Turn.start(start, (3, 1)).move(8, 5).move(6, 5)
    assert twice.undo() == turn
    assert twice.undo_all().position == start


def test_undo_with_nothing_moved_is_refused():
    with pytest.raises(IllegalMove, match="nothing to undo"):
        Turn.start(Position.start(), (3, 1)).undo()


def test_a_move_that_is_not_offered_is_refused():
    turn = Turn.start(Position.start(), (6, 5))
    with pytest.raises(IllegalMove, match="from point 24 to point 19"):
        turn.move(24, 19)
    with pytest.raises(IllegalMove):
        turn.move(6, OFF)


def test_nothing_moves_once_the_play_is_complete():
    turn = Turn.start(Position.start(), (3, 1)).move(8, 5).move(6, 5)
    assert turn.is_complete and turn.origins() == set() and turn.destinations(13) == {}


def test_the_play_is_available_only_when_complete():
    turn = Turn.start(Position.start(), (3, 1)).move(8, 5)
    assert not turn.is_complete
    with pytest.raises(IllegalMove, match="not complete"):
        turn.play()
    play = turn.move(6, 5).play()
    assert play.position in {p.position for p in legal_plays(Position.start(), (3, 1))}
    assert play.moves == (Move(8, 5), Move(6, 5))


def test_a_single_legal_play_is_forced():
    forced = Turn.start(position({13: 1, 1: 14}, {23: 2}), (6, 5))
    assert forced.is_forced and forced.forced_play().position == after(forced.position, "13/7")
    free = Turn.start(Position.start(), (3, 1))
    assert not free.is_forced and free.forced_play() is None


def test_a_roll_with_no_legal_play_is_complete_at_once():
    p = position({BAR: 1, 13: 14}, {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 3})
    turn = Turn.start(p, (6, 4))
    assert not turn.has_play and turn.is_complete and turn.is_forced
    assert turn.origins() == set() and turn.play().moves == ()


def test_a_turn_is_rebuilt_from_its_saved_actions():
    turn = Turn.start(Position.start(), (6, 5)).move(24, 13)
    saved = turn.to_list()
    assert saved == [[24, 13]]
    assert Turn.replay(Position.start(), (6, 5), saved) == turn
    with pytest.raises(IllegalMove):
        Turn.replay(Position.start(), (6, 5), [[24, 19]])
    with pytest.raises(IllegalMove):
        Turn.replay(Position.start(), (6, 5), [[24]])


def test_given_steps_are_checked_one_by_one():
    turn = Turn.start(Position.start(), (3, 1))
    assert turn.move_steps((Move(8, 5), Move(6, 5))).is_complete
    with pytest.raises(IllegalMove):
        turn.move_steps((Move(8, 4),))


def clicked_results(turn: Turn, seen: set, found: set) -> None:
    """Every play a player can finish by clicking offered destinations."""
    if turn.is_complete:
        found.add(turn.position)
        return
    key = (turn.position, turn.dice_left)
    if key in seen:
        return
    seen.add(key)
    origins = turn.origins()
    assert origins, "an incomplete turn always offers a move"
    for origin in origins:
        for destination in turn.destinations(origin):
            clicked_results(turn.move(origin, destination), seen, found)


def test_clicking_offered_moves_reaches_exactly_the_legal_plays():
    rng = random.Random(8)
    checked = 0
    for _ in range(6):
        board = Position.start()
        while not board.is_game_over():
            dice = (rng.randint(1, 6), rng.randint(1, 6))
            plays = legal_plays(board, dice)
            found: set[Position] = set()
            clicked_results(Turn.start(board, dice), set(), found)
            assert found == ({play.position for play in plays} or {board}), (board, dice)
            checked += 1
            if plays:
                board = rng.choice(plays).position
            board = board.flip()
    assert checked > 300


def test_destinations_are_quick_for_a_double_with_thousands_of_plays(monkeypatch):
    # Counted, not timed: the plays are generated once per roll, and the single-checker
    # steps tried stay in the hundreds (the search is memoised), not in the thousands of plays.
    calls = {"legal_plays": 0, "step": 0}

    def counted(name, function):
        def wrapper(*args):
            calls[name] += 1
            return function(*args)

        return wrapper

    monkeypatch.setattr(turn_module, "legal_plays", counted("legal_plays", legal_plays))
    monkeypatch.setattr(turn_module, "step", counted("step", turn_module.step))
    board = parse_position_id("AACAkCRJqqoAAA")
    turn = Turn.start(board, (1, 1))
    for origin in turn.origins():
        turn.destinations(origin)
        turn.destinations(origin)  # asked again: answered from memory
    assert len(turn.legal_plays) == 2220
    assert calls["legal_plays"] == 1
    assert calls["step"] < 400  # 185 today; one walk per play would be over 2,220
