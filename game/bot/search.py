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

Two rolls ahead (``deeper.py``, GNU Backgammon's 2-ply depth): the strongest level's
best plays, when the look one roll ahead finds them close, are looked at over the
opponent's 21 rolls and, after each of its replies, a third of the mover's own rolls.

Every search reads a position's rolls (its plays, the probabilities after each, the
candidates of a look-ahead) from ``rolls.Rolls``, which an ``Evaluator`` hands out
(``rolls.py``). The look-ahead is ``lookahead``; the cube's look
(``game.bot.cube.lookahead``) reads the same rolls (``paid_rolls``, ``Rolls.best``).

``value``: how a side ranks its outcomes, a function of its probabilities (None:
cubeless money equity; in a match, ``match_value.MatchValue`` of the score). The
2-ply search takes one for the mover and one for the opponent's replies.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.bot.budget import Budget, OutOfBudget, Value, reply_cost, shortlist, valued
from game.bot.deeper import AfterFirst, looked_deeper, paid_looks, reordered
from game.bot.encoding import is_contact
from game.bot.evaluator import EVERY, NEAR_HOME, Scorer, reckonings
from game.bot.near_home import reckons as reckons_near
from game.bot.probabilities import Probabilities
from game.bot.rolls import FRESH, Evaluator, Kept, Rolls, paid_rolls
from game.bot.shots import ROLLS, SECOND_ROLLS, SecondRolls
from game.engine.plays import Play
from game.engine.position import Position

if TYPE_CHECKING:
    from game.bot.cube.state import CubeState
    from game.bot.levels import Level

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
    deep_sets: int = 3,
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
    two rolls ahead in turn (``deeper.looked_deeper``) while ``deep_budget`` positions,
    with what ``budget`` left unspent, pay for them; if fewer than two were, the 2-ply
    ranking stands. ``deep_sets``: the mover's second rolls in that look, one set of
    ``shots.SECOND_ROLLS[deep_sets]`` after each first roll (3: a third, 7: a seventh).
    """
    search = Search(keep, margin, budget, prune, ranking, deep, deep_margin, deep_budget, deep_sets)
    ahead = ahead_look(position, dice, search, plays, value, reply_value, evaluator)
    return ahead.ranking(ahead.looked()).finished()


@dataclass(frozen=True, slots=True)
class Search:
    """How a 2-ply ranking looks ahead (``rank_plays_deeper``'s arguments of that name):
    its candidates, its budget, its pruned replies, its 1-ply ranking's network, and its
    look two rolls ahead at the closest plays. A level's: ``Search.of``."""

    keep: int = 8
    margin: float = 0.16
    budget: int = 3000
    prune: int = 0
    ranking: bool = True
    deep: int = 0
    deep_margin: float = 0.0
    deep_budget: int = 0
    deep_sets: int = 3

    @classmethod
    def of(cls, level: Level, position: Position, budget: int | None = None) -> Search:
        """A searching ``level``'s search of ``position`` (``budget``: instead of its own)."""
        return cls(
            level.keep,
            level.margin,
            level.budget if budget is None else budget,
            level.prune,
            level.ranks(position),
            level.deep,
            level.deep_margin,
            level.deep_budget,
            level.deep_sets,
        )


@dataclass
class Ranking:
    """A 2-ply ranking (``ranked``, then the plays a shortlist left ``by_hand``) and, when its
    closest plays are to be looked at two rolls ahead, what that look needs (``deep``)."""

    ranked: list[tuple[float, Play]]
    by_hand: list[tuple[float, Play]]
    deep: DeepLook | None = None

    def finished(self, ranked: list[tuple[float, Play]] | None = None) -> list[tuple[float, Play]]:
        """The whole ranking: ``ranked`` (the look two rolls ahead's; None: worked out here,
        ``looked_deeper``, or the 2-ply ranking without one), then the plays ranked by hand."""
        if ranked is None:
            ranked = self.ranked if self.deep is None else self.deep.looked(self.ranked)
        if self.by_hand:
            floor = ranked[-1][0]
            ranked = ranked + [(min(equity, floor - 1e-9), play) for equity, play in self.by_hand]
        return ranked


@dataclass
class DeepLook:
    """The closest plays of a 2-ply ranking to look at two rolls ahead, and how
    (``deeper.looked_deeper``'s arguments)."""

    closest: list[tuple[float, Play]]
    budget: Budget
    value: Value | None
    reply_value: Value | None
    prune: int
    evaluator: Evaluator
    reckon: int
    second_rolls: SecondRolls
    replies: dict[Position, list[Position]] | None = None

    def looked(self, ranked: list[tuple[float, Play]]) -> list[tuple[float, Play]]:
        """``ranked`` with the look two rolls ahead worked out here, in turn."""
        return looked_deeper(
            ranked,
            self.closest,
            self.budget,
            self.value,
            self.reply_value,
            self.prune,
            self.evaluator,
            self.reckon,
            self.second_rolls,
        )

    def paid(self) -> list[tuple[Play, AfterFirst]]:
        """The plays the look's budget pays for (``deeper.paid_looks``: none, or two or more)."""
        return paid_looks(
            self.closest,
            self.budget,
            self.reply_value,
            self.prune,
            self.evaluator,
            self.reckon,
            self.second_rolls,
            self.replies,
        )


def level_ranking(
    position: Position,
    dice: tuple[int, int],
    level: Level,
    plays: list[Play],
    state: CubeState | None = None,
) -> Ranking:
    """A searching ``level``'s ranking of ``plays`` (``choose_play``'s), valued at the score of
    ``state`` (``match_value``), before its look two rolls ahead."""
    ahead = level_ahead(position, dice, level, plays, state)
    return ahead.ranking(ahead.looked())


def level_ahead(
    position: Position,
    dice: tuple[int, int],
    level: Level,
    plays: list[Play],
    state: CubeState | None = None,
) -> AheadLook:
    """``level_ranking`` before its look one roll ahead (``ahead_look``)."""
    from game.bot.match_value import match_value

    return ahead_look(
        position,
        dice,
        Search.of(level, position),
        plays,
        match_value(state),
        match_value(None if state is None else state.flip()),
    )


@dataclass
class AheadLook:
    """A 2-ply ranking's 1-ply ranking (``ranked``, then ``by_hand``) and the candidates its
    budget pays to look at one roll ahead (``paid``, best first; none: the 1-ply ranking
    stands), before any is looked at; with what the look two rolls ahead needs after them."""

    position: Position
    ranked: list[tuple[float, Play]]
    by_hand: list[tuple[float, Play]]
    paid: list[Play]
    left: Budget
    value: Value | None
    reply_value: Value | None
    evaluator: Evaluator
    reckon: int
    search: Search

    @property
    def prune(self) -> int:
        """Replies of each roll evaluated in full by the looks (``reply_candidates``)."""
        return self.search.prune

    def looked(self) -> list[Probabilities]:
        """The paid candidates' look one roll ahead, worked out here (``lookahead``)."""
        value, prune, kept, reckon = self.reply_value, self.prune, self.evaluator, self.reckon
        return [
            lookahead(play.position.flip(), None, value, prune, kept, reckon)[0]
            for play in self.paid
        ]

    def ranking(
        self,
        looked: list[Probabilities],
        replies: dict[Position, list[Position]] | None = None,
    ) -> Ranking:
        """The ranking once the paid candidates were looked at (``looked``, theirs in turn),
        and its look two rolls ahead to come. ``replies``: each candidate's best replies of
        the 21 rolls (by its position after the play, flipped), when it was looked at
        elsewhere."""
        if not self.paid:
            return Ranking(self.ranked, self.by_hand)
        rescored = [
            (-found.equity if self.value is None else self.value(found.flip()), play)
            for found, play in zip(looked, self.paid, strict=True)
        ]
        ranked = reordered(self.ranked, rescored)
        search = self.search
        if not search.deep or len(rescored) <= 1 or not is_contact(self.position):
            return Ranking(ranked, self.by_hand)
        best = ranked[0][0]
        closest = [
            pair
            for pair in ranked[: min(search.deep, len(rescored))]
            if pair[0] >= best - search.deep_margin
        ]
        if len(closest) <= 1:
            return Ranking(ranked, self.by_hand)
        look = DeepLook(
            closest,
            # What the look one roll ahead left unspent adds to it.
            Budget(search.deep_budget + self.left.left),
            self.value,
            self.reply_value,
            search.prune,
            self.evaluator,
            self.reckon,
            SECOND_ROLLS[search.deep_sets],
            replies,
        )
        return Ranking(ranked, self.by_hand, look)


def ahead_look(
    position: Position,
    dice: tuple[int, int],
    search: Search,
    plays: list[Play] | None = None,
    value: Value | None = None,
    reply_value: Value | None = None,
    evaluator: Evaluator | None = None,
) -> AheadLook:
    """``rank_plays_deeper`` up to its look one roll ahead (the same arguments, ``search``
    holding its knobs): the 1-ply ranking, and the candidates the budget pays to look at, in
    turn until it cannot (a look-ahead's cost is known before it is evaluated:
    ``Rolls.cost``)."""
    if plays is None:
        plays = (evaluator or FRESH).rolls(position).plays(dice)
    plays, by_hand, spent = shortlist(position, plays, search.budget, value)
    ranked = rank_plays(position, dice, plays, value, search.ranking, evaluator)
    # The candidates' look-aheads reckon only what the 1-ply ranking did: one measure for
    # all of them.
    reckon = reckonings(position)
    left = Budget(search.budget - spent - len(ranked))
    # The candidates' rolls, kept for the look two rolls ahead to read again.
    kept = Kept(evaluator or FRESH)
    ahead = AheadLook(position, ranked, by_hand, [], left, value, reply_value, kept, reckon, search)
    # A race near home is reckoned at 1-ply already: looking a roll further adds nothing
    # but its cost.
    if len(ranked) <= 1 or reckons_near(position):
        return ahead
    best = ranked[0][0]
    candidates = [pair for pair in ranked[: search.keep] if pair[0] >= best - search.margin]
    if len(candidates) <= 1:
        return ahead
    for _, play in candidates:
        if not left.spend(kept.rolls(play.position.flip(), reckon).cost(search.prune)):
            break
        ahead.paid.append(play)
    return ahead
