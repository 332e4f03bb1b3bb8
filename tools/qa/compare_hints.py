"""Print how our hint agrees with GNU Backgammon's 2-ply judgement (tests/data/hint_golden.txt).

    python -m tools.qa.compare_hints               # our 1-ply and strongest judgement
    python -m tools.qa.compare_hints --plies 2 --limit 50

For each stored (position, roll): gnubg's equity of every play (its 2-ply
probabilities turned into equity by our own units, game.analysis.judgement.utility, the
match equity table in match play). Printed per depth of ours: how often our best
play is gnubg's best, the mean equity our choice loses by gnubg's figures and how
often it loses 0.04 or more, and the mean and largest difference between our
equity and gnubg's for our best play. No gnubg needed: the golden file holds its
figures (regenerate with tools/golden/hint.py).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from game.analysis.judgement import rank_plays, utility
from game.bot.cube import CubeState
from game.bot.probabilities import Probabilities
from game.formats import format_position_id, parse_gnubg_id

GOLDEN = Path(__file__).resolve().parents[2] / "tests" / "data" / "hint_golden.txt"


def read_golden(path: Path = GOLDEN):
    """Yield (position, dice, CubeState, {result PID: gnubg equity})."""
    for block in path.read_text().split("\n\n"):
        lines = [line for line in block.splitlines() if line and not line.startswith("#")]
        if not lines:
            continue
        position, match = parse_gnubg_id(lines[0])
        state = CubeState.from_match_id(match)
        equities = {}
        for line in lines[1:]:
            pid, *figures = line.split()
            probabilities = Probabilities(*(float(x) for x in figures))
            equities[pid] = utility(probabilities, state)
        yield position, match.dice, state, equities


def compare(plies: int, limit: int | None = None) -> dict[str, float]:
    same = losses = big = 0
    lost = gap = worst_gap = 0.0
    count = 0
    for position, dice, state, theirs in read_golden():
        if limit is not None and count >= limit:
            break
        ours = rank_plays(position, dice, state, plies)
        top = format_position_id(ours[0].play.position)
        best = max(theirs.values())
        loss = best - theirs[top]
        same += theirs[top] == best
        lost += loss
        big += loss >= 0.04
        losses += loss > 0
        difference = abs(ours[0].equity - theirs[top])
        gap += difference
        worst_gap = max(worst_gap, difference)
        count += 1
    return {
        "positions": count,
        "same best play": same / count,
        "mean loss": lost / count,
        "losing 0.04 or more": big / count,
        "mean |equity difference|": gap / count,
        "largest |equity difference|": worst_gap,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--plies", type=int, nargs="*", default=[1, 2])
    parser.add_argument("--limit", type=int)
    args = parser.parse_args(argv)
    for plies in args.plies:
        start = time.perf_counter()
        figures = compare(plies, args.limit)
        seconds = time.perf_counter() - start
        print(f"ours {plies}-ply against gnubg 2-ply ({seconds:.0f} s):")
        for name, value in figures.items():
            print(
                f"  {name:28} {value:.3f}" if isinstance(value, float) else f"  {name:28} {value}"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
