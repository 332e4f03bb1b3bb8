"""The checker a pressed pointer carries: drawn under the finger until it is let go.

The move itself is still made by the press and the release (``BoardPointer`` taps the
origin, then the point under the release); ``DraggedChecker`` only shows the checker
travelling, so a drag looks like one. It draws a copy of the selected checker on top of the
board and hides nothing else: whatever happens, the next paint of the board replaces it.
"""

from __future__ import annotations

from collections.abc import Callable

from game.web.browser.dom import (
    Event,
    Node,
    board_point,
    board_target,
    element,
    on,
    on_board,
    point_target,
)

SLACK = 6.0  # board units a press may wander before it counts as a drag, not a tap
CLICK_AFTER_PRESS = 1500.0  # ms: a click this soon after a pointer's press is that press


class BoardPointer:
    """Taps on the board: a click, Enter/Space on a point, or a pointer pressed on one point
    and let go on another (a drag). ``tap`` gets the point in the viewer's numbering;
    ``mover_at_bottom`` says how the board is drawn now; ``now_ms`` is the page's clock."""

    def __init__(
        self,
        tap: Callable[[int], object],
        mover_at_bottom: Callable[[], bool],
        now_ms: Callable[[], float],
    ) -> None:
        self.tap, self.mover_at_bottom, self.now_ms = tap, mover_at_bottom, now_ms
        self.pressed: tuple[int | None, float] = (None, -1e9)  # a pointer's point, and when
        self.dragged = DraggedChecker()

    def bind(self) -> None:
        on_board(self.board_tap)
        on("pointerdown", "#board")(self.down)
        on("pointermove", "#board")(self.move)
        on("pointercancel", "#board")(self.cancel)
        on("pointerup", "#board")(self.up)

    def board_tap(self, event: Event) -> None:
        """A click on the board, or Enter/Space on a point; a pointer's press already
        counted (pointerdown), so the click that follows it is not a second tap."""
        if event.type == "click" and self.now_ms() - self.pressed[1] < CLICK_AFTER_PRESS:
            return
        target = board_target(event, self.mover_at_bottom())
        if target is not None:
            self.tap(target)

    def down(self, event: Event) -> None:
        if event.button != 0:
            return
        target = board_target(event, self.mover_at_bottom())
        self.pressed = (target, self.now_ms())
        if target is not None:
            self.tap(target)
            self.dragged.pick_up(event)

    def move(self, event: Event) -> None:
        if self.pressed[0] is not None:
            self.dragged.follow(event)

    def cancel(self, event: Event) -> None:
        self.pressed = (None, self.pressed[1])
        self.dragged.drop()

    def up(self, event: Event) -> None:
        start = self.pressed[0]
        self.pressed = (None, self.pressed[1])
        self.dragged.drop()
        if start is None:
            return
        end = point_target(event, self.mover_at_bottom())
        if end is not None and end != start:  # dragged to another point: moved there
            self.tap(end)


class DraggedChecker:
    """The copy of the picked checker that follows the pointer while it is pressed."""

    def __init__(self) -> None:
        self.copy: Node | None = None
        self.start: tuple[float, float] = (0.0, 0.0)  # where the press was, in board units
        self.centre: tuple[float, float] = (0.0, 0.0)  # the checker's own centre
        self.moving = False

    def pick_up(self, event: Event) -> None:
        """After a press selected a checker, lay a copy of it over the board."""
        self.drop()
        board = element("board")
        held = board.querySelector('svg [data-selected="true"]') if board else None
        start = board_point(event)
        if not held or start is None:
            return
        copy = held.cloneNode(False)
        copy.removeAttribute("data-selected")
        copy.setAttribute("class", f"{held.getAttribute('class')} dragged")
        copy.setAttribute("pointer-events", "none")
        copy.setAttribute("visibility", "hidden")  # shown once the pointer really moves
        held.ownerSVGElement.appendChild(copy)
        self.copy, self.start, self.moving = copy, start, False
        self.centre = (float(held.getAttribute("cx")), float(held.getAttribute("cy")))

    def follow(self, event: Event) -> None:
        """Move the copy with the pointer (in board units, so any board size works)."""
        if self.copy is None or not self.copy.isConnected:
            self.copy = None
            return
        where = board_point(event)
        if where is None:
            return
        dx, dy = where[0] - self.start[0], where[1] - self.start[1]
        if not self.moving and dx * dx + dy * dy < SLACK * SLACK:
            return
        self.moving = True
        self.copy.setAttribute("cx", f"{self.centre[0] + dx:.1f}")
        self.copy.setAttribute("cy", f"{self.centre[1] + dy:.1f}")
        self.copy.removeAttribute("visibility")

    def drop(self) -> None:
        """Let go: the copy leaves the board (a move, if any, repaints it anyway)."""
        if self.copy is not None and self.copy.isConnected:
            self.copy.remove()
        self.copy, self.moving = None, False
