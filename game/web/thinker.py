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
answer while the computer thinks. Requests and replies are JSON-able dicts. A play comes
back as its index in ``legal_plays`` (the same code orders them the same way on both sides),
and the random generator travels with the request and back, so the dice and the
deliberate mistakes of the lower levels are exactly those of thinking on the main thread:
a ``?seed=`` game plays the same either way. Pure Python, no DOM.
"""

from __future__ import annotations

import random
import time
from typing import Any

from game.engine.plays import Play, legal_plays
from game.engine.state import GameState, Phase
from game.formats.save import read_save, write_save
from game.web import computer, importing, study


def play_request(game: GameState, level: str | None, rng: random.Random) -> dict[str, Any]:
    return {"task": "play", "game": write_save(game), "level": level, "rng": rng.getstate()}


def double_request(game: GameState, level: str | None) -> dict[str, Any]:
    return {"task": "double", "game": write_save(game), "level": level}


def answer_request(game: GameState, level: str | None) -> dict[str, Any]:
    return {"task": "answer", "game": write_save(game), "level": level}


def resignation_request(game: GameState) -> dict[str, Any]:
    return {"task": "resignation", "game": write_save(game)}


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
        action = computer.DOUBLE if answer["double"] else computer.ROLL
        return computer.Step(action, weighed_cube=True)
    if answer is None:
        return None
    if game.phase is Phase.DOUBLED:
        return computer.Step(answer["answer"], weighed_cube=True)
    if game.phase is Phase.RESIGNED:
        return computer.Step(computer.ACCEPT if answer["accept"] else computer.REFUSE)
    play = chosen_play(game, answer, rng)
    return None if play is None else computer.Step(computer.PLAY, play)


def set_state(rng: random.Random, state: Any) -> None:
    """Restore ``rng`` from ``getstate()`` as it comes back through JSON (lists for tuples)."""
    version, internal, gauss = state
    rng.setstate((version, tuple(internal), gauss))


def reply(request: dict[str, Any]) -> dict[str, Any]:
    """Think about ``request``; the answer with ``ms``, the time it took."""
    started = time.perf_counter()
    if request["task"] in importing.TASKS:  # a match file to read: game/web/importing.py
        read = importing.reply(request)
        read["ms"] = (time.perf_counter() - started) * 1000
        return read
    if request["task"] in study.TASKS:  # hints and analysis: game/web/study.py
        studied = study.reply(request)
        studied["ms"] = (time.perf_counter() - started) * 1000
        return studied
    game = read_save(request["game"])
    level = request.get("level")
    task = request["task"]
    answer: dict[str, Any]
    if task == "play":
        if game.dice is None:
            raise ValueError("no dice to play")
        rng = random.Random()
        set_state(rng, request["rng"])
        from game.bot import choose_play  # the bot: only where it thinks
        from game.bot.match_value import checker_play_state

        scored = checker_play_state(game, game.turn)
        play = choose_play(game.position, game.dice, computer.level_or_default(level), rng, scored)
        index = None
        if play is not None:
            plays = legal_plays(game.position, game.dice)
            index = next(i for i, p in enumerate(plays) if p.position == play.position)
        answer = {"play": index, "rng": rng.getstate()}
    elif task == "double":
        answer = {"double": computer.wants_to_double(game, level)}
    elif task == "answer":
        answer = {"answer": computer.answer_double(game, level)}
    elif task == "resignation":
        answer = {"accept": computer.accepts_resignation(game)}
    elif task == "rank":  # a puzzle embed's ranking (game/web/puzzle.py)
        from game.web.puzzle import rank_reply

        answer = rank_reply(game, int(request.get("plies", 2)))
    else:
        raise ValueError(f"unknown task {task!r}")
    answer["ms"] = (time.perf_counter() - started) * 1000
    return answer


def chosen_play(game: GameState, answer: dict[str, Any], rng: random.Random) -> Play | None:
    """The play a ``play`` answer names; ``rng`` takes the state the thinking left it in."""
    set_state(rng, answer["rng"])
    index: int | None = answer["play"]
    if index is None or game.dice is None:
        return None
    return legal_plays(game.position, game.dice)[index]
