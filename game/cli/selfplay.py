"""``python -m game selfplay --length N --seed S [--level NAME]``: the ``.mat`` of an N-point
match (0: one money game) that the computer plays against itself, the same for the same seed.

Each game's dice come from its own dice seed (drawn from ``S``: reproducible, so not secret),
written with its commitment in the file's header (``game.formats.mat_dice``), so that
``python -m game dice --verify`` checks every roll."""

from __future__ import annotations

import argparse
import random
import sys
from typing import NoReturn, TextIO

from game.analysis.selfplay import BotPlayer, self_play_with_dice
from game.bot import UnknownLevel
from game.engine.match import Rules
from game.formats.mat import format_mat
from game.formats.mat_dice import with_dice_headers

# Not the page's DEFAULT_LEVEL: a whole match of self-play must come back in seconds, so the
# default is the strongest level that plays at one ply (no look-ahead) and decides the cube
# at 0-ply, still without silly plays.
QUICK_SELFPLAY_LEVEL = "intermediate"


def selfplay(length: int, seed: int, level: str, out: TextIO) -> int:
    rng = random.Random(seed)
    rules = Rules.full(match_length=length)
    record, dice = self_play_with_dice(rules, rng, BotPlayer(level, rng), names=("Cyan", "Pink"))
    out.write(with_dice_headers(format_mat(record), dice))
    return 0


class _Parser(argparse.ArgumentParser):
    """argparse's parser refusing as every command does: ``error: selfplay: ...`` first."""

    def error(self, message: str) -> NoReturn:
        said = message if len(message) <= 100 else f"{message[:99]}…"  # a long value quoted
        self.exit(2, f"error: selfplay: {said}\n{self.format_usage()}")


def main(options: list[str]) -> int:
    parser = _Parser(prog="python -m game selfplay")
    parser.add_argument("--length", type=int, required=True, help="match length, 0 for money")
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument("--level", default=QUICK_SELFPLAY_LEVEL)
    parsed = parser.parse_args(options)
    if not 0 <= parsed.length <= 64:
        parser.error("--length is 0 (one money game) to 64")
    try:
        return selfplay(parsed.length, parsed.seed, parsed.level, sys.stdout)
    except UnknownLevel as error:
        parser.error(str(error))
    return 2
