"""The embeds' own words: a puzzle's notes, the replay's loading, and every problem an embed
says in its frame (embed.html and the light frames of game/web/embed/embed_frame.py alike).
A replay's moments are told in game/web/embed/moments.py.

    >>> cannot_show("mode must be diagram, puzzle, replay or play")
    'This embed cannot be shown: mode must be diagram, puzzle, replay or play.'
"""

from __future__ import annotations

NOT_SAVED = "Not saved: this browser gives the embed no storage here."
CUBE_QUESTION = "What is the right cube action?"
CONFIRM_TO_RANK = "Confirm your play to see the computer's ranking, or undo a move."
RANKING = "The computer is ranking the choices…"
LOADING = "Loading the match file…"
SAME_SITE = "The match file must be on the same site as the page."


def your_play(status: str) -> str:
    return f"What is your play? {status}"


def not_loaded(name: str, status: int | None = None) -> str:
    if status is None:
        return f"The match file {name} could not be loaded."
    return f"The match file {name} could not be loaded ({status})."


def cannot_read(name: str, error: object) -> str:
    return f"The match file {name} cannot be read: {error}."


def cannot_show(error: object) -> str:
    """An address that says no embed."""
    return f"This embed cannot be shown: {error}."


def not_drawn(problem: str) -> str:
    """An embed that failed while it was drawn (``problem``: what went wrong, in words)."""
    return f"This embed could not be drawn: {problem}."
