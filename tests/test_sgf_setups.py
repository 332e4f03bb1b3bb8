"""Edited games: positions, turns and cubes set up by hand inside a game (GNU Backgammon's
``.sgf`` ``AE``/``AB``/``AW``, ``PL``, ``CV``, ``CP``) and a roll by the player not on turn,
read as gnubg 1.07 reads them, kept as ``setup`` actions by the record, the ``.sgf`` writer
and the game link; a ``.mat`` file cannot hold them and says so.

tests/data/sgf_edited: ``gnubg107-edited-position.sgf`` is gnubg 1.07's own save of a match
edited during play (``set board``, ``set cube value``, ``set cube owner``);
``out-of-turn-roll.sgf`` has Black roll twice in a row, as a Backgammon Galaxy file does.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from game.engine.match import Cube, Rules
from game.engine.position import Position
from game.engine.record import Action, ActionKind, Record, RecordError, same_moment
from game.formats.game_link import decode_game, encode_game
from game.formats.gnubg_id import write_gnubg_id
from game.formats.mat import format_mat
from game.formats.sgf import InvalidSgfFile, format_sgf, parse_sgf
from tests.gnubg_files import needs_gnubg, run_gnubg

EDITED = Path(__file__).parent / "data" / "sgf_edited"


def gnubg_says(commands: str, tmp_path: Path) -> str:
    """What gnubg 1.07 prints for ``commands``."""
    return run_gnubg(commands, tmp_path, timeout=300).stdout


def gnubg_ids(path: Path, tmp_path: Path) -> str:
    """The ``PID:MID`` gnubg 1.07 shows after loading ``path``."""
    shown = gnubg_says(f"load match {path}\nshow board\n", tmp_path)
    position = re.findall(r"Position ID: (\S+)", shown)
    match = re.findall(r"Match ID\s*: (\S+)", shown)
    assert position and match, shown[-1500:]
    return f"{position[-1]}:{match[-1]}"


def kinds(record: Record) -> list[str]:
    return [str(action.kind) for game in record.games for action in game]


def test_a_position_set_up_by_gnubg_is_read_as_a_setup_action():
    record = parse_sgf((EDITED / "gnubg107-edited-position.sgf").read_text())
    assert kinds(record).count("setup") == 3  # the board and turn, then the cube, its owner
    board, value, owner = [a for a in record.games[0] if a.kind == ActionKind.SETUP]
    assert board.position == Position.start() and board.player == 1  # Black to roll
    assert (value.cube, owner.cube) == (Cube(2), Cube(2, 1))
    assert record.state.cube == Cube(2, 1) and record.state.turn == 1


def test_a_roll_by_the_player_not_on_turn_goes_on_as_gnubg_lets_it():
    record = parse_sgf((EDITED / "out-of-turn-roll.sgf").read_text())
    actions = [str(a) for a in record.games[0]]
    assert actions[6:9] == ["setup for 1", "roll 43", "play 13/9 13/10"]  # Black again
    assert actions[9:] == ["roll 21", "play 25/23 23/22"] and record.state.turn == 1  # White


@needs_gnubg
@pytest.mark.gnubg
@pytest.mark.parametrize("name", ["gnubg107-edited-position.sgf", "out-of-turn-roll.sgf"])
def test_an_edited_game_ends_where_gnubg_ends_it(name, tmp_path):
    path = EDITED / name
    ours = parse_sgf(path.read_text())
    assert write_gnubg_id(ours.state) == gnubg_ids(path, tmp_path)
    written = tmp_path / f"ours-{name}"
    written.write_text(format_sgf(ours))  # and gnubg reads our own save of it alike
    assert gnubg_ids(written, tmp_path) == write_gnubg_id(ours.state)


@needs_gnubg
@pytest.mark.gnubg
def test_a_fibs_log_gnubg_edits_reads_through_gnubgs_own_sgf_of_it(tmp_path):
    # FIBS kept an illegal play and logged the board after it; gnubg sets that board, and its
    # .sgf of the file holds the set-up: read, it ends where gnubg ends it.
    log = Path(__file__).parent / "data" / "mat_edited" / "fibs-illegal-play-kept-game-12.mat"
    shown = gnubg_says(f"import mat {log}\nsave match {tmp_path}/fibs.sgf\nshow score\n", tmp_path)
    found = re.search(r"is: \S+ (\d+), \S+ (\d+) \(", shown)
    assert found, shown[-1500:]
    record = parse_sgf((tmp_path / "fibs.sgf").read_text())
    # the board set with White to roll, then Black's roll: Black rolls from it, as in gnubg
    assert kinds(record).count("setup") == 2
    assert record.state.score == (int(found.group(1)), int(found.group(2)))


def edited_record() -> Record:
    record = Record.new(Rules.full(match_length=5), names=("Ann", "Bob"))
    record = record.extend([Action.roll((3, 1)), Action.play([(8, 5), (6, 5)])])
    bar = Position.from_points({25: 1, 6: 5, 8: 3, 13: 5}, {24: 2, 13: 5, 8: 3, 6: 4})
    record = record.append(Action.setup(bar, 0, Cube(4, 1)))  # Ann on the bar, cube Bob's
    return record.extend([Action.roll((2, 5)), Action.play([(25, 23), (13, 8)])])


def test_a_setup_goes_through_the_sgf_and_the_link_and_the_mat_refuses_it():
    record = edited_record()
    for back in (parse_sgf(format_sgf(record)), decode_game(encode_game(record))):
        assert kinds(back) == kinds(record)
        for (_, _, one), (_, _, other) in zip(back.steps(), record.steps(), strict=True):
            assert same_moment(one, other)
        assert [a.dice for a in back.games[0]] == [a.dice for a in record.games[0]]
    assert encode_game(record).startswith("3.")
    with pytest.raises(ValueError, match="cannot hold a position set up by hand"):
        format_mat(record)


def test_a_setup_the_rules_refuse_says_why():
    record = Record.new(Rules.full(match_length=5))
    finished = Position.from_points({}, {6: 15})
    with pytest.raises(RecordError, match="already over"):
        record.append(Action.setup(finished, 0))
    simple = Record.new(Rules.simple())
    with pytest.raises(RecordError, match="cube"):
        simple.append(Action.setup(Position.start(), 0, Cube(2)))


@pytest.mark.parametrize(
    "node, reason",
    [
        ("AW[a][a]", "17 checkers"),
        ("CV[3]", "not a cube's value"),
        ("CP[q]", "not a cube's owner"),
        ("AE[a:y]AW[" + "x" * 500 + "]", "cannot read the point"),
    ],
)
def test_a_setup_that_cannot_be_read_gets_a_short_message(node, reason):
    text = f"(;GM[6]MI[length:3]PW[a]PB[b];B[31qtst];{node})"
    with pytest.raises(InvalidSgfFile, match=reason) as refused:
        parse_sgf(text)
    assert str(refused.value).startswith("game 1 move 2") and len(str(refused.value)) < 160
