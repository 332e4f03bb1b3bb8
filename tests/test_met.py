"""The match equity table as written in ``game/bot/met.py``: its numbers, entry by entry.

The table was rewritten from one number per line to one row per away-score; the digest below
was taken from the old layout (git 739016d), so any entry that moved or changed fails here.
Where GNU Backgammon's own copy of Kazaross-XG2 is installed, every entry is compared with it.
"""

from __future__ import annotations

import hashlib
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from game.bot.met import POST_CRAWFORD, PRE_CRAWFORD, TABLE_SIZE

# sha256 over the entries' reprs: one line per PRE_CRAWFORD row, then POST_CRAWFORD.
TABLE_DIGEST = "6438fb9dadc88d6bab76766d21a8ec3441a190ad09e5637f3371e18474e7810a"
GNUBG_MET = Path("/usr/share/gnubg/met/Kazaross-XG2.xml")


def _digest(pre: tuple[tuple[float, ...], ...], post: tuple[float, ...]) -> str:
    h = hashlib.sha256()
    for row in pre:
        h.update(" ".join(map(repr, row)).encode() + b"\n")
    h.update(" ".join(map(repr, post)).encode())
    return h.hexdigest()


def test_the_table_is_square_with_one_row_per_away_score():
    assert len(PRE_CRAWFORD) == TABLE_SIZE
    assert all(len(row) == TABLE_SIZE for row in PRE_CRAWFORD)
    assert len(POST_CRAWFORD) == TABLE_SIZE


def test_every_entry_equals_the_table_before_it_was_written_as_rows():
    assert _digest(PRE_CRAWFORD, POST_CRAWFORD) == TABLE_DIGEST


def test_the_digest_notices_one_changed_entry():
    rows = [list(row) for row in PRE_CRAWFORD]
    rows[6][11] += 1e-6
    assert _digest(tuple(map(tuple, rows)), POST_CRAWFORD) != TABLE_DIGEST


def test_even_scores_are_even_and_the_leader_is_ahead():
    for i in range(TABLE_SIZE):
        assert PRE_CRAWFORD[i][i] == 0.5
        for j in range(i + 1, TABLE_SIZE):
            assert PRE_CRAWFORD[i][j] > 0.5 > PRE_CRAWFORD[j][i]


@pytest.mark.skipif(not GNUBG_MET.exists(), reason="GNU Backgammon's MET files not installed")
def test_every_entry_is_gnubg_kazaross_xg2():
    root = ET.parse(GNUBG_MET).getroot()
    pre = root.find("pre-crawford-table")
    post = root.find("post-crawford-table")
    assert pre is not None and post is not None
    gnubg_pre = [[float(me.text or "") for me in row.iter("me")] for row in pre.iter("row")]
    gnubg_post = [float(me.text or "") for me in post.iter("me")]
    assert [list(row) for row in PRE_CRAWFORD] == gnubg_pre
    assert list(POST_CRAWFORD) == gnubg_post
