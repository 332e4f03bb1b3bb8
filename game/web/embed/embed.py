"""What an embed shows, as pure functions: its board, its words, and the snippet that makes it.

    >>> from game.web.address.embed_params import read_embed
    >>> position = "#gnubgid=4HPwATDgc/ABMA:cAkLAAAAAAAA"   # Pink to play 6-2
    >>> spec = read_embed("?mode=diagram&play=24/18%2013/11", position)
    >>> session = embed_session(spec)
    >>> view = diagram_view(session, spec.play)
    >>> view.trail
    ((24, 18), (13, 11))
    >>> print(board_text(session, spec.play)[-2:])
    ['Left to go: Pink 167, Cyan 167.', 'The play: 24/18 13/11.']
    >>> html = snippet("https://example.org/bg/embed.html", "diagram", position[1:])
    >>> for part in html.split('" '):
    ...     print(part)
    <iframe src="https://example.org/bg/embed.html?mode=diagram#gnubgid=4HPwATDgc/ABMA:cAkLAAAAAAAA
    width="480
    height="480
    title="Backgammon diagram
    loading="lazy
    style="border:0;max-width:100%"></iframe>

The embeds (``embed.html``, game/web/embed/embed_app.py) show a position as the main page
draws it: the same ``BoardView`` and ``board_svg``. A diagram or a puzzle shows the side
on roll at the bottom (``flip=1``: at the top); a diagram's play is drawn as the last play
is on the main page, the checkers moved and an arrow from where each started. The words
a screen reader gets (``board_text``) say every point, both pip counts and the play.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from html import escape

from game.engine.notation import format_play
from game.engine.plays import Play
from game.engine.position import BAR, OFF, Side
from game.engine.record import ActionKind, Record, play_of
from game.engine.state import GameState, Phase
from game.engine.turn import Turn
from game.formats.game_link import format_game_link
from game.formats.gnubg_id import read_gnubg_id, write_gnubg_id
from game.formats.match_id import format_gnubg_id, parse_gnubg_id
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
from game.web.address.links import share_fragment
from game.web.board.render import BoardView
from game.web.board.view import COLOURS, board_view, player_name, score_label, score_text
from game.web.state.replay import Replay, where_text
from game.web.state.session import COMPUTER, COMPUTER_PLAYER, FRIEND, Session, Settings, to_viewer

# The frame's size for each mode: the board (840x664) at 480 px wide, and what is below it.
FRAME_SIZES = {DIAGRAM: (480, 480), PUZZLE: (480, 700), REPLAY: (480, 560), PLAY: (480, 520)}
MODE_TITLES = {
    DIAGRAM: "Backgammon diagram",
    PUZZLE: "Backgammon puzzle",
    REPLAY: "Backgammon replay",
    PLAY: "Backgammon game",
}


@dataclass(frozen=True)
class FlippedSession(Session):
    """A session drawn from the other side: the player on roll at the top (``flip=1``)."""

    @property
    def bottom_player(self) -> int:
        return 1 - super().bottom_player


def embed_session(spec: EmbedSpec, game: GameState | None = None, rotate: bool = True) -> Session:
    """The session that shows ``game`` (the spec's position) for a diagram, a puzzle or a
    replay: two people's names (Cyan and Pink), the side on roll facing the reader
    (``rotate=False``: Cyan at the bottom throughout, as a replay shows it)."""
    shown = game if game is not None else spec.game
    if shown is None:
        raise ValueError("an embed shows a position")
    settings = Settings(opponent=FRIEND, rotate=rotate)
    session = (FlippedSession if spec.flip else Session)(shown, settings)
    return session.after(shown) if shown.phase is Phase.MOVE else session


def diagram_view(session: Session, play: Play | None = None) -> BoardView:
    """The board of a diagram: the position, and ``play`` drawn on it (the checkers moved,
    the dice used, an arrow from where each started)."""
    game = session.game
    if play is None or game.dice is None:
        return board_view(session)
    after = Turn.start(game.position, game.dice).move_steps(play.moves)
    view = board_view(session, after.position, after.dice_left)
    same = session.mover_at_bottom
    trail = tuple(
        (to_viewer(move.origin, same), to_viewer(move.destination, same)) for move in play.moves
    )
    return replace(view, trail=trail, trail_colour=COLOURS[game.turn])


def _points_text(name: str, side: Side) -> str:
    """``Cyan: 2 on 24, 5 on 13, 1 on the bar, 3 borne off.`` (in that side's numbering)."""
    parts = [f"{side[point]} on {point}" for point in range(24, 0, -1) if side[point]]
    if side[BAR]:
        parts.append(f"{side[BAR]} on the bar")
    if side[OFF]:
        parts.append(f"{side[OFF]} borne off")
    whose = "Your" if name == "You" else f"{name}'s"
    return f"{whose} checkers: {', '.join(parts) or 'none'}."


def board_text(session: Session, play: Play | None = None) -> list[str]:
    """The board in words, a sentence each: who is where, whose turn, the dice, the cube,
    the score, the checkers of each side by point (in its own numbering), both pip counts
    and the play drawn."""
    game = session.game
    bottom = session.bottom_player
    names = [player_name(session, player) for player in (0, 1)]
    plays = "play" if names[bottom] == "You" else "plays"
    lines = [f"{names[bottom]} {plays} from the bottom, {names[1 - bottom]} from the top."]
    mover = names[game.turn]
    if game.phase is Phase.MOVE and game.dice:
        high, low = max(game.dice), min(game.dice)
        lines.append(f"{mover} to play {high}-{low}.")
    elif game.phase is Phase.ROLL:
        lines.append(f"{mover} on roll.")
    elif game.phase is Phase.DOUBLED:
        answerer = game.to_act if game.to_act is not None else 1 - game.turn
        lines.append(f"{names[1 - answerer]} doubles; {names[answerer]} to answer.")
    if game.rules.cube:
        owner = game.cube.owner
        where = "in the middle" if owner is None else f"owned by {names[owner]}"
        lines.append(f"The cube is at {game.cube.value}, {where}.")
    else:
        lines.append("No doubling cube (the Simple rules).")
    lines.append(f"{score_label(session)}: {score_text(session)}.")
    for player in (game.turn, 1 - game.turn):
        lines.append(_points_text(names[player], game.board_for(player).player))
    pips = game.pip_counts_for(game.turn)
    lines.append(f"Left to go: {mover} {pips[0]}, {names[1 - game.turn]} {pips[1]}.")
    if play is not None:
        lines.append(f"The play: {format_play(play.moves)}.")
    return lines


def replay_view(spec: EmbedSpec, replay: Replay) -> tuple[Session, BoardView, str]:
    """A replay's moment: the session, its board (the play that led there drawn) and the
    action in words (``Game 1, move 3 of 40: Pink plays 24/18 13/11``)."""
    session = embed_session(spec, replay.state, rotate=False)
    view = board_view(session)
    game, index, _ = replay.moments[replay.at]
    where = where_text(replay)
    if index == 0:
        return session, view, f"{where}: the start of the game"
    action = replay.record.games[game - 1][index - 1]
    before = replay.moments[replay.at - 1][2]
    names = replay.record.names
    mover = before.turn if before.phase is not Phase.OPENING else 0
    if action.kind == ActionKind.PLAY:
        moves = play_of(before.position, action.moves).moves
        same = before.turn == session.bottom_player
        trail = tuple((to_viewer(m.origin, same), to_viewer(m.destination, same)) for m in moves)
        view = replace(view, trail=trail, trail_colour=COLOURS[before.turn])
        words = f"{names[before.turn]} plays {format_play(moves)}"
    elif action.kind == ActionKind.ROLL and action.dice is not None:
        high, low = max(action.dice), min(action.dice)
        if before.phase is Phase.OPENING:
            starter = names[replay.state.turn] if replay.state.phase is Phase.MOVE else "nobody"
            words = f"Opening roll {high}-{low}: {starter} starts"
        else:
            words = f"{names[mover]} rolls {high}-{low}"
    else:
        if action.kind == ActionKind.RESIGN and action.player is not None:
            mover = action.player
        words = f"{names[mover]}: {ACTION_WORDS.get(action.kind, action.kind)}"
        if action.kind in (
            ActionKind.TAKE,
            ActionKind.PASS,
            ActionKind.BEAVER,
            ActionKind.ACCEPT,
            ActionKind.REJECT,
        ):
            words = f"{names[1 - mover]}: {ACTION_WORDS.get(action.kind, action.kind)}"
    return session, view, f"{where}: {words}"


ACTION_WORDS = {
    ActionKind.DOUBLE: "doubles",
    ActionKind.TAKE: "takes",
    ActionKind.PASS: "passes",
    ActionKind.BEAVER: "beavers",
    ActionKind.RESIGN: "offers to resign",
    ActionKind.ACCEPT: "accepts the resignation",
    ActionKind.REJECT: "refuses the resignation",
}


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
        f'title="{MODE_TITLES.get(mode, "Backgammon")}" loading="lazy" '
        'style="border:0;max-width:100%"></iframe>'
    )


def embed_fragment(mode: str, game: GameState, record: Record, opponent: str) -> str:
    """The position (or, for a replay, the whole game) of the main page's game, as the
    embed's fragment: the share link's ``gnubgid=...`` or the game link."""
    if mode == REPLAY:
        return format_game_link(record)
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
    fragment, ``PID:MID`` (or gnubg's "Position ID: … Match ID: …"), an XGID or a game
    link's text. Raises ``EmbedError`` in words.

    >>> pasted_fragment("Position ID: 4HPwATDgc/ABMA Match ID: cAkAAAAAAAAA")
    'gnubgid=4HPwATDgc/ABMA:cAkAAAAAAAAA'
    """
    text = text.strip()
    if not text:
        raise EmbedError("paste a gnubg ID (PID:MID), an XGID or a game link")
    if len(text) > MAX_ADDRESS:
        raise EmbedError("this is too long to be a position or a game")
    if "#" in text:
        text = text.split("#", 1)[1]
    gnubg = re.search(
        r"(?i)position\s*id:\s*([A-Za-z0-9+/]{14})\W+match\s*id:\s*([A-Za-z0-9+/]{12})", text
    )
    if gnubg:  # gnubg's own words: "Position ID: 4HPwATDgc/ABMA Match ID: cAkAAAAAAAAA"
        text = f"{gnubg.group(1)}:{gnubg.group(2)}"
    if re.fullmatch(r"(?i)(xgid=)?[-a-oA-O]{26}(:[-0-9DBR]{1,3}){8,9}", text):
        gnubg_id, beaver = gnubg_id_of_xgid(text)
        text = f"gnubgid={gnubg_id}" + ("&beaver=1" if beaver else "")
    elif re.fullmatch(r"[A-Za-z0-9+/]{14}:[A-Za-z0-9+/]{12}", text):
        text = f"gnubgid={text}"
    elif not text.startswith(("gnubgid=", "game=")):
        raise EmbedError("this is not a gnubg ID (PID:MID), an XGID or a game link")
    read_embed("", "#" + text)  # refused here, in words, if it holds no position or game
    return text


def embed_page(page_url: str) -> str:
    """embed.html beside the page at ``page_url`` (index.html, or a folder's address)."""
    base = page_url.split("#", 1)[0].split("?", 1)[0]
    return base[: base.rfind("/") + 1] + "embed.html"
