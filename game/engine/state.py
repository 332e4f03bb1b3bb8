"""A game (and the match or money session around it) as a sequence of immutable states.

    >>> import random
    >>> rng = random.Random(1)
    >>> state = GameState.new(Rules.full(match_length=5))
    >>> state.phase
    <Phase.OPENING: 'opening'>
    >>> state = state.roll(rng)              # one die each; the higher die plays both
    >>> state.phase, state.dice == state.opening_dice
    (<Phase.MOVE: 'move'>, True)
    >>> mover = state.turn
    >>> state = state.play(state.legal_plays()[0])
    >>> state.phase, state.turn == 1 - mover
    (<Phase.ROLL: 'roll'>, True)

Every action returns a new state, or raises ``IllegalAction`` saying why not.
Players are 0 ("you", cyan) and 1 (the opponent or friend, pink). ``position``
is always seen from ``turn``'s side; ``board_for(player)`` gives a fixed side.

Phases: OPENING (nobody has rolled), ROLL (``turn`` rolls or doubles), MOVE
(``turn`` plays ``dice``), DOUBLED (the other player takes, passes or beavers),
RESIGNED (the other player accepts or rejects ``resignation``), GAME_OVER,
MATCH_OVER. A roll with no legal play passes the turn at once: the state is
back in ROLL for the other player with ``blocked_dice`` set to that roll.
When a game ends, ``turn`` (and so ``position``) goes to the winner, ``ended_by``
says how (``"play"``, ``"pass"``, ``"resignation"``) and ``score`` already
includes ``points_won``; ``crawford``/``post_crawford`` still describe the
finished game until ``next_game()``.

A resignation is offered in ROLL or MOVE by either player (default: the one to
act), or by a named player before the opening roll (match files hold such games: a player
gone before the first roll); never while a double waits for its answer (a pass already
gives up the game).

The formats live beside the others: ``game.formats.save`` (``write_save`` /
``read_save``, versioned JSON-able data) and ``game.formats.gnubg_id``
(``write_gnubg_id`` / ``read_gnubg_id``, GNU Backgammon's ``PID:MID``).
"""

from __future__ import annotations

import enum
import functools
import random
import re
from dataclasses import dataclass, field, fields, replace
from typing import Any

from game.engine import match
from game.engine.dice import Dice, opening_roll
from game.engine.dice import roll as roll_dice
from game.engine.match import (
    BACKGAMMON,
    RESULT_NAMES,
    SINGLE,
    Cube,
    IllegalAction,
    Rules,
)
from game.engine.plays import (
    InvalidDice,
    KnownPlay,
    Move,
    Play,
    check_dice,
    has_play,
    moves_text,
    play_of_every_die,
)
from game.engine.plays import legal_plays as generate_plays
from game.engine.position import Position
from game.engine.refusal import Refusal, Term, sentence

__all__ = [
    "PLAYER_NAMES",
    "Cube",
    "GameState",
    "IllegalAction",
    "InvalidState",
    "Phase",
    "Rules",
]

PLAYER_NAMES = ("Cyan", "Pink")

_NAMED = re.compile(r"\b(Cyan|Pink)\b")


_BEFORE_ROLLING = sentence("a double is offered before rolling, and {why}")
_NOT_NOW = {
    "take": sentence("cannot take now: {why}"),
    "beaver": sentence("cannot beaver now: {why}"),
    "pass": sentence("cannot pass now: {why}"),
    "accept a resignation": sentence("cannot accept a resignation now: {why}"),
    "reject a resignation": sentence("cannot reject a resignation now: {why}"),
}


def in_names(text: Refusal, names: tuple[str, str]) -> Refusal:
    """The rules' words about the players (``PLAYER_NAMES``) with ``names`` in their place: a
    file's message names its own players (in its fields, the sentence kept for the catalogs)."""
    fields = {
        key: in_names(value, names)
        if isinstance(value, Refusal)
        else _NAMED.sub(lambda found: names[PLAYER_NAMES.index(found.group())], value)
        if isinstance(value, str) and not isinstance(value, Term)
        else value
        for key, value in text.fields.items()
    }
    return Refusal.saying(text, **fields) if fields else text


ENDED_BY_PLAY, ENDED_BY_PASS, ENDED_BY_RESIGNATION = "play", "pass", "resignation"
ENDINGS = (ENDED_BY_PLAY, ENDED_BY_PASS, ENDED_BY_RESIGNATION)


class InvalidState(Refusal):
    """Data that does not describe a possible game state (a corrupted save, say)."""


class Phase(enum.Enum):
    OPENING = "opening"
    ROLL = "roll"
    MOVE = "move"
    DOUBLED = "doubled"
    RESIGNED = "resigned"
    GAME_OVER = "game_over"
    MATCH_OVER = "match_over"


OVER = (Phase.GAME_OVER, Phase.MATCH_OVER)

# A replay builds a state and a position a turn: made bare and filled in place (a frozen class
# refuses setattr; a position's slots through their own setters).
_new_object = object.__new__
_set_player = Position.__dict__["player"].__set__
_set_opponent = Position.__dict__["opponent"].__set__


@functools.lru_cache(maxsize=32)
def _plays(position: Position, dice: Dice) -> tuple[Play, ...]:
    return tuple(generate_plays(position, dice))


def _name(player: int) -> str:
    return PLAYER_NAMES[player]


# Not slotted: a step copies the state's attribute dict in one call (``_next``), three times
# faster than setting 19 slots one by one, and a replay takes two steps a turn.
@dataclass(frozen=True)
class GameState:
    rules: Rules = field(default_factory=Rules.simple)
    score: tuple[int, int] = (0, 0)
    cube: Cube = field(default_factory=Cube)
    crawford: bool = False
    post_crawford: bool = False
    turn: int = 0
    position: Position = field(default_factory=Position.start)
    dice: Dice | None = None
    phase: Phase = Phase.OPENING
    opening_dice: Dice | None = None
    winner: int | None = None
    points_won: int = 0
    result: int = 0
    last_event: str = ""
    resignation: int = 0
    resigned_by: int | None = None
    resumed_phase: Phase | None = None
    blocked_dice: Dice | None = None
    ended_by: str | None = None

    def __post_init__(self) -> None:
        _check_state(self)

    # ----- construction -------------------------------------------------------------------

    @classmethod
    def new(
        cls,
        rules: Rules | None = None,
        score: tuple[int, int] = (0, 0),
        *,
        crawford: bool | None = None,
        post_crawford: bool = False,
        position: Position | None = None,
    ) -> GameState:
        """A game before the opening roll.

        ``crawford`` defaults to True when a player stands at match length minus
        one and ``post_crawford`` is not given. ``position`` is seen from player 0.
        """
        rules = rules or Rules.simple()
        score = _check_score(score)
        if match.is_match_over(rules, score):
            raise IllegalAction(
                "the match to {length} is already over at {score}",
                length=rules.match_length,
                score=f"{score[0]}-{score[1]}",
            )
        if crawford is None:
            crawford, at_least_post = match.starting_crawford_flags(rules, score)
            crawford = crawford and not post_crawford
            post_crawford = post_crawford or at_least_post
        return cls(
            rules=rules,
            score=score,
            crawford=crawford,
            post_crawford=post_crawford,
            position=position or Position.start(),
            last_event="Roll to see who starts",
        )

    def next_game(self, rng: random.Random | None = None) -> GameState:
        """The next game of the match or money session; with ``rng``, its opening roll too."""
        if self.phase is Phase.MATCH_OVER:
            raise IllegalAction("the match is over")
        if self.phase is not Phase.GAME_OVER:
            raise IllegalAction("the game is not over yet")
        crawford, post = match.next_crawford_flags(
            self.rules, self.score, self.crawford, self.post_crawford
        )
        state = GameState.new(self.rules, self.score, crawford=crawford, post_crawford=post)
        if crawford:
            state = replace(state, last_event="Crawford game: no doubling")
        return state.roll(rng) if rng is not None else state

    # ----- views --------------------------------------------------------------------------

    def board_for(self, player: int) -> Position:
        """The position seen from ``player``'s side (for drawing a fixed board)."""
        return self.position if player == self.turn else self.position.flip()

    def pip_counts_for(self, player: int) -> tuple[int, int]:
        """(``player``'s pip count, the other player's)."""
        return self.board_for(player).pip_counts()

    @property
    def to_act(self) -> int | None:
        """The player who must act now, or None (before the opening roll, after the game)."""
        if self.phase in (Phase.ROLL, Phase.MOVE):
            return self.turn
        if self.phase is Phase.DOUBLED:
            return 1 - self.turn
        if self.phase is Phase.RESIGNED:
            assert self.resigned_by is not None
            return 1 - self.resigned_by
        return None

    @property
    def match_winner(self) -> int | None:
        return match.match_winner(self.rules, self.score)

    def legal_plays(self) -> list[Play]:
        """Every legal play of ``dice`` (empty outside the MOVE phase)."""
        if self.phase is not Phase.MOVE or self.dice is None:
            return []
        return list(_plays(self.position, self.dice))

    def double_refusal(self, player: int | None = None) -> str | None:
        """Why ``player`` (default: the player on turn) may not double now, or None (an
        English sentence: ``double`` says it with its fields)."""
        player = self.turn if player is None else player
        if self.phase is not Phase.ROLL:
            return _BEFORE_ROLLING  # said with why=self._phase_refusal()
        if player != self.turn:
            return sentence("only the player on turn may double")
        return match.double_refusal(self, player)

    def may_double(self, player: int | None = None) -> bool:
        """May ``player`` (default: the player on turn) double right now?"""
        return self.double_refusal(player) is None

    def may_beaver(self) -> bool:
        return self.phase is Phase.DOUBLED and match.may_beaver(self)

    # ----- dice and checkers --------------------------------------------------------------

    def roll(self, rng: random.Random) -> GameState:
        """Roll the dice: the opening roll in OPENING, the turn player's roll in ROLL."""
        if self.phase is Phase.OPENING:
            return self.set_dice(opening_roll(rng))
        return self.set_dice(roll_dice(rng))

    def set_dice(self, dice: Dice) -> GameState:
        """Like ``roll`` with chosen dice (tests, fixed-dice links). In OPENING the
        dice are player 0's and player 1's die and must differ."""
        try:
            dice = check_dice(dice)
        except InvalidDice as error:
            raise IllegalAction.saying(error) from None
        if self.phase is Phase.OPENING:
            if dice[0] == dice[1]:
                raise IllegalAction("the opening roll cannot be a tie: it is thrown again")
            starter = 0 if dice[0] > dice[1] else 1
            state = replace(
                self,
                turn=starter,
                position=self.board_for(starter),
                dice=dice,
                opening_dice=dice,
                phase=Phase.MOVE,
                blocked_dice=None,
                last_event=f"{_name(starter)} starts with {dice[0]}-{dice[1]}",
            )
            return state.pass_if_blocked()
        if self.phase is not Phase.ROLL:
            raise IllegalAction("cannot roll now: {why}", why=self._phase_refusal())
        state = self._next(
            dice=dice,
            phase=Phase.MOVE,
            blocked_dice=None,
            last_event=f"{_name(self.turn)} rolled {dice[0]}-{dice[1]}",
        )
        return state.pass_if_blocked()

    def pass_if_blocked(self) -> GameState:
        """In MOVE with a roll that cannot be played: the turn passes (``blocked_dice`` set)."""
        if self.phase is not Phase.MOVE:
            return self
        assert self.dice is not None
        if has_play(self.position, self.dice):
            return self
        d1, d2 = self.dice
        return self._next(
            turn=1 - self.turn,
            position=self.position.flip(),
            dice=None,
            phase=Phase.ROLL,
            blocked_dice=self.dice,
            last_event=f"{_name(self.turn)} rolled {d1}-{d2} and cannot move",
        )

    def play(self, play: Play | Position) -> GameState:
        """Make a legal play, given as a ``Play`` or as the position it produces
        (seen from the mover, as ``legal_plays`` gives it)."""
        if self.phase is not Phase.MOVE:
            raise IllegalAction("cannot play now: {why}", why=self._phase_refusal())
        resulting = play.position if isinstance(play, Play) else play
        if not isinstance(resulting, Position):
            raise IllegalAction(
                "a play is a Play or a Position, got {kind}", kind=type(play).__name__
            )
        moves = play.moves if isinstance(play, Play) else ()
        if isinstance(play, KnownPlay) and play.is_legal_in(self.position, self.dice):  # type: ignore[arg-type]
            pass  # found legal for this position and roll
        elif not moves or not self._uses_every_die(moves, resulting):
            for legal in self.legal_plays():
                if legal.position == resulting:
                    break
            else:
                raise IllegalAction(
                    "not a legal play of {roll}",
                    roll=f"{self.dice[0]}-{self.dice[1]}",  # type: ignore[index]
                )
            moves = moves or legal.moves
        text = moves_text(moves)
        event = f"{_name(self.turn)} played {text}"
        result = resulting.winner_result()
        if result:
            points = match.game_points(self.rules, self.cube, result)
            return self._end_game(self.turn, result, points, event, ENDED_BY_PLAY, resulting)
        return self._played(resulting, event)

    def turn_played(self, dice: Dice, play: KnownPlay) -> GameState:
        """``set_dice(dice).play(play)`` in one step when ``play`` was found legal for this
        position and roll (a replay's common turn): a roll with a play is never blocked, so the
        state between the two is not built. Any other case takes the two steps."""
        if (
            self.phase is not Phase.ROLL
            or not isinstance(play, KnownPlay)
            or type(dice) is not tuple
            or len(dice) != 2
            or type(dice[0]) is not int  # a bool equals 1 but is no die: set_dice says so
            or type(dice[1]) is not int
            or not play.is_legal_in(self.position, dice)  # the play's own roll: 1 to 6
            or play.position.winner_result()
        ):
            return self.set_dice(dice).play(play)
        state = self._played(
            play.position, f"{PLAYER_NAMES[self.turn]} played {moves_text(play.moves)}"
        )
        state.__dict__["blocked_dice"] = None
        return state

    def set_up(self, position: Position, player: int, cube: Cube) -> GameState:
        """The game going on from a position (seen from player 0), turn and cube set by hand:
        ``player`` is to roll (GNU Backgammon's edited games; a roll by the player not on
        turn is one too)."""
        if self.phase not in (Phase.OPENING, Phase.ROLL, Phase.MOVE):
            raise IllegalAction("cannot set up a position now: {why}", why=self._phase_refusal())
        if player not in (0, 1) or isinstance(player, bool):
            raise IllegalAction("players are 0 and 1, got {player}", player=repr(player))
        if position.winner_result() or position.flip().winner_result():
            raise IllegalAction("the position set up is a game already over")
        try:
            return replace(
                self,
                turn=player,
                position=position if player == 0 else position.flip(),
                cube=cube,
                dice=None,
                phase=Phase.ROLL,
                blocked_dice=None,
                last_event=f"A position is set up: {_name(player)} to roll",
            )
        except InvalidState as error:
            raise IllegalAction.saying(error) from None

    @classmethod
    def drawn(cls, **fields: Any) -> GameState:
        """A state only to draw (a diagram shows, it does not play): the fields as given, not
        checked against the rules, as a position ID may hold a double the rules refuse. Never
        play or save from it."""
        unknown = set(fields) - _FIELD_NAMES
        if unknown:
            raise TypeError(f"a game state has no field {sorted(unknown)[0]!r}")
        return cls()._next(**fields)

    def _next(self, **changes: object) -> GameState:
        """``replace`` without ``_check_state``: for the few steps (a roll, a play) that lead
        from a valid state to a valid one by the rules, taken once per action in a replay."""
        state = object.__new__(GameState)
        attributes = state.__dict__  # filled in place: a frozen class refuses setattr
        attributes.update(self.__dict__)
        attributes.update(changes)
        return state

    def _played(self, resulting: Position, event: str) -> GameState:
        """``_next(turn=1 - turn, position=resulting.flip(), dice=None, phase=Phase.ROLL,
        last_event=event)``, the state after a play that does not end the game, its fields set
        one by one: a replay takes one a turn, and keywords and the flip's call took half again
        as long."""
        state = _new_object(GameState)
        attributes = state.__dict__  # filled in place: a frozen class refuses setattr
        attributes.update(self.__dict__)
        attributes["turn"] = 1 - self.turn
        position = _new_object(Position)
        _set_player(position, resulting.opponent)  # ``resulting.flip()``
        _set_opponent(position, resulting.player)
        attributes["position"] = position
        attributes["dice"] = None
        attributes["phase"] = Phase.ROLL
        attributes["last_event"] = event
        return state

    def _uses_every_die(self, moves: tuple[Move, ...], resulting: Position) -> bool:
        """The moves, as made or highest origin first, are a play of every die reaching
        ``resulting``: legal without searching every play."""
        assert self.dice is not None
        pairs = [(move.origin, move.destination) for move in moves]
        for order in (pairs, sorted(pairs, reverse=True)):
            made = play_of_every_die(self.position, self.dice, order)
            if made is not None:
                return made.position == resulting
        return False

    # ----- the cube -----------------------------------------------------------------------

    def double(self) -> GameState:
        """The player on turn doubles before rolling; the other must answer."""
        refusal = self.double_refusal()
        if refusal:
            why = (
                Refusal(refusal, why=self._phase_refusal())
                if refusal is _BEFORE_ROLLING
                else Refusal(refusal, largest=match.MAX_CUBE)
            )
            raise IllegalAction("{player} may not double: {why}", player=_name(self.turn), why=why)
        return replace(
            self,
            phase=Phase.DOUBLED,
            blocked_dice=None,
            last_event=f"{_name(self.turn)} doubles to {self.cube.value * 2}",
        )

    def take(self) -> GameState:
        """The doubled player takes: the cube doubles and is theirs; the doubler rolls."""
        self._require(Phase.DOUBLED, "take")
        taker = 1 - self.turn
        return replace(
            self,
            cube=self.cube.doubled_by(self.turn),
            phase=Phase.ROLL,
            last_event=f"{_name(taker)} takes at {self.cube.value * 2}",
        )

    def beaver(self) -> GameState:
        """The doubled player takes and at once redoubles, keeping the cube (money play)."""
        self._require(Phase.DOUBLED, "beaver")
        if not match.may_beaver(self):
            if not (self.rules.beaver and self.rules.is_money):
                raise IllegalAction("beavers are not allowed under these rules")
            raise IllegalAction(
                "a beaver would take the cube past {largest}", largest=match.MAX_CUBE
            )
        taker = 1 - self.turn
        cube = self.cube.beavered_by(taker)
        return replace(
            self,
            cube=cube,
            phase=Phase.ROLL,
            last_event=f"{_name(taker)} beavers: the cube is on {cube.value}",
        )

    def pass_(self) -> GameState:
        """The doubled player passes and concedes the cube's value before the double."""
        self._require(Phase.DOUBLED, "pass")
        event = f"{_name(1 - self.turn)} passes"
        return self._end_game(self.turn, SINGLE, match.pass_points(self.cube), event, ENDED_BY_PASS)

    # ----- resignation --------------------------------------------------------------------

    def resign(self, result: int = SINGLE, player: int | None = None) -> GameState:
        """``player`` (default: the player to act) offers to resign a single (1),
        gammon (2) or backgammon (3); the other player accepts or rejects."""
        match.check_result(result)
        if self.phase is Phase.DOUBLED:
            # A pass already concedes the game at the cube's value, as a single resignation
            # would; the Match ID also has no way to hold both offers at once.
            raise IllegalAction("answer the double first: a pass gives up the game")
        if self.phase not in (Phase.OPENING, Phase.ROLL, Phase.MOVE):
            raise IllegalAction("cannot resign now: {why}", why=self._phase_refusal())
        player = self.to_act if player is None else player
        if player is None:
            raise IllegalAction("before the opening roll nobody is to act: name who resigns")
        if player not in (0, 1):
            raise IllegalAction("players are 0 and 1, got {player}", player=repr(player))
        return replace(
            self,
            phase=Phase.RESIGNED,
            resignation=result,
            resigned_by=player,
            resumed_phase=self.phase,
            last_event=f"{_name(player)} offers to resign a {RESULT_NAMES[result]}",
        )

    def accept_resignation(self) -> GameState:
        """The resignation stands: its result times the cube is scored."""
        self._require(Phase.RESIGNED, "accept a resignation")
        assert self.resigned_by is not None
        winner = 1 - self.resigned_by
        result = self.resignation
        event = f"{_name(winner)} accepts the resignation"
        points = match.game_points(self.rules, self.cube, result)
        return self._end_game(winner, result, points, event, ENDED_BY_RESIGNATION)

    def reject_resignation(self) -> GameState:
        """The game goes on where it was."""
        self._require(Phase.RESIGNED, "reject a resignation")
        assert self.resigned_by is not None and self.resumed_phase is not None
        return replace(
            self,
            phase=self.resumed_phase,
            resignation=0,
            resigned_by=None,
            resumed_phase=None,
            last_event=f"{_name(1 - self.resigned_by)} rejects the resignation",
        )

    # ----- helpers ------------------------------------------------------------------------

    def _require(self, phase: Phase, action: str) -> None:
        if self.phase is not phase:
            raise IllegalAction(_NOT_NOW[action], why=self._phase_refusal())

    def _phase_refusal(self) -> Refusal:
        """Why an action must wait: what the game waits for."""
        phase = self.phase
        if phase is Phase.ROLL:
            return Refusal("{player} is to roll", player=_name(self.turn))
        if phase is Phase.MOVE:
            return Refusal("{player} is to play the roll", player=_name(self.turn))
        if phase is Phase.DOUBLED:
            return Refusal("{player} must answer the double", player=_name(1 - self.turn))
        if phase is Phase.OPENING:
            return Refusal("the opening roll comes first")
        if phase is Phase.RESIGNED:
            return Refusal("a resignation is waiting for an answer")
        if phase is Phase.GAME_OVER:
            return Refusal("the game is over")
        return Refusal("the match is over")

    def _end_game(
        self,
        winner: int,
        result: int,
        points: int,
        event: str,
        ended_by: str,
        position: Position | None = None,
    ) -> GameState:
        position = position or self.position
        if winner != self.turn:
            position = position.flip()
        score = match.add_points(self.score, winner, points)
        over = match.is_match_over(self.rules, score)
        counted = match.counted_result(self.rules, self.cube, result)
        if not self.rules.gammons:
            what = "game"
        else:
            what = RESULT_NAMES[result] + (" (counted single)" if counted != result else "")
        event = f"{event}. {_name(winner)} wins a {what}: {points} point{'s' if points > 1 else ''}"
        if over:
            event += f" and the match {score[winner]}-{score[1 - winner]}"
        return replace(
            self,
            score=score,
            winner=winner,
            result=result,
            points_won=points,
            phase=Phase.MATCH_OVER if over else Phase.GAME_OVER,
            dice=None,
            turn=winner,
            position=position,
            resignation=0,
            resigned_by=None,
            resumed_phase=None,
            ended_by=ended_by,
            last_event=event,
        )


# ----- checks ---------------------------------------------------------------------------------


_FIELD_NAMES = frozenset(each.name for each in fields(GameState))


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check_score(score: object) -> tuple[int, int]:
    try:
        return _pair(score, "score")
    except InvalidState as error:
        raise IllegalAction.saying(error) from None


def _pair(value: object, name: str) -> tuple[int, int]:
    if (
        not isinstance(value, (list, tuple))
        or len(value) != 2
        or not all(_is_int(v) and 0 <= v <= match.MAX_SCORE for v in value)
    ):
        raise InvalidState(
            "{name} must be two whole numbers from 0 to {highest}",
            name=name,
            highest=match.MAX_SCORE,
        )
    return value[0], value[1]


def _dice_or_none(value: object, name: str) -> Dice | None:
    if value is None:
        return None
    if not isinstance(value, (list, tuple)) or not all(_is_int(v) for v in value):
        raise InvalidState(
            "{name} must be two dice or nothing, got {value}", name=name, value=repr(value)
        )
    try:
        return check_dice(value)
    except InvalidDice as error:
        raise InvalidState("{name}: {error}", name=name, error=error) from None


def _check_state(state: GameState) -> None:
    """Raise ``InvalidState`` unless the fields describe a possible game state."""

    if not isinstance(state.rules, Rules):
        raise InvalidState("rules must be a Rules")
    if not isinstance(state.cube, Cube):
        raise InvalidState("cube must be a Cube")
    if not isinstance(state.position, Position):
        raise InvalidState("position must be a Position")
    if not isinstance(state.phase, Phase):
        raise InvalidState("phase must be a Phase")
    _pair(state.score, "score")
    if not isinstance(state.score, tuple):
        raise InvalidState("score must be a tuple")
    for name in ("crawford", "post_crawford"):
        if not isinstance(getattr(state, name), bool):
            raise InvalidState("{name} must be true or false", name=name)
    if not _is_int(state.turn) or state.turn not in (0, 1):
        raise InvalidState("turn must be 0 or 1, got {turn}", turn=repr(state.turn))
    for name in ("dice", "opening_dice", "blocked_dice"):
        dice = getattr(state, name)
        if dice is not None and (not isinstance(dice, tuple) or _dice_or_none(dice, name) != dice):
            raise InvalidState("{name} must be a pair of dice or None", name=name)
    if state.opening_dice is not None and state.opening_dice[0] == state.opening_dice[1]:
        raise InvalidState("the opening dice cannot be a tie")
    if not isinstance(state.last_event, str):
        raise InvalidState("last_event must be text")

    rules, cube, phase = state.rules, state.cube, state.phase
    if not rules.cube and cube != Cube():
        raise InvalidState("a cube is in play under rules without the cube")
    length = rules.match_length
    over = phase in OVER
    if state.crawford and state.post_crawford:
        raise InvalidState("a game cannot be both the Crawford game and post-Crawford")
    if (state.crawford or state.post_crawford) and not over:
        if not length or max(state.score) != length - 1:
            raise InvalidState(
                "Crawford and post-Crawford games need a player at match length minus one"
            )
        if state.crawford and min(state.score) == length - 1:
            raise InvalidState(
                "the Crawford game cannot be played with both players one point away"
            )
    if state.crawford and cube != Cube():
        raise InvalidState("the cube cannot be turned in the Crawford game")
    if (phase is Phase.MATCH_OVER) != match.is_match_over(rules, state.score):
        raise InvalidState("the score and the match-over phase disagree")

    if over:
        if not _is_int(state.winner) or state.winner not in (0, 1):
            raise InvalidState("a finished game needs a winner 0 or 1")
        if not _is_int(state.result) or state.result not in RESULT_NAMES:
            raise InvalidState("a finished game needs a result 1, 2 or 3")
        most = BACKGAMMON * match.MAX_CUBE
        if not _is_int(state.points_won) or not 1 <= state.points_won <= most:
            raise InvalidState("a finished game needs the points won")
        if state.score[state.winner] < state.points_won:  # checked above
            raise InvalidState("the score does not include the points won")
        if state.turn != state.winner:
            raise InvalidState("a finished game is seen from its winner")
        if state.ended_by not in ENDINGS:
            raise InvalidState(
                "a finished game ended by one of {endings}", endings=", ".join(ENDINGS)
            )
        if (state.ended_by == ENDED_BY_PLAY) != (state.position.winner_result() != 0):
            raise InvalidState(
                "a game ends with a play exactly when the winner has borne off every checker"
            )
        if state.ended_by == ENDED_BY_PLAY and state.position.winner_result() != state.result:
            raise InvalidState("the result does not match the final position")
    else:
        if (
            state.winner is not None
            or state.result != 0
            or state.points_won != 0
            or state.ended_by is not None
        ):
            raise InvalidState("only a finished game has a winner, result, points won and ending")
        if state.position.is_game_over():
            raise InvalidState("every checker of a side is off but the game is not over")

    if phase is Phase.RESIGNED:
        if not _is_int(state.resignation) or state.resignation not in RESULT_NAMES:
            raise InvalidState("a resignation is 1, 2 or 3")
        if not _is_int(state.resigned_by) or state.resigned_by not in (0, 1):
            raise InvalidState("a resignation needs the player resigning")
        if state.resumed_phase not in (Phase.OPENING, Phase.ROLL, Phase.MOVE):
            raise InvalidState("a resignation needs the phase to go back to")
        inner: Phase = state.resumed_phase
    else:
        if state.resignation or state.resigned_by is not None or state.resumed_phase is not None:
            raise InvalidState("resignation fields set outside a resignation")
        inner = phase
    if (inner is Phase.MOVE) != (state.dice is not None):
        raise InvalidState("dice are shown exactly when a roll is to be played")
    if inner is Phase.DOUBLED and not match.may_double(state, state.turn):
        raise InvalidState("a double is offered that the rules do not allow")
    if inner is Phase.OPENING and state.turn != 0:
        raise InvalidState("before the opening roll the position is seen from player 0")
