"""The page-wide questions and messages (the dialog's words), as pure functions; a room's
own words live in its folder (game/web/sharing/words.py, for one).

    >>> from game.web.state.session import Session
    >>> new_game_question(Session.new()) is None     # nothing to lose: no question
    True
    >>> damaged_notice("your rating").yes
    'Download a copy'

A ``Prompt`` is what the dialog shows: its text, the first button's words, and the
second button's (None for a message with one button). ``notices.py`` shows it and runs
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


def unreadable_save_notice(problem: str) -> Prompt:
    return Prompt(
        f"Your saved game could not be loaded: {problem}. A new game is ready instead.",
        "New game",
        "Dismiss",
    )


def damaged_notice(what: str) -> Prompt:
    """Something the page keeps in this browser (the trainer's cards, the rating, the games by
    link) could not be read: the page goes on without it, the copy kept (game/web/store/door.py)."""
    return Prompt(
        f"Something this page keeps in your browser could not be read: {what}. The page goes "
        "on without it; the copy found is kept aside. Download it?",
        "Download a copy",
        "Not now",
    )
