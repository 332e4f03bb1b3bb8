"""A rollout's trials and what they add up to: mergeable from chunks, the same answer however
the trials were split.

    >>> tally = Tally()
    >>> tally.add(0, (1.0, 0.0, 0.0, 0.0, 0.0))
    >>> other = Tally({1: (0.0, 0.0, 0.0, 1.0, 0.0)})
    >>> both = tally.merged(other)
    >>> result = both.result()
    >>> result.trials, result.equity, round(result.standard_error, 4), result.chances.win
    (2, -0.5, 1.5, 0.5)

Each trial's outcome is five figures for the side the rollout is for (win, win gammon, win
backgammon, lose gammon, lose backgammon: 1 or 0, less the luck taken away by variance
reduction, or the network's chances where the trial was truncated). A tally keeps them by
trial number, so that chunks merge by union and the figures, summed exactly (``math.fsum``),
do not depend on the order the chunks came in. A cubeful rollout's trials also keep their
cubeful points (``cubeful``, by trial number): its result has the cubeful equity too.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from game.bot.probabilities import Probabilities

Outcome = tuple[float, float, float, float, float]


def equity_of(outcome: Outcome) -> float:
    """Cubeless money equity of five figures (single 1, gammon 2, backgammon 3)."""
    win, win_gammon, win_backgammon, lose_gammon, lose_backgammon = outcome
    return 2.0 * win - 1.0 + win_gammon - lose_gammon + win_backgammon - lose_backgammon


def flipped(outcome: Outcome) -> Outcome:
    """The same outcome for the other side."""
    win, win_gammon, win_backgammon, lose_gammon, lose_backgammon = outcome
    return (1.0 - win, lose_gammon, lose_backgammon, win_gammon, win_backgammon)


@dataclass(frozen=True, slots=True)
class RolloutResult:
    """What a rollout found: its trials, the mean equity and its standard error, the five
    chances (means, each in 0..1) and their standard errors."""

    trials: int
    equity: float
    standard_error: float
    chances: Probabilities
    chance_errors: Outcome
    cubeful: float | None = None  # a cubeful rollout's mean points, and their error
    cubeful_error: float | None = None

    @property
    def value(self) -> float:
        """The figure candidates are ranked by: the cubeful equity, else the cubeless."""
        return self.equity if self.cubeful is None else self.cubeful

    @property
    def value_error(self) -> float:
        return self.standard_error if self.cubeful_error is None else self.cubeful_error

    def flip(self) -> RolloutResult:
        """The same result for the other side."""
        errors = self.chance_errors
        return RolloutResult(
            self.trials,
            -self.equity,
            self.standard_error,
            self.chances.flip(),
            (errors[0], errors[3], errors[4], errors[1], errors[2]),
            None if self.cubeful is None else -self.cubeful,
            self.cubeful_error,
        )

    def joint_deviations(self, best: RolloutResult) -> float:
        """gnubg's JSD: how many joint standard errors this result's equity (cubeful, in a
        cubeful rollout) lies below ``best``'s (0 for the best itself; ``inf`` when both are
        exact and differ)."""
        gap = best.value - self.value
        joint = math.hypot(self.value_error, best.value_error)
        if joint == 0.0:
            return 0.0 if gap == 0.0 else math.inf
        return gap / joint


class Tally:
    """Trials' outcomes by trial number (from 0)."""

    __slots__ = ("cubeful", "outcomes")

    def __init__(
        self,
        outcomes: Mapping[int, Outcome] | None = None,
        cubeful: Mapping[int, float] | None = None,
    ) -> None:
        self.outcomes: dict[int, Outcome] = dict(outcomes or {})
        self.cubeful: dict[int, float] = dict(cubeful or {})

    def __len__(self) -> int:
        return len(self.outcomes)

    def add(self, trial: int, outcome: Outcome, cubeful: float | None = None) -> None:
        self.outcomes[trial] = outcome
        if cubeful is not None:
            self.cubeful[trial] = cubeful

    def merged(self, *others: Tally) -> Tally:
        """This tally and ``others`` together (a trial in two of them must agree)."""
        outcomes, cubeful = dict(self.outcomes), dict(self.cubeful)
        for other in others:
            for trial, outcome in other.outcomes.items():
                if outcomes.setdefault(trial, outcome) != outcome:
                    raise ValueError(f"trial {trial} differs between the chunks")
            for trial, points in other.cubeful.items():
                if cubeful.setdefault(trial, points) != points:
                    raise ValueError(f"trial {trial} differs between the chunks")
        return Tally(outcomes, cubeful)

    def result(self) -> RolloutResult:
        """The figures of every trial so far (``ValueError`` when there is none)."""
        if not self.outcomes:
            raise ValueError("a rollout with no trials has no result")
        outcomes = [self.outcomes[trial] for trial in sorted(self.outcomes)]
        count = len(outcomes)
        means = [math.fsum(column) / count for column in zip(*outcomes, strict=True)]
        errors = [
            _standard_error(column, mean)
            for column, mean in zip(zip(*outcomes, strict=True), means, strict=True)
        ]
        equities = [equity_of(outcome) for outcome in outcomes]
        equity = math.fsum(equities) / count
        chances = [min(1.0, max(0.0, mean)) for mean in means]
        cubeful = cubeful_error = None
        if self.cubeful:
            if self.cubeful.keys() != self.outcomes.keys():
                raise ValueError("a cubeful rollout has cubeful points for every trial")
            points = [self.cubeful[trial] for trial in sorted(self.cubeful)]
            cubeful = math.fsum(points) / count
            cubeful_error = _standard_error(points, cubeful)
        return RolloutResult(
            count,
            equity,
            _standard_error(equities, equity),
            Probabilities(*chances),
            (errors[0], errors[1], errors[2], errors[3], errors[4]),
            cubeful,
            cubeful_error,
        )

    def as_lists(self) -> list[list[float]]:
        """Plain values for a worker's message: ``[trial, five figures...]`` each, and the
        cubeful points after them in a cubeful rollout."""
        return [
            [trial, *outcome, *([self.cubeful[trial]] if trial in self.cubeful else [])]
            for trial, outcome in sorted(self.outcomes.items())
        ]

    @classmethod
    def from_lists(cls, rows: Iterable[Iterable[float]]) -> Tally:
        """The tally ``as_lists`` wrote (``ValueError`` for anything else)."""
        tally = cls()
        for row in rows:
            values = list(row)
            if len(values) not in (6, 7) or not float(values[0]).is_integer() or values[0] < 0:
                raise ValueError("a trial is its number, five figures and its cubeful points")
            trial, *figures = values
            tally.add(
                int(trial),
                (figures[0], figures[1], figures[2], figures[3], figures[4]),
                figures[5] if len(figures) == 6 else None,
            )
        return tally


def _standard_error(values: Iterable[float], mean: float) -> float:
    """The standard error of the mean of ``values`` (0 for a single value)."""
    values = list(values)
    if len(values) < 2:
        return 0.0
    variance = math.fsum((value - mean) ** 2 for value in values) / (len(values) - 1)
    return math.sqrt(variance / len(values))
