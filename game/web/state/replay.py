"""Looking back through a record: moments to step through and the move list to jump from.

    >>> from game.engine.match import Rules
    >>> from game.engine.record import Action, Record
    >>> record = Record.new(Rules.full(match_length=3)).extend([
    ...     Action.roll((3, 1)), Action.play([(8, 5), (6, 5)]),
    ...     Action.roll((6, 4)), Action.play([(24, 18), (13, 9)]), Action.double(), Action.take()])
    >>> [row_text(row) for row in move_list(record)[0].rows]
    ['1) 31: 8/5 6/5   64: 24/18 13/9', '2) Doubles => 2   Takes']
    >>> replay = Replay.of(record)
    >>> replay.at_end, replay.back().state.phase.value
    (True, 'doubled')

A *moment* is the start of a game or the state after one action (``Record.steps``);
``Replay`` is a record and the moment shown, immutable: ``back``, ``forward``,
``jump``, ``play_on`` (the record cut at the moment shown, to play on from there).
``move_list`` writes each game the usual way, one numbered line per pair of turns,
first player left: ``31: 8/5 6/5``, ``Doubles => 2``, ``Takes``, ``Beavers => 4``,
``Drops``, ``Resigns a gammon``, ``Accepts``, ``Refuses``, ``Wins 2 points``, in the
page's language (the numbers and plays as they are); each entry knows the moment it leads to.
The match files write their own English notation (game/formats/mat_write.py).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from game.engine.match import BACKGAMMON, GAMMON, SINGLE
from game.engine.notation import format_play, in_board_numbers
from game.engine.record import ActionKind, Record, play_of
from game.engine.scoresheet import Entry as SheetEntry
from game.engine.scoresheet import scoresheet
from game.engine.seeded_dice import GameDice
from game.engine.state import GameState, Phase
from game.web.language.catalog import N_, _, n_, told

# The move list's words for each action that is not a play, as a match file writes them in
# English: whole entries of the catalog.
SAID = {
    ActionKind.TAKE: N_("Takes"),
    ActionKind.PASS: N_("Drops"),
    ActionKind.ACCEPT: N_("Accepts"),
    ActionKind.REJECT: N_("Refuses"),
    ActionKind.SETUP: N_("Position set up"),
}
RESIGNS = {
    SINGLE: N_("Resigns a single game"),
    GAMMON: N_("Resigns a gammon"),
    BACKGAMMON: N_("Resigns a backgammon"),
}


@dataclass(frozen=True, slots=True)
class Entry:
    text: str
    moment: int  # index into Replay.moments


@dataclass(frozen=True, slots=True)
class Row:
    number: int
    left: Entry | None
    right: Entry | None


@dataclass(frozen=True, slots=True)
class GameMoves:
    number: int
    score: tuple[int, int]  # at the start of the game
    start: int  # the moment the game starts
    rows: tuple[Row, ...]
    ending: Entry | None  # "Wins N points" by the winner (player ``winner``)
    winner: int | None


def row_text(row: Row) -> str:
    left = row.left.text if row.left else ""
    right = row.right.text if row.right else ""
    return f"{row.number}) {left}   {right}".rstrip() if left else f"{row.number}) ...   {right}"


def move_list(record: Record, reader: int | None = None) -> list[GameMoves]:
    """Every game of the record as numbered lines; ``reader``: the player whose numbers are
    drawn on the board, in which the other's plays are written (None: each in its own, as
    a board turned to each mover shows them, and as .mat files write them)."""
    steps = list(record.steps())
    games: list[GameMoves] = []
    at = 0
    while at < len(steps):
        number = steps[at][0]
        end = at + 1
        while end < len(steps) and steps[end][1] != 0:
            end += 1
        games.append(_game_moves(record, number, at, steps[at:end], reader))
        at = end
    return games


def _game_moves(
    record: Record,
    number: int,
    start: int,
    steps: list[tuple[int, int, GameState]],
    reader: int | None = None,
) -> GameMoves:
    actions = record.games[number - 1]
    states = [state for _, _, state in steps[1:]]
    first = steps[0][2]
    rows = [
        [Entry(_entry_text(entry, reader), start + entry.step) if entry else None for entry in row]
        for row in scoresheet(first, actions, states)
    ]
    ending: Entry | None = None
    winner: int | None = None
    last = states[-1] if states else first
    if last.phase in (Phase.GAME_OVER, Phase.MATCH_OVER):
        points = last.points_won
        if last.phase is Phase.MATCH_OVER:
            text = n_(
                "Wins {count} point and the match", "Wins {count} points and the match", points
            )
        else:
            text = n_("Wins {count} point", "Wins {count} points", points)
        ending, winner = Entry(text, start + len(actions)), last.winner
    built = tuple(Row(i, left, right) for i, (left, right) in enumerate(rows, 1))
    return GameMoves(number, first.score, start, built, ending, winner)


def _entry_text(entry: SheetEntry, reader: int | None = None) -> str:
    """An entry in the usual words: ``31: 8/5 6/5``, ``64: (no move)``, ``Doubles => 2``
    (a play of the player other than ``reader``'s in the reader's numbers)."""
    action = entry.action
    roll = f"{entry.roll[0]}{entry.roll[1]}:" if entry.roll else ""
    if action is None:
        return _("{roll} (no move)", roll=roll) if entry.blocked else roll
    kind = action.kind
    if kind == ActionKind.PLAY:
        moves = play_of(entry.before.position, action.moves).moves
        play = in_board_numbers(format_play(moves), reader in (None, entry.player))
        return f"{roll} {play}".strip()
    if kind == ActionKind.DOUBLE:
        return _("Doubles => {value}", value=entry.before.cube.value * 2)
    if kind == ActionKind.BEAVER:
        return _("Beavers => {value}", value=entry.after.cube.value)
    if kind == ActionKind.RESIGN:
        return told(RESIGNS[action.result])
    return told(SAID[kind])


@dataclass(frozen=True, slots=True)
class Replay:
    """A record and the moment shown (an index into ``moments``)."""

    record: Record
    moments: tuple[tuple[int, int, GameState], ...]
    at: int
    dice: Mapping[int, GameDice] = field(default_factory=dict)  # per game (docs/dice.md)

    @classmethod
    def of(
        cls, record: Record, at: int | None = None, dice: Mapping[int, GameDice] | None = None
    ) -> Replay:
        """The replay of ``record``, at its last moment unless ``at`` says which; ``dice``:
        each game's commitment and seed, where the record came with them."""
        moments = tuple(record.steps())
        last = len(moments) - 1
        return cls(record, moments, last if at is None else max(0, min(at, last)), dice or {})

    @property
    def state(self) -> GameState:
        return self.moments[self.at][2]

    @property
    def game(self) -> int:
        return self.moments[self.at][0]

    @property
    def at_start(self) -> bool:
        return self.at == 0

    @property
    def at_end(self) -> bool:
        return self.at == len(self.moments) - 1

    def jump(self, moment: int) -> Replay:
        at = max(0, min(moment, len(self.moments) - 1))
        return Replay(self.record, self.moments, at, self.dice)

    def back(self) -> Replay:
        return self.jump(self.at - 1)

    def forward(self) -> Replay:
        return self.jump(self.at + 1)

    def step(self, delta: int) -> Replay:
        """``delta`` whole moves on (back when negative): from one place the move list leads
        to (a game's start, an entry: a roll and its play, a double, a take) to the next, as
        ← and → step, never half a move (a roll without its play).

        >>> from game.engine.match import Rules
        >>> from game.engine.record import Action, Record
        >>> record = Record.new(Rules.full()).extend([Action.roll((3, 1)),
        ...     Action.play([(8, 5), (6, 5)]), Action.roll((6, 4)),
        ...     Action.play([(24, 18), (13, 9)]), Action.double()])
        >>> replay = Replay.of(record, at=0)
        >>> [replay.step(n).at for n in (1, 2, 3, 9)], Replay.of(record).step(-1).at
        ([2, 4, 5, 5], 4)
        >>> Replay.of(record, at=3).step(-1).at, Replay.of(record, at=3).step(1).at
        (2, 4)
        """
        stops = self.stops()
        if delta > 0:
            ahead = [moment for moment in stops if moment > self.at]
            return self.jump(ahead[min(delta, len(ahead)) - 1] if ahead else self.at)
        behind = [moment for moment in stops if moment < self.at]
        return self.jump(behind[max(delta, -len(behind))] if behind and delta else self.at)

    def stops(self) -> list[int]:
        """The moments the move list leads to, and the record's last, in order."""
        found = {len(self.moments) - 1}
        for game in move_list(self.record):
            found.add(game.start)
            entries = [entry for row in game.rows for entry in (row.left, row.right)]
            found.update(entry.moment for entry in (*entries, game.ending) if entry is not None)
        return sorted(found)

    def play_on(self) -> Record:
        """The record up to the moment shown: the game goes on from there."""
        game, index, _ = self.moments[self.at]
        return self.record.truncated(game, index)


def move_list_html(
    record: Record,
    at: int,
    reader: int | None = None,
    names: Callable[[int], tuple[str, str]] | None = None,
) -> str:
    """The move list as HTML: a heading per game, a line per pair of turns, each entry a
    button with its moment (``data-moment``); the entry of moment ``at`` is marked current.
    ``names``: each game's players as the page shows them (the record's own by default)."""
    from html import escape

    games = move_list(record, reader)
    moments = [
        entry.moment
        for game in games
        for row in game.rows
        for entry in (row.left, row.right, game.ending)
        if entry is not None
    ]
    marked = max((moment for moment in moments if moment <= at), default=None)

    shown = [False]  # one entry is marked, though a game's ending shares its last moment

    def button(entry: Entry | None) -> str:
        if entry is None:
            return '<span class="move-empty"></span>'
        current = ""
        if entry.moment == marked and not shown[0]:
            current, shown[0] = ' aria-current="step"', True
        return (
            f'<button type="button" class="move" data-moment="{entry.moment}"{current}>'
            f"{escape(entry.text)}</button>"
        )

    parts = []
    for game in games:
        players = [escape(name) for name in (names(game.number) if names else record.names)]
        score = f"{players[0]} {game.score[0]} \u2013 {game.score[1]} {players[1]}"
        title = escape(_("Game {number}", number=game.number))
        parts.append(
            f'<h3 class="move-game"><button type="button" class="move" '
            f'data-moment="{game.start}">{title}</button> <span>{score}</span></h3>'
        )
        for row in game.rows:
            parts.append(
                f'<div class="move-row"><span class="move-number">{row.number})</span>'
                f"{button(row.left)}{button(row.right)}</div>"
            )
        if game.ending is not None:
            parts.append(f'<div class="move-row move-end">{button(game.ending)}</div>')
    return "\n".join(parts)


def where_text(replay: Replay) -> str:
    """Where the replay stands, in words: ``Game 2, move 14 of 40`` (actions; the embeds')."""
    game, index, _moved = replay.moments[replay.at]
    total = len(replay.record.games[game - 1])
    return _("Game {game}, move {index} of {total}", game=game, index=index, total=total)


def turn_of(record: Record, moment: int) -> tuple[int, int, int]:
    """The game, the turn (the move list's line, 0 before the first) and the game's number of
    turns at ``moment``: the numbers the move list and the analysis's mistakes show.

    >>> from game.engine.match import Rules
    >>> from game.engine.record import Action
    >>> record = Record.new(Rules.full()).extend([
    ...     Action.roll((3, 1)), Action.play([(8, 5), (6, 5)]),
    ...     Action.roll((6, 4)), Action.play([(24, 18), (13, 9)]), Action.roll((2, 1))])
    >>> [turn_of(record, moment)[1] for moment in range(6)]
    [0, 1, 1, 1, 1, 2]
    """
    games = move_list(record)
    game = games[0]
    for candidate in games:
        if candidate.start <= moment:
            game = candidate
    entries = [
        (entry.moment, row.number)
        for row in game.rows
        for entry in (row.left, row.right)
        if entry is not None
    ]
    last = game.rows[-1].number if game.rows else 0
    if moment <= game.start:
        return game.number, 0, last
    following = [number for at, number in entries if at >= moment]
    if following:
        return game.number, following[0], last
    ended = game.ending is not None and moment >= game.ending.moment
    open_row = bool(game.rows) and game.rows[-1].right is None  # its second turn to come
    turn = last if ended or open_row or not entries else last + 1
    return game.number, turn, max(last, turn)


def turn_text(replay: Replay) -> str:
    """The review's words: ``Game 1, turn 12 of 34 (move 25 of 70)`` — the turn as the move
    list numbers it, the move as the record's actions count (the embeds' words)."""
    game, turn, turns = turn_of(replay.record, replay.at)
    _game, index, _moved = replay.moments[replay.at]
    total = len(replay.record.games[game - 1])
    return _(
        "Game {game}, turn {turn} of {turns} (move {index} of {total})",
        game=game,
        turn=turn,
        turns=turns,
        index=index,
        total=total,
    )
