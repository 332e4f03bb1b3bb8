"""A legal game that hardly ends, for the timing guards of records, files and links.

    python -m tools.golden.long_game [--turns 15000] [--seed 0]

Both players make the play that leaves the most pips on the board (theirs and the other's):
they keep hitting and never race, so a single money game runs for tens of thousands of
turns. Writes it as ``.mat`` to ``tests/data/long_game.mat.xz`` (tests/test_linear.py
doubles its size and compares the times).
"""

from __future__ import annotations

import argparse
import lzma
import random
from pathlib import Path

from game.engine.match import Rules
from game.engine.record import Action, Record
from game.engine.state import Phase
from game.formats.friend_link import FriendGame, LinkFields, game_id_of, link_tag
from game.formats.game_link import encode_game
from game.formats.mat import format_mat

OUT = Path(__file__).resolve().parents[2] / "tests" / "data" / "long_game.mat.xz"


def endless_game(turns: int, seed: int = 0) -> Record:
    """A money game of ``turns`` rolls (or fewer, should it end), plays chosen to last."""
    rng = random.Random(seed)
    record = Record.new(Rules.full(match_length=0), names=("Ann", "Bob"))
    rolled = 0
    while rolled < turns:
        state = record.state
        if state.phase is Phase.OPENING:
            first, second = rng.sample(range(1, 7), 2)
            record = record.append(Action.roll((first, second)))
        elif state.phase is Phase.ROLL:
            record = record.append(Action.roll((rng.randint(1, 6), rng.randint(1, 6))))
            rolled += 1
        elif state.phase is Phase.MOVE:
            best = max(state.legal_plays(), key=lambda play: sum(play.position.pip_counts()))
            record = record.append(Action.play(best.moves))
        else:
            break
    return record


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


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--turns", type=int, default=15_000)
    parser.add_argument("--seed", type=int, default=0)
    options = parser.parse_args()
    record = endless_game(options.turns, options.seed)
    OUT.write_bytes(lzma.compress(format_mat(record).encode("ascii")))
    print(f"{OUT}: {len(record)} actions, {OUT.stat().st_size} bytes compressed")


if __name__ == "__main__":
    main()
