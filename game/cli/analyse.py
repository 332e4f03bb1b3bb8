"""``python -m game analyse [--plies 2|1] < FILE``: error rates of a whole match, game by game.

FILE is a ``.mat`` or a gnubg ``.sgf``, told by its content as ``replay`` tells them.

Prints ``player N: ERROR_RATE PR DECISIONS`` for players 1 and 2 (in the order the
file names them) over the whole match, then ``game K player N: ...`` for every
game. ERROR_RATE is gnubg's "Error rate mEMG" (thousandths of equity lost per
unforced decision, checker play and cube together), PR half of it, DECISIONS
the unforced plays and close cube decisions counted (see ``game.analysis.record_analysis``).
After those lines, ``player N interval: LOW HIGH`` for players 1 and 2: the 90% interval of
the match's PR, by bootstrap over the player's counted decisions (``game.analysis.intervals``).
By default the plays and cube decisions are judged at the strongest level's judgement
(2-ply, as gnubg's own analysis defaults to its 2-ply); ``--plies 1`` judges by the
network alone, much faster. How our error rates compare with gnubg's
(tools/qa/compare_analysis.py): docs/performance.md, "Hints and analysis". A file that cannot
be read: one ``error: ...`` line and exit status 1.
"""

from __future__ import annotations

import sys
from typing import TextIO

from game.analysis.intervals import pr_interval
from game.analysis.record_analysis import PlayerStats, analyse_record
from game.cli.match_report import run
from game.engine.record import Record


def stats_line(stats: PlayerStats) -> str:
    return f"{stats.error_rate:.1f} {stats.pr:.1f} {stats.decisions}"


def report(record: Record, plies: int) -> list[str]:
    """The lines printed for a match's record."""
    analysis = analyse_record(record, plies)
    lines = [f"player {player + 1}: {stats_line(analysis.stats[player])}" for player in (0, 1)]
    for number, game in enumerate(analysis.games, 1):
        lines.extend(
            f"game {number} player {player + 1}: {stats_line(game.stats[player])}"
            for player in (0, 1)
        )
    lines.extend(
        f"player {player + 1} interval: {interval_text(analysis.stats[player])}"
        for player in (0, 1)
    )
    return lines


def interval_text(stats: PlayerStats) -> str:
    """``LOW HIGH``: the 90% interval of the PR (``0.0 0.0`` without counted decisions)."""
    interval = pr_interval(stats)
    if interval is None:
        return "0.0 0.0"
    return f"{interval.low:.1f} {interval.high:.1f}"


def refuse(error: ValueError, out: TextIO) -> None:
    out.write(f"error: {error}\n")


def main(options: list[str], source: TextIO = sys.stdin, out: TextIO = sys.stdout) -> int:
    return run("analyse", report, refuse, options, source, out)
