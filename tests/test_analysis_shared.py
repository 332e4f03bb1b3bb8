"""The analysis with its work shared between decisions
(``game.analysis.judgement.SharingJudge``) gives the figures of judging every decision afresh,
with fewer network evaluations."""

from __future__ import annotations

import random

import pytest

from game.analysis.judgement import Judge, SharingJudge, cube_state_of
from game.analysis.record_analysis import analysis_steps, games_of
from game.analysis.selfplay import BotPlayer, play_game
from game.bot.network import Network
from game.engine.match import Rules
from game.engine.record import Record
from game.engine.state import GameState, Phase


def game_with_a_double(rules: Rules, before: int, after: int) -> list[GameState]:
    """Part of the first self-play game (seeds from 0, the bot's casual level) with a double
    taken: its states from ``before`` actions before the double to ``after`` actions after
    the answer (the analysis reads a game from any state on)."""
    for seed in range(200):
        rng = random.Random(seed)
        record = play_game(Record.new(rules), rng, BotPlayer("casual", rng))
        states = games_of(record)[0]
        doubled = [i for i, state in enumerate(states) if state.phase is Phase.DOUBLED]
        if doubled and states[doubled[0] + 1].phase is Phase.ROLL:  # taken (or beavered)
            return states[max(0, doubled[0] - before) : doubled[0] + 2 + after]
    raise AssertionError("no self-play game with a double taken")


@pytest.fixture(scope="module")
def games() -> dict[str, list[GameState]]:
    return {
        "money": game_with_a_double(Rules.full(beaver=True, jacoby=True), 4, 4),
        "match": game_with_a_double(Rules.full(match_length=7), 4, 4),
    }


class Count:
    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.evaluations = 0
        original = Network.outputs

        def counted(network: Network, sums: list[float]) -> list[float]:
            self.evaluations += 1
            return original(network, sums)

        monkeypatch.setattr(Network, "outputs", counted)


def analysed(states: list[GameState], shared: bool):
    steps = list(analysis_steps([states], plies=2, shared=shared))
    return steps[-1].result.games[0]


@pytest.mark.parametrize("kind", ["money", "match"])
def test_the_shared_analysis_gives_the_same_figures_with_less_work(games, kind, monkeypatch):
    states = games[kind]
    count = Count(monkeypatch)
    fresh = analysed(states, shared=False)
    fresh_work = count.evaluations
    count.evaluations = 0
    shared = analysed(states, shared=True)
    assert count.evaluations < fresh_work
    kinds = [d.kind for d in shared.decisions]
    assert kinds == [d.kind for d in fresh.decisions]
    assert {"play", "no-double", "double"} <= set(kinds)
    for ours, theirs in zip(shared.decisions, fresh.decisions, strict=True):
        assert (ours.mark, ours.counted, ours.chosen, ours.best) == (
            theirs.mark, theirs.counted, theirs.chosen, theirs.best,
        )  # fmt: skip
        assert ours.error == pytest.approx(theirs.error, abs=1e-9)
        assert ours.equity == pytest.approx(theirs.equity, abs=1e-9)
        assert [r.notation for r in ours.plays] == [r.notation for r in theirs.plays]
        assert [r.equity for r in ours.plays] == pytest.approx([r.equity for r in theirs.plays])
    assert [r.luck for r in shared.luck] == pytest.approx([r.luck for r in fresh.luck])
    for player in (0, 1):
        assert shared.stats[player].error_rate == pytest.approx(fresh.stats[player].error_rate)
        assert shared.stats[player].decisions == fresh.stats[player].decisions


def test_each_judgement_of_a_game_in_order_is_the_fresh_one(games):
    # Every play at 1-ply and at the strongest judgement, and every cube decision before a
    # roll, asked of one SharingJudge in the game's order (its tables then serve again).
    sharing, fresh = SharingJudge(), Judge()
    checked = {"plays": 0, "cube": 0}
    for state in games["money"]:
        if state.phase is Phase.MOVE and state.dice is not None:
            cube = cube_state_of(state, state.turn)
            for plies in (1, 2):
                ours = sharing.rank_plays(state.position, state.dice, cube, plies)
                theirs = fresh.rank_plays(state.position, state.dice, cube, plies)
                assert [r.play.position for r in ours] == [r.play.position for r in theirs]
                assert [r.equity for r in ours] == pytest.approx([r.equity for r in theirs])
            checked["plays"] += 1
        elif state.phase is Phase.ROLL and state.may_double(state.turn):
            position, cube = state.board_for(state.turn), cube_state_of(state, state.turn)
            for plies in (1, 2):
                ours = sharing.cube_figures(position, cube, plies)
                theirs = fresh.cube_figures(position, cube, plies)
                assert (ours.action, ours.response) == (theirs.action, theirs.response)
                assert (ours.no_double, ours.double_take, ours.double_pass) == pytest.approx(
                    (theirs.no_double, theirs.double_take, theirs.double_pass)
                )
            checked["cube"] += 1
    assert checked["plays"] >= 3 and checked["cube"] >= 2
