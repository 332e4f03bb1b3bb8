"""The cube in a cubeful rollout's trials (money play): where it starts, and the bot's cube
decisions as each trial goes.

    >>> from game.bot.probabilities import Probabilities
    >>> start = CubeStart(value=2, owner=OPPONENT)          # double/take: the taker owns it
    >>> start.state().may_double(), start.state().flip().may_double()
    (False, True)
    >>> race = Probabilities(0.80, 0.0, 0.0, 0.0, 0.0)
    >>> cubeful_value(race, CubeState(), 0.6, may_double=True)   # double, pass: +1 a cube
    1.0

A trial starts with the cube at ``value`` (1 for the position and no double, 2 for
double/take), centred or owned (``owner``: ``ON_ROLL`` or ``OPPONENT`` of the player on roll
at the start); ``first_double`` False keeps the player on roll from doubling before its first
roll (the rollout of *no double*). Before each roll the player on roll, when it may double
(``game.engine.match``'s rules through ``CubeState``), decides as the bot does at 0-ply (its
network's chances through Janowski's model, ``game.bot.cube.decide``, the position's cube
efficiency), as gnubg's rollouts decide the cube at 0-ply: a double the opponent would pass
ends the trial (the doubler wins the cube), a take doubles the cube, the taker owning it.

Money play without the Jacoby rule or beavers, as gnubg's cubeful rollouts with ``set jacoby
off``. A trial's cubeful figure is the points won or lost (the cube's value times 1, 2 or 3),
per unit of the cube at the start of the decision: with the cube at 1 for no double and 2
for double/take, the three answers compare as gnubg's cube rollouts print them.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.bot.cube import DOUBLE, ON_ROLL, OPPONENT, CubeState, decide, value_after
from game.bot.cube.model import money_equity
from game.bot.probabilities import Probabilities
from game.engine.match import Cube


@dataclass(frozen=True, slots=True)
class CubeStart:
    """The cube at the start of a cubeful trial, seen by the player on roll."""

    value: int = 1
    owner: int | None = None  # None centred, else ON_ROLL or OPPONENT
    first_double: bool = True  # may the player on roll double before its first roll?

    def __post_init__(self) -> None:
        if self.value not in (1, 2, 4, 8, 16, 32, 64) or self.owner not in (None, 0, 1):
            raise ValueError("a cube is 1 to 64, centred or owned by one side")

    def state(self) -> CubeState:
        """The table seen by the player on roll at the start (money, no Jacoby, no beaver)."""
        return CubeState(cube=Cube(self.value, self.owner))

    def as_list(self) -> list[int]:
        """Plain values for a worker's message: value, owner (-1 centred), first double."""
        return [self.value, -1 if self.owner is None else self.owner, int(self.first_double)]

    @classmethod
    def from_list(cls, data: object) -> CubeStart:
        """The start ``as_list`` wrote (``ValueError`` for anything else)."""
        if not isinstance(data, list) or len(data) != 3:
            raise ValueError("a cube's start is its value, its owner and the first double")
        value, owner, first = data
        if not all(isinstance(v, int) and not isinstance(v, bool) for v in data):
            raise ValueError("a cube's start is whole numbers")
        return cls(value, None if owner == -1 else owner, bool(first))


def cubeful_value(
    chances: Probabilities, state: CubeState, efficiency: float, may_double: bool
) -> float:
    """The cubeful money value, per unit of ``state``'s cube, of the player on roll with
    ``chances`` (a trial valued where it stops: the bear-off table, a truncation): after its
    best cube action when it ``may_double``, else not doubling."""
    if may_double and state.may_double():
        return value_after(decide(chances, state, efficiency))
    return money_equity(chances, state, efficiency)


def doubles(chances: Probabilities, state: CubeState, efficiency: float) -> tuple[bool, bool]:
    """(does the player on roll double, does the opponent pass) by the bot's 0-ply cube
    judgement."""
    decision = decide(chances, state, efficiency)
    return decision.action == DOUBLE, decision.response == "pass"


__all__ = ["ON_ROLL", "OPPONENT", "CubeStart", "CubeState", "cubeful_value", "doubles"]
