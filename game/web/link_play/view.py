"""What the page shows of games by link: the status line, the link to send, the list of games.

    >>> from game.engine.match import Rules
    >>> from game.web.link_play.games import FriendGames
    >>> games, game = FriendGames().invite(Rules.full(match_length=3))
    >>> link_url("https://example.org/", game).startswith("https://example.org/#friend=F1.")
    True
    >>> [row.whose_turn for row in games.rows()]
    ['waiting for your friend']

Pure functions of a ``FriendGame`` (game/formats/friend_link.py) and the page's ``Session``:
game/web/link_play/room.py applies them; the words are game/web/link_play/words.py's.
"""

from __future__ import annotations

import html

from game.formats.friend_link import FriendGame
from game.web.address.links import FRIEND_FRAGMENT
from game.web.language.catalog import _
from game.web.link_play.games import GameRow
from game.web.link_play.words import games_title, remove_label, row_text
from game.web.state.surface import Frame


def link_url(page_url: str, game: FriendGame) -> str:
    """The whole address to send: the page, then the game's last link in the fragment."""
    return f"{page_url}#{FRIEND_FRAGMENT}{game.last_link}"


def rows_markup(rows: list[GameRow], current: str | None) -> str:
    """The list of games by link, each with Play (or "on the board") and Remove."""
    items = []
    for number, row in enumerate(rows, 1):
        text = html.escape(row_text(row))
        game_id = html.escape(row.game_id)
        if row.game_id == current:
            play = f'<span class="link-here">{html.escape(_("On the board"))}</span>'
        else:
            words = html.escape(_("Play"))
            play = f'<button type="button" data-link-play="{game_id}">{words}</button>'
        remove = (
            f'<button type="button" data-link-remove="{game_id}" '
            f'aria-label="{html.escape(remove_label(number))}">{html.escape(_("Remove"))}</button>'
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
    frame.text("link-games-title", games_title(len(rows)))
    current = game.game_id.hex() if game is not None else None
    frame.html("link-games", rows_markup(rows, current))
