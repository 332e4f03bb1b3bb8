"""The page's history: kept step by step beside the game, saved small, read back totally,
replayed moment by moment with a move list in the usual notation."""

from __future__ import annotations

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine.match import Rules
from game.engine.record import Action, Record
from game.engine.state import GameState, Phase
from game.web.state.replay import Replay, move_list, row_text
from game.web.store.history import history_data, read_history
from tests.records import played


def drive(seed: int, rules: Rules) -> tuple[Record, list[GameState]]:
    """Play state to state as a page does, keeping the record with ``Record.follow``."""
    rng = random.Random(seed)
    state = GameState.new(rules)
    record = Record(state)
    states = [state]
    for _ in range(3000):
        if state.phase is Phase.MATCH_OVER:
            break
        moves: tuple = ()
        if state.phase is Phase.GAME_OVER:
            state = state.next_game()
        elif state.phase is Phase.OPENING:
            state = state.roll(rng)
        elif state.phase is Phase.MOVE:
            play = rng.choice(state.legal_plays())
            moves = tuple((m.origin, m.destination) for m in play.moves)
            state = state.resign(1) if rng.random() < 0.01 else state.play(play)
        elif state.phase is Phase.RESIGNED:
            state = state.accept_resignation() if rng.random() < 0.5 else state.reject_resignation()
        elif state.phase is Phase.DOUBLED:
            choice = rng.random()
            if state.may_beaver() and choice < 0.2:
                state = state.beaver()
            else:
                state = state.take() if choice < 0.7 else state.pass_()
        elif state.may_double() and rng.random() < 0.1:
            state = state.double()
        else:
            state = state.roll(rng)
        record = record.follow(state, moves)
        states.append(state)
    return record, states


def test_following_the_states_keeps_the_whole_match():
    for seed, rules in enumerate([Rules.full(match_length=5), Rules.full(beaver=True)] * 3):
        record, states = drive(seed, rules)
        assert record.start == states[0]
        assert record.state == states[-1]
        assert len(record) + len(record.games) - 1 == len(states) - 1


def test_a_jump_to_another_game_starts_a_new_history():
    record = played(3)
    elsewhere = GameState.new(Rules.full(match_length=9), (4, 2))
    followed = record.follow(elsewhere)
    assert followed.start == elsewhere and len(followed) == 0


def test_the_saved_history_reads_back_and_is_small():
    record = played(0)
    data = json.loads(json.dumps(history_data(record)))
    back = read_history(data, record.state)
    assert [s.position for s in back.replay()] == [s.position for s in record.replay()]
    per_action = len(json.dumps(data)) / len(record)
    assert per_action < 3, f"{per_action:.1f} bytes an action"


def test_the_computers_level_is_saved_with_the_history():
    record = played(0).with_names(("You", "Computer")).with_levels((None, "expert"))
    data = json.loads(json.dumps(history_data(record)))
    assert read_history(data, record.state).levels == (None, "expert")
    for damaged in (["expert"], [None, "grandmaster"], "expert", [None, 7]):
        kept = read_history({**data, "levels": damaged}, record.state)
        assert kept.levels == (None, None) and len(kept) == len(record)
    del data["levels"]  # saved before levels: the history reads as before, with none
    assert read_history(data, record.state).levels == (None, None)


@settings(max_examples=200, deadline=None)
@given(
    st.one_of(
        st.none(),
        st.integers(),
        st.text(max_size=40),
        st.dictionaries(
            st.text(max_size=8),
            st.one_of(st.integers(), st.text(max_size=30), st.none()),
            max_size=4,
        ),
    )
)
def test_any_saved_history_reads_as_a_history_of_the_saved_game(data):
    game = played(1).state
    record = read_history(data, game)
    assert record.state == game or record.replay()[-1].position == game.position


def test_a_history_that_does_not_end_at_the_game_is_dropped_not_the_game():
    game = played(2).state
    other = history_data(played(4))
    record = read_history(other, game)
    assert record.start == game and len(record) == 0
    assert read_history({"version": 99, "game": "x"}, game).start == game


def test_the_move_list_writes_each_game_in_the_usual_notation():
    record = Record.new(Rules.full(match_length=3), ("Ann", "Bob")).extend(
        [
            Action.roll((1, 3)),
            Action.play([(24, 21), (24, 23)]),
            Action.roll((6, 2)),
            Action.play([(24, 18), (13, 11)]),
            Action.double(),
            Action.pass_(),
        ]
    )
    (game,) = move_list(record)
    assert [row_text(row) for row in game.rows] == [
        "1) ...   31: 24/23 24/21",
        "2) 62: 24/18 13/11   Doubles => 2",
        "3) Drops",
    ]
    assert game.ending is not None and game.ending.text == "Wins 1 point" and game.winner == 1
    replay = Replay.of(record)
    assert replay.jump(game.rows[1].left.moment).state.dice is None  # after Ann's play
    assert replay.jump(game.rows[0].right.moment).state.turn == 0


def test_stepping_back_and_forward_visits_every_moment_and_plays_on():
    record = played(5)
    replay = Replay.of(record, 0)
    seen = [replay.state]
    while not replay.at_end:
        replay = replay.forward()
        seen.append(replay.state)
    assert seen == record.replay()
    assert replay.forward() == replay and Replay.of(record, 0).back().at_start
    middle = replay.jump(len(seen) // 2)
    on = middle.play_on()
    assert on.state == middle.state and len(on) < len(record)


def test_every_entry_of_the_move_list_leads_to_a_moment_of_its_game():
    for seed in range(20):
        record = played(seed)
        replay = Replay.of(record)
        for game in move_list(record):
            for row in game.rows:
                for entry in (row.left, row.right):
                    if entry:
                        assert replay.jump(entry.moment).game == game.number


def test_the_move_list_marks_one_entry_as_current():
    from game.web.state.replay import move_list_html

    record = played(0)
    for at in range(0, len(Replay.of(record).moments), 7):
        assert move_list_html(record, at).count('aria-current="step"') <= 1
    last = len(Replay.of(record).moments) - 1
    assert move_list_html(record, last).count('aria-current="step"') == 1
