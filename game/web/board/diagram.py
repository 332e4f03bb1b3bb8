"""A position as a diagram: its board (a play drawn on it) and the board in words.

    >>> from game.web.address.embed_params import read_embed
    >>> position = "#gnubgid=4HPwATDgc/ABMA:cAkLAAAAAAAA"   # Pink to play 6-2
    >>> spec = read_embed("?mode=diagram&play=24/18%2013/11", position)
    >>> session = embed_session(spec)
    >>> view = diagram_view(session, spec.play)
    >>> view.trail
    ((24, 18), (13, 11))
    >>> print(board_text(session, spec.play)[-2:])
    ['Left to go: Pink 167, Cyan 167.', 'The play: 24/18 13/11.']

The embeds (``embed.html``), the main page's Share -> Embed preview and picture, and the
board in words (``T``) all draw a position this way: the same ``BoardView`` and
``board_svg`` as the main page. A diagram or a puzzle shows the side on roll at the bottom
(``flip=1``: at the top); a diagram's play is drawn as the last play is on the main page,
the checkers moved and an arrow from where each started. The words a screen reader gets
(``board_text``) say every point, both pip counts and the play.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from game.engine.notation import format_play
from game.engine.plays import Play
from game.engine.position import BAR, OFF, Side
from game.engine.state import GameState, Phase
from game.engine.turn import Turn
from game.web.address.embed_params import (
    EmbedSpec,
)
from game.web.board.render import BoardView
from game.web.board.view import COLOURS, board_view
from game.web.board.words import score_label, score_text
from game.web.state.session import (
    FRIEND,
    Session,
    Settings,
    player_name,
    to_viewer,
)


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
