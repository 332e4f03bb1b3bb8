"""The table: the person's actions on the live game, and the computer's turns.

    table.roll()                 # Roll the dice (the tutor may look first at not doubling)
    table.tap(point)             # a checker picked up or moved (viewer's numbering)
    await table.computer_turns() # the computer acts until it is the person's turn

Each action makes the next ``Session`` (game/web/state/session.py), hands the page's new state to
``page.commit`` (saved, painted) and lets the computer go on. The computer's turns run as a
task that yields to the browser between steps, so its checkers move one at a time; it asks
the worker (game/web/worker/thinker.py) through the page's surroundings.
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable, Coroutine
from dataclasses import replace
from functools import partial
from typing import Any, Protocol

from game.engine.plays import Play
from game.engine.state import GameState, Phase
from game.engine.turn import Turn
from game.web.board.view import moved_checker
from game.web.board.words import new_game_question
from game.web.state.commit import Moment, Page
from game.web.state.notices import Notices
from game.web.state.session import LINK, Session, Settings, to_viewer
from game.web.state.surface import Clicks
from game.web.table import pooled_play
from game.web.table.coach import Coach
from game.web.table.controls import settings_from_form
from game.web.table.saving import Saving
from game.web.table.words import resign_label, resign_points, resign_question
from game.web.worker import computer, thinker

CUBE_ACTIONS = ("double", "take", "beaver", "pass")  # the cube's buttons, each its action


class LinkHooks(Protocol):
    """What the table hands to the games by link (game/web/link_play/room.py)."""

    def roll(self) -> None: ...
    def next_game(self) -> None: ...
    def start(self) -> None: ...
    def enter(self, settings: Settings) -> None: ...
    def leave(self, settings: Settings) -> None: ...


class Table:
    def __init__(self, page: Page, coach: Coach, notices: Notices, saving: Saving) -> None:
        self.page = page
        self.links: LinkHooks | None = None  # a game by link: its dice, its next game
        self.coach = coach
        self.notices = notices
        self.saving = saving
        self.last_think_ms = 0.0
        self.one_tap = False  # a checker with one landing point moves on its first tap
        page.after.append(self.schedule_computer)
        page.painted.append(self.close_stale_dialogs)

    def clicks(self) -> Clicks:
        """The table's buttons: roll, undo, confirm, the cube, resigning, a new game, settings."""
        surface = self.page.surface
        table: Clicks = {
            "#roll": self.roll,
            "#undo": self.undo,
            "#confirm": self.confirm,
            "#next-game": self.next_game,
            "#accept": lambda: self.answer_resignation(True),
            "#refuse": lambda: self.answer_resignation(False),
            "#resign": self.offer_resignation,
            "#resign-cancel": lambda: surface.close_dialog("resign-panel"),
            "#new-game": self.new_game,
            "#save-problem-new": self.new_game,
            "#settings-toggle": lambda: surface.open_dialog("settings-dialog"),
            "#settings-done": lambda: surface.close_dialog("settings-dialog"),
        }
        for action in CUBE_ACTIONS:
            table[f"#{action}"] = partial(self.cube, action)
        for result in (1, 2, 3):
            table[f"#resign-{result}"] = partial(self.resign, result)
        return table

    @property
    def session(self) -> Session:
        return self.page.state.session

    def idle(self) -> bool:
        """Nothing holds the person's actions: not the computer, the tutor, or a review."""
        state = self.page.state
        return not (state.busy or state.tutoring or state.reviewing or state.waiting)

    def act(self, session: Session) -> None:
        """A person's action: the new session saved, painted, and the computer goes on."""
        self.page.commit(replace(self.page.state, session=session))

    # ----- the person's actions ------------------------------------------------------------

    def roll(self) -> None:
        if self.links is not None and self.page.state.friend is not None:
            self.links.roll()  # the dice both players fixed (or "I roll" to the friend)
            return
        if not self.idle() or not self.session.may_roll:
            return

        def go() -> None:
            self.act(self.page.rolled())

        if self.session.may_double:
            self.coach.with_tutor("no-double", go, self.untutored)
        else:
            go()

    def undo(self) -> None:
        if self.idle():
            self.act(self.session.undo())

    def confirm(self) -> None:
        if self.idle() and self.session.may_confirm:
            self.coach.confirm_play(lambda: self.act(self.session.confirm()))

    def next_game(self) -> None:
        if self.page.state.busy:
            return
        if self.links is not None and self.page.state.friend is not None:
            self.links.next_game()
            return
        phase = self.session.game.phase
        if phase is Phase.GAME_OVER:
            self.act(self.session.next_game())
        elif phase is Phase.MATCH_OVER:
            self.reset()

    def cube(self, action: str) -> None:
        """Double, take, beaver or pass (the tutor may look first)."""
        session = self.session
        if not self.idle():
            return
        allowed = {
            "double": session.may_double,
            "take": session.may_answer_double,
            "beaver": session.may_beaver,
            "pass": session.may_answer_double,
        }
        if not allowed.get(action):
            return
        self.coach.with_tutor(action, partial(self.untutored, action), self.untutored)

    def untutored(self, action: str) -> None:
        """A cube ``action`` as it stands (``no-double``: the roll), the tutor past: what its
        *Roll the dice*, *Double*, *Take* or *Pass* does."""
        if not self.idle():
            return
        if action == "no-double":
            self.act(self.page.rolled())
            return
        make: dict[str, Callable[[], Session]] = {
            "double": lambda: self.session.double(),
            "take": lambda: self.session.take(),
            "beaver": lambda: self.session.beaver(),
            "pass": lambda: self.session.pass_(),
        }
        self.act(make[action]())

    def answer_resignation(self, accept: bool) -> None:
        if self.idle() and self.session.may_answer_resignation:
            session = self.session
            self.act(session.accept_resignation() if accept else session.reject_resignation())

    def offer_resignation(self) -> None:
        """Open the resign dialog with the results the person may offer."""
        if not self.idle() or self.session.resigner is None:
            return
        surface = self.page.surface
        offers = resign_points(self.session)
        for result in (1, 2, 3):
            label = resign_label(result, offers.get(result, 0))
            surface.props(f"resign-{result}", hidden=result not in offers, textContent=label)
        surface.text("resign-text", resign_question(self.session))
        surface.open_dialog("resign-panel", focus="resign-1")

    def resign(self, result: int) -> None:
        self.page.surface.close_dialog("resign-panel")
        if self.idle() and self.session.resigner is not None:
            self.act(self.session.resign(result))

    def new_game(self) -> None:
        if self.links is not None and self.page.state.friend is not None:
            self.links.start()  # the game on the board stays in the list of games by link
            return
        question = new_game_question(self.session)
        if question is None:
            self.reset()
        else:
            self.notices.ask(question, self.reset)

    def reset(self) -> None:
        self.saving.release()
        self.act(Session.new(self.session.settings))

    def settings_changed(self, checked: set[str], chosen: dict[str, str]) -> None:
        settings = settings_from_form(checked, chosen)
        if settings is None:
            return
        was, now = self.session.settings.opponent == LINK, settings.opponent == LINK
        if self.links is not None and was != now:
            (self.links.enter if now else self.links.leave)(settings)
        elif now:  # a game by link keeps the rules it was started with
            self.act(replace(self.session, settings=settings))
        else:
            self.act(self.session.with_settings(settings))

    def tap(self, target: int) -> None:
        """A tap on a point, the bar (25) or a tray (0), in the viewer's numbering."""
        if not self.idle():
            return
        state = self.page.state
        before = state.session
        settings = before.settings
        state = replace(state, drawn=None)  # a play drawn gives way to the person's own moves
        if settings.tutor and settings.auto_confirm and before.turn is not None:
            # The tutor looks before the play is taken: the last move waits for it.
            waiting = dataclasses.replace(settings, auto_confirm=False)
            after = dataclasses.replace(before, settings=waiting).tap(target)
            after = dataclasses.replace(after, settings=settings)
            if after.may_confirm:
                self.page.commit(
                    replace(state, session=after), Moment(moving=moved_checker(before, after))
                )
                self.confirm()
                return
        else:
            after = self.one_tap_move(before.tap(target))
        if after is not before:
            moment = Moment(moving=moved_checker(before, after))
            self.page.commit(replace(state, session=after), moment)

    def one_tap_move(self, session: Session) -> Session:
        """With one-tap moves on: a checker just picked up that can land on one point only
        goes there at once."""
        if not self.one_tap or session.turn is None or session.selected is None:
            return session
        landings = session.turn.destinations(session.selected)
        if len(landings) != 1:
            return session
        (point,) = landings
        return session.tap(to_viewer(point, session.mover_at_bottom))

    def close_stale_dialogs(self, state: Any) -> None:
        if self.session.resigner is None or not self.idle():
            self.page.surface.close_dialog("resign-panel")

    # ----- the computer ----------------------------------------------------------------------

    def schedule_computer(self) -> None:
        state = self.page.state
        if state.session.computer_to_act and not state.busy:
            self.page.around.spawn(self.computer_turns())

    async def computer_turns(self) -> None:
        page = self.page
        page.update(busy=True)
        started = time.perf_counter()
        paused = 0.0  # seconds spent in deliberate pauses, left out of the latency figure

        async def pause(seconds: float) -> None:
            nonlocal paused
            before = time.perf_counter()
            await page.around.sleep(seconds * page.pace)
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
                request = thinker.request_for(game, self.session.settings.level, page.rng)
                answer = None if request is None else await pooled_play.answer(page.around, request)
                if self.session.game is not game:
                    replaced = True
                    return
                step = thinker.step_from(game, answer, page.rng)
                if step is None:  # the state passes blocked rolls itself: a safeguard
                    break
                think_ms = (time.perf_counter() - thinking_at) * 1000
                if step.weighed_cube:
                    # The cube decision's time, for tools/bench/page.py and tests, and how many
                    # of the pool's workers shared its look-ahead (0: none).
                    page.surface.mark("cube-ms", f"{think_ms:.1f}")
                    page.surface.mark("cube-parts", str((answer or {}).get("parts", 0)))
                if step.play is not None and answer is not None:
                    self.last_think_ms = think_ms
                    page.surface.mark("bot-ms", f"{answer['ms']:.1f}")  # the bot's own time
                    # How many of the pool's workers shared its look two rolls ahead (0: none).
                    page.surface.mark("bot-parts", str(answer.get("parts", 0)))
                    if not await self.show_moves(game, step.play, started, paused, pause):
                        replaced = True
                        return
                    started, paused = time.perf_counter(), 0.0
                after = page.rolled() if step.action == computer.ROLL else None
                after = after or step.apply(self.session, page.rng)
                page.commit(replace(page.state, session=after))
        finally:
            page.update(busy=False)
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
            moment = Moment(turn.position, turn.dice_left, (move.origin, move.destination))
            self.page.show(self.page.state, moment)
            if index == 0:
                # From the person's confirm to the computer's first checker on the move,
                # pauses excluded: the page's responsiveness figure (tools/bench/page.py).
                latency = (time.perf_counter() - started - paused) * 1000
                self.page.surface.mark("computer-ms", f"{latency:.1f}")
                self.page.surface.mark("think-ms", f"{self.last_think_ms:.1f}")
            await pause(computer.STEP_SECONDS)
            if self.session.game is not game:
                return False
        return True
