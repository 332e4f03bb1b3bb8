"""The page's history of the match: a ``Record`` kept beside the saved game, small.

    >>> from game.engine.match import Rules
    >>> from game.engine.record import Action, Record
    >>> record = Record.new(Rules.full(match_length=3)).append(Action.roll((3, 1)))
    >>> data = history_data(record)
    >>> data["version"], data["game"]
    (1, '1.1o..1.Cg.6e')
    >>> read_history(data, record.state) == record
    True

The record is saved as its whole-game link text (``game.formats.game_link``), a few
bytes a turn (``tools/bench/record.py`` prints the size of a 25-point match). Reading
is total: a history that is missing, from another version, damaged, or that does
not end at the saved game gives way to an empty history starting at the saved game,
so the game itself is never lost (a save from before histories opens that way).
A play read back is the generator's moves for the same play. The match's dice seeds
(``game.web.state.dice_box``) are kept in the same data, so they are read with the record they
belong to or not at all.
"""

from __future__ import annotations

from game.bot.level_names import LEVEL_NAMES  # the names only: the bot is not loaded
from game.engine.record import Record, same_moment
from game.engine.state import GameState
from game.formats.game_link import InvalidGameLink, decode_game, encode_game
from game.web.state.dice_box import DiceBox
from game.web.state.session import MAX_NAME
from game.web.store.seats import format_seats, needs_seats, read_seats

HISTORY_VERSION = 1


def _level(level: object) -> str | None:
    """A level read back: one of the computer's, or none."""
    return level if isinstance(level, str) and level in LEVEL_NAMES else None


def history_data(record: Record, dice: DiceBox | None = None) -> dict[str, object]:
    """JSON-able data for the save; ``dice``: the match's seeds (the game in progress's too:
    the save stays in this browser, and a reload must throw the same dice)."""
    data: dict[str, object] = {
        "version": HISTORY_VERSION,
        "game": encode_game(record),
        "names": list(record.names),
        "levels": list(record.levels),  # the computer's level; a save without: seated anew
    }
    if needs_seats(record):  # who played which part (a page from before reads names, levels)
        data["seats"] = format_seats(record)
    if dice is not None and dice.seeds:
        data["dice"] = dice.to_data()
    return data


def read_history(data: object, game: GameState) -> Record:
    """The saved history if it reads and ends at ``game``; otherwise a history that starts
    at ``game``."""
    return read_history_and_dice(data, game)[0]


def read_history_and_dice(data: object, game: GameState) -> tuple[Record, DiceBox | None]:
    """``read_history``, and the seeds saved with it: None when none were saved (or the
    history itself gave way), an empty box when they cannot be read (``DiceBox.from_data``
    is total)."""
    fresh = Record(game)
    if not isinstance(data, dict) or data.get("version") != HISTORY_VERSION:
        return fresh, None
    try:
        record = decode_game(data.get("game"))
    except InvalidGameLink:
        return fresh, None
    names = data.get("names")
    if isinstance(names, list) and len(names) == 2 and all(isinstance(n, str) for n in names):
        record = record.with_names((names[0][:MAX_NAME], names[1][:MAX_NAME]))
    levels = data.get("levels")
    if isinstance(levels, list) and len(levels) == 2:
        record = record.with_levels((_level(levels[0]), _level(levels[1])))
    seats = data.get("seats")
    if isinstance(seats, str):
        record = read_seats(seats, record) or record
    if not same_moment(record.state, game):
        return Record(game, ((),), seats=(((1, 0), record.seats[-1][1]),)), None
    if "dice" not in data:
        return record, None
    return record, DiceBox.from_data(data["dice"])
