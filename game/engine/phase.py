"""The moments of a game (``Phase``) and how a finished game ended.

OPENING (nobody has rolled), ROLL (the player on turn rolls or doubles), MOVE (they play
the dice), DOUBLED (the other player takes, passes or beavers), RESIGNED (the other player
accepts or rejects the resignation), GAME_OVER and MATCH_OVER (``OVER``). A finished game
ended by a play (the winner bore off), a pass or a resignation (``ENDINGS``).
"""

from __future__ import annotations

import enum

__all__ = [
    "ENDED_BY_PASS",
    "ENDED_BY_PLAY",
    "ENDED_BY_RESIGNATION",
    "ENDINGS",
    "OVER",
    "Phase",
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
