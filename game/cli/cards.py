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
from game.cli.match_report import run
from game.engine.record import Record


def card_lines(record: Record, plies: int) -> list[str]:
    """The lines printed for a match's record."""
    return [card.line() for card in cards_of(analyse_record(record, plies))]


def refuse(error: ValueError, out: TextIO) -> None:
    out.write(f"error: {error}\n")


def main(options: list[str], source: TextIO = sys.stdin, out: TextIO = sys.stdout) -> int:
    return run("cards", card_lines, refuse, options, source, out)
