"""Exact bear-offs from a one-sided database: how many rolls each side needs to bear off.

    >>> side = (0, 1) + (0,) * 24                # one checker on the 1-point
    >>> rolls_to_bear_off(side)
    [0.0, 1.0]
    >>> p = bearoff_probabilities(Position.from_points({1: 1}, {6: 2}))
    >>> p.win, p.win_gammon
    (1.0, 0.0)

The table (``data/bearoff.bin``, made by tools/make_bearoff.py) holds, for every
way of placing up to ``CHECKERS`` checkers on the six home points, the
probability of needing exactly n rolls to bear them all off, playing each roll
so as to need the fewest rolls on average; and, for the positions with all 15
checkers still on the board, the same for bearing off the first checker (the
gammon race). When both sides have every checker at home, the two one-sided
distributions give the probabilities: the player on roll wins when it needs n
rolls and the opponent needs n or more. (Each side's play is the one that is
best on average, not the one best against this opponent: the approximation
every one-sided table makes, a fraction of a percent.)

File format: zlib-compressed; a header line ``bgbearoff CHECKERS ROLLS``, then
four byte planes over the distributions (every placement in ``index`` order,
then the first-checker distributions of the 15-checker placements, in the same
order): the first roll count with a non-zero probability, one byte each; how
many probabilities follow, one byte each; then the high bytes and the low bytes
of all the probabilities, uint16 in units of 1/65535. (Splitting the bytes
lets zlib compress the predictable high bytes well.) Distributions are decoded
when first asked for.
"""

from __future__ import annotations

import zlib
from collections.abc import Iterator
from itertools import accumulate
from math import comb
from pathlib import Path

from game.bot.probabilities import Probabilities
from game.engine.position import CHECKERS, OFF, Position, Side

MAGIC = "bgbearoff"
POINTS = 6
FILE = Path(__file__).resolve().parent / "data" / "bearoff.bin"


class BadTable(ValueError):
    """A bear-off table that cannot be read."""


def positions_count(checkers: int = CHECKERS) -> int:
    """How many ways to place up to ``checkers`` checkers on the six home points."""
    return comb(checkers + POINTS, POINTS)


def index(home: tuple[int, ...], points: int = POINTS) -> int:
    """The rank of a placement ``(n1, ..., n6)`` among all placements of up to 15 checkers.

    Placements are ordered by the count on the 1-point, then the 2-point, ...;
    ``comb(left + k, k)`` counts the placements of up to ``left`` checkers on ``k`` points.
    With ``points=5``, the rank of a placement of exactly 15 among those (the
    count on the 6-point follows from the others).
    """
    left = CHECKERS
    rank = 0
    for point in range(points - 1):
        n = home[point]
        rest = points - 1 - point
        # Placements with fewer checkers on this point come first.
        rank += comb(left + rest + 1, rest + 1) - comb(left - n + rest + 1, rest + 1)
        left -= n
    return rank + home[points - 1]


def placements(checkers: int = CHECKERS) -> Iterator[tuple[int, ...]]:
    """Every placement ``(n1, ..., n6)`` of up to ``checkers`` checkers, in ``index`` order."""

    def fill(point: int, left: int, prefix: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
        if point == POINTS - 1:
            for n in range(left + 1):
                yield (*prefix, n)
            return
        for n in range(left + 1):
            yield from fill(point + 1, left - n, (*prefix, n))

    yield from fill(0, checkers, ())


class Table:
    """The table's planes; ``rolls(k)`` and ``first(k)`` decode one distribution on demand."""

    __slots__ = ("cache", "high", "lengths", "low", "offsets", "starts")

    def __init__(self, starts: bytes, lengths: bytes, high: bytes, low: bytes) -> None:
        self.starts, self.lengths, self.high, self.low = starts, lengths, high, low
        self.offsets = [0, *accumulate(lengths)]
        self.cache: dict[int, list[float]] = {}

    @classmethod
    def from_bytes(cls, data: bytes) -> Table:
        try:
            raw = zlib.decompress(data)
        except zlib.error as error:
            raise BadTable(f"bear-off table is not zlib data: {error}") from None
        end = raw.find(b"\n")
        fields = raw[:end].decode("ascii", "replace").split() if end > 0 else []
        if len(fields) != 3 or fields[0] != MAGIC or fields[1] != str(CHECKERS):
            raise BadTable(f"bear-off table header should be '{MAGIC} {CHECKERS} ROLLS'")
        count = positions_count() + comb(CHECKERS + POINTS - 1, POINTS - 1)
        starts = raw[end + 1 : end + 1 + count]
        lengths = raw[end + 1 + count : end + 1 + 2 * count]
        values = sum(lengths)
        body = raw[end + 1 + 2 * count :]
        if len(lengths) != count or len(body) != 2 * values:
            raise BadTable("bear-off table has the wrong length")
        return cls(starts, lengths, body[:values], body[values:])

    def distribution(self, k: int) -> list[float]:
        found = self.cache.get(k)
        if found is None:
            lo, hi = self.offsets[k], self.offsets[k + 1]
            scale = 1.0 / 65535.0
            found = [0.0] * self.starts[k] + [
                ((high << 8) | low) * scale
                for high, low in zip(self.high[lo:hi], self.low[lo:hi], strict=True)
            ]
            self.cache[k] = found
        return found

    def rolls(self, home: tuple[int, ...]) -> list[float]:
        """P(exactly n rolls to bear off every checker of ``home``), index n."""
        return self.distribution(index(home))

    def first(self, home: tuple[int, ...]) -> list[float]:
        """P(exactly n rolls to bear off the first checker) for a placement of all 15."""
        return self.distribution(positions_count() + index(home, POINTS - 1))


_table: list[Table | None] = []


def table() -> Table | None:
    """The table, loaded on first use; None when its file is missing."""
    if not _table:
        _table.append(Table.from_bytes(FILE.read_bytes()) if FILE.exists() else None)
    return _table[0]


def in_table(side: Side) -> bool:
    """All of ``side``'s checkers on its home points or off (no more than the table holds)."""
    return not any(side[7:26])


def rolls_to_bear_off(side: Side) -> list[float] | None:
    """P(exactly n rolls to bear off every checker), index n; None without the table."""
    found = table()
    return found.rolls(side[1:7]) if found is not None else None


def bearoff_probabilities(position: Position) -> Probabilities | None:
    """Probabilities for the player on roll when both sides are bearing off; else None."""
    me, them = position.player, position.opponent
    if any(me[7:26]) or any(them[7:26]):
        return None
    found = table()  # loaded here, at the first bear-off, not before
    if found is None:
        return None
    mine = found.rolls(me[1:7])
    theirs = found.rolls(them[1:7])
    # Tail sums: theirs_tail[n] = P(they need n rolls or more).
    theirs_tail = tails(theirs, len(mine) + 1)
    win = sum(p * theirs_tail[n] for n, p in enumerate(mine) if p)
    win_gammon = lose_gammon = 0.0
    if them[OFF] == 0:
        # They are gammoned if they have not borne a checker off in the n - 1 rolls they get.
        first = tails(found.first(them[1:7]), len(mine) + 1)
        win_gammon = sum(p * first[n] for n, p in enumerate(mine) if p)
    if me[OFF] == 0:
        first = tails(found.first(me[1:7]), len(theirs) + 2)
        lose_gammon = sum(p * first[n + 1] for n, p in enumerate(theirs) if p)
    return Probabilities.from_sequence((win, win_gammon, 0.0, lose_gammon, 0.0))


def tails(distribution: list[float], length: int) -> list[float]:
    """tails[n] = P(n rolls or more) of a distribution by roll count, for n below ``length``."""
    found = [0.0] * length
    running = 0.0
    for n in range(len(distribution) - 1, -1, -1):
        running += distribution[n]
        if n < length:
            found[n] = running
    # Beyond the distribution's end nothing is left; before its start all of it is.
    return found
