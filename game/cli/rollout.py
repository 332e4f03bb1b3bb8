"""``python -m game rollout --trials N --seed S [--truncate PLIES] [--jobs J]``: a rollout of
each ``POSITION_ID:MATCH_ID`` (or XGID) line, the side on roll about to roll.

Answers one line per request: ``EQUITY SE WIN WIN_GAMMON WIN_BACKGAMMON LOSE_GAMMON
LOSE_BACKGAMMON``, the cubeless money equity of the side on roll, its standard error, and the
five cumulative chances as fractions 0..1 (``game.analysis.rollout``; dice in the Match ID are
not used: the rollout starts before the roll). ``--truncate PLIES``: each trial stops after
that many plies and the network values the position (0: played to the end, the default).
``--jobs J``: the trials are shared among J processes; the answer is the same as with one.
``N`` may be any number of trials, as in gnubg; a multiple of 36 keeps every first roll as
often as every other (the first two rolls are rotated: ``game.analysis.rollout.dice``).

``--cubeful`` (gnubg's cubeful rollout, money play): the cube is played in each trial by the
bot's 0-ply cube judgement, from where the Match ID has it (the side on roll may double at
once), and the same line answers with EQUITY and SE cubeful (points a trial, per unit of the
cube); the chances are the trials'. Without it the rollout is cubeless, as above.

More options: ``--level NAME`` (who plays the trials: ``0-ply``, the default, or a level of
the bot), ``--variance-reduction`` (gnubg's luck adjustment: fewer trials for the same
error, each dearer), and ``--export``: the rollout as text (the position, the settings, the
figures; with dice after the ID, ``ID D1 D2``, the best few plays of that roll, else the
position and the cube; with ``--cubeful``, the cube's no double and double/take rolled out
with the cube in play), each closed by a blank line. A request that cannot be read: one
``error: ...`` line, and exit status 1 at the end.
"""

from __future__ import annotations

import multiprocessing
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor
from dataclasses import replace
from typing import NamedTuple

from game.analysis.rollout import CubeStart, RolloutSettings, Tally, chunks, roll_out
from game.analysis.rollout.cube import ON_ROLL, OPPONENT
from game.analysis.rollout.decision import (
    Candidate,
    cube_candidates,
    cube_figures,
    cubeful_cube_figures,
    play_candidates,
    position_candidate,
)
from game.analysis.rollout.export import rollout_text
from game.analysis.rollout.settings import CHEQUER_LEVELS, ZERO_PLY
from game.cli.lines import Answer, read_dice
from game.engine.position import Position
from game.engine.text import ascii_number, quoted
from game.formats.xgid import game_in_play

MAX_JOBS = 64
USAGE = (
    "expected --trials N --seed S [--truncate PLIES] [--jobs J] [--level NAME]"
    " [--variance-reduction] [--cubeful] [--export]"
)


def read_options(options: list[str]) -> tuple[RolloutSettings, int, bool]:
    """The settings, the number of jobs and whether to export, from the options."""
    values: dict[str, int] = {}
    level, reduction, export, cubeful = ZERO_PLY, False, False, False
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
        elif option == "--cubeful":
            cubeful = True
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
        cubeful=cubeful,
    )
    return settings, jobs, export


def answer_line(tally: Tally) -> str:
    """``EQUITY SE WIN WIN_GAMMON WIN_BACKGAMMON LOSE_GAMMON LOSE_BACKGAMMON`` (EQUITY and SE
    cubeful in a cubeful rollout)."""
    result = tally.result()
    chances = " ".join(f"{value:.5f}" for value in result.chances.as_tuple())
    return f"{result.value:.5f} {result.value_error:.5f} {chances}"


class Request(NamedTuple):
    """A request read: the position (the side on roll about to roll), the dice if any, and
    the cube's owner seen by the side on roll (None centred, ``ON_ROLL``, ``OPPONENT``)."""

    position: Position
    dice: tuple[int, int] | None
    owner: int | None = None
    money: bool = True


def read_request(request: str) -> Request:
    """The position of ``ID [D1 D2]`` (the side on roll about to roll), the dice, if any,
    and the cube as the Match ID has it."""
    position, match, fields = game_in_play(request, "there is nothing to roll out", (1, 3))
    owner = match.cube_owner
    seen = None if owner is None else ON_ROLL if owner == match.player_on_roll else OPPONENT
    dice = read_dice(fields[1], fields[2]) if len(fields) == 3 else None
    return Request(position, dice, seen, match.match_length == 0)


def _chunk(job: tuple[Position, RolloutSettings, bool, CubeStart | None, int, int]) -> Tally:
    position, settings, other_side, cube, start, stop = job
    return roll_out(position, settings, range(start, stop), other_side, cube=cube)


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
        return roll_out(
            candidate.position, settings, None, candidate.for_other_side, cube=candidate.cube
        )
    parts = [
        (
            candidate.position,
            settings,
            candidate.for_other_side,
            candidate.cube,
            part.start,
            part.stop,
        )
        for part in chunks(settings.trials, jobs * 4)
    ]
    return Tally().merged(*pool.map(_chunk, parts))


def export_text(
    request: Request, settings: RolloutSettings, roll: Callable[[Candidate], Tally]
) -> str:
    """The export of a request: the best few plays of its dice, or the position and cube."""
    position, dice = request.position, request.dice
    if dice is None and settings.cubeful:
        return _cubeful_cube_text(request, settings, roll)
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
    if settings.cubeful:  # the opponent on roll after the play: the cube seen from there
        after = None if request.owner is None else 1 - request.owner
        candidates = [replace(c, cube=CubeStart(1, after)) for c in candidates]
    results = [(c.label, roll(c).result()) for c in candidates]
    results.sort(key=lambda pair: -pair[1].value)
    return rollout_text(position, settings, results).replace(
        "Rollout:", f"Dice {dice[0]}{dice[1]}, the best plays by the network rolled out:", 1
    )


def _cubeful_cube_text(
    request: Request, settings: RolloutSettings, roll: Callable[[Candidate], Tally]
) -> str:
    """A cubeful rollout of the cube's decision: no double and double/take, the cube in play."""
    candidates = cube_candidates(request.position, request.owner)
    results = [(c.label, roll(c).result()) for c in candidates]
    text = rollout_text(request.position, settings, results)
    if len(results) < 2:
        return f"{text}\nCube: the opponent owns it: no double"
    cube = cubeful_cube_figures(results[0][1], results[1][1])
    return (
        f"{text}\nCube, cubeful money (rolled out, the cube in play): no double"
        f" {cube.no_double:+.3f}, double/take {cube.double_take:+.3f}, double/pass"
        f" {cube.double_pass:+.3f}: {cube.action}, {cube.response}"
    )


def answerer(options: list[str]) -> Answer:
    """For ``python -m game rollout ...``: raises ValueError on bad options."""
    settings, jobs, export = read_options(options)
    pool = _workers(jobs)

    def roll(candidate: Candidate) -> Tally:
        return rolled_out(candidate, settings, pool, jobs)

    def answer(text: str) -> str:
        request = read_request(text)
        if settings.cubeful and not request.money:
            raise ValueError("a cubeful rollout is of a money game (the Match ID is of a match)")
        if export:
            return export_text(request, settings, roll)
        if request.dice is not None:
            raise ValueError("dice after the ID are read with --export only")
        if settings.cubeful:
            live = Candidate("position", request.position, cube=CubeStart(1, request.owner))
            return answer_line(roll(live))
        return answer_line(roll(position_candidate(request.position)))

    answer.block = export  # type: ignore[attr-defined]
    if pool is not None:
        answer.close = pool.shutdown  # type: ignore[attr-defined]
    return answer
