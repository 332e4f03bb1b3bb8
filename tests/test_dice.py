"""Dice: a roll is two numbers from 1 to 6, taken from the random source passed in."""

from __future__ import annotations

import random

from game.engine.dice import opening_roll, roll


class LoadedDice(random.Random):
    """A random source that throws the numbers it is given, in order."""

    def __init__(self, *numbers: int) -> None:
        super().__init__(0)
        self.numbers = list(numbers)

    def randint(self, a: int, b: int) -> int:
        return self.numbers.pop(0)


def test_a_roll_is_two_dice_from_one_to_six_and_shows_every_combination():
    rng = random.Random(11)
    rolls = [roll(rng) for _ in range(2000)]
    assert all(1 <= d <= 6 for pair in rolls for d in pair)
    assert len(set(rolls)) == 36


def test_the_same_seed_gives_the_same_rolls():
    first = [roll(random.Random(5)) for _ in range(3)]
    assert [roll(random.Random(5)) for _ in range(3)] == first
    a, b = random.Random(9), random.Random(9)
    assert [roll(a) for _ in range(50)] == [roll(b) for _ in range(50)]


def test_opening_roll_is_one_die_each_in_player_order():
    assert opening_roll(LoadedDice(2, 5)) == (2, 5)
    assert opening_roll(LoadedDice(6, 1)) == (6, 1)


def test_opening_roll_throws_ties_again():
    assert opening_roll(LoadedDice(3, 3, 4, 4, 1, 6)) == (1, 6)


def test_opening_roll_is_never_a_tie():
    rng = random.Random(3)
    assert all(len(set(opening_roll(rng))) == 2 for _ in range(500))
