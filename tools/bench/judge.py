"""A second judge: a sample of a decision set with every play relabelled by gnubg at more plies.

    nice python -m tools.bench.judge --set tools/data/held-out.txt.gz --every 12 --plies 3 \
        --out tools/data/held-out-3ply.txt.gz
    nice python -m tools.bench.paired --set tools/data/held-out-3ply.txt.gz --out F.json

Every ``--every``-th decision of ``--set`` (from the first) is written to ``--out`` in the
same format, each play's first equity now gnubg's at ``--plies`` (cubeless, the mover's,
every resulting position evaluated: no move filter), its second kept as it was; so the
benchmarks read the sample as any set (``--set``) and score each level against the deeper
judge, so that a gain is not fitted to the habits of gnubg 2-ply alone.
Resumable: each decision done is appended to ``OUT.part`` and a rerun labels only the rest.
"""

from __future__ import annotations

import argparse
import gzip
import sys
import time
from pathlib import Path

from game.formats import format_position_id, parse_position_id
from tools.bench.bot import decision_line, gnubg_equity_after
from tools.bench.common import read_set


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--set", type=Path, required=True, help="the decision set to sample")
    parser.add_argument("--every", type=int, default=12, help="take every N-th decision")
    parser.add_argument("--plies", type=int, default=3, help="gnubg's depth for the new labels")
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args(argv)
    import gnubg

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
            scored = [
                (rid, gnubg_equity_after(gnubg, parse_position_id(rid), args.plies), e0)
                for rid, (_, e0) in plays.items()
            ]
            done[key] = decision_line(key[0], dice, scored)
            with part.open("a") as out:
                out.write(done[key] + "\n")
            print(f"  {count} of {len(sample)} ({time.time() - started:.0f} s)", flush=True)
        lines.append(done[key])
    with gzip.open(args.out, "wt") as out:
        out.write(
            f"# POSITION_ID D1 D2 then per play RESULT_ID:EQUITY_{args.plies}PLY:EQUITY_0PLY"
            f" (gnubg 1.1.0a16, cubeless, mover's equity after the play; every {args.every}th"
            f" decision of {args.set.name})\n"
        )
        out.writelines(line + "\n" for line in lines)
    part.unlink(missing_ok=True)
    print(f"wrote {len(lines)} decisions to {args.out} in {time.time() - started:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
