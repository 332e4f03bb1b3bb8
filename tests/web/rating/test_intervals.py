"""The page's words for how sure a figure is: the analysis view, the rating."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from game.analysis.intervals import RATING_DECISIONS
from game.analysis.record_analysis import analyse_record
from game.formats.mat import parse_mat
from game.web.rating import book as rating
from game.web.rating import words as words_of_rating
from game.web.review import analysis_view
from game.web.worker.judging import summary

MATCH = Path(__file__).resolve().parents[2] / "data" / "matches" / "gnubg-noisy-5-3.mat"


@pytest.fixture(scope="module")
def shown():
    record = parse_mat(MATCH.read_text())
    return summary(analyse_record(record, plies=1), record, {})


def test_every_rate_and_pr_the_analysis_shows_carries_its_interval(shown):
    html = analysis_view.analysis_html(shown)
    tables = html.count('<table class="analysis-players">')
    assert tables == 1 + len(shown["games"])
    # Per table and player: the error rate, the checker play, and the PR in words.
    assert html.count("likely between") == 2 * tables
    for player in shown["players"]:
        low, high = player["intervals"]["pr"]
        words = analysis_view.how_sure(player)
        assert words == (
            f"PR {player['pr']:.1f}, likely between {low:.1f} and {high:.1f} "
            f"over {player['decisions']} decisions"
        )
        assert low <= player["pr"] <= high
        assert player["intervals"]["error_rate"] == pytest.approx([2 * low, 2 * high])
    assert "90% interval" in html


def test_the_rating_from_errors_needs_enough_decisions(shown):
    assert f"from {RATING_DECISIONS} decisions" in analysis_view.analysis_html(shown)
    assert rating.RATING_DECISIONS == RATING_DECISIONS
    player = dict(shown["players"][0])
    assert player["decisions"] < RATING_DECISIONS and not player["rating_enough"]
    assert analysis_view.rating_text(player).startswith("too few decisions")
    player["rating_enough"] = True
    low, high = player["intervals"]["rating"]
    assert analysis_view.rating_text(player) == (
        f'{player["rating"]:.0f} <span class="likely">(likely {low:.0f} to {high:.0f})</span>'
    )


def test_the_rating_room_shows_the_estimate_only_from_enough_decisions():
    book = rating.Book()
    few = book.with_analysis({"rating": 1800.0, "intervals": {"rating": [1650.0, 1900.0]},
                              "decisions": 60})  # fmt: skip
    said = words_of_rating.estimate_words(few)
    assert "too few" in said and "1800" not in said
    enough = book.with_analysis({"rating": 1800.0, "intervals": {"rating": [1650.0, 1900.0]},
                                 "decisions": 140})  # fmt: skip
    assert words_of_rating.estimate_words(enough) == (
        "From your error rate in the last match analysed: about 1800, likely between 1650 "
        "and 1900 over 140 decisions."
    )
    assert rating.read_book(enough.to_text()) == enough
    assert book.with_analysis({"rating": None}) == book


def test_the_rating_from_results_says_how_sure_it_is():
    assert rating.results_interval(()) is None
    book = rating.Book()
    rng = random.Random(5)
    for _ in range(40):
        # A player who wins a third of 5-point matches against the strong level.
        book = book.after_result("strong", 5, rng.random() < 1 / 3)
    best, low, high = rating.results_interval(book.results)
    assert low < best < high
    assert low < rating.level_rating("strong") - 50 < high  # about 120 below strong
    words = words_of_rating.rating_words(book)
    found = re.search(r"likely between (\d+) and (\d+) \(90%\)", words)
    assert found and (int(found.group(1)), int(found.group(2))) == (round(low), round(high))
    # Only wins: no upper bound the results can set.
    winner = rating.Book().after_result("expert", 1, True)
    assert "likely above" in words_of_rating.results_words(winner)


def test_the_results_interval_covers_as_often_as_it_claims():
    truth, covered, trials = 1800.0, 0, 120
    rng = random.Random(11)
    for _ in range(trials):
        results = []
        for _ in range(60):
            level = rng.choice(["intermediate", "strong", "expert"])
            won = rng.random() < rating.win_chance(truth, rating.level_rating(level), 3)
            results.append(rating.Result(level, 3, won, 0.0))
        _, low, high = rating.results_interval(tuple(results))
        covered += low <= truth <= high
    assert 0.83 <= covered / trials <= 0.97, covered


def test_the_rating_room_charts_each_analysed_match_with_its_interval(shown):
    book = rating.Book()
    assert "Analyse a match" in words_of_rating.progress_words(book)
    assert rating.progress_chart(book).count("<polyline") == 0
    for player in (shown["players"][0], shown["players"][1], {"pr": "junk"}):
        book = book.with_match(player)
    assert len(book.matches) == 2
    last = shown["players"][1]
    low, high = last["intervals"]["pr"]
    assert words_of_rating.progress_words(book) == (
        f"2 analysed matches against the computer; in the last, error rate "
        f"{last['error_rate']:.1f}, PR {last['pr']:.1f}, likely between {low:.1f} and "
        f"{high:.1f} over {last['decisions']} decisions."
    )
    svg = rating.progress_chart(book)
    assert svg.startswith("<svg") and svg.count("<circle") == 2 and svg.count("<line") >= 2
    assert rating.read_book(book.to_text()) == book
