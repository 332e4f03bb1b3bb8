"""The board as SVG text: a pure function of a ``BoardView``, no DOM.

    >>> from game.engine.position import Position
    >>> start = Position.start()
    >>> svg = board_svg(BoardView(bottom=start.player, top=start.opponent))
    >>> svg.count('class="checker cyan"'), svg.count('class="checker pink"')
    (15, 15)

A ``BoardView`` says what to draw in the viewer's numbering (see ``layout``):
the side at the bottom, its colour, the dice, which points are lit. Every
tappable area carries ``data-target`` (1-24 a point, 25 the bar, 0 a tray) so
the page and its tests can find it. Only numbers and fixed words go into the
text; colours are presentation attributes, never ``style=`` (the page's
Content-Security-Policy forbids inline styles).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from html import escape

from game.engine.position import BAR, OFF, Side
from game.web.board import layout as L
from game.web.language.catalog import _

ARRIVAL_SECONDS = 0.28
CYAN = "cyan"
PINK = "pink"

# fill, rim, light: the checker colours of each side.
PALETTE = {
    CYAN: ("#22d3ee", "#0e7490", "#a5f3fc"),
    PINK: ("#f472b6", "#9d174d", "#fbcfe8"),
}
BOARD = {
    "frame": "#1b2a44",
    "field": "#0f1b30",
    "bar": "#1b2a44",
    "tray": "#13223b",
    # Both kinds of point stand out from the field at 3:1 or more (WCAG AA for graphics).
    "point_dark": "#4b6aa0",
    "point_light": "#8099c8",
    "label": "#9fb3d1",
    "lit": "#facc15",
    "lit_fill": "#fde68a",
    "selected": "#ffffff",
    "pip": "#0b1220",
}


@dataclass(frozen=True)
class BoardView:
    """What the board shows, in the viewer's numbering (the bottom side's)."""

    bottom: Side
    top: Side
    bottom_colour: str = CYAN
    on_roll_bottom: bool | None = True  # whose dice/tray/bar are active; None for nobody
    dice: tuple[int, ...] = ()  # the mover's dice, four for doubles
    used: tuple[bool, ...] = ()  # which of ``dice`` are used up
    opening: tuple[int, int] | None = None  # (bottom's die, top's die) of the opening roll
    lit: frozenset[int] = field(default_factory=frozenset)  # points (or 0: the tray) to move to
    selected: int | None = None  # the origin picked: a point or 25 (the mover's bar)
    movable: frozenset[int] = field(default_factory=frozenset)  # origins that can move
    trail: tuple[tuple[int, int], ...] = ()  # the last moves: (origin, destination)
    trail_colour: str | None = None  # the colour of the side that made them
    moving: tuple[int, int] | None = None  # a move shown gliding: (origin, destination)
    # The cube: (value, True when the bottom side owns it, None when centred); None: no cube.
    cube: tuple[int, bool | None] | None = None
    offer: bool | None = None  # a double waits for its answer: offered by the bottom side?
    # Where ``dice`` lie when they are not the roller's: a roll that could not be played,
    # faded on its roller's side (True: the bottom side's) until the next roll.
    dice_bottom: bool | None = None

    @property
    def top_colour(self) -> str:
        return PINK if self.bottom_colour == CYAN else CYAN


def board_svg(view: BoardView) -> str:
    """The whole board as one ``<svg>`` element (text)."""
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {L.WIDTH} {L.HEIGHT}" '
        f'class="board-svg" role="group" aria-label="{escape(_("Backgammon board"))}" '
        'font-family="system-ui, -apple-system, Segoe UI, Roboto, sans-serif">',
        _defs(),
        _frame(),
    ]
    for point in range(1, 25):
        parts.append(_point(view, point))
    parts.append(_bar(view))
    parts.append(_tray(view, bottom_side=True))
    parts.append(_tray(view, bottom_side=False))
    parts.append(_trail(view))
    parts.append(_cube(view))
    parts.append(_dice(view))
    parts.append(_labels())
    parts.append("</svg>")
    return "".join(parts)


def _defs() -> str:
    gradients = []
    for name, (fill, rim, light) in PALETTE.items():
        gradients.append(
            f'<radialGradient id="g-{name}" cx="38%" cy="34%" r="70%">'
            f'<stop offset="0" stop-color="{light}"/><stop offset="0.45" stop-color="{fill}"/>'
            f'<stop offset="1" stop-color="{rim}"/></radialGradient>'
        )
    for name, (_fill, _rim, light) in PALETTE.items():
        # The head of a trail's arrow, in the light shade of the side that moved.
        gradients.append(
            f'<marker id="head-{name}" viewBox="0 0 10 10" refX="6" refY="5" '
            'markerWidth="4" markerHeight="4" orient="auto-start-reverse">'
            f'<path d="M0,0 L10,5 L0,10 z" fill="{light}"/></marker>'
        )
    return "<defs>" + "".join(gradients) + "</defs>"


def _frame() -> str:
    b = BOARD
    field_height = L.BOTTOM - L.TOP
    return (
        f'<rect class="frame" x="0" y="{L.LABEL}" width="{L.TRAY_X + L.TRAY_WIDTH + 4}" '
        f'height="{L.HEIGHT - 2 * L.LABEL}" rx="12" fill="{b["frame"]}"/>'
        f'<rect x="{L.LEFT_FIELD}" y="{L.TOP}" width="{L.BAR_X - L.LEFT_FIELD}" '
        f'height="{field_height}" fill="{b["field"]}"/>'
        f'<rect x="{L.RIGHT_FIELD}" y="{L.TOP}" width="{L.RIGHT_EDGE - L.RIGHT_FIELD}" '
        f'height="{field_height}" fill="{b["field"]}"/>'
    )


def _checker(colour: str, x: float, y: float, extra: str = "") -> str:
    rim = PALETTE[colour][1]
    return (
        f'<circle class="checker {colour}" cx="{x}" cy="{y}" r="{L.RADIUS - 1}" '
        f'fill="url(#g-{colour})" stroke="{rim}" stroke-width="2"{extra}/>'
        f'<circle cx="{x}" cy="{y}" r="{L.RADIUS - 9}" fill="none" stroke="{rim}" '
        f'stroke-opacity="0.45" stroke-width="1.5" pointer-events="none"/>'
    )


def _count(x: float, y: float, n: int) -> str:
    return (
        f'<text class="count" x="{x}" y="{y + 7}" text-anchor="middle" font-size="21" '
        f'font-weight="700" fill="{BOARD["pip"]}" pointer-events="none">{int(n)}</text>'
    )


def _stack(view: BoardView, point: int) -> tuple[str, int]:
    """The checkers on a point (viewer's numbering): (svg, owner count)."""
    mine = view.bottom[point]
    theirs = view.top[25 - point]
    n, colour = (mine, view.bottom_colour) if mine else (theirs, view.top_colour)
    parts = []
    for i in range(min(n, L.SHOWN)):
        x, y = L.checker_centre(point, i)
        extra = ""
        if i == min(n, L.SHOWN) - 1 and view.selected == point:
            extra = ' data-selected="true"'
        checker = _checker(colour, x, y, extra)
        if i == min(n, L.SHOWN) - 1 and view.moving and view.moving[1] == point:
            checker = _arriving(view, checker, x, y)
        parts.append(checker)
    if n:
        top_x, top_y = L.checker_centre(point, min(n, L.SHOWN) - 1)
        if view.selected == point:
            parts.append(_ring(top_x, top_y, BOARD["selected"]))
        elif point in view.movable:
            parts.append(_ring(top_x, top_y, BOARD["selected"], opacity=0.35, width=2))
        if n > L.SHOWN:
            parts.append(_count(top_x, top_y, n))
    return "".join(parts), n


def _arriving(view: BoardView, checker: str, x: float, y: float) -> str:
    """The checker that has just moved glides in from where it stood (SVG animation, no script)."""
    assert view.moving is not None
    origin = view.moving[0]
    if origin == BAR:
        mover_bottom = bool(view.on_roll_bottom)
        left_on_bar = (view.bottom if mover_bottom else view.top)[BAR]
        from_x, from_y = L.bar_centre(mover_bottom, min(left_on_bar, 3))
    elif 1 <= origin <= 24:
        standing = view.bottom[origin] + view.top[25 - origin]
        from_x, from_y = L.checker_centre(origin, min(standing, L.SHOWN - 1))
    else:
        return checker
    return (
        '<g class="arriving">'
        f'<animateTransform attributeName="transform" type="translate" '
        f'from="{from_x - x} {from_y - y}" to="0 0" dur="{ARRIVAL_SECONDS}s" '
        'calcMode="spline" keyTimes="0;1" keySplines="0.3 0 0.2 1" fill="freeze"/>'
        f"{checker}</g>"
    )


def _ring(x: float, y: float, colour: str, opacity: float = 1.0, width: int = 4) -> str:
    return (
        f'<circle class="ring" cx="{x}" cy="{y}" r="{L.RADIUS + 1}" fill="none" '
        f'stroke="{colour}" stroke-opacity="{opacity}" stroke-width="{width}" '
        'pointer-events="none"/>'
    )


def _focusable(view: BoardView, target: int) -> str:
    """Keyboard access: what can be picked up or moved to is a button (Tab, then Enter)."""
    if target in view.lit:
        label = _("Bear off here") if target == OFF else _("Move here: point {point}", point=target)
    elif target == view.selected:
        label = (
            _("Checker on the bar picked up; choose again to put it down")
            if target == BAR
            else _("Checker on point {point} picked up; choose again to put it down", point=target)
        )
    elif target in view.movable:
        label = (
            _("Pick up a checker on the bar")
            if target == BAR
            else _("Pick up a checker on point {point}", point=target)
        )
    else:
        return ""
    return f' tabindex="0" role="button" aria-label="{escape(label)}"'


def _point(view: BoardView, point: int) -> str:
    box = L.point_box(point)
    x0, x1, xm = box.x, box.x + L.POINT_WIDTH, box.x + L.POINT_WIDTH / 2
    if L.is_top(point):
        base, tip = L.TOP, L.TOP + L.TRIANGLE
    else:
        base, tip = L.BOTTOM, L.BOTTOM - L.TRIANGLE
    colour = BOARD["point_dark"] if point % 2 else BOARD["point_light"]
    lit = point in view.lit
    parts = [
        f'<g class="point{" lit" if lit else ""}" data-target="{point}"{_focusable(view, point)}>',
        f'<rect x="{box.x}" y="{box.y}" width="{box.width}" height="{box.height}" '
        f'fill="#000" fill-opacity="0"/>',
        f'<polygon points="{x0 + 2},{base} {x1 - 2},{base} {xm},{tip}" fill="{colour}"/>',
    ]
    stack, _count_on_point = _stack(view, point)
    if lit:
        parts.append(
            f'<polygon points="{x0 + 2},{base} {x1 - 2},{base} {xm},{tip}" '
            f'fill="{BOARD["lit_fill"]}" '
            f'fill-opacity="0.6" stroke="{BOARD["lit"]}" stroke-width="3" stroke-linejoin="round" '
            'pointer-events="none"/>'
        )
    parts.append(stack)
    if lit:
        # Where the checker would land: a dashed ghost on top of the stack (or over a blot it hits).
        movers = view.bottom[point] if view.on_roll_bottom else view.top[25 - point]
        landing = min(movers, L.SHOWN - 1)
        x, y = L.checker_centre(point, landing)
        parts.append(
            f'<circle class="landing" cx="{x}" cy="{y}" r="{L.RADIUS - 3}" fill="{BOARD["lit"]}" '
            f'fill-opacity="0.25" stroke="{BOARD["lit"]}" stroke-width="3" '
            f'stroke-dasharray="6 4" pointer-events="none"/>'
        )
    parts.append("</g>")
    return "".join(parts)


def _bar(view: BoardView) -> str:
    box = L.bar_box()
    parts = [
        f'<g class="bar" data-target="{BAR}"{_focusable(view, BAR)}>',
        f'<rect x="{box.x}" y="{box.y}" width="{box.width}" height="{box.height}" '
        f'fill="{BOARD["bar"]}"/>',
    ]
    for bottom_side, side, colour in (
        (True, view.bottom, view.bottom_colour),
        (False, view.top, view.top_colour),
    ):
        n = side[BAR]
        shown = min(n, 4)
        active = view.on_roll_bottom == bottom_side
        for i in range(shown):
            x, y = L.bar_centre(bottom_side, i)
            picked = active and view.selected == BAR and i == shown - 1
            parts.append(_checker(colour, x, y, ' data-selected="true"' if picked else ""))
        if n:
            x, y = L.bar_centre(bottom_side, shown - 1)
            if active and view.selected == BAR:
                parts.append(_ring(x, y, BOARD["selected"]))
            elif active and BAR in view.movable:
                parts.append(_ring(x, y, BOARD["selected"], opacity=0.35, width=2))
            if n > shown:
                parts.append(_count(x, y, n))
    parts.append("</g>")
    return "".join(parts)


def _tray(view: BoardView, bottom_side: bool) -> str:
    box = L.tray_box(bottom_side)
    side, colour = (view.bottom, view.bottom_colour) if bottom_side else (view.top, view.top_colour)
    lit = OFF in view.lit and view.on_roll_bottom == bottom_side
    fill, rim, _ = PALETTE[colour]
    parts = [
        f'<g class="tray{" lit" if lit else ""}" data-target="{OFF}" '
        f'data-side="{"bottom" if bottom_side else "top"}"{_focusable(view, OFF) if lit else ""}>',
        f'<rect x="{box.x}" y="{box.y}" width="{box.width}" height="{box.height}" rx="8" '
        f'fill="{BOARD["tray"]}"'
        + (f' stroke="{BOARD["lit"]}" stroke-width="3"' if lit else "")
        + "/>",
    ]
    if lit:
        parts.append(
            f'<rect x="{box.x}" y="{box.y}" width="{box.width}" height="{box.height}" rx="8" '
            f'fill="{BOARD["lit_fill"]}" fill-opacity="0.35" pointer-events="none"/>'
        )
    for i in range(side[OFF]):
        slab = L.tray_slab(bottom_side, i)
        parts.append(
            f'<rect class="off {colour}" x="{slab.x}" y="{slab.y}" width="{slab.width}" '
            f'height="{slab.height}" rx="4" fill="{fill}" stroke="{rim}" stroke-width="1.5"/>'
        )
    parts.append("</g>")
    return "".join(parts)


def _trail(view: BoardView) -> str:
    """The last play, so that it can be followed: a faint checker where each move started
    and an arrow to where it went (the page's legend reads the play in notation)."""
    if not view.trail:
        return ""
    colour = view.trail_colour or view.bottom_colour
    mover_bottom = colour == view.bottom_colour
    fill, _rim, light = PALETTE[colour]
    ghosts, arrows = [], []
    for origin, destination in view.trail:
        start = _trail_end(view, origin, mover_bottom, leaving=True)
        end = _trail_end(view, destination, mover_bottom, leaving=False)
        if start is None or end is None:
            continue
        if 1 <= origin <= 24:
            ghosts.append(
                f'<circle class="ghost" cx="{start[0]}" cy="{start[1]}" r="{L.RADIUS - 3}" '
                f'fill="{fill}" fill-opacity="0.22" stroke="{light}" stroke-width="2" '
                'stroke-dasharray="5 4"/>'
            )
        arrows.append(_arrow(start, end, colour))
    return (
        f'<g class="trail" data-colour="{colour}" pointer-events="none">'
        + "".join(ghosts)
        + "".join(arrows)
        + "</g>"
    )


def _trail_end(
    view: BoardView, point: int, mover_bottom: bool, leaving: bool
) -> tuple[float, float] | None:
    """Where a trail's arrow starts (the place a checker left) or ends (the checker now)."""
    if point == BAR:
        on_bar = (view.bottom if mover_bottom else view.top)[BAR]
        return L.bar_centre(mover_bottom, min(on_bar, 3))
    if point == OFF:
        box = L.tray_box(mover_bottom)
        return box.x + box.width / 2, box.y + box.height / 2
    if not 1 <= point <= 24:
        return None
    standing = view.bottom[point] + view.top[25 - point]
    if leaving:  # the empty place just above what still stands there
        return L.checker_centre(point, min(standing, L.SHOWN - 1))
    return L.checker_centre(point, max(min(standing, L.SHOWN) - 1, 0))


def _arrow(start: tuple[float, float], end: tuple[float, float], colour: str) -> str:
    """A line from ``start`` to ``end`` with a head, stopping short of the checkers' centres."""
    (x0, y0), (x1, y1) = start, end
    length = ((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5
    if length < 1:
        return ""
    trim = min(L.RADIUS * 0.5, length / 4)
    dx, dy = (x1 - x0) / length, (y1 - y0) / length
    x0, y0, x1, y1 = x0 + dx * trim, y0 + dy * trim, x1 - dx * trim, y1 - dy * trim
    light = PALETTE[colour][2]
    return (
        f'<line class="arrow" x1="{x0:.1f}" y1="{y0:.1f}" x2="{x1:.1f}" y2="{y1:.1f}" '
        f'stroke="{BOARD["pip"]}" stroke-opacity="0.55" stroke-width="9" stroke-linecap="round"/>'
        f'<line class="arrow" x1="{x0:.1f}" y1="{y0:.1f}" x2="{x1:.1f}" y2="{y1:.1f}" '
        f'stroke="{light}" stroke-width="4" stroke-linecap="round" '
        f'marker-end="url(#head-{colour})"/>'
    )


def _cube(view: BoardView) -> str:
    """The doubling cube: in the bar's middle while centred, else beside its owner's tray."""
    if view.cube is None:
        return ""
    value, owner_bottom = view.cube
    size = L.CUBE
    x: float
    y: float
    if view.offer is not None:
        # Offered: the cube at its new value in the doubler's half, where the dice would lie.
        ((x, y),) = L.dice_centres(1, view.offer)
        half = size * 0.6
        return (
            f'<g class="cube offered" data-value="{int(value) * 2}" pointer-events="none">'
            f"<title>{escape(_('Doubling cube offered at {value}', value=int(value) * 2))}</title>"
            f'<rect x="{x - half}" y="{y - half}" width="{2 * half}" height="{2 * half}" rx="8" '
            f'fill="#f8fafc" stroke="{BOARD["lit"]}" stroke-width="4"/>'
            f'<text x="{x}" y="{y + 9}" text-anchor="middle" font-size="26" font-weight="700" '
            f'fill="{BOARD["pip"]}">{int(value) * 2}</text></g>'
        )
    rim, width = "#64748b", 2
    if owner_bottom is None:
        x, y = L.BAR_X + L.BAR_WIDTH / 2, L.MIDDLE
        shown = 64 if value == 1 else value  # a centred cube shows 64, as on a real board
    else:
        # Between the trays, a little towards the owner's and rimmed in the owner's colour:
        # clear of fifteen borne-off checkers.
        size = L.CUBE - 6
        x = L.TRAY_X + L.TRAY_WIDTH / 2
        y = L.MIDDLE + 12 if owner_bottom else L.MIDDLE - 12
        shown = value
        colour = view.bottom_colour if owner_bottom else view.top_colour
        rim, width = PALETTE[colour][0], 3
    half = size / 2
    return (
        f'<g class="cube" data-value="{int(value)}" pointer-events="none">'
        f"<title>{_cube_title(value, owner_bottom)}</title>"
        f'<rect x="{x - half}" y="{y - half}" width="{size}" height="{size}" rx="7" '
        f'fill="#f8fafc" stroke="{rim}" stroke-width="{width}"/>'
        f'<text x="{x}" y="{y + 7}" text-anchor="middle" font-size="20" font-weight="700" '
        f'fill="{BOARD["pip"]}">{int(shown)}</text></g>'
    )


def _cube_title(value: int, owner_bottom: bool | None) -> str:
    """The cube's tooltip, in the page's language."""
    if owner_bottom is None:
        if value == 1:
            return escape(_("Doubling cube in the middle: the game counts 1"))
        return escape(_("Doubling cube in the middle at {value}", value=int(value)))
    if owner_bottom:
        return escape(_("Doubling cube at {value}, owned by the bottom side", value=int(value)))
    return escape(_("Doubling cube at {value}, owned by the top side", value=int(value)))


_PIPS = {
    1: [(0, 0)],
    2: [(-1, -1), (1, 1)],
    3: [(-1, -1), (0, 0), (1, 1)],
    4: [(-1, -1), (1, -1), (-1, 1), (1, 1)],
    5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
    6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)],
}


def die_svg(
    value: int, x: float, y: float, colour: str, used: bool = False, size: int = L.DIE
) -> str:
    """One die centred at (x, y) in a side's colour; used dice are faded."""
    if value not in _PIPS:
        raise ValueError(f"a die shows 1 to 6, got {value!r}")
    _fill, rim, light = PALETTE[colour]
    half = size / 2
    spread = size * 0.25
    opacity = ' opacity="0.35"' if used else ""
    parts = [
        f'<g class="die{" used" if used else ""}" data-value="{value}"{opacity}>',
        f'<rect x="{x - half}" y="{y - half}" width="{size}" height="{size}" rx="{size * 0.18}" '
        f'fill="{light}" stroke="{rim}" stroke-width="2"/>',
    ]
    for dx, dy in _PIPS[value]:
        parts.append(
            f'<circle cx="{x + dx * spread}" cy="{y + dy * spread}" r="{size * 0.085}" '
            f'fill="{BOARD["pip"]}"/>'
        )
    parts.append("</g>")
    return "".join(parts)


def _dice(view: BoardView) -> str:
    parts = ['<g class="dice" pointer-events="none">']
    if view.opening is not None:
        mine, theirs = view.opening
        ((x, y),) = L.dice_centres(1, bottom_side=True)
        parts.append(die_svg(mine, x, y, view.bottom_colour))
        ((x, y),) = L.dice_centres(1, bottom_side=False)
        parts.append(die_svg(theirs, x, y, view.top_colour))
    elif view.dice and (view.dice_bottom is not None or view.on_roll_bottom is not None):
        side = view.on_roll_bottom if view.dice_bottom is None else view.dice_bottom
        colour = view.bottom_colour if side else view.top_colour
        size = L.DIE  # four dice of a double fit the half board at full size too
        centres = L.dice_centres(len(view.dice), bool(side))
        used = view.used or (False,) * len(view.dice)
        for value, (x, y), is_used in zip(view.dice, centres, used, strict=True):
            parts.append(die_svg(value, x, y, colour, is_used, size))
    parts.append("</g>")
    return "".join(parts)


def _labels() -> str:
    parts = [
        f'<g class="labels" fill="{BOARD["label"]}" font-size="22" font-weight="500" '
        'text-anchor="middle">'
    ]
    for point in range(1, 25):
        x = L.point_centre(point)
        y = L.LABEL - 6 if L.is_top(point) else L.HEIGHT - 5
        parts.append(f'<text x="{x}" y="{y}">{point}</text>')
    parts.append("</g>")
    return "".join(parts)
