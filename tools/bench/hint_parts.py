"""What sharing the person's hint among workers saves (game/analysis/hint_parts.py), in CPU
time, load aside: ``tools.bench.deep_parts``'s measure, on the hint's decisions.

    python -m tools.bench.hint_parts                  # 200 plays of the held-out set, 100 cubes
    python -m tools.bench.hint_parts --decisions 60 --cubes 0 --workers 2 4

The plays: the first decisions of the held-out set (tools/data/held-out.txt.gz, money play),
each hinted at the strongest judgement (``judgement.play_hint``: every play at 1-ply, the best
one roll ahead, the closest two rolls ahead). The cube figures: the positions of the cube data
file (``tools.bench.cube``'s, money and match scores) where the player may double
(``judgement.cube_hint``: one roll ahead over every play of the 21 rolls). For each: the CPU
time of the hint whole, and of its pieces one after another: the plan (``planned_hint``, on
the computer's worker), each part's answer (``hint_part_answer``) and each round's taking.
With N workers answering a round's parts at once, a hint takes the plan and, each round, its
dearest part and the taking: printed against the whole (``tools.bench.deep_parts.report``).
Each piece starts with the bot's caches emptied (``deep_parts.cold``; ``--warm`` keeps them).
Every hint in parts is asserted equal to the whole's, every figure to the last digit.
"""

from __future__ import annotations

import argparse
import gzip
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from game.analysis.hint_parts import hint_part_answer, planned_hint
from game.analysis.judgement import cube_hint, cube_state_of, play_hint
from game.engine.state import GameState, Phase, Rules
from game.formats import parse_position_id
from game.formats.gnubg_id import read_gnubg_id
from tools.bench.deep_parts import cold, report, timed_round

DATA = Path(__file__).resolve().parent.parent / "data"
HELD_OUT = DATA / "held-out.txt.gz"
CUBES = DATA / "cube-check-2ply.txt"


def play_tables(count: int) -> list[GameState]:
    """The held-out set's first ``count`` decisions, as the hint meets them."""
    with gzip.open(HELD_OUT, "rt") as lines:
        fields = [line.split() for line in lines if not line.startswith("#")][:count]
    return [
        GameState(
            Rules.full(),
            position=parse_position_id(f[0]),
            phase=Phase.MOVE,
            turn=0,
            dice=(int(f[1]), int(f[2])),
        )
        for f in fields
    ]


def cube_tables(count: int) -> list[GameState]:
    """The cube data file's first ``count`` positions where the player on roll may double."""
    found: list[GameState] = []
    for line in CUBES.read_text().splitlines():
        if len(found) >= count:
            break
        if not line or line[0] == "#":
            continue
        table = read_gnubg_id(line.split()[0])
        if table.phase is Phase.ROLL and cube_state_of(table, table.turn).may_double():
            found.append(table)
    return found


def measured(
    tables: list[GameState],
    whole_hint: Callable[[GameState], Any],
    shared_hint: Callable[[Any], Any],
    workers: list[int],
    warm: bool = False,
) -> list[dict]:
    """Per hint: the whole's CPU seconds, and per worker count the plan and each round's
    dearest part and taking; ``deep``: whether it took two rounds (two rolls ahead)."""
    rows = []
    clear = (lambda: None) if warm else cold
    for table in tables:
        clear()
        started = time.process_time()
        whole = whole_hint(table)
        row: dict = {"whole": time.process_time() - started, "deep": False}
        for count in workers:
            clear()
            started = time.process_time()
            planned = planned_hint(table)
            plan = time.process_time() - started
            shared, work, rounds = plan, plan, 0
            while not planned.done:
                parts, taken = timed_round(planned, count, hint_part_answer, clear)
                shared += max(parts, default=0.0) + taken
                work += sum(parts) + taken
                rounds += 1
            assert shared_hint(planned) == whole, "the parts gave another hint than the whole"
            row["deep"] = rounds == 2
            row[count] = shared
            row[f"{count} work"] = work
        rows.append(row)
    return rows


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--decisions", type=int, default=200, help="the held-out set's plays")
    parser.add_argument("--cubes", type=int, default=100, help="the cube file's positions")
    parser.add_argument("--workers", type=int, nargs="+", default=[2, 3, 4])
    parser.add_argument(
        "--warm", action="store_true", help="keep the caches between the pieces (as one worker)"
    )
    options = parser.parse_args()
    workers, warm = options.workers, options.warm
    if options.decisions:
        tables = play_tables(options.decisions)
        rows = measured(tables, play_hint, lambda planned: planned.plays, workers, warm)
        report(rows, workers, "hints' plays")
    if options.cubes:
        tables = cube_tables(options.cubes)
        rows = measured(tables, cube_hint, lambda planned: planned.cube, workers, warm)
        report(rows, workers, "hints' cube figures")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
