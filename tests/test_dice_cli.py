"""``python -m game dice --verify`` on our own files and on altered ones; the dice's header
lines in ``.mat`` files (GNU Backgammon still imports them) and the ``dice=`` of game links."""

from __future__ import annotations

import hashlib
import io
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest

from game.analysis.selfplay import RunnerPlayer, self_play_with_dice
from game.cli.dice import run
from game.engine.match import Rules
from game.engine.record import ROLL, Action, Record
from game.engine.seeded_dice import DiceCup, GameDice
from game.formats.game_link import (
    InvalidGameLink,
    format_game_link,
    parse_game_link,
    parse_game_link_dice,
)
from game.formats.mat import format_mat, parse_mat
from game.formats.mat_dice import InvalidDiceHeaders, read_dice_headers, with_dice_headers
from tests.gnubg_files import gnubg_open, needs_gnubg

ROOT = Path(__file__).resolve().parent.parent


def verify(text: str) -> tuple[int, str]:
    out = io.StringIO()
    code = run(text, out)
    return code, out.getvalue()


def match(seed: int, length: int = 5) -> tuple[Record, dict[int, GameDice]]:
    rng = random.Random(seed)
    return self_play_with_dice(Rules.full(match_length=length), rng, RunnerPlayer(rng))


def mat_text(record: Record, dice: dict[int, GameDice]) -> str:
    return with_dice_headers(format_mat(record), dice)


def total_rolls(record: Record, dice: dict[int, GameDice]) -> int:
    total = 0
    for number, game in enumerate(record.games, 1):
        made = sum(1 for action in game if action.kind == ROLL)
        total += DiceCup(bytes.fromhex(dice[number].seed or "")).numbered(made - 1)[0]
    return total


def test_our_matches_verify():
    for seed in range(6):
        record, dice = match(seed)
        code, said = verify(mat_text(record, dice))
        assert code == 0, said
        assert said == f"ok: {len(record.games)} games, {total_rolls(record, dice)} rolls\n"


def test_the_header_lines_read_back_and_the_match_is_unchanged():
    record, dice = match(1)
    text = mat_text(record, dice)
    assert read_dice_headers(text) == dice
    assert parse_mat(text) == record
    lines = text.splitlines()
    assert re.fullmatch(r'; \[Game 1 Dice Commitment "[0-9a-f]{64}"\]', lines[0])
    assert re.fullmatch(r'; \[Game 1 Dice Seed "[0-9a-f]{64}"\]', lines[1])


def with_roll_changed(seed: int, game: int, roll: int) -> tuple[str, int]:
    """A match whose game ``game`` has its roll after ``roll`` rolls changed (and the game
    played on from there with the seed's later rolls), and the changed roll's throw number."""
    record, dice = match(seed)
    cup = GameDice.cup(dice[game])
    actions = record.games[game - 1]
    rolls_seen = 0
    out = Record(record.start, (*record.games[: game - 1], ()), record.names)
    for action in actions:
        if action.kind == ROLL:
            if rolls_seen == roll:
                d1, d2 = action.dice  # type: ignore[misc]
                changed = (d1 % 6 + 1, d2) if roll else (d1, d2 % 6 + 1)
                if changed[0] == changed[1]:
                    changed = (changed[0], changed[1] % 6 + 1)
                out = out.append(Action.roll(changed))
                break
            rolls_seen += 1
        out = out.append(action)
    rng = random.Random(0)
    from game.analysis.selfplay import play_game

    class After:
        def roll(self, made: int) -> tuple[int, int]:
            return cup.roll(made)

    out = play_game(out, rng, RunnerPlayer(rng), After())  # type: ignore[arg-type]
    return mat_text(out, {game: dice[game]}) if game == 1 else "", cup.numbered(roll)[0]


@pytest.mark.parametrize("roll", [0, 1, 6])
def test_a_changed_roll_is_found(roll):
    text, number = with_roll_changed(3, 1, roll)
    code, said = verify(text)
    assert code == 1
    assert said.startswith(f"error: game 1 roll {number}: "), said
    assert "the seed gives" in said


def replace_tag(text: str, game: int, key: str, change) -> str:
    pattern = re.compile(rf'(; \[Game {game} Dice {key} ")([0-9a-f]{{64}})')
    found = pattern.search(text)
    assert found
    return text[: found.start(2)] + change(found.group(2)) + text[found.end(2) :]


def flip_digit(value: str) -> str:
    return ("1" if value[0] != "1" else "2") + value[1:]


def test_a_changed_seed_is_found():
    record, dice = match(2)
    text = replace_tag(mat_text(record, dice), 2, "Seed", flip_digit)
    code, said = verify(text)
    assert (code, said) == (1, "error: game 2 roll 1: the seed does not match the commitment\n")


def test_a_seed_changed_with_its_commitment_gives_other_rolls():
    record, dice = match(2)
    other = hashlib.sha256(b"another").digest()
    text = replace_tag(mat_text(record, dice), 1, "Seed", lambda _: other.hex())
    text = replace_tag(text, 1, "Commitment", lambda _: hashlib.sha256(other).hexdigest())
    code, said = verify(text)
    assert code == 1 and said.startswith("error: game 1 roll ")
    assert "the seed gives" in said


def test_a_changed_commitment_is_found():
    record, dice = match(4)
    text = replace_tag(mat_text(record, dice), 1, "Commitment", flip_digit)
    assert verify(text) == (1, "error: game 1 roll 1: the seed does not match the commitment\n")


def test_a_game_without_its_seed_or_commitment_is_refused():
    record, dice = match(5)
    hidden = {**dice, 1: GameDice(dice[1].commitment)}
    code, said = verify(mat_text(record, hidden))
    assert code == 1
    assert said == "error: game 1 roll 1: the seed is not revealed (the game is not over)\n"
    code, said = verify(format_mat(record))
    assert (code, said) == (1, "error: game 1 roll 1: no dice commitment for this game\n")


def test_bad_tags_and_files_are_refused_plainly():
    record, dice = match(6)
    text = mat_text(record, dice)
    short = replace_tag(text, 1, "Seed", lambda value: value[:-1] + '"')
    assert verify(short)[1].startswith("error: game 1 roll 1: line 2: cannot read the dice tag")
    odd = replace_tag(text, 1, "Seed", lambda value: value[:-1] + "g")
    assert verify(odd)[1].startswith("error: game 1 roll 1: line 2: the dice seed is not 64 hex")
    with pytest.raises(InvalidDiceHeaders, match="twice"):
        read_dice_headers(text.splitlines()[0] + "\n" + text)
    with pytest.raises(InvalidDiceHeaders, match="no commitment"):
        read_dice_headers('; [Game 3 Dice Seed "' + "a" * 64 + '"]\n')
    code, said = verify("hello")
    assert code == 1 and said.startswith("error: not a match file this reads: ")


def test_links_carry_the_dice_and_verify():
    record, dice = match(7)
    link = format_game_link(record, dice)
    assert parse_game_link(link) == parse_game_link(format_game_link(record))
    assert parse_game_link_dice(link) == dice
    assert verify(f"https://example.org/#{link}\n")[0] == 0
    assert verify(link)[1] == f"ok: {len(record.games)} games, {total_rolls(record, dice)} rolls\n"
    seed = dice[1].seed or ""
    tampered = link.replace(seed, flip_digit(seed))
    assert verify(tampered) == (1, "error: game 1 roll 1: the seed does not match the commitment\n")
    with pytest.raises(InvalidGameLink, match="dice of game 1"):
        parse_game_link_dice(link.replace(seed, seed[:-2]))


def test_old_links_read_with_no_dice():
    record, _ = match(8)
    old = format_game_link(record)
    assert "dice=" not in old and parse_game_link_dice(old) == {}
    assert parse_game_link(old) == record


@needs_gnubg
def test_gnubg_imports_files_with_dice_headers(tmp_path):

    records = [match(seed) for seed in range(3)]
    paths = []
    for index, (record, dice) in enumerate(records):
        path = tmp_path / f"dice{index}.mat"
        path.write_text(mat_text(record, dice))
        paths.append(path)
    for (record, _), (games, score, _) in zip(records, gnubg_open(paths, tmp_path), strict=True):
        assert games == len(record.games) and score == record.state.score


def test_the_command_line():
    def run_game(args: list[str], stdin: str) -> subprocess.CompletedProcess:
        return subprocess.run(
            [sys.executable, "-m", "game", *args],
            input=stdin.encode(),
            capture_output=True,
            cwd=ROOT,
            timeout=300,
        )

    made = run_game(["selfplay", "--length", "3", "--seed", "5", "--level", "beginner"], "")
    assert made.returncode == 0
    text = made.stdout.decode()
    done = run_game(["dice", "--verify"], text)
    assert done.returncode == 0 and re.fullmatch(rb"ok: \d+ games, \d+ rolls\n", done.stdout)
    assert run_game(["replay"], text).returncode == 0
    altered = replace_tag(text, 1, "Commitment", flip_digit)
    done = run_game(["dice", "--verify"], altered)
    assert done.returncode == 1 and done.stdout.startswith(b"error: game 1 roll 1: ")
    assert run_game(["dice"], "").returncode == 2


def sgf_text(record: Record, dice: dict[int, GameDice]) -> str:
    from game.formats.sgf import format_sgf
    from game.formats.sgf_dice import dice_properties

    return format_sgf(record, dice_properties(dice))


def test_sgf_files_carry_the_dice_and_verify():
    from game.formats.sgf_dice import read_sgf_dice

    record, dice = match(9)
    text = sgf_text(record, dice)
    assert read_sgf_dice(text)[1] == dice
    assert verify(text) == (
        0,
        f"ok: {len(record.games)} games, {total_rolls(record, dice)} rolls\n",
    )
    seed = dice[1].seed or ""
    code, said = verify(text.replace(seed, flip_digit(seed)))
    assert (code, said) == (1, "error: game 1 roll 1: the seed does not match the commitment\n")
    commitment = dice[2].commitment
    code, said = verify(text.replace(commitment, flip_digit(commitment)))
    assert (code, said) == (1, "error: game 2 roll 1: the seed does not match the commitment\n")
    code, said = verify(text.replace(f"DS[{seed}]", f"DS[{seed[:-1]}]"))
    assert code == 1 and "64 hex digits" in said


def test_a_changed_roll_in_an_sgf_file_is_found():
    from game.formats.sgf import format_sgf, parse_sgf
    from game.formats.sgf_dice import dice_properties

    text, number = with_roll_changed(3, 1, 6)
    dice = read_dice_headers(text)
    changed = format_sgf(parse_mat(text), dice_properties(dice))
    code, said = verify(changed)
    assert code == 1 and said.startswith(f"error: game 1 roll {number}: ")
    assert parse_sgf(changed).state == parse_mat(text).state


@needs_gnubg
def test_gnubg_loads_sgf_files_with_dice(tmp_path):

    records = [match(seed) for seed in range(3)]
    paths = []
    for index, (record, dice) in enumerate(records):
        path = tmp_path / f"dice{index}.sgf"
        path.write_text(sgf_text(record, dice))
        paths.append(path)
    loaded = gnubg_open(paths, tmp_path)
    for (record, _), (games, score, _) in zip(records, loaded, strict=True):
        assert games == len(record.games) and score == record.state.score


def dice_faults(text: str) -> list[str]:
    """The .mat text with its dice tags spoilt the ways a careless or hostile editor would."""
    lines = text.splitlines()
    commitment, seed = lines[0], lines[1]
    hex_of = re.compile(r'"[0-9a-f]{64}"')
    return [
        hex_of.sub('"' + "a" * 63 + '"', commitment) + "\n" + "\n".join(lines[1:]),
        hex_of.sub('"' + "a" * 65 + '"', seed) + "\n" + "\n".join([commitment, *lines[2:]]),
        hex_of.sub('"' + "g" * 64 + '"', seed) + "\n" + "\n".join([commitment, *lines[2:]]),
        hex_of.sub('"' + "a" * 32 + "\x00" + "a" * 31 + '"', commitment)
        + "\n"
        + "\n".join(lines[1:]),
        "\n".join([commitment, *lines]),  # the commitment twice
        "\n".join([seed, *lines]),  # the seed twice
        "\n".join(lines[1:]),  # a seed without its commitment
        seed.replace('"]', "x" * 1_000_000 + '"]') + "\n" + "\n".join([commitment, *lines[2:]]),
        seed.replace("Game 1", "Game 99999999999") + "\n" + "\n".join([commitment, *lines[2:]]),
    ]


def test_every_dice_fault_is_named_by_its_game_and_roll_in_few_words():
    record, dice = match(9)
    for text in dice_faults(mat_text(record, dice)):
        code, said = verify(text)
        assert code == 1 and said.startswith("error: game 1 roll 1: "), said[:200]
        assert len(said) < 200, said[:300]


def test_a_game_number_or_seed_in_other_digits_or_with_a_line_end_verifies_nothing():
    record, dice = match(10)
    text = mat_text(record, dice)
    for digits in ("\u0661", "\uff11"):  # Arabic-Indic and full-width one: not game numbers
        code, said = verify(text.replace("[Game 1 Dice", f"[Game {digits} Dice"))
        assert code == 1 and said.startswith("error: game 1 roll 1: "), said
    link = format_game_link(record, dice)
    seed = dice[1].seed or ""
    code, said = verify(link.replace(seed, seed + "%0A"))
    assert code == 1 and said.startswith("error: game 1 roll 1: "), said


def test_a_file_whose_tags_look_like_a_link_is_read_as_the_file():
    record, dice = match(11)
    text = mat_text(record, dice)
    tagged = '; [Event "game=1"]\n' + text
    assert verify(tagged)[0] == 0
    numbered = "1. a match we played\n" + text
    assert verify(numbered)[0] == 0


def test_sgf_dice_faults_are_named_by_game_and_roll():
    from game.formats.sgf import format_sgf
    from game.formats.sgf_dice import dice_properties

    record, dice = match(12)
    text = format_sgf(record, dice_properties(dice))
    seed = dice[1].seed or ""
    code, said = verify(text.replace(seed, seed[:-1]))
    assert code == 1 and said.startswith("error: game 1 roll 1: DS"), said
