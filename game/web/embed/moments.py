"""An embed's replay, in words and on the board: each moment of a game with the action that
led there (``Game 1, move 3 of 40: Pink plays 24/18 13/11``) and that play drawn.

The embeds (``embed.html``, game/web/embed/embed_app.py) show a position as the main page
draws it (game/web/board/diagram.py); a replay shows Cyan at the bottom throughout.
"""

from __future__ import annotations

from dataclasses import replace

from game.engine.notation import format_play
from game.engine.record import ActionKind, play_of
from game.engine.state import Phase
from game.web.address.embed_params import EmbedSpec
from game.web.board.diagram import embed_session
from game.web.board.render import BoardView
from game.web.board.view import COLOURS, board_view
from game.web.state.replay import Replay, where_text
from game.web.state.session import Session, to_viewer


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
        if action.kind in (ActionKind.RESIGN, ActionKind.SETUP) and action.player is not None:
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
    ActionKind.SETUP: "to roll from a position set up by hand",
}
