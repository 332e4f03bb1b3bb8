"""What sharing the expert's cube decisions among workers saves (game/bot/cube/parts.py), in
CPU time, load aside: ``tools.bench.deep_parts``'s measure, on cube positions.

    python -m tools.bench.cube_parts                     # the first 200 of the 2,400 checked
    python -m tools.bench.cube_parts --decisions 60 --workers 2 4 \
        --data tests/data/cube_gnubg2ply.txt

For each position of the cube data file (``tools.bench.cube``'s: money and match scores,
near a threshold) where the player may double, at the strongest level's cube settings: the
CPU time of ``cube_decision`` whole, and of its pieces one after another: the plan
(``planned_cube``: the position evaluated, the rolls the budget looks at), each part's
answer (``cube_part_answer``) and each round's taking (``PlannedCube.take``: the best plays
of the first rolls, then the looks a second roll ahead). With N workers answering a
round's parts at once, a decision takes the plan and, each round, its dearest part and the
taking: printed against the whole, over all decisions and over those that look two rolls
ahead, with the slowest whole decision's time each way, and the mean of each piece with the
last worker count. Each piece starts with the bot's
caches emptied (``deep_parts.cold``, as on a worker that never met the decision's
positions; ``--warm`` keeps them). Process CPU time.
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

from game.bot.cube import CubeState, cube_decision
from game.bot.cube.parts import cube_part_answer, planned_cube
from game.bot.level_names import STRONGEST_LEVEL
from game.bot.levels import level_named
from game.formats import parse_gnubg_id
from tools.bench.deep_parts import cold, timed_round
from tools.bench.deep_parts import report as shares

DATA = Path(__file__).resolve().parent.parent / "data" / "cube-check-2ply.txt"


def measured(path: Path, count: int, workers: list[int], warm: bool = False) -> list[dict]:
    """Per decision: the whole decision's CPU seconds, and per worker count the plan and each
    round's dearest part and taking; ``deep``: whether it looked two rolls ahead."""
    expert = level_named(STRONGEST_LEVEL)
    settings = (expert.cube_plies, expert.cube_budget, expert.cube_prune)
    rows = []
    clear = (lambda: None) if warm else cold
    lines = [line for line in path.read_text().splitlines() if line and line[0] != "#"]
    for line in lines:
        if len(rows) >= count:
            break
        position, match = parse_gnubg_id(line.split()[0])
        state = CubeState.from_match_id(match)
        if not state.may_double():
            continue
        clear()
        started = time.process_time()
        whole = cube_decision(position, state, *settings)
        row: dict = {"whole": time.process_time() - started, "deep": whole.rolls_deeper > 0}
        for count_ in workers:
            clear()
            started = time.process_time()
            planned = planned_cube(position, state, *settings)
            plan = time.process_time() - started
            shared, work = plan, plan
            pieces = {"plan": plan}
            while not planned.done:  # a round: the first rolls, then the second
                parts, taken = timed_round(planned, count_, cube_part_answer, clear)
                shared += max(parts, default=0.0) + taken
                work += sum(parts) + taken
                round_ = "first" if len(pieces) == 1 else "second"
                pieces[f"{round_}: all parts"] = sum(parts)
                pieces[f"{round_}: the dearest"] = max(parts, default=0.0)
                pieces[f"{round_}: taken"] = taken
            row["pieces"] = pieces  # the last worker count's
            assert planned.decided == whole, "the parts gave another decision than the whole"
            row[count_] = shared
            row[f"{count_} work"] = work
        rows.append(row)
    return rows


def report(rows: list[dict], workers: list[int]) -> None:
    names = dict.fromkeys(name for row in rows for name in row["pieces"])
    print(
        f"where a decision's CPU goes with {workers[-1]} workers (mean ms of {len(rows)}): whole"
        f" {1000 * statistics.mean(row['whole'] for row in rows):.0f}; "
        + "; ".join(
            f"{name} {1000 * sum(row['pieces'].get(name, 0.0) for row in rows) / len(rows):.1f}"
            for name in names
        )
    )
    shares(rows, workers, "cube decisions")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--data", type=Path, default=DATA, help="a tools.bench.cube data file")
    parser.add_argument("--decisions", type=int, default=200)
    parser.add_argument("--workers", type=int, nargs="+", default=[2, 3, 4])
    parser.add_argument(
        "--warm", action="store_true", help="keep the caches between the pieces (as one worker)"
    )
    options = parser.parse_args()
    report(
        measured(options.data, options.decisions, options.workers, options.warm), options.workers
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
