"""Position ID, Match ID, XGID and play notation: known values, refusals, round trips."""

from __future__ import annotations

import base64

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine.plays import Move, legal_plays
from game.engine.position import BAR, OFF, Position
from game.formats import (
    GameStatus,
    InvalidMatchId,
    InvalidPlay,
    InvalidPositionId,
    InvalidXgid,
    MatchId,
    Resignation,
    Xgid,
    format_gnubg_id,
    format_match_id,
    format_play,
    format_position_id,
    format_xgid,
    parse_gnubg_id,
    parse_match_id,
    parse_play,
    parse_position_id,
    parse_xgid,
    position_diagram,
    xgid_from_match,
)
from game.formats.xgid import BOTTOM, TOP
from tests.strategies import positions

START = Position.start()
START_XGID = "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:3:0:10"


# --- strategies ----------------------------------------------------------------

any_position = st.one_of(
    positions(finished=True), positions(0, 6, finished=True), positions(1, 24, finished=True)
)
rolled = st.tuples(st.integers(1, 6), st.integers(1, 6))


@st.composite
def match_ids(draw, in_play: bool = False) -> MatchId:
    """Possible match states, every field varied (``in_play``: a game in play, no resignation)."""
    length = draw(st.sampled_from([0, 0, 1, 3, 5, 7, 11, 25, 64]))
    state = GameStatus.PLAYING if in_play else draw(st.sampled_from(list(GameStatus)))
    under_way = state in (GameStatus.NONE, GameStatus.PLAYING)
    score = (0, 0)
    if length:
        top = length - 1 if under_way else length
        score = (draw(st.integers(0, top)), draw(st.integers(0, min(top, length - 1))))
    crawford = bool(length) and score.count(length - 1) == 1 and draw(st.booleans())
    cube = 1 if crawford else draw(st.sampled_from([1, 2, 4, 8, 16, 32, 64]))
    owner = None if cube == 1 else draw(st.sampled_from([None, 0, 1]))
    on_roll = draw(st.integers(0, 1))
    can_double = state == GameStatus.PLAYING and not crawford and cube < 64
    doubled = can_double and owner in (None, on_roll) and draw(st.booleans())
    resignation = 0
    if not doubled and not in_play and state in (GameStatus.PLAYING, GameStatus.RESIGNED):
        resignation = draw(st.integers(0, 3))
    if doubled:
        turn = 1 - on_roll
    elif resignation or state != GameStatus.PLAYING:
        turn = draw(st.integers(0, 1))
    else:
        turn = on_roll
    dice = (0, 0) if doubled or draw(st.booleans()) else draw(rolled)
    return MatchId(
        cube=cube,
        cube_owner=owner,
        player_on_roll=on_roll,
        crawford=crawford,
        game_state=state,
        turn=turn,
        double_offered=doubled,
        resignation=resignation,
        dice=dice,
        match_length=length,
        score=score,
        jacoby=draw(st.booleans()),
    )


def raw_position_id(player, opponent) -> str:
    """A Position ID of any counts at all, valid or not (bypasses validation)."""
    return format_position_id(Position.trusted(tuple(player), tuple(opponent)))


def raw_match_key(**fields) -> str:
    """A Match ID with the given raw bit fields (by bit offset and width)."""
    layout = {
        "cube": (0, 4),
        "owner": (4, 2),
        "roll": (6, 1),
        "crawford": (7, 1),
        "state": (8, 3),
        "turn": (11, 1),
        "doubled": (12, 1),
        "resigned": (13, 2),
        "die1": (15, 3),
        "die2": (18, 3),
        "length": (21, 15),
        "score0": (36, 15),
        "score1": (51, 15),
        "spare": (67, 5),
    }
    values = {"owner": 3, "roll": 1, "state": 1, "turn": 1} | fields
    key = 0
    for name, value in values.items():
        shift, _width = layout[name]
        key |= value << shift
    return base64.b64encode(key.to_bytes(9, "little")).decode()


# --- Position ID ---------------------------------------------------------------


def test_starting_position_id_is_4HPwATDgc_ABMA():
    assert format_position_id(START) == "4HPwATDgc/ABMA"
    assert parse_position_id("4HPwATDgc/ABMA") == START


@given(any_position)
def test_position_id_round_trips(position):
    assert parse_position_id(format_position_id(position)) == position


def test_position_id_with_16_checkers_is_refused():
    player = list(START.player)
    player[6] += 1
    with pytest.raises(InvalidPositionId, match="more than 15 checkers"):
        parse_position_id(raw_position_id(player, START.opponent))


def test_position_id_with_both_sides_on_one_point_is_refused():
    player, opponent = [0] * 26, [0] * 26
    player[OFF], player[6] = 14, 1
    opponent[OFF], opponent[19] = 14, 1  # their 19 is our 6
    with pytest.raises(InvalidPositionId, match="both sides have checkers on point 6"):
        parse_position_id(raw_position_id(player, opponent))


@pytest.mark.parametrize(
    "text, message",
    [
        ("4HPwATDgc/ABM", "14 characters, got 13"),
        ("4HPwATDgc/ABMAA", "14 characters, got 15"),
        ("4HPwATDgc/AB!A", "not base64"),
        ("4HPwATDgc/AB=A", "not base64"),
    ],
)
def test_malformed_position_ids_say_what_is_wrong(text, message):
    with pytest.raises(InvalidPositionId, match=message):
        parse_position_id(text)


# --- Match ID ------------------------------------------------------------------


def test_money_game_match_id_is_centred_cube_player_1_on_roll_with_jacoby():
    match = parse_match_id("cAkAAAAAAAAA")
    assert match == MatchId()
    assert (match.cube, match.cube_owner, match.player_on_roll, match.turn) == (1, None, 1, 1)
    assert match.game_state == GameStatus.PLAYING and match.is_money_game and match.jacoby
    assert format_match_id(MatchId()) == "cAkAAAAAAAAA"


def test_jacoby_off_is_the_bit_after_the_scores():
    assert parse_match_id("cAkAAAAAAAAE") == MatchId(jacoby=False)
    assert format_match_id(MatchId(jacoby=False)) == "cAkAAAAAAAAE"


def test_match_play_defaults_to_jacoby_off_as_gnubg_writes_it():
    match = MatchId(match_length=7, score=(2, 4), player_on_roll=0, dice=(5, 2))
    assert not match.jacoby
    assert format_match_id(match) == "MIHqACAAIAAE"  # gnubg.matchid of the same state


def test_dice_are_kept_larger_first_as_gnubg_writes_them():
    assert MatchId(dice=(2, 5)).dice == (5, 2)
    assert format_match_id(MatchId(dice=(2, 5))) == format_match_id(MatchId(dice=(5, 2)))


def test_scores_are_read_for_the_player_on_roll():
    match = MatchId(match_length=7, score=(2, 4), player_on_roll=0)
    assert match.scores_for_roll() == (2, 4)
    assert MatchId(match_length=7, score=(2, 4)).scores_for_roll() == (4, 2)


@given(match_ids())
def test_match_id_round_trips(match):
    text = format_match_id(match)
    assert len(text) == 12
    assert parse_match_id(text) == match


@pytest.mark.parametrize(
    "text, message",
    [
        ("cAkAAAAAAAA", "12 characters, got 11"),
        ("cAkAAAAAAAAAA", "12 characters, got 13"),
        ("cAkAAAAAAA==", "not base64"),
        ("cAkAAAA-AAAA", "not base64"),
        (raw_match_key(die1=7, die2=3), "a die shows 1 to 6, got 7"),
        (raw_match_key(die1=3, die2=0), "0-0 or both rolled"),
        (raw_match_key(cube=7, owner=0), "cube 128 is above 64"),
        (raw_match_key(owner=2), "cube owner bits 10"),
        (raw_match_key(owner=0), "cannot show 1"),
        (raw_match_key(state=5), "game state 5"),
        (raw_match_key(spare=1), "unused bits"),
        (raw_match_key(length=65), "match length is 0 .money. to 64, got 65"),
        (raw_match_key(length=5, score0=5), "player 0 has 5 points in a 5-point match"),
        (raw_match_key(length=5, score0=5, score1=5, state=2), "both players cannot have won"),
        (raw_match_key(crawford=1), "no Crawford game in money play"),
        (raw_match_key(crawford=1, length=5, score0=2), "exactly one player is 1 point"),
        (raw_match_key(crawford=1, length=1), "exactly one player is 1 point"),
        (raw_match_key(doubled=1, turn=0, die1=3, die2=1), "before rolling"),
        (raw_match_key(doubled=1), "opponent's turn"),
        (raw_match_key(doubled=1, turn=0, cube=1, owner=0), "opponent owns the cube"),
        (raw_match_key(turn=0), "the turn belongs to the player on roll"),
        (raw_match_key(state=2, resigned=1), "resignation is offered only while"),
    ],
)
def test_malformed_match_ids_say_what_is_wrong(text, message):
    with pytest.raises(InvalidMatchId, match=message):
        parse_match_id(text)


def test_impossible_match_states_are_refused_on_construction():
    with pytest.raises(InvalidMatchId, match="power of 2"):
        MatchId(cube=3)
    with pytest.raises(InvalidMatchId, match="1 to 6 each, got 7-1"):
        MatchId(dice=(7, 1))
    with pytest.raises(InvalidMatchId, match="player 0 or 1"):
        MatchId(player_on_roll=2)
    with pytest.raises(InvalidMatchId, match="beyond 64"):
        MatchId(cube=64, cube_owner=1, double_offered=True, turn=0)


def test_gnubg_id_joins_position_and_match_ids():
    assert format_gnubg_id(START, MatchId()) == "4HPwATDgc/ABMA:cAkAAAAAAAAA"
    assert parse_gnubg_id("4HPwATDgc/ABMA:cAkAAAAAAAAA") == (START, MatchId())
    assert parse_gnubg_id("GNUBGID 4HPwATDgc/ABMA:cAkAAAAAAAAA") == (START, MatchId())


@pytest.mark.parametrize(
    "text, error",
    [
        ("4HPwATDgc/ABMA", InvalidMatchId),
        ("4HPwATDgc/ABMA:cAkAAAAAAAAA:x", InvalidMatchId),
        ("4HPwATDgc/ABM:cAkAAAAAAAAA", InvalidPositionId),
        ("4HPwATDgc/ABMA:cAkAAAAAAAA", InvalidMatchId),
    ],
)
def test_malformed_gnubg_ids_are_refused(text, error):
    with pytest.raises(error):
        parse_gnubg_id(text)


@given(any_position, match_ids())
def test_gnubg_id_round_trips(position, match):
    assert parse_gnubg_id(format_gnubg_id(position, match)) == (position, match)


# --- XGID ----------------------------------------------------------------------


def test_xgid_of_the_opening_5_2_in_money_play():
    xgid = parse_xgid(START_XGID)
    assert xgid.position() == START
    assert xgid.turn == BOTTOM and xgid.dice == (5, 2) and xgid.cube == 1
    assert xgid.is_money_game and xgid.jacoby and xgid.beaver and xgid.max_cube == 1024
    match = xgid.match_id()
    assert match.player_on_roll == 1 and match.dice == (5, 2) and match.jacoby
    assert format_xgid(xgid) == START_XGID


def test_xgid_with_top_player_on_roll_puts_top_in_position_player():
    # 3-point match, 2-cube owned by the bottom player, top player to play 6-3.
    xgid = parse_xgid("XGID=-a-B--E-B-a-dDB--b-bcb----:1:1:-1:63:0:0:0:3:8")
    assert xgid.turn == TOP and xgid.match_length == 3 and xgid.cube == 2
    position = xgid.position()
    assert position.player == xgid.top and position.opponent == xgid.bottom
    assert position.player[24] == 1  # 'a' on character 1: the top player's 24-point
    assert position.opponent[3] == 2 and position.opponent[6] == 5
    match = xgid.match_id()
    assert (match.player_on_roll, match.cube_owner, match.cube) == (0, 1, 2)
    assert match.cube_owner != match.player_on_roll  # the opponent owns the cube


def test_xgid_checkers_on_the_bars():
    xgid = parse_xgid("XGID=aa----E-C---eD---c-e----AB:0:0:1:00:0:0:0:0:10")
    assert xgid.top[BAR] == 1 and xgid.top[24] == 1 and xgid.bottom[BAR] == 2
    assert xgid.position().on_bar() == (2, 1)


def test_xgid_double_offered_is_the_opponents_turn_in_the_match_id():
    xgid = parse_xgid("XGID=-b----E-C---eE---c-e----B-:0:0:1:D:0:0:0:7:10")
    match = xgid.match_id()
    assert match.double_offered and match.player_on_roll == 1 and match.turn == 0


def test_xgid_beaver_has_no_match_id():
    xgid = parse_xgid("XGID=-b----E-C---eE---c-e----B-:1:-1:1:B:0:0:3:0:10")
    assert xgid.cube_action == "B"
    assert format_xgid(xgid).endswith(":B:0:0:3:0:10")
    with pytest.raises(InvalidXgid, match="beaver"):
        xgid.match_id()


def test_xgid_without_its_label_or_last_field_is_read():
    assert parse_xgid(START_XGID[5:]) == parse_xgid(START_XGID)
    assert parse_xgid(START_XGID.rsplit(":", 1)[0]).max_cube == 1024


def test_xgid_scores_crawford_and_match_length():
    xgid = parse_xgid("XGID=-b----E-C---eE---c-e----B-:0:0:-1:00:6:4:1:7:10")
    assert (xgid.score_bottom, xgid.score_top, xgid.crawford) == (6, 4, True)
    match = xgid.match_id()
    assert match.score == (4, 6) and match.crawford and match.player_on_roll == 0


@pytest.mark.parametrize(
    "text, message",
    [
        ("XGID=-b----E-C---eE---c-e----B:0:0:1:52:0:0:3:0:10", "26 characters, got 25"),
        ("XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:3", "10 fields"),
        ("XGID=-b----F-C---eE---c-e----B-:0:0:1:52:0:0:3:0:10", "16 checkers, more than 15"),
        ("XGID=-b----E-C---eE---c-e----B-:0:0:1:72:0:0:3:0:10", "1 to 6 each, got 72"),
        ("XGID=-b----E-C---eE---c-e----B-:0:0:1:5:0:0:3:0:10", "two digits"),
        ("XGID=-b----E-C---eE---c-e----B-:7:0:1:52:0:0:3:0:10", "0 to 6, got 7"),
        ("XGID=-b----E-C---eE---c-e----B-:0:1:1:52:0:0:3:0:10", "cannot show 1"),
        ("XGID=-b----E-C---eE---c-e----B-:0:0:2:52:0:0:3:0:10", "turn is 1 .bottom. or -1"),
        ("XGID=-b----E-C---eE---c-e----B-:0:0:1:52:7:0:0:7:10", "already won"),
        ("XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:2:7:10", "Crawford field is 0 or 1"),
        ("XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:4:0:10", "Jacoby/beaver field is 0 to 3"),
        ("XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:1:7:10", "exactly one player"),
        ("XGID=-b----E-C---eE---c-e----B-:x:0:1:52:0:0:3:0:10", "must be a number"),
        ("XGID=Ab----E-C---eE---c-e----B-:0:0:1:52:0:0:3:0:10", "top player's bar"),
        ("XGID=-b----E-C---eE---c-e----Ba:0:0:1:52:0:0:3:0:10", "bottom player's bar"),
        ("XGID=-b----E-C---eE---c-e----B?:0:0:1:52:0:0:3:0:10", "'-', A-O or a-o"),
    ],
)
def test_malformed_xgids_say_what_is_wrong(text, message):
    with pytest.raises(InvalidXgid, match=message):
        parse_xgid(text)


@given(any_position, match_ids(in_play=True), st.booleans(), st.integers(0, 15))
def test_xgid_round_trips_and_keeps_the_match_state(position, match, beaver, max_log):
    xgid = xgid_from_match(position, match, beaver=beaver, max_cube=1 << max_log)
    text = format_xgid(xgid)
    assert parse_xgid(text) == xgid
    assert format_xgid(parse_xgid(text)) == text
    assert xgid.position() == position
    expected = (
        match
        if match.is_money_game
        else MatchId(
            **{**{f: getattr(match, f) for f in MatchId.__dataclass_fields__}, "jacoby": False}
        )
    )
    assert xgid.match_id() == expected


def test_finished_or_resigned_games_have_no_xgid():
    with pytest.raises(InvalidXgid, match="game in play"):
        xgid_from_match(START, MatchId(game_state=GameStatus.OVER, turn=0))
    with pytest.raises(InvalidXgid, match="resignation"):
        xgid_from_match(START, MatchId(resignation=Resignation.GAMMON, turn=0))


def test_xgid_dataclass_refuses_an_impossible_position():
    with pytest.raises(InvalidXgid, match="both sides have checkers on point 6"):
        bottom = (14,) + (0,) * 5 + (1,) + (0,) * 19
        top = (14,) + (0,) * 18 + (1,) + (0,) * 6
        Xgid(bottom=bottom, top=top)


# --- play notation ---------------------------------------------------------------


@pytest.mark.parametrize(
    "moves, text",
    [
        ((Move(24, 18), Move(13, 11)), "24/18 13/11"),
        ((Move(13, 11), Move(24, 18)), "24/18 13/11"),
        ((Move(BAR, 22, True),), "bar/22*"),
        ((Move(8, 5), Move(8, 5), Move(6, 5), Move(6, 5)), "8/5(2) 6/5(2)"),
        ((Move(6, OFF), Move(6, OFF)), "6/off(2)"),
        ((Move(6, OFF), Move(1, OFF)), "6/off 1/off"),
        ((Move(13, 7, True), Move(7, 5)), "13/7*/5"),
        ((Move(24, 18), Move(18, 13)), "24/13"),
        ((Move(24, 20), Move(24, 20), Move(13, 9), Move(13, 9)), "24/20(2) 13/9(2)"),
        ((Move(8, 7), Move(13, 7, True)), "13/7* 8/7"),
        ((Move(13, 7), Move(13, 11)), "13/11 13/7"),
        ((Move(BAR, 20), Move(20, 16, True), Move(16, 12), Move(12, 8)), "bar/16*/8"),
        ((), ""),
    ],
)
def test_plays_are_written_as_gnubg_writes_them(moves, text):
    assert format_play(moves) == text


def test_a_play_prints_in_notation():
    play = next(p for p in legal_plays(START, (6, 5)) if p.position.player[24] == 1)
    assert format_play(play.moves) == "24/13"


def _position(player, opponent):
    return Position.from_points(player, opponent)


@pytest.mark.parametrize(
    "text", ["bar/22* 13/7", "bar/22 13/7", "25/22 13/7", "Bar/22* 13/7", "b/22, 13/7"]
)
def test_entering_from_the_bar_is_read_in_any_usual_form(text):
    position = _position({BAR: 1, 13: 14}, {3: 1, 6: 14})  # a blot on our 22-point
    play = parse_play(text, position, (3, 6))
    assert play.position.player[22] == 1 and play.position.player[7] == 1
    assert play.position.opponent[BAR] == 1


@pytest.mark.parametrize(
    "text", ["6/off 5/off", "6/0 5/0", "6/off, 5/off", "5/o 6/o", "6/OFF 5/OFF"]
)
def test_bearing_off_is_read_in_any_usual_form(text):
    position = _position({6: 2, 5: 2}, {24: 15})
    play = parse_play(text, position, (6, 5))
    assert play.position.player[OFF] == 13


def test_a_count_repeats_the_move():
    play = parse_play("8/5(2) 6/3(2)", START, (3, 3))
    assert play.position.player[5] == 2 and play.position.player[3] == 2
    assert play.position.player[8] == 1 and play.position.player[6] == 3


def test_one_checker_moving_twice_may_name_its_stop_or_not():
    for text in ("24/13", "24/18/13", "24/18 18/13", "24/19/13", "24/18*/13"):
        assert parse_play(text, START, (6, 5)).position.player[24] == 1


def test_a_hit_on_the_way_may_be_left_out():
    # Only 13/7*/5 gets from 13 to 5 with 6-2 (the 11-point is blocked); 7 holds a blot.
    position = _position({13: 2, 6: 13}, {18: 1, 14: 2, 1: 12})
    play = parse_play("13/5", position, (6, 2))
    assert format_play(play.moves) == "13/7*/5" and play.position.opponent[BAR] == 1


def test_an_illegal_play_is_refused_with_the_legal_ones_named():
    with pytest.raises(InvalidPlay, match=r"'24/20' is not a legal play of 6-2 .*legal: "):
        parse_play("24/20", START, (6, 2))


def test_a_play_using_less_than_the_roll_says_so():
    with pytest.raises(InvalidPlay, match="as much of the roll"):
        parse_play("24/18", START, (6, 2))


def test_an_ambiguous_play_is_refused_with_both_meanings():
    # 13/5 with 6-2 passes a blot on 11 or a blot on 7: two different plays.
    position = _position({13: 1, 6: 14}, {14: 1, 18: 1, 1: 13})
    with pytest.raises(InvalidPlay, match=r"ambiguous with 6-2: 13/11\*/5 or 13/7\*/5"):
        parse_play("13/5", position, (6, 2))
    assert format_play(parse_play("13/7*/5", position, (6, 2)).moves) == "13/7*/5"


@pytest.mark.parametrize(
    "text, message",
    [
        ("24-18", "cannot read '-18'"),
        ("24/18 13/", "ends with '/'"),
        ("/18", "'/' must stand between two points"),
        ("24//18", "'/' must stand between two points"),
        ("13/7(5)", "1 to 4 times"),
        ("13/7(2", "cannot read"),
        ("(2)", "must follow a move"),
        ("26/20", "no point 26"),
        ("off/20", "from off the board"),
        ("20/bar", "to the bar"),
        ("7/13", "moves backwards"),
        ("24", "origin and a destination"),
        ("", "no moves"),
    ],
)
def test_unreadable_play_text_says_what_is_wrong(text, message):
    with pytest.raises(InvalidPlay, match=message):
        parse_play(text, START, (6, 1))


def test_a_roll_with_no_legal_play_is_announced():
    closed = _position({BAR: 1, 13: 14}, {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 5})
    with pytest.raises(InvalidPlay, match="no legal play of 6-6 here: the turn passes"):
        parse_play("bar/19", closed, (6, 6))


def test_play_text_needs_real_dice():
    with pytest.raises(ValueError, match="1 to 6"):
        parse_play("24/17", START, (7, 1))


@settings(max_examples=150, deadline=None)
@given(any_position, rolled)
def test_every_legal_play_reads_back_from_its_own_text(position, dice):
    plays = legal_plays(position, dice)
    for play in plays[:: max(1, len(plays) // 12)]:  # a spread sample keeps this fast
        assert parse_play(format_play(play.moves), position, dice).position == play.position


# --- diagram ---------------------------------------------------------------------


def test_the_diagram_shows_both_sides_pips_and_point_numbers():
    text = position_diagram(START)
    assert "O: pips 167, bar 0, off 0" in text and "X: pips 167, bar 0, off 0 (on roll)" in text
    assert " 13 14 15 16 17 18 | 19 20 21 22 23 24" in text
    assert text.count("X") - 1 == 15 and text.count("O") - 1 == 15


def test_the_diagram_counts_tall_stacks():
    text = position_diagram(_position({6: 9, 5: 6}, {6: 15}))
    assert "  9" in text and "  6" in text and " 15" in text
    assert "X: pips 84, bar 0, off 0" in text


def test_a_drawn_state_holds_what_the_id_holds_where_the_rules_refuse_it():
    from game.engine.match import Rules
    from game.engine.state import InvalidState
    from game.formats.gnubg_id import read_gnubg_id, write_gnubg_id

    offered = "17aJAAS7AwAAAw:UxFgAAAAEAAE"  # a redouble to 16 offered at 0-2 of a 3-point match
    with pytest.raises(InvalidState):
        read_gnubg_id(offered, Rules.full(3))
    shown = read_gnubg_id(offered, Rules.full(3), drawn=True)
    assert write_gnubg_id(shown) == offered and shown.cube.value == 8
    with pytest.raises(InvalidState):
        read_gnubg_id("4HPwATDgc/ABMA:not an id", drawn=True)  # unreadable stays refused
