"""The train room: the trainer's due cards asked one at a time on the real board.

    questions.toggle()            # the room (the next due card asked), or back to the table
    questions.tap(point)          # a checker of the question moved (viewer's numbering)
    questions.confirm()           # the play judged; questions.cube("take") for a cube card
    questions.next_card()         # the next card due
    questions.practice("race")    # a practice set's cards join the deck, due now

The question lives in ``PageState.quiz`` with its own ``Session``: the live game is never
touched, and leaving the room shows it as it was. Each answer goes into the deck's SM-2
schedule (game/web/store/deck.py: wrong soon, right later), kept in localStorage (``deck.KEY``).
With nothing due, the room says when the next card is, and offers the practice sets
(game/analysis/data/practice.json, fetched by ``load_practice``). The deck is exported and
imported as a file (import merges; a file that is not a deck is refused, nothing lost).
"""

from __future__ import annotations

import contextlib
import json
import time
from collections.abc import Awaitable, Callable
from dataclasses import replace
from functools import partial
from typing import Any

from game.engine.state import Phase
from game.formats.position_id import format_position_id
from game.web.board import rollout_panel
from game.web.board.chart import answers_chart as chart_of_answers
from game.web.language.catalog import _, told
from game.web.state.commit import Page
from game.web.state.notices import Notices
from game.web.state.page_state import TABLE, TRAIN
from game.web.state.session import Session
from game.web.state.surface import Clicks, Files
from game.web.store import deck
from game.web.store.door import DECK, Door
from game.web.store.rollouts import KeptRollouts, key_of
from game.web.trainer import questions
from game.web.trainer.questions import Quiz, quiz_of
from game.web.trainer.words import (
    NO_CARDS,
    NO_STORAGE,
    NOT_A_DECK,
    PRACTICE_NOT_LOADED,
    PRACTICE_SETS,
    card_question,
    cards_added,
    day_words,
    nothing_due,
    set_known,
)

PRACTICE_CARDS = 10  # cards a practice set adds at once
EXPORT_NAME = "backgammon-cards.json"
DAYS_CHARTED = 14
# Where the keyboard goes in the room when the control it was on is gone: the next useful one.
FOCUS_ORDER = ["train-confirm", "board", "train-double", "train-take", "train-next",
               "practice-opening"]  # fmt: skip


def now_ms() -> float:
    """The time as the deck counts it: milliseconds since 1970."""
    return time.time() * 1000.0


class TrainRoom:
    def __init__(self, page: Page, notices: Notices, door: Door) -> None:
        self.page = page
        self.notices = notices
        self.door = door  # the deck, kept in this browser (game/web/store/door.py)
        self.rollouts = KeptRollouts(door)  # a card's position rolled out at the table
        self.clock: Callable[[], float] = now_ms
        self.load_practice: Callable[[], Awaitable[str | None]] | None = None
        self.practice_cards: list[dict[str, Any]] | None = None
        page.painted.append(self.painted)

    # ----- the deck in storage -------------------------------------------------------------

    def clicks(self) -> Clicks:
        """The room's button, the question's answers, the practice sets, the deck's export."""
        table: Clicks = {
            "#train-toggle": self.toggle,
            "#train-undo": self.undo,
            "#train-confirm": self.confirm,
            "#train-next": self.next_card,
            "#train-export": self.export,
        }
        for answer in ("double", "no double", "take", "pass"):
            table[f"#train-{answer.replace(' ', '-')}"] = partial(self.cube, answer)
        for name in PRACTICE_SETS:
            table[f"#practice-{name}"] = partial(self.start_practice, name)
        return table

    def files(self) -> Files:
        return {"#train-import-file": self.import_text}

    def start_practice(self, name: str) -> None:
        self.page.around.spawn(self.practice(name))

    def stored(self) -> deck.Deck:
        return deck.deck_from(self.door.data(DECK))  # nothing stored, or no storage: empty

    def keep(self, kept: deck.Deck) -> bool:
        if not self.door.write(DECK, kept.to_text()):
            self.notices.notice(told(NO_STORAGE))
            return False
        return True

    # ----- the room ------------------------------------------------------------------------

    def toggle(self) -> None:
        """The train room and its next due card; pressed there, back to the table."""
        if self.page.state.room == TRAIN:
            self.page.show(replace(self.page.state, room=TABLE))
            return
        self.open()

    def open(self) -> None:
        state = replace(self.page.state, room=TRAIN, replay=None, drawn=None)
        quiz = quiz_of(state)
        if quiz is None or quiz.verdict is not None:
            quiz = self.next_quiz()
        self.page.show(replace(state, quiz=quiz))

    def next_quiz(self) -> Quiz | None:
        card = self.stored().next_card(self.clock())
        if card is None:
            return None
        return Quiz(card.data, self.question_session(card.data))

    def question_session(self, card: dict[str, Any]) -> Session:
        """A card's question drawn as the live board draws a game at this screen (the page's
        rotation setting)."""
        return questions.question_session(card, self.page.state.session.settings.rotate)

    def next_card(self) -> None:
        if self.page.state.room == TRAIN:
            self.page.show(replace(self.page.state, quiz=self.next_quiz()))
            self.page.surface.keep_focus(FOCUS_ORDER[1:], force=True)

    def asking(self) -> Quiz | None:
        """The quiz waiting for an answer, in this room."""
        state = self.page.state
        quiz = quiz_of(state)
        if state.quizzing and quiz is not None and quiz.verdict is None:
            return quiz
        return None

    def show_quiz(self, quiz: Quiz) -> None:
        self.page.show(replace(self.page.state, quiz=quiz))

    # ----- answering -----------------------------------------------------------------------

    def tap(self, target: int) -> None:
        quiz = self.asking()
        if quiz is None or quiz.session.turn is None:
            return
        after = quiz.session.tap(target)
        if after is not quiz.session:
            self.show_quiz(replace(quiz, session=after))

    def undo(self) -> None:
        quiz = self.asking()
        if quiz is not None:
            self.show_quiz(replace(quiz, session=quiz.session.undo()))

    def confirm(self) -> None:
        quiz = self.asking()
        if quiz is None or not quiz.session.may_confirm or quiz.session.turn is None:
            return
        play = quiz.session.turn.play()
        verdict = questions.answer_play(quiz.card, play)
        self.judged(replace(quiz, session=quiz.session.after(quiz.session.game)), verdict)

    def cube(self, action: str) -> None:
        quiz = self.asking()
        if quiz is None or action not in questions.ask(quiz.card).answers:
            return
        self.judged(replace(quiz, answer=action), questions.answer_cube(quiz.card, action))

    def judged(self, quiz: Quiz, verdict: questions.Verdict) -> None:
        kept = self.stored().answered(str(quiz.card["id"]), verdict.right, self.clock())
        self.keep(kept)
        self.show_quiz(replace(quiz, verdict=verdict))
        self.page.surface.keep_focus(["train-next"], force=True)

    def key(self, key: str) -> bool:
        """A key in the train room; True when it was the room's."""
        quiz = self.asking()
        if key.lower() == "u" and quiz is not None:
            self.undo()
            return True
        if key == "Enter" and quiz is not None and quiz.session.may_confirm:
            self.confirm()
            return True
        if key.lower() == "n" and self.page.state.quiz is not None and quiz is None:
            self.next_card()
            return True
        return False

    # ----- practice sets -------------------------------------------------------------------

    async def practice(self, name: str) -> None:
        """A practice set's cards not in the deck yet (up to ``PRACTICE_CARDS``) join it,
        due now, and the first is asked."""
        cards = await self.practice_set()
        wanted = [c for c in cards if c.get("source") == f"practice:{name}"]
        kept = self.stored()
        fresh = [c for c in wanted if kept.card(str(c.get("id"))) is None][:PRACTICE_CARDS]
        if not fresh and wanted:
            self.notices.notice(set_known(name))
            return
        if not fresh or not self.keep(kept.with_cards(fresh, now=self.clock())):
            return
        self.open_card(str(fresh[0]["id"]))

    def open_card(self, card_id: str) -> None:
        card = self.stored().card(card_id)
        if card is not None:
            quiz = Quiz(card.data, self.question_session(card.data))
            self.page.show(replace(self.page.state, room=TRAIN, replay=None, quiz=quiz))

    async def practice_set(self) -> list[dict[str, Any]]:
        if self.practice_cards is None and self.load_practice is not None:
            text = None
            with contextlib.suppress(Exception):
                text = await self.load_practice()
            try:
                found = json.loads(text or "")
            except ValueError:
                found = None
            if isinstance(found, dict) and isinstance(found.get("cards"), list):
                self.practice_cards = [c for c in found["cards"] if deck.valid_record(c)]
        if self.practice_cards is None:
            self.notices.notice(told(PRACTICE_NOT_LOADED))
            return []
        return self.practice_cards

    # ----- the deck as a file --------------------------------------------------------------

    def export(self) -> None:
        self.page.around.download(self.stored().to_text(), EXPORT_NAME, "application/json")

    def import_text(self, text: str) -> None:
        """A deck file merged into the deck; a file that is not one is refused, the deck
        untouched."""
        found = deck.read_deck(text)
        if not found.cards:
            self.notices.notice(told(NOT_A_DECK))
            return
        kept = self.stored()
        merged = kept.merged(found)
        added = len(merged.cards) - len(kept.cards)
        if self.keep(merged):
            known = len(found.cards) - added
            self.notices.notice(cards_added(added, known))
            self.painted(self.page.state)

    # ----- painting the panel --------------------------------------------------------------

    def painted(self, state: Any) -> None:
        if state.room == TRAIN:
            self.show_panel(quiz_of(state))
            # A whole play: Confirm is next, even from the board.
            whole = state.quiz is not None and state.quiz.session.may_confirm
            self.page.surface.keep_focus(FOCUS_ORDER, force=whole)

    def show_panel(self, quiz: Quiz | None) -> None:
        surface = self.page.surface
        now = self.clock()
        kept = self.stored()
        found = deck.progress(kept, now)
        surface.text("train-progress", progress_sentence(found))
        surface.html("train-chart", answers_chart(found, now))
        asking = quiz is not None and quiz.verdict is None
        answers = questions.ask(quiz.card).answers if asking and quiz is not None else ()
        surface.props("train-question", hidden=quiz is None)
        surface.props("train-empty", hidden=quiz is not None)
        for action in ("double", "no double", "take", "pass"):
            surface.props(f"train-{action.replace(' ', '-')}", hidden=action not in answers)
        playing = asking and not answers
        may_undo = bool(quiz is not None and quiz.session.may_undo)
        may_confirm = bool(quiz is not None and quiz.session.may_confirm)
        surface.props("train-undo", hidden=not playing, disabled=not may_undo)
        surface.props("train-confirm", hidden=not playing, disabled=not may_confirm)
        surface.props("train-next", hidden=quiz is None or asking)
        if quiz is None:
            surface.text("train-prompt", "")
            surface.html("train-verdict", "")
            surface.text("train-when", next_due_words(kept, now))
            return
        surface.text("train-prompt", quiz_prompt(quiz))
        verdict = quiz.verdict
        shown = "" if verdict is None else str(verdict.words) + self.rolled_out_html(quiz.card)
        surface.html("train-verdict", shown)
        surface.toggle("train-verdict", "right", bool(verdict and verdict.right))
        surface.toggle("train-verdict", "wrong", bool(verdict and not verdict.right))
        surface.mark("train-card", str(quiz.card["id"]))
        said = None if verdict is None else "right" if verdict.right else "wrong"
        surface.mark("train-verdict", said)

    def rolled_out_html(self, card: dict[str, Any]) -> str:
        """The card's position and roll as rolled out from the hint, when this browser kept it
        (shown once the card is answered: before, it would give the answer away)."""
        state = questions.ask(card).state
        dice = state.dice if state.phase is Phase.MOVE else None
        record = self.rollouts.find(key_of(format_position_id(state.position), dice))
        return "" if record is None else rollout_panel.kept_html(record)


def quiz_prompt(quiz: Quiz) -> str:
    return card_question(str(quiz.card.get("source") or ""), questions.ask(quiz.card).prompt)


def progress_sentence(found: deck.Progress) -> str:
    if not found.cards:
        return told(NO_CARDS)
    return _("{progress}.", progress=deck.progress_words(found))


def next_due_words(kept: deck.Deck, now: float) -> str:
    """When the next card is due, with nothing due now."""
    soonest = min((card.due for card in kept.cards), default=None)
    return nothing_due(bool(kept.cards), None if soonest is None else soonest - now)


def answers_chart(found: deck.Progress, now: float) -> str:
    """The answers right per day (the last ``DAYS_CHARTED`` days with answers)."""
    days = found.days[-DAYS_CHARTED:]
    if not days:
        return ""
    today = int(now // deck.DAY_MS)
    return chart_of_answers([(day_words(today - day), total, right) for day, total, right in days])
