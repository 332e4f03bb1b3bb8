"""Our rollouts beside GNU Backgammon's own 0-ply rollouts, on positions of every kind.

    nice -n 19 python -m tools.qa.compare_rollouts --trials 1296 --gnubg-trials 1296 --jobs 2
    python -m tools.qa.compare_rollouts --only race --trials 324

For each position of ``tests.gnubg_rollouts.POSITIONS`` (contact, holding, back game, prime,
race, bear-off with contact, blitz, the opening): gnubg's rollout (Debian's ``/usr/games/gnubg``
1.07, its ``rollout`` command with ``tests.gnubg_rollouts.GNUBG_SETTINGS``: cubeless, 0-ply
chequer play, no truncation but at its one-sided bear-off database, variance reduction,
quasi-random dice, Mersenne Twister with the seed given) and ours (``python -m game
rollout``'s engine, two seeds). Printed per position: both equities with their standard
errors, the gap, the allowance ``0.04 + 2 x the combined SE`` and whether the gap is within
it; then whether our two seeds agree within 2 x their combined SE.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

from game.analysis.rollout import RolloutSettings
from tests.gnubg_rollouts import ALLOWANCE, POSITIONS, gnubg_rollout, our_rollout, within


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--trials", type=int, default=648)
    parser.add_argument("--gnubg-trials", type=int, default=1296)
    parser.add_argument("--seeds", type=int, nargs=2, default=(1, 2))
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--variance-reduction", action="store_true")
    parser.add_argument("--only", action="append", help="a position's name (repeatable)")
    args = parser.parse_args(argv)
    failures = 0
    with tempfile.TemporaryDirectory() as workdir:
        for name, position_id in POSITIONS:
            if args.only and name not in args.only:
                continue
            start = time.perf_counter()
            theirs, their_error, _ = gnubg_rollout(position_id, args.gnubg_trials, 1, Path(workdir))
            ours = [
                our_rollout(
                    position_id,
                    RolloutSettings(args.trials, seed, 0, "0-ply", args.variance_reduction),
                    args.jobs,
                ).result()
                for seed in args.seeds
            ]
            gap = ours[0].equity - theirs
            near = within(gap, ours[0].standard_error, their_error, ALLOWANCE)
            seeds_agree = within(
                ours[0].equity - ours[1].equity, ours[0].standard_error, ours[1].standard_error, 0
            )
            failures += (not near) + (not seeds_agree)
            print(
                f"{name:22s} {position_id}  gnubg {theirs:+.3f} ({their_error:.3f})"
                f"  ours {ours[0].equity:+.3f} ({ours[0].standard_error:.3f})"
                f" / seed {args.seeds[1]} {ours[1].equity:+.3f} ({ours[1].standard_error:.3f})"
                f"  gap {gap:+.3f} {'within' if near else 'OUTSIDE'}"
                f"  seeds {'agree' if seeds_agree else 'DISAGREE'}"
                f"  {time.perf_counter() - start:.0f} s",
                flush=True,
            )
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
