"""A rollout from the Hint panel: the position before the roll, or the best few plays of the
roll, shared among the pool's workers (worker-pool.mjs), its figures updated live, stopped at
any time keeping what is done, and kept with the position: for the visit whole, and its figures
in this browser (game/web/store/rollouts.py), where the hint, the review's move and a train card
of the same position and roll show them again.

The settings (trials, truncation, the level that plays the trials, variance reduction,
cubeful) are the player's, chosen in Settings and kept in this browser
(game/web/store/rollout_choice.py); each rollout shows its own with its figures.

The work is ``game.analysis.rollout.job.RolloutJob``'s: every chunk of 36 trials is asked of
the pool at once (the pool serves them in order, each worker one at a time), each reply merged
as it comes and the panel painted again. The seed is fixed per position (its Position ID), so
the same position rolled out again gives the same figures. Cubeful (money games): before the
roll, the cube's no double and double/take, the cube as the game has it; the plays of a roll
with the cube where it is, the opponent then on roll. In a match the rollout is cubeless.
"""

from __future__ import annotations

import asyncio
import hashlib
from collections.abc import Callable
from dataclasses import asdict, replace
from typing import Any

from game.engine.state import GameState, Phase
from game.web.board import rollout_panel
from game.web.board.words import rolled_out
from game.web.state.commit import Page
from game.web.state.surface import Clicks
from game.web.store.rollout_choice import DEFAULT, ChosenRollout, from_form
from game.web.store.rollouts import KeptRollouts, cube_of, record_of

BEST_FEW = 3  # the hint's best plays rolled out ...
NEAR = 0.16  # ... those within this much of the best

Hinted = Callable[[GameState], dict[str, Any] | None]


class Roller:
    """``hinted(game)``: the hint's answer for ``game`` once it is in (its ranked plays name
    the candidates: the page's main thread ranks nothing itself)."""

    def __init__(
        self,
        page: Page,
        hinted: Hinted,
        stored: KeptRollouts | None = None,
    ) -> None:
        self.page = page
        self.stored = stored  # the rollouts kept in this browser (None: this visit only)
        self.hinted = hinted
        self.choice = None if stored is None else ChosenRollout(stored.door)
        # The settings the next rollout plays by (its seed aside): the player's choice.
        self.chosen = DEFAULT if self.choice is None else self.choice.read()
        self.show_choice()
        self.kept: dict[str, Any] = {}  # RolloutJob by key: every rollout of this visit
        self.running: tuple[Any, str] | None = None  # the job running and its pool tag
        self.count = 0

    def clicks(self) -> Clicks:
        return {"#rollout-start": self.start, "#rollout-stop": self.stop}

    def show_choice(self) -> None:
        """The Settings form's rollout controls as the choice is."""
        surface, chosen = self.page.surface, self.chosen
        surface.props("rollout-trials", value=str(chosen.trials))
        surface.props("rollout-truncate", value=str(chosen.truncate))
        surface.props("rollout-level", value=chosen.level)
        surface.props("rollout-variance", checked=chosen.variance_reduction)
        surface.props("rollout-cubeful", checked=chosen.cubeful)

    def settings_changed(self, checked: set[str], chosen: dict[str, str]) -> None:
        """The Settings form changed: its rollout controls are the next rollout's settings,
        kept in this browser (a value the form does not offer changes nothing)."""
        settings = from_form(checked, chosen)
        if settings is None or settings == self.chosen:
            return
        self.chosen = settings
        if self.choice is not None:
            self.choice.keep(settings)

    def subject(self, game: GameState) -> tuple[Any, tuple[int, int] | None] | None:
        """The position and roll a hint of ``game`` is about (None: nothing to roll out)."""
        if game.position.is_game_over() or game.phase not in (Phase.ROLL, Phase.MOVE):
            return None
        return game.position, (game.dice if game.phase is Phase.MOVE else None)

    def show_kept(self, game: GameState) -> None:
        """With the hint: the rollout kept for this position and roll, if there is one."""
        from game.analysis.rollout.job import RolloutJob

        subject = self.subject(game)
        surface = self.page.surface
        surface.props("rollout-start", hidden=subject is None)
        job = None
        if subject is not None:
            key = RolloutJob(subject[0], subject[1], _settings(1), []).key
            job = self.kept.get(key)
        running = self.running is not None and self.running[0] is job
        surface.props("rollout-run", hidden=not running)
        if job is None and subject is not None:
            surface.html("rollout-body", self.kept_html(subject[0], subject[1]))
            return
        surface.html("rollout-body", "" if job is None else self._html(job))

    def kept_html(self, position: Any, dice: tuple[int, int] | None) -> str:
        """The figures kept in this browser for ``position`` and ``dice`` ("" when none)."""
        from game.formats.position_id import format_position_id
        from game.web.store.rollouts import key_of

        if self.stored is None:
            return ""
        record = self.stored.find(key_of(format_position_id(position), dice))
        own = self.page.state.session.mover_at_bottom
        return "" if record is None else rollout_panel.kept_html(record, own)

    def start(self) -> None:
        from game.analysis.rollout.decision import (
            Candidate,
            CubeStart,
            cube_candidates,
            position_candidate,
        )
        from game.analysis.rollout.job import RolloutJob
        from game.engine.plays import legal_plays

        game = self.page.state.session.game
        subject = self.subject(game)
        if subject is None or self.running is not None:
            return
        position, dice = subject
        chosen = self.chosen
        if chosen.cubeful and not (game.rules.cube and game.rules.is_money):
            chosen = replace(chosen, cubeful=False)  # cubeful rollouts are of money games
        owner = game.cube.owner
        mine = None if owner is None else 0 if owner == game.turn else 1
        candidates = (
            cube_candidates(position, mine) if chosen.cubeful else [position_candidate(position)]
        )
        if dice is not None:
            answer = self.hinted(game)
            plays = (answer or {}).get("plays") or []
            if not plays:
                return
            legal = legal_plays(position, dice)
            best = float(plays[0]["equity"])
            # After the play the opponent is on roll: the cube seen from that side.
            after = CubeStart(1, None if mine is None else 1 - mine) if chosen.cubeful else None
            candidates = [
                Candidate(str(p["notation"]), legal[int(p["index"])].position.flip(), True, after)
                for p in plays[:BEST_FEW]
                if float(p["equity"]) >= best - NEAR
            ]
        key = RolloutJob(position, dice, _settings(1), []).key
        seed = int.from_bytes(hashlib.sha256(key.encode()).digest()[:4], "big")
        job = RolloutJob(position, dice, replace(chosen, seed=seed), candidates)
        self.kept[job.key] = job
        self.count += 1
        tag = f"rollout-{self.count}"
        self.running = (job, tag)
        self.page.around.spawn(self.run(job, tag))

    async def run(self, job: Any, tag: str) -> None:
        surface = self.page.surface
        surface.props("rollout-run", hidden=False)
        surface.props("rollout-start", disabled=True)
        surface.mark("rollout", "running")
        self._paint(job)

        async def one(index: int, request: dict[str, Any]) -> None:
            try:
                reply = await self.page.around.pool(request, tag)
            except Exception:  # cancelled (stopped), or a worker failed: the rest stands
                return
            job.take(index, reply)
            self._paint(job)

        try:
            await asyncio.gather(*(one(index, request) for index, request in job.requests()))
        finally:
            job.stop()  # done, or stopped: what is in is kept
            self.running = None
            surface.props("rollout-run", hidden=True)
            surface.props("rollout-start", disabled=False)
            surface.mark("rollout", "done")
            self._paint(job)
            if self.stored is not None and job.trials_done:
                self.stored.keep(job.key, record_of(job))

    def stop(self) -> None:
        """Stop the rollout running, keeping the trials done."""
        if self.running is None:
            return
        job, tag = self.running
        job.stop()
        self.page.around.cancel_pool(tag)
        self._paint(job)

    def _paint(self, job: Any) -> None:
        surface = self.page.surface
        total = job.settings.trials * len(job.candidates)
        done = sum(len(tally) for tally in job.tallies)
        surface.props("rollout-bar", value=job.progress)
        surface.text("rollout-status", rollout_panel.progress_words(job.progress, done, total))
        surface.html("rollout-body", self._html(job))
        surface.mark("rollout-trials", str(job.trials_done))
        surface.mark("rollout-done", str(done))

    def _html(self, job: Any) -> str:
        rows = [asdict(row) for row in job.rows()]
        summary = rolled_out(job.trials_done)
        own = self.page.state.session.mover_at_bottom
        cube = cube_of(job)
        settings = rollout_panel.said_settings(job.settings)
        return rollout_panel.rollout_html(rows, summary, settings, own, cube)


def _settings(trials: int, seed: int = 1) -> Any:
    return replace(DEFAULT, trials=trials, seed=seed)
