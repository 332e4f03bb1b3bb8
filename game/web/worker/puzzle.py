"""A puzzle embed's answer: the computer's ranking of the position and where the reader's
choice stands, as plain data (it travels through the computer's worker) and words.

    >>> from game.web.address.links import game_from_id
    >>> game = game_from_id("4HPwATDgc/ABMA:cIkFAAAAAAAA")   # Pink to play 3-1
    >>> answer = rank_reply(game, plies=1)                   # in the worker (the bot)
    >>> chosen = next(p for p in game.legal_plays() if format_play(p.moves) == "8/5 6/5")
    >>> verdict = play_verdict(game, answer, chosen)
    >>> verdict.rows[0].best, verdict.rows[0].text
    (True, '8/5 6/5')
    >>> print(verdict.summary)
    Your play, 8/5 6/5, is the computer's choice too.

A play comes back as its index in ``game.legal_plays()`` (the same order on both sides,
as ``game.web.worker.thinker`` does) with its equity for the player to move; a cube question
comes back as the recommended action and the equity each choice gives up. The bot is
imported only inside ``rank_reply``, so the page that draws the puzzle does not load it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.engine.notation import format_play
from game.engine.plays import Play
from game.engine.state import GameState, Phase
from game.web.language.catalog import N_, _, told
from game.web.worker.messages import RankRequest

# The cube choices, as game.bot.cube names them.
DOUBLE, NO_DOUBLE, TAKE, PASS = "double", "no-double", "take", "pass"
CHOICE_WORDS = {
    DOUBLE: N_("Double"),
    NO_DOUBLE: N_("No double"),
    TAKE: N_("Take"),
    PASS: N_("Pass"),
}
# The reader's cube choice, when the computer agrees, and when it does not.
AGREES = {
    DOUBLE: N_("Double: the computer agrees."),
    NO_DOUBLE: N_("No double: the computer agrees."),
    TAKE: N_("Take: the computer agrees."),
    PASS: N_("Pass: the computer agrees."),
}
GIVES_UP = {
    DOUBLE: N_("Doubling gives up {loss}; the computer's choice: {best}."),
    NO_DOUBLE: N_("Not doubling gives up {loss}; the computer's choice: {best}."),
    TAKE: N_("Taking gives up {loss}; the computer's choice: {best}."),
    PASS: N_("Passing gives up {loss}; the computer's choice: {best}."),
}
LOSES_NOTHING = {
    DOUBLE: N_("Doubling loses nothing; the computer's choice: {best}."),
    NO_DOUBLE: N_("Not doubling loses nothing; the computer's choice: {best}."),
    TAKE: N_("Taking loses nothing; the computer's choice: {best}."),
    PASS: N_("Passing loses nothing; the computer's choice: {best}."),
}
PLAYS_SHOWN = 5  # plays listed in the ranking (and the reader's, when it ranks lower)


def cube_choices(game: GameState) -> tuple[str, ...]:
    """The choices a cube puzzle offers (none for a play of the dice)."""
    if game.phase is Phase.ROLL:
        return (DOUBLE, NO_DOUBLE)
    if game.phase is Phase.DOUBLED:
        return (TAKE, PASS)
    return ()


def rank_request(game: GameState, plies: int) -> dict[str, Any]:
    from game.formats.save import write_save

    return RankRequest(write_save(game), plies).to_dict()


def rank_reply(game: GameState, plies: int) -> dict[str, Any]:
    """The computer's ranking of ``game``'s decision (runs where the bot is loaded)."""
    from game.analysis.judgement import cube_action_error, cube_hint, play_hint

    if game.phase is Phase.MOVE:
        plays = game.legal_plays()
        index = {play.position: i for i, play in enumerate(plays)}
        ranked = play_hint(game, plies)
        return {"plays": [[index[r.play.position], r.equity] for r in ranked]}
    figures = cube_hint(game, plies)
    if figures is None:
        raise ValueError("no decision to rank here")
    errors = {choice: cube_action_error(figures, choice) for choice in cube_choices(game)}
    return {
        "cube": {
            "errors": errors,
            "no_double": figures.no_double,
            "double_take": figures.double_take,
            "double_pass": figures.double_pass,
        }
    }


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
        summary = _("Your play, {play}, is the computer's choice too.", play=mine.text)
    elif _gives_up(mine.loss):
        summary = _(
            "Your play, {play}, ranks {rank} of {count} and gives up {loss} against {best}.",
            play=mine.text,
            rank=mine.rank,
            count=len(rows),
            loss=f"{mine.loss:.3f}",
            best=rows[0].text,
        )
    else:
        summary = _(
            "Your play, {play}, ranks {rank} of {count} and loses nothing against {best}.",
            play=mine.text,
            rank=mine.rank,
            count=len(rows),
            best=rows[0].text,
        )
    return Verdict(summary, tuple(shown))


def cube_verdict(game: GameState, answer: dict[str, Any], choice: str) -> Verdict:
    """The cube choices with what each gives up, and the reader's ``choice``."""
    errors: dict[str, float] = {k: float(v) for k, v in answer["cube"]["errors"].items()}
    order = sorted(cube_choices(game), key=lambda c: errors[c])
    rows = tuple(
        Row(rank, told(CHOICE_WORDS[c]), -errors[c], errors[c], c == choice, rank == 1)
        for rank, c in enumerate(order, 1)
    )
    mine = next(row for row in rows if row.chosen)
    if mine.best:
        summary = told(AGREES[choice])
    elif _gives_up(mine.loss):
        summary = told(GIVES_UP[choice], loss=f"{mine.loss:.3f}", best=rows[0].text)
    else:
        summary = told(LOSES_NOTHING[choice], best=rows[0].text)
    return Verdict(summary, rows)


def equity_text(value: float) -> str:
    return f"{value:+.3f}"
