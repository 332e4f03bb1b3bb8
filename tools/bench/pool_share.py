"""What the pool of workers could gain at best: the analysis of a game cut as the page cuts
it, each piece's CPU time in CPython, and the time with N workers that leaves on N free cores.

    nice -n 10 python -m tools.bench.pool_share                   # 60 turns, 2-ply, 2 workers
    nice -n 10 python -m tools.bench.pool_share --plies 1 --workers 2 4 8

The page's analysis on the pool (game/web/review/room.py) asks one worker for the parts
(``parts_request``), every part of them at once (each a ``part_request``, the first with the
dice statistics; the pool hands the next part to the first worker free), then one worker
for the whole from their figures (``whole_request``). Printed: the CPU of the serial pieces
(the parts, the whole) and of each part, what every part pays to read the record, the
messages' sizes, and for each pool size the time of the pieces laid out on that many free
cores in the page's order (parts, then the parts first come first served, then the whole)
against one worker doing it all. CPU time (``time.process_time``), so the figures hold on a
loaded machine; Pyodide costs more a piece but in the same proportions. The game: the one
``tools.bench.analysis`` times (``game_of_turns``).
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Callable
from typing import Any

from game.web.worker import judging
from tools.bench.analysis import game_of_turns


def cpu(work: Callable[[], Any]) -> tuple[float, Any]:
    """CPU seconds of ``work`` and its answer."""
    start = time.process_time()
    answer = work()
    return time.process_time() - start, answer


def laid_out(costs: list[float], workers: int) -> float:
    """The time of ``costs`` dealt in order to the first of ``workers`` free."""
    free = [0.0] * workers
    for cost in costs:
        first = free.index(min(free))
        free[first] += cost
    return max(free)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, default=60)
    parser.add_argument("--seed", type=int, default=4)
    parser.add_argument("--plies", type=int, default=2)
    parser.add_argument("--workers", type=int, nargs="+", default=[2])
    args = parser.parse_args(argv)
    record = game_of_turns(args.turns, args.seed)
    data = judging.record_data(record)
    plies = args.plies
    planning, plan = cpu(lambda: judging.reply(judging.parts_request(data, plies, dice=False)))
    reading, _ = cpu(lambda: judging.games_with_moments(judging.read_record(data)))
    parts, figures = [], []
    for index, part in enumerate(plan["parts"]):
        request = judging.part_request(data, plies, part, dice=index == 0)
        seconds, reply = cpu(lambda request=request: judging.reply(request))
        parts.append(seconds)
        figures.append(reply["figures"])
    whole, _ = cpu(lambda: judging.reply(judging.whole_request(data, plies, figures)))
    request_size = len(json.dumps(judging.part_request(data, plies, plan["parts"][0])))
    figures_size = sum(len(json.dumps(found)) for found in figures)
    serial = planning + whole
    alone = serial + sum(parts)
    print(
        f"{args.turns}-turn game, {plies}-ply: {len(parts)} parts, {plan['total']} decisions;"
        f" CPU: the parts {planning * 1000:.0f} ms, the whole {whole * 1000:.0f} ms (serial"
        f" {100 * serial / alone:.1f}%), the parts {sum(parts):.2f} s (the first, with the"
        f" dice statistics, {parts[0]:.2f} s; the largest {max(parts):.2f} s), the record read"
        f" in each part {reading * 1000:.0f} ms; a part's request {request_size} bytes, the"
        f" figures back {figures_size} bytes in all",
        flush=True,
    )
    for workers in args.workers:
        pooled = serial + laid_out(parts, workers)
        print(
            f"{workers} workers on free cores: {pooled:.2f} s against {alone:.2f} s alone,"
            f" ratio {pooled / alone:.3f} (the pool's floor; {1 / workers:.3f} if it lost nothing)"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
