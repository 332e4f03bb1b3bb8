"""The cube's look-ahead (``lookahead.py``) in its steps, so that other workers can answer the
evaluating ones (``parts.py``) and the same code joins their answers.

``rolls_ahead`` decides which of the 21 rolls the budget looks at (from their plays' count,
before anything is evaluated). Each roll's best play (``first``) is the first evaluating
step; ``after_first`` turns them into each roll's values and the plays the look may deepen.
``paid`` decides which of those the rest of the budget looks at a second roll ahead, from
their cost in positions alone; for each, ``leaves`` (the second evaluating step) is the
other side's best play of each of its 21 rolls, and ``deepened`` its values from them.
``summed`` averages the rolls' values. Everything but ``first`` and ``leaves`` is cheap.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from game.bot.budget import Budget
from game.bot.cube.model import choose, choose_doubling, cube_efficiency, decide, value_after
from game.bot.cube.state import CubeDecision, CubeState
from game.bot.evaluator import NEAR_HOME, reckonings
from game.bot.match_value import result_mwc
from game.bot.probabilities import Probabilities
from game.bot.rolls import Evaluator, Rolls
from game.bot.shots import ROLLS
from game.engine.position import Position

# A roll's best play: the other side's probabilities after it, and its position (on roll).
First = tuple[Probabilities, Position]
# The other side's best play of one of its rolls: the probabilities after it (the player's,
# on roll again) and the cube's efficiency there.
Leaf = tuple[Probabilities, float]


def begun(
    position: Position,
    state: CubeState,
    plies: int,
    budget: int | None,
    prune: int,
    evaluator: Evaluator,
) -> tuple[Probabilities, CubeDecision, RollsAhead | None]:
    """A decision (``lookahead.cube_decision``'s arguments) up to its look ahead: the
    position's probabilities, its 0-ply decision, and the look (None: the 0-ply decision is
    the answer: no look ahead, or the player may not double)."""
    from game.bot import evaluate  # the package's entry point (it imports this module)

    probabilities = evaluate(position)
    quick = decide(probabilities, state, cube_efficiency(position))
    if plies <= 0 or not state.may_double():
        return probabilities, quick, None
    left = None if budget is None else budget - 1  # the position itself is evaluated
    look = rolls_ahead(position, state, quick, left, plies >= 2, prune, evaluator)
    return probabilities, quick, look


def decided(
    probabilities: Probabilities, look: RollsAhead, values: list[list[float]], deepened: int
) -> CubeDecision:
    """The decision from each roll's ``values`` (``deepened`` of them a second roll ahead)."""
    no_double, double_take, rolls, deeper, spent = look.summed(values, deepened)
    state = look.state
    double_pass = 1.0 if state.is_money else result_mwc(state, state.value)
    decision = choose(no_double, double_take, double_pass, state, probabilities.win_gammon > 0.0)
    return replace(decision, rolls_ahead=rolls, rolls_deeper=deeper, positions=1 + spent)


@dataclass
class RollsAhead:
    """One cube decision's look ahead: the position's rolls (``table``), which of them the
    budget looks at (``looked_at``, indices into ``ROLLS`` in their order) and what is left
    of it (``left``, out of ``allowed``)."""

    state: CubeState
    quick: CubeDecision
    table: Rolls
    weights: list[int]
    looked_at: list[int]
    left: Budget
    allowed: int
    deeper: bool
    prune: int
    evaluator: Evaluator

    @property
    def reckon(self) -> int:
        return self.table.reckon

    def first(self, index: int) -> First:
        """Roll ``index``'s best play by cubeless equity (evaluates its plays)."""
        a, b, _ = ROLLS[index]
        return self.table.best((a, b))

    def after_first(
        self, firsts: dict[int, First]
    ) -> tuple[list[list[float]], list[tuple[int, Probabilities, Position]]]:
        """Each roll's no-double and double/take values (``quick``'s for a roll left out),
        and the rolls looked at with their best play's outcome, in the order of ``ROLLS``."""
        from game.bot.cube.lookahead import roll_values

        values = [[self.quick.no_double, self.quick.double_take] for _ in ROLLS]
        chosen = []
        for index in self.looked_at:
            after, reply = firsts[index]
            chosen.append((index, after, reply))
            values[index] = roll_values([(after, reply)], self.state)
        return values, chosen

    def paid(
        self, chosen: list[tuple[int, Probabilities, Position]], cost: Callable[[Position], int]
    ) -> list[tuple[int, Probabilities, Position]]:
        """The rolls looked at a second roll ahead, in the order they are paid for (the most
        likely first): while what is left pays for the next one's ``cost`` (``Rolls.cost``
        of the position after its best play), spent from ``left``."""
        if not self.deeper:
            return []
        paid = []
        for index, after, reply in sorted(chosen, key=lambda entry: -self.weights[entry[0]]):
            if reply.is_game_over():
                continue  # nothing to look at beyond a finished game
            if not self.left.spend(cost(reply)):
                break
            paid.append((index, after, reply))
        return paid

    def deepened(self, after: Probabilities, leaves: list[Leaf]) -> list[float]:
        """A roll's values looked at a second roll ahead (``deepened``, at this ``state``)."""
        return deepened(self.state, after, leaves)

    def summed(
        self, values: list[list[float]], deepened: int
    ) -> tuple[float, float, int, int, int]:
        """No-double and double/take values averaged over the 21 rolls, the rolls looked at,
        those looked at a second roll ahead and the positions spent."""
        no_double, double_take = (
            sum(w * value[which] for w, value in zip(self.weights, values, strict=True)) / 36.0
            for which in (0, 1)
        )
        return no_double, double_take, len(self.looked_at), deepened, self.allowed - self.left.left


def rolls_ahead(
    position: Position,
    state: CubeState,
    quick: CubeDecision,
    budget: int | None,
    deeper: bool,
    prune: int,
    evaluator: Evaluator,
) -> RollsAhead:
    """The look ahead's first decision: with a ``budget`` (positions), the rolls with the
    fewest plays while it pays for them; without, all 21."""
    # A race near home is left to the network here: reckoning every play of every roll
    # (near_home.py) costs far more than a cube decision's time allows. (The rolls are
    # those a checker play's look-ahead reads, as it reckons: a judge of a game shares them.)
    reckon = reckonings(position) & ~NEAR_HOME
    table = evaluator.rolls(position, reckon)
    plays = [len(table.plays((a, b))) for a, b, _ in ROLLS]
    allowed = 10**9 if budget is None else budget
    left = Budget(allowed)
    looked_at = set(range(len(ROLLS)))
    if budget is None:
        left.spend(sum(max(1, count) for count in plays))
    else:
        looked_at = set()
        for index in sorted(range(len(ROLLS)), key=lambda i: plays[i]):
            if not left.spend(max(1, plays[index])):
                break
            looked_at.add(index)
    weights = [weight for _, _, weight in ROLLS]
    return RollsAhead(
        state, quick, table, weights, sorted(looked_at), left, allowed, deeper, prune, evaluator
    )


def deepened(state: CubeState, after: Probabilities, leaves: list[Leaf]) -> list[float]:
    """A roll's no-double and double/take values for the player deciding at ``state``,
    looked at a second roll ahead: the other side (on roll with ``after``) makes its best
    cube action one roll ahead, from its best play of each roll (``leaves``)."""
    states = (state.flip(), state.doubled().flip())
    theirs = opponent_values(after, states, leaves)
    return [
        -value * leaf_state.value / state.value if leaf_state.is_money else 1.0 - value
        for value, leaf_state in zip(theirs, states, strict=True)
    ]


def leaves(rolls: Rolls, prune: int) -> list[Leaf]:
    """The best play of each of the 21 rolls of ``rolls.position``'s player (``prune``
    replies evaluated in full, ``Rolls.best``): the probabilities after it and the cube's
    efficiency there."""
    found = []
    for a, b, _ in ROLLS:
        after, leaf = rolls.best((a, b), None, prune)
        found.append((after, cube_efficiency(leaf)))
    return found


def opponent_values(
    probabilities: Probabilities, states: tuple[CubeState, ...], leaves: list[Leaf]
) -> list[float]:
    """For each of ``states`` (seen by the player on roll with ``probabilities``): that
    player's value after its best cube action one roll ahead, from its best play of each
    roll (``leaves``), the other side then making its best cube action by the 0-ply model."""
    wanted: list[CubeState] = []
    for each in states:
        wanted.append(each)
        if each.may_double():
            wanted.append(each.doubled())
    wanted = list(dict.fromkeys(wanted))
    totals = [0.0] * len(wanted)
    for (_, _, weight), (after, x) in zip(ROLLS, leaves, strict=True):
        for which, each in enumerate(wanted):
            leaf_state = each.flip()
            value = value_after(decide(after, leaf_state, x))
            totals[which] += weight * (-value if leaf_state.is_money else 1.0 - value)
    no_double = {each: total / 36.0 for each, total in zip(wanted, totals, strict=True)}
    gammon_possible = probabilities.win_gammon > 0.0
    values = []
    for each in states:
        if not each.may_double():
            values.append(no_double[each])
            continue
        decision = choose_doubling(
            no_double[each], no_double[each.doubled()], each, gammon_possible
        )
        values.append(value_after(decision))
    return values
