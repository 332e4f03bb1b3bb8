"""The page's composition root: its parts built, joined, and bound to the DOM's events.

    # game/web/main.py (run by PyScript)
    from game.web.app import start
    start()

The parts: one ``Page`` (game/web/state/commit.py: the state, ``commit``, painting), its
controllers — ``Table`` (play), ``Coach`` (hint, tutor), ``Review`` (moves, analysis,
files), ``Sharing`` (links), ``RatingRoom`` (rating), ``Notices`` (the dialog), ``Saving``
— and the browser they talk to (game/web/browser/real_page.py). This module only builds
them, reads each event into plain values and calls a controller: no game logic lives here. The embed
page's *play* mode is built from the same parts with its own key and position
(game/web/embed/embed_app.py).
"""

from __future__ import annotations

import asyncio
import random
from typing import Any

from pyscript import document, window

from game.web.address.params import read_params
from game.web.board.prerender import painted_board
from game.web.browser import guard, worker_client
from game.web.browser.dom import (
    Event,
    bind_clicks,
    bind_files,
    bind_picks,
    file_text_of,
    follow_rooms_height,
    keep_focus_clear_of_bars,
    on,
)
from game.web.browser.drag import BoardPointer
from game.web.browser.real_page import BrowserSurface, BrowserSurroundings
from game.web.house import Setup, build, clicks_of, files_of, picks_of
from game.web.language.catalog import _
from game.web.sharing import embed_dialog
from game.web.state.page_state import PageState
from game.web.state.session import Session
from game.web.store import storage
from game.web.store.door import ONE_TAP
from game.web.worker import thinker


class App:
    def __init__(self, query: str, setup: Setup | None = None) -> None:
        params = read_params(query)  # never raises: unusable values fall back to defaults
        embed = params.embed or bool(document.body.classList.contains("embed"))
        setup = setup or Setup(
            key=storage.KEY + (".embed" if embed else ""),
            embed=embed,
            checkable_dice=params.seed is None and not embed,  # ?seed=: dice from random
        )
        self.setup = setup
        self.surface = BrowserSurface()
        self.around = BrowserSurroundings()
        rooms = build(self.surface, self.around, setup, random.Random(params.seed), params.pace)
        self.rooms = rooms
        self.page = rooms.page
        self.page.embed = setup.embed or embed
        self.notices, self.saving, self.table = rooms.notices, rooms.saving, rooms.table
        rooms.train.load_practice = load_practice
        self.pointer = BoardPointer(rooms.access.tap, self.mover_at_bottom, self.around.now_ms)
        self.table.one_tap = rooms.door.read(ONE_TAP) == "1"  # a page preference (off: none)
        self.surface.props("one-tap", checked=self.table.one_tap)

    def mover_at_bottom(self) -> bool:
        return self.page.state.shown_session.mover_at_bottom

    # ----- start-up (game/web/browser/guard.py calls these) ---------------------------------

    def start(self, restore: bool = True) -> None:
        if self.page.embed:
            document.body.classList.add("embed")
        problem = self.saving.restore() if restore else None
        if not restore:
            self.saving.keep_unreadable()
        elif not self.page.embed:
            self.rooms.links.restore()  # the games by link, the board's as its last link left it
        self.bind()
        self.page.paint()
        document.body.dataset.ready = "true"
        document.dispatchEvent(window.Event.new("game:ready"))
        if problem:
            self.offer_saved_copy(problem)
        elif not self.saving.keeper.available:
            self.saving.tell(storage.Outcome.NO_STORAGE)
        self.rooms.sharing.open_link(self.around.fragment())
        if self.page.state.linked is None and not self.page.embed:
            self.rooms.review.reopen_kept()  # a shared game kept beside this one, shown again
        self.table.schedule_computer()
        self.around.spawn(self.warm_up())

    def offer_saved_copy(self, problem: str) -> None:
        self.saving.offer_saved_copy(problem, self.table.reset)

    async def warm_up(self) -> None:
        """Once the board is up: start the computer's worker (it loads the bot and its
        weights, worker_client.py), and run here, in short steps, what the first moves would
        otherwise load in the middle of play (the save format's modules, first calls)."""
        await asyncio.sleep(0.1)
        self.around.spawn(worker_client.prepare())
        session = self.page.state.session
        for step in (
            lambda: storage.save_text(session),
            lambda: painted_board(session, ""),
            lambda: thinker.play_request(session.game, None, random.Random(0)),
        ):
            await asyncio.sleep(0.02)
            step()

    def recover(self, error: Exception) -> None:
        """Whatever went wrong: the board as the game stands, playable, and what happened."""
        page = self.page
        try:
            page.update(busy=False, tutoring=False)
        except Exception:
            page.show(PageState.new(Session.new(page.state.session.settings)))
        again = self.table.schedule_computer if page.state.session.computer_to_act else None
        self.notices.notice(
            _(
                "Something went wrong: {error}. The board shows the game as it stands; play on.",
                error=guard.words(error),
            ),
            _("Let the computer play on") if again else "",
            again,
        )

    # ----- the page's events: each room's tables bound, and what belongs to no one room ------

    def bind(self) -> None:
        rooms = self.rooms
        bind_clicks(clicks_of(rooms))
        bind_picks(picks_of(rooms))
        bind_files(files_of(rooms))
        self.pointer.bind()
        on("change", "#settings")(self.on_settings)
        on("submit", "#settings")(lambda event: event.preventDefault())
        on("submit", "#link-open-form")(self.on_link_submit)
        on("keydown", document)(self.on_key)
        keep_focus_clear_of_bars()
        follow_rooms_height()
        on("dragover", "#board")(on_drag)
        on("drop", "#board")(self.on_drop)
        on("hashchange", window)(lambda event: rooms.sharing.open_link(self.around.fragment()))
        on("storage", window)(self.on_storage)
        embed_dialog.bind(self)  # Share -> Embed, and Open… (game/web/sharing/embed_dialog.py)

    def on_settings(self, event: Event) -> None:
        table, surface = self.table, self.surface
        table.one_tap = surface.checked("one-tap")
        self.rooms.door.write(ONE_TAP, "1" if table.one_tap else "0")  # kept in this browser
        language = self.page.state.session.settings.language
        form = surface.form("settings")
        self.rooms.coach.roller.settings_changed(*form)  # the rollouts' (kept in this browser)
        table.settings_changed(*form)
        if self.page.state.session.settings.language != language:
            reload_in_chosen_language()

    def on_link_submit(self, event: Event) -> None:
        event.preventDefault()
        self.rooms.links.open_pasted()

    def on_key(self, event: Event) -> None:
        tag = str(event.target.tagName)
        if tag in ("INPUT", "TEXTAREA", "SELECT") or event.altKey or event.ctrlKey or event.metaKey:
            return
        if document.querySelector("dialog[open]"):
            return  # a question or a list has the keyboard (its buttons, Escape): not the game
        node = event.target
        on_board = bool(node) and bool(node.closest) and bool(node.closest("#board"))
        # A key on a point the board has just redrawn: its target is no longer in the page.
        on_board = on_board or (bool(node) and node.isConnected is False)
        if self.rooms.access.key(str(event.key), tag, on_board):
            event.preventDefault()

    async def on_drop(self, event: Event) -> None:
        files = event.dataTransfer.files if event.dataTransfer else None
        if files and files.length:
            event.preventDefault()
            self.rooms.review.import_mat(await file_text_of(files.item(0)))

    def on_storage(self, event: Event) -> None:
        self.rooms.links.other_tab_saved(str(event.key))
        newer = self.saving.other_tab_saved(str(event.key), event.newValue)
        if newer is not None:
            self.page.show(self.saving.adopted_state(self.page.state, newer))
            if not self.around.hidden():
                self.table.schedule_computer()

    # ----- for embed_dialog: the game on the board ------------------------------------------------

    @property
    def session(self) -> Session:
        return self.page.state.session

    def named_history(self) -> Any:
        return self.page.state.named_history()

    def open_link(self, fragment: str) -> None:
        self.rooms.sharing.open_link(fragment)


async def load_practice() -> str | None:
    """The practice sets (game/analysis/data/practice.json), fetched beside the page: the
    page's Python files do not hold the data files (tools/build/manifest.py)."""
    answer = await window.fetch("./game/analysis/data/practice.json")
    return str(await answer.text()) if answer.ok else None


def on_drag(event: Event) -> None:
    if event.dataTransfer and event.dataTransfer.types.includes("Files"):
        event.preventDefault()  # a match file may be dropped on the board


def start() -> App:
    """Boot the page; if that fails, a new game beside the untouched save
    (game.web.browser.guard)."""
    app: App = guard.start_safely(App)
    return app


def reload_in_chosen_language() -> None:
    """The page again in the language just chosen in Settings (saved with them, which
    lang.js reads): without ?lang=, which would choose for it."""
    url = window.URL.new(str(window.location.href))
    url.searchParams.delete("lang")
    window.location.replace(str(url.href))
