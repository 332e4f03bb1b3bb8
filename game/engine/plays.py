"""Legal plays for a roll: every rule of checker movement lives here.

    >>> from game.engine.position import Position
    >>> len(legal_plays(Position.start(), (3, 1)))
    16

A *move* is one checker moving by one die; a *play* is the whole turn's moves.
Plays are identified by the position they produce: two orders or two different
sets of moves that end in the same position are one play. The mover stays the
``player`` of the resulting position (sides are not switched).

The rules applied: a checker on the bar enters before any other moves; a point
held by two or more opposing checkers is closed; landing on a single opposing
checker hits it; as many dice as possible are used (four moves for doubles), and
when only one of two dice can be used it must be the higher when possible;
bearing off needs every checker home, exactly or from the highest occupied point
with a larger number.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import TypeVar

from game.engine.dice import Dice
from game.engine.position import BAR, CHECKERS, OFF, Point, Position
from game.engine.refusal import Refusal


class InvalidDice(Refusal):
    """Dice that are not two numbers from 1 to 6."""


class IllegalPlay(ValueError):
    """Moves made one by one that are not a legal play (``play_by_indices``)."""


def check_dice(dice: Iterable[int]) -> Dice:
    """Return the dice as a pair, or raise ``InvalidDice`` saying what is wrong."""
    if type(dice) is tuple and len(dice) == 2:
        one, other = dice
        if type(one) is int and type(other) is int and 0 < one < 7 and 0 < other < 7:
            return dice  # the common case, checked without building anything
    values = tuple(dice)
    if len(values) != 2:
        raise InvalidDice("a roll is two dice, got {count}", count=len(values))
    for die in values:
        if isinstance(die, bool) or not isinstance(die, int) or not 1 <= die <= 6:
            raise InvalidDice("a die shows 1 to 6, got {die}", die=repr(die))
    return values[0], values[1]


@dataclass(frozen=True, slots=True)
class Move:
    """One checker moving by one die: ``origin`` may be ``BAR``, ``destination`` may be ``OFF``."""

    origin: Point
    destination: Point
    hit: bool = False

    def __str__(self) -> str:
        origin = "bar" if self.origin == BAR else str(self.origin)
        destination = "off" if self.destination == OFF else str(self.destination)
        return f"{origin}/{destination}{'*' if self.hit else ''}"


@dataclass(frozen=True, slots=True)
class Play:
    """A legal play: one sequence of moves that produces ``position``."""

    moves: tuple[Move, ...]
    position: Position


def legal_plays(position: Position, dice: Iterable[int]) -> list[Play]:
    """Every distinct legal play of ``dice`` by ``position.player``; empty if none.

    Order is deterministic (the generator's search order).
    """
    found = legal_play_keys(position, dice)
    # A search asks for millions of plays: each built through the slots' own setters (as
    # ``Position.trusted`` does, without its calls), the opponent's counts shared with
    # ``position`` where no checker was hit (most plays), which the bot's caches of a side
    # then find by identity.
    theirs = position.opponent
    unhit = bytes(theirs)
    plays = []
    for key, moves in found.items():
        after = _new(Position)
        _set_player(after, tuple(key[:THEIRS]))
        _set_opponent(after, theirs if key.endswith(unhit) else tuple(key[THEIRS:]))
        play = _new(Play)
        _set_moves(play, moves)
        _set_position(play, after)
        plays.append(play)
    return plays


_new = object.__new__
_set_player = Position.__dict__["player"].__set__
_set_opponent = Position.__dict__["opponent"].__set__
_set_moves = Play.__dict__["moves"].__set__
_set_position = Play.__dict__["position"].__set__


def legal_play_keys(position: Position, dice: Iterable[int]) -> Found:
    """``legal_plays`` before any ``Play`` is built: each resulting position as its key (the
    mover's 26 counts, then the opponent's, as bytes) with one play's moves. The keys sort as
    the positions' sides do as tuples, so ranking the plays needs no ``Position``."""
    high, low = sorted(check_dice(dice), reverse=True)
    board = _Board(position)
    return board.plays_of_doubles(high) if high == low else board.plays_of_two_dice(high, low)


def play_of_key(key: bytes, moves: tuple[Move, ...]) -> Play:
    """The play a key of ``legal_play_keys`` stands for."""
    return Play(moves, Position.trusted(tuple(key[:THEIRS]), tuple(key[THEIRS:])))


def known_play_of_key(
    key: bytes, moves: tuple[Move, ...], start: Position, roll: Dice
) -> KnownPlay:
    """``play_of_key``'s play, known legal from ``start`` with ``roll`` (a link's plays)."""
    after = Position.trusted(tuple(key[:THEIRS]), tuple(key[THEIRS:]))
    return _known(KnownPlay, moves, after, start, roll)


def has_play(position: Position, dice: Iterable[int]) -> bool:
    """Whether ``legal_plays`` would find a play: some checker moves by one of the dice (a roll
    that cannot be played passes the turn), without the search."""
    me, opp = position.player, position.opponent
    for die in set(check_dice(dice)):
        if me[BAR]:
            if opp[die] < 2:
                return True
            continue
        # The first checker that can move by ``die`` answers: no list of moves is built.
        if any(me[origin] and opp[25 - origin + die] < 2 for origin in range(24, die, -1)):
            return True
        if sum(me[:7]) == CHECKERS and _Board(position).single_moves(die):
            return True  # bearing off
    return False


def play_of_every_die(
    position: Position, dice: Iterable[int], moves: Sequence[tuple[int, int]]
) -> PlayOfEveryDie | None:
    """The play of ``moves`` when, made in this order, each is a legal move of one die and they
    use every die of the roll (four for doubles): such a play is always legal, so no search is
    needed. None otherwise (the play may still be legal: ``legal_plays`` decides)."""
    roll = check_dice(dice)
    one, other = roll
    left = [one] * 4 if one == other else [one, other]  # the dice not used yet, in any order
    if len(moves) != len(left):
        return None
    # Each side's counts as a list (the opponent's point ``25 - p`` is where our checker lands
    # at ``p``): lists come from and go back to the position's tuples at little cost.
    me, opp = list(position.player), list(position.opponent)
    made: list[Move] = []
    for pair in moves:
        if type(pair) is not tuple or len(pair) != 2:
            return None
        origin, destination = pair
        if type(origin) is not int or type(destination) is not int:
            return None
        size = origin - destination
        if destination > OFF:
            # ``may_move`` for a move on the board, inline (a file's every play comes here):
            # a die of the roll, a checker there, none left on the bar, the point not closed.
            landing = 25 - destination  # the opponent's point where the checker lands
            if not (
                size in left
                and origin <= BAR
                and me[origin]
                and (origin == BAR or not me[BAR])
                and opp[landing] < 2
            ):
                return None
            left.remove(size)
            # ``_Board.make``, inline.
            me[origin] -= 1
            me[destination] += 1
            if opp[landing]:
                opp[landing] = 0
                opp[BAR] += 1
                made.append(_HITTING[origin][destination])  # type: ignore[arg-type]
            else:
                made.append(_PLAIN_MOVES[origin][destination])  # type: ignore[arg-type]
            continue
        board = _Board.of(bytearray(me + opp))  # a bear-off (or no move): the board's checks
        if size in left and board.may_move(origin, destination, size):
            left.remove(size)
        elif destination == OFF:
            # A bear-off may take a larger die: the smallest that may (a choice that fails
            # leaves the search to decide).
            die = next((d for d in sorted(left) if d > size), 0)
            if not die or not board.may_move(origin, destination, die):
                return None
            left.remove(die)
        else:
            return None
        me[origin] -= 1  # ``_Board.make`` of a bear-off: no hit
        me[OFF] += 1
        made.append(_PLAIN_MOVES[origin][OFF])  # type: ignore[arg-type]
    after = Position.trusted(tuple(me), tuple(opp))
    play = _known(PlayOfEveryDie, tuple(made), after, position, roll)
    _set_given(play, tuple(moves))
    return play


@dataclass(frozen=True, slots=True)
class KnownPlay(Play):
    """A play found legal, with the position and roll it was found for (a state with them
    takes it without searching)."""

    start: Position
    roll: Dice

    def is_legal_in(self, position: Position, dice: Dice) -> bool:
        roll = self.roll
        return (self.start is position or self.start == position) and (
            roll == dice or (roll[1], roll[0]) == dice
        )


@dataclass(frozen=True, slots=True)
class PlayOfEveryDie(KnownPlay):
    """A play ``play_of_every_die`` found legal: its moves as given, each die used; ``given``,
    the moves as (origin, destination) pairs (what an action holds)."""

    given: tuple[tuple[int, int], ...] = field(default=(), compare=False, repr=False)


_set_moves = Play.__dict__["moves"].__set__
_set_position = Play.__dict__["position"].__set__
_set_start = KnownPlay.__dict__["start"].__set__
_set_roll = KnownPlay.__dict__["roll"].__set__
_set_given = PlayOfEveryDie.__dict__["given"].__set__


K = TypeVar("K", bound=KnownPlay)


def _known(
    kind: type[K], moves: tuple[Move, ...], position: Position, start: Position, roll: Dice
) -> K:
    """``kind(moves, position, start, roll)`` through the slots' own setters (a frozen class
    refuses setattr): a replay makes one a turn, and this takes a third of the time."""
    play = object.__new__(kind)
    _set_moves(play, moves)
    _set_position(play, position)
    _set_start(play, start)
    _set_roll(play, roll)
    return play


def moves_text(moves: Sequence[Move]) -> str:
    """``" ".join(map(str, moves))``; the moves the search and ``play_of_every_die`` make (the
    ``_MOVES``, kept for good, so their ids are theirs alone) have their texts looked up: a
    state's event names the play of every turn replayed."""
    text_of = _TEXT_OF
    try:
        return " ".join([text_of(id(move)) for move in moves])
    except KeyError:  # a move made elsewhere
        return " ".join(map(str, moves))


# Every possible Move, made once: the search appends these instead of building new ones.
_MOVES = {
    (origin, destination, hit): Move(origin, destination, hit)
    for origin in range(1, BAR + 1)
    for destination in range(OFF, origin)
    for hit in (False, True)
}

# The same by origin, then destination, without and with a hit: looked up by index.
_PLAIN_MOVES = [[_MOVES.get((o, d, False)) for d in range(BAR + 1)] for o in range(BAR + 1)]
_HITTING = [[_MOVES.get((o, d, True)) for d in range(BAR + 1)] for o in range(BAR + 1)]
_TEXTS = {id(move): str(move) for move in _MOVES.values()}
_TEXT_OF = _TEXTS.__getitem__
THEIRS = 26  # where the opponent's counts begin in a search board

Found = dict[bytes, tuple[Move, ...]]
"""Resulting position (player's 26 counts, then the opponent's) -> one play leading there."""


class _Board:
    """The mutable board the search walks: moves are made and taken back in place.

    One ``bytearray`` of 52 counts: the mover's 26 (by its own point numbers), then the
    opponent's 26 (by theirs) from ``THEIRS``; so the opponent's point ``25 - p`` (the point
    our checker lands on at ``p``) is ``points[51 - p]`` and a key is one ``bytes`` copy."""

    __slots__ = ("points",)

    def __init__(self, position: Position):
        self.points = bytearray(position.player + position.opponent)

    @classmethod
    def of(cls, points: bytearray) -> _Board:
        """The board of these counts (shared, not copied)."""
        board = cls.__new__(cls)
        board.points = points
        return board

    @property
    def me(self) -> bytearray:
        return self.points[:THEIRS]

    @property
    def opp(self) -> bytearray:
        return self.points[THEIRS:]

    def single_moves(self, die: int, highest: Point = BAR) -> list[tuple[Point, Point]]:
        """(origin, destination) of every legal move of one checker by ``die``, from
        origins no higher than ``highest``."""
        points = self.points
        if points[BAR]:
            # Nothing else moves while a checker is on the bar; it enters on our 25 - die,
            # the opponent's point ``die``.
            return [(BAR, BAR - die)] if points[THEIRS + die] < 2 else []
        landing = 51 + die  # points[landing - origin]: the opponent's count where we land
        moves = [
            (origin, origin - die)
            for origin in range(min(highest, 24), die, -1)
            if points[origin] and points[landing - origin] < 2  # the landing point is not closed
        ]
        if sum(points[:7]) == CHECKERS:  # every checker home (or off): bearing off is allowed
            if points[die]:
                if die <= highest:
                    moves.append((die, OFF))
            else:
                # A larger number than needed bears off from the highest point, and only
                # when no checker stands higher.
                rearmost = next((point for point in range(6, 0, -1) if points[point]), OFF)
                if OFF < rearmost < die and rearmost <= highest:
                    moves.append((rearmost, OFF))
        return moves

    def may_move(self, origin: object, destination: object, die: int) -> bool:
        """Whether one checker may move from ``origin`` to ``destination`` by ``die`` now:
        ``single_moves`` asked about one move."""
        points = self.points
        if not isinstance(origin, int) or not isinstance(destination, int):
            return False
        if not OFF < origin <= BAR or not points[origin] or (points[BAR] and origin != BAR):
            return False
        if destination != OFF:
            return origin - destination == die and destination > 0 and points[51 - destination] < 2
        if origin > 6 or sum(points[:7]) != CHECKERS:
            return False  # bearing off needs every checker home
        return origin == die or (origin < die and not any(points[origin + 1 : 7]))

    def make(self, origin: Point, destination: Point) -> Move:
        """Move one checker; a lone opposing checker where it lands goes to the bar."""
        points = self.points
        points[origin] -= 1
        points[destination] += 1
        if destination and points[51 - destination] == 1:
            points[51 - destination] = 0
            points[51] += 1  # the opponent's bar
            return _HITTING[origin][destination]  # type: ignore[return-value]
        return _PLAIN_MOVES[origin][destination]  # type: ignore[return-value]

    def take_back(self, move: Move) -> None:
        points = self.points
        points[move.origin] += 1
        points[move.destination] -= 1
        if move.hit:
            points[51 - move.destination] = 1
            points[51] -= 1

    def key(self) -> bytes:
        # Counts fit in a byte, and bytes hash much faster than a 52-item tuple.
        return bytes(self.points)

    def plays_of_two_dice(self, high: int, low: int) -> Found:
        """Both dice if possible (either order); else the higher die if it can move;
        else the lower."""
        both: Found = {}
        one_die: dict[int, Found] = {high: {}, low: {}}
        entering = self.points[BAR] > 0
        for first, second in ((high, low), (low, high)):
            for origin, destination in self.single_moves(first):
                move = self.make(origin, destination)
                follow_ups = self.single_moves(second)
                for origin2, destination2 in follow_ups:
                    if (
                        first == low
                        and not entering
                        and origin2 != destination
                        and destination != OFF
                        and destination2 != OFF
                    ):
                        # Two checkers moving inside the board, neither entering nor bearing
                        # off: the higher-first order already played them in the other order.
                        continue
                    move2 = self.make(origin2, destination2)
                    both.setdefault(self.key(), (move, move2))
                    self.take_back(move2)
                if not follow_ups and not both:
                    one_die[first].setdefault(self.key(), (move,))
                self.take_back(move)
        return both or one_die[high] or one_die[low]

    def plays_of_doubles(self, die: int) -> Found:
        """Four moves of ``die``, or as many as can be made."""
        found: Found = {}
        self._search_doubles(die, 4, BAR, [], found, 0)
        return found

    def _search_doubles(
        self, die: int, left: int, highest: Point, moves: list[Move], found: Found, longest: int
    ) -> int:
        """Depth-first; origins never increase along a play, so each set of moves is
        tried once. Returns the most moves any play has used so far."""
        moved = False
        if left:
            for origin, destination in self.single_moves(die, highest):
                moves.append(self.make(origin, destination))
                longest = self._search_doubles(die, left - 1, origin, moves, found, longest)
                self.take_back(moves.pop())
                moved = True
        if not moved and moves and len(moves) >= longest:
            if len(moves) > longest:
                found.clear()  # a longer play: the shorter ones are not legal
                longest = len(moves)
            found.setdefault(self.key(), tuple(moves))
        return longest


class MoveByMove:
    """A play made one checker at a time from ``position`` with ``dice``, each move chosen
    among those the rules allow at that moment (a link of version 4 names a play this way:
    ``options`` are its digits' choices, no search of every play is needed).

        >>> from game.engine.position import Position
        >>> made = MoveByMove(Position.start(), (3, 1))
        >>> len(made.options())  # the 3s, then the 1s
        7
        >>> made.make(made.options().index((8, 5)))
        >>> made.make(made.options().index((6, 5)))
        >>> made.options(), moves_text(made.play().moves)
        ([], '8/5 6/5')
    """

    __slots__ = ("_higher", "_options", "board", "left", "moves", "pairs", "roll", "start")

    def __init__(self, position: Position, dice: Iterable[int]):
        self.roll = check_dice(dice)
        one, other = self.roll
        self.start = position
        self.board = _Board(position)
        # The dice not used yet, the higher first.
        self.left = [one] * 4 if one == other else [max(one, other), min(one, other)]
        self.moves: list[Move] = []
        self.pairs: list[tuple[Point, Point]] = []
        self._options: list[tuple[Point, Point]] | None = None
        self._higher = 0  # how many of the options are the higher die's

    def options(self) -> list[tuple[Point, Point]]:
        """The moves the rules allow now: those of the higher die left, then the lower's
        (a bear-off either die may make is in both); empty when the play is over."""
        options = self._options
        if options is None:
            left = self.left
            if not left:
                options = []
            else:
                options = self.board.single_moves(left[0])
                self._higher = len(options)
                if len(left) == 2 and left[1] != left[0]:
                    options += self.board.single_moves(left[1])
            self._options = options
        return options

    def make(self, index: int) -> None:
        """Make ``options()[index]``."""
        pair = self.options()[index]
        self.left.pop(0 if index < self._higher else 1)
        self.moves.append(self.board.make(*pair))
        self.pairs.append(pair)
        self._options = None

    def play(self) -> KnownPlay | None:
        """The play made, when legal: every die used (always legal), or fewer where no play
        uses more (the search decides); None otherwise."""
        points = self.board.points
        if self.left and bytes(points) not in legal_play_keys(self.start, self.roll):
            return None
        after = Position.trusted(tuple(points[:THEIRS]), tuple(points[THEIRS:]))
        if self.left:  # fewer dice than the roll's
            return _known(KnownPlay, tuple(self.moves), after, self.start, self.roll)
        play = _known(PlayOfEveryDie, tuple(self.moves), after, self.start, self.roll)
        _set_given(play, tuple(self.pairs))
        return play


def play_by_indices(
    position: Position, dice: Dice, index_of: Callable[[int], int], more: int
) -> KnownPlay | int | None:
    """``MoveByMove`` in one call, as a long link reads a play: each move ``index_of(n)``
    among the ``n`` moves the rules allow then (``MoveByMove.options``, in its order), the
    first among ``n + more``: an index past the moves, less their count, is returned (what
    else the link names there). None when no checker moves (nothing is asked);
    ``IllegalPlay`` when the moves, fewer than the dice, are not a legal play."""
    roll = check_dice(dice)
    one, other = roll
    left = [one] * 4 if one == other else [one, other] if one > other else [other, one]
    # Each side's counts as a list (as ``play_of_every_die``): to and from tuples at little cost.
    me, opp = list(position.player), list(position.opponent)
    outside = CHECKERS - sum(me[:7])  # checkers not yet home: none, and they bear off
    moves: list[Move] = []
    pairs: list[tuple[Point, Point]] = []
    while left:
        die = left[0]
        options = _moves_of(me, opp, die, not outside)
        higher = len(options)
        if len(left) == 2 and left[1] != die:
            options += _moves_of(me, opp, left[1], not outside)
        count = len(options)
        if not pairs:
            if not count:
                return None
            index = index_of(count + more)
            if index >= count:
                return index - count
        elif not count:
            break
        else:
            index = index_of(count) if count > 1 else 0
        pair = options[index]
        left.pop(0 if index < higher else 1)
        origin, destination = pair
        # ``_Board.make``, inline: the opponent's point ``25 - p`` is where we land at ``p``.
        me[origin] -= 1
        me[destination] += 1
        if origin > 6 >= destination:
            outside -= 1
        if destination and opp[25 - destination] == 1:
            opp[25 - destination] = 0
            opp[BAR] += 1
            moves.append(_HITTING[origin][destination])  # type: ignore[arg-type]
        else:
            moves.append(_PLAIN_MOVES[origin][destination])  # type: ignore[arg-type]
        pairs.append(pair)
    after = Position.trusted(tuple(me), tuple(opp))
    if left:  # fewer dice than the roll's: legal only where no play uses more
        if bytes(me + opp) not in legal_play_keys(position, roll):
            raise IllegalPlay("fewer dice than a play could use")
        return _known(KnownPlay, tuple(moves), after, position, roll)
    play = _known(PlayOfEveryDie, tuple(moves), after, position, roll)
    _set_given(play, tuple(pairs))
    return play


# Per die: (origin, the opponent's point where it lands, the move), for the origins from 24
# down: ``_moves_of`` builds no pair of its own.
_SCAN = [[(o, 25 + die - o, (o, o - die)) for o in range(24, die, -1)] for die in range(7)]
_ENTERING = [(BAR, BAR - die) for die in range(7)]
_BEARING_OFF = [(origin, OFF) for origin in range(7)]


def _moves_of(me: list[int], opp: list[int], die: int, home: bool) -> list[tuple[Point, Point]]:
    """``_Board.single_moves`` of each side's counts (``home``: every checker of ``me`` home)."""
    if me[BAR]:
        return [_ENTERING[die]] if opp[die] < 2 else []
    moves = [pair for origin, land, pair in _SCAN[die] if me[origin] and opp[land] < 2]
    if home:
        if me[die]:
            moves.append(_BEARING_OFF[die])
        else:
            rearmost = next((point for point in range(6, 0, -1) if me[point]), OFF)
            if OFF < rearmost < die:
                moves.append(_BEARING_OFF[rearmost])
    return moves
