"""The games by link on this device (game/web/link_play/games.py): several at once, each with
whose turn it is, saved and read back game by game."""

from __future__ import annotations

import pytest

from game.engine.match import Rules
from game.formats.friend_link import LinkRefused
from game.web.link_play.games import FriendGames


def test_several_games_at_once_each_with_whose_turn_it_is():
    mine = FriendGames()
    theirs = FriendGames()
    mine, first = mine.invite(Rules.full(match_length=3))
    mine, second = mine.invite(Rules.full(match_length=5))
    theirs, joined = theirs.open_link(first.last_link)
    assert [row.whose_turn for row in mine.rows()] == ["waiting for your friend"] * 2
    assert [row.whose_turn for row in theirs.rows()] == ["your turn"]
    joined = joined.send()
    theirs = theirs.put(joined)
    mine, game = mine.open_link(f"https://example.org/#friend={joined.last_link}")
    assert game.game_id == first.game_id and game.may_roll()
    turns = {row.game_id: row.whose_turn for row in mine.rows()}
    assert turns == {
        first.game_id.hex(): "your turn",
        second.game_id.hex(): "waiting for your friend",
    }
    with pytest.raises(LinkRefused, match="not on this device"):
        FriendGames().open_link(joined.last_link)
    with pytest.raises(LinkRefused, match="earlier turn"):
        mine.open_link(joined.last_link)
    data = mine.to_data()
    data["games"].append({"version": 1, "key": "broken"})
    again = FriendGames.from_data(data)
    assert again.games == mine.games  # the broken one left out, nothing else lost
