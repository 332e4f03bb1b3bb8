"""The page's state as one plain value: the game, what is reviewed, drawn, analysed; and the
rooms' own slices, each of a type its room defines (the trainer's card, the games by link),
held here as a protocol so that a change to a room never reaches the state.

    >>> state = PageState.new(Session.new())
    >>> state.room, state.shown_session is state.session
    ('table', True)

Controllers make a new ``PageState`` with ``dataclasses.replace`` and hand it to the page's
``commit`` (game/web/app.py), which saves, paints (game/web/paint.py) and lets the computer
go on. Nothing here touches the browser.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

from game.engine.plays import Play
from game.engine.record import Record
from game.engine.seeded_dice import GameDice
from game.engine.state import GameState
from game.formats.friend_link import FriendGame
from game.web.state.dice_box import DiceBox
from game.web.state.replay import Replay
from game.web.state.session import Session, Settings, seat_of, seated

# The rooms shown: the table (play), the review (moves, analysis, dice), the rating (STUDY, its
# name in the page's classes) and the train room (the trainer's cards asked again).
TABLE, REVIEW, STUDY, TRAIN = "table", "review", "study", "train"
ROOMS = (TABLE, REVIEW, STUDY, TRAIN)
# The review's tabs, beside the board.
MOVES, ANALYSIS, DICE = "moves", "analysis", "dice"
TABS = (MOVES, ANALYSIS, DICE)


class RoomBoard(Protocol):
    """A board a room asks on its own instead of the live game, held in the state as the room's
    slice, of the room's own type (the trainer's card: ``Quiz``, game/web/trainer/questions.py). The
    shared parts show only its session."""

    @property
    def session(self) -> Session: ...


class GamesByLink(Protocol):
    """The games by link on this device, the play-by-link room's slice of its own type
    (``FriendGames``, game/web/link_play/games.py). The shared parts only find the one on the
    board."""

    def find(self, game_id: bytes, /) -> FriendGame | None: ...


def seated_at(record: Record, session: Session) -> Record:
    """``record`` played on by the players as ``session`` seats them (``seat_of``: their
    names, ``You`` and ``Computer``, ``Cyan`` and ``Pink``..., the computer's level, the board
    turned or not); what was played before keeps its own. The live record is seated before
    each action (game/web/table/saving.py), so that its review shows each game as it was
    played whatever the settings are later."""
    return record.seated(seat_of(session))


def reviewed_session(record: Record, moment: tuple[int, int, GameState], live: Settings) -> Session:
    """A moment of ``record`` (``Replay.moments``' ``(game, actions, state)``) as the board
    shows it: turned and said as the players of the next action sat (``seated``: the person's
    checkers where they were, "The computer takes", a board turned to each mover or not),
    named as the record names them; the live settings only where the record cannot say."""
    game, actions, state = moment
    seat = record.seat_at(game, actions)
    settings, side = seated(seat.names, live, seat.turned)
    return Session(state, settings, names=seat.names, link_side=side)


@dataclass(frozen=True)
class PageState:
    session: Session  # the live game (game/web/state/session.py)
    history: Record  # every action of the live match
    replay: Replay | None = None  # a moment of a record under review (None: the live game)
    linked: Record | None = None  # the record a whole-game link brought
    link_opponent: str | None = None  # who plays whom, as that link says
    busy: bool = False  # the computer's turn is being shown
    tutoring: bool = False  # the tutor is looking at the person's choice: it is held
    drawn: tuple[GameState, Play] | None = None  # a play drawn over that moment (hint, tutor)
    analysis: tuple[Record, dict[str, Any]] | None = None  # the record analysed and its result
    room: str = TABLE
    tab: str = MOVES  # the review's tab shown
    quiz: RoomBoard | None = None  # the trainer's slice: the card asked in the train room
    dice: DiceBox = field(default_factory=DiceBox)  # the live match's seeds (dice_box.py)
    links: GamesByLink | None = None  # play by link's slice: the games by link on this device
    link_game: bytes | None = None  # the id of the game by link on the board (None: none)

    @classmethod
    def new(cls, session: Session, history: Record | None = None) -> PageState:
        if history is None:
            history = seated_at(Record(session.game), session)
        return cls(session, history)

    @property
    def reviewing(self) -> bool:
        return self.replay is not None

    @property
    def quizzing(self) -> bool:
        """The board shows a card of the train room, not the live game."""
        return self.room == TRAIN and self.quiz is not None and self.replay is None

    @property
    def friend(self) -> FriendGame | None:
        """The game by link on the board (game/web/link_play/room.py), if it is one."""
        if self.link_game is None or self.links is None:
            return None
        return self.links.find(self.link_game)

    @property
    def waiting(self) -> bool:
        """A game by link whose next link is the friend's: nothing to do here but send ours."""
        friend = self.friend
        return friend is not None and not friend.my_turn

    @property
    def shown_session(self) -> Session:
        """The session the board shows: the live one, the moment under review (turned, said
        and named as its record's players sat: ``reviewed_session``), or the card asked in
        the train room."""
        if self.quizzing:
            assert self.quiz is not None
            return self.quiz.session
        if self.replay is None:
            return self.session
        replay = self.replay
        return reviewed_session(replay.record, replay.moments[replay.at], self.session.settings)

    def reader_of(self, record: Record) -> int | None:
        """The player in whose numbers ``record``'s plays are written (``Situation.reader``),
        as its players sit at its end."""
        moment = (*record.end, record.state)
        return reviewed_session(record, moment, self.session.settings).reader

    def named_history(self) -> Record:
        """The live record, its players as they sat when it was last played (``seated_at``)."""
        return self.history

    def live_dice(self) -> dict[int, GameDice]:
        """The live match's commitments, and each finished game's seed."""
        return self.dice.game_dice(self.history)

    def live_replay(self) -> Replay:
        """The live match to review, at its last moment, with its dice."""
        return Replay.of(self.named_history(), dice=self.live_dice())

    def reviewed_dice(self) -> dict[int, GameDice]:
        """The dice of ``reviewed_record``: its file's or link's, or the live match's."""
        return dict(self.replay.dice) if self.replay is not None else self.live_dice()

    def reviewed_record(self) -> Record:
        """The record under review when there is one (a file, a link), else the live game."""
        return self.replay.record if self.replay is not None else self.named_history()
