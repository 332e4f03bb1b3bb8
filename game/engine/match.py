"""The rules around the board: rule sets, the doubling cube, scoring and match play.

    >>> rules = Rules.full(match_length=5)
    >>> cube = Cube().doubled_by(0)          # player 0 doubles, player 1 takes
    >>> cube.value, cube.owner
    (2, 1)
    >>> game_points(rules, cube, GAMMON)     # a gammon with the cube on 2
    4

Players are 0 and 1. Every rule is a small function named after it; the game
state (``game.engine.state.GameState``) calls them, and so may the page or the bot.
The functions that need the table (rules, cube, score, Crawford flag) take any
object with those attributes, a ``GameState`` in practice.

Rules of this project beyond the printed ones:
- in match play a player may not double when the cube already gives them
  enough points to win the match (a dead cube: doubling can only lose);
- beaver and Jacoby are money-play options and need the cube;
- a Simple rule set may still have a match length (first to N games won).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from game.engine.refusal import Refusal, sentence

SINGLE, GAMMON, BACKGAMMON = 1, 2, 3
RESULT_NAMES = {SINGLE: "single game", GAMMON: "gammon", BACKGAMMON: "backgammon"}
MAX_CUBE = 64
MAX_MATCH_LENGTH = 64  # the largest gnubg writes in a Match ID
MAX_SCORE = 2**15 - 1  # a Match ID holds each score in 15 bits


class InvalidRules(Refusal):
    """Settings that do not make a rule set, or a cube that cannot exist."""


class IllegalAction(Refusal):
    """An action the rules do not allow now (a double in the Crawford game, ...)."""


@dataclass(frozen=True, slots=True)
class Rules:
    """A rule set. ``match_length`` 0 means money play (no end, points add up)."""

    cube: bool = False
    gammons: bool = False
    match_length: int = 0
    beaver: bool = False
    jacoby: bool = False

    def __post_init__(self) -> None:
        for name in ("cube", "gammons", "beaver", "jacoby"):
            if not isinstance(getattr(self, name), bool):
                raise InvalidRules(
                    "{name} must be true or false, got {value}",
                    name=name,
                    value=repr(getattr(self, name)),
                )
        length = self.match_length
        if (
            not isinstance(length, int)
            or isinstance(length, bool)
            or not 0 <= length <= MAX_MATCH_LENGTH
        ):
            raise InvalidRules(
                "match length must be 0 (money play) to {longest}, got {length}",
                longest=MAX_MATCH_LENGTH,
                length=repr(length),
            )
        for option in ("beaver", "jacoby"):
            if getattr(self, option) and (length or not self.cube):
                raise InvalidRules("{option} is a money-play option with the cube", option=option)

    @classmethod
    def simple(cls, match_length: int = 0) -> Rules:
        """Single wins only, no cube: the default."""
        return cls(match_length=match_length)

    @classmethod
    def full(cls, match_length: int = 0, beaver: bool = False, jacoby: bool = False) -> Rules:
        """Gammons, backgammons and the cube; beaver and Jacoby for money play."""
        return cls(cube=True, gammons=True, match_length=match_length, beaver=beaver, jacoby=jacoby)

    @property
    def is_money(self) -> bool:
        return self.match_length == 0


@dataclass(frozen=True, slots=True)
class Cube:
    """The doubling cube: ``value`` 1..64, ``owner`` None when centred, else 0 or 1."""

    value: int = 1
    owner: int | None = None

    def __post_init__(self) -> None:
        value = self.value
        if (
            not isinstance(value, int)
            or isinstance(value, bool)
            or not 1 <= value <= MAX_CUBE
            or value & (value - 1)
        ):
            raise InvalidRules(
                "the cube shows a power of two from 1 to {largest}, got {value}",
                largest=MAX_CUBE,
                value=repr(value),
            )
        if self.owner not in (None, 0, 1) or isinstance(self.owner, bool):
            raise InvalidRules(
                "the cube's owner is None (centred), 0 or 1, got {owner}", owner=repr(self.owner)
            )
        if self.owner is not None and value == 1:
            raise InvalidRules("an owned cube has been doubled at least once: it cannot show 1")

    @property
    def centred(self) -> bool:
        return self.owner is None

    def doubled_by(self, doubler: int) -> Cube:
        """The cube after ``doubler`` doubles and the other player takes it."""
        return Cube(self.value * 2, 1 - doubler)

    def beavered_by(self, taker: int) -> Cube:
        """The cube after a double is taken and at once redoubled by ``taker``, who keeps it."""
        return Cube(self.value * 4, taker)


class Table(Protocol):
    """What the cube rules need to know about a game: a ``GameState`` has it all."""

    @property
    def rules(self) -> Rules: ...
    @property
    def cube(self) -> Cube: ...
    @property
    def score(self) -> tuple[int, int]: ...
    @property
    def crawford(self) -> bool: ...


def other(player: int) -> int:
    return 1 - player


def cube_is_dead_for(table: Table, player: int, value: int | None = None) -> bool:
    """Match play: the cube's value (or ``value``) already gives ``player`` the match."""
    length = table.rules.match_length
    value = table.cube.value if value is None else value
    return bool(length) and table.score[player] + value >= length


def double_refusal(table: Table, player: int, value: int | None = None) -> str | None:
    """Why ``player`` may not double (turn and phase aside), or None when they may: an
    English sentence whose ``{largest}`` is ``MAX_CUBE``.

    With ``value``: why ``player``, owning the cube at ``value``, could not double
    it (the bot's look at later turns of the cube); ownership is then not asked.
    """
    rules, cube = table.rules, table.cube
    if not rules.cube:
        return sentence("these rules have no cube")
    if table.crawford:
        return sentence("no doubling in the Crawford game")
    if (cube.value if value is None else value) >= MAX_CUBE:
        return sentence("the cube is already at {largest}")  # said with largest=MAX_CUBE
    if value is None and cube.owner is not None and cube.owner != player:
        return sentence("only the cube's owner may redouble")
    if cube_is_dead_for(table, player, value):
        return sentence("the cube is dead: its value already wins the match")
    return None


def may_double(table: Table, player: int, value: int | None = None) -> bool:
    """May ``player`` double (or redouble) before rolling, turn and phase aside?

    Only with the cube in the rules, outside the Crawford game, below 64, when
    the cube is centred or theirs (a redouble after a take), and not when the
    cube is dead for them in match play. ``value``: see ``double_refusal``.
    """
    return double_refusal(table, player, value) is None


def may_beaver(table: Table) -> bool:
    """May the doubled player beaver the double now offered (cube not yet turned)?"""
    return table.rules.beaver and table.rules.is_money and table.cube.value * 4 <= MAX_CUBE


def gammons_count(rules: Rules, cube: Cube) -> bool:
    """Do gammons and backgammons count? Not without them in the rules, nor under the
    Jacoby rule (money play) while the cube is centred."""
    if not rules.gammons:
        return False
    return not (rules.jacoby and rules.is_money and cube.centred)


def counted_result(rules: Rules, cube: Cube, result: int) -> int:
    """The result that counts: always single when gammons do not count."""
    check_result(result)
    return result if gammons_count(rules, cube) else SINGLE


def game_points(rules: Rules, cube: Cube, result: int) -> int:
    """Points won: the counted result times the cube (always 1 point under Simple rules)."""
    value = cube.value if rules.cube else 1
    return counted_result(rules, cube, result) * value


def pass_points(cube: Cube) -> int:
    """A pass concedes the cube's value before the double."""
    return cube.value


def check_result(result: int) -> int:
    if result not in RESULT_NAMES or isinstance(result, bool):
        raise IllegalAction(
            "a result is 1 (single), 2 (gammon) or 3 (backgammon), got {result}",
            result=repr(result),
        )
    return result


def add_points(score: tuple[int, int], winner: int, points: int) -> tuple[int, int]:
    won = list(score)
    won[winner] += points
    return won[0], won[1]


def is_match_over(rules: Rules, score: tuple[int, int]) -> bool:
    """Match play ends when a player reaches the match length; money play never ends."""
    return bool(rules.match_length) and max(score) >= rules.match_length


def match_winner(rules: Rules, score: tuple[int, int]) -> int | None:
    if not is_match_over(rules, score):
        return None
    return 0 if score[0] >= rules.match_length else 1


def next_crawford_flags(
    rules: Rules, score: tuple[int, int], crawford: bool, post_crawford: bool
) -> tuple[bool, bool]:
    """(crawford, post_crawford) for the game after one that ended at ``score``.

    The Crawford game is the first game after a player reaches match length
    minus one; every game after it is post-Crawford.
    """
    length = rules.match_length
    if length <= 1 or not rules.cube:
        return False, False  # the Crawford rule is about the cube
    if crawford or post_crawford:
        return False, True
    one_away = score.count(length - 1)
    if one_away == 1:
        return True, False
    # Both one point away with no Crawford game behind them: only a match taken up at
    # that score gets here, and its Crawford game must have been played already.
    return False, one_away == 2


def starting_crawford_flags(rules: Rules, score: tuple[int, int]) -> tuple[bool, bool]:
    """Flags for a match taken up at ``score`` with nothing else known: one player at
    match length minus one makes this the Crawford game; both, post-Crawford."""
    return next_crawford_flags(rules, score, False, False)
