"""The game as a sequence of states: opening roll, turns, the cube, resignations, scoring."""

from __future__ import annotations

import json
import random

import pytest

from game.engine.match import BACKGAMMON, GAMMON, SINGLE, Cube, Rules
from game.engine.position import BAR, CHECKERS, Position
from game.engine.state import GameState, IllegalAction, InvalidState, Phase
from game.formats.gnubg_id import read_gnubg_id, write_gnubg_id
from game.formats.save import read_save, write_save
from tests.boards import after, position

MONEY = Rules.full()
CLOSED_BOARD = {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 3}
LAST_CHECKER = {1: 1}  # the player on roll bears off its last checker with any roll


def on_roll(board: Position, rules: Rules = MONEY, **fields) -> GameState:
    """A game in progress with ``turn`` (default 0) to roll."""
    return GameState(rules=rules, position=board, phase=Phase.ROLL, **fields)


def to_move(board: Position, dice=(2, 1), rules: Rules = MONEY, **fields) -> GameState:
    return GameState(rules=rules, position=board, phase=Phase.MOVE, dice=dice, **fields)


def finish_by_bearing_off(state: GameState, opponent: dict) -> GameState:
    """Replace the board so ``turn`` bears off its last checker, and play it."""
    state = GameState(
        **{
            **_fields(state),
            "position": position(LAST_CHECKER, opponent),
            "phase": Phase.MOVE,
            "dice": (2, 1),
        }
    )
    return state.play(state.legal_plays()[0])


def _fields(state: GameState) -> dict:
    return {name: getattr(state, name) for name in GameState.__dataclass_fields__}


# --- opening and turns ----------------------------------------------------------------------


def test_a_new_game_waits_for_the_opening_roll_from_the_starting_position():
    state = GameState.new()
    assert state.phase is Phase.OPENING and state.position == Position.start()
    assert state.rules == Rules.simple() and state.score == (0, 0) and state.cube == Cube()
    assert state.legal_plays() == [] and state.to_act is None


def test_the_higher_opening_die_moves_first_with_both_dice():
    state = GameState.new().set_dice((2, 5))
    assert state.phase is Phase.MOVE and state.turn == 1
    assert state.dice == (2, 5) and state.opening_dice == (2, 5)
    state = GameState.new().set_dice((6, 1))
    assert state.turn == 0 and state.dice == (6, 1)


def test_the_opening_roll_is_never_a_tie():
    with pytest.raises(IllegalAction, match="tie"):
        GameState.new().set_dice((4, 4))
    rng = random.Random(2)
    for _ in range(50):
        state = GameState.new().roll(rng)
        assert state.opening_dice[0] != state.opening_dice[1]
        assert state.turn == (0 if state.opening_dice[0] > state.opening_dice[1] else 1)


def test_a_play_passes_the_turn_and_shows_the_board_from_the_next_player():
    state = GameState.new(MONEY).set_dice((3, 1))
    played = after(Position.start(), "8/5 6/5")
    state = state.play(played)
    assert state.phase is Phase.ROLL and state.turn == 1 and state.dice is None
    assert state.position == played.flip()
    assert state.board_for(0) == played and state.board_for(1) == played.flip()
    assert state.pip_counts_for(0) == (163, 167) and state.pip_counts_for(1) == (167, 163)
    assert "8/5 6/5" in state.last_event


def test_a_play_may_be_given_as_a_play_or_as_its_resulting_position():
    state = GameState.new(MONEY).set_dice((3, 1))
    play = state.legal_plays()[0]
    assert state.play(play).position == state.play(play.position).position


def test_an_illegal_play_is_refused():
    state = GameState.new(MONEY).set_dice((3, 1))
    with pytest.raises(IllegalAction, match="not a legal play of 3-1"):
        state.play(after(Position.start(), "24/18"))


def test_actions_out_of_phase_are_refused_with_a_reason():
    state = GameState.new(MONEY)
    with pytest.raises(IllegalAction, match="opening roll comes first"):
        state.double()
    moving = state.set_dice((3, 1))
    with pytest.raises(IllegalAction, match="is to play the roll"):
        moving.roll(random.Random(1))
    with pytest.raises(IllegalAction):
        moving.double()
    with pytest.raises(IllegalAction):
        moving.take()
    rolling = moving.play(moving.legal_plays()[0])
    with pytest.raises(IllegalAction, match="is to roll"):
        rolling.play(Position.start())


def test_a_roll_with_no_legal_play_passes_the_turn_and_says_so():
    state = on_roll(position({BAR: 1, 13: 14}, CLOSED_BOARD)).set_dice((6, 4))
    assert state.phase is Phase.ROLL and state.turn == 1 and state.dice is None
    assert state.blocked_dice == (6, 4)
    assert "cannot move" in state.last_event
    assert state.board_for(0) == position({BAR: 1, 13: 14}, CLOSED_BOARD)


def test_the_next_roll_clears_the_blocked_dice():
    state = on_roll(position({BAR: 1, 13: 14}, CLOSED_BOARD)).set_dice((6, 4))
    assert state.set_dice((2, 1)).blocked_dice is None


# --- the end of a game ----------------------------------------------------------------------


def test_bearing_off_the_last_checker_wins_a_single_game_when_the_loser_has_borne_off():
    state = to_move(position(LAST_CHECKER, {6: 14})).play(position({}, {6: 14}))
    assert state.phase is Phase.GAME_OVER and state.winner == 0
    assert state.result == SINGLE and state.points_won == 1 and state.score == (1, 0)


def test_a_loser_with_nothing_borne_off_loses_a_gammon():
    state = finish_by_bearing_off(on_roll(Position.start()), {6: 15})
    assert state.result == GAMMON and state.points_won == 2 and "gammon" in state.last_event


def test_a_loser_on_the_bar_or_in_the_winners_home_loses_a_backgammon():
    on_bar = finish_by_bearing_off(on_roll(Position.start()), {BAR: 1, 6: 14})
    in_home = finish_by_bearing_off(on_roll(Position.start()), {20: 1, 6: 14})
    assert on_bar.result == in_home.result == BACKGAMMON
    assert on_bar.points_won == 3


def test_a_gammon_counts_twice_the_cube():
    state = finish_by_bearing_off(on_roll(Position.start(), cube=Cube(4, 0)), {6: 15})
    assert state.points_won == 8 and state.score == (8, 0)


def test_simple_rules_score_one_point_even_for_a_backgammon():
    state = finish_by_bearing_off(on_roll(Position.start(), Rules.simple()), {BAR: 1, 6: 14})
    assert state.result == BACKGAMMON and state.points_won == 1 and state.score == (1, 0)


def test_jacoby_counts_a_gammon_single_with_the_cube_centred():
    rules = Rules.full(jacoby=True)
    assert finish_by_bearing_off(on_roll(Position.start(), rules), {6: 15}).points_won == 1
    turned = on_roll(Position.start(), rules, cube=Cube(2, 0))
    assert finish_by_bearing_off(turned, {6: 15}).points_won == 4


def test_the_winner_of_a_game_by_player_one_is_scored_for_player_one():
    state = finish_by_bearing_off(on_roll(Position.start(), turn=1, score=(3, 1)), {6: 14})
    assert state.winner == 1 and state.score == (3, 2)


def test_next_game_starts_a_fresh_board_with_the_score_kept_and_the_cube_centred():
    over = finish_by_bearing_off(on_roll(Position.start(), cube=Cube(2, 1)), {6: 14})
    state = over.next_game()
    assert state.phase is Phase.OPENING and state.score == (2, 0)
    assert state.cube == Cube() and state.position == Position.start()
    with pytest.raises(IllegalAction, match="not over"):
        state.next_game()
    assert over.next_game(random.Random(4)).phase is Phase.MOVE


# --- the cube -------------------------------------------------------------------------------


def test_double_then_take_gives_the_taker_the_cube_and_the_doubler_rolls():
    state = on_roll(Position.start()).double()
    assert state.phase is Phase.DOUBLED and state.to_act == 1 and state.cube == Cube()
    state = state.take()
    assert state.phase is Phase.ROLL and state.turn == 0 and state.cube == Cube(2, 1)


def test_only_the_taker_may_redouble():
    state = on_roll(Position.start()).double().take()
    assert not state.may_double()
    with pytest.raises(IllegalAction, match="owner"):
        state.double()
    their_turn = on_roll(Position.start(), turn=1, cube=Cube(2, 1))
    assert their_turn.may_double()
    assert their_turn.double().take().cube == Cube(4, 0)


def test_a_double_is_offered_only_by_the_player_on_turn_before_rolling():
    state = on_roll(Position.start())
    assert state.may_double(0) and not state.may_double(1)
    assert not state.set_dice((3, 1)).may_double(0)


def test_a_pass_gives_the_doubler_the_cube_value_before_the_double():
    state = on_roll(Position.start(), turn=1, cube=Cube(4, 1)).double().pass_()
    assert state.phase is Phase.GAME_OVER and state.winner == 1
    assert state.points_won == 4 and state.score == (0, 4) and state.result == SINGLE
    assert "passes" in state.last_event


def test_a_beaver_quadruples_the_cube_for_the_taker_and_the_doubler_rolls():
    state = on_roll(Position.start(), Rules.full(beaver=True)).double()
    assert state.may_beaver()
    state = state.beaver()
    assert state.cube == Cube(4, 1) and state.phase is Phase.ROLL and state.turn == 0


def test_no_beaver_without_the_option():
    state = on_roll(Position.start()).double()
    assert not state.may_beaver()
    with pytest.raises(IllegalAction, match="not allowed"):
        state.beaver()


def test_no_beaver_past_the_64_cube():
    state = on_roll(Position.start(), Rules.full(beaver=True), cube=Cube(32, 0)).double()
    with pytest.raises(IllegalAction, match="64"):
        state.beaver()
    assert state.take().cube == Cube(64, 1)


def test_no_double_at_64():
    state = on_roll(Position.start(), cube=Cube(64, 0))
    assert not state.may_double()
    with pytest.raises(IllegalAction, match="64"):
        state.double()


def test_no_double_under_simple_rules():
    state = on_roll(Position.start(), Rules.simple())
    with pytest.raises(IllegalAction, match="no cube"):
        state.double()


# --- match play and Crawford ----------------------------------------------------------------


def test_reaching_the_match_length_ends_the_match():
    state = on_roll(Position.start(), Rules.full(match_length=3), score=(2, 1), post_crawford=True)
    state = finish_by_bearing_off(state, {6: 14})
    assert state.phase is Phase.MATCH_OVER and state.score == (3, 1) and state.match_winner == 0
    assert "the match 3-1" in state.last_event
    with pytest.raises(IllegalAction, match="match is over"):
        state.next_game()


def test_a_match_cannot_start_already_won():
    with pytest.raises(IllegalAction, match="already over"):
        GameState.new(Rules.full(match_length=3), (3, 0))


def test_the_game_after_reaching_match_length_minus_one_is_crawford_then_post_crawford():
    rules = Rules.full(match_length=5)
    state = finish_by_bearing_off(on_roll(Position.start(), rules, score=(3, 2)), {6: 14})
    assert state.score == (4, 2) and not state.crawford
    crawford = state.next_game()
    assert crawford.crawford and not crawford.post_crawford
    assert "Crawford" in crawford.last_event
    rolling = on_roll(Position.start(), rules, score=(4, 2), crawford=True, turn=1)
    assert not rolling.may_double() and "Crawford" in rolling.double_refusal()

    lost = rolling.resign(SINGLE).accept_resignation()
    assert lost.score == (5, 2) and lost.phase is Phase.MATCH_OVER
    won = rolling.resign(SINGLE, player=0).accept_resignation()
    assert won.score == (4, 3) and won.phase is Phase.GAME_OVER
    post = won.next_game()
    assert post.post_crawford and not post.crawford


def test_post_crawford_only_the_trailer_may_double():
    rules = Rules.full(match_length=5)
    trailer = on_roll(Position.start(), rules, score=(4, 2), post_crawford=True, turn=1)
    assert trailer.may_double()
    leader = on_roll(Position.start(), rules, score=(4, 2), post_crawford=True, turn=0)
    assert not leader.may_double()
    assert "dead" in leader.double_refusal()


def test_a_new_match_game_at_match_length_minus_one_is_the_crawford_game():
    assert GameState.new(Rules.full(match_length=5), (0, 4)).crawford
    assert not GameState.new(Rules.full(match_length=5), (0, 4), post_crawford=True).crawford


# --- resignation ----------------------------------------------------------------------------


def test_an_accepted_resignation_scores_its_result_times_the_cube():
    state = on_roll(Position.start(), cube=Cube(2, 0)).resign(GAMMON)
    assert state.phase is Phase.RESIGNED and state.to_act == 1
    over = state.accept_resignation()
    assert over.winner == 1 and over.result == GAMMON and over.points_won == 4
    assert over.score == (0, 4)


def test_a_rejected_resignation_goes_back_to_the_game_as_it_was():
    moving = GameState.new(MONEY).set_dice((3, 1))
    state = moving.resign(BACKGAMMON).reject_resignation()
    assert state == GameState(**{**_fields(moving), "last_event": state.last_event})
    assert state.phase is Phase.MOVE and state.dice == (3, 1)


def test_no_resignation_while_a_double_waits_for_an_answer():
    with pytest.raises(IllegalAction, match="answer the double first"):
        on_roll(Position.start()).double().resign(SINGLE)


def test_the_player_not_on_turn_may_offer_to_resign():
    state = on_roll(Position.start()).resign(SINGLE, player=1)
    assert state.to_act == 0
    assert state.accept_resignation().winner == 0


def test_a_resigned_gammon_counts_single_under_simple_rules():
    state = on_roll(Position.start(), Rules.simple()).resign(GAMMON).accept_resignation()
    assert state.points_won == 1


def test_resignation_needs_a_real_result_and_before_the_opening_roll_a_player():
    with pytest.raises(IllegalAction, match="name who resigns"):
        GameState.new().resign(SINGLE)
    with pytest.raises(IllegalAction, match="1 \\(single\\)"):
        on_roll(Position.start()).resign(4)


def test_a_player_may_resign_before_the_opening_roll():
    # Match files hold such games (a player gone before the first roll); gnubg scores them.
    opening = GameState.new(Rules.full(match_length=5), score=(1, 0))
    offered = opening.resign(GAMMON, player=1)
    assert offered.phase is Phase.RESIGNED and offered.to_act == 0
    assert offered.reject_resignation().phase is Phase.OPENING
    over = offered.accept_resignation()
    assert (over.phase, over.winner, over.points_won, over.score) == (Phase.GAME_OVER, 0, 2, (3, 0))
    assert over.next_game().phase is Phase.OPENING
    for state in (offered, over):
        assert read_save(json.loads(json.dumps(write_save(state)))) == state
    # The Match ID cannot say it: the ID shows the game not yet begun.
    assert read_gnubg_id(write_gnubg_id(offered)).phase is Phase.OPENING
    assert read_gnubg_id(write_gnubg_id(over)).score == (3, 0)
    with pytest.raises(IllegalAction):
        on_roll(Position.start()).accept_resignation()


# --- whole games ----------------------------------------------------------------------------


def play_out(
    state: GameState, rng: random.Random, cube_rate: float = 0.0, check=lambda state: None
) -> GameState:
    """Play random legal actions until the game ends."""
    for _ in range(2000):
        check(state)
        if state.phase in (Phase.GAME_OVER, Phase.MATCH_OVER):
            return state
        if state.phase in (Phase.OPENING, Phase.ROLL):
            if state.phase is Phase.ROLL and state.may_double() and rng.random() < cube_rate:
                state = state.double()
            else:
                state = state.roll(rng)
        elif state.phase is Phase.MOVE:
            plays = state.legal_plays()
            assert plays, "a state to move always has a play"
            state = state.play(rng.choice(plays))
        elif state.phase is Phase.DOUBLED:
            answers = [state.take, state.take, state.pass_]
            if state.may_beaver():
                answers.append(state.beaver)
            state = rng.choice(answers)()
    raise AssertionError("game did not end")


def keeps_fifteen_checkers(state: GameState) -> None:
    assert sum(state.position.player) == sum(state.position.opponent) == CHECKERS


@pytest.mark.parametrize("rules", [Rules.simple(), MONEY], ids=["simple", "full"])
def test_a_seeded_game_of_random_legal_plays_ends_with_a_scored_winner(rules):
    state = play_out(GameState.new(rules), random.Random(2024), check=keeps_fifteen_checkers)
    assert state.phase is Phase.GAME_OVER and state.winner in (0, 1)
    assert state.score[state.winner] == state.points_won >= 1
    assert state.score[1 - state.winner] == 0
    assert state.board_for(state.winner).player[0] == CHECKERS or "passes" in state.last_event
    again = play_out(GameState.new(rules), random.Random(2024))
    assert again == state


def test_a_seeded_match_to_five_with_the_cube_is_played_to_its_end():
    rng = random.Random(5)  # a seed whose match has a Crawford game and post-Crawford games
    state = GameState.new(Rules.full(match_length=5))
    games, crawford_games, post_crawford_games = 0, 0, 0
    while state.phase is not Phase.MATCH_OVER:
        state = play_out(state, rng, cube_rate=0.05)
        games += 1
        crawford_games += state.crawford
        post_crawford_games += state.post_crawford
        if state.crawford:
            assert state.cube == Cube()
        if state.phase is Phase.GAME_OVER:
            state = state.next_game()
    assert max(state.score) >= 5 and state.match_winner == (0 if state.score[0] >= 5 else 1)
    assert crawford_games == 1 and post_crawford_games >= 1 and games >= 3


# --- saving ---------------------------------------------------------------------------------


def test_every_state_of_a_game_survives_a_round_trip_through_json():
    def round_trip(state: GameState) -> None:
        data = json.loads(json.dumps(write_save(state)))
        assert read_save(data) == state

    rng = random.Random(99)
    state = play_out(GameState.new(Rules.full(beaver=True)), rng, cube_rate=0.2, check=round_trip)
    round_trip(state)
    round_trip(on_roll(Position.start()).resign(GAMMON))
    round_trip(on_roll(position({BAR: 1, 13: 14}, CLOSED_BOARD)).set_dice((6, 4)))


def test_the_saved_form_carries_a_version_and_a_position_id():
    data = write_save(GameState.new())
    assert data["version"] == 1 and data["position"] == "4HPwATDgc/ABMA"


def corrupt(**changes):
    data = write_save(GameState.new(MONEY).set_dice((3, 1)))
    data.update(changes)
    return data


@pytest.mark.parametrize(
    "data, message",
    [
        ("not a dict", "mapping"),
        (corrupt(version=0), "version"),
        ({k: v for k, v in corrupt().items() if k != "cube"}, "lacks cube"),
        (corrupt(extra=1), "unknown"),
        (corrupt(position="4HPwATDgc/ABM!"), "base64"),
        (corrupt(position=42), "Position ID"),
        (corrupt(dice=[3, 7]), "die"),
        (corrupt(dice=None), "dice"),
        (corrupt(phase="dancing"), "phase"),
        (corrupt(turn=2), "turn"),
        (corrupt(score=[-1, 0]), "score"),
        (corrupt(score="0-0"), "score"),
        (corrupt(cube={"value": 3, "owner": None}), "power of two"),
        (corrupt(rules={"cube": "yes"}), "true or false"),
        (corrupt(winner=1), "finished"),
        (corrupt(crawford=True), "Crawford"),
        (corrupt(opening_dice=[4, 4]), "tie"),
        (corrupt(phase="resigned"), "resignation"),
        (corrupt(phase="game_over"), "winner"),
        (corrupt(last_event=["x"]), "last_event"),
    ],
)
def test_a_corrupted_save_is_refused_with_a_reason(data, message):
    with pytest.raises(InvalidState, match=message):
        read_save(data)


def test_a_refused_save_is_a_value_error():
    assert issubclass(InvalidState, ValueError) and issubclass(IllegalAction, ValueError)


def test_a_finished_game_is_seen_from_its_winner_and_says_how_it_ended():
    passed = on_roll(Position.start(), turn=1).double().pass_()
    assert passed.turn == 1 and passed.ended_by == "pass"
    resigned = on_roll(Position.start(), turn=1).resign(SINGLE).accept_resignation()
    assert resigned.winner == resigned.turn == 0 and resigned.ended_by == "resignation"
    assert resigned.position == Position.start()
    borne_off = finish_by_bearing_off(on_roll(Position.start()), {6: 14})
    assert borne_off.ended_by == "play" and borne_off.position.player[0] == CHECKERS


def test_a_match_started_with_both_players_one_point_away_is_post_crawford():
    state = GameState.new(Rules.full(match_length=5), (4, 4))
    assert state.post_crawford and not state.crawford


# --- GNU Backgammon IDs ---------------------------------------------------------------------


def test_gnubg_ids_match_what_gnubg_writes_for_the_same_state():
    # Expected Match IDs were written by gnubg.matchid for the same cube, score and turn.
    rules = Rules.full(match_length=7)
    owned = on_roll(Position.start(), rules, score=(2, 3), cube=Cube(2, 1), turn=1)
    assert write_gnubg_id(owned) == "4HPwATDgc/ABMA:UQngACAAGAAE"
    assert write_gnubg_id(owned.double()).endswith(":URHgACAAGAAE")
    assert write_gnubg_id(owned.set_dice((3, 5)).resign(GAMMON)).endswith(":UcHuACAAGAAE")
    crawford = to_move(Position.start(), (4, 1), rules, score=(6, 3), crawford=True)
    assert write_gnubg_id(crawford).endswith(":sAHmAGAAGAAE")


def test_the_starting_money_game_has_gnubgs_ids():
    state = GameState.new(Rules.full(jacoby=True)).set_dice((6, 1))
    position_id, _match_id = write_gnubg_id(state).split(":")
    assert position_id == "4HPwATDgc/ABMA"
    assert read_gnubg_id(write_gnubg_id(state)).rules == Rules.full(jacoby=True)


def _comparable(state: GameState) -> dict:
    fields = _fields(state)
    for dropped in ("last_event", "opening_dice", "blocked_dice"):
        fields.pop(dropped)
    fields["dice"] = tuple(sorted(state.dice)) if state.dice else None
    if state.phase is Phase.MATCH_OVER:  # written with the winner's score capped at the length
        length = state.rules.match_length
        fields["score"] = tuple(min(points, length) for points in state.score)
        fields["points_won"] = min(state.points_won, fields["score"][state.winner])
    return fields


def test_every_state_of_a_match_survives_a_round_trip_through_gnubg_ids():
    def round_trip(state: GameState) -> None:
        back = read_gnubg_id(write_gnubg_id(state), state.rules)
        assert _comparable(back) == _comparable(state)

    rng = random.Random(5)
    state = GameState.new(Rules.full(match_length=5))
    while state.phase is not Phase.MATCH_OVER:
        state = play_out(state, rng, cube_rate=0.05, check=round_trip)
        round_trip(state)
        if state.phase is Phase.GAME_OVER:
            state = state.next_game()
    money = on_roll(Position.start(), Rules.full(beaver=True), score=(3, 7))
    for resigned in (
        money.resign(GAMMON),
        money.resign(SINGLE, player=1),
        money.set_dice((4, 2)).resign(BACKGAMMON),
    ):
        round_trip(resigned)
        round_trip(resigned.accept_resignation())
    round_trip(money.double().pass_())


def test_a_bad_gnubg_id_is_refused_with_a_reason():
    with pytest.raises(InvalidState, match="POSITION_ID:MATCH_ID"):
        read_gnubg_id("4HPwATDgc/ABMA")
    with pytest.raises(InvalidState, match="base64"):
        read_gnubg_id("4HPwATDgc/ABMA:MIHq!AAAAAAE")
    with pytest.raises(InvalidState, match="match length 7"):
        read_gnubg_id("4HPwATDgc/ABMA:MIHqAAAAAAAE", Rules.full())


def test_a_saved_roll_without_a_legal_play_is_refused():
    stuck = position({BAR: 1, 13: 14}, CLOSED_BOARD)
    data = write_save(to_move(position({BAR: 1, 13: 14}, {6: 15}), (6, 4)))
    data["position"] = write_save(GameState(position=stuck))["position"]
    with pytest.raises(InvalidState, match="no legal play"):
        read_save(data)


def test_a_gnubg_id_with_a_roll_that_cannot_be_played_passes_the_turn():
    stuck = to_move(position({BAR: 1, 13: 14}, {6: 15}), (6, 4), turn=1)
    text = write_gnubg_id(stuck).split(":")[1]
    from game.formats import format_position_id

    state = read_gnubg_id(format_position_id(position({BAR: 1, 13: 14}, CLOSED_BOARD)) + ":" + text)
    assert state.phase is Phase.ROLL and state.turn == 0 and state.blocked_dice == (6, 4)
