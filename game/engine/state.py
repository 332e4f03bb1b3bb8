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

Phases (``game.engine.phase``): OPENING (nobody has rolled), ROLL (``turn`` rolls or doubles), MOVE
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

Beside it, each its own idea: what a possible state is (``state_check``, every state made is
checked), a game's end and its score (``game_end``), the players' names (``players``), and the
steps a replay takes unchecked (``quick_steps``).

The formats live beside the others: ``game.formats.save`` (``write_save`` /
``read_save``, versioned JSON-able data) and ``game.formats.gnubg_id``
(``write_gnubg_id`` / ``read_gnubg_id``, GNU Backgammon's ``PID:MID``).
"""

from __future__ import annotations

import functools
import random
from dataclasses import dataclass, field, fields, replace
from typing import Any

from game.engine import match
from game.engine.dice import Dice, opening_roll
from game.engine.dice import roll as roll_dice
from game.engine.game_end import end_game
from game.engine.match import RESULT_NAMES, SINGLE, Cube, IllegalAction, Rules
from game.engine.phase import (
    ENDED_BY_PASS,
    ENDED_BY_PLAY,
    ENDED_BY_RESIGNATION,
    Phase,
    waiting_for,
)
from game.engine.players import PLAYER_NAMES, name
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
from game.engine.quick_steps import after_play, unchecked
from game.engine.refusal import Refusal, sentence
from game.engine.state_check import InvalidState, check_score, check_state

__all__ = [
    "PLAYER_NAMES",
    "Cube",
    "GameState",
    "IllegalAction",
    "InvalidState",
    "Phase",
    "Rules",
]

_BEFORE_ROLLING = sentence("a double is offered before rolling, and {why}")
_NOT_NOW = {
    "take": sentence("cannot take now: {why}"),
    "beaver": sentence("cannot beaver now: {why}"),
    "pass": sentence("cannot pass now: {why}"),
    "accept a resignation": sentence("cannot accept a resignation now: {why}"),
    "reject a resignation": sentence("cannot reject a resignation now: {why}"),
}


@functools.lru_cache(maxsize=32)
def _plays(position: Position, dice: Dice) -> tuple[Play, ...]:
    return tuple(generate_plays(position, dice))


# Not slotted: a replay's steps copy the attribute dict in one call (``quick_steps``).
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
        check_state(self)

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
        score = check_score(score)
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
                last_event=f"{name(starter)} starts with {dice[0]}-{dice[1]}",
            )
            return state.pass_if_blocked()
        if self.phase is not Phase.ROLL:
            raise IllegalAction("cannot roll now: {why}", why=self._phase_refusal())
        state = unchecked(
            self,
            dice=dice,
            phase=Phase.MOVE,
            blocked_dice=None,
            last_event=f"{name(self.turn)} rolled {dice[0]}-{dice[1]}",
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
        return unchecked(
            self,
            turn=1 - self.turn,
            position=self.position.flip(),
            dice=None,
            phase=Phase.ROLL,
            blocked_dice=self.dice,
            last_event=f"{name(self.turn)} rolled {d1}-{d2} and cannot move",
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
        event = f"{name(self.turn)} played {text}"
        result = resulting.winner_result()
        if result:
            points = match.game_points(self.rules, self.cube, result)
            return end_game(self, self.turn, result, points, event, ENDED_BY_PLAY, resulting)
        return after_play(self, resulting, event)

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
        state = after_play(
            self, play.position, f"{PLAYER_NAMES[self.turn]} played {moves_text(play.moves)}"
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
                last_event=f"A position is set up: {name(player)} to roll",
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
        return unchecked(cls(), **fields)

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
            raise IllegalAction("{player} may not double: {why}", player=name(self.turn), why=why)
        return replace(
            self,
            phase=Phase.DOUBLED,
            blocked_dice=None,
            last_event=f"{name(self.turn)} doubles to {self.cube.value * 2}",
        )

    def take(self) -> GameState:
        """The doubled player takes: the cube doubles and is theirs; the doubler rolls."""
        self._require(Phase.DOUBLED, "take")
        taker = 1 - self.turn
        return replace(
            self,
            cube=self.cube.doubled_by(self.turn),
            phase=Phase.ROLL,
            last_event=f"{name(taker)} takes at {self.cube.value * 2}",
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
            last_event=f"{name(taker)} beavers: the cube is on {cube.value}",
        )

    def pass_(self) -> GameState:
        """The doubled player passes and concedes the cube's value before the double."""
        self._require(Phase.DOUBLED, "pass")
        event = f"{name(1 - self.turn)} passes"
        return end_game(self, self.turn, SINGLE, match.pass_points(self.cube), event, ENDED_BY_PASS)

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
            last_event=f"{name(player)} offers to resign a {RESULT_NAMES[result]}",
        )

    def accept_resignation(self) -> GameState:
        """The resignation stands: its result times the cube is scored."""
        self._require(Phase.RESIGNED, "accept a resignation")
        assert self.resigned_by is not None
        winner = 1 - self.resigned_by
        result = self.resignation
        event = f"{name(winner)} accepts the resignation"
        points = match.game_points(self.rules, self.cube, result)
        return end_game(self, winner, result, points, event, ENDED_BY_RESIGNATION)

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
            last_event=f"{name(1 - self.resigned_by)} rejects the resignation",
        )

    # ----- helpers ------------------------------------------------------------------------

    def _require(self, phase: Phase, action: str) -> None:
        if self.phase is not phase:
            raise IllegalAction(_NOT_NOW[action], why=self._phase_refusal())

    def _phase_refusal(self) -> Refusal:
        """Why an action must wait: what the game waits for (the side to act, named)."""
        phase = self.phase
        if phase is Phase.ROLL:
            return Refusal("{player} is to roll", player=name(self.turn))
        if phase is Phase.MOVE:
            return Refusal("{player} is to play the roll", player=name(self.turn))
        if phase is Phase.DOUBLED:
            return Refusal("{player} must answer the double", player=name(1 - self.turn))
        return waiting_for(phase)


_FIELD_NAMES = frozenset(each.name for each in fields(GameState))
