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
from game.engine.players import PLAYER_NAMES
from game.engine.plays import Play
from game.engine.position import BAR, OFF, Side
from game.engine.record import Seat
from game.engine.state import GameState, Phase
from game.engine.turn import Turn
from game.web.address.embed_params import (
    EmbedSpec,
)
from game.web.board.render import BoardView
from game.web.board.view import COLOURS, board_view
from game.web.board.words import score_label, score_text, shown_name
from game.web.language.catalog import _
from game.web.state.session import (
    FRIEND,
    Session,
    Settings,
    person_side,
    seated,
    to_viewer,
)


@dataclass(frozen=True)
class FlippedSession(Session):
    """A session drawn from the other side: the player on roll at the top (``flip=1``)."""

    @property
    def bottom_player(self) -> int:
        return 1 - super().bottom_player


@dataclass(frozen=True)
class SeatedSession(Session):
    """A replay's moment with ``seat_bottom`` at the bottom, as its players sat (``flip``: the
    other way up); a board turned to each mover has None and turns as its settings say."""

    seat_bottom: int | None = None
    flip: bool = False

    @property
    def bottom_player(self) -> int:
        bottom = super().bottom_player if self.seat_bottom is None else self.seat_bottom
        return 1 - bottom if self.flip else bottom


def replay_names(seat: Seat) -> tuple[str, str]:
    """A replay's players as an embed tells them: to a reader who is not the "You" who played
    it, a game of the person's is two sides by their colours; other names as they are."""
    return PLAYER_NAMES if "You" in seat.names else seat.names


def embed_session(
    spec: EmbedSpec, game: GameState | None = None, rotate: bool = True, seat: Seat | None = None
) -> Session:
    """The session that shows ``game`` (the spec's position) for a diagram, a puzzle or a
    replay: two people's names (Cyan and Pink), the side on roll facing the reader
    (``rotate=False``: Cyan at the bottom throughout). A replay's moment is seated as its
    record's ``seat`` sat, as the main page's review seats it (``seated``: the person at the
    bottom, a board turned to each mover where it was; a record that does not say: Cyan at the
    bottom), named by ``replay_names``; ``flip=1`` turns any of these the other way up."""
    shown = game if game is not None else spec.game
    if shown is None:
        raise ValueError("an embed shows a position")
    settings = Settings(opponent=FRIEND, rotate=rotate)
    if seat is None:
        session: Session = (FlippedSession if spec.flip else Session)(shown, settings)
    else:
        sat, side = seated(seat.names, settings, seat.turned)
        turned = sat.opponent == FRIEND and sat.rotate
        bottom = None if turned else side
        names = replay_names(seat)
        settings = replace(settings, rotate=turned)
        session = SeatedSession(shown, settings, names=names, seat_bottom=bottom, flip=spec.flip)
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


def _points_text(session: Session, player: int, side: Side) -> str:
    """``Cyan's checkers: 2 on 24, 5 on 13, 1 on the bar, 3 borne off.`` (in that side's
    numbering)."""
    parts = [
        _("{count} on {point}", count=side[point], point=point)
        for point in range(24, 0, -1)
        if side[point]
    ]
    if side[BAR]:
        parts.append(_("{count} on the bar", count=side[BAR]))
    if side[OFF]:
        parts.append(_("{count} borne off", count=side[OFF]))
    checkers = _(", ").join(parts) or _("none")
    if person_side(session) == player:
        return _("Your checkers: {checkers}.", checkers=checkers)
    return _(
        "{player}'s checkers: {checkers}.", player=shown_name(session, player), checkers=checkers
    )


def board_text(session: Session, play: Play | None = None) -> list[str]:
    """The board in words, a sentence each: who is where, whose turn, the dice, the cube,
    the score, the checkers of each side by point (in its own numbering), both pip counts
    and the play drawn."""
    game = session.game
    bottom = session.bottom_player
    names = [shown_name(session, player) for player in (0, 1)]
    if person_side(session) == bottom:
        lines = [_("You play from the bottom, {top} from the top.", top=names[1 - bottom])]
    else:
        lines = [
            _(
                "{bottom} plays from the bottom, {top} from the top.",
                bottom=names[bottom],
                top=names[1 - bottom],
            )
        ]
    mover = names[game.turn]
    if game.phase is Phase.MOVE and game.dice:
        high, low = max(game.dice), min(game.dice)
        lines.append(_("{player} to play {dice}.", player=mover, dice=f"{high}-{low}"))
    elif game.phase is Phase.ROLL:
        lines.append(_("{player} on roll.", player=mover))
    elif game.phase is Phase.DOUBLED:
        answerer = game.to_act if game.to_act is not None else 1 - game.turn
        lines.append(
            _(
                "{doubler} doubles; {answerer} to answer.",
                doubler=names[1 - answerer],
                answerer=names[answerer],
            )
        )
    if game.rules.cube:
        owner = game.cube.owner
        if owner is None:
            lines.append(_("The cube is at {value}, in the middle.", value=game.cube.value))
        else:
            lines.append(
                _(
                    "The cube is at {value}, owned by {player}.",
                    value=game.cube.value,
                    player=names[owner],
                )
            )
    else:
        lines.append(_("No doubling cube (the Simple rules)."))
    lines.append(_("{label}: {score}.", label=score_label(session), score=score_text(session)))
    for player in (game.turn, 1 - game.turn):
        lines.append(_points_text(session, player, game.board_for(player).player))
    pips = game.pip_counts_for(game.turn)
    lines.append(
        _(
            "Left to go: {first} {first_pips}, {second} {second_pips}.",
            first=mover,
            first_pips=pips[0],
            second=names[1 - game.turn],
            second_pips=pips[1],
        )
    )
    if play is not None:
        lines.append(_("The play: {play}.", play=format_play(play.moves)))
    return lines
