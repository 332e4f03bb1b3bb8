"""The cube as the player on roll sees it: the table (``CubeState``), the words of a cube
decision and the decision with its figures (``CubeDecision``).

    >>> state = CubeState.of(value=2, owner=ON_ROLL, match_length=7, score=(3, 5))
    >>> state.away, state.flip().away, state.flip().cube.owner == OPPONENT
    ((4, 2), (2, 4), True)
    >>> state.doubled().cube.value, state.doubled().cube.owner == OPPONENT
    (4, True)

Every cube rule (who may double, a dead cube, the beaver limit, Jacoby) is
``game.engine.match``'s; this module only numbers the players from the decider's side.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import StrEnum
from functools import lru_cache
from typing import Any

from game.engine import match
from game.engine.match import Cube, InvalidRules, Rules

ON_ROLL, OPPONENT = 0, 1  # the players as a CubeState numbers them


class CubeAction(StrEnum):
    """What the player on roll does with the cube (its word: ``CubeAction.DOUBLE == "double"``)."""

    DOUBLE = "double"
    NO_DOUBLE = "no-double"
    TOO_GOOD = "too-good"  # too good to double: play on for a gammon


class CubeResponse(StrEnum):
    """What the doubled player answers (each its word: ``CubeResponse.TAKE == "take"``)."""

    TAKE = "take"
    PASS = "pass"
    BEAVER = "beaver"


# The words by their bare names too (``DOUBLE is CubeAction.DOUBLE``).
DOUBLE, NO_DOUBLE, TOO_GOOD = CubeAction
TAKE, PASS, BEAVER = CubeResponse

_MONEY, _CENTRED = Rules.full(), Cube()  # the defaults: money play, a centred cube


class InvalidCubeState(ValueError):
    """Cube and match values that cannot occur together."""


@dataclass(frozen=True, slots=True)
class CubeState:
    """The table (``game.engine.match.Table``: rules, cube, score, Crawford flag) seen by the
    player on roll, who is to decide: that player is numbered ``ON_ROLL`` (0) and the
    other ``OPPONENT`` (1), in ``cube.owner`` and ``score`` alike. Every cube rule
    (who may double, a dead cube, the beaver limit, Jacoby) is ``game.engine.match``'s.
    In money play the score is not used and kept at 0-0.
    """

    rules: Rules = _MONEY
    cube: Cube = _CENTRED
    score: tuple[int, int] = (0, 0)
    crawford: bool = False
    # Worked out once: the look-ahead's caches hash the same states many times.
    _hash: int = field(default=0, init=False, repr=False, compare=False)

    def __hash__(self) -> int:
        return self._hash

    def __post_init__(self) -> None:
        if not isinstance(self.rules, Rules) or not isinstance(self.cube, Cube):
            raise InvalidCubeState("a cube state is made of a Rules and a Cube")
        if not self.rules.cube:
            raise InvalidCubeState("these rules have no cube")
        object.__setattr__(self, "score", tuple(self.score))
        length = self.rules.match_length
        if length and not all(0 <= s < length for s in self.score):
            raise InvalidCubeState(f"score {self.score} is not below the match length {length}")
        if self.crawford and (not length or length - 1 not in self.score):
            raise InvalidCubeState(
                "the Crawford game needs a player one point from winning the match"
            )
        if self.crawford and not self.cube.centred:
            raise InvalidCubeState("the cube cannot have been turned in the Crawford game")
        # Of ints alone, so the same in every process (a pickled state keeps its hash).
        rules, owner = self.rules, self.cube.owner
        key = (
            (rules.cube, rules.gammons, rules.match_length, rules.beaver, rules.jacoby),
            (self.cube.value, -1 if owner is None else owner),
            self.score,
            self.crawford,
        )
        object.__setattr__(self, "_hash", hash(key))

    @classmethod
    def of(
        cls,
        value: int = 1,
        owner: int | None = None,
        match_length: int = 0,
        score: tuple[int, int] = (0, 0),
        crawford: bool = False,
        jacoby: bool = False,
        beaver: bool = False,
    ) -> CubeState:
        """A state from plain values (``owner``: None, ``ON_ROLL`` or ``OPPONENT``)."""
        try:
            rules = Rules.full(match_length, beaver=beaver, jacoby=jacoby)
            return cls(rules, Cube(value, owner), score, crawford)
        except InvalidRules as error:
            raise InvalidCubeState(str(error)) from None

    @property
    def value(self) -> int:
        return self.cube.value

    @property
    def match_length(self) -> int:
        return self.rules.match_length

    @property
    def is_money(self) -> bool:
        return self.rules.is_money

    @property
    def away(self) -> tuple[int, int]:
        """Points each side still needs: (player on roll, opponent)."""
        length = self.rules.match_length
        return length - self.score[0], length - self.score[1]

    @property
    def post_crawford(self) -> bool:
        return not self.is_money and not self.crawford and 1 in self.away

    def flip(self) -> CubeState:
        """The same state seen by the opponent."""
        return _flipped(self)

    def doubled(self) -> CubeState:
        """After the player on roll doubles and the opponent takes."""
        return _doubled(self)

    def may_double(self) -> bool:
        """May the player on roll double now? (``game.engine.match.may_double``: not with the
        opponent's cube, at 64, in the Crawford game, nor with a dead cube.)"""
        return match.may_double(self, ON_ROLL)

    def may_beaver(self) -> bool:
        """May the opponent beaver a double now offered (``game.engine.match.may_beaver``)?"""
        return match.may_beaver(self)

    @classmethod
    def from_match_id(cls, match_id: Any, beaver: bool = True) -> CubeState:
        """From a ``game.formats.match_id.MatchId``, for its player on roll.

        The Match ID does not say whether beavers are allowed: ``beaver`` does
        (gnubg allows them by default)."""
        me = match_id.player_on_roll
        owner = match_id.cube_owner
        money = match_id.match_length == 0
        return cls.of(
            value=match_id.cube,
            owner=None if owner is None else ON_ROLL if owner == me else OPPONENT,
            match_length=match_id.match_length,
            score=(0, 0) if money else (match_id.score[me], match_id.score[1 - me]),
            crawford=bool(match_id.crawford) and not money,
            jacoby=bool(match_id.jacoby) and money,
            beaver=beaver and money,
        )

    @classmethod
    def from_table(cls, table: match.Table, player: int) -> CubeState:
        """From a ``game.engine.state.GameState`` (anything with rules, cube, score, crawford),
        for ``player`` (0 or 1) about to decide."""
        rules, cube = table.rules, table.cube
        if not rules.cube:
            raise InvalidCubeState("these rules have no cube")
        money = rules.is_money
        return cls.of(
            value=cube.value,
            owner=None if cube.owner is None else ON_ROLL if cube.owner == player else OPPONENT,
            match_length=rules.match_length,
            score=(0, 0) if money else (table.score[player], table.score[1 - player]),
            crawford=bool(table.crawford) and not money,
            jacoby=rules.jacoby and money,
            beaver=rules.beaver and money,
        )


# A look two rolls ahead asks for the same few states' neighbours and match results
# thousands of times: each is worked out once (a state is immutable and hashable).
@lru_cache(maxsize=4096)
def _flipped(state: CubeState) -> CubeState:
    owner = state.cube.owner
    cube = state.cube if owner is None else Cube(state.cube.value, 1 - owner)
    return replace(state, cube=cube, score=(state.score[1], state.score[0]))


@lru_cache(maxsize=4096)
def _doubled(state: CubeState) -> CubeState:
    return replace(state, cube=state.cube.doubled_by(ON_ROLL))


@dataclass(frozen=True, slots=True)
class CubeDecision:
    """A cube decision and the figures behind it.

    ``no_double``, ``double_take``, ``double_pass``: cubeful values for the
    player on roll: money equity in units of the present cube, or match winning
    chances in match play.
    """

    action: CubeAction
    response: CubeResponse
    no_double: float
    double_take: float
    double_pass: float
    rolls_ahead: int = 0  # of the 21 rolls, those looked at (a budget may leave some out)
    rolls_deeper: int = 0  # of those, the ones looked at a second roll ahead (plies=2)
    positions: int = 1  # evaluated by the network (or their cost, pruning counted as a share)

    @property
    def answer(self) -> tuple[str, str]:
        """The action and the response as words (``('double', 'take')``)."""
        return str(self.action), str(self.response)
