"""A hint still being worked out on the pool (game/web/table/coach.py) is dropped once its
position leaves the board or its panel is closed: its parts' tasks cancelled on the pool (left
to finish, not ended), the rest of its work never asked, its answer never shown; the next
hint is the new position's."""

from __future__ import annotations

import asyncio
import random
from typing import Any

from game.web.board import hint_panel
from game.web.house import Rooms, Setup, build
from game.web.state.session import FRIEND, Session, Settings
from game.web.worker import judging, thinker
from game.web.worker.messages import HINT_PLAN, PLAY_JOIN
from tests.web.fakes import FakeSurface, FakeSurroundings, surface_of

PERSON_OPENS = 5  # seed: the person wins the opening roll with 5-3


class HeldPool(FakeSurroundings):
    """Two of the pool's workers idle, whose answers wait until ``release``; ``cancel_pool``
    rejects a job's waiting answers with "cancelled", as worker-pool.mjs does."""

    def __init__(self) -> None:
        super().__init__()
        self.pool_workers = 2
        self.held: list[tuple[str, asyncio.Future[None]]] = []
        self.cancels: list[tuple[str, bool]] = []

    async def pool(self, request: dict[str, Any], tag: str) -> dict[str, Any]:
        self.requests.append(request)
        self.pooled.append(str(request.get("task")))
        answer: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.held.append((tag, answer))
        await answer
        return thinker.reply(request)

    def cancel_pool(self, tag: str, end: bool = True) -> None:
        self.cancels.append((tag, end))
        for held, answer in self.held:
            if held == tag and not answer.done():
                answer.set_exception(RuntimeError("cancelled"))

    def waiting(self) -> list[str]:
        return [tag for tag, answer in self.held if not answer.done()]

    def release(self) -> None:
        for _tag, answer in self.held:
            if not answer.done():
                answer.set_result(None)


def rooms_on(settings: Settings, workers: int = 2) -> tuple[Rooms, HeldPool]:
    around = HeldPool()
    around.pool_workers = workers
    session = Session.new(settings)
    rooms = build(FakeSurface(), around, Setup(session=session), random.Random(PERSON_OPENS))
    rooms.page.paint()
    return rooms, around


async def until(check: Any) -> None:
    for _ in range(200):
        if check():
            return
        await asyncio.sleep(0)
    raise AssertionError("never came")


def test_a_hint_whose_position_left_the_board_is_cancelled_and_never_shown():
    async def scene() -> tuple[Rooms, HeldPool, list[str], asyncio.Task[None]]:
        rooms, around = rooms_on(Settings(opponent=FRIEND))
        rooms.table.roll()  # the person's 5-3
        shown = asyncio.ensure_future(rooms.coach.show_hint())
        await until(lambda: around.waiting())
        parts = around.waiting()
        rooms.coach.play_hinted(0)  # a play: the position leaves the board
        await until(lambda: shown.done())
        around.release()  # a late part's answer: read by nobody
        for _ in range(20):
            await asyncio.sleep(0)
        return rooms, around, parts, shown

    rooms, around, parts, shown = asyncio.run(scene())
    surface = surface_of(rooms)
    assert parts == ["hint-1", "hint-1"]  # a part for each of the pool's two workers
    assert around.cancels == [("hint-1", False)]  # dropped, the running parts left to finish
    assert shown.exception() is None and "hint-shown" not in surface.marks
    assert "hint-play" not in surface.markup["hint-body"]  # the old position's plays
    assert not surface.shown("hint-panel") and rooms.coach.hints is None
    tasks = [request["task"] for request in around.requests]
    assert tasks.count(HINT_PLAN) == 1 and PLAY_JOIN not in tasks  # its rounds never joined


def test_a_hint_asked_whole_of_the_pools_one_idle_worker_is_cancelled_there():
    async def scene() -> tuple[Rooms, HeldPool, asyncio.Task[None]]:
        rooms, around = rooms_on(Settings(opponent=FRIEND), workers=1)
        rooms.table.roll()
        shown = asyncio.ensure_future(rooms.coach.show_hint())
        await until(lambda: around.waiting())
        rooms.coach.play_hinted(0)
        await until(lambda: shown.done())
        return rooms, around, shown

    rooms, around, shown = asyncio.run(scene())
    # The whole hint was the pool's; the computer's worker, asked nothing, is free to move.
    assert around.pooled == ["hint"] and [r["task"] for r in around.requests] == ["hint"]
    assert around.cancels == [("hint-1", False)] and "hint-shown" not in surface_of(rooms).marks
    assert shown.exception() is None  # the panel's wait ended quietly


def test_the_next_hint_is_the_new_positions():
    async def scene() -> tuple[Rooms, HeldPool]:
        rooms, around = rooms_on(Settings(opponent=FRIEND))
        rooms.table.roll()
        first = asyncio.ensure_future(rooms.coach.show_hint())
        await until(lambda: around.waiting())
        rooms.coach.play_hinted(0)
        await until(lambda: first.done())
        rooms.table.roll()  # the other side's roll: a new decision
        second = asyncio.ensure_future(rooms.coach.show_hint())
        await until(lambda: "hint-2" in around.waiting())
        while not second.done():
            around.release()
            await asyncio.sleep(0)
        return rooms, around

    rooms, around = asyncio.run(scene())
    game = rooms.page.state.session.game
    expected = judging.hint_reply(judging.hint_request(game))
    answer = rooms.coach.hint_answer(game)
    assert answer is not None and answer["plays"] == expected["plays"]
    shown = hint_panel.hint_html(answer, False, own=rooms.coach.own)
    assert surface_of(rooms).markup["hint-body"] == shown
    assert around.cancels == [("hint-1", False)]


def test_closing_the_panel_drops_its_hint_unless_the_tutor_waits_for_it():
    async def scene(tutor: bool) -> tuple[Rooms, HeldPool, asyncio.Task[None]]:
        rooms, around = rooms_on(Settings(opponent=FRIEND, tutor=tutor))
        rooms.table.roll()
        shown = asyncio.ensure_future(rooms.coach.show_hint())
        await until(lambda: around.waiting())
        rooms.coach.close_hint()
        for _ in range(20):
            around.release()
            await asyncio.sleep(0)
        return rooms, around, shown

    rooms, around, shown = asyncio.run(scene(tutor=False))
    assert around.cancels == [("hint-1", False)] and shown.done()
    assert rooms.coach.hints is None and "hint-shown" not in surface_of(rooms).marks
    # With the tutor on, the same figures are its own: worked out to the end, kept.
    rooms, around, shown = asyncio.run(scene(tutor=True))
    assert around.cancels == [] and shown.done()
    assert rooms.coach.hint_answer(rooms.page.state.session.game) is not None
