"""The words shown around every board (the table, play by link, the embeds, a picture), in
the page's language: each side's name, the sentences that name a side as their subject (one
table, ``SIDES``), the status line, the pips, the score, the last play, a double and a
resignation offered, how a game ended, and the questions more than one room asks (a new
game, something kept in the browser that could not be read). A room's own words live in its folder
(``game/web/<room>/words.py``).

    >>> from game.web.state.session import Session
    >>> status_text(Session.new())
    'Roll the dice to see who starts.'
    >>> new_game_question(Session.new()) is None     # nothing to lose: no question
    True
    >>> damaged_notice("your rating").yes
    'Download a copy'

Every form is a whole sentence of the catalog (game/web/language/catalog.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import groupby

from game.engine import match
from game.engine.match import BACKGAMMON, GAMMON, SINGLE
from game.engine.notation import format_play, in_board_numbers
from game.engine.plays import Move
from game.engine.position import Position
from game.engine.record import Record
from game.engine.state import GameState, Phase
from game.web.board.view import last_play_shown, pip_counts
from game.web.language.catalog import N_, Nn_, _, n_, told
from game.web.language.numbers import grouped
from game.web.state.prompts import Prompt
from game.web.state.session import (
    BEAVERED,
    COMPUTER,
    LINK,
    REFUSED,
    TAKEN,
    Session,
    person_side,
)


def shown_name(session: Session, player: int) -> str:
    """The side's name as the page shows it, in the page's language (``player_name`` is
    the English one records and files keep); a record under review names its own players."""
    if session.names is not None:
        return recorded_name(session.names[player])
    if session.settings.opponent == COMPUTER:
        return _("You") if player == 0 else _("Computer")
    if session.settings.opponent == LINK:
        return _("You") if player == session.link_side else _("Friend")
    return _("Cyan") if player == 0 else _("Pink")


# The names the page itself gives the sides in records and files (game.engine.players'
# PLAYER_NAMES, the page's "You" and "Computer"): shown in the page's language. A name a
# person gave, or a match file's, is shown as it is.
RECORDED_NAMES = {
    "You": N_("You"),
    "Computer": N_("Computer"),
    "Friend": N_("Friend"),
    "Cyan": N_("Cyan"),
    "Pink": N_("Pink"),
}


def recorded_name(name: str) -> str:
    """A record's name as the page shows it: its own English names in the page's language."""
    return told(RECORDED_NAMES[name]) if name in RECORDED_NAMES else name


# The computer's levels as the Settings list names them (the rating's table, the level that
# plays a rollout's trials).
LEVEL_WORDS = {
    "beginner": N_("Beginner"),
    "casual": N_("Casual"),
    "intermediate": N_("Intermediate"),
    "strong": N_("Strong"),
    "expert": N_("Expert"),
}


def record_names(names: tuple[str, str], levels: tuple[str | None, str | None]) -> tuple[str, str]:
    """A record's players as a review names them: ``recorded_name``, and the level a computer
    played at beside it (``Computer (Expert)``)."""
    first, second = (
        recorded_name(name)
        if level not in LEVEL_WORDS
        else _("{player} ({level})", player=recorded_name(name), level=told(LEVEL_WORDS[level]))
        for name, level in zip(names, levels, strict=True)
    )
    return first, second


def game_names(record: Record, game: int) -> tuple[str, str]:
    """Game ``game``'s players as its move list heads it (``record_names``): where they changed
    during it (the computer's level, a friend taking over), each side's names in turn.

    >>> from game.engine.record import Action, Seat
    >>> record = Record.new(names=("You", "Computer")).extend([Action.roll((3, 1))])
    >>> game_names(record.seated(Seat()), 1)
    ('You \u2192 Cyan', 'Computer \u2192 Pink')
    """
    named = [record_names(seat.names, seat.levels) for seat in record.game_seats(game)]
    first, second = (
        " \u2192 ".join(name for name, _same in groupby(names[side] for names in named))
        for side in (0, 1)
    )
    return first, second


Kept = str | tuple[str, str]  # a sentence marked N_, or its two forms marked Nn_


@dataclass(frozen=True)
class Sides:
    """One sentence said of a side, a whole sentence of the catalog for each way the page
    names it: the person at this device, the computer, a friend by links, or a side by its
    colour (two people at one screen, ``{player}``)."""

    you: Kept
    computer: Kept
    friend: Kept
    named: Kept
    you_by_link: Kept | None = None  # "you", where the other side is a friend by links


# Each sentence that names a side as its subject, by what happened.
SIDES: dict[object, Sides] = {
    "doubles": Sides(
        N_("You double to {value}."),
        N_("The computer doubles to {value}."),
        N_("Your friend doubles to {value}."),
        N_("{player} doubles to {value}."),
    ),
    TAKEN: Sides(
        N_("You take: the cube is on {value}."),
        N_("The computer takes: the cube is on {value}."),
        N_("Your friend takes: the cube is on {value}."),
        N_("{player} takes: the cube is on {value}."),
    ),
    BEAVERED: Sides(
        N_("You beaver: the cube is on {value}."),
        N_("The computer beavers: the cube is on {value}."),
        N_("Your friend beavers: the cube is on {value}."),
        N_("{player} beavers: the cube is on {value}."),
    ),
    REFUSED: Sides(
        N_("You refuse the resignation."),
        N_("The computer refuses the resignation."),
        N_("Your friend refuses the resignation."),
        N_("{player} refuses the resignation."),
    ),
    "starts": Sides(
        N_("You start with {dice}. Tap a checker to move it."),
        N_("{player} starts with {dice}. Tap a checker to move it."),
        N_("Your friend starts with {dice}. Tap a checker to move it."),
        N_("{player} starts with {dice}. Tap a checker to move it."),
    ),
    "rolled": Sides(
        N_("You rolled {dice}. Tap a checker to move it."),
        N_("{player} rolled {dice}. Tap a checker to move it."),
        N_("Your friend rolled {dice}. Tap a checker to move it."),
        N_("{player} rolled {dice}. Tap a checker to move it."),
    ),
    "cannot move": Sides(
        N_("You rolled {dice} and cannot move."),
        N_("The computer rolled {dice} and cannot move."),
        N_("Your friend rolled {dice} and cannot move."),
        N_("{player} rolled {dice} and cannot move."),
    ),
    "played": Sides(
        N_("You played {play}."),
        N_("The computer played {play}."),
        N_("Your friend played {play}."),
        N_("{player} played {play}."),
    ),
    # A resignation offered, by the result given up, with its points.
    SINGLE: Sides(
        Nn_(
            "You offer to resign a single game ({count} point).",
            "You offer to resign a single game ({count} points).",
        ),
        Nn_(
            "The computer offers to resign a single game ({count} point).",
            "The computer offers to resign a single game ({count} points).",
        ),
        Nn_(
            "Your friend offers to resign a single game ({count} point).",
            "Your friend offers to resign a single game ({count} points).",
        ),
        Nn_(
            "{player} offers to resign a single game ({count} point).",
            "{player} offers to resign a single game ({count} points).",
        ),
    ),
    GAMMON: Sides(
        Nn_(
            "You offer to resign a gammon ({count} point).",
            "You offer to resign a gammon ({count} points).",
        ),
        Nn_(
            "The computer offers to resign a gammon ({count} point).",
            "The computer offers to resign a gammon ({count} points).",
        ),
        Nn_(
            "Your friend offers to resign a gammon ({count} point).",
            "Your friend offers to resign a gammon ({count} points).",
        ),
        Nn_(
            "{player} offers to resign a gammon ({count} point).",
            "{player} offers to resign a gammon ({count} points).",
        ),
    ),
    BACKGAMMON: Sides(
        Nn_(
            "You offer to resign a backgammon ({count} point).",
            "You offer to resign a backgammon ({count} points).",
        ),
        Nn_(
            "The computer offers to resign a backgammon ({count} point).",
            "The computer offers to resign a backgammon ({count} points).",
        ),
        Nn_(
            "Your friend offers to resign a backgammon ({count} point).",
            "Your friend offers to resign a backgammon ({count} points).",
        ),
        Nn_(
            "{player} offers to resign a backgammon ({count} point).",
            "{player} offers to resign a backgammon ({count} points).",
        ),
    ),
    # How a game ended, said of its winner (or of the side that gave up).
    "wins simple": Sides(
        N_("You win the game!"),
        N_("The computer wins this game."),
        N_("Your friend wins the game!"),
        N_("{player} wins the game!"),
    ),
    "resigns": Sides(
        N_("You resign."),
        N_("The computer resigns."),
        N_("Your friend resigns."),
        N_("{player} resigns."),
    ),
    "wins by a pass": Sides(
        Nn_(
            "The computer passes: you win {count} point.",
            "The computer passes: you win {count} points.",
        ),
        Nn_(
            "You pass: the computer wins {count} point.",
            "You pass: the computer wins {count} points.",
        ),
        Nn_(
            "You pass: your friend wins {count} point.",
            "You pass: your friend wins {count} points.",
        ),
        Nn_(
            "{other} passes: {player} wins {count} point.",
            "{other} passes: {player} wins {count} points.",
        ),
        Nn_(
            "Your friend passes: you win {count} point.",
            "Your friend passes: you win {count} points.",
        ),
    ),
    ("wins by a resignation", SINGLE): Sides(
        Nn_(
            "The computer resigns a single game: you win {count} point.",
            "The computer resigns a single game: you win {count} points.",
        ),
        Nn_(
            "You resign a single game: the computer wins {count} point.",
            "You resign a single game: the computer wins {count} points.",
        ),
        Nn_(
            "You resign a single game: your friend wins {count} point.",
            "You resign a single game: your friend wins {count} points.",
        ),
        Nn_(
            "{other} resigns a single game: {player} wins {count} point.",
            "{other} resigns a single game: {player} wins {count} points.",
        ),
        Nn_(
            "Your friend resigns a single game: you win {count} point.",
            "Your friend resigns a single game: you win {count} points.",
        ),
    ),
    ("wins by a resignation", GAMMON): Sides(
        Nn_(
            "The computer resigns a gammon: you win {count} point.",
            "The computer resigns a gammon: you win {count} points.",
        ),
        Nn_(
            "You resign a gammon: the computer wins {count} point.",
            "You resign a gammon: the computer wins {count} points.",
        ),
        Nn_(
            "You resign a gammon: your friend wins {count} point.",
            "You resign a gammon: your friend wins {count} points.",
        ),
        Nn_(
            "{other} resigns a gammon: {player} wins {count} point.",
            "{other} resigns a gammon: {player} wins {count} points.",
        ),
        Nn_(
            "Your friend resigns a gammon: you win {count} point.",
            "Your friend resigns a gammon: you win {count} points.",
        ),
    ),
    ("wins by a resignation", BACKGAMMON): Sides(
        Nn_(
            "The computer resigns a backgammon: you win {count} point.",
            "The computer resigns a backgammon: you win {count} points.",
        ),
        Nn_(
            "You resign a backgammon: the computer wins {count} point.",
            "You resign a backgammon: the computer wins {count} points.",
        ),
        Nn_(
            "You resign a backgammon: your friend wins {count} point.",
            "You resign a backgammon: your friend wins {count} points.",
        ),
        Nn_(
            "{other} resigns a backgammon: {player} wins {count} point.",
            "{other} resigns a backgammon: {player} wins {count} points.",
        ),
        Nn_(
            "Your friend resigns a backgammon: you win {count} point.",
            "Your friend resigns a backgammon: you win {count} points.",
        ),
    ),
    ("wins", SINGLE): Sides(
        Nn_(
            "You win a single game: {count} point.",
            "You win a single game: {count} points.",
        ),
        Nn_(
            "The computer wins a single game: {count} point.",
            "The computer wins a single game: {count} points.",
        ),
        Nn_(
            "Your friend wins a single game: {count} point.",
            "Your friend wins a single game: {count} points.",
        ),
        Nn_(
            "{player} wins a single game: {count} point.",
            "{player} wins a single game: {count} points.",
        ),
    ),
    ("wins", GAMMON): Sides(
        Nn_(
            "You win a gammon: {count} point.",
            "You win a gammon: {count} points.",
        ),
        Nn_(
            "The computer wins a gammon: {count} point.",
            "The computer wins a gammon: {count} points.",
        ),
        Nn_(
            "Your friend wins a gammon: {count} point.",
            "Your friend wins a gammon: {count} points.",
        ),
        Nn_(
            "{player} wins a gammon: {count} point.",
            "{player} wins a gammon: {count} points.",
        ),
    ),
    ("wins", BACKGAMMON): Sides(
        Nn_(
            "You win a backgammon: {count} point.",
            "You win a backgammon: {count} points.",
        ),
        Nn_(
            "The computer wins a backgammon: {count} point.",
            "The computer wins a backgammon: {count} points.",
        ),
        Nn_(
            "Your friend wins a backgammon: {count} point.",
            "Your friend wins a backgammon: {count} points.",
        ),
        Nn_(
            "{player} wins a backgammon: {count} point.",
            "{player} wins a backgammon: {count} points.",
        ),
    ),
    "wins the match": Sides(
        N_("You win the match {score}!"),
        N_("The computer wins the match {score}!"),
        N_("Your friend wins the match {score}!"),
        N_("{player} wins the match {score}!"),
    ),
    "match title": Sides(
        N_("You win the match {score}"),
        N_("The computer wins the match {score}"),
        N_("Your friend wins the match {score}"),
        N_("{player} wins the match {score}"),
    ),
    "title": Sides(
        N_("You win!"),
        N_("The computer wins"),
        N_("Your friend wins!"),
        N_("{player} wins!"),
    ),
    "resigns, 1 game": Sides(
        N_("You resign \u2014 1 game."),
        N_("The computer resigns \u2014 1 game."),
        N_("Your friend resigns \u2014 1 game."),
        N_("{player} resigns \u2014 1 game."),
    ),
    "passes the double": Sides(
        Nn_(
            "You pass the double \u2014 {count} point.",
            "You pass the double \u2014 {count} points.",
        ),
        Nn_(
            "The computer passes the double \u2014 {count} point.",
            "The computer passes the double \u2014 {count} points.",
        ),
        Nn_(
            "Your friend passes the double \u2014 {count} point.",
            "Your friend passes the double \u2014 {count} points.",
        ),
        Nn_(
            "{player} passes the double \u2014 {count} point.",
            "{player} passes the double \u2014 {count} points.",
        ),
    ),
    ("resigns", SINGLE): Sides(
        Nn_(
            "You resign a single game \u2014 {count} point.",
            "You resign a single game \u2014 {count} points.",
        ),
        Nn_(
            "The computer resigns a single game \u2014 {count} point.",
            "The computer resigns a single game \u2014 {count} points.",
        ),
        Nn_(
            "Your friend resigns a single game \u2014 {count} point.",
            "Your friend resigns a single game \u2014 {count} points.",
        ),
        Nn_(
            "{player} resigns a single game \u2014 {count} point.",
            "{player} resigns a single game \u2014 {count} points.",
        ),
    ),
    ("resigns", GAMMON): Sides(
        Nn_(
            "You resign a gammon \u2014 {count} point.",
            "You resign a gammon \u2014 {count} points.",
        ),
        Nn_(
            "The computer resigns a gammon \u2014 {count} point.",
            "The computer resigns a gammon \u2014 {count} points.",
        ),
        Nn_(
            "Your friend resigns a gammon \u2014 {count} point.",
            "Your friend resigns a gammon \u2014 {count} points.",
        ),
        Nn_(
            "{player} resigns a gammon \u2014 {count} point.",
            "{player} resigns a gammon \u2014 {count} points.",
        ),
    ),
    ("resigns", BACKGAMMON): Sides(
        Nn_(
            "You resign a backgammon \u2014 {count} point.",
            "You resign a backgammon \u2014 {count} points.",
        ),
        Nn_(
            "The computer resigns a backgammon \u2014 {count} point.",
            "The computer resigns a backgammon \u2014 {count} points.",
        ),
        Nn_(
            "Your friend resigns a backgammon \u2014 {count} point.",
            "Your friend resigns a backgammon \u2014 {count} points.",
        ),
        Nn_(
            "{player} resigns a backgammon \u2014 {count} point.",
            "{player} resigns a backgammon \u2014 {count} points.",
        ),
    ),
}


def said(session: Session, player: int, what: object, count: int = 0, **values: object) -> str:
    """``SIDES[what]`` said of ``player``, in the page's language, its fields filled
    (``{player}`` is the side's shown name, ``{count}`` picks a form)."""
    sides = SIDES[what]
    if session.settings.opponent == COMPUTER:
        sentence = sides.you if player == 0 else sides.computer
    elif session.settings.opponent == LINK:
        you = sides.you_by_link or sides.you
        sentence = you if player == session.link_side else sides.friend
    else:
        sentence = sides.named
    return told(
        sentence,
        count=count,
        player=shown_name(session, player),
        other=shown_name(session, 1 - player),
        **values,
    )


def _answer(session: Session, offer: str, answerer: int, asked: str, named: str) -> str:
    """A double or a resignation offered, and what comes next: the computer thinks, the
    offerer waits for a friend's answer, or the answerer is asked (``asked``; ``named`` when
    two people share the screen)."""
    if session.is_computer(answerer):
        return offer + " " + _("The computer is thinking…")
    if person_side(session) == 1 - answerer:
        return offer + " " + _("Waiting for your friend's answer.")
    if person_side(session) is not None:
        return offer + " " + asked
    return offer + " " + named


def doubled_text(session: Session) -> str:
    game = session.game
    doubler, taker = game.turn, 1 - game.turn
    offer = said(session, doubler, "doubles", value=game.cube.value * 2)
    name = shown_name(session, taker)
    if game.may_beaver():
        asked = _("Take, beaver or pass?")
        named = _("{player}: take, beaver or pass?", player=name)
    else:
        asked = _("Take or pass?")
        named = _("{player}: take or pass?", player=name)
    return _answer(session, offer, taker, asked, named)


def resigned_text(session: Session) -> str:
    game = session.game
    assert game.resigned_by is not None
    resigner, other = game.resigned_by, 1 - game.resigned_by
    points = match.game_points(game.rules, game.cube, game.resignation)
    offer = said(session, resigner, game.resignation, count=points)
    named = _("{player}: accept or refuse?", player=shown_name(session, other))
    return _answer(session, offer, other, _("Accept or refuse?"), named)


def news_text(session: Session) -> str:
    """What the last answer to a double or a resignation was, until the next roll."""
    if session.news is None:
        return ""
    what, player = session.news
    if what not in (TAKEN, BEAVERED, REFUSED):
        return ""
    return said(session, player, what, value=session.game.cube.value) + " "


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
    if opening and turn is not None and not turn.actions:
        return said(session, mover, "starts", dice=dice)
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
            player=shown_name(session, mover),
            dice=left,
        )
    return before + said(session, mover, "rolled", dice=dice)


def blocked_text(session: Session) -> str:
    """``You rolled 6-6 and cannot move. `` (or your friend, the computer, a name) while the
    roll that could not be played is the last thing that happened; "" otherwise."""
    game = session.game
    if game.phase is not Phase.ROLL or not game.blocked_dice:
        return ""
    d1, d2 = sorted(game.blocked_dice, reverse=True)
    return said(session, 1 - game.turn, "cannot move", dice=f"{d1}-{d2}") + " "


# A result, without a side: the end card's reason when the game was played out.
RESULTS = {
    SINGLE: Nn_("A single game \u2014 {count} point.", "A single game \u2014 {count} points."),
    GAMMON: Nn_("A gammon \u2014 {count} point.", "A gammon \u2014 {count} points."),
    BACKGAMMON: Nn_("A backgammon \u2014 {count} point.", "A backgammon \u2014 {count} points."),
}
RESULTS_CUBED = {
    SINGLE: Nn_(
        "A single game with the cube on {cube} \u2014 {count} point.",
        "A single game with the cube on {cube} \u2014 {count} points.",
    ),
    GAMMON: Nn_(
        "A gammon with the cube on {cube} \u2014 {count} point.",
        "A gammon with the cube on {cube} \u2014 {count} points.",
    ),
    BACKGAMMON: Nn_(
        "A backgammon with the cube on {cube} \u2014 {count} point.",
        "A backgammon with the cube on {cube} \u2014 {count} points.",
    ),
}


def ending_text(session: Session) -> str:
    """How the game (and the match, when it is over) ended, and the points it scored."""
    game = session.game
    winner = game.winner
    assert winner is not None
    points = game.points_won
    if not game.rules.cube and not game.rules.gammons:
        text = said(session, winner, "wins simple")
        if game.ended_by == "resignation":
            text = said(session, 1 - winner, "resigns") + " " + text
    elif game.ended_by == "pass":
        text = said(session, winner, "wins by a pass", count=points)
    else:
        if game.ended_by == "resignation":
            text = said(session, winner, ("wins by a resignation", game.result), count=points)
        else:
            text = said(session, winner, ("wins", game.result), count=points)
        if _counted_single(game):
            text += " " + _("(The Jacoby rule counts it single: the cube was never turned.)")
    if game.phase is Phase.MATCH_OVER:
        text += " " + said(session, winner, "wins the match", score=final_score(session))
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
    match_over = game.phase is Phase.MATCH_OVER
    if match_over:
        title = said(session, winner, "match title", score=final_score(session))
        length = game.rules.match_length
        score = n_("A match to {count} point", "A match to {count} points", length)
    else:
        title = said(session, winner, "title")
        score = _("{label}: {score}", label=score_label(session), score=score_text(session))
    reason = _ending_reason(session)
    if match_over:
        names = (shown_name(session, 0), shown_name(session, 1))
        named = session.settings.opponent not in (COMPUTER, LINK) and reason.startswith(names)
        reason = _(
            "Last game: {reason}", reason=reason if named else reason[0].lower() + reason[1:]
        )
    return Ending(
        title=title,
        reason=reason,
        score=score,
        next_label=_("New match") if match_over else _("Next game"),
        won=not session.is_computer(winner),
    )


def _ending_reason(session: Session) -> str:
    """Why the game ended and what it scored, in one sentence."""
    game = session.game
    winner = game.winner
    assert winner is not None
    loser = 1 - winner
    points = game.points_won
    if not game.rules.cube and not game.rules.gammons:
        if game.ended_by == "resignation":
            return said(session, loser, "resigns, 1 game")
        return _("All fifteen checkers borne off first \u2014 1 game.")
    if game.ended_by == "pass":
        return said(session, loser, "passes the double", count=points)
    cube = game.cube.value if game.rules.cube else 1
    if game.ended_by == "resignation":
        text = said(session, loser, ("resigns", game.result), count=points)
        if cube > 1:
            text += " " + _("The cube was on {cube}.", cube=cube)
    elif cube > 1:
        text = told(RESULTS_CUBED[game.result], count=points, cube=cube)
    else:
        text = told(RESULTS[game.result], count=points)
    if _counted_single(game):
        text += " " + _("The Jacoby rule counts it single: the cube was never turned.")
    return text


def _counted_single(game: GameState) -> bool:
    """The Jacoby rule counted a gammon or a backgammon single: the cube was never turned."""
    cube = game.cube.value if game.rules.cube else 1
    return game.rules.gammons and game.points_won // cube < game.result


def last_play_text(session: Session) -> str:
    """The last play in the players' notation: ``Pink played 13/7 8/7.`` ("" for none)."""
    if not last_play_shown(session):
        return ""
    assert session.last_play is not None
    player, moves = session.last_play
    notation = format_play([Move(origin, destination, hit) for origin, destination, hit in moves])
    if not notation:
        return ""
    notation = in_board_numbers(notation, player == session.bottom_player)
    return said(session, player, "played", play=notation)


def score_label(session: Session) -> str:
    """What the score counts: games (single wins only), points, or a match's points."""
    rules = session.game.rules
    length = rules.match_length
    if not rules.cube and not rules.gammons:
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


def new_game_question(session: Session) -> Prompt | None:
    """Asked before New game throws a game or a match away; None when nothing is lost."""
    if not session.in_progress:
        return None
    game = session.game
    if game.rules.match_length and game.score != (0, 0):
        return Prompt(
            _("Start a new match? The match in progress will be lost."),
            _("Start a new match"),
            _("Keep playing"),
        )
    return Prompt(
        _("Start a new game? The game in progress will be lost."),
        _("Start a new game"),
        _("Keep playing"),
    )


def damaged_notice(what: str) -> Prompt:
    """Something the page keeps in this browser (the trainer's cards, the rating, the games by
    link) could not be read: the page goes on without it, the copy kept (game/web/store/door.py)."""
    return Prompt(
        _(
            "Something this page keeps in your browser could not be read: {what}. The page "
            "goes on without it; the copy found is kept aside. Download it?",
            what=told(what),
        ),
        _("Download a copy"),
        _("Not now"),
    )


def broken_link_notice(problem: object) -> Prompt:
    """A link (a shared game, a whole-game link) that holds no game to show; ``problem``
    says why (a reader's refusal, said in the page's language)."""
    return Prompt(
        _(
            "This link does not hold a game that can be shown: {problem}. "
            "Your own game is on the board.",
            problem=problem,
        )
    )


def rolled_out(trials: int) -> str:
    """``rolled out: 1,296 trials``: beside a rollout's figures wherever its position is shown
    again (the hint, the review's move, a train card)."""
    return n_(
        "rolled out: {trials} trial",
        "rolled out: {trials} trials",
        trials,
        trials=grouped(trials),
    )
