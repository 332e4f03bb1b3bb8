"""The rating room: the person's rating, counted after each match against the computer.

    rating = RatingRoom(page, door)    # counts finished matches on every commit
    rating.toggle()                    # the rating panel shown or hidden

The rating's book (game/web/rating/book.py) is kept in this browser through the door
(``door.RATING``); an analysis of the person's own game adds its estimate
(game/web/review/room.py calls ``estimated``) and its cards join the trainer's deck.
"""

from __future__ import annotations

import time
from dataclasses import replace
from typing import Any

from game.engine.record import Record
from game.formats.game_link import encode_game
from game.web.rating import book as rating
from game.web.rating import words
from game.web.state.commit import Page
from game.web.state.page_state import STUDY, TABLE, PageState
from game.web.state.session import COMPUTER, LINK, Session
from game.web.state.surface import Clicks
from game.web.store import deck
from game.web.store.door import DECK, RATING, Door


def people_here(session: Session) -> tuple[int, ...]:
    """The players who sit at this device: the person against the computer (player 0), both
    friends sharing it, one side of a game by links (the friend's mistakes are not theirs)."""
    if session.settings.opponent == COMPUTER:
        return (0,)
    if session.settings.opponent == LINK:
        return (session.link_side,)
    return (0, 1)


def played_on(before: Record, after: Record) -> bool:
    """Whether ``after`` is ``before`` with more actions played (the same start and games)."""
    old, new = before.games, after.games
    if before.start != after.start or len(after) <= len(before) or len(new) < len(old):
        return False
    return new[: len(old) - 1] == old[:-1] and new[len(old) - 1][: len(old[-1])] == old[-1]


class RatingRoom:
    """The rating room; it alone holds the rating's book (read from storage once, kept there
    after every change)."""

    def __init__(self, page: Page, door: Door) -> None:
        self.page = page
        self.door = door  # the book and the deck, kept in this browser
        self.book = rating.book_from(door.data(RATING))  # nothing readable: a new book
        page.watchers.append(self.count_result)

    def clicks(self) -> Clicks:
        return {"#rating-toggle": self.toggle}

    def count_result(self, before: PageState, state: PageState) -> PageState:
        """A match (or money game) against the computer just ended at this table: rate it
        once. One that arrived over (a shared link of a finished match, taken at once in a
        browser with no game of its own) was not played here."""
        session = state.session
        if session.settings.opponent != COMPUTER:
            return state
        result = rating.result_of(session.game)
        if result is None or not played_on(before.history, state.history):
            return state
        mark = rating.fingerprint(encode_game(state.history))
        if mark == self.book.last:
            return state  # counted already (this page before a reload, or another tab)
        length, won = result
        self.keep(self.book.after_result(session.settings.level, length, won).with_last(mark))
        return state

    def estimated(self, record: Record, result: dict[str, Any]) -> None:
        """An analysis of the person's own game finished: its estimate refines the rating
        (against the computer), and the person's cards join the trainer's deck."""
        state = self.page.state
        if record != state.named_history():
            return
        session = state.session
        against_computer = session.settings.opponent == COMPUTER
        if against_computer:
            player = result["players"][0]
            self.keep(self.book.with_analysis(player).with_match(player))
        self.keep_cards(result.get("cards") or [], people_here(session))

    def keep_cards(self, records: list[dict[str, object]], people: tuple[int, ...]) -> None:
        """The person's cards of an analysed game join the trainer's deck (game.web.store.deck)."""
        mine = [r for r in records if r.get("player") in people]
        kept = deck.deck_from(self.door.data(DECK))  # a damaged deck is kept aside first
        self.door.write(DECK, kept.with_cards(mine, now=time.time() * 1000.0).to_text())

    def keep(self, book: rating.Book) -> None:
        self.book = book
        self.door.write(RATING, book.to_text())
        self.show(book)

    def toggle(self) -> None:
        """The study (the rating beside the live game); pressed there, back to the table."""
        state = self.page.state
        room = TABLE if state.room == STUDY else STUDY
        self.page.show(replace(state, room=room, replay=None))
        self.show(self.book)

    def show(self, book: rating.Book) -> None:
        surface = self.page.surface
        if surface.is_hidden("rating-panel"):
            return
        surface.text("rating-text", words.rating_words(book))
        surface.html("rating-chart", rating.history_chart(book))
        surface.text("rating-estimate", words.estimate_words(book))
        surface.html("rating-progress", rating.progress_chart(book))
        surface.text("rating-progress-text", words.progress_words(book))
        if surface.has("rating-cards"):
            kept = deck.deck_from(self.door.data(DECK))
            found = deck.progress(kept, now=time.time() * 1000.0)
            surface.text("rating-cards", words.cards_words(deck.progress_words(found)))
        surface.html("rating-levels", words.levels_html())
        surface.mark("rating", f"{book.rating:.1f}")
