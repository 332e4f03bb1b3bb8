"""The page's session in CPython: taps, undo, confirm, the computer, whole games by taps alone."""

from __future__ import annotations

import random

from game.bot import choose_play
from game.engine.position import BAR, OFF, Position
from game.engine.state import Phase
from game.web.board.view import board_view
from game.web.board.words import pips_text, status_text
from game.web.link_play.words import link_status
from game.web.state.session import COMPUTER, FRIEND, LINK, Session, Settings, to_viewer


def friend(rotate: bool = True, auto_confirm: bool = False) -> Session:
    return Session.new(Settings(opponent=FRIEND, rotate=rotate, auto_confirm=auto_confirm))


def opened(session: Session, dice: tuple[int, int]) -> Session:
    return session.set_dice(dice)


def test_opening_roll_gives_the_higher_die_the_first_turn_with_both_numbers():
    session = opened(friend(), (3, 1))  # player 0 threw 3, player 1 threw 1
    assert session.game.turn == 0 and session.game.dice == (3, 1)
    assert session.turn is not None
    view = board_view(session)
    assert view.opening == (3, 1) and view.dice == ()


def test_tapping_a_checker_lights_only_its_legal_landing_points():
    session = opened(friend(), (3, 1))
    session = session.tap(8)
    assert session.selected == 8
    assert board_view(session).lit == {5, 7, 4}  # 8/5, 8/7, 8/4 (8/7/4 or 8/5/4)
    session = session.tap(24)
    assert board_view(session).lit == {21, 23, 20}


def test_a_tap_beside_the_one_point_it_can_mean_goes_there():
    """On a phone a point is 24 CSS px wide: a tap that lands beside a lone target hits it."""
    session = opened(friend(), (3, 1))
    assert session.tap(14).selected == 13  # nothing picked: the checker beside the tap
    assert session.tap(7).selected == 8  # not 6: the bar lies between
    assert session.tap(12).selected is None  # nothing that can move beside it
    picked = session.tap(24)
    assert board_view(picked).lit == {21, 23, 20}
    moved = picked.tap(19)  # beside 20 alone (18 is across the bar)
    assert moved.turn is not None and moved.turn.position != session.turn.position
    assert moved.tap(0).turn == moved.turn  # nothing lit beside the tray
    assert picked.tap(22).turn == picked.turn  # between 21 and 23: no guess
    assert picked.tap(22).selected is None
    assert picked.tap(13).selected == 13  # a checker that can move is never read as its neighbour


def test_a_point_the_rules_forbid_does_not_light():
    # 6-5 from the start: the 6-point checker may not land on pink's anchor on the 1-point,
    # and nothing bears off while checkers are outside the home board.
    session = opened(friend(), (6, 5))
    session = session.tap(6)
    assert 1 not in board_view(session).lit  # blocked by two pink checkers
    assert 0 not in board_view(session).lit  # no bearing off with checkers outside home


def test_tap_on_a_lit_point_moves_and_undo_takes_it_back():
    session = opened(friend(), (3, 1)).tap(8).tap(5)
    assert session.turn.position.player[5] == 1 and session.may_undo
    assert not session.may_confirm
    session = session.tap(6).tap(5)
    assert session.may_confirm
    assert status_text(session) == "Confirm the play, or undo a move."
    session = session.undo()
    assert session.turn.position.player[6] == 5 and not session.may_confirm


def test_confirm_ends_the_turn_and_the_board_turns_to_the_friend():
    session = opened(friend(), (3, 1)).tap(8).tap(5).tap(6).tap(5).confirm()
    assert session.game.phase is Phase.ROLL and session.game.turn == 1
    assert session.bottom_player == 1
    view = board_view(session)
    assert view.bottom_colour == "pink" and view.bottom[6] == 5


def test_fixed_board_keeps_cyan_at_the_bottom_and_maps_taps_for_pink():
    session = opened(friend(rotate=False), (1, 3))  # pink starts with 3-1
    assert session.bottom_player == 0 and not session.mover_at_bottom
    # Pink's 8-point is the viewer's 17; pink's 5-point the viewer's 20.
    session = session.tap(17)
    assert session.selected == 8
    assert 20 in board_view(session).lit
    session = session.tap(20)
    assert session.turn.position.player[5] == 1


def test_auto_confirm_finishes_the_turn_when_no_choice_is_left():
    session = opened(friend(auto_confirm=True), (3, 1)).tap(8).tap(5).tap(6).tap(5)
    assert session.game.turn == 1 and session.game.phase is Phase.ROLL


def test_a_checker_on_the_bar_is_picked_up_by_itself():
    position = Position.from_points({BAR: 1, 6: 14}, {6: 15})
    session = Session.new(Settings(opponent=FRIEND))
    game = session.game
    from dataclasses import replace

    game = replace(game, position=position, phase=Phase.ROLL, turn=0, last_event="")
    session = Session(game, session.settings).after(game).set_dice((4, 2))
    assert session.selected == BAR
    assert board_view(session).lit == {21, 23}


def test_bearing_off_lights_the_tray():
    from dataclasses import replace

    position = Position.from_points({1: 2, 2: 2}, {6: 15})
    session = Session.new(Settings(opponent=FRIEND))
    game = replace(session.game, position=position, phase=Phase.ROLL, turn=0, last_event="")
    session = Session(game, session.settings).after(game).set_dice((6, 5))
    session = session.tap(2)
    assert OFF in board_view(session).lit
    session = session.tap(OFF)
    assert session.turn.position.player[OFF] == 12


def play_by_taps(session: Session, rng: random.Random) -> Session:
    """Make one whole turn for the person on turn, tapping as a player would."""
    while not session.may_confirm:
        origin = sorted(session.turn.origins())[0]
        at_bottom = session.mover_at_bottom
        session = session.tap(to_viewer(origin, at_bottom))
        assert session.selected == origin
        destination = sorted(session.turn.destinations(origin))[0]
        session = session.tap(to_viewer(destination, at_bottom))
    return session.confirm()


def test_a_whole_friend_game_is_played_to_the_end_by_taps():
    rng = random.Random(11)
    session = friend().roll(rng)
    turns = 0
    while session.game.phase not in (Phase.GAME_OVER, Phase.MATCH_OVER):
        if session.game.phase is Phase.ROLL:
            session = session.roll(rng)
            continue
        session = play_by_taps(session, rng)
        turns += 1
        assert turns < 400
    assert session.game.score in ((1, 0), (0, 1))
    assert "wins the game" in status_text(session)
    session = session.next_game()
    assert session.game.phase is Phase.OPENING and session.game.score in ((1, 0), (0, 1))


def test_a_whole_game_against_the_computer_ends():
    rng = random.Random(5)
    session = Session.new(Settings(opponent=COMPUTER, level="beginner")).roll(rng)
    while session.game.phase not in (Phase.GAME_OVER, Phase.MATCH_OVER):
        game = session.game
        if session.computer_to_act:
            assert session.turn is None  # the person never moves the computer's checkers
            if game.phase is Phase.ROLL:
                session = session.roll(rng)
            else:
                session = session.play(choose_play(game.position, game.dice, "beginner", rng))
        elif game.phase is Phase.ROLL:
            session = session.roll(rng)
        else:
            session = play_by_taps(session, rng)
    assert sum(session.game.score) == 1


def test_settings_refuse_an_unknown_opponent():
    import pytest

    from game.web.state.session import SettingsError

    with pytest.raises(SettingsError, match="opponent"):
        Settings(opponent="cat")


def closed_out(opponent: str) -> Session:
    """Cyan on the bar against a closed board, about to roll."""
    from dataclasses import replace

    position = Position.from_points({BAR: 1, 6: 14}, {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 5})
    session = Session.new(Settings(opponent=opponent))
    game = replace(session.game, position=position, phase=Phase.ROLL, turn=0, last_event="")
    return Session(game, session.settings).after(game)


def test_a_roll_that_cannot_be_played_is_announced_and_passes():
    session = closed_out(FRIEND).set_dice((3, 5))
    assert session.game.turn == 1 and session.game.phase is Phase.ROLL and session.turn is None
    assert status_text(session) == "Cyan rolled 5-3 and cannot move. Pink to roll."


def test_by_link_a_blocked_roll_is_shown_to_whoever_rolled_it_and_read_by_the_friend():
    from dataclasses import replace
    from types import SimpleNamespace

    mine = closed_out(LINK).set_dice((3, 5))  # this device plays Cyan (side 0)
    waiting = SimpleNamespace(
        record=SimpleNamespace(state=mine.game),
        my_turn=False,
        over=False,
        seq=4,
        me=0,
        ready_sent=False,
    )
    assert link_status(waiting, mine).startswith("You rolled 5-3 and cannot move. Waiting")
    view = board_view(mine)  # the dice stay on the roller's side, faded
    assert sorted(view.dice) == [3, 5] and all(view.used) and view.dice_bottom is True
    theirs = replace(mine, link_side=1)
    assert status_text(theirs).startswith("Your friend rolled 5-3 and cannot move.")
    assert board_view(theirs).dice_bottom is False


def test_against_the_computer_the_blocked_roll_is_yours():
    session = closed_out(COMPUTER).set_dice((3, 5))
    assert session.computer_to_act
    assert status_text(session).startswith("You rolled 5-3 and cannot move.")


def test_by_links_the_person_acts_only_on_their_own_side():
    from game.web.state.session import LINK

    for side in (0, 1):
        session = Session(
            Session.new(Settings(opponent=LINK)).game, Settings(opponent=LINK), link_side=side
        )
        assert session.bottom_player == side
        assert session.may_roll == (side == 0)  # player 0 makes the opening roll
        opened = session.set_dice((3, 1))  # player 0 starts
        assert opened.person_to_act == (side == 0)
        assert not opened.computer_to_act
        assert opened.resigner == (0 if side == 0 else None)
        assert opened.bottom_player == side


def test_the_pip_counts_follow_each_move_before_confirm():
    session = Session.new(Settings(opponent=FRIEND)).roll(random.Random(3))
    assert [word for word in pips_text(session).split() if word.isdigit()] == ["167", "167"]
    turn = session.turn
    assert turn is not None
    origin = sorted(turn.origins())[0]
    picked = session.tap(to_viewer(origin, session.mover_at_bottom))
    destination = sorted(turn.destinations(origin))[0]
    moved = picked.tap(to_viewer(destination, session.mover_at_bottom))
    assert moved.turn is not None and moved.turn.actions
    mover = moved.game.turn
    counts = [int(word) for word in pips_text(moved).split() if word.isdigit()]
    bottom_first = counts if mover == moved.bottom_player else counts[::-1]
    assert bottom_first[0] == 167 - (origin - destination), pips_text(moved)
