"""The page's save: the game and its history in localStorage, and what the player is told.

    saving = Saving(page, notices, key)
    problem = saving.restore()          # the saved game into page.state (or why it could not)
    page.saver = saving.save            # every commit saves

Reads and writes go through ``storage.SaveKeeper``: it never writes over a newer game
(another tab's), a newer page's save, or a save it could not read. Beside the save: the
record of the match (game/web/store/history.py) and the board painted for the next visit's first
frame (game/web/board/prerender.py).
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Callable
from dataclasses import replace

from game.engine.record import Record
from game.engine.state import Phase
from game.web.board.prerender import painted_board
from game.web.language.catalog import told
from game.web.state.commit import Page
from game.web.state.dice_box import DiceBox
from game.web.state.notices import Notices
from game.web.state.page_state import PageState, seated_at
from game.web.state.session import LINK, Session, seat_of
from game.web.state.surface import Clicks
from game.web.store import storage
from game.web.store.door import HISTORY, Door, board_key
from game.web.store.history import history_data, read_history_and_dice
from game.web.store.storage import SAVE_FILE
from game.web.table import words
from game.web.table.words import LOST_DICE, TOLD


class Saving:
    def __init__(self, page: Page, notices: Notices, key: str, door: Door) -> None:
        self.page = page
        self.notices = notices
        self.key = key
        self.door = door
        # The save's keeper reads and writes its own key (through the door's browser, raising:
        # it tells the player when there is no storage, or it is full).
        self.keeper = storage.SaveKeeper(door.reader(key), door.writer(key))
        self.told: set[storage.Outcome] = set()
        self.download_game: Callable[[], object] | None = None  # the match as a .mat file

    def clicks(self) -> Clicks:
        return {"#save-problem-download": self.download_unreadable}

    def restore(self) -> str | None:
        """Load the saved game into the page's state; a message if it could not be read."""
        state = self.page.state
        try:
            session = self.keeper.load()
        except storage.SaveError as error:
            self.page.state = replace(state, history=Record(state.session.game))
            return words.save_unreadable(error)
        if session is None:
            session = state.session
        history, box = self.saved_history(session)
        self.page.state = replace(state, session=session, history=history)
        self.restore_dice(box)
        return None

    def saved_history(self, session: Session) -> tuple[Record, DiceBox | None]:
        """The match's record and dice seeds saved beside ``session``'s game."""
        history: tuple[Record, DiceBox | None] = (Record(session.game), None)
        data = self.door.data(self.key + HISTORY)  # none, or not readable: it starts here
        if data is not None:
            with contextlib.suppress(Exception):
                history = read_history_and_dice(data, session.game)
        if not isinstance(data, dict) or "levels" not in data:
            # None, or saved before records kept their players: seated as the save's settings.
            history = (history[0].with_seats((((1, 0), seat_of(session)),)), history[1])
        return history

    def dice_for(self, state: PageState) -> DiceBox:
        """The seeds of ``state``'s record, from the page's last record's. A game by link has
        none: both players fix its dice together (game/web/link_play/room.py)."""
        if state.session.settings.opponent == LINK:
            return DiceBox(tuple(None for _ in state.history.games))
        return state.dice.follow(self.page.state.history, state.history)

    def adopted_state(self, state: PageState, session: Session) -> PageState:
        """``state`` with another tab's newer game, its record and its dice seeds."""
        history, box = self.saved_history(session)
        state = replace(state, session=session, history=history)
        if self.page.checkable_dice:
            state = replace(state, dice=(box or DiceBox()).follow(None, history))
        return state

    def restore_dice(self, box: DiceBox | None) -> None:
        """The saved seeds into the page's state (checkable dice only). Seeds that are lost
        lose no game: the game in progress goes on without a commitment (the player is told
        when it had begun and seeds were saved: a save from before seeds, or a position put
        in the save, says nothing), and the next game has a fresh seed."""
        if not self.page.checkable_dice:
            return
        state = self.page.state
        dice = (box or DiceBox()).follow(None, state.history)
        self.page.state = replace(state, dice=dice)
        number = len(state.history.games)
        begun = bool(state.history.games[-1]) or state.history.state.phase is not Phase.OPENING
        over = state.session.game.phase in (Phase.GAME_OVER, Phase.MATCH_OVER)
        lost = box is not None and len(box.seeds) < number  # saved, but not read back
        if lost and dice.cup(number) is None and begun and not over:
            self.notices.notice(told(LOST_DICE))

    def keep_unreadable(self) -> None:
        """Started without restoring: the save is kept as it is (it may be the cause)."""
        self.keeper.unreadable = self.keeper.stored()

    def save(self, state: PageState) -> PageState:
        """Save ``state``'s game (every commit); the state to show, another tab's if newer."""
        session = state.session
        last = session.last_play
        moves = (
            tuple((origin, destination) for origin, destination, _hit in last[1]) if last else ()
        )
        record = state.history.follow(session.game, moves)
        if record is not state.history or not len(record):
            # Played on (or begun): the action is the players' as they sit now, and the record
            # keeps who played what, so that other settings later never change how it was
            # played (its review, its files); a change of players begins where it was made.
            seated = seated_at(state.history, session)
            if seated is not state.history:  # new players: the action is theirs
                record = seated.follow(session.game, moves)
        state = replace(state, history=record)
        if self.page.checkable_dice:  # the seeds follow the record from the page's last one
            state = replace(state, dice=self.dice_for(state))
        outcome = self.keeper.save(session)
        if outcome is storage.Outcome.FULL:
            # Make room from this page's own copies first (the board drawn for the next visit,
            # the match's history): the game itself matters most. Then try once more.
            for key in (board_key(self.key), self.key + HISTORY):
                self.door.forget(key)
            outcome = self.keeper.save(session)
        if self.keeper.resumed:
            self.told -= {storage.Outcome.FULL, storage.Outcome.NO_STORAGE}
            self.notices.notice(told(words.SAVED_AGAIN))
        if outcome is storage.Outcome.NEWER and self.keeper.adopted is not None:
            # Another tab played on: show its game rather than write over it.
            state = self.adopted_state(state, self.keeper.adopted)
            self.tell(outcome)
        elif outcome is not storage.Outcome.WRITTEN:
            self.tell(outcome)
        else:
            # Its board beside it: boot.js paints it on the next visit before Python is up.
            with contextlib.suppress(Exception):
                board = painted_board(session, self.keeper.last_text or "")
                self.door.write(board_key(self.key), board)
            with contextlib.suppress(Exception):
                data = history_data(state.history, state.dice)
                history = json.dumps(data, separators=(",", ":"))
                self.door.write(self.key + HISTORY, history)
        return state

    def tell(self, outcome: storage.Outcome) -> None:
        """Say once why the game is not being saved (or was replaced by another tab's)."""
        if outcome in self.told and outcome is not storage.Outcome.NEWER:
            return
        self.told.add(outcome)
        kept = TOLD.get(outcome)
        text = told(kept) if kept else ""
        unsaved = (storage.Outcome.FULL, storage.Outcome.NO_STORAGE)
        if text and outcome in unsaved and self.download_game is not None:
            self.notices.ask(words.unsaved(text), self.download_game)
        elif text:
            self.notices.notice(text)

    def release(self) -> None:
        """The player chose a new game over an unreadable save: the next save replaces it."""
        self.keeper.release()
        self.page.surface.props("save-problem", hidden=True)

    def offer_saved_copy(self, problem: str, start_anew: Callable[[], object]) -> None:
        """A save that could not be read: said beside the board (``#save-problem``), which
        stays playable, with the save's copy to download and a new game one click away
        (``#save-problem-new``, New game's own button); the save is kept until the player
        starts anew. A page without that place (an embed) asks in the notice instead."""
        surface = self.page.surface
        if surface.has("save-problem"):
            surface.text(
                "save-problem-text",
                words.save_problem_beside(problem),
            )
            surface.props("save-problem", hidden=False)
            self.told.add(storage.Outcome.KEPT)  # said there: no notice in the board's way
            return

        def download_it() -> None:
            self.download_unreadable()
            self.notices.ask(words.save_downloaded(), start_anew)

        self.notices.ask(words.save_problem_asked(problem), download_it)

    def download_unreadable(self) -> None:
        """The unreadable save as it is stored, as a file (it stays stored)."""
        self.page.around.download(self.keeper.unreadable or "", SAVE_FILE, "application/json")

    def other_tab_saved(self, key: str, text: object) -> Session | None:
        """Another tab saved: its game when it is newer than this one."""
        if key != self.key:
            return None
        return self.keeper.newer(text)
