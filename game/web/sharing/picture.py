"""A diagram as one self-contained SVG picture: no script, no style sheet, no font, no link.

    >>> from game.web.address.embed_params import read_embed
    >>> spec = read_embed("?mode=diagram&play=24/18%2013/11&caption=The opening 6-2",
    ...                   "#gnubgid=4HPwATDgc/ABMA:cAkLAAAAAAAA")
    >>> svg = diagram_picture(spec)
    >>> svg.startswith('<svg xmlns="http://www.w3.org/2000/svg"'), "<script" in svg
    (True, False)
    >>> "Left to go" in svg and "Pink 167" in svg and "The opening 6-2" in svg
    True

    $ python -m game.web.sharing.picture 'gnubgid=4HPwATDgc/ABMA:cAkLAAAAAAAA' \\
          --play '24/18 13/11' \\
          --caption 'The opening 6-2' --theme light > opening.svg

Share -> Embed offers it beside the ``<iframe>``: pasted inline into a page, saved as a
file, or drawn to PNG by the browser. It works where no script runs (an RSS reader, an
e-mail, a printed page). The board is ``render.board_svg``'s, exactly as ``embed.html``
draws the diagram; under it the caption and both pip counts, on the colours of the theme
(``light``, or ``dark`` for anything else). Screen readers get ``role="img"`` with a
``<title>`` (the caption, or who is to play) and a ``<desc>``: ``diagram.board_text``, the
board in words (every point's checkers, the bar, borne off, the cube, the dice, the score,
the pip counts, the play). Everything is attributes (no ``style=``), so a page whose
Content-Security-Policy forbids inline styles shows it too. Ids inside are made unique
to the picture, so two pictures pasted into one page never borrow each other's
gradients.
"""

from __future__ import annotations

import hashlib
import sys
from html import escape

from game.web.address.embed_params import LIGHT, EmbedError, EmbedSpec, read_embed
from game.web.board import diagram
from game.web.board import layout as L
from game.web.board.render import board_svg
from game.web.board.words import pips_text
from game.web.sharing import snippet

PICTURE = "picture"  # the Embed dialog's choice beside the four modes of embed.html
FONT = "system-ui, -apple-system, Segoe UI, Roboto, sans-serif"
# background, text, muted text, point numbers: the embed's own colours (styles/app.css).
THEMES = {
    "dark": ("#0b1220", "#e6edf7", "#9fb3d1", "#9fb3d1"),
    LIGHT: ("#f8fafc", "#111827", "#374151", "#374151"),
}
MARGIN = 16
LINE = 34  # the height of a line of text under the board
WIDTH = 480  # the picture's width on a page (it scales: the viewBox keeps the proportions)
_BOARD_OPENING = (
    f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {L.WIDTH} {L.HEIGHT}" '
    'class="board-svg" role="group" aria-label="Backgammon board" '
)


def diagram_picture(spec: EmbedSpec) -> str:
    """The diagram ``spec`` shows (its position, play, caption, flip and theme) as SVG text."""
    if spec.game is None:
        raise EmbedError("a picture shows a position")
    session = diagram.embed_session(spec)
    board = board_svg(diagram.diagram_view(session, spec.play))
    words = diagram.board_text(session, spec.play)
    background, text, muted, labels = THEMES.get(spec.theme, THEMES["dark"])
    lines = ([spec.caption] if spec.caption else []) + ["pips"]
    width = L.WIDTH + 2 * MARGIN
    height = MARGIN + L.HEIGHT + 8 + LINE * len(lines) + MARGIN
    ident = "d" + hashlib.sha256(board.encode() + spec.caption.encode()).hexdigest()[:8]
    title = spec.caption or (words[1] if len(words) > 1 else "A backgammon position")
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
        f'width="{WIDTH}" height="{round(WIDTH * height / width)}" role="img" '
        f'aria-labelledby="{ident}-title {ident}-desc" font-family="{FONT}">',
        f'<title id="{ident}-title">{escape(title, quote=False)}</title>',
        f'<desc id="{ident}-desc">{escape(" ".join(words), quote=False)}</desc>',
        f'<rect width="{width}" height="{height}" rx="12" fill="{background}"/>',
        _nested(board, ident, labels),
    ]
    y = MARGIN + L.HEIGHT + 8 + LINE * 0.7
    x = width / 2
    if spec.caption:
        parts.append(
            f'<text x="{x}" y="{y:.0f}" text-anchor="middle" font-size="26" font-weight="600" '
            f'fill="{text}">{escape(spec.caption, quote=False)}</text>'
        )
        y += LINE
    pips = escape(pips_text(session), quote=False)
    parts.append(
        f'<text x="{x}" y="{y:.0f}" text-anchor="middle" font-size="22" fill="{muted}">'
        f'Left to go <tspan font-weight="600" fill="{text}">{pips}</tspan></text>'
    )
    parts.append("</svg>")
    return "".join(parts)


def _nested(board: str, ident: str, labels: str) -> str:
    """The board as a nested ``<svg>`` placed in the picture, its ids made the picture's
    own, its point numbers in the theme's colour, no role of its own (the picture is one
    image to a screen reader)."""
    if not board.startswith(_BOARD_OPENING):
        raise ValueError("render.board_svg's opening tag changed: update picture.py")
    board = (
        f'<svg x="{MARGIN}" y="{MARGIN}" width="{L.WIDTH}" height="{L.HEIGHT}" '
        f'viewBox="0 0 {L.WIDTH} {L.HEIGHT}" aria-hidden="true" ' + board[len(_BOARD_OPENING) :]
    )
    for name in ("g-cyan", "g-pink", "head-cyan", "head-pink"):
        board = board.replace(f'id="{name}"', f'id="{ident}-{name}"')
        board = board.replace(f"url(#{name})", f"url(#{ident}-{name})")
    return board.replace(
        '<g class="labels" fill="#9fb3d1"', f'<g class="labels" fill="{labels}"', 1
    )


def picture_of(
    position: str, play: str = "", caption: str = "", theme: str = "", flip: bool = False
) -> str:
    """The picture of a position given as the Open box takes it (``PID:MID``, an XGID,
    ``gnubgid=...`` or a link with one of them after ``#``); raises ``EmbedError`` in
    words."""
    from urllib.parse import quote

    fragment = snippet.pasted_fragment(position)
    query = "?mode=diagram" + ("&flip=1" if flip else "")
    for name, value in (("play", play), ("caption", caption), ("theme", theme)):
        if value:
            query += f"&{name}={quote(value, safe='/')}"
    return diagram_picture(read_embed(query, "#" + fragment))


USAGE = (
    "usage: python -m game.web.sharing.picture POSITION [--play '24/18 13/11'] [--caption TEXT] "
    "[--theme light|dark] [--flip] > diagram.svg\n"
    "  POSITION: a gnubg ID (PID:MID), an XGID, or gnubgid=... as in a link\n"
)


def main(argv: list[str]) -> int:
    options: dict[str, str] = {}
    positions: list[str] = []
    args = iter(argv)
    for arg in args:
        if arg in ("--play", "--caption", "--theme"):
            value = next(args, None)
            if value is None:
                sys.stderr.write(f"{arg} needs a value\n{USAGE}")
                return 2
            options[arg[2:]] = value
        elif arg == "--flip":
            options["flip"] = "1"
        elif arg in ("-h", "--help"):
            sys.stdout.write(USAGE)
            return 0
        else:
            positions.append(arg)
    if len(positions) != 1:
        sys.stderr.write(USAGE)
        return 2
    try:
        svg = picture_of(
            positions[0],
            options.get("play", ""),
            options.get("caption", ""),
            options.get("theme", ""),
            flip="flip" in options,
        )
    except EmbedError as error:
        sys.stderr.write(f"error: {error}\n")
        return 1
    sys.stdout.write(svg + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
