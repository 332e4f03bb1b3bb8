"""Rate the computer's levels from their results against each other (the FIBS formula).

    nice -n 10 python tools/rate_levels.py --games 200 --expert-games 40

Each pair of neighbouring levels plays single games (1-point matches, so the cube and
gammons do not count), the stronger level taking each colour in turn; both sides roll
from one random generator (``--seed``). From the stronger side's share of wins ``p``
the FIBS formula gives the rating difference, ``D = 2000 / sqrt(N) * log10(p / (1 - p))``
with N = 1. The differences are chained from the strongest level, which is anchored at
its error-based rating: gnubg's estimate for a 7-point match from its measured mean loss
of 3.45 thousandths per decision (game/bot/README.md), 2050 - 3.45 x (8798 + 25526 / 7)
/ 1000 = 2007. Prints each pair's result with its standard error in rating points, and
the table to put in ``game/web/rating.py``'s ``LEVEL_RATINGS``.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from itertools import pairwise
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.match import Rules
from game.plays import Play
from game.record import Record
from game.selfplay import BotPlayer, play_game
from game.state import GameState, Phase

LEVELS = ("beginner", "casual", "intermediate", "strong", "expert")
EXPERT_LOSS = 3.45  # thousandths per decision, game/bot/README.md
ANCHOR = round(2050 - EXPERT_LOSS * (8798 + 25526 / 7) / 1000)


class Pair:
    """Two levels at one table: player 0 and player 1 decided by their own level."""

    def __init__(self, first: BotPlayer, second: BotPlayer) -> None:
        self.sides = (first, second)

    def choose_play(self, state: GameState) -> Play:
        return self.sides[state.turn].choose_play(state)

    def wants_to_double(self, state: GameState) -> bool:
        return False

    def answer_double(self, state: GameState) -> str:
        return "take"

    def resignation(self, state: GameState) -> int:
        return 0

    def accepts_resignation(self, state: GameState) -> bool:
        return True


def share_of_wins(weaker: str, stronger: str, games: int, rng: random.Random) -> float:
    """The stronger level's share of ``games`` single games against the weaker."""
    wins = 0
    for game in range(games):
        levels = (stronger, weaker) if game % 2 == 0 else (weaker, stronger)
        pair = Pair(BotPlayer(levels[0], rng), BotPlayer(levels[1], rng))
        record = play_game(Record.new(Rules.simple(match_length=1)), rng, pair)
        state = record.state
        assert state.phase is Phase.MATCH_OVER and state.winner is not None
        wins += levels[state.winner] == stronger
    return wins / games


def difference(p: float, games: int, length: int = 1) -> tuple[float, float]:
    """The FIBS rating difference for a share ``p`` of wins, and its standard error."""
    p = min(max(p, 0.5 / games), 1 - 0.5 / games)
    scale = 2000 / math.sqrt(length) / math.log(10)
    d = scale * math.log(p / (1 - p))
    error = scale * math.sqrt(p * (1 - p) / games) / (p * (1 - p))
    return d, error


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per pair")
    parser.add_argument("--expert-games", type=int, default=40, help="strong vs expert")
    parser.add_argument("--seed", type=int, default=12)
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    ratings = {LEVELS[-1]: float(ANCHOR)}
    for weaker, stronger in reversed(list(pairwise(LEVELS))):
        games = args.expert_games if stronger == "expert" else args.games
        started = time.perf_counter()
        p = share_of_wins(weaker, stronger, games, rng)
        d, error = difference(p, games)
        ratings[weaker] = ratings[stronger] - d
        print(
            f"{stronger} vs {weaker}: {games} games, {stronger} won {p:.1%}: "
            f"D = {d:.0f} +- {error:.0f}  ({time.perf_counter() - started:.0f} s)",
            flush=True,
        )
    print("LEVEL_RATINGS = {")
    for level in LEVELS:
        print(f'    "{level}": {round(ratings[level])},')
    print("}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
