"""The bot's static evaluation: which network for which position, and the rules' certainties.

    >>> from game.engine.position import Position
    >>> p = evaluate_position(Position.start())
    >>> 0.45 < p.win < 0.6
    True

Bear-offs (both sides with every checker home) are looked up in the one-sided
bear-off table (``bearoff.py``). Other positions with contact go to the
contact network, races to the race network
(both trained by tools/train.py and stored in game/bot/data/). Finished games
and outcomes the rules exclude (a gammon once the loser has borne a checker off,
a backgammon in a race where the loser is already out of the winner's home
board) are settled exactly rather than by the network, and so are the gammon race of a
bear-in (``bear_in.py``) and a race near home (``near_home.py``), where a search allows
(``reckonings``). Without the weight files, the hand-made evaluation stands in.

``Scorer`` evaluates many positions that differ in a few inputs from one base
position (the candidate plays of a roll) by updating the base's hidden sums.
``PruningScorer`` ranks a look-ahead's replies by the small pruning network, so
that the best few are evaluated in full; its inputs' share of the hidden sums that
depends on one side alone is kept with that side's placement (``encoding.pruning_split``).

Two contact networks of the same shape: the **contact** network values every position
a look-ahead ends on (and any position asked for); the **ranking** network ranks the
mover's own plays at 1-ply (``Scorer(base, ranking=True)``), before any look-ahead. They
are trained on different mixes (game/bot/README.md): the positions a look-ahead ends on
are those after good plays and good replies, while a ranking must tell every play of a
roll apart, the poor ones included. Without ranking.net the contact network does both.
Races likewise: **race-ranking** ranks the mover's own plays, **race** values the rest.
"""

from __future__ import annotations

from pathlib import Path

from game.bot import bear_in, near_home
from game.bot.bear_in import OUTSIDE_PIPS, gammon_chances
from game.bot.bearoff import bearoff_probabilities
from game.bot.encoding import INPUTS, encode, is_contact, pruning_both, pruning_split, side_of
from game.bot.heuristic import heuristic_probabilities
from game.bot.network import Network
from game.bot.probabilities import Probabilities
from game.engine.position import OFF, Position, Side

DATA = Path(__file__).resolve().parent / "data"
NET_FILES = {
    "contact": "contact.net",
    "race": "race.net",
    "pruning": "pruning.net",
    "ranking": "ranking.net",
    "race-ranking": "race-ranking.net",
}
# The network that ranks the mover's own plays at 1-ply, by the phase of the position.
RANKING = {"contact": "ranking", "race": "race-ranking"}

# What is reckoned rather than valued by a network, as flags: a bear-in's gammon race
# (bear_in.py) and a whole race near home (near_home.py). A search reckons in its
# look-aheads only what its root's ranking reckoned (``reckonings``), so that every
# candidate is valued by one measure.
BEAR_IN = 1
NEAR_HOME = 2
EVERY = BEAR_IN | NEAR_HOME

# The networks loaded so far by phase (None: its file is missing; tests set one to None).
loaded_networks: dict[str, Network | None] = {}


def network(phase: str) -> Network | None:
    """The network for ``phase`` ('contact', 'race', 'pruning', 'ranking' or 'race-ranking'),
    loaded once; None if its file is missing."""
    if phase not in loaded_networks:
        path = DATA / NET_FILES[phase]
        loaded_networks[phase] = Network.load(path) if path.exists() else None
    return loaded_networks[phase]


def phase_of(position: Position) -> str:
    return "contact" if is_contact(position) else "race"


def exact(position: Position) -> Probabilities | None:
    """Probabilities known without a network: a finished game or a bear-off in the table."""
    done = finished(position)
    if done is None:
        done = bearoff_probabilities(position)
    return done


def finished(position: Position) -> Probabilities | None:
    """Exact probabilities of a finished game, else None."""
    me, them = position.player, position.opponent
    if me[OFF] == 15:
        result = position.winner_result()
        return Probabilities(1.0, float(result >= 2), float(result == 3), 0.0, 0.0)
    if them[OFF] == 15:
        result = position.flip().winner_result()
        return Probabilities(0.0, 0.0, 0.0, float(result >= 2), float(result == 3))
    return None


def reckonings(position: Position) -> int:
    """The reckonings (flags) that apply to a race; for a position with contact, whose
    look-aheads may end in any race, a bear-in's gammon race only: a race near home met
    at a look-ahead's end is left to the network, since reckoning it anew can cost more
    than the rest of a decision (docs/performance.md, "Session 23")."""
    if is_contact(position):
        return BEAR_IN
    return (BEAR_IN if bear_in.reckons(position) else 0) | (
        NEAR_HOME if near_home.reckons(position) else 0
    )


def settle(
    position: Position, phase: str, outputs: list[float], reckon: int = EVERY
) -> Probabilities:
    """Network outputs made consistent with what the rules still allow (and, with the
    ``BEAR_IN`` flag in ``reckon``, with a bear-in's gammon race where ``bear_in`` reckons
    it)."""
    win, win_gammon, win_backgammon, lose_gammon, lose_backgammon = outputs
    me, them = position.player, position.opponent
    if them[OFF]:
        win_gammon = win_backgammon = 0.0
    if me[OFF]:
        lose_gammon = lose_backgammon = 0.0
    if phase == "race":
        # A backgammon needs the loser on the bar or in the winner's home board.
        if not any(them[19:26]):
            win_backgammon = 0.0
        if not any(me[19:26]):
            lose_backgammon = 0.0
        # A bear-in's gammon race is reckoned rather than guessed (bear_in.py).
        limit = OUTSIDE_PIPS if reckon & BEAR_IN else 0
        reckoned_win, reckoned_loss = gammon_chances(position, limit)
        if reckoned_win is not None:
            win_gammon = reckoned_win
            win = max(win, win_gammon)
            win_backgammon = min(win_backgammon, win_gammon)
        if reckoned_loss is not None:
            lose_gammon = reckoned_loss
            lose_backgammon = min(lose_backgammon, lose_gammon)
            win = min(win, 1.0 - lose_gammon)
    return Probabilities.from_sequence(
        (win, win_gammon, win_backgammon, lose_gammon, lose_backgammon)
    )


def evaluate_position(position: Position, reckon: int = EVERY) -> Probabilities:
    """Cubeless probabilities for ``position.player``, on roll, before rolling (no search;
    ``reckon``: the reckonings allowed, where they apply)."""
    done = exact(position)
    if done is not None:
        return done
    if reckon & NEAR_HOME:
        done = near_home.race_chances(position)
        if done is not None:
            return done
    phase = phase_of(position)
    net = network(phase)
    if net is None:
        return heuristic_probabilities(position)
    return settle(position, phase, net.evaluate(encode(position)), reckon)


class Scorer:
    """Evaluates positions close to ``base`` (e.g. after each play of one roll) incrementally."""

    __slots__ = ("inputs", "may_reckon", "net", "phase", "reckon", "removed", "sums", "vector")

    def __init__(self, base: Position, ranking: bool = False, reckon: int = EVERY) -> None:
        self.phase = phase_of(base)
        # A race is reckoned for all the positions scored or none, so that one roll's plays
        # are compared by one measure (and only as ``reckon`` allows).
        self.may_reckon = reckon
        self.reckon = reckon & reckonings(base) if self.phase == "race" else 0
        self.net = network(self.phase)
        if ranking:
            # The mover's own plays, ranked before any look-ahead: the phase's ranking
            # network where there is one (see the module notes).
            self.net = network(RANKING[self.phase]) or self.net
        self.inputs = encode(base)
        self.vector, self.removed = _base(self.inputs)
        self.sums = self.net.hidden_sums(self.inputs) if self.net is not None else None

    def evaluate(self, position: Position) -> Probabilities:
        # With contact neither side is home, so no finished game nor bear-off: only the
        # other positions need ``exact``.
        phase = phase_of(position)
        if phase != "contact":
            done = exact(position)
            if done is None and self.reckon & NEAR_HOME:
                done = near_home.race_chances(position)
            if done is not None:
                return done
        if phase != self.phase or self.net is None:
            return evaluate_position(position, self.may_reckon)
        inputs = encode(position)
        changes = _changes(self.vector, self.removed, inputs)
        if len(changes) >= len(inputs):
            sums = self.net.hidden_sums(inputs)
        else:
            assert self.sums is not None  # set with the network
            sums = self.net.update_sums(self.sums, changes)
        return settle(position, phase, self.net.outputs(sums), self.reckon)


class PruningScorer:
    """Equities by the pruning network (a quarter of a position's cost) for positions with
    contact: good enough to tell a roll's few best plays from the rest."""

    __slots__ = ("net",)

    def __init__(self, net: Network) -> None:
        self.net = net

    def equity(self, position: Position) -> float:
        """Cubeless money equity for ``position.player``, on roll."""
        # ``Probabilities.equity``'s sum in the same order (the same figure to the last bit),
        # without building the probabilities: a look-ahead ranks thousands of replies so.
        win, win_gammon, win_backgammon, lose_gammon, lose_backgammon = self.outputs(position)
        return 2.0 * win - 1.0 + win_gammon - lose_gammon + win_backgammon - lose_backgammon

    def equities_after(self, positions: list[Position]) -> list[float]:
        """``equity`` of each of ``positions`` flipped: the other side's, on roll after the
        mover's plays (``positions``, the mover as ``player``) of one roll, as a look-ahead
        ranks its replies; each counts as one ``equity``."""
        # In a loop, with the side on roll's own share of the sums found once for as long
        # as it stays the same: a roll's plays leave it as it was unless one hits (and the
        # plays that do not share its counts, ``legal_plays``). The equities are
        # ``equity``'s to the last bit: the same sums, outputs and sum.
        net = self.net
        equities = []
        player: Side | None = None
        for after in positions:
            if after.opponent is not player:
                player = after.opponent
                me = side_of(player)
                my_sums = me.own_sums(0, net)
            them = side_of(after.player)
            win, win_gammon, win_backgammon, lose_gammon, lose_backgammon = net.outputs(
                net.hidden_sums(pruning_both(me, them)) + my_sums + them.own_sums(1, net)
            )
            equities.append(
                2.0 * win - 1.0 + win_gammon - lose_gammon + win_backgammon - lose_backgammon
            )
        return equities

    def probabilities(self, position: Position) -> Probabilities:
        """The probabilities for ``position.player``, on roll."""
        return Probabilities(*self.outputs(position))

    def outputs(self, position: Position) -> list[float]:
        """The pruning network's five outputs for ``position``."""
        # Each side's share of the sums is kept with its placement (a look-ahead's replies
        # leave one side as it was and often the other as another reply left it).
        net = self.net
        me, them, both = pruning_split(position)
        return net.outputs(net.hidden_sums(both) + me.own_sums(0, net) + them.own_sums(1, net))


def _base(inputs: list[tuple[int, float]]) -> tuple[list[float], list[tuple[int, float]]]:
    """A base position's inputs as a full vector, and the changes that would remove them."""
    vector = [0.0] * INPUTS
    for index, value in inputs:
        vector[index] = value
    return vector, [(index, -value) for index, value in inputs]


def _changes(
    vector: list[float], removed: list[tuple[int, float]], inputs: list[tuple[int, float]]
) -> list[tuple[int, float]]:
    """The ``(index, delta)`` changes from a base (``_base``'s two lists) to ``inputs``."""
    changes = [(index, value - vector[index]) for index, value in inputs if value != vector[index]]
    present = dict(inputs)
    changes += [change for change in removed if change[0] not in present]
    return changes
