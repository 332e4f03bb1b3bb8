"""Cube decisions for the computer: double or not, and take, pass or beaver; money and match play.

    >>> from game.bot.probabilities import Probabilities
    >>> from game.engine.match import Rules
    >>> decide(Probabilities(0.72, 0.10, 0.0, 0.05, 0.0), CubeState()).answer
    ('double', 'take')
    >>> decide(Probabilities(0.82, 0.05, 0.0, 0.01, 0.0), CubeState()).answer
    ('double', 'pass')
    >>> decide(Probabilities(0.60, 0.10, 0.0, 0.05, 0.0),
    ...        CubeState(Rules.full(match_length=5), score=(4, 2), crawford=True)).answer
    ('no-double', 'take')

Two entry points: ``decide(probabilities, state)`` is a pure function of the
cubeless probabilities of the player on roll (before rolling) and the cube and
match state seen by that player; ``cube_action(position, state)`` evaluates the
position with the bot's network first. The answer is ``(ACTION, RESPONSE)``:
ACTION ``double`` / ``no-double`` / ``too-good`` is what the player on roll
should do, RESPONSE ``take`` / ``pass`` / ``beaver`` what the opponent should
answer to a double. When the player may not double (opponent's cube, Crawford
game, cube at 64, dead cube) the answer is ``no-double take``, as gnubg says.

The model (GNU Backgammon's, in our own code):

- Money: Janowski's cubeful equity, ``x * live + (1 - x) * dead``. ``dead`` is
  the cubeless equity; ``live`` interpolates linearly in the winning chance p
  between the points where the cube changes hands with a fully live cube: the
  taker's take point ``(L - 1/2) / (W + L + 1/2)`` and the doubler's cash point
  ``(L + 1) / (W + L + 1/2)``, where W and L are the average values of a win and
  a loss (gammons and backgammons included), and ``(0, -L)``, ``(1, W)`` at the
  ends. With the Jacoby rule and a centred cube gammons do not count, so live
  equity stays between -1 and +1 and the position is never too good to double.
- Match: the same interpolation on match winning chances (the Kazaross-XG2
  table in ``met.py``). The live-cube cash point at cube value v comes from the
  level above: after a take at 2v the taker's redouble point is found the same
  way, up to the level where the cube is dead (the owner already needs no more
  than the cube, or 64) and the take point is the dead-cube one. At the ends
  p = 0 and 1 the game is lost or won at the position's gammon rates.
- Cube efficiency x (``cube_efficiency``): 0.76 in contact; in a race
  0.55 + 0.00125 per pip of the player on roll, kept within 0.6-0.7 (a short race
  leaves fewer chances to use the cube well); 0.6 once both sides are bearing
  off. The race figures are gnubg's; gnubg uses 0.68 in contact at 0-ply, but
  a livelier cube agrees better with gnubg's 2-ply cube analysis, whose search
  uses the cube at its inner nodes: one roll ahead, 0.72 agreed on about 2% more
  actions than 0.68, and 0.76 on 0.5-1% more than 0.72, on 600 cube positions and
  on 2,400 others (responses within 0.3%; ``tools/bench_cube.py``, figures in
  game/bot/README.md).
- Decision: with ND the cubeful value of not doubling, DT after double/take and
  DP after double/pass (money per unit of the present cube, match as winning
  chances): the opponent passes when DT >= DP; beavers (money, when allowed)
  when the take leaves the doubler below 0; double when min(DT, DP) >= ND
  (a beavered double counts 2 DT); otherwise too good when ND > DP and the
  player can win a gammon (with no gammon to play for, a pass is cashed:
  double), else no double.

``cube_action(..., plies=1)`` looks one roll ahead: for each of the 21 rolls the
bot plays its best 1-ply play; the opponent, then on roll with the cube as it
would be, makes its own best cube action by the 0-ply model, and its value is
averaged (as gnubg does at the nodes of its cubeful search).

``budget`` bounds that work in positions evaluated (the position itself and every
play of the rolls looked at), so that the decision's time is bounded and the answer
depends on the position alone, not on the machine: the plays of the 21 rolls are
generated first (cheap), the rolls with the fewest plays are looked at while the
budget pays for them, and each roll left out counts at the position's own 0-ply
value. On ``tools/bench_cube.py``'s 600 positions this agrees better with gnubg
2-ply than falling back to the 0-ply decision whenever the whole look-ahead does
not fit (at 80 positions 91.3% / 96.7% of actions / responses against 89.0% /
95.7%; unbounded 93.3% / 97.8%; see game/bot/README.md).

``plies=2`` (the strongest level) looks a second roll ahead, gnubg 2-ply's depth:
after the bot's best play of a roll, the opponent's cube action is itself decided one
roll ahead (its best reply to each of its 21 rolls, then the bot's best cube action by
the 0-ply model), rather than by the 0-ply model. The full look costs about 20 times
the first (median 3,900 positions with ``prune=4``); within a budget, once the first
roll ahead is paid for, the rolls are deepened in turn (non-doubles first) while the
budget pays for the next, and the others keep their one-roll values. On the 2,400
positions of ``tools/data/cube-check-2ply.txt``, 2,000 positions and ``prune=2`` agree
with gnubg 2-ply on 96.0% of the actions against 94.4% one roll ahead (game/bot/README.md).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import lru_cache
from itertools import pairwise
from typing import TYPE_CHECKING, Any

from game.bot.met import match_equity
from game.bot.probabilities import Probabilities
from game.engine import match
from game.engine.match import Cube, InvalidRules, Rules
from game.engine.position import Position

if TYPE_CHECKING:
    from game.bot.search import Budget

ON_ROLL, OPPONENT = 0, 1  # the players as a CubeState numbers them
DOUBLE, NO_DOUBLE, TOO_GOOD = "double", "no-double", "too-good"
TAKE, PASS, BEAVER = "take", "pass", "beaver"

CONTACT_EFFICIENCY = 0.76
# One roll ahead, the plays of a roll whose cubeful values are compared (the best by
# cubeless equity first).
CUBEFUL_CANDIDATES = 4
BEAROFF_EFFICIENCY = 0.6
RACE_EFFICIENCY_RANGE = (0.6, 0.7)

_EPSILON = 1e-7
_MONEY, _CENTRED = Rules.full(), Cube()  # the defaults: money play, a centred cube


class InvalidCubeState(ValueError):
    """Cube and match values that cannot occur together."""


@dataclass(frozen=True, slots=True)
class CubeState:
    """The table (``game.engine.match.Table``: rules, cube, score, Crawford flag) seen by the
    player on roll, who is to decide: that player is numbered ``ON_ROLL`` (0) and the
    other ``OPPONENT`` (1), in ``cube.owner`` and ``score`` alike. Every cube rule
    (who may double, a dead cube, the beaver limit, Jacoby) is ``game.engine.match``'s.
    In money play the score is not used and kept at 0-0.
    """

    rules: Rules = _MONEY
    cube: Cube = _CENTRED
    score: tuple[int, int] = (0, 0)
    crawford: bool = False
    # Worked out once: the look-ahead's caches hash the same states many times.
    _hash: int = field(default=0, init=False, repr=False, compare=False)

    def __hash__(self) -> int:
        return self._hash

    def __post_init__(self) -> None:
        if not isinstance(self.rules, Rules) or not isinstance(self.cube, Cube):
            raise InvalidCubeState("a cube state is made of a Rules and a Cube")
        if not self.rules.cube:
            raise InvalidCubeState("these rules have no cube")
        object.__setattr__(self, "score", tuple(self.score))
        length = self.rules.match_length
        if length and not all(0 <= s < length for s in self.score):
            raise InvalidCubeState(f"score {self.score} is not below the match length {length}")
        if self.crawford and (not length or length - 1 not in self.score):
            raise InvalidCubeState(
                "the Crawford game needs a player one point from winning the match"
            )
        if self.crawford and not self.cube.centred:
            raise InvalidCubeState("the cube cannot have been turned in the Crawford game")
        # Of ints alone, so the same in every process (a pickled state keeps its hash).
        rules, owner = self.rules, self.cube.owner
        key = (
            (rules.cube, rules.gammons, rules.match_length, rules.beaver, rules.jacoby),
            (self.cube.value, -1 if owner is None else owner),
            self.score,
            self.crawford,
        )
        object.__setattr__(self, "_hash", hash(key))

    @classmethod
    def of(
        cls,
        value: int = 1,
        owner: int | None = None,
        match_length: int = 0,
        score: tuple[int, int] = (0, 0),
        crawford: bool = False,
        jacoby: bool = False,
        beaver: bool = False,
    ) -> CubeState:
        """A state from plain values (``owner``: None, ``ON_ROLL`` or ``OPPONENT``)."""
        try:
            rules = Rules.full(match_length, beaver=beaver, jacoby=jacoby)
            return cls(rules, Cube(value, owner), score, crawford)
        except InvalidRules as error:
            raise InvalidCubeState(str(error)) from None

    @property
    def value(self) -> int:
        return self.cube.value

    @property
    def match_length(self) -> int:
        return self.rules.match_length

    @property
    def is_money(self) -> bool:
        return self.rules.is_money

    @property
    def away(self) -> tuple[int, int]:
        """Points each side still needs: (player on roll, opponent)."""
        length = self.rules.match_length
        return length - self.score[0], length - self.score[1]

    @property
    def post_crawford(self) -> bool:
        return not self.is_money and not self.crawford and 1 in self.away

    def flip(self) -> CubeState:
        """The same state seen by the opponent."""
        return _flipped(self)

    def doubled(self) -> CubeState:
        """After the player on roll doubles and the opponent takes."""
        return _doubled(self)

    def may_double(self) -> bool:
        """May the player on roll double now? (``game.engine.match.may_double``: not with the
        opponent's cube, at 64, in the Crawford game, nor with a dead cube.)"""
        return match.may_double(self, ON_ROLL)

    def may_beaver(self) -> bool:
        """May the opponent beaver a double now offered (``game.engine.match.may_beaver``)?"""
        return match.may_beaver(self)

    @classmethod
    def from_match_id(cls, match_id: Any, beaver: bool = True) -> CubeState:
        """From a ``game.formats.match_id.MatchId``, for its player on roll.

        The Match ID does not say whether beavers are allowed: ``beaver`` does
        (gnubg allows them by default)."""
        me = match_id.player_on_roll
        owner = match_id.cube_owner
        money = match_id.match_length == 0
        return cls.of(
            value=match_id.cube,
            owner=None if owner is None else ON_ROLL if owner == me else OPPONENT,
            match_length=match_id.match_length,
            score=(0, 0) if money else (match_id.score[me], match_id.score[1 - me]),
            crawford=bool(match_id.crawford) and not money,
            jacoby=bool(match_id.jacoby) and money,
            beaver=beaver and money,
        )

    @classmethod
    def from_table(cls, table: match.Table, player: int) -> CubeState:
        """From a ``game.engine.state.GameState`` (anything with rules, cube, score, crawford),
        for ``player`` (0 or 1) about to decide."""
        rules, cube = table.rules, table.cube
        if not rules.cube:
            raise InvalidCubeState("these rules have no cube")
        money = rules.is_money
        return cls.of(
            value=cube.value,
            owner=None if cube.owner is None else ON_ROLL if cube.owner == player else OPPONENT,
            match_length=rules.match_length,
            score=(0, 0) if money else (table.score[player], table.score[1 - player]),
            crawford=bool(table.crawford) and not money,
            jacoby=rules.jacoby and money,
            beaver=rules.beaver and money,
        )


# A look two rolls ahead asks for the same few states' neighbours and match results
# thousands of times: each is worked out once (a state is immutable and hashable).
@lru_cache(maxsize=4096)
def _flipped(state: CubeState) -> CubeState:
    owner = state.cube.owner
    cube = state.cube if owner is None else Cube(state.cube.value, 1 - owner)
    return replace(state, cube=cube, score=(state.score[1], state.score[0]))


@lru_cache(maxsize=4096)
def _doubled(state: CubeState) -> CubeState:
    return replace(state, cube=state.cube.doubled_by(ON_ROLL))


@dataclass(frozen=True, slots=True)
class CubeDecision:
    """A cube decision and the figures behind it.

    ``no_double``, ``double_take``, ``double_pass``: cubeful values for the
    player on roll: money equity in units of the present cube, or match winning
    chances in match play.
    """

    action: str
    response: str
    no_double: float
    double_take: float
    double_pass: float
    rolls_ahead: int = 0  # of the 21 rolls, those looked at (a budget may leave some out)
    rolls_deeper: int = 0  # of those, the ones looked at a second roll ahead (plies=2)
    positions: int = 1  # evaluated by the network (or their cost, pruning counted as a share)

    @property
    def answer(self) -> tuple[str, str]:
        return self.action, self.response


def cube_efficiency(position: Position) -> float:
    """How live the cube is, from 0 (dead) to 1 (fully live), for Janowski's formula."""
    if position.is_contact():
        return CONTACT_EFFICIENCY
    if position.is_bearoff():
        return BEAROFF_EFFICIENCY
    low, high = RACE_EFFICIENCY_RANGE
    return min(high, max(low, 0.55 + 0.00125 * position.pip_count()))


# --- money play -------------------------------------------------------------------------


def money_equity(probabilities: Probabilities, state: CubeState, x: float) -> float:
    """Cubeful money equity of the player on roll, per unit of the present cube."""
    p = probabilities
    gammons_count = match.gammons_count(state.rules, state.cube)
    dead = p.equity if gammons_count else 2.0 * p.win - 1.0
    if p.win < _EPSILON or p.win > 1.0 - _EPSILON:
        return dead
    win_value = 1.0 + (p.win_gammon + p.win_backgammon) / p.win
    loss_value = 1.0 + (p.lose_gammon + p.lose_backgammon) / p.lose
    # Under Jacoby the live cube is turned before gammons count: its ends are plain results.
    ends = (-loss_value, win_value) if gammons_count else (-1.0, 1.0)
    knots = [(0.0, ends[0])]
    if state.cube.owner != ON_ROLL:
        knots.append(((loss_value - 0.5) / (win_value + loss_value + 0.5), -1.0))
    if state.cube.owner != OPPONENT:
        knots.append(((loss_value + 1.0) / (win_value + loss_value + 0.5), 1.0))
    knots.append((1.0, ends[1]))
    live = _interpolate(p.win, knots)
    return x * live + (1.0 - x) * dead


# --- match play -------------------------------------------------------------------------


def match_winning_chance(probabilities: Probabilities, state: CubeState, x: float) -> float:
    """Cubeful chance that the player on roll wins the match."""
    p = probabilities
    value = state.value
    win_value = _win_mwc(p, state, value)
    loss_value = _loss_mwc(p, state, value)
    dead = p.win * win_value + p.lose * loss_value
    player_may = state.may_double()
    opponent_may = state.flip().may_double()
    if not (player_may or opponent_may) or p.win < _EPSILON or p.win > 1.0 - _EPSILON:
        return dead
    knots = [(0.0, loss_value)]
    if opponent_may:
        knots.append((1.0 - _cash_point(p.flip(), state.flip(), value), _result_mwc(state, -value)))
    if player_may:
        knots.append((_cash_point(p, state, value), _result_mwc(state, value)))
    knots.append((1.0, win_value))
    live = _interpolate(p.win, knots)
    return x * live + (1.0 - x) * dead


def _cube_is_live_for(state: CubeState, value: int) -> bool:
    """Could the player on roll, owning a cube at ``value``, double it under the rules?"""
    return match.may_double(state, ON_ROLL, value)


@lru_cache(maxsize=4096)
def _result_mwc(state: CubeState, points: int) -> float:
    """Match winning chance after this game ends with the player on roll winning ``points``
    (losing, when negative)."""
    player_away, opponent_away = state.away
    # After this game, a 1-away score is post-Crawford if someone is already 1 away now.
    crawford_done = state.crawford or 1 in state.away
    if points > 0:
        return match_equity(player_away - points, opponent_away, crawford_done)
    return match_equity(player_away, opponent_away + points, crawford_done)


def _win_mwc(p: Probabilities, state: CubeState, value: int) -> float:
    """Average match winning chance when the player wins at cube ``value``."""
    if p.win < _EPSILON:
        return _result_mwc(state, value)
    gammon = (p.win_gammon - p.win_backgammon) / p.win
    backgammon = p.win_backgammon / p.win
    return (
        (1.0 - gammon - backgammon) * _result_mwc(state, value)
        + gammon * _result_mwc(state, 2 * value)
        + backgammon * _result_mwc(state, 3 * value)
    )


def _loss_mwc(p: Probabilities, state: CubeState, value: int) -> float:
    """Average match winning chance when the player loses at cube ``value``."""
    if p.lose < _EPSILON:
        return _result_mwc(state, -value)
    gammon = (p.lose_gammon - p.lose_backgammon) / p.lose
    backgammon = p.lose_backgammon / p.lose
    return (
        (1.0 - gammon - backgammon) * _result_mwc(state, -value)
        + gammon * _result_mwc(state, -2 * value)
        + backgammon * _result_mwc(state, -3 * value)
    )


def _cash_point(p: Probabilities, state: CubeState, value: int) -> float:
    """The player's winning chance above which the opponent should pass a double from
    ``value`` to ``2 * value`` (live cube; the opponent would own the cube)."""
    pass_value = _result_mwc(state, value)
    win_value = _win_mwc(p, state, 2 * value)
    if _cube_is_live_for(state.flip(), 2 * value):
        # After the take, the taker redoubles where the player is just at its own take point:
        # there the player's chance equals that of passing the redouble.
        start = 1.0 - _cash_point(p.flip(), state.flip(), 2 * value)
        low = _result_mwc(state, -2 * value)
    else:
        start = 0.0
        low = _loss_mwc(p, state, 2 * value)
    if win_value - low < _EPSILON:
        return 1.0
    point = start + (pass_value - low) * (1.0 - start) / (win_value - low)
    return min(1.0, max(0.0, point))


def _interpolate(p: float, knots: list[tuple[float, float]]) -> float:
    """The piecewise-linear function through ``knots`` (sorted by their first value) at p."""
    knots = sorted(knots)
    for (x0, y0), (x1, y1) in pairwise(knots):
        if p <= x1:
            if x1 - x0 < _EPSILON:
                return y1
            return y0 + (y1 - y0) * (p - x0) / (x1 - x0)
    return knots[-1][1]


# --- decisions --------------------------------------------------------------------------


def cubeful_value(probabilities: Probabilities, state: CubeState, x: float) -> float:
    """Cubeful value for the player on roll: money equity per unit of ``state.value``,
    or the match winning chance."""
    if state.is_money:
        return money_equity(probabilities, state, x)
    return match_winning_chance(probabilities, state, x)


def decide(probabilities: Probabilities, state: CubeState, x: float | None = None) -> CubeDecision:
    """The cube decision from the cubeless probabilities of the player on roll (pure).

    ``x``: the cube efficiency, ``cube_efficiency(position)`` (default: contact's).
    """
    if x is None:
        x = CONTACT_EFFICIENCY
    no_double = cubeful_value(probabilities, state, x)
    if not state.may_double():
        return CubeDecision(NO_DOUBLE, TAKE, no_double, no_double, no_double)
    taken = cubeful_value(probabilities, state.doubled(), x)
    return _doubling(no_double, taken, state, probabilities.win_gammon > 0.0)


def _doubling(
    no_double: float, taken: float, state: CubeState, gammon_possible: bool
) -> CubeDecision:
    """``choose`` for a player who may double, from its values without doubling and after
    double/take (``cubeful_value``'s: money per unit of the doubled cube)."""
    if state.is_money:
        return choose(no_double, 2.0 * taken, 1.0, state, gammon_possible)
    return choose(no_double, taken, _result_mwc(state, state.value), state, gammon_possible)


def _value_after(decision: CubeDecision) -> float:
    """The player's value once it has made the best cube action of ``decision``."""
    if decision.action == DOUBLE:
        return min(decision.double_take, decision.double_pass)
    return decision.no_double


def choose(
    no_double: float,
    double_take: float,
    double_pass: float,
    state: CubeState,
    gammon_possible: bool = True,
) -> CubeDecision:
    """The decision from the three cubeful values of the player on roll (see the module notes)."""
    response = PASS if double_take >= double_pass else TAKE
    doubled = double_take
    if response == TAKE and double_take < 0.0 and state.may_beaver():
        response = BEAVER
        doubled = 2.0 * double_take
    if min(doubled, double_pass) >= no_double:
        action = DOUBLE
    elif no_double > double_pass and gammon_possible:
        action = TOO_GOOD
    elif response == PASS:
        action = DOUBLE  # nothing to play on for: cash
    else:
        action = NO_DOUBLE
    return CubeDecision(action, response, no_double, double_take, double_pass)


def cube_action(
    position: Position,
    state: CubeState,
    plies: int = 1,
    budget: int | None = None,
    prune: int = 0,
) -> tuple[str, str]:
    """``(ACTION, RESPONSE)`` for ``position.player``, on roll and about to decide.

    Uses the bot's network (``game.bot.evaluate``). ``plies=1`` (the default) looks
    one roll ahead, about 70 ms in CPython (up to 1 s with many plays) unless
    ``budget`` bounds the positions it evaluates (see the module notes); ``plies=2``
    looks two rolls ahead as far as the budget allows (the strongest level: 2,000
    positions, ``prune=2``), the most accurate; ``plies=0``
    decides from the position's own probabilities in under 1 ms, a little less
    accurately. For the page: the computer doubles
    when ACTION is ``double``; when the human doubles, call this with the human's
    position and state and answer with RESPONSE (check that a beaver is allowed).
    """
    return cube_decision(position, state, plies, budget, prune).answer


def cube_decision(
    position: Position,
    state: CubeState,
    plies: int = 1,
    budget: int | None = None,
    prune: int = 0,
) -> CubeDecision:
    """Like ``cube_action`` with the figures behind the decision. ``budget``: at most this
    many positions evaluated (None: every play of the rolls looked at). ``plies=2``: two
    rolls ahead, the second with ``prune`` replies a roll (``search.reply_candidates``)."""
    from game.bot import evaluate

    probabilities = evaluate(position)
    quick = decide(probabilities, state, cube_efficiency(position))
    if plies <= 0 or not state.may_double():
        return quick
    left = None if budget is None else budget - 1  # the position itself is evaluated
    no_double, double_take, rolls, deeper, spent = _rolls_ahead(
        position, state, quick, left, plies >= 2, prune
    )
    double_pass = 1.0 if state.is_money else _result_mwc(state, state.value)
    decision = choose(no_double, double_take, double_pass, state, probabilities.win_gammon > 0.0)
    return replace(decision, rolls_ahead=rolls, rolls_deeper=deeper, positions=1 + spent)


def _value_after_cube_action(probabilities: Probabilities, state: CubeState, x: float) -> float:
    """Cubeful value for the player on roll once it has made its best cube action."""
    return _value_after(decide(probabilities, state, x))


def roll_values(scored: list[tuple[Probabilities, Position]], state: CubeState) -> list[float]:
    """One roll of the look-ahead: the player's no-double and double/take values (as
    ``cubeful_value`` gives them for ``state``) after its best play by cubeless equity, each
    answered by the opponent's best cube action. ``scored``: per play, the opponent's
    probabilities on roll and its position.

    (Picking the play by its cubeful value at each cube instead, among the four best, changed
    none of ``tools/bench_cube.py``'s 600 decisions.)
    """
    after, reply = min(scored, key=lambda pair: pair[0].equity)
    x = cube_efficiency(reply)
    values = []
    for leaf_state in (state.flip(), state.doubled().flip()):
        value = _value_after_cube_action(after, leaf_state, x)
        # The opponent's value turned into the player's (money: in units of the present cube).
        scale = leaf_state.value / state.value
        values.append(-value * scale if leaf_state.is_money else 1.0 - value)
    return values


def _rolls_ahead(
    position: Position,
    state: CubeState,
    quick: CubeDecision,
    budget: int | None = None,
    deeper: bool = False,
    prune: int = 0,
) -> tuple[float, float, int, int, int]:
    """No-double and double/take values averaged over the player's 21 rolls, how many rolls
    were looked at, how many of those a second roll ahead, and the positions it cost. With
    a ``budget`` (positions), the rolls with the fewest plays while it pays for them; a roll
    left out counts at ``quick``'s values (0-ply). With ``deeper``, what is left of the
    budget then looks a second roll ahead after the player's best play of each roll in turn
    (the opponent's 1-ply cube decision, ``_opponent_values``), until it cannot pay for the
    next one."""
    from game.bot.encoding import ROLLS
    from game.bot.evaluator import Scorer
    from game.bot.search import Budget, OutOfBudget
    from game.engine.plays import legal_plays

    rolls = [(weight, legal_plays(position, (a, b))) for a, b, weight in ROLLS]
    looked_at = set(range(len(rolls)))
    allowed = 10**9 if budget is None else budget
    left = Budget(allowed)
    if budget is None:
        left.spend(sum(max(1, len(plays)) for _, plays in rolls))
    else:
        looked_at = set()
        for index in sorted(range(len(rolls)), key=lambda i: len(rolls[i][1])):
            if not left.spend(max(1, len(rolls[index][1]))):
                break
            looked_at.add(index)
    scorer = Scorer(position.flip())
    # Each roll's no-double and double/take values (0-ply for a roll left out).
    values = [[quick.no_double, quick.double_take] for _ in rolls]
    chosen: list[tuple[int, Probabilities, Position]] = []
    for index, (_, plays) in enumerate(rolls):
        if index not in looked_at:
            continue
        if plays:
            # The opponent's probabilities, on roll, after each of the player's plays.
            scored = [
                (scorer.evaluate(play.position.flip()), play.position.flip()) for play in plays
            ]
        else:
            scored = [(scorer.evaluate(position.flip()), position.flip())]
        after, reply = min(scored, key=lambda pair: pair[0].equity)
        chosen.append((index, after, reply))
        values[index] = roll_values([(after, reply)], state)  # the best play alone
    deepened = 0
    if deeper:
        leaf_states = (state.flip(), state.doubled().flip())
        # Most likely rolls first (doubles are half as likely), then the order of ROLLS.
        for index, after, reply in sorted(chosen, key=lambda entry: -rolls[entry[0]][0]):
            if reply.is_game_over():
                continue  # nothing to look at beyond a finished game
            try:
                theirs = _opponent_values(reply, after, leaf_states, left, prune)
            except OutOfBudget:
                break
            values[index] = [
                -value * leaf_state.value / state.value if leaf_state.is_money else 1.0 - value
                for value, leaf_state in zip(theirs, leaf_states, strict=True)
            ]
            deepened += 1
    no_double, double_take = (
        sum(weight * value[which] for (weight, _), value in zip(rolls, values, strict=True)) / 36.0
        for which in (0, 1)
    )
    return no_double, double_take, len(looked_at), deepened, allowed - left.left


def _opponent_values(
    position: Position,
    probabilities: Probabilities,
    states: tuple[CubeState, ...],
    budget: Budget,
    prune: int,
) -> list[float]:
    """For each of ``states`` (seen by ``position.player``, on roll with ``probabilities``):
    that player's value after its best cube action one roll ahead: over its 21 rolls, its
    best play (``search.best_play_after``, ``prune`` replies), then the other side's best
    cube action by the 0-ply model. Raises ``search.OutOfBudget`` when ``budget`` cannot
    pay for the next roll."""
    from game.bot.encoding import ROLLS
    from game.bot.evaluator import Scorer
    from game.bot.search import best_play_after

    wanted: list[CubeState] = []
    for each in states:
        wanted.append(each)
        if each.may_double():
            wanted.append(each.doubled())
    wanted = list(dict.fromkeys(wanted))
    scorer = Scorer(position.flip())
    totals = [0.0] * len(wanted)
    for a, b, weight in ROLLS:
        after, leaf, _ = best_play_after(position, (a, b), scorer, budget, prune=prune)
        x = cube_efficiency(leaf)
        for which, each in enumerate(wanted):
            leaf_state = each.flip()
            value = _value_after_cube_action(after, leaf_state, x)
            totals[which] += weight * (-value if leaf_state.is_money else 1.0 - value)
    no_double = {each: total / 36.0 for each, total in zip(wanted, totals, strict=True)}
    gammon_possible = probabilities.win_gammon > 0.0
    values = []
    for each in states:
        if not each.may_double():
            values.append(no_double[each])
            continue
        decision = _doubling(no_double[each], no_double[each.doubled()], each, gammon_possible)
        values.append(_value_after(decision))
    return values
