"""Properties of legal plays over random positions (hypothesis).

The positions are random but possible: 15 checkers a side anywhere, including the
bar and off, never two sides on one point; one strategy keeps everything home to
exercise bearing off, another spreads checkers thin so doubles give many plays.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine.plays import (
    IllegalPlay,
    KnownPlay,
    MoveByMove,
    has_play,
    legal_plays,
    play_by_indices,
    play_of_every_die,
)
from game.engine.position import BAR, OFF, Position, check_sides
from game.formats.position_id import format_position_id, parse_position_id
from tests.strategies import positions

dice = st.tuples(st.integers(1, 6), st.integers(1, 6))


any_position = st.one_of(
    positions(), positions(lowest=0, highest=6), positions(lowest=1, highest=24)
)


# --- a naive reference: one die at a time, over sets of positions ---------------


def single_moves(position: Position, die: int) -> set[Position]:
    """Every position one checker's move by ``die`` can reach, by the rules as written."""
    me, them = position.player, position.opponent
    origins = [BAR] if me[BAR] else [point for point in range(1, 25) if me[point]]
    reached = set()
    for origin in origins:
        destination = origin - die
        if destination <= 0:
            all_home = sum(me[0:7]) == 15
            highest = max(point for point in range(1, 7) if me[point]) if all_home else 0
            if not all_home or (destination < 0 and origin != highest):
                continue
            destination = OFF
        elif them[25 - destination] >= 2:
            continue
        new_me, new_them = list(me), list(them)
        new_me[origin] -= 1
        new_me[destination] += 1
        if destination != OFF and new_them[25 - destination] == 1:
            new_them[25 - destination], new_them[BAR] = 0, new_them[BAR] + 1
        reached.add(Position.trusted(tuple(new_me), tuple(new_them)))
    return reached


def reference_plays(position: Position, roll: tuple[int, int]) -> tuple[int, set[Position]]:
    """(dice used, resulting positions): as many dice as possible, the higher if only one."""
    high, low = max(roll), min(roll)
    orders = [(high,) * 4] if high == low else [(high, low), (low, high)]
    outcomes = []  # (dice used, first die, positions)
    for order in orders:
        frontier, used = {position}, 0
        for die in order:
            following = set().union(*(single_moves(p, die) for p in frontier))
            if not following:
                break
            frontier, used = following, used + 1
        outcomes.append((used, order[0], frontier))
    most = max(used for used, _, _ in outcomes)
    if most == 0:
        return 0, set()
    if most == 1 and high != low and outcomes[0][0] == 1:
        return 1, outcomes[0][2]  # only one die can be used: the higher, as it can be
    return most, set().union(*(found for used, _, found in outcomes if used == most))


# --- properties --------------------------------------------------------------------


@settings(max_examples=300, deadline=None)
@given(any_position, dice)
def test_plays_agree_with_a_naive_reference(position, roll):
    used, expected = reference_plays(position, roll)
    plays = legal_plays(position, roll)
    assert {play.position for play in plays} == expected
    assert all(len(play.moves) == used for play in plays)


@settings(max_examples=300, deadline=None)
@given(any_position, dice)
def test_every_play_uses_as_many_dice_as_possible(position, roll):
    plays = legal_plays(position, roll)
    rolled = 4 if roll[0] == roll[1] else 2
    lengths = {len(play.moves) for play in plays}
    assert len(lengths) <= 1, "all plays use the same number of dice"
    for play in plays:
        if len(play.moves) == rolled:
            continue
        # A shorter play must not be the prefix of a longer one: the die left cannot move.
        if roll[0] == roll[1]:
            assert not single_moves(play.position, roll[0])
        else:
            (move,) = play.moves
            distance = move.origin - move.destination
            left = [die for die in roll if die != distance] if distance in roll else list(roll)
            assert any(not single_moves(play.position, die) for die in left)


@settings(max_examples=300, deadline=None)
@given(any_position, dice)
def test_plays_keep_fifteen_checkers_a_side(position, roll):
    for play in legal_plays(position, roll):
        check_sides(play.position.player, play.position.opponent)
        hits = sum(move.hit for move in play.moves)
        assert play.position.opponent[BAR] == position.opponent[BAR] + hits


@settings(max_examples=300, deadline=None)
@given(any_position, dice)
def test_dice_order_does_not_change_the_plays(position, roll):
    forward = {play.position for play in legal_plays(position, roll)}
    backward = {play.position for play in legal_plays(position, roll[::-1])}
    assert forward == backward


@settings(max_examples=300, deadline=None)
@given(any_position, dice)
def test_plays_are_distinct_positions(position, roll):
    plays = legal_plays(position, roll)
    assert len({play.position for play in plays}) == len(plays)


@settings(max_examples=300, deadline=None)
@given(any_position)
def test_position_id_round_trips(position):
    assert parse_position_id(format_position_id(position)) == position
    assert parse_position_id(format_position_id(position.flip())) == position.flip()


@settings(max_examples=100, deadline=None)
@given(any_position, dice)
def test_moves_of_a_play_lead_to_its_position(position, roll):
    for play in legal_plays(position, roll):
        me, them = list(position.player), list(position.opponent)
        for move in play.moves:
            assert me[move.origin] > 0
            me[move.origin] -= 1
            me[move.destination] += 1
            if move.hit:
                them[25 - move.destination] -= 1
                them[BAR] += 1
        assert (tuple(me), tuple(them)) == (play.position.player, play.position.opponent)


# --- the shortcuts a replay takes (issue 49): they agree with the search ---------------------


@settings(max_examples=400, deadline=None)
@given(any_position, dice)
def test_has_play_is_whether_the_search_finds_a_play(position, roll):
    assert has_play(position, roll) == bool(legal_plays(position, roll))


@settings(max_examples=400, deadline=None)
@given(any_position, dice, st.data())
def test_a_play_of_every_die_is_a_legal_play_and_only_then_accepted(position, roll, data):
    legal = {play.position for play in legal_plays(position, roll)}
    plays = legal_plays(position, roll)
    if plays:
        play = data.draw(st.sampled_from(plays))
        pairs = [(move.origin, move.destination) for move in play.moves]
        made = play_of_every_die(position, roll, data.draw(st.permutations(pairs)))
        if made is not None:
            assert made.position == play.position
        if len(pairs) == (4 if roll[0] == roll[1] else 2):
            assert play_of_every_die(position, roll, pairs) is not None  # as the search made it
    # Any moves at all: what it accepts is always one of the legal plays.
    points = st.integers(0, BAR)
    moves = data.draw(st.lists(st.tuples(points, points), max_size=4))
    made = play_of_every_die(position, roll, moves)
    if made is not None:
        assert made.position in legal


def digits_of(numbers: list[int]):
    """A link's digits: each the next number modulo the radix asked; a radix of 1 takes none."""
    left = iter(numbers)

    def digit(radix: int) -> int:
        return next(left, 0) % radix if radix > 1 else 0

    return digit


def made_move_by_move(position: Position, roll, digit):
    """A long link's play read with ``MoveByMove`` (how its writer names it), as version 4's
    reader read it before ``play_by_indices``."""
    made = MoveByMove(position, roll)
    options = made.options()
    if not options:
        return None
    first = digit(len(options) + 6)
    if first >= len(options):
        return first - len(options)  # a resignation
    made.make(first)
    while made.left and made.options():
        made.make(digit(len(made.options())))
    play = made.play()
    if play is None:
        raise IllegalPlay("fewer dice than a play could use")
    return play


@st.composite
def coming_home(draw) -> Position:
    """Every checker home but one or two, on points 7 to 12 or the bar: a play that brings
    them home may bear off with its next die."""
    position = draw(positions(lowest=0, highest=6))
    player = list(position.player)
    for _ in range(draw(st.integers(1, 2))):
        origin = draw(st.sampled_from([point for point in range(7) if player[point]]))
        player[origin] -= 1
        player[draw(st.sampled_from([7, 8, 9, 10, 11, 12, BAR]))] += 1
    return Position(tuple(player), position.opponent)


@settings(max_examples=600, deadline=None)
@given(st.one_of(any_position, coming_home()), dice, st.lists(st.integers(0, 10**6), max_size=5))
def test_a_play_read_by_indices_is_the_play_made_move_by_move(position, roll, numbers):
    """``play_by_indices`` gives what ``MoveByMove`` makes from the same digits: the same
    moves, play, resignation or refusal."""
    try:
        expected = made_move_by_move(position, roll, digits_of(numbers))
    except IllegalPlay:
        with pytest.raises(IllegalPlay):
            play_by_indices(position, roll, digits_of(numbers), 6)
        return
    read = play_by_indices(position, roll, digits_of(numbers), 6)
    assert read == expected
    if isinstance(expected, KnownPlay):
        assert type(read) is type(expected)
        assert read.moves == expected.moves  # type: ignore[union-attr]
        assert getattr(read, "given", None) == getattr(expected, "given", None)
