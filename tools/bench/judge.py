"""A second judge: a sample of a decision set with every play relabelled by a deeper judge,
gnubg at more plies or bgsage (Open Sage, an independent neural engine: not gnubg).

    nice python -m tools.bench.judge --set tools/data/held-out.txt.gz --every 4 --plies 3 \
        --out tools/data/held-out-3ply.txt.gz
    nice python -m tools.bench.judge --engine bgsage --plies 3 --set tools/data/held-out.txt.gz \
        --every 4 --out tools/data/held-out-bgsage.txt.gz
    nice python -m tools.bench.paired --set tools/data/held-out-3ply.txt.gz --out F.json

Every ``--every``-th decision of ``--set`` (from the first) is written to ``--out`` in the
same format, each play's first equity now the judge's (cubeless, the mover's, every
resulting position evaluated: no move filter at the root), its second kept as it was; so
the benchmarks read the sample as any set (``--set``) and score each level against the
other judge, so that a gain is not fitted to the habits of gnubg 2-ply alone. ``--plies``
counts as each engine counts: gnubg's 2-ply is bgsage's 3-ply (bgsage calls the network
alone 1-ply, as XG does). Resumable: each decision done is appended to ``OUT.part`` and a
rerun labels only the rest.
"""

from __future__ import annotations

import argparse
import gzip
import sys
import time
from collections.abc import Callable
from pathlib import Path

from game.engine.position import BAR, OFF, Position
from game.formats import format_position_id, parse_position_id
from tools.bench.bot import decision_line, gnubg_equity_after
from tools.bench.common import read_set

# bgsage's numbering of plies is one above gnubg's.
BGSAGE_LEVELS = {1: "1ply", 2: "2ply", 3: "3ply", 4: "4ply"}


def bgsage_board(position: Position) -> list[int]:
    """bgsage's 26 numbers for ``position``, ``position.player`` the side it is seen from:
    its checkers positive on its points 1-24, the other side's negative there (by this
    side's numbering), index 25 this side's bar and 0 the other side's, both as counts."""
    board = [position.player[point] - position.opponent[25 - point] for point in range(25)]
    board[OFF] = position.opponent[BAR]
    board.append(position.player[BAR])
    return board


def bgsage_judge(plies: int) -> Callable[[list[Position]], list[float]]:
    """The mover's cubeless equities after each of a decision's plays, by bgsage at ``plies``
    (its numbering), one thread."""
    from bgsage.batch import batch_post_move_evaluate

    level = BGSAGE_LEVELS[plies]

    def equities(after: list[Position]) -> list[float]:
        boards = [{"board": bgsage_board(p), "cube_owner": "centered"} for p in after]
        found = batch_post_move_evaluate(boards, eval_level=level, n_threads=1)
        return [
            float(p.winner_result()) if p.player[OFF] == 15 else float(r.cubeless_equity)
            for p, r in zip(after, found, strict=True)
        ]

    return equities


def gnubg_judge(plies: int) -> Callable[[list[Position]], list[float]]:
    import gnubg

    return lambda after: [gnubg_equity_after(gnubg, p, plies) for p in after]


def judge_name(engine: str, plies: int) -> str:
    if engine == "bgsage":
        from importlib.metadata import version

        return f"bgsage {version('bgsage')} at {plies}-ply (its numbering)"
    return f"gnubg 1.1.0a16 at {plies}-ply"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--set", type=Path, required=True, help="the decision set to sample")
    parser.add_argument("--every", type=int, default=12, help="take every N-th decision")
    parser.add_argument("--engine", choices=("gnubg", "bgsage"), default="gnubg")
    parser.add_argument("--plies", type=int, default=3, help="the judge's depth, as it counts")
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args(argv)
    if args.engine == "bgsage" and args.plies not in BGSAGE_LEVELS:
        parser.error(f"bgsage judges at 1 to 4 plies, not {args.plies}")
    judge = (bgsage_judge if args.engine == "bgsage" else gnubg_judge)(args.plies)

    sample = read_set(args.set)[:: args.every]
    part = args.out.with_name(args.out.name + ".part")
    done: dict[tuple[str, int, int], str] = {}
    if part.exists():
        for line in part.read_text().splitlines():
            fields = line.split()
            if len(fields) >= 4:
                done[fields[0], int(fields[1]), int(fields[2])] = line
    started = time.time()
    lines = []
    for count, (position, dice, plays) in enumerate(sample, 1):
        key = (format_position_id(position), *dice)
        if key not in done:
            equities = judge([parse_position_id(rid) for rid in plays])
            scored = [
                (rid, equity, e0)
                for (rid, (_, e0)), equity in zip(plays.items(), equities, strict=True)
            ]
            done[key] = decision_line(key[0], dice, scored)
            with part.open("a") as out:
                out.write(done[key] + "\n")
            print(f"  {count} of {len(sample)} ({time.time() - started:.0f} s)", flush=True)
        lines.append(done[key])
    with gzip.open(args.out, "wt") as out:
        out.write(
            f"# POSITION_ID D1 D2 then per play RESULT_ID:EQUITY_JUDGE:EQUITY_0PLY (the judge"
            f" {judge_name(args.engine, args.plies)}, cubeless, mover's equity after the play;"
            f" 0-ply gnubg's; every {args.every}th decision of {args.set.name})\n"
        )
        out.writelines(line + "\n" for line in lines)
    part.unlink(missing_ok=True)
    print(f"wrote {len(lines)} decisions to {args.out} in {time.time() - started:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
