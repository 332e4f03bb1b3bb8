"""A decision's look-aheads cut into parts that other workers answer, the play the same as
``choose_play``'s to the last digit.

    >>> from game.formats import parse_position_id
    >>> position, dice = parse_position_id("bdsDAhDz/AAAAA"), (2, 2)   # a close call
    >>> planned = planned_play(position, dice, "expert")  # here: the 1-ply ranking
    >>> while not planned.done:                           # twice: one roll ahead, then two
    ...     requests = planned.requests(2)                # plain data, for two workers
    ...     planned.take([part_answer(request) for request in requests])   # the workers'
    >>> from game.bot import choose_play
    >>> planned.decided == choose_play(position, dice, "expert")
    True

``planned_play`` ranks the plays at 1-ply as ``choose_play`` does and decides which
candidates its budget pays to look at one roll ahead (a look-ahead's cost is known before
it is evaluated): each candidate's look one roll ahead is a part (``LOOK_AHEAD``), whose
answer is its probabilities and its best reply to each of the 21 rolls. With those the
ranking is made, and the closest plays the look two rolls ahead pays for are decided
(``deeper.paid_looks``: their cost is known from those replies). What is left is the
other side's best play of each second roll after each first roll's reply: a part
(``LOOK_DEEPER``) names positions (the other side on roll) and their second rolls; its
answer, the mover's five probabilities after each. A position met by both plays, or after
several first rolls, is asked once. Answers are added in the serial order
(``search.lookahead``'s and ``deeper.summed``, the same code), and any part left
unanswered (a worker that failed) is worked out where they are taken.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from game.bot import picked
from game.bot.budget import Value
from game.bot.deeper import AfterFirst, answered, deeper_ranking
from game.bot.levels import level_named
from game.bot.probabilities import Probabilities
from game.bot.rolls import FRESH, Kept, Rolls
from game.bot.search import AheadLook, Ranking, lookahead
from game.bot.shots import ROLLS
from game.engine.plays import Play, legal_plays
from game.engine.position import Position

PART = "deep-part"  # a part's request names its task so ...
LOOK_AHEAD, LOOK_DEEPER = 1, 2  # ... and which look it is part of


class PartError(ValueError):
    """A part's request that is not one."""


@dataclass
class PlannedPlay:
    """``choose_play``'s decision with its look-aheads still to answer, in two rounds:
    ``requests`` asks the round's parts, ``take`` takes their answers; ``done`` once the play
    is ``decided`` (``ranked``: the whole ranking, where the level searched)."""

    noise: float = 0.0
    done: bool = False
    decided: Play | None = None
    ranked: list[tuple[float, Play]] = field(default_factory=list)
    ahead: AheadLook | None = None
    ranking: Ranking | None = None
    paid: list[tuple[Play, AfterFirst]] = field(default_factory=list)
    units: list[tuple[Rolls, list[tuple[int, int]]]] = field(default_factory=list)

    def requests(self, count: int) -> list[dict[str, Any]]:
        """The round's parts for ``count`` workers (fewer if there is less to share): the
        units dealt out by their cost in positions, the dearest first to the least loaded."""
        if self.done:
            return []
        if self.ranking is None:
            assert self.ahead is not None
            ahead = self.ahead
            costs = [
                ahead.evaluator.rolls(play.position.flip(), ahead.reckon).cost(ahead.prune)
                for play in ahead.paid
            ]
            make = self._ahead_request
        else:
            costs = [sum(rolls.cost_of(dice, 1) for dice in dices) for rolls, dices in self.units]
            make = self._deeper_request
        return [make(indices) for indices in dealt(costs, count)]

    def _ahead_request(self, indices: list[int]) -> dict[str, Any]:
        assert self.ahead is not None
        ahead = self.ahead
        return {
            "task": PART,
            "look": LOOK_AHEAD,
            "reckon": ahead.reckon,
            "prune": ahead.prune,
            "value": _coefficients(ahead.reply_value),
            "units": [[checkers_of(ahead.paid[i].position.flip()), [], i] for i in indices],
        }

    def _deeper_request(self, indices: list[int]) -> dict[str, Any]:
        assert self.ahead is not None
        units = [
            [checkers_of(self.units[i][0].position), [list(dice) for dice in self.units[i][1]], i]
            for i in indices
        ]
        return {
            "task": PART,
            "look": LOOK_DEEPER,
            "reckon": self.ahead.reckon,
            "prune": 1,
            "value": _coefficients(self.ahead.value),
            "units": units,
        }

    def take(self, answers: list[dict[str, Any] | None], rng: random.Random | None = None) -> None:
        """Take the round's ``answers`` (None, or a part missing: worked out here); ``rng``
        draws the noise of a level that has some, once the play is decided."""
        if self.done:
            return
        found = answered_units(answers)
        if self.ranking is None:
            self._looked_ahead(found, rng)
        else:
            self._looked_deeper(found, rng)

    def _looked_ahead(self, found: dict[int, Any], rng: random.Random | None) -> None:
        assert self.ahead is not None
        ahead = self.ahead
        looked, replies = [], {}
        for index, play in enumerate(ahead.paid):
            after = play.position.flip()
            if index in found:
                five, positions = found[index]
                looked.append(Probabilities.from_sequence([float(x) for x in five]))
                replies[after] = [position_of(checkers) for checkers in positions]
            else:  # worked out here
                probabilities, best = _ahead(after, ahead.reckon, ahead.prune, ahead.reply_value)
                looked.append(probabilities)
                replies[after] = best
        self.ranking = ahead.ranking(looked, replies)
        self.paid = [] if self.ranking.deep is None else self.ranking.deep.paid()
        if not self.paid:
            self._decide(self.ranking.finished(self.ranking.ranked), rng)
            return
        units: dict[Position, tuple[Rolls, list[tuple[int, int]]]] = {}
        for _, after_first in self.paid:
            for _, replies_rolls, share in after_first:
                unit = units.setdefault(replies_rolls.position, (replies_rolls, []))
                unit[1].extend((x, y) for x, y, _ in share if (x, y) not in unit[1])
        self.units = list(units.values())

    def _looked_deeper(self, found: dict[int, Any], rng: random.Random | None) -> None:
        assert self.ahead is not None and self.ranking is not None
        known: dict[tuple[Position, tuple[int, int]], tuple[float, ...]] = {}
        for index, (values, *_) in found.items():
            rolls, dices = self.units[index]
            for dice, five in zip(dices, values, strict=True):
                known[rolls.position, dice] = tuple(float(x) for x in five)
        here = answered(self.ahead.value)

        def answer(replies: Rolls, dice: tuple[int, int]) -> tuple[float, ...]:
            value = known.get((replies.position, dice))
            return here(replies, dice) if value is None else value

        deeper = deeper_ranking(self.ranking.ranked, self.paid, self.ahead.value, answer)
        self._decide(self.ranking.finished(deeper), rng)

    def _decide(self, ranked: list[tuple[float, Play]], rng: random.Random | None) -> None:
        self.ranked, self.done = ranked, True
        self.decided = picked(ranked, self.noise, rng)


def planned_play(
    position: Position,
    dice: tuple[int, int],
    level: str,
    state: Any = None,
    rng: random.Random | None = None,
) -> PlannedPlay:
    """``choose_play(position, dice, level, rng, state)`` up to its look one roll ahead.
    When the level does not look ahead here, the play is decided (``rng`` then draws as
    ``choose_play`` does)."""
    from game.bot import choose_play
    from game.bot.search import level_ahead

    settings = level_named(level)
    plays = legal_plays(position, dice)
    if settings.plies < 2 or len(plays) <= 1:
        return PlannedPlay(done=True, decided=choose_play(position, dice, level, rng, state))
    return planned_ranking(level_ahead(position, dice, settings, plays, state), settings.noise, rng)


def planned_ranking(
    ahead: AheadLook, noise: float = 0.0, rng: random.Random | None = None
) -> PlannedPlay:
    """A ranking up to its look one roll ahead (``ahead``, ``search.ahead_look``'s: a level's,
    or the hint's, ``bot.hint_ahead``) planned in parts; decided at once when the look pays
    for no candidate (``noise`` and ``rng``: the level's pick, ``picked``)."""
    planned = PlannedPlay(noise, ahead=ahead)
    if not ahead.paid:
        planned._decide(ahead.ranking([]).finished(), rng)
    return planned


def answered_units(answers: list[dict[str, Any] | None]) -> dict[int, list[Any]]:
    """A round's answered units by index (a part missing or None answers none)."""
    found: dict[int, list[Any]] = {}
    for part in answers:
        for index, *values in (part or {}).get("units", []):
            found[index] = values
    return found


def dealt(costs: list[int], count: int) -> list[list[int]]:
    """Units (their ``costs``) dealt to at most ``count`` workers, the dearest first to the
    least loaded: each worker's indices in order, workers left without any left out."""
    loads = [0] * max(1, count)
    dealt: list[list[int]] = [[] for _ in loads]
    for index in sorted(range(len(costs)), key=lambda unit: -costs[unit]):
        lightest = loads.index(min(loads))
        loads[lightest] += costs[index]
        dealt[lightest].append(index)
    return [sorted(indices) for indices in dealt if indices]


def part_answer(request: dict[str, Any]) -> dict[str, Any]:
    """A part's answer, for each unit (its index in the plan): one roll ahead, the position's
    probabilities and its best reply to each of the 21 rolls; two rolls ahead, the mover's
    five probabilities after the other side's best play of each of its second rolls.
    ``PartError`` names what is wrong with a request that is not a part."""
    if not isinstance(request, dict) or request.get("task") != PART:
        raise PartError("not a part of a look ahead")
    look, reckon, prune, units = (request.get(k) for k in ("look", "reckon", "prune", "units"))
    if look not in (LOOK_AHEAD, LOOK_DEEPER) or not isinstance(units, list):
        raise PartError("a part names its look and its positions")
    if not isinstance(reckon, int) or not isinstance(prune, int):
        raise PartError("a part needs its reckonings and its pruning")
    value = _value(request.get("value"))
    answers: list[list[Any]] = []
    if look == LOOK_AHEAD:
        for unit in units:
            position, _, index = _unit(unit)
            probabilities, best = _ahead(position, reckon, prune, value)
            answers.append([index, list(probabilities.as_tuple()), [checkers_of(p) for p in best]])
        return {"units": answers}
    answer = answered(value)
    for unit in units:
        position, dices, index = _unit(unit)
        rolls = Rolls(position, reckon)
        answers.append([index, [list(answer(rolls, dice)) for dice in dices]])
    return {"units": answers}


def _ahead(
    position: Position, reckon: int, prune: int, value: Value | None
) -> tuple[Probabilities, list[Position]]:
    """A look one roll ahead from ``position`` (``search.lookahead``) and its best reply to
    each of the 21 rolls (the rolls kept between the two)."""
    kept = Kept(FRESH)
    probabilities, _ = lookahead(position, None, value, prune, kept, reckon)
    rolls = kept.rolls(position, reckon)
    return probabilities, [rolls.best((a, b), value, prune)[1] for a, b, _ in ROLLS]


def checkers_of(position: Position) -> list[int]:
    """A position as plain data: the mover's 26 points, then the other side's."""
    return list(position.player) + list(position.opponent)


def position_of(checkers: object) -> Position:
    """``checkers_of``'s list back into a position (``PartError`` if it is not one)."""
    if not isinstance(checkers, list) or len(checkers) != 52:
        raise PartError("a part's checkers are 26 points a side")
    if not all(isinstance(c, int) for c in checkers):
        raise PartError("a part's unit counts in whole numbers")
    try:
        return Position(tuple(checkers[:26]), tuple(checkers[26:]))
    except ValueError as error:
        raise PartError(f"not a position: {error}") from None


def _unit(unit: object) -> tuple[Position, list[tuple[int, int]], int]:
    if not isinstance(unit, list) or len(unit) != 3:
        raise PartError("a part's unit is [checkers, rolls, index]")
    checkers, dices, index = unit
    if not isinstance(dices, list) or not isinstance(index, int):
        raise PartError("a part's unit counts in whole numbers")
    rolls = []
    for dice in dices:
        if not isinstance(dice, list) or len(dice) != 2 or not all(d in range(1, 7) for d in dice):
            raise PartError(f"not a roll: {dice!r}")
        rolls.append((dice[0], dice[1]))
    return position_of(checkers), rolls, index


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
