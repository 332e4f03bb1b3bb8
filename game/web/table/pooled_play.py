"""The expert's play with its look two rolls ahead shared among the pool's workers, and its
cube decisions (whether to double, its answer to a double) with their look-ahead the same way.

The computer's worker plans the play (its look one roll ahead, and which plays it looks at
two rolls ahead), the pool's workers and the computer's own answer the parts of that look
at once, and the
computer's worker joins their answers into the play (game/web/worker/play_parts.py): the
same play as asked whole, to the last digit, so a ``?seed=`` game plays the same with or
without the pool. With fewer than two of the pool's workers ready and idle (the first move,
a one- or two-core machine, a rollout running), or the plan refused, the play is asked
whole as before; a part whose
worker fails is worked out by the computer's worker. A cube decision goes the same way
(game/web/worker/cube_parts.py: the rolls it looks at, then those it looks at a second roll
ahead), and comes back at once, without parts, when it needs no look-ahead; so does the
person's hint (game/web/worker/hint_parts.py: the plays ranked, or the cube figures). A hint
with one of the pool's workers idle is asked whole of it: a hint dropped meanwhile
(game/web/table/coach.py) then keeps no computer's move waiting on the computer's worker.
"""

from __future__ import annotations

import asyncio
from typing import Any

from game.bot.level_names import STRONGEST_LEVEL
from game.web.state.surface import Surroundings
from game.web.worker import cube_parts, hint_parts, judging, play_parts
from game.web.worker.messages import ANSWER, DOUBLE, HINT, PLAY

DEEP_LOOK = "deep-look"  # the pool's tag of the computer's decisions' parts
# The pool's workers a play shares its look-aheads with, at most: with the computer's own,
# every core of 4; beyond, each worker's cold caches eat most of the gain (performance.md,
# "Session 31") while each costs another interpreter's memory (some 110-150 MB).
SHARING_WORKERS = 3


def shared(request: dict[str, Any]) -> bool:
    """Whether the decision ``request`` asks for is one shared among the pool's workers:
    the strongest level's plays and cube decisions, whose looks two rolls ahead are most of
    their work, and the hint at the strongest judgement (its plays looked at as the
    strongest level's, its cube one roll ahead over every play)."""
    task = request.get("task")
    if task == HINT:
        return int(request.get("plies", judging.STRONGEST)) >= judging.STRONGEST
    return task in (PLAY, DOUBLE, ANSWER) and request.get("level") == STRONGEST_LEVEL


async def answer(
    around: Surroundings, request: dict[str, Any], tag: str = DEEP_LOOK
) -> dict[str, Any]:
    """The computer's answer to ``request`` (``thinker.request_for``'s, or a hint's): a play
    or a cube decision of the strongest level, or a hint, planned, its parts on the pool's
    workers when two or more are ready (their tasks tagged ``tag``, for ``cancel_pool``), and
    joined; anything else asked whole (a hint of the pool's one idle worker, under ``tag``).
    ``ms``: the whole time it took."""
    if not shared(request):
        return await around.ask(request)
    workers = await around.pool_ready(SHARING_WORKERS)
    if workers == 1 and request.get("task") == HINT:
        return await around.pool(request, tag)
    if workers < 2:
        return await around.ask(request)
    started = around.now_ms()
    # One part more than the pool has workers: the computer's worker, idle meanwhile, answers
    # the first (on 4 cores, 3 of the pool's workers and the computer's: every core).
    planning = {PLAY: play_parts, HINT: hint_parts}.get(str(request.get("task")), cube_parts)
    try:
        plan = await around.ask(planning.plan_request(request, workers + 1))
    except Exception:  # the plan refused (a worker that does not know it, say): asked whole
        return await around.ask(request)
    parts = 0
    while "parts" in plan:  # a round of parts: the look one roll ahead, then two
        parts = max(parts, len(plan["parts"]))
        found = await asyncio.gather(
            *(
                around.pool(part, tag) if index else around.ask(part)
                for index, part in enumerate(plan["parts"])
            ),
            return_exceptions=True,
        )
        answers = [part if isinstance(part, dict) else None for part in found]
        try:
            plan = await around.ask(play_parts.join_request(plan, answers))
        except Exception:  # the plan was not kept: the play asked whole
            return await around.ask(request)
    plan["ms"] = around.now_ms() - started
    plan["parts"] = parts
    return plan
