"""The embeds' own words: a puzzle's notes and verdicts (game/web/embed/verdict.py), the
replay's loading, and every problem an embed says in its frame (embed.html and the light
frames of game/web/embed/embed_frame.py alike), in the page's language. A replay's moments
are told in game/web/embed/moments.py.

    >>> cannot_show("mode must be diagram, puzzle, replay or play")
    'This embed cannot be shown: mode must be diagram, puzzle, replay or play.'
"""

from __future__ import annotations

from game.web.language.catalog import N_, _
from game.web.worker.puzzle import DOUBLE, NO_DOUBLE, PASS, TAKE

NOT_SAVED = N_("Not saved: this browser gives the embed no storage here.")
CUBE_QUESTION = N_("What is the right cube action?")
CONFIRM_TO_RANK = N_("Confirm your play to see the computer's ranking, or undo a move.")
RANKING = N_("The computer is ranking the choices…")
LOADING = N_("Loading the match file…")
SAME_SITE = N_("The match file must be on the same site as the page.")
# A cube puzzle's choices (game/web/embed/verdict.py).
CHOICE_WORDS = {
    DOUBLE: N_("Double"),
    NO_DOUBLE: N_("No double"),
    TAKE: N_("Take"),
    PASS: N_("Pass"),
}
# The reader's cube choice, when the computer agrees, and when it does not.
AGREES = {
    DOUBLE: N_("Double: the computer agrees."),
    NO_DOUBLE: N_("No double: the computer agrees."),
    TAKE: N_("Take: the computer agrees."),
    PASS: N_("Pass: the computer agrees."),
}
GIVES_UP = {
    DOUBLE: N_("Doubling gives up {loss}; the computer's choice: {best}."),
    NO_DOUBLE: N_("Not doubling gives up {loss}; the computer's choice: {best}."),
    TAKE: N_("Taking gives up {loss}; the computer's choice: {best}."),
    PASS: N_("Passing gives up {loss}; the computer's choice: {best}."),
}
LOSES_NOTHING = {
    DOUBLE: N_("Doubling loses nothing; the computer's choice: {best}."),
    NO_DOUBLE: N_("Not doubling loses nothing; the computer's choice: {best}."),
    TAKE: N_("Taking loses nothing; the computer's choice: {best}."),
    PASS: N_("Passing loses nothing; the computer's choice: {best}."),
}


def play_agreed(play: str) -> str:
    """A checker puzzle's verdict when the reader's play is the computer's."""
    return _("Your play, {play}, is the computer's choice too.", play=play)


def play_gives_up(play: str, rank: int, count: int, loss: str, best: str) -> str:
    return _(
        "Your play, {play}, ranks {rank} of {count} and gives up {loss} against {best}.",
        play=play,
        rank=rank,
        count=count,
        loss=loss,
        best=best,
    )


def play_loses_nothing(play: str, rank: int, count: int, best: str) -> str:
    return _(
        "Your play, {play}, ranks {rank} of {count} and loses nothing against {best}.",
        play=play,
        rank=rank,
        count=count,
        best=best,
    )


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
