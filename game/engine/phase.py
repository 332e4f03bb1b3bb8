"""The moments of a game (``Phase``), how a finished game ended, and what a game waits for.

OPENING (nobody has rolled), ROLL (the player on turn rolls or doubles), MOVE (they play
the dice), DOUBLED (the other player takes, passes or beavers), RESIGNED (the other player
accepts or rejects the resignation), GAME_OVER and MATCH_OVER (``OVER``). A finished game
ended by a play (the winner bore off), a pass or a resignation (``ENDINGS``).

An action the game does not take now is refused with what it waits for: the game's own
refusals name the side to roll, play or answer, each file reader in its file's words; for
the other phases they all say ``waiting_for``:

    >>> str(waiting_for(Phase.RESIGNED))
    'a resignation waits for an answer'
"""

from __future__ import annotations

import enum

from game.engine.refusal import Refusal

__all__ = [
    "ENDED_BY_PASS",
    "ENDED_BY_PLAY",
    "ENDED_BY_RESIGNATION",
    "ENDINGS",
    "OVER",
    "Phase",
    "waiting_for",
]


class Phase(enum.Enum):
    OPENING = "opening"
    ROLL = "roll"
    MOVE = "move"
    DOUBLED = "doubled"
    RESIGNED = "resigned"
    GAME_OVER = "game_over"
    MATCH_OVER = "match_over"


OVER = (Phase.GAME_OVER, Phase.MATCH_OVER)

ENDED_BY_PLAY, ENDED_BY_PASS, ENDED_BY_RESIGNATION = "play", "pass", "resignation"
ENDINGS = (ENDED_BY_PLAY, ENDED_BY_PASS, ENDED_BY_RESIGNATION)


def waiting_for(phase: Phase) -> Refusal:
    """The opening roll, a resignation's answer, or nothing more: the game or the match is
    over (the phases where no side is to roll, play or answer a double)."""
    if phase is Phase.OPENING:
        return Refusal("the opening roll comes first")
    if phase is Phase.RESIGNED:
        return Refusal("a resignation waits for an answer")
    if phase is Phase.GAME_OVER:
        return Refusal("the game is over")
    return Refusal("the match is over")
