"""Legal plays for a roll: every rule of checker movement lives here.

    >>> from game.position import Position
    >>> len(legal_plays(Position.start(), (3, 1)))
    16

A *move* is one checker moving by one die; a *play* is the whole turn's moves.
Plays are identified by the position they produce: two orders or two different
sets of moves that end in the same position are one play. The mover stays the
``player`` of the resulting position (sides are not switched).

The rules applied: a checker on the bar enters before any other moves; a point
held by two or more opposing checkers is closed; landing on a single opposing
checker hits it; as many dice as possible are used (four moves for doubles), and
when only one of two dice can be used it must be the higher when possible;
bearing off needs every checker home, exactly or from the highest occupied point
with a larger number.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

from game.position import BAR, OFF, Point, Position

Dice = tuple[int, int]


class InvalidDice(ValueError):
    """Dice that are not two numbers from 1 to 6."""


def check_dice(dice: Iterable[int]) -> Dice:
    """Return the dice as a pair, or raise ``InvalidDice`` saying what is wrong."""
    values = tuple(dice)
    if len(values) != 2:
        raise InvalidDice(f"a roll is two dice, got {len(values)}")
    for die in values:
        if isinstance(die, bool) or not isinstance(die, int) or not 1 <= die <= 6:
            raise InvalidDice(f"a die shows 1 to 6, got {die!r}")
    return values[0], values[1]


@dataclass(frozen=True, slots=True)
class Move:
    """One checker moving by one die: ``origin`` may be ``BAR``, ``destination`` may be ``OFF``."""

    origin: Point
    destination: Point
    hit: bool = False

    def __str__(self) -> str:
        origin = "bar" if self.origin == BAR else str(self.origin)
        destination = "off" if self.destination == OFF else str(self.destination)
        return f"{origin}/{destination}{'*' if self.hit else ''}"


@dataclass(frozen=True, slots=True)
class Play:
    """A legal play: one sequence of moves that produces ``position``."""

    moves: tuple[Move, ...]
    position: Position

    def __str__(self) -> str:
        from game.formats.notation import format_play

        return format_play(self.moves)


def legal_plays(position: Position, dice: Iterable[int]) -> list[Play]:
    """Every distinct legal play of ``dice`` by ``position.player``; empty if none.

    Order is deterministic (the generator's search order).
    """
    high, low = sorted(check_dice(dice), reverse=True)
    me = list(position.player)
    opp = list(position.opponent)
    found: dict[tuple[int, ...], tuple[Move, ...]] = {}
    if high == low:
        longest = _search_doubles(me, opp, high, 4, BAR, [], found, 0)
    else:
        longest = _search(me, opp, (high, low), [], found, 0)
        with_high = dict(found) if longest == 1 else {}
        longest = _search(me, opp, (low, high), [], found, longest)
        if longest == 1 and with_high:
            # Only one die can be played: the higher one whenever it can be.
            found = with_high
    if longest == 0:
        return []
    return [Play(moves, Position.trusted(key[:26], key[26:])) for key, moves in found.items()]


def _can_bear_off(me: list[int]) -> bool:
    return not any(me[7:])


def _destination(me: list[int], opp: list[int], origin: int, die: int) -> int:
    """Where a checker from ``origin`` lands with ``die``, or -1 if that move is illegal."""
    dest = origin - die
    if dest > 0:
        return -1 if opp[25 - dest] >= 2 else dest
    if not _can_bear_off(me):
        return -1
    if dest == 0:
        return OFF
    # A larger number bears off only from the highest occupied point.
    for point in range(origin + 1, 7):
        if me[point]:
            return -1
    return OFF


def _apply(me: list[int], opp: list[int], origin: int, dest: int) -> bool:
    me[origin] -= 1
    me[dest] += 1
    if dest and opp[25 - dest] == 1:
        opp[25 - dest] = 0
        opp[BAR] += 1
        return True
    return False


def _undo(me: list[int], opp: list[int], origin: int, dest: int, hit: bool) -> None:
    me[origin] += 1
    me[dest] -= 1
    if hit:
        opp[25 - dest] = 1
        opp[BAR] -= 1


def _record(me, opp, moves, found, longest) -> int:
    depth = len(moves)
    if depth < longest:
        return longest
    if depth > longest:
        found.clear()
    key = tuple(me) + tuple(opp)
    if key not in found:
        found[key] = tuple(moves)
    return depth


def _origins(me: list[int]) -> range | tuple[int]:
    return (BAR,) if me[BAR] else range(24, 0, -1)


def _search(me, opp, dice, moves, found, longest) -> int:
    """Depth-first over the dice in the given order (two different dice)."""
    if len(moves) == len(dice):
        return _record(me, opp, moves, found, longest)
    die = dice[len(moves)]
    moved = False
    for origin in _origins(me):
        if not me[origin]:
            continue
        dest = _destination(me, opp, origin, die)
        if dest < 0:
            continue
        hit = _apply(me, opp, origin, dest)
        moves.append(Move(origin, dest, hit))
        longest = _search(me, opp, dice, moves, found, longest)
        moves.pop()
        _undo(me, opp, origin, dest, hit)
        moved = True
    if not moved:
        longest = _record(me, opp, moves, found, longest)
    return longest


def _search_doubles(me, opp, die, left, highest, moves, found, longest) -> int:
    """Depth-first for doubles; origins never increase, so each set of moves is tried once."""
    if not left:
        return _record(me, opp, moves, found, longest)
    moved = False
    for origin in _origins(me):
        if origin > highest or not me[origin]:
            continue
        dest = _destination(me, opp, origin, die)
        if dest < 0:
            continue
        hit = _apply(me, opp, origin, dest)
        moves.append(Move(origin, dest, hit))
        longest = _search_doubles(me, opp, die, left - 1, origin, moves, found, longest)
        moves.pop()
        _undo(me, opp, origin, dest, hit)
        moved = True
    if not moved:
        longest = _record(me, opp, moves, found, longest)
    return longest
