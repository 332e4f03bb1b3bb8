"""Dice statistics: counts per player against fair dice, the tests behind the verdicts."""

from __future__ import annotations

import random

import pytest

from game.analysis.dice_stats import (
    HOW_THE_DICE_ARE_ROLLED,
    chi_square_p_value,
    count_p_value,
    dice_statistics,
    entering_chance,
    hitting_rolls,
    verdict,
)
from game.analysis.selfplay import RandomPlayer, self_play
from game.engine.match import Rules
from game.engine.position import Position
from game.engine.record import Action, Record


def test_chi_square_p_values_match_the_tables():
    # Critical values of the chi-square distribution with 20 degrees of freedom.
    assert chi_square_p_value(31.410, 20) == pytest.approx(0.05, abs=0.002)
    assert chi_square_p_value(37.566, 20) == pytest.approx(0.01, abs=0.001)
    assert chi_square_p_value(19.337, 20) == pytest.approx(0.5, abs=0.01)


def test_exact_binomial_p_values():
    assert count_p_value(5, [0.5] * 10) == pytest.approx(1.0)
    # 9 or more, or 1 or fewer, heads in 10 fair tosses: 22/1024.
    assert count_p_value(9, [0.5] * 10) == pytest.approx(22 / 1024)
    assert count_p_value(0, []) == 1.0


def test_verdicts_in_plain_words():
    assert verdict(0.3, 2.0) == "within what chance gives"
    assert verdict(0.02, 4.0).startswith("more often than average: a little unusual")
    assert "less often than average: unusual" in verdict(0.001, -9.0)


def test_entering_and_hitting_chances():
    bar = Position.from_points({25: 1, 13: 14}, {1: 2, 2: 2, 3: 2, 4: 2, 24: 7})
    # Four of six points closed: only rolls with a 5 or a 6 come in, 20 of 36.
    assert entering_chance(bar) == pytest.approx(20 / 36)
    # A blot 6 pips away from a checker and nothing in the way: 17 of 36 rolls hit.
    direct = Position.from_points({13: 15}, {18: 1, 1: 14})
    assert hitting_rolls(direct) == pytest.approx(17 / 36)
    assert hitting_rolls(Position.start()) == 0.0


def test_counts_follow_the_record():
    record = Record.new(Rules.full()).extend(
        [Action.roll((3, 1)), Action.play([(8, 5), (6, 5)]), Action.roll((6, 6)),
         Action.play([(24, 18), (24, 18), (13, 7), (13, 7)]), Action.roll((2, 1))]
    )  # fmt: skip
    cyan, pink = dice_statistics(record)
    assert (cyan.rolls, pink.rolls) == (1, 1)  # the opening roll is not counted
    assert cyan.rolls_seen["2-1"] == 1 and pink.rolls_seen["6-6"] == 1
    assert (cyan.doubles.observed, pink.doubles.observed) == (0, 1)
    assert pink.doubles.expected == pytest.approx(1 / 6)


def test_fair_dice_over_a_long_session_are_within_chance():
    rng = random.Random(5)
    record = self_play(Rules.full(match_length=5), rng, RandomPlayer(rng, cube=0.0, resign=0.0))
    stats = dice_statistics(record)
    for player in stats:
        assert player.rolls > 100
        assert sum(player.rolls_seen.values()) == player.rolls
        assert player.rolls_p_value > 0.001
        assert player.doubles.chances == player.rolls
        assert player.entering.chances > 0 and player.hitting.chances > 0
        # Entering is fully decided by the dice and the closed points: close to expected.
        assert abs(player.entering.observed - player.entering.expected) < 4 * (
            player.entering.chances**0.5
        )


def test_the_faq_answer_says_how_the_dice_are_rolled():
    for fact in ("HMAC-SHA256", "commitment", "Mersenne", "?seed=N"):
        assert fact in HOW_THE_DICE_ARE_ROLLED
