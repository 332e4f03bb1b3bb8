"""The main page's Share -> Embed dialog and its "Open…" box (browser glue).

    embed_maker.bind(app)    # in App.bind: the dialogs' buttons

Embed writes the ``<iframe>`` for the game on the board in the mode chosen (diagram,
puzzle, replay, play), previews the board it will show (drawn from the snippet's own
address, read back by ``embed_params.read_embed``) and copies it. The fifth choice,
*picture*, writes the diagram as one self-contained SVG instead (``picture.py``): copied
as code, downloaded as ``.svg``, or drawn by the browser into a canvas and downloaded as
``.png``. Open takes a pasted gnubg
ID, XGID or game link (``snippet.pasted_fragment``) and opens it as a shared link does
(asking before it replaces a game in progress). The words and the snippet are pure
functions in game/web/embed/moments.py; this module only reads the form and sets text.
"""

from __future__ import annotations

from typing import Any

from pyscript import document, window

from game.web.address.embed_params import DIAGRAM, EmbedError
from game.web.board import diagram
from game.web.board.render import board_svg
from game.web.browser.dom import (
    Event,
    blob_url,
    close_dialog,
    download,
    element,
    on,
    open_dialog,
    set_props,
    set_text,
)
from game.web.language import catalog
from game.web.sharing import picture, snippet, words


def bind(app: Any) -> None:
    """Bind the Embed and Open dialogs to ``app`` (game.web.app.App)."""

    @on("click", "#notice-embed")
    def on_embed(event: Event) -> None:
        close_dialog("notice")
        # A mode that fits the game: a finished game is replayed, a game in play is shown.
        mode = snippet.fitting_mode(app.session.game)
        for radio in element("embed-form").querySelectorAll('input[name="embed-mode"]'):
            radio.checked = str(radio.value) == mode
        # The embed speaks the page's language unless the author chooses another.
        element("embed-language").value = catalog.language()
        open_dialog("embed-dialog")
        chosen = element("embed-form").querySelector('input[name="embed-mode"]:checked')
        if chosen:
            chosen.focus()
        write(app)

    @on("change", "#embed-form")
    def on_change(event: Event) -> None:
        write(app)

    @on("input", "#embed-caption-input")
    def on_caption(event: Event) -> None:
        write(app)

    @on("submit", "#embed-form")
    def on_submit(event: Event) -> None:
        event.preventDefault()

    @on("click", "#embed-copy")
    async def on_copy(event: Event) -> None:
        code = str(element("embed-code").value)
        try:
            await window.navigator.clipboard.writeText(code)
            set_text("embed-copied", words.copied_words(True))
        except Exception:  # no clipboard permission: the code is selected to copy by hand
            element("embed-code").select()
            set_text("embed-copied", words.copied_words(False))

    @on("click", "#embed-svg")
    def on_svg(event: Event) -> None:
        code = str(element("embed-code").value)
        if code:
            download(blob_url(code, "image/svg+xml"), "backgammon-diagram.svg")

    @on("click", "#embed-png")
    async def on_png(event: Event) -> None:
        code = str(element("embed-code").value)
        if code:
            await download_png(code)

    @on("click", "#embed-done")
    def on_done(event: Event) -> None:
        close_dialog("embed-dialog")

    @on("click", "#open-toggle")
    def on_open(event: Event) -> None:
        set_text("open-problem", "")
        open_dialog("open-dialog", focus="open-text")

    @on("click", "#open-go")
    def on_go(event: Event) -> None:
        open_pasted(app, str(element("open-text").value))

    @on("keydown", "#open-text")
    def on_enter(event: Event) -> None:
        if event.key == "Enter":
            event.preventDefault()
            open_pasted(app, str(element("open-text").value))

    @on("click", "#open-cancel")
    def on_cancel(event: Event) -> None:
        close_dialog("open-dialog")


def chosen_language() -> str:
    """The embed's ``?lang=``: the language chosen for it; "" for the reader's browser's."""
    value = str(element("embed-language").value)
    return value if value in catalog.LANGUAGES else ""


def chosen_mode() -> str:
    node = element("embed-form").querySelector('input[name="embed-mode"]:checked')
    return str(node.value) if node else DIAGRAM


def write(app: Any) -> None:
    """The snippet for the game on the board in the chosen mode, and its preview."""
    mode = chosen_mode()
    shape = DIAGRAM if mode == picture.PICTURE else mode
    location = window.location
    page = snippet.embed_page(f"{location.origin}{location.pathname}")
    fragment = snippet.embed_fragment(
        shape, app.session.game, app.named_history(), app.session.settings.opponent
    )
    options = {
        "caption": str(element("embed-caption-input").value),
        "flip": "1" if element("embed-flip").checked else "",
        "theme": "light" if str(element("embed-theme").value) == "light" else "",
        "lang": chosen_language(),
    }
    set_text("embed-copied", "")
    for name in ("embed-svg", "embed-png"):
        set_props(name, hidden=mode != picture.PICTURE)
    try:
        code, spec = snippet.make_snippet(page, shape, fragment, options)
        if mode == picture.PICTURE:
            code = picture.diagram_picture(spec)
    except EmbedError as error:
        set_text("embed-problem", words.cannot_embed(error))
        set_props("embed-problem", hidden=False)
        set_props("embed-code", value="")
        set_props("embed-copy", disabled=True)
        element("embed-preview").replaceChildren()
        return
    set_props("embed-problem", hidden=True)
    set_props("embed-code", value=code)
    set_props("embed-copy", disabled=False)
    if mode == picture.PICTURE:
        element("embed-preview").innerHTML = code  # the picture itself
    elif spec.game is not None:
        session = diagram.embed_session(spec)
        element("embed-preview").innerHTML = board_svg(diagram.diagram_view(session, spec.play))


async def download_png(svg: str) -> None:
    """The picture drawn by the browser into a canvas (twice its size, for sharp print)
    and downloaded as PNG."""
    url = blob_url(svg, "image/svg+xml")
    try:
        image = window.Image.new()
        image.src = url
        await image.decode()
        canvas = document.createElement("canvas")
        canvas.width = int(image.naturalWidth) * 2
        canvas.height = int(image.naturalHeight) * 2
        canvas.getContext("2d").drawImage(image, 0, 0, canvas.width, canvas.height)
        download(canvas.toDataURL("image/png"), "backgammon-diagram.png")
        set_text("embed-copied", "")
    except Exception:  # no canvas, or the picture would not draw: the SVG still works
        set_text("embed-copied", words.no_png())
    finally:
        window.URL.revokeObjectURL(url)


def open_pasted(app: Any, text: str) -> None:
    try:
        fragment = snippet.pasted_fragment(text)
    except EmbedError as error:
        set_text("open-problem", words.cannot_open(error))
        return
    close_dialog("open-dialog")
    set_props("open-text", value="")
    app.open_link(fragment)
