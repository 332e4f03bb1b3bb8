"""An imported match file (``.mat`` or gnubg ``.sgf``) read in the worker, off the page's thread.

    >>> from game.engine.record import Action, Record
    >>> from game.formats.sgf import format_sgf
    >>> record = Record.new().extend([Action.roll((3, 1)), Action.play([(8, 5), (6, 5)])])
    >>> answer = reply(import_request(format_sgf(record), "job-1"))   # in the worker
    >>> answer["kind"], read_answer(answer) == record
    ('sgf', True)
    >>> reply(import_request("no match here", "job-2"))["error"][:32]
    'This match file cannot be read: '

The page sends the file's text (``import_request``); the worker reads it
(``game.formats.match_file``: the kind told by content, every action replayed through the
rules) and answers with the record as it travels between them (``study.record_data``) or
with the words to show. The page shows that it is reading, with a Cancel that drops the
answer; the readers are linear in their input, so the worker is soon free again.
"""

from __future__ import annotations

from typing import Any

from game.engine.record import Record
from game.formats.match_file import MatchFileError, read_match_file
from game.web.study import read_record, record_data

IMPORT = "import-match"
MAX_MATCH_FILE = 2_000_000  # characters: far beyond any real match file


def import_request(text: str, job: str) -> dict[str, Any]:
    """Ask the worker to read ``text`` as a match file (job ``job``)."""
    return {"task": IMPORT, "job": job, "text": text}


def reply(request: dict[str, Any]) -> dict[str, Any]:
    """The record read from the request's text, or the reason it could not be."""
    job, text = request.get("job"), request.get("text")
    if not isinstance(text, str) or len(text) > MAX_MATCH_FILE:
        return {"job": job, "error": "This file is too large to be a match file."}
    try:
        match = read_match_file(text)
    except MatchFileError as error:
        return {
            "job": job,
            "error": f"This match file cannot be read: {error}. Nothing was imported.",
        }
    return {"job": job, "kind": match.kind, "record": record_data(match.record)}


def read_answer(answer: dict[str, Any]) -> Record:
    """The record of a reply that has one."""
    return read_record(answer["record"])
