"""The page's wiring: DOM events in, ``Session`` changes, board and words out.

    # game/web/main.py (run by PyScript)
    from game.web.app import start
    start()

One of the seven modules that touch the browser (``pyscript``'s ``document`` and
``window``; the others: ``dom``, ``guard``, ``main``, ``thinking``, ``embed_app``, ``embed_maker``,
listed in tests/test_architecture.py). Each handler asks the ``Session`` for the next
state, saves it to localStorage at once, and redraws. The computer's turns run as a task that
yields to the browser between steps, so its checkers move one at a time.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import json
import random
import time
from collections.abc import Callable, Coroutine
from typing import Any

from pyscript import document, window

from game.engine.plays import Play
from game.engine.position import Position
from game.engine.record import Record
from game.engine.state import GameState, Phase
from game.engine.turn import Turn
from game.formats.game_link import InvalidGameLink, encode_game, parse_game_link
from game.formats.match_file import write_match_file
from game.web import (
    analysis_view,
    computer,
    deck,
    embed_maker,
    guard,
    hint_panel,
    importing,
    links,
    prompts,
    rating,
    storage,
    study,
    thinker,
    thinking,
    tutor,
)
from game.web.controls import controls, settings_form, settings_from_form
from game.web.dom import (
    Event,
    Handler,
    board_target,
    close_dialog,
    element,
    on,
    on_board,
    open_dialog,
    report,
    set_props,
    set_text,
    toggle,
)
from game.web.history import history_data, read_history
from game.web.params import read_params
from game.web.prerender import board_key, painted_board
from game.web.prompts import Prompt
from game.web.render import board_svg
from game.web.replay import Replay, move_list_html, where_text
from game.web.session import Session
from game.web.view import (
    board_view,
    ending,
    is_crawford,
    last_play_text,
    moved_checker,
    pips_text,
    player_name,
    resign_label,
    resign_points,
    resign_question,
    score_label,
    score_text,
    status_text,
)


class App:
    def __init__(self, query: str) -> None:
        params = read_params(query)  # never raises: unusable values fall back to defaults
        self.seed = params.seed
        self.rng = random.Random(self.seed)
        self.pace = params.pace  # ?pace=0: the computer's moves without pauses (tests)
        self.embed = params.embed or bool(document.body.classList.contains("embed"))
        self.key = storage.KEY + (".embed" if self.embed else "")
        # Reads and writes go through the keeper: it never writes over a newer game (another
        # tab's), a newer page's save, or a save it could not read (see storage.SaveKeeper).
        self.keeper = storage.SaveKeeper(
            lambda: window.localStorage.getItem(self.key),
            lambda text: window.localStorage.setItem(self.key, text),
        )
        self.told: set[storage.Outcome] = set()  # what the player was told about saving
        self.session = Session.new()
        self.history = Record(
            self.session.game
        )  # every action of the match (game/engine/record.py)
        self.replay: Replay | None = None  # looking back at a record instead of the live game
        self.linked: Record | None = None  # the record a whole-game link brought
        self.link_opponent: str | None = None  # who plays whom, as that link says
        self.busy = False
        self.pending: Callable[[], object] | None = None  # what the notice's first button does
        self.last_think_ms = 0.0
        self.tasks: set[asyncio.Future[None]] = set()
        # Learning (hint_panel, tutor, analysis_view, rating): see the last section.
        self.hints: tuple[GameState, asyncio.Future[Any]] | None = None  # the hint asked last
        self.drawn: tuple[GameState, Play] | None = None  # a play drawn over that moment
        self.tutor_go: Callable[[], object] | None = None  # what "Play anyway" does
        self.tutor_show: Callable[[], object] | None = None  # what "Show the better ..." does
        self.tutoring = False  # waiting for the tutor's figures: the decision is held
        self.analysis_job: str | None = None
        self.import_job: str | None = None  # the match file being read in the worker
        self.analysis: tuple[Record, dict[str, Any]] | None = None  # the record and its result
        self.rating = rating.read_book(self.stored(rating.KEY))
        motion = window.matchMedia("(prefers-reduced-motion: reduce)")
        self.reduced_motion = bool(motion.matches) if motion else False

    # ----- start-up ----------------------------------------------------------------------

    def start(self, restore: bool = True) -> None:
        if self.embed:
            document.body.classList.add("embed")
        problem = self.restore() if restore else None
        if not restore:
            self.keeper.unreadable = self.keeper.stored()  # kept as it is: it may be the cause
        self.bind()
        self.render()
        document.body.dataset.ready = "true"
        document.dispatchEvent(window.Event.new("game:ready"))
        if problem:
            self.offer_saved_copy(problem)
        elif not self.keeper.available:
            self.tell(storage.Outcome.NO_STORAGE)
        self.open_link(str(window.location.hash))
        self.schedule_computer()
        self.spawn(self.warm_up())

    async def warm_up(self) -> None:
        """Once the board is up: start the computer's worker (it loads the bot and its
        weights, thinking.py), and run here, in short steps, what the first moves would
        otherwise load in the middle of play (the save format's modules, first calls)."""
        await asyncio.sleep(0.1)
        self.spawn(thinking.prepare())
        for step in (
            lambda: storage.save_text(self.session),
            lambda: painted_board(self.session, ""),
            lambda: thinker.play_request(self.session.game, None, random.Random(0)),
        ):
            await asyncio.sleep(0.02)
            step()

    def restore(self) -> str | None:
        """Load the saved game; a message for the player if it could not be read."""
        try:
            session = self.keeper.load()
        except storage.SaveError as error:
            self.history = Record(self.session.game)
            return f"Your saved game could not be read: {error}. It is kept as it was."
        if session is not None:
            self.session = session
        self.history = Record(self.session.game)
        with contextlib.suppress(Exception):  # no history, or not readable: it starts here
            saved = window.localStorage.getItem(self.key + ".history")
            if isinstance(saved, str) and saved:
                data = storage.parse_stored(saved, storage.MAX_HISTORY_LENGTH)
                self.history = read_history(data, self.session.game)
        return None

    def save(self) -> None:
        last = self.session.last_play
        moves = (
            tuple((origin, destination) for origin, destination, _hit in last[1]) if last else ()
        )
        self.history = self.history.follow(self.session.game, moves)
        outcome = self.keeper.save(self.session)
        if outcome is storage.Outcome.FULL:
            # Make room from this page's own copies first (the board drawn for the next visit,
            # the match's history): the game itself matters most. Then try once more.
            for key in (board_key(self.key), self.key + ".history"):
                with contextlib.suppress(Exception):
                    window.localStorage.removeItem(key)
            outcome = self.keeper.save(self.session)
        if self.keeper.resumed:
            self.told -= {storage.Outcome.FULL, storage.Outcome.NO_STORAGE}
            self.notice("The game is saved again.")
        if outcome is storage.Outcome.NEWER and self.keeper.adopted is not None:
            # Another tab played on: show its game rather than write over it.
            self.session = self.keeper.adopted
            self.tell(outcome)
        elif outcome is not storage.Outcome.WRITTEN:
            self.tell(outcome)
        else:
            # Its board beside it: boot.js paints it on the next visit before Python is up.
            with contextlib.suppress(Exception):
                board = painted_board(self.session, self.keeper.last_text or "")
                window.localStorage.setItem(board_key(self.key), board)
            with contextlib.suppress(Exception):
                history = json.dumps(history_data(self.history), separators=(",", ":"))
                window.localStorage.setItem(self.key + ".history", history)

    def tell(self, outcome: storage.Outcome) -> None:
        """Say once why the game is not being saved (or was replaced by another tab's)."""
        if outcome in self.told and outcome is not storage.Outcome.NEWER:
            return
        self.told.add(outcome)
        text = {
            storage.Outcome.NEWER: "This game was played on in another tab or window: "
            "here it is as it stands now.",
            storage.Outcome.NEWER_FORMAT: "A newer version of this page saved the game in "
            "another tab. Reload to go on with it; this tab no longer saves.",
            storage.Outcome.NO_STORAGE: "This browser blocks the game's storage here (for "
            "one, in a frame of another site), so it is not saved: play on, and download the "
            "game to keep it. Each move tries to save again.",
            storage.Outcome.FULL: "This browser's storage for this site is full, so the "
            "game is not being saved. It is saved again by itself as soon as there is room "
            "(clear other sites' data to make some); download the game to keep it.",
            storage.Outcome.KEPT: "Your unreadable saved game is kept, so this game is not "
            "saved yet. Start a new game to replace it.",
        }.get(outcome)
        if outcome in (storage.Outcome.FULL, storage.Outcome.NO_STORAGE) and text:
            self.notice(text, "Download the game", self.export_mat, cancel="Not now")
        elif text:
            self.notice(text)

    def offer_saved_copy(self, problem: str) -> None:
        """A save that could not be read: offer a copy of it, then to start anew."""

        def download_it() -> None:
            guard.download(self.keeper.unreadable or "")
            self.notice(
                "The saved game was downloaded. Start a new game? It replaces the "
                "unreadable save in this browser.",
                "Start a new game",
                self.reset,
                cancel="Not now",
            )

        self.notice(
            f"{problem} Download a copy (to keep it, or to report it), then start anew. "
            "Until then this game is not saved.",
            "Download the saved game",
            download_it,
            cancel="Not now",
        )

    def recover(self, error: Exception) -> None:
        """Whatever went wrong: the board as the game stands, playable, and what happened."""
        self.busy = False
        try:
            self.render()
        except Exception:
            self.session = Session.new(self.session.settings)
            self.render()
        again = self.schedule_computer if self.session.computer_to_act else None
        self.notice(
            f"Something went wrong: {guard.words(error)}. The board shows the game as it "
            "stands; play on.",
            "Let the computer play on" if again else "OK",
            again,
        )

    def on_storage(self, event: Event) -> None:
        """Another tab saved: show its game when it is newer than this one."""
        if event.key != self.key:
            return
        newer = self.keeper.newer(event.newValue)
        if newer is not None:
            self.session = newer
            self.render()
            if not document.hidden:
                self.schedule_computer()

    def spawn(self, work: Coroutine[Any, Any, None]) -> None:
        """Run a coroutine as a task, keeping a reference until it is done."""
        task = asyncio.ensure_future(work)
        self.tasks.add(task)
        task.add_done_callback(self._task_done)

    def _task_done(self, task: asyncio.Future[None]) -> None:
        self.tasks.discard(task)
        error = None if task.cancelled() else task.exception()
        if error is not None:
            report(error)

    # ----- links -------------------------------------------------------------------------

    def open_link(self, fragment: str) -> None:
        if "game=" in fragment:
            self.open_game_link(fragment)
            return
        try:
            found = links.read_fragment(fragment)
        except links.LinkError as error:
            self.clear_fragment()
            self.ask(prompts.broken_link_notice(str(error)))
            return
        if found is None:
            return
        game, opponent = found
        self.clear_fragment()
        if links.same_game(game, self.session.game):
            return

        def take_link() -> None:
            settings = dataclasses.replace(self.session.settings, opponent=opponent)
            self.session = Session(self.session.game, settings).after(game)
            self.changed()
            self.schedule_computer()

        if self.session.in_progress and not self.embed:
            self.ask(prompts.shared_game_question(), take_link)
        else:
            take_link()

    def clear_fragment(self) -> None:
        location = window.location
        window.history.replaceState(None, "", str(location.pathname) + str(location.search))

    async def share(self) -> None:
        location = window.location
        fragment = links.share_fragment(self.session.game, self.session.settings.opponent)
        fragment += f"&game={encode_game(self.history)}"  # the whole game: opens as a replay
        url = f"{location.origin}{location.pathname}#{fragment}"
        try:
            await window.navigator.clipboard.writeText(url)
            copied = True
        except Exception:  # no clipboard permission (or no clipboard): show the link instead
            copied = False
        self.ask(prompts.share_notice(copied), url=url)

    # ----- notices (a modal dialog: a question or a message) ----------------------------

    def ask(
        self, prompt: Prompt, action: Callable[[], object] | None = None, url: str | None = None
    ) -> None:
        self.notice(prompt.text, prompt.yes, action, prompt.cancel, url)

    def notice(
        self,
        text: str,
        yes: str = "OK",
        action: Callable[[], object] | None = None,
        cancel: str | None = None,
        url: str | None = None,
    ) -> None:
        set_text("notice-text", text)
        set_text("notice-yes", yes)
        no = element("notice-no")
        no.hidden = cancel is None
        if cancel is not None:
            no.textContent = cancel
        field = element("notice-url")
        if field:
            field.hidden = url is None
            field.value = url or ""
        set_props("notice-embed", hidden=url is None)  # Share offers Embed (embed_maker)
        self.pending = action
        open_dialog("notice", focus="notice-url" if url else "notice-yes")

    def close_notice(self) -> None:
        close_dialog("notice")
        self.pending = None

    # ----- events ------------------------------------------------------------------------

    def bind(self) -> None:
        on_board(self.board_tap)

        @on("click", "#roll")
        def on_roll(event: Event) -> None:
            if self.busy or self.tutoring or not self.session.may_roll:
                return

            def roll() -> None:
                self.session = self.session.roll(self.rng)
                self.changed()
                self.schedule_computer()

            if self.session.may_double:
                self.with_tutor("no-double", roll)
            else:
                roll()

        @on("click", "#undo")
        def on_undo(event: Event) -> None:
            if not self.busy:
                self.session = self.session.undo()
                self.changed()

        @on("click", "#confirm")
        def on_confirm(event: Event) -> None:
            if not self.busy and not self.tutoring and self.session.may_confirm:
                self.confirm_play()

        @on("click", "#next-game")
        def on_next(event: Event) -> None:
            if self.busy:
                return
            if self.session.game.phase is Phase.GAME_OVER:
                self.session = self.session.next_game()
                self.changed()
            elif self.session.game.phase is Phase.MATCH_OVER:
                self.reset()

        @on("click", "#double")
        def on_double(event: Event) -> None:
            if not self.busy and self.session.may_double:
                self.with_tutor("double", lambda: self.act(self.session.double()))

        @on("click", "#take")
        def on_take(event: Event) -> None:
            if not self.busy and self.session.may_answer_double:
                self.with_tutor("take", lambda: self.act(self.session.take()))

        @on("click", "#beaver")
        def on_beaver(event: Event) -> None:
            if not self.busy and self.session.may_beaver:
                self.with_tutor("beaver", lambda: self.act(self.session.beaver()))

        @on("click", "#pass")
        def on_pass(event: Event) -> None:
            if not self.busy and self.session.may_answer_double:
                self.with_tutor("pass", lambda: self.act(self.session.pass_()))

        @on("click", "#accept")
        def on_accept(event: Event) -> None:
            if not self.busy and self.session.may_answer_resignation:
                self.act(self.session.accept_resignation())

        @on("click", "#refuse")
        def on_refuse(event: Event) -> None:
            if not self.busy and self.session.may_answer_resignation:
                self.act(self.session.reject_resignation())

        @on("click", "#resign")
        def on_resign(event: Event) -> None:
            if not self.busy and self.session.resigner is not None:
                self.show_resign_panel()

        def resign_with(result: int) -> Handler:
            def handler(event: Event) -> None:
                close_dialog("resign-panel")
                if not self.busy and self.session.resigner is not None:
                    self.act(self.session.resign(result))

            return handler

        for result in (1, 2, 3):
            on("click", f"#resign-{result}")(resign_with(result))

        @on("click", "#resign-cancel")
        def on_resign_cancel(event: Event) -> None:
            close_dialog("resign-panel")

        @on("click", "#new-game")
        def on_new(event: Event) -> None:
            question = prompts.new_game_question(self.session)
            if question is None:
                self.reset()
            else:
                self.ask(question, self.reset)

        @on("click", "#share")
        async def on_share(event: Event) -> None:
            await self.share()

        @on("click", "#settings-toggle")
        def on_settings_toggle(event: Event) -> None:
            open_dialog("settings-dialog")  # the keyboard starts on its first choice

        @on("click", "#settings-done")
        def on_settings_done(event: Event) -> None:
            close_dialog("settings-dialog")

        @on("change", "#settings")
        def on_settings(event: Event) -> None:
            self.read_settings()

        @on("submit", "#settings")
        def on_submit(event: Event) -> None:
            event.preventDefault()

        @on("click", "#notice-yes")
        def on_yes(event: Event) -> None:
            action = self.pending
            self.close_notice()
            if action is not None:
                action()

        @on("click", "#notice-no")
        def on_no(event: Event) -> None:
            self.close_notice()

        @on("hashchange", window)
        def on_hash(event: Event) -> None:
            self.open_link(str(window.location.hash))

        on("storage", window)(self.on_storage)
        self.bind_replay()
        embed_maker.bind(self)  # Share -> Embed, and Open… (game/web/embed_maker.py)
        self.bind_learning()

    def board_tap(self, event: Event) -> None:
        if self.busy or self.tutoring or self.replay is not None:
            return
        target = board_target(event, self.session.mover_at_bottom)
        if target is None:
            return
        before = self.session
        self.drawn = None  # a hinted play drawn gives way to the person's own moves
        settings = before.settings
        if settings.tutor and settings.auto_confirm and before.turn is not None:
            # The tutor looks before the play is taken: the last move waits for it.
            waiting = dataclasses.replace(settings, auto_confirm=False)
            held = dataclasses.replace(before, settings=waiting)
            after = held.tap(target)
            self.session = dataclasses.replace(after, settings=settings)
            if self.session.may_confirm:
                self.render(moving=moved_checker(before, self.session))
                self.confirm_play()
                return
        else:
            self.session = self.session.tap(target)
        if self.session is not before:
            self.save()
            self.render(moving=moved_checker(before, self.session))
            if self.session.game is not before.game:
                self.schedule_computer()

    def read_settings(self) -> None:
        form = element("settings")
        checked = {
            str(node.name) if node.type == "checkbox" else f"{node.name}={node.value}"
            for node in form.querySelectorAll("input:checked")
        }
        chosen = {str(node.name): str(node.value) for node in form.querySelectorAll("select")}
        settings = settings_from_form(checked, chosen)
        if settings is not None:
            self.session = self.session.with_settings(settings)
            self.changed()
            self.schedule_computer()

    def act(self, session: Session) -> None:
        """A person's answer or cube action: save, redraw, and let the computer go on."""
        self.session = session
        self.changed()
        self.schedule_computer()

    def show_resign_panel(self) -> None:
        offers = resign_points(self.session)
        for result in (1, 2, 3):
            button = element(f"resign-{result}")
            if button:
                button.hidden = result not in offers
                button.textContent = resign_label(result, offers.get(result, 0))
        set_text("resign-text", resign_question(self.session))
        open_dialog("resign-panel", focus="resign-1")

    def reset(self) -> None:
        self.keeper.release()  # the player chose a new game over an unreadable save
        self.session = Session.new(self.session.settings)
        self.changed()

    def changed(self) -> None:
        self.save()
        self.count_result()
        if self.hints is not None and self.hints[0] is not self.session.game:
            set_props("hint-panel", hidden=True)  # the hint was for a moment now past
        drawn = self.drawn
        if drawn is not None and self.replay is None and drawn[0] is not self.session.game:
            self.drawn = None
        self.render()

    # ----- the computer ------------------------------------------------------------------

    def schedule_computer(self) -> None:
        if self.session.computer_to_act and not self.busy:
            self.spawn(self.computer_turns())

    async def computer_turns(self) -> None:
        self.busy = True
        self.render()
        started = time.perf_counter()
        paused = 0.0  # seconds spent in deliberate pauses, left out of the latency figure

        async def pause(seconds: float) -> None:
            nonlocal paused
            before = time.perf_counter()
            await asyncio.sleep(seconds * self.pace)
            paused += time.perf_counter() - before

        replaced = False
        try:
            while self.session.computer_to_act:
                game = self.session.game
                # After the person's roll that could not be played, let them read why; a
                # double or a resignation is seen before its answer; the computer's dice
                # before its checkers move.
                await pause(computer.pause_before(game))
                if self.session.game is not game:
                    replaced = True  # a new game or a shared one came in meanwhile
                    return
                thinking_at = time.perf_counter()
                request = thinker.request_for(game, self.session.settings.level, self.rng)
                answer = None if request is None else await thinking.ask(request)
                if self.session.game is not game:
                    replaced = True
                    return
                step = thinker.step_from(game, answer, self.rng)
                if step is None:  # the state passes blocked rolls itself: a safeguard
                    break
                think_ms = (time.perf_counter() - thinking_at) * 1000
                if step.weighed_cube:
                    # The cube decision's time, for tools/bench/page.py and tests.
                    document.body.dataset.cubeMs = f"{think_ms:.1f}"
                if step.play is not None and answer is not None:
                    self.last_think_ms = think_ms
                    document.body.dataset.botMs = f"{answer['ms']:.1f}"  # the bot's own time
                    if not await self.show_moves(game, step.play, started, paused, pause):
                        replaced = True
                        return
                    started, paused = time.perf_counter(), 0.0
                self.session = step.apply(self.session, self.rng)
                self.changed()
        finally:
            self.busy = False
            self.render()
            if replaced:
                self.schedule_computer()  # the new game may start with the computer's turn

    async def show_moves(
        self,
        game: GameState,
        play: Play,
        started: float,
        paused: float,
        pause: Callable[[float], Coroutine[Any, Any, None]],
    ) -> bool:
        """The computer's checkers moved one by one; False if the game was replaced."""
        assert game.dice is not None
        turn = Turn.start(game.position, game.dice)
        for index, move in enumerate(play.moves):
            turn = turn.move_steps((move,))
            self.render(turn.position, turn.dice_left, (move.origin, move.destination))
            if index == 0:
                # From the person's confirm to the computer's first checker on the move,
                # pauses excluded: the page's responsiveness figure (tools/bench/page.py).
                latency = (time.perf_counter() - started - paused) * 1000
                document.body.dataset.computerMs = f"{latency:.1f}"
                document.body.dataset.thinkMs = f"{self.last_think_ms:.1f}"
            await pause(computer.STEP_SECONDS)
            if self.session.game is not game:
                return False
        return True

    # ----- drawing -----------------------------------------------------------------------

    def render(
        self,
        position: Position | None = None,
        dice_left: tuple[int, ...] | None = None,
        moving: tuple[int, int] | None = None,
    ) -> None:
        session = self.session
        replaying = self.replay is not None
        document.body.classList.toggle("replaying", replaying)
        if self.replay is not None:
            session = Session(self.replay.state, self.session.settings)
            position = dice_left = moving = None
            self.show_replay()
        board = element("board")
        focused = document.activeElement
        had_focus = (
            bool(focused) and bool(board.contains(focused)) and not focused.isSameNode(board)
        )
        if self.reduced_motion:
            moving = None
        drawn = self.drawn
        if drawn is not None and drawn[0] is session.game and position is None:
            board.innerHTML = board_svg(hint_panel.hinted_view(session, drawn[1]))
        else:
            board.innerHTML = board_svg(board_view(session, position, dice_left, moving))
        if had_focus:
            # The board was redrawn under the keyboard user: keep them on the board.
            target = board.querySelector('.lit[tabindex="0"]') or board.querySelector(
                '[tabindex="0"]'
            )
            if target:
                target.focus()
        board.classList.toggle("busy", self.busy)

        bottom = session.bottom_player
        top = 1 - bottom
        set_text("name-bottom", player_name(session, bottom))
        set_text("name-top", player_name(session, top))
        set_props("chip-bottom", className=f"chip chip-{('cyan', 'pink')[bottom]}")
        set_props("chip-top", className=f"chip chip-{('cyan', 'pink')[top]}")
        to_act = session.game.to_act
        toggle("side-bottom", "on-roll", to_act == bottom)
        toggle("side-top", "on-roll", to_act == top)
        answering = session.game.phase in (Phase.DOUBLED, Phase.RESIGNED)
        toggle("side-bottom", "answering", answering)
        toggle("side-top", "answering", answering)

        set_text("pips-text", pips_text(session, position))
        set_text("score-label", score_label(session))
        set_text("score-text", score_text(session))
        set_props("crawford", hidden=not is_crawford(session))

        set_text("status", status_text(session))
        toggle("status", "thinking", self.busy and session.computer_to_act)

        set_text("last-play-text", last_play_text(session))
        set_props("last-play", hidden=not last_play_text(session))
        self.show_ending(session)

        for name, button in controls(session, self.busy or replaying).items():
            set_props(name, hidden=not button.shown, disabled=not button.enabled)
            if button.label is not None:
                set_text(name, button.label)
        if session.resigner is None or self.busy or replaying:
            close_dialog("resign-panel")
        self.show_settings()
        offered = hint_panel.hint_offered(session, self.busy or replaying or self.tutoring)
        set_props("hint", hidden=not offered)
        if offered and session.settings.tutor:
            self.hint_for(session.game)  # the tutor's figures, worked out while the person thinks

    def show_ending(self, session: Session) -> None:
        """The end of a game or a match: a card over the board with the next step."""
        card = ending(session)
        set_props("ending", hidden=card is None)
        if card is None:
            return
        set_text("ending-title", card.title)
        set_text("ending-reason", card.reason)
        set_text("ending-score", card.score)
        toggle("ending", "won", card.won)

    def show_settings(self) -> None:
        settings = self.session.settings
        form = element("settings")
        if not form:
            return
        for radio in form.querySelectorAll('input[name="opponent"]'):
            radio.checked = radio.value == settings.opponent
        if settings.level is not None:
            set_props("level", value=settings.level)
        set_props("rotate", checked=settings.rotate)
        set_props("auto-confirm", checked=settings.auto_confirm)
        for radio in form.querySelectorAll('input[name="rules"]'):
            radio.checked = radio.value == settings.rules
        set_props("match-length", value=str(settings.match_length))
        set_props("jacoby", checked=settings.jacoby)
        set_props("beaver-rule", checked=settings.beaver)
        set_props("tutor-setting", checked=settings.tutor)
        shown = settings_form(self.session)
        set_props("level-row", hidden=not shown.level_row)
        set_props("rotate-row", hidden=not shown.rotate_row)
        set_props("jacoby-row", hidden=not shown.money_rows)
        set_props("beaver-row", hidden=not shown.money_rows)
        set_text("rules-hint", shown.rules_hint)
        toggle("rules-hint", "pending", shown.rules_pending)

    # ----- replay, whole-game links, match files -------------------------------------------

    def bind_replay(self) -> None:
        @on("click", "#replay-toggle")
        def on_toggle(event: Event) -> None:
            self.look_back(None if self.replay is not None else Replay.of(self.named_history()))

        @on("click", "#replay-back")
        def on_back(event: Event) -> None:
            if self.replay is not None:
                self.look_back(self.replay.back())

        @on("click", "#replay-forward")
        def on_forward(event: Event) -> None:
            if self.replay is not None:
                self.look_back(self.replay.forward())

        @on("click", "#replay-live")
        def on_live(event: Event) -> None:
            self.look_back(None)

        @on("click", "#replay-play-on")
        def on_play_on(event: Event) -> None:
            self.play_on()

        @on("click", "#move-list")
        def on_move(event: Event) -> None:
            node = event.target.closest("[data-moment]") if event.target else None
            if node and self.replay is not None:
                self.look_back(self.replay.jump(int(node.dataset.moment)))

        @on("keydown", document)
        def on_key(event: Event) -> None:
            if self.replay is None or str(event.target.tagName) in ("INPUT", "TEXTAREA", "SELECT"):
                return
            steps = {"ArrowLeft": -1, "ArrowRight": 1, "Home": -(10**6), "End": 10**6}
            if event.key in steps:
                event.preventDefault()
                self.look_back(self.replay.jump(self.replay.at + steps[event.key]))
            elif event.key == "Escape":
                self.look_back(None)

        @on("click", "#export-mat")
        def on_export(event: Event) -> None:
            self.export_mat()

        @on("click", "#export-sgf")
        def on_export_sgf(event: Event) -> None:
            self.export_mat("sgf")

        @on("change", "#import-file")
        async def on_file(event: Event) -> None:
            files = event.target.files
            if files and files.length:
                self.import_mat(str(await files.item(0).text()))
            event.target.value = ""

        @on("click", "#import-paste")
        def on_paste(event: Event) -> None:
            self.import_mat(str(element("import-text").value))

        @on("click", "#import-cancel")
        def on_import_cancel(event: Event) -> None:
            job, self.import_job = self.import_job, None  # an answer still coming is dropped
            set_props("import-status", hidden=True)
            if job is not None:
                self.spawn(self.forget_import(job))

        @on("dragover", "#board")
        def on_drag(event: Event) -> None:
            if event.dataTransfer and event.dataTransfer.types.includes("Files"):
                event.preventDefault()  # a file may be dropped here

        @on("drop", "#board")
        async def on_drop(event: Event) -> None:
            files = event.dataTransfer.files if event.dataTransfer else None
            if files and files.length:
                event.preventDefault()
                self.import_mat(str(await files.item(0).text()))

    def named_history(self) -> Record:
        """The live record with the players' names as the page shows them."""
        session = self.session
        return self.history.with_names((player_name(session, 0), player_name(session, 1)))

    def look_back(self, replay: Replay | None) -> None:
        """Show a moment of a record (None: the live game)."""
        self.replay = replay
        set_props("replay", hidden=replay is None)
        toggle_button = element("replay-toggle")
        if toggle_button:
            toggle_button.setAttribute("aria-expanded", "false" if replay is None else "true")
        self.render()

    def show_replay(self) -> None:
        replay = self.replay
        assert replay is not None
        names = " vs ".join(replay.record.names)
        set_text("replay-where", f"{where_text(replay)} · {names}")
        listing = element("move-list")
        if not listing:
            return
        listing.innerHTML = move_list_html(replay.record, replay.at)
        current = listing.querySelector('[aria-current="step"]')
        if current:
            from pyodide.ffi import to_js

            options = to_js({"block": "nearest"}, dict_converter=window.Object.fromEntries)
            current.scrollIntoView(options)
        set_props("replay-back", disabled=replay.at_start)
        set_props("replay-forward", disabled=replay.at_end)

    def play_on(self) -> None:
        """Make the moment shown the live game; asks first when it would replace a game."""
        if self.replay is None:
            return
        record = self.replay.play_on()

        opponent = self.link_opponent if self.replay.record is self.linked else None

        def take() -> None:
            settings = self.session.settings
            if opponent is not None:
                settings = dataclasses.replace(settings, opponent=opponent)
            self.history = record
            self.session = Session(record.state, settings).after(record.state)
            self.replay = None
            set_props("replay", hidden=True)
            self.changed()
            self.schedule_computer()

        live = self.replay.record == self.named_history() and self.replay.at_end
        if live:
            self.look_back(None)
        elif self.session.in_progress and not self.embed:
            self.notice(
                "Play on from here? Your game in progress will be replaced.",
                "Play on from here",
                take,
                cancel="Keep my game",
            )
        else:
            take()

    def open_game_link(self, fragment: str) -> None:
        """A whole-game link: shown as a replay at its last position; the visitor's own game
        stays until they choose to play on."""
        self.clear_fragment()
        try:
            record = parse_game_link(fragment)
        except InvalidGameLink as error:
            self.notice(
                f"This link does not hold a game that can be shown: {error}. "
                "Your own game is on the board."
            )
            return
        # The position beside the game says who plays whom (computer or friend), as before.
        rest = "&".join(p for p in fragment.lstrip("#").split("&") if not p.startswith("game="))
        try:
            found = links.read_fragment(rest)
        except links.LinkError:
            found = None
        self.link_opponent = found[1] if found else None
        self.linked = record
        self.look_back(Replay.of(record))

    def export_mat(self, kind: str = "mat") -> None:
        """The match as a ``.mat`` (or gnubg ``.sgf``) file to download."""
        record = self.replay.record if self.replay is not None else self.named_history()
        try:
            text = write_match_file(record, kind)
        except ValueError as error:
            self.notice(f"This match cannot be written as a .{kind} file: {error}.")
            return
        from pyodide.ffi import to_js

        blob = window.Blob.new(
            to_js([text]), to_js({"type": "text/plain"}, dict_converter=window.Object.fromEntries)
        )
        url = window.URL.createObjectURL(blob)
        link = document.createElement("a")
        link.href = url
        link.download = f"backgammon-match.{kind}"
        document.body.appendChild(link)
        link.click()
        link.remove()
        window.setTimeout(lambda: window.URL.revokeObjectURL(url), 1000)

    def import_mat(self, text: str) -> None:
        """A .mat or .sgf file into the replay, read in the worker; the live game is not
        touched."""
        if len(text) > importing.MAX_MATCH_FILE:
            self.notice("This file is too large to be a match file.")
            return
        self.spawn(self.import_file(text))

    async def forget_import(self, job: str) -> None:
        await thinking.ask(importing.cancel_request(job))

    async def import_file(self, text: str) -> None:
        job = f"{time.time():.6f}"
        self.import_job = job
        set_props("import-status", hidden=False)
        set_props("import-bar", value=0)
        answer = await thinking.ask(importing.import_request(text, job))
        while "record" not in answer and "error" not in answer:
            if self.import_job != job:
                return  # cancelled (the worker was told), or another file came since
            total = int(answer["total"])
            set_props("import-bar", value=int(answer["done"]) / total if total else 0)
            answer = await thinking.ask(importing.continue_request(job))
        if self.import_job != job:
            return
        self.import_job = None
        set_props("import-status", hidden=True)
        if answer.get("error"):
            self.notice(str(answer["error"]))
            return
        set_props("import-text", value="")
        self.look_back(Replay.of(importing.read_answer(answer)))

    # ----- learning: hint, tutor, analysis, rating ----------------------------------------

    def stored(self, key: str) -> str | None:
        try:
            text = window.localStorage.getItem(key)
        except Exception:  # no storage here: nothing kept
            return None
        return text if isinstance(text, str) else None

    def bind_learning(self) -> None:
        @on("click", "#hint")
        def on_hint(event: Event) -> None:
            self.spawn(self.show_hint())

        @on("click", "#hint-close")
        def on_hint_close(event: Event) -> None:
            set_props("hint-panel", hidden=True)
            self.drawn = None
            self.render()

        @on("click", "#hint-body")
        def on_hint_play(event: Event) -> None:
            node = event.target.closest("[data-hint]") if event.target else None
            if node and self.hints is not None and self.hints[1].done():
                self.draw_hint(int(node.dataset.hint))

        @on("click", "#tutor-show")
        def on_tutor_show(event: Event) -> None:
            self.answer_tutor(show_better=True)

        @on("click", "#tutor-anyway")
        def on_tutor_anyway(event: Event) -> None:
            self.answer_tutor(show_better=False)

        @on("click", "#analysis-toggle")
        def on_analysis_toggle(event: Event) -> None:
            self.toggle_section("analysis", "analysis-toggle")

        @on("click", "#analysis-run")
        def on_analysis_run(event: Event) -> None:
            plies = int(str(element("analysis-plies").value or "1"))
            self.spawn(self.analyse(self.analysed_record(), plies))

        @on("click", "#analysis-cancel")
        def on_analysis_cancel(event: Event) -> None:
            self.cancel_analysis()

        @on("click", "#analysis-result")
        def on_mistake(event: Event) -> None:
            node = event.target.closest("[data-mistake]") if event.target else None
            if node:
                self.open_mistake(int(node.dataset.mistake))

        @on("click", "#rating-toggle")
        def on_rating_toggle(event: Event) -> None:
            if self.toggle_section("rating-panel", "rating-toggle"):
                self.show_rating()

    def answer_tutor(self, show_better: bool) -> None:
        """Close the tutor's warning and do what was chosen: show the better play, or go on."""
        close_dialog("tutor")
        chosen = self.tutor_show if show_better else self.tutor_go
        self.tutor_show = self.tutor_go = None
        if chosen is not None:
            chosen()

    def toggle_section(self, section: str, button: str) -> bool:
        """Show or hide a panel under the toolbar; True when it is now shown."""
        node = element(section)
        if not node:
            return False
        shown = bool(node.hidden)
        node.hidden = not shown
        element(button).setAttribute("aria-expanded", "true" if shown else "false")
        return shown

    # The hint and the tutor ask the worker (game/web/study.py) for the same figures.

    def hint_for(self, game: GameState) -> asyncio.Future[Any]:
        """The hint of ``game`` (ranked plays or cube figures), asked once per moment."""
        if self.hints is None or self.hints[0] is not game:
            future = asyncio.ensure_future(thinking.ask(study.hint_request(game)))
            future.add_done_callback(lambda done: done.cancelled() or done.exception())
            self.hints = (game, future)
        return self.hints[1]

    async def show_hint(self) -> None:
        game = self.session.game
        body = element("hint-body")
        set_props("hint-panel", hidden=False)
        body.innerHTML = '<p class="hint-note">The computer is weighing it…</p>'
        answer = await self.hint_for(game)
        if self.session.game is not game:
            return
        doubled = game.phase is Phase.DOUBLED
        body.innerHTML = hint_panel.hint_html(answer, doubled)
        document.body.dataset.hintShown = "true"

    def draw_hint(self, index: int) -> None:
        """Draw the hinted play of that index on the board (nothing is played)."""
        assert self.hints is not None
        game, future = self.hints
        play = hint_panel.play_at(game, index)
        if play is None or self.session.game is not game:
            return
        self.drawn = (game, play)
        element("hint-body").innerHTML = hint_panel.hint_html(future.result(), False, index)
        self.render()

    def with_tutor(self, action: str, go: Callable[[], object]) -> None:
        """A person's cube ``action``: with the tutor on, warned first if it loses equity."""
        if self.tutoring:
            return  # the tutor is already looking at this decision
        if not self.session.settings.tutor or not self.session.person_to_act:
            go()
            return
        self.spawn(
            self.tutor_check(lambda answer: tutor.cube_warning(answer.get("cube"), action), go)
        )

    def confirm_play(self) -> None:
        """Take the person's play (the tutor looks first when it is on)."""

        def go() -> None:
            self.session = self.session.confirm()
            self.changed()
            self.schedule_computer()

        session = self.session
        if not session.settings.tutor or session.turn is None:
            go()
            return
        index = hint_panel.play_index(session.game, session.turn.play())
        self.spawn(self.tutor_check(lambda answer: tutor.play_warning(answer, index), go))

    async def tutor_check(
        self, warning_of: Callable[[dict[str, Any]], tutor.Warning | None], go: Callable[[], object]
    ) -> None:
        game = self.session.game
        self.tutoring = True
        self.render()
        set_text("status", "The tutor is looking at your choice…")
        try:
            answer = await self.hint_for(game)
        except Exception:  # no figures (the worker failed and so did the page): no warning
            self.hints = None
            answer = {}
        finally:
            self.tutoring = False
        if self.session.game is not game:
            self.render()
            return
        warning = warning_of(answer)
        if warning is None:
            go()
            return
        self.render()

        def show_better() -> None:
            set_props("hint-panel", hidden=False)
            doubled = game.phase is Phase.DOUBLED
            chosen = warning.better_index
            element("hint-body").innerHTML = hint_panel.hint_html(answer, doubled, chosen)
            if chosen is not None:
                self.draw_hint(chosen)

        self.tutor_go, self.tutor_show = go, show_better
        set_text("tutor-text", warning.text)
        label = "Show the better play" if warning.better_index is not None else "Show the hint"
        set_text("tutor-show", label)
        document.body.dataset.tutorMark = warning.mark
        open_dialog("tutor", focus="tutor-show")

    # The analysis runs in the worker in slices: a progress bar, Cancel, the page usable.

    def analysed_record(self) -> Record:
        """The match under Moves when it is open (an imported file, a link), else the game."""
        return self.replay.record if self.replay is not None else self.named_history()

    async def analyse(self, record: Record, plies: int) -> None:
        job = f"{time.time():.6f}"
        self.analysis_job = job
        set_props("analysis-progress", hidden=False)
        set_props("analysis-bar", value=0)
        set_text("analysis-status", analysis_view.progress_text(0, 0))
        element("analysis-result").innerHTML = ""
        document.body.dataset.analysis = "running"
        document.body.dataset.analysisFrom = f"{window.performance.now():.1f}"
        answer = await thinking.ask(study.analyse_request(record, job, plies))
        if answer.get("dice"):
            set_props("dice-title", hidden=False)
            element("dice-result").innerHTML = analysis_view.dice_html(answer["dice"])
        while answer.get("result") is None:
            if self.analysis_job != job:
                return  # cancelled (the worker was told)
            done, total = int(answer["done"]), int(answer["total"])
            set_props("analysis-bar", value=done / total if total else 0)
            set_text("analysis-status", analysis_view.progress_text(done, total))
            answer = await thinking.ask(study.continue_request(job))
        if self.analysis_job != job:
            return
        self.analysis_job = None
        result = answer["result"]
        self.analysis = (record, result)
        set_props("analysis-progress", hidden=True)
        element("analysis-result").innerHTML = analysis_view.analysis_html(result)
        document.body.dataset.analysis = "done"
        document.body.dataset.analysisTo = f"{window.performance.now():.1f}"
        against_computer = self.session.settings.opponent == "computer"
        if record == self.named_history():
            if against_computer:
                player = result["players"][0]
                self.keep_rating(self.rating.with_analysis(player).with_match(player))
            self.keep_cards(result.get("cards") or [], (0,) if against_computer else (0, 1))

    def keep_cards(self, records: list[dict[str, object]], people: tuple[int, ...]) -> None:
        """The person's cards of an analysed game join the trainer's deck (game.web.deck)."""
        mine = [r for r in records if r.get("player") in people]
        with contextlib.suppress(Exception):
            kept = deck.read_deck(window.localStorage.getItem(deck.KEY))
            kept = kept.with_cards(mine, now=float(window.Date.now()))
            window.localStorage.setItem(deck.KEY, kept.to_text())

    def cancel_analysis(self) -> None:
        job, self.analysis_job = self.analysis_job, None
        set_props("analysis-progress", hidden=True)
        element("analysis-result").innerHTML = '<p class="hint-note">Analysis stopped.</p>'
        document.body.dataset.analysis = "cancelled"
        if job is not None:
            self.spawn(self.forget_job(job))

    async def forget_job(self, job: str) -> None:
        await thinking.ask(study.cancel_request(job))

    def open_mistake(self, number: int) -> None:
        """The board as it was before that mistake, the better play drawn (in Moves)."""
        if self.analysis is None:
            return
        record, result = self.analysis
        mistake = result["mistakes"][number]
        replay = Replay.of(record, int(mistake["moment"]))
        best = mistake.get("best_play")
        play = None if best is None else hint_panel.play_at(replay.state, int(best))
        self.drawn = None if play is None else (replay.state, play)
        self.look_back(replay)
        element("game").scrollIntoView()  # the board as it was, from wherever the list is

    # The rating: after each match (or money game) against the computer.

    def count_result(self) -> None:
        session = self.session
        if session.settings.opponent != "computer":
            return
        result = rating.result_of(session.game)
        if result is None:
            return
        mark = rating.fingerprint(encode_game(self.history))
        if mark == self.rating.last:
            return  # counted already (this page before a reload, or another tab)
        length, won = result
        self.keep_rating(
            self.rating.after_result(session.settings.level, length, won).with_last(mark)
        )

    def keep_rating(self, book: rating.Book) -> None:
        self.rating = book
        with contextlib.suppress(Exception):
            window.localStorage.setItem(rating.KEY, book.to_text())
        self.show_rating()

    def show_rating(self) -> None:
        panel = element("rating-panel")
        if not panel or panel.hidden:
            return
        set_text("rating-text", rating.rating_words(self.rating))
        element("rating-chart").innerHTML = rating.history_chart(self.rating)
        set_text("rating-estimate", rating.estimate_words(self.rating))
        progress = element("rating-progress")
        if progress:
            progress.innerHTML = rating.progress_chart(self.rating)
            set_text("rating-progress-text", rating.progress_words(self.rating))
        if element("rating-cards"):
            kept = deck.read_deck(window.localStorage.getItem(deck.KEY))
            found = deck.progress(kept, now=float(window.Date.now()))
            set_text("rating-cards", "Cards to study again: " + deck.progress_words(found) + ".")
        element("rating-levels").innerHTML = rating.levels_html()
        document.body.dataset.rating = f"{self.rating.rating:.1f}"


def start() -> App:
    """Boot the page; if that fails, a new game beside the untouched save (game.web.guard)."""
    app: App = guard.start_safely(App)
    return app
