"""The analysis view: error rates, PR, luck, the biggest mistakes, the chart, the dice.

    >>> player = {"checker_rate": 12.0, "cube_rate": 40.0, "error_rate": 14.0, "pr": 7.0,
    ...           "unforced": 40, "close_cube": 3, "decisions": 43, "luck": 0.52,
    ...           "marks": {"bad": 1}, "rating": 1850.2, "rating_enough": False}
    >>> result = {"names": ["You", "Computer"], "match_length": 3, "players": [player, player],
    ...           "games": [{"number": 1, "players": [player, player], "chances": [0.5, 1.0]}],
    ...           "mistakes": []}
    >>> html = analysis_html(result)
    >>> "PR" in html and "<svg" in html and "too few decisions (43)" in html
    True
    >>> player["intervals"] = {"pr": [5.1, 10.2]}
    >>> how_sure(player)
    'PR 7.0, likely between 5.1 and 10.2 over 43 decisions'

Pure functions of the worker's plain-data answers (``game.web.worker.judging``): ``app.py`` puts
the HTML in the page. Figures as gnubg defines them (``game.analysis.record_analysis``): the
error rate in thousandths of equity (mEMG) lost per counted decision, checker play and cube
apart and together; PR is half of it; luck in equity, positive for the lucky. Every name and word
from a record is escaped: an imported file's names never become markup.
"""

from __future__ import annotations

from html import escape
from typing import Any

from game.engine.notation import in_board_numbers
from game.web.board.chart import chances_chart
from game.web.board.hint_panel import signed, why_html

KIND_WORDS = {
    "play": "Play",
    "no-double": "No double",
    "double": "Double",
    "take": "Take",
    "pass": "Pass",
    "beaver": "Beaver",
}


def progress_text(done: int, total: int) -> str:
    if total <= 0:
        return "Analysing…"
    return f"Analysing: {done} of {total} decisions and rolls judged"


def _rate(value: float) -> str:
    return f"{value:.1f}"


def _interval(p: dict[str, Any], name: str) -> list[float] | None:
    found = (p.get("intervals") or {}).get(name)
    return [float(found[0]), float(found[1])] if found else None


def likely(p: dict[str, Any], name: str, digits: int = 1) -> str:
    """`` (likely 5.1 to 10.2)``: the figure's 90% interval, or nothing without one."""
    found = _interval(p, name)
    if found is None:
        return ""
    return f' <span class="likely">(likely {found[0]:.{digits}f} to {found[1]:.{digits}f})</span>'


def how_sure(p: dict[str, Any]) -> str:
    """``PR 7.4, likely between 5.1 and 10.2 over 48 decisions``."""
    decisions = int(p.get("decisions") or 0)
    counted = "1 decision" if decisions == 1 else f"{decisions} decisions"
    found = _interval(p, "pr")
    if found is None:
        return f"PR {_rate(p['pr'])} over {counted}"
    return (
        f"PR {_rate(p['pr'])}, likely between {_rate(found[0])} and {_rate(found[1])} "
        f"over {counted}"
    )


def rating_text(p: dict[str, Any]) -> str:
    """The error-based rating, its interval, or why it is not shown."""
    if p.get("rating") is None:
        return "n/a"
    if not p.get("rating_enough", True):
        return f"too few decisions ({int(p.get('decisions') or 0)}) to say"
    return f"{float(p['rating']):.0f}" + likely(p, "rating", 0)


def _players_table(names: list[str], players: list[dict[str, Any]], match_length: int) -> str:
    def row(label: str, cell: Any) -> str:
        return f"<tr><th>{label}</th>" + "".join(f"<td>{cell(p)}</td>" for p in players) + "</tr>"

    def marks(p: dict[str, Any]) -> str:
        counts = p.get("marks") or {}
        found = [f"{counts[m]} {m}" for m in ("very bad", "bad", "doubtful") if counts.get(m)]
        return escape(", ".join(found)) if found else "none"

    rows = [
        "<tr><th></th>" + "".join(f'<th scope="col">{escape(n)}</th>' for n in names) + "</tr>",
        row(
            "Error rate (mEMG)",
            lambda p: f"<strong>{_rate(p['error_rate'])}</strong>" + likely(p, "error_rate"),
        ),
        row("PR", lambda p: escape(how_sure(p))),
        row(
            "Checker play (mEMG)",
            lambda p: f"{_rate(p['checker_rate'])} ({p['unforced']})" + likely(p, "checker_rate"),
        ),
        row(
            "Cube (mEMG)",
            lambda p: f"{_rate(p['cube_rate'])} ({p['close_cube']})" + likely(p, "cube_rate"),
        ),
        row("Mistakes", marks),
        row("Luck", lambda p: signed(float(p["luck"]))),
    ]
    if match_length:
        rows.append(row("Rating from errors", rating_text))
    return f'<table class="analysis-players">{"".join(rows)}</table>'


def mistake_text(
    mistake: dict[str, Any], names: list[str], games: int = 1, reader: int | None = None
) -> str:
    """A mistake as the move list numbers turns: ``12. You 6-1: 21/20 7/1 — better 21/15
    19/18, -0.999`` (with a minus sign; ``Game 2, 12. …`` in a record of several games)."""
    who = names[int(mistake["player"])]
    kind = str(mistake["kind"])
    if kind == "play":
        dice = mistake.get("dice") or []
        roll = "-".join(str(d) for d in dice)
        own = reader in (None, int(mistake["player"]))  # else told in the reader's numbers
        chosen, best = (in_board_numbers(str(mistake[key]), own) for key in ("chosen", "best"))
        what = f"{who} {roll}: {chosen} — better {best}"
    else:
        best = KIND_WORDS.get(str(mistake["best"]), str(mistake["best"])).lower()
        what = f"{who}: {KIND_WORDS.get(kind, kind)} — better {best}"
    turn = mistake.get("turn")
    number = f"{turn}. " if turn is not None else ""
    game = f"Game {mistake['game']}, " if games > 1 else ""
    error = f"{-float(mistake['error']):.3f}".replace("-", "\u2212")
    return f"{game}{number}{what}, {error}"


def mistakes_html(result: dict[str, Any], reader: int | None = None) -> str:
    names = [str(n) for n in result["names"]]
    mistakes = result.get("mistakes") or []
    if not mistakes:
        return '<p class="analysis-none">No mistake of 0.04 or more: well played.</p>'
    games = len(result.get("games") or []) or 1
    items = "".join(
        f'<li><button type="button" class="mistake mark-{escape(str(m["mark"]).replace(" ", "-"))}"'
        f' data-mistake="{i}" title="{escape(str(m["mark"]))}">'
        f"{escape(mistake_text(m, names, games, reader))}</button>{why_html(m.get('why'))}</li>"
        for i, m in enumerate(mistakes)
    )
    return f'<ol class="mistakes">{items}</ol>'


def luck_html(rolls: list[list[Any]], names: list[str]) -> str:
    """The luck of each roll of a game, in order: who rolled it, the roll, the equity it
    gave or took (positive: lucky)."""
    if not rolls:
        return ""
    items = "".join(
        f'<li><span class="luck-who">{escape(names[int(player)])}</span> {escape(str(roll))} '
        f"{signed(float(luck))}</li>"
        for player, roll, luck in rolls
    )
    return f'<h4>Luck of each roll</h4><ol class="luck-rolls">{items}</ol>'


def analysis_html(result: dict[str, Any], reader: int | None = None) -> str:
    """The whole analysis: players' figures, the biggest mistakes (their plays in
    ``reader``'s numbers), the chart, per game."""
    names = [str(n) for n in result["names"]]
    length = int(result.get("match_length") or 0)
    games = result.get("games") or []
    scope = f"the {length}-point match" if length else "the money session"
    parts = [
        f"<h3>Whole of {escape(scope)}</h3>",
        _players_table(names, result["players"], length),
        "<h3>Biggest mistakes</h3>",
        mistakes_html(result, reader),
        '<p class="hint-note">Choose one to see the board as it was, the better play drawn.</p>',
        "<h3>Winning chances</h3>",
        '<div class="analysis-chart">'
        + chances_chart([g["chances"] for g in games], names)
        + "</div>",
    ]
    for game in games:
        parts.append(f"<details><summary>Game {game['number']}</summary>")
        parts.append(_players_table(names, game["players"], length))
        parts.append(luck_html(game.get("luck") or [], names))
        parts.append("</details>")
    parts.append(
        '<p class="hint-note">Error rate: thousandths of equity lost per decision that '
        "counts (unforced plays, close cube decisions), as GNU Backgammon's “Error rate "
        "mEMG”; in brackets, the decisions counted. PR is half of it. Marks: doubtful from "
        "0.04, bad from 0.08, very bad from 0.16. “Likely between”: a 90% interval — "
        "the decisions of the match drawn again at random, a thousand times, with "
        "replacement; the player's rate over many more such decisions falls inside nine "
        "times in ten (less often when a few blunders weigh heavily). The rating from "
        "errors (GNU Backgammon's formula) is shown from 100 decisions. Beside each "
        "mistake, the engine's own numbers after the play made and after the best: the "
        "chances of winning, of a gammon and a backgammon for each side (its network's), "
        "the opponent's rolls of 36 that hit a blot, and the pips a bear-off wastes.</p>"
    )
    return "".join(parts)


def _count_row(label: str, count: dict[str, Any]) -> str:
    if not count["chances"]:
        return f"<tr><th>{label}</th><td>-</td><td>-</td><td>no chance yet</td></tr>"
    return (
        f"<tr><th>{label}</th><td>{count['observed']} of {count['chances']}</td>"
        f"<td>{float(count['expected']):.1f}</td><td>{escape(str(count['verdict']))}</td></tr>"
    )


def dice_html(dice: dict[str, Any]) -> str:
    """Each player's dice against fair dice, with the verdict in plain words."""
    parts = []
    for name, stats in zip(dice["names"], dice["players"], strict=False):
        seen = stats["seen"]
        rolls = int(stats["rolls"])
        cells = " ".join(
            f'<span class="roll-count" title="{escape(roll)}">{escape(roll)}: {seen[roll]}</span>'
            for roll in seen
        )
        parts.append(
            f"<h4>{escape(str(name))}: {rolls} rolls</h4>"
            '<table class="dice-stats"><tr><th></th><th>Came up</th><th>Fair dice, on '
            "average</th><th>Verdict</th></tr>"
            f"<tr><th>Each of the 21 rolls</th><td>{rolls} rolls</td><td>1 in 18 each, 1 in 36 "
            f"a double</td><td>{escape(str(stats['rolls_verdict']))}</td></tr>"
            + _count_row("Doubles", stats["doubles"])
            + _count_row("Entering from the bar", stats["entering"])
            + _count_row("Hitting shots", stats["hitting"])
            + f'</table><p class="roll-counts">{cells}</p>'
        )
    return "".join(parts)
