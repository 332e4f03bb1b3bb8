"""Network inputs for a position, from the point of view of the player on roll.

    >>> from game.position import Position
    >>> inputs = encode(Position.start())
    >>> len(inputs) < 80, all(0 <= index < INPUTS for index, _ in inputs)
    (True, True)

The encoding is sparse: a list of ``(index, value)`` pairs for the inputs that
are not zero (most of them are). Layout, for each side (the player on roll
first, then the opponent, each in its own point numbering):

- per point 1..24, four inputs (TD-Gammon style truncated unary):
  a blot (n == 1), made (n >= 2), n >= 3, and (n - 3) / 2 for the spares beyond three;
- bar: n >= 1, n >= 2, n / 4;
- off: n / 15 and "none off yet" (gammon danger);
- hand-made features (``FEATURES`` names them, in order).

Hand-made features, per side ``S`` against the other side ``T``:

- ``pips``: S's pip count / 100;
- ``shots``: rolls of 36 on which S, if on roll, could hit a blot of T
  (direct and combination shots, with the intermediate point open);
- ``escapes``: rolls of 36 that carry S's rearmost checker past all of T's
  points within 12 pips in front of it (36 when nothing blocks it);
- ``prime``: the longest run of consecutive points S holds, / 6;
- ``blockade``: T's held points in the 12 pips in front of S's rearmost checker,
  weighted by nearness;
- ``anchors``: points S holds in T's home board, / 2;
- ``home``: points S holds in its own home board, / 6;
- ``back``: S's checkers in T's home board or on the bar, / 5;
- ``outfield``: S's checkers on points 7..18, / 10;
- ``stragglers``: S's checkers not yet home, / 15 (how far S is from bearing off);
- ``wastage``: S's pips on the three lowest points, / 30 (a crunched board).

Plus one shared input: the pip difference (S minus T) / 50.
"""

from __future__ import annotations

from typing import Any

from game.position import BAR, OFF, Position, Side

ENCODING_VERSION = 1  # bump when the inputs change: trained networks and data caches depend on it
POINT_INPUTS = 4
BAR_BASE = 24 * POINT_INPUTS
OFF_BASE = BAR_BASE + 3
FEATURE_BASE = OFF_BASE + 2
FEATURES = (
    "pips",
    "shots",
    "escapes",
    "prime",
    "blockade",
    "anchors",
    "home",
    "back",
    "outfield",
    "stragglers",
    "wastage",
)
SIDE_INPUTS = FEATURE_BASE + len(FEATURES)
PIP_DIFFERENCE = 2 * SIDE_INPUTS
INPUTS = PIP_DIFFERENCE + 1

# The 21 distinct rolls and how many of the 36 each stands for.
ROLLS = tuple((a, b, 1 if a == b else 2) for a in range(1, 7) for b in range(a, 7))


def encode(position: Position) -> list[tuple[int, float]]:
    """The non-zero inputs of ``position`` as ``(index, value)`` pairs, index ascending."""
    me, them = position.player, position.opponent
    inputs: list[tuple[int, float]] = []
    _encode_side(me, them, 0, inputs)
    _encode_side(them, me, SIDE_INPUTS, inputs)
    difference = _own_features(me)[1] - _own_features(them)[1]
    if difference:
        inputs.append((PIP_DIFFERENCE, difference / 50.0))
    return inputs


def dense(inputs: list[tuple[int, float]]) -> list[float]:
    """The full input vector from the sparse pairs (for tests and training tools)."""
    vector = [0.0] * INPUTS
    for index, value in inputs:
        vector[index] = value
    return vector


def _pips(side: Side) -> int:
    return sum(point * n for point, n in enumerate(side))


def _encode_side(me: Side, them: Side, base: int, out: list[tuple[int, float]]) -> None:
    append = out.append
    for point in range(1, 25):
        n = me[point]
        if n:
            index = base + (point - 1) * POINT_INPUTS
            if n == 1:
                append((index, 1.0))
            else:
                append((index + 1, 1.0))
                if n >= 3:
                    append((index + 2, 1.0))
                    if n > 3:
                        append((index + 3, (n - 3) / 2.0))
    bar = me[BAR]
    if bar:
        append((base + BAR_BASE, 1.0))
        if bar >= 2:
            append((base + BAR_BASE + 1, 1.0))
        append((base + BAR_BASE + 2, bar / 4.0))
    off = me[OFF]
    if off:
        append((base + OFF_BASE, off / 15.0))
    else:
        append((base + OFF_BASE + 1, 1.0))
    for offset, value in enumerate(_features(me, them)):
        if value:
            append((base + FEATURE_BASE + offset, value))


def _own_features(me: Side) -> tuple[Any, ...]:
    """The features that depend on one side only, cached: in a search one side often stays put."""
    found = _own_cache.get(me)
    if found is not None:
        return found
    rearmost = 0
    for point in range(BAR, OFF, -1):
        if me[point]:
            rearmost = point
            break
    prime = run = 0
    home = anchors = 0
    for point in range(1, 25):
        if me[point] >= 2:
            run += 1
            if run > prime:
                prime = run
            if point <= 6:
                home += 1
            elif point >= 19:
                anchors += 1
        else:
            run = 0
    found = (
        rearmost,
        _pips(me),
        prime / 6.0,
        anchors / 2.0,
        home / 6.0,
        sum(me[19:26]) / 5.0,
        sum(me[7:19]) / 10.0,
        sum(me[7:26]) / 15.0,
        (me[1] + 2 * me[2] + 3 * me[3]) / 30.0,
    )
    if len(_own_cache) > 10000:  # bounded: a few MB at most
        _own_cache.clear()
    _own_cache[me] = found
    return found


_own_cache: dict[Side, tuple[Any, ...]] = {}


def _features(me: Side, them: Side) -> tuple[float, ...]:
    rearmost, pips, prime, anchors, home, back, outfield, stragglers, wastage = _own_features(me)
    blockade = 0.0
    escapes = 36
    shots = 0
    if rearmost + _own_features(them)[0] > 25:  # contact
        # ``held[x]``: the opponent holds my point x (their point 25 - x).
        held = [False] + [n >= 2 for n in them[24:0:-1]] + [False]
        blockers = [x for x in range(max(1, rearmost - 12), rearmost) if held[x]]
        if blockers:
            blockade = sum((13 - (rearmost - x)) / 12.0 for x in blockers) / 6.0
            escapes = _escapes(rearmost, blockers[0], held)
        shots = _shots(me, them, held)
    return (
        pips / 100.0,
        shots / 36.0,
        escapes / 36.0,
        prime,
        blockade,
        anchors,
        home,
        back,
        outfield,
        stragglers,
        wastage,
    )


def _rearmost(side: Side) -> int:
    for point in range(BAR, OFF, -1):
        if side[point]:
            return point
    return 0


def _escapes(origin: int, last_blocker: int, held: list[bool]) -> int:
    """Rolls of 36 that move a checker from ``origin`` to an open point below ``last_blocker``."""
    count = 0
    for a, b, weight in ROLLS:
        if a == b:
            point = origin
            for _ in range(4):
                point -= a
                if point < 1 or held[point]:
                    break
                if point < last_blocker:
                    count += weight
                    break
        else:
            total = origin - a - b
            if (
                total >= 1
                and total < last_blocker
                and not held[total]
                and (not held[origin - a] or not held[origin - b])
            ):
                count += weight
    return count


def _shots(me: Side, them: Side, held: list[bool]) -> int:
    """Rolls of 36 on which ``me`` (if on roll) could hit one of ``them``'s blots.

    A blot on their point q is my point 25 - q; my checker on point p (25: the
    bar) reaches it with a distance p - (25 - q). ``held`` marks my points that
    they hold, where a combination shot cannot touch down.
    """
    targets = [25 - q for q in range(1, 25) if them[q] == 1]
    if not targets:
        return 0
    their_points = held
    sources = [p for p in range(1, 26) if me[p]]
    on_bar = me[BAR] > 0
    if on_bar:
        sources = [BAR]
    # distance -> origins that reach a blot at that distance
    reach: dict[int, list[int]] = {}
    for p in sources:
        for t in targets:
            d = p - t
            if d > 0:
                reach.setdefault(d, []).append(p)
    if not reach:
        return 0
    count = 0
    for a, b, weight in ROLLS:
        if a == b:
            hit = False
            for steps in (1, 2, 3, 4):
                origins = reach.get(a * steps)
                if origins:
                    for p in origins:
                        if all(not their_points[p - a * k] for k in range(1, steps)):
                            hit = True
                            break
                if hit:
                    break
        else:
            hit = a in reach or b in reach
            if not hit:
                origins = reach.get(a + b)
                if origins:
                    for p in origins:
                        if not their_points[p - a] or not their_points[p - b]:
                            hit = True
                            break
        if hit:
            count += weight
    return count
