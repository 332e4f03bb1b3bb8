"""A readable way to write positions and plays in tests.

    >>> p = position({24: 2, 13: 5, 8: 3, 6: 5}, {24: 2, 13: 5, 8: 3, 6: 5})
    >>> after(p, "24/21 21/20") == after(p, "24/20")
    True

Points are in each side's own numbering (``position`` takes the player on roll
first; checkers not placed are borne off). ``after`` applies moves written the
way players write them (``bar/22*``, ``8/5(2)``, ``13/7/1``, ``6/off``) without
asking whether they are legal; a move landing on a lone opposing checker hits it.
"""

from __future__ import annotations

from collections.abc import Mapping
from itertools import pairwise

from game.engine.plays import legal_plays
from game.engine.position import BAR, OFF, Position


def position(player: Mapping[int, int], opponent: Mapping[int, int] | None = None) -> Position:
    """The player on roll's checkers, then the opponent's; 'bar' may be written as BAR (25)."""
    return Position.from_points(player, opponent or {})


def _point(word: str) -> int:
    word = word.rstrip("*")
    if word in ("bar", "off"):
        return BAR if word == "bar" else OFF
    return int(word)


def after(start: Position, moves: str) -> Position:
    """The position after the player on roll makes ``moves`` (sides not switched)."""
    me, them = list(start.player), list(start.opponent)
    for word in moves.split():
        times = 1
        if word.endswith(")"):
            word, _, count = word[:-1].partition("(")
            times = int(count)
        points = [_point(part) for part in word.split("/")]
        for _ in range(times):
            for origin, destination in pairwise(points):
                me[origin] -= 1
                me[destination] += 1
                if destination != OFF and them[25 - destination] == 1:
                    them[25 - destination] = 0
                    them[BAR] += 1
    return Position(tuple(me), tuple(them))


def results(start: Position, dice: tuple[int, int]) -> set[Position]:
    """The distinct positions the legal plays of ``dice`` lead to."""
    return {play.position for play in legal_plays(start, dice)}


def outcomes(start: Position, *plays: str) -> set[Position]:
    """The positions each written play leads to: ``outcomes(p, "24/18 13/8", "24/13")``."""
    return {after(start, play) for play in plays}
