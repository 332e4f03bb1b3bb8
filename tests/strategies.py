"""Hypothesis strategies shared by the property tests."""

from __future__ import annotations

from hypothesis import assume
from hypothesis import strategies as st

from game.engine.position import BAR, CHECKERS, OFF, Position


@st.composite
def positions(draw, lowest: int = 0, highest: int = BAR, finished: bool = False) -> Position:
    """Possible positions, each checker's point drawn in [lowest, highest]; the opponent
    never shares a point with the player. ``finished`` allows a side with every checker off."""
    player = [0] * 26
    for point in draw(st.lists(st.integers(lowest, highest), min_size=15, max_size=15)):
        player[point] += 1
    opponent = [0] * 26
    for point in draw(st.lists(st.integers(lowest, highest), min_size=15, max_size=15)):
        if 1 <= point <= 24 and player[25 - point]:
            point = OFF  # that point is the player's: this checker is borne off instead
        opponent[point] += 1
    if finished:
        assume(player[OFF] < CHECKERS or opponent[OFF] < CHECKERS)
    else:
        assume(player[OFF] < CHECKERS and opponent[OFF] < CHECKERS)
    return Position(tuple(player), tuple(opponent))
