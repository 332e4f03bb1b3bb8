"""The page's questions and messages (its dialog's words), as pure functions.

    >>> from game.web.state.session import Session
    >>> new_game_question(Session.new()) is None     # nothing to lose: no question
    True
    >>> share_notice(copied=True).text
    'The link was copied. It opens this game, to replay or to play on.'

A ``Prompt`` is what the dialog shows: its text, the first button's words, and the
second button's (None for a message with one button). ``app.py`` shows it and runs
the first button's action.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.web.state.session import Session


@dataclass(frozen=True)
class Prompt:
    text: str
    yes: str = "OK"
    cancel: str | None = None


def new_game_question(session: Session) -> Prompt | None:
    """Asked before New game throws a game or a match away; None when nothing is lost."""
    if not session.in_progress:
        return None
    game = session.game
    if game.rules.match_length and game.score != (0, 0):
        return Prompt(
            "Start a new match? The match in progress will be lost.",
            "Start a new match",
            "Keep playing",
        )
    return Prompt(
        "Start a new game? The game in progress will be lost.", "Start a new game", "Keep playing"
    )


def shared_game_question() -> Prompt:
    """Asked when a link brings a game while one is in progress."""
    return Prompt(
        "This link shows a shared game. Open it? Your own game in progress will be replaced.",
        "Open the shared game",
        "Keep my game",
    )


def broken_link_notice(problem: str) -> Prompt:
    return Prompt(
        f"This link does not hold a game that can be shown: {problem}. "
        "Your own game is on the board."
    )


def unreadable_save_notice(problem: str) -> Prompt:
    return Prompt(
        f"Your saved game could not be loaded: {problem}. A new game is ready instead.",
        "New game",
        "Dismiss",
    )


def share_notice(copied: bool) -> Prompt:
    """After Share: the link was copied, or the player copies it from the box shown."""
    first = "The link was copied." if copied else "Copy the link below."
    return Prompt(f"{first} It opens this game, to replay or to play on.")
