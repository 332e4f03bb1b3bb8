"""A legal game that hardly ends, for the timing guards of records, files and links.

    python -m tools.golden.long_game [--turns 15000] [--seed 0]

Both players make the play that leaves the most pips on the board (theirs and the other's):
they keep hitting and never race, so a single money game runs for tens of thousands of
turns. Writes it as ``.mat`` to ``tests/data/long_game.mat.xz`` (tests/test_linear.py
doubles its size and compares the times).
"""

from __future__ import annotations

import argparse
import lzma
import random
from pathlib import Path

from game.engine.match import Rules
from game.engine.record import Action, Record
from game.engine.state import Phase
from game.formats.mat import format_mat

OUT = Path(__file__).resolve().parents[2] / "tests" / "data" / "long_game.mat.xz"


def endless_game(turns: int, seed: int = 0) -> Record:
    """A money game of ``turns`` rolls (or fewer, should it end), plays chosen to last."""
    rng = random.Random(seed)
    record = Record.new(Rules.full(match_length=0), names=("Ann", "Bob"))
    rolled = 0
    while rolled < turns:
        state = record.state
        if state.phase is Phase.OPENING:
            first, second = rng.sample(range(1, 7), 2)
            record = record.append(Action.roll((first, second)))
        elif state.phase is Phase.ROLL:
            record = record.append(Action.roll((rng.randint(1, 6), rng.randint(1, 6))))
            rolled += 1
        elif state.phase is Phase.MOVE:
            best = max(state.legal_plays(), key=lambda play: sum(play.position.pip_counts()))
            record = record.append(Action.play(best.moves))
        else:
            break
    return record


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--turns", type=int, default=15_000)
    parser.add_argument("--seed", type=int, default=0)
    options = parser.parse_args()
    record = endless_game(options.turns, options.seed)
    OUT.write_bytes(lzma.compress(format_mat(record).encode("ascii")))
    print(f"{OUT}: {len(record)} actions, {OUT.stat().st_size} bytes compressed")


if __name__ == "__main__":
    main()
