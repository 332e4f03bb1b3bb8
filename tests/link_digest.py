"""What a game link holds, as a digest: ``tests/data/game_links_golden.txt`` keeps one per link
(``python -m tools.golden.game_links``), ``tests/test_game_link_versions.py`` checks them."""

from __future__ import annotations

import hashlib

from game.engine.record import Record
from game.formats.gnubg_id import write_gnubg_id


def moments_digest(record: Record) -> str:
    """A digest of each action's kind, dice and resignation and of every moment's gnubg ID."""
    digest = hashlib.sha256()
    for game in record.games:
        for action in game:
            digest.update(f"{action.kind} {action.dice} {action.result} {action.player}\n".encode())
    for _, _, state in record.steps():
        digest.update(f"{write_gnubg_id(state)}\n".encode())
    return digest.hexdigest()[:32]
