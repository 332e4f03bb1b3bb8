"""A cube decision's look-ahead cut into parts that other workers answer, the decision and
every figure of it the same as ``cube_decision``'s to the last digit.

    >>> from game.bot.cube import CubeState, cube_decision
    >>> from game.formats import parse_position_id
    >>> position, state = parse_position_id("4PPCwQCM5+CAIQ"), CubeState()
    >>> planned = planned_cube(position, state, plies=2, budget=2000, prune=2)
    >>> while not planned.done:                           # twice: one roll ahead, then two
    ...     requests = planned.requests(2)                # plain data, for two workers
    ...     planned.take([cube_part_answer(request) for request in requests])  # the workers'
    >>> planned.decided == cube_decision(position, state, 2, 2000, 2)
    True

``planned_cube`` evaluates the position (its 0-ply decision) and decides which of the 21
rolls the budget looks at, from their plays' count (``steps.rolls_ahead``). Each roll's best
play is a unit of the first round (``FIRST``); its answer is the other side's probabilities
after it, its position and, two rolls ahead, what looking beyond it costs (``Rolls.cost``).
With those the rolls the rest of the budget deepens are decided (``RollsAhead.paid``); each
is a unit of the second round (``SECOND``), whose answer is the roll's values a second roll
ahead (``steps.deepened``: the other side's best play of each of its 21 rolls, its best
cube action from them). The answers are joined by the serial code
(``steps``), and a part left unanswered (a worker that failed) is worked out where the
parts are taken. Units are dealt to the workers by their cost in positions, as the plays'
parts are (``deep_parts.dealt``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.bot.cube.state import CubeDecision, CubeState
from game.bot.cube.steps import First, RollsAhead, begun, decided, deepened, leaves
from game.bot.deep_parts import PartError, answered_units, checkers_of, dealt, position_of
from game.bot.probabilities import Probabilities
from game.bot.rolls import FRESH, Rolls
from game.bot.shots import ROLLS
from game.engine.match import Cube, Rules
from game.engine.position import Position

CUBE_PART = "cube-part"  # a part's request names its task so ...
FIRST, SECOND = 1, 2  # ... and which round it is part of


@dataclass
class PlannedCube:
    """``cube_decision``'s decision with its look-ahead still to answer, in at most two
    rounds: ``requests`` asks the round's parts, ``take`` takes their answers; ``done`` once
    the decision is made (``decided``)."""

    probabilities: Probabilities | None = None
    look: RollsAhead | None = None
    done: bool = False
    decided: CubeDecision | None = None
    values: list[list[float]] | None = None
    paid: list[tuple[int, Probabilities, Position]] = field(default_factory=list)
    costs: dict[Position, int] = field(default_factory=dict)

    def requests(self, count: int) -> list[dict[str, Any]]:
        """The round's parts for ``count`` workers (fewer if there is less to share)."""
        if self.done:
            return []
        look = self.look
        assert look is not None
        base = {"task": CUBE_PART, "reckon": look.reckon, "prune": look.prune}
        if self.values is None:
            table = look.table
            costs = [max(1, len(table.plays((ROLLS[i][0], ROLLS[i][1])))) for i in look.looked_at]
            return [
                {
                    **base,
                    "look": FIRST,
                    "deeper": look.deeper,
                    "position": checkers_of(table.position),
                    "units": [look.looked_at[i] for i in indices],
                }
                for indices in dealt(costs, count)
            ]
        costs = [self.costs[reply] for _, _, reply in self.paid]
        units = [
            [checkers_of(reply), index, list(after.as_tuple())] for index, after, reply in self.paid
        ]
        return [
            {
                **base,
                "look": SECOND,
                "state": _state_data(look.state),
                "units": [units[i] for i in indices],
            }
            for indices in dealt(costs, count)
        ]

    def take(self, answers: list[dict[str, Any] | None]) -> None:
        """Take the round's ``answers`` (None, or a part missing: worked out here)."""
        if self.done:
            return
        found = answered_units(answers)
        if self.values is None:
            self._first(found)
        else:
            self._second(found)

    def _first(self, found: dict[int, Any]) -> None:
        look = self.look
        assert look is not None
        firsts: dict[int, First] = {}
        for index in look.looked_at:
            if index not in found:
                firsts[index] = look.first(index)  # worked out here
                continue
            five, checkers, beyond = found[index]
            reply = position_of(checkers)
            firsts[index] = (_probabilities(five), reply)
            if beyond is not None:
                self.costs[reply] = int(beyond)
        self.values, chosen = look.after_first(firsts)

        def cost(reply: Position) -> int:
            if reply not in self.costs:  # not answered: worked out here
                self.costs[reply] = look.evaluator.rolls(reply, look.reckon).cost(look.prune)
            return self.costs[reply]

        self.paid = look.paid(chosen, cost)
        if not self.paid:
            self._decide()

    def _second(self, found: dict[int, Any]) -> None:
        look, values = self.look, self.values
        assert look is not None and values is not None
        for index, after, reply in self.paid:
            if index in found:
                values[index] = [float(value) for value in found[index][0]]
            else:  # worked out here
                values[index] = look.deepened(
                    after, leaves(look.evaluator.rolls(reply, look.reckon), look.prune)
                )
        self._decide()

    def _decide(self) -> None:
        assert self.probabilities is not None and self.look is not None
        assert self.values is not None
        self.decided = decided(self.probabilities, self.look, self.values, len(self.paid))
        self.done = True


def planned_cube(
    position: Position, state: CubeState, plies: int, budget: int | None, prune: int
) -> PlannedCube:
    """``cube_decision(position, state, plies, budget, prune)`` up to its look ahead: decided
    at once when it does not look ahead (0-ply, or the player may not double)."""
    probabilities, quick, look = begun(position, state, plies, budget, prune, FRESH)
    if look is None:
        return PlannedCube(done=True, decided=quick)
    planned = PlannedCube(probabilities, look)
    if not look.looked_at:  # a budget too small for any roll
        planned.values, _ = look.after_first({})
        planned._decide()
    return planned


def cube_part_answer(request: dict[str, Any]) -> dict[str, Any]:
    """A part's answer, for each unit: in the first round (a roll's index in ``ROLLS``) the
    other side's probabilities after the best play, its position and, when the decision
    looks deeper, what looking beyond it costs; in the second round (a position, its roll's
    index and the probabilities there; the cube state in the request) the roll's no-double
    and double/take values looked at a second roll ahead. ``PartError`` names what is wrong
    with a request that is not a part."""
    if not isinstance(request, dict) or request.get("task") != CUBE_PART:
        raise PartError("not a part of a cube decision")
    look, reckon, prune, units = (request.get(k) for k in ("look", "reckon", "prune", "units"))
    if look not in (FIRST, SECOND) or not isinstance(units, list):
        raise PartError("a part names its look and its units")
    if not isinstance(reckon, int) or not isinstance(prune, int):
        raise PartError("a part needs its reckonings and its pruning")
    answers: list[list[Any]] = []
    if look == FIRST:
        table = Rolls(position_of(request.get("position")), reckon)
        for index in units:
            if not isinstance(index, int) or not 0 <= index < len(ROLLS):
                raise PartError(f"not one of the 21 rolls: {index!r}")
            a, b, _ = ROLLS[index]
            after, reply = table.best((a, b))
            cost = None
            if request.get("deeper") and not reply.is_game_over():
                cost = Rolls(reply, reckon).cost(prune)
            answers.append([index, list(after.as_tuple()), checkers_of(reply), cost])
        return {"units": answers}
    state = _state(request.get("state"))
    for unit in units:
        if not isinstance(unit, list) or len(unit) != 3 or not isinstance(unit[1], int):
            raise PartError("a part's unit is [checkers, roll, probabilities]")
        checkers, index, five = unit
        if not isinstance(five, list) or len(five) != 5:
            raise PartError("a part's probabilities are five numbers")
        found = leaves(Rolls(position_of(checkers), reckon), prune)
        answers.append([index, deepened(state, _probabilities(five), found)])
    return {"units": answers}


def _probabilities(five: list[Any]) -> Probabilities:
    """Five numbers back from JSON, as they were (no clamping: the serial figures exactly)."""
    return Probabilities(*(float(x) for x in five))


def _state_data(state: CubeState) -> dict[str, Any]:
    """A cube state as plain data (``_state`` reads it back)."""
    rules = state.rules
    return {
        "rules": [rules.cube, rules.gammons, rules.match_length, rules.beaver, rules.jacoby],
        "cube": [state.cube.value, state.cube.owner],
        "score": list(state.score),
        "crawford": state.crawford,
    }


def _state(data: object) -> CubeState:
    if not isinstance(data, dict):
        raise PartError("a part's cube state is a mapping")
    try:
        rules, cube = Rules(*data["rules"]), Cube(*data["cube"])
        return CubeState(rules, cube, tuple(data["score"]), data["crawford"])
    except (KeyError, TypeError, ValueError) as error:
        raise PartError(f"not a cube state: {error}") from None
