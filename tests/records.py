"""Self-played records for the record, .mat and link tests, and .mat text in other programs' ways.

``played(seed)`` is a short match or money session under rules chosen by the seed, played
by quick random-ish players that reach every kind of action (doubles, beavers, passes,
resignations offered, refused and accepted, rolls that cannot be played).
``restyle(record, text, ...)`` rewrites our own ``.mat`` output the way other programs
write the same match: other column widths, ``bar``/``off``, hits marked, joined and counted
moves (``24/13``, ``13/7(2)``), ``Cannot Move``, long names, comment headers, CRLF.
"""

from __future__ import annotations

import random
import re

from game.analysis.selfplay import RandomPlayer, RunnerPlayer, self_play
from game.engine.match import Rules
from game.engine.notation import format_play
from game.engine.plays import Move
from game.engine.record import Action, ActionKind, Record, play_of
from game.engine.state import Phase

RULES = (
    Rules.full(match_length=5),
    Rules.full(beaver=True),
    Rules.full(match_length=3),
    Rules.full(jacoby=True),
    Rules.simple(3),
    Rules.full(match_length=1),
    Rules.full(),
)


def played(seed: int, games: int = 2, wild: bool = False) -> Record:
    """A match (to 1, 3 or 5) or ``games`` money games; ``wild``: random plays (long games)."""
    rng = random.Random(seed)
    rules = RULES[seed % len(RULES)]
    kind = RandomPlayer if wild else RunnerPlayer
    return self_play(rules, rng, kind(rng, cube=0.08, resign=0.01), games=games)


def as_mat_keeps(record: Record) -> Record:
    """The record as a .mat file can hold it: refused resignations left out, an accepted one
    as the smallest result worth its points."""
    out = Record(record.start, ((),), record.names)
    for number, game in enumerate(record.games, 1):
        if number > 1:
            out = out.next_game()
        index = 0
        while index < len(game):
            action = game[index]
            if action.kind == ActionKind.RESIGN:
                if game[index + 1].kind == ActionKind.REJECT:
                    index += 2
                    continue
                state = out.state
                points = _points(state, action.result)
                result = next(r for r in (1, 2, 3) if _points(state, r) == points)
                action = Action.resign(result, action.player)
            out = out.append(action)
            index += 1
    return out


def _points(state, result: int) -> int:
    from game.engine.match import game_points

    return game_points(state.rules, state.cube, result)


def moves_with_hits(record: Record) -> list[tuple[Move, ...]]:
    """Every play of the record, in order, as moves with their hits."""
    plays = []
    for game_number, index, state in record.steps():
        if index < len(record.games[game_number - 1]):
            action = record.games[game_number - 1][index]
            if action.kind == ActionKind.PLAY:
                plays.append(play_of(state.position, action.moves).moves)
    return plays


def restyle(
    record: Record,
    text: str,
    *,
    width: int = 27,
    words: bool = False,
    joined: bool = False,
    hits: bool = False,
    cannot_move: bool = False,
    names: tuple[str, str] | None = None,
    header: str = "",
    crlf: bool = False,
    blank_lines: bool = False,
) -> str:
    """``text`` (``format_mat(record)``) rewritten in another program's way."""
    plays = iter(moves_with_hits(record))
    out = []
    for line in text.splitlines():
        row = re.match(r"^(\s*\d+\)) (.{0,27})(?: (.*))?$", line)
        if row:
            cells = [
                _cell((cell or "").strip(), plays, words, joined, hits, cannot_move)
                for cell in row.groups()[1:]
            ]
            left, right = cells[0], cells[1] if len(cells) > 1 else ""
            line = (
                f"{row.group(1)} {left:<{width}} {right}".rstrip()
                if right
                else f"{row.group(1)} {left}"
            )
        elif re.match(r"^ {30,}Wins", line):
            line = " " * (width + 7) + line.strip()
        elif names and " : " in line and not line.strip().startswith(";"):
            scores = re.findall(r":\s*(\d+)", line)
            first = f"{names[0]} : {scores[0]}"
            line = f" {first:<{max(width + 4, len(first) + 2)}}{names[1]} : {scores[1]}"
        out.append(line)
        if blank_lines and row:
            out.append("")
    result = header + "\n".join(out) + "\n"
    return result.replace("\n", "\r\n") if crlf else result


def _cell(cell, plays, words, joined, hits, cannot_move) -> str:
    if not cell:
        return ""
    roll = re.match(r"^(\d\d):\s*(.*)$", cell)
    if not roll:
        return cell
    if not roll.group(2):
        return f"{roll.group(1)}: Cannot Move" if cannot_move else cell
    moves = next(plays)
    if joined:
        text = format_play(moves)  # bar/22*, 24/13, 13/7(2), 6/off
        if not words:
            text = text.replace("bar", "25").replace("off", "0")
    else:
        parts = []
        for move in moves:
            origin = "bar" if words and move.origin == 25 else str(move.origin)
            end = "off" if words and move.destination == 0 else str(move.destination)
            parts.append(f"{origin}/{end}{'*' if hits and move.hit else ''}")
        text = " ".join(parts)
    return f"{roll.group(1)}: {text}"


def every_kind(seeds) -> set[str]:
    """The kinds of action the records of ``seeds`` hold (to check the tests reach them all)."""
    kinds = set()
    for seed in seeds:
        for game in played(seed).games:
            kinds |= {action.kind for action in game}
    return kinds


def blocked_rolls(record: Record) -> int:
    """How many rolls of the record could not be played."""
    count = 0
    for game_number, index, state in record.steps():
        game = record.games[game_number - 1]
        if index < len(game) and game[index].kind == ActionKind.ROLL:
            after = state.set_dice(game[index].dice) if state.phase is not Phase.OPENING else None
            if after is not None and after.phase is not Phase.MOVE:
                count += 1
    return count


def rolls_and_plays(text: str) -> list[list[tuple[str, list[str]]]]:
    """Per game, each roll entry with its moves (hit marks and order aside)."""
    games: list[list[tuple[str, list[str]]]] = []
    for line in text.splitlines():
        if re.match(r"^\s*Game \d+", line):
            games.append([])
        for dice, moves in re.findall(r"([1-6][1-6]):((?:\s*(?:\d+/\d+\*?|bar/\d+\*?))*)", line):
            words = sorted(word.rstrip("*") for word in moves.split())
            games[-1].append(("".join(sorted(dice)), words))
    return games
