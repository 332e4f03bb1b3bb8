"""The rolls that hit and the rolls that escape (game/bot/shots.py), against plain counts."""

from __future__ import annotations

import random

from game.bot import shots
from game.bot.shots import ROLLS, blocking, hitting


def test_the_21_rolls_weigh_36():
    assert len(ROLLS) == 21 and sum(weight for _, _, weight in ROLLS) == 36


def plain_escapes(origin: int, held: int) -> int:
    """Rolls of 36 that bring a checker from ``origin`` to an open point below every held
    point within 12 pips in front of it: a double step by step (it stops once below), other
    rolls with both dice, in either order, each touch-down open."""
    blockers = [x for x in range(max(1, origin - 12), origin) if held >> x & 1]
    if not blockers:
        return 36

    def open_point(point: int) -> bool:
        return point >= 1 and not held >> point & 1

    count = 0
    for a in range(1, 7):
        for b in range(1, 7):
            if a == b:
                points = [origin - a * k for k in range(1, 5)]
                for point in points:
                    if not open_point(point):
                        break
                    if point < blockers[0]:
                        count += 1
                        break
            elif open_point(origin - a - b) and origin - a - b < blockers[0]:
                count += open_point(origin - a) or open_point(origin - b)
    return count


def test_escapes_cold_and_warm_match_a_plain_count():
    rng = random.Random(5)
    cases = [(rng.randint(8, 25), rng.getrandbits(25) & ~1) for _ in range(400)]
    shots._blockings.clear()
    cold = [blocking(origin, held) for origin, held in cases]
    warm = [blocking(origin, held) for origin, held in cases]
    assert cold == warm
    for (origin, held), (_, escapes) in zip(cases, cold, strict=True):
        assert escapes == plain_escapes(origin, held), (origin, bin(held))


def test_a_blot_five_pips_away_is_hit_by_15_rolls():
    # 11 rolls with a 5, 4-1 and 3-2 twice each; the pips lost: the blot's point, 15 times.
    assert hitting((13,), (8,), 0) == (15, 120)
    # With points 9 to 12 held by the other side, every touch-down of 4-1 and 3-2 from
    # the 13-point is blocked: only the direct 5s are left.
    held = sum(1 << p for p in (9, 10, 11, 12))
    assert hitting((13,), (8,), held) == (11, 88)
