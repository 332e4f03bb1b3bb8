"""An imported match file (``.mat`` or gnubg ``.sgf``) read in the worker, a slice at a time.

    >>> from game.engine.record import Action, Record
    >>> from game.formats.sgf import format_sgf
    >>> record = Record.new().extend([Action.roll((3, 1)), Action.play([(8, 5), (6, 5)])])
    >>> answer = reply(import_request(format_sgf(record), "job-1"))   # in the worker
    >>> answer["kind"], answer["done"], answer["total"], read_answer(answer) == record
    ('sgf', 1, 1, True)
    >>> refused = reply(import_request("no match here", "job-2"))   # a code, and the reason
    >>> refused["error"], refusal_words(refused)[:32]                 # in the page's words
    ('unreadable', 'This match file cannot be read: ')

As the analysis does (``game.web.worker.judging``): the page sends the file's text
(``import_request``); the worker reads it a game at a time
(``game.formats.match_file.read_match_file_steps``: the kind told by content, every action
replayed through the rules) for about ``budget_ms`` a slice, answering how many games it has
read (``done``/``total``) until it answers with the record (``study.record_data``) or why
not, as a code (``error``) the page words in its language (``refusal_words``). The page
asks for each next slice (``continue_request``), shows the progress, and stops asking to
cancel (``cancel_request`` lets the worker forget the job).
"""

from __future__ import annotations

import time
from typing import Any

from game.bot.level_names import LEVEL_NAMES  # the names only: the bot is not loaded
from game.engine.players import split_levels
from game.engine.record import Record, Seat
from game.engine.refusal import Refusal
from game.formats.mat import Steps
from game.formats.match_file import MatchFile, MatchFileError, read_match_file_steps
from game.web.language.catalog import N_, _, told
from game.web.worker.judging import read_record, record_data

IMPORT, IMPORT_CANCEL = "import-match", "import-cancel"
TASKS = (IMPORT, IMPORT_CANCEL)
MAX_MATCH_FILE = 2_000_000  # characters: far beyond any real match file
TOO_LARGE = N_("This file is too large to be a match file.")
# Why a reading stopped, as the worker answers it (``error``): the page words it
# (``refusal_words``), in its language.
LARGE, STOPPED, UNREADABLE = "too-large", "stopped", "unreadable"

_JOBS: dict[str, Steps[MatchFile]] = {}


def import_request(text: str, job: str, budget_ms: float = 250.0) -> dict[str, Any]:
    """Start reading ``text`` as a match file (job ``job``); then ``continue_request``."""
    return {"task": IMPORT, "job": job, "text": text, "budget_ms": budget_ms}


def continue_request(job: str, budget_ms: float = 250.0) -> dict[str, Any]:
    return {"task": IMPORT, "job": job, "budget_ms": budget_ms}


def cancel_request(job: str) -> dict[str, Any]:
    return {"task": IMPORT_CANCEL, "job": job}


def reply(request: dict[str, Any]) -> dict[str, Any]:
    """One slice of reading: ``done``/``total`` games, then the record or the reason."""
    job = str(request.get("job"))
    if request.get("task") == IMPORT_CANCEL:
        _JOBS.pop(job, None)
        return {"job": job, "cancelled": True}
    answer: dict[str, Any] = {"job": job, "done": 0, "total": 0}
    if "text" in request:
        text = request["text"]
        _JOBS.clear()  # one file at a time: a new one replaces any other
        if not isinstance(text, str) or len(text) > MAX_MATCH_FILE:
            return {**answer, "error": LARGE}
        _JOBS[job] = read_match_file_steps(text)
    steps = _JOBS.get(job)
    if steps is None:
        return {**answer, "error": STOPPED}
    budget = float(request.get("budget_ms", 250.0)) / 1000.0
    started = time.perf_counter()
    try:
        while True:  # a game at least, then as many as the budget allows
            answer["done"], answer["total"] = next(steps)
            if time.perf_counter() - started >= budget:
                break
    except StopIteration as finished:
        del _JOBS[job]
        match: MatchFile = finished.value
        answer["done"] = answer["total"] = len(match.record.games)
        return {**answer, "kind": match.kind, "record": record_data(match.record)}
    except MatchFileError as error:
        del _JOBS[job]
        answer = {**answer, "error": UNREADABLE, "reason": str(error)}
        if isinstance(error, Refusal):  # its sentence and fields, worded by the page
            answer["refusal"] = error.to_data()
        return answer
    return answer


def refusal_words(answer: dict[str, Any]) -> str:
    """Why a file was not imported, in the page's words (the worker sends a code and the
    reader's own reason)."""
    error = answer.get("error")
    if error == LARGE:
        return told(TOO_LARGE)
    if error == STOPPED:
        return _("The reading of this file was stopped.")
    reason: object = answer.get("reason", error)
    if "refusal" in answer:
        reason = Refusal.from_data(answer["refusal"])
    return _("This match file cannot be read: {reason}. Nothing was imported.", reason=reason)


def read_answer(answer: dict[str, Any]) -> Record:
    """The record of a reply that has one; a player the page's own files name with the
    computer's level (``Computer (expert)``) is that player at that level."""
    record = read_record(answer["record"])
    seats = []
    for at, seat in record.seats:  # each game's players, as its header names them
        names, levels = split_levels(seat.names, LEVEL_NAMES)
        seats.append((at, Seat(names, levels if levels != (None, None) else seat.levels)))
    return record.with_seats(tuple(seats))
