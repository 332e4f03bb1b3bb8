"""The computer opponent: evaluation of positions and choice of plays, pure Python.

    >>> from game.position import Position
    >>> play = choose_play(Position.start(), (3, 1))
    >>> [(move.origin, move.destination) for move in play.moves]
    [(8, 5), (6, 5)]

``choose_play(position, dice, level)`` returns the bot's play for ``position.player``
(``None`` when no play is legal); ``evaluate(position)`` gives the cubeless
probabilities for the player on roll before rolling. ``LEVELS`` names the levels
from the weakest to the strongest; ``DEFAULT_LEVEL`` is the page's default.
"""

from __future__ import annotations

import random

from game.bot.heuristic import heuristic_probabilities
from game.bot.probabilities import Probabilities
from game.plays import Play, legal_plays
from game.position import Position

LEVELS: tuple[str, ...] = ("beginner", "casual", "strong", "expert")
DEFAULT_LEVEL = "strong"

# Standard deviation of the noise added to each play's equity, by level: a beginner
# misjudges plays by a lot, so its mistakes are plausible ones, not random moves.
_NOISE = {"beginner": 0.25, "casual": 0.08, "strong": 0.0, "expert": 0.0}


class UnknownLevel(ValueError):
    """A level name that is not one of ``LEVELS``."""


def check_level(level: str | None) -> str:
    if level is None:
        return LEVELS[-1]
    if level not in LEVELS:
        raise UnknownLevel(f"no level {level!r}; levels are {', '.join(LEVELS)}")
    return level


def evaluate(position: Position) -> Probabilities:
    """Cubeless probabilities for ``position.player``, on roll, before rolling."""
    return heuristic_probabilities(position)


def _equity_after(play: Play) -> float:
    # After the play the opponent is on roll: evaluate from their side and flip.
    return -evaluate(play.position.flip()).equity


def choose_play(
    position: Position,
    dice: tuple[int, int],
    level: str | None = None,
    rng: random.Random | None = None,
) -> Play | None:
    """The bot's play for ``position.player`` with ``dice`` at ``level`` (default: strongest)."""
    level = check_level(level)
    plays = legal_plays(position, dice)
    if not plays:
        return None
    if len(plays) == 1:
        return plays[0]
    noise = _NOISE[level]
    rng = rng or random.Random()
    best, best_equity = plays[0], -1e9
    for play in plays:
        equity = _equity_after(play)
        if noise:
            equity += rng.gauss(0.0, noise)
        if equity > best_equity:
            best, best_equity = play, equity
    return best


__all__ = ["LEVELS", "DEFAULT_LEVEL", "Probabilities", "UnknownLevel", "choose_play", "evaluate", "check_level"]
