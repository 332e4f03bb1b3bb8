"""Self-play soak: many games under every rule set, with the invariants checked at every step.

    python -m tools.qa.soak                    # 10,000 games (a few minutes)
    python -m tools.qa.soak --games 200 --seed 7

The soak and its invariants are tests/soak.py (the tests run a short one). A broken
invariant stops the run with the game's seed, so it can be replayed. Prints the games,
steps, saves and links checked, and what ended the games.
"""

from __future__ import annotations

import argparse
import sys
import time

from tests.soak import BrokenInvariant, soak


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    started = time.perf_counter()
    try:
        tally = soak(args.games, args.seed)
    except BrokenInvariant as error:
        print(f"soak: FAILED: {error}", file=sys.stderr)
        return 1
    seconds = time.perf_counter() - started
    endings = ", ".join(f"{name} {count}" for name, count in sorted(tally.endings.items()))
    print(
        f"soak: {tally.games} games in {tally.sessions} sessions, {tally.steps} steps, "
        f"{tally.saves} saves, {tally.links} links and {tally.match_files} records as .sgf and "
        f".mat read back, all invariants held "
        f"({seconds:.1f} s). Games ended by: {endings}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
