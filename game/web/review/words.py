"""The review's own words: its questions and notices (the move list, the analysis and the dice
panel speak in game/web/review/analysis_view.py and game/web/state/replay.py).

    >>> cannot_write("sgf", "no games").startswith("This match cannot be written as a .sgf")
    True
"""

from __future__ import annotations

from game.web.state.prompts import Prompt

PLAY_ON = Prompt(
    "Play on from here? Your game in progress will be replaced.",
    "Play on from here",
    "Keep my game",
)


def dice_unreadable(error: object) -> str:
    return f"This link's dice cannot be read ({error}): the game is shown."


def cannot_write(kind: str, error: object) -> str:
    return f"This match cannot be written as a .{kind} file: {error}."
