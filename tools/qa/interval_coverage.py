"""How often our 90% intervals cover the true error rate, on people's own losses.

    nice python -m tools.qa.interval_coverage --archive DIR            # bglib's snowietxt files
    nice python -m tools.qa.interval_coverage --losses losses.json     # the losses kept before
    python -m tools.qa.interval_coverage --archive DIR --every 20 --offset 10 --sizes 30 50 100

The population: every counted decision's loss (``PlayerStats.play_losses`` and
``cube_losses``, our judgement at ``--plies``) of the chosen 5- and 7-point matches between
people (every ``--every``-th of the archive's in name order from ``--offset``). A "match" of
``n`` decisions is ``n`` of them drawn at random; its interval (``game.analysis.intervals``
as shipped, its BCa interval with the nominal tails, the bootstrap-t) covers when the
population's mean loss lies inside. Per size and method it prints the share covered, how
often the truth was above or below, and the mean width over the truth.
``--save`` keeps the losses as JSON so that methods can be compared without analysing again.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import re
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

from game.analysis import intervals
from game.analysis.intervals import Interval

LENGTH = re.compile(r"^\s*(\d+) point match", re.MULTILINE)


def archive_files(folder: Path, every: int, offset: int) -> list[Path]:
    """Every ``every``-th 5- or 7-point match of ``folder`` in name order, from ``offset``."""
    found = []
    for path in sorted(folder.glob("*.txt")):
        length = LENGTH.search(path.read_text(encoding="utf-8", errors="replace")[:400])
        if length and int(length.group(1)) in (5, 7):
            found.append(path)
    return found[offset::every]


def losses_of(paths: Sequence[Path], plies: int) -> list[list[float]]:
    """Each player-match's counted losses (our judgement at ``plies``)."""
    from game.analysis.record_analysis import analyse_record
    from game.formats.match_file import read_match_file

    found = []
    for path in paths:
        try:
            record = read_match_file(path.read_text(encoding="utf-8", errors="replace")).record
        except Exception as error:  # a file replay refuses: left out, said
            print(f"{path.name}: left out ({error})", file=sys.stderr)
            continue
        analysis = analyse_record(record, plies)
        for stats in analysis.stats:
            found.append([*stats.play_losses, *stats.cube_losses])
        print(f"{path.name}: {sum(s.decisions for s in analysis.stats)} decisions", file=sys.stderr)
    return found


Method = Callable[[list[float]], Interval | None]


def studentized(losses: list[float], level: float = intervals.LEVEL) -> Interval | None:
    """The bootstrap-t interval of the mean (the resamples' t statistics, each mean over its
    own standard error), as compared here."""
    n = len(losses)
    if n < 2:
        return None
    mean = math.fsum(losses) / n
    spread = math.sqrt(math.fsum((v - mean) ** 2 for v in losses) / (n - 1)) / math.sqrt(n)
    rng = random.Random(intervals.SEED)
    ts = []
    for _ in range(intervals.RESAMPLES):
        sample = rng.choices(losses, k=n)
        m = math.fsum(sample) / n
        s = math.sqrt(math.fsum((v - m) ** 2 for v in sample) / (n - 1)) / math.sqrt(n)
        ts.append((m - mean) / s if s > 0 else 0.0)
    ts.sort()
    tail = (1 - level) / 2
    low_t = ts[min(int(tail * len(ts)), len(ts) - 1)]
    high_t = ts[min(int((1 - tail) * len(ts)), len(ts) - 1)]
    return Interval(max(0.0, mean - high_t * spread), mean - low_t * spread, level)


def uncut(losses: list[float]) -> Interval | None:
    """The BCa interval with its nominal tails (as shipped before ``TAILS``)."""
    return intervals.bootstrap([losses], lambda means: means[0], tails=1.0)


METHODS: dict[str, Method] = {
    "shipped": intervals.mean_interval,
    "uncut": uncut,
    "studentized": studentized,
}


def coverage(
    population: list[float], method: Method, size: int, draws: int, seed: int
) -> tuple[float, float, float, float]:
    """Share covered, truth above, truth below, and the mean width over the mean."""
    truth = math.fsum(population) / len(population)
    rng = random.Random(seed)
    covered = above = below = 0
    widths = 0.0
    for _ in range(draws):
        sample = rng.choices(population, k=size)
        found = method(sample)
        if found is None:
            continue
        if truth in found:
            covered += 1
        elif truth > found.high:
            above += 1
        else:
            below += 1
        widths += (found.high - found.low) / truth
    return covered / draws, above / draws, below / draws, widths / draws


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--archive", type=Path, help="a folder of bglib's snowietxt matches")
    parser.add_argument("--every", type=int, default=20)
    parser.add_argument("--offset", type=int, default=10)
    parser.add_argument("--plies", type=int, default=1)
    parser.add_argument("--losses", type=Path, help="losses kept by --save (no analysis)")
    parser.add_argument("--save", type=Path, help="keep the losses here as JSON")
    parser.add_argument("--sizes", type=int, nargs="+", default=[30, 50, 100, 200])
    parser.add_argument("--draws", type=int, default=300)
    parser.add_argument("--methods", nargs="+", default=list(METHODS), choices=list(METHODS))
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args(argv)
    if args.losses:
        groups = json.loads(args.losses.read_text())
    elif args.archive:
        groups = losses_of(archive_files(args.archive, args.every, args.offset), args.plies)
    else:
        parser.error("give --archive or --losses")
    if args.save:
        args.save.write_text(json.dumps(groups))
    population = [loss for group in groups for loss in group]
    worst = sorted(population, reverse=True)[: max(1, len(population) // 100)]
    print(
        f"{len(population)} decisions of {len(groups)} player-matches, mean loss "
        f"{1000 * math.fsum(population) / len(population):.2f} mEMG, the worst 1% carry "
        f"{100 * math.fsum(worst) / math.fsum(population):.0f}% of the total"
    )
    print(f"{'method':<12} {'n':>4} {'covers':>7} {'above':>6} {'below':>6} {'width':>6}")
    for method in args.methods:
        for size in args.sizes:
            share, above, below, width = coverage(
                population, METHODS[method], size, args.draws, args.seed + size
            )
            print(f"{method:<12} {size:>4} {share:>6.0%} {above:>6.0%} {below:>6.0%} {width:>6.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
