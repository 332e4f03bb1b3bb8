"""Time the analysis of a 60-turn game in CPython and in the page (Chromium), at 1-ply and
at the strongest judgement, the page's with 1 and with 2 pool workers.

    python -m tools.bench.analysis                  # both depths, CPython and Chromium
    python -m tools.bench.analysis --turns 60 --seed 4 --plies 1 --no-chromium
    python -m tools.bench.analysis --no-chromium --compare   # also each decision afresh
    nice -n 10 python -m tools.bench.analysis --plies 2 --workers 1 2 --no-cpython --machine

The game is the first of a money session played by the bot against itself at
its ``casual`` level (so there are mistakes to find) that lasts at least
``--turns`` turns, cut after that many turns (a turn: a roll and its play, or a
roll that cannot be played; cube actions come with it). The page's figure
(Pyodide in Chromium) is the page's own: the game is saved as the page's game and
history, the page opened in headless Chromium (/usr/bin/chromium) on tools/build/serve.py
with a pool of ``--workers`` (``?workers=N``), Analyse pressed, and the time taken from the
press to the result shown (``<body data-analysis-from/-to>``): its parts judged by the
pool's workers (game/web/review/room.py, game.analysis.analysis_parts). Each depth is
analysed twice on the same page: the first (*cold*) waits for the pool's workers to start
(each its own Pyodide and the bot), the second (*warm*) is the analysis itself. Also
printed: the longest main-thread task during it, and the resident memory the pool added to
the Chromium this bench started, a worker (as tools/bench/rollout_page.py measures it).

Timings depend on the machine's load (printed; ``--machine`` also prints, before and after
the page's runs, what two CPU-bound jobs at once take against one after the other on this
machine just then: the floor it sets for the pool's ratio, tools/bench/machine.py); the
CPython lines also count the network evaluations (calls of ``Network.outputs``, the bulk of
the work), which do not.
``--compare`` also times the analysis with every decision judged afresh
(``analysis_steps(..., shared=False)``, the same figures) in the same run.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time

from game.analysis.record_analysis import analysis_steps, games_of
from game.analysis.selfplay import BotPlayer, play_game
from game.engine.match import Rules
from game.engine.record import Record

# Timings share the machine: say how loaded it was.
LOAD = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")


def game_of_turns(turns: int, seed: int) -> Record:
    """A record holding one game cut after ``turns`` turns."""
    while True:
        rng = random.Random(seed)
        record = play_game(Record.new(Rules.full()), rng, BotPlayer("casual", rng))
        rolls = [i for i, action in enumerate(record.games[0], 1) if action.kind == "roll"]
        if len(rolls) > turns:
            return record.truncated(1, rolls[turns] - 1)
        seed += 1000


LONG_TASKS = """
window.__longTasks = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) window.__longTasks.push([entry.startTime, entry.duration]);
}).observe({ type: "longtask", buffered: true });
"""
WINDOW = """() => {
  const from = Number(document.body.dataset.analysisFrom);
  const to = Number(document.body.dataset.analysisTo);
  return [to - from, Math.max(0, ...window.__longTasks
    .filter(([at, ms]) => at > from && at + ms < to).map(([, ms]) => ms))];
}"""


Timing = tuple[int, float, float, float, float, tuple[list[float], float]]


def chromium_times(record: Record, plies_list: list[int], workers: int) -> list[Timing]:
    """(plies, cold seconds, warm seconds, longest main-thread task in ms, MB a worker, the
    warm run's CPU seconds: each pool worker thread's and the rest of Chromium's) of the
    page's analysis of ``record`` with a pool of ``workers``."""
    import json

    from playwright.sync_api import sync_playwright

    from game.web.state.session import FRIEND, Session, Settings
    from game.web.store import storage
    from game.web.store.history import history_data
    from tools.bench.common import CHROMIUM, CHROMIUM_ARGS
    from tools.bench.rollout_page import chromium_cpu, chromium_rss_mb, cpu_split
    from tools.build.server import serve_in_thread

    state = record.state
    session = Session(state, Settings(opponent=FRIEND)).after(state)
    items = {
        storage.KEY: storage.save_text(session),
        storage.KEY + ".history": json.dumps(history_data(record)),
    }
    server, url = serve_in_thread()
    times = []
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            page = browser.new_page()
            page.goto(url + "tools/bare/blank.html")
            page.evaluate(
                "(items) => { localStorage.clear();"
                " for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v); }",
                items,
            )
            page.add_init_script(LONG_TASKS)
            page.goto(url + f"index.html?pace=0&workers={workers}")
            page.wait_for_function(
                "() => document.body.dataset.worker === 'ready'", timeout=300_000
            )
            time.sleep(3)
            before = chromium_rss_mb()
            page.click("#analysis-toggle")
            for plies in plies_list:
                page.select_option("#analysis-plies", str(plies))
                took = []
                for _ in range(2):  # cold (the pool starting), then warm
                    page.evaluate("() => { document.body.dataset.analysis = ''; }")
                    cpu = chromium_cpu()
                    page.click("#analysis-run")
                    page.wait_for_function(
                        "() => document.body.dataset.analysis === 'done'",
                        timeout=3_600_000,
                        polling=200,
                    )
                    took.append(page.evaluate(WINDOW))
                spent = cpu_split(cpu, chromium_cpu())  # the warm run's
                per_worker = (chromium_rss_mb() - before) / workers
                cold, warm = took[0][0] / 1000, took[1][0] / 1000
                times.append((plies, cold, warm, max(t[1] for t in took), per_worker, spent))
            browser.close()
    finally:
        server.shutdown()
        server.server_close()
    return times


class EvaluationCount:
    """Counts the network's evaluations while in a ``with`` block."""

    def __enter__(self) -> EvaluationCount:
        from game.bot.network import Network

        self.count = 0
        self.original = Network.outputs

        def counted(network: Network, sums: list[float]) -> list[float]:
            self.count += 1
            return self.original(network, sums)

        Network.outputs = counted  # type: ignore[method-assign]
        return self

    def __exit__(self, *exc: object) -> None:
        from game.bot.network import Network

        Network.outputs = self.original  # type: ignore[method-assign]


def time_analysis(games: list, plies: int, shared: bool) -> tuple[float, float, int, int]:
    """(seconds, slowest step in seconds, steps, network evaluations) in CPython."""
    with EvaluationCount() as evaluations:
        start = time.perf_counter()
        slowest = 0.0
        last = start
        steps = 0
        for step in analysis_steps(games, plies, shared=shared):
            steps = step.total
            now = time.perf_counter()
            slowest = max(slowest, now - last)
            last = now
        total = time.perf_counter() - start
    return total, slowest, steps, evaluations.count


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, default=60)
    parser.add_argument("--seed", type=int, default=4)
    parser.add_argument("--plies", type=int, nargs="*", default=[1, 2])
    parser.add_argument("--no-chromium", action="store_true", help="CPython only")
    parser.add_argument("--no-cpython", action="store_true", help="the page only")
    parser.add_argument(
        "--workers", type=int, nargs="+", default=[1], help="the page's pool sizes (?workers=N)"
    )
    parser.add_argument(
        "--machine",
        action="store_true",
        help="also the machine's own ratio for two jobs at once (tools/bench/machine.py)",
    )
    parser.add_argument(
        "--compare", action="store_true", help="also judge each decision afresh (CPython)"
    )
    args = parser.parse_args(argv)
    record = game_of_turns(args.turns, args.seed)
    games = games_of(record)
    print(
        f"a {args.turns}-turn game ({len(games[0]) - 1} actions), "
        f"CPython {sys.version.split()[0]}, load average {LOAD:.1f}"
    )
    for plies in [] if args.no_cpython else args.plies:
        name = "strongest (2-ply)" if plies >= 2 else "1-ply"
        for shared in (True, False) if args.compare else (True,):
            total, slowest, steps, evaluations = time_analysis(games, plies, shared)
            how = "" if shared else ", each decision afresh"
            print(
                f"{name:18} {total:6.2f} s   ({1000 * total / args.turns:.0f} ms a turn, "
                f"slowest step {1000 * slowest:.0f} ms, {steps} steps, {evaluations} network "
                f"evaluations, {evaluations / args.turns:.0f} a turn{how})"
            )
    if not args.no_chromium:
        from tools.bench.machine import say

        if args.machine:
            print(say("before"), flush=True)
        warm: dict[tuple[int, int], float] = {}
        busiest: dict[tuple[int, int], float] = {}
        work: dict[tuple[int, int], float] = {}
        for workers in args.workers:
            for plies, cold, took, longest, per_worker, spent in chromium_times(
                record, args.plies, workers
            ):
                warm[plies, workers] = took
                threads, rest = spent
                pool = threads[:workers]  # the pool's; the computer's own worker idles
                busiest[plies, workers] = pool[0] if pool else 0.0
                work[plies, workers] = sum(pool)
                name = "strongest (2-ply)" if plies >= 2 else "1-ply"
                print(
                    f"{name:18} {took:6.2f} s   in Chromium, {workers} pool workers "
                    f"({cold:.2f} s the first time, the pool starting; longest main-thread "
                    f"task {longest:.0f} ms; {per_worker:.0f} MB a worker), load average "
                    f"{os.getloadavg()[0]:.1f}",
                    flush=True,
                )
                print(
                    f"{'':18} CPU: the pool's workers {' + '.join(f'{t:.1f}' for t in pool)}"
                    f" s, the rest of Chromium {rest:.1f} s",
                    flush=True,
                )
        first = args.workers[0]
        for plies in args.plies:
            for workers in args.workers[1:]:
                ratio = warm[plies, workers] / warm[plies, first]
                print(f"{plies}-ply: time with {workers} workers / with {first}: {ratio:.2f}")
                # Load-free: the busiest worker's CPU against the work of the first run (an idle
                # machine's ratio, waits aside), and the work itself against the first's.
                cpu = busiest[plies, workers] / work[plies, first] if work[plies, first] else 0
                more = work[plies, workers] / work[plies, first] if work[plies, first] else 0
                print(
                    f"{plies}-ply CPU: the busiest of {workers} workers / the work with {first}:"
                    f" {cpu:.2f}; the work with {workers} / with {first}: {more:.2f}"
                )
        if args.machine:
            print(say("after"), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
