"""The one-sided bear-off table: its ranking, figures checked by hand, and a brute-force check."""

from __future__ import annotations

from functools import cache
from itertools import islice

import pytest

from game.bot import bearoff
from game.bot.bearoff import bearoff_probabilities, index, placements, positions_count
from game.bot.evaluator import evaluate_position
from game.engine.plays import legal_plays
from game.engine.position import CHECKERS, Position

ROLLS = [(a, b) for a in range(1, 7) for b in range(1, 7)]
TOLERANCE = 1e-4  # units of 1/65535, rounded so that each distribution sums to 1


def side(home: tuple[int, ...]) -> tuple[int, ...]:
    return (CHECKERS - sum(home), *home) + (0,) * 19


def test_index_ranks_every_placement_in_order():
    every = list(placements())
    assert len(every) == positions_count() == 54264
    assert [index(home) for home in every] == list(range(len(every)))
    full = [home for home in every if sum(home) == CHECKERS]
    assert [index(home, 5) for home in full] == list(range(len(full)))


def test_figures_checked_by_hand():
    table = bearoff.table()
    assert table.rolls((1, 0, 0, 0, 0, 0)) == [0.0, 1.0]
    assert table.rolls((0, 0, 0, 0, 0, 0)) == [1.0]
    # One checker on the 6-point: off in one roll unless the dice add up to less than 6
    # (1-1, 2-1, 3-1, 4-1, 3-2: 9 rolls of 36).
    assert table.rolls((0, 0, 0, 0, 0, 1)) == pytest.approx([0.0, 27 / 36, 9 / 36], abs=TOLERANCE)
    # Fifteen on the 1-point: two checkers a roll, four on a double.
    assert len(table.rolls((15, 0, 0, 0, 0, 0))) - 1 == 8
    assert table.rolls((15, 0, 0, 0, 0, 0))[4] == pytest.approx((1 / 6) ** 4, abs=TOLERANCE)
    # The first checker off from fifteen on the 6-point: any 6, 5-1, 4-2, 3-3, 2-2 (17 of 36).
    assert table.first((0, 0, 0, 0, 0, 15))[1] == pytest.approx(17 / 36, abs=TOLERANCE)
    for home in islice(placements(), 0, None, 997):
        assert sum(table.rolls(home)) == pytest.approx(1.0, abs=1e-9)


@cache
def brute_force(home: tuple[int, ...]) -> tuple[float, tuple[float, ...]]:
    """(mean, distribution) of the rolls to bear off ``home``, with the engine's own plays."""
    if not any(home):
        return 0.0, (1.0,)
    # The opponent's checkers far away on its own 1-point do not touch a bear-off.
    position = Position(side(home), (0, 15) + (0,) * 24)
    total = [0.0] * 20
    for dice in ROLLS:
        options = [tuple(play.position.player[1:7]) for play in legal_plays(position, dice)]
        best = min(options, key=lambda after: brute_force(after)[0])
        for n, p in enumerate(brute_force(best)[1]):
            total[n + 1] += p / 36
    while total[-1] == 0.0:
        total.pop()
    return sum(n * p for n, p in enumerate(total)), tuple(total)


@pytest.mark.parametrize("checkers", [1, 2, 3, 4])
def test_table_agrees_with_a_brute_force_over_the_engines_plays(checkers):
    table = bearoff.table()
    for home in placements(checkers):
        if sum(home) == checkers:
            ours, exact = list(table.rolls(home)), list(brute_force(home)[1])
            # A tail below half a unit is not stored: compare over the longer of the two.
            length = max(len(ours), len(exact))
            ours += [0.0] * (length - len(ours))
            exact += [0.0] * (length - len(exact))
            assert ours == pytest.approx(exact, abs=TOLERANCE)


def test_win_and_gammon_chances_from_two_distributions():
    one_each = bearoff_probabilities(Position.from_points({6: 1}, {6: 1}))
    assert one_each.win == pytest.approx(27 / 36 + 9 / 36 * 9 / 36, abs=1e-4)
    assert one_each.win_gammon == one_each.lose_gammon == 0.0
    # Three on their 1-point against fifteen on my 6-point: they finish in one roll with a
    # double (6 of 36), else in two; my first checker comes off on the first roll with 17 of 36.
    far_behind = bearoff_probabilities(Position.from_points({6: 15}, {1: 3}))
    assert far_behind.win == 0.0
    first = bearoff.table().first((0, 0, 0, 0, 0, 15))
    assert far_behind.lose_gammon == pytest.approx(
        6 / 36 * 19 / 36 + 30 / 36 * sum(first[3:]), abs=1e-4
    )
    assert bearoff_probabilities(Position.start()) is None


def test_the_evaluator_uses_the_table_in_bear_offs():
    position = Position.from_points({1: 2, 3: 4, 6: 5}, {2: 3, 5: 6})
    assert evaluate_position(position) == bearoff_probabilities(position)
