"""From a ``Session`` to what the page shows: the ``BoardView`` and the words around it.

    >>> from game.web.session import Session
    >>> view = board_view(Session.new())
    >>> sum(view.bottom[1:26]) + sum(view.top[1:26])
    30
    >>> status_text(Session.new())
    'Roll the dice to see who starts.'

Pure functions of the session; the names of the sides depend on the opponent
(You and Computer, or Cyan and Pink for two people on one device).
"""

from __future__ import annotations

from game.plays import Dice
from game.position import Position, Side
from game.state import Phase
from game.web.render import CYAN, PINK, BoardView
from game.web.session import COMPUTER, Session, to_viewer

COLOURS = (CYAN, PINK)


def player_name(session: Session, player: int) -> str:
    if session.settings.opponent == COMPUTER:
        return ("You", "Computer")[player]
    return ("Cyan", "Pink")[player]


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
    dice: tuple[int, ...] = ()
    used: tuple[bool, ...] = ()
    opening = None
    if game.phase is Phase.MOVE and game.dice:
        left = (
            dice_left
            if dice_left is not None
            else (game.dice if game.dice[0] != game.dice[1] else (game.dice[0],) * 4)
        )
        first_turn = game.opening_dice == game.dice and game.position == Position.start()
        if (
            first_turn
            and len(left) == 2
            and game.dice[0] != game.dice[1]
            and set(left) == set(game.dice)
        ):
            # The opening roll: one die each, in each side's colour, until the first move.
            player0_die, player1_die = game.opening_dice
            opening = (
                (player0_die, player1_die) if bottom_player == 0 else (player1_die, player0_die)
            )
        else:
            dice, used = _dice_shown(game.dice, tuple(left))

    trail: tuple[tuple[int, int], ...] = ()
    if session.last_play is not None and (turn is None or not turn.actions):
        player, moves = session.last_play
        same = player == bottom_player
        trail = tuple((to_viewer(a, same), to_viewer(b, same)) for a, b in moves)

    cube = None
    if game.rules.cube:
        owner = game.cube.owner
        cube = (game.cube.value, None if owner is None else owner == bottom_player)

    return BoardView(
        bottom=bottom,
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
        moving=None
        if moving is None
        else (to_viewer(moving[0], at_bottom), to_viewer(moving[1], at_bottom)),
    )


def pip_counts(session: Session) -> tuple[int, int]:
    """(bottom side's pip count, top side's)."""
    return session.game.pip_counts_for(session.bottom_player)


def status_text(session: Session) -> str:
    """One sentence for the status line (read out by screen readers)."""
    game = session.game
    name = lambda player: player_name(session, player)  # noqa: E731
    computer = session.settings.opponent == COMPUTER
    phase = game.phase
    if phase is Phase.OPENING:
        return "Roll the dice to see who starts."
    if phase in (Phase.GAME_OVER, Phase.MATCH_OVER):
        winner = game.winner
        what = "game"
        if phase is Phase.MATCH_OVER:
            what = f"match {max(game.score)}-{min(game.score)}"
        if computer:
            return f"You win the {what}!" if winner == 0 else f"The computer wins the {what}."
        return f"{name(winner)} wins the {what}!"
    mover = game.turn
    if phase is Phase.ROLL:
        before = ""
        if game.blocked_dice:
            d1, d2 = sorted(game.blocked_dice, reverse=True)
            who = "You" if computer and mover == 1 else name(1 - mover)
            before = f"{who} rolled {d1}-{d2} and cannot move. "
        if session.is_computer(mover):
            return before + "The computer is rolling…"
        if computer:
            return before + "Your turn: roll the dice."
        return before + f"{name(mover)} to roll."
    if phase is Phase.MOVE:
        d1, d2 = game.dice or (0, 0)
        high, low = max(d1, d2), min(d1, d2)
        opening = game.opening_dice == game.dice and game.position == Position.start()
        if session.is_computer(mover):
            if opening:
                return f"The computer starts with {high}-{low} and is thinking…"
            return f"The computer rolled {high}-{low} and is thinking…"
        who = "You" if computer else name(mover)
        turn = session.turn
        if opening and turn is not None and not turn.actions:
            first = "You start" if computer and mover == 0 else f"{name(mover)} starts"
            return f"{first} with {high}-{low}. Tap a checker to move it."
        if turn is not None and turn.is_complete:
            return "Confirm the play, or undo a move."
        if turn is not None and turn.actions:
            left = "-".join(map(str, sorted(turn.dice_left, reverse=True)))
            return f"{who}: {len(turn.dice_left)} more to play ({left})."
        rolled = "You rolled" if computer else f"{name(mover)} rolled"
        return f"{rolled} {high}-{low}. Tap a checker to move it."
    return game.last_event
