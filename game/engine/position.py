"""A backgammon position: where both sides' checkers stand, seen from one side.

    >>> start = Position.start()
    >>> start.pip_counts()
    (167, 167)
    >>> start.player[24], start.player[13], start.opponent[6]
    (2, 5, 5)

Each side is a tuple of 26 counts indexed by that side's own point numbers:
index 1..24 are its points (24 is the farthest from home), ``BAR`` (25) is its
bar and ``OFF`` (0) holds its borne-off checkers. Your point ``p`` is the
opponent's point ``25 - p``. ``player`` is the side whose point of view this is
(the player on roll, or the mover just after a play); ``flip()`` switches sides.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from game.engine.refusal import Refusal, Term

Point = int
"""A point number from its owner's side: 1..24, ``BAR`` or ``OFF``."""

OFF: Point = 0
BAR: Point = 25
CHECKERS = 15

Side = tuple[int, ...]


class InvalidPosition(Refusal):
    """A position that cannot occur: wrong checker count, shared point, ..."""


def _side_from_points(points: Mapping[Point, int]) -> Side:
    counts = [0] * 26
    for point, n in points.items():
        if not 0 <= point <= BAR:
            raise InvalidPosition("no point {point}: points are 1-24, bar 25, off 0", point=point)
        counts[point] += n
    if sum(counts) > CHECKERS:
        raise InvalidPosition(
            "{count} checkers placed for one side, at most {checkers}",
            count=sum(counts),
            checkers=CHECKERS,
        )
    counts[OFF] += CHECKERS - sum(counts)
    return tuple(counts)


@dataclass(frozen=True, slots=True)
class Position:
    """Both sides' checkers; immutable and hashable. Construct through the class methods."""

    player: Side
    opponent: Side

    def __post_init__(self) -> None:
        check_sides(self.player, self.opponent)

    @classmethod
    def trusted(cls, player: Side, opponent: Side) -> Position:
        """Build without validation, for the move generator's already-legal results."""
        position = object.__new__(cls)
        _set_player(position, player)  # the slots' own setters: a frozen class refuses setattr
        _set_opponent(position, opponent)
        return position

    @classmethod
    def start(cls) -> Position:
        """The standard starting position."""
        return STARTING_POSITION

    @classmethod
    def from_points(cls, player: Mapping[Point, int], opponent: Mapping[Point, int]) -> Position:
        """Readable construction: ``{24: 2, 13: 5}`` per side, each in its own numbering.

        Checkers not placed are borne off.
        """
        return cls(_side_from_points(player), _side_from_points(opponent))

    def flip(self) -> Position:
        """The same position from the opponent's side."""
        return Position.trusted(self.opponent, self.player)

    def pip_count(self) -> int:
        """Pips the player needs to bear every checker off."""
        return sum(point * n for point, n in enumerate(self.player))

    def pip_counts(self) -> tuple[int, int]:
        """(player, opponent) pip counts."""
        return self.pip_count(), self.flip().pip_count()

    def borne_off(self) -> tuple[int, int]:
        return self.player[OFF], self.opponent[OFF]

    def on_bar(self) -> tuple[int, int]:
        return self.player[BAR], self.opponent[BAR]

    def rearmost(self) -> Point:
        """The player's farthest checker from home (``OFF`` when all are off)."""
        for point in range(BAR, OFF, -1):
            if self.player[point]:
                return point
        return OFF

    def is_contact(self) -> bool:
        """Can either side still hit or block the other?"""
        return self.rearmost() + self.flip().rearmost() > 25

    def is_race(self) -> bool:
        """The sides have passed each other: no more hitting is possible."""
        return not self.is_contact()

    def all_home(self) -> bool:
        """Every checker of the player is in its home board or off: it may bear off."""
        return not any(self.player[7:])

    def is_bearoff(self) -> bool:
        """A race in which both sides have all their checkers home."""
        return self.all_home() and self.flip().all_home()

    def winner_result(self) -> int:
        """For a finished game, the points the player won (1, 2 or 3), else 0.

        Gammon: the loser has borne off nothing; backgammon: the loser also still
        has a checker on the bar or in the winner's home board.
        """
        if self.player[OFF] != CHECKERS:
            return 0
        if self.opponent[OFF]:
            return 1
        if any(self.opponent[19:]):
            return 3
        return 2

    def is_game_over(self) -> bool:
        return self.player[OFF] == CHECKERS or self.opponent[OFF] == CHECKERS


# A replay builds two positions a turn: set through the slots' descriptors, twice as fast as
# ``object.__setattr__``.
_set_player = Position.__dict__["player"].__set__
_set_opponent = Position.__dict__["opponent"].__set__


def check_sides(player: Side, opponent: Side) -> None:
    """Raise ``InvalidPosition`` unless the two sides make a possible position."""
    for name, side in ((Term("player"), player), (Term("opponent"), opponent)):
        if len(side) != 26:
            raise InvalidPosition(
                "{side} needs 26 counts (off, points 1-24, bar), got {count}",
                side=name,
                count=len(side),
            )
        if any(n < 0 for n in side):
            raise InvalidPosition("{side} has a negative checker count", side=name)
        total = sum(side)
        if total != CHECKERS:
            raise InvalidPosition(
                "{side} has {count} checkers, not {checkers}",
                side=name,
                count=total,
                checkers=CHECKERS,
            )
    if player[OFF] == CHECKERS and opponent[OFF] == CHECKERS:
        raise InvalidPosition("both sides have borne off every checker")
    for point in range(1, 25):
        if player[point] and opponent[25 - point]:
            raise InvalidPosition("both sides have checkers on point {point}", point=point)


STARTING_POSITION = Position.from_points({24: 2, 13: 5, 8: 3, 6: 5}, {24: 2, 13: 5, 8: 3, 6: 5})
