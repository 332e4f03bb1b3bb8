"""The .mat match format: our own files read back exactly, other programs' ways of writing
the same match read the same, and files that cannot be read say where."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from hypothesis import Phase, given, settings
from hypothesis import strategies as st

from game.formats.mat import InvalidMatFile, format_mat, parse_mat
from game.formats.sgf import format_sgf
from tests.records import as_mat_keeps, blocked_rolls, played, restyle

# Bulk round trips: raise with RECORD_GAMES=3000 for a long run (tools/bench/record.py times it).
ROUND_TRIPS = int(os.environ.get("RECORD_GAMES", "60"))


@pytest.mark.slow
def test_our_files_read_back_as_the_record_they_were_written_from():
    blocked = 0
    for seed in range(ROUND_TRIPS):
        record = played(seed)
        text = format_mat(record)
        assert parse_mat(text) == as_mat_keeps(record), seed
        blocked += blocked_rolls(record)
    assert blocked, "some rolls that cannot be played should be among the games"


def test_long_random_games_read_back_too():
    for seed in range(3):
        record = played(seed, wild=True)
        assert parse_mat(format_mat(record)) == as_mat_keeps(record)


# No shrinking: each example replays whole matches, and the seed alone reproduces a failure.
@settings(max_examples=15, deadline=None, phases=(Phase.explicit, Phase.reuse, Phase.generate))
@given(
    seed=st.integers(0, 10_000),
    width=st.integers(20, 40),
    words=st.booleans(),
    joined=st.booleans(),
    hits=st.booleans(),
    cannot_move=st.booleans(),
    long_names=st.booleans(),
    crlf=st.booleans(),
    blank_lines=st.booleans(),
)
def test_other_programs_ways_of_writing_read_the_same(
    seed, width, words, joined, hits, cannot_move, long_names, crlf, blank_lines
):
    record = played(seed)
    names = ("Anna Maria van der Berg-Schulz (NL)", "Bob") if long_names else None
    header = '\ufeff; [Site "eXtreme Gammon"]\n; [Match ID "7654321"]\n; [Player 1 "Anna"]\n\n'
    text = restyle(
        record,
        format_mat(record),
        width=width,
        words=words,
        joined=joined,
        hits=hits,
        cannot_move=cannot_move,
        names=names,
        header=header,
        crlf=crlf,
        blank_lines=blank_lines,
    )
    read = parse_mat(text)
    expected = as_mat_keeps(record)
    if names:
        expected = expected.with_names(names)
    assert [s.position for s in read.replay()] == [s.position for s in expected.replay()]
    assert read.results() == expected.results()
    assert read.names == expected.names


MATCH = """\
; [Site "Hand written"]

 3 point match

 Game 1
 Ann : 0                        Bob : 0
  1) 31: 8/5 6/5                64: 24/18 13/9
  2) 62: 24/18* 13/11           Doubles => 2
  3)  Drops                     Wins 1 point

 Game 2
 Ann : 0                        Bob : 1
  1)                            52: 13/8 13/11
  2) 66: 24/18(2) 13/7(2)       43: 24/20 24/21
  3)  Doubles => 2               Takes
  4) 11: 8/7(2) 7/6(2)          55: 13/3(2)
"""


def test_a_hand_written_match_reads_with_its_results():
    record = parse_mat(MATCH)
    assert record.names == ("Ann", "Bob")
    results = record.results()
    assert (results[0].winner, results[0].points, results[0].ended_by) == (1, 1, "pass")
    assert results[1].winner is None  # the match stops in the middle of game 2
    assert record.state.cube.value == 2 and record.state.turn == 0
    assert record.state.score == (0, 1)


@pytest.mark.parametrize(
    ("edit", "game", "move", "reason"),
    [
        (("24/18* 13/11", "24/17 13/11"), 1, 2, "not a legal play of 6-2"),
        (("Drops", "Dropz"), 1, 3, "cannot read"),
        (("Wins 1 point", "Wins 2 points"), 1, 3, "wins 2 points, the rules give 1 point"),
        (("43: 24/20 24/21", "43: 24/20 24/17"), 2, 2, "not a legal play of 4-3"),
        ((" Takes", " Doubles => 4"), 2, 3, "may not double"),
        (("64: 24/18 13/9", "64: 24/18 13/9\n  9)  Takes"), 1, 9, "cannot take now"),
        (
            (" Game 2\n Ann : 0                        Bob : 1", " Game 2\n Ann 0 Bob 1"),
            2,
            0,
            "score",
        ),
        ((" 3 point match", " 3 point watch"), 0, 0, "no 'N point match' line"),
    ],
)
def test_errors_name_the_game_and_move(edit, game, move, reason):
    text = MATCH.replace(*edit)
    assert text != MATCH
    with pytest.raises(InvalidMatFile) as caught:
        parse_mat(text)
    assert (caught.value.game, caught.value.move) == (game, move)
    assert reason in str(caught.value.reason)


def test_a_game_that_stops_before_its_end_is_refused_unless_it_is_the_last():
    cut = MATCH.replace("  3)  Drops                     Wins 1 point\n", "")
    with pytest.raises(InvalidMatFile, match="game 1 move 2: the game stops before it is over"):
        parse_mat(cut)


@pytest.mark.parametrize("text", ["", "\x00\x01", "Game 1\n", " 7 point match\n", 12])
def test_what_is_not_a_match_file_says_so(text):
    with pytest.raises(InvalidMatFile):
        parse_mat(text)


def test_a_set_position_cannot_be_written():
    from game.engine.match import Rules
    from game.engine.position import Position
    from game.engine.record import Record
    from game.engine.state import GameState

    start = GameState.new(Rules.full(), position=Position.from_points({1: 15}, {1: 15}))
    with pytest.raises(ValueError, match="set position"):
        format_mat(Record(start))


def test_the_sample_files_of_other_programs_read_without_error():
    from pathlib import Path

    files = sorted((Path(__file__).parent / "data" / "mat").glob("*.mat"))
    assert len(files) >= 4
    for path in files:
        record = parse_mat(path.read_bytes().decode("utf-8"))
        finished = [r for r in record.results() if r.winner is not None]
        assert finished, path.name  # the reader checked each game's "Wins" line against the rules


def test_a_pass_written_only_as_the_doublers_win_reads_as_a_pass():
    text = MATCH.replace(
        "  3)  Drops                     Wins 1 point",
        "                                Wins 1 point",
    )
    record = parse_mat(text)
    assert record.results()[0].ended_by == "pass"
    assert record.results()[0].winner == 1


def test_the_collector_is_paused_only_while_a_game_is_replayed():
    import gc

    from game.formats.mat import read_mat_steps

    text = format_mat(played(3))
    assert gc.isenabled()
    steps = read_mat_steps(text)
    next(steps)  # between games the caller's code runs with the collector as it left it
    assert gc.isenabled()
    parse_mat(text)
    assert gc.isenabled()
    with pytest.raises(InvalidMatFile):
        parse_mat(text.replace("Game 1", "Game 1\n Ann : 0   Bob : 0\n  1) 66: 24/18"))
    assert gc.isenabled()
    gc.disable()
    try:
        parse_mat(text)
        assert not gc.isenabled()  # a caller's choice is kept
    finally:
        gc.enable()


def test_the_computers_level_is_written_beside_its_name():
    record = played(2).with_names(("You", "Computer")).with_levels((None, "expert"))
    text = format_mat(record)
    assert " You : 0" in text and "Computer (expert) : 0" in text
    assert parse_mat(text).names == ("You", "Computer (expert)")  # gnubg reads it so too
    assert "PW[You]PB[Computer (expert)]" in format_sgf(record)
    assert "(" not in format_mat(played(2).with_names(("You", "Computer")))  # none: the name


def test_a_score_line_the_games_before_it_do_not_give_is_refused():
    # A game cut out of a file (here gnubg's game 2, Second winning 4): the next game's score
    # line, 2-4, says so; read on from the 2-0 the games give, the match ended 2-1 unfinished.
    import re
    from pathlib import Path

    text = (Path(__file__).parent / "data" / "matches" / "gnubg-noisy-5-3.mat").read_text()
    games = re.split(r"(?m)^(?= Game \d+$)", text)
    with pytest.raises(InvalidMatFile) as caught:
        parse_mat("".join(games[:2] + games[3:]))
    assert (caught.value.game, caught.value.move) == (2, 0)
    assert "2-4" in str(caught.value.reason) and "2-0" in str(caught.value.reason)


@pytest.mark.parametrize("value", ["", "3", "4", "128"])
def test_a_doubles_written_value_is_read_past_as_gnubg_does(value):
    # gnubg 1.07 imports "Doubles => 4" from a cube on 1 as a double to 2 (the rules' cube,
    # not the file's number): a file it reads must read here too, the same way.
    double = f"Doubles => {value}" if value else "Doubles"
    assert parse_mat(MATCH.replace("Doubles => 2", double, 1)) == parse_mat(MATCH)


@pytest.mark.parametrize("damaged", [" Gme 1", " Game", " Game one", " G[Jacoby]ame 1"])
def test_a_first_game_whose_game_line_is_damaged_is_not_left_out(damaged):
    # The reader looks for "Game N" lines; with the first one damaged, game 1's score line and
    # moves were skipped as header text, and the file read from game 2's score on.
    with pytest.raises(InvalidMatFile) as caught:
        parse_mat(MATCH.replace(" Game 1", damaged, 1))
    assert (caught.value.game, caught.value.move) == (0, 0)
    assert "cannot read" in str(caught.value.reason)


def test_a_file_holding_two_matches_says_so():
    # Some programs append each match to one file (gnubg's manual names BBGT); its second
    # match line was refused as a move line gnubg cannot read, "cannot read '5 point match'".
    from pathlib import Path

    folder = Path(__file__).parent / "data" / "matches"
    first, second = ((folder / f"gnubg-noisy-{name}.mat").read_text() for name in ("3-1", "5-2"))
    with pytest.raises(InvalidMatFile) as caught:
        parse_mat(first + "\n" + second)
    assert caught.value.game == 1 and "5 point match" in str(caught.value.reason)
    assert "a second match" in str(caught.value.reason)


def test_a_match_copied_from_a_web_page_with_non_breaking_spaces_reads_the_same():
    # A page shows a .mat's columns with &nbsp;: copied from it, every space is U+00A0. Most of
    # the reader took them as spaces, but not "Cannot Move" ("'Cannot\xa0Move': 66 cannot be
    # played here").
    from pathlib import Path

    path = Path(__file__).parent / "data" / "mat_corpus" / "choue-net-bgdb-wins-4-point.mat"
    text = path.read_text()
    assert "Cannot Move" in text
    assert parse_mat(text.replace(" ", "\u00a0")) == parse_mat(text)


def test_a_name_keeps_its_comma_unless_a_rating_follows_it():
    # GamesGrid writes a player's rating after a comma ("HansK,1615"), which gnubg cuts off
    # only where a number follows; "Smith, John" was cut to "Smith".
    text = MATCH.replace(
        " Ann : 0                        Bob : 0", " Smith, John : 0   HansK,1615 : 0", 1
    )
    # (game 1's header only: each game's players are its own, Record.seats)
    assert parse_mat(text).seat_at(1).names == ("Smith, John", "HansK")


def test_a_negative_match_length_is_named():
    # " -5 point match" was refused as having no match line at all.
    with pytest.raises(InvalidMatFile) as caught:
        parse_mat(MATCH.replace(" 3 point match", " -5 point match", 1))
    assert (caught.value.game, caught.value.move) == (0, 0)
    assert "match length must be 0 (money play) to 64, got '-5'" in str(caught.value.reason)


def test_a_money_sessions_score_lines_are_a_tally_not_checked():
    # In a match a score line decides the match's end and its Crawford game; in a money session
    # it decides nothing, and a program may leave it at 0-0: read as before.
    from pathlib import Path

    text = (Path(__file__).parent / "data" / "mat" / "money_beavers.mat").read_text()
    tallies = re.findall(r"(?m)^ Game [0-9]+\n(.*)$", text)[1:]
    assert tallies and all(re.search(r": [1-9]", line) for line in tallies)
    zeroed = re.sub(r"(?m)^( Game [0-9]+\n.*?: )[0-9]+(.*?: )[0-9]+$", r"\g<1>0\g<2>0", text)
    assert zeroed != text and parse_mat(zeroed) == parse_mat(text)


def test_a_game_header_naming_the_players_the_other_way_round_says_so():
    # gnubg 1.07 reads such a header by its columns (game 2 from 0-1 where game 1 left 1-0);
    # it was refused here as "a game left out of the file?", which sent the reader looking
    # for a game that is there.
    text = (Path(__file__).parent / "data" / "mat" / "gnubg_export.mat").read_text()
    header = " Game 2\n Cyan : 1                       Pink : 0\n"
    assert header in text
    swapped = text.replace(header, " Game 2\n Pink : 0                       Cyan : 1\n")
    with pytest.raises(InvalidMatFile) as caught:
        parse_mat(swapped)
    assert caught.value.game == 2
    assert "names the players the other way round: 'Pink', 'Cyan'" in str(caught.value)
    assert "left out" not in str(caught.value)
    # A header of the same players in their order still reads; a game left out still says so.
    assert parse_mat(text).results()[-1].score == (6, 1)
    with pytest.raises(InvalidMatFile, match="a game left out"):
        parse_mat(text.replace(header, " Game 2\n Cyan : 2                       Pink : 0\n"))
