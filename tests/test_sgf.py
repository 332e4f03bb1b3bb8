"""gnubg's .sgf match files: our records written and read back, gnubg's files read (with their
analysis, comments and variations), hostile files refused quickly in our own words."""

from __future__ import annotations

import io
import random
import re
import time
from pathlib import Path

import pytest

from game.analysis.selfplay import RunnerPlayer, self_play
from game.cli.convert import convert
from game.cli.replay import replay
from game.engine.match import Rules
from game.engine.record import Action, Record
from game.engine.state import GameState
from game.formats.mat import format_mat, parse_mat
from game.formats.match_file import read_match_file
from game.formats.sgf import InvalidSgfFile, format_sgf, parse_sgf, read_sgf
from tests.records import as_mat_keeps, played

LIMIT = 2.0  # seconds of this process's CPU time (a loaded machine does not count)


def same_match(one: Record, other: Record) -> bool:
    return [s.position for s in one.replay()] == [s.position for s in other.replay()] and (
        one.results() == other.results()
    )


@pytest.mark.parametrize("seed", range(40))
def test_our_records_read_back_as_written(seed):
    record = played(seed, wild=seed % 3 == 0)
    back = parse_sgf(format_sgf(record))
    assert back.rules == record.rules or (record.rules.beaver and not back.rules.beaver)
    assert same_match(back, as_mat_keeps(record).with_names(back.names))


def test_root_properties_can_be_added_and_read_back():
    record = played(2)
    text = format_sgf(record, lambda game: [("GC", f"game {game} ] \\ note")])
    match = read_sgf(text)
    assert [root["GC"] for root in match.roots] == [
        f"game {n} ] \\ note" for n in range(1, len(record.games) + 1)
    ]
    assert match.record == parse_sgf(format_sgf(record))
    with pytest.raises(ValueError):
        format_sgf(record, lambda game: [("bad name", "x")])


def test_a_roll_before_a_resignation_and_a_beaver_as_gnubg_writes_them():
    rules = Rules.full(beaver=True)
    record = Record.new(rules, names=("Ann", "Bob")).extend(
        [
            Action.roll((5, 2)),
            Action.play([(13, 8), (24, 22)]),
            Action.double(),
            Action.beaver(),
            Action.roll((4, 3)),
            Action.resign(2, 1),
            Action.accept(),
        ]
    )
    text = format_sgf(record)
    assert ";W[52" in text  # Ann (White) won the opening roll, Bob doubles, Ann beavers
    assert ";B[double]\n;W[double]\n;B[take]" in text
    assert ";PL[B]DI[43])" in text and "RE[W+" in text and "R]" in text
    assert parse_sgf(text) == record


def test_gnubg_analysis_comments_marks_and_variations_are_tolerated():
    text = (
        "(;FF[4]GM[6]CA[UTF-8]AP[GNU Backgammon:1.07.001]MI[length:3][game:0][ws:0][bs:0]"
        "PW[Ann]PB[Bob]RU[Crawford]GS[M:0 0][C:1][D:0]C[a \\] comment]\n"
        ";W[31hefe]A[0][hefe E ver 3 0.5 0.1 0 0.1 0 0.02 2C 0 1 0.0 1]DA[E 0 0 0 0 2C 0 1 0]"
        "LU[0.1]GB[1]BM[2]\n"
        "(;B[52aclq]TE[1];W[double];B[take])(;B[65agln])\n)"
    )
    record = parse_sgf(text)
    assert record.names == ("Ann", "Bob")
    assert record.state.cube.value == 2 and len(record.games[0]) == 6


def test_errors_name_the_game_and_node():
    text = format_sgf(played(0))
    broken = text.replace(";B[", ";B[66", 1) if ";B[" in text else text
    with pytest.raises(InvalidSgfFile) as caught:
        parse_sgf(broken.replace("]\n;", "]\n;W[11aaaa]\n;", 1))
    assert caught.value.game == 1 and caught.value.move >= 1
    for bad, words in [
        ("", "no backgammon game"),
        ("x(;GM[6])", "begins with"),
        ("(;FF[4]GM[1])", "no backgammon game"),
        ("(;GM[6]MI[length:" + "9" * 5000 + "])", "not a number"),
        ("(;GM[6];W[31hefe]", "stops inside"),
        ("(;GM[6]MI[length:3];W[31zzzz])", ""),
        ("(;GM[6]MI[length:3];AB[ab];W[31hefe])", "set up"),
        ("(;GM[6]RE[Q+2];W[31hefe])", "result"),
        ("(;GM[6]" + "C[x" * 10 + ")", ""),
    ]:
        with pytest.raises(InvalidSgfFile) as caught:
            parse_sgf(bad)
        assert words in str(caught.value) and len(str(caught.value)) < 200


@pytest.mark.parametrize(
    "text",
    [
        "(;GM[6]C[" + "x" * 1_000_000,
        "(" * 1_000_000,
        "(;GM[6]" + "(;" * 300_000,
        "(;GM[6]" + "C[\\" * 300_000,
        "(;GM[6])" * 50_000,
        "(;GM[6]MI[length:0];W[31hefe])" * 20_000,
        "(;GM[6]" + ";C[x]" * 250_000 + ")",
    ],
    ids=[
        "long value",
        "opening brackets",
        "nested variations",
        "escapes",
        "empty games",
        "unfinished games",
        "many nodes",
    ],
)
def test_hostile_files_are_refused_in_linear_time(text):
    began = time.process_time()
    with pytest.raises(InvalidSgfFile) as caught:
        read_sgf(text)
    assert time.process_time() - began <= LIMIT
    assert len(str(caught.value)) < 200


def test_replay_and_convert_tell_the_kind_by_content():
    record = played(0)
    sgf = format_sgf(record)
    out = io.StringIO()
    assert replay(sgf, out) == 0
    assert (
        out.getvalue().splitlines()[-1] == f"final {record.state.score[0]} {record.state.score[1]}"
    )
    out = io.StringIO()
    assert convert(sgf, "mat", out) == 0
    assert same_match(parse_mat(out.getvalue()), parse_sgf(sgf))
    back = io.StringIO()
    assert convert(out.getvalue(), "sgf", back) == 0
    assert read_match_file(back.getvalue()).kind == "sgf"
    assert same_match(parse_sgf(back.getvalue()), parse_sgf(sgf))
    bad = io.StringIO()
    assert convert(sgf.replace(";W[", ";W[77", 1), "mat", bad) == 1
    assert bad.getvalue().startswith("error: game 1 move ")


def test_the_page_reads_a_match_file_in_slices_with_its_progress():
    from game.web.worker import importing

    record = played(7, games=6)
    text = format_sgf(record)
    answer = importing.reply(importing.import_request(text, "slices", budget_ms=0))
    seen = [(answer["done"], answer["total"])]
    while "record" not in answer:
        answer = importing.reply(importing.continue_request("slices", budget_ms=0))
        seen.append((answer["done"], answer["total"]))
    games = len(record.games)
    assert seen[0] == (1, games) and seen[-1] == (games, games) and len(seen) == games + 1
    assert importing.read_answer(answer) == parse_sgf(text)
    importing.reply(importing.import_request(text, "stopped", budget_ms=0))
    assert importing.reply(importing.cancel_request("stopped"))["cancelled"]
    assert "stopped" in importing.reply(importing.continue_request("stopped"))["error"]


def _dropped() -> Record:
    """A 3-point match game White wins by Black's pass of a double: 1 point (cube 1)."""
    return Record.new(Rules.full(match_length=3), names=("Ann", "Bob")).extend(
        [Action.roll((3, 1)), Action.play([(8, 5), (6, 5)]), Action.roll((6, 4)),
         Action.play([(24, 18), (18, 14)]), Action.double(), Action.pass_()]
    )  # fmt: skip


@pytest.mark.parametrize("written", ["W+999999", "W+2", "W+0R", "B+1", "W+3R"])
def test_an_sgf_result_is_checked_as_a_mat_result_is(written):
    text = format_sgf(_dropped())
    assert "RE[B+1]" in text or "RE[W+1]" in text
    spoilt = text.replace("RE[B+1]", f"RE[{written}]").replace("RE[W+1]", f"RE[{written}]")
    with pytest.raises(InvalidSgfFile) as refused:
        parse_sgf(spoilt)
    assert "rules give" in str(refused.value) or "resignation gives" in str(refused.value)


def test_an_sgf_resignation_of_no_points_is_refused():
    record = Record.new(Rules.full(match_length=3)).extend([Action.roll((3, 1))])
    text = format_sgf(record).replace("RU[Crawford]", "RU[Crawford]RE[B+0R]")
    assert "RE[B+0R]" in text
    with pytest.raises(InvalidSgfFile, match="no resignation gives 0 points"):
        parse_sgf(text)


@pytest.mark.parametrize("rules", ["Crawford:Nackgammon", "Hypergammon2", "NoCube:Hypergammon1"])
def test_an_sgf_match_of_another_variation_is_refused_in_words(rules):
    # gnubg writes a NackGammon or HyperGammon match's variation among its rules (sgf.c's
    # RU words joined by ':'): refused at the root, not at the first move that goes wrong.
    text = (Path(__file__).parent / "data" / "sgf" / "gnubg-noisy-3-1.sgf").read_text()
    with pytest.raises(InvalidSgfFile) as caught:
        read_sgf(text.replace("RU[Crawford]", f"RU[{rules}]", 1))
    assert (caught.value.game, caught.value.move) == (1, 0)
    assert rules.split(":")[-1] in str(caught.value) and "backgammon" in str(caught.value)


def test_sgf_rules_are_read_word_by_word():
    # gnubg joins its rules with ':' in a fixed order (NoCube, Crawford, CrawfordGame, Jacoby):
    # each word counts wherever it stands.
    start = GameState.new(Rules.full(5), (4, 0), crawford=True)
    record = Record(start, ((),), ("Ann", "Bob")).extend([Action.roll((3, 1))])
    text = format_sgf(record)
    assert "RU[Crawford:CrawfordGame]" in text
    assert read_sgf(text.replace("RU[Crawford:", "RU[NoCube:Crawford:")).record.start.crawford


def test_a_games_score_the_games_before_it_do_not_give_is_refused():
    # gnubg's game 2 (Black winning 4) cut out: game 3's MI[ws:2][bs:4] says so; read on from
    # the 2-0 the games give, the match ended 2-1 unfinished.
    text = (Path(__file__).parent / "data" / "sgf" / "gnubg-noisy-5-3.sgf").read_text()
    trees = text.split("(;FF[4]GM[6]")
    with pytest.raises(InvalidSgfFile) as caught:
        read_sgf("(;FF[4]GM[6]".join(trees[:2] + trees[3:]))
    assert (caught.value.game, caught.value.move) == (2, 0)
    assert "2-4" in str(caught.value.reason) and "2-0" in str(caught.value.reason)
    without_scores = re.sub(r"\[ws:[0-9]+\]\[bs:[0-9]+\]", "", text)
    assert read_sgf(without_scores).record == read_sgf(text).record  # none written: none checked


@pytest.mark.parametrize(
    ("damage", "words"),
    [(";B[31", ";B31"), (";W[", "#;W[")],
    ids=["a property without its brackets", "a character between nodes"],
)
def test_a_broken_file_says_on_which_line(damage, words):
    # gnubg writes one node a line: the line is where a player finds what broke (an .sgf
    # error said "file: ..." with nothing to look for but a quote).
    lines = format_sgf(played(0)).split("\n")
    at = next(i for i, line in enumerate(lines) if i > 3 and damage in line)
    lines[at] = lines[at].replace(damage, words, 1)
    with pytest.raises(InvalidSgfFile) as caught:
        parse_sgf("\n".join(lines))
    assert (caught.value.game, caught.value.move) == (0, 0)
    assert f"line {at + 1}:" in str(caught.value), str(caught.value)


@pytest.mark.parametrize(
    ("words", "length", "gammons"),
    [("NoCube:Crawford", 5, True), ("NoCube", 0, True), ("NoCube:Jacoby", 0, False)],
)
def test_gnubgs_match_without_the_cube_is_read_without_it(words, length, gammons):
    # gnubg's "set cube use off" writes RU[NoCube...]: it was read with the cube, and the
    # analysis judged cube decisions the players could not make. gnubg counts gammons
    # without the cube, in money play not under the Jacoby rule (its help says so).
    start = GameState.new(Rules.full(length), (0, 0))
    text = format_sgf(Record(start, ((),), ("Ann", "Bob")).extend([Action.roll((3, 1))]))
    text = re.sub(r"RU\[[^]]*\]", "", text).replace("PB[Bob]", f"PB[Bob]RU[{words}]", 1)
    rules = read_sgf(text).record.rules
    assert (rules.cube, rules.gammons, rules.match_length) == (False, gammons, length)


def test_a_match_without_the_cube_reads_back_from_either_kind_of_file():
    # Written as "Simple" (single wins), its gammons were lost. gnubg's .mat has no word for
    # no cube: ours is the header tag [Cube "Off"], which gnubg passes over.
    gammons = 0
    for seed in range(4):
        rules = Rules(gammons=True, match_length=5 if seed % 2 else 0)
        record = self_play(rules, random.Random(seed), RunnerPlayer(random.Random(seed)), games=3)
        gammons += sum(game.points > 1 for game in record.results())
        text = format_sgf(record)
        assert "RU[NoCube]" in text and read_sgf(text).record.rules == rules
        assert same_match(read_sgf(text).record, as_mat_keeps(record))
        mat = format_mat(record)
        assert '; [Cube "Off"]' in mat and parse_mat(mat).rules == rules
        assert same_match(parse_mat(mat), as_mat_keeps(record))
    assert gammons  # a gammon counted as two points, which "Simple" lost
