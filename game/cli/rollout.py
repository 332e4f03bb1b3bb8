"""``python -m game rollout --trials N --seed S [--truncate PLIES] [--jobs J]``: a rollout of
each ``POSITION_ID:MATCH_ID`` (or XGID) line, the side on roll about to roll.

Answers one line per request: ``EQUITY SE WIN WIN_GAMMON WIN_BACKGAMMON LOSE_GAMMON
LOSE_BACKGAMMON``, the cubeless money equity of the side on roll, its standard error, and the
five cumulative chances as fractions 0..1 (``game.analysis.rollout``; dice in the Match ID are
not used: the rollout starts before the roll). ``--truncate PLIES``: each trial stops after
that many plies and the network values the position (0: played to the end, the default).
``--jobs J``: the trials are shared among J processes; the answer is the same as with one.

More options: ``--level NAME`` (who plays the trials: ``0-ply``, the default, or a level of
the bot), ``--variance-reduction`` (gnubg's luck adjustment: fewer trials for the same
error, each dearer), and ``--export``: the rollout as text (the position, the settings, the
figures; with dice after the ID, ``ID D1 D2``, the best few plays of that roll, else the
position and the cube), each closed by a blank line. A request that cannot be read: one
``error: ...`` line, and exit status 1 at the end.
"""

from __future__ import annotations

import multiprocessing
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor

from game.analysis.rollout import RolloutSettings, Tally, chunks, roll_out
from game.analysis.rollout.decision import (
    Candidate,
    cube_figures,
    play_candidates,
    position_candidate,
)
from game.analysis.rollout.export import rollout_text
from game.analysis.rollout.settings import CHEQUER_LEVELS, ZERO_PLY
from game.cli.lines import Answer, read_dice
from game.engine.position import Position
from game.engine.text import ascii_number, quoted
from game.formats.match_id import GameStatus
from game.formats.xgid import parse_position_and_match

MAX_JOBS = 64
USAGE = (
    "expected --trials N --seed S [--truncate PLIES] [--jobs J] [--level NAME]"
    " [--variance-reduction] [--export]"
)


def read_options(options: list[str]) -> tuple[RolloutSettings, int, bool]:
    """The settings, the number of jobs and whether to export, from the options."""
    values: dict[str, int] = {}
    level, reduction, export = ZERO_PLY, False, False
    rest = list(options)
    while rest:
        option = rest.pop(0)
        if option in ("--trials", "--seed", "--truncate", "--jobs") and rest:
            number = ascii_number(rest.pop(0))
            if number is None or option in values:
                raise ValueError(f"{option} takes a whole number once; {USAGE}")
            values[option] = number
        elif option == "--level" and rest and rest[0] in CHEQUER_LEVELS:
            level = rest.pop(0)
        elif option == "--variance-reduction":
            reduction = True
        elif option == "--export":
            export = True
        else:
            raise ValueError(f"{USAGE}, got {quoted(' '.join(options))}")
    if "--trials" not in values or "--seed" not in values:
        raise ValueError(f"--trials and --seed are needed; {USAGE}")
    jobs = values.get("--jobs", 1)
    if not 1 <= jobs <= MAX_JOBS:
        raise ValueError(f"--jobs is from 1 to {MAX_JOBS}")
    settings = RolloutSettings(
        trials=values["--trials"],
        seed=values["--seed"],
        truncate=values.get("--truncate", 0),
        level=level,
        variance_reduction=reduction,
    )
    return settings, jobs, export


def answer_line(tally: Tally) -> str:
    """``EQUITY SE WIN WIN_GAMMON WIN_BACKGAMMON LOSE_GAMMON LOSE_BACKGAMMON``."""
    result = tally.result()
    chances = " ".join(f"{value:.5f}" for value in result.chances.as_tuple())
    return f"{result.equity:.5f} {result.standard_error:.5f} {chances}"


def read_request(request: str) -> tuple[Position, tuple[int, int] | None]:
    """The position of ``ID [D1 D2]`` (the side on roll about to roll) and the dice, if any."""
    fields = request.split()
    if len(fields) not in (1, 3):
        raise ValueError(
            f"expected 'POSITION_ID:MATCH_ID' or an XGID, got {quoted(request.strip())}"
        )
    position, match = parse_position_and_match(fields[0])
    if match.game_state not in (GameStatus.NONE, GameStatus.PLAYING) or position.is_game_over():
        raise ValueError("the game is over: there is nothing to roll out")
    return position, read_dice(fields[1], fields[2]) if len(fields) == 3 else None


def _chunk(job: tuple[Position, RolloutSettings, bool, int, int]) -> Tally:
    position, settings, other_side, start, stop = job
    return roll_out(position, settings, range(start, stop), other_side)


def _workers(jobs: int) -> Executor | None:
    """J processes (forked where the system can: the networks loaded once), shut down when
    the command ends; None for one."""
    if jobs == 1:
        return None
    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("fork" if "fork" in methods else "spawn")
    return ProcessPoolExecutor(jobs, mp_context=context)


def rolled_out(
    candidate: Candidate, settings: RolloutSettings, pool: Executor | None, jobs: int
) -> Tally:
    """The candidate's rollout, its trials shared among the pool's processes."""
    if pool is None:
        return roll_out(candidate.position, settings, None, candidate.for_other_side)
    parts = [
        (candidate.position, settings, candidate.for_other_side, part.start, part.stop)
        for part in chunks(settings.trials, jobs * 4)
    ]
    return Tally().merged(*pool.map(_chunk, parts))


def export_text(
    position: Position,
    dice: tuple[int, int] | None,
    settings: RolloutSettings,
    roll: Callable[[Candidate], Tally],
) -> str:
    """The export of a request: the best few plays of ``dice``, or the position and cube."""
    if dice is None:
        result = roll(position_candidate(position)).result()
        cube = cube_figures(position, result)
        text = rollout_text(position, settings, [("position (no double)", result)])
        return (
            f"{text}\nCube, cubeless: no double {cube.no_double_cubeless:+.3f}, double/take"
            f" {cube.double_take_cubeless:+.3f}, double/pass {cube.double_pass:+.3f}\n"
            f"Cube, cubeful money (Janowski from the rolled-out chances): no double"
            f" {cube.no_double:+.3f}, double/take {cube.double_take:+.3f}, double/pass"
            f" {cube.double_pass:+.3f}: {cube.action}, {cube.response}"
        )
    candidates = play_candidates(position, dice)
    if not candidates:
        raise ValueError(f"no legal play of {dice[0]}{dice[1]}: nothing to roll out")
    results = [(c.label, roll(c).result()) for c in candidates]
    results.sort(key=lambda pair: -pair[1].equity)
    return rollout_text(position, settings, results).replace(
        "Rollout:", f"Dice {dice[0]}{dice[1]}, the best plays by the network rolled out:", 1
    )


def answerer(options: list[str]) -> Answer:
    """For ``python -m game rollout ...``: raises ValueError on bad options."""
    settings, jobs, export = read_options(options)
    pool = _workers(jobs)

    def roll(candidate: Candidate) -> Tally:
        return rolled_out(candidate, settings, pool, jobs)

    def answer(request: str) -> str:
        position, dice = read_request(request)
        if export:
            return export_text(position, dice, settings, roll)
        if dice is not None:
            raise ValueError("dice after the ID are read with --export only")
        return answer_line(roll(position_candidate(position)))

    answer.block = export  # type: ignore[attr-defined]
    return answer
