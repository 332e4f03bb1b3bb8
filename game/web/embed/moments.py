"""An embed's replay, in words and on the board: each moment of a game with the action that
led there (``Game 1, move 3 of 40: Pink plays 24/18 13/11``) and that play drawn.

The embeds (``embed.html``, game/web/embed/embed_app.py) show a position as the main page
draws it (game/web/board/diagram.py); a replay is seated as the main page's review seats it
(the person who played it at the bottom; a record that does not say: Cyan at the bottom),
the person's game told by its colours.
"""

from __future__ import annotations

from dataclasses import replace

from game.engine.notation import format_play
from game.engine.record import ActionKind, play_of
from game.engine.state import Phase
from game.web.address.embed_params import EmbedSpec
from game.web.board.diagram import embed_session, replay_names
from game.web.board.render import BoardView
from game.web.board.view import COLOURS, board_view
from game.web.board.words import recorded_name
from game.web.language.catalog import N_, _, told
from game.web.state.replay import Replay, where_text
from game.web.state.session import Session, to_viewer

# Each action that is not a play or a roll, said of the side who took it: whole sentences.
SAID = {
    ActionKind.DOUBLE: N_("{player} doubles"),
    ActionKind.TAKE: N_("{player} takes"),
    ActionKind.PASS: N_("{player} passes"),
    ActionKind.BEAVER: N_("{player} beavers"),
    ActionKind.RESIGN: N_("{player} offers to resign"),
    ActionKind.ACCEPT: N_("{player} accepts the resignation"),
    ActionKind.REJECT: N_("{player} refuses the resignation"),
    ActionKind.SETUP: N_("{player} to roll from a position set up by hand"),
}
ANSWERS = (
    ActionKind.TAKE,
    ActionKind.PASS,
    ActionKind.BEAVER,
    ActionKind.ACCEPT,
    ActionKind.REJECT,
)


def replay_view(spec: EmbedSpec, replay: Replay) -> tuple[Session, BoardView, str]:
    """A replay's moment: the session, its board (the play that led there drawn) and the
    action in words (``Game 1, move 3 of 40: Pink plays 24/18 13/11``)."""
    game, index, _moved = replay.moments[replay.at]
    seat = replay.record.seat_at(game, index)  # seated as its players sat (embed_session)
    session = embed_session(spec, replay.state, rotate=False, seat=seat)
    view = board_view(session)
    where = where_text(replay)
    if index == 0:
        return session, view, _("{where}: the start of the game", where=where)
    action = replay.record.games[game - 1][index - 1]
    before = replay.moments[replay.at - 1][2]
    # Said of who made the action: the players before it, where they changed at this moment.
    names = [recorded_name(name) for name in replay_names(replay.record.seat_at(game, index - 1))]
    mover = before.turn if before.phase is not Phase.OPENING else 0
    if action.kind == ActionKind.PLAY:
        moves = play_of(before.position, action.moves).moves
        same = before.turn == session.bottom_player
        trail = tuple((to_viewer(m.origin, same), to_viewer(m.destination, same)) for m in moves)
        view = replace(view, trail=trail, trail_colour=COLOURS[before.turn])
        words = _("{player} plays {play}", player=names[before.turn], play=format_play(moves))
    elif action.kind == ActionKind.ROLL and action.dice is not None:
        roll = f"{max(action.dice)}-{min(action.dice)}"
        if before.phase is Phase.OPENING:
            if replay.state.phase is Phase.MOVE:
                starter = names[replay.state.turn]
                words = _("Opening roll {roll}: {player} starts", roll=roll, player=starter)
            else:
                words = _("Opening roll {roll}: nobody starts", roll=roll)
        else:
            words = _("{player} rolls {roll}", player=names[mover], roll=roll)
    else:
        if action.kind in (ActionKind.RESIGN, ActionKind.SETUP) and action.player is not None:
            mover = action.player
        if action.kind in ANSWERS:
            mover = 1 - mover
        kept = SAID.get(action.kind)
        words = told(kept, player=names[mover]) if kept else f"{names[mover]}: {action.kind}"
    return session, view, _("{where}: {what}", where=where, what=words)
