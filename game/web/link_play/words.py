"""Play by link's own words: the status line while a game by link waits (what to send, what
comes back), a game of the list in words, and the room's questions and notices.

    >>> row_text(GameRow("ab", "3-point match", (1, 0), "your turn"))
    '3-point match \u00b7 You 1\u20130 Friend \u00b7 your turn'
"""

from __future__ import annotations

from game.engine.state import Phase
from game.formats.friend_link import FriendGame
from game.web.board.words import blocked_text, status_text
from game.web.language.catalog import N_, _
from game.web.link_play.games import GameRow
from game.web.state.prompts import Prompt
from game.web.state.session import Session

SHARE_TITLE = N_("Your turn in our backgammon game")
NO_STORAGE = N_(
    "This browser does not keep the games by link here (no storage): keep this tab open, or "
    "your friend's next link cannot be opened."
)
SENT = {
    "shared": N_("Sent. Now wait for your friend's link."),
    "copied": N_("Copied: paste it to your friend in any chat or mail."),
}


def leave_for_a_friend() -> Prompt:
    return Prompt(
        _("Play a friend by link? The game in progress here will be lost."),
        _("Play a friend by link"),
        _("Keep playing"),
    )


def play_it_now() -> Prompt:
    return Prompt(
        _(
            "Your friend's link is taken in. Play it now? The game in progress here will be "
            "lost (the game by link stays in your list)."
        ),
        _("Play it now"),
        _("Keep my game"),
    )


def remove_it() -> Prompt:
    return Prompt(
        _(
            "Remove this game by link from this browser? Your friend's links for it will no "
            "longer open here."
        ),
        _("Remove it"),
        _("Keep it"),
    )


def not_taken(error: object) -> str:
    return _("That was not taken: {reason}.", reason=error)


def refused(reason: object, games_as_they_were: bool = False) -> str:
    """A friend's link refused: nothing changed."""
    if games_as_they_were:
        return _(
            "This link was refused: {reason}. Nothing was changed: your games are as they were.",
            reason=reason,
        )
    return _("This link was refused: {reason}. Nothing was changed.", reason=reason)


def games_title(count: int) -> str:
    return _("Games by link ({count})", count=count)


def remove_label(number: int) -> str:
    return _("Remove game {number}", number=number)


def link_status(game: FriendGame, session: Session) -> str:
    """The status line of a game by link: whose turn it is, in plain words."""
    state = game.record.state
    words = status_text(session)
    if game.my_turn:
        if state.phase is Phase.MATCH_OVER:
            return words
        if state.phase is Phase.GAME_OVER:
            return words + " " + _("Next game: roll to start it.")
        return words
    if game.over:
        return words + " " + _("Send your friend the link below: it shows them the end.")
    if game.seq == 1 and game.me == 0:
        return _(
            "Send your friend the link below: it invites them to this game. Their answer lets "
            "you roll to start."
        )
    if state.phase is Phase.OPENING:
        return _(
            "Send your friend the link below: it lets them roll to start the game. Then open "
            "the link they send back."
        )
    if state.phase is Phase.GAME_OVER:
        return (
            words + " " + _("Send your friend the link below: it lets them roll for the next game.")
        )
    if game.ready_sent:
        return _("You roll: send your friend the link below. Their answer brings your dice.")
    if state.phase in (Phase.DOUBLED, Phase.RESIGNED):
        return words + " " + _("Send your friend the link below, then open their answer.")
    # A roll of mine that could not be played is said before the wait for the friend.
    return blocked_text(session) + _(
        "Waiting for your friend: send them the link below, then open the link they send back."
    )


def row_text(row: GameRow) -> str:
    """One game of the list in words: ``3-point match · You 1-0 Friend · your turn``."""
    return _(
        "{match} \u00b7 You {mine}\u2013{theirs} Friend \u00b7 {turn}",
        match=row.match,
        mine=row.score[0],
        theirs=row.score[1],
        turn=row.whose_turn,
    )
