"""The page's wiring: DOM events in, ``Session`` changes, board and words out.

    # game/web/main.py (run by PyScript)
    from game.web.app import start
    start()

With ``dom`` and ``main``, the only code that touches the browser (``pyscript``'s
``document`` and ``window``). Each handler asks the ``Session`` for the next
state, saves it to localStorage at once, and redraws. The computer's turns run as a task that
yields to the browser between steps, so its checkers move one at a time.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import random
import time

from pyscript import document, window

from game.state import Phase
from game.turn import Turn
from game.web import computer, layout, links, prompts, storage
from game.web.controls import controls, settings_form, settings_from_form
from game.web.dom import close_dialog, element, on, open_dialog, report, set_props, set_text, toggle
from game.web.prompts import Prompt
from game.web.render import board_svg
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


class Pacer:
    """The computer's pauses at the page's pace, and the time spent outside them since the
    person's last action (the page's responsiveness figure leaves the pauses out)."""

    def __init__(self, pace: float) -> None:
        self.pace = pace
        self.restart()

    def restart(self) -> None:
        self.started = time.perf_counter()
        self.paused = 0.0

    async def pause(self, seconds: float) -> None:
        before = time.perf_counter()
        await asyncio.sleep(seconds * self.pace)
        self.paused += time.perf_counter() - before

    def latency_ms(self) -> float:
        return (time.perf_counter() - self.started - self.paused) * 1000


class App:
    def __init__(self, query: str) -> None:
        try:
            params = links.parse_pairs(query.lstrip("?"))
        except ValueError:
            params = {}
        seed = params.get("seed")
        self.seed = int(seed) if seed is not None and seed.isdigit() else None
        self.rng = random.Random(self.seed)
        pace = params.get("pace", "1")
        # ?pace=0 shows the computer's moves without pauses (tests); 2 is twice as slow.
        self.pace = float(pace) if pace.replace(".", "", 1).isdigit() and float(pace) <= 5 else 1.0
        self.embed = params.get("embed") == "1" or document.body.classList.contains("embed")
        self.key = storage.KEY + (".embed" if self.embed else "")
        self.session = Session.new()
        self.busy = False
        self.pending = None  # what the notice's first button does
        self.last_think_ms = 0.0
        self.tasks: set[asyncio.Future] = set()
        query = window.matchMedia("(prefers-reduced-motion: reduce)")
        self.reduced_motion = bool(query.matches) if query else False

    # ----- start-up ----------------------------------------------------------------------

    def start(self) -> None:
        if self.embed:
            document.body.classList.add("embed")
        problem = self.restore()
        self.bind()
        self.render()
        document.body.dataset.ready = "true"
        document.dispatchEvent(window.Event.new("game:ready"))
        if problem:
            self.notice(prompts.unreadable_save_notice(problem), self.reset)
        self.open_link(str(window.location.hash))
        self.schedule_computer()
        self.spawn(self.warm_up())

    async def warm_up(self) -> None:
        """Load the computer player once the board is up, before it is first needed."""
        await asyncio.sleep(0.1)
        import game.bot  # noqa: F401

    def restore(self) -> str | None:
        """Load the saved game; a message for the player if it could not be read."""
        text = window.localStorage.getItem(self.key)
        if not isinstance(text, str) or not text:
            return None  # nothing saved (JavaScript's null)
        try:
            self.session = storage.load_text(str(text))
        except storage.SaveError as error:
            self.session = Session.new(self.session.settings)
            return str(error)
        return None

    def save(self) -> None:
        # Storage full or disabled: the game goes on unsaved.
        with contextlib.suppress(Exception):
            window.localStorage.setItem(self.key, storage.save_text(self.session))

    def spawn(self, work) -> None:
        """Run a coroutine as a task, keeping a reference until it is done."""
        task = asyncio.ensure_future(work)
        self.tasks.add(task)
        task.add_done_callback(self._task_done)

    def _task_done(self, task: asyncio.Future) -> None:
        self.tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            report(task.exception())

    # ----- links -------------------------------------------------------------------------

    def open_link(self, fragment: str) -> None:
        try:
            found = links.read_fragment(fragment)
        except links.LinkError as error:
            self.clear_fragment()
            self.notice(prompts.broken_link_notice(str(error)))
            return
        if found is None:
            return
        game, opponent = found
        self.clear_fragment()
        if links.same_game(game, self.session.game):
            return

        def take_link() -> None:
            settings = dataclasses.replace(self.session.settings, opponent=opponent)
            self.session = Session(self.session.game, settings)._after(game)
            self.changed()
            self.schedule_computer()

        if self.session.in_progress and not self.embed:
            self.notice(prompts.shared_game_question(), take_link)
        else:
            take_link()

    def clear_fragment(self) -> None:
        location = window.location
        window.history.replaceState(None, "", str(location.pathname) + str(location.search))

    async def share(self) -> None:
        location = window.location
        fragment = links.share_fragment(self.session.game, self.session.settings.opponent)
        url = f"{location.origin}{location.pathname}#{fragment}"
        try:
            await window.navigator.clipboard.writeText(url)
            copied = True
        except Exception:  # no clipboard permission (or no clipboard): show the link instead
            copied = False
        self.notice(prompts.share_notice(copied), url=url)

    # ----- notices (a modal dialog: a question or a message) ----------------------------

    def notice(self, prompt: Prompt, action=None, url: str | None = None) -> None:
        set_text("notice-text", prompt.text)
        set_text("notice-yes", prompt.yes)
        set_props("notice-no", hidden=prompt.cancel is None)
        if prompt.cancel is not None:
            set_text("notice-no", prompt.cancel)
        field = element("notice-url")
        if field:
            field.hidden = url is None
            field.value = url or ""
        self.pending = action
        open_dialog("notice", focus="notice-url" if url else "notice-yes")

    def close_notice(self) -> None:
        close_dialog("notice")
        self.pending = None

    # ----- events ------------------------------------------------------------------------

    def bind(self) -> None:
        @on("click", "#board")
        def on_board(event) -> None:
            self.board_tap(event)

        @on("keydown", "#board")
        def on_board_key(event) -> None:
            if event.key in ("Enter", " "):
                event.preventDefault()
                self.board_tap(event)

        @on("click", "#roll")
        def on_roll(event) -> None:
            if self.busy or not self.session.may_roll:
                return
            self.session = self.session.roll(self.rng)
            self.changed()
            self.schedule_computer()

        @on("click", "#undo")
        def on_undo(event) -> None:
            if not self.busy:
                self.session = self.session.undo()
                self.changed()

        @on("click", "#confirm")
        def on_confirm(event) -> None:
            if not self.busy and self.session.may_confirm:
                self.session = self.session.confirm()
                self.changed()
                self.schedule_computer()

        @on("click", "#next-game")
        def on_next(event) -> None:
            if self.busy:
                return
            if self.session.game.phase is Phase.GAME_OVER:
                self.session = self.session.next_game()
                self.changed()
            elif self.session.game.phase is Phase.MATCH_OVER:
                self.reset()

        @on("click", "#double")
        def on_double(event) -> None:
            if not self.busy and self.session.may_double:
                self.act(self.session.double())

        @on("click", "#take")
        def on_take(event) -> None:
            if not self.busy and self.session.may_answer_double:
                self.act(self.session.take())

        @on("click", "#beaver")
        def on_beaver(event) -> None:
            if not self.busy and self.session.may_beaver:
                self.act(self.session.beaver())

        @on("click", "#pass")
        def on_pass(event) -> None:
            if not self.busy and self.session.may_answer_double:
                self.act(self.session.pass_())

        @on("click", "#accept")
        def on_accept(event) -> None:
            if not self.busy and self.session.may_answer_resignation:
                self.act(self.session.accept_resignation())

        @on("click", "#refuse")
        def on_refuse(event) -> None:
            if not self.busy and self.session.may_answer_resignation:
                self.act(self.session.reject_resignation())

        @on("click", "#resign")
        def on_resign(event) -> None:
            if not self.busy and self.session.resigner is not None:
                self.show_resign_panel()

        def resign_with(result: int):
            def handler(event) -> None:
                close_dialog("resign-panel")
                if not self.busy and self.session.resigner is not None:
                    self.act(self.session.resign(result))

            return handler

        for result in (1, 2, 3):
            on("click", f"#resign-{result}")(resign_with(result))

        @on("click", "#resign-cancel")
        def on_resign_cancel(event) -> None:
            close_dialog("resign-panel")

        @on("click", "#new-game")
        def on_new(event) -> None:
            question = prompts.new_game_question(self.session)
            if question is None:
                self.reset()
            else:
                self.notice(question, self.reset)

        @on("click", "#share")
        async def on_share(event) -> None:
            await self.share()

        @on("click", "#settings-toggle")
        def on_settings_toggle(event) -> None:
            open_dialog("settings-dialog")  # the keyboard starts on its first choice

        @on("click", "#settings-done")
        def on_settings_done(event) -> None:
            close_dialog("settings-dialog")

        @on("change", "#settings")
        def on_settings(event) -> None:
            self.read_settings()

        @on("submit", "#settings")
        def on_submit(event) -> None:
            event.preventDefault()

        @on("click", "#notice-yes")
        def on_yes(event) -> None:
            action = self.pending
            self.close_notice()
            if action is not None:
                action()

        @on("click", "#notice-no")
        def on_no(event) -> None:
            self.close_notice()

        @on("hashchange", window)
        def on_hash(event) -> None:
            self.open_link(str(window.location.hash))

    def board_tap(self, event) -> None:
        if self.busy:
            return
        target = self.tap_target(event)
        if target is None:
            return
        before = self.session
        self.session = self.session.tap(target)
        if self.session is not before:
            self.save()
            self.render(moving=moved_checker(before, self.session))
            if self.session.game is not before.game:
                self.schedule_computer()

    def tap_target(self, event) -> int | None:
        """What was tapped: the element's data-target, else the point under the finger."""
        node = event.target.closest("[data-target]") if event.target else None  # null is falsy
        if node:
            return int(node.dataset.target)
        svg = element("board").querySelector("svg")
        matrix = svg.getScreenCTM() if svg else None
        if not matrix:
            return None
        point = svg.createSVGPoint()
        point.x, point.y = event.clientX, event.clientY
        local = point.matrixTransform(matrix.inverse())
        return layout.target_at(local.x, local.y, self.session.mover_at_bottom)

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
        self.session = Session.new(self.session.settings)
        self.changed()

    def changed(self) -> None:
        self.save()
        self.render()

    # ----- the computer ------------------------------------------------------------------

    def schedule_computer(self) -> None:
        if self.session.computer_to_act and not self.busy:
            self.spawn(self.computer_turns())

    async def computer_turns(self) -> None:
        self.busy = True
        self.render()
        pacer = Pacer(self.pace)
        replaced = False
        try:
            while self.session.computer_to_act:
                game = self.session.game
                await pacer.pause(computer.pause_before(game))
                if self.session.game is not game:
                    replaced = True  # a new game or a shared one came in meanwhile
                    return
                thinking = time.perf_counter()
                step = computer.next_step(self.session, self.rng)
                think_ms = (time.perf_counter() - thinking) * 1000
                if step is None:
                    break
                if step.weighed_cube:
                    # The cube decision's time, for tools/bench_page.py and tests.
                    document.body.dataset.cubeMs = f"{think_ms:.1f}"
                if step.action == computer.PLAY:
                    self.last_think_ms = think_ms
                    if not await self.show_play(step.play, game, pacer):
                        replaced = True  # a new game or a shared one came in meanwhile
                        return
                    pacer.restart()
                self.session = step.apply(self.session, self.rng)
                self.changed()
        finally:
            self.busy = False
            self.render()
            if replaced:
                self.schedule_computer()  # the new game may start with the computer's turn

    async def show_play(self, play, game, pacer: Pacer) -> bool:
        """The computer's checkers move one at a time; False if another game came in."""
        turn = Turn.start(game.position, game.dice)
        for index, move in enumerate(play.moves):
            turn = turn.move_steps((move,))
            self.render(turn.position, turn.dice_left, (move.origin, move.destination))
            if index == 0:
                # From the person's confirm to the computer's first checker on the move,
                # pauses excluded: the page's responsiveness figure (tools/bench_page.py).
                document.body.dataset.computerMs = f"{pacer.latency_ms():.1f}"
                document.body.dataset.thinkMs = f"{self.last_think_ms:.1f}"
            await pacer.pause(computer.STEP_SECONDS)
            if self.session.game is not game:
                return False
        return True

    # ----- drawing -----------------------------------------------------------------------

    def render(self, position=None, dice_left=None, moving=None) -> None:
        session = self.session
        board = element("board")
        focused = document.activeElement
        had_focus = (
            bool(focused) and bool(board.contains(focused)) and not focused.isSameNode(board)
        )
        if self.reduced_motion:
            moving = None
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
        self.show_ending()

        for name, button in controls(session, self.busy).items():
            set_props(name, hidden=not button.shown, disabled=not button.enabled)
            if button.label is not None:
                set_text(name, button.label)
        if session.resigner is None or self.busy:
            close_dialog("resign-panel")
        self.show_settings()

    def show_ending(self) -> None:
        """The end of a game or a match: a card over the board with the next step."""
        card = ending(self.session)
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
        shown = settings_form(self.session)
        set_props("level-row", hidden=not shown.level_row)
        set_props("rotate-row", hidden=not shown.rotate_row)
        set_props("jacoby-row", hidden=not shown.money_rows)
        set_props("beaver-row", hidden=not shown.money_rows)
        set_text("rules-hint", shown.rules_hint)
        toggle("rules-hint", "pending", shown.rules_pending)


def start() -> App:
    """Boot the page; on failure tell the page (and its tests) why."""
    try:
        app = App(str(window.location.search))
        app.start()
        return app
    except Exception as error:
        document.body.dataset.error = f"{type(error).__name__}: {error}"
        set_text("status", "The game could not start. Reload the page to try again.")
        set_text("loading-text", f"The game could not start: {error}")
        raise
