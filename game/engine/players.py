"""The players as the rules name them: player 0 is Cyan ("you"), player 1 Pink (the opponent
or friend). A game's events say these names; a file's message puts its own players' names in
their place (``in_names``).

    >>> str(in_names(Refusal("{player} is to roll", player="Pink"), ("Ann", "Bob")))
    'Bob is to roll'
"""

from __future__ import annotations

import re

from game.engine.refusal import Refusal, Term

__all__ = ["PLAYER_NAMES", "in_names", "name", "split_levels", "with_levels"]

PLAYER_NAMES = ("Cyan", "Pink")

_NAMED = re.compile(r"\b(Cyan|Pink)\b")


def name(player: int) -> str:
    """Player 0's or player 1's name in the rules' words."""
    return PLAYER_NAMES[player]


def with_levels(names: tuple[str, str], levels: tuple[str | None, str | None]) -> tuple[str, str]:
    """Each player's name with the level a computer played it at beside it, as a match file
    names its players (gnubg and XG read a name with spaces and brackets as it is).

    >>> with_levels(("You", "Computer"), (None, "expert"))
    ('You', 'Computer (expert)')
    """
    first, second = (
        f"{name} ({level})" if level else name for name, level in zip(names, levels, strict=True)
    )
    return first, second


def split_levels(
    names: tuple[str, str], known: tuple[str, ...]
) -> tuple[tuple[str, str], tuple[str | None, str | None]]:
    """``with_levels`` undone, for the levels in ``known``: a file's ``Computer (expert)`` is
    ``Computer`` at its expert level; other names stay whole.

    >>> split_levels(("You", "Computer (expert)"), ("expert",))
    (('You', 'Computer'), (None, 'expert'))
    >>> split_levels(("Ann (2)", "Bob"), ("expert",))
    (('Ann (2)', 'Bob'), (None, None))
    """
    split = [_split_level(name, known) for name in names]
    return (split[0][0], split[1][0]), (split[0][1], split[1][1])


def _split_level(name: str, known: tuple[str, ...]) -> tuple[str, str | None]:
    for level in known:
        bare = name.removesuffix(f" ({level})")
        if bare and bare != name:
            return bare, level
    return name, None


def in_names(text: Refusal, names: tuple[str, str]) -> Refusal:
    """The rules' words about the players (``PLAYER_NAMES``) with ``names`` in their place: a
    file's message names its own players (in its fields, the sentence kept for the catalogs)."""
    fields = {
        key: in_names(value, names)
        if isinstance(value, Refusal)
        else _NAMED.sub(lambda found: names[PLAYER_NAMES.index(found.group())], value)
        if isinstance(value, str) and not isinstance(value, Term)
        else value
        for key, value in text.fields.items()
    }
    return Refusal.saying(text, **fields) if fields else text
