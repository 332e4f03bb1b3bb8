"""A friend's turn by link over a long game, for the timing guard of ``FriendGame.receive``
(tests/test_linear.py) and its figure (``python -m tools.bench.linear``)."""

from __future__ import annotations

from game.engine.record import Record
from game.formats.friend_link import FriendGame, LinkFields, game_id_of, link_tag
from game.formats.game_link import encode_game


def friend_turn(record: Record, actions: int) -> tuple[FriendGame, str]:
    """Player 0's side of a game by links holding the record's first ``actions`` actions less
    the friend's last turn, and the friend's link bringing that turn (its roll and play, with a
    seed that is not the one committed to, so that the very last check refuses it)."""
    game = record.games[0]
    while True:  # the friend (player 1) rolls, then plays
        before = _prefix(record, actions - 2).state
        if before.turn == 1 and [a.kind for a in game[actions - 2 : actions]] == ["roll", "play"]:
            break
        actions += 1
    key = bytes(range(16))
    mine = FriendGame(
        key=key,
        me=0,
        master=bytes(32),
        agreed=_prefix(record, actions - 2),
        record=_prefix(record, actions - 2),
        seq=1,
        commits=((0, bytes(16)),),
    )
    fields = LinkFields(
        game_id=game_id_of(key),
        seq=1,
        ready=False,
        invite=False,
        commit=bytes(16),
        reveals=(bytes(16),),
        nonce=None,
        tag=b"",
        record_text=encode_game(_prefix(record, actions)),
    )
    tag = link_tag(key, fields.body(), fields.record_text)
    return mine, LinkFields(**{**vars(fields), "tag": tag}).text()


def _prefix(record: Record, actions: int) -> Record:
    return Record(record.start, (record.games[0][:actions],), record.names)
