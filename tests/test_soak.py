"""The self-play soak (tools/qa/soak.py): a short run in the suite, and its checks bite."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from game.engine.match import Cube, Rules
from game.engine.position import Position
from game.engine.state import GameState, Phase
from tests import soak


def test_a_short_soak_keeps_every_invariant():
    tally = soak.soak(games=40, seed=2026)
    assert tally.games >= 40
    assert tally.saves > 0 and tally.links > 0
    # The random players reach every way a game can end.
    assert set(tally.endings) == {"play", "pass", "resignation"}


def test_every_rule_set_is_soaked():
    rng = random.Random(5)
    seen = {soak.random_rules(rng) for _ in range(300)}
    assert any(r.beaver for r in seen) and any(r.jacoby for r in seen)
    assert any(r.match_length and r.cube for r in seen) and any(not r.cube for r in seen)


def test_a_missing_checker_is_caught():
    start = Position.start()
    player = (*start.player[:-2], start.player[-2] - 1, start.player[-1])
    broken = replace(GameState.new(), position=Position.trusted(player, start.opponent))
    with pytest.raises(soak.BrokenInvariant, match="14 checkers"):
        soak.check_state(broken)


def test_a_turned_cube_in_the_crawford_game_is_caught():
    game = GameState.new(Rules.full(5), (4, 2))
    assert game.crawford
    object.__setattr__(game, "cube", Cube(2, 1))  # past the state's own check, as a bug would
    with pytest.raises(soak.BrokenInvariant, match="not allowed"):
        soak.check_state(game)


def test_a_score_that_moves_mid_game_is_caught():
    game = GameState.new(Rules.full(5)).roll(random.Random(1))
    assert game.phase is Phase.MOVE
    with pytest.raises(soak.BrokenInvariant, match="mid-game"):
        soak.check_step(game, replace(game, score=(1, 0)))
