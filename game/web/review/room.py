"""The review: a record's moments on the board, its moves, its analysis and dice statistics.

    review.look_back(Replay.of(record))   # the review open at a moment (None: the live game)
    review.step(-1)                       # a turn back (←), review.step(10**6): the end
    await review.analyse(record, plies=1) # every decision judged on the pool of workers

The live game is never touched while reviewing: *Play on from here* makes the moment shown
the live game, asking first when that would replace a game in progress. A whole-game link
and an imported .mat or .sgf file open here.
"""

from __future__ import annotations

import asyncio
import dataclasses
from dataclasses import replace
from html import escape
from typing import Any

from game.engine.record import Record
from game.engine.seeded_dice import GameDice
from game.formats.game_link import InvalidGameLink, parse_game_link, parse_game_link_dice
from game.formats.mat_dice import read_dice_headers
from game.formats.match_file import write_match_file
from game.formats.sgf import looks_like_sgf
from game.formats.sgf_dice import read_sgf_dice
from game.web.address import links
from game.web.board import hint_panel
from game.web.board.words import broken_link_notice
from game.web.language.catalog import _, told
from game.web.review import analysis_view, shared, words
from game.web.state.commit import Page
from game.web.state.notices import Notices
from game.web.state.page_state import ANALYSIS, DICE, MOVES, REVIEW, TABLE, TABS
from game.web.state.replay import Replay
from game.web.state.session import Session
from game.web.state.surface import Clicks, Files, Picks, numbered
from game.web.store.door import Door
from game.web.store.rollouts import KeptRollouts
from game.web.store.seats import read_link_seats
from game.web.worker import importing, judging

WHOLE = 10**6  # a step that far: to either end of the record
STEPS = {"ArrowLeft": -1, "ArrowRight": 1, "Home": -WHOLE, "End": WHOLE}


class Review:
    def __init__(
        self, page: Page, notices: Notices, door: Door, rollouts: KeptRollouts | None = None
    ) -> None:
        self.page = page
        self.notices = notices
        self.kept = shared.KeptShared(door)  # a shared game beside a game in progress
        self.rollouts = rollouts  # the hint's rollouts kept in this browser
        self.job: str | None = None  # the analysis running
        self.import_job: str | None = None  # the match file being read in the worker
        self.importing: asyncio.Future[None] | None = None  # done once that file is shown
        self.jobs = 0
        self.rated: list[Any] = []  # callbacks for a rating estimate (the rating room's)
        page.painted.append(self.follow_current)

    def clicks(self) -> Clicks:
        """The review's steps, tabs, files and analysis buttons."""
        surface = self.page.surface
        return {
            "#replay-toggle": self.toggle,
            "#replay-back": lambda: self.step(-1),
            "#replay-forward": lambda: self.step(1),
            "#replay-live": lambda: self.look_back(None),
            "#replay-play-on": self.play_on,
            "#shared-show": self.reopen_kept,
            "#shared-forget": self.forget_kept,
            "#export-mat": self.export_mat,
            "#export-sgf": lambda: self.export_mat("sgf"),
            "#import-cancel": self.cancel_import,
            "#import-paste": lambda: self.import_mat(surface.value("import-text")),
            "#analysis-toggle": lambda: self.open_tab(ANALYSIS),
            "#dice-toggle": lambda: self.open_tab(DICE),
            "#ending-dice-check": lambda: self.open_tab(DICE),
            "#tab-moves": lambda: self.choose_tab(MOVES),
            "#tab-analysis": lambda: self.choose_tab(ANALYSIS),
            "#tab-dice": lambda: self.choose_tab(DICE),
            "#analysis-cancel": self.cancel_analysis,
        }

    def picks(self) -> Picks:
        """A moment of the move list, a mistake of the analysis."""
        return [
            ("#move-list", "moment", numbered(self.jump)),
            ("#analysis-result", "mistake", numbered(self.open_mistake)),
        ]

    def files(self) -> Files:
        return {"#import-file": self.import_mat}

    def look_back(self, replay: Replay | None, tab: str | None = None) -> None:
        """Show a moment of a record (None: the live game), on the review's ``tab``."""
        state = self.page.state
        room = REVIEW if replay is not None else TABLE
        self.page.show(replace(state, replay=replay, room=room, tab=tab or state.tab))

    def open_tab(self, tab: str) -> None:
        """The review on ``tab``; pressed again (the room's own button): the table."""
        state = self.page.state
        if state.reviewing and state.tab == tab:
            self.look_back(None)
            return
        self.look_back(state.replay or state.live_replay(), tab)

    def choose_tab(self, tab: str) -> None:
        if tab in TABS and self.page.state.reviewing:
            self.look_back(self.page.state.replay, tab)

    def follow_current(self, state: Any) -> None:
        if state.replay is not None:
            self.page.surface.scroll_in_box("#move-list [aria-current='step']")
            self.page.surface.html("review-rollout", self.rolled_out_html(state.replay.state))

    def rolled_out_html(self, game: Any) -> str:
        """The moment's position and roll as rolled out from the hint, when this browser kept
        it ("" when not)."""
        from game.engine.state import Phase
        from game.formats.position_id import format_position_id
        from game.web.board import rollout_panel
        from game.web.store.rollouts import key_of

        if self.rollouts is None or game.phase not in (Phase.ROLL, Phase.MOVE):
            return ""
        dice = game.dice if game.phase is Phase.MOVE else None
        record = self.rollouts.find(key_of(format_position_id(game.position), dice))
        own = self.page.state.shown_session.reader in (None, game.turn)
        return "" if record is None else rollout_panel.kept_html(record, own)

    def toggle(self) -> None:
        """Review (the move list) or, pressed in the review, back to the table."""
        state = self.page.state
        if state.reviewing:
            self.look_back(None)
        else:
            self.look_back(state.live_replay(), MOVES)

    def step(self, delta: int) -> None:
        """Whole moves on or back (Home and End: to either end)."""
        replay = self.page.state.replay
        if replay is not None:
            far = abs(delta) >= WHOLE
            self.look_back(replay.jump(replay.at + delta) if far else replay.step(delta))

    def jump(self, moment: int) -> None:
        replay = self.page.state.replay
        if replay is not None:
            self.look_back(replay.jump(moment))

    def key(self, key: str) -> bool:
        """A key while reviewing; True when it was the review's."""
        if self.page.state.replay is None:
            return False
        if key in STEPS:
            self.step(STEPS[key])
            return True
        if key == "Escape":
            self.look_back(None)
            return True
        return False

    def play_on(self) -> None:
        """Make the moment shown the live game; asks first when it would replace a game."""
        state = self.page.state
        replay = state.replay
        if replay is None:
            return
        record = replay.play_on()
        opponent = state.link_opponent if replay.record is state.linked else None

        def take() -> None:
            self.take(record, opponent)

        named = state.named_history()
        # The live record, whatever the players it was shared under (a shared game taken).
        shown = replay.record
        live = (shown.start, shown.games) == (named.start, named.games) and replay.at_end
        if live:
            self.look_back(None)
        elif state.session.in_progress and not self.page.embed:
            self.notices.ask(words.play_on_question(), take)
        else:
            take()

    def open_game_link(self, fragment: str) -> None:
        """A whole-game link: shown as a review at its last moment; the visitor's own game
        stays until they choose to play on."""
        try:
            record = parse_game_link(fragment)
        except InvalidGameLink as error:
            self.notices.ask(broken_link_notice(error))
            return
        try:
            dice = parse_game_link_dice(fragment)
        except InvalidGameLink as error:
            dice = {}
            self.notices.notice(words.dice_unreadable(error))
        # The position beside the game says who plays whom (computer or friend), as before.
        parts = fragment.lstrip("#").split("&")
        rest = "&".join(p for p in parts if not p.startswith(("game=", "dice=")))
        try:
            found = links.read_fragment(rest)
        except links.LinkError:
            found = None
        names = links.read_names(fragment)
        if names is not None:
            record = record.with_names(names)  # the players as the sharer's page named them
            record = record.with_levels(links.read_levels(fragment) or (None, None))
            record = read_link_seats(fragment, record)  # who played which part, where told
        state = self.page.state
        opponent = found[1] if found else None
        self.page.state = replace(state, linked=record, link_opponent=opponent)
        if not state.session.in_progress and not self.page.embed:
            # Nothing of the visitor's own to keep: the shared game is theirs at once, saved
            # (a reload shows it again) and where *Back to the game* goes, at its last moment.
            self.take(record, opponent)
        elif not self.page.embed:
            # Beside the visitor's own game: both kept, the shared one until taken or
            # forgotten (a reload shows it again; the Play room offers it).
            self.kept.keep(fragment)
        self.look_back(Replay.of(record, dice=dice))

    def reopen_kept(self) -> None:
        """The kept shared game in the review again (at a reload, or from the Play room)."""
        fragment = self.kept.fragment()
        if fragment is not None:
            self.open_game_link(fragment)

    def forget_kept(self) -> None:
        """Drop the kept shared game, once the person says so."""

        def forget() -> None:
            self.kept.forget()
            self.page.show(replace(self.page.state, linked=None, link_opponent=None))

        self.notices.ask(shared.forget_prompt(), forget)

    def take(self, record: Record, opponent: str | None) -> None:
        """Make ``record`` (at its end) the live match, against ``opponent`` when given."""
        now = self.page.state
        settings = now.session.settings
        if opponent is not None:
            settings = dataclasses.replace(settings, opponent=opponent)
        session = Session(record.state, settings).after(record.state)
        self.kept.forget()  # taken: no longer kept beside the game
        taken = replace(now, history=record, session=session, replay=None, room=TABLE)
        self.page.commit(replace(taken, linked=None, link_opponent=None))

    def export_mat(self, kind: str = "mat") -> None:
        """The match as a ``.mat`` (or gnubg ``.sgf``) file to download."""
        try:
            state = self.page.state
            text = write_match_file(state.reviewed_record(), kind, state.reviewed_dice())
        except ValueError as error:
            self.notices.notice(words.cannot_write(kind, error))
            return
        self.page.around.download(text, f"backgammon-match.{kind}", "text/plain")

    def import_mat(self, text: str) -> None:
        """A .mat or .sgf file into the review, read in the worker; the live game is not
        touched."""
        if len(text) > importing.MAX_MATCH_FILE:
            self.notices.notice(told(importing.TOO_LARGE))
            return
        self.page.around.spawn(self.import_file(text))

    async def import_file(self, text: str) -> None:
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.importing = done
        try:
            await self.read_file(text)
        finally:
            done.set_result(None)

    async def read_file(self, text: str) -> None:
        """Read the file in the worker in slices (a progress bar, Cancel), then review it."""
        self.jobs += 1
        job = f"import-{self.page.around.now_ms():.3f}-{self.jobs}"
        self.import_job = job
        surface, ask = self.page.surface, self.page.around.ask
        surface.props("import-status", hidden=False)
        surface.props("import-bar", value=0)
        answer = await ask(importing.import_request(text, job))
        while "record" not in answer and "error" not in answer:
            if self.import_job != job:
                return  # cancelled (the worker was told), or another file came since
            total = int(answer["total"])
            surface.props("import-bar", value=int(answer["done"]) / total if total else 0)
            answer = await ask(importing.continue_request(job))
        if self.import_job != job:
            return
        self.import_job = None
        surface.props("import-status", hidden=True)
        if answer.get("error"):
            self.notices.notice(importing.refusal_words(answer))
            return
        surface.props("import-text", value="")
        self.look_back(Replay.of(importing.read_answer(answer), dice=file_dice(text)))

    def cancel_import(self) -> None:
        job, self.import_job = self.import_job, None  # an answer still coming is dropped
        self.page.surface.props("import-status", hidden=True)
        if job is not None:
            self.page.around.spawn(self.forget_import(job))

    async def forget_import(self, job: str) -> None:
        await self.page.around.ask(importing.cancel_request(job))

    # ----- the analysis: on the pool of workers, in parts (a progress bar, Stop, the page usable)

    async def analyse_shown(self, plies: int) -> None:
        """Analyse the record under review (a match file being read: once it is shown)."""
        if self.importing is not None:
            await self.importing
        await self.analyse(self.page.state.reviewed_record(), plies)

    async def analyse(self, record: Record, plies: int) -> None:
        """Every decision of ``record`` judged on the pool of workers (worker-pool.mjs, as the
        rollouts): its parts (game.analysis.analysis_parts) asked at once, each worker taking
        the next, then put together in one worker: the figures of one analysis in order.
        Stopped, the parts done from the start on are put together and shown."""
        page, surface = self.page, self.page.surface
        self.jobs += 1
        number = self.jobs
        job = f"analysis-{page.around.now_ms():.3f}-{number}"
        self.job = job
        if page.state.reviewing:
            self.choose_tab(ANALYSIS)
        surface.props("analysis-progress", hidden=False)
        surface.props("analysis-bar", value=0)
        surface.text("analysis-status", analysis_view.progress_text(0, 0))
        surface.html("analysis-result", "")
        surface.mark("analysis", "running")
        surface.mark("analysis-from", f"{page.around.now_ms():.1f}")
        data = judging.record_data(record)
        try:
            plan = await page.around.pool(judging.parts_request(data, plies, dice=False), job)
        except Exception:  # stopped before it began
            return
        parts: list[list[int]] = plan["parts"]
        total = int(plan["total"])
        figures: list[Any] = [None] * len(parts)
        judged = [0]

        async def one(index: int, part: list[int]) -> None:
            request = judging.part_request(data, plies, part, dice=index == 0)
            try:
                reply = await page.around.pool(request, job)
            except Exception:  # stopped: the parts done stand
                return
            if reply.get("dice") and self.job == job:  # the dice against fair dice: first part
                surface.props("dice-title", hidden=False)
                surface.html("dice-result", analysis_view.dice_html(reply["dice"]))
            figures[index] = reply["figures"]
            judged[0] += int(reply["decisions"])
            if self.job == job:
                surface.props("analysis-bar", value=judged[0] / total if total else 0)
                surface.text("analysis-status", analysis_view.progress_text(judged[0], total))

        await asyncio.gather(*(one(index, part) for index, part in enumerate(parts)))
        if self.job != job:
            if self.job is None and self.jobs == number:  # stopped: what was done
                await self.show_stopped(record, data, plies, parts, figures, total)
            return
        answer = await page.around.pool(judging.whole_request(data, plies, figures), job)
        if self.job != job:
            return
        self.job = None
        result = answer["result"]
        page.state = replace(page.state, analysis=(record, result))
        surface.props("analysis-progress", hidden=True)
        reader = page.state.reader_of(record)
        surface.html("analysis-result", analysis_view.analysis_html(result, reader))
        surface.mark("analysis", "done")
        surface.mark("analysis-to", f"{page.around.now_ms():.1f}")
        for callback in self.rated:
            callback(record, result)

    async def show_stopped(
        self,
        record: Record,
        data: dict[str, Any],
        plies: int,
        parts: list[list[int]],
        figures: list[Any],
        total: int,
    ) -> None:
        """An analysis stopped: its parts done from the start on, put together and shown."""
        kept = []
        for part, found in zip(parts, figures, strict=True):
            if found is None:
                break
            kept.append((part, found))
        if not kept:
            return
        upto = sum(int(part[2]) - int(part[1]) for part, _ in kept)
        number = self.jobs
        request = judging.whole_request(data, plies, [found for _, found in kept], upto)
        answer = await self.page.around.pool(request, f"analysis-kept-{number}")
        if self.job is not None or self.jobs != number:
            return  # another analysis began meanwhile
        result = answer["result"]
        page, surface = self.page, self.page.surface
        page.state = replace(page.state, analysis=(record, result))
        reader = page.state.reader_of(record)
        note = _(
            "Analysis stopped: the first {done} of {total} decisions and rolls judged.",
            done=upto,
            total=total,
        )
        surface.html(
            "analysis-result",
            f'<p class="hint-note">{escape(note)}</p>'
            + analysis_view.analysis_html(result, reader),
        )
        surface.mark("analysis-kept", str(upto))

    def cancel_analysis(self) -> None:
        job, self.job = self.job, None
        surface = self.page.surface
        surface.props("analysis-progress", hidden=True)
        surface.html("analysis-result", '<p class="hint-note">Analysis stopped.</p>')
        surface.mark("analysis", "cancelled")
        if job is not None:
            self.page.around.cancel_pool(job)

    def open_mistake(self, number: int) -> None:
        """The board as it was before that mistake, the better play drawn (in the review)."""
        state = self.page.state
        if state.analysis is None:
            return
        record, result = state.analysis
        mistake = result["mistakes"][number]
        replay = Replay.of(record, int(mistake["moment"]))
        best = mistake.get("best_play")
        play = None if best is None else hint_panel.play_at(replay.state, int(best))
        drawn = None if play is None else (replay.state, play)
        self.page.state = replace(state, drawn=drawn)
        self.look_back(replay)
        # The board as it was, whole: the page scrolls only if it is not in view already.
        self.page.surface.scroll_to("#board", "nearest")


def file_dice(text: str) -> dict[int, GameDice]:
    """The dice commitments and seeds a match file holds (``.mat`` header tags, ``.sgf``
    ``DC[]``/``DS[]``); none when it holds none or they cannot be read (the match is still
    shown, without a check)."""
    try:
        if looks_like_sgf(text):
            return read_sgf_dice(text)[1] if "DC[" in text else {}
        return read_dice_headers(text)
    except ValueError:
        return {}
