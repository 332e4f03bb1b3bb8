"""What a light embed frame shows, as JSON-ready dicts: the shared runtime's answers.

    >>> reply = frame_reply({"search": "?mode=diagram&caption=Opening",
    ...                      "hash": "#gnubgid=4HPwATDgc/ABMA:cAkLAAAAAAAA"})
    >>> reply["mode"], reply["caption"], reply["pips"], reply["svg"][:4]
    ('diagram', 'Opening', 'Pink 167 · Cyan 167', '<svg')
    >>> frame_reply({"search": "?mode=puzzle", "hash": "#gnubgid=4HPwATDgc/ABMA:cAkLAAAAAAAA"})
    {'boot': True}

A diagram or a replay frame of ``embed.html`` need not boot Python itself: its shell
(``embed-shell.js``) asks the one runtime every frame of the page shares
(``embed-worker.mjs``, a ``SharedWorker``) for what to draw, and puts it in the page. The
answer is what ``embed_app``'s ``Diagram`` and ``ReplayEmbed`` draw, from the same pure
functions (``embed``, ``render``, ``view``): the board's SVG, its words for screen readers,
both pip counts, the status line, the replay's moment and its words, the storage key.
A request is ``{"search", "hash", "language"}`` (the frame's address and the language
its lang.js chose, whose catalog the worker gives ``learn_language`` first), for a replay
also ``moment`` (the one to show: the saved one, or a step from the last) and ``matBytes``
(the match file's bytes, one character each, from U+0000 to U+00FF: the frame fetches it
itself, same origin only, and it is decoded as Open… decodes a file, ``file_text``: UTF-8,
UTF-16, Latin-1) or ``mat`` (its text) and ``first`` (true on
a frame's first ask: the start of the match is enough, so only its first game is read, and
the reply says ``partial``; the frame draws it at once and then asks again, at a lower priority, for
the whole match). The reply is one of:

- ``{"problem": words}``: the address cannot be shown (said in the frame, as today);
- ``{"boot": True}``: a puzzle or a live game, which the frame runs with its own Python;
- ``{"fetch": path}``: a replay of a match file not yet sent;
- the frame: ``mode``, ``theme``, ``caption``, ``legacy``, ``key``, ``svg``, ``words``,
  ``pips``, ``status``, and for a replay ``where``, ``at``, ``last`` (and ``partial``: true
  when only the first game of a match file was read, ``last`` being its last moment).

Total: any request gives one of these, never an exception (a bug is a ``problem``).
"""

from __future__ import annotations

import functools
import hashlib
import re
from typing import Any

from game.formats.mat import InvalidMatFile, parse_mat
from game.formats.match_file import file_text
from game.web.address.embed_params import DIAGRAM, REPLAY, EmbedError, EmbedSpec, read_embed
from game.web.board import diagram
from game.web.board.render import board_svg
from game.web.board.words import pips_text
from game.web.embed import words
from game.web.embed.moments import replay_view
from game.web.language.catalog import Catalog, told, use
from game.web.state.replay import Replay
from game.web.worker.importing import MAX_MATCH_FILE, TOO_LARGE

_GAME_LINE = re.compile(r"\s*Game\s+[0-9]+\b", re.IGNORECASE)  # as game.formats.mat reads it
_REPLAYS: dict[str, Replay] = {}  # games and match files read, by a hash (a few kept)


_LANGUAGES: dict[str, Catalog] = {}  # the catalogs the runtime was given, by language


def learn_language(code: str, text: str) -> None:
    """Keep a language's catalog (``locale/CODE.json``'s text) for the frames that ask in it;
    one that cannot be read leaves that language English."""
    try:
        _LANGUAGES[code] = Catalog.from_text(text)
    except (ValueError, KeyError, TypeError):
        _LANGUAGES.pop(code, None)


def frame_reply(request: dict[str, Any]) -> dict[str, Any]:
    """The answer to one frame's request (see the module's docstring), in the frame's
    language (``language``: its code, whose catalog ``learn_language`` was given; English
    otherwise): one runtime answers frames of several languages."""
    use(_LANGUAGES.get(str(request.get("language") or ""), Catalog()))
    try:
        return _reply(request)
    except EmbedError as error:
        return {"problem": words.cannot_show(error)}
    except Exception as error:  # a bug: said in the frame, never a traceback
        return {"problem": words.not_drawn(f"{type(error).__name__}: {error}")}


def _reply(request: dict[str, Any]) -> dict[str, Any]:
    search = str(request.get("search") or "")
    fragment = str(request.get("hash") or "")
    spec = read_embed(search, fragment)
    if spec.mode not in (DIAGRAM, REPLAY):
        return {"boot": True}
    shown = {
        "mode": spec.mode,
        "theme": spec.theme,
        "caption": spec.caption,
        "legacy": spec.legacy,
        "key": spec.key,
    }
    if spec.mode == DIAGRAM:
        session = diagram.embed_session(spec)
        words = diagram.board_text(session, spec.play)
        return {
            **shown,
            "svg": board_svg(diagram.diagram_view(session, spec.play)),
            "words": words,
            "pips": pips_text(session),
            "status": " ".join(words[1:2]),
        }
    text = _match_text(request)
    partial = False
    if (
        request.get("first") is True
        and isinstance(text, str)
        and len(text) <= MAX_MATCH_FILE
        and not _read(spec, fragment, text)
    ):
        opening = first_game(text)
        if opening is not None:
            partial = isinstance(_replay(spec, fragment, opening), Replay)
            text = opening if partial else text
    replay = _replay(spec, fragment, text)
    if replay is None:
        return {"fetch": spec.mat}
    if isinstance(replay, str):
        return {"problem": replay}
    moment = request.get("moment")
    replay = replay.jump(moment if isinstance(moment, int) and moment >= 0 else 0)
    session, view, where = replay_view(spec, replay)
    return {
        **shown,
        "svg": board_svg(view),
        "words": diagram.board_text(session),
        "pips": pips_text(session),
        "status": where,
        "where": where,
        "at": replay.at,
        "last": len(replay.moments) - 1,
        **({"partial": True} if partial else {}),
    }


def _match_text(request: dict[str, Any]) -> Any:
    """The match file's text the frame sent: its bytes decoded, or its text as it came."""
    data = request.get("matBytes")
    return _decoded(data) if isinstance(data, str) else request.get("mat")


@functools.lru_cache(maxsize=2)  # a replay's every step sends its file again
def _decoded(data: str) -> str:
    try:
        return file_text(data.encode("latin-1"))
    except UnicodeEncodeError:  # not bytes after all: read as the text it is
        return data


def first_game(text: str) -> str | None:
    """A match file's text cut before its second game (the header and the first game), or
    None when it has no second game."""
    lines = text.splitlines(keepends=True)
    games = [at for at, line in enumerate(lines) if _GAME_LINE.match(line)]
    return "".join(lines[: games[1]]) if len(games) > 1 else None


def _digest(spec: EmbedSpec, fragment: str, text: Any) -> str:
    source = "link:" + fragment if spec.record is not None else "mat:" + str(text)
    return hashlib.sha256(source.encode("utf-8", "replace")).hexdigest()


def _read(spec: EmbedSpec, fragment: str, text: Any) -> bool:
    """Whether this game or match file was read already."""
    return _digest(spec, fragment, text) in _REPLAYS


def _replay(spec: EmbedSpec, fragment: str, text: Any) -> Replay | str | None:
    """The replay of the game link or match file (every moment worked out once and kept
    for the steps that follow), the words that refuse a match file, or None while its
    text has not been sent."""
    if spec.record is None and not isinstance(text, str):
        return None
    if spec.record is None and len(text) > MAX_MATCH_FILE:
        return told(TOO_LARGE)
    digest = _digest(spec, fragment, text)
    if digest not in _REPLAYS:
        record = spec.record
        if record is None:
            try:
                record = parse_mat(str(text))
            except InvalidMatFile as error:
                return words.cannot_read(spec.mat or "", error)
        if len(_REPLAYS) >= 8:
            _REPLAYS.pop(next(iter(_REPLAYS)))
        _REPLAYS[digest] = Replay.of(record, 0)
    return _REPLAYS[digest]
