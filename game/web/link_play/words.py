"""Play by link's own words: the status line while a game by link waits (what to send, what
comes back), a game of the list in words, and the room's questions and notices.

    >>> row_text(GameRow("ab", "3-point match", (1, 0), "your turn"))
    '3-point match \u00b7 You 1\u20130 Friend \u00b7 your turn'
"""

from __future__ import annotations

from game.engine.state import Phase
from game.formats.friend_link import FriendGame
from game.web.board.words import blocked_text, status_text
from game.web.link_play.games import GameRow
from game.web.state.prompts import Prompt
from game.web.state.session import Session

SHARE_TITLE = "Your turn in our backgammon game"
NO_STORAGE = (
    "This browser does not keep the games by link here (no storage): keep "
    "this tab open, or your friend's next link cannot be opened."
)
LEAVE_FOR_A_FRIEND = Prompt(
    "Play a friend by link? The game in progress here will be lost.",
    "Play a friend by link",
    "Keep playing",
)
PLAY_IT_NOW = Prompt(
    "Your friend's link is taken in. Play it now? The game in progress "
    "here will be lost (the game by link stays in your list).",
    "Play it now",
    "Keep my game",
)
REMOVE_IT = Prompt(
    "Remove this game by link from this browser? Your friend's links for it will "
    "no longer open here.",
    "Remove it",
    "Keep it",
)


def not_taken(error: object) -> str:
    return f"That was not taken: {error}."


def refused(reason: object, games_as_they_were: bool = False) -> str:
    """A friend's link refused: nothing changed."""
    if games_as_they_were:
        return f"This link was refused: {reason}. Nothing was changed: your games are as they were."
    return f"This link was refused: {reason}. Nothing was changed."


def games_title(count: int) -> str:
    return f"Games by link ({count})"


def remove_label(number: int) -> str:
    return f"Remove game {number}"


def link_status(game: FriendGame, session: Session) -> str:
    """The status line of a game by link: whose turn it is, in plain words."""
    state = game.record.state
    words = status_text(session)
    if game.my_turn:
        if state.phase is Phase.MATCH_OVER:
            return words
        if state.phase is Phase.GAME_OVER:
            return f"{words} Next game: roll to start it."
        return words
    send = "Send your friend the link below"
    if game.over:
        return f"{words} {send}: it shows them the end."
    if game.seq == 1 and game.me == 0:
        return f"{send}: it invites them to this game. Their answer lets you roll to start."
    if state.phase is Phase.OPENING:
        return f"{send}: it lets them roll to start the game. Then open the link they send back."
    if state.phase is Phase.GAME_OVER:
        return f"{words} {send}: it lets them roll for the next game."
    if game.ready_sent:
        return "You roll: send your friend the link below. Their answer brings your dice."
    if state.phase in (Phase.DOUBLED, Phase.RESIGNED):
        return f"{words} {send}, then open their answer."
    # A roll of mine that could not be played is said before the wait for the friend.
    waiting = (
        "Waiting for your friend: send them the link below, then open the link they send back."
    )
    return blocked_text(session) + waiting


def row_text(row: GameRow) -> str:
    """One game of the list in words: ``3-point match · You 1-0 Friend · your turn``."""
    score = f"You {row.score[0]}\u2013{row.score[1]} Friend"
    return f"{row.match} \u00b7 {score} \u00b7 {row.whose_turn}"
