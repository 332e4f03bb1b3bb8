"""The end of a game or a match as the page tells it (``view.ending``), and the last play
in notation and on the board (``view.last_play_text``, the trail in ``render``)."""

from __future__ import annotations

import random

from game.engine.match import Cube, Rules
from game.engine.plays import legal_plays
from game.engine.position import Position
from game.engine.state import GameState, Phase
from game.web.board.render import board_svg
from game.web.board.view import board_view
from game.web.board.words import ending, final_score, last_play_text, score_text
from game.web.state.session import COMPUTER, FRIEND, Session, Settings

# Player 0 bears off its last checker with any roll; the other side has none off.
LAST_CHECKER = Position.from_points({1: 1}, {13: 15})
LAST_CHECKER_SINGLE = Position.from_points({1: 1}, {1: 14})  # one of theirs off
AHEAD = Position.from_points({1: 2, 2: 2, 3: 2}, {6: 3, 5: 3, 4: 3})


def finish(rules: Rules, position: Position, opponent: str = COMPUTER, **fields) -> Session:
    """Player 0 plays the last checker off."""
    game = GameState(rules, position=position, phase=Phase.MOVE, turn=0, dice=(2, 1), **fields)
    session = Session(game, Settings(opponent=opponent)).after(game)
    return session.play(session.game.legal_plays()[0])


def test_no_card_while_the_game_goes_on():
    assert ending(Session.new()) is None
    assert ending(Session.new().roll(random.Random(3))) is None


def test_a_simple_game_won_says_who_and_counts_the_games():
    card = ending(finish(Rules.simple(), LAST_CHECKER))
    assert card.title == "You win!" and card.won
    assert card.reason == "All fifteen checkers borne off first \u2014 1 game."
    assert card.score == "Games won: You 1 \u2013 0 Computer"
    assert card.next_label == "Next game"


def test_a_gammon_with_the_cube_tells_the_cube_and_the_points():
    session = finish(Rules.full(jacoby=False), LAST_CHECKER, opponent=FRIEND, cube=Cube(2, 0))
    card = ending(session)
    assert card.title == "Cyan wins!"
    assert card.reason == "A gammon with the cube on 2 \u2014 4 points."
    assert card.score == "Points: Cyan 4 \u2013 0 Pink"


def test_a_single_game_under_jacoby_says_why_a_gammon_counted_one():
    card = ending(finish(Rules.full(jacoby=True), LAST_CHECKER))
    assert card.reason.startswith("A gammon \u2014 1 point.") and "Jacoby" in card.reason
    assert ending(finish(Rules.full(), LAST_CHECKER_SINGLE)).reason == (
        "A single game \u2014 1 point."
    )


def test_a_pass_and_a_resignation_say_who_gave_up():
    game = GameState(Rules.full(), position=AHEAD, phase=Phase.ROLL, turn=0)
    friends = Session(game, Settings(opponent=FRIEND)).after(game)
    passed = ending(friends.double().pass_())
    assert passed.title == "Cyan wins!"
    assert passed.reason == "Pink passes the double \u2014 1 point."
    computer = Session(game, Settings(opponent=COMPUTER)).after(game)
    resigned = computer.resign(2).accept_resignation()
    card = ending(resigned)
    assert card.title == "The computer wins" and not card.won
    assert card.reason == "You resign a gammon \u2014 2 points."


def test_a_match_is_won_by_its_length_and_the_last_game_is_told_apart():
    session = finish(Rules.full(3), LAST_CHECKER, score=(2, 1), post_crawford=True)
    assert session.game.phase is Phase.MATCH_OVER and session.game.score == (4, 1)
    card = ending(session)
    assert card.title == "You win the match 3\u20131"  # never 4-1: the match was to 3
    assert card.reason == "Last game: a gammon \u2014 2 points."
    assert card.score == "A match to 3 points" and card.next_label == "New match"
    assert "4" not in card.title + card.score


def test_a_big_cube_at_the_end_of_a_match_does_not_inflate_the_score():
    session = finish(Rules.full(3), LAST_CHECKER, score=(0, 0), cube=Cube(8, 0))
    assert session.game.score == (16, 0)
    assert final_score(session) == "3\u20130"
    assert ending(session).reason == "Last game: a gammon with the cube on 8 \u2014 16 points."


def test_the_last_play_is_told_in_notation_with_its_hits():
    # The computer (player 1) on roll with 6-4 hits the person's blot from its 13-point.
    position = Position.from_points({13: 2, 6: 5, 8: 3}, {24: 2, 18: 1, 6: 5})
    game = GameState(Rules.simple(), position=position, phase=Phase.MOVE, turn=1, dice=(6, 4))
    session = Session(game, Settings(opponent=COMPUTER)).after(game)
    hit = next(p for p in legal_plays(position, (6, 4)) if any(m.hit for m in p.moves))
    played = session.play(hit)
    text = last_play_text(played)
    assert text.startswith("The computer played ") and "*" in text
    friends = Session(game, Settings(opponent=FRIEND)).after(game).play(hit)
    assert last_play_text(friends).startswith("Pink played ")


def test_the_last_play_is_told_in_the_numbers_drawn_on_the_board():
    # The computer (player 1, drawn at the top) runs both back checkers with 6-4: its 24/18
    # 24/20 are the person's 1 and 7, 1 and 5, where the arrows run on the person's labels.
    position = Position.from_points({24: 2, 13: 5, 6: 5}, {13: 2, 6: 5, 8: 3})
    game = GameState(Rules.simple(), position=position, phase=Phase.MOVE, turn=1, dice=(6, 4))
    session = Session(game, Settings(opponent=COMPUTER)).after(game)
    run = next(
        p
        for p in legal_plays(position, (6, 4))
        if sorted((m.origin, m.destination) for m in p.moves) == [(24, 18), (24, 20)]
    )
    assert last_play_text(session.play(run)) == "The computer played 1/5 1/7."
    friends = Session(game, Settings(opponent=FRIEND)).after(game)  # Cyan at the bottom
    assert last_play_text(friends.play(run)) == "Pink played 1/5 1/7."


def test_the_last_play_shows_until_the_next_player_moves_a_checker():
    session = Session.new(Settings(opponent=FRIEND)).roll(random.Random(3))
    plays = legal_plays(session.turn.start_position, session.game.dice)
    played = session.play(plays[0])
    assert last_play_text(played)
    rolled = played.roll(random.Random(4))
    assert last_play_text(rolled) == last_play_text(played)
    turn = rolled.turn
    origin = sorted(turn.origins())[0]
    moved = rolled.tap(origin) if rolled.selected != origin else rolled
    moved = moved.tap(sorted(turn.destinations(origin))[0])
    assert moved.turn.actions and last_play_text(moved) == ""


def test_the_board_draws_an_arrow_and_a_ghost_for_each_move_in_the_movers_colour():
    game = GameState(
        Rules.simple(), position=Position.start(), phase=Phase.MOVE, turn=1, dice=(6, 1)
    )
    session = Session(game, Settings(opponent=COMPUTER)).after(game)
    seven = next(
        p
        for p in legal_plays(Position.start(), (6, 1))
        if sorted((m.origin, m.destination) for m in p.moves) == [(8, 7), (13, 7)]
    )
    svg = board_svg(board_view(session.play(seven)))
    assert 'class="trail" data-colour="pink"' in svg
    assert svg.count('class="ghost"') == 2
    # Two lines per arrow (a dark outline under a light stroke), one head each.
    assert svg.count('marker-end="url(#head-pink)"') == 2
    assert "trail" not in board_svg(board_view(Session.new()))


def test_the_scoreboard_never_shows_more_than_the_match_length():
    session = finish(Rules.full(3), LAST_CHECKER, score=(2, 1), post_crawford=True)
    assert score_text(session) == "You 3 \u2013 1 Computer"
