"""The page's parts joined: one ``Page`` and its controllers, on any surface.

    rooms = build(surface, surroundings, Setup(checkable_dice=True), random.Random(), pace=1.0)
    rooms.table.roll()

game/web/app.py builds them on the browser (game/web/browser/real_page.py); CPython tests
build them on a fake page (tests/web_fakes.py). ``Setup`` says how a page starts: the main
page, or an embed's *play* mode with its own save key and position (game/web/embed/embed_app.py).
"""

from __future__ import annotations

import contextlib
import random
from dataclasses import dataclass, replace

from game.web.access import Access
from game.web.link_play.room import LinkPlay
from game.web.rating.book import KEY as RATING_KEY
from game.web.rating.book import read_book
from game.web.rating.room import StudyRoom
from game.web.review.room import Review
from game.web.sharing.room import Sharing
from game.web.state.commit import Page
from game.web.state.dice_box import DiceBox
from game.web.state.notices import Notices
from game.web.state.page_state import PageState
from game.web.state.session import Session
from game.web.state.surface import Surface, Surroundings
from game.web.store import storage
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
    study: StudyRoom
    access: Access
    train: TrainRoom
    links: LinkPlay


def build(
    surface: Surface,
    around: Surroundings,
    setup: Setup = Setup(),
    rng: random.Random | None = None,
    pace: float = 1.0,
) -> Rooms:
    session = setup.session or Session.new()
    book = None
    with contextlib.suppress(Exception):  # no storage here: a new book
        book = around.stored(RATING_KEY)
    state = PageState(session, PageState.new(session).history, rating=read_book(book))
    page = Page(surface, around, state, rng, pace, embed=setup.embed)
    if setup.checkable_dice:
        page.checkable_dice = True
        page.state = replace(state, dice=DiceBox().follow(None, state.history))
    notices = Notices(surface)
    saving = Saving(page, notices, setup.key)
    page.saver = saving.save
    coach = Coach(page)
    table = Table(page, coach, notices, saving)
    review = Review(page, notices)
    sharing = Sharing(page, notices, review)
    sharing.take_links = setup.take_links
    study = StudyRoom(page)
    review.rated.append(study.estimated)
    saving.download_game = review.export_mat
    train = TrainRoom(page, notices)
    access = Access(page, table, coach, review, train)
    links = LinkPlay(page, notices)
    table.links = links
    if setup.take_links:
        sharing.friend_link = links.open
    return Rooms(page, notices, saving, coach, table, review, sharing, study, access, train, links)
