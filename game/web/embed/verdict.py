"""A puzzle embed's verdict: where the reader's play or cube choice stands in the computer's
ranking (game/web/worker/puzzle.py answers it from the worker), in the reader's words.

    >>> from game.web.address.links import game_from_id
    >>> from game.web.worker.puzzle import rank_reply
    >>> game = game_from_id("4HPwATDgc/ABMA:cIkFAAAAAAAA")   # Pink to play 3-1
    >>> answer = rank_reply(game, plies=1)                   # in the worker (the bot)
    >>> chosen = next(p for p in game.legal_plays() if format_play(p.moves) == "8/5 6/5")
    >>> verdict = play_verdict(game, answer, chosen)
    >>> verdict.rows[0].best, verdict.rows[0].text
    (True, '8/5 6/5')
    >>> print(verdict.summary)
    Your play, 8/5 6/5, is the computer's choice too.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.engine.notation import format_play
from game.engine.plays import Play
from game.engine.state import GameState
from game.web.embed import words
from game.web.language.catalog import told
from game.web.worker.puzzle import cube_choices

PLAYS_SHOWN = 5  # plays listed in the ranking (and the reader's, when it ranks lower)


@dataclass(frozen=True, slots=True)
class Row:
    """One line of the ranking: the play (or choice), its equity, what it loses."""

    rank: int
    text: str
    equity: float
    loss: float
    chosen: bool
    best: bool


@dataclass(frozen=True, slots=True)
class Verdict:
    summary: str
    rows: tuple[Row, ...]


def _gives_up(loss: float) -> bool:
    return loss >= 0.0005


def play_verdict(game: GameState, answer: dict[str, Any], chosen: Play) -> Verdict:
    """The ranking of the plays and where ``chosen`` stands."""
    plays = game.legal_plays()
    ranked = [(plays[int(index)], float(equity)) for index, equity in answer["plays"]]
    best = ranked[0][1]
    rows = [
        Row(
            rank,
            format_play(play.moves),
            equity,
            best - equity,
            play.position == chosen.position,
            rank == 1,
        )
        for rank, (play, equity) in enumerate(ranked, 1)
    ]
    mine = next(row for row in rows if row.chosen)
    shown = [row for row in rows if row.rank <= PLAYS_SHOWN or row.chosen]
    if mine.best:
        summary = words.play_agreed(mine.text)
    elif _gives_up(mine.loss):
        summary = words.play_gives_up(
            mine.text, mine.rank, len(rows), f"{mine.loss:.3f}", rows[0].text
        )
    else:
        summary = words.play_loses_nothing(mine.text, mine.rank, len(rows), rows[0].text)
    return Verdict(summary, tuple(shown))


def cube_verdict(game: GameState, answer: dict[str, Any], choice: str) -> Verdict:
    """The cube choices with what each gives up, and the reader's ``choice``."""
    errors: dict[str, float] = {k: float(v) for k, v in answer["cube"]["errors"].items()}
    order = sorted(cube_choices(game), key=lambda c: errors[c])
    rows = tuple(
        Row(rank, told(words.CHOICE_WORDS[c]), -errors[c], errors[c], c == choice, rank == 1)
        for rank, c in enumerate(order, 1)
    )
    mine = next(row for row in rows if row.chosen)
    if mine.best:
        summary = told(words.AGREES[choice])
    elif _gives_up(mine.loss):
        summary = told(words.GIVES_UP[choice], loss=f"{mine.loss:.3f}", best=rows[0].text)
    else:
        summary = told(words.LOSES_NOTHING[choice], best=rows[0].text)
    return Verdict(summary, rows)


def equity_text(value: float) -> str:
    return f"{value:+.3f}"
