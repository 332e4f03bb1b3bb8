"""What the page shows of games by link: the status line, the link to send, the list of games.

    >>> from game.engine.match import Rules
    >>> from game.web.link_play.games import FriendGames
    >>> games, game = FriendGames().invite(Rules.full(match_length=3))
    >>> link_url("https://example.org/", game).startswith("https://example.org/#friend=F1.")
    True
    >>> [row.whose_turn for row in games.rows()]
    ['waiting for your friend']

Pure functions of a ``FriendGame`` (game/formats/friend_link.py) and the page's ``Session``:
game/web/link_play/room.py applies them. While it is the friend's turn the status line says what
to do (send the link below) and what comes back; on this player's turn it is the game's own.
"""

from __future__ import annotations

import html

from game.engine.state import Phase
from game.formats.friend_link import FriendGame
from game.web.address.links import FRIEND_FRAGMENT
from game.web.board.words import blocked_text, status_text
from game.web.link_play.games import GameRow
from game.web.state.session import Session
from game.web.state.surface import Frame


def link_url(page_url: str, game: FriendGame) -> str:
    """The whole address to send: the page, then the game's last link in the fragment."""
    return f"{page_url}#{FRIEND_FRAGMENT}{game.last_link}"


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


def rows_markup(rows: list[GameRow], current: str | None) -> str:
    """The list of games by link, each with Play (or "on the board") and Remove."""
    items = []
    for number, row in enumerate(rows, 1):
        text = html.escape(row_text(row))
        game_id = html.escape(row.game_id)
        if row.game_id == current:
            play = '<span class="link-here">On the board</span>'
        else:
            play = f'<button type="button" data-link-play="{game_id}">Play</button>'
        remove = (
            f'<button type="button" data-link-remove="{game_id}" '
            f'aria-label="Remove game {number}">Remove</button>'
        )
        mark = ' class="link-row current"' if row.game_id == current else ' class="link-row"'
        items.append(
            f'<li{mark} data-link-row="{game_id}"><span class="link-row-text">{text}</span> '
            f"{play} {remove}</li>"
        )
    return "".join(items)


def link_frame(
    frame: Frame, game: FriendGame | None, rows: list[GameRow], url: str, shown: bool
) -> None:
    """The panel of games by link: the link to send while it is the friend's turn, and the
    list of games in progress. ``shown``: the table is the room on show."""
    frame.props("link-panel", hidden=not shown or game is None)
    waiting = game is not None and not game.my_turn
    frame.props("link-out", hidden=not waiting)
    frame.props("link-url", value=url if waiting else "")
    frame.text("link-games-title", f"Games by link ({len(rows)})")
    current = game.game_id.hex() if game is not None else None
    frame.html("link-games", rows_markup(rows, current))
