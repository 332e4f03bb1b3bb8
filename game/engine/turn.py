"""The play in progress: a player moving checkers one at a time, as on the page.

    >>> from game.engine.position import Position
    >>> turn = Turn.start(Position.start(), (6, 5))
    >>> sorted(turn.origins())                            # 6/1 and 6/0 are not allowed
    [8, 13, 24]
    >>> sorted(turn.destinations(24))                     # 24/18, or 24/13 in one go
    [13, 18]
    >>> turn = turn.move(24, 13)
    >>> turn.is_complete, [str(move) for move in turn.moves]
    (True, ['24/18', '18/13'])
    >>> turn.undo().moves
    ()

Only moves from which a legal play can still be completed are offered, so the
rules that need the whole roll (use both dice when possible, the higher die
when only one can be played, four moves of a double) hold at every click.
``destinations(origin)`` maps each landing point to the single-die steps that
reach it; one checker may use several dice in a row. When two paths lead to
the same point, the one with fewer steps, then fewer hits on the way, then the
smaller die first is chosen (a player who wants the other path moves one step
at a time). ``undo()`` takes back the last action (one click or drag, which may
be several steps).

Which partial positions can still reach a legal play is memoised in a plan
shared by every ``Turn`` of the same roll, so asking is cheap even for doubles
with thousands of plays.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.engine.dice import Dice
from game.engine.plays import Move, Play, check_dice, legal_plays
from game.engine.position import BAR, OFF, Point, Position
from game.engine.refusal import Refusal

Steps = tuple[Move, ...]


class IllegalMove(Refusal):
    """A checker move that no legal play of the roll allows."""


def step(position: Position, origin: Point, die: int) -> tuple[Move, Position] | None:
    """One checker of the player from ``origin`` by ``die``, or None if the rules forbid it.

    This looks at the single move only (bar first, closed points, bearing off),
    not at whether the rest of the roll can still be played.
    """
    me, opp = position.player, position.opponent
    if not me[origin] or origin == OFF:
        return None
    if me[BAR] and origin != BAR:
        return None
    destination = origin - die
    if destination > 0:
        if opp[25 - destination] >= 2:
            return None
    else:
        if any(me[7:]):
            return None
        if destination < 0 and any(me[origin + 1 : 7]):
            return None
        destination = OFF
    mine = list(me)
    mine[origin] -= 1
    mine[destination] += 1
    hit = bool(destination) and opp[25 - destination] == 1
    theirs = opp
    if hit:
        moved = list(opp)
        moved[25 - destination] = 0
        moved[BAR] += 1
        theirs = tuple(moved)
    return Move(origin, destination, hit), Position.trusted(tuple(mine), theirs)


def _without(dice: tuple[int, ...], die: int) -> tuple[int, ...]:
    left = list(dice)
    left.remove(die)
    return tuple(left)


class _Plan:
    """Everything about one roll from one position that does not change as checkers move."""

    def __init__(self, position: Position, dice: Dice) -> None:
        self.plays = legal_plays(position, dice)
        self.finals: dict[Position, Play] = {play.position: play for play in self.plays}
        if not self.plays:
            self.finals[position] = Play((), position)
        high, low = sorted(dice, reverse=True)
        self.all_dice: tuple[int, ...] = (high,) * 4 if high == low else (low, high)
        self.length = len(self.plays[0].moves) if self.plays else 0
        self._can_finish: dict[tuple[Position, tuple[int, ...]], bool] = {}
        self._destinations: dict[tuple[Position, tuple[int, ...], Point], dict[Point, Steps]] = {}

    def can_finish(self, position: Position, left: tuple[int, ...]) -> bool:
        """Can the moves made so far be completed into a legal play?"""
        used = len(self.all_dice) - len(left)
        if used >= self.length:
            # Every legal play has the same number of moves. A shorter sequence may stand
            # where a play ends (a bear-off by a larger number wastes pips) and yet not be
            # that play, so both the position and the number of moves must match.
            return used == self.length and position in self.finals
        key = (position, left)
        known = self._can_finish.get(key)
        if known is None:
            known = False
            for origin in _origins(position):
                for die in set(left):
                    stepped = step(position, origin, die)
                    if stepped and self.can_finish(stepped[1], _without(left, die)):
                        known = True
                        break
                if known:
                    break
            self._can_finish[key] = known
        return known

    def is_final(self, position: Position, left: tuple[int, ...]) -> bool:
        return len(self.all_dice) - len(left) == self.length and position in self.finals

    def destinations(
        self, position: Position, left: tuple[int, ...], origin: Point
    ) -> dict[Point, Steps]:
        key = (position, left, origin)
        found = self._destinations.get(key)
        if found is None:
            found = {}
            if not self.is_final(position, left):
                self._walk(position, left, origin, (), found)
            self._destinations[key] = found
        return found

    def _walk(
        self,
        position: Position,
        left: tuple[int, ...],
        point: Point,
        steps: Steps,
        found: dict[Point, Steps],
    ) -> None:
        for die in sorted(set(left)):
            stepped = step(position, point, die)
            if stepped is None:
                continue
            move, after = stepped
            rest = _without(left, die)
            if not self.can_finish(after, rest):
                continue
            path = (*steps, move)
            known = found.get(move.destination)
            if known is None or _preference(path) < _preference(known):
                found[move.destination] = path
            if move.destination != OFF and not self.is_final(after, rest):
                self._walk(after, rest, move.destination, path, found)


def _preference(path: Steps) -> tuple[int, int]:
    return len(path), sum(move.hit for move in path)


def _origins(position: Position) -> range | tuple[int]:
    return (BAR,) if position.player[BAR] else range(24, 0, -1)


def _die_used(move: Move, left: tuple[int, ...]) -> int:
    distance = move.origin - move.destination
    if distance in left:
        return distance
    # Bearing off with a larger number than needed.
    return min(die for die in left if die > distance)


@dataclass(frozen=True)
class Turn:
    """A roll being played: immutable; every move returns a new ``Turn``."""

    start_position: Position
    dice: Dice
    actions: tuple[Steps, ...] = ()
    positions: tuple[Position, ...] = ()
    left_after: tuple[tuple[int, ...], ...] = ()
    _plan: _Plan = field(default=None, compare=False, repr=False)  # type: ignore[assignment]

    @classmethod
    def start(cls, position: Position, dice: Dice) -> Turn:
        """The turn before any checker has moved; ``position.player`` is the mover."""
        dice = check_dice(dice)
        return cls(position, dice, _plan=_Plan(position, dice))

    @classmethod
    def replay(
        cls, position: Position, dice: Dice, actions: list[tuple[Point, Point]] | list[list[int]]
    ) -> Turn:
        """Rebuild a turn from its ``(origin, destination)`` actions (see ``to_list``)."""
        turn = cls.start(position, dice)
        for action in actions:
            if not isinstance(action, (list, tuple)) or len(action) != 2:
                raise IllegalMove(
                    "an action is [origin, destination], got {action}", action=repr(action)
                )
            turn = turn.move(action[0], action[1])
        return turn

    def to_list(self) -> list[list[int]]:
        """The actions as ``[origin, destination]`` pairs, JSON-able, for ``replay``."""
        return [[steps[0].origin, steps[-1].destination] for steps in self.actions]

    # ----- what the board shows -----------------------------------------------------------

    @property
    def position(self) -> Position:
        """The position now, ``player`` still the mover."""
        return self.positions[-1] if self.positions else self.start_position

    @property
    def dice_left(self) -> tuple[int, ...]:
        """Dice not yet used, smaller first (four entries for an unplayed double)."""
        return self.left_after[-1] if self.left_after else self._plan.all_dice

    @property
    def moves(self) -> tuple[Move, ...]:
        """Every single-die move made so far, in order."""
        return tuple(move for steps in self.actions for move in steps)

    @property
    def legal_plays(self) -> list[Play]:
        return list(self._plan.plays)

    @property
    def has_play(self) -> bool:
        """False when the roll cannot be played at all."""
        return bool(self._plan.plays)

    @property
    def is_complete(self) -> bool:
        """The checkers stand as after a legal play: the player may confirm."""
        return self._plan.is_final(self.position, self.dice_left)

    @property
    def is_forced(self) -> bool:
        """Only one legal play (or none) exists: the page may play it by itself."""
        return len(self._plan.finals) == 1

    def origins(self) -> set[Point]:
        """Points (``BAR`` included) whose checker may move now."""
        if self.is_complete:
            return set()
        return {
            origin
            for origin in _origins(self.position)
            if self.position.player[origin] and self.destinations(origin)
        }

    def destinations(self, origin: Point) -> dict[Point, Steps]:
        """Landing points (``OFF`` included) for the checker on ``origin``, each with its steps."""
        if not 0 < origin <= BAR:
            return {}
        return self._plan.destinations(self.position, self.dice_left, origin)

    # ----- moving -------------------------------------------------------------------------

    def move(self, origin: Point, destination: Point) -> Turn:
        """Move one checker from ``origin`` to ``destination`` (one or more dice)."""
        steps = self.destinations(origin).get(destination)
        if steps is None:
            roll = f"{self.dice[0]}-{self.dice[1]}"
            if origin == BAR:
                raise IllegalMove(
                    "no legal play of {roll} moves a checker from the bar to off now"
                    if destination == OFF
                    else "no legal play of {roll} moves a checker from the bar to point {to} now",
                    roll=roll,
                    to=destination,
                )
            raise IllegalMove(
                "no legal play of {roll} moves a checker from point {origin} to off now"
                if destination == OFF
                else (
                    "no legal play of {roll} moves a checker from point {origin} to point {to} now"
                ),
                roll=roll,
                origin=origin,
                to=destination,
            )
        return self.move_steps(steps)

    def move_steps(self, steps: Steps) -> Turn:
        """Apply given single-die moves as one action (each must keep a legal play in reach)."""
        position, left = self.position, self.dice_left
        for wanted in steps:
            if not left:
                raise IllegalMove("no dice are left to move with")
            if self._plan.is_final(position, left):
                raise IllegalMove("the play is already complete")
            die = _die_used(wanted, left) if wanted.origin - wanted.destination <= max(left) else 0
            stepped = step(position, wanted.origin, die) if die else None
            if stepped is None or stepped[0].destination != wanted.destination:
                raise IllegalMove(
                    "{move} is not a legal move with {dice}", move=str(wanted), dice=str(left)
                )
            left = _without(left, die)
            position = stepped[1]
            if not self._plan.can_finish(position, left):
                raise IllegalMove(
                    "after {move} the roll cannot be completed legally", move=str(wanted)
                )
        return Turn(
            self.start_position,
            self.dice,
            (*self.actions, tuple(steps)),
            (*self.positions, position),
            (*self.left_after, left),
            self._plan,
        )

    def undo(self) -> Turn:
        """Take back the last action (the whole of a multi-die move)."""
        if not self.actions:
            raise IllegalMove("nothing to undo")
        return Turn(
            self.start_position,
            self.dice,
            self.actions[:-1],
            self.positions[:-1],
            self.left_after[:-1],
            self._plan,
        )

    def undo_all(self) -> Turn:
        return Turn(self.start_position, self.dice, _plan=self._plan)

    def play(self) -> Play:
        """The finished play, with the moves as the player made them."""
        if not self.is_complete:
            raise IllegalMove("the play is not complete: more dice must be played")
        return Play(self.moves, self.position)

    def forced_play(self) -> Play | None:
        """The only legal play when the roll allows just one, else None."""
        if not self.is_forced:
            return None
        return next(iter(self._plan.finals.values()))
