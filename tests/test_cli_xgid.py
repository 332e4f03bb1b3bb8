"""The request commands take an XGID wherever they take a gnubg ID, and answer the same (issue 32):
``moves`` and ``best`` an ``XGID=...`` or ``PID:MID`` line with its dice (or dice after it)
as well as ``POSITION_ID D1 D2``, ``cube`` and ``hint`` an XGID for ``PID:MID``."""

from __future__ import annotations

import io
import random

import pytest

from game.bot import choose_play
from game.bot.cube import CubeState
from game.cli import best, cube, hint, moves
from game.cli.lines import serve
from game.cli.rollout import read_request
from game.engine.match import Rules
from game.engine.state import GameState
from game.formats.gnubg_id import write_gnubg_id
from game.formats.match_id import parse_gnubg_id
from game.formats.position_id import format_position_id
from game.formats.xgid import format_xgid, xgid_from_match
from tests import soak


def pairs(count: int, seed: int, dice: bool) -> list[tuple[str, str]]:
    """(gnubg ID, XGID) of states that play reaches, with dice rolled or not."""
    rng = random.Random(seed)
    found: list[tuple[str, str]] = []
    while len(found) < count:
        state = soak.random_state(rng, 60)
        try:
            gnubg = write_gnubg_id(state)
            position, match = parse_gnubg_id(gnubg)
            xgid = format_xgid(xgid_from_match(position, match))
        except ValueError:
            continue
        if (match.dice != (0, 0)) == dice and not match.double_offered:
            found.append((gnubg, xgid))
    return found


def answers(answerer, lines: list[str]) -> list[str]:
    out = io.StringIO()
    serve(answerer, lines, out)
    return out.getvalue().splitlines()


ROLLED = pairs(40, 1, dice=True)
NOT_ROLLED = pairs(12, 2, dice=False)


def test_moves_and_best_answer_an_xgid_as_its_position_and_dice():
    by_id, by_xgid = [], []
    for gnubg, xgid in ROLLED:
        position, match = parse_gnubg_id(gnubg)
        d1, d2 = match.dice
        by_id.append(f"{format_position_id(position)} {d1} {d2}")
        by_xgid.append(xgid)
    answer_moves = moves.answerer([])
    assert answers(answer_moves, by_xgid) == answers(answer_moves, by_id)
    assert answers(answer_moves, [f"{x} 6 6" for x in by_xgid[:5]]) == answers(
        answer_moves, [f"{r.rsplit(' ', 2)[0]} 6 6" for r in by_id[:5]]
    )
    answer_best = best.answerer(["--level", "strong"])  # no noise: the same play each time
    gnubg_ids = [gnubg for gnubg, _ in ROLLED]
    assert answers(answer_best, by_xgid[:8]) == answers(answer_best, gnubg_ids[:8])


def test_best_plays_an_ids_match_score_and_a_bare_position_id_for_money():
    """An ID's match score is played to (the match equity table); a Position ID alone is money."""
    answer_best = best.answerer(["--level", "strong"])
    matches = [(gnubg, parse_gnubg_id(gnubg)) for gnubg, _ in ROLLED]
    matches = [(gnubg, pm) for gnubg, pm in matches if pm[1].match_length > 0][:8]
    assert matches
    for gnubg, (position, match) in matches:
        at_score = choose_play(position, match.dice, "strong", state=CubeState.from_match_id(match))
        money = choose_play(position, match.dice, "strong")
        d1, d2 = match.dice
        bare = f"{format_position_id(position)} {d1} {d2}"
        assert answers(answer_best, [gnubg, bare]) == [
            "-" if play is None else format_position_id(play.position) for play in (at_score, money)
        ]


def test_dice_may_be_one_word_and_an_id_with_none_asks_for_them():
    gnubg, _ = ROLLED[0]
    d1, d2 = parse_gnubg_id(gnubg)[1].dice
    pid = gnubg.split(":")[0]
    answer_moves = moves.answerer([])
    assert answers(answer_moves, [f"{pid} {d1}{d2}"]) == answers(answer_moves, [f"{pid} {d1} {d2}"])
    assert answers(answer_moves, [f"{gnubg} {d1}{d2}"]) == answers(answer_moves, [gnubg])
    no_dice, _ = NOT_ROLLED[0]
    assert answers(answer_moves, [no_dice]) == [
        "error: the ID has no dice rolled: write them after it ('ID 3 1')"
    ]
    assert answers(answer_moves, [f"{pid} 7{d2}"])[0].startswith("error: ")
    assert answers(answer_moves, [f"{pid} {d1}{d2}{d2}"])[0].startswith("error: ")


def test_cube_and_hint_answer_an_xgid_as_its_gnubg_id():
    answer_cube = cube.answerer(["--plies", "0"])
    gnubgs = [gnubg for gnubg, _ in NOT_ROLLED]
    xgids = [xgid for _, xgid in NOT_ROLLED]
    assert answers(answer_cube, xgids) == answers(answer_cube, gnubgs)
    answer_hint = hint.answerer(["--plies", "1"])
    sample = NOT_ROLLED[:3] + ROLLED[:3]
    assert answers(answer_hint, [x for _, x in sample]) == answers(
        answer_hint, [g for g, _ in sample]
    )


@pytest.mark.parametrize(
    ("request_line", "words"),
    [
        ("XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10", "no dice"),
        ("XGID=-b----E-C---eE---c-e----B-:0:0:1:²3:0:0:0:0:10", "dice are two digits"),
        ("XGID=-b----E-C---eE---c-e----B-:0:0:1:31:0:0:0:0:10 3", "XGID=... [D1 D2]"),
        ("XGID=-b----E-C---eE---c-e----B-:0:0:1:31:0:0:0:0:10 3 ²", "dice are numbers"),
    ],
)
def test_a_bad_xgid_request_is_answered_in_words(request_line, words):
    (line,) = answers(moves.answerer([]), [request_line])
    assert line.startswith("error: ") and words in line and len(line) < 160


def test_hint_cube_and_rollout_refuse_a_finished_game_and_stray_words_alike():
    opened = GameState.new(Rules.full(match_length=3)).set_dice((3, 1))
    finished = write_gnubg_id(opened.resign(1).accept_resignation())
    going_on = write_gnubg_id(opened.play(opened.legal_plays()[0]))
    for answerer, over in [
        (hint.answerer(["--plies", "1"]), "there is nothing to hint"),
        (cube.answerer(["--plies", "0"]), "there is no cube decision to make"),
    ]:
        assert [line for line in answers(answerer, [finished, f"{going_on} 3"]) if line] == [
            f"error: the game is over: {over}",
            f"error: expected 'POSITION_ID:MATCH_ID' or an XGID, got '{going_on} 3'",
        ]
    with pytest.raises(ValueError, match="the game is over: there is nothing to roll out"):
        read_request(finished)
    with pytest.raises(ValueError, match="expected 'POSITION_ID:MATCH_ID' or an XGID"):
        read_request(f"{going_on} 3")
    assert read_request(f"{going_on} 3 1").dice == (3, 1)
