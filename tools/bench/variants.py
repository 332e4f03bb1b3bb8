"""A level with some of its settings replaced, replayed on a decision set: what would a
wider or deeper search gain, and at what cost in positions?

    nice python -m tools.bench.variants --limit 300 --out base.json
    nice python -m tools.bench.variants --limit 300 --out deep3.json deep=3 deep_budget=15500
    python -m tools.bench.variants --compare base.json deep3.json
    python -m tools.bench.variants --compare base.json deep3.json \
        --judge tools/data/held-out-bgsage.txt.gz

Each decision of ``--set`` (default the tuning set, tools/data/tune-contact.txt.gz; its
``--start``-th to ``--start + --limit``-th of every ``--every``-th) is played by
``choose_play`` at ``--level`` with the ``Level`` fields ``NAME=VALUE`` replaced; the run
keeps each decision's play, loss (thousandths of the set's judge), positions evaluated
(``common.count_positions``) and CPU time. ``--compare A B``: the two runs' means, the mean
difference ± one standard error of the paired differences, how many plays changed, the
positions (mean / median / max) and CPU (ms, mean / max) of B; ``--judge SET``: the same
plays judged by another set's labels of the same decisions (the held-out set's every 4th
decision by gnubg 3-ply or bgsage 3-ply).
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import math
import statistics
import time
from pathlib import Path

from tools.bench.common import ROOT, count_positions, read_set

TUNING_SET = ROOT / "tools" / "data" / "tune-contact.txt.gz"


def replay(level: str, changes: dict[str, str], decisions: list) -> dict[str, list]:
    """The plays, losses, positions and CPU seconds of ``level`` with ``changes``."""
    import game.bot
    from game.bot.levels import level_named
    from game.formats import format_position_id

    settings = level_named(level)
    fields = {name: type(getattr(settings, name))(text) for name, text in changes.items()}
    variant = dataclasses.replace(settings, **fields)
    # choose_play finds its level by this name: the variant stands in for the level.
    game.bot.level_named = lambda name: variant if name == level else level_named(name)
    seen = count_positions()
    found: dict[str, list] = {"plays": [], "losses": [], "positions": [], "cpu": []}
    for position, dice, plays in decisions:
        best = max(equity for equity, _ in plays.values())
        before, started = seen[0], time.process_time()
        play = game.bot.choose_play(position, dice, level)
        assert play is not None  # a decision of the set has plays to choose from
        found["cpu"].append(time.process_time() - started)
        found["positions"].append(seen[0] - before)
        chosen = format_position_id(play.position)
        found["plays"].append([format_position_id(position), list(dice), chosen])
        found["losses"].append(1000 * (best - plays[chosen][0]))
    return found


def judged(run: dict[str, list], path: Path) -> dict[tuple[str, int, int], float]:
    """The losses of ``run``'s plays by the labels of ``path``, for its decisions there."""
    from game.formats import format_position_id

    labels = {
        (format_position_id(position), *dice): plays for position, dice, plays in read_set(path)
    }
    losses = {}
    for position, (a, b), chosen in run["plays"]:
        plays = labels.get((position, a, b))
        if plays is not None:
            losses[position, a, b] = 1000 * (max(e for e, _ in plays.values()) - plays[chosen][0])
    return losses


def compare(first: dict[str, list], second: dict[str, list], judge: Path | None) -> str:
    """``--compare``'s line."""
    if judge is None:
        keys = [(p, a, b) for p, (a, b), _ in first["plays"]]
        one = dict(zip(keys, first["losses"], strict=True))
        two = dict(zip(keys, second["losses"], strict=True))
    else:
        one, two = judged(first, judge), judged(second, judge)
    keys = [key for key in one if key in two]
    plays = first["plays"], second["plays"]
    differences = [two[key] - one[key] for key in keys]
    error = statistics.stdev(differences) / math.sqrt(len(keys)) if len(keys) > 1 else 0.0
    chosen = {(p, a, b): (x, y) for (p, (a, b), x), (_, _, y) in zip(*plays, strict=True)}
    changed = sum(chosen[key][0] != chosen[key][1] for key in keys)
    positions, cpu = second["positions"], second["cpu"]
    return (
        f"{len(keys)} decisions: {statistics.fmean(one[k] for k in keys):.3f} -> "
        f"{statistics.fmean(two[k] for k in keys):.3f} ({statistics.fmean(differences):+.3f} "
        f"± {error:.3f}), {changed} plays changed; positions {statistics.fmean(positions):.0f} / "
        f"{statistics.median(positions):.0f} / {max(positions):.0f}; CPU ms "
        f"{1000 * statistics.fmean(cpu):.0f} / {1000 * max(cpu):.0f}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--set", type=Path, default=TUNING_SET)
    parser.add_argument("--level", default="expert")
    parser.add_argument("--start", type=int, default=0)
    parser.add_argument("--limit", type=int, default=300)
    parser.add_argument("--every", type=int, default=1)
    parser.add_argument("--out", type=Path)
    parser.add_argument("--compare", nargs=2, type=Path, metavar=("A", "B"))
    parser.add_argument("--judge", type=Path, help="another set's labels of the same decisions")
    parser.add_argument("fields", nargs="*", metavar="NAME=VALUE")
    args = parser.parse_args()
    if args.compare:
        first, second = (json.loads(path.read_text()) for path in args.compare)
        print(compare(first, second, args.judge))
        return
    if args.out is None:
        parser.error("--out F.json (or --compare A B)")
    changes = dict(field.split("=", 1) for field in args.fields)
    decisions = read_set(args.set)[:: args.every][args.start : args.start + args.limit]
    run = replay(args.level, changes, decisions)
    args.out.write_text(json.dumps(run))
    p = run["positions"]
    print(
        f"{args.level} {changes}: {statistics.fmean(run['losses']):.3f} lost, positions "
        f"{statistics.fmean(p):.0f} / {statistics.median(p):.0f} / {max(p):.0f}, "
        f"CPU {sum(run['cpu']):.1f} s"
    )


if __name__ == "__main__":
    main()
