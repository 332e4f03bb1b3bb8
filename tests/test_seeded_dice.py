"""Dice you can check: the published method, the cup, the check of a game's rolls, and the
computer opponent blind to the seed."""

from __future__ import annotations

import hashlib
import hmac
import random
import re
from pathlib import Path

import pytest

from game.analysis.selfplay import BotPlayer, RunnerPlayer, play_game, self_play_with_dice
from game.engine import seeded_dice
from game.engine.match import Rules
from game.engine.record import ROLL, Record
from game.engine.seeded_dice import (
    DiceCup,
    DiceMismatch,
    GameDice,
    check_game_rolls,
    commitment,
    game_rolls,
    new_seed,
    throw,
)

DOC = Path(__file__).resolve().parent.parent / "docs" / "dice.md"


def independent_throw(seed: bytes, n: int) -> tuple[int, int]:
    """The method written out again from its words (the 16 refused values never come up)."""
    x = int.from_bytes(hmac.new(seed, str(n).encode("ascii"), hashlib.sha256).digest(), "big")
    assert x < 2**256 - 16
    return x % 36 // 6 + 1, x % 6 + 1


def test_throws_follow_the_published_method():
    for index in range(20):
        seed = hashlib.sha256(bytes([index])).digest()
        for n in range(1, 60):
            assert throw(seed, n) == independent_throw(seed, n)


def test_the_refused_values_make_every_outcome_equally_likely():
    limit = seeded_dice._LIMIT
    assert limit % 36 == 0 and 2**256 - limit == 16 == 2**256 % 36


def test_a_refused_value_throws_again_with_the_next_message(monkeypatch):
    seed = bytes(32)
    first = int.from_bytes(hmac.digest(seed, b"5", "sha256"), "big")
    monkeypatch.setattr(seeded_dice, "_LIMIT", first)  # the value of message "5" is refused
    again = int.from_bytes(hmac.digest(seed, b"5/1", "sha256"), "big")
    if again >= first:  # refused too: then "5/2"
        again = int.from_bytes(hmac.digest(seed, b"5/2", "sha256"), "big")
        assert again < first
    assert throw(seed, 5) == (again % 36 // 6 + 1, again % 6 + 1)


def test_the_outcomes_are_spread_evenly():
    seed = bytes(range(32))
    counts: dict[tuple[int, int], int] = {}
    for n in range(1, 36 * 400 + 1):
        dice = throw(seed, n)
        counts[dice] = counts.get(dice, 0) + 1
    assert len(counts) == 36
    # 400 expected per outcome; a fair source stays within 5 standard deviations (~100).
    assert all(280 < count < 520 for count in counts.values()), counts


def test_the_opening_roll_skips_tied_throws():
    tied = next(
        seed
        for seed in (hashlib.sha256(str(i).encode()).digest() for i in range(500))
        if throw(seed, 1)[0] == throw(seed, 1)[1]
    )
    rolls = game_rolls(tied)
    number, opening = next(rolls)
    assert number >= 2 and opening[0] != opening[1]
    assert all(throw(tied, k)[0] == throw(tied, k)[1] for k in range(1, number))
    assert opening == throw(tied, number)
    assert next(rolls) == (number + 1, throw(tied, number + 1))
    cup = DiceCup(tied)
    assert cup.numbered(0) == (number, opening) and cup.roll(1) == throw(tied, number + 1)


def test_each_seed_is_fresh_and_its_commitment_is_its_sha256():
    first, second = new_seed(), new_seed()
    assert len(first) == 32 and first != second
    assert commitment(first) == hashlib.sha256(first).digest()
    cup = DiceCup(first)
    dice = cup.game_dice(revealed=False)
    assert dice.seed is None and dice.commitment == hashlib.sha256(first).hexdigest()
    assert cup.game_dice(revealed=True).seed == first.hex()


@pytest.mark.parametrize("seed", [b"", bytes(31), bytes(33), "00" * 32])
def test_a_cup_needs_32_bytes(seed):
    with pytest.raises(ValueError, match="32 bytes"):
        DiceCup(seed)


@pytest.mark.parametrize(
    "commitment_text, seed_text",
    [("AB" * 32, None), ("ab" * 31, None), ("ab" * 32, "cd" * 33), ("ab" * 32, "zz" * 32)],
)
def test_game_dice_are_64_lowercase_hex_digits(commitment_text, seed_text):
    with pytest.raises(ValueError, match="64 lowercase hex digits"):
        GameDice(commitment_text, seed_text)


def seeded_game(seed: bytes) -> tuple[list[tuple[int, int]], GameDice]:
    cup = DiceCup(seed)
    rolls = [cup.roll(k) for k in range(30)]
    return rolls, cup.game_dice(revealed=True)


def test_check_game_rolls_counts_the_throws():
    seed = hashlib.sha256(b"check").digest()
    rolls, dice = seeded_game(seed)
    last = DiceCup(seed).numbered(29)[0]
    assert check_game_rolls(dice, rolls) == last
    swapped = [rolls[0]] + [(b, a) for a, b in rolls[1:]]
    assert check_game_rolls(dice, swapped) == last  # two dice are a pair


def test_check_game_rolls_finds_the_first_roll_that_differs():
    seed = hashlib.sha256(b"differs").digest()
    rolls, dice = seeded_game(seed)
    changed = list(rolls)
    changed[7] = (rolls[7][0] % 6 + 1, rolls[7][1])
    with pytest.raises(DiceMismatch) as found:
        check_game_rolls(dice, changed)
    assert found.value.roll == DiceCup(seed).numbered(7)[0]
    assert "the seed gives" in str(found.value)
    opening = [(rolls[0][1], rolls[0][0]), *rolls[1:]]  # who had which die matters
    with pytest.raises(DiceMismatch, match="the opening roll"):
        check_game_rolls(dice, opening)


def test_check_game_rolls_refuses_a_seed_not_committed_or_not_revealed():
    rolls, dice = seeded_game(hashlib.sha256(b"seed").digest())
    other = GameDice(hashlib.sha256(b"x").hexdigest(), dice.seed)
    with pytest.raises(DiceMismatch, match="does not match the commitment") as found:
        check_game_rolls(other, rolls)
    assert found.value.roll == 1
    with pytest.raises(DiceMismatch, match="not revealed"):
        check_game_rolls(GameDice(dice.commitment), rolls)


def test_self_play_with_dice_takes_every_roll_from_its_games_seeds():
    rng = random.Random(4)
    record, dice = self_play_with_dice(Rules.full(match_length=5), rng, RunnerPlayer(rng))
    assert sorted(dice) == list(range(1, len(record.games) + 1))
    for number, game in enumerate(record.games, 1):
        rolls = [action.dice for action in game if action.kind == ROLL]
        assert check_game_rolls(dice[number], rolls) >= len(rolls)  # type: ignore[arg-type]
    seeds = {game.seed for game in dice.values()}
    assert len(seeds) == len(dice)  # each game its own seed


class ScriptedCup(DiceCup):
    """The same rolls as a played game, one at a time, behind another seed entirely: the seed
    replaced, and no roll known before it is made."""

    def __init__(self, rolls: list[tuple[int, int]]):
        super().__init__(hashlib.sha256(b"another seed").digest())
        self.rolls, self.asked = rolls, 0

    def roll(self, made: int) -> tuple[int, int]:
        assert made == self.asked, "a roll asked for out of turn"
        self.asked += 1
        return self.rolls[made]


@pytest.mark.parametrize("level", ["beginner", "intermediate"])
def test_the_computer_plays_the_same_with_the_seed_replaced(level):
    rules = Rules.full(match_length=3)
    seed = hashlib.sha256(level.encode()).digest()
    bot_rng = random.Random(9)
    played = play_game(Record.new(rules), bot_rng, BotPlayer(level, bot_rng), DiceCup(seed))
    rolls = [action.dice for action in played.games[0] if action.kind == ROLL]
    bot_rng = random.Random(9)
    again = play_game(
        Record.new(rules),
        bot_rng,
        BotPlayer(level, bot_rng),
        ScriptedCup(rolls),  # type: ignore[arg-type]
    )
    assert again == played  # every play and cube decision the same


def test_the_bot_never_imports_the_seeded_dice():
    root = Path(__file__).resolve().parent.parent / "game"
    for path in [*root.glob("bot/**/*.py"), root / "web" / "worker" / "computer.py"]:
        assert "seeded_dice" not in path.read_text(), path


def test_the_lines_in_the_docs_check_a_game():
    code = re.search(r"```python\n(.*?)```", DOC.read_text(), re.S).group(1)  # type: ignore[union-attr]
    seed = hashlib.sha256(b"docs").digest()
    code = code.replace("SEED: 64 hex digits", seed.hex())
    code = code.replace("COMMITMENT: 64 hex digits", commitment(seed).hex())
    code = code.replace("print(n, *throw(n))", "pass")
    space: dict[str, object] = {}
    exec(code, space)
    assert [space["throw"](n) for n in range(1, 80)] == [throw(seed, n) for n in range(1, 80)]  # type: ignore[operator]
