"""What the embeds show (game/web/embed/moments.py, game/web/worker/puzzle.py): the diagram's
board and words, the replay's moments, the puzzle's ranking, the snippet made on the main page."""

from __future__ import annotations

import contextlib
import random
from html.parser import HTMLParser

import pytest

from game.analysis.selfplay import RandomPlayer, self_play
from game.engine.match import Cube, Rules
from game.engine.notation import format_play
from game.engine.record import Record, Seat
from game.engine.state import GameState, Phase
from game.formats.game_link import format_game_link
from game.web.address import links
from game.web.address.embed_params import EmbedError, read_embed
from game.web.address.links import game_from_id
from game.web.board import diagram as diagrams
from game.web.board.render import board_svg
from game.web.board.words import pips_text
from game.web.embed import verdict as verdicts
from game.web.embed.moments import replay_view
from game.web.sharing import snippet
from game.web.state.replay import Replay
from game.web.worker import puzzle, thinker

START_62 = "4HPwATDgc/ABMA:cAkLAAAAAAAA"  # Pink to play 6-2
START_ROLL = "4HPwATDgc/ABMA:cAkAAAAAAAAA"  # Pink on roll, may double


def diagram(search: str, gnubg_id: str = START_62):
    spec = read_embed(f"?mode=diagram&{search}", f"#gnubgid={gnubg_id}")
    session = diagrams.embed_session(spec)
    return spec, session


def test_the_side_on_roll_is_at_the_bottom_and_flip_puts_it_at_the_top():
    spec, session = diagram("")
    assert session.bottom_player == spec.game.turn == 1
    _, flipped = diagram("flip=1")
    assert flipped.bottom_player == 0
    assert diagrams.board_text(flipped)[0] == "Cyan plays from the bottom, Pink from the top."


def test_the_play_is_drawn_as_arrows_on_the_moved_checkers():
    spec, session = diagram("play=24/18%2013/11")
    view = diagrams.diagram_view(session, spec.play)
    assert view.trail == ((24, 18), (13, 11)) and view.trail_colour == "pink"
    assert view.bottom[18] == 1 and view.bottom[24] == 1 and view.bottom[11] == 1
    assert all(view.used)  # both dice played
    svg = board_svg(view)
    assert 'class="trail"' in svg and svg.count('class="checker pink"') == 15
    # Flipped, the same play is drawn from the top side.
    spec, flipped = diagram("flip=1&play=24/18%2013/11")
    assert diagrams.diagram_view(flipped, spec.play).trail == ((1, 7), (12, 14))


def test_the_board_in_words_has_every_point_both_pip_counts_and_the_play():
    spec, session = diagram("play=24/18%2013/11")
    lines = diagrams.board_text(session, spec.play)
    assert "Pink to play 6-2." in lines
    assert "The cube is at 1, in the middle." in lines
    assert "Pink's checkers: 2 on 24, 5 on 13, 3 on 8, 5 on 6." in lines
    assert "Left to go: Pink 167, Cyan 167." in lines
    assert lines[-1] == "The play: 24/18 13/11."


def test_a_doubled_position_says_who_doubled_and_who_answers():
    game = game_from_id(START_ROLL).double()
    spec = read_embed("?mode=diagram", f"#gnubgid={START_ROLL}")
    lines = diagrams.board_text(diagrams.embed_session(spec, game))
    assert "Pink doubles; Cyan to answer." in lines


def test_a_replay_moment_draws_the_play_that_led_there():
    record = self_play(Rules.full(), random.Random(1), RandomPlayer(random.Random(2)))
    spec = read_embed("?mode=replay", "#" + format_game_link(record))
    replay = Replay.of(spec.record, 0)
    _, view, words = replay_view(spec, replay)
    assert words.endswith("the start of the game") and not view.trail
    for at in range(1, len(replay.moments)):
        session, view, words = replay_view(spec, replay.jump(at))
        assert session.bottom_player == 0  # Cyan at the bottom throughout
        if " plays " in words:
            assert view.trail, words
    assert "Opening roll" in replay_view(spec, replay.jump(1))[2]
    named = Replay.of(spec.record.with_names(("Ann", "Bob")), 0)
    session = replay_view(spec, named)[0]
    assert pips_text(session) == "Ann 167 · Bob 167"  # the record's players, as its words say


def test_a_checker_puzzle_ranks_every_play_and_places_the_readers():
    game = game_from_id(START_62)
    answer = thinker.reply(puzzle.rank_request(game, 1))  # through the worker's entry
    plays = game.legal_plays()
    assert sorted(index for index, _ in answer["plays"]) == list(range(len(plays)))
    worst = plays[answer["plays"][-1][0]]
    verdict = verdicts.play_verdict(game, answer, worst)
    assert verdict.rows[0].best and not verdict.rows[0].chosen
    assert verdict.rows[-1].chosen and verdict.rows[-1].rank == len(plays)
    assert len(verdict.rows) == verdicts.PLAYS_SHOWN + 1  # the top five and the reader's
    assert f"ranks {len(plays)} of {len(plays)}" in verdict.summary
    assert format_play(worst.moves) in verdict.summary


def test_a_cube_puzzle_weighs_each_answer():
    game = game_from_id(START_ROLL)
    assert puzzle.cube_choices(game) == (puzzle.DOUBLE, puzzle.NO_DOUBLE)
    answer = puzzle.rank_reply(game, 1)
    verdict = verdicts.cube_verdict(game, answer, puzzle.DOUBLE)
    assert [row.text for row in verdict.rows] == ["No double", "Double"]  # the start: no double
    assert verdict.rows[1].chosen and verdict.rows[1].loss > 0.1
    doubled = game.double()
    assert puzzle.cube_choices(doubled) == (puzzle.TAKE, puzzle.PASS)
    verdict = verdicts.cube_verdict(doubled, puzzle.rank_reply(doubled, 1), puzzle.TAKE)
    assert verdict.rows[0].text == "Take" and verdict.summary.startswith("Take: the computer")


class _Tags(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str | None]]] = []

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))


def test_the_snippet_is_one_iframe_whose_address_reads_back_to_the_same_position():
    fragment = f"gnubgid={START_62}"
    html = snippet.snippet(
        "https://example.org/bg/embed.html",
        "diagram",
        fragment,
        {"caption": 'Say "hi" <script>&', "flip": "1"},
    )
    parser = _Tags()
    parser.feed(html)
    assert [tag for tag, _ in parser.tags] == ["iframe"]
    src = parser.tags[0][1]["src"]
    search, _, hash_ = src.partition("?")[2].partition("#")
    spec = read_embed("?" + search, "#" + hash_)
    assert spec.caption == 'Say "hi" <script>&' and spec.flip
    assert spec.game == game_from_id(START_62)
    assert "<script>" not in html


def test_embed_html_sits_beside_the_page():
    assert snippet.embed_page("https://x.org/bg/index.html?seed=1#gnubgid=a") == (
        "https://x.org/bg/embed.html"
    )
    assert snippet.embed_page("https://x.org/bg/") == "https://x.org/bg/embed.html"


def test_share_embed_writes_each_mode_or_says_why_not():
    game = game_from_id(START_62)
    record = Record(game)
    page = "https://example.org/bg/embed.html"
    for mode in ("diagram", "puzzle", "play"):
        fragment = snippet.embed_fragment(mode, game, record, "computer")
        code, spec = snippet.make_snippet(page, mode, fragment, {"caption": "Hi"})
        assert spec.mode == mode and spec.game == game and spec.caption == "Hi"
        assert code.startswith(f'<iframe src="{page}?mode={mode}')
    # A new game: nothing to decide yet, so no puzzle; the replay has no moves but is a game.
    fresh = Record(GameState.new(Rules.full()))
    fragment = snippet.embed_fragment("puzzle", fresh.state, fresh, "computer")
    with pytest.raises(EmbedError, match="a puzzle needs"):
        snippet.make_snippet(page, "puzzle", fragment, {})
    played = self_play(Rules.full(), random.Random(1), RandomPlayer(random.Random(2)))
    fragment = snippet.embed_fragment("replay", played.state, played, "computer")
    assert snippet.make_snippet(page, "replay", fragment, {})[1].record == played


def test_open_takes_a_gnubg_id_an_xgid_a_link_or_says_why_not():
    assert snippet.pasted_fragment(f"  {START_62} ") == f"gnubgid={START_62}"
    xgid = "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:3:0:10"
    assert snippet.pasted_fragment(xgid).startswith("gnubgid=")
    assert snippet.pasted_fragment(xgid.removeprefix("XGID=")).startswith("gnubgid=")
    link = f"https://example.org/bg/#gnubgid={START_62}&vs=friend"
    assert snippet.pasted_fragment(link) == f"gnubgid={START_62}&vs=friend"
    for bad, words in [
        ("", "paste a gnubg ID"),
        ("hello", "not a gnubg ID"),
        ("4HPwATDgc/ABMA:zzzzzzzzzzzz", "cannot be read"),
        ("#gnubgid=<script>", "cannot be read"),
        # An XGID attempt gets the XGID reader's own words, as a link's #xgid= does.
        ("XGID=garbage", "the XGID cannot be read: an XGID has 10 fields"),
        ("xgid=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:3", "the XGID cannot be read"),
    ]:
        with pytest.raises(EmbedError, match=words):
            snippet.pasted_fragment(bad)


def test_open_finds_the_ids_in_a_board_pasted_from_gnubg_or_xg():
    # What forum posts and mails hold: gnubg's text board (drawboard.c writes "Match ID   :",
    # spaces before the colon) and its analysis text ("Match ID:\t"), XG's text of a position,
    # whose first line is its XGID; the IDs were found only when pasted alone.
    board = (
        f" GNU Backgammon  Position ID: {START_62[:14]}\n"
        f"                 Match ID   : {START_62[15:]}\n"
        " +13-14-15-16-17-18------19-20-21-22-23-24-+     O: gnubg\n"
        " | X           O    |   | O              X |     0 points\n"
    )
    assert snippet.pasted_fragment(board) == f"gnubgid={START_62}"
    analysis = f"Position ID:\t{START_62[:14]}\nMatch ID:\t{START_62[15:]}\n\nEvaluator: \tContact"
    assert snippet.pasted_fragment(analysis) == f"gnubgid={START_62}"
    xgid = "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:3:0:10"
    xg_text = f"{xgid}\n\nX:Player 2   O:Player 1\nScore is X:0 O:0 3 pt.(s) match.\n"
    assert snippet.pasted_fragment(xg_text) == snippet.pasted_fragment(xgid)
    for text in (board, analysis, xg_text):  # as the page's one-line text box keeps it
        assert snippet.pasted_fragment(text.replace("\n", "")) == snippet.pasted_fragment(text)


def test_against_the_computer_the_reader_plays_the_side_on_roll():
    pink_to_play = game_from_id(START_62)  # player 1, the computer's number, is on roll
    mine = links.reader_on_roll(pink_to_play)
    assert mine.turn == 0 and mine.to_act == 0
    assert (mine.position, mine.dice, mine.rules) == (
        pink_to_play.position,
        pink_to_play.dice,
        pink_to_play.rules,
    )
    assert links.reader_on_roll(mine) is mine  # already the reader's turn
    # Cyan doubles in a 7-point match at 2-4: the computer would answer, so the reader does,
    # as Cyan, with the score and the doubler turned round too.
    match = game_from_id("4HPwATDgc/ABMA:MAH3ACAAIAAE")
    doubled = GameState(
        match.rules, position=match.position, score=(2, 4), phase=Phase.ROLL, turn=0
    ).double()
    answered = links.reader_on_roll(doubled)
    assert doubled.to_act == 1 and answered.to_act == 0 and answered.turn == 1
    assert answered.phase is Phase.DOUBLED and answered.score == (4, 2)
    assert answered.position == doubled.position


def any_position_states() -> dict[str, GameState]:
    """States of every kind a gnubg ID (or XGID) can hold."""
    start = game_from_id(START_ROLL)
    crawford = GameState(Rules.full(7), score=(6, 3), crawford=True, phase=Phase.ROLL, turn=0)
    rng = random.Random(4)
    finished = self_play(Rules.full(5), rng, RandomPlayer(rng, cube=0.1, resign=0.0)).state
    money = self_play(Rules.full(), rng, RandomPlayer(rng, cube=0.0, resign=0.0), games=1).state
    big_cube = GameState(Rules.full(), cube=Cube(64, 0), phase=Phase.ROLL, turn=0)
    return {
        "double offered": start.double(),
        "resignation offered": start.resign(2, 1),
        "match over": finished,
        "game over": money,
        "crawford game": crawford,
        "cube 64": big_cube,
    }


@pytest.mark.parametrize("kind", list(any_position_states()))
def test_a_diagram_shows_any_position_an_id_holds(kind):
    from game.formats.gnubg_id import write_gnubg_id
    from game.formats.match_id import parse_gnubg_id
    from game.formats.xgid import format_xgid, xgid_from_match

    state = any_position_states()[kind]
    gnubg_id = write_gnubg_id(state)
    fragments = [f"#gnubgid={gnubg_id}"]
    position, match = parse_gnubg_id(gnubg_id)
    # An XGID cannot say that a resignation is offered, nor that a game is over.
    with contextlib.suppress(ValueError):
        fragments.append("#xgid=" + format_xgid(xgid_from_match(position, match))[5:])
    for fragment in fragments:
        spec = read_embed("?mode=diagram", fragment)
        assert spec.game is not None and spec.game.phase is state.phase, fragment
        session = diagrams.embed_session(spec)
        svg = board_svg(diagrams.diagram_view(session, spec.play))
        assert 'class="checker ' in svg
        assert diagrams.board_text(session, spec.play)
        if state.phase in (Phase.GAME_OVER, Phase.MATCH_OVER):
            with pytest.raises(EmbedError, match="already over"):
                read_embed("", fragment)  # a game to play needs a game in play


@pytest.mark.parametrize("rules", ["", "rules=simple"])
def test_a_diagram_draws_a_double_the_rules_would_refuse(rules):
    # Issue 49: a redouble to 16 offered at 0-2 of a 3-point match; a game cannot be played
    # from it (refused), a diagram shows it as the ID holds it.
    offered = "17aJAAS7AwAAAw:UxFgAAAAEAAE"
    spec, session = diagram(rules, offered)
    assert spec.game.cube.value == 8 and spec.game.phase.name == "DOUBLED"
    svg = board_svg(diagrams.diagram_view(session))
    assert svg.count('class="checker') == 30 - sum(spec.game.position.borne_off())
    assert diagrams.board_text(session)
    with pytest.raises(EmbedError):
        read_embed("", f"#gnubgid={offered}")  # to play from it: refused


def test_a_replay_of_the_persons_game_is_seated_as_the_review_seats_it():
    # A game played by link on Pink: the embed's replay keeps Pink (You) at the bottom, as the
    # main page's review does; flip=1 asks for the other side; a link without its players
    # keeps Cyan at the bottom, as before.
    record = self_play(Rules.full(), random.Random(1), RandomPlayer(random.Random(2)))
    record = record.with_names(("Friend", "You"))
    fragment = snippet.embed_fragment("replay", record.state, record, "computer")
    assert "&names=Friend,You" in fragment
    for flip, bottom in (("", 1), ("&flip=1", 0)):
        spec = read_embed("?mode=replay" + flip, "#" + fragment)
        replay = Replay.of(spec.record, 0)
        for at in range(0, len(replay.moments), 7):
            session, _view, words = replay_view(spec, replay.jump(at))
            assert session.bottom_player == bottom
            assert "You" not in words and "Friend" not in words  # told by their colours
    assert diagrams.board_text(session)[0] == "Cyan plays from the bottom, Pink from the top."
    turned = record.with_seats((((1, 0), Seat(turned=True)),))
    fragment = snippet.embed_fragment("replay", turned.state, turned, "")
    spec = read_embed("?mode=replay", "#" + fragment)
    bottoms = {replay_view(spec, Replay.of(spec.record, at))[0].bottom_player for at in range(40)}
    assert bottoms == {0, 1}  # turned to each mover, as two at one screen played it
    old = read_embed("?mode=replay", "#" + format_game_link(record))
    assert replay_view(old, Replay.of(old.record, 5))[0].bottom_player == 0
