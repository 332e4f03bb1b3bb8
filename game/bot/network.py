"""A small neural network evaluated in pure Python, fast on sparse inputs.

    >>> net = Network.zeros(inputs=3, hidden=2, outputs=1)
    >>> net.outputs(net.hidden_sums([(0, 1.0)]))
    [0.5]

One hidden layer of sigmoid units, sigmoid outputs. The first layer is kept as
one row of ``hidden`` weights per input, so the hidden sums of a sparse input
cost one row per non-zero input, and the sums of a position that differs from
an already computed one in a few inputs are updated from it (``update_sums``):
the candidate plays of one roll differ in only a few inputs.

The hidden sums are held as **one integer**: each unit a 64-bit lane of fixed-point
value, so that adding a row to every unit is one addition of Python integers, done in
C, instead of a loop over the units. A lane never carries into the next: its bits below
the point (``FRACTION_BITS``, fewer for a network whose weights could reach larger sums)
leave room for the largest sum any inputs up to ``LARGEST_INPUT`` could make. Inputs
take values on a grid of ``1 / GRID`` (the encodings' divisors all divide it), so a
change of an input by ``k / GRID`` adds ``k`` times that input's row: the sums are exact
integers, the same whatever order or base they were reached from. A change off the grid
adds its own row, rounded to the lanes. What a change adds is kept for the next time.

A sigmoid unit is ``(1 + tanh(s / 2)) / 2``: the lanes hold ``s / 2`` and the output
layer takes the halves and constants in its weights, so that each unit, hidden or output,
costs one ``tanh`` and no overflow can happen.

Weights file (``.net``): zlib-compressed; a text header line
``bgnet INPUTS HIDDEN OUTPUTS`` then little-endian float32 arrays: the input
rows (INPUTS x HIDDEN), hidden biases, output rows (OUTPUTS x HIDDEN), output biases.
"""

from __future__ import annotations

import math
import sys
import zlib
from array import array
from itertools import repeat
from math import tanh
from operator import add, mul
from pathlib import Path

MAGIC = "bgnet"
# Python 3.12+ (the page's Pyodide): a dot product in C, without a float object per term.
sumprod = getattr(math, "sumprod", None)
LANE_BITS = 64
FRACTION_BITS = 48  # a lane holds round(s / 2 * 2**48) for a hidden sum s (fewer if need be)
LARGEST_INPUT = 16.0  # no input of the encodings reaches it (the largest, pips / 50, < 7.5)
# Every input of the encodings is a multiple of 1/3600 (they divide by 2, 4, 5, 6, 10, 15,
# 30, 36, 40, 50, 100 and 360).
GRID = 3600
KEPT_BYTES = 8_000_000  # the changes' rows kept, a network (4,000 of 256 units)
_LANE_BIAS = 1 << (LANE_BITS - 1)
_BIG_ENDIAN = sys.byteorder != "little"


def _dot(a: list[float], b: list[float]) -> float:
    """A dot product (``math.sumprod`` where Python has it: 3.12+, the page's Pyodide)."""
    total: float = sum(map(mul, a, b))
    return total


if sumprod is not None:
    _dot = sumprod


class BadWeights(ValueError):
    """A weights file that cannot be read."""


class Network:
    """Inputs -> sigmoid hidden layer -> sigmoid outputs."""

    __slots__ = (
        "_grid_rows",
        "_hidden_half",
        "_kept",
        "_outputs",
        "_room",
        "_scale",
        "_top_bits",
        "_unit",
        "_width",
        "hidden_bias",
        "input_rows",
        "output_bias",
        "output_rows",
    )

    def __init__(
        self,
        input_rows: list[list[float]],
        hidden_bias: list[float],
        output_rows: list[list[float]],
        output_bias: list[float],
    ) -> None:
        self.input_rows = input_rows
        self.hidden_bias = hidden_bias
        self.output_rows = output_rows
        self.output_bias = output_bias
        hidden = len(hidden_bias)
        # Each unit's largest sum, a column of the rows at a time (C-level maps).
        reach = [0.0] * hidden
        for row in input_rows:
            reach = list(map(add, reach, map(abs, row)))
        largest = max(
            map(add, map(abs, hidden_bias), map(mul, reach, repeat(LARGEST_INPUT))), default=0.0
        )
        # Lanes hold s / 2 below 2**62, a sign bit to spare.
        fraction = min(FRACTION_BITS, 62 - math.frexp(largest)[1])
        self._scale = float(1 << fraction)
        self._unit = 1.0 / self._scale
        self._width = hidden * LANE_BITS // 8
        # Every lane's top bit: adding then flipping it turns lanes of any sign into the
        # two's complement that array("q") reads.
        self._top_bits = int.from_bytes(
            (_LANE_BIAS.to_bytes(LANE_BITS // 8, "little")) * hidden, "little"
        )
        self._hidden_half = self._lanes(hidden_bias, 1.0)
        # The rows packed on the grid, each the first time it is needed (start-up stays quick).
        self._grid_rows: list[int | None] = [None] * len(input_rows)
        # What each change adds, kept (``_change``): as many as fit in KEPT_BYTES.
        self._kept: dict[tuple[int, float], int] = {}
        self._room = max(100, KEPT_BYTES // max(1, self._width))
        # sigmoid(s) = 1/2 + tanh(s/2)/2, for the hidden units and the outputs alike: an
        # output's sum z = b + sum(w * (1 + t) / 2) over the units' t = tanh(s/2), and its
        # sigmoid 1/2 + tanh(z/2)/2, so each output keeps w/4 and (b + sum(w)/2)/2.
        self._outputs = [
            ([0.25 * w for w in row], 0.5 * (bias + 0.5 * math.fsum(row)))
            for row, bias in zip(output_rows, output_bias, strict=True)
        ]

    def _lanes(self, values: list[float], factor: float) -> int:
        """``values`` times ``factor / 2`` in fixed point, one 64-bit lane each."""
        scale = factor * self._scale / 2
        biased = array("Q", [round(value * scale) + _LANE_BIAS for value in values])
        if _BIG_ENDIAN:
            biased.byteswap()
        return int.from_bytes(biased.tobytes(), "little") - self._top_bits

    @classmethod
    def zeros(cls, inputs: int, hidden: int, outputs: int) -> Network:
        return cls(
            [[0.0] * hidden for _ in range(inputs)],
            [0.0] * hidden,
            [[0.0] * hidden for _ in range(outputs)],
            [0.0] * outputs,
        )

    @property
    def shape(self) -> tuple[int, int, int]:
        return len(self.input_rows), len(self.hidden_bias), len(self.output_bias)

    def hidden_sums(self, inputs: list[tuple[int, float]]) -> int:
        """The hidden units' weighted sums (before the sigmoid) for sparse ``inputs``, packed
        (``sums_list`` unpacks them)."""
        return self.update_sums(self._hidden_half, inputs)

    def partial_sums(self, inputs: list[tuple[int, float]]) -> int:
        """``inputs``' share of the hidden sums, without the biases: sums of disjoint parts
        of a position's inputs add up to its sums (integers: exactly)."""
        return self.update_sums(0, inputs)

    def update_sums(self, sums: int, changes: list[tuple[int, float]]) -> int:
        """Hidden sums after adding each ``(index, delta)`` of ``changes`` to the inputs."""
        kept = self._kept
        for change in changes:
            found = kept.get(change)
            if found is None:
                found = self._change(change)
            sums += found
        return sums

    def _change(self, change: tuple[int, float]) -> int:
        """What adding ``delta`` to input ``index`` adds to the sums (kept: the same changes
        come back for every play of a roll)."""
        index, delta = change
        steps = delta * GRID
        whole = round(steps)
        if abs(steps - whole) < 1e-6:
            row = self._grid_rows[index]
            if row is None:
                row = self._grid_rows[index] = self._lanes(self.input_rows[index], 1.0 / GRID)
            found = whole * row
        else:
            found = self._lanes(self.input_rows[index], delta)
        if len(self._kept) >= self._room:
            self._kept.clear()
        self._kept[change] = found
        return found

    def _halves(self, sums: int) -> array[int]:
        """Each hidden unit's sum, halved, in fixed point (signed 64-bit integers)."""
        lanes = array("q")
        lanes.frombytes(((sums + self._top_bits) ^ self._top_bits).to_bytes(self._width, "little"))
        if _BIG_ENDIAN:
            lanes.byteswap()
        return lanes

    def sums_list(self, sums: int) -> list[float]:
        """The packed hidden sums as floats."""
        return [2.0 * lane / self._scale for lane in self._halves(sums)]

    def outputs(self, sums: int) -> list[float]:
        """The outputs from the packed hidden sums."""
        unit = self._unit
        # A comprehension: cheaper than two maps for the pruning network's 32 units (the
        # same products, the same figures). The outputs are not kept by their sums: the
        # same sums come back for one position in nine of a search, but in Pyodide keeping
        # them cost more than it saved (docs/performance.md, "Session 32").
        tanhs = [tanh(half * unit) for half in self._halves(sums)]
        # Each output's sigmoid as a tanh too, its halves in the weights (``_outputs``).
        return [0.5 + 0.5 * tanh(_dot(tanhs, row) + offset) for row, offset in self._outputs]

    def evaluate(self, inputs: list[tuple[int, float]]) -> list[float]:
        return self.outputs(self.hidden_sums(inputs))

    # --- weights files -------------------------------------------------

    def to_bytes(self) -> bytes:
        inputs, hidden, outputs = self.shape
        values = array("f")
        for row in self.input_rows:
            values.extend(row)
        values.extend(self.hidden_bias)
        for row in self.output_rows:
            values.extend(row)
        values.extend(self.output_bias)
        if sys.byteorder != "little":
            values.byteswap()
        header = f"{MAGIC} {inputs} {hidden} {outputs}\n".encode()
        return zlib.compress(header + values.tobytes(), 9)

    @classmethod
    def from_bytes(cls, data: bytes) -> Network:
        try:
            raw = zlib.decompress(data)
        except zlib.error as error:
            raise BadWeights(f"weights are not zlib data: {error}") from None
        end = raw.find(b"\n")
        fields = raw[:end].decode("ascii", "replace").split() if end > 0 else []
        if len(fields) != 4 or fields[0] != MAGIC:
            raise BadWeights(f"weights header should be '{MAGIC} INPUTS HIDDEN OUTPUTS'")
        inputs, hidden, outputs = (int(field) for field in fields[1:])
        values = array("f")
        values.frombytes(raw[end + 1 :])
        if sys.byteorder != "little":
            values.byteswap()
        expected = inputs * hidden + hidden + outputs * hidden + outputs
        if len(values) != expected:
            raise BadWeights(f"weights hold {len(values)} numbers, the header needs {expected}")
        numbers = values.tolist()
        at = 0

        def take(count: int) -> list[float]:
            nonlocal at
            chunk = numbers[at : at + count]
            at += count
            return chunk

        input_rows = [take(hidden) for _ in range(inputs)]
        hidden_bias = take(hidden)
        output_rows = [take(hidden) for _ in range(outputs)]
        output_bias = take(outputs)
        return cls(input_rows, hidden_bias, output_rows, output_bias)

    def save(self, path: str | Path) -> None:
        Path(path).write_bytes(self.to_bytes())

    @classmethod
    def load(cls, path: str | Path) -> Network:
        return cls.from_bytes(Path(path).read_bytes())
