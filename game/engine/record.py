"""The record of a match or money session: every action of every game, replayable.

    >>> record = Record.new(Rules.full(match_length=3))
    >>> record = record.append(Action.roll((3, 1)))          # the opening roll: Cyan 3, Pink 1
    >>> record = record.append(Action.play(((8, 5), (6, 5))))
    >>> record = record.append(Action.roll((6, 4)))
    >>> record.state.turn, record.state.dice
    (1, (6, 4))
    >>> len(record.replay())                                 # the start and one state per action
    4

A ``Record`` is an immutable value: the state the first game starts from, the
players' names, and per game the actions in the order they happened.
``append`` checks an action against the rules (through ``GameState``) and returns
a new record; ``next_game`` starts the next game once one is over. A record
built from data (``Record(start, games)``) is replayed at once, so an action
the rules forbid raises ``RecordError`` naming the game and the action's number
in it (both counted from 1).

Actions: ``roll`` (the opening roll is player 0's die and player 1's die; a
roll that cannot be played passes the turn by itself), ``play`` (the moves as
made, ``(origin, destination)`` pairs in the mover's point numbers, bar 25 and
off 0), ``double`` (a redouble too), ``take``, ``pass``, ``beaver``,
``resign`` (the result offered and who offers it), ``accept`` and ``reject``; ``setup``, a
position, turn and cube set by hand inside a game (GNU Backgammon's edited games: an ``.sgf``
``AE``/``AB``/``AW``, ``PL``, ``CV`` or ``CP`` node, a roll by the player not on turn), after
which ``player`` is to roll.
"""

from __future__ import annotations

import contextlib
import gc
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import TypeVar

from game.engine.dice import Dice
from game.engine.match import RESULT_NAMES, Cube, IllegalAction, Rules
from game.engine.notation import format_play
from game.engine.plays import (
    InvalidDice,
    KnownPlay,
    Move,
    Play,
    PlayOfEveryDie,
    check_dice,
    play_of_every_die,
)
from game.engine.position import BAR, OFF, Position
from game.engine.refusal import Refusal
from game.engine.state import GameState, Phase

__all__ = [
    "Action",
    "ActionKind",
    "GameResult",
    "Record",
    "RecordError",
    "Seat",
    "apply_action",
    "same_moment",
]


T = TypeVar("T")
Levels = tuple[str | None, str | None]  # each player's level, where a computer played it
Moment = tuple[int, int]  # (game, actions of it done), the game counted from 1


@dataclass(frozen=True, slots=True)
class Seat:
    """Who played a record's actions from some moment on: the players' names, the level each
    was played at where a computer played it (``"expert"``, as the recording program names its
    levels; None for a person, or where not known), and whether the board was turned to each
    mover (two people at one screen; None where not known)."""

    names: tuple[str, str] = ("Cyan", "Pink")
    levels: Levels = (None, None)
    turned: bool | None = None


Seats = tuple[tuple[Moment, Seat], ...]  # each seat and the moment it holds from, in order


class ActionKind(StrEnum):
    """What a player did; each kind is its own name as a string (``ActionKind.ROLL == "roll"``),
    so records, saves and links write the same words."""

    ROLL = "roll"
    PLAY = "play"
    DOUBLE = "double"
    TAKE = "take"
    PASS = "pass"
    BEAVER = "beaver"
    RESIGN = "resign"
    ACCEPT = "accept"
    REJECT = "reject"
    SETUP = "setup"


# The kinds by their bare names too (``ROLL is ActionKind.ROLL``), as older callers import them.
ROLL, PLAY, DOUBLE, TAKE, PASS, BEAVER, RESIGN, ACCEPT, REJECT, SETUP = ActionKind


class RecordError(Refusal):
    """An action the rules refuse, or data that is not a record: says which game and move."""

    def __init__(self, game: int, move: int, reason: Refusal):
        super().__init__("game {game} move {move}: {reason}", game=game, move=move, reason=reason)
        self.game, self.move, self.reason = game, move, reason


@dataclass(frozen=True, slots=True)
class Action:
    """One thing a player did. Build with the class methods (``Action.roll((6, 4))``)."""

    kind: ActionKind
    dice: Dice | None = None
    moves: tuple[tuple[int, int], ...] = ()
    result: int = 0
    player: int | None = None
    # The play already found legal for these moves (``Action.of_play``), so that a record
    # replaying a file or a link does not check it twice; not part of the action's value.
    made: KnownPlay | None = field(default=None, compare=False, repr=False)
    position: Position | None = None  # a set-up's position, seen from player 0
    cube: Cube | None = None  # a set-up's cube

    def __post_init__(self) -> None:
        # A kind given by its name (``Action("take")``) becomes the enum; an unknown one is refused.
        if not isinstance(self.kind, ActionKind):
            if self.kind not in set(ActionKind):
                kinds = ", ".join(ActionKind)
                raise IllegalAction(
                    "no action {kind}; actions are {kinds}", kind=repr(self.kind), kinds=kinds
                )
            object.__setattr__(self, "kind", ActionKind(self.kind))

    @classmethod
    def roll(cls, dice: Iterable[int]) -> Action:
        dice = tuple(dice)
        if cls is Action and len(dice) == 2 and type(dice[0]) is type(dice[1]) is int:
            made = _ROLLS.get(dice)
            if made is not None:
                return made  # an action is a value: the 36 rolls are made once
        return cls(ActionKind.ROLL, dice=dice)  # type: ignore[arg-type]

    @classmethod
    def play(cls, moves: Iterable[tuple[int, int] | Move]) -> Action:
        pairs = tuple(
            (move.origin, move.destination) if isinstance(move, Move) else tuple(move)
            for move in moves
        )
        return cls(ActionKind.PLAY, moves=pairs)  # type: ignore[arg-type]

    @classmethod
    def of_play(cls, play: Play) -> Action:
        """The play's action, carrying the play when it is known legal where it was found."""
        if type(play) is PlayOfEveryDie and play.given:
            pairs = play.given  # the moves as given, already pairs
        else:
            pairs = tuple([(move.origin, move.destination) for move in play.moves])
        made = play if isinstance(play, KnownPlay) else None
        if cls is Action:
            return _play_action(pairs, made)  # a replay makes one a turn
        return cls(ActionKind.PLAY, moves=pairs, made=made)

    @classmethod
    def double(cls) -> Action:
        return cls(ActionKind.DOUBLE)

    @classmethod
    def take(cls) -> Action:
        return cls(ActionKind.TAKE)

    @classmethod
    def pass_(cls) -> Action:
        return cls(ActionKind.PASS)

    @classmethod
    def beaver(cls) -> Action:
        return cls(ActionKind.BEAVER)

    @classmethod
    def resign(cls, result: int, player: int) -> Action:
        return cls(ActionKind.RESIGN, result=result, player=player)

    @classmethod
    def setup(cls, position: Position, player: int, cube: Cube | None = None) -> Action:
        """A position (seen from player 0), the player to roll and the cube, set by hand."""
        return cls(ActionKind.SETUP, player=player, position=position, cube=cube or Cube())

    @classmethod
    def accept(cls) -> Action:
        return cls(ActionKind.ACCEPT)

    @classmethod
    def reject(cls) -> Action:
        return cls(ActionKind.REJECT)

    def __str__(self) -> str:
        if self.kind == ActionKind.ROLL:
            return f"roll {self.dice[0]}{self.dice[1]}" if self.dice else "roll"
        if self.kind == ActionKind.PLAY:
            return "play " + " ".join(f"{a}/{b}" for a, b in self.moves)
        if self.kind == ActionKind.RESIGN:
            return f"resign {RESULT_NAMES.get(self.result, self.result)} by {self.player}"
        if self.kind == ActionKind.SETUP:
            return f"setup for {self.player}"
        return str(self.kind)


_ROLLS = {
    (one, other): Action(ActionKind.ROLL, dice=(one, other))
    for one in range(1, 7)
    for other in range(1, 7)
}


_SETTERS = {name: Action.__dict__[name].__set__ for name in Action.__slots__}


def _play_action(moves: tuple[tuple[int, int], ...], made: KnownPlay | None) -> Action:
    """``Action(PLAY, moves=moves, made=made)`` through the slots' own setters (a frozen class
    refuses setattr), every field set: a third of the time of the class's own ``__init__``."""
    action = object.__new__(Action)
    setters = _SETTERS
    setters["kind"](action, ActionKind.PLAY)
    setters["dice"](action, None)
    setters["moves"](action, moves)
    setters["result"](action, 0)
    setters["player"](action, None)
    setters["made"](action, made)
    setters["position"](action, None)
    setters["cube"](action, None)
    return action


def play_of(position: Position, moves: Sequence[tuple[int, int]]) -> Play:
    """The moves made one by one from ``position`` (hits found on the way), or
    ``IllegalAction`` when a move cannot be made at all."""
    me, opp = list(position.player), list(position.opponent)
    made = []
    for pair in moves:
        if (
            not isinstance(pair, tuple)
            or len(pair) != 2
            or not all(isinstance(p, int) and not isinstance(p, bool) for p in pair)
        ):
            raise IllegalAction(
                "a move is two points (origin, destination), got {move}", move=repr(pair)
            )
        origin, destination = pair
        if not (OFF < origin <= BAR and OFF <= destination < origin):
            raise IllegalAction(
                "{move} is not a move", move=f"{_point(origin)}/{_point(destination)}"
            )
        if not me[origin]:
            if origin == BAR:
                raise IllegalAction("no checker on bar to move")
            raise IllegalAction("no checker on {point} to move", point=origin)
        hit = destination != OFF and opp[25 - destination] == 1
        if destination != OFF and opp[25 - destination] > 1:
            raise IllegalAction("point {point} is closed", point=destination)
        me[origin] -= 1
        me[destination] += 1
        if hit:
            opp[25 - destination] = 0
            opp[BAR] += 1
        made.append(Move(origin, destination, hit))
    return Play(tuple(made), Position.trusted(tuple(me), tuple(opp)))


def _check_dice_used(play: Play, dice: Dice) -> None:
    """Each move is one die of the roll (a bear-off may use a larger one), each die once."""
    left = [dice[0]] * 4 if dice[0] == dice[1] else sorted(dice)
    for move in sorted(play.moves, key=lambda m: m.origin - m.destination, reverse=True):
        size = move.origin - move.destination
        die = next((d for d in left if d == size), None)
        if die is None and move.destination == OFF:
            die = next((d for d in left if d > size), None)
        if die is None:
            raise IllegalAction(
                "{move} is not a move of one die of {roll}",
                move=str(move),
                roll=f"{dice[0]}{dice[1]}",
            )
        left.remove(die)


def _point(point: object) -> str:
    return "bar" if point == BAR else "off" if point == OFF else str(point)


def apply_action(state: GameState, action: Action) -> GameState:
    """The state after ``action``; ``IllegalAction`` saying why when the rules refuse it."""
    if not isinstance(action, Action):
        raise IllegalAction("an action is an Action, got {kind}", kind=type(action).__name__)
    kind = action.kind
    if kind == ActionKind.ROLL:
        try:
            dice = check_dice(action.dice or ())
        except InvalidDice as error:
            raise IllegalAction.saying(error) from None
        return state.set_dice(dice)
    if kind == ActionKind.PLAY:
        if state.phase is not Phase.MOVE:
            return state.play(Position.start())  # raises, saying why not now
        made = action.made
        if made is not None and made.is_legal_in(state.position, state.dice):  # type: ignore[arg-type]
            return state.play(made)
        play: Play | None = play_of_every_die(state.position, state.dice, action.moves)  # type: ignore[arg-type]
        if play is None:
            play = play_of(state.position, action.moves)
            _check_dice_used(play, state.dice)  # type: ignore[arg-type]
        try:
            return state.play(play)
        except IllegalAction:
            text = format_play(play.moves)
            d1, d2 = state.dice  # type: ignore[misc]
            raise IllegalAction(
                "{play} is not a legal play of {roll}"
                if text
                else "no move is not a legal play of {roll}",
                play=text,
                roll=f"{d1}{d2}",
            ) from None
    if kind == ActionKind.RESIGN:
        return state.resign(action.result, action.player)
    if kind == ActionKind.SETUP:
        if not isinstance(action.position, Position) or not isinstance(action.cube, Cube):
            raise IllegalAction("a set-up gives a position and a cube")
        return state.set_up(action.position, action.player, action.cube)  # type: ignore[arg-type]
    simple = {
        ActionKind.DOUBLE: GameState.double,
        ActionKind.TAKE: GameState.take,
        ActionKind.PASS: GameState.pass_,
        ActionKind.BEAVER: GameState.beaver,
        ActionKind.ACCEPT: GameState.accept_resignation,
        ActionKind.REJECT: GameState.reject_resignation,
    }
    return simple[kind](state)


@dataclass(frozen=True, slots=True)
class GameResult:
    """How one game ended: ``number`` from 1, ``score`` after it, ``crawford`` if it was
    the Crawford game; ``winner`` is None for a game not finished."""

    number: int
    winner: int | None
    points: int
    result: int
    ended_by: str | None
    score: tuple[int, int]
    crawford: bool


class Record:
    """A match or money session as played. Immutable; compare with ``==``.

    The actions are kept as linked lists of chunks that records grown one from another share
    (each record holds its last chunk and how many actions came before), so ``append`` and
    ``next_game`` take constant time whatever the record's length, also when two records grow
    from one.
    """

    __slots__ = (
        "_current",
        "_current_count",
        "_done",
        "_done_count",
        "_games",
        "_seats",
        "_start",
        "_state",
    )

    def __init__(
        self,
        start: GameState,
        games: Iterable[Iterable[Action]] = ((),),
        names: tuple[str, str] = ("Cyan", "Pink"),
        levels: Levels = (None, None),
        seats: Seats = (),
    ):
        """``seats``: who played from which moment (``with_seats``); without them, ``names``
        and ``levels`` played every action."""
        if not isinstance(start, GameState):
            raise RecordError(
                1,
                0,
                Refusal("a record starts from a GameState, got {kind}", kind=type(start).__name__),
            )
        self._start = start
        every = tuple(tuple(game) for game in games) or ((),)
        self._done, self._done_count = _linked(every[:-1]), len(every) - 1
        self._current, self._current_count = _linked(every[-1]), len(every[-1])
        self._games: tuple[tuple[Action, ...], ...] | None = every
        seat = Seat((str(names[0]), str(names[1])), (levels[0], levels[1]))
        self._seats: Seats = (((1, 0), seat),)
        self._state = self._replay_final()
        if seats:
            self._seats = self.with_seats(seats)._seats

    @classmethod
    def new(
        cls,
        rules: Rules | None = None,
        names: tuple[str, str] = ("Cyan", "Pink"),
        start: GameState | None = None,
    ) -> Record:
        """An empty record of a match or session starting at ``start`` (default: a new game)."""
        return cls(start or GameState.new(rules or Rules.full()), ((),), names)

    def _grown(
        self,
        done: tuple[Link[tuple[Action, ...]], int],
        current: tuple[Link[Action], int],
        seats: Seats,
        state: GameState,
    ) -> Record:
        record = object.__new__(Record)
        record._start, record._seats, record._state = self._start, seats, state
        record._done, record._done_count = done
        record._current, record._current_count = current
        record._games = None
        return record

    # ----- views ----------------------------------------------------------------------------

    @property
    def start(self) -> GameState:
        return self._start

    @property
    def games(self) -> tuple[tuple[Action, ...], ...]:
        """Per game, its actions; the last game may be in progress (or not begun)."""
        if self._games is None:
            self._games = (*_unlinked(self._done), _unlinked(self._current))
        return self._games

    @property
    def names(self) -> tuple[str, str]:
        """The players' names, as they sit now (``seats``' last)."""
        return self._seats[-1][1].names

    @property
    def levels(self) -> Levels:
        """The level each player is played at now, where a computer plays it (``Seat``)."""
        return self._seats[-1][1].levels

    @property
    def seats(self) -> Seats:
        """Who played from which moment: ``((game, actions), Seat)`` in order, the first from
        ``(1, 0)``; a seat from the end of the record says who plays on."""
        return self._seats

    @property
    def end(self) -> Moment:
        """The moment after the last action: ``(game, actions of it)``."""
        return self._done_count + 1, self._current_count

    def seat_at(self, game: int, actions: int = 0) -> Seat:
        """Who plays on from moment ``(game, actions)`` (the seat of the action after it).

        >>> record = Record.new().extend([Action.roll((3, 1))])
        >>> record.seated(Seat(("You", "Computer"))).seat_at(1, 0).names
        ('Cyan', 'Pink')
        """
        return next(seat for at, seat in reversed(self._seats) if at <= (game, actions))

    def game_seats(self, game: int) -> tuple[Seat, ...]:
        """The seats that played game ``game`` (or, in the last game, play on), in order."""
        every = self.games
        finished = (game, len(every[game - 1])) if game < len(every) else None
        inside = [
            seat for at, seat in self._seats if at[0] == game and at != (game, 0) and at != finished
        ]
        return (self.seat_at(game, 0), *inside)

    @property
    def rules(self) -> Rules:
        return self._start.rules

    @property
    def state(self) -> GameState:
        """The state after the last action."""
        return self._state

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Record):
            return NotImplemented
        return (self._start, self.games, self._seats) == (other._start, other.games, other._seats)

    def __hash__(self) -> int:
        return hash((self._start, self.games, self._seats))

    def __repr__(self) -> str:
        seat = self._seats[-1][1]
        players = seat.names if seat == Seat(seat.names) else seat
        more = f", {len(self._seats)} seats" if len(self._seats) > 1 else ""
        return f"<Record {self._done_count + 1} games, {len(self)} actions, {players}{more}>"

    def __len__(self) -> int:
        """The number of actions in every game together."""
        return sum(len(game) for game in _unlinked(self._done)) + self._current_count

    # ----- growing -------------------------------------------------------------------------

    def append(self, action: Action) -> Record:
        """The record with ``action`` done in the current game; ``RecordError`` if refused."""
        try:
            state = apply_action(self._state, action)
        except IllegalAction as error:
            game, move = self._done_count + 1, self._current_count + 1
            raise RecordError(game, move, error) from None
        current = (_grown_by(self._current, action), self._current_count + 1)
        return self._grown((self._done, self._done_count), current, self._seats, state)

    def append_turn(self, roll: Action, play: Action) -> Record:
        """``append(roll).append(play)``; in one step when the play carries a play found legal
        for this position and roll (``Action.of_play``), as a replayed file's turns do."""
        made = play.made
        if roll.kind is not ROLL or play.kind is not PLAY or made is None:
            return self.append(roll).append(play)
        try:
            state = self._state.turn_played(roll.dice, made)  # type: ignore[arg-type]
        except IllegalAction:
            return self.append(roll).append(play)  # refused: which action, append says
        linked = self._current
        if linked is not None and len(linked[0]) < CHUNK - 1:
            grown: Link[Action] = (linked[0] + (roll, play), linked[1])  # one copy, not two
        else:
            grown = _grown_by(_grown_by(linked, roll), play)
        record = object.__new__(Record)  # ``_grown``, inline: a replay makes one a turn
        record._start, record._seats, record._state = self._start, self._seats, state
        record._done, record._done_count = self._done, self._done_count
        record._current, record._current_count = grown, self._current_count + 2
        record._games = None
        return record

    def extend(self, actions: Iterable[Action]) -> Record:
        record = self
        for action in actions:
            record = record.append(action)
        return record

    def next_game(self) -> Record:
        """The record with the next game begun (after a game is over)."""
        try:
            state = self._state.next_game()
        except IllegalAction as error:
            game, move = self._done_count + 1, self._current_count + 1
            raise RecordError(game, move, error) from None
        done = (_grown_by(self._done, _unlinked(self._current)), self._done_count + 1)
        return self._grown(done, (None, 0), self._seats, state)

    def follow(self, after: GameState, moves: Sequence[tuple[int, int]] = ()) -> Record:
        """The record extended by the action that leads from its state to ``after`` (``moves``:
        the play's moves as made, when it was a play), so a page that moves from state to
        state keeps its record in one call. When no single action leads there (a new match,
        a position from a link), a new record starts at ``after``."""
        if same_moment(self._state, after):
            return self  # nothing happened (a checker picked up, a redraw)
        action = action_between(self._state, after, moves)
        if action == "next":
            candidate = self.next_game()
        elif not isinstance(action, Action):
            return self._anew(after)
        else:
            try:
                candidate = self.append(action)
            except RecordError:
                return self._anew(after)
        if not same_moment(candidate.state, after):
            return self._anew(after)
        return candidate

    def _anew(self, start: GameState) -> Record:
        """A record begun at ``start``, played on by who plays on now."""
        record = Record(start)
        record._seats = (((1, 0), self._seats[-1][1]),)
        return record

    def truncated(self, game: int, actions: int) -> Record:
        """The record up to (and including) the first ``actions`` actions of game ``game``
        (from 1): to play on from a moment of the replay."""
        every = self.games
        if not 1 <= game <= len(every) or not 0 <= actions <= len(every[game - 1]):
            raise RecordError(game, actions, Refusal("no such moment in the record"))
        games = (*every[: game - 1], every[game - 1][:actions])
        record = Record(self._start, games)
        # A seat from the cut on played nothing kept: whoever plays on is seated anew.
        kept = tuple((at, seat) for at, seat in self._seats if at < (game, actions))
        record._seats = kept or self._seats[:1]
        return record

    def with_names(self, names: tuple[str, str]) -> Record:
        """The same record, its players named ``names`` wherever they sat."""
        named = (str(names[0]), str(names[1]))
        return self._reseated(tuple((at, replace(s, names=named)) for at, s in self._seats))

    def with_levels(self, levels: Levels) -> Record:
        """The same record, its players played at ``levels`` throughout (``(None, "expert")``:
        player 1 was the computer at its expert level).

            >>> Record.new().with_levels((None, "expert")).levels
            (None, 'expert')
        """
        pair = (levels[0], levels[1])
        return self._reseated(tuple((at, replace(s, levels=pair)) for at, s in self._seats))

    def seated(self, seat: Seat) -> Record:
        """The record played on by ``seat`` from its end (a page's players changed: the actions
        so far keep theirs); the same record when they play on already.

            >>> record = Record.new().extend([Action.roll((3, 1))]).seated(Seat(("Ann", "Bob")))
            >>> record.seats[-1], record.names
            (((1, 1), Seat(names=('Ann', 'Bob'), levels=(None, None), turned=None)), ('Ann', 'Bob'))
        """
        if self._seats[-1][1] == seat:
            return self
        end = self.end
        kept = tuple((at, s) for at, s in self._seats if at < end)
        if kept and kept[-1][1] == seat:  # a change at the end undone
            return self._reseated(kept)
        return self._reseated((*kept, (end, seat)))

    def with_seats(self, seats: Seats) -> Record:
        """The same record, its players as ``seats`` says (a save's, a link's): each seat from
        its moment on, in order, the first from the start; ``ValueError`` for seats that do not
        fit the record (data, never shown: the caller keeps the record's names)."""
        every = self.games
        moments = [at for at, _seat in seats]
        fits = all(1 <= g <= len(every) and 0 <= a <= len(every[g - 1]) for g, a in moments)
        if not fits or moments[:1] != [(1, 0)] or moments != sorted(set(moments)):
            raise ValueError(f"seats at {moments} do not fit a record of {len(every)} games")
        return self._reseated(tuple(seats))

    def _reseated(self, seats: Seats) -> Record:
        done, current = (self._done, self._done_count), (self._current, self._current_count)
        return self._grown(done, current, seats, self._state)

    # ----- replay --------------------------------------------------------------------------

    def steps(self) -> Iterator[tuple[int, int, GameState]]:
        """``(game, action, state)`` for the state at the start of each game (action 0) and
        after each action, game and action counted from 1. Checks every action."""
        state = self._start
        every = self.games
        for number, game in enumerate(every, 1):
            if number > 1:
                try:
                    state = state.next_game()
                except IllegalAction as error:
                    previous = every[number - 2]
                    raise RecordError(number - 1, len(previous), error) from None
            yield number, 0, state
            for index, action in enumerate(game, 1):
                try:
                    state = apply_action(state, action)
                except IllegalAction as error:
                    raise RecordError(number, index, error) from None
                yield number, index, state

    def replay(self) -> list[GameState]:
        """Every state in order (see ``steps``)."""
        return [state for _, _, state in self.steps()]

    def _replay_final(self) -> GameState:
        final = self._start
        for _, _, state in self.steps():
            final = state
        return final

    def results(self) -> list[GameResult]:
        """One entry per game, in order."""
        found: list[GameResult] = []
        first: GameState | None = None
        last: GameState | None = None
        for _, index, state in self.steps():
            if index == 0:
                if last is not None:
                    found.append(_result(len(found) + 1, first, last))
                first = state
            last = state
        if last is not None:
            found.append(_result(len(found) + 1, first, last))
        return found


Link = tuple[tuple[T, ...], "Link[T]"] | None
"""A linked list of chunks, last chunk first: ``(its items, the chunks before)``, None when
empty; every chunk but the last holds ``CHUNK`` items. Chunks keep the list shallow: Pyodide's
Python frees nested tuples recursively and dies past some 5,000 levels (a game of 20,000
actions from a link would take the page down with it), and 64 items a level keeps any record
a link or file can hold under 400."""

CHUNK = 64


def _grown_by(linked: Link[T], item: T) -> Link[T]:
    """The list with ``item`` added: the last chunk copied with it (at most ``CHUNK`` items)
    or a new chunk begun; the lists it grew from are unchanged."""
    if linked is not None and len(linked[0]) < CHUNK:
        return (linked[0] + (item,), linked[1])
    return ((item,), linked)


def _linked(items: Iterable[T]) -> Link[T]:
    every = tuple(items)
    linked: Link[T] = None
    for start in range(0, len(every), CHUNK):
        linked = (every[start : start + CHUNK], linked)
    return linked


def _unlinked(linked: Link[T]) -> tuple[T, ...]:
    chunks = []
    while linked is not None:
        chunk, linked = linked
        chunks.append(chunk)
    return tuple(item for chunk in reversed(chunks) for item in chunk)


def same_moment(a: GameState, b: GameState) -> bool:
    """The same game state (the words of ``last_event`` aside)."""
    return replace(a, last_event="") == replace(b, last_event="")


def action_between(
    before: GameState, after: GameState, moves: Sequence[tuple[int, int]] = ()
) -> Action | str | None:
    """The action that turns ``before`` into ``after``: an ``Action``, ``"next"`` for the next
    game, or None when it is not one action. Checked by the caller (``Record.follow``)."""
    phase, then = before.phase, after.phase
    if phase in (Phase.GAME_OVER,) and then is Phase.OPENING:
        return "next"
    if phase is Phase.OPENING and after.opening_dice and then is not Phase.OPENING:
        return Action.roll(after.opening_dice)
    if phase is Phase.ROLL:
        if then is Phase.DOUBLED:
            return Action.double()
        if then is Phase.MOVE and after.dice:
            return Action.roll(after.dice)
        if then is Phase.ROLL and after.blocked_dice and after.turn != before.turn:
            return Action.roll(after.blocked_dice)
    if phase is Phase.MOVE and then is not Phase.RESIGNED and after.position != before.position:
        return Action.play(moves) if moves else None
    if phase is Phase.DOUBLED:
        if then in (Phase.GAME_OVER, Phase.MATCH_OVER):
            return Action.pass_()
        if after.cube.value == before.cube.value * 4:
            return Action.beaver()
        return Action.take()
    if then is Phase.RESIGNED and phase is not Phase.RESIGNED:
        return Action.resign(after.resignation, after.resigned_by)  # type: ignore[arg-type]
    if phase is Phase.RESIGNED:
        return Action.accept() if then in (Phase.GAME_OVER, Phase.MATCH_OVER) else Action.reject()
    return None


def _result(number: int, first: GameState | None, last: GameState) -> GameResult:
    over = last.phase in (Phase.GAME_OVER, Phase.MATCH_OVER)
    return GameResult(
        number=number,
        winner=last.winner if over else None,
        points=last.points_won if over else 0,
        result=last.result if over else 0,
        ended_by=last.ended_by if over else None,
        score=last.score,
        crawford=bool(first and first.crawford),
    )


@contextlib.contextmanager
def collector_paused() -> Iterator[None]:
    """Python's cycle collector paused while a game is replayed (a file's game, a link; never
    across a reader's yield): a long game builds some 10 objects an action, none in a cycle,
    and the collector's passes over them took a quarter of a 2 MB file's reading."""
    was_on = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_on:
            gc.enable()
