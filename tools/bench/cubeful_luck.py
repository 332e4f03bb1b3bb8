"""What variance reduction does to a cubeful rollout: the cube's no double and double/take
rolled out with and without it, the same seed, in CPython.

    nice -n 10 python -m tools.bench.cubeful_luck                         # the race ahead
    nice -n 10 python -m tools.bench.cubeful_luck --position sLlbABi43Q3AAA --trials 72 --truncate 0

Prints per candidate and setting the cubeful equity (SE), the cubeless equity (SE) and this
process's CPU seconds; then per candidate how many times narrower the cubeful and the
cubeless SE are with variance reduction, and the gap between the two cubeful means in
combined standard errors (variance reduction takes luck away, it must not move the mean).
"""

from __future__ import annotations

import argparse
import time

from game.analysis.rollout import RolloutSettings, roll_out
from game.analysis.rollout.decision import cube_candidates
from game.formats.position_id import parse_position_id

RACE_AHEAD = "2M42AwDMtp0BAA"  # tests.gnubg_rollouts.CUBE_POSITIONS' race ahead


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--position", default=RACE_AHEAD, help="a Position ID, about to roll")
    parser.add_argument("--trials", type=int, default=36)
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--truncate", type=int, default=2)
    args = parser.parse_args(argv)
    position = parse_position_id(args.position)
    for candidate in cube_candidates(position):
        results = []
        for reduced in (False, True):
            settings = RolloutSettings(
                args.trials, args.seed, args.truncate, variance_reduction=reduced, cubeful=True
            )
            start = time.process_time()
            result = roll_out(position, settings, cube=candidate.cube).result()
            seconds = time.process_time() - start
            assert result.cubeful is not None and result.cubeful_error is not None
            results.append(result)
            print(
                f"{args.position} {candidate.label:12s} "
                f"{'variance reduction' if reduced else 'no reduction      '}  "
                f"cubeful {result.cubeful:+.4f} ({result.cubeful_error:.4f})  "
                f"cubeless {result.equity:+.4f} ({result.standard_error:.4f})  "
                f"{seconds:.1f} s CPU",
                flush=True,
            )
        plain, luckless = results
        assert plain.cubeful is not None and plain.cubeful_error is not None
        assert luckless.cubeful is not None and luckless.cubeful_error is not None
        combined = (plain.cubeful_error**2 + luckless.cubeful_error**2) ** 0.5
        print(
            f"  {candidate.label}: cubeful SE {plain.cubeful_error / luckless.cubeful_error:.1f}"
            f" times narrower, cubeless {plain.standard_error / luckless.standard_error:.1f};"
            f" the means {(luckless.cubeful - plain.cubeful) / combined:+.2f} combined SE apart"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
