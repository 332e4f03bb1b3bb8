"""Our rollouts beside GNU Backgammon's own 0-ply rollouts, on positions of every kind.

    nice -n 19 python -m tools.qa.compare_rollouts --trials 1296 --gnubg-trials 1296 --jobs 2
    python -m tools.qa.compare_rollouts --only race --trials 324

For each position of ``POSITIONS`` (contact, holding, back game, prime, race, bear-off with
contact, blitz, the opening): gnubg's rollout (Debian's ``/usr/games/gnubg`` 1.07, its
``rollout`` command: ``GNUBG_SETTINGS``: cubeless, 0-ply chequer play, no truncation but at
its one-sided bear-off database, variance reduction, quasi-random dice, Mersenne Twister with
the seed given) and ours (``python -m game rollout``'s engine, two seeds). Printed per
position: both equities with their standard errors, the gap, the allowance ``0.04 + 2 x the
combined SE`` and whether the gap is within it; then whether our two seeds agree within
2 x their combined SE. gnubg prints its rollout only to a terminal: it is run under
``script`` (util-linux) for one.
"""

from __future__ import annotations

import argparse
import math
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from game.analysis.rollout import RolloutSettings, Tally, chunks, roll_out
from game.formats.xgid import parse_position_and_match

GNUBG = "/usr/games/gnubg"
MONEY = "cAkAAAAAAAAA"  # a money game, centred cube, the side of the Position ID on roll
# (name, Position ID): the side on roll about to roll (its checkers listed in
# docs/rollout.md).
POSITIONS = (
    ("opening", "4HPwATDgc/ABMA"),
    ("contact", "xPPgAQnI3Q0DIA"),
    ("holding", "mLdjBgBoz8EBAw"),
    ("back game", "2G63AABoTzCAMw"),
    ("prime", "sLlbABi43Q3AAA"),
    ("race", "zLadAQDYzjYDAA"),
    ("bear-off with contact", "cM/BATDa3QEAAA"),
    ("blitz", "tt0BBwBw5+ABUA"),
)
GNUBG_SETTINGS = (
    "set rollout cubeful off",
    "set rollout truncation off",
    "set rollout varredn on",
    "set rollout quasirandom on",
    "set rollout rng mersenne",
    "set rollout chequerplay plies 0",
    "set rollout chequerplay noise 0",
)
ALLOWANCE = 0.04
_RESULT = re.compile(
    r"^\s*([\d.]+) ([\d.]+) ([\d.]+) - ([\d.]+) ([\d.]+) ([\d.]+) CL ([-+ ]?[\d.]+)\s*$"
)
_ERRORS = re.compile(r"^\s*\[.* CL\s+([\d.]+)\]")


def gnubg_rollout(
    position_id: str, trials: int, seed: int, workdir: Path
) -> tuple[float, float, tuple[float, ...]]:
    """gnubg's rollout of ``position_id`` (money, the side on roll about to roll): equity,
    its standard error and the five chances, for the side on roll."""
    commands = [
        *GNUBG_SETTINGS,
        f"set rollout trials {trials}",
        f"set rollout seed {seed}",
        "new game",
        f"set gnubgid {position_id}:{MONEY}",
        "rollout",
    ]
    script = workdir / f"rollout-{seed}.txt"
    script.write_text("\n".join(commands) + "\n")
    done = subprocess.run(
        ["script", "-q", "-c", f"{GNUBG} -t -q -r -c {script}", "/dev/null"],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=3600,
        cwd=workdir,
    )
    lines = done.stdout.replace("\r", "\n").splitlines()
    # The progress prints the same lines as it goes: the final results are the last.
    for index in range(len(lines) - 1, -1, -1):
        line = lines[index]
        found = _RESULT.match(line)
        if found and index + 1 < len(lines):
            errors = _ERRORS.match(lines[index + 1])
            if errors:
                win, wg, wbg, _lose, lg, lbg, equity = (float(g) for g in found.groups())
                return equity, float(errors.group(1)), (win, wg, wbg, lg, lbg)
    raise RuntimeError("gnubg printed no rollout:\n" + done.stdout[-2000:])


def our_rollout(position_id: str, settings: RolloutSettings, jobs: int = 1) -> Tally:
    """Our rollout of ``position_id`` (as ``python -m game rollout`` makes it)."""
    position, _ = parse_position_and_match(f"{position_id}:{MONEY}")
    if jobs == 1:
        return roll_out(position, settings)
    from concurrent.futures import ProcessPoolExecutor

    parts = chunks(settings.trials, jobs * 4)
    with ProcessPoolExecutor(jobs) as pool:
        done = pool.map(_part, [(position_id, settings, p.start, p.stop) for p in parts])
        return Tally().merged(*done)


def _part(job: tuple[str, RolloutSettings, int, int]) -> Tally:
    position_id, settings, start, stop = job
    position, _ = parse_position_and_match(f"{position_id}:{MONEY}")
    return roll_out(position, settings, range(start, stop))


def within(gap: float, first_error: float, second_error: float, allowance: float) -> bool:
    """Whether ``gap`` is at most ``allowance`` + 2 combined standard errors."""
    return abs(gap) <= allowance + 2.0 * math.hypot(first_error, second_error)


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
