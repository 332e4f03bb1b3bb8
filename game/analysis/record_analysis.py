"""Analysis of played games: every checker and cube decision judged, luck, error rates.

    >>> import random
    >>> from game.engine.match import Rules
    >>> from game.engine.state import GameState
    >>> state = GameState.new(Rules.full(match_length=3)).set_dice((3, 1))
    >>> states = [GameState.new(Rules.full(match_length=3)), state]
    >>> states.append(state.play(state.legal_plays()[-1]))
    >>> result = analyse_game(states, plies=1)
    >>> [(str(d.kind), d.player, d.mark) for d in result.decisions]
    [('play', 0, 'very bad')]

A game is given as the sequence of ``game.engine.state.GameState`` values it went
through, one per action (a roll, a play, a double, a take, a beaver, a pass);
the decisions are read from consecutive states. ``analyse_record`` takes a
whole ``game.engine.record.Record`` (a match, a session, a game in progress, an
imported ``.mat``); ``analysis_steps`` is the same as a generator of progress
steps, which a caller stops to cancel. Judgement is
``game.analysis.judgement``'s (``plies`` 2, the default, is the strongest level's), in
EMG units (see there), so money and match play compare. The decisions of a game
share their work (``game.analysis.judgement.SharingJudge``, the same figures): the
look-ahead of the play made serves the opponent's cube decision and ranking
next. A roll without doubling is first judged by the quick (0-ply) cube model,
and the deeper look skipped when doubling is at least ``CLEARLY_NO_DOUBLE`` worse
(``python -m tools.bench.analysis`` times it all; the figures are in docs/performance.md).

The figures (error rates, PR, marks, luck, the rating) are defined in
``game.analysis.results``, as GNU Backgammon defines its own.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from itertools import pairwise

from game.analysis.judgement import (
    STRONGEST,
    CubeFigures,
    Judge,
    SharingJudge,
    cube_action_error,
    cube_figures,
    cube_state_of,
)
from game.analysis.marks import BAD, DOUBTFUL, VERY_BAD, mark_of
from game.analysis.results import (
    PLAY,
    AnalysisCancelled,
    Decision,
    DecisionKind,
    GameAnalysis,
    MatchAnalysis,
    PlayerStats,
    Progress,
    RollLuck,
    rating_of,
)
from game.bot.cube import BEAVER, DOUBLE, NO_DOUBLE, PASS, TAKE, CubeState
from game.bot.evaluator import evaluate_position
from game.bot.match_value import utility
from game.engine.phase import ENDED_BY_PASS
from game.engine.plays import legal_plays
from game.engine.position import Position
from game.engine.record import ActionKind, Record
from game.engine.state import GameState, Phase

CLOSE_CUBE = VERY_BAD  # gnubg counts a no-double as a decision when doubling loses less
# A roll without doubling first judged by the quick (0-ply) cube model: when doubling is
# this far worse, the decision is neither an error nor close, and the deeper look is skipped.
CLEARLY_NO_DOUBLE = 0.35


# --- reading decisions from states ----------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Moment:
    kind: DecisionKind  # a roll (with its no-double decision when the cube was available), ...
    player: int
    state: GameState
    dice: tuple[int, int] | None = None
    chosen: Position | None = None


def moments_of(states: Sequence[GameState]) -> list[_Moment]:
    """The decisions and rolls of one game, read from consecutive states."""
    found = []
    for before, after in pairwise(states):
        if before.phase in (Phase.OPENING, Phase.ROLL) and after.phase is not Phase.DOUBLED:
            dice = after.dice if after.blocked_dice is None else after.blocked_dice
            if dice is None or after.phase not in (Phase.MOVE, Phase.ROLL):
                continue  # a resignation, or the game changed otherwise
            mover = after.turn if after.blocked_dice is None else 1 - after.turn
            found.append(_Moment(ActionKind.ROLL, mover, before, (dice[0], dice[1])))
        elif before.phase is Phase.ROLL and after.phase is Phase.DOUBLED:
            found.append(_Moment(DOUBLE, before.turn, before))
        elif before.phase is Phase.DOUBLED and after.phase is Phase.ROLL:
            beaver = after.cube.value == 4 * before.cube.value
            found.append(_Moment(BEAVER if beaver else TAKE, 1 - before.turn, before))
        elif before.phase is Phase.DOUBLED and after.ended_by == ENDED_BY_PASS:
            found.append(_Moment(PASS, 1 - before.turn, before))
        elif before.phase is Phase.MOVE and after.phase is not Phase.RESIGNED:
            if after.phase in (Phase.GAME_OVER, Phase.MATCH_OVER):
                if after.ended_by != "play":
                    continue
                chosen = after.position  # the winner, the mover, is on turn
            else:
                chosen = after.position.flip()
            if all(play.position != chosen for play in before.legal_plays()):
                continue  # not a play: a position set up by hand in an edited game
            found.append(_Moment(PLAY, before.turn, before, before.dice, chosen))
    return found


_cube_state = cube_state_of


# --- judging ----------------------------------------------------------------------------------


def _quick_no_double(position: Position, state: CubeState) -> CubeFigures | None:
    """The 0-ply figures when doubling is clearly wrong (not close, not an error)."""
    figures = cube_figures(position, state, plies=1)
    clear = figures.optimal - min(figures.double_take, figures.double_pass) >= CLEARLY_NO_DOUBLE
    if clear and figures.no_double >= figures.optimal - 1e-12:
        return figures
    return None


class GameJudge:
    """Judges one game's rolls and decisions in order (``judge``), keeping its figures."""

    def __init__(self, plies: int, judge: Judge) -> None:
        self.plies = plies
        self.judgement = judge
        self.decisions: list[Decision] = []
        self.luck: list[RollLuck] = []
        self.win_chances: list[float] = []
        self.stats = (PlayerStats(), PlayerStats())
        self.double: CubeFigures | None = None
        self.pending: tuple[int, int, tuple[int, int], float] | None = None  # a roll's luck

    def judge(self, index: int, moment: _Moment) -> None:
        getattr(self, "_" + moment.kind.replace("-", "_"))(index, moment)

    def _roll(self, index: int, moment: _Moment) -> None:
        state, player = moment.state, moment.player
        position = state.board_for(player)
        cube = _cube_state(state, player)
        opening = state.phase is Phase.OPENING
        before = evaluate_position(position)
        self.win_chances.append(before.win if player == 0 else before.lose)
        dice = moment.dice
        assert dice is not None  # a roll has its dice
        self.pending = (index, player, dice, utility(before, cube))
        if not legal_plays(position, dice):
            # No play: the luck is the fall from before the roll to the opponent on roll.
            self._luck(utility(evaluate_position(position.flip()).flip(), cube))
        if opening or not state.rules.cube or not state.may_double(player):
            return
        figures = _quick_no_double(position, cube) if self.plies >= STRONGEST else None
        if figures is None:
            figures = self.judgement.cube_figures(position, cube, self.plies)
        error = cube_action_error(figures, NO_DOUBLE)
        close = figures.optimal - min(figures.double_take, 1.0) < CLOSE_CUBE
        self._cube_decision(index, NO_DOUBLE, player, state, figures, error, close)

    def _luck(self, after: float) -> None:
        assert self.pending is not None  # set by the roll this luck belongs to
        index, player, dice, before = self.pending
        self.luck.append(RollLuck(index, player, dice, after - before))
        self.stats[player].luck += after - before
        self.pending = None

    def _cube_decision(
        self,
        index: int,
        kind: DecisionKind,
        player: int,
        state: GameState,
        figures: CubeFigures,
        error: float,
        close: bool,
        best: str | None = None,
    ) -> None:
        stats = self.stats[player]
        stats.cube_decisions += 1
        stats.close_cube += close
        stats.cube_error += error
        if close:
            stats.cube_losses.append(error)
        best = best or _best_cube_words(figures, kind)
        equity = figures.optimal - error
        decision = Decision(
            index, kind, player, state, error, close, kind, best, equity, figures.optimal,
            cube=figures,
        )  # fmt: skip
        self._record(decision)

    def _record(self, decision: Decision) -> None:
        self.decisions.append(decision)
        if decision.mark:
            marks = self.stats[decision.player].marks
            marks[decision.mark] = marks.get(decision.mark, 0) + 1

    def _double(self, index: int, moment: _Moment) -> None:
        state, player = moment.state, moment.player
        figures = self.judgement.cube_figures(
            state.board_for(player), _cube_state(state, player), self.plies
        )
        self.double = figures
        error = cube_action_error(figures, DOUBLE)
        self._cube_decision(index, DOUBLE, player, state, figures, error, True)

    def _answer(self, index: int, moment: _Moment) -> None:
        state = moment.state
        figures = self.double
        if figures is None:  # a game record starting at a double
            doubler = 1 - moment.player
            figures = self.judgement.cube_figures(
                state.board_for(doubler), _cube_state(state, doubler), self.plies
            )
        # The taker's equities are the doubler's, negated.
        take, drop = -figures.double_take, -figures.double_pass
        best_value = max(take, drop)
        error = cube_action_error(figures, moment.kind)
        chosen = best_value - error
        best = PASS if drop > take else TAKE
        stats = self.stats[moment.player]
        stats.cube_decisions += 1
        stats.close_cube += 1
        stats.cube_error += error
        stats.cube_losses.append(error)
        self._record(
            Decision(
                index, moment.kind, moment.player, state, error, True, moment.kind, best,
                chosen, best_value, cube=figures,
            )
        )  # fmt: skip

    _take = _beaver = _pass = _answer

    def _play(self, index: int, moment: _Moment) -> None:
        state, player = moment.state, moment.player
        position = state.position  # the mover is on turn in the MOVE phase
        cube = _cube_state(state, player)
        dice = moment.dice
        assert dice is not None  # a play is of a roll
        shallow = self.judgement.rank_plays(position, dice, cube, 1)
        ranked = (
            shallow
            if self.plies < STRONGEST
            else self.judgement.rank_plays(position, dice, cube, STRONGEST)
        )
        stats = self.stats[player]
        stats.plays += 1
        if not ranked:
            return
        if self.pending is not None and self.pending[1] == player:
            self._luck(shallow[0].equity)
        chosen = next((r for r in ranked if r.play.position == moment.chosen), None)
        if chosen is None:
            raise ValueError(f"game record: move {index + 1} is not a legal play of the dice")
        best = ranked[0]
        forced = len(ranked) == 1
        error = 0.0 if forced else max(0.0, best.equity - chosen.equity)
        if not forced:
            stats.unforced += 1
            stats.checker_error += error
            stats.play_losses.append(error)
        self._record(
            Decision(
                index, PLAY, player, state, error, not forced, chosen.notation, best.notation,
                chosen.equity, best.equity, best_play=best.play, plays=tuple(ranked[:5]),
                chosen_play=chosen.play,
            )
        )  # fmt: skip

    def finish(self, last: GameState) -> GameAnalysis:
        if last.winner is not None:
            self.win_chances.append(1.0 if last.winner == 0 else 0.0)
        return GameAnalysis(
            tuple(self.decisions), tuple(self.luck), tuple(self.win_chances), self.stats
        )


def _best_cube_words(figures: CubeFigures, kind: str) -> str:
    if figures.no_double >= min(figures.double_take, figures.double_pass):
        return NO_DOUBLE
    return DOUBLE


# --- running ----------------------------------------------------------------------------------


def analysis_steps(
    games: Sequence[Sequence[GameState]],
    plies: int = STRONGEST,
    shared: bool = True,
    judges: Callable[[], Judge] | None = None,
    upto: int | None = None,
) -> Iterator[Progress]:
    """Analyse ``games`` (each the states it went through) step by step.

    Yields a ``Progress`` after each judged roll or decision, and last one whose
    ``result`` is the ``MatchAnalysis``. Stop iterating to cancel: the page runs a
    few steps per slice of time and stays responsive. ``shared``: the decisions of a
    game share their work (``game.analysis.judgement.SharingJudge``; the same figures); False
    judges each one afresh (for tests and the comparison of ``python -m tools.bench.analysis``).
    ``judges``: each game's judge instead (``game.analysis.analysis_parts``); ``upto``: only
    the first that many rolls and decisions, the game they end in cut there.
    """
    moments = [moments_of(states) for states in games]
    ends = [states[-1] if states else GameState() for states in games]
    if upto is not None:
        moments, ends = _cut(moments, ends, upto)
    total = sum(len(m) for m in moments)
    done = 0
    results = []
    for number, (last, game_moments) in enumerate(zip(ends, moments, strict=True)):
        fresh = SharingJudge if shared else Judge
        judgement = judges() if judges is not None else fresh()
        judge = GameJudge(plies, judgement)
        for index, moment in enumerate(game_moments):
            judgement.at(number, index)
            judge.judge(index, moment)
            done += 1
            yield Progress(done, total)
        results.append(judge.finish(last))
    totals = (PlayerStats(), PlayerStats())
    for game in results:
        for player in (0, 1):
            totals[player].add(game.stats[player])
    yield Progress(done, total, MatchAnalysis(tuple(results), totals))


def _cut(
    moments: list[list[_Moment]], ends: list[GameState], upto: int
) -> tuple[list[list[_Moment]], list[GameState]]:
    """The first ``upto`` moments; the game they end in ends at the first left out (a state
    with no winner), the games after it left out."""
    kept: list[list[_Moment]] = []
    kept_ends: list[GameState] = []
    for game_moments, last in zip(moments, ends, strict=True):
        if upto <= 0:
            break
        if len(game_moments) > upto:
            kept.append(game_moments[:upto])
            kept_ends.append(game_moments[upto].state)
            break
        kept.append(game_moments)
        kept_ends.append(last)
        upto -= len(game_moments)
    return kept, kept_ends


def analyse_match(
    games: Sequence[Sequence[GameState]],
    plies: int = STRONGEST,
    progress: Callable[[int, int], None] | None = None,
    cancelled: Callable[[], bool] | None = None,
) -> MatchAnalysis:
    """Run ``analysis_steps`` to the end; ``progress(done, total)`` after each step;
    raises ``AnalysisCancelled`` as soon as ``cancelled()`` is true."""
    for step in analysis_steps(games, plies):
        if step.result is not None:
            return step.result  # type: ignore[return-value]
        if progress is not None:
            progress(step.done, step.total)
        if cancelled is not None and cancelled():
            raise AnalysisCancelled(f"stopped after {step.done} of {step.total} steps")
    raise AssertionError("analysis_steps ends with a result")


def games_of(record: Record) -> list[list[GameState]]:
    """The states each game of a ``game.engine.record.Record`` went through, game by game."""
    games: list[list[GameState]] = []
    for _, action, state in record.steps():
        if action == 0:
            games.append([])
        games[-1].append(state)
    return games


def analyse_record(
    record: Record,
    plies: int = STRONGEST,
    progress: Callable[[int, int], None] | None = None,
    cancelled: Callable[[], bool] | None = None,
) -> MatchAnalysis:
    """Every game of a record (a match, a session, a game in progress); see ``analyse_match``."""
    return analyse_match(games_of(record), plies, progress, cancelled)


def analyse_game(states: Sequence[GameState], plies: int = STRONGEST) -> GameAnalysis:
    """One game's analysis (see ``analyse_match``)."""
    return analyse_match([states], plies).games[0]


__all__ = [
    "BAD",
    "BEAVER",
    "DOUBLE",
    "DOUBTFUL",
    "NO_DOUBLE",
    "PASS",
    "PLAY",
    "TAKE",
    "VERY_BAD",
    "AnalysisCancelled",
    "Decision",
    "DecisionKind",
    "GameAnalysis",
    "MatchAnalysis",
    "PlayerStats",
    "Progress",
    "RollLuck",
    "analyse_game",
    "analyse_match",
    "analyse_record",
    "analysis_steps",
    "games_of",
    "mark_of",
    "rating_of",
]
