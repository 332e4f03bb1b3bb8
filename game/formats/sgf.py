r"""GNU Backgammon's ``.sgf`` match files (Smart Game Format, ``GM[6]``), read and written.

    >>> from game.engine.record import Action, Record
    >>> from game.engine.match import Rules
    >>> record = Record.new(Rules.full(match_length=3), names=("Ann", "Bob"))
    >>> record = record.extend([Action.roll((3, 1)), Action.play([(8, 5), (6, 5)])])
    >>> text = format_sgf(record)
    >>> print(text.replace("PW", "\n PW"))
    (;FF[4]GM[6]CA[UTF-8]AP[Backgammon in the browser]MI[length:3][game:0][ws:0][bs:0]
     PW[Ann]PB[Bob]RU[Crawford]
    ;W[31hefe])
    <BLANKLINE>
    >>> parse_sgf(text) == record
    True

A file is one game tree per game, ``(;ROOT;NODE;NODE...)``. The root says the match
(``MI[length:N][game:K][ws:S][bs:S]``, 0 for money), the players (``PW`` White, the first
player, our player 0; ``PB`` Black, our player 1), the rules (``RU[Crawford]``,
``RU[Crawford:CrawfordGame]``, ``RU[Jacoby]``; ``RU[Simple]``, ours, for single wins without
the cube) and the result (``RE[W+2]``; ``RE[B+4R]`` when the loser resigned). Each node holds one
action of ``B`` or ``W``: ``double``, ``take``, ``drop``, or a roll and its play (``31hemf``: the
dice, then each single-die move as two letters, a-x the points from White's 1 to 24 as White
counts them, ``y`` the bar, ``z`` off). A roll set without its play is ``PL[W]DI[43]`` (a roll
then a resignation). A beaver is a double answered by the taker's own double, then ``take``.

``parse_sgf``/``read_sgf`` read what gnubg 1.07 writes, with its analysis, comments and marks
(ignored), variations (only the main line is read) and any property they do not know.
Every action is replayed through the rules; anything that cannot be read, a set-up position
or what the rules forbid raises ``InvalidSgfFile`` naming the game and node (0: the root), and
nothing is returned. Reading is linear in the text. ``format_sgf`` writes what ``load match``
in gnubg 1.07 opens; ``root_properties`` adds properties to a game's root node (gnubg ignores
the ones it does not know).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from game.engine.match import Cube, Rules, game_points
from game.engine.plays import play_of_every_die
from game.engine.position import BAR, CHECKERS, OFF, Position
from game.engine.record import (
    BEAVER,
    DOUBLE,
    PASS,
    PLAY,
    ROLL,
    SETUP,
    TAKE,
    Action,
    Record,
    RecordError,
)
from game.engine.refusal import Refusal, sentence
from game.engine.state import GameState, Phase, in_names
from game.engine.text import ascii_number, quoted
from game.formats.mat import Steps, finish_steps
from game.formats.waiting import waiting_for

__all__ = [
    "InvalidSgfFile",
    "SgfMatch",
    "format_sgf",
    "looks_like_sgf",
    "parse_sgf",
    "read_sgf",
    "read_sgf_steps",
]

APPLICATION = "Backgammon in the browser"
MAX_NAME = 31  # gnubg keeps 31 characters of a name
MAX_DEPTH = 1000  # variations within variations
MAX_NODES = 20_000  # as many as a game link holds actions (a 64-point match has some 8,000)
MAX_GAMES = 2_000  # game trees: a long session; a 64-point match has about a hundred

Property = tuple[str, list[str]]


class InvalidSgfFile(Refusal):
    """An ``.sgf`` file that cannot be read or replayed; ``game`` and ``move`` (the node in
    the game, 0 for its root) say where, ``reason`` why (a refusal the page says in its
    language)."""

    def __init__(self, game: int, move: int, reason: Refusal):
        if game:
            super().__init__(
                "game {game} move {move}: {reason}", game=game, move=move, reason=reason
            )
        else:
            super().__init__("file: {reason}", reason=reason)
        self.game, self.move, self.reason = game, move, reason


@dataclass
class SgfMatch:
    """What a file holds: the record, per game the points its result writes (None when it
    has none) and each game's root properties (first values, by identifier)."""

    record: Record
    written: list[int | None] = field(default_factory=list)
    roots: list[dict[str, str]] = field(default_factory=list)


def looks_like_sgf(text: str) -> bool:
    """True when the text begins as an SGF collection does (``(`` then ``;``)."""
    head = text.lstrip("\ufeff \t\r\n")[:200]
    return head.startswith("(") and head[1:].lstrip().startswith(";")


# ----- writing ----------------------------------------------------------------------------------


def _escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace("]", "\\]")


def _letter(point: int, player: int) -> str:
    if point == BAR:
        return "y"
    if point == OFF:
        return "z"
    return chr(ord("a") + point - 1) if player == 0 else chr(ord("x") - point + 1)


def _name(name: str, fallback: str) -> str:
    return re.sub(r"\s+", " ", str(name)).strip()[:MAX_NAME] or fallback


def format_sgf(
    record: Record,
    root_properties: Callable[[int], Iterable[tuple[str, str]]] | None = None,
) -> str:
    """The record as gnubg's ``.sgf``: one game tree per game. ``root_properties(game)`` (game
    counted from 1) gives more ``(IDENTIFIER, value)`` properties for that game's root.
    ``ValueError`` if the record did not start at the beginning of a game from the starting
    position."""
    start = record.start
    if start.phase is not Phase.OPENING or start.position != GameState.new().position:
        raise ValueError(
            "an .sgf match starts with a new game: this record began from a set position"
        )
    rules = record.rules
    names = (_name(record.names[0], "Player 1"), _name(record.names[1], "Player 2"))
    trees: list[str] = []
    for number, (first, game) in enumerate(_games(record), 1):
        nodes: list[str] = []
        pending = ""  # a roll waiting for its play
        for before, action, after in game:
            if action.kind == ROLL and after.phase is Phase.MOVE:
                first_die, second_die = _thrown(before, action)
                pending = f"{'WB'[after.turn]}:{first_die}{second_die}"
                continue
            if action.kind == PLAY:
                nodes.append(_play_node(before, action, pending))
                pending = ""
                continue
            if pending:
                nodes.append(f";PL[{pending[0]}]DI[{pending[2:]}]")
                pending = ""
            node = _node(before, action, after)
            if node:
                nodes.append(node)
        if pending:
            nodes.append(f";PL[{pending[0]}]DI[{pending[2:]}]")
        last = game[-1][2] if game else first
        trees.append(_tree(number, rules, names, first, last, nodes, root_properties))
    return "\n".join(trees) + "\n"


def _games(
    record: Record,
) -> list[tuple[GameState, list[tuple[GameState, Action, GameState]]]]:
    """Per game, its first state and each action with the states before and after it."""
    games: list[tuple[GameState, list[tuple[GameState, Action, GameState]]]] = []
    previous: GameState | None = None
    for number, index, state in record.steps():
        if index == 0:
            games.append((state, []))
        else:
            assert previous is not None
            games[-1][1].append((previous, record.games[number - 1][index - 1], state))
        previous = state
    return games


def _thrown(before: GameState, roll: Action) -> tuple[int, int]:
    """A roll's dice as written: as thrown (gnubg keeps them in the order read, so a roll
    comes back from it as it was), the opening roll's higher die first (the roller's)."""
    d1, d2 = roll.dice or (0, 0)
    if before.phase is Phase.OPENING:
        return max(d1, d2), min(d1, d2)
    return d1, d2


def _play_node(before: GameState, action: Action, roll: str) -> str:
    written = roll[2:] if roll else "".join(map(str, before.dice or ()))  # as thrown
    player = before.turn
    letters = "".join(_letter(a, player) + _letter(b, player) for a, b in action.moves)
    return f";{'WB'[player]}[{written}{letters}]"


def _node(before: GameState, action: Action, after: GameState) -> str:
    """A roll that cannot be played, or a cube action, as a node ('' for the actions a node
    does not hold: a resignation's offer and answer are the root's result)."""
    kind = action.kind
    if kind == ROLL:  # no legal play: the turn passed at once
        mover = before.turn
        if before.phase is Phase.OPENING:
            mover = 0 if action.dice[0] > action.dice[1] else 1  # type: ignore[index]
        first_die, second_die = _thrown(before, action)
        return f";{'WB'[mover]}[{first_die}{second_die}]"
    if kind == SETUP:
        return _setup_node(action)
    actor = before.to_act if before.to_act is not None else before.turn
    if kind == BEAVER:  # as gnubg writes a beaver: the taker doubles, the doubler takes
        return f";{'WB'[actor]}[double]\n;{'WB'[1 - actor]}[take]"
    words = {DOUBLE: "double", TAKE: "take", PASS: "drop"}
    return f";{'WB'[actor]}[{words[kind]}]" if kind in words else ""


def _setup_node(action: Action) -> str:
    """A set-up as gnubg 1.07 writes an edited position, with the cube in the same node:
    ``PL`` the player to roll, ``AE[a:y]`` every point emptied, then each checker (``AW`` in
    White's numbering, ``AB`` in it too: Black's point p is letter 25 - p; ``y`` the bar)."""
    position, cube = action.position, action.cube
    assert position is not None and cube is not None  # a set-up action holds both
    white = "".join(f"[{_letter(p, 0)}]" * n for p, n in enumerate(position.player) if p)
    black = "".join(f"[{_letter(p, 1)}]" * n for p, n in enumerate(position.opponent) if p)
    owner = "c" if cube.owner is None else "wb"[cube.owner]
    player = "WB"[action.player or 0]
    return f";PL[{player}]AE[a:y]AW{white}AB{black}CV[{cube.value}]CP[{owner}]"


def _tree(
    number: int,
    rules: Rules,
    names: tuple[str, str],
    first: GameState,
    last: GameState,
    nodes: list[str],
    root_properties: Callable[[int], Iterable[tuple[str, str]]] | None,
) -> str:
    score = first.score
    root = (
        f"(;FF[4]GM[6]CA[UTF-8]AP[{APPLICATION}]"
        f"MI[length:{rules.match_length}][game:{number - 1}][ws:{score[0]}][bs:{score[1]}]"
        f"PW[{_escape(names[0])}]PB[{_escape(names[1])}]"
    )
    if not rules.cube or not rules.gammons:
        root += "RU[Simple]"
    elif not rules.is_money:
        root += "RU[Crawford:CrawfordGame]" if first.crawford else "RU[Crawford]"
    elif rules.jacoby:
        root += "RU[Jacoby]"
    if last.phase in (Phase.GAME_OVER, Phase.MATCH_OVER):
        assert last.winner is not None  # a finished game has its winner
        resigned = last.ended_by == "resignation"
        root += f"RE[{'WB'[last.winner]}+{last.points_won}{'R' if resigned else ''}]"
    if root_properties is not None:
        for identifier, value in root_properties(number):
            if not re.fullmatch(r"[A-Z]{1,8}", identifier):
                raise ValueError(f"an SGF property is named in capitals, got {identifier!r}")
            root += f"{identifier}[{_escape(value)}]"
    return root + "".join("\n" + node for node in nodes) + ")"


# ----- reading: the SGF syntax --------------------------------------------------------------------

_IDENTIFIER = re.compile(r"[A-Za-z]+")
# A value: any characters but an unescaped "]" (the unrolled loop runs in linear time).
_VALUE = re.compile(r"\[([^\]\\]*(?:\\.[^\]\\]*)*)\]", re.DOTALL)
_SPACE = re.compile(r"\s*")
# An identifier and all its values: "AB[aa][bb]" (each part of it is told by its first character).
_PROPERTY = re.compile(r"\s*([A-Za-z]+)\s*((?:\[[^\]\\]*(?:\\.[^\]\\]*)*\]\s*)+)", re.DOTALL)


def _unescape(value: str) -> str:
    if "\\" not in value:
        return value
    value = re.sub(r"\\\r?\n", "", value)  # a soft line break
    return re.sub(r"\\(.)", r"\1", value, flags=re.DOTALL)


def _game_trees(text: str) -> list[list[list[Property]]]:
    """Each game tree's main line: its nodes in order, each a list of properties. Only the first
    variation of each branching is followed, as gnubg does."""
    trees: list[list[list[Property]]] = []
    at = _SPACE.match(text).end()  # type: ignore[union-attr]
    nodes_read = 0
    while at < len(text):
        if text[at] != "(":
            if trees:
                break  # text after the last game tree is ignored, as gnubg does
            raise InvalidSgfFile(
                0,
                0,
                Refusal("an .sgf file begins with '(;', got {text}", text=quoted(text[at:], 20)),
            )
        nodes: list[list[Property]] = []
        main = [True]  # per open tree: on the main line
        children = [0]  # per open tree: variations begun in it
        at += 1
        while True:
            at = _SPACE.match(text, at).end()  # type: ignore[union-attr]
            if at >= len(text):
                raise InvalidSgfFile(
                    0, 0, Refusal("the file stops inside a game tree (a ')' is missing)")
                )
            char = text[at]
            if char == ";":
                node, at = _node_at(text, at + 1)
                nodes_read += 1
                if nodes_read > MAX_NODES:
                    raise InvalidSgfFile(0, 0, Refusal("more than {most} nodes", most=MAX_NODES))
                if main[-1]:
                    nodes.append(node)
            elif char == "(":
                if len(main) >= MAX_DEPTH:
                    raise InvalidSgfFile(
                        0, 0, Refusal("variations nested deeper than {most}", most=MAX_DEPTH)
                    )
                children[-1] += 1
                main.append(main[-1] and children[-1] == 1)
                children.append(0)
                at += 1
            elif char == ")":
                main.pop()
                children.pop()
                at += 1
                if not main:
                    break
            else:
                raise InvalidSgfFile(
                    0,
                    0,
                    Refusal("cannot read {text} in a game tree", text=quoted(text[at:], 20)),
                )
        trees.append(nodes)
        if len(trees) > MAX_GAMES:
            raise InvalidSgfFile(0, 0, Refusal("more than {most} game trees", most=MAX_GAMES))
        at = _SPACE.match(text, at).end()  # type: ignore[union-attr]
    return trees


def _node_at(text: str, at: int) -> tuple[list[Property], int]:
    properties: list[Property] = []
    while True:
        found = _PROPERTY.match(text, at)
        if not found:
            name = _IDENTIFIER.match(text, _SPACE.match(text, at).end())  # type: ignore[union-attr]
            if name:
                raise InvalidSgfFile(
                    0,
                    0,
                    Refusal(
                        "the property {name} has no value ('[...]')", name=quoted(name.group(), 12)
                    ),
                )
            return properties, _SPACE.match(text, at).end()  # type: ignore[union-attr]
        identifier: str = found.group(1)
        if not identifier.isupper():  # FF[3]'s lower-case letters are not part of the name
            identifier = "".join(c for c in identifier if c.isupper())
        values = [_unescape(value.group(1)) for value in _VALUE.finditer(found.group(2))]
        properties.append((identifier, values))
        at = found.end()


# ----- reading: the match -------------------------------------------------------------------------


def parse_sgf(text: str) -> Record:
    """The record of a gnubg ``.sgf`` file's text; ``InvalidSgfFile`` saying where and why if it
    cannot be read or replayed."""
    return read_sgf(text).record


def read_sgf(text: str) -> SgfMatch:
    """The record, each game's written points and root properties of an ``.sgf`` text."""
    return finish_steps(read_sgf_steps(text))


def read_sgf_steps(text: str) -> Steps[SgfMatch]:
    """``read_sgf`` a game at a time: it yields (games replayed, games in the file) after each
    game and returns what ``read_sgf`` returns."""
    if not isinstance(text, str):
        raise InvalidSgfFile(
            0, 0, Refusal("an .sgf file is text, got {kind}", kind=type(text).__name__)
        )
    trees = [
        tree
        for tree in _game_trees(text.lstrip("\ufeff").replace("\x00", ""))
        if tree and _first(tree[0], "GM", "6").strip() == "6"
    ]
    if not trees:
        raise InvalidSgfFile(
            0, 0, Refusal("no backgammon game in the file (a game's root says GM[6])")
        )
    length, score = _match_info(trees[0][0], 1)
    first_root = _root(trees[0])
    rules_words = {values[0] for name, values in trees[0][0] if name == "RU"}
    simple = "Simple" in rules_words
    money = length == 0
    beaver = money and not simple and _beavers(trees)
    jacoby = money and not simple and "Jacoby" in rules_words
    names = (_player(first_root, "PW", "White"), _player(first_root, "PB", "Black"))
    crawford_game = "Crawford:CrawfordGame" in rules_words
    # gnubg scores a resignation without the Jacoby rule: where a resignation's points fit no
    # result under it, the session is read without it; where none fits either, as gnubg does.
    readings = [(jacoby, True), (False, True), (jacoby, False)] if jacoby else [(False, False)]
    first_error: InvalidSgfFile | None = None
    for with_jacoby, strict in readings:
        try:
            if simple:
                rules = Rules.simple(length)
            else:
                rules = Rules.full(length, beaver=beaver, jacoby=with_jacoby)
            post = not money and length - 1 in score and not crawford_game
            start = GameState.new(
                rules, score, crawford=crawford_game if not money else None, post_crawford=post
            )
        except ValueError as problem:
            raise InvalidSgfFile(1, 0, Refusal.saying(problem)) from None
        try:
            record, written = yield from _replay(Record(start, ((),), names), trees, strict)
        except InvalidSgfFile as error:
            first_error = first_error or error
            continue
        return SgfMatch(record, written, [_root(tree) for tree in trees[: len(written)]])
    assert first_error is not None
    raise first_error


def _replay(
    record: Record, trees: list[list[list[Property]]], strict: bool
) -> Steps[tuple[Record, list[int | None]]]:
    written: list[int | None] = []
    for number, tree in enumerate(trees, 1):
        if number > 1:
            if record.state.phase is Phase.MATCH_OVER:
                break  # games after the match was won
            try:
                record = record.next_game()
            except ValueError as problem:
                raise InvalidSgfFile(number, 0, Refusal.saying(problem)) from None
        game = _GameReader(record, number, tree, strict)
        game.replay(last=number == len(trees))
        record = game.record
        written.append(game.written)
        yield number, len(trees)
    return record, written


def _root(tree: list[list[Property]]) -> dict[str, str]:
    return {name: values[0] for name, values in reversed(tree[0])}


def _first(node: list[Property], name: str, default: str = "") -> str:
    for identifier, values in node:
        if identifier == name:
            return values[0]
    return default


def _player(root: dict[str, str], key: str, fallback: str) -> str:
    return _name(root.get(key, ""), fallback)


def _match_info(root: list[Property], game: int) -> tuple[int, tuple[int, int]]:
    length, score = 0, [0, 0]
    for identifier, values in root:
        if identifier != "MI":
            continue
        for value in values:
            key, _, number_text = value.partition(":")
            if key not in ("length", "ws", "bs"):
                continue
            number = ascii_number(number_text.strip())
            if number is None:
                raise InvalidSgfFile(
                    game, 0, Refusal("MI[{value}] is not a number", value=quoted(value, 20)[1:-1])
                )
            if key == "length":
                length = number
            else:
                score[key == "bs"] = number
    if length > 64:
        raise InvalidSgfFile(
            game, 0, Refusal("a match to {length} points is longer than 64", length=length)
        )
    return length, (score[0], score[1])


def _beavers(trees: list[list[list[Property]]]) -> bool:
    """A double answered by a double somewhere: the session was played with beavers."""
    for tree in trees:
        previous = ""
        for node in tree[1:]:
            move = next((values[0] for name, values in node if name in ("B", "W")), "")
            if move == "double" and previous == "double":
                return True
            previous = move
    return False


_MOVE = re.compile(r"([1-6])([1-6])((?:[a-z]{2}){0,4})")


class _GameReader:
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
        self.result(_first(self.tree[0], "RE"))
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
            dice = _first(node, "DI")
            if dice:
                self.set_dice(_first(node, "PL"), dice)
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
        return (1 if _first(node, "PL").strip().upper().startswith("B") else 0) != state.turn

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
