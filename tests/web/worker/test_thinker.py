"""The computer's worker answers exactly what thinking on the page would
(game/web/worker/thinker.py)."""

from __future__ import annotations

import json
import random

import pytest

from game.bot import choose_play
from game.engine.match import Rules
from game.engine.position import Position
from game.engine.state import GameState, Phase
from game.web.worker import computer, thinker


def through_json(request: dict) -> dict:
    """What crosses to the worker and back: JSON text both ways."""
    return json.loads(json.dumps(thinker.reply(json.loads(json.dumps(request)))))


def games(count: int, seed: int = 7) -> list[GameState]:
    """States with a roll to play, from random self-play of the default level."""
    rng = random.Random(seed)
    found = []
    game = GameState.new(Rules.full()).roll(rng)
    while len(found) < count:
        if game.phase is Phase.MOVE:
            found.append(game)
            play = choose_play(game.position, game.dice, "beginner", rng)
            game = game.play(play) if play is not None else game
        elif game.phase is Phase.ROLL:
            game = game.roll(rng)
        else:
            game = GameState.new(Rules.full()).roll(rng)
    return found


@pytest.mark.parametrize("level", ["beginner", "strong"])
def test_the_workers_play_and_dice_are_those_of_thinking_on_the_page(level):
    for game in games(12):
        here, there = random.Random(5), random.Random(5)
        expected = choose_play(game.position, game.dice, level, here)
        answer = through_json(thinker.play_request(game, level, there))
        chosen = thinker.chosen_play(game, answer, there)
        assert (chosen and chosen.position) == (expected and expected.position)
        assert there.getstate() == here.getstate()  # the next dice are the same too
        assert there.random() == here.random()


def test_the_workers_cube_and_resignation_answers_are_the_pages():
    ahead = Position.from_points({1: 2, 2: 2, 3: 2}, {6: 3, 5: 3, 4: 3})
    game = GameState(Rules.full(), position=ahead, phase=Phase.ROLL, turn=0)
    assert through_json(thinker.double_request(game, "expert"))["double"] is True
    doubled = game.double()
    asked = through_json(thinker.answer_request(doubled, "expert"))["answer"]
    assert asked == computer.answer_double(doubled, "expert") == computer.PASS
    resigned = game.roll(random.Random(1)).resign(1)
    accepts = through_json(thinker.resignation_request(resigned))["accept"]
    assert accepts == computer.accepts_resignation(resigned)


def test_an_unknown_task_is_refused():
    game = GameState.new()
    with pytest.raises(ValueError, match="unknown task"):
        thinker.reply({"task": "ponder", "game": thinker.double_request(game, None)["game"]})
