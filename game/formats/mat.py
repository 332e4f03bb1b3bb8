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
game, then). Edited games as gnubg 1.07 reads them, kept as ``setup`` actions
(which a ``.mat`` cannot write back): a roll by the player not on turn (rolled
from the position at hand), and an ``Illegal play (...)`` note holding Snowie's
position text, the board after the play (the legal play reaching it, else that
board set up, the other player to roll; DailyGammon's nackgammon games begin so).
Every action is replayed through the rules; anything that cannot be read or that
the rules forbid raises ``InvalidMatFile`` naming the game and the file's move
number, and nothing is returned.

The parts: ``mat_read`` reads the lines into games and entries, ``mat_quirks`` replays a
game's entries with each producer's ways, ``mat_write`` writes; this module joins them.
"""

from __future__ import annotations

import re
from collections.abc import Generator
from typing import TypeVar

from game.engine.match import IllegalAction, Rules
from game.engine.record import ActionKind, Record, Seat, collector_paused
from game.engine.refusal import Refusal, sentence
from game.engine.state import GameState, Phase
from game.engine.text import quoted
from game.formats.mat_quirks import replay_game
from game.formats.mat_read import (
    VARIATION,
    InvalidMatFile,
    MatGame,
    not_backgammon,
    read_games,
    without_illegal_plays,
)
from game.formats.mat_write import format_mat

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
        raise InvalidMatFile(
            0, 0, Refusal("a match file is text, got {kind}", kind=type(text).__name__)
        )
    # ^Z: DOS's mark of a text file's end, which old editors leave after the last line; a
    # no-break space: a web page's &nbsp;, where a match was copied from.
    text = text.lstrip("\ufeff").rstrip("\x1a\r\n").replace("\x00", "").replace("\xa0", " ")
    lines = text.splitlines()
    tags, length, games = read_games(lines)
    if not games:
        raise InvalidMatFile(
            0, 0, Refusal("no games in the file (a game begins with a 'Game 1' line)")
        )
    variation = tags.get("variation", "")
    if not_backgammon(variation):
        raise InvalidMatFile(0, 0, Refusal(VARIATION, variation=quoted(variation, 40)))
    money = length == 0
    simple = tags.get("rules", "").lower() == "simple"
    no_cube = not simple and tags.get("cube", "").strip().lower() == "off"
    beaver = (
        money
        and not simple
        and not no_cube
        and (
            _on(tags.get("beaver"))
            or (
                _BEAVERS.search(text) is not None  # one search of the text rules most files out
                and any(_BEAVERS.search(line) for game in games for line in game.body)
            )
        )
    )
    jacoby_tag = tags.get("jacoby")
    tries = (
        [_on(jacoby_tag)]
        if jacoby_tag is not None or not money or simple or no_cube
        else [False, True]
    )
    error: InvalidMatFile | None = None
    for jacoby in tries:
        try:
            if simple:
                rules = Rules.simple(length)
            elif no_cube:
                rules = Rules(gammons=True, match_length=length)
            else:
                rules = Rules.full(length, beaver=beaver, jacoby=jacoby and money)
        except ValueError as problem:
            raise InvalidMatFile(0, 0, Refusal.saying(problem)) from None
        try:
            return (yield from _replay(rules, games))
        except InvalidMatFile as problem:
            error = error or problem  # report the first reading's error
    assert error is not None
    raise error


def _on(value: str | None) -> bool:
    return (value or "").strip().lower() in ("on", "yes", "true", "1")


SCORE_DISAGREES = sentence(
    "the game's score line says {written}, the games before it give {counted}"
    " (a game left out of the file?)"
)


NAMES_SWAPPED = sentence(
    "the game's header names the players the other way round: {names}, where the games before"
    " it have {before}"
)


_BEAVERS = re.compile(r"\bbeavers\b", re.IGNORECASE)


def _replay(rules: Rules, games: list[MatGame]) -> Steps[tuple[Record, list[int | None]]]:
    """The record and each game's points as its "Wins" line writes them (None: no such line).
    A file that begins at a score where a player needs one point may begin after the Crawford
    game: the file's own double says so, gnubg reads it alike."""
    try:
        return (yield from _replay_from(rules, games, post_crawford=False))
    except InvalidMatFile as error:
        first = games[0].score
        at_crawford = rules.match_length - 1 in first and not rules.is_money
        if error.game != 1 or "Crawford" not in str(error.reason) or not at_crawford:
            raise
        try:
            return (yield from _replay_from(rules, games, post_crawford=True))
        except InvalidMatFile:
            raise error from None


def _replay_from(
    rules: Rules, games: list[MatGame], post_crawford: bool
) -> Steps[tuple[Record, list[int | None]]]:
    first = games[0]
    try:
        start = GameState.new(rules, first.score, post_crawford=post_crawford)
    except IllegalAction as error:
        raise InvalidMatFile(1, 0, error) from None
    record = Record(start, ((),), first.names)
    written: list[int | None] = []
    for index, game in enumerate(games):
        game.read_score()
        if index:
            if record.state.phase is Phase.MATCH_OVER:
                break  # games after the match was won: gnubg ignores them too
            record = record.next_game()
            if game.score != record.state.score and not rules.is_money:
                # A game left out (or a score edited): read on, every later game would be
                # scored from the wrong score, the match's end and Crawford game with it. (A
                # money session's tally decides nothing, and not every program keeps one.)
                if game.names == record.names[::-1] and len(set(game.names)) == 2:
                    # Not a game left out: gnubg reads the header by its columns, a score the
                    # games before it do not give either.
                    raise InvalidMatFile(
                        game.number,
                        0,
                        Refusal(
                            NAMES_SWAPPED,
                            names=", ".join(quoted(name, 30) for name in game.names),
                            before=", ".join(quoted(name, 30) for name in record.names),
                        ),
                    )
                raise InvalidMatFile(
                    game.number,
                    0,
                    Refusal(
                        SCORE_DISAGREES,
                        written="-".join(map(str, game.score)),
                        counted="-".join(map(str, record.state.score)),
                    ),
                )
            if game.names != record.names:  # each game's header names its players
                record = record.seated(Seat(game.names))
        last = index == len(games) - 1
        with collector_paused():
            replayer = replay_game(record, game, last)
        record = replayer.record
        written.append(replayer.written)
        yield index + 1, len(games)
    return record, written


# Kept for readers of the record: which actions a .mat file cannot hold.
NOT_IN_MAT = (ActionKind.RESIGN, ActionKind.REJECT, ActionKind.ACCEPT)
