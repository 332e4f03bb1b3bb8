"""The hint and the tutor at the table: the computer's figures for the person's decision.

    coach.show_hint()          # the ranked plays (or the cube hint) in #hint-panel
    coach.confirm_play(go)     # the tutor looks first when it is on; go() takes the play

Both ask the worker (game/web/worker/judging.py) for the same figures, once per moment. The tutor
holds the decision while it looks; when it warns, the person may play the better play
(*Play this instead*), see it drawn (*Show*), or go on: a play the tutor has warned about
once is taken without a second warning.

A hint still being worked out is dropped once its position leaves the board (a play taken, a
roll, a new game) or its panel is closed with nobody else waiting for it (the tutor off):
its parts on the pool are cancelled, so that the next decision does not wait behind them, and
its answer, should one still come, is never shown.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import partial
from typing import Any

from game.engine.state import GameState, Phase
from game.web.board import hint_panel
from game.web.language.catalog import told
from game.web.state.commit import Page
from game.web.state.page_state import PageState
from game.web.state.surface import Clicks, Picks, numbered
from game.web.store.rollouts import KeptRollouts
from game.web.table import pooled_play, tutor, words
from game.web.table.rollouts import Roller
from game.web.worker import judging

# The hint's first answer: the best play's row, else the cube's advice or why there is none.
HINT_FIRST = "#hint-body .hint-plays > li, #hint-body .hint-advice, #hint-body .hint-none"

Go = Callable[[], object]


@dataclass(frozen=True)
class Hint:
    """The hint asked for ``game``: its answer to come, and its tag on the pool's tasks."""

    game: GameState
    future: asyncio.Future[Any]
    tag: str


class Coach:
    def __init__(self, page: Page, stored: KeptRollouts | None = None) -> None:
        self.page = page
        self.hints: Hint | None = None  # the hint asked last
        self.asked = 0  # hints asked so far (each its own tag on the pool)
        self.go: Go | None = None  # what "Play anyway" does
        self.better: Go | None = None  # what "Play this instead" does
        self.shown: Go | None = None  # what "Show the better play" does
        self.warned: tuple[GameState, int] | None = None  # a play warned about once, taken
        self.roller = Roller(page, self.hint_answer, stored)  # the hint's rollouts
        page.watchers.append(self.moment_passed)
        page.painted.append(self.prepare)

    def clicks(self) -> Clicks:
        """The hint panel's close button and the tutor's three answers."""
        table: Clicks = {"#hint-close": self.close_hint, **self.roller.clicks()}
        for choice in ("show", "anyway", "instead"):
            table[f"#tutor-{choice}"] = partial(self.answer_tutor, choice)
        return table

    def picks(self) -> Picks:
        """A ranked play of the hint: *Play this* takes it, the row draws it."""
        return [
            ("#hint-body", "play-hint", numbered(self.play_hinted)),
            ("#hint-body", "hint", numbered(self.draw_hint)),
        ]

    def moment_passed(self, before: PageState, after: PageState) -> PageState:
        """A hint, or a play drawn, belongs to its moment: gone once the game moves on (and
        dropped if it is still being worked out)."""
        if self.hints is not None and self.hints.game is not after.session.game:
            self.page.surface.props("hint-panel", hidden=True)
            self.drop_hint()
        drawn = after.drawn
        if drawn is not None and after.replay is None and drawn[0] is not after.session.game:
            after = replace(after, drawn=None)
        return after

    def prepare(self, state: PageState) -> None:
        """With the tutor on, its figures are worked out while the person thinks."""
        session = state.session
        busy = state.busy or state.reviewing or state.tutoring
        if session.settings.tutor and hint_panel.hint_offered(session, busy):
            self.hint_for(session.game)

    def hint_for(self, game: GameState) -> asyncio.Future[Any]:
        """The hint of ``game`` (ranked plays or cube figures), asked once per moment."""
        if self.hints is None or self.hints.game is not game:
            self.drop_hint()
            self.asked += 1
            tag = f"hint-{self.asked}"
            # On the pool's workers when two or more are idle (pooled_play.py), else whole.
            asked = pooled_play.answer(self.page.around, judging.hint_request(game), tag)
            future = asyncio.ensure_future(asked)
            future.add_done_callback(lambda done: done.cancelled() or done.exception())
            self.hints = Hint(game, future, tag)
        return self.hints.future

    async def figures(self, game: GameState) -> dict[str, Any] | None:
        """The hint of ``game`` once it is in; None if it was dropped meanwhile (raises what
        the worker raised)."""
        future = self.hint_for(game)
        if not future.done():
            await asyncio.wait([future])
        if future.cancelled():
            return None
        answer: dict[str, Any] = future.result()
        return answer

    def drop_hint(self) -> None:
        """Stop the hint still being worked out: its parts on the pool cancelled, the rest of
        its work never asked. A running part is left to finish, its answer unread: a part is
        shorter than the start of the worker that would replace an ended one."""
        hint = self.hints
        if hint is None or hint.future.done():
            return
        self.hints = None
        hint.future.cancel()
        self.page.around.cancel_pool(hint.tag, end=False)

    async def show_hint(self) -> None:
        game = self.page.state.session.game
        surface = self.page.surface
        surface.props("hint-panel", hidden=False)
        surface.html("hint-body", f'<p class="hint-note">{told(words.HINT_WEIGHING)}</p>')
        answer = await self.figures(game)
        if answer is None or self.page.state.session.game is not game:
            return  # dropped, or the game moved on: a late answer is never shown
        surface.html(
            "hint-body", hint_panel.hint_html(answer, game.phase is Phase.DOUBLED, own=self.own)
        )
        # The best play (or the cube's advice) in view: at 320x568 the panel showed only the
        # note above the list, and the player had to find the plays by scrolling.
        surface.scroll_in_box(HINT_FIRST)
        self.roller.show_kept(game)
        # How many of the pool's workers and the computer's shared it (0: asked whole).
        surface.mark("hint-parts", str(answer.get("parts", 0)))
        surface.mark("hint-shown", "true")

    def hint_answer(self, game: GameState) -> dict[str, Any] | None:
        """The hint of ``game`` when it is in (None: not asked, still thinking, or failed)."""
        if self.hints is None or self.hints.game is not game or not self.hints.future.done():
            return None
        future = self.hints.future
        if future.cancelled() or future.exception() is not None:
            return None
        answer: dict[str, Any] = future.result()
        return answer

    @property
    def own(self) -> bool:
        """Whether the mover reads the board's numbers (else the hint and the tutor write its
        plays in the other side's, the ones drawn: a friend's board not turned to each mover)."""
        return bool(self.page.state.session.mover_at_bottom)

    def close_hint(self) -> None:
        """Close the panel; its hint, if still being worked out, is dropped unless the tutor
        (which reads the same figures) is on."""
        self.page.surface.props("hint-panel", hidden=True)
        if not self.page.state.session.settings.tutor:
            self.drop_hint()
        self.page.update(drawn=None)

    def draw_hint(self, index: int) -> None:
        """Draw the hinted play of that index on the board (nothing is played)."""
        if self.hints is None or not self.hints.future.done():
            return
        game, future = self.hints.game, self.hints.future
        play = hint_panel.play_at(game, index)
        if play is None or self.page.state.session.game is not game:
            return
        self.page.surface.html(
            "hint-body", hint_panel.hint_html(future.result(), False, index, self.own)
        )
        self.page.update(drawn=(game, play))

    def play_hinted(self, index: int) -> None:
        """Play the hinted play of that index for the person (the hint's *Play this*)."""
        state = self.page.state
        game = state.session.game
        play = hint_panel.play_at(game, index)
        if play is None or state.busy or state.tutoring or not state.session.person_to_act:
            return
        self.page.surface.props("hint-panel", hidden=True)
        self.page.commit(replace(state, session=state.session.play(play), drawn=None))

    # ----- the tutor ---------------------------------------------------------------------------

    def with_tutor(
        self, action: str, go: Go, instead: Callable[[str], object] | None = None
    ) -> None:
        """A person's cube ``action``: with the tutor on, warned first if it loses equity;
        ``instead`` takes the better cube action the tutor offers (its own button's words)."""
        state = self.page.state
        if state.tutoring:
            return  # the tutor is already looking at this decision
        if not state.session.settings.tutor or not state.session.person_to_act:
            go()
            return
        self.page.around.spawn(
            self.check(
                lambda answer: tutor.cube_warning(answer.get("cube"), action),
                go,
                instead=instead,
            )
        )

    def confirm_play(self, go: Go) -> None:
        """Take the person's play (the tutor looks first when it is on)."""
        session = self.page.state.session
        if not session.settings.tutor or session.turn is None:
            go()
            return
        index = hint_panel.play_index(session.game, session.turn.play())
        if self.warned == (session.game, index):
            go()  # warned about this very play already: the person chose it knowingly
            return
        self.page.around.spawn(
            self.check(lambda answer: tutor.play_warning(answer, index), go, index)
        )

    async def check(
        self,
        warning_of: Callable[[dict[str, Any]], tutor.Warning | None],
        go: Go,
        chosen: int | None = None,
        instead: Callable[[str], object] | None = None,
    ) -> None:
        page = self.page
        game = page.state.session.game
        page.update(tutoring=True)
        page.surface.text("status", told(words.TUTOR_LOOKING))
        try:
            answer = await self.figures(game) or {}  # none: dropped, the game moved on
        except Exception:  # no figures (the worker failed and so did the page): no warning
            self.hints = None
            answer = {}
        page.update(tutoring=False)
        if page.state.session.game is not game:
            return
        warning = warning_of(answer)
        if warning is None:
            go()
            return
        if chosen is not None:
            self.warned = (game, chosen)
        better = warning.better_index

        def show_better() -> None:
            surface = page.surface
            surface.props("hint-panel", hidden=False)
            doubled = game.phase is Phase.DOUBLED
            surface.html("hint-body", hint_panel.hint_html(answer, doubled, better, self.own))
            if better is not None:
                self.draw_hint(better)

        def play_better() -> None:
            if better is not None and page.state.session.game is game:
                self.play_hinted(better)

        def act_better() -> None:  # the better cube action, as its own button does it
            if instead is not None and page.state.session.game is game:
                instead(warning.better)

        self.go, self.shown = go, show_better
        cube = better is None and instead is not None
        self.better = play_better if better is not None else act_better if cube else None
        surface = page.surface
        surface.text("tutor-text", warning.text)
        label = told(words.SHOW_BETTER if better is not None else words.SHOW_HINT)
        surface.text("tutor-show", label)
        surface.text("tutor-instead", words.instead_label(warning.better if cube else None))
        surface.props("tutor-instead", hidden=self.better is None)
        surface.mark("tutor-mark", warning.mark)
        surface.html("tutor-why", "")
        surface.open_dialog("tutor", focus="tutor-instead" if self.better else "tutor-show")
        if chosen is not None and better is not None:
            page.around.spawn(self.explain(game, chosen, better))

    async def explain(self, game: GameState, chosen: int, best: int) -> None:
        """The tutor's warning about a play, with the engine's numbers the analysis shows: the
        chances after each play, the shots left, the pips wasted (game.analysis.why)."""
        with contextlib.suppress(Exception):  # no numbers: the warning says enough
            why = await self.page.around.ask(judging.why_request(game, chosen, best))
            if self.page.state.session.game is game and self.go is not None:
                self.page.surface.html("tutor-why", hint_panel.why_html(why, self.own))

    def answer_tutor(self, choice: str) -> None:
        """Close the tutor's warning and do what was chosen: ``instead``, ``show``, ``anyway``."""
        self.page.surface.close_dialog("tutor")
        chosen = {"instead": self.better, "show": self.shown, "anyway": self.go}.get(choice)
        self.go = self.shown = self.better = None
        if chosen is not None:
            chosen()
