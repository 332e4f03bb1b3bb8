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
double/pass 1. Cubeful money from a cubeless rollout: the rolled-out chances through the bot's
cube model (``game.bot.cube``, Janowski's with the position's cube efficiency), centred cube.
A cubeful rollout (``RolloutSettings.cubeful``, gnubg's) rolls out two candidates with the
cube played in every trial (``cube_candidates``): *no double* (the cube where it is, the
player on roll not doubling before its first roll) and *double/take* (the cube at 2, the
taker owning it); double/pass is +1; ``cubeful_cube_figures`` reads the answers from them.

    >>> [c.label for c in cube_candidates(Position.start())]
    ['no double', 'double, take']
    >>> no_double = Tally({0: (1.0, 0.0, 0.0, 0.0, 0.0)}, {0: 1.0}).result()
    >>> taken = Tally({0: (1.0, 0.0, 0.0, 0.0, 0.0)}, {0: 2.0}).result()
    >>> cubeful_cube_figures(no_double, taken).answer
    ('double', 'pass')
"""

from __future__ import annotations

from dataclasses import dataclass

from game.analysis.judgement import rank_plays
from game.analysis.rollout.cube import ON_ROLL, OPPONENT, CubeStart
from game.analysis.rollout.settings import RolloutSettings
from game.analysis.rollout.tally import RolloutResult, Tally
from game.bot.cube import CubeState
from game.bot.cube.model import choose, cube_efficiency, decide
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
    cube: CubeStart | None = None  # a cubeful rollout's cube at the start (None: centred)


def position_candidate(position: Position) -> Candidate:
    """The position itself, before the roll (also the cube's rollout)."""
    return Candidate("position", position)


def cube_candidates(position: Position, owner: int | None = None) -> list[Candidate]:
    """A cubeful rollout of the cube's decision: *no double* and *double/take* for the player
    on roll (its cube ``owner``: None centred, ``ON_ROLL``), each with the cube played in
    the trials. When the opponent owns the cube, the position alone (the cube where it is)."""
    if owner == OPPONENT:
        return [Candidate("position", position, cube=CubeStart(1, OPPONENT))]
    return [
        Candidate("no double", position, cube=CubeStart(1, owner, first_double=False)),
        Candidate("double, take", position, cube=CubeStart(2, OPPONENT)),
    ]


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
    rolled: bool = False  # cubeful from trials that played the cube (else from the model)

    @property
    def answer(self) -> tuple[str, str]:
        return self.action, self.response


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


def cubeful_cube_figures(no_double: RolloutResult, double_take: RolloutResult) -> RolloutCube:
    """The cube's answers from a cubeful rollout: the cubeful equities of *no double* and
    *double/take* (points, the cube at 1 before the double), +1 for double/pass, and the
    bot's choice between them; the cubeless columns from the no-double trials."""
    assert no_double.cubeful is not None and double_take.cubeful is not None
    decision = choose(
        no_double.cubeful, double_take.cubeful, 1.0, CubeState(), no_double.chances.win_gammon > 0
    )
    return RolloutCube(
        no_double.equity,
        2.0 * no_double.equity,
        1.0,
        no_double.cubeful,
        double_take.cubeful,
        str(decision.action),
        str(decision.response),
        rolled=True,
    )


__all__ = [
    "ON_ROLL",
    "Candidate",
    "CubeStart",
    "RolloutCube",
    "RolloutSettings",
    "Tally",
    "cube_candidates",
    "cube_figures",
    "cubeful_cube_figures",
    "play_candidates",
    "position_candidate",
]
