"""The computer's play with its look-aheads answered by the pool's workers: the computer's
worker plans it (``plan_reply``: the 1-ply ranking and the candidates' look one roll ahead
in parts), the pool's workers answer the parts (``part_reply``), and the computer's worker
takes their answers (``join_reply``): the ranking, then the look two rolls ahead's parts,
and once those are answered the play, the same play as ``thinker.think`` gives to the last
digit (``game.bot.deep_parts``).

    >>> import random
    >>> from game.engine.position import Position
    >>> from game.engine.state import GameState, Phase, Rules
    >>> from game.formats import parse_position_id
    >>> from game.web.worker import thinker
    >>> game = GameState(Rules.full(), position=parse_position_id("bdsDAhDz/AAAAA"),
    ...                  phase=Phase.MOVE, turn=0, dice=(2, 2))
    >>> asked = thinker.play_request(game, "expert", random.Random(1))
    >>> plan = plan_reply(plan_request(asked, 2))
    >>> while "parts" in plan:                                      # two rounds
    ...     answers = [part_reply(part) for part in plan["parts"]]  # in the pool
    ...     plan = join_reply(join_request(plan, answers))
    >>> plan["play"] == thinker.reply(asked)["play"]
    True

The computer's worker keeps the plan waiting for its parts (only the latest: one play is
asked at a time); a join that names no waiting plan is refused in words, and the page then
asks for the play as before. A part left unanswered (its worker failed) is worked out where
the parts are taken.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Protocol

from game.engine.plays import Play, legal_plays
from game.engine.state import GameState
from game.formats.save import read_save
from game.web.worker.messages import (
    DEEP_PART,
    PLAY_JOIN,
    PLAY_PLAN,
    MessageError,
    PlayReply,
    PlayRequest,
)

TASKS = (PLAY_PLAN, DEEP_PART, PLAY_JOIN)
Taking = Callable[[list[dict[str, Any] | None]], None]  # a plan's round of answers taken
Finishing = Callable[[], dict[str, Any]]  # the decided plan's reply


class Planned(Protocol):
    """A decision planned in parts (``deep_parts.PlannedPlay``, ``cube.parts.PlannedCube``,
    ``analysis.hint_parts.PlannedHint``)."""

    @property
    def done(self) -> bool: ...

    def requests(self, count: int) -> list[dict[str, Any]]: ...


# The plan waiting for its parts' answers (the computer's worker's; only the latest): by its
# number, the plan, the parts' count, how it takes a round's answers and its reply once done.
_waiting: dict[int, tuple[Planned, int, Taking, Finishing]] = {}
_planned = [0]


def plan_request(request: dict[str, Any], workers: int) -> dict[str, Any]:
    """The play ``request`` (``thinker.play_request``'s) planned for ``workers`` parts."""
    return {**request, "task": PLAY_PLAN, "workers": workers}


def join_request(plan: dict[str, Any], answers: list[dict[str, Any] | None]) -> dict[str, Any]:
    """The plan's parts answered (None: a part its worker did not answer), to join."""
    return {"task": PLAY_JOIN, "pending": plan.get("pending"), "answers": answers}


def reply(data: dict[str, Any]) -> dict[str, Any]:
    """The answer to one of ``TASKS``."""
    task = data.get("task")
    if task == PLAY_PLAN:
        return plan_reply(data)
    if task == PLAY_JOIN:
        return join_reply(data)
    return part_reply(data)


def plan_reply(data: dict[str, Any]) -> dict[str, Any]:
    """The play planned: its parts' requests and the plan's number (``pending``), or the
    play itself (a ``PlayReply``) when no part is needed."""
    from game.bot.deep_parts import planned_play  # the bot: only where it thinks
    from game.bot.match_value import checker_play_state
    from game.web.worker.computer import level_or_default
    from game.web.worker.thinker import set_state

    request = PlayRequest.from_dict(data)
    workers = data.get("workers")
    if not isinstance(workers, int) or workers < 1:
        raise MessageError("a play planned in parts names how many workers answer them")
    game = read_save(request.game)
    if game.dice is None:
        raise MessageError("no dice to play")
    rng = random.Random()
    set_state(rng, request.rng)
    state = checker_play_state(game, game.turn)
    level = level_or_default(request.level)
    planned = planned_play(game.position, game.dice, level, state, rng)
    return waiting_reply(
        planned,
        workers,
        lambda answers: planned.take(answers, rng),
        lambda: _played(game, planned.decided, rng),
    )


def waiting_reply(
    planned: Planned, workers: int, take: Taking, finished: Finishing
) -> dict[str, Any]:
    """The decision's reply (``finished()``) once ``planned`` is done; else the next round's
    parts for ``workers``, the plan kept for them (``take`` takes their answers)."""
    if planned.done:
        return finished()
    _waiting.clear()  # one decision is asked at a time: a plan left waiting is dropped
    _planned[0] += 1
    _waiting[_planned[0]] = (planned, workers, take, finished)
    return {"pending": _planned[0], "parts": planned.requests(workers)}


def part_reply(data: dict[str, Any]) -> dict[str, Any]:
    """A part's answer (a pool's worker): ``deep_parts.part_answer``, refusals in words."""
    from game.bot.deep_parts import PartError, part_answer

    try:
        return part_answer(data)
    except PartError as error:
        raise MessageError(str(error)) from None


def join_reply(data: dict[str, Any]) -> dict[str, Any]:
    """The round's answers taken: the next round's parts, or the decision's reply (a
    ``PlayReply``; a cube decision's: game/web/worker/cube_parts.py)."""
    found = _waiting.pop(data.get("pending"), None)  # type: ignore[arg-type]
    if found is None:
        raise MessageError("no planned decision waits for these parts")
    answers = data.get("answers")
    if not isinstance(answers, list):
        raise MessageError("a planned play's parts come back as a list")
    planned, workers, take, finished = found
    take([answer if isinstance(answer, dict) else None for answer in answers])
    return waiting_reply(planned, workers, take, finished)


def _played(game: GameState, play: Play | None, rng: random.Random) -> dict[str, Any]:
    index = None
    if play is not None and game.dice is not None:
        plays = legal_plays(game.position, game.dice)
        index = next(i for i, p in enumerate(plays) if p.position == play.position)
    return PlayReply(index, rng.getstate()).to_dict()
