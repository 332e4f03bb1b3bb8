"""How bad an error is, in the words and thresholds gnubg uses (equity lost, EMG).

Both the analysis and the page's tutor mark errors with these; this module imports
nothing, so the page can mark without loading the bot.

    >>> mark_of(0.05), mark_of(0.2), mark_of(0.01)
    ('doubtful', 'very bad', None)
"""

from __future__ import annotations

DOUBTFUL, BAD, VERY_BAD = 0.04, 0.08, 0.16
MARKS = ((VERY_BAD, "very bad"), (BAD, "bad"), (DOUBTFUL, "doubtful"))


def mark_of(error: float) -> str | None:
    """``very bad``, ``bad``, ``doubtful`` or None for an error in equity."""
    for threshold, name in MARKS:
        if error >= threshold - 1e-12:
            return name
    return None
