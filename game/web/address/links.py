"""Share links: the game in a URL fragment, as GNU Backgammon's Position ID and Match ID.

    >>> from game.web.state.session import Session
    >>> fragment = share_fragment(Session.new().game)
    >>> fragment
    'gnubgid=4HPwATDgc/ABMA:MAAAAAAAAAAE&rules=simple'
    >>> game, opponent = read_fragment('#' + fragment)
    >>> game.phase.value, opponent.value
    ('opening', 'computer')

The fragment is ``gnubgid=PID:MID`` (what gnubg's "set gnubgid" reads), with
``&vs=friend`` when two people share the device. The IDs come from
``game.formats.gnubg_id.write_gnubg_id`` and are read back by ``read_gnubg_id``. The
Match ID holds the cube, the score, the match length, the Crawford flag, a
double or resignation waiting for its answer, and the Jacoby rule; it cannot
say whether the game is played without the cube, nor whether beavers are
allowed, so our links add ``&rules=simple`` and ``&beaver=1`` for those. A
link without them (one written by gnubg, say) is read under the full rules.
A finished game is refused.

A fragment that cannot be read raises ``LinkError`` (and nothing else, whatever
the text: tests/web/address/test_links_fuzz.py fuzzes it) with a message that is shown as
text (never as HTML) beside the visitor's own board.
"""

from __future__ import annotations

from dataclasses import replace

from game.bot.level_names import LEVEL_NAMES  # the names only: the bot is not loaded
from game.engine.match import Rules
from game.engine.position import InvalidPosition
from game.engine.state import GameState, InvalidState, Phase
from game.engine.text import quote_part, quoted, unquote
from game.formats.gnubg_id import read_gnubg_id, write_gnubg_id
from game.formats.match_id import InvalidMatchId, format_gnubg_id, parse_gnubg_id
from game.formats.position_id import InvalidPositionId
from game.web.language.catalog import N_, _, told
from game.web.state.session import COMPUTER, COMPUTER_PLAYER, FRIEND, MAX_NAME, Opponent

MAX_FRAGMENT = 200
FRIEND_FRAGMENT = "friend="  # a game by link's fragment: #friend=F1.… (never sent to a server)
SHOWN_PHASES = (Phase.OPENING, Phase.ROLL, Phase.MOVE, Phase.DOUBLED, Phase.RESIGNED)
SIMPLE, FULL = "simple", "full"


class LinkError(ValueError):
    """A share link that does not hold a game the page can show (its words, in the page's
    language, are shown)."""


# What a Position ID (with its Match ID) cannot give, said of a link's game or of an embed's
# position: whole sentences of the catalog (``{error}``: the reader's own words).
UNREADABLE = {
    "link": N_("the link's game cannot be read: {error}"),
    "position": N_("the position cannot be read: {error}"),
}
UNPLAYABLE = {
    "link": N_("the link's game cannot be played here: {error}"),
    "position": N_("the position cannot be played here: {error}"),
}
OVER = {
    "link": N_("the link's game is already over"),
    "position": N_("the position's game is already over"),
}


def parse_pairs(text: str) -> dict[str, str]:
    """``a=1&b=2`` as a dict; raises ValueError for a part without ``=`` or a bad %-escape.

    Unlike ``urllib.parse``, a ``+`` stays a ``+`` (Position IDs use it), and importing
    this costs nothing at start-up in the page (importing urllib.parse there is slow).
    """
    fields: dict[str, str] = {}
    for part in text.split("&"):
        if not part:
            continue
        key, equals, value = part.partition("=")
        if not equals:
            raise ValueError(f"{quoted(part)} is not name=value")
        fields[unquote(key)] = unquote(value)
    return fields


def share_fragment(game: GameState, opponent: str = COMPUTER) -> str:
    fragment = f"gnubgid={write_gnubg_id(game)}"
    if not game.rules.cube:
        fragment += f"&rules={SIMPLE}"
    if game.rules.beaver:
        fragment += "&beaver=1"
    return fragment + ("&vs=friend" if opponent == FRIEND else "")


def names_part(names: tuple[str, str]) -> str:
    """``&names=A,B`` for a link (each name %-escaped, commas in names escaped too).

    >>> names_part(("You", "Computer"))
    '&names=You,Computer'
    >>> read_names("gnubgid=x&" + names_part(("Ann, 2nd", "Bob&Co"))[1:])
    ('Ann, 2nd', 'Bob&Co')
    """
    return "&names=" + ",".join(quote_part(name[:MAX_NAME]) for name in names)


def read_names(fragment: str) -> tuple[str, str] | None:
    """The players' names a link carries (``names=A,B``); None when it has none usable."""
    text = fragment[1:] if fragment.startswith("#") else fragment
    found = next((part for part in text.split("&") if part.startswith("names=")), None)
    if found is None:
        return None
    pieces = found[len("names=") :].split(",")
    if len(pieces) != 2:
        return None
    try:
        names = tuple(" ".join(unquote(piece).split())[:MAX_NAME] for piece in pieces)
    except ValueError:
        return None
    if not all(names) or any(not ch.isprintable() for name in names for ch in name):
        return None
    return names[0], names[1]


def levels_part(levels: tuple[str | None, str | None]) -> str:
    """``&levels=,expert`` for a link whose record has a computer's level ("" when none).

    >>> levels_part((None, "expert")), levels_part((None, None))
    ('&levels=,expert', '')
    >>> read_levels("gnubgid=x&levels=,expert"), read_levels("levels=,nobody")
    ((None, 'expert'), None)
    """
    if levels == (None, None):
        return ""
    return "&levels=" + ",".join(level or "" for level in levels)


def read_levels(fragment: str) -> tuple[str | None, str | None] | None:
    """The computer's levels a link carries (``levels=,expert``); None when it has none usable
    (a link from before levels, or a level the page does not have)."""
    text = fragment[1:] if fragment.startswith("#") else fragment
    found = next((part for part in text.split("&") if part.startswith("levels=")), None)
    if found is None:
        return None
    pieces = found[len("levels=") :].split(",")
    if len(pieces) != 2 or not all(piece in ("", *LEVEL_NAMES) for piece in pieces):
        return None
    return pieces[0] or None, pieces[1] or None


def read_fragment(fragment: object) -> tuple[GameState, Opponent] | None:
    """(game, opponent) from ``#gnubgid=...``; None when the fragment holds no game at all.

    Total: any other outcome is a ``LinkError``. An unexpected error inside the reader is
    turned into one too (chained, so the tests' fuzzing still sees it as a bug): a link can
    never stop the page.
    """
    if not isinstance(fragment, str):
        raise LinkError(_("the link is not text"))
    try:
        return _read_fragment(fragment)
    except LinkError:
        raise
    except Exception as error:
        kind = type(error).__name__
        raise LinkError(_("the link's game cannot be read ({kind})", kind=kind)) from error


def _read_fragment(fragment: str) -> tuple[GameState, Opponent] | None:
    text = fragment[1:] if fragment.startswith("#") else fragment
    if len(text) > MAX_FRAGMENT:
        raise LinkError(_("the link is too long to be a game"))
    if not text or "=" not in text:
        return None  # empty, or an anchor in the page (#how-to-play)
    try:
        fields = parse_pairs(text)
    except ValueError:
        raise LinkError(_("the link's game part is not in the form gnubgid=...")) from None
    if "gnubgid" not in fields:
        if "vs" in fields:
            raise LinkError(_("the link names no game (gnubgid=... is missing)"))
        return None
    opponent = fields.get("vs", COMPUTER)
    if opponent not in (COMPUTER, FRIEND):  # a friend by links has links of its own
        raise LinkError(_("the link names an unknown opponent"))
    rules = fields.get("rules", FULL)
    if rules not in (SIMPLE, FULL):
        raise LinkError(_("the link names unknown rules"))
    beaver = fields.get("beaver", "0")
    if beaver not in ("0", "1"):
        raise LinkError(_("the link's beaver setting is not 0 or 1"))
    return game_from_id(fields["gnubgid"], rules, beaver == "1"), Opponent(opponent)


def _drawn(gnubg_id: str, chosen: Rules, rules: str, length: int) -> GameState:
    """A diagram's game where the rules refuse the ID's: a finished game whose points only the
    Simple rules give (a gammon counted 1), else what the ID holds, only to draw (a double the
    rules would refuse: a diagram shows, it does not play)."""
    if rules != SIMPLE:
        try:
            return read_gnubg_id(gnubg_id, Rules.simple(length))
        except InvalidState:
            pass
    return read_gnubg_id(gnubg_id, chosen, drawn=True)


def game_from_id(
    gnubg_id: str,
    rules: str = FULL,
    beaver: bool = False,
    finished: bool = False,
    subject: str = "link",
) -> GameState:
    """The game a ``PID:MID`` describes, under the Simple or the full rules (with beavers
    when ``beaver``, in money play); a finished game only when ``finished`` (a diagram
    shows one, a game to play cannot).

    Raises ``LinkError`` when it cannot be read or not shown on this page, its words said of
    ``subject``: ``link`` (a link's game) or ``position`` (an embed's).
    """
    try:
        _, match = parse_gnubg_id(gnubg_id)
        length = match.match_length
        if rules == SIMPLE:
            chosen = Rules.simple(length)
        else:
            money = length == 0
            jacoby = bool(match.jacoby) and money
            chosen = Rules.full(length, beaver=beaver and money, jacoby=jacoby)
        try:
            game = read_gnubg_id(gnubg_id, chosen)
        except InvalidState:
            if not finished:
                raise
            game = _drawn(gnubg_id, chosen, rules, length)
    except (InvalidMatchId, InvalidPositionId, InvalidPosition) as error:
        raise LinkError(told(UNREADABLE[subject], error=error)) from None
    except InvalidState as error:
        raise LinkError(told(UNPLAYABLE[subject], error=error)) from None
    if game.phase not in SHOWN_PHASES and not finished:
        raise LinkError(told(OVER[subject]))
    return game


def same_game(first: GameState, second: GameState) -> bool:
    """Do two games stand at the same point (so opening a link changes nothing)?"""
    return write_gnubg_id(first) == write_gnubg_id(second)


def reader_on_roll(game: GameState) -> GameState:
    """``game`` with the players' numbers swapped when the computer's side (player 1) is to
    act: in a ``play`` embed against the computer, the reader plays the side the position
    puts on roll, whichever gnubg number it has."""
    if game.to_act != COMPUTER_PLAYER:
        return game
    position, match = parse_gnubg_id(write_gnubg_id(game))
    owner = match.cube_owner
    swapped = replace(
        match,
        player_on_roll=1 - match.player_on_roll,
        turn=None if match.turn is None else 1 - match.turn,
        cube_owner=None if owner is None else 1 - owner,
        score=(match.score[1], match.score[0]),
    )
    return read_gnubg_id(format_gnubg_id(position, swapped), game.rules)


def is_friend_link(fragment: str) -> bool:
    """Is this address fragment a friend's link (``#friend=F1.…``, game/web/link_play/)?"""
    return fragment.lstrip("#").startswith(FRIEND_FRAGMENT)
