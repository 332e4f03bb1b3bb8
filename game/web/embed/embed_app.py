"""embed.html in the browser: the mode its address asks for, drawn into the frame.

    # game/web/main.py, on embed.html (<body class="embed">)
    from game.web.embed.embed_app import start
    start()

The address is read by ``embed_params.read_embed`` (pure, total); what is shown comes from
``embed`` and ``puzzle`` (pure); this module only binds buttons, keys and the board, keeps
each embed's state under its own storage key, and tells the parent page its height. A
``play`` embed is built from the page's own parts (``App``) with the embed's key, position
and settings.
Nothing from the address is ever inserted as HTML: captions, messages and rankings are
set as text.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import Callable
from typing import Any

from pyscript import document, window

from game.engine.plays import Play
from game.engine.state import GameState
from game.formats.mat import InvalidMatFile, parse_mat
from game.web.address.embed_params import (
    DIAGRAM,
    PLAY,
    PUZZLE,
    EmbedError,
    EmbedSpec,
    read_embed,
)
from game.web.board import diagram
from game.web.board.render import board_svg
from game.web.board.view import board_view
from game.web.board.words import pips_text, status_text
from game.web.browser import guard, worker_client
from game.web.browser.dom import (
    Event,
    board_target,
    element,
    file_text_of,
    on,
    on_board,
    set_props,
    set_text,
)
from game.web.browser.real_page import BrowserSurroundings
from game.web.embed import verdict as verdicts
from game.web.embed import words
from game.web.embed.moments import replay_view
from game.web.language.catalog import told
from game.web.state.replay import Replay
from game.web.state.session import Session, Settings, SettingsError
from game.web.store.door import Door
from game.web.worker import puzzle
from game.web.worker.importing import MAX_MATCH_FILE, TOO_LARGE

HEIGHT_MESSAGE = "backgammon-embed:height"


class Store:
    """One embed's saved state (JSON under its own key, through the page's storage door);
    works, unsaved, without storage."""

    def __init__(self, key: str) -> None:
        self.key = key
        self.door = Door(BrowserSurroundings())
        self.available = True
        try:
            self.door.reader(key)()
        except Exception:
            self.available = False

    def load(self) -> Any:
        return self.door.data(self.key) if self.available else None

    def save(self, data: object) -> None:
        if self.available and not self.door.write(self.key, json.dumps(data)):
            self.available = False


def draw(view: Any) -> None:
    element("board").innerHTML = board_svg(view)


def show_words(session: Session, play: Play | None = None) -> None:
    """The board in words for screen readers, and both pip counts on screen."""
    holder = element("embed-text")
    holder.replaceChildren()
    for line in diagram.board_text(session, play):
        paragraph = document.createElement("p")
        paragraph.textContent = line
        holder.appendChild(paragraph)
    holder.hidden = False
    set_text("embed-pips-text", pips_text(session))
    set_props("embed-pips", hidden=False)


def show_problem(text: str) -> None:
    """A message inside the frame (as text), in place of the board; the host page is never
    touched."""
    document.body.classList.add("mode-error")
    set_text("embed-message", text)
    set_props("embed-message", hidden=False)


def note(text: str) -> None:
    set_text("status", text)


class Diagram:
    """A still position, its play drawn, its caption; no controls."""

    def __init__(self, spec: EmbedSpec) -> None:
        self.spec = spec

    def start(self) -> None:
        session = diagram.embed_session(self.spec)
        draw(diagram.diagram_view(session, self.spec.play))
        show_words(session, self.spec.play)
        note(" ".join(diagram.board_text(session, self.spec.play)[1:2]))


class Puzzle:
    """The reader plays the position (or answers the cube), then sees the computer's ranking."""

    def __init__(self, spec: EmbedSpec) -> None:
        self.spec = spec
        self.store = Store(spec.key + ".puzzle")
        self.start_session = diagram.embed_session(spec)
        self.session = self.start_session
        self.answered = False

    @property
    def game(self) -> GameState:
        return self.start_session.game

    def start(self) -> None:
        set_props("embed-puzzle", hidden=False)
        choices = puzzle.cube_choices(self.game) if self.game.dice is None else ()
        set_props("puzzle-cube", hidden=not choices)
        for choice in (puzzle.DOUBLE, puzzle.NO_DOUBLE, puzzle.TAKE, puzzle.PASS):
            set_props(f"puzzle-{choice}", hidden=choice not in choices)
        self.bind()
        self.render()
        show_words(self.start_session)
        saved = self.store.load()
        if isinstance(saved, dict):
            with contextlib.suppress(Exception):
                if "play" in saved:
                    play = self.game.legal_plays()[int(saved["play"])]
                    self.reveal_play(play)
                elif saved.get("cube") in choices:
                    self.reveal_cube(str(saved["cube"]))
        if not self.store.available:
            set_text("embed-message", told(words.NOT_SAVED))
            set_props("embed-message", hidden=False)

    def bind(self) -> None:
        on_board(self.tap)

        @on("click", "#undo")
        def on_undo(event: Event) -> None:
            if not self.answered:
                self.session = self.session.undo()
                self.render()

        @on("click", "#confirm")
        def on_confirm(event: Event) -> None:
            if not self.answered and self.session.may_confirm and self.session.turn:
                self.reveal_play(self.session.turn.play())

        @on("click", "#puzzle-cube")
        def on_cube(event: Event) -> None:
            node = event.target.closest("[data-choice]") if event.target else None
            if node and not self.answered:
                self.reveal_cube(str(node.dataset.choice))

        @on("click", "#puzzle-again")
        def on_again(event: Event) -> None:
            self.answered = False
            self.session = self.start_session
            self.store.save(None)
            set_props("puzzle-answer", hidden=True)
            set_props("puzzle-cube", hidden=self.game.dice is not None)
            document.body.dataset.revealed = "false"
            self.render()

    def tap(self, event: Event) -> None:
        # The computer's worker loads while the reader plays: started by the first touch, so
        # a page of puzzles boots no second interpreter for those nobody tries.
        worker_client.start()
        if self.answered:
            return
        target = board_target(event, self.session.mover_at_bottom)
        if target is not None:
            self.session = self.session.tap(target)
            self.render()

    def render(self) -> None:
        draw(board_view(self.session))
        if self.game.dice is None:
            note(told(words.CUBE_QUESTION))
        elif self.session.may_confirm:
            note(told(words.CONFIRM_TO_RANK))
        else:
            note(words.your_play(status_text(self.session)))
        document.body.classList.toggle("answered", self.answered)
        document.body.classList.toggle("cube-puzzle", self.game.dice is None)
        set_props("undo", hidden=False, disabled=not self.session.may_undo)
        set_props("confirm", hidden=False, disabled=not self.session.may_confirm)
        for name in ("roll", "double", "take", "pass", "beaver", "accept", "refuse"):
            set_props(name, hidden=True)

    def reveal_play(self, play: Play) -> None:
        self.answered = True
        plays = self.game.legal_plays()
        index = next(i for i, p in enumerate(plays) if p.position == play.position)
        self.store.save({"play": index})
        draw(diagram.diagram_view(self.start_session, play))
        document.body.classList.add("answered")
        self.ask(lambda answer: verdicts.play_verdict(self.game, answer, play))

    def reveal_cube(self, choice: str) -> None:
        self.answered = True
        self.store.save({"cube": choice})
        document.body.classList.add("answered")
        set_props("puzzle-cube", hidden=True)
        self.ask(lambda answer: verdicts.cube_verdict(self.game, answer, choice))

    def ask(self, verdict_of: Any) -> None:
        worker_client.start()
        note(told(words.RANKING))
        set_props("puzzle-answer", hidden=True)

        async def work() -> None:
            answer = await worker_client.ask(puzzle.rank_request(self.game, self.spec.plies))
            self.show_verdict(verdict_of(answer))

        self.task = asyncio.ensure_future(work())  # kept until done

    def show_verdict(self, verdict: verdicts.Verdict) -> None:
        note(verdict.summary)
        set_text("puzzle-summary", verdict.summary)
        listing = element("puzzle-ranking")
        listing.replaceChildren()
        for row in verdict.rows:
            item = document.createElement("li")
            item.value = row.rank
            loss = "" if row.best else f" (\u2212{row.loss:.3f})"
            if self.game.dice is None:
                item.textContent = row.text + loss
            else:
                item.textContent = f"{row.text}  {verdicts.equity_text(row.equity)}{loss}"
            item.classList.toggle("chosen", row.chosen)
            item.classList.toggle("best", row.best)
            if row.chosen:
                item.setAttribute("aria-current", "true")
            listing.appendChild(item)
        set_props("puzzle-answer", hidden=False)
        document.body.dataset.revealed = "true"
        post_height()


class ReplayEmbed:
    """A whole game stepped through with buttons and keys."""

    def __init__(self, spec: EmbedSpec) -> None:
        self.spec = spec
        self.store = Store(spec.key + ".replay")
        self.replay: Replay | None = None

    def start(self) -> None:
        set_props("embed-replay", hidden=False)
        self.bind()
        if self.spec.record is not None:
            self.show(Replay.of(self.spec.record, self.saved_moment()))
        else:
            note(told(words.LOADING))
            document.body.dataset.pending = "match file"  # boot.js: not a failed start
            self.task = asyncio.ensure_future(self.load_mat())

    async def load_mat(self) -> None:
        try:
            await self.fetch_mat()
        finally:
            del document.body.dataset.pending
            document.body.dataset.ready = "true"

    async def fetch_mat(self) -> None:
        """Fetch the match file beside the page (same origin only) and show it."""
        name = self.spec.mat or ""
        url = window.URL.new(name, document.baseURI)
        if str(url.origin) != str(window.location.origin):
            show_problem(told(words.SAME_SITE))
            return
        try:
            response = await window.fetch(url.href)
            if not response.ok:
                show_problem(words.not_loaded(name, response.status))
                return
            text = await file_text_of(await response.blob())  # as Open… reads a file
        except Exception:
            show_problem(words.not_loaded(name))
            return
        if len(text) > MAX_MATCH_FILE:
            show_problem(told(TOO_LARGE))
            return
        try:
            record = parse_mat(text)
        except InvalidMatFile as error:
            show_problem(words.cannot_read(name, error))
            return
        self.show(Replay.of(record, self.saved_moment()))

    def saved_moment(self) -> int:
        saved = self.store.load()
        return saved if isinstance(saved, int) and saved >= 0 else 0

    def bind(self) -> None:
        def stepper(delta: int) -> Any:
            def handler(event: Event) -> None:
                self.step(delta)

            return handler

        on("click", "#embed-first")(stepper(-(10**6)))
        on("click", "#embed-back")(stepper(-1))
        on("click", "#embed-forward")(stepper(1))
        on("click", "#embed-last")(stepper(10**6))

        @on("keydown", document)
        def on_key(event: Event) -> None:
            steps = {"ArrowLeft": -1, "ArrowRight": 1, "Home": -(10**6), "End": 10**6}
            if event.key in steps and not event.altKey and not event.ctrlKey:
                event.preventDefault()
                self.step(steps[event.key])

    def step(self, delta: int) -> None:
        if self.replay is not None:
            self.show(self.replay.jump(self.replay.at + delta))

    def show(self, replay: Replay) -> None:
        self.replay = replay
        session, view, words = replay_view(self.spec, replay)
        draw(view)
        set_text("embed-where", words)
        note(words)
        set_props("embed-first", disabled=replay.at_start)
        set_props("embed-back", disabled=replay.at_start)
        set_props("embed-forward", disabled=replay.at_end)
        set_props("embed-last", disabled=replay.at_end)
        show_words(session)
        document.body.dataset.moment = str(replay.at)
        self.store.save(replay.at)
        post_height()


def apply_theme(spec: EmbedSpec) -> None:
    document.documentElement.dataset.theme = spec.theme
    document.body.classList.add(f"mode-{spec.mode}")
    if not spec.legacy:
        document.body.classList.add("fit")  # the plain board of old keeps its old size
    if spec.caption:
        set_text("embed-caption", spec.caption)
        set_props("embed-caption", hidden=False)


def post_height() -> None:
    """Tell the parent page how tall the embed is (docs/embedding.md's snippet sizes the frame)."""
    if window.parent is window or window.parent == window:
        return
    main = document.querySelector("main")
    height = int(main.getBoundingClientRect().height) + 2 if main else 0
    from pyodide.ffi import to_js

    message = to_js(
        {"type": HEIGHT_MESSAGE, "height": height}, dict_converter=window.Object.fromEntries
    )
    with contextlib.suppress(Exception):
        window.parent.postMessage(message, "*")


def watch_height() -> None:
    from pyodide.ffi import create_proxy

    observer = window.ResizeObserver.new(create_proxy(lambda *_: post_height()))
    main = document.querySelector("main")
    if main:
        observer.observe(main)
    post_height()


# Builds a ``play`` embed's page: the main page's own parts (game/web/main.py hands it in,
# the composition root; this room never imports it).
PlayEmbed = Callable[[str, EmbedSpec], object]


def start(play_embed: PlayEmbed) -> object:
    """Read the address and show its mode; a bad address is said in the frame."""
    body = document.body
    try:
        spec = read_embed(str(window.location.search), str(window.location.hash))
        if spec.mode == PLAY and spec.level is not None:
            Settings(level=spec.level)  # an unknown level is refused here, in words
    except (EmbedError, SettingsError) as error:
        show_problem(words.cannot_show(error))
        note("")
        body.dataset.ready = "true"
        watch_height()
        return None
    apply_theme(spec)
    if spec.mode == PLAY:
        app = guard.start_safely(lambda query: play_embed(query, spec))  # sets data-ready
        body.dataset.embedKey = spec.key
        watch_height()
        return app
    shown: Diagram | Puzzle | ReplayEmbed
    if spec.mode == DIAGRAM:
        shown = Diagram(spec)
    elif spec.mode == PUZZLE:
        shown = Puzzle(spec)
    else:
        shown = ReplayEmbed(spec)
    try:
        shown.start()
    except Exception as error:  # a bug: said in the frame, never a traceback
        print(f"backgammon embed: {type(error).__name__}: {error}")
        show_problem(words.not_drawn(guard.words(error)))
        body.dataset.ready = "true"
    body.dataset.embedKey = spec.key
    if not isinstance(shown, Puzzle):  # a puzzle's computer loads at its first touch
        worker_client.loaded()
    if not (isinstance(shown, ReplayEmbed) and spec.mat is not None):
        body.dataset.ready = "true"  # a match file: once it is drawn (or refused)
    watch_height()
    return shown
