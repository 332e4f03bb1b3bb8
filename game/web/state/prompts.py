"""What the dialog shows, as a value: the words themselves are the rooms' (each room's
``words.py``) and, where more than one room asks the same, game/web/board/words.py's.

A ``Prompt`` is what the dialog shows: its text, the first button's words, and the
second button's (None for a message with one button). ``notices.py`` shows it and runs
the first button's action.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Prompt:
    text: str
    yes: str = ""  # "": OK, in the page's language
    cancel: str | None = None
