"""The one look-ahead: every search (the bot's, the cube's, the hint's, the analysis's) reads a
position's rolls from ``game.bot.rolls.Rolls``, handed out by an ``Evaluator``; kept rolls give
the same figures as fresh ones and are not worked out twice."""

from __future__ import annotations

import pytest

from game.bot.budget import Budget, OutOfBudget
from game.bot.cube import CubeState, cube_decision
from game.bot.evaluator import EVERY, evaluate_position, reckonings
from game.bot.match_value import MatchValue
from game.bot.network import Network
from game.bot.rolls import Rolls, paid_rolls
from game.bot.search import lookahead, rank_plays
from game.bot.shots import ROLLS
from game.engine.position import Position
from game.formats import parse_position_id
from tests.boards import position

BUSY = parse_position_id("4PPgASTgc/ABMA")
# The player on roll has a checker on the bar against a five-point board: many rolls dance.
CLOSED = position({25: 1, 13: 4, 8: 4, 6: 6}, {6: 2, 5: 2, 4: 2, 3: 2, 2: 2, 1: 1, 13: 4})


class Keep:
    """An evaluator that keeps every position's rolls (as a judge of a game keeps some)."""

    def __init__(self) -> None:
        self.kept: dict[tuple[Position, int], Rolls] = {}

    def rolls(self, position: Position, reckon: int = EVERY) -> Rolls:
        return self.kept.setdefault((position, reckon), Rolls(position, reckon))


@pytest.fixture
def evaluations(monkeypatch):
    seen = [0]
    original = Network.outputs

    def counted(network, sums):
        seen[0] += 1
        return original(network, sums)

    monkeypatch.setattr(Network, "outputs", counted)
    return seen


@pytest.mark.parametrize("value", [None, MatchValue(CubeState.of(match_length=5, score=(2, 3)))])
def test_the_best_play_of_a_roll_is_the_one_whose_value_is_highest(value):
    rolls = Rolls(BUSY)
    for dice in ((6, 5), (2, 1), (4, 4)):
        after, reply = rolls.best(dice, value)
        mine = [evaluate_position(play.position.flip()).flip() for play in rolls.plays(dice)]
        score = [p.equity if value is None else value(p) for p in mine]
        best = score.index(max(score))
        assert reply == rolls.plays(dice)[best].position.flip()
        assert after.flip().equity == pytest.approx(mine[best].equity, abs=1e-9)


def test_a_roll_that_cannot_be_played_leaves_the_position_to_the_other_side():
    rolls = Rolls(CLOSED)
    assert rolls.plays((6, 6)) == []
    after, reply = rolls.best((6, 6))
    assert reply == CLOSED.flip()
    assert after == evaluate_position(CLOSED.flip())


def test_the_look_ahead_averages_the_best_play_of_each_roll_by_its_chance():
    rolls = Rolls(BUSY)
    expected = sum(w * rolls.best((a, b))[0].flip().equity for a, b, w in ROLLS) / 36.0
    probabilities, cost = lookahead(BUSY)
    assert probabilities.equity == pytest.approx(expected, abs=1e-12)
    assert cost == sum(max(1, len(rolls.plays((a, b)))) for a, b, _ in ROLLS)


def test_a_look_ahead_the_budget_cannot_pay_for_evaluates_nothing(evaluations):
    cost = Rolls(BUSY).cost(prune=4)
    budget = Budget(cost - 1)
    with pytest.raises(OutOfBudget):
        paid_rolls(BUSY, budget, prune=4)
    assert evaluations[0] == 0 and budget.left == cost - 1


def test_kept_rolls_give_the_same_figures_and_are_not_worked_out_twice(evaluations):
    kept = Keep()
    fresh = lookahead(BUSY, prune=4)
    assert lookahead(BUSY, prune=4, evaluator=kept) == fresh
    evaluations[0] = 0
    assert lookahead(BUSY, prune=4, evaluator=kept) == fresh
    assert evaluations[0] == 0
    assert rank_plays(BUSY, (6, 5), evaluator=kept) == rank_plays(BUSY, (6, 5))


def test_the_cube_looks_ahead_through_the_same_rolls_as_the_checker_play(evaluations):
    # After a full look-ahead from a position (every reply evaluated), the cube's one roll
    # ahead from it evaluates nothing more than the position itself.
    kept = Keep()
    state = CubeState()
    # As a checker play's look-ahead reads them: reckoning what its root (with contact) does.
    lookahead(BUSY, evaluator=kept, reckon=reckonings(BUSY))
    evaluations[0] = 0
    shared = cube_decision(BUSY, state, evaluator=kept)
    assert evaluations[0] == 1
    assert shared == cube_decision(BUSY, state)
