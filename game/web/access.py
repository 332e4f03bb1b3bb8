"""Keys, the board in words, the keyboard's place and what screen readers hear.

    access.key("r", tag="BODY", on_board=False)    # R rolls: True, the key was the page's
    access.toggle_words()                          # the board as text, kept in step with it

Keys (listed by ``?`` in index.html's ``#keys-dialog``, translated there): R roll, D double,
U undo, Enter confirm, H hint, T the board in words, ←/→/Home/End in the review, Esc closes a
panel or leaves the review. After
each paint the keyboard, when it is nowhere useful (on the page itself, or on a control now
gone), goes to the next useful control (``FOCUS_ORDER``); each change of turn is said in a
live region (``#announce``): the play just made and whose turn it is.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from html import escape

from game.web.paint import announcement, board_words
from game.web.review.room import Review
from game.web.state.commit import Page
from game.web.state.page_state import ANALYSIS, MOVES, TABLE, TRAIN, PageState
from game.web.state.surface import Clicks, Surface
from game.web.table.coach import Coach
from game.web.table.room import Table
from game.web.trainer.room import TrainRoom

# Where the keyboard goes when the control it was on is gone: the next useful one.
# Never a control that throws a game away (New game): with nothing useful left, the keyboard
# stays on the page, where R, U and Enter still reach the game.
FOCUS_ORDER = ["confirm", "roll", "take", "accept", "next-game", "board", "undo"]


class Access:
    def __init__(
        self, page: Page, table: Table, coach: Coach, review: Review, train: TrainRoom
    ) -> None:
        self.page = page
        self.table = table
        self.coach = coach
        self.review = review
        self.train = train
        self.shown_room = (TABLE, MOVES)
        self.rolled = False  # the person has just rolled: the keyboard goes to the board
        page.painted.append(self.after_paint)
        page.watchers.append(self.announce)

    def clicks(self) -> Clicks:
        """The buttons that reach across the rooms: the hint (or the tutor's), back to the
        table, analysing this game, the board in words, the keys' list."""
        surface = self.surface
        return {
            "#hint": self.hint,
            "#room-play": self.to_table,
            "#ending-analyse": lambda: self.analyse_this_game(self.plies()),
            "#analysis-run": lambda: self.run_analysis(self.plies()),
            "#words-toggle": self.toggle_words,
            "#keys-toggle": lambda: surface.open_dialog("keys-dialog", focus="keys-done"),
            "#keys-done": lambda: surface.close_dialog("keys-dialog"),
        }

    def plies(self) -> int:
        """How deep the analysis looks, as chosen beside its button."""
        return int(self.surface.value("analysis-plies") or "1")

    @property
    def surface(self) -> Surface:
        return self.page.surface

    def key(self, key: str, tag: str, on_board: bool) -> bool:
        """A key pressed outside the forms; True when it was the page's."""
        state = self.page.state
        if self.review.key(key):
            return True
        if state.room == TRAIN and key not in ("Escape", "t", "T", "?"):
            if key == "Enter" and (tag == "BUTTON" or on_board):
                return False  # a button or a point takes Enter itself
            return self.train.key(key)  # the table's keys never reach the live game here
        if key == "Escape":
            if not self.surface.is_hidden("hint-panel"):
                self.coach.close_hint()
            elif state.room != TABLE:
                self.to_table()
            elif not self.surface.is_hidden("board-words"):
                self.toggle_words()
            else:
                return False
            return True
        if key == "Enter":
            if tag == "BUTTON" or on_board or not state.session.may_confirm:
                return False  # a button or a point takes Enter itself
            self.table.confirm()
            return True
        actions: dict[str, Callable[[], object]] = {
            "r": self.table.roll,
            "d": lambda: self.table.cube("double"),
            "u": self.table.undo,
            "h": self.hint,
            "t": self.toggle_words,
            "?": lambda: self.surface.open_dialog("keys-dialog", focus="keys-done"),
        }
        action = actions.get(key.lower() if len(key) == 1 else key)
        if action is None:
            return False
        action()
        return True

    def hint(self) -> None:
        state = self.page.state
        if self.surface.is_hidden("hint") or state.busy or state.tutoring or state.reviewing:
            return
        self.page.around.spawn(self.coach.show_hint())

    def toggle_words(self) -> None:
        """The board as text, a sentence a line (the live game, or the moment reviewed)."""
        shown = self.surface.is_hidden("board-words")
        self.surface.props("board-words", hidden=not shown)
        self.surface.attribute("words-toggle", "aria-expanded", "true" if shown else "false")
        if shown:
            self.show_words(self.page.state)

    def show_words(self, state: PageState) -> None:
        if self.surface.is_hidden("board-words"):
            return
        lines = "".join(f"<p>{escape(line)}</p>" for line in board_words(state))
        self.surface.html("board-words", lines)

    def after_paint(self, state: PageState) -> None:
        """The words kept in step with the board; a room opened at its top; the keyboard on
        the next useful control."""
        self.show_words(state)
        if (state.room, state.tab) != self.shown_room:
            self.shown_room = (state.room, state.tab)
            self.surface.props("panel", scrollTop=0)
        if state.room == TABLE and not state.busy:
            # A whole play: Confirm is next, even from the board.
            # A roll just made: the board is next, wherever the keyboard pressed Roll from.
            whole = state.session.may_confirm and not state.tutoring
            self.surface.keep_focus(FOCUS_ORDER, whole or self.rolled)
            self.rolled = False

    def announce(self, before: PageState, after: PageState) -> PageState:
        was, now = before.session, after.session
        if was.turn is None and now.turn is not None and now.person_to_act:
            self.rolled = True
        words = announcement(before, after)
        if words:
            self.surface.text("announce", words)
        return after

    def tap(self, target: int) -> None:
        """A tap on the board: the card asked in the train room, else the live game."""
        state = self.page.state
        if state.quizzing:
            self.train.tap(target)
        elif state.room != TRAIN:  # with no card asked there, the live board rests
            self.table.tap(target)

    def to_table(self) -> None:
        """The table: the live game and its actions."""
        self.page.show(replace(self.page.state, replay=None, room=TABLE))

    def analyse_this_game(self, plies: int) -> None:
        """The end card's *Analyse this game*: the review's analysis of the live game."""
        self.review.open_tab(ANALYSIS)
        self.run_analysis(plies)

    def run_analysis(self, plies: int) -> None:
        """Analyse the record under review (a match file being read: once it is shown)."""
        self.page.around.spawn(self.review.analyse_shown(plies))
