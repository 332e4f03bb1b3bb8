"""How well this machine runs two jobs at once just now: the same CPU-bound work (0-ply
rollout trials of the contact middle game, in CPython) timed alone and as two processes at
once. The ratio (two at once ÷ twice alone) is the floor the machine itself sets, at that
moment, for "time with 2 workers ÷ time with 1": 0.5 on two idle cores, more when other jobs
share them.

    nice -n 10 python -m tools.bench.machine              # one measurement and the load
    nice -n 10 python -m tools.bench.machine --rounds 3

The page benches (tools/bench/analysis.py, tools/bench/rollout_page.py) print it beside
their own ratio (``--machine``), taken just before and just after the page's runs.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

POSITION = "xPPgAQnI3Q0DIA"  # the contact middle game of docs/rollout.md
JOB = (
    "from game.analysis.rollout import RolloutSettings, roll_out;"
    "from game.formats.position_id import parse_position_id;"
    f"roll_out(parse_position_id({POSITION!r}), RolloutSettings(trials={{trials}}, seed=1))"
)


def _jobs(count: int, trials: int) -> float:
    """Seconds for ``count`` processes, each doing the same work, started at once."""
    code = JOB.format(trials=trials)
    start = time.perf_counter()
    running = [subprocess.Popen([sys.executable, "-c", code]) for _ in range(count)]
    for process in running:
        if process.wait() != 0:
            raise RuntimeError("the machine's benchmark job failed")
    return time.perf_counter() - start


def processor() -> str:
    """The processor's name and the cores this machine has (its figures depend on both: the
    machine under the project may change between sessions)."""
    try:
        lines = Path("/proc/cpuinfo").read_text().splitlines()
    except OSError:
        lines = []
    fields = dict(line.split(":", 1) for line in lines if ":" in line)  # the last core's
    fields = {key.strip(): value.strip() for key, value in fields.items()}
    name = fields.get("model name", "an unknown processor")
    if "model" in fields:  # a virtual machine may hide the rest of the name
        name += f" (family {fields.get('cpu family', '?')}, model {fields['model']})"
    return f"{name}, {os.cpu_count()} cores"


def machine_ratio(trials: int = 12) -> tuple[float, float]:
    """(two at once ÷ twice one alone, the load average): alone, both, alone again."""
    load = os.getloadavg()[0]
    alone = _jobs(1, trials)
    both = _jobs(2, trials)
    alone = (alone + _jobs(1, trials)) / 2
    return both / (2 * alone), load


def say(label: str, trials: int = 12) -> str:
    ratio, load = machine_ratio(trials)
    return (
        f"the machine {label}: two jobs at once / one after the other {ratio:.2f} (load {load:.1f})"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--trials", type=int, default=12, help="a job's trials (its size)")
    args = parser.parse_args(argv)
    print(processor(), flush=True)
    for _ in range(args.rounds):
        print(say("now", args.trials), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
