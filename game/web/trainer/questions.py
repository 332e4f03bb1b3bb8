"""The Train room's quiz, as pure functions: a card's question on the real board, the judgement
of the answer, and the words shown after it.

    >>> card = {"id": "x|cube", "kind": "double", "gnubg_id": "4HPwATDgc/ABMA:cAkAAAAAAAAA",
    ...         "best": "no double", "played": "double",
    ...         "cube": {"no_double": 0.1, "double_take": -0.2, "double_pass": 1.0}}
    >>> ask(card).prompt
    'Double or no double?'
    >>> answer_cube(card, "double").right
    False

A card (``game.web.store.deck``) holds its position as ``PID:MID``: ``ask`` gives the game state to
draw and play on (the dice rolled for a checker play, the doubler on roll for a cube question,
the double offered for a take or pass) and the question in words. The person plays or decides
on the board; ``answer_play`` (the play made) or ``answer_cube`` (the action) judge it by the
card's own figures and say what was best, by how much, and the chances after the best play.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from html import escape
from typing import Any

from game.engine.plays import Play, legal_plays
from game.engine.state import GameState, Phase
from game.formats import format_position_id
from game.formats.gnubg_id import read_gnubg_id
from game.web.address.links import reader_on_roll
from game.web.board.hint_panel import hinted_view
from game.web.board.render import BoardView
from game.web.board.view import board_view
from game.web.language.catalog import told
from game.web.state.page_state import PageState
from game.web.state.session import FRIEND, FULL, Session, Settings
from game.web.store.deck import judge_cube, judge_play
from game.web.trainer import words

# The question's board: both sides played at this screen, the side to act at the bottom
# (``question_session`` may turn the rotation off, as the live friend board may have it).
QUIZ_SETTINGS = Settings(opponent=FRIEND, rotate=True, rules=FULL)

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
    headline: str = ""  # the first sentence, for the status line


@dataclass(frozen=True)
class Quiz:
    """The trainer's slice of the page's state (``PageState.quiz``): a card asked in the train
    room (``game.web.store.deck``), the question on its own board as played so far (never the
    live game), the answer's judgement once given."""

    card: dict[str, Any]
    session: Session
    verdict: Verdict | None = None
    answer: str | None = None  # the person's answer in words


def quiz_of(state: PageState) -> Quiz | None:
    """The card asked in the train room, if any (the state holds it as a ``RoomBoard``)."""
    return state.quiz if isinstance(state.quiz, Quiz) else None


def ask(card: dict[str, Any]) -> Question:
    """The question of ``card``: the state to play on and the prompt.

    A card of the person's own games (``player`` set: 0 cyan, 1 pink, as in that game) keeps
    its players. A card with no player (a practice set) is the person's to answer, and the
    person plays cyan: its players are exchanged when pink is to act in its ID."""
    state = read_gnubg_id(str(card["gnubg_id"]))
    if card.get("player") not in (0, 1) and state.to_act == 1:
        state = reader_on_roll(state)
    kind = str(card["kind"])
    if kind == "play":
        prompt = words.play_prompt(state.dice or (0, 0))
    elif state.phase is Phase.DOUBLED:
        prompt = told(words.DOUBLED_PROMPT)
    else:
        prompt = told(words.DOUBLE_PROMPT)
    return Question(state, prompt, ANSWERS.get(kind, ()))


def _equities(card: dict[str, Any], yours: str | None = None) -> str:
    """The ranked plays (or the cube's equities), the person's answer marked ``yours``: a
    Position ID after the play, or the cube action."""
    rows = card.get("plays") or []
    if rows:
        best = float(rows[0][2])
        items = "".join(
            ('<li class="yours">' if row[1] == yours else "<li>")
            + f"{escape(str(row[0]))} {float(row[2]):+.3f}"
            + ("" if index == 0 else f" ({float(row[2]) - best:+.3f})")
            + (f" {escape(words.yours_words())}" if row[1] == yours else "")
            + "</li>"
            for index, row in enumerate(rows)
        )
        return f'<ol class="train-plays">{items}</ol>'
    cube = card.get("cube") or {}
    if not cube:
        return ""
    mine = {"no double": "no_double", "take": "double_take", "beaver": "double_take",
            "double": "double_take", "pass": "double_pass"}.get(yours or "")  # fmt: skip
    if card.get("kind") in ("no-double", "double") and yours == "double":
        mine = "double_take" if cube["double_take"] < cube["double_pass"] else "double_pass"
    whose = (
        f'<p class="train-note">{escape(words.doubler_note())}</p>'
        if card.get("kind") in ("take", "pass", "beaver")
        else ""
    )
    yours_said = escape(words.yours_words())

    def item(key: str) -> str:
        said = f"{escape(words.cube_row(key))} {float(cube[key]):+.3f}"
        return f'<li class="yours">{said} {yours_said}</li>' if key == mine else f"<li>{said}</li>"

    items = "".join(item(key) for key in ("no_double", "double_take", "double_pass"))
    return f'<ul class="train-cube">{items}</ul>{whose}'


def _chances(card: dict[str, Any]) -> str:
    found = (card.get("chances") or {}).get("best")
    if not found or len(found) != 6:
        return ""
    chances = tuple(f"{100.0 * float(v):.1f}%" for v in found)
    return f'<p class="train-chances">{escape(words.best_chances(chances))}</p>'


def answer_play(card: dict[str, Any], play: Play) -> Verdict:
    """The judgement of ``play`` (made on ``ask(card).state``) for a checker-play card."""
    result = format_position_id(play.position)
    right = judge_play(card, result)
    rows = card.get("plays") or []
    best = str(card["best"])
    lost = next((float(rows[0][2]) - float(r[2]) for r in rows if r[1] == result), None)
    head = words.play_verdict(right, best, lost)
    best_id = str(rows[0][1]) if rows else None
    shown = f"<p>{escape(head)}</p>" + _equities(card, result) + _chances(card)
    return Verdict(right, shown + _why(card, play), best_id, head)


def answer_cube(card: dict[str, Any], action: str) -> Verdict:
    """The judgement of a cube ``action`` (``double``, ``no double``, ``take``, ``pass``,
    ``beaver``) for a cube card."""
    right = judge_cube(card, action)
    best = str(card["best"])
    head = words.cube_verdict(right, best)
    return Verdict(right, f"<p>{escape(head)}</p>" + _equities(card, action), None, head)


# --- the quiz on the board -------------------------------------------------------------------


def question_session(card: dict[str, Any], rotate: bool = True) -> Session:
    """The card's question on its own board, drawn as the live board draws a game at this
    screen (``Session.bottom_player``): the side to act at the bottom, or with ``rotate`` off
    (the page's setting for a friend at this screen) cyan always at the bottom. The person's
    own cards and the practice sets are cyan to act (``ask``), so at the bottom either way."""
    state = ask(card).state
    return Session(state, replace(QUIZ_SETTINGS, rotate=rotate)).after(state)


def best_play(card: dict[str, Any]) -> Play | None:
    """The card's best play (checker play), among the legal plays of its position."""
    rows = card.get("plays") or []
    state = ask(card).state
    if not rows or state.dice is None:
        return None
    return next(
        (p for p in legal_plays(state.position, state.dice)
         if format_position_id(p.position) == rows[0][1]),
        None,
    )  # fmt: skip


def quiz_view(quiz: Quiz) -> BoardView:
    """The board of a quiz: the question as played so far; once answered, the best play
    drawn from the question's position (arrows from faint checkers)."""
    if quiz.verdict is not None and quiz.card.get("kind") == "play":
        best = best_play(quiz.card)
        if best is not None:
            return hinted_view(question_session(quiz.card, quiz.session.settings.rotate), best)
    return board_view(quiz.session)


def quiz_status(quiz: Quiz) -> str:
    """The status line in the train room: the question, then the verdict's first words."""
    if quiz.verdict is not None:
        return str(quiz.verdict.headline)
    question = ask(quiz.card)
    if question.answers:
        return question.prompt
    if quiz.session.may_confirm:
        return words.confirm_prompt(question.state.dice or (0, 0))
    return question.prompt


def _why(card: dict[str, Any], play: Play) -> str:
    """The person's play beside the best in the engine's own counts (shots, pips wasted) and
    the chances the card holds."""
    from game.analysis.why import blots, shots, wasted_pips

    best = best_play(card)
    state = ask(card).state
    if best is None or state.dice is None:
        return ""
    dice = (state.dice[0], state.dice[1])
    rows = []
    for label, each in zip(words.why_heads(), (play, best), strict=True):
        after = each.position
        facts = words.facts_text(
            shots(after), blots(after), wasted_pips(state.position, dice, each)
        )
        rows.append(f'<li><span class="why-who">{escape(label)}</span>: {escape(facts)}</li>')
    played = (card.get("chances") or {}).get("played")
    played_id = next((r[1] for r in card.get("plays") or [] if r[0] == card.get("played")), None)
    if played and played_id == format_position_id(play.position) and len(played) == 6:
        win, win_g, _, lose, lose_g, _ = (f"{100.0 * float(v):.1f}%" for v in played)
        rows.append(f"<li>{escape(words.played_chances(win, win_g, lose, lose_g))}</li>")
    return f'<ul class="why">{"".join(rows)}</ul>'
