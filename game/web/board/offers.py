"""The words of the sides and their offers, in the page's language: each side's name, the
sentence that names a side as its subject (the person here, the computer, a friend by links,
or a colour at one screen), a double and its answers, a resignation offered and its buttons.

Every form is a whole sentence of the catalog (game/web/language/catalog.py).
"""

from __future__ import annotations

from game.engine import match
from game.engine.match import BACKGAMMON, GAMMON, SINGLE
from game.web.language.catalog import _, n_
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
    the English one records and files keep)."""
    if session.settings.opponent == COMPUTER:
        return _("You") if player == 0 else _("Computer")
    if session.settings.opponent == LINK:
        return _("You") if player == session.link_side else _("Friend")
    return _("Cyan") if player == 0 else _("Pink")


def said(session: Session, player: int, you: str, computer: str, friend: str, named: str) -> str:
    """The sentence that names ``player`` as its subject, each form a whole sentence in the
    page's language: the person at this device, the computer, a friend by links, or a side
    by its colour (two people at one screen)."""
    if session.settings.opponent == COMPUTER:
        return you if player == 0 else computer
    if session.settings.opponent == LINK:
        return you if player == session.link_side else friend
    return named


def doubled_text(session: Session) -> str:
    game = session.game
    doubler, taker = game.turn, 1 - game.turn
    value = game.cube.value * 2
    offer = said(
        session,
        doubler,
        _("You double to {value}.", value=value),
        _("The computer doubles to {value}.", value=value),
        _("Your friend doubles to {value}.", value=value),
        _("{player} doubles to {value}.", player=shown_name(session, doubler), value=value),
    )
    if session.is_computer(taker):
        return offer + " " + _("The computer is thinking…")
    if person_side(session) == doubler:
        return offer + " " + _("Waiting for your friend's answer.")
    beaver = game.may_beaver()
    if person_side(session) is not None:
        question = _("Take, beaver or pass?") if beaver else _("Take or pass?")
    else:
        name = shown_name(session, taker)
        question = (
            _("{player}: take, beaver or pass?", player=name)
            if beaver
            else _("{player}: take or pass?", player=name)
        )
    return offer + " " + question


def _resign_offer(session: Session, resigner: int, result: int, points: int) -> str:
    """``You offer to resign a gammon (2 points).``: a whole sentence for each side and each
    result."""
    if result == GAMMON:
        return _offer_gammon(session, resigner, points)
    if result == BACKGAMMON:
        return _offer_backgammon(session, resigner, points)
    return _offer_single(session, resigner, points)


def _offer_gammon(session: Session, resigner: int, points: int) -> str:
    """The offer to resign a gammon."""
    name = shown_name(session, resigner)
    return said(
        session,
        resigner,
        n_(
            "You offer to resign a gammon ({count} point).",
            "You offer to resign a gammon ({count} points).",
            points,
        ),
        n_(
            "The computer offers to resign a gammon ({count} point).",
            "The computer offers to resign a gammon ({count} points).",
            points,
        ),
        n_(
            "Your friend offers to resign a gammon ({count} point).",
            "Your friend offers to resign a gammon ({count} points).",
            points,
        ),
        n_(
            "{player} offers to resign a gammon ({count} point).",
            "{player} offers to resign a gammon ({count} points).",
            points,
            player=name,
        ),
    )


def _offer_backgammon(session: Session, resigner: int, points: int) -> str:
    """The offer to resign a backgammon."""
    name = shown_name(session, resigner)
    return said(
        session,
        resigner,
        n_(
            "You offer to resign a backgammon ({count} point).",
            "You offer to resign a backgammon ({count} points).",
            points,
        ),
        n_(
            "The computer offers to resign a backgammon ({count} point).",
            "The computer offers to resign a backgammon ({count} points).",
            points,
        ),
        n_(
            "Your friend offers to resign a backgammon ({count} point).",
            "Your friend offers to resign a backgammon ({count} points).",
            points,
        ),
        n_(
            "{player} offers to resign a backgammon ({count} point).",
            "{player} offers to resign a backgammon ({count} points).",
            points,
            player=name,
        ),
    )


def _offer_single(session: Session, resigner: int, points: int) -> str:
    """The offer to resign a single game."""
    name = shown_name(session, resigner)
    return said(
        session,
        resigner,
        n_(
            "You offer to resign a single game ({count} point).",
            "You offer to resign a single game ({count} points).",
            points,
        ),
        n_(
            "The computer offers to resign a single game ({count} point).",
            "The computer offers to resign a single game ({count} points).",
            points,
        ),
        n_(
            "Your friend offers to resign a single game ({count} point).",
            "Your friend offers to resign a single game ({count} points).",
            points,
        ),
        n_(
            "{player} offers to resign a single game ({count} point).",
            "{player} offers to resign a single game ({count} points).",
            points,
            player=name,
        ),
    )


def resigned_text(session: Session) -> str:
    game = session.game
    assert game.resigned_by is not None
    resigner, other = game.resigned_by, 1 - game.resigned_by
    points = match.game_points(game.rules, game.cube, game.resignation)
    offer = _resign_offer(session, resigner, game.resignation, points)
    if session.is_computer(other):
        return offer + " " + _("The computer is thinking…")
    if person_side(session) == resigner:
        return offer + " " + _("Waiting for your friend's answer.")
    if person_side(session) is not None:
        return offer + " " + _("Accept or refuse?")
    return offer + " " + _("{player}: accept or refuse?", player=shown_name(session, other))


def news_text(session: Session) -> str:
    """What the last answer to a double or a resignation was, until the next roll."""
    if session.news is None:
        return ""
    what, player = session.news
    value = session.game.cube.value
    name = shown_name(session, player)
    if what == TAKEN:
        words = said(
            session,
            player,
            _("You take: the cube is on {value}.", value=value),
            _("The computer takes: the cube is on {value}.", value=value),
            _("Your friend takes: the cube is on {value}.", value=value),
            _("{player} takes: the cube is on {value}.", player=name, value=value),
        )
    elif what == BEAVERED:
        words = said(
            session,
            player,
            _("You beaver: the cube is on {value}.", value=value),
            _("The computer beavers: the cube is on {value}.", value=value),
            _("Your friend beavers: the cube is on {value}.", value=value),
            _("{player} beavers: the cube is on {value}.", player=name, value=value),
        )
    elif what == REFUSED:
        words = said(
            session,
            player,
            _("You refuse the resignation."),
            _("The computer refuses the resignation."),
            _("Your friend refuses the resignation."),
            _("{player} refuses the resignation.", player=name),
        )
    else:
        return ""
    return words + " "


def resign_points(session: Session) -> dict[int, int]:
    """The resignations the resigner may offer now and the points each gives away
    (only a single game when gammons do not count: Simple rules, the Jacoby rule)."""
    game = session.game
    offers: dict[int, int] = {}
    for result in (SINGLE, GAMMON, BACKGAMMON):
        points = match.game_points(game.rules, game.cube, result)
        # A bigger resignation that scores no more (no gammons, the Jacoby rule) is left out.
        if not offers or points > max(offers.values()):
            offers[result] = points
    return offers


def resign_label(result: int, points: int) -> str:
    """A resign button: ``Gammon · 2 points``."""
    if result == GAMMON:
        return n_("Gammon · {count} point", "Gammon · {count} points", points)
    if result == BACKGAMMON:
        return n_("Backgammon · {count} point", "Backgammon · {count} points", points)
    return n_("Single game · {count} point", "Single game · {count} points", points)


def resign_question(session: Session) -> str:
    """The question above the resign buttons."""
    resigner = session.resigner
    if person_side(session) is not None or resigner is None:
        return _("Offer to resign: how much do you give up?")
    return _(
        "{player} offers to resign: how much to give up?", player=shown_name(session, resigner)
    )
