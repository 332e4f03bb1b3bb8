"""A rollout in the page: trials a second with 1 and with 2 pool workers, and the memory the
pool takes beside one worker's.

    nice -n 19 python -m tools.bench.rollout_page                 # 1 then 2 workers, 90 s each
    nice -n 19 python -m tools.bench.rollout_page --seconds 60 --workers 1 2 4
    nice -n 10 python -m tools.bench.rollout_page --seconds 150 --machine   # and the machine's

For each pool size (?workers=N, alternating in the same run): the game with seed 5 (the
person's opening 5-3), its hint, then *Roll out* (1,296 trials of each of the best plays).
Once every worker of the pool has started (they start one after another), from the next
chunk of 36 trials in to the last one in within ``--seconds``, the trials done (every
candidate's: ``data-rollout-done``) a second. Memory: the resident memory of the
Chromium this bench started (the pool's workers live in the page's renderer) before *Roll out*
and at the end, the difference divided by the workers.
"""

from __future__ import annotations

import argparse
import os
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

from tools.bench.common import CHROMIUM, CHROMIUM_ARGS
from tools.bench.machine import say
from tools.build.server import serve_in_thread


def _chromium_descendants() -> dict[int, tuple[str, int]]:
    """The Chromium processes this bench started (descendants of this process: other
    programs' browsers on the machine do not count): pid -> (name, resident kB), Linux /proc."""
    parents: dict[int, int] = {}
    found: dict[int, tuple[str, int]] = {}
    for status in Path("/proc").glob("[0-9]*/status"):
        try:
            fields = dict(
                line.split(":", 1) for line in status.read_text().splitlines() if ":" in line
            )
        except OSError:
            continue
        pid = int(status.parent.name)
        parents[pid] = int(fields.get("PPid", "0").strip() or 0)
        found[pid] = (fields.get("Name", "").strip(), int(fields.get("VmRSS", "0 kB").split()[0]))
    mine = os.getpid()

    def descends(pid: int) -> bool:
        for _ in range(20):
            pid = parents.get(pid, 0)
            if pid == mine:
                return True
            if pid <= 1:
                return False
        return False

    return {pid: each for pid, each in found.items() if "chrom" in each[0] and descends(pid)}


def chromium_rss_mb() -> float:
    """Resident memory of the Chromium processes this bench started, in MB."""
    return sum(kb for _name, kb in _chromium_descendants().values()) / 1024


def chromium_cpu() -> dict[tuple[int, int], tuple[str, float]]:
    """CPU seconds (user + system) of every thread of the Chromium this bench started, by
    (process, thread): ``DedicatedWorker`` threads are the pool's workers. CPU time does not
    depend on the load: what the work costs, whoever else shares the cores."""
    tick = os.sysconf("SC_CLK_TCK")
    found: dict[tuple[int, int], tuple[str, float]] = {}
    for pid in _chromium_descendants():
        for task in Path(f"/proc/{pid}/task").glob("[0-9]*"):
            try:
                text = (task / "stat").read_text()
            except OSError:
                continue
            name = text[text.index("(") + 1 : text.rindex(")")]
            fields = text[text.rindex(")") + 2 :].split()
            found[pid, int(task.name)] = (name, (int(fields[11]) + int(fields[12])) / tick)
    return found


def cpu_split(
    before: dict[tuple[int, int], tuple[str, float]],
    after: dict[tuple[int, int], tuple[str, float]],
) -> tuple[list[float], float]:
    """(each pool worker thread's CPU seconds, busiest first; every other thread's in all)
    spent between the two readings (``chromium_cpu``)."""
    workers: list[float] = []
    rest = 0.0
    for key, (name, seconds) in after.items():
        spent = seconds - before.get(key, (name, 0.0))[1]
        if name.startswith("DedicatedWorker"):
            workers.append(spent)
        else:
            rest += spent
    # The computer's own worker (not the pool's) idles meanwhile: its few ticks stay listed.
    return sorted(workers, reverse=True), rest


def measure(base: str, workers: int, seconds: float) -> tuple[float, float, float]:
    """(trials a second, MB a worker, the pool's CPU seconds a trial) with a pool of
    ``workers``."""
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = browser.new_page()
        page.goto(f"{base}index.html?seed=5&pace=0&workers={workers}")
        page.wait_for_function("() => document.body.dataset.ready === 'true'", timeout=600_000)
        page.click("#roll")
        page.click("#hint")
        page.wait_for_selector("#hint-body .hint-play", timeout=600_000)
        time.sleep(5)
        before = chromium_rss_mb()
        page.click("#rollout-start")
        page.wait_for_function(
            "() => Number(document.body.dataset.rolloutDone || 0) > 0", timeout=900_000
        )
        # Every worker started (the pool starts them one after another), then from the next
        # chunk in to the last one in within the window: whole chunks, all workers at work.
        ready = "async () => JSON.parse(await window.workerPool.status()).ready"
        while page.evaluate(ready) < workers:
            time.sleep(0.5)
        seen = int(page.get_attribute("body", "data-rollout-done") or 0)
        done = seen
        while done == seen:
            time.sleep(0.2)
            done = int(page.get_attribute("body", "data-rollout-done") or 0)
        first = (time.perf_counter(), done)
        last = first
        cpu = chromium_cpu()
        spent = cpu_split(cpu, cpu)
        while time.perf_counter() - first[0] < seconds:
            time.sleep(0.5)
            done = int(page.get_attribute("body", "data-rollout-done") or 0)
            if done != last[1]:
                last = (time.perf_counter(), done)
                spent = cpu_split(cpu, chromium_cpu())  # to the last chunk in
        after = chromium_rss_mb()
        page.click("#rollout-stop")
        browser.close()
    rate = (last[1] - first[1]) / (last[0] - first[0]) if last[0] > first[0] else 0.0
    trials = last[1] - first[1]
    per_trial = sum(spent[0][:workers]) / trials if trials else 0.0
    return rate, (after - before) / workers, per_trial


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=90.0)
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2])
    parser.add_argument(
        "--machine",
        action="store_true",
        help="also the machine's own ratio for two jobs at once (tools/bench/machine.py)",
    )
    args = parser.parse_args(argv)
    server, base = serve_in_thread()
    try:
        if args.machine:
            print(say("before"), flush=True)
        rates = {}
        for workers in args.workers:
            rate, per_worker, per_trial = measure(base, workers, args.seconds)
            rates[workers] = rate
            print(
                f"{workers} workers: {rate:.2f} trials a second, {per_worker:.0f} MB a worker"
                f" (Chromium's resident memory), {per_trial:.2f} s of the workers' CPU a trial,"
                f" load average {os.getloadavg()[0]:.1f}",
                flush=True,
            )
        first = args.workers[0]
        for workers in args.workers[1:]:
            print(
                f"time with {workers} workers / with {first}: {rates[first] / rates[workers]:.2f}"
            )
        if args.machine:
            print(say("after"), flush=True)
    finally:
        server.shutdown()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
