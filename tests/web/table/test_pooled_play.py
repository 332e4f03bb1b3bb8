"""The expert's play on the pool (game/web/table/pooled_play.py): planned, its look-aheads in
parts on the pool's workers, joined; the same play and draws as asked whole. Its cube
decisions the same way."""

from __future__ import annotations

import asyncio
import random

from game.engine.state import GameState, Phase, Rules
from game.formats import parse_position_id
from game.web.table import pooled_play
from game.web.worker import judging, thinker
from game.web.worker.messages import (
    CUBE_PART,
    CUBE_PLAN,
    DEEP_PART,
    HINT_PLAN,
    PLAY_JOIN,
    PLAY_PLAN,
    MessageError,
)
from tests.web.fakes import FakeSurroundings

# A close call of the tuning set (tests/test_bot_two_rolls.py): the expert looks deeper.
CLOSE_CALL = GameState(
    Rules.full(),
    position=parse_position_id("bdsDAhDz/AAAAA"),
    phase=Phase.MOVE,
    turn=0,
    dice=(2, 2),
)


def _asked(around: FakeSurroundings, level: str = "expert") -> tuple[dict, dict, list[str]]:
    request = thinker.play_request(CLOSE_CALL, level, random.Random(3))
    whole = thinker.reply(request)
    around.requests.clear()
    found = asyncio.run(pooled_play.answer(around, request))
    return found, whole, [asked["task"] for asked in around.requests]


def test_with_two_workers_ready_the_parts_go_to_the_pool_and_the_play_is_the_same():
    around = FakeSurroundings()
    around.pool_workers = 2
    found, whole, tasks = _asked(around)
    # Two rounds (one roll ahead, then two), each of a part for each of the pool's workers
    # and one for the computer's own.
    assert tasks[0] == PLAY_PLAN and tasks.count(PLAY_JOIN) == 2 and tasks[-1] == PLAY_JOIN
    assert tasks.count(DEEP_PART) == 6
    assert (found["play"], found["rng"], found["parts"]) == (whole["play"], whole["rng"], 3)


def test_with_one_worker_ready_or_another_level_the_play_is_asked_whole():
    around = FakeSurroundings()
    around.pool_workers = 1
    found, whole, tasks = _asked(around)
    assert tasks == ["play"] and found["play"] == whole["play"]
    around.pool_workers = 3
    found, whole, tasks = _asked(around, "strong")
    assert tasks == ["play"] and found["play"] == whole["play"]


def test_a_part_cancelled_on_the_pool_is_worked_out_where_the_parts_are_joined():
    around = FakeSurroundings()
    around.pool_workers = 2
    around.cancelled.add(pooled_play.DEEP_LOOK)  # every part's pool worker fails
    found, whole, tasks = _asked(around)
    assert tasks.count(DEEP_PART) == 6 and tasks.count(PLAY_JOIN) == 2
    assert found["play"] == whole["play"]


def test_a_large_pool_shares_a_play_with_three_of_its_workers_only():
    around = FakeSurroundings()
    around.pool_workers = 7  # an 8-core machine's pool
    found, whole, tasks = _asked(around)
    assert tasks.count(DEEP_PART) <= 8  # two rounds of at most 4 parts
    assert around.pool_wanted == pooled_play.SHARING_WORKERS == 3
    assert found["parts"] == 4 and found["play"] == whole["play"]  # 3 workers and the computer's


# A money position the expert doubles and would take (tools/data/cube-check-2ply.txt): its
# cube decisions look two rolls ahead there.
NEAR_A_DOUBLE = GameState(
    Rules.full(), position=parse_position_id("LOfgAA5jm4MDAg"), phase=Phase.ROLL, turn=0
)


def _cube_asked(around: FakeSurroundings, request: dict) -> tuple[dict, dict, list[str]]:
    whole = thinker.reply(request)
    around.requests.clear()
    found = asyncio.run(pooled_play.answer(around, request))
    return found, whole, [asked["task"] for asked in around.requests]


def test_the_experts_cube_decisions_share_their_look_ahead_the_same_way():
    around = FakeSurroundings()
    around.pool_workers = 2
    asked = thinker.double_request(NEAR_A_DOUBLE, "expert")
    found, whole, tasks = _cube_asked(around, asked)
    # Two rounds (the first rolls' best plays, then the looks a second roll ahead), each a
    # part for each of the pool's workers and one for the computer's own.
    assert tasks[0] == CUBE_PLAN and tasks.count(PLAY_JOIN) == 2 and tasks.count(CUBE_PART) == 6
    assert (found["double"], found["parts"]) == (whole["double"], 3)
    around.cancelled.add(pooled_play.DEEP_LOOK)  # and with every pool worker failing
    asked = thinker.answer_request(NEAR_A_DOUBLE.double(), "expert")
    found, whole, tasks = _cube_asked(around, asked)
    assert tasks.count(CUBE_PART) == 6 and found["answer"] == whole["answer"]


def _hint_asked(around: FakeSurroundings, game: GameState, plies: int = 2):
    request = judging.hint_request(game, plies)
    whole = thinker.reply(request)
    around.requests.clear()
    found = asyncio.run(pooled_play.answer(around, request))
    for reply in (found, whole):
        reply.pop("ms"), reply.pop("parts", None)
    return found, whole, [asked["task"] for asked in around.requests]


def test_the_persons_hint_shares_its_look_aheads_the_same_way():
    around = FakeSurroundings()
    around.pool_workers = 2
    found, whole, tasks = _hint_asked(around, CLOSE_CALL)
    # The plays' two rounds, each a part for each of the pool's workers and the computer's.
    assert tasks[0] == HINT_PLAN and tasks.count(PLAY_JOIN) == 2 and tasks.count(DEEP_PART) == 6
    assert found == whole and found["plays"]  # every play, equity and chance; no cube
    found, whole, tasks = _hint_asked(around, NEAR_A_DOUBLE)
    assert tasks.count(PLAY_JOIN) == 1 and tasks.count(CUBE_PART) == 3  # one roll ahead
    assert found == whole and found["cube"]["action"] == "double"


def test_a_hint_with_one_worker_ready_or_at_one_ply_is_asked_whole():
    around = FakeSurroundings()
    around.pool_workers = 1  # of that one worker, leaving the computer's free for its moves
    found, whole, tasks = _hint_asked(around, CLOSE_CALL)
    assert tasks == ["hint"] and around.pooled == ["hint"] and found == whole
    around.pool_workers, around.pooled = 3, []
    found, whole, tasks = _hint_asked(around, CLOSE_CALL, plies=1)  # of the computer's
    assert tasks == ["hint"] and around.pooled == [] and found == whole
    around.pool_workers = 0
    found, whole, tasks = _hint_asked(around, CLOSE_CALL)
    assert tasks == ["hint"] and around.pooled == [] and found == whole


class RefusingPlans(FakeSurroundings):
    """A computer's worker that does not know a plan's task (another version's, say)."""

    async def ask(self, request: dict) -> dict:
        if request["task"] in (PLAY_PLAN, CUBE_PLAN, HINT_PLAN):
            self.requests.append(request)
            raise MessageError(f"unknown task {request['task']!r}")
        return await super().ask(request)


def test_a_plan_refused_is_asked_whole():
    around = RefusingPlans()
    around.pool_workers = 2
    found, whole, tasks = _asked(around)
    assert tasks == [PLAY_PLAN, "play"] and found["play"] == whole["play"]
    found, whole, tasks = _hint_asked(around, NEAR_A_DOUBLE)
    assert tasks == [HINT_PLAN, "hint"] and found == whole
