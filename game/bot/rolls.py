"""A position's 21 rolls as the searches read them (``Rolls``), and where a search finds them
(an ``Evaluator``).

``FRESH`` works them out anew for each search; a judge of a whole game keeps them between
its decisions (``game.analysis.judgement``), and one decision keeps the rolls of its own
look-aheads (``Kept``), so that its look two rolls ahead reads what its look one roll ahead
evaluated. The same searches then give the same figures with less work.
"""

from __future__ import annotations

from typing import Protocol

from game.bot.budget import Budget, OutOfBudget, Value, reply_candidates, reply_cost
from game.bot.evaluator import EVERY, RANKING, Scorer, evaluate_position, network, phase_of
from game.bot.probabilities import Probabilities
from game.bot.shots import ROLLS
from game.engine.plays import Play, legal_plays
from game.engine.position import Position


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


class Kept:
    """An evaluator that keeps every position's rolls it hands out, asking ``inner`` for
    those it has not (one decision's: its candidates' look-aheads read them again)."""

    __slots__ = ("_inner", "_kept")

    def __init__(self, inner: Evaluator) -> None:
        self._inner = inner
        self._kept: dict[tuple[Position, int], Rolls] = {}

    def rolls(self, position: Position, reckon: int = EVERY) -> Rolls:
        key = (position, reckon)
        found = self._kept.get(key)
        if found is None:
            found = self._kept[key] = self._inner.rolls(position, reckon)
        return found


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
