"""A small neural network evaluated in pure Python, fast on sparse inputs.

    >>> net = Network.zeros(inputs=3, hidden=2, outputs=1)
    >>> net.outputs(net.hidden_sums([(0, 1.0)]))
    [0.5]

One hidden layer of sigmoid units, sigmoid outputs. The first layer is kept as
one row of ``hidden`` weights per input, so the hidden sums of a sparse input
cost one vector addition per non-zero input, and the sums of a position that
differs from an already computed one in a few inputs are updated from it
(``update_sums``): the candidate plays of one roll differ in only a few inputs.

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
from math import exp
from operator import add, mul, neg, truediv
from pathlib import Path

MAGIC = "bgnet"
# Python 3.12+ (the page's Pyodide): a dot product in C, without a float object per term.
sumprod = getattr(math, "sumprod", None)
SCALED_ROWS = 1000  # rows kept multiplied by a delta: ~6 MB with 192 hidden units


class BadWeights(ValueError):
    """A weights file that cannot be read."""


class Network:
    """Inputs -> sigmoid hidden layer -> sigmoid outputs."""

    __slots__ = ("hidden_bias", "input_rows", "output_bias", "output_rows", "scaled_rows")

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
        self.scaled_rows: dict[tuple[int, float], list[float]] = {}

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

    def hidden_sums(self, inputs: list[tuple[int, float]]) -> list[float]:
        """The hidden units' weighted sums (before the sigmoid) for sparse ``inputs``."""
        return self.update_sums(self.hidden_bias, inputs)

    def update_sums(self, sums: list[float], changes: list[tuple[int, float]]) -> list[float]:
        """Hidden sums after adding each ``(index, delta)`` of ``changes`` to the inputs."""
        # One pass over the hidden units: ``sum`` of each unit's column of terms adds them
        # in a C double, in the same order as one vector addition per change would (so the
        # same result in CPython 3.11; 3.12+ compensates the rounding), without building
        # a list of floats per change. Scaled rows (row * delta) are kept: the same few
        # deltas come back for every play of a roll (pips, pip difference, -1 for a checker
        # that left a point, ...).
        rows = self.input_rows
        scaled = self.scaled_rows
        columns = [sums]
        append = columns.append
        for change in changes:
            index, delta = change
            if delta == 1.0:
                append(rows[index])
            else:
                row = scaled.get(change)
                if row is None:
                    if len(scaled) >= SCALED_ROWS:
                        scaled.clear()
                    row = scaled[change] = list(map(mul, rows[index], repeat(delta)))
                append(row)
        return list(map(sum, zip(*columns, strict=True)))

    def outputs(self, sums: list[float]) -> list[float]:
        """The outputs from the hidden sums."""
        if min(sums) > -40.0:
            # The sigmoid by C-level maps; a sum at -40 or below would overflow ``exp`` in the
            # end, so those (rare) positions take the loop that counts such a unit as 0.
            hidden = list(
                map(truediv, repeat(1.0), map(add, repeat(1.0), map(exp, map(neg, sums))))
            )
        else:
            hidden = [1.0 / (1.0 + exp(-s)) if s > -40.0 else 0.0 for s in sums]
        result = []
        for row, bias in zip(self.output_rows, self.output_bias, strict=True):
            total = (
                sum(map(mul, hidden, row), bias) if sumprod is None else sumprod(hidden, row) + bias
            )
            result.append(1.0 / (1.0 + exp(-total)) if total > -40.0 else 0.0)
        return result

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
