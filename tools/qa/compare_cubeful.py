"""Our cubeful rollouts of cube decisions beside GNU Backgammon's cubeful rollouts.

    nice -n 15 python -m tools.qa.compare_cubeful --trials 1296 --gnubg-trials 1296 --jobs 2
    python -m tools.qa.compare_cubeful --only opening --trials 324 --gnubg-trials 324

For each position of ``tests.gnubg_rollouts.CUBE_POSITIONS`` (the side on roll about to roll,
money, no Jacoby rule): gnubg's cubeful rollout (``set rollout cubeful on``, its cube and
chequer play at 0-ply, variance reduction, quasi-random dice, seed 1) of the position with
the cube centred (*live*: gnubg's own 0-ply cube decision at the first roll) and with the cube
at 2 on the opponent's side (after double/take; gnubg prints that equity per unit of the cube,
2: it is doubled here to compare with ours, per unit of the cube before the double). Ours
(``RolloutSettings(cubeful=True)``): *no double* and *double/take*, the same seed for both.

Printed per position: no double beside gnubg's live figure (the same when gnubg does not
double at once, which the line says by comparing gnubg's live with its double/take), and
double/take beside gnubg's, each with the gap, the allowance ``0.04 + 2 x the combined SE``
and whether the gap is within it.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

from game.analysis.rollout import RolloutSettings
from game.analysis.rollout.decision import cube_candidates
from game.formats.position_id import parse_position_id
from tests.gnubg_rollouts import (
    ALLOWANCE,
    CUBE_POSITIONS,
    LIVE,
    TAKEN,
    gnubg_rollout,
    our_rollout,
    within,
)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--trials", type=int, default=648)
    parser.add_argument("--gnubg-trials", type=int, default=1296)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--variance-reduction", action="store_true")
    parser.add_argument("--only", action="append", help="a position's name (repeatable)")
    args = parser.parse_args(argv)
    failures = 0
    settings = RolloutSettings(
        args.trials, args.seed, 0, "0-ply", args.variance_reduction, cubeful=True
    )
    with tempfile.TemporaryDirectory() as workdir:
        for name, position_id in CUBE_POSITIONS:
            if args.only and name not in args.only:
                continue
            start = time.perf_counter()
            live, live_error, _ = gnubg_rollout(
                position_id, args.gnubg_trials, 1, Path(workdir), True, LIVE
            )
            taken, taken_error, _ = gnubg_rollout(
                position_id, args.gnubg_trials, 1, Path(workdir), True, TAKEN
            )
            taken, taken_error = 2 * taken, 2 * taken_error
            gnubg_doubles = abs(live - min(taken, 1.0)) < 2 * (live_error + taken_error)
            ours = [
                our_rollout(position_id, settings, args.jobs, candidate.cube).result()
                for candidate in cube_candidates(parse_position_id(position_id))
            ]
            line = [f"{name:16s} {position_id}"]
            pairs = (
                ("no double", ours[0], live, live_error),
                ("double/take", ours[1], taken, taken_error),
            )
            for label, mine, theirs, their_error in pairs:
                assert mine.cubeful is not None and mine.cubeful_error is not None
                gap = mine.cubeful - theirs
                near = within(gap, mine.cubeful_error, their_error, ALLOWANCE)
                compared = label != "no double" or not gnubg_doubles
                failures += compared and not near
                verdict = ("within" if near else "OUTSIDE") if compared else "(gnubg doubled)"
                line.append(
                    f"{label}: ours {mine.cubeful:+.3f} ({mine.cubeful_error:.3f})"
                    f" gnubg {theirs:+.3f} ({their_error:.3f}) gap {gap:+.3f} {verdict}"
                )
            line.append(f"{time.perf_counter() - start:.0f} s")
            print("  ".join(line), flush=True)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
