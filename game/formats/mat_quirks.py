"""Replaying a ``.mat`` game's entries through the rules, with what each producer writes its own
way: gnubg's forced plays left out and "Takes" after a beaver, FIBS's plays left blank or logged
as "Illegal play", Backgammon Galaxy's "Losses", resignations written as wins of more points
than a game gives (see ``game.formats.mat`` for the list).
"""

from __future__ import annotations

import copy
import functools
import itertools
import re
from collections.abc import Callable

from game.engine.dice import Dice
from game.engine.match import IllegalAction, game_points
from game.engine.notation import InvalidPlay, is_partial_play, parse_play
from game.engine.phase import waiting_for
from game.engine.players import in_names
from game.engine.plays import Move, Play, PlayOfEveryDie, legal_plays, play_of_every_die
from game.engine.position import InvalidPosition, Position
from game.engine.record import Action, Record, RecordError
from game.engine.refusal import Refusal, sentence
from game.engine.state import GameState, Phase
from game.engine.text import ascii_number, quoted
from game.formats.mat_read import (
    MAX_NAME,
    InvalidMatFile,
    MatEntry,
    MatGame,
    without_illegal_plays,
)

__all__ = ["GameReplayer", "replay_game"]


def _plural(points: int) -> Refusal:
    return Refusal.counting("{count} point", "{count} points", count=points)


# Who wrote an action in the wrong column: one sentence for each action.
_COLUMN = {
    "a double": sentence("a double is in {written}'s column but it is {player}'s"),
    "a take": sentence("a take is in {written}'s column but it is {player}'s"),
    "a pass": sentence("a pass is in {written}'s column but it is {player}'s"),
    "a beaver": sentence("a beaver is in {written}'s column but it is {player}'s"),
    "a roll": sentence("a roll is in {written}'s column but it is {player}'s"),
}


class Guess(Exception):  # not an error: where the reading forks
    """A roll written without its play where several plays are legal."""

    def __init__(self, roll: MatEntry, plays: list[Play]):
        super().__init__("a play to find")
        self.roll, self.plays = roll, plays


class GameReplayer:
    """Feeds one game's entries to a record, reading each against the state it meets."""

    def __init__(self, record: Record, game: MatGame):
        self.record, self.game = record, game
        # A roll written without a play where several plays were legal (a FIBS log of a play
        # refused or timed out): the rest of the game decides which. The replayer raises
        # ``Guess`` and ``replay_game`` follows one copy of it per legal play.
        self.first = True  # the reading that takes the first legal play at every such roll
        self.guessed: MatEntry | None = None  # the first such roll, for the message
        self.written: int | None = None  # the game's "Wins N points" as the file writes it
        self.unplayed: MatEntry | None = None  # a roll written without its play
        self.beavered = False  # the last entry was a beaver (gnubg may write "Takes" after it)

    def fail(self, move: int, reason: Refusal) -> InvalidMatFile:
        return InvalidMatFile(self.game.number, move, reason)

    def do(self, action: Action, move: int) -> None:
        try:
            self.record = self.record.append(action)
        except RecordError as error:
            raise self.fail(move, in_names(error.reason, self.game.names)) from None

    def name(self, player: int) -> str:
        return self.game.names[player]

    def check_column(self, entry: MatEntry, player: int | None, what: str) -> None:
        if player is not None and entry.player != player:
            raise self.fail(
                entry.move,
                Refusal(_COLUMN[what], written=self.name(entry.player), player=self.name(player)),
            )

    def settle_unplayed(self, entry: MatEntry) -> None:
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
        self.guessed = self.guessed or roll
        raise Guess(roll, plays)

    def forks(self, guess: Guess) -> list[GameReplayer]:
        """One copy of this replayer per legal play of the guessed roll, each having made it."""
        copies = []
        for index, play in enumerate(guess.plays):
            fork = copy.copy(self)
            fork.first = self.first and index == 0
            fork.do(Action.play(play.moves), guess.roll.move)
            copies.append(fork)
        return copies

    def moment(self) -> tuple[object, ...]:
        """What the rest of the game depends on: two readings at the same moment read alike."""
        flags = (id(self.unplayed), self.broken_off, self.retried, self.beavered, self.written)
        return (self.record.state, *flags)

    def entry(self, entry: MatEntry) -> None:
        if self.unplayed is not None or self.broken_off is not None:
            self.settle_unplayed(entry)  # else nothing to settle (most entries)
        state = self.record.state
        word = entry.word
        if word == "roll":
            self.roll(entry, state)
        elif word in ("doubles", "redoubles"):
            self.check_column(entry, state.to_act, "a double")
            # The value written after it ("Doubles => 4") is not checked: gnubg reads past a
            # wrong one, doubling its own cube, and a file gnubg reads must read here too.
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
            raise self.fail(
                entry.move, Refusal("raccoons (a redouble of a beaver) are not played here")
            )
        elif word == "wins":
            self.wins(entry, state)
        elif word == "losses":
            # Backgammon Galaxy writes the loser's "Losses N point(s)" (alone, after a move or
            # a take), then the winner's "Wins": the other player wins those points.
            self.wins(MatEntry(1 - entry.player, "wins", entry.text, entry.move), state)
        elif word in ("resigns", "resigned"):
            # .gam files note the resignation ("Resigns"), OpenGammon a match given up
            # ("Resigned Match"); the "Wins" line that follows carries it.
            pass
        self.beavered = False

    retried = False  # the roll entry met repeats a roll whose play was refused
    broken_off: Refusal | None = None  # why the unplayed roll's written moves are not a play

    def roll(self, entry: MatEntry, state: GameState) -> None:
        d1, d2 = entry.dice  # type: ignore[misc]
        if entry.note:
            board = _board_of_note(entry.note, self.game.names, entry.player)
            if board is not None and state.phase in (Phase.OPENING, Phase.ROLL):
                self.board_after(entry, state, board)
                return
        if state.phase is Phase.ROLL and entry.player == state.turn and not self.retried:
            # The common turn: a roll and plain moves using every die, found legal from the
            # position at hand and taken with the roll in one step.
            made = _play_of_every_die(entry.text, state.position, (d1, d2))
            if made is not None:
                try:
                    self.record = self.record.append_turn(
                        Action.roll((d1, d2)), Action.of_play(made)
                    )
                except RecordError as error:
                    raise self.fail(entry.move, error.reason) from None
                return
        if self.retried:
            self.retried = False  # the roll stands: only its play follows
        else:
            if state.phase is Phase.OPENING:
                if d1 == d2:
                    raise self.fail(
                        entry.move,
                        Refusal("the opening roll cannot be a double ({roll})", roll=f"{d1}{d2}"),
                    )
                high, low = max(d1, d2), min(d1, d2)
                dice = (high, low) if entry.player == 0 else (low, high)
            else:
                if state.phase is Phase.ROLL and entry.player != state.turn:
                    # A roll by the player not on turn: gnubg 1.07 lets the player written roll
                    # and play from the position at hand (an edited game), as the .sgf reader.
                    board = state.board_for(0)
                    self.do(Action.setup(board, entry.player, state.cube), entry.move)
                    state = self.record.state
                to_roll = state.to_act if state.phase is Phase.ROLL else None
                self.check_column(entry, to_roll, "a roll")
                if state.phase is not Phase.ROLL:
                    raise self.fail(
                        entry.move,
                        Refusal(
                            "a roll of {roll} where {expected}",
                            roll=f"{d1}{d2}",
                            expected=_expected(state),
                        ),
                    )
                dice = (d1, d2)
            self.do(Action.roll(dice), entry.move)
        after = self.record.state
        # FIBS logs "Illegal play (its board)" when a play was refused: none was made.
        text = without_illegal_plays(entry.text)
        if "?" in text or "!" in text:
            text = re.sub(r"[?!]+", " ", text)
        text = text.strip()
        blocked = after.phase is not Phase.MOVE
        lower = text.lower()
        if lower.startswith("cannot move") or lower in ("", "-", "no move"):
            if not blocked:
                self.unplayed = entry
            return
        if blocked:
            raise self.fail(
                entry.move,
                Refusal(
                    "{text}: {roll} cannot be played here", text=quoted(text), roll=f"{d1}{d2}"
                ),
            )
        try:
            play = parse_play(text, after.position, after.dice)  # type: ignore[arg-type]
        except InvalidPlay as error:
            if not is_partial_play(text, after.position, after.dice):  # type: ignore[arg-type]
                raise self.fail(entry.move, error) from None
            # Some of the play's moves only: a play broken off by the resignation that must
            # follow (the roll stays unplayed, as gnubg's forced play before a resignation).
            self.unplayed, self.broken_off = entry, error
            return
        if isinstance(play, PlayOfEveryDie):
            self.do(Action.of_play(play), entry.move)  # its moves as written, found legal
            return
        self.do(Action.play(_as_written(text, play.moves, after)), entry.move)

    def board_after(self, entry: MatEntry, state: GameState, board: Position) -> None:
        """An "Illegal play" note holding the board after the roll's play (Snowie's position
        text; DailyGammon's first line of a nackgammon game): the legal play reaching it, or
        else the board set up with the other player to roll, as gnubg 1.07 sets it (an edited
        game; the roll itself is not kept: gnubg keeps it set, and the other player's next
        roll, out of turn, ends in the same place)."""
        dice: Dice = entry.dice  # type: ignore[assignment]
        if state.phase is Phase.ROLL and entry.player == state.turn:
            seen = board if entry.player == 0 else board.flip()
            for play in legal_plays(state.position, dice):
                if play.position == seen:
                    self.do(Action.roll(dice), entry.move)
                    self.do(Action.of_play(play), entry.move)
                    return
        if self.last and entry is self.game.entries[-1]:
            # The file's last word: gnubg leaves the roller on that board with the roll to play.
            self.do(Action.setup(board, entry.player, state.cube), entry.move)
            self.do(Action.roll(dice), entry.move)
            return
        self.do(Action.setup(board, 1 - entry.player, state.cube), entry.move)

    def wins(self, entry: MatEntry, state: GameState) -> None:
        found = re.match(r"[0-9]+", entry.text)
        points = ascii_number(found.group()) if found else None
        if points is None:
            said = quoted(f"Wins {entry.text}")
            raise self.fail(
                entry.move, Refusal("{line} does not say how many points in a number", line=said)
            )
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
                    Refusal(
                        "the file says {player} wins {points}, the rules give {given}",
                        player=self.name(winner),
                        points=_plural(points),
                        given=_plural(state.points_won),
                    ),
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
            raise self.fail(
                entry.move,
                Refusal("a win by resignation where {expected}", expected=_expected(state)),
            )
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
                raise self.fail(
                    entry.move, Refusal("no resignation gives {points}", points=_plural(points))
                )
            result = min(3, -(-points // state.cube.value))
        self.do(Action.resign(result, loser), entry.move)
        self.do(Action.accept(), entry.move)

    last = False  # the file's last game read

    def finish(self, last: bool) -> None:
        self.last = last
        if self.unplayed is not None:
            self.settle_unplayed(MatEntry(0, "end", "", self.unplayed.move))
        state = self.record.state
        if not last and state.phase is not Phase.GAME_OVER:
            move = self.game.entries[-1].move if self.game.entries else 0
            raise self.fail(
                move,
                Refusal("the game stops before it is over: {expected}", expected=_expected(state)),
            )


# Every plain move's text ("13/11", "13/11*": from a point or the bar, forwards, to a point or
# off) with its origin and destination: a play's moves looked up, not parsed.
_PLAIN_MOVES = {
    f"{origin}/{destination}{hit}": (origin, destination)
    for origin in range(1, 26)
    for destination in range(origin)
    for hit in ("", "*")
}


def _play_of_every_die(text: str, position: Position, dice: Dice) -> PlayOfEveryDie | None:
    """The play of plain moves (``24/18 13/9*``) when, made as written, they use every die;
    None for any other text or play (read the general way, which also says what is wrong)."""
    words = text.split(" ")
    if len(words) > 4:
        return None
    moves = [_PLAIN_MOVES.get(word) for word in words]
    if None in moves:
        return None
    return play_of_every_die(position, dice, moves)  # type: ignore[arg-type]


_DUMP_NUMBER = re.compile(r"-?[0-9]{1,2}")


def _board_of_note(note: str, names: tuple[str, str], roller: int) -> Position | None:
    """The board of Snowie's position text as gnubg reads it (match length, Jacoby, two
    flags, player on turn, the names, Crawford game, the score, cube and owner:
    ``15;0;1;0;0;Morley;Tanguay;0;9;9;1;0;``, then 26 points and the next roll), seen from
    player 0; None for any other note (a FIBS board).
    The first name's checkers are positive, on its own points 1-24 and its bar at 25; the
    other's negative, its bar at 0. Names that are not the players': the roller's negative."""
    parts = note.split(";")
    if len(parts) < 40 or not all(_DUMP_NUMBER.fullmatch(p.strip()) for p in parts[12:38]):
        return None
    fields = [int(p) for p in parts[12:38]]
    first, second = parts[5].strip()[:MAX_NAME], parts[6].strip()[:MAX_NAME]
    if names[0] != names[1] and first in names:
        positive = names.index(first)
    elif names[0] != names[1] and second in names:
        positive = 1 - names.index(second)
    else:
        positive = 1 - roller
    if fields[0] > 0 or fields[25] < 0:
        return None
    mine = [0] * 26
    theirs = [0] * 26
    mine[25], theirs[25] = fields[25], -fields[0]
    for point in range(1, 25):
        if fields[point] > 0:
            mine[point] = fields[point]
        elif fields[point] < 0:
            theirs[25 - point] = -fields[point]
    if sum(mine) > 15 or sum(theirs) > 15:
        return None
    mine[0], theirs[0] = 15 - sum(mine), 15 - sum(theirs)
    try:
        if positive == 0:
            return Position(tuple(mine), tuple(theirs))
        return Position(tuple(theirs), tuple(mine))
    except InvalidPosition:
        return None


def _expected(state: GameState) -> Refusal:
    """What the game waits for, in the file's columns' words."""
    first = not state.to_act
    phase = state.phase
    if phase is Phase.ROLL:
        return Refusal(
            "the first player is to roll or double"
            if first
            else "the second player is to roll or double"
        )
    if phase is Phase.MOVE:
        return Refusal(
            "the first player is to play {dice}"
            if first
            else "the second player is to play {dice}",
            dice=str(state.dice),
        )
    if phase is Phase.DOUBLED:
        return Refusal(
            "the first player must answer a double"
            if first
            else "the second player must answer a double"
        )
    return waiting_for(phase)


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
    if pairs == [(m.origin, m.destination) for m in legal]:
        return tuple(pairs)  # the play was read as written
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


MAX_READINGS = 256  # readings of a game's unwritten plays followed at once, at most
# The work of all readings together, in entries read (a fork counts as one, the search for the
# legal plays of a guessed roll as GUESS_STEPS): per entry of the game, and some to start.
READING_STEPS, SPARE_STEPS, GUESS_STEPS = 8, 1024, 8


# A reading that failed: its error, the entry where (its index), whether it was the first
# reading, and its first guessed roll.
Failure = tuple[InvalidMatFile, int, bool, MatEntry | None]


def replay_game(record: Record, game: MatGame, last: bool) -> GameReplayer:
    """One game replayed; where plays were left unwritten, the first reading of them (in the
    order of the legal plays) with which the rest of the game replays. The readings are
    followed side by side, entry by entry, each from where it stands (never replayed from the
    game's start): one that fails is dropped, two that reach the same moment are one, and the
    work is at most ``READING_STEPS`` times the game's entries."""
    live = [GameReplayer(record, game)]
    live[0].last = last  # the file's last game (``finish`` says so again, match over or not)
    errors: list[Failure] = []
    budget = [READING_STEPS * len(game.entries) + SPARE_STEPS]
    for index, entry in enumerate(game.entries):
        budget[0] -= len(live)
        if budget[0] < 0:
            raise _unresolved(
                live[0], game, Refusal("too many readings of the plays left unwritten")
            )
        if len(live) == 1:  # the common case: one reading
            replayer = live[0]
            if replayer.record.state.phase is not Phase.MATCH_OVER:
                try:
                    replayer.entry(entry)  # ``_read`` of ``_entry``, without its calls
                    continue
                except Guess as guess:
                    read = _forks(replayer, guess, _step(entry), errors, index, budget)
                except InvalidMatFile as error:
                    errors.append((error, index, replayer.first, replayer.guessed))
                    live = []
                    break
            else:
                read = _read(replayer, _step(entry), errors, index, budget)
        else:
            step = _step(entry)
            read = [each for one in live for each in _read(one, step, errors, index, budget)]
        if len(read) > 1:
            survivors: dict[tuple[object, ...], GameReplayer] = {}
            for each in read:
                survivors.setdefault(each.moment(), each)
            read = list(survivors.values())
        live = read[:MAX_READINGS]
        if not live:
            break
    finished: list[GameReplayer] = []
    for replayer in live:
        finished += _read(
            replayer,
            lambda r: r.finish(last or r.record.state.phase is Phase.MATCH_OVER),
            errors,
            len(game.entries),
            budget,
        )
    if finished:
        return finished[0]
    first_error = next((error for error, _, first, _ in errors if first), errors[0][0])
    guessed = next((roll for _, _, _, roll in errors if roll), None)
    if guessed is None:
        raise first_error
    raise _unresolved_roll(game, guessed, first_error)


def _entry(replayer: GameReplayer, *, entry: MatEntry) -> None:
    if replayer.record.state.phase is Phase.MATCH_OVER and entry.word != "wins":
        raise replayer.fail(entry.move, Refusal("an action after the match is over"))
    replayer.entry(entry)


def _read(
    replayer: GameReplayer,
    step: Callable[[GameReplayer], None],
    errors: list[Failure],
    index: int,
    budget: list[int],
) -> list[GameReplayer]:
    """The readings that ``step`` leaves standing: the replayer, or its forks at a guessed
    roll (each then takes the step); a failure is noted in ``errors`` with who failed."""
    try:
        step(replayer)
        return [replayer]
    except Guess as guess:
        return _forks(replayer, guess, step, errors, index, budget)
    except InvalidMatFile as error:
        errors.append((error, index, replayer.first, replayer.guessed))
        return []


def _forks(
    replayer: GameReplayer,
    guess: Guess,
    step: Callable[[GameReplayer], None],
    errors: list[Failure],
    index: int,
    budget: list[int],
) -> list[GameReplayer]:
    """The readings left standing after ``guess``: one fork per legal play, each taking
    ``step`` (``_read``)."""
    budget[0] -= GUESS_STEPS + len(guess.plays)
    if budget[0] < 0:
        raise _unresolved(
            replayer, replayer.game, Refusal("too many readings of the plays left unwritten")
        )
    forks = replayer.forks(guess)
    return [each for fork in forks for each in _read(fork, step, errors, index, budget)]


def _step(entry: MatEntry) -> Callable[[GameReplayer], None]:
    return functools.partial(_entry, entry=entry)


def _unresolved(replayer: GameReplayer, game: MatGame, why: Refusal) -> InvalidMatFile:
    guessed = replayer.guessed
    move = guessed.move if guessed else 0
    return InvalidMatFile(game.number, move, why)


def _unresolved_roll(
    game: MatGame, guessed: MatEntry, first_error: InvalidMatFile
) -> InvalidMatFile:
    dice = f"{guessed.dice[0]}{guessed.dice[1]}"  # type: ignore[index]
    if guessed.illegal:
        # A FIBS log whose note carries the board after a play FIBS kept against the rules:
        # gnubg sets that board (an edited game); a record here holds only legal plays.
        return InvalidMatFile(
            game.number,
            guessed.move,
            Refusal(
                "the file marks the play of {roll} 'Illegal play' and the game goes on from a "
                "position no play of {roll} reaches ({error})",
                roll=dice,
                error=first_error,
            ),
        )
    return InvalidMatFile(
        game.number,
        guessed.move,
        Refusal(
            "no play written for {roll} "
            "and none of its plays agrees with the rest of the game ({error})",
            roll=dice,
            error=first_error,
        ),
    )
