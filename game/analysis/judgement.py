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
few plays, and two rolls ahead for the closest two, as the bot's ``expert`` level
does. Cube decisions look one roll ahead at 2 and decide from the position's own
probabilities at 1.

For a game in progress (the page's hint and tutor): ``play_hint(state)``,
``cube_hint(state)``, ``play_error(state, resulting)`` and
``cube_action_error(figures, action)``. For a whole game in order (the analysis):
``SharingJudge``, the same searches finding their rolls in the tables it keeps
(``KeptRolls``, a ``game.bot.rolls.Evaluator``): the same figures with less work.
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
    cube_decision,
)
from game.bot.evaluator import EVERY
from game.bot.match_value import emg_of_mwc, result_mwc, utility
from game.bot.rolls import FRESH, Evaluator, Rolls
from game.bot.search import rank_plays as rank_by_network
from game.engine.notation import format_play
from game.engine.plays import Play
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
    evaluator: Evaluator | None = None,
) -> list[RankedPlay]:
    """Every legal play of ``dice`` for ``position.player``, best first; empty if none.

    At ``plies`` 2 the plays not re-scored deeper keep their 1-ply equity and rank
    below every re-scored one (as the bot's own search does). ``evaluator``: where the
    searches find the rolls (``game.bot.rolls``; None: worked out anew).
    """
    rolls = (evaluator or FRESH).rolls(position)
    plays = rolls.plays(dice)
    if not plays:
        return []
    if plies >= STRONGEST:
        # Exactly the strongest level's own ranking (its filter and budget), by the score.
        money = state.is_money
        ranked_deeper = strongest_ranking(position, dice, None if money else state, evaluator)
        return [RankedPlay(play, equity) for equity, play in ranked_deeper]
    # The bot's own 1-ply ranking, so that a race near home reckons only the network's
    # shortlist of its plays, as the levels do.
    scored = rank_by_network(
        position, dice, plays, lambda chances: utility(chances, state), True, evaluator
    )
    return [RankedPlay(play, equity) for equity, play in scored]


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


def cube_figures(
    position: Position,
    state: CubeState,
    plies: int = STRONGEST,
    evaluator: Evaluator | None = None,
) -> CubeFigures:
    """The cube decision of ``position.player`` before rolling, in EMG units (``evaluator``:
    as ``rank_plays``)."""
    decision = cube_decision(position, state, plies=max(0, plies - 1), evaluator=evaluator)
    return figures_of(decision, state)


def figures_of(decision: CubeDecision, state: CubeState) -> CubeFigures:
    """A cube decision's figures as the hint shows them (EMG in a match)."""
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
    """Judges each decision: ``rank_plays`` and ``cube_figures`` of this module, the searches
    finding their rolls through ``evaluator`` (None: worked out anew for each)."""

    def __init__(self, evaluator: Evaluator | None = None) -> None:
        self.evaluator = evaluator

    def at(self, game: int, index: int) -> None:
        """Told before each decision of the analysis (its game and its index there)."""

    def rank_plays(
        self, position: Position, dice: tuple[int, int], state: CubeState, plies: int
    ) -> list[RankedPlay]:
        return rank_plays(position, dice, state, plies, self.evaluator)

    def cube_figures(self, position: Position, state: CubeState, plies: int) -> CubeFigures:
        return cube_figures(position, state, plies, self.evaluator)


class KeptRolls:
    """An evaluator (``game.bot.rolls.Evaluator``) that keeps the rolls of the last ``KEPT``
    positions asked for.

    In a game one position's rolls serve several decisions: the look-ahead of the play made
    (the opponent's best reply to each roll), the opponent's cube decision before its next
    roll (its one roll ahead reads the same replies), and the ranking of the roll it then
    rolls (the same plays, scored from the same position).
    """

    KEPT = 32

    def __init__(self) -> None:
        self._kept: dict[tuple[Position, int], Rolls] = {}

    def rolls(self, position: Position, reckon: int = EVERY) -> Rolls:
        key = (position, reckon)
        found = self._kept.pop(key, None)
        if found is None:
            found = Rolls(position, reckon)
            if len(self._kept) >= self.KEPT:
                del self._kept[next(iter(self._kept))]
        self._kept[key] = found  # the most recently used last
        return found


class SharingJudge(Judge):
    """The same figures as ``Judge``, for the decisions of one game in order, with the work
    shared through the rolls it keeps (``KeptRolls``)."""

    def __init__(self) -> None:
        super().__init__(KeptRolls())
