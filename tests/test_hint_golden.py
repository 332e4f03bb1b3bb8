"""Our hint against GNU Backgammon's 2-ply judgement of every play (tests/data/hint_golden.txt).

The file holds gnubg's 2-ply cubeless probabilities of every play of 200 (position,
roll) pairs from self-play, money and match play (tools/golden/hint.py);
``python -m tools.qa.compare_hints`` prints the full comparison. The bounds below are
a little looser than what was measured (1-ply: the same best play 74%, mean loss
0.007, 4.5% of choices losing 0.04 or more, equities 0.043 apart on average;
the strongest judgement: 78%, 0.004, 3.0%, 0.033).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from game.analysis.judgement import rank_plays
from game.bot.cube import CubeState
from game.bot.match_value import utility
from game.bot.probabilities import Probabilities
from game.engine.plays import legal_plays
from game.formats import format_position_id, parse_gnubg_id

GOLDEN = Path(__file__).parent / "data" / "hint_golden.txt"


def golden():
    found = []
    for block in GOLDEN.read_text().split("\n\n"):
        lines = [line for line in block.splitlines() if line and not line.startswith("#")]
        if not lines:
            continue
        position, match = parse_gnubg_id(lines[0])
        state = CubeState.from_match_id(match)
        theirs = {}
        for line in lines[1:]:
            pid, *figures = line.split()
            theirs[pid] = utility(Probabilities(*(float(x) for x in figures)), state)
        found.append((position, match.dice, state, theirs))
    return found


CASES = golden()


def agreement(plies: int, cases) -> tuple[float, float, float, float]:
    same = lost = big = gap = 0.0
    for position, dice, state, theirs in cases:
        ours = rank_plays(position, dice, state, plies)
        # Every legal play is ranked, and gnubg saw the same plays.
        assert {format_position_id(r.play.position) for r in ours} == set(theirs)
        top = format_position_id(ours[0].play.position)
        loss = max(theirs.values()) - theirs[top]
        same += loss == 0.0
        lost += loss
        big += loss >= 0.04
        gap += abs(ours[0].equity - theirs[top])
    n = len(cases)
    return same / n, lost / n, big / n, gap / n


def test_the_golden_file_covers_money_and_match_play():
    assert len(CASES) == 200
    assert sum(state.is_money for _, _, state, _ in CASES) > 100
    assert sum(not state.is_money for _, _, state, _ in CASES) > 30
    assert all(len(legal_plays(p, d)) == len(t) for p, d, _, t in CASES)


def test_one_ply_hint_agrees_with_gnubg_two_ply():
    same, loss, big, gap = agreement(1, CASES)
    assert same >= 0.68
    assert loss <= 0.011
    assert big <= 0.07
    assert gap <= 0.055


@pytest.mark.parametrize("part", [0, 1])
def test_strongest_hint_agrees_with_gnubg_two_ply(part):
    # A sample: the strongest judgement takes about a second a position on a busy machine.
    cases = CASES[part * 100 : part * 100 + 10]
    same, loss, big, gap = agreement(2, cases)
    assert big <= 0.2
    assert same >= 0.6
    assert loss <= 0.02
    assert gap <= 0.06
