"""The network inputs: unary point counts, bar, off and the hand-made features."""

from __future__ import annotations

import random

from game.bot.encoding import (
    BAR_BASE,
    FEATURE_BASE,
    FEATURES,
    INPUTS,
    OFF_BASE,
    PIP_DIFFERENCE,
    POINT_INPUTS,
    SIDE_INPUTS,
    dense,
    encode,
)
from game.plays import legal_plays
from game.position import Position


def feature(position: Position, name: str, side: int = 0) -> float:
    return dense(encode(position))[side * SIDE_INPUTS + FEATURE_BASE + FEATURES.index(name)]


def point_inputs(position: Position, point: int, side: int = 0) -> list[float]:
    start = side * SIDE_INPUTS + (point - 1) * POINT_INPUTS
    return dense(encode(position))[start : start + POINT_INPUTS]


def test_point_counts_are_truncated_unary_with_spares_beyond_three():
    start = Position.start()
    assert point_inputs(start, 24) == [0.0, 1.0, 0.0, 0.0]  # two checkers: made
    assert point_inputs(start, 8) == [0.0, 1.0, 1.0, 0.0]  # three
    assert point_inputs(start, 13) == [0.0, 1.0, 1.0, 1.0]  # five: two spares beyond three
    assert point_inputs(start, 7) == [0.0, 0.0, 0.0, 0.0]
    blot = Position.from_points({24: 1, 6: 14}, {6: 15})
    assert point_inputs(blot, 24) == [1.0, 0.0, 0.0, 0.0]


def test_inputs_are_sparse_sorted_pairs_within_range():
    inputs = encode(Position.start())
    indices = [index for index, _ in inputs]
    assert indices == sorted(set(indices))
    assert all(0 <= index < INPUTS and value != 0.0 for index, value in inputs)


def test_both_sides_are_encoded_each_from_its_own_side():
    rng = random.Random(3)
    position = Position.start()
    for _ in range(30):
        plays = legal_plays(position, (rng.randint(1, 6), rng.randint(1, 6)))
        if plays:
            position = rng.choice(plays).position
        position = position.flip()
        vector = dense(encode(position))
        flipped = dense(encode(position.flip()))
        assert vector[:SIDE_INPUTS] == flipped[SIDE_INPUTS : 2 * SIDE_INPUTS]
        assert vector[PIP_DIFFERENCE] == -flipped[PIP_DIFFERENCE]


def test_bar_and_borne_off_checkers_have_their_own_inputs():
    position = Position.from_points({25: 2, 6: 3}, {6: 15})
    vector = dense(encode(position))
    assert vector[BAR_BASE : BAR_BASE + 3] == [1.0, 1.0, 0.5]
    assert vector[OFF_BASE] == 10 / 15  # ten checkers borne off
    assert vector[OFF_BASE + 1] == 0.0
    assert dense(encode(position))[SIDE_INPUTS + OFF_BASE + 1] == 1.0  # opponent: none off yet


def test_a_direct_six_shot_hits_on_seventeen_rolls():
    # My checker on my 8 point, the opponent's blot on my 2 point (its 23 point): 6 away.
    position = Position.from_points({8: 1}, {23: 1, 24: 14})
    assert feature(position, "shots") == 17 / 36


def test_a_blot_behind_every_checker_cannot_be_hit():
    position = Position.from_points({8: 2}, {5: 1, 24: 14})
    assert feature(position, "shots") == 0.0


def test_a_checker_with_nothing_in_front_escapes_on_every_roll():
    position = Position.from_points({24: 1}, {24: 15})
    assert feature(position, "escapes") == 1.0


def test_a_full_prime_in_front_stops_every_escape():
    # The opponent holds my points 18..13 (its 7..12) in front of my checker on 24.
    them = {point: 2 for point in range(7, 13)}
    them[2] = 3
    position = Position.from_points({24: 1, 6: 14}, them)
    assert feature(position, "escapes") == 0.0
    assert feature(position, "prime", side=1) == 1.0


def test_pip_counts_and_their_difference():
    position = Position.from_points({24: 2, 6: 13}, {6: 15})
    vector = dense(encode(position))
    assert vector[FEATURE_BASE + FEATURES.index("pips")] == (48 + 78) / 100
    assert vector[PIP_DIFFERENCE] == (126 - 90) / 50
