"""Links in and out: a shared position or game opened, Share's link written.

    sharing.open_link("#pid=...&mid=...")   # a position: the person's to play (asks first
                                            # when it would replace a game in progress)
    await sharing.share()                   # the link copied, or shown to copy

A link to a position (game/web/address/links.py) is opened for the person to play from the side to
move; a whole-game link (``game=``) opens the review at its last moment, the live game kept
until the person chooses to play on (game/web/review/room.py).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import replace

from game.engine.state import GameState
from game.engine.text import unquote
from game.formats.game_link import encode_game, format_link_dice
from game.web.address import links
from game.web.address.embed_params import EmbedError, gnubg_id_of_xgid
from game.web.address.links import is_friend_link, reader_on_roll
from game.web.board.words import broken_link_notice
from game.web.sharing import words
from game.web.state.commit import Page
from game.web.state.notices import Notices
from game.web.state.page_state import seated_at
from game.web.state.session import COMPUTER, Session
from game.web.state.surface import Clicks
from game.web.store.seats import seats_part


class Sharing:
    def __init__(self, page: Page, notices: Notices, open_game_link: Callable[[str], None]) -> None:
        self.page = page
        self.notices = notices
        self.open_game_link = open_game_link  # a whole game's link opens in the review
        self.take_links = True  # an embed's fragment is its own position, not a link to take
        self.friend_link: Callable[[str], None] | None = None  # a game by link's (link_play)

    def clicks(self) -> Clicks:
        return {"#share": lambda: self.page.around.spawn(self.share())}

    def open_link(self, fragment: str) -> None:
        if not self.take_links:
            return
        if self.friend_link is not None and is_friend_link(fragment):
            self.page.around.clear_fragment()  # the link is taken once; a reload does not
            self.friend_link(fragment)
            return
        try:
            fragment = xgid_as_gnubg_id(fragment)
        except EmbedError as error:
            self.page.around.clear_fragment()
            self.notices.ask(broken_link_notice(error))
            return
        if "game=" in fragment:
            self.page.around.clear_fragment()
            self.open_game_link(fragment)
            return
        try:
            found = links.read_fragment(fragment)
        except links.LinkError as error:
            self.page.around.clear_fragment()
            self.notices.ask(broken_link_notice(error))
            return
        if found is None:
            return
        game, opponent = found
        self.page.around.clear_fragment()
        state = self.page.state
        if links.same_game(game, state.session.game):
            return

        def take_link() -> None:
            self.take_position(game, opponent)

        if state.session.in_progress and not self.page.embed:
            self.notices.ask(words.shared_game_question(), take_link)
        else:
            take_link()

    def take_position(self, game: GameState, opponent: str) -> None:
        """Make ``game`` the live game, ``opponent`` the other side: against the computer the
        person plays the side to move (as in gnubg and XG), the computer the other."""
        if opponent == COMPUTER:
            game = reader_on_roll(game)
        state = self.page.state
        settings = dataclasses.replace(state.session.settings, opponent=opponent)
        session = Session(state.session.game, settings).after(game)
        self.page.commit(replace(state, session=session, replay=None, drawn=None))

    async def share(self) -> None:
        state = self.page.state
        fragment = links.share_fragment(state.session.game, state.session.settings.opponent)
        fragment += f"&game={encode_game(state.history)}"  # the whole game: opens as a review
        dice = format_link_dice(state.live_dice())  # commitments, finished games' seeds
        fragment += f"&dice={dice}" if dice else ""
        # Who played what, and who plays on now: players changed in Settings since the last
        # action take over from the end (the link's vs= says the same), so the link opens as
        # this review and its game goes on as it was going on here.
        players = seated_at(state.history, state.session)
        fragment += links.names_part(players.names)  # kept by whoever opens it
        fragment += links.levels_part(players.levels) + seats_part(players)
        url = f"{self.page.around.page_url()}#{fragment}"
        copied = await self.page.around.copy(url)
        self.notices.ask(words.share_notice(copied), url=url)


def xgid_as_gnubg_id(fragment: str) -> str:
    """A link's ``xgid=XGID`` as the ``gnubgid=PID:MID`` the page reads (as embed.html does);
    other fragments unchanged. Raises ``EmbedError`` in words for an XGID it cannot read.

    >>> xgid_as_gnubg_id("#xgid=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:0:10&vs=friend")
    'gnubgid=4HPwATDgc/ABMA:cIkKAAAAAAAE&vs=friend'
    """
    text = fragment[1:] if fragment.startswith("#") else fragment
    parts = text.split("&")
    found = next((part for part in parts if part.startswith("xgid=")), None)
    if found is None or any(part.startswith("gnubgid=") for part in parts):
        return fragment
    gnubg_id, beaver = gnubg_id_of_xgid(unquote(found[len("xgid=") :]))
    rest = [part for part in parts if part is not found]
    head = f"gnubgid={gnubg_id}" + ("&beaver=1" if beaver else "")
    return "&".join([head, *rest])
