"""A rollout from the Hint panel (game/web/table/rollouts.py) on a fake page: the hint's best
plays rolled out through the pool, the figures painted as they come, stopped keeping what is
done, and shown again with the hint of the same moment."""

from __future__ import annotations

import asyncio
import json
import random
from dataclasses import replace

from game.analysis.rollout import RolloutSettings, roll_out
from game.web.house import Rooms, Setup, build
from game.web.state.session import FRIEND, FULL, Session, Settings
from game.web.store.door import ROLLOUTS
from tests.web.fakes import FakeSurface, FakeSurroundings, around_of, surface_of

PERSON_OPENS = 5  # seed: the person wins the opening roll with 5-3


def rooms_on(session: Session, seed: int, storage: dict[str, str] | None = None) -> Rooms:
    around = FakeSurroundings(storage)
    rooms = build(FakeSurface(), around, Setup(session=session), random.Random(seed), pace=0)
    rooms.page.paint()
    return rooms


async def settle(rooms: Rooms) -> None:
    around = around_of(rooms)
    while around.pending:
        work, around.pending = around.pending, []
        await asyncio.gather(*work)


# Trials cut short after 9 plies: what the pool, the keeping and the showing do with a
# rollout does not depend on how far a trial is played, and whole games cost minutes here.
QUICK = RolloutSettings(trials=36, truncate=9)


def test_the_hints_best_plays_are_rolled_out_through_the_pool_and_kept():
    async def scene() -> Rooms:
        rooms = rooms_on(Session.new(Settings(opponent=FRIEND)), PERSON_OPENS)
        rooms.coach.roller.chosen = QUICK
        rooms.table.roll()
        await rooms.coach.show_hint()
        assert surface_of(rooms).shown("rollout-start")
        rooms.coach.roller.start()
        await settle(rooms)
        return rooms

    rooms = asyncio.run(scene())
    surface, around = surface_of(rooms), around_of(rooms)
    roller = rooms.coach.roller
    (job,) = roller.kept.values()
    assert job.done and job.trials_done == 36 and len(job.candidates) >= 1
    asked = [r for r in around.requests if r.get("task") == "rollout"]
    assert len(asked) == len(
        job.candidates
    )  # a chunk of 36 trials each (tests/test_rollout_job.py: more)
    markup = surface.markup["rollout-body"]
    assert "rolled out: 36 trials" in markup and job.candidates[0].label.split()[0] in markup
    assert surface.marks["rollout"] == "done" and surface.marks["rollout-trials"] == "36"
    # The figures are the serial rollout's, for the same seed.
    first = job.candidates[0]
    serial = roll_out(first.position, job.settings, None, True).result()
    assert job.tallies[0].result() == serial
    assert job.settings == replace(QUICK, seed=job.settings.seed)
    # Shown again with the hint of the same moment.
    surface.html("rollout-body", "")
    asyncio.run(rooms.coach.show_hint())
    assert "rolled out: 36 trials" in surface.markup["rollout-body"]


def test_a_rollout_is_kept_in_the_browser_and_shown_on_the_next_visit():
    storage: dict[str, str] = {}

    async def visit(roll_out_now: bool) -> Rooms:
        rooms = rooms_on(Session.new(Settings(opponent=FRIEND)), PERSON_OPENS, storage)
        rooms.coach.roller.chosen = QUICK
        rooms.table.roll()
        await rooms.coach.show_hint()
        if roll_out_now:
            rooms.coach.roller.start()
            await settle(rooms)
        return rooms

    first = asyncio.run(visit(True))
    (job,) = first.coach.roller.kept.values()
    kept = json.loads(storage[ROLLOUTS])["rollouts"]
    assert [key for key, _ in kept] == [job.key]
    # The next visit: nothing rolled out in it, the same position and roll.
    second = asyncio.run(visit(False))
    assert not second.coach.roller.kept
    markup = surface_of(second).markup["rollout-body"]
    assert "rolled out: 36 trials" in markup
    best = job.rows()[0]
    assert f'data-equity="{best.equity:.4f}"' in markup
    # A damaged store shows nothing and breaks nothing.
    storage[ROLLOUTS] = '{"version": 1, "rollouts": [["x", 1]]}'
    third = asyncio.run(visit(False))
    assert surface_of(third).markup["rollout-body"] == ""


def test_stop_keeps_the_trials_done():
    async def scene() -> Rooms:
        rooms = rooms_on(Session.new(Settings(opponent=FRIEND)), PERSON_OPENS)
        rooms.coach.roller.chosen = RolloutSettings(trials=108)
        rooms.table.roll()
        await rooms.coach.show_hint()
        roller = rooms.coach.roller
        roller.start()
        around = around_of(rooms)
        work, around.pending = around.pending, []
        task = asyncio.ensure_future(asyncio.gather(*work))
        await asyncio.sleep(0)
        roller.stop()
        await task
        return rooms

    rooms = asyncio.run(scene())
    (job,) = rooms.coach.roller.kept.values()
    assert job.stopped and job.trials_done < 108
    assert rooms.coach.roller.running is None
    assert any(tag.startswith("rollout-") for tag in around_of(rooms).cancelled)


def test_the_worker_names_the_rollout_task_as_the_job_does():
    from game.analysis.rollout.job import TASK
    from game.web.worker import thinker

    assert thinker.ROLLOUT == TASK


def test_the_position_before_the_roll_rolled_out_gives_the_cubes_answers_and_keeps_them():
    """Cubeless (the equity, twice it, 1) and cubeful money (the rolled-out chances through the
    bot's cube model), as ``python -m game rollout --export`` gives them; kept with the
    figures and shown again on the next visit."""
    from game.analysis.rollout.decision import cube_figures
    from game.engine.state import Phase

    storage: dict[str, str] = {}

    async def visit(roll_out_now: bool) -> Rooms:
        rooms = rooms_on(Session.new(Settings(opponent=FRIEND)), PERSON_OPENS, storage)
        session = rooms.page.state.session
        game = session.game
        before = replace(game, phase=Phase.ROLL, turn=1, dice=None)  # pink about to roll
        rooms.page.state = replace(rooms.page.state, session=replace(session, game=before))
        rooms.coach.roller.chosen = QUICK
        assert rooms.coach.roller.subject(before) == (before.position, None)
        if roll_out_now:
            rooms.coach.roller.start()
            await settle(rooms)
        else:
            rooms.coach.roller.show_kept(before)
        return rooms

    first = asyncio.run(visit(True))
    (job,) = first.coach.roller.kept.values()
    cube = cube_figures(job.position, job.tallies[0].result())
    markup = surface_of(first).markup["rollout-body"]
    assert 'data-rollout-cube="true"' in markup
    assert f'data-cubeful="{cube.no_double:.4f}"' in markup
    assert f'data-cubeful="{cube.double_take:.4f}"' in markup
    (kept,) = json.loads(storage[ROLLOUTS])["rollouts"]
    assert kept[1]["cube"]["double_take"] == cube.double_take
    again = surface_of(asyncio.run(visit(False))).markup["rollout-body"]
    assert f'data-cubeful="{cube.double_take:.4f}"' in again and "rolled out: 36 trials" in again


def test_the_settings_chosen_play_the_next_rollout_and_are_kept_with_the_settings():
    """Settings' rollout controls (trials, truncation, the level that plays the trials,
    variance reduction) are the next rollout's, shown with its figures, kept in this browser
    for the next visit; a value the form does not offer changes nothing."""
    from dataclasses import replace

    from game.engine.state import Phase
    from game.web.store.door import ROLLOUT_CHOICE

    storage: dict[str, str] = {}
    form = (
        {"rollout-variance", "opponent=friend"},
        {"rollout-trials": "36", "rollout-truncate": "2", "rollout-level": "beginner"},
    )

    async def visit(choose: bool) -> Rooms:
        rooms = rooms_on(Session.new(Settings(opponent=FRIEND)), PERSON_OPENS, storage)
        if choose:
            rooms.coach.roller.settings_changed(*form)
        session = rooms.page.state.session
        before = replace(session.game, phase=Phase.ROLL, turn=1, dice=None)  # before the roll
        rooms.page.state = replace(rooms.page.state, session=replace(session, game=before))
        rooms.coach.roller.start()
        await settle(rooms)
        return rooms

    first = asyncio.run(visit(True))
    (job,) = first.coach.roller.kept.values()
    chosen = RolloutSettings(
        trials=36, seed=job.settings.seed, truncate=2, level="beginner", variance_reduction=True
    )
    assert job.settings == chosen and job.trials_done == 36
    asked = [r for r in around_of(first).requests if r.get("task") == "rollout"]
    assert {json.dumps(r["settings"], sort_keys=True) for r in asked} == {
        json.dumps(chosen.as_dict(), sort_keys=True)
    }
    markup = surface_of(first).markup["rollout-body"]
    assert "36 trials, seed" in markup and "truncated at 2 plies" in markup
    assert "chequer play: Beginner, variance reduction" in markup
    # The figures are the serial rollout's under those settings.
    (candidate,) = job.candidates
    serial = roll_out(candidate.position, chosen, None, candidate.for_other_side).result()
    assert job.tallies[0].result() == serial
    # Kept: the next visit's form shows the choice and its rollout plays by it.
    assert json.loads(storage[ROLLOUT_CHOICE])["truncate"] == 2
    second = rooms_on(Session.new(Settings(opponent=FRIEND)), PERSON_OPENS, storage)
    surface = surface_of(second)
    assert surface.prop("rollout-trials", "value") == "36"
    assert surface.prop("rollout-truncate", "value") == "2"
    assert surface.prop("rollout-level", "value") == "beginner"
    assert surface.prop("rollout-variance", "checked") is True
    assert second.coach.roller.chosen == chosen.__class__(**{**chosen.as_dict(), "seed": 1})
    # A kept rollout's settings are shown with it, in the reader's words, on a later visit.
    assert "truncated at 2 plies" in second.coach.roller.kept_html(job.position, job.dice)
    # Not a choice of the form: nothing changes, nothing kept; a damaged value: the defaults.
    second.coach.roller.settings_changed(set(), {"rollout-trials": "100"})
    assert second.coach.roller.chosen.trials == 36
    assert json.loads(storage[ROLLOUT_CHOICE])["trials"] == 36
    storage[ROLLOUT_CHOICE] = '{"version": 1, "trials": "many"}'
    third = rooms_on(Session.new(Settings(opponent=FRIEND)), PERSON_OPENS, storage)
    assert third.coach.roller.chosen == RolloutSettings()
    assert surface_of(third).prop("rollout-trials", "value") == "1296"


def test_a_cubeful_rollout_before_the_roll_plays_the_cube_in_every_trial_and_keeps_its_answers():
    """Settings' *Cubeful*: before the roll, no double and double/take rolled out with the cube
    in play (``RolloutJob.cube``: the cubeful trials' answers, not the model's), their cubeful
    column, kept and shown again; with the dice, each play's rollout plays the cube too. (A
    money game with the cube: without it, or in a match, the rollout is cubeless.)"""
    from dataclasses import replace

    from game.analysis.rollout.decision import CubeStart, cubeful_cube_figures
    from game.engine.state import Phase
    from game.web.store.door import ROLLOUT_CHOICE

    storage: dict[str, str] = {}
    form = ({"rollout-cubeful"}, {"rollout-trials": "36", "rollout-truncate": "2"})

    async def visit(roll_out_now: bool) -> Rooms:
        rooms = rooms_on(Session.new(Settings(opponent=FRIEND, rules=FULL)), PERSON_OPENS, storage)
        rooms.coach.roller.settings_changed(*form)
        session = rooms.page.state.session
        before = replace(session.game, phase=Phase.ROLL, turn=1, dice=None)  # pink to roll
        rooms.page.state = replace(rooms.page.state, session=replace(session, game=before))
        if roll_out_now:
            rooms.coach.roller.start()
            await settle(rooms)
        else:
            rooms.coach.roller.show_kept(before)
        return rooms

    first = asyncio.run(visit(True))
    (job,) = first.coach.roller.kept.values()
    assert job.settings.cubeful and [c.label for c in job.candidates] == [
        "no double",
        "double, take",
    ]
    asked = [r for r in around_of(first).requests if r.get("task") == "rollout"]
    assert sorted(tuple(r["cube"]) for r in asked) == [(1, -1, 0), (2, 1, 1)]
    for candidate, tally in zip(job.candidates, job.tallies, strict=True):
        assert (
            tally.result()
            == roll_out(candidate.position, job.settings, cube=candidate.cube).result()
        )
    cube = cubeful_cube_figures(job.tallies[0].result(), job.tallies[1].result())
    markup = surface_of(first).markup["rollout-body"]
    for value in (cube.no_double, cube.double_take):
        assert f'data-cubeful="{value:.4f}"' in markup
    assert "cube played in every trial" in markup and "Cubeful ± SE" in markup
    (kept,) = json.loads(storage[ROLLOUTS])["rollouts"]
    assert kept[1]["cube"]["rolled"] is True and kept[1]["plan"]["cubeful"] is True
    assert {row["cubeful"] for row in kept[1]["rows"]} == {cube.no_double, cube.double_take}
    assert json.loads(storage[ROLLOUT_CHOICE])["cubeful"] is True
    second = asyncio.run(visit(False))
    assert surface_of(second).prop("rollout-cubeful", "checked") is True
    again = surface_of(second).markup["rollout-body"]
    assert f'data-cubeful="{cube.double_take:.4f}"' in again and "with the cube in play" in again

    async def with_dice() -> Rooms:
        rooms = rooms_on(Session.new(Settings(opponent=FRIEND, rules=FULL)), PERSON_OPENS, storage)
        rooms.table.roll()
        await rooms.coach.show_hint()
        rooms.coach.roller.start()
        await settle(rooms)
        return rooms

    plays = asyncio.run(with_dice())
    (played,) = plays.coach.roller.kept.values()
    assert all(c.cube == CubeStart(1, None) for c in played.candidates)
    assert all(row.cubeful is not None for row in played.rows())
