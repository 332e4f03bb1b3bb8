"""The bot's levels by name, and the two levels that callers name: nothing else, so that the
page can name a level without loading the bot (``game.bot``'s package imports nothing heavy).

    >>> LEVEL_NAMES
    ('beginner', 'casual', 'intermediate', 'strong', 'expert')
    >>> DEFAULT_LEVEL, STRONGEST_LEVEL
    ('strong', 'expert')

``DEFAULT_LEVEL`` is the level the page plays at until the player picks another (its settings
hold no level: ``None``); ``STRONGEST_LEVEL`` is the level that judges: the analysis, the
hints, ``python -m game cube`` and ``python -m game best`` without ``--level``. Each level's
settings are in ``game.bot.levels``.
"""

from __future__ import annotations

LEVEL_NAMES = ("beginner", "casual", "intermediate", "strong", "expert")  # weakest first
DEFAULT_LEVEL = "strong"  # the page's: a 2-ply search within a budget the page can wait for
STRONGEST_LEVEL = LEVEL_NAMES[-1]
