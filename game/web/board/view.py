"""From a ``Session`` to the board the page draws: the ``BoardView`` (the words around it
are in game/web/board/words.py).

    >>> from game.web.state.session import Session
    >>> view = board_view(Session.new())
    >>> sum(view.bottom[1:26]) + sum(view.top[1:26])
    30

Pure functions of the session.
"""

from __future__ import annotations

from game.engine.dice import Dice
from game.engine.position import Position, Side
from game.engine.state import GameState, Phase
from game.web.board.render import CYAN, PINK, BoardView
from game.web.state.session import Session, to_viewer

COLOURS = (CYAN, PINK)


def _sides(position: Position, mover_at_bottom: bool) -> tuple[Side, Side]:
    if mover_at_bottom:
        return position.player, position.opponent
    return position.opponent, position.player


def _dice_shown(dice: Dice, left: tuple[int, ...]) -> tuple[tuple[int, ...], tuple[bool, ...]]:
    """The dice as thrown (four for a double) and which are used up."""
    if dice[0] == dice[1]:
        used_count = 4 - len(left)
        return (dice[0],) * 4, tuple(i < used_count for i in range(4))
    remaining = list(left)
    used = []
    for die in dice:
        if die in remaining:
            remaining.remove(die)
            used.append(False)
        else:
            used.append(True)
    return tuple(dice), tuple(used)


def _dice_view(
    game: GameState, dice_left: tuple[int, ...] | None, bottom_player: int
) -> tuple[tuple[int, ...], tuple[bool, ...], tuple[int, int] | None]:
    """The dice drawn (each with whether it is used), or the opening roll's two dice, one in
    each side's colour (bottom side's first), until the first move."""
    if game.phase is not Phase.MOVE or not game.dice:
        return (), (), None
    left = (
        dice_left
        if dice_left is not None
        else (game.dice if game.dice[0] != game.dice[1] else (game.dice[0],) * 4)
    )
    first_turn = game.opening_dice == game.dice and game.position == Position.start()
    untouched = len(left) == 2 and game.dice[0] != game.dice[1] and set(left) == set(game.dice)
    if first_turn and untouched:
        player0_die, player1_die = game.dice  # the opening dice: first_turn says so
        opening = (player0_die, player1_die) if bottom_player == 0 else (player1_die, player0_die)
        return (), (), opening
    dice, used = _dice_shown(game.dice, tuple(left))
    return dice, used, None


def board_view(
    session: Session,
    position: Position | None = None,
    dice_left: tuple[int, ...] | None = None,
    moving: tuple[int, int] | None = None,
) -> BoardView:
    """The board for ``session``.

    ``position`` and ``dice_left`` (mover's side) override it while the computer's play is
    shown; ``moving`` (origin, destination in the mover's numbering) makes that checker glide.
    """
    game, turn = session.game, session.turn
    animating = position is not None
    bottom_player = session.bottom_player
    at_bottom = session.mover_at_bottom
    lit: frozenset[int] = frozenset()
    movable: frozenset[int] = frozenset()
    selected = None
    if position is None and turn is not None:
        position = turn.position
        dice_left = turn.dice_left
        movable = frozenset(to_viewer(p, at_bottom) for p in turn.origins())
        if session.selected is not None:
            selected = to_viewer(session.selected, at_bottom)
            lit = frozenset(to_viewer(p, at_bottom) for p in turn.destinations(session.selected))
    if position is None:
        bottom, top = _sides(game.board_for(bottom_player), True)
    else:
        bottom, top = _sides(position, at_bottom)

    on_roll_bottom: bool | None = at_bottom if game.phase in (Phase.ROLL, Phase.MOVE) else None
    dice, used, opening = _dice_view(game, dice_left, bottom_player)
    dice_bottom = None
    if game.phase is Phase.ROLL and game.blocked_dice:
        # The roll that could not be played stays in sight, faded, on its roller's side.
        dice, used = _dice_shown(game.blocked_dice, ())
        dice_bottom = 1 - game.turn == bottom_player

    trail: tuple[tuple[int, int], ...] = ()
    # Not while the computer's play is being shown: its checkers are on the move.
    if session.last_play is not None and last_play_shown(session) and not animating:
        player, moves = session.last_play
        same = player == bottom_player
        trail = tuple((to_viewer(a, same), to_viewer(b, same)) for a, b, _hit in moves)

    cube = None
    if game.rules.cube:
        owner = game.cube.owner
        cube = (game.cube.value, None if owner is None else owner == bottom_player)
    offer = game.turn == bottom_player if cube and game.phase is Phase.DOUBLED else None

    return BoardView(
        bottom=bottom,
        trail_colour=COLOURS[session.last_play[0]] if trail and session.last_play else None,
        top=top,
        bottom_colour=COLOURS[bottom_player],
        on_roll_bottom=on_roll_bottom,
        dice=dice,
        used=used,
        opening=opening,
        lit=lit,
        selected=selected,
        movable=movable,
        trail=trail,
        cube=cube,
        offer=offer,
        dice_bottom=dice_bottom,
        moving=None
        if moving is None
        else (to_viewer(moving[0], at_bottom), to_viewer(moving[1], at_bottom)),
    )


def pip_counts(session: Session) -> tuple[int, int]:
    """(bottom side's pip count, top side's)."""
    return session.game.pip_counts_for(session.bottom_player)


def moved_checker(before: Session, after: Session) -> tuple[int, int] | None:
    """The checker a tap has just moved, (origin, destination) in the mover's numbering, to
    be shown gliding there; None when the tap moved nothing."""
    if after.turn is None or before.turn is None:
        return None
    if len(after.turn.actions) <= len(before.turn.actions):
        return None
    steps = after.turn.actions[-1]
    return steps[0].origin, steps[-1].destination


def last_play_shown(session: Session) -> bool:
    """The last play stays on show until the next player moves a checker."""
    turn = session.turn
    return session.last_play is not None and (turn is None or not turn.actions)


def is_crawford(session: Session) -> bool:
    """The Crawford game is being played (no doubling): the scoreboard marks it."""
    game = session.game
    return game.crawford and game.phase not in (Phase.GAME_OVER, Phase.MATCH_OVER)
