"""A rollout shared among workers (``game.analysis.rollout.job``): chunks answered in any
order give the serial figures; a stopped job keeps what is done; what is kept reads back."""

from __future__ import annotations

import json
import random

import pytest

from game.analysis.rollout import RolloutSettings, roll_out
from game.analysis.rollout.job import RolloutJob, chunk_reply
from game.formats.position_id import parse_position_id

CONTACT = parse_position_id("xPPgAQnI3Q0DIA")
SETTINGS = RolloutSettings(trials=72, seed=3, truncate=2)


def test_chunks_answered_in_any_order_give_the_serial_rollout_of_each_play():
    job = RolloutJob.of(CONTACT, (6, 5), SETTINGS)
    asked = job.requests(size=12)
    assert len(asked) == 6 * len(job.candidates)
    # Dealt candidate by candidate: the first chunk of each before any second one.
    assert [index for index, _ in asked[: len(job.candidates)]] == list(range(len(job.candidates)))
    random.Random(1).shuffle(asked)
    for index, request in asked:
        # Through JSON, as the worker's messages travel.
        job.take(index, json.loads(json.dumps(chunk_reply(json.loads(json.dumps(request))))))
    assert job.done and job.progress == 1.0 and job.summary == "rolled out: 72 trials"
    for candidate, tally in zip(job.candidates, job.tallies, strict=True):
        serial = roll_out(candidate.position, SETTINGS, None, candidate.for_other_side)
        assert tally.result() == serial.result()
    rows = job.rows()
    assert rows[0].jsd is None and all(row.jsd is not None and row.jsd >= 0 for row in rows[1:])
    assert [row.equity for row in rows] == sorted((row.equity for row in rows), reverse=True)


def test_a_stopped_job_keeps_what_is_done_and_reads_back():
    job = RolloutJob.of(CONTACT, None, SETTINGS)
    first = job.requests(size=36)[0]
    job.take(*(first[0], chunk_reply(first[1])))
    job.stop()
    job.take(0, {"rows": [[50, 1.0, 0.0, 0.0, 0.0, 0.0]]})  # late: ignored
    assert job.done and job.trials_done == 36 and job.progress == 0.5
    kept = RolloutJob.from_dict(json.loads(json.dumps(job.to_dict())))
    assert kept.rows() == job.rows() and kept.stopped and kept.key == "xPPgAQnI3Q0DIA"
    assert len(kept.requests()) == 1  # what is left, should it go on


@pytest.mark.parametrize(
    "data",
    [{}, {"position": "x"}, {"candidates": [], "tallies": []}, {"tallies": "rows"}],
)
def test_a_kept_rollout_that_cannot_be_read_is_refused(data):
    good = RolloutJob.of(CONTACT, None, SETTINGS).to_dict()
    with pytest.raises(ValueError):
        RolloutJob.from_dict({**good, **data} if data else data)


def test_a_request_outside_the_rollout_is_refused():
    job = RolloutJob.of(CONTACT, None, SETTINGS)
    request = job.requests()[0][1]
    with pytest.raises(ValueError):
        chunk_reply({**request, "stop": 73})
    with pytest.raises(ValueError):
        chunk_reply({**request, "position": "nonsense"})
