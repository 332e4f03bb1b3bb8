"""The rating's own words: the rating and how sure it is, the estimate from the error rate,
the progress of the analysed matches, the cards to study again, in the page's language.

    >>> rating_words(Book())
    'Your rating: 1500 (a new player starts at 1500).'
"""

from __future__ import annotations

from html import escape

from game.web.board.words import LEVEL_WORDS
from game.web.language.catalog import _, n_, told
from game.web.rating.book import (
    HIGHEST,
    LEVEL_RATINGS,
    LOWEST,
    RATING_DECISIONS,
    Book,
    results_interval,
)


def levels_html() -> str:
    """The computer's levels and their ratings, as a table."""
    rows = "".join(
        f"<tr><th>{escape(told(LEVEL_WORDS[name]) if name in LEVEL_WORDS else name)}</th>"
        f"<td>{rating}</td></tr>"
        for name, rating in LEVEL_RATINGS.items()
    )
    head = f"<tr><th>{escape(_('Level'))}</th><th>{escape(_('Rating'))}</th></tr>"
    return f'<table class="level-ratings">{head}{rows}</table>'


def cards_words(progress: str) -> str:
    """The trainer's cards in the rating panel (``progress``: the deck's progress in words)."""
    return _("Cards to study again: {progress}.", progress=progress)


def progress_words(book: Book) -> str:
    """The last analysed match's figures in words, or how to get some."""
    if not book.matches:
        return _("Analyse a match against the computer to follow your error rate and PR here.")
    last = book.matches[-1]
    return n_(
        "{count} analysed match against the computer; in the last, error rate {rate}, PR {pr},"
        " likely between {low} and {high} over {decisions} decisions.",
        "{count} analysed matches against the computer; in the last, error rate {rate}, PR {pr},"
        " likely between {low} and {high} over {decisions} decisions.",
        len(book.matches),
        rate=f"{last.error_rate:.1f}",
        pr=f"{last.pr:.1f}",
        low=f"{last.low:.1f}",
        high=f"{last.high:.1f}",
        decisions=last.decisions,
    )


def rating_words(book: Book) -> str:
    """The rating as the page says it."""
    played = len(book.results)
    rating = f"{book.rating:.0f}"
    if not played:
        return _("Your rating: {rating} (a new player starts at 1500).", rating=rating)
    said = n_(
        "Your rating: {rating}, after {count} game or match against the computer.",
        "Your rating: {rating}, after {count} games and matches against the computer.",
        played,
        rating=rating,
    )
    sure = results_words(book)
    return _("{rating} {sure}", rating=said, sure=sure) if sure else said


def estimate_words(book: Book) -> str:
    """The error-based estimate (gnubg's formula), only from ``RATING_DECISIONS`` decisions,
    with its 90% interval."""
    if book.estimate is None:
        return _("Analyse a match to see the rating your error rate suggests.")
    decisions = book.estimate_decisions
    if decisions < RATING_DECISIONS:
        return n_(
            "The last match analysed held {count} of your decisions: too few to say what rating"
            " your error rate suggests (it takes {needed}; play a longer match).",
            "The last match analysed held {count} of your decisions: too few to say what rating"
            " your error rate suggests (it takes {needed}; play a longer match).",
            decisions,
            needed=RATING_DECISIONS,
        )
    estimate = f"{book.estimate:.0f}"
    if book.estimate_low is None or book.estimate_high is None:
        return _(
            "From your error rate in the last match analysed: about {estimate}.",
            estimate=estimate,
        )
    return _(
        "From your error rate in the last match analysed: about {estimate}, likely between"
        " {low} and {high} over {decisions} decisions.",
        estimate=estimate,
        low=f"{book.estimate_low:.0f}",
        high=f"{book.estimate_high:.0f}",
        decisions=decisions,
    )


def results_words(book: Book) -> str:
    """How sure the rating from results is, in words (nothing before a result)."""
    found = results_interval(book.results)
    if found is None:
        return ""
    _rating, low, high = found
    played = len(book.results)
    if low <= LOWEST and high >= HIGHEST:
        return n_(
            "From {count} result against the computer your strength is likely anywhere yet.",
            "From {count} results against the computer your strength is likely anywhere yet.",
            played,
        )
    if high >= HIGHEST:
        return n_(
            "From {count} result against the computer your strength is likely above {low}.",
            "From {count} results against the computer your strength is likely above {low}.",
            played,
            low=f"{low:.0f}",
        )
    if low <= LOWEST:
        return n_(
            "From {count} result against the computer your strength is likely below {high}.",
            "From {count} results against the computer your strength is likely below {high}.",
            played,
            high=f"{high:.0f}",
        )
    return n_(
        "From {count} result against the computer your strength is likely between {low} and"
        " {high} (90%).",
        "From {count} results against the computer your strength is likely between {low} and"
        " {high} (90%).",
        played,
        low=f"{low:.0f}",
        high=f"{high:.0f}",
    )
