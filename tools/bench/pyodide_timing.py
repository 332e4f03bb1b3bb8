"""Time the bot's decisions under Pyodide in Node.js: ``python -m tools.bench.bot --pyodide N``
runs it with tools/bench/pyodide.mjs (it imports ``js``: never under CPython).

    node tools/bench/pyodide.mjs tools.bench.pyodide_timing COUNT LEVEL...

Prints each level's CPU time per decision over the first COUNT decisions of the bench set,
then one ``RESULT level median_ms slowest_ms decisions`` line a level for bench.bot to read.
"""

from __future__ import annotations

import statistics
import sys
import time

from js import process  # type: ignore[import-not-found]

from game.bot import choose_play
from tools.bench.common import count_positions, read_set


def cpu() -> float:
    """The Node.js process's CPU time: the machine is shared, wall time measures the others too."""
    used = process.cpuUsage()
    return float(used.user + used.system) / 1e6


def main(argv: list[str]) -> None:
    count, levels = int(argv[0]), argv[1:]
    decisions = [(position, dice) for position, dice, _ in read_set()]
    started = time.perf_counter()
    choose_play(*decisions[0])
    elapsed = 1000 * (time.perf_counter() - started)
    print(f"pyodide first call (imports, loads networks): {elapsed:.0f} ms")
    seen = count_positions()
    for level in levels:
        walls, cpus, counts = [], [], []
        for position, dice in decisions[:count]:
            seen[0] = 0
            started, started_cpu = time.perf_counter(), cpu()
            choose_play(position, dice, level)
            walls.append(time.perf_counter() - started)
            cpus.append(cpu() - started_cpu)
            counts.append(seen[0])
        slowest = max(range(len(cpus)), key=cpus.__getitem__)
        print(
            f"pyodide {level:<12} CPU mean {1000 * statistics.fmean(cpus):.1f} ms,"
            f" median {1000 * statistics.median(cpus):.1f}, max {1000 * max(cpus):.0f}"
            f" (wall mean {1000 * statistics.fmean(walls):.1f}, max {1000 * max(walls):.0f});"
            f" positions mean {statistics.fmean(counts):.0f}, max {max(counts):.0f},"
            f" slowest decision {1000 * cpus[slowest]:.0f} ms for {counts[slowest]:.0f} positions"
            f" ({count} decisions)"
        )
        print("RESULT", level, 1000 * statistics.median(cpus), 1000 * max(cpus), len(cpus))


if __name__ == "__main__":
    main(sys.argv[1:])
