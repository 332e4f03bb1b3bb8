"""The main page's embed snippets: the ``<iframe>`` an author pastes, the embed's address,
and what "Open…" was given, read as a fragment.

    >>> html = snippet("https://example.org/bg/embed.html", "diagram",
    ...                "gnubgid=4HPwATDgc/ABMA:cAkLAAAAAAAA")
    >>> for part in html.split('" '):
    ...     print(part)
    <iframe src="https://example.org/bg/embed.html?mode=diagram#gnubgid=4HPwATDgc/ABMA:cAkLAAAAAAAA
    width="480
    height="480
    title="Backgammon diagram
    loading="lazy
    style="border:0;max-width:100%"></iframe>
"""

from __future__ import annotations

import re
from html import escape

from game.engine.record import Record
from game.engine.state import GameState, Phase
from game.formats.game_link import format_game_link
from game.web.address.embed_params import (
    DIAGRAM,
    MAX_ADDRESS,
    PLAY,
    PUZZLE,
    REPLAY,
    EmbedError,
    EmbedSpec,
    gnubg_id_of_xgid,
    read_embed,
)
from game.web.address.links import levels_part, names_part, share_fragment
from game.web.sharing import words
from game.web.state.session import (
    COMPUTER,
)
from game.web.store.seats import seats_part

# The frame's size for each mode: the board (840x664) at 480 px wide, and what is below it.
FRAME_SIZES = {DIAGRAM: (480, 480), PUZZLE: (480, 700), REPLAY: (480, 560), PLAY: (480, 520)}


def embed_address(
    page: str, mode: str, fragment: str, options: dict[str, str] | None = None
) -> str:
    """The address of an embed of ``page`` (embed.html's URL): ``?mode=...&name=value#fragment``.
    ``fragment`` is the position or game as the main page's links write it."""
    from urllib.parse import quote

    query = [f"mode={mode}"]
    for name, value in (options or {}).items():
        if value:
            query.append(f"{name}={quote(value, safe='/:')}")
    return f"{page}?{'&'.join(query)}" + (f"#{fragment}" if fragment else "")


def snippet(page: str, mode: str, fragment: str, options: dict[str, str] | None = None) -> str:
    """The ``<iframe>`` an author pastes into their page (every value escaped)."""
    width, height = FRAME_SIZES.get(mode, FRAME_SIZES[PLAY])
    address = embed_address(page, mode, fragment, options)
    return (
        f'<iframe src="{escape(address)}" width="{width}" height="{height}" '
        f'title="{escape(words.mode_title(mode))}" loading="lazy" '
        'style="border:0;max-width:100%"></iframe>'
    )


def embed_fragment(mode: str, game: GameState, record: Record, opponent: str) -> str:
    """The position (or, for a replay, the whole game) of the main page's game, as the
    embed's fragment: the share link's ``gnubgid=...`` or the game link, with its players as
    the share link names them (the replay is seated as the review seats it)."""
    if mode == REPLAY:
        players = names_part(record.names) + levels_part(record.levels) + seats_part(record)
        return format_game_link(record) + players
    return share_fragment(game, opponent if mode == PLAY else COMPUTER)


def make_snippet(
    page: str, mode: str, fragment: str, options: dict[str, str]
) -> tuple[str, EmbedSpec]:
    """The ``<iframe>`` for the main page's Share -> Embed and the embed it shows (read back
    from its own address, so what the preview draws is what the snippet gives); raises
    ``EmbedError`` in words when this game cannot be shown that way (a puzzle with no
    decision to make, say)."""
    address = embed_address(page, mode, fragment, options)
    search, _, hash_ = address.partition("?")[2].partition("#")
    spec = read_embed("?" + search, "#" + hash_)
    return snippet(page, mode, fragment, options), spec


def fitting_mode(game: GameState) -> str:
    """The embed mode Share → Embed… opens on: a finished game's replay, else a diagram.

    >>> from game.engine.match import Rules
    >>> fitting_mode(GameState.new(Rules.simple()))
    'diagram'
    """
    return REPLAY if game.phase in (Phase.GAME_OVER, Phase.MATCH_OVER) else DIAGRAM


def pasted_fragment(text: str) -> str:
    """What "Open…" on the main page was given, as a fragment the page opens: a link's own
    fragment, ``PID:MID`` (or gnubg's "Position ID: … Match ID: …", its text board too), an
    XGID (alone, or heading XG's text of a position) or a game link's text. Raises
    ``EmbedError`` in words (a broken XGID's, its reader's).

    >>> pasted_fragment("Position ID: 4HPwATDgc/ABMA Match ID: cAkAAAAAAAAA")
    'gnubgid=4HPwATDgc/ABMA:cAkAAAAAAAAA'
    """
    text = text.strip()
    if not text:
        raise EmbedError(words.paste_something())
    if len(text) > MAX_ADDRESS:
        raise EmbedError(words.too_long_to_open())
    if "#" in text:
        text = text.split("#", 1)[1]
    gnubg = re.search(
        r"(?i)position\s*id:\s*([A-Za-z0-9+/]{14})\W*match\s*id *:\s*([A-Za-z0-9+/]{12})", text
    )
    if gnubg:  # gnubg's own words: "Position ID: 4HPwATDgc/ABMA Match ID: cAkAAAAAAAAA",
        # and its text board's "Match ID   : cAkAAAAAAAAA" on the next line
        text = f"{gnubg.group(1)}:{gnubg.group(2)}"
    xg = re.search(r"(?i)xgid=[-a-oA-O]{26}(?::[-0-9DBR]{1,3}){8,9}", text)
    if xg:  # XG's text of a position, its XGID the first line (a text box joins the lines)
        text = xg.group()
    if re.fullmatch(r"(?i)(xgid=)?[-a-oA-O]{26}(:[-0-9DBR]{1,3}){8,9}", text):
        gnubg_id, beaver = gnubg_id_of_xgid(text)
        text = f"gnubgid={gnubg_id}" + ("&beaver=1" if beaver else "")
    elif re.fullmatch(r"[A-Za-z0-9+/]{14}:[A-Za-z0-9+/]{12}", text):
        text = f"gnubgid={text}"
    elif text[:5].casefold() == "xgid=":
        # A broken XGID: its reader's own words, as a link's #xgid= is told (its first word
        # only, since XG's text of a position follows its XGID).
        gnubg_id_of_xgid(text.split()[0])
        raise EmbedError(words.not_openable())  # one the reader takes, not as XG writes it
    elif not text.startswith(("gnubgid=", "game=")):
        raise EmbedError(words.not_openable())
    read_embed("", "#" + text)  # refused here, in words, if it holds no position or game
    return text


def embed_page(page_url: str) -> str:
    """embed.html beside the page at ``page_url`` (index.html, or a folder's address)."""
    base = page_url.split("#", 1)[0].split("?", 1)[0]
    return base[: base.rfind("/") + 1] + "embed.html"
