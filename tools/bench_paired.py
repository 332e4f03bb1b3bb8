"""Two trees' losses on the same bench decisions, paired: is a new network better?

    nice python tools/bench_paired.py --tree /tmp/old --out old.json   # once per tree
    nice python tools/bench_paired.py --tree . --out new.json
    python tools/bench_paired.py --compare old.json new.json

For each decision of tools/data/bot-bench.txt.gz, the equity (gnubg 2-ply) lost by
the play chosen at 1-ply (no noise) and at each ``--levels`` level (seeded as
tools/bench_bot.py seeds them: the same means), in thousandths; ``--compare``
prints the mean of each tree, the mean difference (second minus first) ± one
standard error of the paired differences, how many decisions changed, and the
means by phase. TREE is a folder with this project's ``game`` package (a
``git archive`` of an older commit, say).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PHASES = ("contact", "race", "bear-off")


def losses(tree: Path, levels: list[str], seed: int, path: Path | None = None) -> dict[str, list]:
    # The tree's own bench_bot (it puts its tree first on sys.path, so ``game`` is the tree's).
    sys.path.insert(0, str(tree.resolve()))
    sys.path.insert(0, str(tree.resolve() / "tools"))
    import bench_bot

    from game.bot import choose_play
    from game.bot.search import rank_plays
    from game.formats import format_position_id

    decisions = bench_bot.read_set() if path is None else bench_bot.read_set(path)
    found: dict[str, list] = {"phase": [bench_bot.phase(p) for p, _, _ in decisions]}
    for level in ("1-ply", *levels):
        rng = random.Random(seed)
        lost = []
        for position, dice, plays in decisions:
            best = max(e2 for e2, _ in plays.values())
            if level == "1-ply":
                play = rank_plays(position, dice)[0][1]
            else:
                play = choose_play(position, dice, level, rng)
            lost.append(1000 * (best - plays[format_position_id(play.position)][0]))
        found[level] = lost
        print(f"{level}: {statistics.fmean(lost):.2f}", flush=True)
    return found


def compare(old: dict[str, list], new: dict[str, list]) -> None:
    phases = old["phase"]
    for level in old:
        if level == "phase" or level not in new:
            continue
        a, b = old[level], new[level]
        differences = [y - x for x, y in zip(a, b, strict=True)]
        error = statistics.stdev(differences) / len(differences) ** 0.5
        changed = sum(1 for d in differences if abs(d) > 1e-9)
        by_phase = "; ".join(
            f"{name} {statistics.fmean(a[i] for i in rows):.2f} -> "
            f"{statistics.fmean(b[i] for i in rows):.2f}"
            for name in PHASES
            if (rows := [i for i, p in enumerate(phases) if p == name])
        )
        print(
            f"{level:<8}{statistics.fmean(a):.2f} -> {statistics.fmean(b):.2f}"
            f"  difference {statistics.fmean(differences):+.2f} ± {error:.2f}"
            f"  ({changed} changed)  {by_phase}"
        )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tree", type=Path, default=ROOT)
    parser.add_argument("--levels", nargs="*", default=["strong", "expert"])
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--out", type=Path)
    parser.add_argument(
        "--set",
        type=Path,
        default=None,
        help="another decision set (bench_bot.py --make-set --set)",
    )
    parser.add_argument("--compare", nargs=2, type=Path, metavar=("OLD", "NEW"))
    args = parser.parse_args(argv)
    if args.compare:
        old, new = (json.loads(path.read_text()) for path in args.compare)
        compare(old, new)
        return 0
    found = losses(args.tree, args.levels, args.seed, args.set)
    if args.out:
        args.out.write_text(json.dumps(found))
    return 0


if __name__ == "__main__":
    sys.exit(main())
