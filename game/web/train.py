"""The Train room's quiz, as pure functions: a card's question on the real board, the judgement
of the answer, and the words shown after it.

    >>> card = {"id": "x|cube", "kind": "double", "gnubg_id": "4HPwATDgc/ABMA:cAkAAAAAAAAA",
    ...         "best": "no double", "played": "double",
    ...         "cube": {"no_double": 0.1, "double_take": -0.2, "double_pass": 1.0}}
    >>> ask(card).prompt
    'Double or no double?'
    >>> answer_cube(card, "double").right
    False

A card (``game.web.deck``) holds its position as ``PID:MID``: ``ask`` gives the game state to
draw and play on (the dice rolled for a checker play, the doubler on roll for a cube question,
the double offered for a take or pass) and the question in words. The person plays or decides
on the board; ``answer_play`` (the play made) or ``answer_cube`` (the action) judge it by the
card's own figures and say what was best, by how much, and the chances after the best play.
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape
from typing import Any

from game.engine.plays import Play
from game.engine.state import GameState, Phase
from game.formats import format_position_id
from game.formats.gnubg_id import read_gnubg_id
from game.web.deck import judge_cube, judge_play

ANSWERS = {
    "play": (),
    "no-double": ("double", "no double"),
    "double": ("double", "no double"),
    "take": ("take", "pass"),
    "pass": ("take", "pass"),
    "beaver": ("take", "pass"),
}


@dataclass(frozen=True, slots=True)
class Question:
    state: GameState
    prompt: str
    answers: tuple[str, ...]  # the cube actions offered; none for a checker play


@dataclass(frozen=True, slots=True)
class Verdict:
    right: bool
    words: str
    best_play: str | None  # the best play's Position ID after it, to draw (a checker play)


def ask(card: dict[str, Any]) -> Question:
    """The question of ``card``: the state to play on and the prompt."""
    state = read_gnubg_id(str(card["gnubg_id"]))
    kind = str(card["kind"])
    if kind == "play":
        dice = state.dice or (0, 0)
        prompt = f"Your roll {max(dice)}-{min(dice)}: find the best play."
    elif state.phase is Phase.DOUBLED:
        prompt = "You are doubled: take or pass?"
    else:
        prompt = "Double or no double?"
    return Question(state, prompt, ANSWERS.get(kind, ()))


def _equities(card: dict[str, Any]) -> str:
    rows = card.get("plays") or []
    if rows:
        best = float(rows[0][2])
        items = "".join(
            f"<li>{escape(str(row[0]))} {float(row[2]):+.3f}"
            + ("" if index == 0 else f" ({float(row[2]) - best:+.3f})")
            + "</li>"
            for index, row in enumerate(rows)
        )
        return f'<ol class="train-plays">{items}</ol>'
    cube = card.get("cube") or {}
    if not cube:
        return ""
    return (
        '<ul class="train-cube">'
        f"<li>No double {float(cube['no_double']):+.3f}</li>"
        f"<li>Double, take {float(cube['double_take']):+.3f}</li>"
        f"<li>Double, pass {float(cube['double_pass']):+.3f}</li></ul>"
    )


def _chances(card: dict[str, Any]) -> str:
    found = (card.get("chances") or {}).get("best")
    if not found or len(found) != 6:
        return ""
    win, win_g, win_bg, lose, lose_g, lose_bg = (100.0 * float(v) for v in found)
    return (
        f'<p class="train-chances">After the best play: wins {win:.1f}% (gammon {win_g:.1f}%, '
        f"backgammon {win_bg:.1f}%), loses {lose:.1f}% (gammon {lose_g:.1f}%, backgammon "
        f"{lose_bg:.1f}%).</p>"
    )


def answer_play(card: dict[str, Any], play: Play) -> Verdict:
    """The judgement of ``play`` (made on ``ask(card).state``) for a checker-play card."""
    result = format_position_id(play.position)
    right = judge_play(card, result)
    rows = card.get("plays") or []
    best = str(card["best"])
    lost = next((float(rows[0][2]) - float(r[2]) for r in rows if r[1] == result), None)
    if right:
        head = (
            f"Right: {best} is the best play."
            if lost is not None and lost < 1e-9
            else (f"Right: within 0.04 of the best, {best}.")
        )
    elif lost is None:
        head = f"Not this one: the best play is {best}."
    else:
        head = f"Not this one: it loses {lost:.3f}; the best play is {best}."
    best_id = str(rows[0][1]) if rows else None
    return Verdict(right, f"<p>{escape(head)}</p>" + _equities(card) + _chances(card), best_id)


def answer_cube(card: dict[str, Any], action: str) -> Verdict:
    """The judgement of a cube ``action`` (``double``, ``no double``, ``take``, ``pass``,
    ``beaver``) for a cube card."""
    right = judge_cube(card, action)
    best = str(card["best"])
    head = f"Right: {best}." if right else f"Not this one: the best answer is {best}."
    return Verdict(right, f"<p>{escape(head)}</p>" + _equities(card), None)
