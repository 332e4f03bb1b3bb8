"""The sharing room's words: what a link brings, and what Share says.

>>> share_notice(copied=True).text
'The link was copied. It opens this game, to replay or to play on.'
"""

from __future__ import annotations

from game.web.state.prompts import Prompt


def shared_game_question() -> Prompt:
    """Asked when a link brings a game while one is in progress."""
    return Prompt(
        "This link shows a shared game. Open it? Your own game in progress will be replaced.",
        "Open the shared game",
        "Keep my game",
    )


def share_notice(copied: bool) -> Prompt:
    """After Share: the link was copied, or the player copies it from the box shown."""
    first = "The link was copied." if copied else "Copy the link below."
    return Prompt(f"{first} It opens this game, to replay or to play on.")
