"""Board geometry in SVG units, and hit-testing: where each point, the bar and the trays are.

    >>> point_box(1)            # the bottom player's 1-point: bottom right, beside the tray
    Box(x=686, y=334, width=56, height=288)
    >>> target_at(700, 500)     # a tap there means that point
    1

Everything here is in the *viewer's* numbering: the side drawn at the bottom
moves from its 24-point (top right) round to its 1-point (bottom right) and
bears off into the tray on the right. The top side's point ``p`` is the
viewer's ``25 - p``. No DOM here: the page converts a tap to SVG units and asks
``target_at``.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.engine.position import BAR, OFF

WIDTH = 840
HEIGHT = 664

LABEL = 28  # strip for the point numbers, above and below the frame
FRAME = 14
POINT_WIDTH = 56
RADIUS = 26  # a checker is 52 across, a little narrower than a point
STEP = 2 * RADIUS  # distance between checkers in a stack
SHOWN = 5  # checkers drawn per stack; a taller stack shows its count

LEFT_FIELD = FRAME  # x of the left half's first point
BAR_X = LEFT_FIELD + 6 * POINT_WIDTH  # 350
BAR_WIDTH = 56
RIGHT_FIELD = BAR_X + BAR_WIDTH  # 406
RIGHT_EDGE = RIGHT_FIELD + 6 * POINT_WIDTH  # 742
TRAY_X = RIGHT_EDGE + FRAME  # 756
TRAY_WIDTH = WIDTH - TRAY_X - 4  # 80

TOP = LABEL + FRAME  # 38: top of the playing field
BOTTOM = HEIGHT - LABEL - FRAME  # 618
MIDDLE = (TOP + BOTTOM) // 2  # 328
TRIANGLE = 232  # height of a point's triangle; stacks of 5 reach a little further

TRAY_SLAB = 16  # a borne-off checker seen edge-on
TRAY_GAP = 1

DIE = 70  # about 30 px on a 375 px phone: dice a thumb can read
CUBE = 40


@dataclass(frozen=True, slots=True)
class Box:
    x: float
    y: float
    width: float
    height: float

    def contains(self, x: float, y: float) -> bool:
        return self.x <= x < self.x + self.width and self.y <= y < self.y + self.height


def is_top(point: int) -> bool:
    """Points 13-24 (viewer's numbering) are on the far side of the board."""
    return point >= 13


def point_left(point: int) -> int:
    """x of the left edge of a point's column."""
    if not 1 <= point <= 24:
        raise ValueError(f"no point {point} on the board: points are 1-24")
    if point <= 6:
        return RIGHT_EDGE - point * POINT_WIDTH
    if point <= 12:
        return BAR_X - (point - 6) * POINT_WIDTH
    if point <= 18:
        return LEFT_FIELD + (point - 13) * POINT_WIDTH
    return RIGHT_FIELD + (point - 19) * POINT_WIDTH


def point_centre(point: int) -> int:
    return point_left(point) + POINT_WIDTH // 2


def point_box(point: int) -> Box:
    """The tappable column of a point: its half of the field, base to middle."""
    x = point_left(point)
    if is_top(point):
        return Box(x, TOP, POINT_WIDTH, MIDDLE - TOP - 2)
    return Box(x, MIDDLE + 2, POINT_WIDTH, BOTTOM - MIDDLE - 2)


def checker_centre(point: int, index: int) -> tuple[int, int]:
    """Centre of the ``index``-th checker (0 at the base) of a stack on a point."""
    x = point_centre(point)
    if is_top(point):
        return x, TOP + RADIUS + index * STEP
    return x, BOTTOM - RADIUS - index * STEP


def bar_centre(bottom_side: bool, index: int) -> tuple[int, int]:
    """Checkers on the bar sit in the half of the bar on their owner's side, from the middle out."""
    x = BAR_X + BAR_WIDTH // 2
    offset = 44 + RADIUS + index * STEP
    return (x, MIDDLE + offset) if bottom_side else (x, MIDDLE - offset)


def bar_box() -> Box:
    return Box(BAR_X, TOP, BAR_WIDTH, BOTTOM - TOP)


def tray_box(bottom_side: bool) -> Box:
    """The bear-off tray of the bottom (or top) side: the right-hand column, its own half."""
    if bottom_side:
        return Box(TRAY_X, MIDDLE + 2, TRAY_WIDTH, BOTTOM - MIDDLE - 2)
    return Box(TRAY_X, TOP, TRAY_WIDTH, MIDDLE - TOP - 2)


def tray_slab(bottom_side: bool, index: int) -> Box:
    """The ``index``-th borne-off checker (0 first), stacked from the outer edge."""
    x = TRAY_X + 10
    width = TRAY_WIDTH - 20
    if bottom_side:
        y = BOTTOM - 6 - (index + 1) * TRAY_SLAB - index * TRAY_GAP
    else:
        y = TOP + 6 + index * (TRAY_SLAB + TRAY_GAP)
    return Box(x, y, width, TRAY_SLAB)


def dice_centres(count: int, bottom_side: bool) -> list[tuple[int, int]]:
    """Where ``count`` dice lie: the right half for the bottom side, the left for the top."""
    field = RIGHT_FIELD if bottom_side else LEFT_FIELD
    centre = field + 3 * POINT_WIDTH
    gap = DIE + 10
    first = centre - gap * (count - 1) / 2
    return [(round(first + i * gap), MIDDLE) for i in range(count)]


def target_at(x: float, y: float, bottom_side: bool = True) -> int | None:
    """What a tap at SVG coordinates ``(x, y)`` means, in the viewer's numbering.

    A point 1-24, ``BAR`` (25) or ``OFF`` (0, the tray of ``bottom_side``,
    the side on roll), or None for the frame and margins.
    """
    if bar_box().contains(x, y):
        return BAR
    if TRAY_X <= x < WIDTH and TOP <= y < BOTTOM:
        return OFF if tray_box(bottom_side).contains(x, y) else None
    if not TOP <= y < BOTTOM:
        return None
    for point in range(1, 25):
        if point_box(point).contains(x, y):
            return point
    return None
