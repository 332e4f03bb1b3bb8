"""Network inputs for a position, from the point of view of the player on roll.

    >>> from game.engine.position import Position
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

Then, after it, more hand-made inputs for each side (``EXTRAS`` names them; the side on
roll first), only with contact (a race encodes none of them, so the race network reads
the first ``RACE_INPUTS`` inputs alone):

- ``pip_loss``: the pips S would cost T by hitting, averaged over the 36 rolls (on each
  roll the farthest-advanced blot S could hit, as ``shots`` finds them), / 360;
- ``contained``: how well T contains a checker of S anywhere on S's points 15..24:
  1 - (the fewest ``escapes`` from one of those points) / 36;
- ``break_contact``: the pips S needs to bring every checker past T's rearmost one, / 100;
- ``mobility``: the (point, die) pairs on which S could move a checker one die to an
  open point (only from the bar while S has checkers there), / 40;
- ``dance``: with S on the bar, the rolls of 36 on which S enters no checker;
- ``stuck``: with two or more of S on the bar, the rolls on which they do not all enter.
"""

from __future__ import annotations

from operator import getitem, mul
from typing import Protocol

from game.bot.shots import blocking, hitting
from game.engine.position import BAR, OFF, Position, Side

ENCODING_VERSION = 2  # bump when the inputs change: trained networks and data caches depend on it
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
RACE_INPUTS = PIP_DIFFERENCE + 1  # the inputs a race can have (version 1's 225)
EXTRA_BASE = RACE_INPUTS
EXTRAS = ("pip_loss", "contained", "break_contact", "mobility", "dance", "stuck")
INPUTS = EXTRA_BASE + 2 * len(EXTRAS)
# The inputs ``encode_pruning`` sets: all but escapes, blockade and the extras.
PRUNING_INPUTS = tuple(
    index for index in range(RACE_INPUTS) if index % SIDE_INPUTS - FEATURE_BASE not in (2, 4)
)


class SumsOf(Protocol):
    """A network's hidden sums of some inputs (``network.Network``)."""

    def partial_sums(self, inputs: list[tuple[int, float]]) -> int: ...


def encode(position: Position) -> list[tuple[int, float]]:
    """The non-zero inputs of ``position`` as ``(index, value)`` pairs, index ascending."""
    me, them = _side(position.player), _side(position.opponent)
    inputs: list[tuple[int, float]] = []
    contact = me.rearmost + them.rearmost > 25
    my_loss = _encode_side(me, them, 0, contact, inputs)
    their_loss = _encode_side(them, me, 1, contact, inputs)
    difference = me.pips - them.pips
    if difference:
        inputs.append((PIP_DIFFERENCE, difference / 50.0))
    if contact:
        _encode_extras(me, them, my_loss, EXTRA_BASE, inputs)
        _encode_extras(them, me, their_loss, EXTRA_BASE + len(EXTRAS), inputs)
    return inputs


def encode_pruning(position: Position) -> list[tuple[int, float]]:
    """The inputs the pruning network reads (``PRUNING_INPUTS``): ``encode``'s, less those
    that cost most to work out (escapes, blockade and the extras).

    It ranks the replies of a look-ahead, where most of a position's time would go, so
    that only the best few are evaluated in full (``budget.reply_candidates``).
    """
    me, them, both = pruning_split(position)
    inputs = [
        pair
        for which, side in ((0, me), (1, them))
        for part in side.encoded_parts(which)
        for pair in part
    ]
    return sorted(inputs + both)


def pruning_split(position: Position) -> tuple[_Side, _Side, list[tuple[int, float]]]:
    """``encode_pruning``'s inputs in three: the side on roll's own inputs and the other
    side's (``_Side.own_sums`` of each), and the inputs that depend on both."""
    me, them = _side(position.player), _side(position.opponent)
    return me, them, pruning_both(me, them)


def pruning_both(me: _Side, them: _Side) -> list[tuple[int, float]]:
    """``pruning_split``'s third part: the inputs that depend on both sides, ``me`` on roll."""
    both: list[tuple[int, float]] = []
    shots = hitting(me.sources, them.blots, them.held)[0]
    if shots:
        both.append((FEATURE_BASE + 1, shots / 36.0))
    shots = hitting(them.sources, me.blots, me.held)[0]
    if shots:
        both.append((SIDE_INPUTS + FEATURE_BASE + 1, shots / 36.0))
    difference = me.pips - them.pips
    if difference:
        both.append((PIP_DIFFERENCE, difference / 50.0))
    return both


def side_of(side: Side) -> _Side:
    """What the inputs need from ``side`` alone, kept per checker placement (``_Side``)."""
    return _side(side)


def is_contact(position: Position) -> bool:
    """Can the sides still hit or block each other (the sides' rearmost checkers, cached)?"""
    return _side(position.player).rearmost + _side(position.opponent).rearmost > 25


def dense(inputs: list[tuple[int, float]]) -> list[float]:
    """The full input vector from the sparse pairs (for tests and training tools)."""
    vector = [0.0] * INPUTS
    for index, value in inputs:
        vector[index] = value
    return vector


class _Side:
    """What the inputs need from one side alone, worked out once per checker placement.

    In a search one side often stays put while the other moves, and the same
    placements come back across candidate plays: so these are cached (``_side``).
    """

    __slots__ = (
        "blots",
        "contains",
        "held",
        "made",
        "occupied",
        "parts",
        "pips",
        "rearmost",
        "side",
        "sources",
        "sums",
    )

    def __init__(self, side: Side) -> None:
        self.side = side
        pips = held = made = 0
        blots = []
        occupied = []
        for point in range(1, 25):
            n = side[point]
            if n:
                pips += point * n
                occupied.append(point)
                # Seen from the other side, numbered its way (my point p is its 25 - p):
                # ``held`` has bit x set when I hold its point x; ``blots`` are its points
                # with a blot of mine, the targets of its shots. ``made``: the same points
                # in my numbering.
                if n == 1:
                    blots.append(25 - point)
                else:
                    held |= 1 << (25 - point)
                    made |= 1 << point
        bar = side[BAR]
        self.pips = pips + BAR * bar
        self.rearmost = BAR if bar else occupied[-1] if occupied else OFF
        self.held = held
        self.made = made
        self.blots = tuple(blots)
        # Where my shots can come from: every occupied point, or only the bar.
        self.sources = (BAR,) if bar else tuple(occupied)
        # The same as a bit mask, in my numbering (for mobility).
        mask = 0
        for point in self.sources:
            mask |= 1 << point
        self.occupied = mask
        self.parts: list[tuple[list[tuple[int, float]], ...] | None] = [None, None]
        self.contains = -1  # the fewest escapes I leave the other side (``containment``)
        self.sums: dict[tuple[int, SumsOf], int] = {}  # ``own_sums``

    def containment(self) -> int:
        """The fewest rolls of 36 on which a checker of the other side on one of its points
        15..24 escapes past my points in front of it (cached: my placement alone)."""
        if self.contains < 0:
            held = self.held
            found = _containments.get(held)
            if found is None:
                found = min(blocking(origin, held)[1] for origin in range(15, 25))
                if len(_containments) >= 20000:
                    _containments.clear()
                _containments[held] = found
            self.contains = found
        return self.contains

    def encoded_parts(self, which: int) -> tuple[list[tuple[int, float]], ...]:
        """The inputs that depend on this side alone, as the side numbered ``which`` (0: on
        roll), in three runs around the features that depend on both sides: up to ``pips``;
        ``prime``; from ``anchors`` on."""
        parts = self.parts[which]
        if parts is None:
            base = which * SIDE_INPUTS
            first = _point_inputs(self.side, base)
            head, middle, last = self._features(base)
            parts = self.parts[which] = (first + head, middle, last)
        return parts

    def own_sums(self, which: int, network: SumsOf) -> int:
        """``network``'s hidden sums of the inputs of this side alone (``encoded_parts``),
        without its biases: kept, as the inputs are, per checker placement. The points'
        share is one look-up a point (``_point_sums``): exact, the sums being integers."""
        key = (which, network)
        found = self.sums.get(key)
        if found is None:
            head, middle, last = self._features(which * SIDE_INPUTS)
            found = self.sums[key] = sum(
                map(getitem, _point_sums(which, network), self.side[1:25]),
                network.partial_sums(head + middle + last),
            )
        return found

    def _features(
        self, base: int
    ) -> tuple[list[tuple[int, float]], list[tuple[int, float]], list[tuple[int, float]]]:
        """This side's inputs other than its points, numbered from ``base``: bar, off and
        pips; ``prime``; from ``anchors`` on (``encoded_parts``'s runs)."""
        side = self.side
        head: list[tuple[int, float]] = []
        bar = side[BAR]
        if bar:
            head.append((base + BAR_BASE, 1.0))
            if bar >= 2:
                head.append((base + BAR_BASE + 1, 1.0))
            head.append((base + BAR_BASE + 2, bar / 4.0))
        off = side[OFF]
        if off:
            head.append((base + OFF_BASE, off / 15.0))
        else:
            head.append((base + OFF_BASE + 1, 1.0))
        if self.pips:
            head.append((base + FEATURE_BASE, self.pips / 100.0))
        # The longest run of made points: each step keeps the points whose next is made too.
        made = run = self.made
        prime = 0
        while run:
            run &= run >> 1
            prime += 1
        middle = [(base + FEATURE_BASE + 3, prime / 6.0)] if prime else []
        last = [
            (base + FEATURE_BASE + offset, value)
            for offset, value in enumerate(
                (
                    (made >> 19 & 63).bit_count() / 2.0,  # anchors: my points 19..24
                    (made >> 1 & 63).bit_count() / 6.0,  # home points: 1..6
                    sum(side[19:26]) / 5.0,
                    sum(side[7:19]) / 10.0,
                    sum(side[7:26]) / 15.0,
                    (side[1] + 2 * side[2] + 3 * side[3]) / 30.0,
                ),
                5,
            )
            if value
        ]
        return head, middle, last


def _point_inputs(me: Side, base: int) -> list[tuple[int, float]]:
    """The inputs of ``me``'s points 1..24, numbered from ``base``."""
    inputs: list[tuple[int, float]] = []
    for point in range(1, 25):
        n = me[point]
        if n:
            inputs += _point(n, base + (point - 1) * POINT_INPUTS)
    return inputs


def _point(n: int, index: int) -> list[tuple[int, float]]:
    """The inputs of a point with ``n`` checkers, its first input numbered ``index``."""
    if n == 0:
        return []
    if n == 1:
        return [(index, 1.0)]
    inputs = [(index + 1, 1.0)]
    if n >= 3:
        inputs.append((index + 2, 1.0))
        if n > 3:
            inputs.append((index + 3, (n - 3) / 2.0))
    return inputs


def _point_sums(which: int, network: SumsOf) -> list[list[int]]:
    """``network``'s sums of one point's inputs for the side numbered ``which``, by point
    (1..24, from index 0) and count (0..15): a side's points then cost a look-up each."""
    key = (which, network)
    found = _point_tables.get(key)
    if found is None:
        base = which * SIDE_INPUTS
        found = _point_tables[key] = [
            [network.partial_sums(_point(n, base + (point - 1) * POINT_INPUTS)) for n in range(16)]
            for point in range(1, 25)
        ]
    return found


_point_tables: dict[tuple[int, SumsOf], list[list[int]]] = {}


def _side(side: Side) -> _Side:
    found = _sides.get(side)
    if found is None:
        if len(_sides) >= 4000:  # bounded: a few MB at most
            _sides.clear()
        found = _sides[side] = _Side(side)
    return found


_sides: dict[Side, _Side] = {}


def _encode_side(
    me: _Side, them: _Side, which: int, contact: bool, out: list[tuple[int, float]]
) -> int:
    """Appends the inputs of side ``me``; returns the pips (x 36) its shots would cost."""
    loss = 0
    first, middle, last = me.encoded_parts(which)
    out.extend(first)
    base = which * SIDE_INPUTS + FEATURE_BASE
    blockade = 0.0
    if contact:
        shots, loss = hitting(me.sources, them.blots, them.held)
        if shots:
            out.append((base + 1, shots / 36.0))
        blockade, escapes = blocking(me.rearmost, them.held)
        if escapes:
            out.append((base + 2, escapes / 36.0))
    else:
        out.append((base + 2, 1.0))  # 36 / 36: nothing blocks
    out.extend(middle)
    if blockade:
        out.append((base + 4, blockade))
    out.extend(last)
    return loss


def _encode_extras(
    me: _Side, them: _Side, loss: int, base: int, out: list[tuple[int, float]]
) -> None:
    """The ``EXTRAS`` of side ``me`` (with contact), from index ``base``."""
    if loss:
        out.append((base, loss / 360.0))
    contained = 36 - them.containment()
    if contained:
        out.append((base + 1, contained / 36.0))
    # The other side's rearmost checker, in my numbering (0 when it is on the bar).
    line = 25 - them.rearmost
    # My checkers beyond it (the bar too), each by its pips past it.
    pips = sum(map(mul, me.side[line + 1 : BAR + 1], range(1, BAR + 1 - line)))
    if pips:
        out.append((base + 2, pips / 100.0))
    held = them.held
    occupied = me.occupied
    # (point, die) pairs with an open point die pips below, not past my 1 point (bit 0 and
    # the bits up to the die cleared).
    moves = (
        (occupied & ~(held << 1) & ~3).bit_count()
        + (occupied & ~(held << 2) & ~7).bit_count()
        + (occupied & ~(held << 3) & ~15).bit_count()
        + (occupied & ~(held << 4) & ~31).bit_count()
        + (occupied & ~(held << 5) & ~63).bit_count()
        + (occupied & ~(held << 6) & ~127).bit_count()
    )
    if moves:
        out.append((base + 3, moves / 40.0))
    bar = me.side[BAR]
    if bar:
        closed = (held >> 19 & 63).bit_count()  # the other side's home points, my 19..24
        if closed:
            out.append((base + 4, closed * closed / 36.0))
            if bar >= 2:
                out.append((base + 5, 1.0 - (6 - closed) ** 2 / 36.0))


_containments: dict[int, int] = {}  # containment() by the blocking side's points
