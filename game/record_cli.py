"""``python -m game replay`` and ``python -m game selfplay``: whole matches on the command line.

    $ python -m game replay < match.mat
    game 1: 2 1
    game 2: 1 4
    final 4 1

``replay`` reads a ``.mat`` file from stdin, replays every action through the
rules and prints each finished game's winner (1 or 2: the first or second
player named in the file) and points as the file's "Wins" line says them, then
the final score as the rules count it; a file that cannot
be read or a move the rules forbid prints ``error: game K move M: REASON``
(game 0 for the header) and exits 1. ``selfplay --length N --seed S [--level
NAME]`` prints the ``.mat`` of an N-point match (0: one money game) that the
computer plays against itself, the same for the same seed.
"""

from __future__ import annotations

import argparse
import random
import sys
from typing import TextIO

DEFAULT_LEVEL = "intermediate"  # plays sensibly at one ply, cube decisions at 0-ply: quick


def read_text(stream: TextIO) -> str:
    """Stdin as text: UTF-8 when it is, Latin-1 otherwise (old match archives)."""
    data: str | bytes = stream.buffer.read() if hasattr(stream, "buffer") else stream.read()
    if isinstance(data, str):
        return data
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("latin-1")


def replay(text: str, out: TextIO) -> int:
    from game.formats.mat import InvalidMatFile, read_mat

    try:
        record, written = read_mat(text)
    except InvalidMatFile as error:
        out.write(f"error: game {error.game} move {error.move}: {error.reason}\n")
        return 1
    for result in record.results():
        if result.winner is not None:
            # The points as the file's "Wins" line says them (a match given up may be written
            # with more than the game gave); the final score is what the rules count.
            file_points = written[result.number - 1] if result.number <= len(written) else None
            points = file_points if file_points is not None else result.points
            out.write(f"game {result.number}: {result.winner + 1} {points}\n")
    score = record.state.score
    out.write(f"final {score[0]} {score[1]}\n")
    return 0


def selfplay(length: int, seed: int, level: str, out: TextIO) -> int:
    from game.formats.mat import format_mat
    from game.match import Rules
    from game.selfplay import BotPlayer, self_play

    rng = random.Random(seed)
    rules = Rules.full(match_length=length)
    record = self_play(rules, rng, BotPlayer(level, rng), names=("Cyan", "Pink"))
    out.write(format_mat(record))
    return 0


def main(args: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m game")
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("replay", help="replay a .mat file read from stdin")
    play = commands.add_parser("selfplay", help="print the .mat of a match the computer plays")
    play.add_argument("--length", type=int, required=True, help="match length, 0 for money")
    play.add_argument("--seed", type=int, required=True)
    play.add_argument("--level", default=DEFAULT_LEVEL)
    options = parser.parse_args(args)
    if options.command == "replay":
        return replay(read_text(sys.stdin), sys.stdout)
    from game.bot import UnknownLevel

    if not 0 <= options.length <= 64:
        parser.error("--length is 0 (one money game) to 64")
    try:
        return selfplay(options.length, options.seed, options.level, sys.stdout)
    except UnknownLevel as error:
        parser.error(str(error))
    return 2
