"""A shared game kept beside one's own: a whole-game link opened while a game of one's own is in
progress is kept in this browser (its link, under ``door.SHARED``) until it is taken (*Play on
from here*) or forgotten; a reload shows it again, and the Play room offers it (#shared-kept).

    >>> kept_words()
    'A shared game is kept beside yours.'
"""

from __future__ import annotations

from game.web.language.catalog import _
from game.web.state.prompts import Prompt
from game.web.store.door import SHARED, Door


class KeptShared:
    """The kept link, read and written through the door (never raising)."""

    def __init__(self, door: Door) -> None:
        self.door = door

    def fragment(self) -> str | None:
        text = self.door.read(SHARED)
        return text if text and "game=" in text else None

    def keep(self, fragment: str) -> None:
        self.door.write(SHARED, fragment)

    def forget(self) -> None:
        self.door.forget(SHARED)


def kept_words() -> str:
    return _("A shared game is kept beside yours.")


def show_words() -> str:
    return _("Show the shared game")


def forget_words() -> str:
    return _("Forget it")


def forget_prompt() -> Prompt:
    """Asked before the kept game is dropped: one click never loses it."""
    return Prompt(
        _("Forget the shared game? Its link still opens it."),
        _("Forget the shared game"),
        _("Keep it"),
    )
