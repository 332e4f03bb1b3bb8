"""The sharing room's words: what a link brings, and what Share says.

>>> share_notice(copied=True).text
'The link was copied. It opens this game, to replay or to play on.'
"""

from __future__ import annotations

from game.web.address.embed_params import DIAGRAM, PLAY, PUZZLE, REPLAY
from game.web.language.catalog import N_, _, told
from game.web.state.prompts import Prompt

# The frame's title for each mode of an embed (its ``title``: what a screen reader names it).
MODE_TITLES = {
    DIAGRAM: N_("Backgammon diagram"),
    PUZZLE: N_("Backgammon puzzle"),
    REPLAY: N_("Backgammon replay"),
    PLAY: N_("Backgammon game"),
}


def shared_game_question() -> Prompt:
    """Asked when a link brings a game while one is in progress."""
    return Prompt(
        _("This link shows a shared game. Open it? Your own game in progress will be replaced."),
        _("Open the shared game"),
        _("Keep my game"),
    )


def share_notice(copied: bool) -> Prompt:
    """After Share: the link was copied, or the player copies it from the box shown."""
    if copied:
        return Prompt(_("The link was copied. It opens this game, to replay or to play on."))
    return Prompt(_("Copy the link below. It opens this game, to replay or to play on."))


def mode_title(mode: str) -> str:
    return told(MODE_TITLES[mode]) if mode in MODE_TITLES else _("Backgammon")


def copied_words(copied: bool) -> str:
    """Beside the embed dialog's Copy button."""
    return _("Copied.") if copied else _("Select the code and copy it.")


def cannot_embed(error: object) -> str:
    return _("This game cannot be embedded that way: {error}.", error=error)


def no_png() -> str:
    return _("This browser cannot make the PNG; download the .svg.")


def cannot_open(error: object) -> str:
    return _("This cannot be opened: {error}.", error=error)


def paste_something() -> str:
    return _("paste a gnubg ID (PID:MID), an XGID or a game link")


def too_long_to_open() -> str:
    return _("this is too long to be a position or a game")


def not_openable() -> str:
    return _("this is not a gnubg ID (PID:MID), an XGID or a game link")
