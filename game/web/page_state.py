"""The page's state as one plain value: the game, what is reviewed, drawn, analysed, rated.

    >>> state = PageState.new(Session.new())
    >>> state.room, state.shown_session is state.session
    ('table', True)

Controllers make a new ``PageState`` with ``dataclasses.replace`` and hand it to the page's
``commit`` (game/web/app.py), which saves, paints (game/web/paint.py) and lets the computer
go on. Nothing here touches the browser.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.engine.plays import Play
from game.engine.record import Record
from game.engine.state import GameState
from game.web import rating
from game.web.replay import Replay
from game.web.session import Session
from game.web.view import player_name

# The rooms: the table (play), the review (moves, analysis, dice) and the study (rating).
TABLE, REVIEW, STUDY = "table", "review", "study"
ROOMS = (TABLE, REVIEW, STUDY)
# The review's tabs, beside the board.
MOVES, ANALYSIS, DICE = "moves", "analysis", "dice"
TABS = (MOVES, ANALYSIS, DICE)


@dataclass(frozen=True)
class PageState:
    session: Session  # the live game (game/web/session.py)
    history: Record  # every action of the live match
    replay: Replay | None = None  # a moment of a record under review (None: the live game)
    linked: Record | None = None  # the record a whole-game link brought
    link_opponent: str | None = None  # who plays whom, as that link says
    busy: bool = False  # the computer's turn is being shown
    tutoring: bool = False  # the tutor is looking at the person's choice: it is held
    drawn: tuple[GameState, Play] | None = None  # a play drawn over that moment (hint, tutor)
    analysis: tuple[Record, dict[str, Any]] | None = None  # the record analysed and its result
    rating: rating.Book = field(default_factory=lambda: rating.read_book(None))
    room: str = TABLE
    tab: str = MOVES  # the review's tab shown

    @classmethod
    def new(cls, session: Session, history: Record | None = None) -> PageState:
        return cls(session, history if history is not None else Record(session.game))

    @property
    def reviewing(self) -> bool:
        return self.replay is not None

    @property
    def shown_session(self) -> Session:
        """The session the board shows: the live one, or the moment under review."""
        if self.replay is None:
            return self.session
        return Session(self.replay.state, self.session.settings)

    def named_history(self) -> Record:
        """The live record with the players' names as the page shows them."""
        names = (player_name(self.session, 0), player_name(self.session, 1))
        return self.history.with_names(names)

    def reviewed_record(self) -> Record:
        """The record under review when there is one (a file, a link), else the live game."""
        return self.replay.record if self.replay is not None else self.named_history()
