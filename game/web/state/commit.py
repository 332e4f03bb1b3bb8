"""The page's one state and its one way to change: ``commit`` saves, paints, lets the computer on.

    page = Page(surface, surroundings, PageState.new(Session.new()))
    page.commit(replace(page.state, session=page.rolled()))

Controllers (``table``, ``coach``, ``review``, ``sharing``, ``study_room``) hold the
``Page`` and never keep state of their own that painting needs. ``commit`` runs the
``saver`` (game/web/table/saving.py: the save may hand back another tab's newer game), the
``watchers`` (the rating counts a finished match, the hint closes when its moment has
passed), paints (game/web/paint.py) and calls the ``after`` hooks (the computer's turn).
``show`` only paints: a step of the computer's play, or the thinking mark.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace

from game.engine.record import same_moment
from game.web.paint import Moment, board_markup, table_frame
from game.web.state.page_state import PageState
from game.web.state.session import Session
from game.web.state.surface import Surface, Surroundings, apply

Saver = Callable[[PageState], PageState]
Watcher = Callable[[PageState, PageState], PageState]  # (before, after) -> after, amended


class Page:
    def __init__(
        self,
        surface: Surface,
        around: Surroundings,
        state: PageState,
        rng: random.Random | None = None,
        pace: float = 1.0,
        embed: bool = False,
    ) -> None:
        self.surface = surface
        self.around = around
        self.state = state
        self.rng = rng or random.Random()
        self.pace = pace  # ?pace=0: the computer's moves without pauses (tests)
        self.embed = embed
        self.checkable_dice = False  # each game's rolls from its own secret seed (dice_box.py)
        self.saver: Saver = lambda state: state
        self.watchers: list[Watcher] = []
        self.painted: list[Callable[[PageState], None]] = []  # after every paint
        self.after: list[Callable[[], None]] = []  # after every commit (the computer's turn)

    def commit(self, state: PageState, moment: Moment | None = None, save: bool = True) -> None:
        """Make ``state`` the page's: save it, paint it, and let the computer act."""
        before = self.state
        if save:
            state = self.saver(state)
        for watcher in self.watchers:
            state = watcher(before, state)
        self.state = state
        self.paint(moment)
        for hook in self.after:
            hook()

    def rolled(self) -> Session:
        """The live session after the next roll: from the game's secret seed when it has one
        (checkable dice), else from ``rng`` (``?seed=``, a game with no commitment)."""
        state = self.state
        dice = state.dice.next_roll(state.history) if self.checkable_dice else None
        if dice is None or not same_moment(state.history.state, state.session.game):
            return state.session.roll(self.rng)
        return state.session.set_dice(dice)

    def show(self, state: PageState, moment: Moment | None = None) -> None:
        """Paint ``state`` without saving it (the busy mark, a step of the computer's play)."""
        self.state = state
        self.paint(moment)

    def update(self, **changes: object) -> None:
        """Change fields of the state that are not saved, and paint."""
        self.show(replace(self.state, **changes))  # type: ignore[arg-type]

    def paint(self, moment: Moment | None = None) -> None:
        state = self.state
        motion = not self.around.reduced_motion
        self.surface.board(board_markup(state, moment, motion), state.busy)
        apply(self.surface, table_frame(state, moment))
        for hook in self.painted:
            hook(state)
