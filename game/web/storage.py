"""The saved game: a ``Session`` as versioned JSON text, and back.

    >>> from game.web.session import Session
    >>> text = save_text(Session.new())
    >>> load_text(text).game.phase.value
    'opening'
    >>> load_text('{"app": "backgammon", "version": 0}')
    Traceback (most recent call last):
    ...
    game.web.storage.SaveError: the saved game is from an older version (format 0, now 1)

The text holds the game (``game.formats.save.write_save``), the moves of the play in
progress (so a reload in the middle of a turn puts the checkers back where
they were), the checker picked up, and the settings. Anything that does not
read back exactly raises ``SaveError`` with a message for the player; the page
then offers a new game instead of crashing.
"""

from __future__ import annotations

import json

from game.formats.save import read_save, write_save
from game.position import BAR, OFF
from game.state import InvalidState
from game.turn import IllegalMove, Turn
from game.web.session import BEAVERED, REFUSED, TAKEN, Session, Settings, SettingsError

KEY = "backgammon.save"
APP = "backgammon"
VERSION = 1
MAX_LENGTH = 20_000  # a real save is about 1 KB; anything far bigger is not ours
MAX_NESTING = 16  # a real save nests 4 deep (the last play's moves)
MAX_HISTORY_LENGTH = 1_000_000  # the game's history (its whole-game link) beside the save


class SaveError(ValueError):
    """A saved game that cannot be read back."""


def save_data(session: Session) -> dict[str, object]:
    return {
        "app": APP,
        "version": VERSION,
        "game": write_save(session.game),
        "moves": session.turn.to_list() if session.turn is not None else [],
        "selected": session.selected,
        "settings": session.settings.to_dict(),
        "last_play": _last_play_data(session.last_play),
        "news": list(session.news) if session.news is not None else None,
    }


def save_text(session: Session) -> str:
    return json.dumps(save_data(session), separators=(",", ":"))


def load_text(text: str) -> Session:
    """The session saved in ``text``; raises ``SaveError`` saying what is wrong."""
    return load_data(parse_stored(text))


def parse_stored(text: object, max_length: int = MAX_LENGTH) -> object:
    """JSON text from localStorage as data; ``SaveError`` for anything else. Every stored
    text the page reads goes through here."""
    if not isinstance(text, str) or len(text) > max_length:
        raise SaveError("the saved game is not readable")
    if nesting_depth(text) > MAX_NESTING:
        # Refused before parsing: in the page, JSON nested thousands deep overflows the
        # browser's stack inside json.loads, which no Python handler can catch.
        raise SaveError("the saved game is damaged (nested too deep)")
    try:
        return json.loads(text)
    except (ValueError, RecursionError):  # ValueError: bad JSON, a number over 4,300 digits
        raise SaveError("the saved game is damaged (not valid JSON)") from None


def nesting_depth(text: str) -> int:
    """How deep the ``[`` and ``{`` of JSON text nest (brackets inside strings not counted).

    >>> nesting_depth('{"a": [1, "[[["]}'), nesting_depth('[' * 9975)
    (2, 9975)
    """
    depth = deepest = 0
    in_string = escaped = False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif char in "]}":
            depth -= 1
    return deepest


def load_data(data: object) -> Session:
    if not isinstance(data, dict) or data.get("app") != APP:
        raise SaveError("the saved data is not a backgammon game")
    version = data.get("version")
    if version != VERSION:
        if isinstance(version, int) and not isinstance(version, bool) and version < VERSION:
            raise SaveError(
                f"the saved game is from an older version (format {version}, now {VERSION})"
            )
        raise SaveError(f"the saved game has an unknown format ({version!r})")
    try:
        game = read_save(data.get("game"))
        settings = Settings.from_dict(data.get("settings", {}))
    except (InvalidState, SettingsError) as error:
        raise SaveError(f"the saved game is damaged: {error}") from None
    session = Session(game, settings)._after(game)
    moves = data.get("moves", [])
    if (
        not isinstance(moves, list)
        or len(moves) > 4
        or not all(_is_point_pair(action) for action in moves)
    ):
        raise SaveError("the saved game is damaged: moves must be up to four [from, to] pairs")
    if moves:
        if session.turn is None:
            raise SaveError("the saved game is damaged: moves saved outside a turn")
        try:
            turn = Turn.replay(session.turn.start_position, session.turn.dice, moves)
        except IllegalMove as error:
            raise SaveError(f"the saved game is damaged: {error}") from None
        session = Session(game, settings, turn=turn)
    selected = data.get("selected")
    if session.turn is not None and type(selected) is int and selected in session.turn.origins():
        session = Session(game, settings, turn=session.turn, selected=selected)
    last_play = _read_last_play(data.get("last_play"))
    news = _read_news(data.get("news"))
    return Session(game, settings, session.turn, session.selected, last_play, news)


def _read_news(data: object) -> tuple[str, int] | None:
    """The last answer to a double or resignation is words only: anything odd is dropped."""
    if not isinstance(data, list) or len(data) != 2:
        return None
    what, player = data
    if what not in (TAKEN, BEAVERED, REFUSED) or type(player) is not int or player not in (0, 1):
        return None
    return what, player


def _last_play_data(
    last_play: tuple[int, tuple[tuple[int, int, bool], ...]] | None,
) -> list[object] | None:
    if last_play is None:
        return None
    player, moves = last_play
    return [player, [list(move) for move in moves]]


def _read_last_play(data: object) -> tuple[int, tuple[tuple[int, int, bool], ...]] | None:
    """The trail of the last play is decoration: anything odd is dropped, not an error.
    Each move is [origin, destination, hit]; saves before the hit was kept have no hits."""
    if not isinstance(data, list) or len(data) != 2 or type(data[0]) is not int:
        return None
    player, moves = data
    if player not in (0, 1) or not isinstance(moves, list) or len(moves) > 4:
        return None
    if not all(_is_move(move) for move in moves):
        return None
    return player, tuple((move[0], move[1], len(move) == 3 and move[2]) for move in moves)


def _is_point_pair(value: object) -> bool:
    """``[from, to]``: two point numbers 0 (off) to 25 (the bar), as whole numbers."""
    return (
        isinstance(value, list)
        and len(value) == 2
        and all(type(point) is int and OFF <= point <= BAR for point in value)
    )


def _is_move(value: object) -> bool:
    """``[from, to]`` or ``[from, to, hit]``: two point numbers 0 (off) to 25 (the bar), as
    whole numbers, and whether it hit."""
    return (
        isinstance(value, list)
        and len(value) in (2, 3)
        and all(type(point) is int and OFF <= point <= BAR for point in value[:2])
        and (len(value) == 2 or type(value[2]) is bool)
    )
