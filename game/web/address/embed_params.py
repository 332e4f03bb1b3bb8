"""The address of ``embed.html``: which mode, which position or game, and how to show it.

    >>> spec = read_embed("?mode=diagram&play=24/18%2013/11&caption=Opening",
    ...                   "#gnubgid=4HPwATDgc/ABMA:cAkLAAAAAAAA")
    >>> spec.mode, spec.caption, spec.game.dice
    ('diagram', 'Opening', (6, 2))
    >>> read_embed("?mode=slideshow", "")
    Traceback (most recent call last):
    ...
    game.web.address.embed_params.EmbedError: mode must be diagram, puzzle, replay or play, ...

The address is an interface that embedding sites rely on, so it stays stable:

- ``?mode=diagram|puzzle|replay|play`` (no mode: ``play``, the live board as before);
- the position in the fragment as the main page reads it: ``#gnubgid=PID:MID`` or
  ``#xgid=XGID``; a whole game as the game link carries it: ``#gnubgid=...&game=TEXT``;
- ``play=24/18 13/11`` (a diagram's play, drawn), ``caption=...`` (text, never markup),
  ``flip=1`` (the side on roll at the top), ``theme=light|dark``;
- replay: ``mat=file.mat`` (a match file beside the page, same origin);
- play: ``vs=computer|friend``, ``level=NAME``, ``rules=simple|full``, ``length=N``;
- puzzle: ``plies=1|2`` (how far the computer looks before ranking; 2 by default);
- ``id=NAME``: keeps apart the saved state of two embeds of the same address.

Parameters may stand in the query or the fragment (the query wins). ``read_embed`` is
total: it returns an ``EmbedSpec`` or raises ``EmbedError`` with words for the reader,
whatever the text (tests/web/address/test_embed_params.py fuzzes it). Names it does not know are
ignored (the page's own ``seed``, ``pace``, ...), values it does not know are refused.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass

from game.engine.notation import InvalidPlay, parse_play
from game.engine.plays import Play
from game.engine.record import Record
from game.engine.state import GameState, Phase
from game.formats.game_link import InvalidGameLink, parse_game_link
from game.formats.match_id import format_gnubg_id
from game.formats.xgid import InvalidXgid, parse_xgid
from game.web.address.links import (
    FULL,
    SIMPLE,
    LinkError,
    game_from_id,
    parse_pairs,
    read_levels,
    read_names,
)
from game.web.address.params import query_fields
from game.web.language.catalog import _
from game.web.state.session import COMPUTER, FRIEND, MATCH_LENGTHS
from game.web.store.door import EMBED_SAVES
from game.web.store.seats import read_link_seats

DIAGRAM, PUZZLE, REPLAY, PLAY = "diagram", "puzzle", "replay", "play"
MODES = (DIAGRAM, PUZZLE, REPLAY, PLAY)
AUTO, LIGHT, DARK = "auto", "light", "dark"
THEMES = (AUTO, LIGHT, DARK)
MAX_ADDRESS = 4_000  # characters of query or fragment: far beyond any address of ours
MAX_CAPTION = 300
KEY_PREFIX = EMBED_SAVES  # the embeds' saves, apart from the page's (the door declares it)
# A match file beside the page: plain names in plain folders, no way up or out.
MAT_PATH = re.compile(
    r"(?:[A-Za-z0-9_][A-Za-z0-9_.-]{0,63}/){0,4}[A-Za-z0-9_][A-Za-z0-9_.-]{0,99}\.mat"
)
EMBED_ID = re.compile(r"[A-Za-z0-9_-]{1,40}")
# What a puzzle can ask: a play of the dice, or a cube decision (double? take?).
PUZZLE_PHASES = (Phase.MOVE, Phase.ROLL, Phase.DOUBLED)


class EmbedError(ValueError):
    """An embed address that cannot be shown; its words are shown in the frame."""


@dataclass(frozen=True)
class EmbedSpec:
    """What an embed shows, read from its address."""

    mode: str = PLAY
    game: GameState | None = None  # the position; None: a new game (play mode)
    record: Record | None = None  # replay: the game a game link carries
    mat: str | None = None  # replay: a match file's path beside the page
    play: Play | None = None  # diagram: the play drawn on the position
    caption: str = ""
    flip: bool = False  # the side on roll at the top
    theme: str = DARK
    opponent: str = COMPUTER
    level: str | None = None
    rules: str | None = None  # None: a position's full rules, a new game's page default
    match_length: int = 0
    plies: int = 2
    key: str = KEY_PREFIX  # this embed's storage key

    @property
    def legacy(self) -> bool:
        """The plain live board of old (no mode, no position): its save is the old one."""
        return self.key == KEY_PREFIX


def read_embed(search: object, fragment: object) -> EmbedSpec:
    """The embed that ``location.search`` and ``location.hash`` describe; raises only
    ``EmbedError`` (an unexpected failure inside is turned into one, chained)."""
    try:
        return _read(search, fragment)
    except EmbedError:
        raise
    except Exception as error:
        kind = type(error).__name__
        raise EmbedError(_("this address cannot be read ({kind})", kind=kind)) from error


def _fields(search: object, fragment: object) -> dict[str, str]:
    if not isinstance(search, str) or not isinstance(fragment, str):
        raise EmbedError(_("the address is not text"))
    if len(search) > MAX_ADDRESS or len(fragment) > MAX_ADDRESS:
        raise EmbedError(_("the address is too long"))
    text = fragment.removeprefix("#")
    try:
        fields = parse_pairs(text) if "=" in text else {}
    except ValueError:
        raise EmbedError(_("the part after # is not in the form name=value&...")) from None
    fields.update(query_fields(search))
    return fields


def _choice(fields: dict[str, str], name: str, allowed: tuple[str, ...], default: str) -> str:
    value = fields.get(name, default)
    if value not in allowed:
        choices = _("{some} or {last}", some=", ".join(allowed[:-1]), last=allowed[-1])
        raise EmbedError(
            _(
                "{name} must be {choices}, not {value}",
                name=name,
                choices=choices,
                value=_shown(value),
            )
        )
    return value


def _shown(value: str) -> str:
    """A value as quoted in a message: short, and without control characters."""
    clean = "".join(c if c.isprintable() else "?" for c in value[:40])
    return repr(clean + ("…" if len(value) > 40 else ""))


def _flag(fields: dict[str, str], name: str) -> bool:
    return _choice(fields, name, ("0", "1"), "0") == "1"


def _read(search: object, fragment: object) -> EmbedSpec:
    fields = _fields(search, fragment)
    mode = _choice(fields, "mode", MODES, PLAY)
    rules = _choice(fields, "rules", (SIMPLE, FULL), FULL)
    named_rules = rules if "rules" in fields else None
    beaver = _flag(fields, "beaver")
    record = _record(fields, str(fragment))  # a str: _fields checked it
    # A diagram shows any position an ID holds, a finished game too; the other modes play on.
    game = _position(fields, rules, beaver, record, finished=mode == DIAGRAM)
    caption = "".join(c for c in fields.get("caption", "") if c.isprintable())
    if len(caption) > MAX_CAPTION:
        raise EmbedError(_("the caption is longer than {count} characters", count=MAX_CAPTION))
    spec = EmbedSpec(
        mode=mode,
        game=game,
        record=record,
        caption=caption,
        flip=_flag(fields, "flip"),
        theme=_choice(fields, "theme", THEMES, DARK),
        opponent=_choice(fields, "vs", (COMPUTER, FRIEND), COMPUTER),
        level=_level(fields.get("level")),
        rules=named_rules,
        match_length=_length(fields.get("length", "0")),
        plies=int(_choice(fields, "plies", ("1", "2"), "2")),
        key=_key(fields),
    )
    if mode == DIAGRAM:
        return _diagram(spec, fields)
    if mode == PUZZLE:
        return _puzzle(spec)
    if mode == REPLAY:
        return _replay(spec, fields)
    return spec


def _record(fields: dict[str, str], fragment: str) -> Record | None:
    """The game a game link carries, its players as the link names them (``names=``,
    ``levels=``, ``seats=`` in the fragment, as Share writes them); without them, Cyan and
    Pink."""
    if "game" not in fields:
        return None
    link = f"game={fields['game']}"
    if "gnubgid" in fields:
        link = f"gnubgid={fields['gnubgid']}&{link}"
    try:
        record = parse_game_link(link)
    except InvalidGameLink as error:
        raise EmbedError(_("the game link cannot be read: {error}", error=error)) from None
    names = read_names(fragment)
    if names is None:
        return record
    record = record.with_names(names).with_levels(read_levels(fragment) or (None, None))
    return read_link_seats(fragment, record)


def _position(
    fields: dict[str, str], rules: str, beaver: bool, record: Record | None, finished: bool
) -> GameState | None:
    if "gnubgid" in fields and "xgid" in fields:
        raise EmbedError(_("give the position once: gnubgid=... or xgid=..., not both"))
    if record is not None:
        return record.state
    gnubg_id = fields.get("gnubgid")
    if "xgid" in fields:
        gnubg_id, beavers = gnubg_id_of_xgid(fields["xgid"])
        beaver = beaver or beavers
    if gnubg_id is None:
        return None
    try:
        return game_from_id(gnubg_id, rules, beaver, finished, subject="position")
    except LinkError as error:
        raise EmbedError(str(error)) from None


def gnubg_id_of_xgid(text: str) -> tuple[str, bool]:
    """The ``PID:MID`` of an XGID, and whether it allows beavers (money play)."""
    try:
        xgid = parse_xgid(text)
        return format_gnubg_id(xgid.position(), xgid.match_id()), (
            xgid.beaver and xgid.is_money_game
        )
    except (InvalidXgid, ValueError) as error:
        raise EmbedError(_("the XGID cannot be read: {error}", error=error)) from None


def _level(value: str | None) -> str | None:
    if value is None:
        return None
    if not re.fullmatch(r"[a-z]{1,20}", value):
        raise EmbedError(_("level must be a level's name, not {value}", value=_shown(value)))
    return value  # checked against the bot's levels where a game is played (play mode)


def _length(value: str) -> int:
    if not re.fullmatch(r"[0-9]{1,2}", value) or int(value) not in MATCH_LENGTHS:
        raise EmbedError(
            _(
                "length must be 0 (money play) or an odd number from 1 to 25, not {value}",
                value=_shown(value),
            )
        )
    return int(value)


def _key(fields: dict[str, str]) -> str:
    """Each embed's own storage key: from what it shows (and ``id``), so two embeds of
    different positions never share a save, and the plain board keeps its old key."""
    named = fields.get("id")
    if named is not None and not EMBED_ID.fullmatch(named):
        raise EmbedError(_("id must be 1 to 40 letters, digits, '-' or '_'"))
    parts = [f"{name}={fields[name]}" for name in sorted(fields) if name in _KEYED]
    if not parts:
        return KEY_PREFIX
    digest = hashlib.sha256("&".join(parts).encode("utf-8")).hexdigest()[:16]
    return f"{KEY_PREFIX}.{fields.get('mode', PLAY)}.{digest}"


# The names that make one embed another (not caption, theme, flip: the same game shown
# another way keeps its state).
_KEYED = ("mode", "gnubgid", "xgid", "game", "mat", "vs", "level", "rules", "length", "id")


def _diagram(spec: EmbedSpec, fields: dict[str, str]) -> EmbedSpec:
    game = spec.game
    if game is None:
        raise EmbedError(_("a diagram needs a position: #gnubgid=PID:MID or #xgid=..."))
    text = fields.get("play")
    if text is None:
        return spec
    if game.phase is not Phase.MOVE or game.dice is None:
        raise EmbedError(_("a play can be drawn only on a position with dice to play"))
    try:
        play = parse_play(text, game.position, game.dice)
    except InvalidPlay as error:
        raise EmbedError(_("the play cannot be drawn: {error}", error=error)) from None
    return _replace(spec, play=play)


def _puzzle(spec: EmbedSpec) -> EmbedSpec:
    game = spec.game
    if game is None:
        raise EmbedError(_("a puzzle needs a position: #gnubgid=PID:MID or #xgid=..."))
    if game.phase is Phase.MOVE and game.dice is not None:
        if not game.legal_plays():
            raise EmbedError(_("this roll cannot be played: there is nothing to choose"))
        return spec
    if game.phase is Phase.ROLL and game.rules.cube and game.may_double():
        return spec
    if game.phase is Phase.DOUBLED:
        return spec
    raise EmbedError(
        _("a puzzle needs dice to play, a player who may double, or a double to answer")
    )


def _replay(spec: EmbedSpec, fields: dict[str, str]) -> EmbedSpec:
    mat = fields.get("mat")
    if mat is not None:
        if spec.record is not None:
            raise EmbedError(_("give one game to replay: a game link or mat=..., not both"))
        if not MAT_PATH.fullmatch(mat):
            raise EmbedError(_("mat must be the path of a .mat file beside the page (name.mat)"))
        return _replace(spec, mat=mat)
    if spec.record is None:
        raise EmbedError(_("a replay needs a game: #gnubgid=...&game=... or mat=file.mat"))
    return spec


def _replace(spec: EmbedSpec, **changes: object) -> EmbedSpec:
    from dataclasses import replace

    return replace(spec, **changes)  # type: ignore[arg-type]
