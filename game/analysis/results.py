"""What an analysis finds: each judged decision, the luck of each roll, each player's
error rates, PR and rating (``game.analysis.record_analysis`` finds them).

The figures are defined as GNU Backgammon defines its own, so players can
compare them:

- Error of a play: the best play's equity minus the chosen play's. Marks:
  doubtful from 0.04, bad from 0.08, very bad from 0.16.
- Cube errors: a missed double (the player rolled when doubling was better),
  a wrong double, a wrong take, a wrong pass; each the equity lost against the
  better action, from the doubler's figures (no double, double/take, double/pass).
- Decisions that count: unforced plays (more than one legal play) and "close"
  cube decisions: every double, take and pass, and a roll without doubling when
  doubling would have lost less than 0.16 (an error is always counted, close or not).
- Error rate: thousandths of equity (mEMG) lost per counted decision; checker
  play and cube apart and together. PR (Performance Rating): the mean error per
  counted decision x 500, half the error rate.
- Luck of a roll: the equity after the best play of that roll minus the
  equity before it was rolled, both by the network alone (as gnubg judges luck
  at 0-ply whatever the analysis depth), for the player who rolled. The
  winning chances of the chart are the network's, before each roll.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from game.analysis.judgement import CubeFigures, RankedPlay
from game.analysis.marks import mark_of
from game.bot.cube import CubeAction, CubeResponse
from game.engine.plays import Play
from game.engine.record import ActionKind
from game.engine.state import GameState

RATING_OFFSET = 2050.0  # gnubg's rating of an error-free player

# A decision is a play or a cube word: the doubler's action or the doubled player's answer.
DecisionKind = ActionKind | CubeAction | CubeResponse
PLAY = ActionKind.PLAY


class AnalysisCancelled(Exception):
    """The analysis was stopped before its end."""


@dataclass(frozen=True, slots=True)
class Decision:
    """One judged decision.

    ``state``: the game as it was (before the roll for a cube decision and for a
    play, where it holds the dice). ``kind``: ``play``, ``no-double``, ``double``,
    ``take``, ``beaver`` or ``pass``. ``chosen`` / ``best``: the play made and the
    best play (plays), or the words of the action (cube); ``chosen_play`` / ``best_play``
    the plays themselves. ``equity`` /
    ``best_equity``: EMG for the decider. ``counted``: an unforced play or a close
    cube decision (the error rate's denominator). ``plays``: the best few plays.
    """

    index: int
    kind: DecisionKind
    player: int
    state: GameState
    error: float
    counted: bool
    chosen: str
    best: str
    equity: float
    best_equity: float
    best_play: Play | None = None
    plays: tuple[RankedPlay, ...] = ()
    cube: CubeFigures | None = None
    chosen_play: Play | None = None

    @property
    def mark(self) -> str | None:
        return mark_of(self.error)

    @property
    def is_cube(self) -> bool:
        return self.kind != PLAY


@dataclass(frozen=True, slots=True)
class RollLuck:
    """The luck of one roll for ``player``, in EMG (positive: lucky)."""

    index: int
    player: int
    dice: tuple[int, int]
    luck: float


@dataclass(slots=True)
class PlayerStats:
    """One player's totals; rates in thousandths of equity per counted decision.
    ``play_losses`` / ``cube_losses``: the equity lost at each counted decision (unforced
    plays, close cube decisions), in order: what ``game.analysis.intervals`` resamples."""

    plays: int = 0
    unforced: int = 0
    checker_error: float = 0.0
    cube_decisions: int = 0
    close_cube: int = 0
    cube_error: float = 0.0
    luck: float = 0.0
    marks: dict[str, int] = field(default_factory=dict)
    play_losses: list[float] = field(default_factory=list)
    cube_losses: list[float] = field(default_factory=list)

    def add(self, other: PlayerStats) -> None:
        self.plays += other.plays
        self.unforced += other.unforced
        self.checker_error += other.checker_error
        self.cube_decisions += other.cube_decisions
        self.close_cube += other.close_cube
        self.cube_error += other.cube_error
        self.luck += other.luck
        for name, count in other.marks.items():
            self.marks[name] = self.marks.get(name, 0) + count
        self.play_losses.extend(other.play_losses)
        self.cube_losses.extend(other.cube_losses)

    @property
    def decisions(self) -> int:
        """Counted decisions: unforced plays and close cube decisions."""
        return self.unforced + self.close_cube

    @property
    def checker_rate(self) -> float:
        return 1000.0 * self.checker_error / self.unforced if self.unforced else 0.0

    @property
    def cube_rate(self) -> float:
        return 1000.0 * self.cube_error / self.close_cube if self.close_cube else 0.0

    @property
    def error_rate(self) -> float:
        """gnubg's "Error rate mEMG" of checker play and cube together."""
        total = self.checker_error + self.cube_error
        return 1000.0 * total / self.decisions if self.decisions else 0.0

    @property
    def pr(self) -> float:
        """Performance Rating: mean error per counted decision x 500."""
        return self.error_rate / 2.0

    def rating_estimate(self, match_length: int) -> float | None:
        """The FIBS rating that plays with these error rates, as gnubg estimates it ("Error
        based abs. FIBS rating", from Kees van den Doels's fit): 2050 minus
        (8798 + 25526/N) per unit of checker error per unforced play and (863 - 519/N)
        per unit of cube error per close decision, N the match length. None in money play."""
        if match_length <= 0:
            return None
        return rating_of(self.checker_rate, self.cube_rate, match_length)


def rating_of(checker_rate: float, cube_rate: float, match_length: int) -> float:
    """gnubg's error-based FIBS rating from the checker and cube error rates (mEMG) in a
    match to ``match_length`` points (see ``PlayerStats.rating_estimate``)."""
    n = float(match_length)
    checker = checker_rate / 1000.0 * (8798.0 + 25526.0 / n)
    cube = cube_rate / 1000.0 * (863.0 - 519.0 / n)
    return RATING_OFFSET - checker - cube


@dataclass(frozen=True, slots=True)
class GameAnalysis:
    """Everything judged in one game. ``win_chances``: player 0's chance of winning the
    game before each roll (then 1 or 0 once it is over), for a chart."""

    decisions: tuple[Decision, ...]
    luck: tuple[RollLuck, ...]
    win_chances: tuple[float, ...]
    stats: tuple[PlayerStats, PlayerStats]

    def biggest_mistakes(self, count: int = 5) -> list[Decision]:
        """The costliest decisions with an error of at least 'doubtful', worst first."""
        return biggest_mistakes(self.decisions, count)


@dataclass(frozen=True, slots=True)
class MatchAnalysis:
    games: tuple[GameAnalysis, ...]
    stats: tuple[PlayerStats, PlayerStats]

    def biggest_mistakes(self, count: int = 5) -> list[tuple[int, Decision]]:
        """(game number from 0, decision) of the costliest decisions of the match."""
        found = [(g, d) for g, game in enumerate(self.games) for d in game.decisions]
        found = [pair for pair in found if pair[1].mark]
        found.sort(key=lambda pair: -pair[1].error)
        return found[:count]


def biggest_mistakes(decisions: Sequence[Decision], count: int = 5) -> list[Decision]:
    marked = [d for d in decisions if d.mark]
    marked.sort(key=lambda d: -d.error)
    return marked[:count]


@dataclass(frozen=True, slots=True)
class Progress:
    """``done`` of ``total`` steps; ``result`` is set on the last one."""

    done: int
    total: int
    result: GameAnalysis | MatchAnalysis | None = None
