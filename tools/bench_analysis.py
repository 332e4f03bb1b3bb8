"""Time the analysis of a 60-turn game in CPython, at 1-ply and at the strongest judgement.

    python tools/bench_analysis.py                  # both depths, the default game
    python tools/bench_analysis.py --turns 60 --seed 4 --plies 1

The game is the first of a money session played by the bot against itself at
its ``casual`` level (so there are mistakes to find) that lasts at least
``--turns`` turns, cut after that many turns (a turn: a roll and its play, or a
roll that cannot be played; cube actions come with it). The page's figure
(Pyodide in Chromium) comes from the page's own benchmark; Pyodide has run
the bot about 3.5 times slower than CPython here (game/bot/README.md).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.analysis import analysis_steps, games_of
from game.match import Rules
from game.record import Record
from game.selfplay import BotPlayer, play_game


def game_of_turns(turns: int, seed: int) -> Record:
    """A record holding one game cut after ``turns`` turns."""
    while True:
        rng = random.Random(seed)
        record = play_game(Record.new(Rules.full()), rng, BotPlayer("casual", rng))
        rolls = [i for i, action in enumerate(record.games[0], 1) if action.kind == "roll"]
        if len(rolls) > turns:
            return record.truncated(1, rolls[turns] - 1)
        seed += 1000


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, default=60)
    parser.add_argument("--seed", type=int, default=4)
    parser.add_argument("--plies", type=int, nargs="*", default=[1, 2])
    args = parser.parse_args(argv)
    record = game_of_turns(args.turns, args.seed)
    games = games_of(record)
    print(
        f"a {args.turns}-turn game ({len(games[0]) - 1} actions), CPython {sys.version.split()[0]}"
    )
    for plies in args.plies:
        start = time.perf_counter()
        slowest = 0.0
        last = start
        steps = 0
        for step in analysis_steps(games, plies):
            steps = step.total
            now = time.perf_counter()
            slowest = max(slowest, now - last)
            last = now
        total = time.perf_counter() - start
        name = "strongest (2-ply)" if plies >= 2 else "1-ply"
        print(
            f"{name:18} {total:6.2f} s   ({1000 * total / args.turns:.0f} ms a turn, "
            f"slowest step {1000 * slowest:.0f} ms, {steps} steps)"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
