"""The network inputs: unary point counts, bar, off and the hand-made features."""

from __future__ import annotations

import random

from game.bot import encoding
from game.bot.encoding import (
    BAR_BASE,
    EXTRA_BASE,
    EXTRAS,
    FEATURE_BASE,
    FEATURES,
    INPUTS,
    OFF_BASE,
    PIP_DIFFERENCE,
    POINT_INPUTS,
    PRUNING_INPUTS,
    RACE_INPUTS,
    SIDE_INPUTS,
    dense,
    encode,
    encode_pruning,
)
from game.engine.plays import legal_plays
from game.engine.position import BAR, Position
from tests import soak


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


# --- the fast encoder against a plain one ------------------------------------------------
# encode() caches what depends on one side and counts shots with precomputed roll masks;
# this reference works each input out directly, roll by roll, with no cache.


def reference_shots(me: tuple[int, ...], them: tuple[int, ...]) -> int:
    """Rolls of 36 on which ``me`` hits a blot of ``them``: tried die by die."""
    held = [False] + [them[25 - x] >= 2 for x in range(1, 25)] + [False]
    blots = [25 - q for q in range(1, 25) if them[q] == 1]
    origins = [BAR] if me[BAR] else [p for p in range(1, 26) if me[p]]
    count = 0
    for a in range(1, 7):
        for b in range(1, 7):
            hits = False
            for origin in origins:
                for blot in blots:
                    distance = origin - blot
                    if a == b:
                        for steps in range(1, 5):
                            if distance == a * steps and all(
                                not held[origin - a * k] for k in range(1, steps)
                            ):
                                hits = True
                    elif distance in (a, b) or (
                        distance == a + b and (not held[origin - a] or not held[origin - b])
                    ):
                        hits = True
            count += hits
    return count


def reference_escapes(me: tuple[int, ...], them: tuple[int, ...]) -> tuple[int, float]:
    """(escapes, blockade) of ``me``'s rearmost checker, roll by roll."""
    held = [False] + [them[25 - x] >= 2 for x in range(1, 25)] + [False]
    back = next(point for point in range(BAR, 0, -1) if me[point])
    blockers = [x for x in range(max(1, back - 12), back) if held[x]]
    if not blockers:
        return 36, 0.0
    blockade = sum((13 - (back - x)) / 12.0 for x in blockers) / 6.0
    return reference_escapes_from(back, them), blockade


def states_of_random_play(count: int, seed: int) -> list[Position]:
    rng = random.Random(seed)
    found: list[Position] = []
    while len(found) < count:
        position = soak.random_state(rng, 150).position
        if not position.is_game_over():
            found += [position, position.flip()]
    return found


def test_cached_features_agree_with_a_plain_computation_on_random_positions():
    for position in states_of_random_play(200, seed=21):
        for side, (me, them) in enumerate(
            ((position.player, position.opponent), (position.opponent, position.player))
        ):
            contact = position.is_contact()
            escapes, blockade = reference_escapes(me, them) if contact else (36, 0.0)
            shots = reference_shots(me, them) if contact else 0
            assert feature(position, "shots", side) == shots / 36, position
            assert feature(position, "escapes", side) == escapes / 36, position
            assert feature(position, "blockade", side) == blockade, position


def test_encoding_is_the_same_with_cold_and_warm_caches():
    positions = states_of_random_play(300, seed=4)
    warm = [encode(position) for position in positions]
    again = [encode(position) for position in positions]
    encoding._sides.clear()
    encoding._containments.clear()
    cold = [encode(position) for position in positions]
    assert warm == again == cold
    for inputs in cold:
        indices = [index for index, _ in inputs]
        assert indices == sorted(set(indices)) and all(value for _, value in inputs)


def test_the_pruning_inputs_are_the_full_ones_less_the_costly_ones():
    costly = {
        side * SIDE_INPUTS + FEATURE_BASE + FEATURES.index(name)
        for side in (0, 1)
        for name in ("escapes", "blockade")
    } | set(range(EXTRA_BASE, INPUTS))
    assert set(PRUNING_INPUTS) == set(range(INPUTS)) - costly
    kept = set(PRUNING_INPUTS)
    positions = states_of_random_play(200, seed=5)
    assert any(not p.is_contact() for p in positions) and any(p.is_contact() for p in positions)
    for position in positions:
        assert encode_pruning(position) == [pair for pair in encode(position) if pair[0] in kept]


# --- the inputs after the pip difference (EXTRAS), against plain computations -------------


def extra(position: Position, name: str, side: int = 0) -> float:
    index = EXTRA_BASE + side * len(EXTRAS) + EXTRAS.index(name)
    return dense(encode(position))[index]


def reference_pip_loss(me: tuple[int, ...], them: tuple[int, ...]) -> int:
    """Sum over the 36 rolls of the farthest blot of ``them`` that ``me`` hits (its point
    in ``me``'s numbering), tried die by die as in ``reference_shots``."""
    held = [False] + [them[25 - x] >= 2 for x in range(1, 25)] + [False]
    blots = [25 - q for q in range(1, 25) if them[q] == 1]
    origins = [BAR] if me[BAR] else [p for p in range(1, 26) if me[p]]
    total = 0
    for a in range(1, 7):
        for b in range(1, 7):
            farthest = 0
            for origin in origins:
                for blot in blots:
                    distance = origin - blot
                    if a == b:
                        hit = any(
                            distance == a * steps
                            and all(not held[origin - a * k] for k in range(1, steps))
                            for steps in range(1, 5)
                        )
                    else:
                        hit = distance in (a, b) or (
                            distance == a + b and (not held[origin - a] or not held[origin - b])
                        )
                    if hit:
                        farthest = max(farthest, blot)
            total += farthest
    return total


def reference_escapes_from(origin: int, them: tuple[int, ...]) -> int:
    """Rolls of 36 that carry a checker on ``origin`` past every point of ``them`` within
    12 pips in front of it (36 when there is none)."""
    held = [False] + [them[25 - x] >= 2 for x in range(1, 25)] + [False]
    blockers = [x for x in range(max(1, origin - 12), origin) if held[x]]
    if not blockers:
        return 36
    count = 0
    for a in range(1, 7):
        for b in range(1, 7):
            if a == b:
                point = origin
                for _ in range(4):
                    point -= a
                    if point < 1 or held[point]:
                        break
                    if point < blockers[0]:
                        count += 1
                        break
            else:
                end = origin - a - b
                if 1 <= end < blockers[0] and not held[end]:
                    count += not held[origin - a] or not held[origin - b]
    return count


def reference_extras(me: tuple[int, ...], them: tuple[int, ...]) -> dict[str, float]:
    held = [False] + [them[25 - x] >= 2 for x in range(1, 25)] + [False]
    rearmost = next(point for point in range(BAR, 0, -1) if them[point])
    line = 25 - rearmost
    break_contact = sum((p - line) * me[p] for p in range(1, 26) if p > line)
    sources = [BAR] if me[BAR] else [p for p in range(1, 25) if me[p]]
    mobility = sum(1 for p in sources for die in range(1, 7) if p - die >= 1 and not held[p - die])
    enter_none = enter_all = 0
    for a in range(1, 7):
        for b in range(1, 7):
            open_a, open_b = not held[25 - a], not held[25 - b]
            enter_none += not open_a and not open_b
            enter_all += (open_a and open_b) if a != b else open_a
    return {
        "pip_loss": reference_pip_loss(me, them) / 360.0,
        "contained": 1.0 - min(reference_escapes_from(o, them) for o in range(15, 25)) / 36.0,
        "break_contact": break_contact / 100.0,
        "mobility": mobility / 40.0,
        "dance": enter_none / 36.0 if me[BAR] else 0.0,
        "stuck": (1.0 - enter_all / 36.0) if me[BAR] >= 2 else 0.0,
    }


def test_extra_inputs_agree_with_plain_computations_on_random_positions():
    checked = 0
    for position in states_of_random_play(300, seed=33):
        vector = dense(encode(position))
        extras = vector[EXTRA_BASE:]
        if not position.is_contact():
            assert not any(extras), position
            continue
        for side, (me, them) in enumerate(
            ((position.player, position.opponent), (position.opponent, position.player))
        ):
            expected = reference_extras(me, them)
            for name in EXTRAS:
                got = vector[EXTRA_BASE + side * len(EXTRAS) + name_index(name)]
                assert abs(got - expected[name]) < 1e-12, (position, side, name)
            checked += 1
    assert checked > 300


def name_index(name: str) -> int:
    return EXTRAS.index(name)


def test_a_race_has_no_extra_inputs_and_stays_within_the_race_inputs():
    race = Position.from_points({6: 5, 12: 10}, {6: 5, 10: 10})
    assert max(index for index, _ in encode(race)) < RACE_INPUTS


def test_pip_loss_counts_the_farthest_blot_hit_on_each_roll():
    # My checker on my 8 point; the opponent's blots on my 5 and 2 points (its 20 and 23).
    position = Position.from_points({8: 1, 24: 14}, {20: 1, 23: 1, 6: 13})
    # The blot 3 away (5 pips lost): a 3 (11 rolls), 1-2 (2), 1-1 (1): 14 rolls.
    # Only the one 6 away (2 pips): a 6 but not 6-3 (9), 1-5 (2), 2-4 (2), 2-2 (1): 14 rolls.
    assert extra(position, "pip_loss") == (14 * 5 + 14 * 2) / 360.0
    assert feature(position, "shots") == 28 / 36


def test_a_checker_on_the_bar_against_five_closed_points():
    position = Position.from_points({25: 2, 6: 13}, {1: 2, 2: 2, 3: 2, 4: 2, 6: 3, 24: 4})
    assert extra(position, "dance") == 25 / 36
    assert extra(position, "stuck") == 35 / 36
    assert extra(position, "dance", side=1) == 0.0


def test_break_contact_counts_the_pips_to_pass_the_rearmost_opposing_checker():
    # The opponent's rearmost checker on its 20 point, my 5: my checkers on 8 (x2) and 6 must
    # pass it by 3, 3 and 1 pips.
    position = Position.from_points({8: 2, 6: 1, 3: 12}, {20: 1, 6: 14})
    assert extra(position, "break_contact") == 7 / 100
