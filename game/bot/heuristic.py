"""A hand-made evaluation: the fallback bot, and the weakest level's idea of the game.

    >>> from game.engine.position import Position
    >>> 0.5 < heuristic_probabilities(Position.start()).win < 0.6  # on roll: a small edge
    True

Scores the race (pip counts), made points (home board and blocking points count
more), blots the opponent can hit and checkers on the bar, then maps the score
to a win chance with a logistic curve. Gammon chances grow with the checkers the
loser still has far from home. No search, no learning: sensible, not strong.
"""

from __future__ import annotations

import math

from game.bot.probabilities import Probabilities
from game.engine.position import BAR, OFF, Position, Side

# Value of holding a point (two or more checkers), by the holder's point number.
_POINT_VALUE = (0.0, 0.6, 0.8, 1.0, 1.3, 1.6, 1.5, 1.5, 0.9, 0.6, 0.4, 0.3, 0.2) + (0.1,) * 12


def _side_score(me: Side, them: Side) -> float:
    """Strength of ``me`` against ``them`` apart from the race."""
    score = 0.0
    for point in range(1, 25):
        n = me[point]
        if n >= 2:
            score += _POINT_VALUE[point]
            if n > 3:
                score -= 0.1 * (n - 3)  # stacking wastes checkers
        elif n == 1:
            # A blot is worse the more of the opponent's checkers stand behind it in range,
            # and worse deep in the opponent's home board.
            shooters = sum(
                them[25 - q] for q in range(point + 1, min(point + 12, 24) + 1) if 1 <= 25 - q <= 24
            )
            shooters += them[BAR] * (1 if point >= 13 else 0)
            exposure = 0.35 + 0.08 * min(shooters, 6)
            score -= exposure * (1.0 + (24 - point) / 30.0)
    score -= 1.2 * me[BAR]
    return score


def _contact(position: Position) -> bool:
    return position.is_contact()


def heuristic_probabilities(position: Position) -> Probabilities:
    """Rough cubeless probabilities for ``position.player`` before rolling."""
    me, them = position.player, position.opponent
    if me[OFF] == 15:
        return Probabilities(1.0, 0.0, 0.0, 0.0, 0.0)
    if them[OFF] == 15:
        return Probabilities(0.0, 0.0, 0.0, 0.0, 0.0)
    my_pips, their_pips = position.pip_counts()
    # Being on roll is worth about 4 pips; a lead of ~10% of the count is big.
    race = (their_pips - my_pips + 4.0) / max(20.0, 0.1 * (my_pips + their_pips))
    score = race
    if _contact(position):
        score += 0.35 * (_side_score(me, them) - _side_score(them, me))
    win = 1.0 / (1.0 + math.exp(-1.2 * score))

    # Gammons: the losing side's checkers not yet home and nothing borne off.
    def gammon_chance(loser: Side, winner_win: float) -> float:
        if loser[OFF]:
            return 0.0
        far = sum(loser[p] * (p - 6) for p in range(7, 26)) / 150.0
        return min(0.6, winner_win * winner_win * min(1.0, far)) * winner_win

    wg = gammon_chance(them, win)
    lg = gammon_chance(me, 1.0 - win)
    return Probabilities.from_sequence((win, wg, wg * 0.05, lg, lg * 0.05))
