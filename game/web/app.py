"""The page's composition root: its parts built, joined, and bound to the DOM's events.

    # game/web/main.py (run by PyScript)
    from game.web.app import start
    start()

The parts: one ``Page`` (game/web/state/commit.py: the state, ``commit``, painting), its
controllers — ``Table`` (play), ``Coach`` (hint, tutor), ``Review`` (moves, analysis,
files), ``Sharing`` (links), ``StudyRoom`` (rating), ``Notices`` (the dialog), ``Saving``
— and the browser they talk to (game/web/browser/real_page.py). This module only builds
them, reads each event into plain values and calls a controller: no game logic lives here. The embed
page's *play* mode is built from the same parts with its own key and position
(game/web/embed/embed_app.py).
"""

from __future__ import annotations

import asyncio
import contextlib
import random
from collections.abc import Callable
from functools import partial
from typing import Any

from pyscript import document, window

from game.web.address.params import read_params
from game.web.board.prerender import painted_board
from game.web.browser import guard, worker_client
from game.web.browser.dom import Event, board_target, on, on_board, point_target
from game.web.browser.drag import DraggedChecker
from game.web.browser.real_page import BrowserSurface, BrowserSurroundings
from game.web.house import Setup, build
from game.web.sharing import embed_dialog
from game.web.state.page_state import ANALYSIS, DICE, MOVES, PageState
from game.web.state.session import Session
from game.web.store import storage
from game.web.trainer.room import PRACTICE_SETS
from game.web.worker import thinker

CUBE_ACTIONS = ("double", "take", "beaver", "pass")
ONE_TAP_KEY = "backgammon.one-tap"  # the one-tap moves setting (a page preference)
CLICK_AFTER_PRESS = 1500.0  # ms: a click this soon after a pointer's press is that press


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
        rng = random.Random(params.seed)
        rooms = build(self.surface, self.around, setup, rng, params.pace)
        self.rooms = rooms
        self.page = rooms.page
        self.page.embed = setup.embed or embed
        self.notices, self.saving, self.coach = rooms.notices, rooms.saving, rooms.coach
        self.table, self.review, self.sharing = rooms.table, rooms.review, rooms.sharing
        self.study = rooms.study
        self.train = rooms.train
        self.train.load_practice = load_practice
        self.pressed: tuple[int | None, float] = (None, -1e9)  # a pointer's point, and when
        self.dragged = DraggedChecker()
        with contextlib.suppress(Exception):  # no storage: one-tap moves stay off
            self.table.one_tap = self.around.stored(ONE_TAP_KEY) == "1"
        self.surface.props("one-tap", checked=self.table.one_tap)
        self.access = rooms.access

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
        self.sharing.open_link(self.around.fragment())
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
            f"Something went wrong: {guard.words(error)}. The board shows the game as it "
            "stands; play on.",
            "Let the computer play on" if again else "OK",
            again,
        )

    # ----- the page's events, each read into plain values for a controller ---------------------

    def bind(self) -> None:
        table, review, coach, notices = self.table, self.review, self.coach, self.notices
        surface = self.surface
        on_board(self.board_tap)
        clicks: dict[str, Callable[[], object]] = {
            "#roll": table.roll,
            "#undo": table.undo,
            "#confirm": table.confirm,
            "#next-game": table.next_game,
            "#accept": lambda: table.answer_resignation(True),
            "#refuse": lambda: table.answer_resignation(False),
            "#resign": table.offer_resignation,
            "#resign-cancel": lambda: surface.close_dialog("resign-panel"),
            "#new-game": table.new_game,
            "#save-problem-new": table.new_game,
            "#save-problem-download": self.saving.download_unreadable,
            "#settings-toggle": lambda: surface.open_dialog("settings-dialog"),
            "#settings-done": lambda: surface.close_dialog("settings-dialog"),
            "#notice-yes": notices.yes,
            "#notice-no": notices.no,
            "#replay-toggle": review.toggle,
            "#replay-back": lambda: review.step(-1),
            "#replay-forward": lambda: review.step(1),
            "#replay-live": lambda: review.look_back(None),
            "#replay-play-on": review.play_on,
            "#export-mat": review.export_mat,
            "#export-sgf": lambda: review.export_mat("sgf"),
            "#import-cancel": review.cancel_import,
            "#import-paste": lambda: review.import_mat(surface.value("import-text")),
            "#hint": self.access.hint,
            "#hint-close": coach.close_hint,
            "#tutor-show": lambda: coach.answer_tutor("show"),
            "#tutor-anyway": lambda: coach.answer_tutor("anyway"),
            "#tutor-instead": lambda: coach.answer_tutor("instead"),
            "#analysis-toggle": lambda: review.open_tab(ANALYSIS),
            "#dice-toggle": lambda: review.open_tab(DICE),
            "#ending-dice-check": lambda: review.open_tab(DICE),
            "#room-play": self.access.to_table,
            "#tab-moves": lambda: review.choose_tab(MOVES),
            "#tab-analysis": lambda: review.choose_tab(ANALYSIS),
            "#tab-dice": lambda: review.choose_tab(DICE),
            "#ending-analyse": lambda: self.access.analyse_this_game(self.plies()),
            "#analysis-run": lambda: self.access.run_analysis(self.plies()),
            "#analysis-cancel": review.cancel_analysis,
            "#rating-toggle": self.study.toggle,
            "#train-toggle": self.train.toggle,
            "#train-undo": self.train.undo,
            "#train-confirm": self.train.confirm,
            "#train-next": self.train.next_card,
            "#train-export": self.train.export,
            "#share": lambda: self.around.spawn(self.sharing.share()),
            "#words-toggle": self.access.toggle_words,
            "#keys-toggle": lambda: surface.open_dialog("keys-dialog", focus="keys-done"),
            "#keys-done": lambda: surface.close_dialog("keys-dialog"),
            "#link-send": lambda: self.around.spawn(self.rooms.links.send()),
            "#link-new": self.rooms.links.start,
            "#link-open": self.open_pasted_link,
        }
        for answer in ("double", "no double", "take", "pass"):
            clicks[f"#train-{answer.replace(' ', '-')}"] = partial(self.train.cube, answer)
        for name in PRACTICE_SETS:
            clicks[f"#practice-{name}"] = partial(self.practise, name)
        for cube_action in CUBE_ACTIONS:
            clicks[f"#{cube_action}"] = partial(table.cube, cube_action)
        for result in (1, 2, 3):
            clicks[f"#resign-{result}"] = partial(table.resign, result)
        for selector, action in clicks.items():
            on("click", selector)(pressed(action))

        @on("change", "#settings")
        def on_settings(event: Event) -> None:
            table.one_tap = surface.checked("one-tap")
            with contextlib.suppress(Exception):  # kept in this browser, beside the save
                self.around.store(ONE_TAP_KEY, "1" if table.one_tap else "0")
            table.settings_changed(*surface.form("settings"))

        @on("submit", "#settings")
        def on_submit(event: Event) -> None:
            event.preventDefault()

        @on("click", "#move-list")
        def on_move(event: Event) -> None:
            moment = data_of(event, "moment")
            if moment is not None:
                review.jump(moment)

        @on("click", "#hint-body")
        def on_hint_play(event: Event) -> None:
            play = data_of(event, "play-hint")
            if play is not None:
                coach.play_hinted(play)
                return
            index = data_of(event, "hint")
            if index is not None:
                coach.draw_hint(index)

        @on("click", "#link-games")
        def on_link_game(event: Event) -> None:
            node = event.target.closest("[data-link-play], [data-link-remove]")
            if not node:
                return
            played = node.getAttribute("data-link-play")
            if played:
                self.rooms.links.choose(str(played))
            else:
                self.rooms.links.remove(str(node.getAttribute("data-link-remove")))

        @on("submit", "#link-open-form")
        def on_link_submit(event: Event) -> None:
            event.preventDefault()
            self.open_pasted_link()

        @on("click", "#analysis-result")
        def on_mistake(event: Event) -> None:
            number = data_of(event, "mistake")
            if number is not None:
                review.open_mistake(number)

        @on("keydown", document)
        def on_key(event: Event) -> None:
            if str(event.target.tagName) in ("INPUT", "TEXTAREA", "SELECT"):
                return
            if event.altKey or event.ctrlKey or event.metaKey:
                return
            tag = str(event.target.tagName)
            if self.access.key(str(event.key), tag, self.on_board(event)):
                event.preventDefault()

        @on("pointerdown", "#board")
        def on_pointer_down(event: Event) -> None:
            if event.button != 0:
                return
            target = board_target(event, self.page.state.shown_session.mover_at_bottom)
            self.pressed = (target, self.around.now_ms())
            if target is not None:
                self.access.tap(target)
                self.dragged.pick_up(event)

        @on("pointermove", "#board")
        def on_pointer_move(event: Event) -> None:
            if self.pressed[0] is not None:
                self.dragged.follow(event)

        @on("pointercancel", "#board")
        def on_pointer_cancel(event: Event) -> None:
            self.pressed = (None, self.pressed[1])
            self.dragged.drop()

        @on("pointerup", "#board")
        def on_pointer_up(event: Event) -> None:
            start = self.pressed[0]
            self.pressed = (None, self.pressed[1])
            self.dragged.drop()
            if start is None:
                return
            end = point_target(event, self.page.state.shown_session.mover_at_bottom)
            if end is not None and end != start:  # dragged to another point: moved there
                self.access.tap(end)

        @on("change", "#train-import-file")
        async def on_deck_file(event: Event) -> None:
            files = event.target.files
            if files and files.length:
                self.train.import_text(str(await files.item(0).text()))
            event.target.value = ""

        @on("change", "#import-file")
        async def on_file(event: Event) -> None:
            files = event.target.files
            if files and files.length:
                review.import_mat(str(await files.item(0).text()))
            event.target.value = ""

        @on("dragover", "#board")
        def on_drag(event: Event) -> None:
            if event.dataTransfer and event.dataTransfer.types.includes("Files"):
                event.preventDefault()  # a match file may be dropped here

        @on("drop", "#board")
        async def on_drop(event: Event) -> None:
            files = event.dataTransfer.files if event.dataTransfer else None
            if files and files.length:
                event.preventDefault()
                review.import_mat(str(await files.item(0).text()))

        @on("hashchange", window)
        def on_hash(event: Event) -> None:
            self.sharing.open_link(self.around.fragment())

        @on("storage", window)
        def on_storage(event: Event) -> None:
            self.rooms.links.other_tab_saved(str(event.key))
            newer = self.saving.other_tab_saved(str(event.key), event.newValue)
            if newer is not None:
                self.page.show(self.saving.adopted_state(self.page.state, newer))
                if not self.around.hidden():
                    table.schedule_computer()

        embed_dialog.bind(self)  # Share -> Embed, and Open… (game/web/sharing/embed_dialog.py)

    def board_tap(self, event: Event) -> None:
        """A click on the board, or Enter/Space on a point; a pointer's press already
        counted (pointerdown), so the click that follows it is not a second tap."""
        if event.type == "click" and self.around.now_ms() - self.pressed[1] < CLICK_AFTER_PRESS:
            return
        target = board_target(event, self.page.state.shown_session.mover_at_bottom)
        if target is not None:
            self.access.tap(target)

    @staticmethod
    def on_board(event: Event) -> bool:
        node = event.target
        return bool(node) and bool(node.closest) and bool(node.closest("#board"))

    def practise(self, name: str) -> None:
        self.around.spawn(self.train.practice(name))

    def open_pasted_link(self) -> None:
        """A friend's link pasted into the panel of games by link."""
        text = self.surface.value("link-paste").strip()
        if text:
            self.surface.props("link-paste", value="")
            self.rooms.links.open(text)

    def plies(self) -> int:
        return int(self.surface.value("analysis-plies") or "1")

    # ----- for embed_maker: the game on the board ------------------------------------------------

    @property
    def session(self) -> Session:
        return self.page.state.session

    def named_history(self) -> Any:
        return self.page.state.named_history()

    def open_link(self, fragment: str) -> None:
        self.sharing.open_link(fragment)


async def load_practice() -> str | None:
    """The practice sets (game/analysis/data/practice.json), fetched beside the page: the
    page's Python files do not hold the data files (tools/build/manifest.py)."""
    answer = await window.fetch("./game/analysis/data/practice.json")
    return str(await answer.text()) if answer.ok else None


def pressed(action: Callable[[], object]) -> Callable[[Event], None]:
    """A click handler that runs ``action``."""

    def handler(event: Event) -> None:
        action()

    return handler


def data_of(event: Event, name: str) -> int | None:
    """The ``data-NAME`` number of the element clicked (or its nearest holder)."""
    node = event.target.closest(f"[data-{name}]") if event.target else None
    if not node:
        return None
    try:
        return int(node.getAttribute(f"data-{name}"))
    except (TypeError, ValueError):
        return None


def start() -> App:
    """Boot the page; if that fails, a new game beside the untouched save
    (game.web.browser.guard)."""
    app: App = guard.start_safely(App)
    return app
