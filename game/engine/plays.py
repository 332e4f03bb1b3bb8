"""Legal plays for a roll: every rule of checker movement lives here.

    >>> from game.engine.position import Position
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

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from game.engine.dice import Dice
from game.engine.position import BAR, CHECKERS, OFF, Point, Position


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


def legal_plays(position: Position, dice: Iterable[int]) -> list[Play]:
    """Every distinct legal play of ``dice`` by ``position.player``; empty if none.

    Order is deterministic (the generator's search order).
    """
    high, low = sorted(check_dice(dice), reverse=True)
    board = _Board(list(position.player), list(position.opponent))
    found = board.plays_of_doubles(high) if high == low else board.plays_of_two_dice(high, low)
    return [
        Play(moves, Position.trusted(tuple(key[:26]), tuple(key[26:])))
        for key, moves in found.items()
    ]


def has_play(position: Position, dice: Iterable[int]) -> bool:
    """Whether ``legal_plays`` would find a play: some checker moves by one of the dice (a roll
    that cannot be played passes the turn), without the search."""
    board = _Board(list(position.player), list(position.opponent))
    return any(board.single_moves(die) for die in set(check_dice(dice)))


def play_of_every_die(
    position: Position, dice: Iterable[int], moves: Sequence[tuple[int, int]]
) -> PlayOfEveryDie | None:
    """The play of ``moves`` when, made in this order, each is a legal move of one die and they
    use every die of the roll (four for doubles): such a play is always legal, so no search is
    needed. None otherwise (the play may still be legal: ``legal_plays`` decides)."""
    roll = check_dice(dice)
    high, low = sorted(roll, reverse=True)
    left = [high] * 4 if high == low else [low, high]
    if len(moves) != len(left):
        return None
    board = _Board(list(position.player), list(position.opponent))
    made = []
    for pair in moves:
        if type(pair) is not tuple or len(pair) != 2:
            return None
        origin, destination = pair
        if type(origin) is not int or type(destination) is not int:
            return None
        size = origin - destination
        if size in left and board.may_move(origin, destination, size):
            left.remove(size)
        elif destination == OFF:
            # A bear-off may take a larger die: the smallest that may (a choice that fails
            # leaves the search to decide).
            die = next((d for d in sorted(left) if d > size), 0)
            if not die or not board.may_move(origin, destination, die):
                return None
            left.remove(die)
        else:
            return None
        made.append(board.make(origin, destination))
    after = Position.trusted(tuple(board.me), tuple(board.opp))
    return PlayOfEveryDie(tuple(made), after, position, roll)


@dataclass(frozen=True, slots=True)
class PlayOfEveryDie(Play):
    """A play ``play_of_every_die`` found legal, with the position and roll it was found for
    (a state with them takes it without searching)."""

    start: Position
    roll: Dice

    def is_legal_in(self, position: Position, dice: Dice) -> bool:
        return self.start == position and sorted(self.roll) == sorted(dice)


# Every possible Move, made once: the search appends these instead of building new ones.
_MOVES = {
    (origin, destination, hit): Move(origin, destination, hit)
    for origin in range(1, BAR + 1)
    for destination in range(OFF, origin)
    for hit in (False, True)
}

Found = dict[bytes, tuple[Move, ...]]
"""Resulting position (player's 26 counts, then the opponent's) -> one play leading there."""


class _Board:
    """The mutable board the search walks: moves are made and taken back in place."""

    __slots__ = ("me", "opp")

    def __init__(self, me: list[int], opp: list[int]):
        self.me, self.opp = me, opp

    def single_moves(self, die: int, highest: Point = BAR) -> list[tuple[Point, Point]]:
        """(origin, destination) of every legal move of one checker by ``die``, from
        origins no higher than ``highest``."""
        me, opp = self.me, self.opp
        if me[BAR]:
            # Nothing else moves while a checker is on the bar; it enters on our 25 - die,
            # the opponent's point ``die``.
            return [(BAR, BAR - die)] if opp[die] < 2 else []
        moves = [
            (origin, origin - die)
            for origin in range(min(highest, 24), die, -1)
            if me[origin] and opp[25 - origin + die] < 2  # the landing point is not closed
        ]
        if sum(me[:7]) == CHECKERS:  # every checker home (or off): bearing off is allowed
            if me[die]:
                if die <= highest:
                    moves.append((die, OFF))
            else:
                # A larger number than needed bears off from the highest point, and only
                # when no checker stands higher.
                rearmost = next((point for point in range(6, 0, -1) if me[point]), OFF)
                if OFF < rearmost < die and rearmost <= highest:
                    moves.append((rearmost, OFF))
        return moves

    def may_move(self, origin: object, destination: object, die: int) -> bool:
        """Whether one checker may move from ``origin`` to ``destination`` by ``die`` now:
        ``single_moves`` asked about one move."""
        me, opp = self.me, self.opp
        if not isinstance(origin, int) or not isinstance(destination, int):
            return False
        if not OFF < origin <= BAR or not me[origin] or (me[BAR] and origin != BAR):
            return False
        if destination != OFF:
            return origin - destination == die and opp[25 - destination] < 2
        if origin > 6 or sum(me[:7]) != CHECKERS:
            return False  # bearing off needs every checker home
        return origin == die or (origin < die and not any(me[origin + 1 : 7]))

    def make(self, origin: Point, destination: Point) -> Move:
        """Move one checker; a lone opposing checker where it lands goes to the bar."""
        me, opp = self.me, self.opp
        me[origin] -= 1
        me[destination] += 1
        hit = destination != OFF and opp[25 - destination] == 1
        if hit:
            opp[25 - destination] = 0
            opp[BAR] += 1
        return _MOVES[origin, destination, hit]

    def take_back(self, move: Move) -> None:
        me, opp = self.me, self.opp
        me[move.origin] += 1
        me[move.destination] -= 1
        if move.hit:
            opp[25 - move.destination] = 1
            opp[BAR] -= 1

    def key(self) -> bytes:
        # Counts fit in a byte, and bytes hash much faster than a 52-item tuple.
        return bytes(self.me) + bytes(self.opp)

    def plays_of_two_dice(self, high: int, low: int) -> Found:
        """Both dice if possible (either order); else the higher die if it can move;
        else the lower."""
        both: Found = {}
        one_die: dict[int, Found] = {high: {}, low: {}}
        entering = self.me[BAR] > 0
        for first, second in ((high, low), (low, high)):
            for origin, destination in self.single_moves(first):
                move = self.make(origin, destination)
                follow_ups = self.single_moves(second)
                for origin2, destination2 in follow_ups:
                    if (
                        first == low
                        and not entering
                        and origin2 != destination
                        and destination != OFF
                        and destination2 != OFF
                    ):
                        # Two checkers moving inside the board, neither entering nor bearing
                        # off: the higher-first order already played them in the other order.
                        continue
                    move2 = self.make(origin2, destination2)
                    both.setdefault(self.key(), (move, move2))
                    self.take_back(move2)
                if not follow_ups and not both:
                    one_die[first].setdefault(self.key(), (move,))
                self.take_back(move)
        return both or one_die[high] or one_die[low]

    def plays_of_doubles(self, die: int) -> Found:
        """Four moves of ``die``, or as many as can be made."""
        found: Found = {}
        self._search_doubles(die, 4, BAR, [], found, 0)
        return found

    def _search_doubles(
        self, die: int, left: int, highest: Point, moves: list[Move], found: Found, longest: int
    ) -> int:
        """Depth-first; origins never increase along a play, so each set of moves is
        tried once. Returns the most moves any play has used so far."""
        moved = False
        if left:
            for origin, destination in self.single_moves(die, highest):
                moves.append(self.make(origin, destination))
                longest = self._search_doubles(die, left - 1, origin, moves, found, longest)
                self.take_back(moves.pop())
                moved = True
        if not moved and moves and len(moves) >= longest:
            if len(moves) > longest:
                found.clear()  # a longer play: the shorter ones are not legal
                longest = len(moves)
            found.setdefault(self.key(), tuple(moves))
        return longest
