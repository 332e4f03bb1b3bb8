"""``python -m game replay < FILE``: a match file (``.mat`` or gnubg ``.sgf``, told by its
content) replayed through the rules.

    $ python -m game replay < match.mat
    game 1: 2 1
    game 2: 1 4
    final 4 1

Each finished game's winner (1 or 2: the first or second player named in the file) and
points as the file's "Wins" line says them, then the final score as the rules count it; a
file that cannot be read or a move the rules forbid prints ``error: game K move M: REASON``
(game 0 for the header) and exits 1.
"""

from __future__ import annotations

import sys
from typing import TextIO

from game.cli.lines import read_match, read_text
from game.engine.text import quoted


def replay(text: str, out: TextIO) -> int:
    match = read_match(text, out)
    if match is None:
        return 1
    record, written = match.record, match.written
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


def main(options: list[str]) -> int:
    """``replay`` takes no options."""
    if options:
        got = quoted(" ".join(options))
        sys.stderr.write(f"error: replay: expected no options, got {got}\n")
        return 2
    return replay(read_text(sys.stdin), sys.stdout)
