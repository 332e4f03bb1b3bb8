"""Command-line faces of the engine: one request per line on stdin, one answer each.

    $ echo "4HPwATDgc/ABMA 3 1" | python -m game moves

A request that cannot be read is answered ``error: <reason>``; the others are
still answered, and the command exits 1 at the end.

Three commands work on whole matches instead (``game/record_cli.py``, ``game/analyse_cli.py``):
``python -m game replay < FILE.mat``, ``python -m game selfplay --length N --seed S`` and
``python -m game analyse [--plies 1|2] < FILE.mat``.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable
from typing import TextIO

from game.formats import format_position_id, parse_position_id
from game.plays import check_dice, legal_plays
from game.position import Position

Answer = Callable[[str], str]


def read_position_and_dice(request: str) -> tuple[Position, tuple[int, int]]:
    """Parse ``POSITION_ID D1 D2``."""
    fields = request.split()
    if len(fields) != 3:
        raise ValueError(f"expected 'POSITION_ID D1 D2', got {request.strip()!r}")
    position = parse_position_id(fields[0])
    try:
        dice = int(fields[1]), int(fields[2])
    except ValueError:
        raise ValueError(f"dice must be numbers, got {fields[1]!r} {fields[2]!r}") from None
    return position, check_dice(dice)


def answer_moves(request: str) -> str:
    """Position IDs of every distinct legal play's result, sorted; ``-`` if none."""
    position, dice = read_position_and_dice(request)
    ids = sorted(format_position_id(play.position) for play in legal_plays(position, dice))
    return " ".join(ids) if ids else "-"


def best_answerer(options: list[str]) -> Answer:
    """``best [--level NAME]``: the Position ID after the bot's play, ``-`` if none."""
    from game.bot import check_level, choose_play

    level = None
    if options:
        if len(options) != 2 or options[0] != "--level":
            raise ValueError(f"expected [--level NAME], got {' '.join(options)!r}")
        level = options[1]
    level = check_level(level)

    def answer_best(request: str) -> str:
        position, dice = read_position_and_dice(request)
        play = choose_play(position, dice, level)
        return "-" if play is None else format_position_id(play.position)

    return answer_best


def cube_answerer(options: list[str]) -> Answer:
    """``cube [--plies 0|1|2] [--no-beaver]``: ``ACTION RESPONSE`` for ``POSITION_ID:MATCH_ID``
    (by default as the strongest level decides: two rolls ahead, within its budget)."""
    from game.bot.cube import cube_request_answerer

    answer: Answer = cube_request_answerer(options)
    return answer


def hint_answerer(options: list[str]) -> Answer:
    """``hint [--plies 1|2]``: ranked plays or the cube hint, each answer closed by a blank line."""
    from game.hint import hint_answerer as answerer

    answer: Answer = answerer(options)
    return answer


COMMANDS: dict[str, Callable[[list[str]], Answer]] = {
    "moves": lambda options: answer_moves,
    "best": best_answerer,
    "cube": cube_answerer,
    "hint": hint_answerer,
}


def serve(answer: Answer, requests: Iterable[str], out: TextIO) -> int:
    """Answer each non-blank request line; return the exit status.

    An answerer marked ``block`` answers in several lines: each answer, an error
    too, is closed by a blank line."""
    status = 0
    closing = "\n" if getattr(answer, "block", False) else ""
    for line in requests:
        if not line.strip():
            continue
        try:
            reply = answer(line)
        except ValueError as error:
            reply, status = f"error: {error}", 1
        out.write(reply + "\n" + closing)
        out.flush()
    return status


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if args and args[0] in ("replay", "selfplay"):
        from game import record_cli

        return record_cli.main(args)
    if args and args[0] == "analyse":
        from game import analyse_cli

        return analyse_cli.main(args[1:])
    if not args or args[0] not in COMMANDS:
        names = "|".join([*COMMANDS, "replay", "selfplay", "analyse"])
        sys.stderr.write(f"usage: python -m game {{{names}}} [options] < requests\n")
        return 2
    try:
        answer = COMMANDS[args[0]](args[1:])
    except ValueError as error:
        sys.stderr.write(f"python -m game {args[0]}: {error}\n")
        return 2
    return serve(answer, sys.stdin, sys.stdout)
