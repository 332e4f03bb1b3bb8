"""A decision's look two rolls ahead cut into parts that other workers answer, the play the
same as ``choose_play``'s to the last digit.

    >>> from game.engine.position import Position
    >>> from game.formats import parse_position_id
    >>> position, dice = parse_position_id("bdsDAhDz/AAAAA"), (2, 2)   # a close call
    >>> planned = planned_play(position, dice, "expert")  # here: the look one roll ahead
    >>> requests = planned.requests(2)                    # plain data, for two workers
    >>> answers = [part_answer(request) for request in requests]   # in the workers
    >>> from game.bot import choose_play
    >>> planned.play(answers) == choose_play(position, dice, "expert")
    True

``planned_play`` ranks the plays as ``choose_play`` does up to its look two rolls ahead
and decides which of the closest plays that look pays for (``deeper.paid_looks``: their
cost is known from the first rolls the look one roll ahead kept, so the choice is the
same whoever answers). What is left is the other side's best play of each second roll
after each first roll's reply: a part is a plain request naming positions (the other side
on roll) and their second rolls; its answer, the mover's five probabilities after each
(``part_answer``). A position met by both plays, or after several first rolls, is asked
once. ``PlannedPlay.play`` adds the answers in the serial order (``deeper.summed``), and
works out here any part left unanswered (a worker that failed).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from game.bot import picked
from game.bot.budget import Value
from game.bot.deeper import AfterFirst, answered, deeper_ranking
from game.bot.levels import level_named
from game.bot.rolls import Rolls
from game.engine.plays import Play, legal_plays
from game.engine.position import Position

PART = "deep-part"  # a part's request names its task so


class PartError(ValueError):
    """A part's request that is not one."""


@dataclass
class PlannedPlay:
    """``choose_play``'s decision with its look two rolls ahead still to answer: ``units``
    (each position after a first roll's reply with the second rolls it meets, each asked
    once); ``decided`` when there is nothing to answer (``units`` empty)."""

    decided: Play | None = None
    noise: float = 0.0
    ranking: Any = None  # search.Ranking (imported with the search)
    paid: list[tuple[Play, AfterFirst]] = field(default_factory=list)
    value: Value | None = None
    reckon: int = 0
    units: list[tuple[Rolls, list[tuple[int, int]]]] = field(default_factory=list)

    def requests(self, count: int) -> list[dict[str, Any]]:
        """The parts' requests for ``count`` workers (fewer if there is less to share): the
        units dealt out by their cost in positions, the dearest first to the least loaded."""
        loads = [0] * max(1, count)
        dealt: list[list[int]] = [[] for _ in loads]
        costs = [sum(rolls.cost_of(dice, 1) for dice in dices) for rolls, dices in self.units]
        for index in sorted(range(len(self.units)), key=lambda unit: -costs[unit]):
            lightest = loads.index(min(loads))
            loads[lightest] += costs[index]
            dealt[lightest].append(index)
        return [self._request(sorted(indices)) for indices in dealt if indices]

    def _request(self, indices: list[int]) -> dict[str, Any]:
        units = [
            [
                list(rolls.position.player) + list(rolls.position.opponent),
                [list(dice) for dice in self.units[index][1]],
                index,
            ]
            for index in indices
            for rolls in (self.units[index][0],)
        ]
        return {
            "task": PART,
            "reckon": self.reckon,
            "value": _coefficients(self.value),
            "units": units,
        }

    def ranked(self, answers: list[dict[str, Any] | None]) -> list[tuple[float, Play]]:
        """The whole ranking from the parts' ``answers`` (None, or a part missing: worked out
        here), as ``choose_play`` ranks."""
        assert self.ranking is not None
        found: dict[tuple[Position, tuple[int, int]], tuple[float, ...]] = {}
        for part in answers:
            for index, values in (part or {}).get("units", []):
                rolls, dices = self.units[index]
                for dice, five in zip(dices, values, strict=True):
                    found[rolls.position, dice] = tuple(float(x) for x in five)
        here = answered(self.value)

        def answer(replies: Rolls, dice: tuple[int, int]) -> tuple[float, ...]:
            known = found.get((replies.position, dice))
            return here(replies, dice) if known is None else known

        ranked: list[tuple[float, Play]] = self.ranking.finished(
            deeper_ranking(self.ranking.ranked, self.paid, self.value, answer)
        )
        return ranked

    def play(
        self, answers: list[dict[str, Any] | None], rng: random.Random | None = None
    ) -> Play | None:
        """The play ``choose_play`` picks (with ``rng``'s draws where the level has noise)."""
        if not self.units:
            return self.decided
        return picked(self.ranked(answers), self.noise, rng)


def planned_play(
    position: Position,
    dice: tuple[int, int],
    level: str,
    state: Any = None,
    rng: random.Random | None = None,
) -> PlannedPlay:
    """``choose_play(position, dice, level, rng, state)`` up to its look two rolls ahead.
    When the level does not look two rolls ahead here (or it pays for fewer than two
    plays), the play is decided (``rng`` then draws as ``choose_play`` does)."""
    from game.bot import choose_play
    from game.bot.search import level_ranking

    settings = level_named(level)
    plays = legal_plays(position, dice)
    if settings.plies < 2 or len(plays) <= 1:
        return PlannedPlay(choose_play(position, dice, level, rng, state))
    ranking = level_ranking(position, dice, settings, plays, state)
    paid = [] if ranking.deep is None else ranking.deep.paid()
    if not paid:
        return PlannedPlay(picked(ranking.finished(ranking.ranked), settings.noise, rng))
    assert ranking.deep is not None
    units: dict[Position, tuple[Rolls, list[tuple[int, int]]]] = {}
    for _, after in paid:
        for _, replies, share in after:
            unit = units.setdefault(replies.position, (replies, []))
            unit[1].extend((x, y) for x, y, _ in share if (x, y) not in unit[1])
    return PlannedPlay(
        None,
        settings.noise,
        ranking,
        paid,
        ranking.deep.value,
        ranking.deep.reckon,
        list(units.values()),
    )


def part_answer(request: dict[str, Any]) -> dict[str, Any]:
    """A part's answer: for each unit (its index in the plan) the mover's five probabilities
    after the other side's best play of each of its second rolls. ``PartError`` names what
    is wrong with a request that is not a part."""
    if not isinstance(request, dict) or request.get("task") != PART:
        raise PartError("not a part of a look two rolls ahead")
    reckon, coefficients, units = (request.get(key) for key in ("reckon", "value", "units"))
    if not isinstance(reckon, int) or not isinstance(units, list):
        raise PartError("a part needs its reckonings and its positions")
    answer = answered(_value(coefficients))
    answers = []
    for unit in units:
        position, dices, index = _unit(unit)
        rolls = Rolls(position, reckon)
        answers.append([index, [list(answer(rolls, dice)) for dice in dices]])
    return {"units": answers}


def _unit(unit: object) -> tuple[Position, list[tuple[int, int]], int]:
    if not isinstance(unit, list) or len(unit) != 3:
        raise PartError("a part's unit is [checkers, rolls, index]")
    checkers, dices, index = unit
    if not isinstance(checkers, list) or len(checkers) != 52 or not isinstance(dices, list):
        raise PartError("a part's checkers are 26 points a side")
    if not isinstance(index, int) or not all(isinstance(c, int) for c in checkers):
        raise PartError("a part's unit counts in whole numbers")
    rolls = []
    for dice in dices:
        if not isinstance(dice, list) or len(dice) != 2 or not all(d in range(1, 7) for d in dice):
            raise PartError(f"not a roll: {dice!r}")
        rolls.append((dice[0], dice[1]))
    try:
        position = Position(tuple(checkers[:26]), tuple(checkers[26:]))
    except ValueError as error:
        raise PartError(f"not a position: {error}") from None
    return position, rolls, index


def _coefficients(value: Value | None) -> list[float] | None:
    """A match's value as plain numbers (``MatchValue``'s constant and coefficients)."""
    if value is None:
        return None
    from game.bot.match_value import MatchValue

    assert isinstance(value, MatchValue)
    return [value.constant, *value.coefficients]


def _value(numbers: object) -> Value | None:
    if numbers is None:
        return None
    from game.bot.match_value import MatchValue

    if not isinstance(numbers, list) or len(numbers) != 6:
        raise PartError("a part's value is six numbers")
    return MatchValue.of(float(numbers[0]), tuple(float(x) for x in numbers[1:]))
