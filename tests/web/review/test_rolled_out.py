"""The review's move shows its position as rolled out from the hint, when this browser kept
the rollout (game/web/store/rollouts.py)."""

from __future__ import annotations

import json

from game.formats import format_position_id
from game.web.language.catalog import Catalog, use
from game.web.state.session import FRIEND, Session, Settings
from game.web.store.door import ROLLOUTS
from game.web.store.rollouts import key_of, with_record
from tests.web.test_rooms import PERSON_OPENS, rooms_on, surface_of
from tools.i18n.catalogs import LOCALE

# One candidate's figures, as the rollout panel keeps them.
ROW = {
    "label": "8/3 6/3",
    "trials": 1296,
    "equity": 0.171,
    "standard_error": 0.012,
    "chances": [0.55, 0.15, 0.01, 0.1, 0.0],
    "jsd": None,
}


def test_the_reviews_move_shows_the_rollout_kept_for_its_position_and_roll():
    storage: dict[str, str] = {}
    rooms = rooms_on(Session.new(Settings(opponent=FRIEND)), seed=PERSON_OPENS, storage=storage)
    rooms.table.roll()
    game = rooms.page.state.session.game
    rooms.review.toggle()
    assert surface_of(rooms).markup.get("review-rollout", "") == ""  # nothing kept yet
    rooms.review.toggle()
    row = dict(ROW)
    record = {"trials": 1296, "settings": "1296 trials, seed 3", "rows": [row]}
    key = key_of(format_position_id(game.position), game.dice)
    storage[ROLLOUTS] = json.dumps(with_record(None, key, record))
    rooms.review.toggle()
    markup = surface_of(rooms).markup["review-rollout"]
    assert "rolled out: 1,296 trials" in markup and 'data-equity="0.1710"' in markup


def test_a_kept_rollouts_settings_are_said_in_the_readers_language_an_older_pages_too():
    """Kept as values and worded when shown; a page before session 28 kept gnubg's English
    line alone, read back into values; words that do not read as settings are shown as kept."""
    storage: dict[str, str] = {}
    rooms = rooms_on(Session.new(Settings(opponent=FRIEND)), seed=PERSON_OPENS, storage=storage)
    rooms.table.roll()
    game = rooms.page.state.session.game
    key = key_of(format_position_id(game.position), game.dice)
    row = dict(ROW)
    data = {"trials": 1296, "seed": 3, "truncate": 7, "level": "0-ply", "variance_reduction": True}
    older = (
        "1296 trials, seed 3, truncated at 7 plies, chequer play 0-ply, variance reduction,"
        " rotated first two rolls"
    )
    use(Catalog.from_data(json.loads((LOCALE / "de.json").read_text("utf-8"))))
    try:
        own = "kept in words of its own"
        for kept in ({"settings": older, "plan": data}, {"settings": older}, {"settings": own}):
            record = {"trials": 1296, **kept, "rows": [row]}
            storage[ROLLOUTS] = json.dumps(with_record(None, key, record))
            rooms.review.toggle()
            markup = surface_of(rooms).markup["review-rollout"]
            rooms.review.toggle()
            if kept["settings"] == own:
                assert own in markup
                continue
            assert "1.296 Versuche, Startwert 3, abgebrochen nach 7 Plies" in markup, markup
            assert "trials" not in markup and "variance" not in markup
    finally:
        use(Catalog())
