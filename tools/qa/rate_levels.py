"""Rate the computer's levels from their results against each other (the FIBS formula).

    nice -n 10 python -m tools.qa.rate_levels                   # 5-point matches, ~30 min here
    nice -n 10 python -m tools.qa.rate_levels --length 1 --games 300 --pairs casual:intermediate

Each pair of neighbouring levels plays ``--games`` matches to ``--length`` points (the full
rules, each side's own cube play; 1: single games without the cube), the stronger level
taking each colour in turn; both sides roll from one random generator (``--seed``). The
strong-expert pair plays ``--expert-games`` single games instead (``--expert-length``): the
expert's 2-ply search makes its matches costly. From the stronger side's share of wins ``p``
the FIBS formula gives the rating difference, ``D = 2000 / sqrt(N) * log10(p / (1 - p))``.
The differences are chained down from the expert, which is anchored at its error-based
rating: gnubg's estimate for a 7-point match from its measured mean loss of 1.48
thousandths per decision (game/bot/README.md), 2050 - 1.48 x (8798 + 25526 / 7) / 1000 =
2032. Prints each pair's result with its standard error in rating points, and the table
for ``game/web/rating/book.py``'s ``LEVEL_RATINGS``. (Single games and 5-point matches do not
give the same differences for far-apart levels: the formula's sqrt(N) is only a rule of
thumb; 5 points is nearer to how the page is played.)
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from itertools import pairwise

from game.analysis.selfplay import BotPlayer, play_game
from game.engine.match import Rules
from game.engine.plays import Play
from game.engine.record import Record
from game.engine.state import GameState, Phase

LEVELS = ("beginner", "casual", "intermediate", "strong", "expert")
EXPERT_LOSS = 1.48  # thousandths per decision (budget 1,000, replies pruned), game/bot/README.md
ANCHOR = round(2050 - EXPERT_LOSS * (8798 + 25526 / 7) / 1000)


class Pair:
    """Two levels at one table: player 0 and player 1 decided by their own level."""

    def __init__(self, first: BotPlayer, second: BotPlayer) -> None:
        self.sides = (first, second)

    def choose_play(self, state: GameState) -> Play:
        return self.sides[state.turn].choose_play(state)

    def wants_to_double(self, state: GameState) -> bool:
        return self.sides[state.turn].wants_to_double(state)

    def answer_double(self, state: GameState) -> str:
        return self.sides[1 - state.turn].answer_double(state)

    def resignation(self, state: GameState) -> int:
        return 0

    def accepts_resignation(self, state: GameState) -> bool:
        return True


def share_of_wins(
    weaker: str, stronger: str, matches: int, rng: random.Random, length: int = 1
) -> float:
    """The stronger level's share of ``matches`` matches to ``length`` against the weaker
    (1: single games without the cube; longer: the full rules, each side's own cube play)."""
    rules = Rules.simple(match_length=1) if length == 1 else Rules.full(match_length=length)
    wins = 0
    for match in range(matches):
        levels = (stronger, weaker) if match % 2 == 0 else (weaker, stronger)
        pair = Pair(BotPlayer(levels[0], rng), BotPlayer(levels[1], rng))
        record = Record.new(rules)
        while True:
            record = play_game(record, rng, pair)
            if record.state.phase is Phase.MATCH_OVER:
                break
            record = record.next_game()
        state = record.state
        assert state.winner is not None
        wins += levels[state.winner] == stronger
    return wins / matches


def difference(p: float, games: int, length: int = 1) -> tuple[float, float]:
    """The FIBS rating difference for a share ``p`` of wins, and its standard error."""
    p = min(max(p, 0.5 / games), 1 - 0.5 / games)
    scale = 2000 / math.sqrt(length) / math.log(10)
    d = scale * math.log(p / (1 - p))
    error = scale * math.sqrt(p * (1 - p) / games) / (p * (1 - p))
    return d, error


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="matches per pair")
    parser.add_argument("--expert-games", type=int, default=100, help="strong vs expert")
    parser.add_argument("--seed", type=int, default=12)
    parser.add_argument("--length", type=int, default=5, help="match length (1: single games)")
    parser.add_argument(
        "--expert-length", type=int, default=1, help="strong vs expert (the costly pair)"
    )
    parser.add_argument("--pairs", nargs="*", help="only these pairs, as weaker:stronger")
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    ratings = {LEVELS[-1]: float(ANCHOR)}
    for weaker, stronger in reversed(list(pairwise(LEVELS))):
        if args.pairs and f"{weaker}:{stronger}" not in args.pairs:
            continue
        expert = stronger == "expert"
        games = args.expert_games if expert else args.games
        length = args.expert_length if expert else args.length
        started = time.perf_counter()
        p = share_of_wins(weaker, stronger, games, rng, length)
        d, error = difference(p, games, length)
        ratings[weaker] = ratings.get(stronger, float(ANCHOR)) - d  # chained downwards
        print(
            f"{stronger} vs {weaker}: {games} matches to {length}, {stronger} won {p:.1%}: "
            f"D = {d:.0f} +- {error:.0f}  ({time.perf_counter() - started:.0f} s)",
            flush=True,
        )
    print("LEVEL_RATINGS = {")
    for level in LEVELS:
        if level in ratings:
            print(f'    "{level}": {round(ratings[level])},')
    print("}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
