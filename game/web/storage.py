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
from game.position import BAR
from game.state import InvalidState
from game.turn import IllegalMove, Turn
from game.web.session import BEAVERED, REFUSED, TAKEN, Session, Settings, SettingsError

KEY = "backgammon.save"
APP = "backgammon"
VERSION = 1
MAX_LENGTH = 20_000  # a real save is about 1 KB; anything far bigger is not ours


class SaveError(ValueError):
    """A saved game that cannot be read back."""


def save_data(session: Session) -> dict:
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
    if not isinstance(text, str) or len(text) > MAX_LENGTH:
        raise SaveError("the saved game is not readable")
    try:
        data = json.loads(text)
    except ValueError:
        raise SaveError("the saved game is damaged (not valid JSON)") from None
    return load_data(data)


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
    if not isinstance(moves, list):
        raise SaveError("the saved game is damaged: moves must be a list")
    if moves:
        if session.turn is None:
            raise SaveError("the saved game is damaged: moves saved outside a turn")
        try:
            turn = Turn.replay(session.turn.start_position, session.turn.dice, moves)
        except (IllegalMove, TypeError) as error:
            raise SaveError(f"the saved game is damaged: {error}") from None
        session = Session(game, settings, turn=turn)
    selected = data.get("selected")
    if (
        session.turn is not None
        and isinstance(selected, int)
        and not isinstance(selected, bool)
        and selected in session.turn.origins()
    ):
        session = Session(game, settings, turn=session.turn, selected=selected)
    last_play = _read_last_play(data.get("last_play"))
    news = _read_news(data.get("news"))
    return Session(game, settings, session.turn, session.selected, last_play, news)


def _read_news(data: object) -> tuple[str, int] | None:
    """The last answer to a double or resignation is words only: anything odd is dropped."""
    if not isinstance(data, list) or len(data) != 2:
        return None
    what, player = data
    if what not in (TAKEN, BEAVERED, REFUSED) or player not in (0, 1) or isinstance(player, bool):
        return None
    return what, player


def _last_play_data(last_play: tuple[int, tuple[tuple[int, int, bool], ...]] | None) -> list | None:
    if last_play is None:
        return None
    player, moves = last_play
    return [player, [list(move) for move in moves]]


def _read_last_play(data: object) -> tuple[int, tuple[tuple[int, int, bool], ...]] | None:
    """The trail of the last play is decoration: anything odd is dropped, not an error.
    Each move is [origin, destination, hit]; saves before the hit was kept have no hits."""
    if not isinstance(data, list) or len(data) != 2 or data[0] not in (0, 1):
        return None
    moves = data[1]
    if not isinstance(moves, list) or len(moves) > 4:
        return None
    pairs = []
    for move in moves:
        if (
            not isinstance(move, list)
            or len(move) not in (2, 3)
            or not all(
                isinstance(p, int) and not isinstance(p, bool) and 0 <= p <= BAR for p in move[:2]
            )
            or (len(move) == 3 and not isinstance(move[2], bool))
        ):
            return None
        pairs.append((move[0], move[1], len(move) == 3 and move[2]))
    return data[0], tuple(pairs)
