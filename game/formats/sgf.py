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
``RU[Crawford:CrawfordGame]``, ``RU[Jacoby]``, ``RU[NoCube]`` for no cube; ``RU[Simple]``, ours,
for single wins without the cube) and the result (``RE[W+2]``; ``RE[B+4R]`` when the loser
resigned). Each node holds one action of ``B`` or ``W``: ``double``, ``take``, ``drop``, or a
roll and its play (``31hemf``: the dice, then each single-die move as two letters, a-x the
points from White's 1 to 24 as White counts them, ``y`` the bar, ``z`` off). A roll set without
its play is ``PL[W]DI[43]`` (a roll then a resignation). A beaver is a double answered by the
taker's own double, then ``take``.

``parse_sgf``/``read_sgf`` read what gnubg 1.07 writes, with its analysis, comments and marks
(ignored), variations (only the main line is read) and any property they do not know.
Every action is replayed through the rules; anything that cannot be read, a set-up position
or what the rules forbid raises ``InvalidSgfFile`` naming the game and node (0: the root), and
nothing is returned. Reading is linear in the text. ``format_sgf`` writes what ``load match``
in gnubg 1.07 opens; ``root_properties`` adds properties to a game's root node (gnubg ignores
the ones it does not know).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.engine.match import Rules
from game.engine.record import Record, Seat
from game.engine.refusal import Refusal
from game.engine.state import GameState, Phase
from game.engine.text import ascii_number, quoted
from game.formats.mat import SCORE_DISAGREES, Steps, finish_steps
from game.formats.mat_read import VARIATION, not_backgammon
from game.formats.sgf_game import GameReader
from game.formats.sgf_syntax import InvalidSgfFile, Property, first_value, game_trees
from game.formats.sgf_write import format_sgf, name_field

__all__ = [
    "InvalidSgfFile",
    "SgfMatch",
    "format_sgf",
    "looks_like_sgf",
    "parse_sgf",
    "read_sgf",
    "read_sgf_steps",
]


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
        for tree in game_trees(text.lstrip("\ufeff").replace("\x00", ""))
        if tree and first_value(tree[0], "GM", "6").strip() == "6"
    ]
    if not trees:
        raise InvalidSgfFile(
            0, 0, Refusal("no backgammon game in the file (a game's root says GM[6])")
        )
    length, score = _match_info(trees[0][0], 1)
    first_root = _root(trees[0])
    rules_words = {
        word for name, values in trees[0][0] if name == "RU" for word in values[0].split(":")
    }
    variation = next((word for word in sorted(rules_words) if not_backgammon(word)), None)
    if variation is not None:
        raise InvalidSgfFile(1, 0, Refusal(VARIATION, variation=quoted(variation, 40)))
    simple = "Simple" in rules_words
    # gnubg's "set cube use off": gammons count (in money play not with the Jacoby rule,
    # which counts them only once the cube is turned).
    no_cube = "NoCube" in rules_words and not simple
    money = length == 0
    beaver = money and not simple and not no_cube and _beavers(trees)
    jacoby = money and not simple and "Jacoby" in rules_words
    names = (_player(first_root, "PW", "White"), _player(first_root, "PB", "Black"))
    crawford_game = "CrawfordGame" in rules_words
    # gnubg scores a resignation without the Jacoby rule: where a resignation's points fit no
    # result under it, the session is read without it; where none fits either, as gnubg does.
    readings = [(jacoby, True), (False, True), (jacoby, False)] if jacoby else [(False, False)]
    first_error: InvalidSgfFile | None = None
    for with_jacoby, strict in readings:
        try:
            if simple:
                rules = Rules.simple(length)
            elif no_cube:
                rules = Rules(gammons=not with_jacoby, match_length=length)
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
            money = record.state.rules.is_money  # a money session's tally decides nothing
            scored = _scores_written(tree[0]) and not money
            written_score = _match_info(tree[0], number)[1] if scored else None
            if written_score is not None and written_score != record.state.score:
                # A game left out (or a score edited): the rest would be scored wrongly.
                raise InvalidSgfFile(
                    number,
                    0,
                    Refusal(
                        SCORE_DISAGREES,
                        written="-".join(map(str, written_score)),
                        counted="-".join(map(str, record.state.score)),
                    ),
                )
            root = _root(tree)
            names = (_player(root, "PW", "White"), _player(root, "PB", "Black"))
            if names != record.names:  # each game's root names its players
                record = record.seated(Seat(names))
        game = GameReader(record, number, tree, strict)
        game.replay(last=number == len(trees))
        record = game.record
        written.append(game.written)
        yield number, len(trees)
    return record, written


def _root(tree: list[list[Property]]) -> dict[str, str]:
    return {name: values[0] for name, values in reversed(tree[0])}


def _player(root: dict[str, str], key: str, fallback: str) -> str:
    return name_field(root.get(key, ""), fallback)


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


def _scores_written(root: list[Property]) -> bool:
    """The root's MI gives the score (``[ws:S][bs:S]``)."""
    return any(
        value.startswith(("ws:", "bs:"))
        for identifier, values in root
        if identifier == "MI"
        for value in values
    )


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
