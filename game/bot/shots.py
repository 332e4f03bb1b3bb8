"""The 21 rolls, and what they let a checker do: hit a blot, or escape past a blockade.

The hand-made features of ``encoding`` count them (``shots``, ``escapes``, ``blockade``,
``pip_loss``, ``contained``). Points are one side's own numbering (25: the bar); a side's
points held by the other are a bit mask (bit ``p`` for point ``p``), so that a roll's way
past them is a mask test, and the rolls themselves are bits in ``ROLLS`` order.

    >>> hitting((13,), (8,), 0)  # a blot 5 pips away: 11 rolls hit it directly, 4-1 and 3-2 too
    (15, 120)
"""

from __future__ import annotations

# The 21 rolls (a <= b) with their weight in 36.
ROLLS = tuple((a, b, 1 if a == b else 2) for a in range(1, 7) for b in range(a, 7))

# The 21 rolls in three sets of seven, two doubles and five others each, so that every number
# comes up in each set: a set weighted three times (a double 3 in 36, another roll 6) stands
# for all 36 in a look two rolls ahead, whose second rolls take the sets in turn.
# Sets of rolls with their weights, together the 21 (a look two rolls ahead's second rolls).
SecondRolls = tuple[tuple[tuple[int, int, float], ...], ...]

ROLL_THIRDS: SecondRolls = tuple(
    tuple((a, b, 3 if a == b else 6) for a, b in third)
    for third in (
        ((1, 1), (4, 4), (1, 2), (3, 4), (5, 6), (1, 5), (2, 6)),
        ((2, 2), (5, 5), (1, 3), (2, 4), (3, 5), (4, 6), (1, 6)),
        ((3, 3), (6, 6), (1, 4), (2, 5), (3, 6), (2, 3), (4, 5)),
    )
)

# The 21 rolls in seven sets of three (every seventh roll of ``ROLLS``), each weighted to
# stand for all 36: a thinner look two rolls ahead, whose second rolls take the sets in turn.
ROLL_SEVENTHS: SecondRolls = tuple(
    tuple((a, b, weight * 36 / total) for a, b, weight in group)
    for group in (ROLLS[k::7] for k in range(7))
    for total in (sum(weight for _, _, weight in group),)
)

# All 21 rolls as one set, with their weights in 36: a full look two rolls ahead.
ROLL_ALL: SecondRolls = (ROLLS,)

# The second rolls of a look two rolls ahead, by how many sets the 21 rolls are split into.
SECOND_ROLLS: dict[int, SecondRolls] = {1: ROLL_ALL, 3: ROLL_THIRDS, 7: ROLL_SEVENTHS}


def blocking(rearmost: int, held: int) -> tuple[float, int]:
    """(blockade, escapes) of a rearmost checker against the points ``held`` in front of it
    (a bit mask), cached: the blocking side's points change less often than the checkers."""
    key = (rearmost, held & ((1 << rearmost) - 1))  # only the points below it count
    found = _blockings.get(key)
    if found is None:
        blockers = [x for x in range(max(1, rearmost - 12), rearmost) if held >> x & 1]
        blockade = 0.0
        escapes = 36
        if blockers:
            blockade = sum((13 - (rearmost - x)) / 12.0 for x in blockers) / 6.0
            escapes = _escapes(rearmost, blockers[0], held)
        if len(_blockings) >= 20000:
            _blockings.clear()
        found = _blockings[key] = (blockade, escapes)
    return found


_blockings: dict[tuple[int, int], tuple[float, int]] = {}


def _escapes(origin: int, last_blocker: int, held: int) -> int:
    """Rolls of 36 that move a checker from ``origin`` to an open point below ``last_blocker``."""
    count = 0
    for a, b, weight in ROLLS:
        if a == b:
            point = origin
            for _ in range(4):
                point -= a
                if point < 1 or held >> point & 1:
                    break
                if point < last_blocker:
                    count += weight
                    break
        else:
            total = origin - a - b
            if (
                total >= 1
                and total < last_blocker
                and not held >> total & 1
                and (not held >> (origin - a) & 1 or not held >> (origin - b) & 1)
            ):
                count += weight
    return count


def _roll_tables() -> tuple[dict[int, int], dict[int, list[tuple[int, tuple[int, ...]]]]]:
    """For each distance of 1..24 pips: the rolls (a bit each, in ``ROLLS`` order) that hit
    a blot that far with one checker, directly; and those that need a combination, each
    with its ways to travel as masks of the intermediate points, nearest the origin
    counted from 25 (shift right by 25 - origin to place them)."""
    direct: dict[int, int] = {}
    combined: dict[int, list[tuple[int, tuple[int, ...]]]] = {}
    for bit, (a, b, _) in enumerate(ROLLS):
        for die in {a, b}:
            direct[die] = direct.get(die, 0) | 1 << bit
        if a == b:
            for steps in (2, 3, 4):
                way = sum(1 << (25 - a * k) for k in range(1, steps))
                combined.setdefault(a * steps, []).append((1 << bit, (way,)))
        else:
            ways = (1 << (25 - a), 1 << (25 - b))
            combined.setdefault(a + b, []).append((1 << bit, ways))
    return direct, combined


_DIRECT, _COMBINED = _roll_tables()
# The weight (1 or 2 of 36) of a set of rolls, in two halves of the 21 bits.
_WEIGHT_LOW = [
    sum(ROLLS[bit][2] for bit in range(11) if mask >> bit & 1) for mask in range(1 << 11)
]
_WEIGHT_HIGH = [
    sum(ROLLS[bit + 11][2] for bit in range(10) if mask >> bit & 1) for mask in range(1 << 10)
]


def hitting(sources: tuple[int, ...], targets: tuple[int, ...], held: int) -> tuple[int, int]:
    """(shots, pips): the rolls of 36 on which a side with checkers on ``sources`` (25: the
    bar) could hit a blot on one of ``targets`` (its own numbering, farthest first); and
    the sum over those rolls of the pips the farthest blot hit would lose (its point in
    this numbering). ``held`` marks its points the other side holds, where a combination
    shot cannot touch down. Cached: a look-ahead's replies often leave the same blots
    facing the same checkers."""
    if not targets:
        return 0, 0
    key = (sources, targets, held)
    found = _hits.get(key)
    if found is None:
        if len(_hits) >= 20000:
            _hits.clear()
        found = _hits[key] = _hitting(sources, targets, held)
    return found


_hits: dict[tuple[tuple[int, ...], tuple[int, ...], int], tuple[int, int]] = {}


def _hitting(sources: tuple[int, ...], targets: tuple[int, ...], held: int) -> tuple[int, int]:
    hits = 0  # a bit per roll of ROLLS: the rolls that hit some blot seen so far
    pips = 0
    direct, combined = _DIRECT, _COMBINED
    low, high = _WEIGHT_LOW, _WEIGHT_HIGH
    for target in targets:
        found = 0  # the rolls that hit this blot
        for origin in sources:
            distance = origin - target
            if distance > 0:
                if distance <= 6:
                    found |= direct[distance]
                for bit, ways in combined.get(distance, ()):
                    if not found & bit:
                        shift = 25 - origin
                        for way in ways:
                            if not held & (way >> shift):
                                found |= bit
                                break
        new = found & ~hits
        if new:
            pips += target * (low[new & 0x7FF] + high[new >> 11])
            hits |= new
    return low[hits & 0x7FF] + high[hits >> 11], pips
