"""What a rollout costs in CPython: trials a second of CPU, and 2 processes beside 1.

    nice -n 19 python -m tools.bench.rollout                      # the contact position, 144 trials
    nice -n 19 python -m tools.bench.rollout --trials 72 --variance-reduction
    nice -n 19 python -m tools.bench.rollout --jobs-ratio --trials 144 --rounds 3

Prints the CPU seconds a trial (this process's), the mean plies a trial plays and the
standard error reached; with ``--jobs-ratio``, the wall time of ``python -m game rollout``
with ``--jobs 2`` beside ``--jobs 1``, alternating in the same run (median of ``--rounds``),
and whether their answers are the same.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time

from game.analysis.rollout import RolloutSettings, roll_out
from game.formats.xgid import parse_position_and_match

CONTACT = "xPPgAQnI3Q0DIA:cAkAAAAAAAAA"  # a middle game (docs/rollout.md's contact position)


def cpu_per_trial(request: str, settings: RolloutSettings) -> tuple[float, float]:
    position, _ = parse_position_and_match(request)
    start = time.process_time()
    result = roll_out(position, settings).result()
    return (time.process_time() - start) / settings.trials, result.standard_error


def wall(args: list[str], request: str) -> tuple[float, str]:
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "game", "rollout", *args],
        input=request + "\n",
        capture_output=True,
        text=True,
        check=True,
    )
    return time.perf_counter() - start, done.stdout


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--request", default=CONTACT)
    parser.add_argument("--trials", type=int, default=144)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--variance-reduction", action="store_true")
    parser.add_argument("--jobs-ratio", action="store_true")
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args(argv)
    settings = RolloutSettings(
        trials=args.trials, seed=args.seed, variance_reduction=args.variance_reduction
    )
    if not args.jobs_ratio:
        seconds, error = cpu_per_trial(args.request, settings)
        print(
            f"{settings.describe()}: {seconds * 1000:.0f} ms of CPU a trial,"
            f" {1 / seconds:.1f} trials a second, SE {error:.4f}"
        )
        return 0
    options = ["--trials", str(args.trials), "--seed", str(args.seed)]
    if args.variance_reduction:
        options.append("--variance-reduction")
    ones, twos, answers = [], [], set()
    for _ in range(args.rounds):
        for jobs, times in (("1", ones), ("2", twos)):
            seconds, out = wall([*options, "--jobs", jobs], args.request)
            times.append(seconds)
            answers.add(out)
    one, two = statistics.median(ones), statistics.median(twos)
    print(
        f"{settings.describe()}: 1 process {one:.1f} s, 2 processes {two:.1f} s"
        f" (median of {args.rounds}), ratio {two / one:.2f}; answers the same: {len(answers) == 1}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
