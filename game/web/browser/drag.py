"""The checker a pressed pointer carries: drawn under the finger until it is let go.

The move itself is still made by the press and the release (``App``'s pointer handlers
tap the origin, then the point under the release); this only shows the checker travelling,
so a drag looks like one. It draws a copy of the selected checker on top of the board and
hides nothing else: whatever happens, the next paint of the board replaces it.
"""

from __future__ import annotations

from game.web.browser.dom import Event, Node, board_point, element

SLACK = 6.0  # board units a press may wander before it counts as a drag, not a tap


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
