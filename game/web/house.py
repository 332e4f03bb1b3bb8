"""The page's parts joined: one ``Page`` and its controllers, on any surface.

    rooms = build(surface, surroundings, Setup(checkable_dice=True), random.Random(), pace=1.0)
    rooms.table.roll()

game/web/app.py builds them on the browser (game/web/browser/real_page.py); CPython tests
build them on a fake page (tests/web/fakes.py). ``Setup`` says how a page starts: the main
page, or an embed's *play* mode with its own save key and position (game/web/embed/embed_app.py).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from functools import partial

from game.web.access import Access
from game.web.board.words import damaged_notice
from game.web.link_play.room import LinkPlay
from game.web.paint import PAINTING
from game.web.rating.room import RatingRoom
from game.web.review.room import Review
from game.web.sharing.room import Sharing
from game.web.state.commit import Page
from game.web.state.dice_box import DiceBox
from game.web.state.notices import Notices
from game.web.state.page_state import PageState
from game.web.state.session import Session
from game.web.state.surface import Clicks, Files, Picks, Surface, Surroundings
from game.web.store import storage
from game.web.store.door import NAMES, Door
from game.web.store.rollouts import KeptRollouts
from game.web.table.coach import Coach
from game.web.table.room import Table
from game.web.table.saving import Saving
from game.web.trainer.room import TrainRoom


@dataclass(frozen=True)
class Setup:
    """How a page starts: its save's key, the game before any save is read, links taken."""

    key: str = storage.KEY
    session: Session | None = None
    take_links: bool = True
    embed: bool = False
    checkable_dice: bool = (
        False  # each game's rolls from a secret seed (game/web/state/dice_box.py)
    )


@dataclass(frozen=True)
class Rooms:
    page: Page
    notices: Notices
    saving: Saving
    coach: Coach
    table: Table
    review: Review
    sharing: Sharing
    rating: RatingRoom
    access: Access
    train: TrainRoom
    links: LinkPlay
    door: Door


def build(
    surface: Surface,
    around: Surroundings,
    setup: Setup = Setup(),
    rng: random.Random | None = None,
    pace: float = 1.0,
) -> Rooms:
    session = setup.session or Session.new()
    state = PageState.new(session)
    page = Page(surface, around, state, PAINTING, rng, pace, embed=setup.embed)
    if setup.checkable_dice:
        page.checkable_dice = True
        page.state = replace(state, dice=DiceBox().follow(None, state.history))
    notices = Notices(surface)
    door = Door(around)  # every key kept in this browser, read and written guarded
    door.on_damaged = partial(offer_damaged, notices, around)
    saving = Saving(page, notices, setup.key, door)
    page.saver = saving.save
    kept_rollouts = KeptRollouts(door)  # rollouts done in the page, kept in this browser
    coach = Coach(page, kept_rollouts)
    table = Table(page, coach, notices, saving)
    review = Review(page, notices, door, kept_rollouts)
    sharing = Sharing(page, notices, review.open_game_link)
    sharing.take_links = setup.take_links
    rating = RatingRoom(page, door)
    review.rated.append(rating.estimated)
    saving.download_game = review.export_mat
    train = TrainRoom(page, notices, door)
    access = Access(page, table, coach, review, train)
    links = LinkPlay(page, notices, door)
    table.links = links
    if setup.take_links:
        sharing.friend_link = links.open
    return Rooms(
        page, notices, saving, coach, table, review, sharing, rating, access, train, links, door
    )


# ----- every room's tables, for the composition root to bind ----------------------------------


def clicks_of(rooms: Rooms) -> Clicks:
    """Every room's click table, joined (a selector belongs to one room)."""
    tables = (
        rooms.table.clicks(),
        rooms.saving.clicks(),
        rooms.notices.clicks(),
        rooms.coach.clicks(),
        rooms.review.clicks(),
        rooms.rating.clicks(),
        rooms.train.clicks(),
        rooms.sharing.clicks(),
        rooms.links.clicks(),
        rooms.access.clicks(),
    )
    joined: Clicks = {}
    for table in tables:
        twice = joined.keys() & table.keys()
        assert not twice, f"two rooms answer {sorted(twice)}"
        joined.update(table)
    return joined


def picks_of(rooms: Rooms) -> Picks:
    return [*rooms.coach.picks(), *rooms.review.picks(), *rooms.links.picks()]


def files_of(rooms: Rooms) -> Files:
    return {**rooms.review.files(), **rooms.train.files()}


def offer_damaged(notices: Notices, around: Surroundings, key: str, text: str) -> None:
    """A value kept in this browser could not be read (the door kept it aside): say so, and
    offer it as a file, as the save's own unreadable copy is offered."""
    name = key.replace(".", "-") + ".json"
    what = NAMES.get(key, "something the page kept")
    notices.ask(damaged_notice(what), lambda: around.download(text, name, "application/json"))
