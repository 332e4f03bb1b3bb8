"""Games with a friend anywhere, by link: started, played, sent, opened, listed, removed.

    link_play.start(rules)           # a new game by link: its invitation is the link to send
    link_play.open("#friend=F1....")  # a friend's link taken in (or refused, nothing changed)
    await link_play.send()           # the link to send: the share sheet, else the clipboard

The protocol is game/formats/friend_link.py; the games on this device are a ``FriendGames``
(game/web/link_play/games.py), this room's slice of the page's state (``links``,
``link_game`` the one on the board) and in localStorage (``GAMES_KEY``). The person plays
the game on the board as any other: the table's actions make the next ``Session``;
``follow`` (a watcher of the page's commits) hands each new action of the record to the
``FriendGame`` and, once the person's part of the turn is done, makes the link to send. The
dice come only from the game by link (``roll``). A link refused is said in plain words; the
games stay as they were.
"""

from __future__ import annotations

import contextlib
import dataclasses
import json
from dataclasses import replace

from game.engine.plays import Play
from game.engine.record import Action, ActionKind, Record, play_of
from game.engine.state import GameState, Phase
from game.engine.turn import Turn
from game.formats.friend_link import FriendGame, LinkRefused, game_id_of
from game.web.board.words import new_game_question
from game.web.language.catalog import told
from game.web.link_play import words
from game.web.link_play.games import FriendGames, games_of
from game.web.link_play.view import link_frame, link_url
from game.web.state.commit import Moment, Page
from game.web.state.dice_box import DiceBox
from game.web.state.notices import Notices
from game.web.state.page_state import TABLE, PageState
from game.web.state.session import (
    COMPUTER,
    LINK,
    NEWS_OF_ANSWER,
    Session,
    Settings,
    player_name,
)
from game.web.state.surface import Clicks, Frame, Picks, apply
from game.web.store.door import GAMES_VERSION, LINKS, Door
from game.web.worker.computer import STEP_SECONDS

GAMES_KEY = LINKS  # the door declares every key (game/web/store/door.py)


def new_actions(old: Record, new: Record) -> list[Action]:
    """The actions of ``new`` after those of ``old``, counted game by game (``new`` follows
    the page's moves, ``old`` is the game by link)."""
    if new.start != old.start or len(new.games) < len(old.games):
        return []
    found: list[Action] = []
    for index in range(len(old.games) - 1, len(new.games)):
        done = len(old.games[index]) if index == len(old.games) - 1 else 0
        found.extend(new.games[index][done:])
    return found


def still_mine(game: FriendGame) -> bool:
    """Has this player something left to do before its link goes (roll, decide, play)?"""
    if not game.my_turn:
        return False
    if game.may_roll() or game.needs_ready():
        return True
    state = game.record.state
    active = (Phase.ROLL, Phase.MOVE, Phase.DOUBLED, Phase.RESIGNED)
    return state.phase in active and state.to_act == game.me


def settle(game: FriendGame) -> FriendGame:
    """The game with its link made once this player's part of the turn is done (nothing to
    send when the friend's link ended the match)."""
    if not game.my_turn or still_mine(game):
        return game
    if game.over and game.record == game.agreed:
        return game
    return game.send()


def decided(game: FriendGame) -> bool:
    """This player is on roll and has sent its cube decision (a double, or "I roll"): the
    friend's answer brings the dice, rolled at once."""
    state = game.record.state
    return state.turn == game.me and (
        (state.phase is Phase.ROLL and game.ready_sent) or state.phase is Phase.DOUBLED
    )


def friend_play(old: Record | None, game: FriendGame) -> tuple[GameState, Play] | None:
    """The friend's last play among the actions ``game`` has beyond ``old`` (the state it
    was made from, and the play), to draw it move by move; None when there is none."""
    record = game.record
    found = None
    before: GameState | None = None
    for number, index, after in record.steps():
        action = record.games[number - 1][index - 1] if index else None
        new = old is None or number > len(old.games) or index > len(old.games[number - 1])
        played = action is not None and action.kind is ActionKind.PLAY
        if played and new and before is not None and before.turn != game.me:
            assert action is not None
            found = (before, play_of(before.position, action.moves))
        before = after
    return found


def session_of(game: FriendGame, settings: Settings) -> Session:
    """The page's session for a game by link: this device's side at the bottom, the last play
    drawn, the last answer to a double or a resignation said."""
    record = game.record
    state = record.state
    settings = dataclasses.replace(settings, opponent=LINK)
    session = Session(state, settings, link_side=game.me).after(state)
    last_play = None
    news: tuple[str, int] | None = None
    before: GameState | None = None
    last_game = len(record.games)
    for number, index, after in record.steps():
        if number == last_game and index > 0 and before is not None:
            action = record.games[number - 1][index - 1]
            if action.kind is ActionKind.PLAY:
                moves = play_of(before.position, action.moves).moves
                last_play = (before.turn, tuple((m.origin, m.destination, m.hit) for m in moves))
                news = None
            elif action.kind in (ActionKind.TAKE, ActionKind.BEAVER, ActionKind.REJECT):
                what = NEWS_OF_ANSWER[action.kind]
                answerer = before.to_act
                news = None if answerer is None else (what, answerer)
            elif action.kind is ActionKind.ROLL:
                news = None
        before = after
    return replace(session, last_play=last_play, news=news)


class LinkPlay:
    def __init__(self, page: Page, notices: Notices, door: Door) -> None:
        self.page = page
        self.notices = notices
        self.door = door  # the games by link, kept in this browser
        self.sent: str | None = None  # the link last shared or copied, for "copied" words
        self.said = ""  # how it went: "shared", "copied" or "" (to select and copy)
        self.told_storage = False
        self.written: dict[bytes, tuple[FriendGame, dict[str, object]]] = {}  # game: its data
        page.watchers.append(self.follow)
        page.painted.append(self.paint)

    # ----- the games on this device ---------------------------------------------------------

    def clicks(self) -> Clicks:
        """Send our link, start a game by link, open a friend's pasted link."""
        return {
            "#link-send": lambda: self.page.around.spawn(self.send()),
            "#link-new": self.start,
            "#link-open": self.open_pasted,
        }

    def picks(self) -> Picks:
        """A game of the list of games by link: play it, or remove it."""
        return [
            ("#link-games", "link-play", self.choose),
            ("#link-games", "link-remove", self.remove),
        ]

    def open_pasted(self) -> None:
        """A friend's link pasted into the panel of games by link."""
        surface = self.page.surface
        text = surface.value("link-paste").strip()
        if text:
            surface.props("link-paste", value="")
            self.open(text)

    def stored(self) -> tuple[FriendGames, bytes | None]:
        """The games by link kept in this browser, and the one on the board."""
        data = self.door.data(LINKS)  # nothing readable: no games (a damaged list kept aside)
        board = None
        if isinstance(data, dict) and isinstance(data.get("board"), str):
            with contextlib.suppress(ValueError):
                board = bytes.fromhex(data["board"])
        return FriendGames.from_data(data), board

    def newer(self, games: FriendGames, add: bool = False) -> FriendGames:
        """``games`` with those another tab took further (more links) as it left them
        (``add``: and those it started); only those are read in full."""
        data = self.door.data(LINKS)
        items = data.get("games") if isinstance(data, dict) else None
        for item in items if isinstance(items, list) else []:
            try:
                game_id, seq = game_id_of(bytes.fromhex(item["key"])), item["seq"]
            except (KeyError, TypeError, ValueError):
                continue
            if type(seq) is not int:
                continue  # not a count (JSON's 1e999 reads as infinity): left aside
            mine = games.find(game_id)
            if (mine is None and add) or (mine is not None and seq > mine.seq):
                with contextlib.suppress(ValueError):
                    games = games.put(FriendGame.from_data(item))
        return games

    def store(self, state: PageState) -> PageState:
        """Keep ``state``'s games in localStorage; a game another tab took further is kept
        as that tab left it (the one with more links wins)."""
        state = replace(state, links=self.newer(games_of(state)))
        items = []
        for game in games_of(state).games:  # each game written out once, then reused
            known = self.written.get(game.game_id)
            if known is None or known[0] is not game:
                known = (game, game.to_data())
                self.written[game.game_id] = known
            items.append(known[1])
        data: dict[str, object] = {"version": GAMES_VERSION, "games": items}
        data["board"] = state.link_game.hex() if state.link_game is not None else None
        written = self.door.write(LINKS, json.dumps(data, separators=(",", ":")))
        if not written and not self.told_storage:
            self.told_storage = True
            self.notices.notice(told(words.NO_STORAGE))
        return state

    def restore(self) -> None:
        """At start: the games kept in this browser; a game by link on the board again as
        its last link left it."""
        games, board = self.stored()
        state = replace(self.page.state, links=games, link_game=None)
        if state.session.settings.opponent == LINK:
            game = games.find(board) if board is not None else None
            if game is None:  # its game was removed: a new game against the computer
                settings = dataclasses.replace(state.session.settings, opponent=COMPUTER)
                session = Session.new(settings)
                state = replace(state, session=session, history=Record(session.game))
            else:
                state = self.board_state(state, game)
        self.page.state = state

    def other_tab_saved(self, key: str) -> None:
        """Another tab changed the games by link: take them, and the board's game as it is."""
        if key != GAMES_KEY:
            return
        state = self.page.state
        state = replace(state, links=self.newer(games_of(state), add=True))
        _, board = self.stored()
        game = games_of(state).find(board) if board is not None else None
        if game is not None:
            state = self.board_state(state, game)  # the game that tab has on its board
        elif state.link_game is not None and state.session.settings.opponent != LINK:
            state = replace(state, link_game=None)  # that tab left play by link
        self.page.show(state)

    # ----- the board ----------------------------------------------------------------------

    def board_state(self, state: PageState, game: FriendGame) -> PageState:
        """``state`` with ``game`` on the board (and in the list)."""
        session = session_of(game, state.session.settings)
        names = (player_name(session, 0), player_name(session, 1))
        games = games_of(state)
        return replace(
            state,
            session=session,
            history=game.record.with_names(names),
            links=games.put(game) if games.find(game.game_id) != game else games,
            link_game=game.game_id,
            dice=DiceBox(),  # the dice of a game by link come from both players, not a seed
            replay=None,
            drawn=None,
            room=TABLE,
        )

    def show(self, game: FriendGame, state: PageState | None = None) -> None:
        """Put ``game`` on the board, keep it, paint."""
        state = self.board_state(state or self.page.state, game)
        self.page.commit(self.store(state))

    def follow(self, before: PageState, after: PageState) -> PageState:
        """A watcher of every commit: the person's new actions on a game by link go to its
        ``FriendGame``, and its link is made once the person's part is done."""
        game = after.friend
        if game is None or after.session.settings.opponent != LINK:
            return after
        after = replace(after, dice=DiceBox())  # its dice are the friends' (no page seed)
        actions = new_actions(game.record, after.history)
        if not actions:
            return after
        try:
            for action in actions:
                game = game.act(action)
            game = settle(game)
        except LinkRefused as error:
            self.notices.notice(words.not_taken(error))
            old = after.friend
            assert old is not None
            return self.board_state(after, old)
        session = after.session
        names = (player_name(session, 0), player_name(session, 1))
        games = games_of(after).put(game)
        state = replace(after, links=games, history=game.record.with_names(names))
        return self.store(state)

    # ----- the person's actions --------------------------------------------------------------

    def idle(self) -> bool:
        state = self.page.state
        return not (state.busy or state.reviewing or state.waiting)

    def roll(self) -> None:
        """Roll: the dice both players fixed when the friend's part is in; else "I roll"
        goes to the friend (the person chose not to double), whose answer brings them."""
        game = self.page.state.friend
        if game is None or not self.idle():
            return
        try:
            if game.may_roll():
                game = settle(game.roll())
            elif game.needs_ready():
                game = game.send(ready=True)
            else:
                return
        except LinkRefused as error:
            self.notices.notice(words.not_taken(error))
            return
        self.show(game)

    def next_game(self) -> None:
        """After a game: the next game's opening roll (player 0's, once the friend's part is
        in); after the match: a new match by link."""
        game = self.page.state.friend
        if game is None:
            return
        if game.over:
            self.start()
        else:
            self.roll()

    def start(self, state: PageState | None = None) -> None:
        """A new game by link with the rules of the settings: its invitation is the link to
        send. The other games by link stay in the list."""
        state = state or self.page.state
        games, game = games_of(state).invite(state.session.settings.make_rules())
        self.show(game, replace(state, links=games))

    def enter(self, settings: Settings) -> None:
        """The person chose "A friend by link": the game by link played last, or a new one
        (asked first when a game in progress would be lost)."""

        def go() -> None:
            state = self.page.state
            state = replace(state, session=replace(state.session, settings=settings))
            if games_of(state).games:
                self.show(games_of(state).games[0], state)
            else:
                self.start(state)

        question = new_game_question(self.page.state.session)
        if question is None:
            go()
        else:
            self.page.paint()  # the form shows the opponent still being played
            self.notices.ask(
                words.leave_for_a_friend(),
                go,
            )

    def leave(self, settings: Settings) -> None:
        """The person chose another opponent: a new game against it; the games by link stay
        in the list (Settings -> A friend by link brings them back)."""
        state = self.page.state
        session = Session.new(settings)
        state = replace(state, session=session, history=Record(session.game), link_game=None)
        self.page.commit(self.store(state))

    def open(self, text: str) -> None:
        """A friend's link (an address, its fragment, or pasted text): its game on the board
        with the friend's play drawn; refused in plain words, nothing changed."""
        state = self.page.state
        links = self.newer(games_of(state), add=True)  # another tab may have taken a link
        try:
            games, game = links.open_link(text)
        except LinkRefused as error:
            self.notices.notice(words.refused(error, games_as_they_were=True))
            return
        old = links.find(game.game_id)
        try:
            if old is not None and decided(old) and game.may_roll():
                game = game.roll()  # the cube decision was sent: the dice come at once
            game = settle(game)
        except LinkRefused as error:
            self.notices.notice(words.refused(error))
            return
        state = replace(state, links=games.put(game))
        session = state.session
        if session.settings.opponent != LINK and session.in_progress:
            self.page.state = self.store(state)  # kept in the list whatever the answer

            def switch() -> None:
                self.show(game)

            self.notices.ask(
                words.play_it_now(),
                switch,
            )
            return
        self.show(game, state)
        drawn = friend_play(old.record if old is not None else None, game)
        if drawn is not None and not self.page.around.reduced_motion:
            self.page.around.spawn(self.draw_play(*drawn))

    async def draw_play(self, before: GameState, play: Play) -> None:
        """The friend's play drawn move by move over the board (the board it was made on),
        then the game as it stands; given up when anything else happens meanwhile."""
        page = self.page
        shown = page.state
        if before.dice is None:
            return
        session = Session(before, shown.session.settings, link_side=shown.session.link_side)
        drawing = replace(shown, session=session, busy=True)
        turn = Turn.start(before.position, before.dice)
        for move in play.moves:
            if page.state is not shown and page.state is not drawing:
                return  # a link, a choice or another tab came in: leave the board to it
            turn = turn.move_steps((move,))
            page.show(
                drawing, Moment(turn.position, turn.dice_left, (move.origin, move.destination))
            )
            await page.around.sleep(STEP_SECONDS * page.pace)
        if page.state is drawing:
            page.show(shown)

    def choose(self, game_id: str) -> None:
        """Put another game of the list on the board."""
        with contextlib.suppress(ValueError):
            game = games_of(self.page.state).find(bytes.fromhex(game_id))
            if game is not None:
                self.show(game)

    def remove(self, game_id: str) -> None:
        """Remove a game from the list (asked first); the board takes the next game by
        link, or a new game against the computer."""
        try:
            key = bytes.fromhex(game_id)
        except ValueError:
            return

        def go() -> None:
            state = self.page.state
            links = games_of(state).remove(key)
            state = replace(state, links=links)
            if state.link_game != key:
                self.page.commit(self.store(state))
                return
            if links.games:
                self.show(links.games[0], state)
                return
            settings = dataclasses.replace(state.session.settings, opponent=COMPUTER)
            session = Session.new(settings)
            state = replace(state, session=session, history=Record(session.game), link_game=None)
            self.page.commit(self.store(state))

        self.notices.ask(
            words.remove_it(),
            go,
        )

    async def send(self) -> None:
        """The link to send: the share sheet where the browser has one, else the clipboard
        (the link stays on show to select in any case)."""
        game = self.page.state.friend
        if game is None or game.my_turn:
            return
        url = link_url(self.page.around.page_url(), game)
        how = await self.page.around.share_link(url, told(words.SHARE_TITLE))
        self.sent = url if how else None
        self.said = how
        self.paint(self.page.state)

    def paint(self, state: PageState) -> None:
        game = state.friend
        url = link_url(self.page.around.page_url(), game) if game is not None else ""
        frame = Frame()
        shown = state.room == TABLE and not state.reviewing
        link_frame(frame, game, games_of(state).rows(), url, shown)
        said = {how: told(sentence) for how, sentence in words.SENT.items()}
        sent = self.sent is not None and self.sent == url and self.said in said
        frame.props("link-sent", hidden=not sent)
        frame.text("link-sent", said.get(self.said, "") if sent else "")
        apply(self.page.surface, frame)
