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

import re
from dataclasses import dataclass

from game.engine import match
from game.engine.match import BACKGAMMON, GAMMON, SINGLE
from game.engine.notation import format_play
from game.engine.plays import Move
from game.engine.position import Position
from game.engine.state import GameState, Phase
from game.web.board.view import last_play_shown, pip_counts
from game.web.language.catalog import N_, Nn_, _, n_, told
from game.web.state.prompts import Prompt
from game.web.state.session import (
    BEAVERED,
    COMPUTER,
    LINK,
    REFUSED,
    TAKEN,
    Session,
    person_side,
    player_name,
)


def shown_name(session: Session, player: int) -> str:
    """The side's name as the page shows it, in the page's language (``player_name`` is
    the English one records and files keep)."""
    if session.settings.opponent == COMPUTER:
        return _("You") if player == 0 else _("Computer")
    if session.settings.opponent == LINK:
        return _("You") if player == session.link_side else _("Friend")
    return _("Cyan") if player == 0 else _("Pink")


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


# Each sentence that names a side as its subject, by what happened.
SIDES = {
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
}


def said(session: Session, player: int, what: str | int, count: int = 0, **values: object) -> str:
    """``SIDES[what]`` said of ``player``, in the page's language, its fields filled
    (``{player}`` is the side's shown name, ``{count}`` picks a form)."""
    sides = SIDES[what]
    if session.settings.opponent == COMPUTER:
        sentence = sides.you if player == 0 else sides.computer
    elif session.settings.opponent == LINK:
        sentence = sides.you if player == session.link_side else sides.friend
    else:
        sentence = sides.named
    return told(sentence, count=count, player=shown_name(session, player), **values)


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
        if game.ended_by == "resignation":
            text = f"{loser} resign{ls} {what}: {_lower(who)} win{s} {points}."
        else:
            text = f"{who} win{s} {what}: {points}."
        if _counted_single(game):
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
    text = (
        f"{loser} resign{ls} {what}{on_cube} \u2014 {points}."
        if game.ended_by == "resignation"
        else f"{what.capitalize()}{on_cube} \u2014 {points}."
    )
    if _counted_single(game):
        text += " The Jacoby rule counts it single: the cube was never turned."
    return text


def _counted_single(game: GameState) -> bool:
    """The Jacoby rule counted a gammon or a backgammon single: the cube was never turned."""
    cube = game.cube.value if game.rules.cube else 1
    return game.rules.gammons and game.points_won // cube < game.result


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


def new_game_question(session: Session) -> Prompt | None:
    """Asked before New game throws a game or a match away; None when nothing is lost."""
    if not session.in_progress:
        return None
    game = session.game
    if game.rules.match_length and game.score != (0, 0):
        return Prompt(
            "Start a new match? The match in progress will be lost.",
            "Start a new match",
            "Keep playing",
        )
    return Prompt(
        "Start a new game? The game in progress will be lost.", "Start a new game", "Keep playing"
    )


def damaged_notice(what: str) -> Prompt:
    """Something the page keeps in this browser (the trainer's cards, the rating, the games by
    link) could not be read: the page goes on without it, the copy kept (game/web/store/door.py)."""
    return Prompt(
        f"Something this page keeps in your browser could not be read: {what}. The page goes "
        "on without it; the copy found is kept aside. Download it?",
        "Download a copy",
        "Not now",
    )


def broken_link_notice(problem: str) -> Prompt:
    """A link (a shared game, a whole-game link) that holds no game to show."""
    return Prompt(
        f"This link does not hold a game that can be shown: {problem}. "
        "Your own game is on the board."
    )


def rolled_out(trials: int) -> str:
    """``rolled out: 1,296 trials``: beside a rollout's figures wherever its position is shown
    again (the hint, the review's move, a train card)."""
    return n_(
        "rolled out: {trials} trial",
        "rolled out: {trials} trials",
        trials,
        trials=f"{trials:,}",
    )
