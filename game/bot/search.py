"""Choosing a play: rank every play by the network (1-ply), or look one roll further (2-ply).

    >>> from game.engine.position import Position
    >>> ranked = rank_plays(Position.start(), (3, 1))
    >>> len(ranked), ranked[0][0] >= ranked[-1][0]
    (16, True)

1-ply: each play's resulting position is evaluated with the opponent on roll,
and the play with the best equity for the mover wins.

2-ply: the best few plays by 1-ply (within ``margin`` of the best, at most
``keep``) are looked at further: for each of the opponent's 21 rolls, the
opponent answers with its best play by 1-ply, and the mover's probabilities
are averaged over the rolls (weighted 1/36 or 2/36). With ``prune``, the
opponent's plays of a roll (in contact) are first ranked by the small pruning
network and only the best ``prune`` of them evaluated in full, as GNU Backgammon
prunes its deeper searches, so that a budget pays for more candidates. A budget
in positions evaluated bounds the work of one decision, the 1-ply ranking included;
a roll with more plays than the budget is first shortlisted by a cheaper ranking
(``budget.py``: the budget, the pruning of replies and the shortlist).

Two rolls ahead (``two_rolls_ahead``, GNU Backgammon's 2-ply depth): the strongest level's
two best plays, when the look one roll ahead finds them close, are looked at over the
opponent's 21 rolls and, after each of its replies, a third of the mover's own rolls.

Every search reads a position's rolls from ``Rolls`` (its plays, the probabilities
after each, the candidates of a look-ahead), which an ``Evaluator`` hands out:
``FRESH`` works them out anew for each search; a judge of a whole game keeps them
between its decisions (``game.analysis.judgement``), and the same searches then give
the same figures with less work. The look-ahead is ``lookahead``; the cube's look
(``game.bot.cube.lookahead``) reads the same rolls (``paid_rolls``, ``Rolls.best``).

``value``: how a side ranks its outcomes, a function of its probabilities (None:
cubeless money equity; in a match, ``match_value.MatchValue`` of the score). The
2-ply search takes one for the mover and one for the opponent's replies.
"""

from __future__ import annotations

from typing import Protocol

from game.bot.budget import (
    Budget,
    OutOfBudget,
    Value,
    reply_candidates,
    reply_cost,
    shortlist,
    valued,
)
from game.bot.encoding import is_contact
from game.bot.evaluator import (
    EVERY,
    NEAR_HOME,
    RANKING,
    Scorer,
    evaluate_position,
    network,
    phase_of,
    reckonings,
)
from game.bot.near_home import reckons as reckons_near
from game.bot.probabilities import Probabilities
from game.bot.shots import ROLL_THIRDS, ROLLS
from game.engine.plays import Play, legal_plays
from game.engine.position import Position

# The plays of a race near home reckoned at most (the network shortlists them): reckoning
# one costs far more than the network (docs/performance.md).
RECKONED_PLAYS = 8


def rank_plays(
    position: Position,
    dice: tuple[int, int],
    plays: list[Play] | None = None,
    value: Value | None = None,
    ranking: bool = True,
    evaluator: Evaluator | None = None,
) -> list[tuple[float, Play]]:
    """Every legal play (or ``plays``, some of them) with its 1-ply equity for the mover,
    best first (by the ranking network, or without ``ranking`` by the look-ahead's).

    In a race near home (``near_home.py``) with more than ``RECKONED_PLAYS`` plays, the
    network shortlists the plays to reckon, as a move filter does: the others follow below
    them, by the network's values."""
    rolls = (evaluator or FRESH).rolls(position)
    if plays is None:
        plays = rolls.plays(dice)
    if len(plays) <= RECKONED_PLAYS or not rolls.reckon & NEAR_HOME or not reckons_near(position):
        return _scored(rolls, dice, plays, value, ranking)
    rough = _scored(
        (evaluator or FRESH).rolls(position, rolls.reckon & ~NEAR_HOME), dice, plays, value, ranking
    )
    scored = _scored(rolls, dice, [play for _, play in rough[:RECKONED_PLAYS]], value, ranking)
    floor = scored[-1][0]
    return scored + [(min(equity, floor - 1e-9), play) for equity, play in rough[RECKONED_PLAYS:]]


def _scored(
    rolls: Rolls, dice: tuple[int, int], plays: list[Play], value: Value | None, ranking: bool
) -> list[tuple[float, Play]]:
    scored = []
    for play in plays:
        probabilities = rolls.after(dice, play, ranking).flip()
        scored.append((valued(probabilities, value), play))
    scored.sort(key=lambda pair: -pair[0])
    return scored


def score_plays(position: Position, plays: list[Play], ranking: bool = True) -> list[Probabilities]:
    """The mover's probabilities after each play (opponent on roll), by the ranking network
    (without ``ranking``: by the network of the look-ahead's leaves)."""
    scorer = Scorer(position.flip(), ranking=ranking)
    return [scorer.evaluate(play.position.flip()).flip() for play in plays]


class Rolls:
    """The 21 rolls of ``position`` (its player on roll, before rolling) as the searches read
    them: each roll's legal plays, the probabilities after a play (the other side's, then on
    roll) and the candidates a look-ahead evaluates, each worked out when first asked for
    and kept. Positions are valued through a ``Scorer`` on the position (one by the ranking
    network for the mover's own 1-ply ranking, where that network applies); ``reckon``: the
    reckonings allowed (``evaluator.reckonings``: a look-ahead allows only its root's, so
    that its candidates are valued alike)."""

    __slots__ = (
        "_after",
        "_candidates",
        "_plays",
        "_ranking",
        "_scorers",
        "_stay",
        "position",
        "reckon",
    )

    def __init__(self, position: Position, reckon: int = EVERY) -> None:
        self.position = position
        self.reckon = reckon
        self._plays: dict[tuple[int, int], list[Play]] = {}
        # Keyed by roll as well: each roll's plays are evaluated once, as a fresh search does.
        self._after: dict[tuple[bool, int, int, Position], Probabilities] = {}
        self._candidates: dict[tuple[int, int, int], list[int]] = {}
        self._scorers: dict[bool, Scorer] = {}
        self._stay: Probabilities | None = None
        self._ranking = network(RANKING[phase_of(position.flip())]) is not None

    def plays(self, dice: tuple[int, int]) -> list[Play]:
        """``legal_plays`` of ``dice`` (the same list for either order of the dice)."""
        key = (min(dice), max(dice))
        found = self._plays.get(key)
        if found is None:
            found = self._plays[key] = legal_plays(self.position, key)
        return found

    def after(self, dice: tuple[int, int], play: Play, ranking: bool = False) -> Probabilities:
        """The other side's probabilities, on roll, after ``play`` of ``dice`` (by the ranking
        network with ``ranking``, where it applies; else by the network of a look-ahead's
        leaves)."""
        ranking = ranking and self._ranking
        key = (ranking, min(dice), max(dice), play.position)
        found = self._after.get(key)
        if found is None:
            found = self._after[key] = self._scorer(ranking).evaluate(play.position.flip())
        return found

    def stay(self) -> Probabilities:
        """The other side's probabilities when the roll cannot be played."""
        if self._stay is None:
            self._stay = evaluate_position(self.position.flip(), self.reckon)
        return self._stay

    def _scorer(self, ranking: bool) -> Scorer:
        scorer = self._scorers.get(ranking)
        if scorer is None:
            scorer = self._scorers[ranking] = Scorer(self.position.flip(), ranking, self.reckon)
        return scorer

    def candidates(self, dice: tuple[int, int], prune: int) -> list[int]:
        """``reply_candidates`` of the plays of ``dice``: the indices a look-ahead evaluates."""
        key = (min(dice), max(dice), prune)
        found = self._candidates.get(key)
        if found is None:
            found = self._candidates[key] = reply_candidates(
                self.position, self.plays(dice), prune
            )[0]
        return found

    def cost(self, prune: int = 0) -> int:
        """Positions a look-ahead over the 21 rolls evaluates (``reply_cost`` of each)."""
        return sum(self.cost_of((a, b), prune) for a, b, _ in ROLLS)

    def cost_of(self, dice: tuple[int, int], prune: int = 0) -> int:
        """Positions ``best`` evaluates for ``dice`` (``reply_cost``)."""
        return reply_cost(self.position, self.plays(dice), prune)

    def best(
        self, dice: tuple[int, int], value: Value | None = None, prune: int = 0
    ) -> tuple[Probabilities, Position]:
        """The mover's best play of ``dice`` among the candidates, by ``value`` of its
        probabilities (None: cubeless equity; the first of equals): the other side's
        probabilities after it and its position (the other side on roll; the same position
        flipped when no play is legal)."""
        plays = self.plays(dice)
        if not plays:
            return self.stay(), self.position.flip()
        best: tuple[Probabilities, Position] | None = None
        best_equity = -9.0
        for index in self.candidates(dice, prune):
            probabilities = self.after(dice, plays[index])
            equity = -probabilities.equity if value is None else value(probabilities.flip())
            if equity > best_equity:
                best, best_equity = (probabilities, plays[index].position.flip()), equity
        assert best is not None  # plays is not empty
        return best


class Evaluator(Protocol):
    """Where a search finds a position's ``Rolls``: anew (``FRESH``), or kept from an earlier
    search (a judge of a whole game keeps them: ``game.analysis.judgement``), with the
    reckonings ``reckon`` allows (``Rolls``)."""

    def rolls(self, position: Position, reckon: int = EVERY) -> Rolls: ...


class _Fresh:
    def rolls(self, position: Position, reckon: int = EVERY) -> Rolls:
        return Rolls(position, reckon)


FRESH: Evaluator = _Fresh()


def paid_rolls(
    position: Position,
    budget: Budget | None = None,
    prune: int = 0,
    evaluator: Evaluator | None = None,
    reckon: int = EVERY,
) -> tuple[Rolls, int]:
    """The rolls of a look-ahead from ``position`` and what it costs in positions
    (``Rolls.cost``), paid from ``budget`` before anything is evaluated (``OutOfBudget``,
    and nothing spent, if it cannot pay for the whole look-ahead)."""
    rolls = (evaluator or FRESH).rolls(position, reckon)
    cost = rolls.cost(prune)
    if budget is not None and not budget.spend(cost):
        raise OutOfBudget
    return rolls, cost


def after_best_play(
    position: Position,
    dice: tuple[int, int],
    budget: Budget | None = None,
    value: Value | None = None,
    prune: int = 0,
) -> tuple[Probabilities, int]:
    """The mover's probabilities after its best 1-ply play of ``dice`` (``Rolls.best``), and
    the cost in positions (``reply_cost``, paid from ``budget``: else ``OutOfBudget``)."""
    rolls = Rolls(position)
    cost = reply_cost(position, rolls.plays(dice), prune)
    if budget is not None and not budget.spend(cost):
        raise OutOfBudget
    return rolls.best(dice, value, prune)[0].flip(), cost


def lookahead(
    position: Position,
    budget: Budget | None = None,
    value: Value | None = None,
    prune: int = 0,
    evaluator: Evaluator | None = None,
    reckon: int = EVERY,
) -> tuple[Probabilities, int]:
    """Probabilities for ``position.player`` before rolling, averaged over its 21 rolls
    (each answered by its best play by ``value``; with ``prune``, the best of those the
    pruning network ranks first: ``reply_candidates``; ``reckon``: as ``Rolls``).

    Also returns how many positions were evaluated (the cost). With a ``budget``, raises
    ``OutOfBudget`` before evaluating anything when it cannot pay for the whole look.
    """
    rolls, cost = paid_rolls(position, budget, prune, evaluator, reckon)
    totals = [0.0] * 5
    for a, b, weight in ROLLS:
        values = rolls.best((a, b), value, prune)[0].flip().as_tuple()
        for k in range(5):
            totals[k] += weight * values[k]
    return Probabilities.from_sequence([total / 36.0 for total in totals]), cost


def two_rolls_ahead(
    position: Position,
    budget: Budget,
    value: Value | None = None,
    other_value: Value | None = None,
    prune: int = 0,
    evaluator: Evaluator | None = None,
    reckon: int = EVERY,
) -> Probabilities:
    """Probabilities for ``position.player`` before rolling, two rolls ahead (GNU Backgammon's
    2-ply): over its 21 rolls its best play by ``value`` (of the best ``prune`` by the pruning
    network, as ``lookahead``), then the other side's rolls, a third of them for each first
    roll (``ROLL_THIRDS`` in turn, so that the 21 first rolls meet all 21), each answered by
    the other side's one play the pruning network ranks first (``other_value``), valued by
    the network. ``budget`` pays as it goes, a roll's plays before they are evaluated:
    ``OutOfBudget`` when it cannot pay for the next (what was spent stays spent).
    """
    rolls, _ = paid_rolls(position, budget, prune, evaluator, reckon)
    totals = [0.0] * 5
    for index, (a, b, weight) in enumerate(ROLLS):
        after = rolls.best((a, b), value, prune)[1]  # the other side on roll
        replies = Rolls(after, reckon)
        third = ROLL_THIRDS[index % 3]
        if not budget.spend(sum(replies.cost_of((x, y), 1) for x, y, _ in third)):
            raise OutOfBudget
        for x, y, share in third:
            values = replies.best((x, y), other_value, 1)[0].as_tuple()  # position.player's
            for k in range(5):
                totals[k] += weight * share * values[k]
    return Probabilities.from_sequence([total / (36.0 * 36.0) for total in totals])


def rank_plays_deeper(
    position: Position,
    dice: tuple[int, int],
    keep: int = 8,
    margin: float = 0.16,
    budget: int = 3000,
    plays: list[Play] | None = None,
    value: Value | None = None,
    reply_value: Value | None = None,
    prune: int = 0,
    ranking: bool = True,
    evaluator: Evaluator | None = None,
    deep: int = 0,
    deep_margin: float = 0.0,
    deep_budget: int = 0,
) -> list[tuple[float, Play]]:
    """The 1-ply ranking with the best candidates re-scored at 2-ply, best first.

    Candidates (a move filter, as GNU Backgammon's): at most ``keep`` plays within
    ``margin`` of the best 1-ply equity, best first. ``budget`` counts the positions
    evaluated, the 1-ply ranking included; a candidate whose look-ahead would
    overspend it is left at 1-ply, and so are the ones after it. With more plays
    than the budget, only the best by a cheaper ranking (``shortlist``) are ranked by
    the network; the others follow, in that cheaper ranking's order, below them. This
    bounds a decision's time while the answer depends on the position and dice alone.
    Plays left at 1-ply rank below every re-scored one. ``value`` ranks the mover's
    outcomes, ``reply_value`` the opponent's (both None: money equity). ``prune``: the
    look-aheads evaluate only the best few replies of each roll (``reply_candidates``).
    ``ranking``: the 1-ply ranking by the ranking network (else by the look-ahead's).
    ``evaluator``: where the rolls are found (None: ``FRESH``). ``deep``: with contact,
    the best this many re-scored plays within ``deep_margin`` of the best are looked at
    two rolls ahead (``two_rolls_ahead``) if ``deep_budget`` positions, with what
    ``budget`` left unspent, pay for all of them; else the 2-ply ranking stands.
    """
    if plays is None:
        plays = (evaluator or FRESH).rolls(position).plays(dice)
    plays, by_hand, spent = shortlist(position, plays, budget, value)
    ranked = rank_plays(position, dice, plays, value, ranking, evaluator)
    # A race near home is reckoned at 1-ply already: looking a roll further adds nothing
    # but its cost.
    if len(ranked) > 1 and not reckons_near(position):
        best = ranked[0][0]
        candidates = [pair for pair in ranked[:keep] if pair[0] >= best - margin]
        if len(candidates) > 1:
            # The candidates' look-aheads reckon only what the 1-ply ranking did: one
            # measure for all of them.
            reckon = reckonings(position)
            left = Budget(budget - spent - len(ranked))
            ranked, rescored = _rescored(
                ranked,
                candidates,
                left,
                value,
                reply_value,
                prune,
                evaluator,
                reckon,
            )
            if deep and rescored > 1 and is_contact(position):
                best = ranked[0][0]
                closest = [
                    pair for pair in ranked[: min(deep, rescored)] if pair[0] >= best - deep_margin
                ]
                if len(closest) > 1:
                    ranked = _looked_deeper(
                        ranked,
                        closest,
                        # What the look one roll ahead left unspent adds to it.
                        Budget(deep_budget + left.left),
                        value,
                        reply_value,
                        prune,
                        evaluator,
                        reckon,
                    )
    if by_hand:
        floor = ranked[-1][0]
        ranked += [(min(equity, floor - 1e-9), play) for equity, play in by_hand]
    return ranked


def _rescored(
    ranked: list[tuple[float, Play]],
    candidates: list[tuple[float, Play]],
    left: Budget,
    value: Value | None,
    reply_value: Value | None,
    prune: int = 0,
    evaluator: Evaluator | None = None,
    reckon: int = EVERY,
) -> tuple[list[tuple[float, Play]], int]:
    """``ranked`` with the ``candidates`` (its first plays) re-scored at 2-ply while
    ``left`` pays for them, the rest below; and how many were re-scored."""
    rescored: list[tuple[float, Play]] = []
    for _, play in candidates:
        try:
            probabilities, _ = lookahead(
                play.position.flip(), left, reply_value, prune, evaluator, reckon
            )
        except OutOfBudget:
            break
        if value is None:
            rescored.append((-probabilities.equity, play))
        else:
            rescored.append((value(probabilities.flip()), play))
    if not rescored:
        return ranked, 0
    return _reordered(ranked, rescored), len(rescored)


def _looked_deeper(
    ranked: list[tuple[float, Play]],
    closest: list[tuple[float, Play]],
    budget: Budget,
    value: Value | None,
    reply_value: Value | None,
    prune: int,
    evaluator: Evaluator | None,
    reckon: int,
) -> list[tuple[float, Play]]:
    """``ranked`` with ``closest`` (its first plays) looked at two rolls ahead, the rest
    below them; ``ranked`` as it was if ``budget`` cannot pay for all of them."""
    deeper: list[tuple[float, Play]] = []
    for _, play in closest:
        try:
            probabilities = two_rolls_ahead(
                play.position.flip(), budget, reply_value, value, prune, evaluator, reckon
            )
        except OutOfBudget:
            return ranked
        equity = -probabilities.equity if value is None else value(probabilities.flip())
        deeper.append((equity, play))
    return _reordered(ranked, deeper)


def _reordered(
    ranked: list[tuple[float, Play]], first: list[tuple[float, Play]]
) -> list[tuple[float, Play]]:
    """``first`` (``ranked``'s first plays, valued anew) best first, then the rest of
    ``ranked`` below the last of them."""
    first = sorted(first, key=lambda pair: -pair[0])
    floor = first[-1][0]
    rest = [(min(equity, floor - 1e-9), play) for equity, play in ranked[len(first) :]]
    return first + rest
