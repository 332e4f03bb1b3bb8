"""Jellyfish ``.mat`` match files, as GNU Backgammon, eXtreme Gammon and match archives write them.

    >>> from game.engine.record import Action, Record
    >>> from game.engine.match import Rules
    >>> record = Record.new(Rules.full(match_length=3), names=("Ann", "Bob"))
    >>> record = record.extend([Action.roll((3, 1)), Action.play([(8, 5), (6, 5)])])
    >>> text = format_mat(record)
    >>> print(text.strip())
    3 point match
    <BLANKLINE>
     Game 1
     Ann : 0                        Bob : 0
      1) 31: 8/5 6/5
    >>> parse_mat(text) == record
    True

A file is a header (``; [Key "value"]`` comment lines, then ``N point match``,
0 for money play), then per game ``Game K``, a line ``NAME1 : SCORE1   NAME2 :
SCORE2`` and numbered lines holding the first player's action on the left and
the second player's on the right: ``31: 8/5 6/5`` (a roll and its play),
``Doubles => 2``, ``Takes``, ``Drops``, ``Beavers => 4``, ``Wins 2 points``
(``and the match``). The first player named is our player 0.

``format_mat`` writes what GNU Backgammon 1.07 imports: one single-die move per
step (``24/18 18/13``), ``25`` for the bar and ``0`` for off, as gnubg does.
What a ``.mat`` file cannot hold is left out: a resignation offered and
refused, and which resignation was accepted beyond the points it gave.

``parse_mat`` is lenient with what real files contain: comment and blank
lines, CRLF, a byte order mark, any column widths and long names, ``bar``/
``off`` or ``25``/``0``, hits marked or not, moves joined (``24/13``) or counted
(``13/7(2)``), ``Cannot Move`` or nothing for a roll that cannot be played,
``???`` (a roll and then a resignation), ``Drops``/``Passes``, a resignation
written only as the winner's ``Wins N points``, ``Takes`` after a beaver,
games after the match was won. From FIBS logs: a match given up written as a
win of more points than the game gives (read, as gnubg does, as the
resignation of the fewest games' worth covering them; accepted only when it
wins the match), a play left blank or logged as ``Illegal play (...)`` where
several plays were legal (the first legal play with which the rest of the game
replays; a file that stops there ends with the roll), and a file resuming a
match whose first game doubles at match point minus one (after the Crawford
game, then). Every action is replayed through the rules;
anything that cannot be read or that the rules forbid raises ``InvalidMatFile``
naming the game and the file's move number, and nothing is returned.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Generator
from dataclasses import dataclass
from typing import TypeVar

from game.engine.match import IllegalAction, Rules, game_points
from game.engine.notation import InvalidPlay, is_partial_play, parse_play
from game.engine.plays import Move
from game.engine.record import Action, ActionKind, Record, RecordError
from game.engine.scoresheet import Entry, scoresheet
from game.engine.state import GameState, Phase
from game.engine.text import ascii_number, quoted

__all__ = [
    "InvalidMatFile",
    "Steps",
    "finish_steps",
    "format_mat",
    "parse_mat",
    "read_mat",
    "read_mat_steps",
    "without_illegal_plays",
]

T = TypeVar("T")
LEFT_WIDTH = 27  # the left column's width in a move line, as gnubg writes it
MAX_NAME = 60
MAX_LINE = 1000  # a move line is two entries (gnubg's are under 80 characters)


class InvalidMatFile(ValueError):
    """A match file that cannot be read or replayed; ``game`` and ``move`` say where (0: the
    header)."""

    def __init__(self, game: int, move: int, reason: str):
        where = f"game {game} move {move}" if game else "header"
        super().__init__(f"{where}: {reason}")
        self.game, self.move, self.reason = game, move, reason


# ----- writing ----------------------------------------------------------------------------------


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
    rules = record.rules
    names = (_clean_name(record.names[0], "Player 1"), _clean_name(record.names[1], "Player 2"))
    lines = []
    if rules.is_money:
        if rules.jacoby:
            lines.append('; [Jacoby "On"]')
        if rules.beaver:
            lines.append('; [Beaver "On"]')
    if not rules.cube or not rules.gammons:
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
        lines += _format_game(number, names, first, game)
        index = end
    return "\n".join(lines) + "\n"


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


# ----- reading ----------------------------------------------------------------------------------

# Every pattern runs in time linear in its line: no two neighbouring parts can match the same
# characters (what made ``\s*-?\s*`` or ``(.+?)\s*:`` backtrack with a power of a line's length).
_MATCH_LINE = re.compile(r"\s*([0-9]+)\s*(?:-\s*)?points?\s+match", re.IGNORECASE)
_MONEY_LINE = re.compile(r"\s*(?:unlimited|money)\s+(?:game|session|play)", re.IGNORECASE)
_GAME_LINE = re.compile(r"\s*Game\s+[0-9]+\b", re.IGNORECASE)
_TAG_KEY = re.compile(r"[A-Za-z][A-Za-z ]*")
_LABEL = re.compile(r"\s*([0-9]+)\)")
# Where an entry of a move line begins: a roll "52:", or one of the cube and result words.
_ENTRY = re.compile(
    r"(?<![\w/*])([1-6][1-6])\s*:"
    r"|\b(doubles|redoubles|takes|accepts|drops|passes|refuses|beavers|raccoons|wins|losses|resigns|resigned)\b",
    re.IGNORECASE,
)
_SCORE_MARK = re.compile(r":\s*([0-9]+)")  # ": 3" after a player's name
_ILLEGAL_PLAY = re.compile(r"illegal play", re.IGNORECASE)
_SET_POSITION = re.compile(r";[ \t]*set[ \t]*pos[ \t]*=[ \t]*([A-Za-z-]{26})", re.IGNORECASE)
_OPENING_XGID = "-b----E-C---eE---c-e----B-"  # the starting position, either side on roll
# Backgammon Studio's "00: ????": the turn of a player who resigned before rolling.
_NO_ROLL = re.compile(r"(?<![\w/*])00[ \t]*:[ \t]*\?*")
_IGNORED = re.compile(r"^\(?\s*crawford(\s+game)?\s*\)?$|^\*+$", re.IGNORECASE)


@dataclass
class _Entry:
    player: int  # 0 left, 1 right
    word: str  # "roll" or a lower-case word
    text: str  # the rest of the entry
    move: int  # the file's move number
    dice: tuple[int, int] | None = None
    illegal: bool = False  # a FIBS "Illegal play (...)" note stood where its play is


class _Game:
    """One game of the file: its score line and body, read when the game is replayed (a file
    of many games that stops early costs only its first games)."""

    def __init__(self, number: int, score_line: str, body: list[str]):
        self.number, self.score_line, self.body = number, score_line, body
        self._entries: list[_Entry] | None = None
        self._names_and_score: tuple[tuple[str, str], tuple[int, int]] | None = None

    @property
    def names(self) -> tuple[str, str]:
        return self._read_score()[0]

    @property
    def score(self) -> tuple[int, int]:
        return self._read_score()[1]

    def _read_score(self) -> tuple[tuple[str, str], tuple[int, int]]:
        """The game's names and score (``InvalidMatFile`` when its score line is not one)."""
        if self._names_and_score is None:
            self._names_and_score = _read_score(self.score_line, self.number)
        return self._names_and_score

    @property
    def entries(self) -> list[_Entry]:
        if self._entries is None:
            self._entries = _read_entries(self.body, self.number)
        return self._entries


def parse_mat(text: str) -> Record:
    """The record of a ``.mat`` file's text; ``InvalidMatFile`` saying where and why if it
    cannot be read or replayed."""
    return read_mat(text)[0]


def read_mat(text: str) -> tuple[Record, list[int | None]]:
    """``parse_mat``'s record and, per game read, the points its "Wins" line writes (None when
    it has none): a match won by a resignation may be written with more points than it gave."""
    return finish_steps(read_mat_steps(text))


Steps = Generator[tuple[int, int], None, T]


def finish_steps(steps: Steps[T]) -> T:
    """What a reading in steps returns, its steps run to the end."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return done.value  # type: ignore[no-any-return]


def read_mat_steps(text: str) -> Steps[tuple[Record, list[int | None]]]:
    """``read_mat`` a game at a time: it yields (games replayed, games in the file) after each
    game, and returns what ``read_mat`` returns (a reader off the page's thread shows the
    progress and may stop between steps)."""
    if not isinstance(text, str):
        raise InvalidMatFile(0, 0, f"a match file is text, got {type(text).__name__}")
    lines = text.lstrip("\ufeff").replace("\x00", "").splitlines()
    tags, length, games = _read(lines)
    if not games:
        raise InvalidMatFile(0, 0, "no games in the file (a game begins with a 'Game 1' line)")
    money = length == 0
    simple = tags.get("rules", "").lower() == "simple"
    beaver = (
        money
        and not simple
        and (
            _on(tags.get("beaver"))
            or any(_BEAVERS.search(line) for game in games for line in game.body)
        )
    )
    jacoby_tag = tags.get("jacoby")
    tries = [_on(jacoby_tag)] if jacoby_tag is not None or not money or simple else [False, True]
    error: InvalidMatFile | None = None
    for jacoby in tries:
        try:
            if simple:
                rules = Rules.simple(length)
            else:
                rules = Rules.full(length, beaver=beaver, jacoby=jacoby and money)
        except ValueError as problem:
            raise InvalidMatFile(0, 0, str(problem)) from None
        try:
            return (yield from _replay(rules, games))
        except InvalidMatFile as problem:
            error = error or problem  # report the first reading's error
    assert error is not None
    raise error


def _on(value: str | None) -> bool:
    return (value or "").strip().lower() in ("on", "yes", "true", "1")


_BEAVERS = re.compile(r"\bbeavers\b", re.IGNORECASE)


def _header_tag(text: str) -> tuple[str, str] | None:
    """``[Key "value"]`` as (lower-case key, value); None for another comment."""
    text = text.strip()
    if not text.startswith("[") or not text.endswith("]") or '"' not in text:
        return None
    key, _, rest = text[1:-1].partition('"')
    value, quote, after = rest.rpartition('"')
    key = key.strip()
    if not quote or after.strip() or not _TAG_KEY.fullmatch(key):
        return None
    return key.lower(), value


def _read(lines: list[str]) -> tuple[dict[str, str], int, list[_Game]]:
    tags: dict[str, str] = {}
    length: int | None = None
    games: list[_Game] = []
    at = 0
    while at < len(lines):
        line = lines[at].strip()
        at += 1
        if line.startswith((";", "#")):
            tag = _header_tag(line[1:])
            if tag:
                tags[tag[0]] = tag[1]
            continue
        found = _MATCH_LINE.match(line)
        if found:
            length = ascii_number(found.group(1))
            if length is None:
                raise InvalidMatFile(
                    0, 0, f"a match to {quoted(found.group(1))} points is too long"
                )
            break
        if _MONEY_LINE.match(line):
            length = 0
            break
        if _GAME_LINE.match(line):
            raise InvalidMatFile(0, 0, "no 'N point match' line before the first game")
    if length is None:
        raise InvalidMatFile(0, 0, "not a match file: no 'N point match' line")
    if length > 64:
        raise InvalidMatFile(0, 0, f"a match to {length} points is longer than 64")
    while at < len(lines):
        line = lines[at]
        at += 1
        found = _GAME_LINE.match(line)
        if not found:
            continue
        number = len(games) + 1
        while at < len(lines) and (not lines[at].strip() or lines[at].strip()[0] in ";#"):
            at += 1
        if at >= len(lines):
            raise InvalidMatFile(number, 0, "no line with the players' names and score")
        score_line = lines[at]
        at += 1
        begins = at
        while at < len(lines) and not _GAME_LINE.match(lines[at]):
            at += 1
        games.append(_Game(number, score_line, lines[begins:at]))
    return tags, length, games


def _read_score(line: str, game: int) -> tuple[tuple[str, str], tuple[int, int]]:
    """``NAME1 : SCORE1   NAME2 : SCORE2``: each name is what stands before the first ``:`` and
    number after the previous score."""
    names: list[str] = []
    score: list[int] = []
    at = 0
    for mark in _SCORE_MARK.finditer(line):
        if mark.start() == at:
            continue  # a name has at least one character
        points = ascii_number(mark.group(1))
        if points is None:
            raise InvalidMatFile(game, 0, f"a score of {quoted(mark.group(1))} is too large")
        names.append(_name(line[at : mark.start()]))
        score.append(points)
        at = mark.end()
        if len(names) == 2:
            return (names[0], names[1]), (score[0], score[1])
    raise InvalidMatFile(
        game,
        0,
        f"cannot read the players and score in {quoted(line.strip())} ('Ann : 0   Bob : 0')",
    )


def _name(raw: str) -> str:
    # GamesGrid writes a rating after a comma; keep the name.
    return raw.split(",")[0].strip()[:MAX_NAME] or "Player"


def _read_entries(body: list[str], game: int) -> list[_Entry]:
    """The entries of a game's lines, in order, each in its column."""
    move = 0
    for raw in body:
        label = _LABEL.match(raw)
        move = ascii_number(label.group(1)) or move if label else move
        if len(raw) > MAX_LINE and raw.strip()[:1] not in (";", "#"):
            raise InvalidMatFile(
                game, move, f"a line of {len(raw)} characters: a match file's are under {MAX_LINE}"
            )
    split_at = _right_column(body)
    entries: list[_Entry] = []
    move = 0
    for raw in body:
        expanded = raw.expandtabs(8)
        blanked = without_illegal_plays(expanded).rstrip()
        line = _NO_ROLL.sub(lambda found: " " * len(found.group()), blanked)
        notes = (
            [note.start() for note in _ILLEGAL_PLAY.finditer(expanded)]
            if blanked != expanded.rstrip()
            else []
        )
        if not line.strip() or line.strip()[0] in ";#":
            set_position = _SET_POSITION.match(line.strip())
            if set_position and set_position.group(1) != _OPENING_XGID:
                # eXtreme Gammon's "; Set Pos=XGID": the game starts from another position.
                raise InvalidMatFile(
                    game,
                    move,
                    f"the game starts from a set position ({quoted(line.strip(), 40)}): "
                    "here a game begins with the opening roll",
                )
            continue
        label = _LABEL.match(line)
        start = 0
        if label:
            number = ascii_number(label.group(1))
            if number is None:
                raise InvalidMatFile(
                    game, move, f"a move number {quoted(label.group(1))} is too large"
                )
            move = number
            start = label.end()
        found = list(itertools.islice(_ENTRY.finditer(line, start), 3))  # a third is an error
        leftover = line[start : found[0].start() if found else len(line)].strip()
        if leftover and not _IGNORED.match(leftover):
            raise InvalidMatFile(game, move, f"cannot read {quoted(leftover)}")
        if len(found) > 2:
            raise InvalidMatFile(game, move, f"more than two entries in {quoted(line.strip())}")
        for index, entry in enumerate(found):
            end = found[index + 1].start() if index + 1 < len(found) else len(line)
            if len(found) >= 2:
                player = 0 if index == 0 else 1
            else:
                player = 0 if entry.start() < split_at else 1
            rest = line[entry.end() : end].strip()
            if entry.group(1):
                d1, d2 = int(entry.group(1)[0]), int(entry.group(1)[1])
                illegal = any(entry.end() <= note < end for note in notes)
                entries.append(_Entry(player, "roll", rest, move, (d1, d2), illegal))
            else:
                entries.append(_Entry(player, entry.group(2).lower(), rest, move))
    return entries


def _right_column(body: list[str]) -> int:
    """Where the second column begins, for lines with one entry: half way to where the right
    entries of two-entry lines begin (gnubg's 33, XG's 37...), never beyond 16."""
    starts = []
    for raw in body:
        line = without_illegal_plays(raw.expandtabs(8))
        label = _LABEL.match(line)
        found = list(itertools.islice(_ENTRY.finditer(line, label.end() if label else 0), 3))
        if len(found) == 2:
            starts.append(found[1].start())
    if not starts:
        return 15
    return max(8, min(16, min(starts) // 2))


class _Replayer:
    """Feeds one game's entries to a record, reading each against the state it meets."""

    def __init__(self, record: Record, game: _Game, choices: list[int] | None = None):
        self.record, self.game = record, game
        # A roll written without a play where several plays were legal (a FIBS log of a play
        # refused or timed out): the rest of the game decides which; ``choices`` says which
        # legal play to try at each such roll, ``options`` how many there were.
        self.choices = list(choices or [])
        self.options: list[int] = []
        self.guessed: _Entry | None = None  # the first such roll, for the message
        self.written: int | None = None  # the game's "Wins N points" as the file writes it
        self.unplayed: _Entry | None = None  # a roll written without its play
        self.beavered = False  # the last entry was a beaver (gnubg may write "Takes" after it)

    def fail(self, move: int, reason: str) -> InvalidMatFile:
        return InvalidMatFile(self.game.number, move, reason)

    def do(self, action: Action, move: int) -> None:
        try:
            self.record = self.record.append(action)
        except RecordError as error:
            raise self.fail(move, error.reason) from None

    def name(self, player: int) -> str:
        return self.game.names[player]

    def check_column(self, entry: _Entry, player: int | None, what: str) -> None:
        if player is not None and entry.player != player:
            raise self.fail(
                entry.move,
                f"{what} is in {self.name(entry.player)}'s column but it is {self.name(player)}'s",
            )

    def settle_unplayed(self, entry: _Entry) -> None:
        """A roll written without a play, followed by something else than a resignation:
        the play was forced (gnubg leaves a forced play out), or the file lacks it."""
        state = self.record.state
        broken_off, self.broken_off = self.broken_off, None
        if self.unplayed is None or state.phase is not Phase.MOVE:
            self.unplayed = None
            return
        roll = self.unplayed
        self.unplayed = None
        by_roller = (entry.word == "wins" and entry.player != roll.player) or (
            entry.word == "losses" and entry.player == roll.player
        )
        if by_roller:
            return  # a roll (its play perhaps broken off), then the roller's resignation
        if broken_off is not None:
            raise self.fail(roll.move, broken_off)
        if entry.word == "wins":
            return  # a roll, then a resignation
        if (
            entry.word == "roll"
            and entry.player == roll.player
            and sorted(entry.dice or ()) == sorted(roll.dice or ())
        ):
            self.retried = True  # FIBS's play refused, then the same roll played again
            return
        plays = state.legal_plays()
        if len(plays) == 1:
            self.do(Action.play(plays[0].moves), roll.move)
            return
        if entry.word == "end" and self.last:
            return  # the file stops before the play was made: the record ends there too
        at = len(self.options)
        self.options.append(len(plays))
        if at >= len(self.choices):
            self.choices.append(0)
        self.guessed = self.guessed or roll
        self.do(Action.play(plays[self.choices[at]].moves), roll.move)

    def entry(self, entry: _Entry) -> None:
        self.settle_unplayed(entry)
        state = self.record.state
        word = entry.word
        if word == "roll":
            self.roll(entry, state)
        elif word in ("doubles", "redoubles"):
            self.check_column(entry, state.to_act, "a double")
            self.do(Action.double(), entry.move)
        elif word in ("takes", "accepts"):
            if state.phase is Phase.ROLL and self.beavered:
                self.beavered = False  # gnubg's "Takes" after a beaver: already taken
                return
            self.check_column(entry, state.to_act, "a take")
            self.do(Action.take(), entry.move)
        elif word in ("drops", "passes", "refuses"):
            self.check_column(entry, state.to_act, "a pass")
            self.do(Action.pass_(), entry.move)
        elif word == "beavers":
            self.check_column(entry, state.to_act, "a beaver")
            self.do(Action.beaver(), entry.move)
            self.beavered = True
            return
        elif word == "raccoons":
            raise self.fail(entry.move, "raccoons (a redouble of a beaver) are not played here")
        elif word == "wins":
            self.wins(entry, state)
        elif word == "losses":
            # Backgammon Galaxy writes the loser's "Losses N point(s)" (alone, after a move or
            # a take), then the winner's "Wins": the other player wins those points.
            self.wins(_Entry(1 - entry.player, "wins", entry.text, entry.move), state)
        elif word in ("resigns", "resigned"):
            # .gam files note the resignation ("Resigns"), OpenGammon a match given up
            # ("Resigned Match"); the "Wins" line that follows carries it.
            pass
        self.beavered = False

    retried = False  # the roll entry met repeats a roll whose play was refused
    broken_off: str | None = None  # why the unplayed roll's written moves are not a play

    def roll(self, entry: _Entry, state: GameState) -> None:
        d1, d2 = entry.dice  # type: ignore[misc]
        if self.retried:
            self.retried = False  # the roll stands: only its play follows
        else:
            if state.phase is Phase.OPENING:
                if d1 == d2:
                    raise self.fail(entry.move, f"the opening roll cannot be a double ({d1}{d2})")
                high, low = max(d1, d2), min(d1, d2)
                dice = (high, low) if entry.player == 0 else (low, high)
            else:
                to_roll = state.to_act if state.phase is Phase.ROLL else None
                self.check_column(entry, to_roll, "a roll")
                if state.phase is not Phase.ROLL:
                    raise self.fail(entry.move, f"a roll of {d1}{d2} where {_expected(state)}")
                dice = (d1, d2)
            self.do(Action.roll(dice), entry.move)
        after = self.record.state
        # FIBS logs "Illegal play (its board)" when a play was refused: none was made.
        text = re.sub(r"[?!]+", " ", without_illegal_plays(entry.text)).strip()
        blocked = after.phase is not Phase.MOVE
        if text.lower().startswith("cannot move") or text.lower() in ("", "-", "no move"):
            if not blocked:
                self.unplayed = entry
            return
        if blocked:
            raise self.fail(entry.move, f"{quoted(text)}: {d1}{d2} cannot be played here")
        try:
            play = parse_play(text, after.position, after.dice)  # type: ignore[arg-type]
        except InvalidPlay as error:
            if not is_partial_play(text, after.position, after.dice):  # type: ignore[arg-type]
                raise self.fail(entry.move, str(error)) from None
            # Some of the play's moves only: a play broken off by the resignation that must
            # follow (the roll stays unplayed, as gnubg's forced play before a resignation).
            self.unplayed, self.broken_off = entry, str(error)
            return
        self.do(Action.play(_as_written(text, play.moves, after)), entry.move)

    def wins(self, entry: _Entry, state: GameState) -> None:
        found = re.match(r"[0-9]+", entry.text)
        points = ascii_number(found.group()) if found else None
        if points is None:
            said = quoted(f"Wins {entry.text}")
            raise self.fail(entry.move, f"{said} does not say how many points in a number")
        self.written = points
        if state.phase in (Phase.GAME_OVER, Phase.MATCH_OVER):
            # The rules know the winner: the line's column is not checked (layouts vary).
            winner = state.winner
            assert winner is not None  # a finished game has its winner
            needed = state.rules.match_length - (state.score[winner] - state.points_won)
            capped = state.phase is Phase.MATCH_OVER and points == needed  # "and the match"
            if points != state.points_won and not capped:
                raise self.fail(
                    entry.move,
                    f"the file says {self.name(winner)} wins {_plural(points)}, "
                    f"the rules give {_plural(state.points_won)}",
                )
            return
        if (
            state.phase is Phase.DOUBLED
            and entry.player == state.turn
            and points == state.cube.value
        ):
            # The doubler's "Wins" with no "Drops" line written: the double was passed.
            self.do(Action.pass_(), entry.move)
            return
        # The game goes on, so the loser resigned: the points say which result.
        loser = 1 - entry.player
        # Before the opening roll too: a player gone before the first roll (Backgammon
        # Galaxy, OpenGammon), scored as gnubg scores it when a game follows.
        inner = state.resumed_phase if state.phase is Phase.RESIGNED else state.phase
        if inner not in (Phase.OPENING, Phase.ROLL, Phase.MOVE):
            raise self.fail(entry.move, f"a win by resignation where {_expected(state)}")
        for result in (1, 2, 3):
            if game_points(state.rules, state.cube, result) == points:
                break
        else:
            # Points no resignation gives: FIBS writes a match given up (or a player gone) as a
            # win of more points than a game can give, Backgammon Studio "Wins 2008 point",
            # choue.net "Wins 4 point" with the cube on 1. Read as gnubg 1.07 reads them: the
            # resignation of the fewest games' worth of cubes that covers them, a backgammon
            # at most (the file's number is kept for what it says).
            if points < 1:
                raise self.fail(entry.move, f"no resignation gives {_plural(points)}")
            result = min(3, -(-points // state.cube.value))
        self.do(Action.resign(result, loser), entry.move)
        self.do(Action.accept(), entry.move)

    last = False  # the file's last game read

    def finish(self, last: bool) -> None:
        self.last = last
        if self.unplayed is not None:
            self.settle_unplayed(_Entry(0, "end", "", self.unplayed.move))
        state = self.record.state
        if not last and state.phase is not Phase.GAME_OVER:
            move = self.game.entries[-1].move if self.game.entries else 0
            raise self.fail(move, f"the game stops before it is over: {_expected(state)}")


def without_illegal_plays(text: str) -> str:
    """The text with FIBS's ``Illegal play (...)`` notes (which may hold a FIBS board, colons
    and all) blanked out, columns kept, in one pass: once no ``)`` is left no later note can
    close, so the search stops."""
    pieces = []
    at = 0
    while True:
        found = _ILLEGAL_PLAY.search(text, at)
        if not found:
            break
        opening = found.end()
        while opening < len(text) and text[opening].isspace():
            opening += 1
        if opening >= len(text) or text[opening] != "(":
            pieces.append(text[at:opening])
            at = opening
            continue
        closing = text.find(")", opening)
        if closing < 0:
            break
        pieces.append(text[at : found.start()] + " " * (closing + 1 - found.start()))
        at = closing + 1
    pieces.append(text[at:])
    return "".join(pieces)


def _expected(state: GameState) -> str:
    names = ("the first player", "the second player")
    act = state.to_act
    return {
        Phase.OPENING: "the opening roll comes first",
        Phase.ROLL: f"{names[act or 0]} is to roll or double",
        Phase.MOVE: f"{names[act or 0]} is to play {state.dice}",
        Phase.DOUBLED: f"{names[act or 0]} must answer a double",
        Phase.RESIGNED: "a resignation waits for an answer",
        Phase.GAME_OVER: "the game is over",
        Phase.MATCH_OVER: "the match is over",
    }[state.phase]


def _as_written(
    text: str, legal: tuple[Move, ...], state: GameState
) -> tuple[tuple[int, int], ...]:
    """The moves in the order the file wrote them when it wrote one die per move; otherwise the
    legal play's own moves."""
    from game.engine.record import play_of

    pairs = []
    for word in re.split(r"[\s,]+", text.strip()):
        points = re.findall(r"bar|b|off|o|[0-9]{1,2}", word.lower())
        count = re.search(r"\(([0-9])\)", word)
        steps = [
            25 if p in ("bar", "b") else 0 if p in ("off", "o") else int(p) for p in points if p
        ]
        if count:
            steps = steps[:-1] if len(steps) > 2 else steps
        path = list(itertools.pairwise(steps))
        pairs += path * (int(count.group(1)) if count else 1)
    try:
        made = play_of(state.position, pairs)
    except IllegalAction:
        return tuple((m.origin, m.destination) for m in legal)
    dice = sorted(state.dice or (), reverse=True)
    fits = all(a - b in dice or (b == 0 and a - b < dice[0]) for a, b in pairs)
    legal_position = play_of(state.position, [(m.origin, m.destination) for m in legal]).position
    if fits and made.position == legal_position:
        return tuple(pairs)
    return tuple((m.origin, m.destination) for m in legal)


MAX_READINGS = 256  # readings of one game's unwritten plays tried before giving up


def _replay(rules: Rules, games: list[_Game]) -> Steps[tuple[Record, list[int | None]]]:
    """The record and each game's points as its "Wins" line writes them (None: no such line).
    A file that begins at a score where a player needs one point may begin after the Crawford
    game: the file's own double says so, gnubg reads it alike."""
    try:
        return (yield from _replay_from(rules, games, post_crawford=False))
    except InvalidMatFile as error:
        first = games[0].score
        at_crawford = rules.match_length - 1 in first and not rules.is_money
        if error.game != 1 or "Crawford" not in error.reason or not at_crawford:
            raise
        try:
            return (yield from _replay_from(rules, games, post_crawford=True))
        except InvalidMatFile:
            raise error from None


def _replay_from(
    rules: Rules, games: list[_Game], post_crawford: bool
) -> Steps[tuple[Record, list[int | None]]]:
    first = games[0]
    try:
        start = GameState.new(rules, first.score, post_crawford=post_crawford)
    except IllegalAction as error:
        raise InvalidMatFile(1, 0, str(error)) from None
    record = Record(start, ((),), first.names)
    written: list[int | None] = []
    for index, game in enumerate(games):
        game._read_score()
        if index:
            if record.state.phase is Phase.MATCH_OVER:
                break  # games after the match was won: gnubg ignores them too
            record = record.next_game()
        last = index == len(games) - 1
        replayer = _replay_game(record, game, last)
        record = replayer.record
        written.append(replayer.written)
        yield index + 1, len(games)
    return record, written


def _replay_game(record: Record, game: _Game, last: bool) -> _Replayer:
    """One game replayed; where plays were left unwritten, the first reading of them (in the
    order of the legal plays) with which the rest of the game replays."""
    choices: list[int] = []
    first_error: InvalidMatFile | None = None
    for _ in range(MAX_READINGS):
        replayer = _Replayer(record, game, choices)
        try:
            for entry in game.entries:
                if replayer.record.state.phase is Phase.MATCH_OVER and entry.word != "wins":
                    raise replayer.fail(entry.move, "an action after the match is over")
                replayer.entry(entry)
            replayer.finish(last or replayer.record.state.phase is Phase.MATCH_OVER)
            return replayer
        except InvalidMatFile as error:
            first_error = first_error or error
            # The next reading: the last unwritten play that has another legal play left.
            choices = replayer.choices[: len(replayer.options)]
            while choices and choices[-1] + 1 >= replayer.options[len(choices) - 1]:
                choices.pop()
            if not choices:
                break
            choices[-1] += 1
    assert first_error is not None
    guessed = replayer.guessed
    if guessed is None:
        raise first_error
    dice = f"{guessed.dice[0]}{guessed.dice[1]}"  # type: ignore[index]
    if guessed.illegal:
        # A FIBS log whose note carries the board after a play FIBS kept against the rules:
        # gnubg sets that board (an edited game); a record here holds only legal plays.
        raise InvalidMatFile(
            game.number,
            guessed.move,
            f"the file marks the play of {dice} 'Illegal play' and the game goes on from a "
            f"position no play of {dice} reaches ({first_error})",
        )
    raise InvalidMatFile(
        game.number,
        guessed.move,
        f"no play written for {dice} "
        f"and none of its plays agrees with the rest of the game ({first_error})",
    )


# Kept for readers of the record: which actions a .mat file cannot hold.
NOT_IN_MAT = (ActionKind.RESIGN, ActionKind.REJECT, ActionKind.ACCEPT)
