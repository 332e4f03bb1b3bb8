"""Writing ``.mat`` files as GNU Backgammon 1.07 imports them (``game.formats.mat`` reads them).

One single-die move per step (``24/18 18/13``), ``25`` for the bar and ``0`` for off, as gnubg
writes them. What a ``.mat`` file cannot hold is left out: a resignation offered and refused,
and which resignation was accepted beyond the points it gave.
"""

from __future__ import annotations

import re

from game.engine.players import with_levels
from game.engine.record import Action, ActionKind, Record
from game.engine.scoresheet import Entry, scoresheet
from game.engine.state import GameState, Phase

__all__ = ["format_mat"]

LEFT_WIDTH = 27  # the left column's width in a move line, as gnubg writes it
MAX_NAME = 60


def _plural(points: int) -> str:
    return f"{points} point{'s' if points != 1 else ''}"


def _clean_name(name: str, fallback: str) -> str:
    name = re.sub(r"[\s:]+", " ", str(name)).strip()[:MAX_NAME]
    return name or fallback


def format_mat(record: Record) -> str:
    """The record as ``.mat`` text. ``ValueError`` if it did not start at the beginning of a game
    from the starting position (a ``.mat`` file cannot say where the checkers stood)."""
    start = record.start
    if start.phase is not Phase.OPENING or start.position != GameState.new().position:
        raise ValueError(
            "a .mat file starts with a new game: this record began from a set position"
        )
    if any(action.kind == ActionKind.SETUP for game in record.games for action in game):
        raise ValueError(
            "a .mat file cannot hold a position set up by hand during a game: save it as .sgf"
        )
    rules = record.rules
    lines = []
    if rules.is_money:
        if rules.jacoby:
            lines.append('; [Jacoby "On"]')
        if rules.beaver:
            lines.append('; [Beaver "On"]')
    if not rules.cube and rules.gammons:
        lines.append('; [Cube "Off"]')  # ours, as "Simple" is: gnubg's .mat has no word for it
    elif not rules.cube or not rules.gammons:
        lines.append('; [Rules "Simple"]')
    if lines:
        lines.append("")
    lines += [f" {rules.match_length} point match", ""]
    steps = list(record.steps())
    index = 0
    while index < len(steps):
        number, _, first = steps[index]
        end = index + 1
        while end < len(steps) and steps[end][1] != 0:
            end += 1
        game = [(state, record.games[number - 1][i - 1]) for _, i, state in steps[index + 1 : end]]
        lines += _format_game(number, _game_names(record, number), first, game)
        index = end
    return "\n".join(lines) + "\n"


def _game_names(record: Record, number: int) -> tuple[str, str]:
    """Game ``number``'s players as its header names them: as they sat when it began, the
    computer's level beside its name (``Computer (expert)``)."""
    seat = record.seat_at(number, 0)
    named = with_levels(seat.names, seat.levels)
    return _clean_name(named[0], "Player 1"), _clean_name(named[1], "Player 2")


def _format_game(
    number: int,
    names: tuple[str, str],
    first: GameState,
    game: list[tuple[GameState, Action]],
) -> list[str]:
    score = first.score
    header = f"{names[0]} : {score[0]}"
    lines = [f" Game {number}", f" {header:<30} {names[1]} : {score[1]}"]
    states = [state for state, _ in game]
    rows = [
        [_entry_text(entry) if entry else "" for entry in row]
        for row in scoresheet(first, [action for _, action in game], states, resignations=False)
    ]
    last = states[-1] if states else first
    ending = None
    if last.phase in (Phase.GAME_OVER, Phase.MATCH_OVER):
        assert last.winner is not None  # a finished game has its winner
        win = f"Wins {_plural(last.points_won)}"
        if last.phase is Phase.MATCH_OVER:
            win += " and the match"
        if last.winner == 1 and rows and not rows[-1][1]:
            rows[-1][1] = win  # beside the left column's last entry, as gnubg writes it
        else:
            ending = ("      " if last.winner == 0 else " " * 34) + win
    for row_number, (left, right) in enumerate(rows, 1):
        line = f"{row_number:3d}) {left:<{LEFT_WIDTH}} {right}"
        lines.append(line.rstrip())
    if ending:
        lines.append(ending)
    lines.append("")
    return lines


def _entry_text(entry: Entry) -> str:
    """An entry in the file's words: ``31: 8/5 6/5``, `` Doubles => 2``, `` Takes``."""
    action = entry.action
    if action is None or action.kind == ActionKind.PLAY:
        assert entry.roll is not None  # a play in a .mat file comes with its roll
        high, low = entry.roll
        moves = " ".join(_move_text(move) for move in action.moves) if action else ""
        return f"{high}{low}: {moves}".rstrip()
    if action.kind == ActionKind.DOUBLE:
        return f" Doubles => {entry.before.cube.value * 2}"
    if action.kind == ActionKind.TAKE:
        return " Takes"
    if action.kind == ActionKind.BEAVER:
        return f" Beavers => {entry.after.cube.value}"
    return " Drops"


def _move_text(move: tuple[int, int]) -> str:
    return f"{move[0]}/{move[1]}"
