"""Two trees' losses on the same bench decisions, paired: is a new network better?

    nice python -m tools.bench.paired --tree /tmp/old --out old.json   # once per tree
    nice python -m tools.bench.paired --tree . --out new.json
    python -m tools.bench.paired --compare old.json new.json

For each decision of tools/data/bot-bench.txt.gz, the equity (gnubg 2-ply) lost by
the play chosen at 1-ply (no noise) and at each ``--levels`` level (seeded as
tools/bench/bot.py seeds them: the same means), in thousandths (``gnubg-0`` and
``gnubg-1`` among the levels: gnubg's own choice at 0-ply, by the set's labels, and at
1-ply, by the gnubg module; ``bgsage-N``: bgsage's at N plies, its numbering: references for
the levels); ``--every N`` takes every N-th decision of the set (the second judges' sample,
``tools/bench/judge.py``, is every 4th of the held-out set); ``--compare``
prints the mean of each tree, the mean difference (second minus first) ± one
standard error of the paired differences, how many decisions changed, and the
means by phase. TREE is a folder with this project's ``game`` package (a
``git archive`` of an older commit, say); the decisions are this tree's set.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
from pathlib import Path

from tools.bench.common import PHASES, ROOT, phase, read_set


def game_tree() -> Path:
    """The tree whose ``game`` package this process imports."""
    import game

    return Path(game.__file__ or "").resolve().parent.parent


def losses(
    levels: list[str], seed: int, path: Path | None = None, every: int = 1
) -> dict[str, list]:
    """Each level's losses with the ``game`` package this process imports."""
    from game.bot import choose_play
    from game.bot.search import rank_plays
    from game.formats import format_position_id

    decisions = (read_set() if path is None else read_set(path))[::every]
    found: dict[str, list] = {"phase": [phase(p) for p, _, _ in decisions]}
    for level in ("1-ply", *levels):
        rng = random.Random(seed)
        lost = []
        for position, dice, plays in decisions:
            best = max(e2 for e2, _ in plays.values())
            if level.startswith("gnubg-"):
                chosen = gnubg_choice(position, dice, plays, level)
            elif level.startswith("bgsage-"):
                chosen = bgsage_choice(plays, level)
            elif level == "1-ply":
                chosen = format_position_id(rank_plays(position, dice)[0][1].position)
            else:
                chosen = format_position_id(choose_play(position, dice, level, rng).position)
            if chosen not in plays:
                # A set of candidates only (tools/bench/rollout_judge.py) lacks a play nobody
                # chose when it was made.
                raise SystemExit(
                    f"{level} plays {chosen} in {format_position_id(position)} {dice}, which the"
                    " set does not judge (rollout_judge.py --players adds a level's plays)"
                )
            lost.append(1000 * (best - plays[chosen][0]))
        found[level] = lost
        print(f"{level}: {statistics.fmean(lost):.2f}", flush=True)
    return found


def gnubg_choice(position, dice, plays: dict, level: str) -> str:
    """The result ID of gnubg's choice among the set's plays: ``gnubg-0`` by the set's 0-ply
    labels, ``gnubg-N`` by the gnubg module at N plies (a set of candidates only, as
    rollout_judge.py makes, holds gnubg's choice but maybe not all the plays it ties with)."""
    depth = int(level.removeprefix("gnubg-"))
    if depth == 0:
        return max(plays, key=lambda result: plays[result][1])
    import gnubg

    from game.formats import parse_position_id
    from tools.bench.bot import gnubg_equity_after

    return max(plays, key=lambda r: gnubg_equity_after(gnubg, parse_position_id(r), depth))


def bgsage_choice(plays: dict, level: str) -> str:
    """The result ID of bgsage's choice at ``bgsage-N``'s N plies (its numbering)."""
    from game.formats import parse_position_id
    from tools.bench.judge import bgsage_judge

    results = list(plays)
    equities = bgsage_judge(int(level.removeprefix("bgsage-")))(
        [parse_position_id(result) for result in results]
    )
    return max(zip(equities, results, strict=True))[1]


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
    parser.add_argument("--every", type=int, default=1, help="every N-th decision of the set")
    parser.add_argument("--compare", nargs=2, type=Path, metavar=("OLD", "NEW"))
    args = parser.parse_args(argv)
    if args.compare:
        old, new = (json.loads(path.read_text()) for path in args.compare)
        compare(old, new)
        return 0
    if args.tree.resolve() != game_tree():
        # The tree's own game package: this module again in a process with that tree first
        # on its path (then this one, for the tools: an older tree's plain tools/ folder
        # does not hide this package).
        environment = {**os.environ, "PYTHONPATH": os.pathsep.join([str(args.tree), str(ROOT)])}
        command = [sys.executable, "-P", "-m", "tools.bench.paired", *(argv or sys.argv[1:])]
        return subprocess.run(command, env=environment, check=False).returncode
    found = losses(args.levels, args.seed, args.set, args.every)
    if args.out:
        args.out.write_text(json.dumps(found))
    return 0


if __name__ == "__main__":
    sys.exit(main())
