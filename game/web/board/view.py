"""From a ``Session`` to what the page shows: the ``BoardView`` and the words around it.

    >>> from game.web.state.session import Session
    >>> view = board_view(Session.new())
    >>> sum(view.bottom[1:26]) + sum(view.top[1:26])
    30
    >>> status_text(Session.new())
    'Roll the dice to see who starts.'

Pure functions of the session; the names of the sides depend on the opponent
(You and Computer, or Cyan and Pink for two people on one device).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from game.engine.dice import Dice
from game.engine.match import BACKGAMMON, GAMMON, SINGLE
from game.engine.notation import format_play
from game.engine.plays import Move
from game.engine.position import Position, Side
from game.engine.state import GameState, Phase
from game.web.board.offers import doubled_text, news_text, resigned_text, said, shown_name
from game.web.board.render import CYAN, PINK, BoardView
from game.web.language.catalog import _, n_
from game.web.state.session import (
    COMPUTER,
    LINK,
    Session,
    person_side,
    player_name,
    to_viewer,
)

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
    if session.last_play is not None and _last_play_shown(session) and not animating:
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


def pips_text(session: Session, position: Position | None = None) -> str:
    """``You 167 · Computer 160``: the bottom side first. ``position`` (the mover's view)
    while the computer's play is being shown; the play in progress counts at once, not
    only once confirmed."""
    if position is None and session.turn is not None:
        position = session.turn.position
    if position is None:
        mine, theirs = pip_counts(session)
    else:
        mover, other = position.pip_counts()
        mine, theirs = (mover, other) if session.mover_at_bottom else (other, mover)
    bottom = session.bottom_player
    return _(
        "{first} {first_pips} · {second} {second_pips}",
        first=shown_name(session, bottom),
        first_pips=mine,
        second=shown_name(session, 1 - bottom),
        second_pips=theirs,
    )


def moved_checker(before: Session, after: Session) -> tuple[int, int] | None:
    """The checker a tap has just moved, (origin, destination) in the mover's numbering, to
    be shown gliding there; None when the tap moved nothing."""
    if after.turn is None or before.turn is None:
        return None
    if len(after.turn.actions) <= len(before.turn.actions):
        return None
    steps = after.turn.actions[-1]
    return steps[0].origin, steps[-1].destination


def status_text(session: Session) -> str:
    """One sentence for the status line (read out by screen readers)."""
    game = session.game
    phase = game.phase
    if phase is Phase.OPENING:
        return _("Roll the dice to see who starts.")
    if phase in (Phase.GAME_OVER, Phase.MATCH_OVER):
        return ending_text(session)
    if phase is Phase.DOUBLED:
        return doubled_text(session)
    if phase is Phase.RESIGNED:
        return resigned_text(session)
    if phase is Phase.ROLL:
        return _roll_text(session)
    if phase is Phase.MOVE:
        return _move_text(session)
    return game.last_event


def _roll_text(session: Session) -> str:
    """The status line while a side is to roll (or double)."""
    game = session.game
    own = person_side(session)
    mover = game.turn
    before = news_text(session)
    before += blocked_text(session)
    if session.is_computer(mover):
        return before + _("The computer is rolling…")
    if own is not None and mover != own:
        return before + _("Your friend's turn to roll.")
    if own is not None:
        if session.may_double:
            return before + _("Your turn: roll or double.")
        return before + _("Your turn: roll the dice.")
    name = shown_name(session, mover)
    if session.may_double:
        return before + _("{player} to roll or double.", player=name)
    return before + _("{player} to roll.", player=name)


def _move_text(session: Session) -> str:
    """The status line while a side moves its checkers."""
    game = session.game
    own = person_side(session)
    mover = game.turn
    d1, d2 = game.dice or (0, 0)
    dice = f"{max(d1, d2)}-{min(d1, d2)}"
    opening = game.opening_dice == game.dice and game.position == Position.start()
    before = news_text(session)
    if session.is_computer(mover):
        if opening:
            return _("The computer starts with {dice} and is thinking…", dice=dice)
        return before + _("The computer rolled {dice} and is thinking…", dice=dice)
    turn = session.turn
    name = shown_name(session, mover)
    if opening and turn is not None and not turn.actions:
        return said(
            session,
            mover,
            _("You start with {dice}. Tap a checker to move it.", dice=dice),
            _("{player} starts with {dice}. Tap a checker to move it.", player=name, dice=dice),
            _("Your friend starts with {dice}. Tap a checker to move it.", dice=dice),
            _("{player} starts with {dice}. Tap a checker to move it.", player=name, dice=dice),
        )
    if turn is not None and turn.is_complete:
        return _("Confirm the play, or undo a move.")
    if turn is not None and turn.actions:
        left = "-".join(map(str, sorted(turn.dice_left, reverse=True)))
        count = len(turn.dice_left)
        if mover == own:
            return n_(
                "You: {count} more to play ({dice}).",
                "You: {count} more to play ({dice}).",
                count,
                dice=left,
            )
        return n_(
            "{player}: {count} more to play ({dice}).",
            "{player}: {count} more to play ({dice}).",
            count,
            player=name,
            dice=left,
        )
    return before + said(
        session,
        mover,
        _("You rolled {dice}. Tap a checker to move it.", dice=dice),
        _("{player} rolled {dice}. Tap a checker to move it.", player=name, dice=dice),
        _("Your friend rolled {dice}. Tap a checker to move it.", dice=dice),
        _("{player} rolled {dice}. Tap a checker to move it.", player=name, dice=dice),
    )


def blocked_text(session: Session) -> str:
    """``You rolled 6-6 and cannot move. `` (or your friend, the computer, a name) while the
    roll that could not be played is the last thing that happened; "" otherwise."""
    game = session.game
    if game.phase is not Phase.ROLL or not game.blocked_dice:
        return ""
    d1, d2 = sorted(game.blocked_dice, reverse=True)
    dice, roller = f"{d1}-{d2}", 1 - game.turn
    name = shown_name(session, roller)
    said_it = said(
        session,
        roller,
        _("You rolled {dice} and cannot move.", dice=dice),
        _("The computer rolled {dice} and cannot move.", dice=dice),
        _("Your friend rolled {dice} and cannot move.", dice=dice),
        _("{player} rolled {dice} and cannot move.", player=name, dice=dice),
    )
    return said_it + " "


def _points(n: int) -> str:
    return f"{n} point" + ("" if n == 1 else "s")


def _subject(session: Session, player: int) -> tuple[str, str]:
    """(the player as a sentence's subject, the verb ending): ("You", "") or ("Pink", "s")."""
    if session.settings.opponent == COMPUTER:
        return ("You", "") if player == 0 else ("The computer", "s")
    if session.settings.opponent == LINK:
        return ("You", "") if player == session.link_side else ("Your friend", "s")
    return player_name(session, player), "s"


def _lower(subject: str) -> str:
    return subject if subject not in ("You", "The computer", "Your friend") else subject.lower()


RESULT_WORDS = {SINGLE: "a single game", GAMMON: "a gammon", BACKGAMMON: "a backgammon"}


def ending_text(session: Session) -> str:
    """How the game (and the match, when it is over) ended, and the points it scored."""
    game = session.game
    winner = game.winner
    assert winner is not None
    who, s = _subject(session, winner)
    loser, ls = _subject(session, 1 - winner)
    points = _points(game.points_won)
    if not game.rules.cube and not game.rules.gammons:
        if session.settings.opponent == COMPUTER:
            text = "You win the game!" if winner == 0 else "The computer wins this game."
        elif session.settings.opponent == LINK:
            text = f"{who} win{s} the game!"
        else:
            text = f"{who} wins the game!"
        if game.ended_by == "resignation":
            text = f"{loser} resign{ls}. " + text
    elif game.ended_by == "pass":
        text = f"{loser} pass{'es' if ls else ''}: {_lower(who)} win{s} {points}."
    else:
        what = RESULT_WORDS[game.result]
        counted = game.points_won // (game.cube.value if game.rules.cube else 1)
        if game.ended_by == "resignation":
            text = f"{loser} resign{ls} {what}: {_lower(who)} win{s} {points}."
        else:
            text = f"{who} win{s} {what}: {points}."
        if counted < game.result and game.rules.gammons:
            text += " (The Jacoby rule counts it single: the cube was never turned.)"
    if game.phase is Phase.MATCH_OVER:
        text += f" {who} win{s} the match {final_score(session)}!"
    return text


def final_score(session: Session) -> str:
    """A won match's score as players say it, winner first: ``3\u20130``, never more
    than the match length (the last game's points beyond it are told apart)."""
    game = session.game
    assert game.winner is not None
    length = game.rules.match_length
    won, lost = game.score[game.winner], game.score[1 - game.winner]
    return f"{min(won, length) if length else won}\u2013{lost}"


@dataclass(frozen=True)
class Ending:
    """The end of a game or a match as the page shows it over the board."""

    title: str  # who won: "You win!", "Pink wins the match 5\u20132"
    reason: str  # how and for how many points: "A gammon with the cube on 2: 4 points."
    score: str  # the score after it, or what the match was
    next_label: str  # the next step's button: "Next game" or "New match"
    won: bool  # against the computer, the person won (the card is cheerful)


def ending(session: Session) -> Ending | None:
    """The end-of-game card; None while the game goes on."""
    game = session.game
    if game.phase not in (Phase.GAME_OVER, Phase.MATCH_OVER) or game.winner is None:
        return None
    winner = game.winner
    who, s = _subject(session, winner)
    match_over = game.phase is Phase.MATCH_OVER
    if match_over:
        title = f"{who} win{s} the match {final_score(session)}"
        score = f"A match to {_points(game.rules.match_length)}"
    else:
        title = f"{who} win{s}" + ("!" if not session.is_computer(winner) else "")
        score = f"{score_label(session)}: {score_text(session)}"
    reason = _ending_reason(session)
    if match_over:
        named = reason.startswith(("Cyan", "Pink"))
        reason = "Last game: " + (reason if named else reason[0].lower() + reason[1:])
    return Ending(
        title=title,
        reason=reason,
        score=score,
        next_label="New match" if match_over else "Next game",
        won=not session.is_computer(winner),
    )


def _ending_reason(session: Session) -> str:
    """Why the game ended and what it scored, in one sentence."""
    game = session.game
    winner = game.winner
    assert winner is not None
    loser, ls = _subject(session, 1 - winner)
    points = _points(game.points_won)
    if not game.rules.cube and not game.rules.gammons:
        if game.ended_by == "resignation":
            return f"{loser} resign{ls} \u2014 1 game."
        return "All fifteen checkers borne off first \u2014 1 game."
    if game.ended_by == "pass":
        return f"{loser} pass{'es' if ls else ''} the double \u2014 {points}."
    what = RESULT_WORDS[game.result]
    cube = game.cube.value if game.rules.cube else 1
    on_cube = f" with the cube on {cube}" if cube > 1 else ""
    counted = game.points_won // cube
    if game.ended_by == "resignation":
        text = f"{loser} resign{ls} {what}{on_cube} \u2014 {points}."
    else:
        text = f"{what.capitalize()}{on_cube} \u2014 {points}."
    if counted < game.result and game.rules.gammons:
        text += " The Jacoby rule counts it single: the cube was never turned."
    return text


def _last_play_shown(session: Session) -> bool:
    """The last play stays on show until the next player moves a checker."""
    turn = session.turn
    return session.last_play is not None and (turn is None or not turn.actions)


_POINT_NUMBER = re.compile(r"(?<![(\d])\d+(?![)\d])")  # a point, not a count "(2)"


def in_board_numbers(notation: str, same_side: bool) -> str:
    """A play written in its mover's numbering, read in the numbers drawn on the board (the
    bottom player's): the other side's points counted the other way round.

    >>> in_board_numbers("24/18 13/11", same_side=False)
    '1/7 12/14'
    >>> in_board_numbers("bar/22* 6/off(2)", same_side=False)
    'bar/3* 19/off(2)'
    >>> in_board_numbers("24/18", same_side=True)
    '24/18'
    """
    if same_side:
        return notation
    return _POINT_NUMBER.sub(lambda found: str(25 - int(found.group())), notation)


def last_play_text(session: Session) -> str:
    """The last play in the players' notation: ``Pink played 13/7 8/7.`` ("" for none)."""
    if not _last_play_shown(session):
        return ""
    assert session.last_play is not None
    player, moves = session.last_play
    notation = format_play([Move(origin, destination, hit) for origin, destination, hit in moves])
    if not notation:
        return ""
    notation = in_board_numbers(notation, player == session.bottom_player)
    name = shown_name(session, player)
    return said(
        session,
        player,
        _("You played {play}.", play=notation),
        _("The computer played {play}.", play=notation),
        _("Your friend played {play}.", play=notation),
        _("{player} played {play}.", player=name, play=notation),
    )


def score_label(session: Session) -> str:
    """What the score counts: games, points, or a match's points."""
    rules = session.game.rules
    length = rules.match_length
    if not rules.cube:
        if length:
            return n_("First to {count}", "First to {count}", length)
        return _("Games won")
    return n_("Match to {count}", "Match to {count}", length) if length else _("Points")


def score_text(session: Session) -> str:
    """``You 2 \u2013 1 Computer``; a match's winner is shown with the match's length, not
    with the points the last game gave beyond it."""
    score = session.game.score
    length = session.game.rules.match_length
    if length:
        score = (min(score[0], length), min(score[1], length))
    return _(
        "{first} {first_score} \u2013 {second_score} {second}",
        first=shown_name(session, 0),
        first_score=score[0],
        second_score=score[1],
        second=shown_name(session, 1),
    )


def is_crawford(session: Session) -> bool:
    """The Crawford game is being played (no doubling): the scoreboard marks it."""
    game = session.game
    return game.crawford and game.phase not in (Phase.GAME_OVER, Phase.MATCH_OVER)
