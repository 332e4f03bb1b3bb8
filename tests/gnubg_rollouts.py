"""GNU Backgammon's own rollouts (Debian's gnubg 1.07, its ``rollout`` command) and ours, side
by side: the helpers of tests/test_rollout_gnubg.py and ``python -m tools.qa.compare_rollouts``.

gnubg's settings, as it names them (``GNUBG_SETTINGS``): cubeless rollout, chequer play 0-ply
(noiseless), no truncation but at its one-sided bear-off database, lookahead variance
reduction, quasi-random dice, Mersenne Twister with the seed given. gnubg prints a rollout only
to a terminal: it is run under ``script`` (util-linux) for one.
"""

from __future__ import annotations

import math
import re
import subprocess
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
