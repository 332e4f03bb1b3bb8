"""A fake page for CPython tests of the page's controllers (game/web/state/surface.py's protocols).

    surface, around = FakeSurface(), FakeSurroundings()
    page = Page(surface, around, PageState.new(Session.new()), PAINTING, random.Random(1), pace=0)
    ...
    surface.texts["status"]            # what the status line says
    around.run()                       # run the tasks the page spawned (the computer's turns)

The surface keeps every element's text, properties and classes in dicts; the surroundings
keep localStorage in a dict, answer the worker's requests with ``thinker.reply`` (the same
code the worker runs) and run spawned tasks when asked.
"""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from typing import Any

from game.web.house import Rooms
from game.web.worker import thinker


class FakeSurface:
    def __init__(self, missing: frozenset[str] = frozenset()) -> None:
        self.missing = missing  # ids this page lacks
        self.texts: dict[str, str] = {}
        self.properties: dict[str, dict[str, object]] = {}
        self.classes: dict[str, set[str]] = {}
        self.markup: dict[str, str] = {}
        self.attributes: dict[tuple[str, str], str] = {}
        self.marks: dict[str, str] = {}
        self.body_classes: set[str] = set()
        self.dialogs: set[str] = set()
        self.focused: str | None = None
        self.forms: dict[str, tuple[set[str], dict[str, str]]] = {}
        self.radio_values: dict[tuple[str, str], str] = {}
        self.board_markup = ""
        self.board_busy = False
        self.scrolled: list[str] = []

    def has(self, element_id: str) -> bool:
        return element_id not in self.missing

    def text(self, element_id: str, text: str) -> None:
        if self.has(element_id):
            self.texts[element_id] = text

    def props(self, element_id: str, **properties: object) -> None:
        if self.has(element_id):
            self.properties.setdefault(element_id, {}).update(properties)
            if "textContent" in properties:
                self.texts[element_id] = str(properties["textContent"])

    def prop(self, element_id: str, name: str, default: object = None) -> object:
        return self.properties.get(element_id, {}).get(name, default)

    def html(self, element_id: str, markup: str) -> None:
        if self.has(element_id):
            self.markup[element_id] = markup

    def toggle(self, element_id: str, css_class: str, on: bool) -> None:
        classes = self.classes.setdefault(element_id, set())
        (classes.add if on else classes.discard)(css_class)

    def attribute(self, element_id: str, name: str, value: str) -> None:
        self.attributes[(element_id, name)] = value

    def value(self, element_id: str) -> str:
        return str(self.prop(element_id, "value", ""))

    def is_hidden(self, element_id: str) -> bool:
        return bool(self.prop(element_id, "hidden", True))

    def checked(self, element_id: str) -> bool:
        return bool(self.prop(element_id, "checked", False))

    def open_dialog(self, element_id: str, focus: str | None = None) -> None:
        self.dialogs.add(element_id)
        self.focused = focus

    def close_dialog(self, element_id: str) -> None:
        self.dialogs.discard(element_id)

    def focus(self, element_id: str) -> None:
        self.focused = element_id

    def scroll_to(self, selector: str, block: str) -> None:
        self.scrolled.append(selector)

    def scroll_in_box(self, selector: str) -> None:
        self.scrolled.append(selector)

    def mark(self, name: str, value: str | None) -> None:
        if value is None:
            self.marks.pop(name, None)
        else:
            self.marks[name] = value

    def body_class(self, css_class: str, on: bool) -> None:
        (self.body_classes.add if on else self.body_classes.discard)(css_class)

    def board(self, markup: str, busy: bool) -> None:
        self.board_markup, self.board_busy = markup, busy

    def keep_focus(self, candidates: list[str], force: bool = False) -> None:
        usable = [c for c in candidates if self.shown(c) and not self.prop(c, "disabled")]
        nowhere = self.focused is None or not self.shown(self.focused)
        if usable and (nowhere or force or self.prop(self.focused or "", "disabled")):
            self.focused = usable[0]

    def form(self, form_id: str) -> tuple[set[str], dict[str, str]]:
        return self.forms.get(form_id, (set(), {}))

    def radios(self, form_id: str, name: str, value: str) -> None:
        self.radio_values[(form_id, name)] = value

    def chosen_radio(self, form_id: str, name: str) -> str | None:
        return self.radio_values.get((form_id, name))

    def shown(self, element_id: str) -> bool:
        """On the page: not hidden (elements never hidden count as shown)."""
        return not bool(self.prop(element_id, "hidden", False))


class FakeSurroundings:
    def __init__(self, storage: dict[str, str] | None = None, blocked: bool = False) -> None:
        self.reduced_motion = True
        self.storage = storage if storage is not None else {}
        self.blocked = blocked  # the browser gives no storage
        self.hash = ""
        self.copied: list[str] = []
        self.downloads: list[tuple[str, str]] = []
        self.requests: list[dict[str, Any]] = []
        self.cancelled: set[str] = set()  # the pool jobs cancelled
        self.pooled: list[str] = []  # the tasks asked of the pool, in order
        self.pool_workers = 0  # the pool's workers ready (pool_ready)
        self.pool_wanted = 0  # how many pool_ready was last asked for
        self.pending: list[Coroutine[Any, Any, None]] = []
        self.clock = 0.0

    def stored(self, key: str) -> str | None:
        if self.blocked:
            raise PermissionError("no storage")
        return self.storage.get(key)

    def store(self, key: str, text: str) -> None:
        if self.blocked:
            raise PermissionError("no storage")
        self.storage[key] = text

    def forget(self, key: str) -> None:
        self.storage.pop(key, None)

    def fragment(self) -> str:
        return self.hash

    def clear_fragment(self) -> None:
        self.hash = ""

    def page_url(self) -> str:
        return "http://127.0.0.1/index.html"

    async def copy(self, text: str) -> bool:
        self.copied.append(text)
        return True

    async def share_link(self, url: str, title: str) -> str:
        self.copied.append(url)
        return "copied"

    def download(self, text: str, name: str, mime: str) -> None:
        self.downloads.append((name, text))

    async def ask(self, request: dict[str, Any]) -> dict[str, Any]:
        self.requests.append(request)
        return thinker.reply(request)

    async def pool(self, request: dict[str, Any], tag: str) -> dict[str, Any]:
        self.requests.append(request)
        self.pooled.append(str(request.get("task")))
        if tag in self.cancelled:
            raise RuntimeError("cancelled")
        return thinker.reply(request)

    def cancel_pool(self, tag: str, end: bool = True) -> None:
        self.cancelled.add(tag)

    async def pool_ready(self, wanted: int) -> int:
        self.pool_wanted = wanted
        return min(wanted, self.pool_workers)

    async def sleep(self, seconds: float) -> None:
        await asyncio.sleep(0)

    def spawn(self, work: Coroutine[Any, Any, None]) -> None:
        self.pending.append(work)

    def now_ms(self) -> float:
        self.clock += 1.0
        return self.clock

    def hidden(self) -> bool:
        return False

    def __del__(self) -> None:
        for work in self.pending:  # tasks a test did not run: closed, never awaited
            work.close()

    def run(self, rounds: int = 50) -> None:
        """Run the spawned tasks (and those they spawn) to the end."""

        async def drain() -> None:
            for _ in range(rounds):
                if not self.pending:
                    return
                work, self.pending = self.pending, []
                await asyncio.gather(*work)

        asyncio.run(drain())


def surface_of(rooms: Rooms) -> FakeSurface:
    """The fake surface a page of ``build`` was given (typed for the tests)."""
    surface = rooms.page.surface
    assert isinstance(surface, FakeSurface)
    return surface


def around_of(rooms: Rooms) -> FakeSurroundings:
    """The fake surroundings a page of ``build`` was given."""
    around = rooms.page.around
    assert isinstance(around, FakeSurroundings)
    return around
