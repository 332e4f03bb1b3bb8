"""Checker play at the match score: outcomes valued by the match equity table."""

from __future__ import annotations

import random

import pytest

from game.bot import choose_play
from game.bot.cube import CubeState
from game.bot.match_value import MatchValue, checker_play_state, match_value, utility
from game.bot.probabilities import Probabilities
from game.bot.search import rank_plays, rank_plays_deeper, score_plays
from game.engine.plays import legal_plays
from game.engine.position import Position
from game.engine.state import GameState, Rules

# A gammonish middle game: the mover has a strong attack, the opponent a blot on the bar.
ATTACK = Position.from_points(
    {6: 3, 5: 2, 4: 2, 8: 3, 13: 3, 24: 2}, {25: 1, 24: 2, 13: 5, 8: 3, 6: 4}
)


def random_probabilities(rng: random.Random) -> Probabilities:
    win = rng.random()
    win_gammon = rng.random() * win
    lose_gammon = rng.random() * (1 - win)
    return Probabilities(
        win, win_gammon, rng.random() * win_gammon, lose_gammon, rng.random() * lose_gammon
    )


@pytest.mark.parametrize(
    "state",
    [
        CubeState.of(match_length=5, score=(4, 4)),
        CubeState.of(match_length=7, score=(6, 3), crawford=True),
        CubeState.of(match_length=7, score=(3, 6)),
        CubeState.of(value=2, owner=1, match_length=9, score=(2, 5)),
    ],
)
def test_the_fast_value_is_the_match_winning_chance_in_emg(state):
    rng = random.Random(3)
    for _ in range(50):
        p = random_probabilities(rng)
        assert MatchValue(state)(p) == pytest.approx(utility(p, state), abs=1e-12)
    # A single win is +1 and a single loss -1, as in money play.
    assert MatchValue(state)(Probabilities(1.0, 0.0, 0.0, 0.0, 0.0)) == pytest.approx(1.0)
    assert MatchValue(state)(Probabilities(0.0, 0.0, 0.0, 0.0, 0.0)) == pytest.approx(-1.0)


def test_money_play_keeps_the_plain_equity():
    assert match_value(None) is None and match_value(CubeState()) is None
    table = GameState(Rules.full())
    assert checker_play_state(table, 0) is None
    match_table = GameState(Rules.full(7), score=(2, 5))
    assert checker_play_state(match_table, 1) == CubeState.of(match_length=7, score=(5, 2))


def test_at_double_match_point_plays_are_ranked_by_winning_chances_alone():
    dmp = CubeState.of(match_length=3, score=(2, 2))
    dice = (6, 4)
    plays = legal_plays(ATTACK, dice)
    wins = [p.win for p in score_plays(ATTACK, plays)]
    ranked = rank_plays(ATTACK, dice, plays, MatchValue(dmp))
    assert [equity for equity, _ in ranked] == pytest.approx(
        sorted((2 * w - 1 for w in wins), reverse=True)
    )
    by_money = rank_plays(ATTACK, dice, plays)
    assert [play.position for _, play in by_money] != [play.position for _, play in ranked]


def test_the_look_ahead_values_both_sides_at_the_score():
    dmp = CubeState.of(match_length=3, score=(2, 2))
    ranked = rank_plays_deeper(
        ATTACK, (6, 4), value=MatchValue(dmp), reply_value=MatchValue(dmp.flip())
    )
    # Gammons count for nothing: every equity is 2 * win - 1, within [-1, 1].
    assert all(-1.0 <= equity <= 1.0 for equity, _ in ranked)
    money = rank_plays_deeper(ATTACK, (6, 4))
    assert [e for e, _ in money] != pytest.approx([e for e, _ in ranked])


def test_choose_play_in_money_play_is_unchanged_by_a_money_state():
    rng_a, rng_b = random.Random(5), random.Random(5)
    for dice in ((3, 1), (6, 4), (2, 2)):
        a = choose_play(ATTACK, dice, "intermediate", rng_a)
        b = choose_play(ATTACK, dice, "intermediate", rng_b, CubeState())
        assert a == b
