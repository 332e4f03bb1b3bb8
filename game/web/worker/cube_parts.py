"""The computer's cube decision (whether to double, or its answer to a double) with its
look-ahead answered by the pool's workers, as play_parts.py does for a play: the computer's
worker plans it (``plan_reply``: the position evaluated and the rolls it looks at, in
parts), the pool's workers answer the parts (``part_reply``), and the computer's worker
takes their answers (``play_parts.join_reply``, the same join): the rolls looked at a
second roll ahead in parts, then the decision, the same as ``thinker.think`` gives to the
last digit (``game.bot.cube.parts``).

    >>> from game.engine.position import Position
    >>> from game.engine.state import GameState, Phase, Rules
    >>> from game.formats import parse_position_id
    >>> from game.web.worker import play_parts, thinker
    >>> game = GameState(Rules.full(), position=parse_position_id("4PPCwQCM5+CAIQ"),
    ...                  phase=Phase.ROLL, turn=0)
    >>> asked = thinker.double_request(game, "expert")
    >>> plan = plan_reply(plan_request(asked, 2))
    >>> while "parts" in plan:                                      # two rounds
    ...     answers = [part_reply(part) for part in plan["parts"]]  # in the pool
    ...     plan = play_parts.join_reply(play_parts.join_request(plan, answers))
    >>> plan["double"] == thinker.reply(asked)["double"]
    True

A decision that needs no look-ahead (the quick estimate far from a double, a level that
does not look ahead) comes back at once, without parts.
"""

from __future__ import annotations

from typing import Any

from game.formats.save import read_save
from game.web.worker import computer, play_parts
from game.web.worker.messages import (
    ANSWER,
    CUBE_PART,
    CUBE_PLAN,
    DOUBLE,
    AnswerReply,
    AnswerRequest,
    DoubleReply,
    DoubleRequest,
    MessageError,
)

TASKS = (CUBE_PLAN, CUBE_PART)


def plan_request(request: dict[str, Any], workers: int) -> dict[str, Any]:
    """The cube decision ``request`` asks (``thinker.double_request``'s or
    ``answer_request``'s) planned for ``workers`` parts."""
    return {**request, "task": CUBE_PLAN, "asked": request.get("task"), "workers": workers}


def reply(data: dict[str, Any]) -> dict[str, Any]:
    """The answer to one of ``TASKS``."""
    if data.get("task") == CUBE_PLAN:
        return plan_reply(data)
    return part_reply(data)


def plan_reply(data: dict[str, Any]) -> dict[str, Any]:
    """The decision planned: its parts' requests and the plan's number (``pending``, for
    ``play_parts.join_reply``), or its reply (``DoubleReply``, ``AnswerReply``) when no part
    is needed."""
    from game.bot.cube import DOUBLE as CUBE_DOUBLE
    from game.bot.cube.parts import planned_cube  # the bot: only where it thinks

    workers = data.get("workers")
    if not isinstance(workers, int) or workers < 1:
        raise MessageError("a decision planned in parts names how many workers answer them")
    asked = data.get("asked")
    if asked == DOUBLE:
        request = DoubleRequest.from_dict(data)
        look = computer.double_look(read_save(request.game), request.level)
        if isinstance(look, bool):
            return DoubleReply(look).to_dict()
        planned = planned_cube(*look)

        def doubles() -> dict[str, Any]:
            assert planned.decided is not None
            return DoubleReply(planned.decided.action == CUBE_DOUBLE).to_dict()

        return play_parts.waiting_reply(planned, workers, planned.take, doubles)
    if asked == ANSWER:
        answer = AnswerRequest.from_dict(data)
        doubled = read_save(answer.game)
        planned = planned_cube(*computer.answer_look(doubled, answer.level))

        def answers() -> dict[str, Any]:
            assert planned.decided is not None
            return AnswerReply(computer.answer_word(doubled, planned.decided.response)).to_dict()

        return play_parts.waiting_reply(planned, workers, planned.take, answers)
    raise MessageError(f"a cube decision is {DOUBLE!r} or {ANSWER!r}, not {asked!r}")


def part_reply(data: dict[str, Any]) -> dict[str, Any]:
    """A part's answer (a pool's worker): ``cube.parts.cube_part_answer``, refusals in words."""
    from game.bot.cube.parts import cube_part_answer
    from game.bot.deep_parts import PartError

    try:
        return cube_part_answer(data)
    except PartError as error:
        raise MessageError(str(error)) from None
