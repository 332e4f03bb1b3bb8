"""One trial of a rollout: the position played to the end (or to the truncation) with the
trial's dice, its outcome for the side on roll at the start.

    >>> from game.engine.position import Position
    >>> from game.analysis.rollout.dice import rollout_key
    >>> from game.analysis.rollout.settings import RolloutSettings
    >>> outcome = Trials(RolloutSettings(truncate=2)).play(Position.start(), rollout_key(1), 0)
    >>> len(outcome), 0.0 <= outcome[0] <= 1.0
    (5, True)

Chequer play: ``0-ply`` ranks every play of the roll by the network (the bot's 1-ply ranking,
``game.bot.search.rank_plays``) and plays the best; a level plays as the bot does
(``game.bot.choose_play``, its noise drawn from a generator seeded with the trial's seed).

Variance reduction (gnubg's luck adjustment): before each ply, every one of the 21 rolls is
valued by a cheap one-roll look-ahead: the mover's chances after its best play of that roll
by the pruning network (with contact; the race network or the bear-off table without). The
roll's luck is its value less the mean over the 36 rolls; the sum of the luck of the plies,
for the side the rollout is for, is taken away from the trial's five figures. Its mean is 0
whatever the look-ahead, so the rollout is not biased by it; the better the look-ahead
follows the game, the less the trials vary.

Cubeful trials (``play_cubeful``, ``cube.py``): the cube is played as the game goes and the
trial also answers its cubeful figure: the points won or lost, the cube at 1 before the
decision (``CubeStart``: 2 after double/take). A double
passed ends it: its five figures are then the network's chances at that moment (as a
truncation: the cubeless figures stay those of the game played on). Variance reduction takes
away each roll's cubeful luck, as gnubg's cubeful rollouts do: the roll's value is the
mover's cubeful equity after its best play of the roll (the same play as the cubeless luck's),
the opponent on roll with the cube as it is then and making its best 0-ply cube action
(``cube.cubeful_value``, the network's chances by the trial's 0-ply evaluation through
Janowski's model); the luck is that value less the mean over the 36 rolls, times the cube's
value, and again 0 on average over the rolls.
"""

from __future__ import annotations

import random

from game.analysis.rollout.cube import CubeStart, CubeState, cubeful_value, doubles
from game.analysis.rollout.dice import trial_rolls, trial_seed
from game.analysis.rollout.settings import ZERO_PLY, RolloutSettings
from game.analysis.rollout.tally import Outcome, flipped
from game.bot import choose_play
from game.bot.bearoff import bearoff_probabilities
from game.bot.cube.model import cube_efficiency
from game.bot.encoding import is_contact
from game.bot.evaluator import PruningScorer, Scorer, evaluate_position, network
from game.bot.probabilities import Probabilities
from game.bot.search import rank_plays
from game.bot.shots import ROLLS
from game.engine.dice import Dice
from game.engine.plays import legal_plays
from game.engine.position import Position

LUCK_KEPT = 20_000  # positions whose 21 rolls' values are kept (the first plies repeat)


class Trials:
    """Plays trials under ``settings``, keeping the look-ahead of variance reduction for the
    positions that come back (the start of every trial is the same position)."""

    __slots__ = ("_luck", "_pruning", "settings")

    def __init__(self, settings: RolloutSettings) -> None:
        self.settings = settings
        self._luck: dict[Position, _Rolls] = {}
        net = network("pruning")
        self._pruning = PruningScorer(net) if net is not None else None

    def play(self, position: Position, key: bytes, trial: int) -> Outcome:
        """Trial ``trial`` of a rollout with key ``key`` from ``position`` (its player on
        roll, about to roll): the five figures for that player."""
        return self._trial(position, key, trial, None)[0]

    def play_cubeful(
        self, position: Position, key: bytes, trial: int, start: CubeStart
    ) -> tuple[Outcome, float]:
        """The same trial with the cube played from ``start``: the five figures and the
        cubeful points (the cube at 1 before the decision), for the player on roll at the
        start."""
        outcome, points = self._trial(position, key, trial, start)
        assert points is not None
        return outcome, points

    def _trial(
        self, position: Position, key: bytes, trial: int, start: CubeStart | None
    ) -> tuple[Outcome, float | None]:
        settings = self.settings
        rolls = trial_rolls(key, trial)
        rng = random.Random(trial_seed(key, trial)) if settings.level != ZERO_PLY else None
        luck = [0.0] * 5
        cubeful_luck = 0.0
        mine = True  # the player on roll is the one the rollout is for
        plies = 0
        # The cube seen by the player the rollout is for; None: cubeless.
        state = None if start is None else start.state()
        while not position.is_game_over():
            mover = None if state is None else state if mine else state.flip()
            may_double = (
                mover is not None
                and mover.may_double()
                and (plies > 0 or start is None or start.first_double)
            )
            known = bearoff_probabilities(position)
            if known is None and settings.truncate and plies >= settings.truncate:
                known = evaluate_position(position)
            if known is not None:
                figures = known.as_tuple()
                points = None
                if mover is not None:
                    value = cubeful_value(known, mover, cube_efficiency(position), may_double)
                    points = value * mover.value * (1 if mine else -1)
                return _settled(figures if mine else flipped(figures), luck, points, cubeful_luck)
            if may_double:
                assert mover is not None
                chances = evaluate_position(position)
                double, passed = doubles(chances, mover, cube_efficiency(position))
                if double and passed:
                    figures = chances.as_tuple()
                    points = float(mover.value) * (1 if mine else -1)
                    return _settled(
                        figures if mine else flipped(figures), luck, points, cubeful_luck
                    )
                if double:
                    taken = mover.doubled()
                    state = taken if mine else taken.flip()
            dice = next(rolls)
            if settings.variance_reduction:
                roll_luck = self._roll_luck(position, dice)
                change = roll_luck if mine else _flip_change(roll_luck)
                _add(luck, change)
                if state is not None:
                    acting = state if mine else state.flip()  # after the mover's cube action
                    luck_points = acting.value * self.cubeful_luck(position, dice, acting)
                    cubeful_luck += luck_points if mine else -luck_points
            position = self._played(position, dice, rng).flip()
            mine = not mine
            plies += 1
        # The side that just played has borne off its last checker: the other is on roll.
        points = position.flip().winner_result()
        won: Outcome = (1.0, float(points >= 2), float(points == 3), 0.0, 0.0)
        cubeful = None if state is None else float(points * state.value * (-1 if mine else 1))
        return _settled(won if not mine else flipped(won), luck, cubeful, cubeful_luck)

    def _played(self, position: Position, dice: Dice, rng: random.Random | None) -> Position:
        """The position after the mover's play of ``dice`` (the mover still on roll)."""
        plays = legal_plays(position, dice)
        if len(plays) <= 1:
            return plays[0].position if plays else position
        if rng is None:
            return rank_plays(position, dice, plays)[0][1].position
        play = choose_play(position, dice, self.settings.level, rng)
        assert play is not None  # there are legal plays
        return play.position

    def _roll_luck(self, position: Position, dice: Dice) -> Outcome:
        """How much better than the mean of the 36 rolls ``dice`` is for the mover, by the
        cheap look-ahead, in five figures."""
        rolls = self._rolls(position)
        value, mean = rolls.values[(min(dice), max(dice))], rolls.mean
        return (
            value[0] - mean[0],
            value[1] - mean[1],
            value[2] - mean[2],
            value[3] - mean[3],
            value[4] - mean[4],
        )

    def cubeful_luck(self, position: Position, dice: Dice, state: CubeState) -> float:
        """How much better than the mean of the 36 rolls ``dice`` is for the mover, with the
        cube ``state`` (the mover's), in cubeful equity per unit of its cube."""
        rolls = self._rolls(position)
        found = rolls.cubeful.get(state)
        if found is None:
            reply = state.flip()
            values = {
                roll: -cubeful_value(chances, reply, efficiency, True)
                for roll, (chances, efficiency) in rolls.replies.items()
            }
            mean = sum(weight * values[(a, b)] for a, b, weight in ROLLS) / 36.0
            found = rolls.cubeful[state] = (values, mean)
        values, mean = found
        return values[(min(dice), max(dice))] - mean

    def _rolls(self, position: Position) -> _Rolls:
        """The look-ahead of ``position``'s 21 rolls, worked out once while kept."""
        found = self._luck.get(position)
        if found is None:
            race = None if is_contact(position) else Scorer(position.flip(), reckon=0)
            replies = {(a, b): self._reply(position, (a, b), race) for a, b, _ in ROLLS}
            values = {roll: chances.flip().as_tuple() for roll, (chances, _) in replies.items()}
            mean = tuple(
                sum(weight * values[(a, b)][k] for a, b, weight in ROLLS) / 36.0 for k in range(5)
            )
            if len(self._luck) >= LUCK_KEPT:
                self._luck.clear()
            found = self._luck[position] = _Rolls(
                values, (mean[0], mean[1], mean[2], mean[3], mean[4]), replies
            )
        return found

    def _reply(
        self, position: Position, dice: Dice, race: Scorer | None
    ) -> tuple[Probabilities, float]:
        """The opponent's chances on roll after the mover's best play of ``dice`` by the
        cheap evaluation (``race``: the race network's scorer of the plays, in a race), and
        that position's cube efficiency."""
        plays = legal_plays(position, dice)
        if not plays:
            reply = position.flip()
            return evaluate_position(reply, reckon=0), cube_efficiency(reply)
        # The best play by the mover's equity (as the cubeless luck has always chosen it).
        best, reply = max(
            ((self._cheap(play.position.flip(), race).flip(), play.position) for play in plays),
            key=_mover_equity,
        )
        return best.flip(), cube_efficiency(reply.flip())

    def _cheap(self, position: Position, race: Scorer | None) -> Probabilities:
        """Chances for ``position.player`` by the pruning network with contact, else by the
        race network (``race``, updated from the roll's base) or the bear-off table."""
        if self._pruning is not None and is_contact(position):
            return self._pruning.probabilities(position)
        if race is not None:
            return race.evaluate(position)
        return evaluate_position(position, reckon=0)


def _mover_equity(played: tuple[Probabilities, Position]) -> float:
    return played[0].equity


class _Rolls:
    """One position's look-ahead for variance reduction: per roll the mover's five figures
    after its best play (``values``), their mean, the opponent's chances then and that
    position's cube efficiency (``replies``), and the cubeful values per cube kept."""

    __slots__ = ("cubeful", "mean", "replies", "values")

    def __init__(
        self,
        values: dict[Dice, Outcome],
        mean: Outcome,
        replies: dict[Dice, tuple[Probabilities, float]],
    ) -> None:
        self.values = values
        self.mean = mean
        self.replies = replies
        self.cubeful: dict[CubeState, tuple[dict[Dice, float], float]] = {}


def _add(total: list[float], change: Outcome) -> None:
    for k in range(5):
        total[k] += change[k]


def _flip_change(change: Outcome) -> Outcome:
    """A change in the mover's five figures as the change in the other side's."""
    return (-change[0], change[3], change[4], change[1], change[2])


def _settled(
    figures: Outcome, luck: list[float], points: float | None, cubeful_luck: float
) -> tuple[Outcome, float | None]:
    """The trial's five figures and its cubeful points, each roll's luck taken away."""
    return _adjusted(figures, luck), None if points is None else points - cubeful_luck


def _adjusted(figures: Outcome, luck: list[float]) -> Outcome:
    return (
        figures[0] - luck[0],
        figures[1] - luck[1],
        figures[2] - luck[2],
        figures[3] - luck[3],
        figures[4] - luck[4],
    )
