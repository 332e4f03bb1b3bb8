"""Benchmark the legal-play generator against GNU Backgammon's on a fixed set.

    python -m tools.bench.plays              # every (position, roll) of the golden file
    python -m tools.bench.plays --limit 5000 # the first 5,000 only
    python -m tools.bench.plays --cpu        # CPU time instead of wall time (busy machine)

The set is tests/data/plays_golden.txt.xz (30,000 (position, roll) pairs from
self-play, see tools/golden/plays.py). Each pair is timed on its own, best of
``--repeat`` runs; the figures are the median time per pair for non-double and for
double rolls, the slowest double, and plays generated per second over the whole set.
gnubg_nn.moves is measured in the same run when the package is installed.
"""

from __future__ import annotations

import argparse
import lzma
import statistics
import sys
from pathlib import Path
from time import perf_counter_ns, process_time_ns

from game.engine.plays import legal_plays
from game.formats.position_id import format_position_id, parse_position_id

ROOT = Path(__file__).resolve().parents[2]

GOLDEN = ROOT / "tests" / "data" / "plays_golden.txt.xz"


def load(limit: int | None):
    pairs = []
    with lzma.open(GOLDEN, "rt", encoding="ascii") as lines:
        for line in lines:
            pid, d1, d2, *_ = line.split()
            pairs.append((parse_position_id(pid), (int(d1), int(d2))))
            if limit and len(pairs) >= limit:
                break
    return pairs


def time_each(generate, pairs, repeat: int, clock=perf_counter_ns) -> tuple[list[float], int]:
    """Best-of-``repeat`` µs for each pair, and the number of plays generated."""
    times, plays = [], 0
    for args in pairs:
        best = None
        for _ in range(repeat):
            start = clock()
            found = generate(*args)
            elapsed = clock() - start
            best = elapsed if best is None else min(best, elapsed)
        times.append(best / 1000)
        plays += len(found)
    return times, plays


def report(name: str, times: list[float], plays: int, rolls: list[tuple[int, int]], pairs) -> dict:
    singles = [t for t, dice in zip(times, rolls, strict=True) if dice[0] != dice[1]]
    doubles = [
        (t, i) for i, (t, dice) in enumerate(zip(times, rolls, strict=True)) if dice[0] == dice[1]
    ]
    slowest, where = max(doubles)
    figures = {
        "plays/s": plays / (sum(times) / 1e6),
        "median non-double µs": statistics.median(singles),
        "median double µs": statistics.median(t for t, _ in doubles),
        "mean µs": statistics.fmean(times),
        "slowest double ms": slowest / 1000,
    }
    print(f"{name}:")
    print(f"  plays generated per second   {figures['plays/s']:12,.0f}")
    median_single, median_double = figures["median non-double µs"], figures["median double µs"]
    print(f"  median per non-double roll   {median_single:9.1f} µs  ({len(singles)} pairs)")
    print(f"  median per double roll       {median_double:9.1f} µs  ({len(doubles)} pairs)")
    print(f"  mean per (position, roll)    {figures['mean µs']:9.1f} µs")
    position, dice = pairs[where]
    print(
        f"  slowest double               {figures['slowest double ms']:9.2f} ms  "
        f"({format_position_id(position)} {dice[0]}-{dice[1]})"
    )
    return figures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--limit", type=int, default=None)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument(
        "--cpu",
        action="store_true",
        help="time with the process's CPU clock (steadier on a busy machine)",
    )
    args = parser.parse_args(argv)
    clock = process_time_ns if args.cpu else perf_counter_ns

    pairs = load(args.limit)
    rolls = [dice for _, dice in pairs]
    print(
        f"{len(pairs)} (position, roll) pairs from {GOLDEN.relative_to(ROOT)}, "
        f"best of {args.repeat}, {'CPU' if args.cpu else 'wall'} clock, "
        f"Python {sys.version.split()[0]}"
    )
    ours = report(
        "game.engine.plays.legal_plays",
        *time_each(legal_plays, pairs, args.repeat, clock),
        rolls,
        pairs,
    )
    try:
        import gnubg_nn
    except ImportError:
        print("gnubg_nn not installed: no comparison")
        return 0
    boards = [([list(p.opponent[1:26]), list(p.player[1:26])], *dice) for p, dice in pairs]
    theirs = report(
        "gnubg_nn.moves (C)", *time_each(gnubg_nn.moves, boards, args.repeat, clock), rolls, pairs
    )
    for key in ("median non-double µs", "median double µs", "mean µs"):
        print(f"ratio ours/gnubg, {key[:-3]}: {ours[key] / theirs[key]:.1f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
