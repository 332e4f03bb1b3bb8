"""Share links: the game in a URL fragment, as GNU Backgammon's Position ID and Match ID.

    >>> from game.web.session import Session
    >>> fragment = share_fragment(Session.new().game)
    >>> fragment
    'gnubgid=4HPwATDgc/ABMA:cAgAAAAAAAAA'
    >>> game_from_fragment('#' + fragment).phase.value
    'opening'

The fragment is ``gnubgid=PID:MID`` (what gnubg's "set gnubgid" reads), with
``&vs=friend`` when two people share the device. Player numbers: our player 0
(cyan, at the bottom, the person at the keyboard) is gnubg's player 1, as gnubg
puts the keyboard player at the bottom.

A fragment that cannot be read raises ``LinkError`` with a message that is
shown as text (never as HTML) beside the visitor's own board.
"""

from __future__ import annotations

from dataclasses import replace
from urllib.parse import parse_qsl

from game.formats.match_id import (
    GameState as GnubgGameState, InvalidMatchId, MatchId, format_gnubg_id, parse_gnubg_id,
)
from game.formats.position_id import InvalidPositionId
from game.match import Rules
from game.position import InvalidPosition
from game.state import GameState, IllegalAction, InvalidState, Phase
from game.web.session import COMPUTER, FRIEND

MAX_FRAGMENT = 200


class LinkError(ValueError):
    """A share link that does not hold a game the page can show."""


def gnubg_player(player: int) -> int:
    """Our player number as gnubg numbers players (and back: the map is its own inverse)."""
    return 1 - player


def match_id_of(game: GameState) -> MatchId:
    """The Match ID fields of ``game``, seen from the player on turn."""
    if game.phase is Phase.OPENING:
        state = GnubgGameState.NONE
    elif game.phase in (Phase.GAME_OVER, Phase.MATCH_OVER):
        state = GnubgGameState.OVER
    else:
        state = GnubgGameState.PLAYING
    score = game.score[1], game.score[0]  # gnubg's player 0 is our player 1
    on_roll = gnubg_player(game.turn)
    return MatchId(
        cube=game.cube.value,
        cube_owner=None if game.cube.owner is None else gnubg_player(game.cube.owner),
        player_on_roll=on_roll,
        crawford=game.crawford,
        game_state=state,
        dice=game.dice if game.dice and game.phase is Phase.MOVE else (0, 0),
        match_length=game.rules.match_length,
        score=score,
    )


def share_id(game: GameState) -> str:
    """gnubg's ``PID:MID`` for the game as it stands (at the start of the turn)."""
    return format_gnubg_id(game.position, match_id_of(game))


def share_fragment(game: GameState, opponent: str = COMPUTER) -> str:
    fragment = f"gnubgid={share_id(game)}"
    return fragment + ("&vs=friend" if opponent == FRIEND else "")


def read_fragment(fragment: str) -> tuple[GameState, str] | None:
    """(game, opponent) from ``#gnubgid=...``; None when the fragment holds no game at all."""
    text = fragment[1:] if fragment.startswith("#") else fragment
    if len(text) > MAX_FRAGMENT:
        raise LinkError("the link is too long to be a game")
    if not text or "=" not in text:
        return None  # empty, or an anchor in the page (#how-to-play)
    try:
        fields = dict(parse_qsl(text, keep_blank_values=True, strict_parsing=True))
    except ValueError:
        raise LinkError("the link's game part is not in the form gnubgid=...") from None
    if "gnubgid" not in fields:
        if any(key in fields for key in ("vs",)):
            raise LinkError("the link names no game (gnubgid=... is missing)")
        return None
    opponent = fields.get("vs", COMPUTER)
    if opponent not in (COMPUTER, FRIEND):
        raise LinkError("the link names an unknown opponent")
    return game_from_id(fields["gnubgid"]), opponent


def game_from_fragment(fragment: str) -> GameState:
    found = read_fragment(fragment)
    if found is None:
        raise LinkError("the link holds no game")
    return found[0]


def game_from_id(gnubg_id: str) -> GameState:
    """The game a ``PID:MID`` describes, under the Simple rules; ``LinkError`` if it cannot be played."""
    try:
        position, match = parse_gnubg_id(gnubg_id)
    except (InvalidMatchId, InvalidPositionId, InvalidPosition) as error:
        raise LinkError(f"the link's game cannot be read: {error}") from None
    if match.cube != 1 or match.cube_owner is not None or match.double_offered:
        raise LinkError("the link's game uses the doubling cube, which this page does not play yet")
    if match.resignation:
        raise LinkError("the link's game has a resignation waiting, which this page does not show")
    if match.game_state not in (GnubgGameState.NONE, GnubgGameState.PLAYING):
        raise LinkError("the game in the link is already over")
    if match.turn != match.player_on_roll:
        raise LinkError("the link's game waits for a decision this page does not show")
    score = match.score[1], match.score[0]
    try:
        rules = Rules.simple(match.match_length)
        if match.game_state is GnubgGameState.NONE:
            return GameState.new(rules, score)
        if position.is_game_over():
            raise LinkError("the game in the link is already over")
        turn = gnubg_player(match.player_on_roll)
        game = GameState.new(rules, score)
        game = replace(game, turn=turn, position=position, phase=Phase.ROLL,
                       crawford=match.crawford, last_event="A shared position")
        if match.dice != (0, 0):
            game = game.set_dice(match.dice)
        return game
    except (InvalidState, IllegalAction, ValueError) as error:
        if isinstance(error, LinkError):
            raise
        raise LinkError(f"the link's game cannot be played here: {error}") from None


def same_game(first: GameState, second: GameState) -> bool:
    """Do two games stand at the same point (so opening a link changes nothing)?"""
    return share_id(first) == share_id(second)


__all__ = ["LinkError", "share_fragment", "share_id", "read_fragment", "game_from_id",
           "game_from_fragment", "match_id_of", "same_game"]
