"""Intervals by bootstrap: they cover as often as they claim, and analyse keeps its lines."""

from __future__ import annotations

import io
import math
import random
import re
from pathlib import Path

import pytest

from game.analysis.intervals import (
    Interval,
    bootstrap,
    mean_interval,
    player_intervals,
    pr_interval,
    rating_interval,
)
from game.analysis.record_analysis import PlayerStats, analyse_record
from game.cli import analyse as analyse_cli
from game.formats.mat import parse_mat

MATCH = Path(__file__).parent / "data" / "matches" / "gnubg-noisy-5-3.mat"


def losses_of_a_player(rng: random.Random, n: int) -> list[float]:
    """Decisions' losses shaped like people's: most right, many small slips, a few blunders."""
    found = []
    for _ in range(n):
        kind = rng.random()
        if kind < 0.55:
            found.append(0.0)
        elif kind < 0.92:
            found.append(rng.expovariate(1 / 0.02))
        else:
            found.append(rng.expovariate(1 / 0.09))
    return found


def coverage(draw, true_mean: float, n: int, trials: int, seed: int) -> tuple[float, int, int]:
    """How often the interval of ``n`` values drawn by ``draw`` covers ``true_mean``, and how
    often it lies wholly above and wholly below it."""
    rng = random.Random(seed)
    covered = above = below = 0
    for _ in range(trials):
        interval = mean_interval([draw(rng) for _ in range(n)])
        assert interval is not None and interval.level == 0.9
        covered += true_mean in interval
        above += interval.low > true_mean
        below += interval.high < true_mean
    return covered / trials, above, below


def test_the_interval_covers_the_true_rate_as_often_as_it_claims():
    # Losses spread evenly about a typical size: 90% claimed, a standard error of 2 points.
    share, above, below = coverage(lambda rng: rng.expovariate(1 / 0.02), 0.02, 80, 240, 2026)
    assert 0.86 <= share <= 0.95 and above < 24 and below < 24, (share, above, below)


def test_with_rare_blunders_it_still_covers_nine_times_in_ten_over_a_long_match():
    # Most decisions right, slips, and 8% blunders that carry half the loss: the hard case.
    true_mean = 0.37 * 0.02 + 0.08 * 0.09
    draw = losses_of_a_player
    share, above, below = coverage(lambda rng: draw(rng, 1)[0], true_mean, 200, 150, 2027)
    assert 0.84 <= share <= 0.96, (share, above, below)


def test_a_wider_claim_gives_a_wider_interval_and_more_decisions_a_narrower_one():
    rng = random.Random(7)
    few = [rng.expovariate(50.0) for _ in range(40)]
    many = [rng.expovariate(50.0) for _ in range(400)]
    ninety, ninety_nine = mean_interval(few), mean_interval(few, level=0.99)
    assert ninety is not None and ninety_nine is not None
    assert ninety_nine.low < ninety.low < ninety.high < ninety_nine.high
    narrow = mean_interval(many)
    assert narrow is not None and narrow.high - narrow.low < ninety.high - ninety.low


def test_the_same_decisions_give_the_same_interval_and_none_give_none():
    losses = losses_of_a_player(random.Random(3), 50)
    assert mean_interval(losses) == mean_interval(list(losses))
    assert mean_interval([]) is None
    assert mean_interval([0.0] * 30) == Interval(0.0, 0.0)
    assert bootstrap([[], []], lambda means: means[0]) is None


def test_the_interval_surrounds_the_figure():
    losses = losses_of_a_player(random.Random(4), 60)
    interval = mean_interval(losses)
    assert interval is not None and math.fsum(losses) / len(losses) in interval


@pytest.fixture(scope="module")
def analysis():
    return analyse_record(parse_mat(MATCH.read_text()), plies=1)


def test_each_counted_decisions_loss_is_kept_for_the_bootstrap(analysis):
    for stats in analysis.stats:
        assert len(stats.play_losses) == stats.unforced
        assert len(stats.cube_losses) == stats.close_cube
        assert math.fsum(stats.play_losses) == pytest.approx(stats.checker_error)
        assert math.fsum(stats.cube_losses) == pytest.approx(stats.cube_error)


def test_a_players_intervals_surround_the_figures(analysis):
    for stats in analysis.stats:
        figures = player_intervals(stats, 5)
        assert figures.error_rate is not None and stats.error_rate in figures.error_rate
        assert figures.pr == pr_interval(stats) and stats.pr in figures.pr
        assert figures.checker is not None and stats.checker_rate in figures.checker
        assert figures.rating is not None and stats.rating_estimate(5) in figures.rating
    assert rating_interval(analysis.stats[0], 0) is None  # money play: no rating
    assert player_intervals(PlayerStats()).pr is None


def _old_stats_line(stats: PlayerStats) -> str:
    return f"{stats.error_rate:.1f} {stats.pr:.1f} {stats.decisions}"


def test_analyse_keeps_its_lines_and_adds_each_players_pr_interval(analysis):
    out = io.StringIO()
    assert analyse_cli.main(["--plies", "1"], io.StringIO(MATCH.read_text()), out) == 0
    lines = out.getvalue().splitlines()
    old = [f"player {p + 1}: {_old_stats_line(analysis.stats[p])}" for p in (0, 1)]
    for number, game in enumerate(analysis.games, 1):
        old += [f"game {number} player {p + 1}: {_old_stats_line(game.stats[p])}" for p in (0, 1)]
    assert lines[: len(old)] == old
    added = lines[len(old) :]
    assert len(added) == 2
    for player, line in enumerate(added):
        found = re.fullmatch(rf"player {player + 1} interval: (\d+\.\d) (\d+\.\d)", line)
        assert found, line
        low, high = float(found.group(1)), float(found.group(2))
        assert low <= analysis.stats[player].pr <= high
