"""The analysis of a game on the pool of workers (game/web/review/room.py): its parts asked of
the pool, put together in one worker, the figures of the analysis in one go; stopped, the
parts done from the start on shown."""

from __future__ import annotations

import asyncio
import json
import random

from game.analysis.record_analysis import analyse_match
from game.web.house import Rooms, Setup, build
from game.web.review import analysis_view
from game.web.state.session import FRIEND, Session, Settings
from game.web.worker import judging
from tests.records import played
from tests.web.fakes import FakeSurface, FakeSurroundings, around_of, surface_of


def rooms_on(record) -> Rooms:
    state = record.state
    session = Session(state, Settings(opponent=FRIEND)).after(state)
    rooms = build(FakeSurface(), FakeSurroundings(), Setup(session=session), random.Random(1))
    rooms.page.paint()
    return rooms


def one_go(record) -> dict:
    """The analysis as one worker gave it before the pool: every decision in order."""
    games, moments = judging.games_with_moments(record)
    return json.loads(json.dumps(judging.summary(analyse_match(games, 1), record, moments)))


def test_the_analysis_on_the_pool_is_the_analysis_in_one_go():
    record = played(2)  # a 3-point match: several games, mistakes to find
    rooms = rooms_on(record)
    asyncio.run(rooms.review.analyse(record, 1))
    surface, around = surface_of(rooms), around_of(rooms)
    tasks = [request["task"] for request in around.requests]
    assert tasks[0] == "analyse-parts" and tasks[-1] == "analyse-whole"
    assert tasks.count("analyse-part") >= 3  # shared among the workers
    # The dice statistics are worked out with the first part, not before every part.
    parts = [r for r in around.requests if r["task"] == "analyse-part"]
    assert not around.requests[0]["dice"] and [r["dice"] for r in parts[:2]] == [True, False]
    dice = judging.dice_data(record)
    assert surface.markup["dice-result"] == analysis_view.dice_html(json.loads(json.dumps(dice)))
    assert surface.marks["analysis"] == "done"
    _, result = rooms.page.state.analysis
    assert json.loads(json.dumps(result)) == one_go(record)


def test_a_stopped_analysis_shows_the_parts_done_from_the_start():
    record = played(2)
    rooms = rooms_on(record)
    around = around_of(rooms)
    answer = around.pool
    parts_in = []

    async def pool(request, tag):
        reply = await answer(request, tag)
        if request["task"] == "analyse-part":
            parts_in.append(reply)
            if len(parts_in) == 2:
                rooms.review.cancel_analysis()  # Stop, the first two parts in
        return reply

    around.pool = pool  # type: ignore[method-assign]
    asyncio.run(rooms.review.analyse(record, 1))
    surface = surface_of(rooms)
    assert surface.marks["analysis"] == "cancelled"
    done = sum(reply["decisions"] for reply in parts_in)
    assert surface.marks["analysis-kept"] == str(done)
    markup = surface.markup["analysis-result"]
    assert "Analysis stopped: the first" in markup and "Error rate" in markup
    _, result = rooms.page.state.analysis
    whole = one_go(record)
    assert 0 < len(result["cards"]) < len(whole["cards"]) or result["games"] != whole["games"]
