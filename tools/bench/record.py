"""Round trips of self-played records in bulk, and the size of a long match's record.

    python -m tools.bench.record [--games 3000] [--seed 0]

Plays ``--games`` short matches and money sessions (tests/records.py's quick players),
and checks record -> .mat -> record and record -> link -> record for each; then plays a
25-point match with the bot's quickest level and prints the sizes of its .mat file and
its whole-game link (what the page keeps in localStorage).
"""

from __future__ import annotations

import argparse
import random
import time

from game.analysis.selfplay import BotPlayer, self_play
from game.engine.match import Rules
from game.formats.game_link import decode_game, encode_game
from game.formats.mat import format_mat, parse_mat
from tests.records import as_mat_keeps, played


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=0)
    options = parser.parse_args()
    started = time.perf_counter()
    games = actions = 0
    for seed in range(options.seed, options.seed + options.games):
        record = played(seed)
        assert parse_mat(format_mat(record)) == as_mat_keeps(record), f"mat, seed {seed}"
        back = decode_game(encode_game(record))
        assert [s.position for s in back.replay()] == [s.position for s in record.replay()], (
            f"link, seed {seed}"
        )
        assert back.results() == record.results(), f"link, seed {seed}"
        games += len(record.games)
        actions += len(record)
    elapsed = time.perf_counter() - started
    print(
        f"round trips: {options.games} records, {games} games, {actions} actions, "
        f"mat and link both exact, {elapsed:.0f} s"
    )
    rng = random.Random(options.seed)
    record = self_play(Rules.full(match_length=25), rng, BotPlayer("beginner", rng))
    turns = sum(1 for game in record.games for action in game if action.kind == "roll")
    print(
        f"25-point match: {len(record.games)} games, {turns} rolls, {len(record)} actions; "
        f".mat {len(format_mat(record).encode())} bytes; link {len(encode_game(record))} characters"
    )


if __name__ == "__main__":
    main()
