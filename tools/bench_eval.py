"""The evaluator's speed in µs per position, and a check that a change keeps the bot's answers.

    python tools/bench_eval.py                        # this tree, CPython, 3 rounds
    python tools/bench_eval.py --baseline HEAD~3      # the same run alternates with an older commit
    python tools/bench_eval.py --baseline HEAD~3 --pyodide   # under the page's Pyodide (Node.js)
    python tools/bench_eval.py --record answers.json  # the bot's answers, to compare later
    python tools/bench_eval.py --compare answers.json # same answers? (plays, cube, probabilities)

Three workloads on fixed positions of the bench set (tools/data/bot-bench.txt.gz):
``1-ply`` ranks every play of a decision; ``2-ply`` is the look-ahead after the
best play (the opponent's 21 rolls, each answered by its best play); ``cube``
is the one-roll-ahead cube decision. Cost: CPU time of the process divided by
the positions evaluated (counted from the plays, so the same for every tree).
Each round runs each tree in a fresh process, trees alternating, and the
median of the rounds is printed: the machine is shared and noisy.

``--baseline GITREF`` exports that commit (``git archive``) to a temporary folder
and measures it in the same run. ``--record``/``--compare``: the play chosen at
every level for every decision of the set, the cube decisions (money, one roll
ahead) of the first 300, and the probabilities of random positions from
``tools.soak.random_state``; plays and cube actions must be equal, probabilities
within 1e-9.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WORKLOADS = ("1-ply", "2-ply", "cube")


def measure(root: str, decisions: int) -> dict[str, float]:
    """µs of CPU per position for each workload, with the game package found under ``root``."""
    sys.path.insert(0, root)
    import gzip
    import time

    from game.bot.cube import CubeState, cube_decision
    from game.bot.search import lookahead, rank_plays
    from game.engine.plays import legal_plays
    from game.formats import parse_position_id

    try:
        from js import process  # type: ignore[import-not-found]  # Pyodide: Node's CPU time

        def cpu() -> float:
            used = process.cpuUsage()
            return float(used.user + used.system) / 1e6

    except ImportError:
        cpu = time.process_time
    cases = []
    with gzip.open(Path(root) / "tools" / "data" / "bot-bench.txt.gz", "rt") as lines:
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
    return results


def answers(root: str, random_positions: int) -> dict[str, list]:
    """The bot's answers under ``root``: plays at every level, cube decisions, probabilities."""
    sys.path.insert(0, root)
    sys.path.insert(0, str(Path(root) / "tools"))
    import random

    from bench_bot import read_set
    from soak import random_state

    from game.bot import LEVELS, choose_play, evaluate
    from game.bot.cube import CubeState, cube_decision
    from game.formats import format_position_id

    decisions = read_set(Path(root) / "tools" / "data" / "bot-bench.txt.gz")
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


def compare(old: dict[str, list], new: dict[str, list]) -> int:
    """Print the differences; the number of them."""
    differences = 0
    for key, values in old.items():
        for index, (a, b) in enumerate(zip(values, new[key], strict=True)):
            if key == "cube":
                same = a[:2] == b[:2] and all(
                    abs(x - y) <= 1e-9 for x, y in zip(a[2:], b[2:], strict=True)
                )
            elif key == "probabilities":
                same = all(abs(x - y) <= 1e-9 for x, y in zip(a, b, strict=True))
            else:
                same = a == b
            if not same:
                differences += 1
                print(f"{key} #{index}: {a} -> {b}")
        print(f"{key}: {len(values)} compared")
    print(f"{differences} differences")
    return differences


PYODIDE_RUNNER = """
import { loadPyodide } from "ROOT/node_modules/pyodide/pyodide.mjs";
const py = await loadPyodide({ indexURL: "ROOT/node_modules/pyodide/" });
py.FS.mkdirTree("/tool");
py.FS.mount(py.FS.filesystems.NODEFS, { root: "ROOT" }, "/tool");
py.FS.mkdirTree("/app");
py.FS.mount(py.FS.filesystems.NODEFS, { root: process.argv[2] }, "/app");
py.runPython(`
import json, sys
sys.path.insert(0, "/tool/tools")
import bench_eval
print(json.dumps(bench_eval.measure("/app", ${process.argv[3]})))
`);
"""


def run_once(tree: Path, decisions: int, pyodide: bool, folder: Path) -> dict[str, float]:
    """One measurement of ``tree`` in a fresh process."""
    if pyodide:
        runner = folder / "run.mjs"
        runner.write_text(PYODIDE_RUNNER.replace("ROOT", str(ROOT)))
        command = ["node", str(runner), str(tree), str(decisions)]
    else:
        command = [sys.executable, __file__, "--worker", str(tree), "--decisions", str(decisions)]
    output = subprocess.run(command, check=True, capture_output=True, text=True).stdout
    return dict(json.loads(output.strip().splitlines()[-1]))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--baseline", metavar="GITREF", help="also measure this commit")
    parser.add_argument("--pyodide", action="store_true", help="under Pyodide in Node.js")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--decisions", type=int, default=100, help="first N of the bench set")
    parser.add_argument("--record", metavar="FILE", help="write this tree's answers")
    parser.add_argument("--compare", metavar="FILE", help="compare this tree's answers")
    parser.add_argument("--random-positions", type=int, default=5000)
    parser.add_argument("--worker", metavar="TREE", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker:
        print(json.dumps(measure(args.worker, args.decisions)))
        return 0
    if args.record or args.compare:
        found = answers(str(ROOT), args.random_positions)
        if args.record:
            Path(args.record).write_text(json.dumps(found))
            return 0
        return 1 if compare(json.loads(Path(args.compare).read_text()), found) else 0
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        trees = {"this tree": ROOT}
        if args.baseline:
            base = folder / "baseline"
            base.mkdir()
            archive = subprocess.run(
                ["git", "-C", str(ROOT), "archive", args.baseline], check=True, capture_output=True
            ).stdout
            subprocess.run(["tar", "-x", "-C", str(base)], input=archive, check=True)
            trees = {f"baseline {args.baseline}": base, **trees}
        runs: dict[str, list[dict[str, float]]] = {name: [] for name in trees}
        for round_number in range(args.rounds):
            for label, tree in trees.items():
                runs[label].append(run_once(tree, args.decisions, args.pyodide, folder))
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
