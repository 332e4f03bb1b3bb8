"""The pure-Python network: against a plain reference loop, weights files, incremental updates."""

from __future__ import annotations

import math
import random

import pytest

from game.bot.encoding import INPUTS, PRUNING_INPUTS, encode
from game.bot.evaluator import PruningScorer, Scorer, evaluate_position, network, phase_of
from game.bot.network import BadWeights, Network
from game.bot.probabilities import Probabilities
from game.engine.plays import legal_plays
from game.engine.position import Position
from tests import soak


def random_network(inputs: int, hidden: int, outputs: int, seed: int = 5) -> Network:
    rng = random.Random(seed)
    return Network(
        [[rng.gauss(0, 0.3) for _ in range(hidden)] for _ in range(inputs)],
        [rng.gauss(0, 0.3) for _ in range(hidden)],
        [[rng.gauss(0, 0.3) for _ in range(hidden)] for _ in range(outputs)],
        [rng.gauss(0, 0.3) for _ in range(outputs)],
    )


def reference_outputs(net: Network, vector: list[float]) -> list[float]:
    """The textbook computation: dense loops, no tricks."""
    inputs, hidden, outputs = net.shape

    def sigmoid(x: float) -> float:
        return 1.0 / (1.0 + math.exp(-x))

    h = []
    for j in range(hidden):
        total = net.hidden_bias[j]
        for i in range(inputs):
            total += vector[i] * net.input_rows[i][j]
        h.append(sigmoid(total))
    result = []
    for k in range(outputs):
        total = net.output_bias[k]
        for j in range(hidden):
            total += h[j] * net.output_rows[k][j]
        result.append(sigmoid(total))
    return result


def test_network_outputs_match_a_plain_dense_computation():
    net = random_network(INPUTS, 16, 5)
    for position in (
        Position.start(),
        Position.from_points({25: 1, 5: 4, 3: 3}, {24: 2, 19: 6, 7: 7}),
    ):
        inputs = encode(position)
        vector = [0.0] * INPUTS
        for index, value in inputs:
            vector[index] = value
        # The sums are fixed point (2**-40): a few 1e-10 from the float loop.
        assert net.evaluate(inputs) == pytest.approx(reference_outputs(net, vector), abs=1e-9)


def test_incremental_update_gives_the_same_sums_as_computing_afresh():
    net = random_network(10, 8, 2)
    base = [(1, 1.0), (4, 0.5), (7, 1.0)]
    changed = [(1, 1.0), (5, 0.25), (7, 2.0)]
    changes = [(4, -0.5), (5, 0.25), (7, 1.0)]
    assert net.update_sums(net.hidden_sums(base), changes) == net.hidden_sums(changed)


def test_weights_survive_a_round_trip_through_bytes_as_float32():
    net = random_network(12, 6, 5)
    again = Network.from_bytes(net.to_bytes())
    assert again.shape == (12, 6, 5)
    for row, row_again in zip(net.input_rows, again.input_rows, strict=True):
        assert row_again == pytest.approx(row, rel=1e-6)


@pytest.mark.parametrize(
    "data", [b"not zlib", __import__("zlib").compress(b"bgnet 3 2 1\n" + b"\0" * 8)]
)
def test_unreadable_weights_are_refused_with_a_reason(data):
    with pytest.raises(BadWeights):
        Network.from_bytes(data)


def test_shipped_networks_load_with_the_encoder_input_count():
    for phase in ("contact", "race", "pruning"):
        net = network(phase)
        assert net is not None, f"game/bot/data/{phase}.net is missing"
        assert net.shape[0] == INPUTS and net.shape[2] == 5
    pruning = network("pruning")
    assert pruning is not None
    unread = set(range(INPUTS)) - set(PRUNING_INPUTS)  # trained with them held at zero
    assert all(not any(pruning.input_rows[index]) for index in unread)


def test_the_pruning_network_ranks_plays_much_as_the_contact_network_does():
    rng = random.Random(8)
    agree = checked = 0
    while checked < 100:
        position = soak.random_state(rng, 150).position
        dice = rng.randint(1, 6), rng.randint(1, 6)
        plays = [p for p in legal_plays(position, dice) if p.position.is_contact()]
        if position.is_game_over() or len(plays) < 2:
            continue
        pruning = network("pruning")
        assert pruning is not None
        quick = PruningScorer(pruning)
        full = Scorer(position.flip())
        by_quick = min(plays, key=lambda p: quick.equity(p.position.flip()))
        by_full = min(plays, key=lambda p: full.evaluate(p.position.flip()).equity)
        agree += by_quick.position == by_full.position
        checked += 1
    assert agree >= 55  # the same best play on about 70% of the rolls (40% would be weak)


def test_scoring_plays_incrementally_equals_evaluating_each_position():
    rng = random.Random(11)
    position = Position.start()
    checked = 0
    while checked < 40:
        dice = rng.randint(1, 6), rng.randint(1, 6)
        plays = legal_plays(position, dice)
        if plays:
            scorer = Scorer(position.flip())
            for play in plays[:5]:
                after = play.position.flip()
                assert scorer.evaluate(after).as_tuple() == pytest.approx(
                    evaluate_position(after).as_tuple(), abs=1e-9
                )
            checked += 1
            position = rng.choice(plays).position
        position = position.flip()
        if position.is_game_over():
            position = Position.start()


def test_a_finished_game_is_scored_exactly():
    gammon = Position.from_points({}, {6: 15})  # player has borne off all; opponent none
    p = evaluate_position(gammon)
    assert (p.win, p.win_gammon, p.win_backgammon) == (1.0, 1.0, 0.0)
    lost = evaluate_position(gammon.flip())
    assert lost.equity == -2.0


def test_the_starting_position_is_about_even_with_an_edge_to_the_roller():
    p = evaluate_position(Position.start())
    assert 0.0 < p.equity < 0.15


def test_updated_sums_are_the_plain_vector_additions_of_each_change():
    # Changes on the grid (k / GRID) and off it, the second time with the rows kept.
    net = random_network(12, 9, 2, seed=8)
    rng = random.Random(3)
    for _ in range(50):
        base = [(i, rng.choice((1.0, 0.5, 2 / 15, 0.37))) for i in rng.sample(range(12), 4)]
        changes = [
            (rng.randrange(12), rng.choice((1.0, -1.0, 0.5, -1 / 36, rng.uniform(-2, 2))))
            for _ in range(rng.randint(0, 8))
        ]
        plain = list(net.hidden_bias)
        for index, delta in base + changes:
            plain = [s + w * delta for s, w in zip(plain, net.input_rows[index], strict=True)]
        for _ in range(2):
            sums = net.update_sums(net.hidden_sums(base), changes)
            assert net.sums_list(sums) == pytest.approx(plain, abs=1e-8)


def test_sums_on_the_grid_do_not_depend_on_the_base_they_were_updated_from():
    # Integers: a position's sums are the same from scratch or from any base.
    net = random_network(20, 16, 3, seed=4)
    rng = random.Random(9)
    for _ in range(40):
        target = {i: rng.randrange(1, 80) / 36 for i in rng.sample(range(20), 6)}
        base = {i: rng.randrange(1, 80) / 15 for i in rng.sample(range(20), 6)}
        changes = [(i, v - base.get(i, 0.0)) for i, v in target.items()]
        changes += [(i, -v) for i, v in base.items() if i not in target]
        updated = net.update_sums(net.hidden_sums(list(base.items())), changes)
        assert updated == net.hidden_sums(list(target.items()))


def test_hidden_units_far_from_zero_saturate_without_overflow():
    for far in (-40.0, -800.0, 1e3, -1e6):
        sums = [0.5, -1.0, 2.0, far]
        net = random_network(1, 4, 2, seed=2)
        net = Network([sums], [0.0] * 4, net.output_rows, net.output_bias)
        hidden = [1.0 / (1.0 + math.exp(-s)) if s > -40 else 0.0 for s in sums]
        expected = [
            1.0 / (1.0 + math.exp(-(sum(h * w for h, w in zip(hidden, row, strict=True)) + bias)))
            for row, bias in zip(net.output_rows, net.output_bias, strict=True)
        ]
        assert net.outputs(net.hidden_sums([(0, 1.0)])) == pytest.approx(expected, abs=1e-9)


def test_scorer_agrees_with_a_fresh_evaluation_on_states_of_random_play():
    rng = random.Random(17)
    checked = 0
    while checked < 60:
        position = soak.random_state(rng, 150).position
        dice = rng.randint(1, 6), rng.randint(1, 6)
        plays = legal_plays(position, dice)
        if position.is_game_over() or not plays:
            continue
        scorer = Scorer(position.flip())
        for play in plays[:6]:
            after = play.position.flip()
            # A scorer reckons a bear-in's gammon race for all of a roll's plays or none.
            reckon = scorer.reckon or phase_of(after) != scorer.phase
            assert scorer.evaluate(after).as_tuple() == pytest.approx(
                evaluate_position(after, reckon).as_tuple(), abs=1e-9
            )
        checked += 1


def test_the_pruning_scorer_adds_each_sides_kept_share_to_the_same_sums():
    # Each side's own inputs' share is kept per placement; the sums are those of the whole
    # encoding, exactly (integers), so the probabilities are the network's on encode_pruning.
    from game.bot.encoding import encode_pruning

    net = network("pruning")
    assert net is not None  # shipped
    scorer = PruningScorer(net)
    rng = random.Random(23)
    checked = 0
    while checked < 200:
        position = soak.random_state(rng, 150).position
        if position.is_game_over() or not position.is_contact():
            continue
        for play in legal_plays(position, (rng.randint(1, 6), rng.randint(1, 6)))[:5]:
            after = play.position.flip()
            expected = net.outputs(net.hidden_sums(encode_pruning(after)))
            assert scorer.probabilities(after).as_tuple() == tuple(expected)
            assert scorer.equity(after) == Probabilities(*expected).equity
            checked += 1


def test_a_rolls_replies_ranked_in_one_loop_have_each_positions_own_equity():
    # equities_after finds the side on roll's share once while it stays put; a play that
    # hits changes it, and the equities are still each position's, to the last bit.
    net = network("pruning")
    assert net is not None  # shipped
    scorer = PruningScorer(net)
    rng = random.Random(29)
    hits = checked = 0
    while checked < 60:
        position = soak.random_state(rng, 150).position
        if position.is_game_over() or not position.is_contact():
            continue
        plays = legal_plays(position, (rng.randint(1, 6), rng.randint(1, 6)))
        afters = [play.position for play in plays]
        assert scorer.equities_after(afters) == [scorer.equity(p.flip()) for p in afters]
        hits += sum(after.opponent[25] > position.opponent[25] for after in afters)
        checked += 1
    assert hits > 0
