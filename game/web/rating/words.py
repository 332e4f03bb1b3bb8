"""The rating's own words: the rating and how sure it is, the estimate from the error rate,
the progress of the analysed matches, the cards to study again.

    >>> rating_words(Book())
    'Your rating: 1500 (a new player starts at 1500).'
"""

from __future__ import annotations

from game.web.rating.book import HIGHEST, LOWEST, RATING_DECISIONS, Book, results_interval


def cards_words(progress: str) -> str:
    """The trainer's cards in the rating panel (``progress``: the deck's progress in words)."""
    return "Cards to study again: " + progress + "."


def progress_words(book: Book) -> str:
    """The last analysed match's figures in words, or how to get some."""
    if not book.matches:
        return "Analyse a match against the computer to follow your error rate and PR here."
    last = book.matches[-1]
    count = len(book.matches)
    return (
        f"{count} analysed match{'es' if count > 1 else ''} against the computer; in the last, "
        f"error rate {last.error_rate:.1f}, PR {last.pr:.1f}, likely between {last.low:.1f} "
        f"and {last.high:.1f} over {last.decisions} decisions."
    )


def rating_words(book: Book) -> str:
    """The rating as the page says it."""
    played = len(book.results)
    if not played:
        return f"Your rating: {book.rating:.0f} (a new player starts at 1500)."
    counted = "1 game or match" if played == 1 else f"{played} games and matches"
    return (
        f"Your rating: {book.rating:.0f}, after {counted} against the computer. "
        + results_words(book)
    )


def estimate_words(book: Book) -> str:
    """The error-based estimate (gnubg's formula), only from ``RATING_DECISIONS`` decisions,
    with its 90% interval."""
    if book.estimate is None:
        return "Analyse a match to see the rating your error rate suggests."
    decisions = book.estimate_decisions
    if decisions < RATING_DECISIONS:
        return (
            f"The last match analysed held {decisions} of your decisions: too few to say what "
            f"rating your error rate suggests (it takes {RATING_DECISIONS}; play a longer match)."
        )
    if book.estimate_low is None or book.estimate_high is None:
        return f"From your error rate in the last match analysed: about {book.estimate:.0f}."
    return (
        f"From your error rate in the last match analysed: about {book.estimate:.0f}, likely "
        f"between {book.estimate_low:.0f} and {book.estimate_high:.0f} over {decisions} "
        "decisions."
    )


def results_words(book: Book) -> str:
    """How sure the rating from results is, in words (nothing before a result)."""
    found = results_interval(book.results)
    if found is None:
        return ""
    _, low, high = found
    played = len(book.results)
    counted = "1 result" if played == 1 else f"{played} results"
    if low <= LOWEST or high >= HIGHEST:
        side = f"above {low:.0f}" if high >= HIGHEST else f"below {high:.0f}"
        if low <= LOWEST and high >= HIGHEST:
            side = "anywhere yet"
        return f"From {counted} against the computer your strength is likely {side}."
    return (
        f"From {counted} against the computer your strength is likely between {low:.0f} and "
        f"{high:.0f} (90%)."
    )
