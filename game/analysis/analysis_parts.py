"""The analysis of a record in parts, for a pool of workers: the same figures as in one go.

    >>> import random
    >>> from game.analysis.selfplay import BotPlayer, play_game
    >>> from game.engine.match import Rules
    >>> from game.engine.record import Record
    >>> from game.analysis.record_analysis import games_of
    >>> rng = random.Random(3)
    >>> games = games_of(play_game(Record.new(Rules.full()), rng, BotPlayer("casual", rng)))
    >>> parts = parts_of(games, size=8)
    >>> figures = [judge_part(games, 1, part) for part in parts]    # anywhere, in any order
    >>> whole = analysis_in_parts(games, 1, figures)
    >>> alone = analyse_match(games, 1)
    >>> whole.stats[0].error_rate == alone.stats[0].error_rate
    True

A part is a run of one game's decisions (``Part``: the game, the first decision, the one
after the last) that begins at a roll, so that nothing of a game's judging crosses from one
part to the next (a play's luck goes with its roll, a take with its double). Each part is
judged anywhere (``judge_part``: a pool worker), the judge's answers recorded as JSON-able
data (``Figures``); then ``analysis_in_parts`` runs the analysis in order with those answers
instead of the searches (what was not recorded is judged there). The judge's answers do not
depend on what it judged before (``SharingJudge`` only shares work), so the result is the
one ``analyse_match`` gives, to the last digit. ``upto``: only the first decisions (an
analysis stopped: what was done).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import astuple, dataclass
from typing import Any

from game.analysis.judgement import CubeFigures, RankedPlay, SharingJudge
from game.analysis.record_analysis import GameJudge, analyse_match, analysis_steps, moments_of
from game.analysis.results import MatchAnalysis, Progress
from game.bot.cube.state import CubeState
from game.engine.plays import legal_plays
from game.engine.position import Position
from game.engine.record import ActionKind
from game.engine.state import GameState

# Decisions in a part, about. A part's cost varies several times over (contact against a
# race), and the slowest part left alone at the end is time the other workers wait: 6 keeps
# 3 to 8 workers busier than 10 did (python -m tools.bench.pool_share: a 60-turn game at
# 2-ply on 4 workers 0.27 of one worker's time, 0.29 with 10; on 8, 0.16 against 0.20), and
# costs no sharing measurably (15.0 s of CPU against 15.1); smaller parts begin to.
PART = 6

# The judge's answers of one part: [game, decision, [[what, plies, answer], ...]] per decision.
Figures = list[list[Any]]
CUBE, RANK = "cube", "rank"


@dataclass(frozen=True, slots=True)
class Part:
    game: int  # the game's index in the record
    start: int  # its first decision (in ``record_analysis.moments_of`` that game)
    end: int  # the decision after its last

    def to_list(self) -> list[int]:
        return [self.game, self.start, self.end]

    @classmethod
    def of(cls, data: Sequence[int]) -> Part:
        return cls(int(data[0]), int(data[1]), int(data[2]))


def parts_of(games: Sequence[Sequence[GameState]], size: int = PART) -> list[Part]:
    """The decisions of ``games`` in parts of about ``size``, each from a roll."""
    parts = []
    for game, states in enumerate(games):
        moments = moments_of(states)
        start = 0
        for index, moment in enumerate(moments):
            if index - start >= size and moment.kind == ActionKind.ROLL:
                parts.append(Part(game, start, index))
                start = index
        if start < len(moments):
            parts.append(Part(game, start, len(moments)))
    return parts


def decisions_in(games: Sequence[Sequence[GameState]]) -> int:
    """How many decisions and rolls the analysis judges (its progress counts these)."""
    return sum(len(moments_of(states)) for states in games)


class _RecordingJudge(SharingJudge):
    """A sharing judge that writes down its answers, by decision."""

    def __init__(self, game: int) -> None:
        super().__init__()
        self.game = game
        self.figures: Figures = []

    def at(self, game: int, index: int) -> None:
        self.figures.append([game, index, []])

    def rank_plays(
        self, position: Position, dice: tuple[int, int], state: CubeState, plies: int
    ) -> list[RankedPlay]:
        ranked = super().rank_plays(position, dice, state, plies)
        legal = {play: index for index, play in enumerate(legal_plays(position, dice))}
        answer = [[legal[r.play], r.equity] for r in ranked]
        self.figures[-1][2].append([RANK, plies, answer])
        return ranked

    def cube_figures(self, position: Position, state: CubeState, plies: int) -> CubeFigures:
        figures = super().cube_figures(position, state, plies)
        self.figures[-1][2].append([CUBE, plies, list(astuple(figures))])
        return figures


def judge_part(games: Sequence[Sequence[GameState]], plies: int, part: Part) -> Figures:
    """The judge's answers for the decisions of ``part`` (JSON-able)."""
    moments = moments_of(games[part.game])
    judgement = _RecordingJudge(part.game)
    judge = GameJudge(plies, judgement)
    for index in range(part.start, part.end):
        judgement.at(part.game, index)
        judge.judge(index, moments[index])
    return judgement.figures


class _ReplayingJudge(SharingJudge):
    """A judge that gives the recorded answers, in the order they were asked; one not
    recorded (or not the one asked) is worked out here."""

    def __init__(self, recorded: dict[tuple[int, int], list[Any]]) -> None:
        super().__init__()
        self.recorded = recorded
        self.waiting: list[Any] = []

    def at(self, game: int, index: int) -> None:
        self.waiting = list(self.recorded.get((game, index), []))

    def _next(self, what: str, plies: int) -> Any:
        if self.waiting and self.waiting[0][0] == what and self.waiting[0][1] == plies:
            return self.waiting.pop(0)[2]
        self.waiting = []  # not what was recorded: work out the rest here
        return None

    def rank_plays(
        self, position: Position, dice: tuple[int, int], state: CubeState, plies: int
    ) -> list[RankedPlay]:
        answer = self._next(RANK, plies)
        if answer is None:
            return super().rank_plays(position, dice, state, plies)
        legal = legal_plays(position, dice)
        return [RankedPlay(legal[int(index)], float(equity)) for index, equity in answer]

    def cube_figures(self, position: Position, state: CubeState, plies: int) -> CubeFigures:
        answer = self._next(CUBE, plies)
        if answer is None:
            return super().cube_figures(position, state, plies)
        return CubeFigures(*answer)


def analysis_in_parts_steps(
    games: Sequence[Sequence[GameState]],
    plies: int,
    figures: Sequence[Figures],
    upto: int | None = None,
) -> Iterator[Progress]:
    """``analysis_steps`` with the parts' recorded answers (``judge_part``'s)."""
    recorded = {(int(g), int(i)): calls for part in figures for g, i, calls in part}
    judge = _ReplayingJudge(recorded)
    return analysis_steps(games, plies, judges=lambda: judge, upto=upto)


def analysis_in_parts(
    games: Sequence[Sequence[GameState]],
    plies: int,
    figures: Sequence[Figures],
    upto: int | None = None,
) -> MatchAnalysis:
    """The analysis from the parts' recorded answers: ``analyse_match``'s result."""
    for step in analysis_in_parts_steps(games, plies, figures, upto):
        if step.result is not None:
            return step.result  # type: ignore[return-value]
    raise AssertionError("analysis_steps ends with a result")


__all__ = [
    "PART",
    "Figures",
    "Part",
    "analyse_match",
    "analysis_in_parts",
    "analysis_in_parts_steps",
    "decisions_in",
    "judge_part",
    "parts_of",
]
