"""Small, safe DOM helpers for the page: set text and properties, bind events.

    from game.web.browser.dom import on, set_text
    set_text("status", "Your turn")          # text only, never HTML
    @on("click", "#roll")
    def roll(event): ...

Every helper leaves the page alone when it lacks the element (embed.html has no
settings, for one), and ``on`` wraps handlers so that a bug is reported on the
status line instead of stopping the page.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any

from pyscript import document, when, window

from game.formats.match_file import file_text
from game.web.board import layout
from game.web.language.catalog import _
from game.web.worker.importing import MAX_MATCH_FILE

# A DOM node or event as Python sees it in the page (a pyodide JsProxy): untyped.
Node = Any
Event = Any
Handler = Callable[[Event], Any]


def element(element_id: str) -> Node:
    """The element, or a falsy value (JavaScript's null) when the page has none."""
    return document.getElementById(element_id)


def set_text(element_id: str, text: str) -> None:
    node = element(element_id)
    if node and node.textContent != text:
        node.textContent = text  # always text, never HTML: nothing here may be markup


def set_props(element_id: str, **properties: object) -> None:
    """Set DOM properties of an element; pages without it (embed.html) are left alone."""
    node = element(element_id)
    if node:
        for name, value in properties.items():
            setattr(node, name, value)


def toggle(element_id: str, css_class: str, on: bool) -> None:
    node = element(element_id)
    if node:
        node.classList.toggle(css_class, on)


def open_dialog(element_id: str, focus: str | None = None) -> None:
    """Show a ``<dialog>`` as a modal, in the middle of the screen whatever is scrolled, and
    put the keyboard on ``focus`` (an element inside it)."""
    node = element(element_id)
    if not node:
        return
    if not node.open:
        node.showModal()
    target = element(focus) if focus else None
    if target:
        target.focus()


def close_dialog(element_id: str) -> None:
    node = element(element_id)
    if node and node.open:
        node.close()


def blob_url(data: Any, kind: str) -> Any:
    """An object URL for ``data`` (text) of MIME type ``kind``."""
    from pyodide.ffi import to_js

    options = to_js({"type": kind}, dict_converter=window.Object.fromEntries)
    return window.URL.createObjectURL(window.Blob.new(to_js([data]), options))


def download(url: Any, name: str) -> None:
    """Offer what ``url`` points at as a file named ``name`` (a blob: URL is freed later)."""
    from pyodide.ffi import create_once_callable

    link = document.createElement("a")
    link.href = url
    link.download = name
    document.body.appendChild(link)
    link.click()
    link.remove()
    if str(url).startswith("blob:"):
        window.setTimeout(create_once_callable(lambda: window.URL.revokeObjectURL(url)), 60_000)


def on(event: str, selector: object) -> Callable[[Handler], Handler]:
    """``when`` for an element that this page has (a no-op otherwise), with ``safe`` around."""
    if isinstance(selector, str) and not document.querySelector(selector):
        return lambda handler: handler
    return lambda handler: when(event, selector)(safe(handler))


def bind_clicks(clicks: dict[str, Callable[[], object]]) -> None:
    """A room's click table (game/web/state/surface.py's ``Clicks``): each selector's click
    runs its action."""
    for selector, action in clicks.items():
        on("click", selector)(_pressed(action))


def bind_picks(picks: list[tuple[str, str, Callable[[str], object]]]) -> None:
    """The rooms' picks: a click in a list runs the action of the first item, from the
    click outwards, holding its ``data-NAME`` (the picks of one list tried in order)."""
    lists: dict[str, list[tuple[str, Callable[[str], object]]]] = {}
    for container, name, action in picks:
        lists.setdefault(container, []).append((name, action))
    for container, items in lists.items():
        on("click", container)(_picked(items))


def bind_files(files: dict[str, Callable[[str], object]]) -> None:
    """A file chosen in a file input: its text to the room's action (the input is emptied,
    so the same file can be chosen again)."""
    for selector, action in files.items():
        on("change", selector)(_file_reader(action))


def _pressed(action: Callable[[], object]) -> Handler:
    def handler(event: Event) -> None:
        action()

    return handler


def _picked(items: list[tuple[str, Callable[[str], object]]]) -> Handler:
    def handler(event: Event) -> None:
        for name, action in items:
            node = event.target.closest(f"[data-{name}]") if event.target else None
            if node:
                action(str(node.getAttribute(f"data-{name}")))
                return

    return handler


def _file_reader(action: Callable[[str], object]) -> Handler:
    async def handler(event: Event) -> None:
        files = event.target.files
        if files and files.length:
            action(await file_text_of(files.item(0)))
        event.target.value = ""

    return handler


# The most of a file read: more than enough to fill any reader's limit (a match file's
# characters, at most 4 bytes each), so a film dropped by mistake is refused unread.
FILE_BYTES_READ = 4 * MAX_MATCH_FILE + 4


async def file_text_of(file: Any) -> str:
    """A chosen or dropped file's text, decoded as the command lines decode it (``file_text``:
    a file saved as UTF-16 or Latin-1 too, where ``File.text()`` reads UTF-8 only); of a file
    larger than ``FILE_BYTES_READ``, its beginning (too long for any reader, which says so)."""
    part = file.slice(0, FILE_BYTES_READ) if file.size > FILE_BYTES_READ else file
    return file_text((await part.arrayBuffer()).to_bytes())


# The bars stuck at the panel's top while it scrolls (styles/app.css): the rooms, the review's tabs.
STUCK_BARS = ".rooms, .replay:not([hidden]) .tabs"
FOLLOWING = 4  # Node.DOCUMENT_POSITION_FOLLOWING


def keep_focus_clear_of_bars() -> None:
    """A control the keyboard reaches in the panel is scrolled out from under the bars stuck
    at its top: the browsers scroll a focused control only when it is outside the panel's
    box (its scroll-margin places one that had to scroll), so one inside it stayed covered."""

    @on("focusin", "#panel")
    def on_focus(event: Event) -> None:
        panel, target = element("panel"), event.target
        if not panel or not target or target.closest(STUCK_BARS):
            return
        top = target.getBoundingClientRect().top
        covered = [
            bar.getBoundingClientRect().bottom - top
            for bar in panel.querySelectorAll(STUCK_BARS)
            if bar.compareDocumentPosition(target) & FOLLOWING
        ]
        if covered and max(covered) > 0:
            panel.scrollTop -= max(covered) + 6


def follow_rooms_height() -> None:
    """The review's tabs stick under the rooms, and the panel's controls scroll clear of them,
    at the rooms' own height (``--rooms-h``): two rows where a language's names need them."""
    from pyodide.ffi import create_proxy

    panel = element("panel")
    rooms = panel.querySelector(".rooms") if panel else None
    if not rooms:
        return

    def measured(*_: object) -> None:
        panel.style.setProperty("--rooms-h", f"{rooms.offsetHeight}px")

    window.ResizeObserver.new(create_proxy(measured)).observe(rooms)


def on_board(handler: Handler) -> None:
    """Bind a tap on the board: a click, or Enter/Space on a focused point."""

    @on("click", "#board")
    def on_click(event: Event) -> None:
        handler(event)

    @on("keydown", "#board")
    def on_key(event: Event) -> None:
        if event.key in ("Enter", " "):
            event.preventDefault()
            # The point's own key: the board is redrawn under it, so the page's Enter
            # (confirm) must not see it too and end the turn without Confirm.
            event.stopPropagation()
            handler(event)


def board_target(event: Event, mover_at_bottom: bool) -> int | None:
    """What was tapped: the element's data-target, else the point under the finger."""
    node = event.target.closest("[data-target]") if event.target else None  # null is falsy
    if node:
        return int(node.dataset.target)
    local = board_point(event)
    return None if local is None else layout.target_at(local[0], local[1], mover_at_bottom)


def point_target(event: Event, mover_at_bottom: bool) -> int | None:
    """What is under the pointer now (a drag's end: the element it started on keeps a
    touch's events, so the point is found from the coordinates)."""
    node = document.elementFromPoint(event.clientX, event.clientY)
    held = node.closest("#board [data-target]") if node else None
    if held:
        return int(held.dataset.target)
    local = board_point(event)
    return None if local is None else layout.target_at(local[0], local[1], mover_at_bottom)


def board_point(event: Event) -> tuple[float, float] | None:
    """Where the pointer is, in the board's own SVG units (None without a board)."""
    board = element("board")
    svg: Node = board.querySelector("svg") if board else None
    matrix = svg.getScreenCTM() if svg else None
    if not matrix:
        return None
    point = svg.createSVGPoint()
    point.x, point.y = event.clientX, event.clientY
    local = point.matrixTransform(matrix.inverse())
    return float(local.x), float(local.y)


def safe(handler: Handler) -> Handler:
    """A bug in a handler is reported on the page; the game and its save stay as they were."""
    if inspect.iscoroutinefunction(handler):

        async def guarded_async(event: Event) -> None:
            try:
                await handler(event)
            except Exception as error:
                report(error)

        return guarded_async

    def guarded(event: Event) -> None:
        try:
            handler(event)
        except Exception as error:
            report(error)

    return guarded


# The page's ``recover(error)`` (set by game.web.browser.guard): draws a playable board again.
recovery = None


def report(error: BaseException) -> None:
    print(f"backgammon page: {type(error).__name__}: {error}")
    if recovery is not None:
        try:
            recovery(error)
            return
        except Exception as failure:
            print(f"backgammon page: recovery failed: {type(failure).__name__}: {failure}")
    set_text(
        "status",
        _(
            "Something went wrong: {error}. The game is saved as it was before; reload the page.",
            error=error,
        ),
    )
