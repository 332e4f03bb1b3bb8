"""The cube's look-ahead: a cube decision from the position, looking one or two rolls ahead
with the bot's network, the model (``game.bot.cube.model``) at the leaves.

``cube_action(position, state)`` answers ``(ACTION, RESPONSE)`` for the player on roll;
``cube_decision`` gives the figures behind it.

``plies=1`` looks one roll ahead: for each of the 21 rolls the bot plays its best 1-ply
play; the opponent, then on roll with the cube as it would be, makes its own best cube
action by the 0-ply model, and its value is averaged (as gnubg does at the nodes of its
cubeful search).

``budget`` bounds that work in positions evaluated (the position itself and every play
of the rolls looked at), so that the decision's time is bounded and the answer depends
on the position alone, not on the machine: the plays of the 21 rolls are generated first
(cheap), the rolls with the fewest plays are looked at while the budget pays for them,
and each roll left out counts at the position's own 0-ply value (which agrees better with
gnubg 2-ply than falling back to the 0-ply decision whenever the whole look-ahead does not
fit: docs/performance.md).

``plies=2`` (the strongest level) looks a second roll ahead, gnubg 2-ply's depth: after
the bot's best play of a roll, the opponent's cube action is itself decided one roll ahead
(its best reply to each of its 21 rolls, then the bot's best cube action by the 0-ply
model), rather than by the 0-ply model. Within a budget, once the first roll ahead is paid
for, the rolls are deepened in turn (non-doubles first) while the budget pays for the next,
and the others keep their one-roll values.
"""

from __future__ import annotations

from dataclasses import replace

from game.bot.budget import Budget, OutOfBudget
from game.bot.cube.model import (
    choose,
    choose_doubling,
    cube_efficiency,
    decide,
    value_after,
)
from game.bot.cube.state import CubeDecision, CubeState
from game.bot.evaluator import EVERY, NEAR_HOME, reckonings
from game.bot.match_value import result_mwc
from game.bot.probabilities import Probabilities
from game.bot.rolls import FRESH, Evaluator, paid_rolls
from game.bot.shots import ROLLS
from game.engine.position import Position


def cube_action(
    position: Position,
    state: CubeState,
    plies: int = 1,
    budget: int | None = None,
    prune: int = 0,
) -> tuple[str, str]:
    """``(ACTION, RESPONSE)`` for ``position.player``, on roll and about to decide.

    Evaluates with the bot's network. ``plies=1`` (the default) looks one roll ahead,
    within ``budget`` positions if given (see the module notes); ``plies=2`` looks two
    rolls ahead as far as the budget allows (the strongest level's look, the most
    accurate); ``plies=0`` decides from the position's own probabilities (the quickest).
    For the page: the computer doubles when ACTION is ``double``; when the human doubles,
    call this with the human's position and state and answer with RESPONSE (check that a
    beaver is allowed).
    """
    return cube_decision(position, state, plies, budget, prune).answer


def cube_decision(
    position: Position,
    state: CubeState,
    plies: int = 1,
    budget: int | None = None,
    prune: int = 0,
    evaluator: Evaluator | None = None,
) -> CubeDecision:
    """Like ``cube_action`` with the figures behind the decision. ``budget``: at most this
    many positions evaluated (None: every play of the rolls looked at). ``plies=2``: two
    rolls ahead, the second with ``prune`` replies a roll (``budget.reply_candidates``).
    ``evaluator``: where the rolls are found (``game.bot.rolls``; None: worked out anew)."""
    from game.bot import evaluate  # the package's entry point (it imports this module)

    probabilities = evaluate(position)
    quick = decide(probabilities, state, cube_efficiency(position))
    if plies <= 0 or not state.may_double():
        return quick
    left = None if budget is None else budget - 1  # the position itself is evaluated
    no_double, double_take, rolls, deeper, spent = _rolls_ahead(
        position, state, quick, left, plies >= 2, prune, evaluator or FRESH
    )
    double_pass = 1.0 if state.is_money else result_mwc(state, state.value)
    decision = choose(no_double, double_take, double_pass, state, probabilities.win_gammon > 0.0)
    return replace(decision, rolls_ahead=rolls, rolls_deeper=deeper, positions=1 + spent)


def _value_after_cube_action(probabilities: Probabilities, state: CubeState, x: float) -> float:
    """Cubeful value for the player on roll once it has made its best cube action."""
    return value_after(decide(probabilities, state, x))


def roll_values(scored: list[tuple[Probabilities, Position]], state: CubeState) -> list[float]:
    """One roll of the look-ahead: the player's no-double and double/take values (as
    ``cubeful_value`` gives them for ``state``) after its best play by cubeless equity, each
    answered by the opponent's best cube action. ``scored``: per play, the opponent's
    probabilities on roll and its position.

    (The play is the best by cubeless equity, not by its cubeful value at each cube: on
    the positions of ``python -m tools.bench.cube`` the two choose alike: docs/performance.md.)
    """
    after, reply = min(scored, key=lambda pair: pair[0].equity)
    x = cube_efficiency(reply)
    values = []
    for leaf_state in (state.flip(), state.doubled().flip()):
        value = _value_after_cube_action(after, leaf_state, x)
        # The opponent's value turned into the player's (money: in units of the present cube).
        scale = leaf_state.value / state.value
        values.append(-value * scale if leaf_state.is_money else 1.0 - value)
    return values


def _rolls_ahead(
    position: Position,
    state: CubeState,
    quick: CubeDecision,
    budget: int | None = None,
    deeper: bool = False,
    prune: int = 0,
    evaluator: Evaluator = FRESH,
) -> tuple[float, float, int, int, int]:
    """No-double and double/take values averaged over the player's 21 rolls, how many rolls
    were looked at, how many of those a second roll ahead, and the positions it cost. With
    a ``budget`` (positions), the rolls with the fewest plays while it pays for them; a roll
    left out counts at ``quick``'s values (0-ply). With ``deeper``, what is left of the
    budget then looks a second roll ahead after the player's best play of each roll in turn
    (the opponent's 1-ply cube decision, ``_opponent_values``), until it cannot pay for the
    next one."""
    # A race near home is left to the network here: reckoning every play of every roll
    # (near_home.py) costs far more than a cube decision's time allows. (The rolls are
    # those a checker play's look-ahead reads, as it reckons: a judge of a game shares them.)
    reckon = reckonings(position) & ~NEAR_HOME
    table = evaluator.rolls(position, reckon)
    rolls = [(weight, table.plays((a, b))) for a, b, weight in ROLLS]
    looked_at = set(range(len(rolls)))
    allowed = 10**9 if budget is None else budget
    left = Budget(allowed)
    if budget is None:
        left.spend(sum(max(1, len(plays)) for _, plays in rolls))
    else:
        looked_at = set()
        for index in sorted(range(len(rolls)), key=lambda i: len(rolls[i][1])):
            if not left.spend(max(1, len(rolls[index][1]))):
                break
            looked_at.add(index)
    # Each roll's no-double and double/take values (0-ply for a roll left out).
    values = [[quick.no_double, quick.double_take] for _ in rolls]
    chosen: list[tuple[int, Probabilities, Position]] = []
    for index, (a, b, _) in enumerate(ROLLS):
        if index in looked_at:
            # The opponent's probabilities and position after the player's best play.
            after, reply = table.best((a, b))
            chosen.append((index, after, reply))
            values[index] = roll_values([(after, reply)], state)
    deepened = 0
    if deeper:
        leaf_states = (state.flip(), state.doubled().flip())
        # Most likely rolls first (doubles are half as likely), then the order of ROLLS.
        for index, after, reply in sorted(chosen, key=lambda entry: -rolls[entry[0]][0]):
            if reply.is_game_over():
                continue  # nothing to look at beyond a finished game
            try:
                # The second roll reckons only what the first did.
                theirs = _opponent_values(reply, after, leaf_states, left, prune, evaluator, reckon)
            except OutOfBudget:
                break
            values[index] = [
                -value * leaf_state.value / state.value if leaf_state.is_money else 1.0 - value
                for value, leaf_state in zip(theirs, leaf_states, strict=True)
            ]
            deepened += 1
    no_double, double_take = (
        sum(weight * value[which] for (weight, _), value in zip(rolls, values, strict=True)) / 36.0
        for which in (0, 1)
    )
    return no_double, double_take, len(looked_at), deepened, allowed - left.left


def _opponent_values(
    position: Position,
    probabilities: Probabilities,
    states: tuple[CubeState, ...],
    budget: Budget,
    prune: int,
    evaluator: Evaluator,
    reckon: int = EVERY,
) -> list[float]:
    """For each of ``states`` (seen by ``position.player``, on roll with ``probabilities``):
    that player's value after its best cube action one roll ahead: over its 21 rolls, its
    best play (``rolls.Rolls.best``, ``prune`` replies), then the other side's best cube
    action by the 0-ply model. Raises ``budget.OutOfBudget`` when ``budget`` cannot pay
    for the whole look (``rolls.paid_rolls``), before evaluating anything. ``reckon``: as
    ``rolls.Rolls``."""
    wanted: list[CubeState] = []
    for each in states:
        wanted.append(each)
        if each.may_double():
            wanted.append(each.doubled())
    wanted = list(dict.fromkeys(wanted))
    rolls, _ = paid_rolls(position, budget, prune, evaluator, reckon)
    totals = [0.0] * len(wanted)
    for a, b, weight in ROLLS:
        after, leaf = rolls.best((a, b), None, prune)
        x = cube_efficiency(leaf)
        for which, each in enumerate(wanted):
            leaf_state = each.flip()
            value = _value_after_cube_action(after, leaf_state, x)
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
