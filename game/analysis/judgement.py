"""Judging decisions as a teacher would: every play of a roll ranked, the cube decision priced.

    >>> from game.bot.cube import CubeState
    >>> from game.engine.position import Position
    >>> ranked = rank_plays(Position.start(), (3, 1), CubeState(), plies=1)
    >>> len(ranked), ranked[0].notation
    (16, '8/5 6/5')

Equities are for the player to decide, in GNU Backgammon's "EMG" (equivalent to
money game) units, so that money and match play read alike:

- Money play: the cubeless equity per unit of the cube (a single game is 1).
- Match play: the cubeless chance of winning the match, from the match equity
  table (``game.bot.met``) with the cube at its present value, normalised as gnubg
  does: ``(2 * mwc - (W + L)) / (W - L)``, where W and L are the chances after
  winning and losing a single game at the present cube. A pass is worth +1 to
  the doubler in these units, at any score.

``plies``: 1 scores each play by the bot's network; 2 (the strongest level's
judgement, ``STRONGEST``) also looks at the opponent's 21 replies for the best
few plays, as the bot's ``expert`` level does. Cube decisions look one roll
ahead at 2 and decide from the position's own probabilities at 1.

For a game in progress (the page's hint and tutor): ``play_hint(state)``,
``cube_hint(state)``, ``play_error(state, resulting)`` and
``cube_action_error(figures, action)``. For a whole game in order (the analysis):
``SharingJudge``, the same figures with the work shared between decisions.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.bot import hint as strongest_ranking
from game.bot.cube import (
    BEAVER,
    DOUBLE,
    NO_DOUBLE,
    PASS,
    TAKE,
    CubeDecision,
    CubeState,
    choose,
    cube_decision,
    cube_efficiency,
    decide,
    roll_values,
)
from game.bot.encoding import ROLLS
from game.bot.evaluator import Scorer, evaluate_position, network, phase_of
from game.bot.levels import level_named
from game.bot.match_value import emg_of_mwc, match_value, result_mwc, utility
from game.bot.probabilities import Probabilities
from game.bot.search import Value, reply_candidates, reply_cost, score_plays
from game.engine.notation import format_play
from game.engine.plays import Play, legal_plays
from game.engine.position import Position
from game.engine.state import GameState, Phase

STRONGEST = 2


@dataclass(frozen=True, slots=True)
class RankedPlay:
    """One play of a roll with its equity for the mover (EMG)."""

    play: Play
    equity: float

    @property
    def notation(self) -> str:
        """The play as players write it: ``24/18 13/11``."""
        return format_play(self.play.moves)


@dataclass(frozen=True, slots=True)
class CubeFigures:
    """A cube decision for the player on roll: the recommended ``action`` and ``response``
    (as ``python -m game cube`` words them) and the three equities behind it, in EMG for
    the player on roll (``double_pass`` is 1 unless the cube may not be turned)."""

    action: str
    response: str
    no_double: float
    double_take: float
    double_pass: float
    may_double: bool
    may_beaver: bool = False

    @property
    def double_beaver(self) -> float:
        """The doubler's equity after a beaver (money, when the rules allow one): the
        double/take equity counted twice, the cube going to four times its value (as gnubg
        and ``game.bot.cube.choose`` count it)."""
        return 2.0 * self.double_take

    @property
    def optimal(self) -> float:
        """The equity of the best action (as gnubg's "optimal")."""
        if not self.may_double:
            return self.no_double
        return max(self.no_double, min(self.double_take, self.double_pass))


# --- equity units: game.bot.match_value (the bot's own checker play uses them too) ----------


def mwc_of_emg(emg: float, state: CubeState) -> float:
    """The match winning chance of the player on roll behind an equity in EMG units (the
    inverse of ``emg_of_mwc``): what the page shows beside a match's cube figures."""
    win = result_mwc(state, state.value)
    loss = result_mwc(state, -state.value)
    return (emg * (win - loss) + (win + loss)) / 2.0


# --- checker play -------------------------------------------------------------------------


def rank_plays(
    position: Position,
    dice: tuple[int, int],
    state: CubeState,
    plies: int = STRONGEST,
    plays: list[Play] | None = None,
) -> list[RankedPlay]:
    """Every legal play of ``dice`` for ``position.player``, best first; empty if none.

    At ``plies`` 2 the plays not re-scored deeper keep their 1-ply equity and rank
    below every re-scored one (as the bot's own search does).
    """
    if plays is None:
        plays = legal_plays(position, dice)
    if not plays:
        return []
    if plies >= STRONGEST:
        # Exactly the strongest level's own ranking (its filter and budget), by the score.
        ranked_deeper = strongest_ranking(position, dice, None if state.is_money else state)
        return [RankedPlay(play, equity) for equity, play in ranked_deeper]
    scored = sorted(
        ((utility(p, state), index) for index, p in enumerate(score_plays(position, plays))),
        key=lambda pair: -pair[0],
    )
    return [RankedPlay(plays[index], equity) for equity, index in scored]


# --- the cube -------------------------------------------------------------------------------


def cube_action_error(figures: CubeFigures, action: str) -> float:
    """Equity lost by ``action``: ``no-double`` or ``double`` by the player on roll, or the
    answer ``take`` / ``beaver`` / ``pass`` by the opponent (from the doubler's figures)."""
    if action in (NO_DOUBLE, DOUBLE):
        chosen = (
            figures.no_double
            if action == NO_DOUBLE
            else min(figures.double_take, figures.double_pass)
        )
        return max(0.0, figures.optimal - chosen)
    if action not in (TAKE, BEAVER, PASS):
        raise ValueError(f"no cube action {action!r}")
    # The taker's equities are the doubler's, negated.
    take, drop = -figures.double_take, -figures.double_pass
    return max(take, drop) - (drop if action == PASS else take)


def cube_state_of(table: GameState, player: int) -> CubeState:
    """The cube and score as ``player`` sees them (money at a cube of 1 without a cube)."""
    if not table.rules.cube:
        return CubeState()
    return CubeState.from_table(table, player)


# --- hints on a game in progress (for the page) ----------------------------------------


def play_hint(table: GameState, plies: int = STRONGEST) -> list[RankedPlay]:
    """Every legal play of the dice in the MOVE phase, best first (empty otherwise)."""
    if table.phase is not Phase.MOVE or table.dice is None:
        return []
    return rank_plays(table.position, table.dice, cube_state_of(table, table.turn), plies)


def cube_hint(table: GameState, plies: int = STRONGEST) -> CubeFigures | None:
    """The cube decision before a roll (ROLL phase) or when doubled (DOUBLED phase: the
    doubler's figures, whose ``response`` is the answer to give); None otherwise."""
    if table.phase not in (Phase.ROLL, Phase.DOUBLED) or not table.rules.cube:
        return None
    return cube_figures(table.position, cube_state_of(table, table.turn), plies)


def play_error(
    table: GameState, resulting: Position, plies: int = STRONGEST
) -> tuple[float, RankedPlay]:
    """What the play leading to ``resulting`` (seen from the mover) loses against the best
    play, and the best play: for the tutor."""
    ranked = play_hint(table, plies)
    for candidate in ranked:
        if candidate.play.position == resulting:
            return max(0.0, ranked[0].equity - candidate.equity), ranked[0]
    raise ValueError("not a legal play of the dice")


def cube_figures(position: Position, state: CubeState, plies: int = STRONGEST) -> CubeFigures:
    """The cube decision of ``position.player`` before rolling, in EMG units."""
    return _figures(cube_decision(position, state, plies=max(0, plies - 1)), state)


def _figures(decision: CubeDecision, state: CubeState) -> CubeFigures:
    values = (decision.no_double, decision.double_take, decision.double_pass)
    if not state.is_money:
        values = (
            emg_of_mwc(values[0], state),
            emg_of_mwc(values[1], state),
            emg_of_mwc(values[2], state),
        )
    may_double = state.may_double()
    return CubeFigures(
        decision.action, decision.response, *values, may_double, may_double and state.may_beaver()
    )


# --- judging a whole game: the same figures, the work shared between decisions -----------------


class Judge:
    """Judges each decision afresh: ``rank_plays`` and ``cube_figures`` of this module."""

    def rank_plays(
        self, position: Position, dice: tuple[int, int], state: CubeState, plies: int
    ) -> list[RankedPlay]:
        return rank_plays(position, dice, state, plies)

    def cube_figures(self, position: Position, state: CubeState, plies: int) -> CubeFigures:
        return cube_figures(position, state, plies)


class Rolls:
    """The 21 rolls of ``position`` (its player on roll, before rolling): each roll's legal
    plays and the network's probabilities after each play (the opponent's, then on roll),
    worked out when first asked for and kept.

    In a game one such table serves several decisions: the look-ahead of the play made
    (the opponent's best reply to each roll), the opponent's cube decision before its next
    roll (its one roll ahead reads the same replies), and the ranking of the roll it then
    rolls (the same plays, scored from the same base position by the same ``Scorer``).
    """

    __slots__ = ("_candidates", "_plays", "_ranking", "_results", "_scorers", "_stay", "position")

    def __init__(self, position: Position) -> None:
        self.position = position
        self._plays: dict[tuple[int, int], list[Play]] = {}
        # Keyed by (ranking, die, die): the plays' values by the ranking network (the
        # mover's own 1-ply ranking) apart from the contact network's, where they differ.
        self._results: dict[tuple[bool, int, int], list[Probabilities | None]] = {}
        self._candidates: dict[tuple[int, int, int], tuple[list[int], int]] = {}
        self._scorers: dict[bool, Scorer] = {}
        self._stay: Probabilities | None = None
        self._ranking = network("ranking") is not None and phase_of(position.flip()) == "contact"

    def plays(self, dice: tuple[int, int]) -> list[Play]:
        key = (min(dice), max(dice))
        found = self._plays.get(key)
        if found is None:
            found = self._plays[key] = legal_plays(self.position, key)
        return found

    def result(self, dice: tuple[int, int], index: int, ranking: bool = False) -> Probabilities:
        """The opponent's probabilities after the play ``index`` of ``dice`` (by the ranking
        network with ``ranking``, as ``game.bot.search.score_plays``)."""
        ranking = ranking and self._ranking
        key = (ranking, min(dice), max(dice))
        found = self._results.get(key)
        if found is None:
            found = self._results[key] = [None] * len(self.plays(dice))
        probabilities = found[index]
        if probabilities is None:
            scorer = self._scorer(ranking)
            probabilities = found[index] = scorer.evaluate(self.plays(dice)[index].position.flip())
        return probabilities

    def results(self, dice: tuple[int, int], ranking: bool = False) -> list[Probabilities]:
        """The opponent's probabilities after each play of ``dice`` (in ``plays`` order)."""
        return [self.result(dice, index, ranking) for index in range(len(self.plays(dice)))]

    def _scorer(self, ranking: bool) -> Scorer:
        scorer = self._scorers.get(ranking)
        if scorer is None:
            scorer = self._scorers[ranking] = Scorer(self.position.flip(), ranking)
        return scorer

    def candidates(self, dice: tuple[int, int], prune: int) -> tuple[list[int], int]:
        """``game.bot.search.reply_candidates`` of the plays of ``dice``."""
        key = (min(dice), max(dice), prune)
        found = self._candidates.get(key)
        if found is None:
            found = self._candidates[key] = reply_candidates(self.position, self.plays(dice), prune)
        return found

    def stay(self) -> Probabilities:
        """The opponent's probabilities when the roll cannot be played (the same scorer)."""
        if self._stay is None:
            self._stay = self._scorer(False).evaluate(self.position.flip())
        return self._stay

    def cost(self, prune: int = 0) -> int:
        """Positions a look-ahead evaluates (``game.bot.search.lookahead``'s count)."""
        return sum(reply_cost(self.position, self.plays((a, b)), prune) for a, b, _ in ROLLS)

    def lookahead(self, value: Value | None, prune: int = 0) -> Probabilities:
        """``game.bot.search.lookahead(position, None, value, prune)``, from the table."""
        totals = [0.0] * 5
        for a, b, weight in ROLLS:
            if self.plays((a, b)):
                best = None
                best_equity = -9.0
                for index in self.candidates((a, b), prune)[0]:
                    probabilities = self.result((a, b), index)
                    equity = -probabilities.equity if value is None else value(probabilities.flip())
                    if equity > best_equity:
                        best, best_equity = probabilities, equity
                assert best is not None  # there are plays
                values = best.flip().as_tuple()
            else:
                values = evaluate_position(self.position.flip()).flip().as_tuple()
            for k in range(5):
                totals[k] += weight * values[k]
        return Probabilities.from_sequence([total / 36.0 for total in totals])

    def one_roll_ahead(self, state: CubeState) -> tuple[float, float]:
        """The cube's one roll ahead (``game.bot.cube``): no-double and double/take values
        averaged over the 21 rolls, each answered by the opponent's best cube action."""
        totals = [0.0, 0.0]
        for a, b, weight in ROLLS:
            plays = self.plays((a, b))
            if plays:
                replies = [play.position.flip() for play in plays]
                scored = list(zip(self.results((a, b)), replies, strict=True))
            else:
                scored = [(self.stay(), self.position.flip())]
            for index, value in enumerate(roll_values(scored, state)):
                totals[index] += weight * value
        return totals[0] / 36.0, totals[1] / 36.0


class SharingJudge(Judge):
    """The same figures as ``Judge``, for the decisions of one game in order, with the work
    shared through ``Rolls`` tables kept by position (the last ``KEPT``): a play looked at
    one roll deeper leaves the table its opponent's cube decision and checker play then
    read, and a look-ahead that the budget cannot pay for is never started."""

    KEPT = 32

    def __init__(self) -> None:
        self._tables: dict[Position, Rolls] = {}

    def rolls(self, position: Position) -> Rolls:
        table = self._tables.pop(position, None)
        if table is None:
            table = Rolls(position)
            if len(self._tables) >= self.KEPT:
                del self._tables[next(iter(self._tables))]
        self._tables[position] = table  # the most recently used last
        return table

    def rank_plays(
        self, position: Position, dice: tuple[int, int], state: CubeState, plies: int
    ) -> list[RankedPlay]:
        table = self.rolls(position)
        plays = table.plays(dice)
        if not plays:
            return []
        # The 1-ply figures by the ranking network; the strongest level's own 1-ply ranking
        # by its own network (``Level.ranking``), as ``game.bot.hint`` ranks.
        ranking = plies < STRONGEST or level_named(None).ranking
        after = [probabilities.flip() for probabilities in table.results(dice, ranking)]
        ranked = sorted(
            ((utility(p, state), play) for p, play in zip(after, plays, strict=True)),
            key=lambda pair: -pair[0],
        )
        if plies >= STRONGEST and len(ranked) > 1:
            ranked = self._deeper(ranked, state)
        return [RankedPlay(play, equity) for equity, play in ranked]

    def _deeper(
        self, ranked: list[tuple[float, Play]], state: CubeState
    ) -> list[tuple[float, Play]]:
        """``game.bot.hint`` (``search.rank_plays_deeper`` at the strongest level), from the
        tables: a candidate's look-ahead that the budget cannot pay for is never started."""
        strongest = level_named(None)
        reply_value = match_value(state.flip())  # the opponent answers by its own score
        best = ranked[0][0]
        candidates = [
            pair for pair in ranked[: strongest.keep] if pair[0] >= best - strongest.margin
        ]
        if len(candidates) < 2:
            return ranked
        left = strongest.budget - len(ranked)
        rescored: list[tuple[float, Play]] = []
        for _, play in candidates:
            replies = self.rolls(play.position.flip())
            cost = replies.cost(strongest.prune)
            if cost > left:
                break  # the search would stop inside this look-ahead: skip it whole
            left -= cost
            rescored.append(
                (utility(replies.lookahead(reply_value, strongest.prune).flip(), state), play)
            )
        if not rescored:
            return ranked
        rescored.sort(key=lambda pair: -pair[0])
        floor = rescored[-1][0]
        return rescored + [(min(e, floor - 1e-9), p) for e, p in ranked[len(rescored) :]]

    def cube_figures(self, position: Position, state: CubeState, plies: int) -> CubeFigures:
        probabilities = evaluate_position(position)
        if plies <= 1 or not state.may_double():
            decision = decide(probabilities, state, cube_efficiency(position))
        else:
            no_double, double_take = self.rolls(position).one_roll_ahead(state)
            double_pass = 1.0 if state.is_money else result_mwc(state, state.value)
            gammon = probabilities.win_gammon > 0.0
            decision = choose(no_double, double_take, double_pass, state, gammon)
        return _figures(decision, state)
