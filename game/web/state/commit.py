"""The page's one state and its one way to change: ``commit`` saves, paints, lets the computer on.

    page = Page(surface, surroundings, PageState.new(Session.new()), PAINTING)
    page.commit(replace(page.state, session=page.rolled()))

Controllers (``table``, ``coach``, ``review``, ``sharing``, the rating) hold the
``Page`` and never keep state of their own that painting needs. ``commit`` runs the
``saver`` (game/web/table/saving.py: the save may hand back another tab's newer game), the
``watchers`` (the rating counts a finished match, the hint closes when its moment has
passed), paints (game/web/paint.py) and calls the ``after`` hooks (the computer's turn).
``show`` only paints: a step of the computer's play, or the thinking mark.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, replace

from game.engine.position import Position
from game.engine.record import same_moment
from game.web.state.page_state import PageState
from game.web.state.session import Session
from game.web.state.surface import Frame, Surface, Surroundings, apply


@dataclass(frozen=True)
class Moment:
    """The board part-way through a play: the position, the dice left, the checker moving."""

    position: Position | None = None
    dice_left: tuple[int, ...] | None = None
    moving: tuple[int, int] | None = None


@dataclass(frozen=True)
class Painting:
    """How a state is drawn (game/web/paint.py's ``PAINTING``, handed in by the composition
    root, so the state never imports the rooms whose views make up the page): the board's
    SVG, and everything around it."""

    board: Callable[[PageState, Moment | None, bool], str]
    frame: Callable[[PageState, Moment | None], Frame]


Saver = Callable[[PageState], PageState]
Watcher = Callable[[PageState, PageState], PageState]  # (before, after) -> after, amended


class Page:
    def __init__(
        self,
        surface: Surface,
        around: Surroundings,
        state: PageState,
        painting: Painting,
        rng: random.Random | None = None,
        pace: float = 1.0,
        embed: bool = False,
    ) -> None:
        self.surface = surface
        self.around = around
        self.state = state
        self.painting = painting
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
        self.surface.board(self.painting.board(state, moment, motion), state.busy)
        apply(self.surface, self.painting.frame(state, moment))
        for hook in self.painted:
            hook(state)
