"""The games with friends by link in progress on this device: open a link, list the games.

    >>> from game.engine.match import Rules
    >>> from game.formats.friend_link import FriendGame
    >>> invitation = FriendGame.invite(Rules.full(match_length=5)).last_link
    >>> games, game = FriendGames().open_link("https://example.org/#friend=" + invitation)
    >>> [row.whose_turn for row in games.rows()]
    ['your turn']

``open_link`` takes a friend's link: an invitation starts a game as its player 1, any other
link goes to its game (``game.formats.friend_link``); a link that is refused raises
``LinkRefused`` with the reason, and the list is unchanged. ``rows`` says for each game whose
turn it is. Saved data is read game by game: a game that cannot be read is left out, the
others are kept.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.engine.match import Rules
from game.engine.state import Phase
from game.formats.friend_link import FriendGame, LinkRefused, game_id_of, read_link
from game.web.language.catalog import N_, _, n_
from game.web.state.page_state import PageState
from game.web.store.door import GAMES_VERSION

MAX_GAMES = 50


@dataclass(frozen=True)
class GameRow:
    """One line of the list: the game's id (hex), the match, the score seen from this player,
    whose turn it is."""

    game_id: str
    match: str
    score: tuple[int, int]
    whose_turn: str


@dataclass(frozen=True)
class FriendGames:
    games: tuple[FriendGame, ...] = ()

    def find(self, game_id: bytes) -> FriendGame | None:
        return next((game for game in self.games if game.game_id == game_id), None)

    def put(self, game: FriendGame) -> FriendGames:
        """The list with ``game`` in place of its older self (or added first)."""
        others = tuple(g for g in self.games if g.game_id != game.game_id)
        return FriendGames((game, *others)[:MAX_GAMES])

    def invite(self, rules: Rules) -> tuple[FriendGames, FriendGame]:
        game = FriendGame.invite(rules)
        return self.put(game), game

    def open_link(self, link: str) -> tuple[FriendGames, FriendGame]:
        """The list and the game once the friend's ``link`` is taken in."""
        fields = read_link(link)
        known = self.find(fields.game_id)
        if known is None:
            if not fields.invite:
                raise LinkRefused(
                    N_(
                        "this link is a turn of a game that is not on this device "
                        "(it was started in another browser, or deleted)"
                    )
                )
            if game_id_of(fields.tag) != fields.game_id:
                raise LinkRefused(N_("the invitation was changed after it was made"))
            game = FriendGame.join(link)
        else:
            game = known.receive(link)
        return self.put(game), game

    def remove(self, game_id: bytes) -> FriendGames:
        return FriendGames(tuple(g for g in self.games if g.game_id != game_id))

    def rows(self) -> list[GameRow]:
        rows = []
        for game in self.games:
            state = game.record.state
            rules = state.rules
            length = rules.match_length
            match = (
                n_("{count}-point match", "{count}-point match", length)
                if length
                else _("money game")
            )
            score = state.score if game.me == 0 else (state.score[1], state.score[0])
            if state.phase is Phase.MATCH_OVER:
                turn = _("match over")
            elif game.my_turn:
                turn = _("your turn")
            else:
                turn = _("waiting for your friend")
            rows.append(GameRow(game.game_id.hex(), match, score, turn))
        return rows

    def to_data(self) -> dict[str, object]:
        return {"version": GAMES_VERSION, "games": [game.to_data() for game in self.games]}

    @classmethod
    def from_data(cls, data: object) -> FriendGames:
        if not isinstance(data, dict) or data.get("version") != GAMES_VERSION:
            return cls()
        saved = data.get("games")
        if not isinstance(saved, list):
            return cls()
        games = []
        for item in saved[:MAX_GAMES]:
            try:
                games.append(FriendGame.from_data(item))
            except ValueError:
                continue  # this game cannot be read: the others are kept
        return cls(tuple(games))


def games_of(state: PageState) -> FriendGames:
    """The games by link in ``state`` (its ``links``, play by link's slice), none yet if empty."""
    return state.links if isinstance(state.links, FriendGames) else FriendGames()
