"""The computer's decisions as plain-data requests and replies, for a second interpreter.

    >>> import random
    >>> from game.engine.position import Position
    >>> from game.engine.state import GameState, Phase, Rules
    >>> game = GameState(Rules.full(), position=Position.start(), phase=Phase.MOVE, turn=0,
    ...                  dice=(3, 1))
    >>> answer = reply(play_request(game, "strong", random.Random(1)))  # in the worker
    >>> from game.engine.notation import format_play
    >>> format_play(chosen_play(game, answer, random.Random()).moves)   # on the page
    '8/5 6/5'

The page asks a Web Worker (computer-worker.mjs, which runs this module in its own Pyodide)
so the page's main thread never waits on the bot: the board, New game, Settings and Share
answer while the computer thinks. Requests and replies are the dataclasses of
game/web/worker/messages.py, JSON-able dicts on the wire. A play comes back as its index in
``legal_plays`` (the same code orders them the same way on both sides), and the random
generator travels with the request and back, so the dice and the deliberate mistakes of
the lower levels are exactly those of thinking on the main thread: a ``?seed=`` game plays
the same either way. Pure Python, no DOM.
"""

from __future__ import annotations

import random
import time
from typing import Any

from game.engine.plays import Play, legal_plays
from game.engine.state import GameState, Phase
from game.formats.save import read_save, write_save
from game.web.worker import computer, cube_parts, hint_parts, importing, judging, play_parts
from game.web.worker.messages import (
    AnswerReply,
    AnswerRequest,
    DoubleReply,
    DoubleRequest,
    MessageError,
    PlayReply,
    PlayRequest,
    RankRequest,
    Request,
    ResignationReply,
    ResignationRequest,
    read_request,
)

ROLLOUT = "rollout"  # a chunk of a rollout's trials (game.analysis.rollout.job.TASK)


def play_request(game: GameState, level: str | None, rng: random.Random) -> dict[str, Any]:
    return PlayRequest(write_save(game), level, rng.getstate()).to_dict()


def double_request(game: GameState, level: str | None) -> dict[str, Any]:
    return DoubleRequest(write_save(game), level).to_dict()


def answer_request(game: GameState, level: str | None) -> dict[str, Any]:
    return AnswerRequest(write_save(game), level).to_dict()


def resignation_request(game: GameState) -> dict[str, Any]:
    return ResignationRequest(write_save(game)).to_dict()


def request_for(game: GameState, level: str | None, rng: random.Random) -> dict[str, Any] | None:
    """What to ask the thinker before the computer acts in ``game``; None when the next
    step needs no thinking (a roll with no cube to weigh, or nothing to do)."""
    if game.phase is Phase.ROLL:
        return double_request(game, level) if game.may_double() else None
    if game.phase is Phase.DOUBLED:
        return answer_request(game, level)
    if game.phase is Phase.RESIGNED:
        return resignation_request(game)
    if game.phase is Phase.MOVE and game.dice is not None:
        return play_request(game, level, rng)
    return None


def step_from(
    game: GameState, answer: dict[str, Any] | None, rng: random.Random
) -> computer.Step | None:
    """The computer's step in ``game`` from the thinker's ``answer`` to ``request_for``'s
    request (None when there was none): the same step as ``computer.next_step``."""
    if game.phase is Phase.ROLL:
        if answer is None:
            return computer.Step(computer.ROLL)
        action = computer.DOUBLE if DoubleReply.from_dict(answer).double else computer.ROLL
        return computer.Step(action, weighed_cube=True)
    if answer is None:
        return None
    if game.phase is Phase.DOUBLED:
        return computer.Step(AnswerReply.from_dict(answer).answer, weighed_cube=True)
    if game.phase is Phase.RESIGNED:
        accept = ResignationReply.from_dict(answer).accept
        return computer.Step(computer.ACCEPT if accept else computer.REFUSE)
    play = chosen_play(game, answer, rng)
    return None if play is None else computer.Step(computer.PLAY, play)


def set_state(rng: random.Random, state: Any) -> None:
    """Restore ``rng`` from ``getstate()`` as it comes back through JSON (lists for tuples)."""
    version, internal, gauss = state
    rng.setstate((version, tuple(internal), gauss))


def reply(data: dict[str, Any]) -> dict[str, Any]:
    """Think about the request ``data`` holds (game/web/worker/messages.py); the answer with
    ``ms``, the time it took."""
    started = time.perf_counter()
    if data.get("task") == ROLLOUT:  # a chunk of a rollout's trials (a pool worker)
        from game.analysis.rollout.job import chunk_reply

        rolled = chunk_reply(data)
        rolled["ms"] = (time.perf_counter() - started) * 1000
        return rolled
    if data.get("task") in play_parts.TASKS:  # the expert's play on the pool: play_parts.py
        parted = play_parts.reply(data)
        parted["ms"] = (time.perf_counter() - started) * 1000
        return parted
    if data.get("task") in cube_parts.TASKS:  # its cube decisions on the pool: cube_parts.py
        parted = cube_parts.reply(data)
        parted["ms"] = (time.perf_counter() - started) * 1000
        return parted
    if data.get("task") in hint_parts.TASKS:  # a hint on the pool: hint_parts.py
        parted = hint_parts.reply(data)
        parted["ms"] = (time.perf_counter() - started) * 1000
        return parted
    if data.get("task") in importing.TASKS:  # a match file to read: game/web/worker/importing.py
        read = importing.reply(data)
        read["ms"] = (time.perf_counter() - started) * 1000
        return read
    request = read_request(data)
    if request.TASK in judging.TASKS:  # hints and analysis: game/web/worker/judging.py
        studied = judging.reply(data)
        studied["ms"] = (time.perf_counter() - started) * 1000
        return studied
    answer = think(request)
    answer["ms"] = (time.perf_counter() - started) * 1000
    return answer


def think(request: Request) -> dict[str, Any]:
    """The computer's decision for one of the game's requests, as its reply's plain dict."""
    if isinstance(request, PlayRequest):
        game = read_save(request.game)
        if game.dice is None:
            raise ValueError("no dice to play")
        rng = random.Random()
        set_state(rng, request.rng)
        from game.bot import choose_play  # the bot: only where it thinks
        from game.bot.match_value import checker_play_state

        scored = checker_play_state(game, game.turn)
        level = computer.level_or_default(request.level)
        play = choose_play(game.position, game.dice, level, rng, scored)
        index = None
        if play is not None:
            plays = legal_plays(game.position, game.dice)
            index = next(i for i, p in enumerate(plays) if p.position == play.position)
        return PlayReply(index, rng.getstate()).to_dict()
    if isinstance(request, DoubleRequest):
        wants = computer.wants_to_double(read_save(request.game), request.level)
        return DoubleReply(wants).to_dict()
    if isinstance(request, AnswerRequest):
        answer = computer.answer_double(read_save(request.game), request.level)
        return AnswerReply(answer).to_dict()
    if isinstance(request, ResignationRequest):
        accept = computer.accepts_resignation(read_save(request.game))
        return ResignationReply(accept).to_dict()
    if isinstance(request, RankRequest):  # a puzzle embed's ranking (game/web/worker/puzzle.py)
        from game.web.worker.puzzle import rank_reply

        return rank_reply(read_save(request.game), int(request.plies))
    raise MessageError(f"unknown task {request.TASK!r}")


def chosen_play(game: GameState, answer: dict[str, Any], rng: random.Random) -> Play | None:
    """The play a ``play`` answer names; ``rng`` takes the state the thinking left it in."""
    reply = PlayReply.from_dict(answer)
    set_state(rng, reply.rng)
    index = reply.play
    if index is None or game.dice is None:
        return None
    return legal_plays(game.position, game.dice)[index]
