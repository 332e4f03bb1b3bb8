"""What a game's outcomes are worth at the match score: how the bot ranks plays in a match.

    >>> from game.bot.cube import CubeState
    >>> p = Probabilities(0.6, 0.3, 0.0, 0.1, 0.0)
    >>> round(utility(p, CubeState()), 3)                   # money: the cubeless equity
    0.4
    >>> dmp = CubeState.of(match_length=5, score=(4, 4))    # double match point
    >>> round(utility(p, dmp), 3)                           # gammons count for nothing
    0.2

Money play ranks plays by cubeless equity. In a match a gammon is worth what it
does to the chance of winning the match: nothing at double match point, little
in the Crawford game for the leader, much for a trailer who needs two points.
``utility`` is the cubeless match winning chance (from the match equity table,
``met.py``, the cube at its present value) in GNU Backgammon's EMG units,
``(2 * mwc - (W + L)) / (W - L)`` with W and L the chances after winning and
losing a single game: a single win is +1 and a single loss -1 at any score, as
in money play, so one search and one noise scale serve both.

The value is linear in the five probabilities, so ``MatchValue`` works out its
coefficients once per decision: the search values thousands of positions.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from game.bot.met import match_equity
from game.bot.probabilities import Probabilities
from game.engine.match import Table

if TYPE_CHECKING:  # the cube's package imports this module: CubeState is imported where used
    from game.bot.cube.state import CubeState


# A look two rolls ahead asks for the same few states' results thousands of times.
@lru_cache(maxsize=4096)
def result_mwc(state: CubeState, points: int) -> float:
    """Match winning chance of the player on roll once this game ends with it winning
    ``points`` (losing, when negative)."""
    player_away, opponent_away = state.away
    # After this game, a 1-away score is post-Crawford if someone is already 1 away now.
    crawford_done = state.crawford or 1 in state.away
    if points > 0:
        return match_equity(player_away - points, opponent_away, crawford_done)
    return match_equity(player_away, opponent_away + points, crawford_done)


def emg_of_mwc(mwc: float, state: CubeState) -> float:
    """A match winning chance of the player on roll in EMG units at the present cube."""
    win = result_mwc(state, state.value)
    loss = result_mwc(state, -state.value)
    if win - loss < 1e-9:
        return 0.0
    return (2.0 * mwc - (win + loss)) / (win - loss)


def cubeless_mwc(probabilities: Probabilities, state: CubeState) -> float:
    """The cubeless match winning chance of the player whose probabilities these are."""
    p, v = probabilities, state.value
    return (
        (p.win - p.win_gammon) * result_mwc(state, v)
        + (p.win_gammon - p.win_backgammon) * result_mwc(state, 2 * v)
        + p.win_backgammon * result_mwc(state, 3 * v)
        + (p.lose - p.lose_gammon) * result_mwc(state, -v)
        + (p.lose_gammon - p.lose_backgammon) * result_mwc(state, -2 * v)
        + p.lose_backgammon * result_mwc(state, -3 * v)
    )


def utility(probabilities: Probabilities, state: CubeState) -> float:
    """Cubeless equity (EMG) of the player whose probabilities these are, deciding in ``state``."""
    if state.is_money:
        return probabilities.equity
    return emg_of_mwc(cubeless_mwc(probabilities, state), state)


class MatchValue:
    """``utility(·, state)`` as a linear function of the five probabilities (fast)."""

    __slots__ = ("coefficients", "constant")

    def __init__(self, state: CubeState) -> None:
        v = state.value
        wins = [result_mwc(state, k * v) for k in (1, 2, 3)]
        losses = [result_mwc(state, -k * v) for k in (1, 2, 3)]
        spread = wins[0] - losses[0]
        scale = 2.0 / spread if spread >= 1e-9 else 0.0
        # mwc = L1 + win (W1 - L1) + wg (W2 - W1) + wbg (W3 - W2) + lg (L2 - L1) + lbg (L3 - L2)
        self.coefficients = tuple(
            scale * c
            for c in (
                spread,
                wins[1] - wins[0],
                wins[2] - wins[1],
                losses[1] - losses[0],
                losses[2] - losses[1],
            )
        )
        # scale * (L1 - (W1 + L1) / 2): a single loss is -1, as in money play.
        self.constant = -1.0 if scale else 0.0

    @classmethod
    def of(cls, constant: float, coefficients: tuple[float, ...]) -> MatchValue:
        """The value with these figures (a worker given another's, as plain numbers)."""
        value = object.__new__(cls)
        value.constant, value.coefficients = constant, coefficients
        return value

    def __call__(self, probabilities: Probabilities) -> float:
        p, c = probabilities, self.coefficients
        return (
            self.constant
            + c[0] * p.win
            + c[1] * p.win_gammon
            + c[2] * p.win_backgammon
            + c[3] * p.lose_gammon
            + c[4] * p.lose_backgammon
        )


def match_value(state: CubeState | None) -> MatchValue | None:
    """The value of outcomes for the player on roll in ``state``; None in money play
    (the search then ranks by plain cubeless equity)."""
    if state is None or state.is_money:
        return None
    return MatchValue(state)


def checker_play_state(table: Table, player: int) -> CubeState | None:
    """The state ``player``'s checker play is valued in: the cube and score in a match
    with a cube, None (money equity) otherwise."""
    if table.rules.is_money or not table.rules.cube:
        return None
    from game.bot.cube.state import CubeState

    return CubeState.from_table(table, player)
