"""gnubg ``.sgf`` files written: ``format_sgf``, one game tree per game of a record
(``game.formats.sgf`` says the format)."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

from game.engine.match import Rules
from game.engine.players import with_levels
from game.engine.position import BAR, OFF
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
)
from game.engine.state import GameState, Phase

APPLICATION = "Backgammon in the browser"
MAX_NAME = 31  # gnubg keeps 31 characters of a name


def _escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace("]", "\\]")


def _letter(point: int, player: int) -> str:
    if point == BAR:
        return "y"
    if point == OFF:
        return "z"
    return chr(ord("a") + point - 1) if player == 0 else chr(ord("x") - point + 1)


def name_field(name: str, fallback: str) -> str:
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
    trees: list[str] = []
    for number, (first, game) in enumerate(_games(record), 1):
        seat = record.seat_at(number, 0)  # as they sat when the game began
        named = with_levels(seat.names, seat.levels)  # "Computer (expert)"
        names = (name_field(named[0], "Player 1"), name_field(named[1], "Player 2"))
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
    if not rules.cube and rules.gammons:
        root += "RU[NoCube]"  # gnubg's words for a match or session without the cube
    elif not rules.cube or not rules.gammons:
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
