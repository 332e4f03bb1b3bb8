"""Reading a ``.mat`` file's lines: its header tags, match length, and each game's score line
and entries, each in its column (``game.formats.mat`` replays them through the rules).

Every pattern runs in time linear in its line: no two neighbouring parts can match the same
characters (what made ``\\s*-?\\s*`` or ``(.+?)\\s*:`` backtrack with a power of a line's length).
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass

from game.engine.match import MAX_MATCH_LENGTH
from game.engine.refusal import Refusal, sentence
from game.engine.text import ascii_number, quoted

__all__ = [
    "VARIATION",
    "InvalidMatFile",
    "MatEntry",
    "MatGame",
    "not_backgammon",
    "read_games",
    "without_illegal_plays",
]

MAX_NAME = 60
MAX_LINE = 1000  # a move line is two entries (gnubg's are under 80 characters)


class InvalidMatFile(Refusal):
    """A match file that cannot be read or replayed; ``game`` and ``move`` say where (0: the
    header), ``reason`` why (a refusal: the page says it in its language)."""

    def __init__(self, game: int, move: int, reason: Refusal):
        if game:
            super().__init__(
                "game {game} move {move}: {reason}", game=game, move=move, reason=reason
            )
        else:
            super().__init__("header: {reason}", reason=reason)
        self.game, self.move, self.reason = game, move, reason


_MATCH_LINE = re.compile(r"\s*([0-9]+)\s*(?:-\s*)?points?\s+match", re.IGNORECASE)
_NEGATIVE_MATCH_LINE = re.compile(r"-[ \t]*([0-9]{1,9})[ \t]*points?[ \t]+match", re.IGNORECASE)
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
# A numbered line holding rolls with plain moves only ("  7) 64: 24/18 13/9*   52: 13/8 8/6"):
# label, then per column a roll and its moves; anything else is read the general way.
_PLAIN_MOVES = r"((?: +[0-9]{1,2}/[0-9]{1,2}\*?){0,4})"
_PLAIN_LINE = re.compile(
    rf" *([0-9]{{1,9}})\)(?: +([1-6][1-6]):{_PLAIN_MOVES})?(?: +([1-6][1-6]):{_PLAIN_MOVES})? *"
)
_IGNORED = re.compile(r"(?:\(?\s*crawford(\s+game)?\s*\)?|\*+)\Z", re.IGNORECASE)


# gnubg's other games: a .mat's '; [Variation "NackGammon"]', an .sgf's 'RU[Crawford:Nackgammon]'.
VARIATION = sentence("a match of {variation}: here only backgammon is played, from its usual start")
_OTHER_GAMES = ("nack", "hyper")
SECOND_MATCH = sentence("a second match begins with {line}: a file is read one match at a time")


def not_backgammon(variation: str) -> bool:
    """True when a file names NackGammon or HyperGammon as its game (XG writes "Backgammon")."""
    return variation.strip().lower().startswith(_OTHER_GAMES)


@dataclass
class MatEntry:
    player: int  # 0 left, 1 right
    word: str  # "roll" or a lower-case word
    text: str  # the rest of the entry
    move: int  # the file's move number
    dice: tuple[int, int] | None = None
    illegal: bool = False  # a FIBS "Illegal play (...)" note stood where its play is
    note: str = ""  # what the note's brackets hold (a board), at most MAX_NOTE characters


class MatGame:
    """One game of the file: its score line and body, read when the game is replayed (a file
    of many games that stops early costs only its first games)."""

    def __init__(self, number: int, score_line: str, body: list[str]):
        self.number, self.score_line, self.body = number, score_line, body
        self._entries: list[MatEntry] | None = None
        self._names_and_score: tuple[tuple[str, str], tuple[int, int]] | None = None

    @property
    def names(self) -> tuple[str, str]:
        return self.read_score()[0]

    @property
    def score(self) -> tuple[int, int]:
        return self.read_score()[1]

    def read_score(self) -> tuple[tuple[str, str], tuple[int, int]]:
        """The game's names and score (``InvalidMatFile`` when its score line is not one)."""
        if self._names_and_score is None:
            self._names_and_score = _read_score(self.score_line, self.number)
        return self._names_and_score

    @property
    def entries(self) -> list[MatEntry]:
        if self._entries is None:
            self._entries = _read_entries(self.body, self.number)
        return self._entries


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


def read_games(lines: list[str]) -> tuple[dict[str, str], int, list[MatGame]]:
    tags: dict[str, str] = {}
    length: int | None = None
    games: list[MatGame] = []
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
                    0,
                    0,
                    Refusal(
                        "a match to {length} points is too long", length=quoted(found.group(1))
                    ),
                )
            break
        if _MONEY_LINE.match(line):
            length = 0
            break
        negative = _NEGATIVE_MATCH_LINE.match(line)
        if negative:
            raise InvalidMatFile(
                0,
                0,
                Refusal(
                    "match length must be 0 (money play) to {longest}, got {length}",
                    longest=MAX_MATCH_LENGTH,
                    length=quoted("-" + negative.group(1), 20),
                ),
            )
        if _GAME_LINE.match(line):
            raise InvalidMatFile(0, 0, Refusal("no 'N point match' line before the first game"))
    if length is None:
        raise InvalidMatFile(0, 0, Refusal("not a match file: no 'N point match' line"))
    if length > 64:
        raise InvalidMatFile(
            0, 0, Refusal("a match to {length} points is longer than 64", length=length)
        )
    while at < len(lines):
        line = lines[at]
        at += 1
        found = _GAME_LINE.match(line)
        if not found:
            if not games and (_LABEL.match(line) or _SCORE_MARK.search(line)):
                # A score or move line before the first game: its "Game 1" line is damaged,
                # and skipping on would leave the game out, the file read from game 2's score.
                raise InvalidMatFile(0, 0, Refusal("cannot read {text}", text=quoted(line.strip())))
            continue
        number = len(games) + 1
        while at < len(lines) and (not lines[at].strip() or lines[at].strip()[0] in ";#"):
            at += 1
        if at >= len(lines):
            raise InvalidMatFile(number, 0, Refusal("no line with the players' names and score"))
        score_line = lines[at]
        at += 1
        begins = at
        while at < len(lines) and not _GAME_LINE.match(lines[at]):
            if _MATCH_LINE.match(lines[at]) or _MONEY_LINE.match(lines[at]):
                # Another match's first line: some programs append each match to one file.
                raise InvalidMatFile(
                    number, 0, Refusal(SECOND_MATCH, line=quoted(lines[at].strip(), 40))
                )
            at += 1
        games.append(MatGame(number, score_line, lines[begins:at]))
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
            raise InvalidMatFile(
                game, 0, Refusal("a score of {score} is too large", score=quoted(mark.group(1)))
            )
        names.append(_name(line[at : mark.start()]))
        score.append(points)
        at = mark.end()
        if len(names) == 2:
            return (names[0], names[1]), (score[0], score[1])
    raise InvalidMatFile(
        game,
        0,
        Refusal(
            "cannot read the players and score in {line} ('Ann : 0   Bob : 0')",
            line=quoted(line.strip()),
        ),
    )


def _name(raw: str) -> str:
    # GamesGrid writes a rating after a comma ("HansK,1615"): keep the name. As gnubg, only a
    # number after the last comma is a rating ("Smith, John" is a name).
    name, comma, rating = raw.strip().rpartition(",")
    if not (comma and _RATING.match(rating)):
        name = raw
    return name.strip()[:MAX_NAME] or "Player"


_RATING = re.compile(r"\s*0*[1-9]")


def _read_entries(body: list[str], game: int) -> list[MatEntry]:
    """The entries of a game's lines, in order, each in its column."""
    for index, raw in enumerate(body):
        if len(raw) > MAX_LINE and raw.strip()[:1] not in (";", "#"):
            move = 0
            for before in body[: index + 1]:
                label = _LABEL.match(before)
                move = ascii_number(label.group(1)) or move if label else move
            raise InvalidMatFile(
                game,
                move,
                Refusal(
                    "a line of {count} characters: a match file's are under {longest}",
                    count=len(raw),
                    longest=MAX_LINE,
                ),
            )
    plain = [_PLAIN_LINE.fullmatch(raw) for raw in body]
    split_at = _right_column(body, plain)
    entries: list[MatEntry] = []
    move = 0
    for raw, fast in zip(body, plain, strict=True):
        if fast is not None:
            # A numbered line of rolls and plain moves (what gnubg and most sites write): its
            # entries read straight from the match, as the general reading below reads them.
            move = int(fast.group(1))
            rolls = [at for at in (2, 4) if fast.group(at)]
            for roll in rolls:
                player = (
                    (0 if roll == 2 else 1)
                    if len(rolls) == 2
                    else int(fast.start(roll) >= split_at)
                )
                dice = fast.group(roll)
                rest = fast.group(roll + 1).strip()
                entries.append(MatEntry(player, "roll", rest, move, (int(dice[0]), int(dice[1]))))
            continue
        expanded = raw.expandtabs(8) if "\t" in raw else raw
        blanked = without_illegal_plays(expanded).rstrip()
        line = blanked
        if "00" in blanked:
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
                    Refusal(
                        "the game starts from a set position ({line}): "
                        "here a game begins with the opening roll",
                        line=quoted(line.strip(), 40),
                    ),
                )
            continue
        label = _LABEL.match(line)
        start = 0
        if label:
            number = ascii_number(label.group(1))
            if number is None:
                raise InvalidMatFile(
                    game,
                    move,
                    Refusal("a move number {number} is too large", number=quoted(label.group(1))),
                )
            move = number
            start = label.end()
        found = list(itertools.islice(_ENTRY.finditer(line, start), 3))  # a third is an error
        leftover = line[start : found[0].start() if found else len(line)].strip()
        if leftover and not _IGNORED.match(leftover):
            raise InvalidMatFile(game, move, Refusal("cannot read {text}", text=quoted(leftover)))
        if len(found) > 2:
            raise InvalidMatFile(
                game, move, Refusal("more than two entries in {line}", line=quoted(line.strip()))
            )
        for index, entry in enumerate(found):
            end = found[index + 1].start() if index + 1 < len(found) else len(line)
            if len(found) >= 2:
                player = 0 if index == 0 else 1
            else:
                player = 0 if entry.start() < split_at else 1
            rest = line[entry.end() : end].strip()
            if entry.group(1):
                d1, d2 = int(entry.group(1)[0]), int(entry.group(1)[1])
                until = end if index + 1 < len(found) else len(expanded)  # a note ends a line
                note = next((note for note in notes if entry.end() <= note < until), None)
                held = _note(expanded, note) if note is not None else ""
                entries.append(
                    MatEntry(player, "roll", rest, move, (d1, d2), note is not None, held)
                )
            else:
                entries.append(MatEntry(player, entry.group(2).lower(), rest, move))
    return entries


def _right_column(body: list[str], plain: list[re.Match[str] | None]) -> int:
    """Where the second column begins, for lines with one entry: half way to where the right
    entries of two-entry lines begin (gnubg's 33, XG's 37...), never beyond 16."""
    starts = []
    for raw, fast in zip(body, plain, strict=True):
        if fast is not None:
            if fast.group(2) and fast.group(4):
                starts.append(fast.start(4))
            continue
        line = without_illegal_plays(raw.expandtabs(8) if "\t" in raw else raw)
        label = _LABEL.match(line)
        found = list(itertools.islice(_ENTRY.finditer(line, label.end() if label else 0), 3))
        if len(found) == 2:
            starts.append(found[1].start())
    if not starts:
        return 15
    return max(8, min(16, min(starts) // 2))


MAX_NOTE = 400  # a board of 26 points, two names and some figures


def _note(text: str, at: int) -> str:
    """The text inside the brackets of the ``Illegal play (...)`` note found at ``at``."""
    opening = text.find("(", at)
    closing = text.find(")", opening)
    if opening < 0 or closing < 0:
        return ""
    return text[opening + 1 : closing][:MAX_NOTE]


def without_illegal_plays(text: str) -> str:
    """The text with FIBS's ``Illegal play (...)`` notes (which may hold a FIBS board, colons
    and all) blanked out, columns kept, in one pass: once no ``)`` is left no later note can
    close, so the search stops."""
    if not _ILLEGAL_PLAY.search(text):
        return text  # the common case: no note to blank
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
