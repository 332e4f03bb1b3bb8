"""The Hint panel: the ranked plays or the cube hint in words, and a hinted play drawn.

    >>> answer = {"plays": [{"index": 3, "notation": "8/5 6/5", "equity": 0.152},
    ...                     {"index": 0, "notation": "24/21 13/12", "equity": 0.011}],
    ...           "cube": None, "match": False}
    >>> [(row.notation, row.equity, row.difference) for row in play_rows(answer)]
    [('8/5 6/5', '+0.152', 'best'), ('24/21 13/12', '+0.011', '-0.141')]

Pure functions of the worker's answer to ``game.web.worker.judging.hint_request`` (plain data):
``app.py`` puts the HTML in the page and, when a play is chosen, draws ``hinted_view``.
Equities are the mover's, cubeless, in EMG units (money: points per unit of the cube;
a match: from the match equity table, with the match winning chances beside them).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from html import escape
from typing import Any

from game.engine.notation import in_board_numbers
from game.engine.plays import Play, legal_plays
from game.engine.state import GameState, Phase
from game.web.board import hint_words as said
from game.web.board.render import BoardView
from game.web.board.view import COLOURS, board_view
from game.web.state.session import Session, to_viewer

SHOWN = 10  # plays listed (all of them when fewer): the issue asks for at least five


@dataclass(frozen=True, slots=True)
class PlayRow:
    index: int  # the play's index in legal_plays (what the board draws)
    notation: str
    equity: str
    difference: str  # "best", or the equity lost against the best ("-0.141")
    chances: str = ""  # "Win 54.1% · gammon 14.0% · backgammon 0.6%", when the answer has them


def signed(value: float) -> str:
    """``+0.152`` / ``-0.141`` (a true minus sign), three decimals as players quote them."""
    text = f"{abs(value):.3f}"
    return ("-" if value < -0.0005 else "+") + text


def play_rows(answer: dict[str, Any], shown: int = SHOWN) -> list[PlayRow]:
    """The best ``shown`` plays of the answer, best first."""
    plays = answer.get("plays") or []
    if not plays:
        return []
    if answer.get("single") and all(_win(play) is not None for play in plays[:shown]):
        return _single_rows(plays[:shown])
    best = float(plays[0]["equity"])
    rows = []
    for rank, play in enumerate(plays[:shown]):
        equity = float(play["equity"])
        difference = said.best_words() if rank == 0 else signed(equity - best)
        chances = chances_text(play.get("chances"))
        row = PlayRow(
            int(play["index"]), str(play["notation"]), signed(equity), difference, chances
        )
        rows.append(row)
    return rows


def _win(play: dict[str, Any]) -> float | None:
    chances = play.get("chances")
    return float(chances[0]) if isinstance(chances, list) and len(chances) == 5 else None


def _single_rows(plays: list[dict[str, Any]]) -> list[PlayRow]:
    """Under the Simple rules (every game counts one): the plays by the games they win,
    best first, with no money equity and no gammons.

    >>> rows = _single_rows([{"index": 0, "notation": "8/5 6/5", "chances": [.5, .2, 0, 0, 0]},
    ...                      {"index": 1, "notation": "24/21", "chances": [.541, .3, 0, .1, 0]}])
    >>> [(row.notation, row.equity, row.difference, row.chances) for row in rows]
    [('24/21', '54.1%', 'best', ''), ('8/5 6/5', '50.0%', '-4.1%', '')]
    """
    ranked = sorted(plays, key=lambda play: -(_win(play) or 0.0))
    best = _win(ranked[0]) or 0.0
    rows = []
    for rank, play in enumerate(ranked):
        win = _win(play) or 0.0
        difference = said.best_words() if rank == 0 else f"-{100 * (best - win):.1f}%"
        rows.append(PlayRow(int(play["index"]), str(play["notation"]), f"{win:.1%}", difference))
    return rows


def chances_text(chances: object) -> str:
    """The mover's chances after a play, in words: ``Win 54.1%, gammon 14.0%, backgammon
    0.6%; lose a gammon 8.2%, a backgammon 0.3%``; empty when there are none."""
    if not isinstance(chances, list) or len(chances) != 5:
        return ""
    win, gammon, backgammon, lose_gammon, lose_backgammon = (f"{float(c):.1%}" for c in chances)
    return said.chances_words((win, gammon, backgammon, lose_gammon, lose_backgammon))


def plays_html(
    answer: dict[str, Any], chosen: int | None = None, playable: bool = True, own: bool = True
) -> str:
    """The ranked plays as a list of buttons (``data-hint``: the play's index, drawn on the
    board) with their chances, each with *Play this* (``data-play-hint``) when ``playable``;
    written in the numbers the board draws (``own``: the mover's, else the other side's)."""
    rows = [replace(row, notation=in_board_numbers(row.notation, own)) for row in play_rows(answer)]
    if not rows:
        return f'<p class="hint-none">{escape(said.no_legal_play())}</p>'
    items = []
    for rank, row in enumerate(rows, 1):
        pressed = "true" if row.index == chosen else "false"
        chances = f'<span class="hint-chances">{escape(row.chances)}</span>' if row.chances else ""
        play_this = (
            f'<button type="button" class="hint-play-this" data-play-hint="{row.index}" '
            f'aria-label="{escape(said.play_this_label(row.notation))}">'
            f"{escape(said.play_this())}</button>"
            if playable
            else ""
        )
        items.append(
            f'<li><button type="button" class="hint-play" data-hint="{row.index}" '
            f'aria-pressed="{pressed}"><span class="hint-rank">{rank}.</span> '
            f'<span class="hint-notation">{escape(row.notation)}</span> '
            f'<span class="hint-equity">{row.equity}</span> '
            f'<span class="hint-diff">{escape(row.difference)}</span>{chances}</button>'
            f"{play_this}</li>"
        )
    total = len(answer.get("plays") or [])
    more = ""
    if total > len(rows):
        more = f'<p class="hint-note">{escape(said.best_of_words(len(rows), total))}</p>'
    what = escape(said.plays_head(bool(answer.get("single"))))
    return f'<p class="hint-note">{what}</p><ol class="hint-plays">{"".join(items)}</ol>{more}'


def cube_advice(cube: dict[str, Any], doubled: bool) -> str:
    """The recommendation in words: before rolling ``No double, take`` (what the doubler
    should do, then what the opponent should answer); when doubled, the answer alone."""
    response = str(cube["response"])
    if doubled:
        return said.cube_advice_words("", response, doubled=True)
    if not cube.get("may_double", True):
        return said.may_not_double()
    return said.cube_advice_words(str(cube["action"]), response)


def _percent(mwc: float) -> str:
    return f"{100 * mwc:.1f}%"


def cube_html(cube: dict[str, Any], doubled: bool) -> str:
    """The cube hint: the advice and the equities behind it (for whoever decides now): no
    double / double, take / double, pass, and double, beaver when the rules allow one."""
    sign = -1.0 if doubled else 1.0  # the doubler's figures, seen by the taker when doubled
    mwc = cube.get("mwc")
    lines = (
        ["double_take", "double_pass"] if doubled else ["no_double", "double_take", "double_pass"]
    )
    if cube.get("may_beaver") and "double_beaver" in cube:
        # Money play with beavers: the cube goes to four times its value, the doubler's.
        lines.append("double_beaver")
    rows = []
    for name in lines:
        words = escape(said.cube_row_words(name, doubled))
        value = sign * float(cube[name])
        chance = ""
        if mwc and name in mwc:
            won = float(mwc[name])
            chance = f'<td class="hint-mwc">{_percent(1 - won if doubled else won)}</td>'
        rows.append(f"<tr><th>{words}</th><td>{signed(value)}</td>{chance}</tr>")
    equity, chance_head, note = (escape(text) for text in said.cube_heads(bool(mwc)))
    head = f"<tr><td></td><th>{equity}</th>" + (f"<th>{chance_head}</th>" if mwc else "") + "</tr>"
    return (
        f'<p class="hint-advice">{escape(cube_advice(cube, doubled))}</p>'
        f'<table class="hint-cube">{head}{"".join(rows)}</table>'
        f'<p class="hint-note">{note}</p>'
    )


def hint_html(
    answer: dict[str, Any], doubled: bool, chosen: int | None = None, own: bool = True
) -> str:
    """The whole panel: the plays when there are dice to play (in the board's numbers: see
    ``plays_html``), else the cube hint."""
    if answer.get("plays"):
        return plays_html(answer, chosen, own=own)
    if answer.get("cube"):
        return cube_html(answer["cube"], doubled)
    return f'<p class="hint-none">{escape(said.nothing_to_decide())}</p>'


def hinted_view(session: Session, play: Play) -> BoardView:
    """The board as ``session`` shows it, with ``play`` (the player on turn's) made and
    drawn as arrows from faint checkers, like the last play: nothing is played."""
    game = session.game
    mover = game.turn
    same = mover == session.bottom_player
    view = board_view(session, play.position, ())  # the mover's position after the play
    trail = tuple((to_viewer(m.origin, same), to_viewer(m.destination, same)) for m in play.moves)
    return replace(
        view,
        trail=trail,
        trail_colour=COLOURS[mover],
        lit=frozenset(),
        movable=frozenset(),
        selected=None,
        moving=None,
    )


def hint_offered(session: Session, busy: bool = False) -> bool:
    """Whether the Hint button shows: a person decides now with something to weigh (dice
    to play, the cube before a roll, a double to answer)."""
    game = session.game
    if busy or not session.person_to_act:
        return False
    if game.phase is Phase.MOVE:
        return session.turn is not None
    if game.phase is Phase.ROLL:
        return game.rules.cube and game.may_double()
    return game.phase is Phase.DOUBLED


def play_index(game: GameState, play: Play) -> int:
    """The index of ``play`` (by the position it leaves) among the dice's legal plays."""
    assert game.dice is not None  # a play needs dice
    positions = [p.position for p in legal_plays(game.position, game.dice)]
    return positions.index(play.position)


def play_at(game: GameState, index: int) -> Play | None:
    """The legal play of ``game``'s dice at ``index``; None if there is none."""
    if game.dice is None:
        return None
    plays = legal_plays(game.position, game.dice)
    return plays[index] if 0 <= index < len(plays) else None


def facts_text(facts: dict[str, Any]) -> str:
    """``wins 52.1% (gammon 14.0%, backgammon 0.6%), loses 47.9% (...), 11 shots of 36``."""
    win, win_g, win_bg, lose, lose_g, lose_bg = (_percent(float(v)) for v in facts["chances"])
    blots = int(facts.get("blots") or 0)
    shots = int(facts.get("shots") or 0)
    wasted = None if facts.get("wasted") is None else int(facts["wasted"])
    return said.facts_words((win, win_g, win_bg, lose, lose_g, lose_bg), shots, blots, wasted)


def why_html(why: dict[str, Any] | None, own: bool = True) -> str:
    """The chosen play beside the best, with the engine's own figures (nothing for the cube);
    the plays in the numbers the board draws (``own``: the mover's, else the other side's)."""
    if not why:
        return ""
    heads = (
        said.played_words(in_board_numbers(str(why["chosen"]["play"]), own)),
        said.best_play_words(in_board_numbers(str(why["best"]["play"]), own)),
    )
    rows = "".join(
        f'<li><span class="why-who">{escape(head)}</span>: {escape(facts_text(why[key]))}</li>'
        for head, key in zip(heads, ("chosen", "best"), strict=True)
    )
    return f'<ul class="why">{rows}</ul>'
