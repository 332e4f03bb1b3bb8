"""The page's ``Surface`` and ``Surroundings`` on the real browser (game/web/state/surface.py).

    surface, around = BrowserSurface(), BrowserSurroundings()

With ``dom``, ``app`` and the embeds, the only code that touches the browser: every
controller reaches the DOM, localStorage, the address, the clipboard and the computer's
worker through these two objects, so CPython tests hand them fakes instead.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Coroutine
from typing import Any

from pyscript import document, window

from game.web.browser import dom, guard, worker_client


class BrowserSurface:
    placed: str | None = None  # the control ``keep_focus`` last put the keyboard on

    def has(self, element_id: str) -> bool:
        return bool(dom.element(element_id))

    def text(self, element_id: str, text: str) -> None:
        dom.set_text(element_id, text)

    def props(self, element_id: str, **properties: object) -> None:
        dom.set_props(element_id, **properties)

    def html(self, element_id: str, markup: str) -> None:
        node = dom.element(element_id)
        if node:
            node.innerHTML = markup

    def toggle(self, element_id: str, css_class: str, on: bool) -> None:
        dom.toggle(element_id, css_class, on)

    def attribute(self, element_id: str, name: str, value: str) -> None:
        node = dom.element(element_id)
        if node:
            node.setAttribute(name, value)

    def value(self, element_id: str) -> str:
        node = dom.element(element_id)
        return str(node.value or "") if node else ""

    def is_hidden(self, element_id: str) -> bool:
        node = dom.element(element_id)
        return bool(node.hidden) if node else True

    def checked(self, element_id: str) -> bool:
        node = dom.element(element_id)
        return bool(node.checked) if node else False

    def open_dialog(self, element_id: str, focus: str | None = None) -> None:
        dom.open_dialog(element_id, focus)

    def close_dialog(self, element_id: str) -> None:
        dom.close_dialog(element_id)

    def focus(self, element_id: str) -> None:
        node = dom.element(element_id)
        if node:
            node.focus()

    def scroll_to(self, selector: str, block: str) -> None:
        node = document.querySelector(selector)
        if node:
            from pyodide.ffi import to_js

            options = to_js({"block": block}, dict_converter=window.Object.fromEntries)
            node.scrollIntoView(options)

    def scroll_in_box(self, selector: str) -> None:
        # scrollIntoView would scroll every box around it too: on a phone the review's banner
        # and its step buttons went up under the sticky tabs as the move list followed a step.
        node = document.querySelector(selector)
        box = node.parentElement if node else None
        while box and window.getComputedStyle(box).overflowY not in ("auto", "scroll"):
            box = box.parentElement
        if not box:
            return
        seen, inside = node.getBoundingClientRect(), box.getBoundingClientRect()
        if seen.top < inside.top:
            box.scrollTop -= inside.top - seen.top
        elif seen.bottom > inside.bottom:
            box.scrollTop += min(seen.bottom - inside.bottom, seen.top - inside.top)

    def mark(self, name: str, value: str | None) -> None:
        if value is None:
            document.body.removeAttribute(f"data-{name}")
        else:
            document.body.setAttribute(f"data-{name}", value)

    def body_class(self, css_class: str, on: bool) -> None:
        document.body.classList.toggle(css_class, on)

    def board(self, markup: str, busy: bool) -> None:
        board = dom.element("board")
        focused = document.activeElement
        had_focus = (
            bool(focused) and bool(board.contains(focused)) and not focused.isSameNode(board)
        )
        board.innerHTML = markup
        if had_focus:
            # The board was redrawn under the keyboard user: keep them on the board.
            target = board.querySelector('.lit[tabindex="0"]') or board.querySelector(
                '[tabindex="0"]'
            )
            if target:
                target.focus()
        board.classList.toggle("busy", busy)

    def keep_focus(self, candidates: list[str], force: bool = False) -> None:
        with contextlib.suppress(Exception):  # a nicety: never in the way of the game
            self._keep_focus(candidates, force)

    def _keep_focus(self, candidates: list[str], force: bool) -> None:
        """When the keyboard is nowhere (the page itself) or on a control now hidden or
        disabled (or, with ``force``, anywhere but a dialog or a field), put it on the first
        of ``candidates`` that can be pressed (``board``: the board's first point to tap)."""
        active = document.activeElement
        # Where this put the keyboard last time: while it is still there, a control more
        # useful that has come back since (Roll, once the computer has played) takes it.
        placed = dom.element(self.placed) if self.placed else None
        ours = bool(active) and bool(placed) and bool(active.isSameNode(placed))
        if active and not active.isSameNode(document.body) and not ours:
            if active.closest("dialog") or str(active.tagName) in ("INPUT", "SELECT", "TEXTAREA"):
                return
            if not force:
                if active.closest("#board"):
                    return  # on the board (its points and checkers): left there
                if not getattr(active, "disabled", False) and shown(active):
                    return  # a control still shown and pressable
        for element_id in candidates:
            if element_id == "board":
                node = document.querySelector('#board .lit[tabindex="0"], #board [tabindex="0"]')
            else:
                node = dom.element(element_id)
            if node and not getattr(node, "disabled", False) and shown(node):
                if active and node.isSameNode(active):
                    return
                from pyodide.ffi import to_js

                node.focus(to_js({"preventScroll": True}, dict_converter=window.Object.fromEntries))
                self.placed = None if element_id == "board" else element_id
                return

    def form(self, form_id: str) -> tuple[set[str], dict[str, str]]:
        form = dom.element(form_id)
        if not form:
            return set(), {}
        checked = {
            str(node.name) if node.type == "checkbox" else f"{node.name}={node.value}"
            for node in form.querySelectorAll("input:checked")
        }
        chosen = {str(node.name): str(node.value) for node in form.querySelectorAll("select")}
        return checked, chosen

    def radios(self, form_id: str, name: str, value: str) -> None:
        form = dom.element(form_id)
        if form:
            for radio in form.querySelectorAll(f'input[name="{name}"]'):
                radio.checked = radio.value == value

    def chosen_radio(self, form_id: str, name: str) -> str | None:
        form = dom.element(form_id)
        node = form.querySelector(f'input[name="{name}"]:checked') if form else None
        return str(node.value) if node else None


def shown(node: Any) -> bool:
    """On the page, laid out (not hidden, not in a closed panel)."""
    return bool(node.getClientRects().length > 0)


class BrowserSurroundings:
    def __init__(self) -> None:
        motion = window.matchMedia("(prefers-reduced-motion: reduce)")
        self.reduced_motion = bool(motion.matches) if motion else False
        self.tasks: set[asyncio.Future[None]] = set()

    def stored(self, key: str) -> str | None:
        text = window.localStorage.getItem(key)  # raises where there is no storage
        return text if isinstance(text, str) else None

    def store(self, key: str, text: str) -> None:
        window.localStorage.setItem(key, text)

    def forget(self, key: str) -> None:
        window.localStorage.removeItem(key)

    def fragment(self) -> str:
        return str(window.location.hash)

    def clear_fragment(self) -> None:
        location = window.location
        window.history.replaceState(None, "", str(location.pathname) + str(location.search))

    def page_url(self) -> str:
        location = window.location
        return f"{location.origin}{location.pathname}"

    async def copy(self, text: str) -> bool:
        try:
            await window.navigator.clipboard.writeText(text)
            return True
        except Exception:  # no clipboard permission (or no clipboard): shown instead
            return False

    async def share_link(self, url: str, title: str) -> str:
        share = getattr(window.navigator, "share", None)
        if share is not None:
            from pyodide.ffi import to_js

            data = to_js({"title": title, "url": url}, dict_converter=window.Object.fromEntries)
            try:
                await window.navigator.share(data)
                return "shared"
            except Exception as error:  # cancelled by the person, or refused: copy instead
                if "AbortError" in str(error):
                    return ""
        return "copied" if await self.copy(url) else ""

    def download(self, text: str, name: str, mime: str) -> None:
        if mime == "application/json":
            guard.download(text, name)
            return
        dom.download(dom.blob_url(text, mime), name)

    async def ask(self, request: dict[str, Any]) -> dict[str, Any]:
        return await worker_client.ask(request)

    async def pool(self, request: dict[str, Any], tag: str) -> dict[str, Any]:
        return await worker_client.ask_pool(request, tag)

    def cancel_pool(self, tag: str, end: bool = True) -> None:
        worker_client.cancel_pool(tag, end)

    async def pool_ready(self, wanted: int) -> int:
        return await worker_client.pool_ready(wanted)

    async def sleep(self, seconds: float) -> None:
        await asyncio.sleep(seconds)

    def spawn(self, work: Coroutine[Any, Any, None]) -> None:
        """Run a coroutine as a task, keeping a reference until it is done."""
        task = asyncio.ensure_future(work)
        self.tasks.add(task)
        task.add_done_callback(self._done)

    def _done(self, task: asyncio.Future[None]) -> None:
        self.tasks.discard(task)
        error = None if task.cancelled() else task.exception()
        if error is not None:
            dom.report(error)

    def now_ms(self) -> float:
        return float(window.performance.now())

    def hidden(self) -> bool:
        with contextlib.suppress(Exception):
            return bool(document.hidden)
        return False
