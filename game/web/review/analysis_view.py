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
from game.web.board.words import record_names, recorded_name
from game.web.review import words


def progress_text(done: int, total: int) -> str:
    return words.analysing_words(done, total)


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
    low, high = (f"{value:.{digits}f}" for value in found)
    return f' <span class="likely">{escape(words.likely_words(low, high))}</span>'


def how_sure(p: dict[str, Any]) -> str:
    """``PR 7.4, likely between 5.1 and 10.2 over 48 decisions``."""
    decisions = int(p.get("decisions") or 0)
    found = _interval(p, "pr")
    if found is None:
        return words.how_sure_words(_rate(p["pr"]), decisions)
    return words.how_sure_words(_rate(p["pr"]), decisions, _rate(found[0]), _rate(found[1]))


def rating_text(p: dict[str, Any]) -> str:
    """The error-based rating, its interval, or why it is not shown."""
    if p.get("rating") is None:
        return escape(words.not_applicable())
    if not p.get("rating_enough", True):
        return escape(words.too_few_words(int(p.get("decisions") or 0)))
    return f"{float(p['rating']):.0f}" + likely(p, "rating", 0)


def _players_table(names: list[str], players: list[dict[str, Any]], match_length: int) -> str:
    label = words.figure_labels()

    def row(name: str, cell: Any) -> str:
        cells = "".join(f"<td>{cell(p)}</td>" for p in players)
        return f"<tr><th>{escape(label[name])}</th>{cells}</tr>"

    def marks(p: dict[str, Any]) -> str:
        return escape(words.marks_words(p.get("marks") or {}))

    rows = [
        "<tr><td></td>" + "".join(f'<th scope="col">{escape(n)}</th>' for n in names) + "</tr>",
        row(
            "error_rate",
            lambda p: f"<strong>{_rate(p['error_rate'])}</strong>" + likely(p, "error_rate"),
        ),
        row("pr", lambda p: escape(how_sure(p))),
        row(
            "checker_rate",
            lambda p: f"{_rate(p['checker_rate'])} ({p['unforced']})" + likely(p, "checker_rate"),
        ),
        row(
            "cube_rate",
            lambda p: f"{_rate(p['cube_rate'])} ({p['close_cube']})" + likely(p, "cube_rate"),
        ),
        row("mistakes", marks),
        row("luck", lambda p: signed(float(p["luck"]))),
    ]
    if match_length:
        rows.append(row("rating", rating_text))
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
        what = words.play_mistake_words(who, roll, chosen, best)
    else:
        what = words.cube_mistake_words(who, kind, str(mistake["best"]))
    error = f"{-float(mistake['error']):.3f}".replace("-", "\u2212")
    game = int(mistake["game"]) if games > 1 else None
    return words.mistake_line(what, error, mistake.get("turn"), game)


def mistakes_html(result: dict[str, Any], reader: int | None = None) -> str:
    names = [recorded_name(str(n)) for n in result["names"]]
    mistakes = result.get("mistakes") or []
    if not mistakes:
        return f'<p class="analysis-none">{escape(words.analysis_heads()["none"])}</p>'
    games = len(result.get("games") or []) or 1
    items = "".join(
        f'<li><button type="button" class="mistake mark-{escape(str(m["mark"]).replace(" ", "-"))}"'
        f' data-mistake="{i}" title="{escape(words.mark_name(str(m["mark"])))}">'
        f"{escape(mistake_text(m, names, games, reader))}</button>"
        f"{why_html(m.get('why'), own=reader in (None, int(m['player'])))}</li>"
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
    return f'<h4>{escape(words.analysis_heads()["luck"])}</h4><ol class="luck-rolls">{items}</ol>'


def _named(result: dict[str, Any]) -> list[str]:
    """The players as the figures' table heads them: the computer's level beside it."""
    levels = result.get("levels")
    if not isinstance(levels, list) or len(levels) != 2:
        levels = [None, None]  # an analysis from before levels
    names = (str(result["names"][0]), str(result["names"][1]))
    first, second = (level if isinstance(level, str) else None for level in levels)
    return list(record_names(names, (first, second)))


def analysis_html(result: dict[str, Any], reader: int | None = None) -> str:
    """The whole analysis: players' figures, the biggest mistakes (their plays in
    ``reader``'s numbers), the chart, per game."""
    names = [recorded_name(str(n)) for n in result["names"]]
    length = int(result.get("match_length") or 0)
    games = result.get("games") or []
    heads = {key: escape(text) for key, text in words.analysis_heads().items()}
    parts = [
        f"<h3>{escape(words.analysis_scope(length))}</h3>",
        _players_table(_named(result), result["players"], length),
        f"<h3>{heads['mistakes']}</h3>",
        mistakes_html(result, reader),
        f'<p class="hint-note">{heads["choose"]}</p>',
        f"<h3>{heads['chances']}</h3>",
        '<div class="analysis-chart">'
        + chances_chart([g["chances"] for g in games], names)
        + "</div>",
    ]
    for game in games:
        summary = escape(words.game_summary(int(game["number"])))
        parts.append(f"<details><summary>{summary}</summary>")
        parts.append(_players_table(names, game["players"], length))
        parts.append(luck_html(game.get("luck") or [], names))
        parts.append("</details>")
    parts.append(f'<p class="hint-note">{heads["about"]}</p>')
    return "".join(parts)


def _verdict(count: dict[str, Any]) -> str:
    """The page's words for a test the worker made (its p-value: the worker sends figures)."""
    excess = float(count["observed"]) - float(count["expected"])
    return words.dice_verdict(float(count["p_value"]), excess)


def _count_row(label: str, count: dict[str, Any]) -> str:
    said = words.dice_words()
    if not count["chances"]:
        return (
            f"<tr><th>{escape(label)}</th><td>-</td><td>-</td>"
            f"<td>{escape(said['no_chance'])}</td></tr>"
        )
    observed = words.observed_words(int(count["observed"]), int(count["chances"]))
    return (
        f"<tr><th>{escape(label)}</th><td>{escape(observed)}</td>"
        f"<td>{float(count['expected']):.1f}</td><td>{escape(_verdict(count))}</td></tr>"
    )


def dice_html(dice: dict[str, Any]) -> str:
    """Each player's dice against fair dice, with the verdict in plain words."""
    said = {key: escape(text) for key, text in words.dice_words().items()}
    parts = []
    for name, stats in zip(map(recorded_name, dice["names"]), dice["players"], strict=False):
        seen = stats["seen"]
        rolls = int(stats["rolls"])
        cells = " ".join(
            f'<span class="roll-count" title="{escape(roll)}">{escape(roll)}: {seen[roll]}</span>'
            for roll in seen
        )
        verdict = words.dice_verdict(float(stats["rolls_p_value"]), 0.0, spread=True)
        parts.append(
            f"<h4>{escape(words.player_rolls_words(str(name), rolls))}</h4>"
            f'<table class="dice-stats"><tr><td></td><th>{said["came_up"]}</th>'
            f"<th>{said['fair']}</th><th>{said['verdict']}</th></tr>"
            f"<tr><th>{said['each']}</th><td>{escape(words.rolls_words(rolls))}</td>"
            f"<td>{said['fair_each']}</td><td>{escape(verdict)}</td></tr>"
            + _count_row(words.dice_words()["doubles"], stats["doubles"])
            + _count_row(words.dice_words()["entering"], stats["entering"])
            + _count_row(words.dice_words()["hitting"], stats["hitting"])
            + f'</table><p class="roll-counts">{cells}</p>'
        )
    return "".join(parts)
