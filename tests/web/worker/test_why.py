"""Why a play is better, in the engine's numbers: chances, shots (counted exactly), pips wasted."""

from __future__ import annotations

import random

import pytest

from game.analysis.record_analysis import analyse_record
from game.analysis.selfplay import BotPlayer, self_play
from game.analysis.why import (
    ROLLS,
    blots,
    chances_after,
    compare,
    hitting_rolls,
    play_facts,
    shots,
    wasted_pips,
)
from game.engine.match import Rules
from game.engine.notation import format_play
from game.engine.plays import legal_plays
from game.engine.position import BAR, Position
from game.web.board import hint_panel
from game.web.review import analysis_view
from game.web.worker.judging import summary

# The classic table of shots at one blot from one checker, nothing in the way.
DIRECT_AND_INDIRECT = {1: 11, 2: 12, 3: 14, 4: 15, 5: 15, 6: 17, 7: 6, 8: 6, 9: 5, 10: 3,
                       11: 2, 12: 3, 15: 1, 16: 1, 18: 1}  # fmt: skip


def one_blot_and_one_hitter(distance: int) -> Position:
    """The mover's blot on its 20 point (the opponent's 5), the rest borne off; one
    opponent checker ``distance`` pips behind it, the rest of its checkers off."""
    return Position.from_points({20: 1}, {5 + distance: 1})


@pytest.mark.parametrize(("distance", "expected"), sorted(DIRECT_AND_INDIRECT.items()))
def test_shots_at_a_blot_match_the_classic_table(distance, expected):
    assert shots(one_blot_and_one_hitter(distance)) == expected


def by_hand(position: Position) -> int:
    """Shots counted another way: every one of the 36 rolls, every legal play of the roller,
    a hit seen in the play's own moves."""
    roller = position.flip()
    count = 0
    for roll in ROLLS:
        plays = legal_plays(roller, roll)
        count += any(move.hit for play in plays for move in play.moves)
    return count


def positions_from_play(count: int) -> list[Position]:
    rng = random.Random(17)
    found: list[Position] = []
    while len(found) < count:
        record = self_play(Rules.full(match_length=1), rng, BotPlayer("beginner", rng))
        for _, _, state in record.steps():
            if state.dice is None or state.phase.value != "move":
                continue
            for play in state.legal_plays()[:3]:
                if blots(play.position) and play.position.is_contact():
                    found.append(play.position)
    return found[:count]


def test_shots_agree_with_every_roll_and_legal_play_enumerated():
    positions = positions_from_play(60)
    counts = [shots(p) for p in positions]
    assert counts == [by_hand(p) for p in positions]
    assert len(set(counts)) > 5  # a spread of cases, not all 0 or 36


def test_the_hitting_rolls_are_the_ordered_rolls_whose_plays_hit():
    position = one_blot_and_one_hitter(6)
    rolls = hitting_rolls(position)
    assert len(rolls) == 17 and (6, 1) in rolls and (1, 6) in rolls and (3, 3) in rolls
    assert (5, 2) not in rolls and (2, 5) not in rolls  # 7 pips: 5-2 passes by the blot
    assert shots(Position.from_points({6: 2, 5: 2}, {13: 2})) == 0  # no blot, no shot
    # From the bar: the opponent must enter first. The blot on the mover's 3 point: any 3
    # enters on it, 2-1 enters with the 2 and moves on to it; 1-1 cannot enter (the mover's
    # 14 checkers hold the opponent's 24 point).
    on_bar = Position.from_points({3: 1, 1: 14}, {BAR: 1, 1: 14})
    assert shots(on_bar) == 11 + 2


def test_pips_wasted_bearing_off():
    position = Position.from_points({2: 1, 1: 1}, {13: 2})
    (play,) = legal_plays(position, (6, 5))
    assert wasted_pips(position, (6, 5), play) == 11 - 3
    double = Position.from_points({6: 2, 3: 2}, {13: 2})
    plays = {format_play(p.moves): p for p in legal_plays(double, (4, 4))}
    assert wasted_pips(double, (4, 4), plays["6/2(2) 3/off(2)"]) == 2
    # A play that bears nothing off: the idea does not apply.
    start = Position.start()
    assert wasted_pips(start, (3, 1), legal_plays(start, (3, 1))[0]) is None
    # Only one die can be played: the one whose pips it takes.
    single = Position.from_points({1: 1}, {13: 2})
    (alone,) = legal_plays(single, (6, 1))
    assert wasted_pips(single, (6, 1), alone) == 0


def test_chances_are_the_networks_for_the_side_that_played():
    start = Position.start()
    play = {format_play(p.moves): p for p in legal_plays(start, (3, 1))}["8/5 6/5"]
    chances = chances_after(play)
    assert chances.win + chances.lose == pytest.approx(1.0)
    assert 0.5 < chances.win < 0.6
    assert chances.win >= chances.win_gammon >= chances.win_backgammon >= 0
    assert chances.lose >= chances.lose_gammon >= chances.lose_backgammon >= 0
    facts = play_facts(start, (3, 1), play)
    assert facts.notation == "8/5 6/5" and facts.blots == 0 and facts.shots == 0


def test_the_analysis_shows_why_beside_each_checker_mistake():
    rng = random.Random(3)
    record = self_play(Rules.full(match_length=1), rng, BotPlayer("beginner", rng))
    analysis = analyse_record(record, plies=1)
    shown = summary(analysis, record, {})
    plays = [m for m in shown["mistakes"] if m["kind"] == "play"]
    assert plays
    for mistake in plays:
        why = mistake["why"]
        assert why["chosen"]["play"] == mistake["chosen"] and why["best"]["play"] == mistake["best"]
    first = plays[0]
    decision = next(
        d
        for g in analysis.games
        for d in g.decisions
        if d.kind == "play" and d.chosen == first["chosen"] and d.error == first["error"]
    )
    why = compare(decision.state.position, decision.state.dice, decision.chosen_play,
                  decision.best_play)  # fmt: skip
    assert first["why"]["chosen"]["shots"] == why.chosen.shots
    html = analysis_view.analysis_html(shown)
    assert 'class="why"' in html and ("shots of 36" in html or "no blot" in html)
    assert hint_panel.why_html(None) == ""
