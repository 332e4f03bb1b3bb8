"""The table's own words: the resign buttons and their question, when new rules take effect,
and what the player is told about the save. The words every board shows (the status line,
the score, a double offered) are game/web/board/words.py's.

    >>> from game.engine.match import GAMMON
    >>> resign_label(GAMMON, 2)
    'Gammon · 2 points'
"""

from __future__ import annotations

from game.engine import match
from game.engine.match import BACKGAMMON, GAMMON, SINGLE
from game.web.board.words import shown_name
from game.web.language.catalog import N_, _, n_
from game.web.state.prompts import Prompt
from game.web.state.session import LINK, Session, person_side
from game.web.store import storage


def resign_points(session: Session) -> dict[int, int]:
    """The resignations the resigner may offer now and the points each gives away
    (only a single game when gammons do not count: Simple rules, the Jacoby rule)."""
    game = session.game
    offers: dict[int, int] = {}
    for result in (SINGLE, GAMMON, BACKGAMMON):
        points = match.game_points(game.rules, game.cube, result)
        # A bigger resignation that scores no more (no gammons, the Jacoby rule) is left out.
        if not offers or points > max(offers.values()):
            offers[result] = points
    return offers


def resign_label(result: int, points: int) -> str:
    """A resign button: ``Gammon · 2 points``."""
    if result == GAMMON:
        return n_("Gammon · {count} point", "Gammon · {count} points", points)
    if result == BACKGAMMON:
        return n_("Backgammon · {count} point", "Backgammon · {count} points", points)
    return n_("Single game · {count} point", "Single game · {count} points", points)


def resign_question(session: Session) -> str:
    """The question above the resign buttons."""
    resigner = session.resigner
    if person_side(session) is not None or resigner is None:
        return _("Offer to resign: how much do you give up?")
    return _(
        "{player} offers to resign: how much to give up?", player=shown_name(session, resigner)
    )


def rules_hint(session: Session, pending: bool) -> str:
    """When the rules chosen in Settings take effect (``pending``: they differ from the
    game's)."""
    if session.settings.opponent == LINK:  # the invitation fixed the game's rules
        return _("A game by link keeps its rules: New game starts one with these.")
    if pending:
        return _("Press New game to play with these rules.")
    if session.fresh:
        return _("Nothing played yet: rule changes apply at once.")
    return _("Rule changes apply from the next new game.")


# What the player is told after a save that did not go as planned (said with ``told``).
TOLD = {
    storage.Outcome.NEWER: N_(
        "This game was played on in another tab or window: here it is as it stands now."
    ),
    storage.Outcome.NEWER_FORMAT: N_(
        "A newer version of this page saved the game in another tab. Reload to go on with "
        "it; this tab no longer saves."
    ),
    storage.Outcome.NO_STORAGE: N_(
        "This browser blocks the game's storage here (for one, in a frame of another site), "
        "so it is not saved: play on, and download the game to keep it. Each move tries to "
        "save again."
    ),
    storage.Outcome.FULL: N_(
        "This browser's storage for this site is full, so the game is not being saved. It is "
        "saved again by itself as soon as there is room (clear other sites' data to make "
        "some); download the game to keep it."
    ),
    storage.Outcome.KEPT: N_(
        "Your unreadable saved game is kept, so this game is not saved yet. Start a new game "
        "to replace it."
    ),
}

LOST_DICE = N_(
    "The dice seed of this game could not be read back from this browser's save, so the "
    "rest of this game is thrown without a commitment and cannot be checked. The game "
    "itself is kept, and the next game has checkable dice again."
)

SAVED_AGAIN = N_("The game is saved again.")
TUTOR_LOOKING = N_("The tutor is looking at your choice…")
SHOW_BETTER = N_("Show the better play")
SHOW_HINT = N_("Show the hint")
HINT_WEIGHING = N_("The computer is weighing it…")


def unsaved(text: str) -> Prompt:
    """A save refused (a full storage, none at all): its words are TOLD's, then the game as a
    file."""
    return Prompt(text, _("Download the game"), _("Not now"))


def save_downloaded() -> Prompt:
    return Prompt(
        _(
            "The saved game was downloaded. Start a new game? It replaces the unreadable save "
            "in this browser."
        ),
        _("Start a new game"),
        _("Not now"),
    )


def save_unreadable(error: object) -> str:
    return _("Your saved game could not be read: {error}. It is kept as it was.", error=error)


def save_problem_beside(problem: str) -> str:
    """An unreadable save, said beside the board (``#save-problem``)."""
    return (
        problem
        + " "
        + _(
            "Download a copy (to keep it, or to report it), or start a new game, which "
            "replaces it. Until then this game is not saved."
        )
    )


def save_problem_asked(problem: str) -> Prompt:
    """An unreadable save, asked in the dialog where the page has no place beside the board
    (an embed)."""
    return Prompt(
        problem
        + " "
        + _(
            "Download a copy (to keep it, or to report it), then start anew. Until then this "
            "game is not saved."
        ),
        _("Download the saved game"),
        _("Not now"),
    )


def instead_label(better: str | None) -> str:
    """The tutor's first button: the better cube action's own button's words (the better
    play: *Play this instead*)."""
    labels = {
        "no-double": _("Roll the dice"),
        "double": _("Double"),
        "take": _("Take"),
        "pass": _("Pass"),
        "beaver": _("Beaver"),
    }
    return labels.get(better or "", _("Play this instead"))
