"""Cube decisions for the computer: double or not, and take, pass or beaver; money and match play.

    >>> from game.bot.probabilities import Probabilities
    >>> decide(Probabilities(0.72, 0.10, 0.0, 0.05, 0.0), CubeState()).answer
    ('double', 'take')

The answer is ``(ACTION, RESPONSE)``: ACTION ``double`` / ``no-double`` / ``too-good`` is
what the player on roll should do, RESPONSE ``take`` / ``pass`` / ``beaver`` what the
opponent should answer to a double. When the player may not double (opponent's cube,
Crawford game, cube at 64, dead cube) the answer is ``no-double take``, as gnubg says.

Three modules, imported from here:

- ``state``: the table seen by the player on roll (``CubeState``), the words of a
  decision and the decision with its figures (``CubeDecision``).
- ``model``: Janowski's cubeful values from cubeless probabilities and the decision they
  imply: ``decide(probabilities, state)`` is pure.
- ``lookahead``: ``cube_action(position, state)`` / ``cube_decision`` evaluate the
  position with the bot's network and look one or two rolls ahead.
"""

from __future__ import annotations

from game.bot.cube.lookahead import cube_action, cube_decision, roll_values
from game.bot.cube.model import (
    BEAROFF_EFFICIENCY,
    CONTACT_EFFICIENCY,
    RACE_EFFICIENCY_RANGE,
    choose,
    choose_doubling,
    cube_efficiency,
    cubeful_value,
    decide,
    match_winning_chance,
    money_equity,
    value_after,
)
from game.bot.cube.state import (
    BEAVER,
    DOUBLE,
    NO_DOUBLE,
    ON_ROLL,
    OPPONENT,
    PASS,
    TAKE,
    TOO_GOOD,
    CubeAction,
    CubeDecision,
    CubeResponse,
    CubeState,
    InvalidCubeState,
)

__all__ = [
    "BEAROFF_EFFICIENCY",
    "BEAVER",
    "CONTACT_EFFICIENCY",
    "DOUBLE",
    "NO_DOUBLE",
    "ON_ROLL",
    "OPPONENT",
    "PASS",
    "RACE_EFFICIENCY_RANGE",
    "TAKE",
    "TOO_GOOD",
    "CubeAction",
    "CubeDecision",
    "CubeResponse",
    "CubeState",
    "InvalidCubeState",
    "choose",
    "choose_doubling",
    "cube_action",
    "cube_decision",
    "cube_efficiency",
    "cubeful_value",
    "decide",
    "match_winning_chance",
    "money_equity",
    "roll_values",
    "value_after",
]
