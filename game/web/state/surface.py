"""The page as its controllers see it: a few verbs on elements by id, and what to paint.

    frame = Frame()
    frame.text("status", "Your turn")
    frame.props("roll", hidden=False, disabled=True)
    apply(surface, frame)            # the browser's Surface (browser/real_page.py) or a fake

``Surface`` is the whole DOM the page's controllers (``table``, ``review``, the rating,
``coach``, ``notices``) may touch; ``Surroundings`` is the rest of the browser (storage, the
address, the clipboard, the computer's worker, time). game/web/browser/real_page.py
implements both on the real page; tests/web/fakes.py implements them with dicts, so CPython
tests drive the controllers. A ``Frame`` is what painting (game/web/paint.py) returns: plain
data, compared in tests, applied in one go. Elements a page lacks are left alone (embed.html has no
settings, for one).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Coroutine
from dataclasses import dataclass, field
from typing import Any, Protocol


class Surface(Protocol):
    def has(self, element_id: str) -> bool: ...
    def text(self, element_id: str, text: str) -> None: ...
    def props(self, element_id: str, **properties: object) -> None: ...
    def html(self, element_id: str, markup: str) -> None: ...
    def toggle(self, element_id: str, css_class: str, on: bool) -> None: ...
    def attribute(self, element_id: str, name: str, value: str) -> None: ...
    def value(self, element_id: str) -> str: ...
    def is_hidden(self, element_id: str) -> bool: ...
    def checked(self, element_id: str) -> bool: ...
    def open_dialog(self, element_id: str, focus: str | None = None) -> None: ...
    def close_dialog(self, element_id: str) -> None: ...
    def focus(self, element_id: str) -> None: ...
    def scroll_to(self, selector: str, block: str) -> None:
        """Scroll the first element ``selector`` finds into view (``block``: start, nearest)."""
        ...

    def scroll_in_box(self, selector: str) -> None:
        """Bring the first element ``selector`` finds into view inside its own scroll box only
        (the page and the panels around it stay where they are)."""
        ...

    def mark(self, name: str, value: str | None) -> None:
        """``<body data-NAME>`` (None removes it): the contract with tests and tools."""
        ...

    def body_class(self, css_class: str, on: bool) -> None: ...
    def board(self, markup: str, busy: bool) -> None:
        """Draw the board's SVG, keeping the keyboard on the board when it was there."""
        ...

    def keep_focus(self, candidates: list[str], force: bool = False) -> None:
        """The keyboard on the first usable of ``candidates`` (``board``: its first point
        to tap) if it is nowhere useful, or (``force``) unless it is in a dialog."""
        ...

    def form(self, form_id: str) -> tuple[set[str], dict[str, str]]:
        """A form's ticked boxes (names), chosen radios (``name=value``) and menus."""
        ...

    def radios(self, form_id: str, name: str, value: str) -> None:
        """Tick the radio ``name`` of ``value`` in the form."""
        ...

    def chosen_radio(self, form_id: str, name: str) -> str | None: ...


class Surroundings(Protocol):
    """The browser around the page: storage, the address, the clipboard, the worker, time."""

    reduced_motion: bool

    def stored(self, key: str) -> str | None:
        """localStorage's text (None: nothing); raises when the browser gives no storage."""
        ...

    def store(self, key: str, text: str) -> None:
        """Write to localStorage; raises when the browser refuses."""
        ...

    def forget(self, key: str) -> None:
        """Remove a key from localStorage."""
        ...

    def fragment(self) -> str: ...
    def clear_fragment(self) -> None: ...
    def page_url(self) -> str:
        """The page's address without query or fragment."""
        ...

    def copy(self, text: str) -> Awaitable[bool]: ...
    def share_link(self, url: str, title: str) -> Awaitable[str]:
        """Hand ``url`` to the browser's share sheet where there is one, else copy it:
        "shared", "copied", or "" (neither: the person selects it on the page)."""
        ...

    def download(self, text: str, name: str, mime: str) -> None: ...
    def ask(self, request: dict[str, Any]) -> Awaitable[dict[str, Any]]:
        """The computer's answer (game/web/browser/worker_client.py: the worker, or here)."""
        ...

    def pool(self, request: dict[str, Any], tag: str) -> Awaitable[dict[str, Any]]:
        """A pool worker's answer (worker-pool.mjs: every core but one; here where there is
        none); ``tag`` names the job, for ``cancel_pool``."""
        ...

    def cancel_pool(self, tag: str, end: bool = True) -> None:
        """Drop the pool's tasks of the job ``tag``, waiting or running (their workers ended;
        with ``end`` False, left to finish, their answers unread)."""
        ...

    def pool_ready(self, wanted: int) -> Awaitable[int]:
        """How many of the pool's workers are ready and idle now, at most ``wanted`` (0 where
        there is no pool, or while other work waits for it); the pool is asked to start that
        many, for the next time."""
        ...

    def sleep(self, seconds: float) -> Awaitable[None]: ...
    def spawn(self, work: Coroutine[Any, Any, None]) -> None: ...
    def now_ms(self) -> float: ...
    def hidden(self) -> bool:
        """The page is not on screen (another tab is in front)."""
        ...


@dataclass
class Frame:
    """What to paint, in order: texts, properties, classes, markup, attributes."""

    texts: dict[str, str] = field(default_factory=dict)
    properties: dict[str, dict[str, object]] = field(default_factory=dict)
    classes: dict[tuple[str, str], bool] = field(default_factory=dict)
    markup: dict[str, str] = field(default_factory=dict)
    attributes: dict[tuple[str, str], str] = field(default_factory=dict)
    body_classes: dict[str, bool] = field(default_factory=dict)
    marks: dict[str, str | None] = field(default_factory=dict)
    radios: dict[tuple[str, str], str] = field(default_factory=dict)  # (form, name): value

    def text(self, element_id: str, text: str) -> None:
        self.texts[element_id] = text

    def props(self, element_id: str, **properties: object) -> None:
        self.properties.setdefault(element_id, {}).update(properties)

    def toggle(self, element_id: str, css_class: str, on: bool) -> None:
        self.classes[(element_id, css_class)] = on

    def html(self, element_id: str, markup: str) -> None:
        self.markup[element_id] = markup

    def attribute(self, element_id: str, name: str, value: str) -> None:
        self.attributes[(element_id, name)] = value

    def hidden(self, element_id: str) -> bool | None:
        """Whether this frame hides the element (None: it does not say)."""
        shown = self.properties.get(element_id, {}).get("hidden")
        return None if shown is None else bool(shown)


# A room's click table: a CSS selector, and what a click on it does (no argument: what the
# click needs the room reads from the page). The composition root (game/web/app.py) binds
# every room's table; no room touches the DOM's events.
Clicks = dict[str, Callable[[], object]]
# A room's picks: clicks on the items of a list, each item naming itself with a data-NAME
# attribute; (the list's selector, NAME, what a click does with the item's value), tried in
# order, the first item found taking the click.
Picks = list[tuple[str, str, Callable[[str], object]]]
# A room's file inputs: a file input's selector, and what the file's text does.
Files = dict[str, Callable[[str], object]]


def numbered(action: Callable[[int], object]) -> Callable[[str], object]:
    """A pick's handler for a numbered item: ``data-moment="3"`` -> ``action(3)``; an item
    whose value is no number is ignored."""

    def handler(value: str) -> None:
        try:
            number = int(value)
        except ValueError:
            return
        action(number)

    return handler


def apply(surface: Surface, frame: Frame) -> None:
    """Paint ``frame`` on ``surface``."""
    for element_id, markup in frame.markup.items():
        surface.html(element_id, markup)
    for element_id, text in frame.texts.items():
        surface.text(element_id, text)
    for element_id, properties in frame.properties.items():
        surface.props(element_id, **properties)
    for (element_id, css_class), on in frame.classes.items():
        surface.toggle(element_id, css_class, on)
    for (element_id, name), value in frame.attributes.items():
        surface.attribute(element_id, name, value)
    for css_class, on in frame.body_classes.items():
        surface.body_class(css_class, on)
    for name, mark in frame.marks.items():
        surface.mark(name, mark)
    for (form_id, name), value in frame.radios.items():
        surface.radios(form_id, name, value)
