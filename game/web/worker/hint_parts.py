"""The hint of one decision (the ranked plays, or the cube figures) with its look-aheads
answered by the pool's workers, as play_parts.py does for the computer's play: the
computer's worker plans it (``plan_reply``: the plays' 1-ply ranking and their look one roll
ahead in parts, or the cube's rolls), the pool's workers answer the parts (play_parts.py's
and cube_parts.py's ``part_reply``), and the computer's worker takes their answers
(``play_parts.join_reply``, the same join): the same reply as ``judging.hint_reply`` to the
last digit (``game.analysis.hint_parts``).

    >>> from game.engine.state import GameState, Phase, Rules
    >>> from game.formats import parse_position_id
    >>> from game.web.worker import judging, play_parts, thinker
    >>> game = GameState(Rules.full(), position=parse_position_id("bdsDAhDz/AAAAA"),
    ...                  phase=Phase.MOVE, turn=0, dice=(2, 2))
    >>> asked = judging.hint_request(game)
    >>> plan = plan_reply(plan_request(asked, 2))
    >>> while "parts" in plan:                                        # two rounds
    ...     answers = [thinker.reply(part) for part in plan["parts"]]  # in the pool
    ...     plan = play_parts.join_reply(play_parts.join_request(plan, answers))
    >>> plan["plays"] == thinker.reply(asked)["plays"]
    True

A hint that needs no look-ahead (1-ply, a single play, the cube not the player's) comes
back at once, without parts.
"""

from __future__ import annotations

from typing import Any

from game.formats.save import read_save
from game.web.worker import judging, play_parts
from game.web.worker.messages import HINT_PLAN, HintRequest, MessageError

TASKS = (HINT_PLAN,)


def plan_request(request: dict[str, Any], workers: int) -> dict[str, Any]:
    """The hint ``request`` asks (``judging.hint_request``'s) planned for ``workers`` parts."""
    return {**request, "task": HINT_PLAN, "workers": workers}


def reply(data: dict[str, Any]) -> dict[str, Any]:
    """The answer to one of ``TASKS``."""
    return plan_reply(data)


def plan_reply(data: dict[str, Any]) -> dict[str, Any]:
    """The hint planned, its parts' requests and the plan's
    number (``pending``, for ``play_parts.join_reply``), or its reply (``judging.hint_data``)
    when no part is needed."""
    from game.analysis.hint_parts import planned_hint  # the bot: only where it thinks

    workers = data.get("workers")
    if not isinstance(workers, int) or workers < 1:
        raise MessageError("a hint planned in parts names how many workers answer them")
    asked = HintRequest.from_dict(data)
    game = read_save(asked.game)
    planned = planned_hint(game, int(asked.plies))
    return play_parts.waiting_reply(
        planned,
        workers,
        planned.take,
        lambda: judging.hint_data(game, planned.plays, planned.cube),
    )
