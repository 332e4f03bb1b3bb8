"""``python -m game cards [--plies 2|1] < FILE``: the decisions of a match to study again.

One line per card (``game.analysis.cards``), ordered by game and move::

    PID:MID PLAYER LOSS PLAYED | BEST

the position and dice before the decision as ``python -m game hint`` reads them (dice in
the Match ID for a checker play, none for a cube decision), PLAYER 1 or 2 in the order the
file names them, LOSS the equity lost (at least 0.040, three decimals), PLAYED and BEST in
the notation ``hint`` prints or the cube action in words (``no double``, ``double``,
``take``, ``pass``, ``beaver``). FILE is a ``.mat`` or a gnubg ``.sgf``, told by its content as
``replay`` tells them. The judgement is ``python -m game analyse``'s: the
strongest by default, ``--plies 1`` the network alone. A file that cannot be read prints
``error: REASON`` and exits 1.
"""

from __future__ import annotations

import sys
from typing import TextIO

from game.analysis.cards import cards_of
from game.analysis.record_analysis import analyse_record
from game.cli.hint import read_plies
from game.cli.lines import read_text
from game.formats.match_file import read_match_file


def card_lines(text: str, plies: int) -> list[str]:
    """The lines printed for a match file's text; ``ValueError`` if it cannot be read."""
    return [card.line() for card in cards_of(analyse_record(read_match_file(text).record, plies))]


def main(options: list[str], source: TextIO = sys.stdin, out: TextIO = sys.stdout) -> int:
    try:
        plies = read_plies(options)
    except ValueError as error:
        sys.stderr.write(f"python -m game cards: {error}\n")
        return 2
    try:
        lines = card_lines(read_text(source), plies)
    except ValueError as error:
        out.write(f"error: {error}\n")
        return 1
    out.write("".join(line + "\n" for line in lines))
    return 0
