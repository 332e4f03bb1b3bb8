"""The analysis in parts (``game.analysis.analysis_parts``, the page's pool of workers) gives
the figures of the analysis in one go, to the last digit, whatever the parts; stopped, the
parts done from the start on give the analysis of those decisions."""

from __future__ import annotations

import json
from itertools import pairwise

import pytest

from game.analysis.analysis_parts import (
    Part,
    analysis_in_parts,
    decisions_in,
    judge_part,
    parts_of,
)
from game.analysis.record_analysis import analyse_match, moments_of
from game.engine.match import Rules
from game.engine.record import ActionKind
from tests.test_analysis_shared import Count, game_with_a_double


@pytest.fixture(scope="module")
def games():
    return {
        "money": game_with_a_double(Rules.full(beaver=True, jacoby=True), 6, 6),
        "match": game_with_a_double(Rules.full(match_length=7), 6, 6),
    }


def through_json(figures):
    return json.loads(json.dumps(figures))


def test_parts_cover_every_decision_once_each_from_a_roll(games):
    states = games["money"]
    moments = moments_of(states)
    parts = parts_of([states, states], size=3)
    assert [p.game for p in parts] == sorted(p.game for p in parts)
    for game in (0, 1):
        mine = [p for p in parts if p.game == game]
        assert mine[0].start == 0 and mine[-1].end == len(moments)
        assert all(a.end == b.start for a, b in pairwise(mine))
        assert all(moments[p.start].kind == ActionKind.ROLL for p in mine[1:])
    assert sum(p.end - p.start for p in parts) == decisions_in([states, states])
    assert Part.of(parts[1].to_list()) == parts[1]


@pytest.mark.parametrize("kind", ["money", "match"])
def test_the_analysis_in_parts_is_the_analysis_in_one_go(games, kind, monkeypatch):
    states = games[kind]
    count = Count(monkeypatch)
    alone = analyse_match([states], 2)
    searched = count.evaluations
    parts = parts_of([states], size=2)
    assert len(parts) >= 3  # the double and its answer fall inside one of them
    # The parts judged in any order, their figures through JSON as between workers.
    figures = [through_json(judge_part([states], 2, part)) for part in reversed(parts)]
    count.evaluations = 0
    whole = analysis_in_parts([states], 2, figures)
    assert whole == alone
    # Put together from the figures, not searched again: the 0-ply looks only.
    assert count.evaluations < searched / 10


def test_a_stopped_analysis_keeps_the_decisions_of_the_parts_done(games):
    states = games["money"]
    parts = parts_of([states], size=2)
    first = parts[:2]
    upto = first[-1].end
    figures = [through_json(judge_part([states], 1, part)) for part in first]
    kept = analysis_in_parts([states], 1, figures, upto=upto)
    alone = analyse_match([states], 1)
    decisions = kept.games[0].decisions
    assert decisions == tuple(d for d in alone.games[0].decisions if d.index < upto)
    assert 0 < len(decisions) < len(alone.games[0].decisions)
