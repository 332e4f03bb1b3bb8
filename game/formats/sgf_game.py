"""One game tree of an ``.sgf`` file fed to the record: each node's action (a roll and its
play, a double, take, pass or beaver, a set-up, a resignation and the result) checked against
the state it meets (``game.formats.sgf`` says the format)."""

from __future__ import annotations

import re
from collections.abc import Callable

from game.engine.match import Cube, game_points
from game.engine.phase import waiting_for
from game.engine.players import in_names
from game.engine.plays import play_of_every_die
from game.engine.position import BAR, CHECKERS, OFF, Position
from game.engine.record import (
    BEAVER,
    Action,
    Record,
    RecordError,
)
from game.engine.refusal import Refusal, sentence
from game.engine.state import GameState, Phase
from game.engine.text import ascii_number, quoted
from game.formats.sgf_syntax import InvalidSgfFile, Property, first_value

_MOVE = re.compile(r"([1-6])([1-6])((?:[a-z]{2}){0,4})")


class GameReader:
    """One game's nodes fed to the record, each against the state it meets."""

    def __init__(self, record: Record, number: int, tree: list[list[Property]], strict: bool):
        self.record, self.number, self.tree, self.strict = record, number, tree, strict
        self.written: int | None = None
        self.node = 0

    def fail(self, reason: Refusal) -> InvalidSgfFile:
        return InvalidSgfFile(self.number, self.node, reason)

    def do(self, action: Action) -> None:
        try:
            self.record = self.record.append(action)
        except RecordError as error:
            raise self.fail(in_names(error.reason, self.record.names)) from None

    def replay(self, last: bool) -> None:
        for number, node in enumerate(self.tree[1:], 1):
            self.node = number
            if self.record.state.phase is Phase.MATCH_OVER:
                raise self.fail(Refusal("an action after the match is over"))
            self.read_node(node)
        self.node = len(self.tree) - 1
        self.result(first_value(self.tree[0], "RE"))
        state = self.record.state
        if not last and state.phase not in (Phase.GAME_OVER, Phase.MATCH_OVER):
            raise self.fail(Refusal("the game stops before it is over and another game follows"))

    def read_node(self, node: list[Property]) -> None:
        names = {name for name, _ in node}
        move = next(((name, values[0]) for name, values in node if name in ("B", "W")), None)
        if names & _SETUP_PROPERTIES or ("PL" in names and "DI" not in names and self.turned(node)):
            # An edited position or turn (gnubg ignores a board set up in a node with a move).
            self.set_up(node, board=move is None)
        if move is None:
            dice = first_value(node, "DI")
            if dice:
                self.set_dice(first_value(node, "PL"), dice)
            return
        colour, text = move
        player = 1 if colour == "B" else 0
        state = self.record.state
        text = text.strip()
        if text == "double":
            if state.phase is Phase.DOUBLED and self.record.rules.beaver:
                self.check_player(player, state.to_act, "a beaver")
                self.do(Action.beaver())
                return
            self.check_player(player, state.to_act, "a double")
            self.do(Action.double())
        elif text == "take":
            if state.phase is Phase.ROLL and self.last_was_beaver():
                return  # gnubg's take after a beaver: already taken
            self.check_player(player, state.to_act, "a take")
            self.do(Action.take())
        elif text == "drop":
            self.check_player(player, state.to_act, "a pass")
            self.do(Action.pass_())
        else:
            self.roll_and_play(player, text)

    def turned(self, node: list[Property]) -> bool:
        """A ``PL`` naming another player to roll than the one on turn."""
        state = self.record.state
        if state.phase not in (Phase.ROLL, Phase.MOVE):
            return False
        return (1 if first_value(node, "PL").strip().upper().startswith("B") else 0) != state.turn

    def set_up(self, node: list[Property], board: bool) -> None:
        """``AE``/``AB``/``AW`` (points emptied, Black's and White's checkers added, in White's
        numbering: ``a`` White's 1 point, ``y`` the bar; ``a:y`` a range), ``PL`` the player
        to roll, ``CV`` the cube's value, ``CP`` its owner (``c``, ``w``, ``b``), as gnubg
        reads them: one set-up action, then that player is to roll."""
        state = self.record.state
        white, black = list(state.board_for(0).player), list(state.board_for(0).opponent)
        player = state.to_act if state.to_act is not None else state.turn
        cube = state.cube
        for name, values in node:
            if name in ("AE", "AB", "AW") and board:
                for index in _point_list(values, self.fail):
                    mine, theirs = (index + 1, 24 - index) if index < 24 else (BAR, BAR)
                    if name == "AE":
                        white[mine] = black[theirs] = 0
                    elif name == "AW":
                        white[mine] += 1
                    else:
                        black[theirs] += 1
            elif name == "PL":
                player = 1 if values[0].strip().upper().startswith("B") else 0
            elif name == "CV":
                value = ascii_number(values[0].strip(), 2)
                if value is None or value not in _CUBE_VALUES:
                    raise self.fail(
                        Refusal(
                            "CV[{value}] is not a cube's value", value=quoted(values[0], 12)[1:-1]
                        )
                    )
                cube = Cube(value, cube.owner) if value > 1 or cube.owner is None else Cube()
            elif name == "CP":
                owner = {"c": None, "w": 0, "b": 1}.get(values[0].strip()[:1].lower(), -1)
                if owner == -1:
                    raise self.fail(
                        Refusal(
                            "CP[{value}] is not a cube's owner", value=quoted(values[0], 12)[1:-1]
                        )
                    )
                try:
                    cube = Cube(cube.value, owner)
                except ValueError:
                    raise self.fail(
                        Refusal("the cube on {cube} cannot be owned", cube=cube.value)
                    ) from None
        for side in (white, black):
            side[OFF] = 0
            side[OFF] = CHECKERS - sum(side)
            if side[OFF] < 0:
                raise self.fail(
                    Refusal(
                        "a position set up with {count} checkers of one side", count=sum(side[1:])
                    )
                )
        try:
            position = Position(tuple(white), tuple(black))
        except ValueError as error:
            raise self.fail(
                Refusal(
                    "the position set up cannot be played: {error}", error=Refusal.saying(error)
                )
            ) from None
        self.do(Action.setup(position, player, cube))

    def last_was_beaver(self) -> bool:
        game = self.record.games[-1]
        return bool(game) and game[-1].kind == BEAVER

    def check_player(self, player: int, expected: int | None, what: str) -> None:
        if expected is not None and player != expected:
            names = self.record.names
            raise self.fail(
                Refusal(_OUT_OF_TURN[what], player=names[player], expected=names[expected])
            )

    def set_dice(self, colour: str, dice: str) -> None:
        found = _MOVE.fullmatch(dice.strip()[:2])
        if not found:
            raise self.fail(Refusal("DI[{dice}] is not a roll", dice=quoted(dice, 12)[1:-1]))
        player = 1 if colour.strip().startswith("B") else 0
        self.roll(player, int(found.group(1)), int(found.group(2)))

    def roll(self, player: int, d1: int, d2: int) -> None:
        state = self.record.state
        if state.phase is Phase.OPENING:
            if d1 == d2:
                raise self.fail(
                    Refusal("the opening roll cannot be a double ({roll})", roll=f"{d1}{d2}")
                )
            high, low = max(d1, d2), min(d1, d2)
            self.do(Action.roll((high, low) if player == 0 else (low, high)))
            return
        if (
            state.phase is Phase.MOVE
            and state.turn == player
            and sorted(state.dice or ()) == sorted((d1, d2))
        ):
            return  # the roll was set (DI) before its play
        if state.phase in (Phase.ROLL, Phase.MOVE) and (
            state.turn != player or state.phase is Phase.MOVE
        ):
            # A roll by the player not on turn (Backgammon Galaxy writes one where a roll that
            # cannot be played was left out), or other dice than those set: gnubg 1.07 lets the
            # player written roll and play from the position at hand, and so does this reader.
            board = state.board_for(0)
            self.do(Action.setup(board, player, state.cube))
            state = self.record.state
        if state.phase is not Phase.ROLL:
            raise self.fail(
                Refusal(
                    "a roll of {roll} where {expected}", roll=f"{d1}{d2}", expected=_expected(state)
                )
            )
        self.do(Action.roll((d1, d2)))

    def roll_and_play(self, player: int, text: str) -> None:
        found = _MOVE.fullmatch(text)
        if not found:
            raise self.fail(Refusal("cannot read the move {text}", text=quoted(text, 30)))
        d1, d2 = int(found.group(1)), int(found.group(2))
        before = self.record.state
        letters = found.group(3)
        if before.phase is Phase.ROLL and before.turn == player and letters:
            # The common turn: a roll and moves using every die, found legal from the position at
            # hand and taken with the roll in one step (else read the general way below).
            made = play_of_every_die(before.position, (d1, d2), _moves(letters, player))
            if made is not None:
                try:
                    self.record = self.record.append_turn(
                        Action.roll((d1, d2)), Action.of_play(made)
                    )
                except RecordError as error:
                    raise self.fail(in_names(error.reason, self.record.names)) from None
                return
        self.roll(player, d1, d2)
        state = self.record.state
        if state.phase is not Phase.MOVE:
            if letters:
                raise self.fail(
                    Refusal("{roll} cannot be played here, the file plays it", roll=f"{d1}{d2}")
                )
            return  # no legal play: the turn passed
        if state.turn != player and before.phase is not Phase.OPENING:
            raise self.fail(
                Refusal("a play by the player not on roll ({text})", text=quoted(text, 20))
            )
        moves = _moves(letters, player)
        if not moves:
            raise self.fail(
                Refusal("no play written for {roll} where a play is legal", roll=f"{d1}{d2}")
            )
        self.do(Action.play(moves))

    def result(self, text: str) -> None:
        found = re.fullmatch(r"\s*([BW])\+([0-9]{1,6})(R?)\s*", text or "", re.IGNORECASE)
        if not text:
            return
        if not found:
            raise self.fail(
                Refusal("cannot read the result RE[{text}]", text=quoted(text, 20)[1:-1])
            )
        winner = 1 if found.group(1).upper() == "B" else 0
        points = int(found.group(2))
        self.written = points
        state = self.record.state
        if state.phase in (Phase.GAME_OVER, Phase.MATCH_OVER):
            self.check_result(winner, points)
            return
        if found.group(3):
            if points < 1:
                raise self.fail(Refusal("no resignation gives {points} points", points=points))
            if state.phase is Phase.DOUBLED:
                raise self.fail(Refusal("a resignation while a double waits for its answer"))
            cube = state.cube.value
            for result in (1, 2, 3):
                if game_points(state.rules, state.cube, result) == points:
                    break
            else:
                if self.strict:
                    raise self.fail(
                        Refusal.counting(
                            "no resignation gives {count} points with the cube on {cube}",
                            "no resignation gives {count} points with the cube on {cube}",
                            count=points,
                            cube=cube,
                        )
                    )
                result = min(3, max(1, points // cube))  # gnubg's reading
            self.do(Action.resign(result, 1 - winner))
            self.do(Action.accept())
            return

    def check_result(self, winner: int, points: int) -> None:
        """A finished game's ``RE``: the winner and the points the rules and the cube give (or,
        for the match's last game, the points the winner needed), as a ``.mat`` file's."""
        state, names = self.record.state, self.record.names
        if state.winner != winner:
            raise self.fail(
                Refusal(
                    "the file says {player} won, the rules give the game to {winner}",
                    player=names[winner],
                    winner=names[state.winner or 0],
                )
            )
        needed = state.rules.match_length - (state.score[winner] - state.points_won)
        capped = state.phase is Phase.MATCH_OVER and points == needed
        if points != state.points_won and not capped:
            raise self.fail(
                Refusal.counting(
                    "the file says {player} wins {count} point, the rules give {given}",
                    "the file says {player} wins {count} points, the rules give {given}",
                    count=points,
                    player=names[winner],
                    given=state.points_won,
                )
            )


_SETUP_PROPERTIES = {"AE", "AB", "AW", "CV", "CP"}
_CUBE_VALUES = {1, 2, 4, 8, 16, 32, 64}


def _point_list(values: list[str], fail: Callable[[Refusal], InvalidSgfFile]) -> list[int]:
    """The points (0 for White's 1 point ... 23, 24 the bar) an SGF point list names, once per
    checker: ``[f][f]`` twice, ``[a:y]`` every point from a to y."""
    points = []
    for value in values:
        text = value.strip()
        if re.fullmatch(r"[a-y]", text):
            points.append(ord(text) - ord("a"))
        elif re.fullmatch(r"[a-y]:[a-z]", text):
            first, last = ord(text[0]) - ord("a"), min(ord(text[2]) - ord("a"), 24)
            points += range(first, last + 1)
        elif text != "z":  # checkers off are not placed
            raise fail(
                Refusal(
                    "cannot read the point {point} of a position set up", point=quoted(value, 12)
                )
            )
    return points


def _moves(letters: str, player: int) -> list[tuple[int, int]]:
    """A move's letters (``hefe``: from h to e, from f to e) as ``player``'s moves."""
    return [
        (_point(letters[at], player), _point(letters[at + 1], player))
        for at in range(0, len(letters), 2)
    ]


def _point(letter: str, player: int) -> int:
    if letter == "y":
        return BAR
    if letter > "x":
        return OFF
    index = ord(letter) - ord("a")
    return index + 1 if player == 0 else 24 - index


def _expected(state: GameState) -> Refusal:
    """What the game waits for, its sides named by their colours in the file."""
    white = not state.to_act
    phase = state.phase
    if phase is Phase.ROLL:
        return Refusal("White is to roll or double" if white else "Black is to roll or double")
    if phase is Phase.MOVE:
        return Refusal(
            "White is to play {dice}" if white else "Black is to play {dice}",
            dice=str(state.dice),
        )
    if phase is Phase.DOUBLED:
        return Refusal("White must answer a double" if white else "Black must answer a double")
    return waiting_for(phase)


# An action written by the side whose turn it is not: one sentence for each action.
_OUT_OF_TURN = {
    "a beaver": sentence("a beaver by {player} where it is {expected}'s turn"),
    "a double": sentence("a double by {player} where it is {expected}'s turn"),
    "a take": sentence("a take by {player} where it is {expected}'s turn"),
    "a pass": sentence("a pass by {player} where it is {expected}'s turn"),
}
