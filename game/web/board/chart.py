"""Small line charts as SVG text: the winning chances over a match, a rating's history.

    >>> svg = chances_chart([[0.5, 0.62, 1.0], [0.5, 0.3, 0.0]], ("You", "Computer"))
    >>> svg.startswith("<svg") and svg.count("<polyline") == 2
    True

Pure functions (numbers in, SVG text out), tested in CPython like the board. Only
numbers and escaped names reach the SVG.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from game.web.board import hint_words as said

WIDTH, HEIGHT = 600, 220
LEFT, RIGHT, TOP, BOTTOM = 44, 12, 14, 30
LINE = "#22d3ee"  # the cyan of player 0 (the person against the computer)
GRID = "#334155"
TEXT = "#9fb3d1"


def _x(index: float, count: int) -> float:
    span = WIDTH - LEFT - RIGHT
    return LEFT + (span * index / (count - 1) if count > 1 else span / 2)


def _y(value: float, low: float, high: float) -> float:
    span = HEIGHT - TOP - BOTTOM
    share = 0.5 if high - low < 1e-12 else (value - low) / (high - low)
    return TOP + span * (1.0 - share)


def _frame(title: str) -> list[str]:
    return [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" '
        f'class="chart" role="img" aria-label="{escape(title)}" font-size="12" '
        'font-family="system-ui, sans-serif">',
        f"<title>{escape(title)}</title>",
    ]


def _grid(ticks: Sequence[tuple[float, str]], low: float, high: float) -> list[str]:
    parts = []
    for value, label in ticks:
        y = _y(value, low, high)
        parts.append(
            f'<line x1="{LEFT}" y1="{y:.1f}" x2="{WIDTH - RIGHT}" y2="{y:.1f}" '
            f'stroke="{GRID}" stroke-width="1"/>'
            f'<text x="{LEFT - 6}" y="{y + 4:.1f}" text-anchor="end" fill="{TEXT}">'
            f"{escape(label)}</text>"
        )
    return parts


def _polyline(points: Sequence[tuple[float, float]], colour: str, name: str) -> str:
    coordinates = " ".join(f"{x:.1f},{y:.1f}" for x, y in points)
    return (
        f'<polyline class="series" data-name="{escape(name)}" points="{coordinates}" '
        f'fill="none" stroke="{colour}" stroke-width="2.5" stroke-linejoin="round"/>'
    )


def chances_chart(games: Sequence[Sequence[float]], names: Sequence[str]) -> str:
    """The first player's chance of winning each game, before each roll, game after game
    (a dashed line between games); 50% marked."""
    series = [value for game in games for value in game]
    title = said.chances_title(names[0])
    parts = _frame(title)
    parts += _grid([(0.0, "0%"), (0.5, "50%"), (1.0, "100%")], 0.0, 1.0)
    count = len(series)
    start = 0
    for number, game in enumerate(games, 1):
        if number > 1 and count > 1:
            x = _x(start - 0.5, count)
            parts.append(
                f'<line class="game-start" x1="{x:.1f}" y1="{TOP}" x2="{x:.1f}" '
                f'y2="{HEIGHT - BOTTOM}" stroke="{TEXT}" stroke-dasharray="4 4"/>'
            )
        if game:
            middle = _x(start + (len(game) - 1) / 2, count)
            parts.append(
                f'<text x="{middle:.1f}" y="{HEIGHT - 10}" text-anchor="middle" '
                f'fill="{TEXT}">{escape(said.chart_game(number))}</text>'
            )
            points = [(_x(start + i, count), _y(v, 0.0, 1.0)) for i, v in enumerate(game)]
            parts.append(_polyline(points, LINE, f"game {number}"))
        start += len(game)
    parts.append("</svg>")
    return "".join(parts)


def rating_chart(ratings: Sequence[float]) -> str:
    """A rating after each counted game or match (the first value: where it started)."""
    values = list(ratings) or [1500.0]
    low = min(min(values), 1500.0) - 25
    high = max(max(values), 1500.0) + 25
    parts = _frame(said.rating_title())
    ticks = sorted({round(low + 5, -1), 1500.0, round(high - 5, -1)})
    parts += _grid([(t, f"{t:.0f}") for t in ticks], low, high)
    points = [(_x(i, len(values)), _y(v, low, high)) for i, v in enumerate(values)]
    parts.append(_polyline(points, LINE, "rating"))
    if len(values) == 1:
        x, y = points[0]
        parts.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="4" fill="{LINE}"/>')
    parts.append("</svg>")
    return "".join(parts)


def pr_chart(matches: Sequence[tuple[float, float, float, float]]) -> str:
    """Per analysed match against the computer, oldest first: ``(error rate, PR, PR's low,
    PR's high)``; the PR drawn as a line with its 90% interval as a bar, the error rate
    (twice the PR) on the right-hand scale."""
    parts = _frame(said.pr_title())
    if not matches:
        parts.append("</svg>")
        return "".join(parts)
    high = max(max(m[3] for m in matches), max(m[1] for m in matches), 5.0) * 1.1
    ticks = [(0.0, "0"), (high / 2, f"{high / 2:.0f}"), (high, f"{high:.0f}")]
    parts += _grid(ticks, 0.0, high)
    count = len(matches)
    for index, (_, _, low_pr, high_pr) in enumerate(matches):
        x = _x(index, count)
        parts.append(
            f'<line x1="{x:.1f}" y1="{_y(low_pr, 0.0, high):.1f}" x2="{x:.1f}" '
            f'y2="{_y(high_pr, 0.0, high):.1f}" stroke="{GRID}" stroke-width="6" '
            'stroke-linecap="round"/>'
        )
    points = [(_x(i, count), _y(m[1], 0.0, high)) for i, m in enumerate(matches)]
    parts.append(_polyline(points, LINE, "PR"))
    for x, y in points:
        parts.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="3" fill="{LINE}"/>')
    parts.append(
        f'<text x="{WIDTH - RIGHT}" y="{TOP - 2}" text-anchor="end" fill="{TEXT}">'
        f"{escape(said.pr_note())}</text>"
    )
    parts.append("</svg>")
    return "".join(parts)


def answers_chart(days: Sequence[tuple[str, int, int]]) -> str:
    """The trainer's answers right per day, oldest first: ``(label, answers, right)``; the
    share right drawn as a line, each day's ``right/answers`` under its point."""
    title = said.answers_title(
        [said.answers_day(label, right, total) for label, total, right in days]
    )
    parts = _frame(title)
    parts += _grid([(0.0, "0%"), (50.0, "50%"), (100.0, "100%")], 0.0, 100.0)
    count = len(days)
    points = [
        (_x(i, count), _y(100.0 * right / total if total else 0.0, 0.0, 100.0))
        for i, (_, total, right) in enumerate(days)
    ]
    if points:
        parts.append(_polyline(points, LINE, "right"))
    for (x, y), (label, total, right) in zip(points, days, strict=True):
        parts.append(
            f'<circle cx="{x:.1f}" cy="{y:.1f}" r="4" fill="{LINE}"/>'
            f'<text x="{x:.1f}" y="{HEIGHT - 16}" text-anchor="middle" fill="{TEXT}">'
            f"{escape(label)}</text>"
            f'<text x="{x:.1f}" y="{HEIGHT - 3}" text-anchor="middle" fill="{TEXT}">'
            f"{right}/{total}</text>"
        )
    parts.append("</svg>")
    return "".join(parts)
