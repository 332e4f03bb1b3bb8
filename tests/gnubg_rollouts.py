"""GNU Backgammon's own rollouts (Debian's gnubg 1.07, its ``rollout`` command) and ours, side
by side: the helpers of tests/test_rollout_gnubg.py and ``python -m tools.qa.compare_rollouts``.

gnubg's settings, as it names them (``GNUBG_SETTINGS``): cubeless rollout, chequer play 0-ply
(noiseless), no truncation but at its one-sided bear-off database, lookahead variance
reduction, quasi-random dice, Mersenne Twister with the seed given. gnubg prints a rollout only
to a terminal: it is run under ``script`` (util-linux) for one.

Cubeful (``cubeful=True``): ``set rollout cubeful on``, its cube decisions at 0-ply, ``set
jacoby off``, the Match ID's cube (``LIVE``: centred, the side on roll may double at once;
``TAKEN``: at 2, the opponent's, as after double/take); gnubg's CF and its error.
"""

from __future__ import annotations

import math
import re
import subprocess
from pathlib import Path

from game.analysis.rollout import CubeStart, RolloutSettings, Tally, chunks, roll_out
from game.formats.xgid import parse_position_and_match

GNUBG = "/usr/games/gnubg"
MONEY = "cAkAAAAAAAAA"  # a money game, centred cube, the side of the Position ID on roll
LIVE = "cAkAAAAAAAAE"  # the same without the Jacoby rule: a cubeful rollout's centred cube
TAKEN = "QQkAAAAAAAAE"  # ... the cube at 2 owned by the opponent (after double/take)
# Cube decisions to roll out cubeful (the side on roll about to roll): no double, double/take
# and take-or-pass by our bot's 1-ply cube.
CUBE_POSITIONS = (
    ("opening", "4HPwATDgc/ABMA"),
    ("prime", "sLlbABi43Q3AAA"),
    ("race ahead", "2M42AwDMtp0BAA"),
    ("back game ahead", "aE8wgDPYbrcAAA"),
)
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
    r"^\s*([\d.]+) ([\d.]+) ([\d.]+) - ([\d.]+) ([\d.]+) ([\d.]+) CL ([-+ ]?[\d.]+)"
    r"(?: CF ([-+ ]?[\d.]+))?\s*$"
)
_ERRORS = re.compile(r"^\s*\[.* CL\s+([\d.]+)(?: CF\s+([\d.]+))?\]")
CUBEFUL_SETTINGS = ("set rollout cubeful on", "set rollout cubedecision plies 0", "set jacoby off")


def gnubg_rollout(
    position_id: str,
    trials: int,
    seed: int,
    workdir: Path,
    cubeful: bool = False,
    match_id: str = MONEY,
) -> tuple[float, float, tuple[float, ...]]:
    """gnubg's rollout of ``position_id`` (money, the side on roll about to roll): equity,
    its standard error and the five chances, for the side on roll (``cubeful``: the cubeful
    equity, gnubg's CF, and its error, the cube as ``match_id`` has it)."""
    settings = [*GNUBG_SETTINGS, *CUBEFUL_SETTINGS] if cubeful else list(GNUBG_SETTINGS)
    commands = [
        *settings,
        f"set rollout trials {trials}",
        f"set rollout seed {seed}",
        "new game",
        f"set gnubgid {position_id}:{match_id}",
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
            if errors and (not cubeful or found.group(8) is not None):
                win, wg, wbg, _lose, lg, lbg, equity = (float(g) for g in found.groups()[:7])
                if cubeful:
                    equity, error = float(found.group(8)), float(errors.group(2))
                else:
                    error = float(errors.group(1))
                return equity, error, (win, wg, wbg, lg, lbg)
    raise RuntimeError("gnubg printed no rollout:\n" + done.stdout[-2000:])


def our_rollout(
    position_id: str, settings: RolloutSettings, jobs: int = 1, cube: CubeStart | None = None
) -> Tally:
    """Our rollout of ``position_id`` (as ``python -m game rollout`` makes it; cubeful
    settings: the cube from ``cube``)."""
    position, _ = parse_position_and_match(f"{position_id}:{MONEY}")
    if jobs == 1:
        return roll_out(position, settings, cube=cube)
    from concurrent.futures import ProcessPoolExecutor

    parts = chunks(settings.trials, jobs * 4)
    with ProcessPoolExecutor(jobs) as pool:
        done = pool.map(_part, [(position_id, settings, cube, p.start, p.stop) for p in parts])
        return Tally().merged(*done)


def _part(job: tuple[str, RolloutSettings, CubeStart | None, int, int]) -> Tally:
    position_id, settings, cube, start, stop = job
    position, _ = parse_position_and_match(f"{position_id}:{MONEY}")
    return roll_out(position, settings, range(start, stop), cube=cube)


def within(gap: float, first_error: float, second_error: float, allowance: float) -> bool:
    """Whether ``gap`` is at most ``allowance`` + 2 combined standard errors."""
    return abs(gap) <= allowance + 2.0 * math.hypot(first_error, second_error)
