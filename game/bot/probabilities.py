"""Cubeless outcome probabilities of a position, for the player on roll before rolling.

    >>> p = Probabilities(0.6, 0.2, 0.01, 0.1, 0.005)
    >>> round(p.equity, 3)
    0.305
    >>> round(p.flip().win, 2)
    0.4

The five figures are cumulative, as GNU Backgammon writes them: ``win_gammon``
includes backgammons and ``win`` includes gammons.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Probabilities:
    """win, win gammon, win backgammon, lose gammon, lose backgammon (cumulative)."""

    win: float
    win_gammon: float
    win_backgammon: float
    lose_gammon: float
    lose_backgammon: float

    @property
    def lose(self) -> float:
        return 1.0 - self.win

    @property
    def equity(self) -> float:
        """Cubeless money equity in points per game (single 1, gammon 2, backgammon 3)."""
        return (
            2.0 * self.win
            - 1.0
            + self.win_gammon
            - self.lose_gammon
            + self.win_backgammon
            - self.lose_backgammon
        )

    def flip(self) -> Probabilities:
        """The same outcome seen by the other side."""
        return Probabilities(
            1.0 - self.win,
            self.lose_gammon,
            self.lose_backgammon,
            self.win_gammon,
            self.win_backgammon,
        )

    def as_tuple(self) -> tuple[float, float, float, float, float]:
        return (
            self.win,
            self.win_gammon,
            self.win_backgammon,
            self.lose_gammon,
            self.lose_backgammon,
        )

    @classmethod
    def from_sequence(cls, values: Iterable[float]) -> Probabilities:
        """Build from five numbers, clamped into a consistent order (bg <= gammon <= win)."""
        win, wg, wbg, lg, lbg = values
        win = min(1.0, max(0.0, float(win)))
        wg = min(1.0, max(0.0, float(wg)))
        wbg = min(1.0, max(0.0, float(wbg)))
        lg = min(1.0, max(0.0, float(lg)))
        lbg = min(1.0, max(0.0, float(lbg)))
        wg = min(wg, win)
        wbg = min(wbg, wg)
        lg = min(lg, 1.0 - win)
        lbg = min(lbg, lg)
        return cls(win, wg, wbg, lg, lbg)
