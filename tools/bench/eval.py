"""The evaluator's speed in µs per position, and a check that a change keeps the bot's answers.

    python -m tools.bench.eval                        # this tree, CPython, 3 rounds
    python -m tools.bench.eval --baseline HEAD~3      # the same run alternates with an older commit
    python -m tools.bench.eval --baseline HEAD~3 --pyodide   # under the page's Pyodide (Node.js)
    python -m tools.bench.eval --record answers.json  # the bot's answers, to compare later
    python -m tools.bench.eval --compare answers.json # same answers? (plays, cube, probabilities)

Five workloads on fixed positions of the bench set (tools/data/bot-bench.txt.gz):
``1-ply`` ranks every play of a decision; ``2-ply`` is the look-ahead after the
best play (the opponent's 21 rolls, each answered by its best play); ``cube``
is the one-roll-ahead cube decision; ``strong`` and ``expert`` are those levels'
decisions, as the page asks them (their look-aheads pruned, their closest calls looked
at two rolls ahead). Cost: CPU time of the process divided by the positions evaluated
(counted from the plays, or for the levels as their budgets count them, a position
ranked by the pruning network a quarter: the same for every tree).
Each round runs each tree in a fresh process, trees alternating, and the
median of the rounds is printed: the machine is shared and noisy.

``--baseline GITREF`` exports that commit's game package (``git archive``) to a
temporary folder and measures it in the same run, by this tree's workloads.
``--record``/``--compare``: the play chosen at every level for every decision of the
set, the cube decisions (money, one roll ahead) of the first 300, and the probabilities
of random positions from ``tests.soak.random_state``; plays and cube actions must be
equal, probabilities within 1e-9 (``--exact``: equal to the last bit, for a change
that should keep every figure).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
WORKLOADS = ("1-ply", "2-ply", "cube", "strong", "expert")
LEVEL_STEP = 4  # the levels' workloads: every fourth decision of the first N


def measure(root: str, decisions: int) -> dict[str, float]:
    """µs of CPU per position for each workload, with the game package of the tree ``root``
    (the process is started with that tree first on its path: ``run_once``)."""
    import gzip
    import random
    import time

    from game.bot import choose_play
    from game.bot.cube import CubeState, cube_decision
    from game.bot.search import lookahead, rank_plays
    from game.engine.plays import legal_plays
    from game.formats import parse_position_id
    from tools.bench.common import count_positions

    here = Path(sys.modules["game"].__file__ or "").resolve().parent.parent
    if here != Path(root).resolve():
        raise SystemExit(f"bench_eval: measuring {here}'s game package, not {root}'s")
    try:
        from js import process  # type: ignore[import-not-found]  # Pyodide: Node's CPU time

        def cpu() -> float:
            used = process.cpuUsage()
            return float(used.user + used.system) / 1e6

    except ImportError:
        cpu = time.process_time
    cases = []
    with gzip.open(ROOT / "tools" / "data" / "bot-bench.txt.gz", "rt") as lines:
        for line in lines:
            if not line.startswith("#"):
                fields = line.split()
                cases.append((parse_position_id(fields[0]), (int(fields[1]), int(fields[2]))))
    cases = cases[:decisions]
    rank_plays(*cases[0])  # loads the networks
    results = {}

    started, positions = cpu(), 0
    for position, dice in cases:
        positions += len(rank_plays(position, dice))
    results["1-ply"] = 1e6 * (cpu() - started) / positions

    # The look-ahead after the best play; a fifth of the decisions (a look-ahead is ~400 positions).
    replies = [rank_plays(position, dice)[0][1].position.flip() for position, dice in cases[::5]]
    started, positions = cpu(), 0
    for reply in replies:
        positions += lookahead(reply)[1]
    results["2-ply"] = 1e6 * (cpu() - started) / positions

    money = CubeState.of()
    rolls = [(a, b) for a in range(1, 7) for b in range(a, 7)]
    started = cpu()
    for position, _ in cases[::5]:
        cube_decision(position, money, plies=1)
    elapsed = cpu() - started
    positions = sum(  # the position itself, then each roll's plays
        1 + sum(max(1, len(legal_plays(position, dice))) for dice in rolls)
        for position, _ in cases[::5]
    )
    results["cube"] = 1e6 * elapsed / positions

    chosen = cases[::LEVEL_STEP]
    levels = ("strong", "expert")
    spent = {}
    for level in levels:
        started = cpu()
        for position, dice in chosen:
            choose_play(position, dice, level, random.Random(1))
        spent[level] = cpu() - started
    # Counted after the timing (the count wraps the evaluator); the same in every tree.
    seen = count_positions()
    for level in levels:
        seen[0] = 0.0
        for position, dice in chosen:
            choose_play(position, dice, level, random.Random(1))
        results[level] = 1e6 * spent[level] / seen[0]
    return results


def answers(random_positions: int) -> dict[str, list]:
    """The bot's answers in this tree: plays at every level, cube decisions, probabilities."""
    import random

    from game.bot import LEVELS, choose_play, evaluate
    from game.bot.cube import CubeState, cube_decision
    from game.formats import format_position_id
    from tests.soak import random_state
    from tools.bench.common import read_set

    decisions = read_set()
    found: dict[str, list] = {}
    for level in LEVELS:
        rng = random.Random(2024)
        found[level] = [
            format_position_id(choose_play(position, dice, level, rng).position)
            for position, dice, _ in decisions
        ]
    money = CubeState.of()
    found["cube"] = [
        [decision.action, decision.response, decision.no_double, decision.double_take]
        for decision in (cube_decision(p, money, plies=1) for p, _, _ in decisions[:300])
    ]
    rng = random.Random(7)
    probabilities = []
    while len(probabilities) < random_positions:
        position = random_state(rng, 120).position
        if not position.is_game_over():
            probabilities.append([*evaluate(position).as_tuple()])
    found["probabilities"] = probabilities
    return found


def compare(old: dict[str, list], new: dict[str, list], exact: bool = False) -> int:
    """Print the differences (figures within 1e-9 are the same, unless ``exact``); the
    number of them."""
    tolerance = 0.0 if exact else 1e-9
    differences = 0
    for key, values in old.items():
        for index, (a, b) in enumerate(zip(values, new[key], strict=True)):
            if key == "cube":
                same = a[:2] == b[:2] and all(
                    abs(x - y) <= tolerance for x, y in zip(a[2:], b[2:], strict=True)
                )
            elif key == "probabilities":
                same = all(abs(x - y) <= tolerance for x, y in zip(a, b, strict=True))
            else:
                same = a == b
            if not same:
                differences += 1
                print(f"{key} #{index}: {a} -> {b}")
        print(f"{key}: {len(values)} compared")
    print(f"{differences} differences")
    return differences


def run_once(tree: Path, decisions: int, pyodide: bool) -> dict[str, float]:
    """One measurement of ``tree`` in a fresh process, the tree first on its path (then this
    one, for the tools: an older tree's plain tools/ folder does not hide this package)."""
    worker = ["tools.bench.eval", "--decisions", str(decisions), "--worker"]
    environment = dict(os.environ)
    if pyodide:
        # pyodide.mjs mounts the tree at /path0, before the repository (/repo).
        runner = ROOT / "tools" / "bench" / "pyodide.mjs"
        command = ["node", str(runner), "--path", str(tree), *worker, "/path0"]
    else:
        # -P: not the working folder first; PYTHONPATH: the tree, then this tree.
        command = [sys.executable, "-P", "-m", *worker, str(tree)]
        environment["PYTHONPATH"] = os.pathsep.join([str(tree), str(ROOT)])
    output = subprocess.run(
        command, check=True, capture_output=True, text=True, cwd=ROOT, env=environment
    ).stdout
    return dict(json.loads(output.strip().splitlines()[-1]))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--baseline", metavar="GITREF", help="also measure this commit")
    parser.add_argument("--pyodide", action="store_true", help="under Pyodide in Node.js")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--decisions", type=int, default=100, help="first N of the bench set")
    parser.add_argument("--record", metavar="FILE", help="write this tree's answers")
    parser.add_argument("--compare", metavar="FILE", help="compare this tree's answers")
    parser.add_argument(
        "--exact", action="store_true", help="--compare: every figure equal to the last bit"
    )
    parser.add_argument("--random-positions", type=int, default=5000)
    parser.add_argument("--worker", metavar="TREE", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker:
        print(json.dumps(measure(args.worker, args.decisions)))
        return 0
    if args.record or args.compare:
        found = answers(args.random_positions)
        if args.record:
            Path(args.record).write_text(json.dumps(found))
            return 0
        old = json.loads(Path(args.compare).read_text())
        return 1 if compare(old, found, args.exact) else 0
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        trees = {"this tree": ROOT}
        if args.baseline:
            base = folder / "baseline"
            base.mkdir()
            # Its game package alone: this tree's workloads measure it (``run_once``).
            archive = subprocess.run(
                ["git", "-C", str(ROOT), "archive", args.baseline, "game"],
                check=True,
                capture_output=True,
            ).stdout
            subprocess.run(["tar", "-x", "-C", str(base)], input=archive, check=True)
            trees = {f"baseline {args.baseline}": base, **trees}
        runs: dict[str, list[dict[str, float]]] = {name: [] for name in trees}
        for round_number in range(args.rounds):
            for label, tree in trees.items():
                runs[label].append(run_once(tree, args.decisions, args.pyodide))
            print(
                f"round {round_number + 1}: "
                + "; ".join(
                    f"{label} " + " ".join(f"{w} {runs[label][-1][w]:.0f}" for w in WORKLOADS)
                    for label in trees
                ),
                flush=True,
            )
    runtime = "Pyodide (Node.js)" if args.pyodide else f"CPython {sys.version.split()[0]}"
    print(f"\nµs of CPU per position, median of {args.rounds} rounds, {runtime}")
    print(f"{'tree':<24}" + "".join(f"{w:>8}" for w in WORKLOADS))
    medians = {
        label: {w: statistics.median(run[w] for run in runs[label]) for w in WORKLOADS}
        for label in trees
    }
    for label in trees:
        print(f"{label:<24}" + "".join(f"{medians[label][w]:>8.0f}" for w in WORKLOADS))
    if args.baseline:
        old, new = medians[f"baseline {args.baseline}"], medians["this tree"]
        print(f"{'speed-up':<24}" + "".join(f"{old[w] / new[w]:>7.2f}x" for w in WORKLOADS))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
