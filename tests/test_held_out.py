"""The held-out decisions (tools/data/held-out.txt.gz, made by ``python -m tools.bench.bot
--make-set --seed 3034 --exclude ...``): drawn as the bench is, never used to choose anything
(networks, budgets, filters), so a level's loss there is its loss on decisions it was never
tuned on. These checks keep the set honest: none of its positions is in the sets the bot was
tuned on, and every decision lists each legal play's result once, as the engine finds them.
"""

from __future__ import annotations

import gzip
from pathlib import Path

import pytest

from game.bot.encoding import is_contact
from game.engine.plays import legal_plays
from game.formats import format_position_id, parse_position_id

DATA = Path(__file__).resolve().parent.parent / "tools" / "data"


def decision_lines(name: str) -> list[list[str]]:
    with gzip.open(DATA / name, "rt") as lines:
        return [line.split() for line in lines if line.strip() and not line.startswith("#")]


def test_the_held_out_set_shares_no_position_with_the_sets_the_bot_was_tuned_on():
    held_out = {fields[0] for fields in decision_lines("held-out.txt.gz")}
    assert len(decision_lines("held-out.txt.gz")) == 1200
    for name in ("bot-bench.txt.gz", "race-bench.txt.gz"):
        assert not held_out & {fields[0] for fields in decision_lines(name)}, name


def test_each_held_out_decision_lists_every_legal_play_once():
    for fields in decision_lines("held-out.txt.gz")[::40]:
        position = parse_position_id(fields[0])
        dice = int(fields[1]), int(fields[2])
        listed = [item.split(":")[0] for item in fields[3:]]
        found = {format_position_id(play.position) for play in legal_plays(position, dice)}
        assert len(listed) == len(set(listed)) >= 2
        assert set(listed) == found, fields[:3]


@pytest.mark.parametrize("judged", ["held-out-3ply.txt.gz", "held-out-bgsage.txt.gz"])
def test_the_second_judges_sample_is_every_4th_held_out_decision_with_the_same_plays(judged):
    held_out = decision_lines("held-out.txt.gz")[::4]
    sample = decision_lines(judged)
    assert len(sample) == len(held_out) == 300
    for deeper, drawn in zip(sample, held_out, strict=True):
        assert deeper[:3] == drawn[:3]
        plays = {item.split(":")[0]: item.split(":")[2] for item in drawn[3:]}
        # Each play keeps its 0-ply equity; only the judge's equity is the other judge's.
        assert {item.split(":")[0]: item.split(":")[2] for item in deeper[3:]} == plays


def test_the_two_judges_differ_yet_agree_on_most_plays():
    """bgsage 3-ply is not gnubg: its equities are its own, near gnubg 3-ply's."""
    gnubg, bgsage = (
        decision_lines(name) for name in ("held-out-3ply.txt.gz", "held-out-bgsage.txt.gz")
    )
    differences = [
        abs(float(a.split(":")[1]) - float(b.split(":")[1]))
        for x, y in zip(gnubg, bgsage, strict=True)
        for a, b in zip(x[3:], y[3:], strict=True)
    ]
    assert sum(d > 1e-4 for d in differences) > len(differences) / 2
    assert sorted(differences)[len(differences) // 2] < 0.02  # a side mixed up: ~0.5


def test_the_tuning_set_is_contact_decisions_apart_from_the_held_out_set():
    """tools/data/tune-contact.txt.gz (``--make-set --phase contact --positions 2000 --seed
    5034 --exclude`` the three other sets): where networks are chosen since session 21, as
    the bench was (which every choice before fitted a little)."""
    tuning = decision_lines("tune-contact.txt.gz")
    assert len(tuning) == 2000
    drawn = {fields[0] for fields in tuning}
    for name in ("bot-bench.txt.gz", "race-bench.txt.gz", "held-out.txt.gz"):
        assert not drawn & {fields[0] for fields in decision_lines(name)}, name
    for fields in tuning[::50]:
        position = parse_position_id(fields[0])
        assert is_contact(position)
        dice = int(fields[1]), int(fields[2])
        listed = {item.split(":")[0] for item in fields[3:]}
        assert listed == {format_position_id(play.position) for play in legal_plays(position, dice)}
