"""The game record: actions checked by the rules, replay, errors naming game and move."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from game.engine.match import Rules
from game.engine.record import Action, Record, RecordError, Seat
from game.engine.state import GameState, Phase
from tests.records import every_kind, played


def test_append_returns_a_new_record_and_leaves_the_old_one():
    empty = Record.new(Rules.full(match_length=3))
    rolled = empty.append(Action.roll((3, 1)))
    assert empty.state.phase is Phase.OPENING and len(empty) == 0
    assert rolled.state.phase is Phase.MOVE and len(rolled) == 1
    assert rolled != empty


def test_replay_reproduces_every_state_of_the_game_as_played():
    rng = random.Random(4)
    state = GameState.new(Rules.full(match_length=5))
    record = Record(state)
    states = [state]
    while state.phase is not Phase.MATCH_OVER:
        if state.phase is Phase.GAME_OVER:
            state, record = state.next_game(), record.next_game()
            states.append(state)
            continue
        if state.phase is Phase.MOVE:
            play = rng.choice(state.legal_plays())
            action = Action.play(play.moves)
            state = state.play(play)
        elif state.phase is Phase.DOUBLED:
            action, state = Action.take(), state.take()
        elif state.phase is Phase.ROLL and state.may_double() and rng.random() < 0.05:
            action, state = Action.double(), state.double()
        else:
            dice = (rng.randint(1, 6), rng.randint(1, 6))
            while state.phase is Phase.OPENING and dice[0] == dice[1]:
                dice = (rng.randint(1, 6), rng.randint(1, 6))
            action, state = Action.roll(dice), state.set_dice(dice)
        record = record.append(action)
        states.append(state)
    assert record.replay() == states
    assert record.state == state
    rebuilt = Record(record.start, record.games, record.names)
    assert rebuilt == record and rebuilt.state == state


def test_an_illegal_action_names_the_game_and_move():
    record = played(2)  # a 3-point match: game 1 is over
    assert len(record.games) >= 2
    with pytest.raises(RecordError) as caught:
        record.append(Action.take())
    assert caught.value.game == len(record.games)
    assert caught.value.move == len(record.games[-1]) + 1
    assert "cannot take" in str(caught.value)
    # An illegal play inside a record given as data: game 1, the second action.
    games = ((Action.roll((3, 1)), Action.play([(24, 21)])),)
    with pytest.raises(RecordError, match=r"^game 1 move 2: 24/21 is not a legal play of 31"):
        Record(GameState.new(Rules.full()), games)
    games = ((Action.roll((3, 1)), Action.play([(24, 20)])),)
    with pytest.raises(RecordError, match=r"^game 1 move 2: 24/20 is not a move of one die of 31"):
        Record(GameState.new(Rules.full()), games)


def test_moves_that_cannot_be_made_are_refused():
    record = Record.new(Rules.full()).append(Action.roll((6, 5)))
    for moves, reason in (
        ([(12, 6), (12, 7)], "no checker on 12"),
        ([(24, 19), (13, 7)], "point 19 is closed"),
        ([(13, 14)], "is not a move"),
        ([("13", 7)], "a move is two points"),
    ):
        with pytest.raises(RecordError, match=reason):
            record.append(Action.play(moves))


def test_results_give_each_game_the_winner_points_score_and_crawford_game():
    for seed in range(0, 40, 7):
        record = played(seed)
        results = record.results()
        assert len(results) == len(record.games)
        score = record.start.score
        for result in results:
            if result.winner is not None:
                added = list(score)
                added[result.winner] += result.points
                assert result.score == tuple(added)
            score = result.score
        assert score == record.state.score
    crawford = [r for s in range(0, 140, 7) for r in played(s).results() if r.crawford]
    assert crawford, "some self-played 5-point match should reach a Crawford game"
    assert all(max(r.score) >= 4 for r in crawford)


def test_truncated_plays_on_from_a_moment_of_the_replay():
    record = played(7)
    game = max(range(len(record.games)), key=lambda g: len(record.games[g])) + 1
    part = record.truncated(game, 5)
    assert part.games == (*record.games[: game - 1], record.games[game - 1][:5])
    moments = [(g, i) for g, i, _ in record.steps()]
    assert part.state == record.replay()[moments.index((game, 5))]
    with pytest.raises(RecordError):
        record.truncated(game, len(record.games[game - 1]) + 1)


def test_the_self_played_records_reach_every_kind_of_action():
    assert every_kind(range(60)) == {
        "roll",
        "play",
        "double",
        "take",
        "pass",
        "beaver",
        "resign",
        "accept",
        "reject",
    }


def _turns_in_two_steps_and_in_one(record: Record) -> tuple[Record, Record, int]:
    """The record rebuilt action by action, and with each roll and its play (found legal from
    the position at hand, as a replayed file finds it) taken by ``append_turn``."""
    from game.engine.plays import play_of_every_die

    stepped = fused = Record(record.start, ((),), record.names)
    turns = 0
    for number, game in enumerate(record.games):
        if number:
            stepped, fused = stepped.next_game(), fused.next_game()
        at = 0
        while at < len(game):
            action = game[at]
            following = game[at + 1] if at + 1 < len(game) else None
            state = fused.state
            if action.dice and following and following.moves and state.phase is Phase.ROLL:
                made = play_of_every_die(state.position, action.dice, following.moves)
                if made is not None:
                    fused = fused.append_turn(action, Action.of_play(made))
                    stepped = stepped.append(action).append(following)
                    assert fused.state == stepped.state  # the words of the last event too
                    at += 2
                    turns += 1
                    continue
            fused, stepped = fused.append(action), stepped.append(action)
            at += 1
    return stepped, fused, turns


@pytest.mark.parametrize("seed", range(7))
def test_a_turn_taken_in_one_step_is_the_roll_and_the_play_taken_in_two(seed):
    record = played(seed, games=3, wild=True)
    stepped, fused, turns = _turns_in_two_steps_and_in_one(record)
    assert turns > 5
    assert fused == stepped == record
    assert fused.state == stepped.state == record.state
    assert fused.replay() == record.replay()


def test_a_turn_the_rules_refuse_is_refused_as_two_appends_refuse_it():
    from game.engine.plays import play_of_every_die

    record = Record.new(Rules.full(match_length=3)).extend(
        [Action.roll((3, 1)), Action.play([(8, 5), (6, 5)])]
    )
    made = play_of_every_die(record.state.position, (6, 4), [(24, 18), (13, 9)])
    assert made is not None
    play = Action.of_play(made)
    # The play was found for 6-4: with another roll, or dice that are no dice, it is no play.
    for dice in ((5, 4), (True, 4)):
        with pytest.raises(RecordError) as fused:
            record.append_turn(Action(Action.roll((6, 4)).kind, dice=dice), play)  # type: ignore[arg-type]
        with pytest.raises(RecordError) as stepped:
            record.append(Action(Action.roll((6, 4)).kind, dice=dice)).append(play)  # type: ignore[arg-type]
        assert str(fused.value) == str(stepped.value)
    # Not the roller's turn: the play of the roll just thrown is refused by the state it meets.
    rolled = record.append(Action.roll((6, 4)))
    with pytest.raises(RecordError) as fused:
        rolled.append_turn(Action.roll((6, 4)), play)
    with pytest.raises(RecordError) as stepped:
        rolled.append(Action.roll((6, 4))).append(play)
    assert str(fused.value) == str(stepped.value)


def test_the_computers_level_stays_with_the_record_as_it_grows():
    record = played(3).with_names(("You", "Computer")).with_levels((None, "expert"))
    assert record.levels == (None, "expert") and played(3).levels == (None, None)
    assert record != played(3).with_names(("You", "Computer"))  # the level is part of it
    first = record.games[0]
    grown = Record.new(record.rules, ("You", "Computer")).with_levels(record.levels)
    grown = grown.extend(first[:-1]).append(first[-1])
    assert grown.levels == (None, "expert")
    assert record.truncated(1, 3).levels == (None, "expert")
    assert record.with_names(("Ann", "Bob")).levels == (None, "expert")
    after = GameState.new(Rules.full(match_length=3))  # no action leads there: a new record
    assert record.follow(after).levels == (None, "expert")
    assert "expert" in repr(record)


def test_a_change_of_players_keeps_who_played_what():
    you = Seat(("You", "Computer"), (None, "beginner"))
    match = next(played(seed) for seed in range(9) if len(played(seed).games) > 1)
    record = Record(match.start).seated(you)
    first = match.games[0]
    record = record.extend(first[:4])
    expert = replace(you, levels=(None, "expert"))
    friends = Seat(turned=False)
    assert record.seated(you) is record  # the same players: nothing to keep
    changed = record.seated(expert).extend(first[4:6]).seated(friends).extend(first[6:])
    assert changed.seats == (((1, 0), you), ((1, 4), expert), ((1, 6), friends))
    assert changed.seat_at(1, 3) == you and changed.seat_at(1, 4) == expert
    assert changed.names == ("Cyan", "Pink") and changed.levels == (None, None)
    assert changed.game_seats(1) == (you, expert, friends)
    assert changed.truncated(1, 5).seats == (((1, 0), you), ((1, 4), expert))
    assert changed.truncated(1, 5).seat_at(1, 5) == expert
    assert changed != record.extend(first[4:])  # who played is part of the record
    assert record.seated(expert).seated(you) == record  # a change undone before any action
    over = changed.next_game().seated(expert)  # the next game: its own players
    assert over.game_seats(1) == (you, expert, friends) and over.game_seats(2) == (expert,)
    assert over.with_levels((None, None)).seat_at(1, 0).levels == (None, None)
    assert over.with_names(("Ann", "Bob")).seat_at(1, 5).names == ("Ann", "Bob")
    after = GameState.new(Rules.full(match_length=5))  # no action leads there: a new record
    assert over.follow(after).seats == (((1, 0), expert),)


def test_seats_that_do_not_fit_the_record_are_refused():
    record = played(3).truncated(1, 4)
    seat = Seat(("Ann", "Bob"))
    assert record.with_seats((((1, 0), seat),)).names == ("Ann", "Bob")
    for seats in (
        (((1, 1), seat),),  # not from the start
        (((1, 0), seat), ((1, 5), seat)),  # past the record's end
        (((1, 0), seat), ((1, 3), seat), ((1, 2), seat)),  # out of order
        (((1, 0), seat), ((2, 0), seat)),  # a game the record has not
    ):
        with pytest.raises(ValueError):
            record.with_seats(seats)
