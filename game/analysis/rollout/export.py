"""A rollout as text, the position with it, the way GNU Backgammon exports one.

    >>> from game.engine.position import Position
    >>> settings = RolloutSettings(trials=2, seed=1, truncate=1)
    >>> results = [("position", Tally({0: (1.0, 0.0, 0.0, 0.0, 0.0),
    ...                                1: (0.0, 0.0, 0.0, 1.0, 0.0)}).result())]
    >>> text = rollout_text(Position.start(), settings, results)
    >>> print(text.splitlines()[0])
    Position ID: 4HPwATDgc/ABMA   Match ID: cAkAAAAAAAAA   (money game, X on roll, about to roll)
    >>> settings.describe() in text
    True
    >>> print("\\n".join(text.splitlines()[-3:]))
         Equity   (SE)     Win     W(g)    W(bg)   L(g)    L(bg)   JSD   rolled out: 2 trials
    position
      1. -0.500 (1.500)  0.500  0.000  0.000  0.500  0.000     -

The board is drawn from the side on roll (X, moving from its 24-point down to its 1-point;
O the other side) with both IDs above it, so gnubg (``set gnubgid``) and any program that
reads them can set the position up. Each candidate's line: equity for X and its standard
error, the five chances (cumulative, as gnubg writes them), and its JSD: how many joint
standard errors its equity lies below the best's (``-`` for the best). A cubeful rollout's
line ends with its cubeful equity and error, ``CF +0.512 (0.031)`` (gnubg's CF), which then
ranks the candidates and measures the JSD.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.analysis.rollout.settings import RolloutSettings
from game.analysis.rollout.tally import RolloutResult, Tally
from game.engine.position import BAR, OFF, Position
from game.formats.match_id import MatchId, format_match_id
from game.formats.position_id import format_position_id

HEADER = "     Equity   (SE)     Win     W(g)    W(bg)   L(g)    L(bg)   JSD"


def rollout_text(
    position: Position,
    settings: RolloutSettings,
    results: Sequence[tuple[str, RolloutResult]],
) -> str:
    """``position`` (X on roll, about to roll), the settings and each candidate's figures,
    best first as given."""
    ids = f"Position ID: {format_position_id(position)}   Match ID: {format_match_id(MatchId())}"
    lines = [f"{ids}   (money game, X on roll, about to roll)", ""]
    lines += board_lines(position)
    lines += ["", f"Rollout: {settings.describe()}", ""]
    most = max((result.trials for _, result in results), default=0)
    lines.append(f"{HEADER}   rolled out: {most:,} trials")
    best = max((result for _, result in results), key=lambda r: r.value, default=None)
    for number, (label, result) in enumerate(results, 1):
        lines.append(label)
        chances = "  ".join(f"{value:.3f}" for value in result.chances.as_tuple())
        jsd = "-" if best is None or result is best else f"{result.joint_deviations(best):.2f}"
        cubeful = ""
        if result.cubeful is not None:
            cubeful = f"   CF {result.cubeful:+.3f} ({result.value_error:.3f})"
        lines.append(
            f"{number:3d}. {result.equity:+.3f} ({result.standard_error:.3f})  {chances}  {jsd:>4}"
            f"{cubeful}"
        )
    return "\n".join(lines)


def board_lines(position: Position) -> list[str]:
    """The board as text: X (on roll) moves from its 24-point to its 1-point, bottom right."""
    me, them = position.player, position.opponent

    def column(point: int) -> tuple[str, int]:
        mine, theirs = me[point], them[25 - point]
        return ("X", mine) if mine else ("O", theirs) if theirs else (" ", 0)

    top = [13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24]
    bottom = [12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1]
    lines = [" +13-14-15-16-17-18------19-20-21-22-23-24-+"]
    for row in range(5):
        lines.append(_row(top, column, row, False))
    lines.append(
        f"v|                  |BAR|                  |   X bar {me[BAR]}, O bar {them[BAR]}"
    )
    for row in range(4, -1, -1):
        lines.append(_row(bottom, column, row, True))
    lines.append(" +12-11-10--9--8--7-------6--5--4--3--2--1-+")
    lines.append(
        f"   pips X {position.pip_count()}, O {position.flip().pip_count()};"
        f" off X {me[OFF]}, O {them[OFF]}"
    )
    return lines


def _row(points: list[int], column: object, row: int, bottom: bool) -> str:
    cells = []
    for point in points:
        mark, count = column(point)  # type: ignore[operator]
        if count > row:
            # The fifth row shows a count above five, as gnubg does.
            cells.append(f"{count:2d}" if row == 4 and count > 5 else f" {mark}")
        else:
            cells.append("  ")
    left, right = "".join(f"{c} " for c in cells[:6]), "".join(f"{c} " for c in cells[6:])
    return f" |{left}|   |{right}|"


__all__ = ["RolloutSettings", "Tally", "board_lines", "rollout_text"]
