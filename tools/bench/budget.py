"""Size the 2-ply search: equity lost by each (keep, margin, budget) on the bench decisions.

    nice python -m tools.bench.budget                     # the default grid, 1,200 decisions
    nice python -m tools.bench.budget --limit 300 --budgets 80 200 400 --keeps 8

Each decision of tools/data/bot-bench.txt.gz (gnubg 2-ply equities of every play) is
ranked once at 1-ply, and the full look-ahead (equity and cost in positions) of every
candidate in the widest filter asked for is worked out once. Each setting is then replayed
from those figures exactly as ``game.bot.search.rank_plays_deeper`` decides: candidates
are the first ``keep`` plays within ``margin`` of the best, re-scored while the budget
(the 1-ply ranking included) pays for each whole look-ahead; the first one it cannot pay
for and those after it stay at 1-ply, below. A decision with more plays than a budget
is decided by the real search (its hand-made shortlist), so every line is what the level
would play. Printed per setting: the mean loss (thousandths, judged by gnubg 2-ply), by
phase, and the positions evaluated (mean, max), which is what a decision's time is
proportional to (tools/bench/page.py --decisions gives the cost of a position in Chromium).
The look-aheads are not pruned (``prune`` 0): it sizes the filter and budget of a level
that evaluates every reply; the expert's pruned search was measured by tools/bench/paired.py
(game/bot/README.md, "Pruning the look-ahead's replies").
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

from game.bot.search import lookahead, rank_plays, rank_plays_deeper
from game.engine.plays import legal_plays
from game.formats import format_position_id
from tools.bench.common import PHASES, phase, read_set

ROOT = Path(__file__).resolve().parents[2]


def record(decisions, widest_keep: int, widest_margin: float):
    """Per decision: plays count, 1-ply ranking [(equity, pid)], look-aheads {pid: (eq, cost)}."""
    recorded = []
    started = time.time()
    for number, (position, dice, _) in enumerate(decisions, 1):
        plays = legal_plays(position, dice)
        ranked = [
            (equity, format_position_id(play.position))
            for equity, play in rank_plays(position, dice, plays)
        ]
        best = ranked[0][0]
        deeper = {}
        by_pid = {format_position_id(play.position): play for play in plays}
        for equity, pid in ranked[:widest_keep]:
            if equity < best - widest_margin:
                break
            probabilities, cost = lookahead(by_pid[pid].position.flip())
            deeper[pid] = (-probabilities.equity, cost)
        recorded.append((len(plays), ranked, deeper))
        if number % 100 == 0:
            print(f"  recorded {number} decisions ({time.time() - started:.0f} s)", flush=True)
    return recorded


def replay(entry, keep: int, margin: float, budget: int) -> tuple[str, int]:
    """The play chosen (its pid) and the positions evaluated, as rank_plays_deeper decides."""
    count, ranked, deeper = entry
    left = budget - count
    spent = count
    best = ranked[0][0]
    candidates = [pid for equity, pid in ranked[:keep] if equity >= best - margin]
    if len(candidates) < 2:
        return ranked[0][1], spent
    rescored = []
    for pid in candidates:
        equity, cost = deeper[pid]
        if cost > left:
            spent += left  # the search pays roll by roll until it cannot: at most what is left
            break
        left -= cost
        spent += cost
        rescored.append((equity, pid))
    if not rescored:
        return ranked[0][1], spent
    return max(rescored)[1], spent


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--limit", type=int, default=0, help="only the first N decisions")
    parser.add_argument(
        "--budgets", type=int, nargs="*", default=[80, 150, 250, 400, 700, 1000, 1500, 2000, 3000]
    )
    parser.add_argument("--keeps", type=int, nargs="*", default=[4, 8, 12])
    parser.add_argument("--margins", type=float, nargs="*", default=[0.08, 0.16, 0.24])
    options = parser.parse_args()
    decisions = read_set()
    if options.limit:
        decisions = decisions[: options.limit]
    widest_keep, widest_margin = max(options.keeps), max(options.margins)
    print(
        f"{len(decisions)} decisions; recording look-aheads of up to {widest_keep} plays "
        f"within {widest_margin} ...",
        flush=True,
    )
    recorded = record(decisions, widest_keep, widest_margin)
    phases = [phase(position) for position, _, _ in decisions]
    print(
        f"\n{'keep':>5}{'margin':>8}{'budget':>8}{'loss':>8}"
        + "".join(f"{name:>10}" for name in PHASES)
        + f"{'positions':>11}{'max':>7}"
    )
    for keep in options.keeps:
        for margin in options.margins:
            for budget in options.budgets:
                losses, spent = [], []
                for (position, dice, plays), entry in zip(decisions, recorded, strict=True):
                    if entry[0] > budget:
                        chosen = rank_plays_deeper(position, dice, keep, margin, budget)[0][1]
                        pid, cost = format_position_id(chosen.position), budget
                    else:
                        pid, cost = replay(entry, keep, margin, budget)
                    best = max(e2 for e2, _ in plays.values())
                    losses.append(1000 * (best - plays[pid][0]))
                    spent.append(cost)
                by_phase = ""
                for name in PHASES:
                    some = [loss for loss, p in zip(losses, phases, strict=True) if p == name]
                    by_phase += f"{statistics.fmean(some):>10.2f}" if some else f"{'':>10}"
                print(
                    f"{keep:>5}{margin:>8.2f}{budget:>8}{statistics.fmean(losses):>8.2f}"
                    f"{by_phase}{statistics.fmean(spent):>11.0f}{max(spent):>7}",
                    flush=True,
                )
    return 0


if __name__ == "__main__":
    sys.exit(main())
