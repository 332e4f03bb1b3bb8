"""Rollouts of a decision: the best few plays of a roll, or the cube's three answers.

    >>> from game.engine.position import Position
    >>> settings = RolloutSettings(trials=2, seed=1, truncate=1)
    >>> [c.label for c in play_candidates(Position.start(), (3, 1), 2, near=1.0)]
    ['8/5 6/5', '24/23 13/10']
    >>> figures = cube_figures(Position.start(), Tally({0: (1.0, 0.0, 0.0, 0.0, 0.0)}).result())
    >>> figures.no_double_cubeless, figures.double_take_cubeless, figures.double_pass
    (1.0, 2.0, 1.0)

Each candidate is a position to roll out with the side on roll about to roll, and whether
the figures are for that side or the other (a play: the position after it, the opponent on
roll, the figures for the player who made it). Every candidate is rolled out with the same
seed, so the same trials meet the same dice (common random numbers: the differences between
candidates vary less than the candidates do).

The cube: cubeless, no double is the position's rolled-out equity, double/take twice it and
double/pass 1. Cubeful money (the second step): the rolled-out chances through the bot's cube
model (``game.bot.cube``, Janowski's with the position's cube efficiency), centred cube.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.analysis.judgement import rank_plays
from game.analysis.rollout.settings import RolloutSettings
from game.analysis.rollout.tally import RolloutResult, Tally
from game.bot.cube import CubeState
from game.bot.cube.model import cube_efficiency, decide
from game.engine.position import Position

BEST_FEW = 3  # the plays of a roll rolled out, best first by the network
NEAR = 0.16  # ... those within this much equity of the best


@dataclass(frozen=True, slots=True)
class Candidate:
    """One side of a decision to roll out: ``position`` (its player on roll, about to roll),
    the figures for that player or, ``for_other_side``, for the other."""

    label: str
    position: Position
    for_other_side: bool = False


def position_candidate(position: Position) -> Candidate:
    """The position itself, before the roll (also the cube's rollout)."""
    return Candidate("position", position)


def play_candidates(
    position: Position, dice: tuple[int, int], count: int = BEST_FEW, near: float = NEAR
) -> list[Candidate]:
    """The best ``count`` plays of ``dice`` by the network within ``near`` of the best (at
    least the best; none when no play is legal), each as the position after it."""
    ranked = rank_plays(position, dice, CubeState(), plies=1)
    if not ranked:
        return []
    best = ranked[0].equity
    chosen = [r for r in ranked[:count] if r.equity >= best - near]
    return [Candidate(r.notation, r.play.position.flip(), True) for r in chosen]


@dataclass(frozen=True, slots=True)
class RolloutCube:
    """The cube's three answers for the player on roll from a rollout of the position:
    cubeless (the rolled-out equity, twice it, 1) and cubeful money (centred cube)."""

    no_double_cubeless: float
    double_take_cubeless: float
    double_pass: float
    no_double: float
    double_take: float
    action: str
    response: str


def cube_figures(position: Position, result: RolloutResult) -> RolloutCube:
    """The cube's answers from ``result``, a rollout of ``position`` before the roll."""
    decision = decide(result.chances, CubeState(), cube_efficiency(position))
    return RolloutCube(
        result.equity,
        2.0 * result.equity,
        1.0,
        decision.no_double,
        decision.double_take,
        str(decision.action),
        str(decision.response),
    )


__all__ = [
    "Candidate",
    "RolloutCube",
    "RolloutSettings",
    "Tally",
    "cube_figures",
    "play_candidates",
    "position_candidate",
]
