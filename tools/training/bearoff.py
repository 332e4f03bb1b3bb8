"""Compute the one-sided bear-off table the bot ships (game/bot/data/bearoff.bin).

    python -m tools.training.bearoff          # all placements of up to 15 checkers (a few minutes)
    python -m tools.training.bearoff --check  # also print a few figures to check by hand

For every placement of up to 15 checkers on the six home points, by dynamic
programming from the fewest pips up: for each of the 21 rolls, the play that
leaves the fewest rolls needed on average, and the distribution of the number
of rolls that follows (1 + the chosen successor's, weighted over the rolls).
For the placements of all 15 checkers, the same for bearing off the first
checker (the gammon race). Our own computation from the rules: no other
program's table is read.
"""

from __future__ import annotations

import argparse
import sys
import time
import zlib
from pathlib import Path

from game.bot.bearoff import FILE, MAGIC, POINTS, index, placements
from game.engine.position import CHECKERS

ROOT = Path(__file__).resolve().parents[2]

ROLLS = tuple((a, b, 1 if a == b else 2) for a in range(1, 7) for b in range(a, 7))
LONGEST = 32  # no placement needs more rolls than this (15 on the 6-point needs at most 15)


def step(home: tuple[int, ...], die: int) -> set[tuple[int, ...]]:
    """Placements after playing one ``die`` (every checker is home, so a die always plays)."""
    results = set()
    highest = max((p for p in range(POINTS) if home[p]), default=-1)
    if highest < 0:
        return {home}
    for p in range(POINTS):
        if not home[p]:
            continue
        target = p - die  # 0-based: point p + 1 moves to point p + 1 - die
        if target >= 0:
            after = list(home)
            after[p] -= 1
            after[target] += 1
            results.add(tuple(after))
        elif target == -1 or p == highest:
            # Bear off exactly, or with a larger die from the highest point.
            after = list(home)
            after[p] -= 1
            results.add(tuple(after))
    return results


def plays(home: tuple[int, ...], a: int, b: int) -> set[tuple[int, ...]]:
    """Every placement a roll can lead to."""
    if a == b:
        current = {home}
        for _ in range(4):
            current = {after for h in current for after in step(h, a)}
        return current
    return {c for first in step(home, a) for c in step(first, b)} | {
        c for first in step(home, b) for c in step(first, a)
    }


def distribution_table(finished, checkers: int = CHECKERS):
    """{placement: distribution} for every placement; ``finished(p)`` says p needs no roll."""
    order = sorted(placements(checkers), key=lambda h: sum((i + 1) * n for i, n in enumerate(h)))
    mean: dict[tuple[int, ...], float] = {}
    table: dict[tuple[int, ...], list[float]] = {}
    for home in order:
        if finished(home):
            table[home] = [1.0]
            mean[home] = 0.0
            continue
        total = [0.0] * LONGEST
        for a, b, weight in ROLLS:
            best = min(plays(home, a, b), key=mean.__getitem__)
            for n, p in enumerate(table[best]):
                total[n + 1] += weight * p
        table[home] = trim([p / 36.0 for p in total])
        mean[home] = sum(n * p for n, p in enumerate(table[home]))
    return table


def trim(distribution: list[float]) -> list[float]:
    while distribution and distribution[-1] == 0.0:
        distribution.pop()
    return distribution


def quantise(distribution: list[float]) -> tuple[int, list[int]]:
    """First non-zero roll count and uint16 probabilities summing to exactly 65535."""
    units = [round(p * 65535) for p in distribution]
    # Put the rounding remainder on the likeliest count so the total stays exact.
    units[units.index(max(units))] += 65535 - sum(units)
    start = next(n for n, u in enumerate(units) if u)
    while units[-1] == 0:
        units.pop()
    return start, units[start:]


def encode(distributions) -> bytes:
    """The four byte planes of game/bot/bearoff.py's file format."""
    starts, lengths, high, low = bytearray(), bytearray(), bytearray(), bytearray()
    for distribution in distributions:
        start, units = quantise(distribution)
        starts.append(start)
        lengths.append(len(units))
        high.extend(u >> 8 for u in units)
        low.extend(u & 255 for u in units)
    return bytes(starts + lengths + high + low)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", type=Path, default=FILE)
    parser.add_argument("--check", action="store_true", help="print figures to check by hand")
    args = parser.parse_args(argv)
    started = time.time()
    every = list(placements())
    assert all(index(h) == k for k, h in enumerate(every)), "index() must rank placements()"
    rolls = distribution_table(lambda home: sum(home) == 0)
    print(f"{len(rolls)} placements in {time.time() - started:.0f} s", flush=True)
    full = [h for h in every if sum(h) == CHECKERS]
    # Bearing off the first checker: done as soon as fewer than 15 remain.
    first = distribution_table(lambda home: sum(home) < CHECKERS)
    print(f"first-checker distributions in {time.time() - started:.0f} s", flush=True)
    body = encode([rolls[h] for h in every] + [first[h] for h in full])
    header = f"{MAGIC} {CHECKERS} {max(len(d) for d in rolls.values()) - 1}\n".encode()
    data = zlib.compress(header + body, 9)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_bytes(data)
    print(f"wrote {args.out} ({len(data)} bytes, {len(body)} uncompressed)")
    if args.check:
        for home in (
            (1, 0, 0, 0, 0, 0),
            (0, 1, 0, 0, 0, 0),
            (2, 0, 0, 0, 0, 0),
            (0, 0, 0, 0, 0, 15),
        ):
            d = rolls[home]
            print(
                home,
                [round(p, 5) for p in d],
                "mean",
                round(sum(n * p for n, p in enumerate(d)), 4),
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
