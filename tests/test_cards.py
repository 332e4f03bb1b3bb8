"""Cards: the decisions of a match a player got wrong, and ``python -m game cards``."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

import pytest

from game.analysis.cards import CUBE_WORDS, cards_of
from game.analysis.hint import hint_lines
from game.analysis.record_analysis import analyse_record
from game.cli import cards as cards_cli
from game.engine.match import Rules
from game.engine.record import Action, Record
from game.formats import parse_gnubg_id
from game.formats.mat import format_mat, parse_mat

MATCH = Path(__file__).parent / "data" / "matches" / "gnubg-noisy-5-3.mat"
SAVED = Path(__file__).parent / "data" / "sgf" / "gnubg-noisy-5-3.sgf"  # gnubg's save of MATCH


@pytest.fixture(scope="module")
def analysis():
    return analyse_record(parse_mat(MATCH.read_text()), plies=1)


@pytest.fixture(scope="module")
def printed() -> list[str]:
    out = io.StringIO()
    assert cards_cli.main(["--plies", "1"], io.StringIO(MATCH.read_text()), out) == 0
    return out.getvalue().splitlines()


def test_the_cards_are_exactly_the_decisions_marked_doubtful_or_worse(analysis):
    marked = [
        (number, decision)
        for number, game in enumerate(analysis.games)
        for decision in game.decisions
        if decision.mark is not None
    ]
    cards = cards_of(analysis)
    assert [(card.game, card.decision) for card in cards] == marked
    assert len(cards) >= 5  # the noisy players of this match err often, checker and cube
    assert {card.is_cube for card in cards} == {True, False}
    assert all(card.loss >= 0.04 for card in cards)


def test_each_line_is_the_card_the_analysis_judged(analysis, printed):
    cards = cards_of(analysis)
    assert len(printed) == len(cards)
    for line, card in zip(printed, cards, strict=True):
        _, player, loss, rest = line.split(" ", 3)
        played, best = rest.split(" | ")
        decision = card.decision
        assert int(player) == decision.player + 1
        assert loss == f"{decision.error:.3f}" and float(loss) >= 0.04
        if card.is_cube:
            assert played == CUBE_WORDS[decision.kind] and best in CUBE_WORDS.values()
        else:
            assert (played, best) == (decision.chosen, decision.best)


def test_a_cards_position_is_what_hint_reads_and_judges_the_same_way(printed):
    for line in printed:
        ident, _, _, rest = line.split(" ", 3)
        played, best = rest.split(" | ")
        _, match = parse_gnubg_id(ident)
        answer = hint_lines(ident, plies=1)
        if match.dice == (0, 0):
            action, response = answer[0].split()
            # The cube hint of the doubler: the card's best answer is its action or response.
            words = {"no-double": "no double", "double": "double", "take": "take",
                     "pass": "pass", "beaver": "beaver"}  # fmt: skip
            if played in ("no double", "double"):
                assert best == words[action]
            else:
                assert match.double_offered and best == words[response]
        else:
            notations = [row.split(" ", 2)[2] for row in answer]
            assert notations[0] == best and played in notations


def test_cards_come_in_the_order_of_games_and_moves(analysis):
    cards = cards_of(analysis)
    keys = [(card.game, card.decision.index) for card in cards]
    assert keys == sorted(keys) and len({card.game for card in cards}) > 1


def test_gnubgs_sgf_of_the_match_gives_the_same_cards(printed):
    out = io.StringIO()
    assert cards_cli.main(["--plies", "1"], io.StringIO(SAVED.read_text()), out) == 0
    assert out.getvalue().splitlines() == printed


def test_a_match_played_well_has_no_cards():
    record = Record.new(Rules.full(match_length=3)).extend(
        [Action.roll((3, 1)), Action.play([(8, 5), (6, 5)])]
    )
    out = io.StringIO()
    assert cards_cli.main(["--plies", "1"], io.StringIO(format_mat(record)), out) == 0
    assert out.getvalue() == ""


@pytest.mark.parametrize(
    "text",
    ["", "not a match\n", " 3 point match\n\n Game 1\n A : 0   B : 0\n  1) 31: 24/1\n"],
)
def test_a_file_that_cannot_be_read_says_error_and_exits_1(text):
    out = io.StringIO()
    assert cards_cli.main([], io.StringIO(text), out) == 1
    assert out.getvalue().startswith("error: ") and out.getvalue().count("\n") == 1


def test_the_command_line_runs_and_refuses_unknown_options():
    done = subprocess.run(
        [sys.executable, "-m", "game", "cards", "--plies", "3"],
        input="",
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 2 and "--plies" in done.stderr
    done = subprocess.run(
        [sys.executable, "-m", "game", "cards", "--plies", "1"],
        input="garbage\n",
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 1 and done.stdout.startswith("error: ")
