"""The embeds' own words: a puzzle's notes, the replay's loading, and every problem an embed
says in its frame (embed.html and the light frames of game/web/embed/embed_frame.py alike),
in the page's language. A replay's moments are told in game/web/embed/moments.py.

    >>> cannot_show("mode must be diagram, puzzle, replay or play")
    'This embed cannot be shown: mode must be diagram, puzzle, replay or play.'
"""

from __future__ import annotations

from game.web.language.catalog import N_, _

NOT_SAVED = N_("Not saved: this browser gives the embed no storage here.")
CUBE_QUESTION = N_("What is the right cube action?")
CONFIRM_TO_RANK = N_("Confirm your play to see the computer's ranking, or undo a move.")
RANKING = N_("The computer is ranking the choices…")
LOADING = N_("Loading the match file…")
SAME_SITE = N_("The match file must be on the same site as the page.")


def your_play(status: str) -> str:
    return _("What is your play? {status}", status=status)


def not_loaded(name: str, status: int | None = None) -> str:
    if status is None:
        return _("The match file {name} could not be loaded.", name=name)
    return _("The match file {name} could not be loaded ({status}).", name=name, status=status)


def cannot_read(name: str, error: object) -> str:
    return _("The match file {name} cannot be read: {error}.", name=name, error=error)


def cannot_show(error: object) -> str:
    """An address that says no embed."""
    return _("This embed cannot be shown: {error}.", error=error)


def not_drawn(problem: str) -> str:
    """An embed that failed while it was drawn (``problem``: what went wrong, in words)."""
    return _("This embed could not be drawn: {problem}.", problem=problem)
