"""Plays as players write them (``24/18 13/11``, ``bar/22*``, ``8/5(2)``, ``6/off``).

    >>> from game.engine.plays import Move
    >>> format_play((Move(13, 7, True), Move(7, 5)))
    '13/7*/5'
    >>> format_play((Move(8, 5), Move(6, 5), Move(8, 5), Move(6, 5)))
    '8/5(2) 6/5(2)'
    >>> from game.engine.position import Position
    >>> format_play(parse_play("24/18 13/11", Position.start(), (6, 2)).moves)
    '24/18 13/11'

Written the way GNU Backgammon writes them: moves from the highest origin down;
the moves of one checker joined into one (``24/13``), naming an intermediate
point only where it hits (``13/7*/5``); ``*`` once per point hit; equal moves
grouped with a count (``24/20(2)``). Points are the mover's: ``bar`` is 25 and
``off`` is 0.

``parse_play`` reads that notation and the usual variants (``25/22``, ``6/0``,
``bar/22`` without its ``*``, ``24/18/13``, commas) and returns the legal play
from ``game.engine.plays.legal_plays`` that it describes. ``position_diagram`` draws a
position as plain text.
"""

from __future__ import annotations

import itertools
import re
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

from game.engine.plays import Move, Play, check_dice, legal_plays, play_of_every_die
from game.engine.position import BAR, OFF, Position
from game.engine.refusal import OR, Listed, Refusal
from game.engine.text import quoted


class InvalidPlay(Refusal):
    """Play text that cannot be read, or that is not a legal play of the roll."""


def _point_name(point: int) -> str:
    if point == BAR:
        return "bar"
    if point == OFF:
        return "off"
    return str(point)


def _chains(moves: Iterable[Move]) -> list[list[int]]:
    """Join the moves of one checker: each chain is [origin, stops..., destination].

    Stops are kept only where a hit happened; other intermediate points vanish.
    """
    hits = {move.destination for move in moves if move.hit}
    ordered = sorted(moves, key=lambda m: (m.origin, m.destination), reverse=True)
    chains: list[list[int]] = []
    used = [False] * len(ordered)
    for i, move in enumerate(ordered):
        if used[i]:
            continue
        chain = [move.origin, move.destination]
        for j in range(i + 1, len(ordered)):
            if not used[j] and ordered[j].origin == chain[-1]:
                if chain[-1] not in hits:
                    chain.pop()
                chain.append(ordered[j].destination)
                used[j] = True
        chains.append(chain)
    return chains


def format_play(moves: Sequence[Move]) -> str:
    """The standard text of a play's moves (``""`` for no move)."""
    hits = {move.destination for move in moves if move.hit}
    counted: list[list[Any]] = []  # [chain, count], first appearance order
    for chain in _chains(moves):
        for entry in counted:
            if entry[0] == chain:
                entry[1] += 1
                break
        else:
            counted.append([chain, 1])
    starred: set[int] = set()
    words = []
    for chain, count in counted:
        text = _point_name(chain[0])
        for stop in chain[1:-1]:
            text += f"/{_point_name(stop)}*"
            starred.add(stop)
        end = chain[-1]
        text += "/" + _point_name(end)
        if end in hits and end not in starred:
            text += "*"
            starred.add(end)
        if count > 1:
            text += f"({count})"
        words.append(text)
    return " ".join(words)


_TOKEN = re.compile(r"\s*(?:(bar|b)|(off|o)|([0-9]+)|(/)|(\*)|\(([0-9]+)\)|(,))", re.IGNORECASE)
MAX_PLAY_TEXT = 120  # longer text is not a play (four moves with every stop and hit fit in 40)


def _read_paths(text: str) -> list[list[int]]:
    """Split play text into checker paths [origin, ..., destination], counts expanded."""
    if _PLAIN.fullmatch(text):
        # The common case, single moves between numbered points ("24/18 13/9*"): no tokens.
        plain = [[int(a), int(b)] for a, b in _PLAIN_MOVE.findall(text)]
        if all(OFF < destination < origin <= BAR for origin, destination in plain):
            return plain  # each a move forwards from a point or the bar to a point: as _finish
        if all(path[0] <= BAR for path in plain):
            found: list[list[int]] = []
            for path in plain:
                _finish(path, found, text)
            return found
    paths: list[list[int]] = []
    current: list[int] = []
    after_slash = False
    stripped = text.strip()
    at = 0
    while at < len(stripped):
        match = _TOKEN.match(stripped, at)
        if not match:
            raise InvalidPlay(
                "cannot read {part} in {text}: write moves like '24/18 13/11'",
                part=quoted(stripped[at:], 30),
                text=quoted(text, 30),
            )
        at = match.end()
        bar, off, number, slash, star, count, comma = match.groups()
        if bar or off or number:
            if current and not after_slash:
                _finish(current, paths, text)
                current = []
            point = BAR if bar else OFF if off else int(number)
            if point > BAR:
                raise InvalidPlay(
                    "no point {point} in {text}: points are 1-24, bar 25, off 0",
                    point=point if point < 10**6 else "…",
                    text=quoted(text),
                )
            current.append(point)
            after_slash = False
        elif slash:
            if not current or after_slash:
                raise InvalidPlay(
                    "a '/' must stand between two points in {text}", text=quoted(text)
                )
            after_slash = True
        elif star:
            if len(current) < 2 or after_slash:
                raise InvalidPlay("a '*' must follow the point hit in {text}", text=quoted(text))
        elif count:
            if len(current) < 2 or after_slash:
                raise InvalidPlay(
                    "a count like '(2)' must follow a move in {text}", text=quoted(text)
                )
            n = int(count)
            if not 1 <= n <= 4:
                raise InvalidPlay(
                    "a move is made 1 to 4 times, got ({count}) in {text}",
                    count=n,
                    text=quoted(text),
                )
            for _ in range(n):
                _finish(current, paths, text)
            current = []
        elif comma:
            if after_slash:
                raise InvalidPlay(
                    "a '/' must stand between two points in {text}", text=quoted(text)
                )
            if current:
                _finish(current, paths, text)
                current = []
    if after_slash:
        raise InvalidPlay("{text} ends with '/'", text=quoted(text))
    if current:
        _finish(current, paths, text)
    return paths


_PLAIN = re.compile(r" *[0-9]{1,2}/[0-9]{1,2}\*?(?: +[0-9]{1,2}/[0-9]{1,2}\*?){0,3} *")
_PLAIN_MOVE = re.compile(r"([0-9]{1,2})/([0-9]{1,2})")


def _finish(path: list[int], paths: list[list[int]], text: str) -> None:
    if len(path) < 2:
        raise InvalidPlay(
            "a move needs an origin and a destination ('24/18'): {text}", text=quoted(text)
        )
    for origin, destination in itertools.pairwise(path):
        if origin == OFF:
            raise InvalidPlay(
                "a checker cannot move from off the board in {text}", text=quoted(text)
            )
        if destination == BAR:
            raise InvalidPlay("a checker cannot move to the bar in {text}", text=quoted(text))
        if destination >= origin:
            raise InvalidPlay(
                "{move} moves backwards in {text}",
                move=f"{_point_name(origin)}/{_point_name(destination)}",
                text=quoted(text),
            )
    paths.append(list(path))


def _result_of(position: Position, paths: list[list[int]]) -> Position | None:
    """The position the paths produce if taken literally, or None if impossible."""
    me = list(position.player)
    opp = list(position.opponent)
    for path in paths:
        for origin, destination in itertools.pairwise(path):
            me[origin] -= 1
            me[destination] += 1
            if destination != OFF and opp[25 - destination] == 1:
                opp[25 - destination] = 0
                opp[BAR] += 1
    if min(me) < 0:
        return None
    return Position.trusted(tuple(me), tuple(opp))


def _endpoints(chains: Iterable[Sequence[int]]) -> Counter[tuple[int, int]]:
    return Counter((chain[0], chain[-1]) for chain in chains)


def parse_play(text: str, position: Position, dice: Iterable[int]) -> Play:
    """The legal play of ``dice`` by ``position.player`` that ``text`` describes.

    Raises ``InvalidPlay`` when the text cannot be read, describes no legal play,
    or could mean more than one.
    """
    dice = check_dice(dice)
    roll = f"{dice[0]}-{dice[1]}"
    if not isinstance(text, str):
        raise InvalidPlay("a play is text, got {kind}", kind=type(text).__name__)
    if len(text) > MAX_PLAY_TEXT:
        raise InvalidPlay("{text} is too long to be a play", text=quoted(text))
    paths = _read_paths(text)
    steps = [(a, b) for path in paths for a, b in itertools.pairwise(path)]
    made = play_of_every_die(position, dice, steps)
    if made is not None:
        return made  # a play of every die, its moves as written: legal with no search
    plays = legal_plays(position, dice)
    if not plays:
        raise InvalidPlay("there is no legal play of {roll} here: the turn passes", roll=roll)
    if not paths:
        raise InvalidPlay("no moves in {text}", text=quoted(text))
    result = _result_of(position, paths)
    for play in plays:
        if play.position == result:
            return play
    # The text may leave out an intermediate point where the checker hits
    # ("13/5" for "13/7*/5"): match plays on where each checker starts and ends.
    moves = [Move(a, b) for path in paths for a, b in itertools.pairwise(path)]
    wanted = _endpoints(_chains(moves))
    matching = [play for play in plays if _endpoints(_chains(play.moves)) == wanted]
    if len(matching) == 1:
        return matching[0]
    if matching:
        options = Listed(sorted(format_play(play.moves) for play in matching), OR)
        raise InvalidPlay(
            "{text} is ambiguous with {roll}: {plays}", text=quoted(text), roll=roll, plays=options
        )
    short = result is not None and _pips_moved(position, result) < min(
        _pips_moved(position, play.position) for play in plays
    )
    examples = ", ".join(sorted(format_play(play.moves) for play in plays)[:3])
    fields = {"text": quoted(text), "roll": roll, "plays": examples}
    if len(plays) <= 3:
        raise InvalidPlay(
            "{text} is not a legal play of {roll} here (a play must use as much of the roll "
            "as it can); legal: {plays}"
            if short
            else "{text} is not a legal play of {roll} here; legal: {plays}",
            **fields,
        )
    if short:
        raise InvalidPlay.counting(
            "{text} is not a legal play of {roll} here (a play must use as much of the roll "
            "as it can); legal: {plays} (and {count} more)",
            "{text} is not a legal play of {roll} here (a play must use as much of the roll "
            "as it can); legal: {plays} (and {count} more)",
            count=len(plays) - 3,
            **fields,
        )
    raise InvalidPlay.counting(
        "{text} is not a legal play of {roll} here; legal: {plays} (and {count} more)",
        "{text} is not a legal play of {roll} here; legal: {plays} (and {count} more)",
        count=len(plays) - 3,
        **fields,
    )


def is_partial_play(text: str, position: Position, dice: Iterable[int]) -> bool:
    """Whether ``text`` reads as some of the moves of a legal play of ``dice``, not all of
    them: a play broken off (some sites write the moves made before a resignation)."""
    try:
        paths = _read_paths(text)
    except InvalidPlay:
        return False
    written = Counter((a, b) for path in paths for a, b in itertools.pairwise(path))
    if not written:
        return False
    for play in legal_plays(position, check_dice(dice)):
        steps = Counter((move.origin, move.destination) for move in play.moves)
        if written <= steps and written != steps:
            return True
    return False


def _pips_moved(before: Position, after: Position) -> int:
    return before.pip_count() - after.pip_count()


def position_diagram(position: Position) -> str:
    """A plain-text board: ``X`` is the player (on roll, moving 24 -> 1), ``O`` the opponent.

    Stacks taller than five show their count in the fifth row.
    """
    me, opp = position.player, position.opponent

    def cell(point: int, row: int) -> str:
        if me[point]:
            count, mark = me[point], "X"
        elif opp[25 - point]:
            count, mark = opp[25 - point], "O"
        else:
            return "  ."[:3] if row == 0 else "   "
        if row >= min(count, 5):
            return "   "
        if row == 4 and count > 5:
            return f"{count:3d}"
        return f"  {mark}"

    def half(points: Sequence[int], rows: Sequence[int]) -> list[str]:
        lines = []
        for row in rows:
            left = "".join(cell(p, row) for p in points[:6])
            right = "".join(cell(p, row) for p in points[6:])
            lines.append(f"{left} |{right}".rstrip())
        return lines

    top = list(range(13, 25))
    bottom = list(range(12, 0, -1))
    my_pips, opp_pips = position.pip_counts()
    lines = [
        f"O: pips {opp_pips}, bar {opp[BAR]}, off {opp[OFF]}",
        "".join(f"{p:3d}" for p in top[:6]) + " |" + "".join(f"{p:3d}" for p in top[6:]),
        *half(top, range(5)),
        "",
        *half(bottom, range(4, -1, -1)),
        "".join(f"{p:3d}" for p in bottom[:6]) + " |" + "".join(f"{p:3d}" for p in bottom[6:]),
        f"X: pips {my_pips}, bar {me[BAR]}, off {me[OFF]} (on roll)",
    ]
    return "\n".join(lines)


_POINT_NUMBER = re.compile(r"(?<![(\d])\d+(?![)\d])")  # a point, not a count "(2)"


def in_board_numbers(notation: str, same_side: bool) -> str:
    """A play written in its mover's numbering, read in the numbers drawn on the board (the
    bottom player's): the other side's points counted the other way round.

    >>> in_board_numbers("24/18 13/11", same_side=False)
    '1/7 12/14'
    >>> in_board_numbers("bar/22* 6/off(2)", same_side=False)
    'bar/3* 19/off(2)'
    >>> in_board_numbers("24/18", same_side=True)
    '24/18'
    """
    if same_side:
        return notation
    return _POINT_NUMBER.sub(lambda found: str(25 - int(found.group())), notation)
