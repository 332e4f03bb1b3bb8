"""How sure the figures are: 90% intervals by bootstrap over the decisions.

    >>> interval = mean_interval([0.0] * 40 + [0.05, 0.1, 0.2, 0.02] * 2)
    >>> round(interval.low, 3), round(interval.high, 3)
    (0.006, 0.033)

One match's error rate rests on a few dozen decisions: had the same player met other
positions, it would have come out otherwise. The interval says by how much: the decisions
are resampled with replacement (``RESAMPLES`` times, from a fixed seed, so the same
analysis always gives the same interval) and the statistic recomputed on each resample;
the interval is the bias-corrected and accelerated (BCa) percentile interval of those
values (Efron), its percentiles widened as Student's t for the number of decisions
(Hesterberg's expanded percentile). "90%": an interval made this way covers the player's
true rate — the rate over many more such decisions — nine times in ten. People's losses are
heavy-tailed: a few blunders carry much of the total, and a match that happened to hold
none cannot show them, so the bootstrap's own 90% interval covers people's true rates less
often than it says. Its tails are therefore cut at ``TAILS`` of their nominal size (the
90% interval is the bootstrap's 95%), chosen and checked on people's matches
(``python -m tools.qa.interval_coverage``; the figures in docs/performance.md).

``PlayerStats`` (``game.analysis.record_analysis``) keeps each counted decision's loss;
``player_intervals`` gives the error rate's (and PR's: half of it), the checker play's, the
cube's, and the error-based rating's intervals. Pure Python: it runs the same in the page.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from statistics import NormalDist

from game.analysis.results import PlayerStats, rating_of

LEVEL = 0.90
TAILS = 0.5  # the share of the nominal tails left out: 90% is the bootstrap's 95%
RESAMPLES = 1000
SEED = 36
# The error-based rating is shown only from this many counted decisions: below it the
# interval spans hundreds of points and the estimate means little.
RATING_DECISIONS = 100

_NORMAL = NormalDist()

Means = list[float]


@dataclass(frozen=True, slots=True)
class Interval:
    """``low`` to ``high``: the ``level`` interval of a figure."""

    low: float
    high: float
    level: float = LEVEL

    def scaled(self, factor: float) -> Interval:
        return Interval(self.low * factor, self.high * factor, self.level)

    def __contains__(self, value: float) -> bool:
        return self.low - 1e-9 <= value <= self.high + 1e-9


def bootstrap(
    strata: Sequence[Sequence[float]],
    statistic: Callable[[Means], float],
    level: float = LEVEL,
    resamples: int = RESAMPLES,
    seed: int = SEED,
    tails: float = TAILS,
) -> Interval | None:
    """The BCa bootstrap interval of ``statistic`` of the means of ``strata``, claimed at
    ``level``, its tails cut at ``tails`` of their nominal size.

    Each stratum (the losses of one kind of decision) is resampled apart, keeping its size;
    ``statistic`` gets the means of the strata (0 for an empty one). None without values.
    """
    groups = [[float(value) for value in stratum] for stratum in strata]
    sizes = [len(group) for group in groups]
    if not sum(sizes):
        return None
    totals = [math.fsum(group) for group in groups]
    estimate = statistic([t / k if k else 0.0 for t, k in zip(totals, sizes, strict=True)])
    rng = random.Random(seed)
    values = []
    for _ in range(resamples):
        means = [
            sum(rng.choices(group, k=k)) / k if k else 0.0
            for group, k in zip(groups, sizes, strict=True)
        ]
        values.append(statistic(means))
    values.sort()
    if values[0] == values[-1]:
        return Interval(values[0], values[0], level)
    # Bias correction: where the estimate falls among the resampled values.
    below = sum(1 for v in values if v < estimate) + 0.5 * sum(1 for v in values if v == estimate)
    share = min(max(below / resamples, 1.0 / (resamples + 1)), resamples / (resamples + 1))
    z0 = _NORMAL.inv_cdf(share)
    # Acceleration: the skewness of the jackknife (each value left out once).
    leave_out = []
    for g, group in enumerate(groups):
        if sizes[g] < 2:
            continue
        others = [t / k if k else 0.0 for t, k in zip(totals, sizes, strict=True)]
        for value in group:
            others[g] = (totals[g] - value) / (sizes[g] - 1)
            leave_out.append(statistic(list(others)))
    acceleration = 0.0
    if leave_out:
        mean = math.fsum(leave_out) / len(leave_out)
        squares = math.fsum((mean - v) ** 2 for v in leave_out)
        cubes = math.fsum((mean - v) ** 3 for v in leave_out)
        acceleration = cubes / (6.0 * squares**1.5) if squares > 0 else 0.0

    count = sum(sizes)

    def quantile(alpha: float) -> float:
        z = _expanded(_NORMAL.inv_cdf(alpha), count)
        adjusted = _NORMAL.cdf(z0 + (z0 + z) / (1.0 - acceleration * (z0 + z)))
        position = adjusted * (resamples - 1)
        lower = min(max(math.floor(position), 0), resamples - 1)
        upper = min(lower + 1, resamples - 1)
        return values[lower] + (values[upper] - values[lower]) * (position - lower)

    tail = (1.0 - level) / 2.0 * tails
    return Interval(quantile(tail), quantile(1.0 - tail), level)


def _expanded(z: float, n: int) -> float:
    """A normal quantile widened as Student's t with n - 1 degrees of freedom, times
    sqrt(n / (n - 1)) (Hesterberg's expanded percentile: a resample's spread is that of
    n values, not of the population); t by its Cornish-Fisher expansion."""
    if n < 3:
        return z * 2.0
    freedom = n - 1.0
    t = z + (z**3 + z) / (4.0 * freedom) + (5 * z**5 + 16 * z**3 + 3 * z) / (96.0 * freedom**2)
    return t * math.sqrt(n / freedom)


def mean_interval(losses: Sequence[float], level: float = LEVEL) -> Interval | None:
    """The interval of the mean of ``losses`` (None when there are none)."""
    return bootstrap([losses], lambda means: means[0], level)


@dataclass(frozen=True, slots=True)
class PlayerIntervals:
    """One player's intervals, each None without decisions of its kind: the error rate
    (mEMG), PR, checker play, cube, and the error-based rating (match play, from
    ``RATING_DECISIONS`` decisions)."""

    error_rate: Interval | None
    pr: Interval | None
    checker: Interval | None
    cube: Interval | None
    rating: Interval | None


def rating_interval(stats: PlayerStats, match_length: int, level: float = LEVEL) -> Interval | None:
    """The interval of ``PlayerStats.rating_estimate`` (None in money play or without
    decisions): the checker plays and the cube decisions each resampled."""
    if match_length <= 0 or not stats.decisions:
        return None

    def rating(means: Means) -> float:
        return rating_of(1000.0 * means[0], 1000.0 * means[1], match_length)

    return bootstrap([stats.play_losses, stats.cube_losses], rating, level)


def pr_interval(stats: PlayerStats, level: float = LEVEL) -> Interval | None:
    """The interval of the PR (half the error rate's, in mEMG): all counted decisions."""
    interval = mean_interval([*stats.play_losses, *stats.cube_losses], level)
    return interval.scaled(500.0) if interval else None


def player_intervals(
    stats: PlayerStats, match_length: int = 0, level: float = LEVEL
) -> PlayerIntervals:
    """Every interval of one player's figures (rates in mEMG, as ``PlayerStats``)."""
    losses = [*stats.play_losses, *stats.cube_losses]
    total = mean_interval(losses, level)
    error_rate = total.scaled(1000.0) if total else None
    checker = mean_interval(stats.play_losses, level)
    cube = mean_interval(stats.cube_losses, level)
    return PlayerIntervals(
        error_rate,
        error_rate.scaled(0.5) if error_rate else None,
        checker.scaled(1000.0) if checker else None,
        cube.scaled(1000.0) if cube else None,
        rating_interval(stats, match_length, level),
    )


def enough_for_rating(stats: PlayerStats) -> bool:
    """Whether the error-based rating estimate means something: ``RATING_DECISIONS``."""
    return stats.decisions >= RATING_DECISIONS


__all__ = [
    "LEVEL",
    "RATING_DECISIONS",
    "TAILS",
    "Interval",
    "PlayerIntervals",
    "bootstrap",
    "enough_for_rating",
    "mean_interval",
    "player_intervals",
    "pr_interval",
    "rating_interval",
]
