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

from game.bot.cube.model import cube_efficiency, decide, value_after
from game.bot.cube.state import CubeDecision, CubeState
from game.bot.cube.steps import begun, decided, leaves
from game.bot.probabilities import Probabilities
from game.bot.rolls import FRESH, Evaluator, Rolls
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
    probabilities, quick, look = begun(position, state, plies, budget, prune, evaluator or FRESH)
    if look is None:
        return quick
    # Each step answered here (parts.py has other workers answer them).
    values, chosen = look.after_first({index: look.first(index) for index in look.looked_at})
    kept: dict[Position, Rolls] = {}

    def cost(reply: Position) -> int:
        # The second roll reckons only what the first did.
        rolls = kept[reply] = look.evaluator.rolls(reply, look.reckon)
        return rolls.cost(prune)

    paid = look.paid(chosen, cost)
    for index, after, reply in paid:
        values[index] = look.deepened(after, leaves(kept[reply], prune))
    return decided(probabilities, look, values, len(paid))


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
