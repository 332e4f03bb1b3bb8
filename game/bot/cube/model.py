"""The cube's model: Janowski's cubeful values from cubeless probabilities, and the decision
they imply (money and match play, GNU Backgammon's model in our own code).

    >>> from game.bot.probabilities import Probabilities
    >>> from game.engine.match import Rules
    >>> decide(Probabilities(0.72, 0.10, 0.0, 0.05, 0.0), CubeState()).answer
    ('double', 'take')
    >>> decide(Probabilities(0.82, 0.05, 0.0, 0.01, 0.0), CubeState()).answer
    ('double', 'pass')
    >>> decide(Probabilities(0.60, 0.10, 0.0, 0.05, 0.0),
    ...        CubeState(Rules.full(match_length=5), score=(4, 2), crawford=True)).answer
    ('no-double', 'take')

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
- Cube efficiency x (``cube_efficiency``): ``CONTACT_EFFICIENCY`` in contact; in a
  race 0.55 + 0.00125 per pip of the player on roll, kept within
  ``RACE_EFFICIENCY_RANGE`` (a short race leaves fewer chances to use the cube well);
  ``BEAROFF_EFFICIENCY`` once both sides are bearing off. The race figures are gnubg's;
  the contact one is livelier than gnubg's 0-ply one because it agrees better with
  gnubg's 2-ply cube analysis, whose search uses the cube at its inner nodes
  (``python -m tools.bench.cube``; the comparison is in docs/performance.md).
- Decision (``choose``): with ND the cubeful value of not doubling, DT after
  double/take and DP after double/pass (money per unit of the present cube, match as
  winning chances): the opponent passes when DT >= DP; beavers (money, when allowed)
  when the take leaves the doubler below 0; double when min(DT, DP) >= ND
  (a beavered double counts 2 DT); otherwise too good when ND > DP and the
  player can win a gammon (with no gammon to play for, a pass is cashed:
  double), else no double.
"""

from __future__ import annotations

from itertools import pairwise

from game.bot.cube.state import (
    BEAVER,
    DOUBLE,
    NO_DOUBLE,
    ON_ROLL,
    OPPONENT,
    PASS,
    TAKE,
    TOO_GOOD,
    CubeDecision,
    CubeState,
)
from game.bot.match_value import result_mwc
from game.bot.probabilities import Probabilities
from game.engine import match
from game.engine.position import Position

CONTACT_EFFICIENCY = 0.76
BEAROFF_EFFICIENCY = 0.6
RACE_EFFICIENCY_RANGE = (0.6, 0.7)

_EPSILON = 1e-7


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
        knots.append((1.0 - _cash_point(p.flip(), state.flip(), value), result_mwc(state, -value)))
    if player_may:
        knots.append((_cash_point(p, state, value), result_mwc(state, value)))
    knots.append((1.0, win_value))
    live = _interpolate(p.win, knots)
    return x * live + (1.0 - x) * dead


def _cube_is_live_for(state: CubeState, value: int) -> bool:
    """Could the player on roll, owning a cube at ``value``, double it under the rules?"""
    return match.may_double(state, ON_ROLL, value)


def _win_mwc(p: Probabilities, state: CubeState, value: int) -> float:
    """Average match winning chance when the player wins at cube ``value``."""
    if p.win < _EPSILON:
        return result_mwc(state, value)
    gammon = (p.win_gammon - p.win_backgammon) / p.win
    backgammon = p.win_backgammon / p.win
    return (
        (1.0 - gammon - backgammon) * result_mwc(state, value)
        + gammon * result_mwc(state, 2 * value)
        + backgammon * result_mwc(state, 3 * value)
    )


def _loss_mwc(p: Probabilities, state: CubeState, value: int) -> float:
    """Average match winning chance when the player loses at cube ``value``."""
    if p.lose < _EPSILON:
        return result_mwc(state, -value)
    gammon = (p.lose_gammon - p.lose_backgammon) / p.lose
    backgammon = p.lose_backgammon / p.lose
    return (
        (1.0 - gammon - backgammon) * result_mwc(state, -value)
        + gammon * result_mwc(state, -2 * value)
        + backgammon * result_mwc(state, -3 * value)
    )


def _cash_point(p: Probabilities, state: CubeState, value: int) -> float:
    """The player's winning chance above which the opponent should pass a double from
    ``value`` to ``2 * value`` (live cube; the opponent would own the cube)."""
    pass_value = result_mwc(state, value)
    win_value = _win_mwc(p, state, 2 * value)
    if _cube_is_live_for(state.flip(), 2 * value):
        # After the take, the taker redoubles where the player is just at its own take point:
        # there the player's chance equals that of passing the redouble.
        start = 1.0 - _cash_point(p.flip(), state.flip(), 2 * value)
        low = result_mwc(state, -2 * value)
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
    return choose_doubling(no_double, taken, state, probabilities.win_gammon > 0.0)


def choose_doubling(
    no_double: float, taken: float, state: CubeState, gammon_possible: bool
) -> CubeDecision:
    """``choose`` for a player who may double, from its values without doubling and after
    double/take (``cubeful_value``'s: money per unit of the doubled cube)."""
    if state.is_money:
        return choose(no_double, 2.0 * taken, 1.0, state, gammon_possible)
    return choose(no_double, taken, result_mwc(state, state.value), state, gammon_possible)


def value_after(decision: CubeDecision) -> float:
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
