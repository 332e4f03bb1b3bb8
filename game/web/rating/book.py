"""The player's rating against the computer, by the FIBS formula, kept in the browser (its
words: game/web/rating/words.py).

    >>> book = Book()
    >>> book.rating, book.experience
    (1500.0, 0)
    >>> after = book.after_result("expert", length=1, won=True)
    >>> round(after.rating, 1), after.experience
    (1513.0, 1)

The FIBS formula (as the First Internet Backgammon Server rates its players): for a match
to N points between ratings R and S, the chance that the first player wins is
``1 - 1 / (10 ** ((R - S) * sqrt(N) / 2000) + 1)``; the winner gains ``4 * sqrt(N)`` times
the chance they had of losing, the loser loses ``4 * sqrt(N)`` times their chance of
winning, each times an experience factor ``max(1, 5 - experience / 100)`` (experience: the
points of every match played, so new players' ratings move faster). A money game counts
as a 1-point match. A new player starts at 1500.

Each computer level's rating (``LEVEL_RATINGS``) was measured from the levels' results
against each other with ``tools/qa/rate_levels.py``, down from the expert's error-based rating;
strong, which results cannot tell from the expert in a few hundred games, by its own error
rate (the figures: docs/performance.md, "The levels' ratings"). The book is
JSON in localStorage (``KEY``); ``read_book`` never fails: anything it cannot read gives a
new book.
"""

from __future__ import annotations

import hashlib
import json
import math
from dataclasses import dataclass, replace

from game.bot.level_names import DEFAULT_LEVEL  # the names only: the bot is not loaded
from game.engine.state import GameState, Phase
from game.web.board.chart import pr_chart, rating_chart
from game.web.store.door import RATING, RATING_VERSION, data_of, finite

KEY = RATING  # the door declares every key (game/web/store/door.py)
RATING_DECISIONS = 100  # game.analysis.intervals.RATING_DECISIONS, without the bot
VERSION = RATING_VERSION
START = 1500.0
KEPT = 200  # results kept for the plot
# Measured by tools/qa/rate_levels.py (docs/performance.md, "The levels' ratings"):
# anchored at the expert's error-based rating; the others from their results against
# their neighbours.
LEVEL_RATINGS = {
    "beginner": 859,
    "casual": 1633,
    "intermediate": 1926,
    "strong": 2020,
    "expert": 2032,
}


def level_rating(level: str | None) -> float:
    return float(LEVEL_RATINGS.get(level or DEFAULT_LEVEL, LEVEL_RATINGS[DEFAULT_LEVEL]))


def win_chance(rating: float, opponent: float, length: int) -> float:
    """The FIBS chance that a player rated ``rating`` wins an ``length``-point match."""
    exponent = (opponent - rating) * math.sqrt(max(length, 1)) / 2000.0
    return 1.0 / (math.pow(10.0, exponent) + 1.0)


def change(rating: float, opponent: float, length: int, won: bool, experience: int) -> float:
    """The FIBS rating change of the player rated ``rating`` after the match."""
    chance = win_chance(rating, opponent, length)
    factor = max(1.0, 5.0 - experience / 100.0)
    step = 4.0 * math.sqrt(max(length, 1)) * factor
    return step * (1.0 - chance) if won else -step * chance


@dataclass(frozen=True, slots=True)
class Result:
    level: str
    length: int
    won: bool
    rating: float  # the rating after it


@dataclass(frozen=True, slots=True)
class MatchFigures:
    """The person's figures in one analysed match against the computer: error rate (mEMG),
    PR and its 90% interval, the decisions counted."""

    error_rate: float
    pr: float
    low: float
    high: float
    decisions: int


@dataclass(frozen=True, slots=True)
class Book:
    rating: float = START
    experience: int = 0
    results: tuple[Result, ...] = ()
    estimate: float | None = None  # the last error-based estimate from an analysis
    start: float = START  # the rating before the first kept result (the plot's start)
    last: str = ""  # the fingerprint of the record last counted (never counted twice)
    # The estimate's 90% interval and the decisions it rests on.
    estimate_low: float | None = None
    estimate_high: float | None = None
    estimate_decisions: int = 0
    # Each analysed match against the computer, oldest first (the Rating room's chart).
    matches: tuple[MatchFigures, ...] = ()

    def after_result(self, level: str | None, length: int, won: bool) -> Book:
        """The book once a game (money) or match of ``length`` points against the computer
        at ``level`` is over."""
        length = max(int(length), 1)
        name = level or DEFAULT_LEVEL
        rating = self.rating + change(self.rating, level_rating(name), length, won, self.experience)
        results = (*self.results, Result(name, length, won, rating))
        start = self.start
        if len(results) > KEPT:
            start, results = results[-KEPT - 1].rating, results[-KEPT:]
        return replace(
            self,
            rating=rating,
            experience=self.experience + length,
            results=results,
            start=start,
        )

    def with_estimate(
        self,
        estimate: float | None,
        interval: tuple[float, float] | None = None,
        decisions: int = 0,
    ) -> Book:
        """The error-based estimate of the last analysed match, its 90% interval and the
        counted decisions behind it."""
        low, high = interval if interval else (None, None)
        return replace(
            self,
            estimate=estimate,
            estimate_low=low,
            estimate_high=high,
            estimate_decisions=max(0, int(decisions)),
        )

    def with_analysis(self, player: dict[str, object]) -> Book:
        """The estimate from one player's figures as ``game.web.worker.judging`` sends them."""
        estimate = _number(player.get("rating"))
        if estimate is None:
            return self
        intervals = player.get("intervals")
        found = intervals.get("rating") if isinstance(intervals, dict) else None
        pair = None
        if isinstance(found, list) and len(found) == 2:
            low, high = _number(found[0]), _number(found[1])
            pair = (low, high) if low is not None and high is not None else None
        decisions = player.get("decisions")
        return self.with_estimate(estimate, pair, decisions if type(decisions) is int else 0)

    def with_match(self, player: dict[str, object]) -> Book:
        """The book with one more analysed match's figures (as ``game.web.worker.judging`` sends a
        player's); unchanged when they cannot be read."""
        figures = _match_figures(player)
        if figures is None:
            return self
        return replace(self, matches=(*self.matches, figures)[-KEPT:])

    def with_last(self, fingerprint: str) -> Book:
        return replace(self, last=fingerprint)

    @property
    def history(self) -> list[float]:
        """The rating before the first kept result, then after each."""
        return [self.start] + [r.rating for r in self.results]

    def to_text(self) -> str:
        return json.dumps(
            {
                "version": VERSION,
                "rating": self.rating,
                "experience": self.experience,
                "results": [[r.level, r.length, int(r.won), r.rating] for r in self.results],
                "estimate": self.estimate,
                "start": self.start,
                "last": self.last,
                "estimate_interval": (
                    [self.estimate_low, self.estimate_high]
                    if self.estimate_low is not None
                    else None
                ),
                "estimate_decisions": self.estimate_decisions,
                "matches": [[m.error_rate, m.pr, m.low, m.high, m.decisions] for m in self.matches],
            },
            separators=(",", ":"),
        )


def _number(value: object) -> float | None:
    """A rating-sized number: above 0, below 10,000."""
    number = finite(value, 0.0, 10_000.0)
    return number if number and number < 10_000.0 else None


def read_book(text: object) -> Book:
    """The book saved as ``text``; a new book for anything unreadable (never raises)."""
    return book_from(data_of(text, RATING))


def book_from(data: object) -> Book:
    """The book in ``data`` as the door read it (None: a new book)."""
    if not isinstance(data, dict):
        return Book()
    rating = _number(data.get("rating"))
    experience = data.get("experience")
    if rating is None or type(experience) is not int or experience < 0:
        return Book()
    results = []
    for item in data.get("results") or []:
        if not (isinstance(item, list) and len(item) == 4):
            continue
        level, length, won, after = item
        after_rating = _number(after)
        if not isinstance(level, str) or level not in LEVEL_RATINGS or after_rating is None:
            continue
        if type(length) is not int or not 1 <= length <= 25 or won not in (0, 1):
            continue
        results.append(Result(level, length, bool(won), after_rating))
    estimate = _number(data.get("estimate"))
    start = _number(data.get("start")) or START
    last = data.get("last")
    last = last if isinstance(last, str) and len(last) <= 64 else ""
    low = high = None
    found = data.get("estimate_interval")
    if isinstance(found, list) and len(found) == 2:
        low, high = _number(found[0]), _number(found[1])
        if low is None or high is None:
            low = high = None
    decisions = data.get("estimate_decisions")
    decisions = decisions if type(decisions) is int and 0 <= decisions < 1_000_000 else 0
    matches = []
    for item in data.get("matches") or []:
        if isinstance(item, list) and len(item) == 5:
            found_match = _match_figures(
                {"error_rate": item[0], "pr": item[1], "intervals": {"pr": item[2:4]},
                 "decisions": item[4]}
            )  # fmt: skip
            if found_match is not None:
                matches.append(found_match)
    return Book(
        rating,
        experience,
        tuple(results[-KEPT:]),
        estimate,
        start,
        last,
        low,
        high,
        decisions,
        tuple(matches[-KEPT:]),
    )


def _rate(value: object) -> float | None:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    number = float(value)
    return number if math.isfinite(number) and 0 <= number < 100_000 else None


def _match_figures(player: dict[str, object]) -> MatchFigures | None:
    error_rate, pr = _rate(player.get("error_rate")), _rate(player.get("pr"))
    intervals = player.get("intervals")
    pair = intervals.get("pr") if isinstance(intervals, dict) else None
    decisions = player.get("decisions")
    if error_rate is None or pr is None or type(decisions) is not int or decisions < 0:
        return None
    low = high = pr
    if isinstance(pair, list) and len(pair) == 2:
        low_found, high_found = _rate(pair[0]), _rate(pair[1])
        if low_found is not None and high_found is not None:
            low, high = low_found, high_found
    return MatchFigures(error_rate, pr, low, high, decisions)


def progress_chart(book: Book) -> str:
    """The PR of each analysed match against the computer, with its interval."""
    return pr_chart([(m.error_rate, m.pr, m.low, m.high) for m in book.matches])


# --- how sure the rating from results is ----------------------------------------------------

LIKELY = 0.90
_DROP = 1.3528  # half the 90% point of chi-square with one degree of freedom
LOWEST, HIGHEST = 0.0, 3000.0  # the rating scale's ends: an interval there is open


def _log_likelihood(rating: float, results: tuple[Result, ...]) -> float:
    total = 0.0
    for result in results:
        chance = win_chance(rating, level_rating(result.level), result.length)
        chance = min(max(chance, 1e-12), 1.0 - 1e-12)
        total += math.log(chance if result.won else 1.0 - chance)
    return total


def results_interval(results: tuple[Result, ...]) -> tuple[float, float, float] | None:
    """(rating, low, high): the rating that makes the results likeliest against the levels'
    ratings by the FIBS formula, and its 90% likelihood interval (where the likelihood
    falls by ``_DROP`` in log); None without results. A bound the results cannot set (all
    won, all lost) stays at 0 or 3000."""
    if not results:
        return None
    low, high = LOWEST, HIGHEST
    for _ in range(60):  # the likelihood is concave in the rating: search its peak
        middle = (low + high) / 2.0
        if _log_likelihood(middle + 0.5, results) > _log_likelihood(middle - 0.5, results):
            low = middle
        else:
            high = middle
    best = (low + high) / 2.0
    floor = _log_likelihood(best, results) - _DROP

    def edge(inside: float, outside: float) -> float:
        if _log_likelihood(outside, results) >= floor:
            return outside
        for _ in range(50):
            middle = (inside + outside) / 2.0
            if _log_likelihood(middle, results) >= floor:
                inside = middle
            else:
                outside = middle
        return (inside + outside) / 2.0

    return best, edge(best, LOWEST), edge(best, HIGHEST)


def history_chart(book: Book) -> str:
    return rating_chart(book.history)


def result_of(game: GameState, person: int = 0) -> tuple[int, bool] | None:
    """(points the result counts for, whether ``person`` won) once a match is over, or a
    money game (counted as a 1-point match); None while it goes on."""
    if game.winner is None:
        return None
    length = game.rules.match_length
    if length and game.phase is Phase.MATCH_OVER:
        return length, game.winner == person
    if not length and game.phase is Phase.GAME_OVER:
        return 1, game.winner == person
    return None


def fingerprint(record_text: str) -> str:
    """A short digest of a record's text: the same finished match is counted once."""
    return hashlib.sha256(record_text.encode()).hexdigest()[:32]
