"""The trainer's deck: cards of one's own mistakes and of practice sets, asked again on a
spaced-repetition schedule, kept in the browser (localStorage ``KEY``), never sent anywhere.

    >>> deck = Deck().with_cards([{"id": "a", "kind": "no-double", "best": "double",
    ...                            "gnubg_id": "4HPwATDgc/ABMA:cAkAAAAAAAAA"}], now=0)
    >>> [card.id for card in deck.due(now=0)]
    ['a']
    >>> deck = deck.answered("a", right=False, now=0)
    >>> deck.cards[0].due == WRONG_AGAIN_MS
    True

A card is a plain dictionary as ``game.analysis.cards.card_record`` writes it (the position
as ``PID:MID``, the kind of decision, what was played, the best answer, the figures), with
its schedule beside it (``Schedule``). The schedule is SM-2 (Wozniak's SuperMemo 2): a right
answer sets the card back 1 day, then 6, then each time the last interval times the card's
ease (from 2.5, never under 1.3); a wrong answer starts it again and brings it back
``WRONG_AGAIN_MS`` later, the same session, and lowers its ease. Times are milliseconds since
1970 (the page's ``Date.now()``), given by the caller, so the schedule is a pure function.

``to_text``/``read_deck`` are the stored and exported file (JSON); ``read_deck`` never fails
(anything unreadable is left out); ``merged`` imports a file into a deck (a card known by
its ``id`` keeps the more advanced schedule).
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field, replace
from typing import Any

from game.web.language.catalog import n_
from game.web.store.door import DECK, DECK_VERSION, data_of, finite

KEY = DECK  # the door declares every key (game/web/store/door.py)
VERSION = DECK_VERSION
DAY_MS = 86_400_000
WRONG_AGAIN_MS = 10 * 60_000  # a wrong answer comes back ten minutes later
START_EASE, LOWEST_EASE = 2.5, 1.3
RIGHT_GRADE, WRONG_GRADE = 4, 1  # SM-2 grades of a right and a wrong answer (0 to 5)
LEARNT = 2  # right answers in a row after which a card counts as learnt
KEPT_ANSWERS = 40  # the answers kept per card (for progress)
MAX_CARDS = 2000
MAX_TEXT = 4_000_000
CARD_FIELDS = ("id", "kind", "gnubg_id", "best")


@dataclass(frozen=True, slots=True)
class Schedule:
    """SM-2 state: right answers in a row, ease, the last interval (days), when due (ms)."""

    repetitions: int = 0
    ease: float = START_EASE
    interval: float = 0.0
    due: float = 0.0

    def after(self, right: bool, now: float) -> Schedule:
        grade = RIGHT_GRADE if right else WRONG_GRADE
        ease = max(LOWEST_EASE, self.ease + 0.1 - (5 - grade) * (0.08 + (5 - grade) * 0.02))
        if not right:
            return Schedule(0, ease, 0.0, now + WRONG_AGAIN_MS)
        if self.repetitions == 0:
            interval = 1.0
        elif self.repetitions == 1:
            interval = 6.0
        else:
            interval = math.ceil(self.interval * self.ease)
        return Schedule(self.repetitions + 1, ease, interval, now + interval * DAY_MS)


@dataclass(frozen=True, slots=True)
class Card:
    """One card: ``data`` as ``card_record`` wrote it, its schedule and its answers
    (``(time ms, right)``, the last ``KEPT_ANSWERS``)."""

    data: dict[str, Any]
    schedule: Schedule = field(default_factory=Schedule)
    answers: tuple[tuple[float, bool], ...] = ()

    @property
    def id(self) -> str:
        return str(self.data["id"])

    @property
    def due(self) -> float:
        return self.schedule.due

    @property
    def learnt(self) -> bool:
        return self.schedule.repetitions >= LEARNT


@dataclass(frozen=True, slots=True)
class Deck:
    cards: tuple[Card, ...] = ()

    def card(self, card_id: str) -> Card | None:
        return next((card for card in self.cards if card.id == card_id), None)

    def with_cards(self, records: list[dict[str, Any]], now: float) -> Deck:
        """The deck with the new cards among ``records`` (a known ``id`` is kept as it is),
        due at once."""
        known = {card.id for card in self.cards}
        added = []
        for record in records:
            if not valid_record(record) or record["id"] in known:
                continue
            known.add(record["id"])
            added.append(Card(dict(record), Schedule(due=now)))
        return Deck((*self.cards, *added)[-MAX_CARDS:])

    def due(self, now: float) -> list[Card]:
        """The cards due at ``now``, the longest overdue first."""
        return sorted((card for card in self.cards if card.due <= now), key=lambda c: c.due)

    def next_card(self, now: float) -> Card | None:
        found = self.due(now)
        return found[0] if found else None

    def answered(self, card_id: str, right: bool, now: float) -> Deck:
        """The deck after an answer to the card ``card_id``."""
        cards = []
        for card in self.cards:
            if card.id == card_id:
                answers = (*card.answers, (now, right))[-KEPT_ANSWERS:]
                card = replace(card, schedule=card.schedule.after(right, now), answers=answers)
            cards.append(card)
        return Deck(tuple(cards))

    def without(self, card_id: str) -> Deck:
        return Deck(tuple(card for card in self.cards if card.id != card_id))

    def to_text(self) -> str:
        return json.dumps(
            {
                "version": VERSION,
                "cards": [
                    {
                        "card": card.data,
                        "schedule": [
                            card.schedule.repetitions,
                            card.schedule.ease,
                            card.schedule.interval,
                            card.schedule.due,
                        ],
                        "answers": [[time, int(right)] for time, right in card.answers],
                    }
                    for card in self.cards
                ],
            },
            separators=(",", ":"),
        )

    def merged(self, other: Deck) -> Deck:
        """``other`` imported into this deck: new cards added, a known card keeping the
        schedule with more right answers in a row (then the later due date)."""
        mine = {card.id: card for card in self.cards}
        order = [card.id for card in self.cards]
        for card in other.cards:
            known = mine.get(card.id)
            if known is None:
                order.append(card.id)
                mine[card.id] = card
            elif (card.schedule.repetitions, card.due) > (known.schedule.repetitions, known.due):
                mine[card.id] = card
        return Deck(tuple(mine[card_id] for card_id in order)[-MAX_CARDS:])


def valid_record(record: object) -> bool:
    """A card's data: a dictionary with short text ``id``, ``kind``, ``gnubg_id`` and ``best``."""
    if not isinstance(record, dict):
        return False
    return all(isinstance(record.get(name), str) and 0 < len(record[name]) <= 200
               for name in CARD_FIELDS)  # fmt: skip


def _read_card(item: object) -> Card | None:
    if not isinstance(item, dict) or not valid_record(item.get("card")):
        return None
    schedule = Schedule()
    found = item.get("schedule")
    if isinstance(found, list) and len(found) == 4:
        repetitions = found[0] if type(found[0]) is int and 0 <= found[0] < 10_000 else None
        ease = finite(found[1], LOWEST_EASE, 10.0)
        interval = finite(found[2], 0.0, 1e6)
        due = finite(found[3], 0.0, 1e15)
        if None not in (repetitions, ease, interval, due):
            schedule = Schedule(repetitions, ease, interval, due)  # type: ignore[arg-type]
    answers = []
    found_answers = item.get("answers")
    for answer in found_answers if isinstance(found_answers, list) else []:
        if isinstance(answer, list) and len(answer) == 2 and answer[1] in (0, 1):
            time = finite(answer[0], 0.0, 1e15)
            if time is not None:
                answers.append((time, bool(answer[1])))
    return Card(item["card"], schedule, tuple(answers[-KEPT_ANSWERS:]))


def read_deck(text: object) -> Deck:
    """The deck saved or exported as ``text``; an empty deck for anything unreadable, and
    only the cards that can be read (never raises)."""
    return deck_from(data_of(text, DECK))


def deck_from(data: object) -> Deck:
    """The deck in ``data`` as the door read it (None: an empty deck); only the cards that
    can be read."""
    if not isinstance(data, dict):
        return Deck()
    found = data.get("cards")
    cards: list[Card] = []
    seen: set[str] = set()
    for item in found if isinstance(found, list) else []:
        try:
            card = _read_card(item)
        except (TypeError, ValueError, OverflowError, RecursionError, AttributeError, KeyError):
            card = None  # a card no reading makes sense of is left out, the others kept
        if card is not None and card.id not in seen:
            seen.add(card.id)
            cards.append(card)
    return Deck(tuple(cards[-MAX_CARDS:]))


# --- judging an answer -----------------------------------------------------------------------

DOUBTFUL = 0.04  # game.analysis.marks.DOUBTFUL, without importing the analysis


def judge_play(record: dict[str, Any], result_id: str) -> bool:
    """Whether the play that leads to ``result_id`` (the Position ID after it, the mover
    still on roll) answers a checker-play card right: it loses less than 0.04 against the
    best by the card's ranked plays (a play not among them is counted wrong)."""
    plays = record.get("plays") or []
    if not plays:
        return False
    best = float(plays[0][2])
    for _, position_id, equity in plays:
        if position_id == result_id:
            return best - float(equity) < DOUBTFUL - 1e-12
    return False


def judge_cube(record: dict[str, Any], action: str) -> bool:
    """Whether the cube ``action`` (``double``, ``no double``, ``take``, ``pass``,
    ``beaver``) answers a cube card right: the card's best answer (a beaver counts as the
    take it also is)."""
    best = str(record.get("best"))
    if action == best:
        return True
    return action == "beaver" and best == "take"


# --- progress --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Progress:
    """Cards in the deck, learnt, due now; per day (days since 1970) the answers given and
    the right ones, oldest first."""

    cards: int
    learnt: int
    due: int
    days: tuple[tuple[int, int, int], ...]


def progress(deck: Deck, now: float) -> Progress:
    per_day: dict[int, list[int]] = {}
    for card in deck.cards:
        for time, right in card.answers:
            counts = per_day.setdefault(int(time // DAY_MS), [0, 0])
            counts[0] += 1
            counts[1] += right
    return Progress(
        len(deck.cards),
        sum(card.learnt for card in deck.cards),
        len(deck.due(now)),
        tuple((day, total, right) for day, (total, right) in sorted(per_day.items())),
    )


def progress_words(found: Progress) -> str:
    """``12 cards, 5 learnt, 3 due now; answers right: 18 of 25`` (in the page's language)."""
    given = sum(total for _, total, _ in found.days)
    right = sum(r for _, _, r in found.days)
    if given:
        return n_(
            "{count} card, {learnt} learnt, {due} due now; answers right: {right} of {given}",
            "{count} cards, {learnt} learnt, {due} due now; answers right: {right} of {given}",
            found.cards,
            learnt=found.learnt,
            due=found.due,
            right=right,
            given=given,
        )
    return n_(
        "{count} card, {learnt} learnt, {due} due now",
        "{count} cards, {learnt} learnt, {due} due now",
        found.cards,
        learnt=found.learnt,
        due=found.due,
    )
