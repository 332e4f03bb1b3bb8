"""The one door to storage (game/web/store/door.py): every key declared there, every read and
write through it, and a damaged value under any key leaves the page playable, the value kept
aside and offered for download."""

from __future__ import annotations

import ast
import json
import random
from pathlib import Path

import pytest

from game.web.address.embed_params import read_embed
from game.web.house import Setup, build
from game.web.state.session import Session
from game.web.store import door
from game.web.store.door import DAMAGED, DECK, HISTORY, LINKS, RATING, SAVE, Door
from tests.web.fakes import FakeSurface, FakeSurroundings, around_of, surface_of
from tests.web.test_rooms import rooms_on

ROOT = Path(__file__).resolve().parents[3]
WEB = ROOT / "game" / "web"
DOOR = WEB / "store" / "door.py"
# JSON read elsewhere is not storage: the worker's wire, the practice sets fetched as a file.
# JSON that is not storage: the worker's replies, cards files, the language's catalog.
OTHER_JSON = {
    WEB / "browser" / "worker_client.py",
    WEB / "trainer" / "room.py",
    WEB / "language" / "catalog.py",
}
# Damaged values, each refused by another guard: too deep, not JSON, another version, too long.
DAMAGE = {
    "deep": "[" * 5000 + "]" * 5000,
    "broken": '{"version": 1, "cards": [{"card"',
    "version": '{"version": 99, "rating": 1600}',
    "long": '"' + "x" * 5_000_000 + '"',
}


def _calls(path: Path) -> list[tuple[str, int]]:
    """Every ``<x>.around.stored(...)``-like call (an attribute of something called around)
    and every json.loads in ``path``."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            owner = node.func.value
            owner_name = (
                owner.attr if isinstance(owner, ast.Attribute) else getattr(owner, "id", "")
            )
            if owner_name == "around" and node.func.attr in ("stored", "store", "forget"):
                found.append((f"around.{node.func.attr}", node.lineno))
            if owner_name == "json" and node.func.attr == "loads":
                found.append(("json.loads", node.lineno))
    return found


def test_every_key_is_declared_in_the_door_and_read_only_through_it():
    for path in sorted(WEB.rglob("*.py")):
        if path == DOOR:
            continue
        text = path.read_text(encoding="utf-8")
        keys = [
            node.value
            for node in ast.walk(ast.parse(text))
            if isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and node.value.startswith("backgammon.")
        ]
        assert not keys, f"{path}: a storage key outside the door: {keys}"
        calls = [c for c in _calls(path) if c[0] != "json.loads" or path not in OTHER_JSON]
        assert not calls, f"{path}: storage read or written past the door: {calls}"
        if path.name != "real_page.py":  # the browser's own storage, behind Surroundings
            assert "window.localStorage" not in text, path
    assert {DECK, RATING, LINKS, SAVE, door.ONE_TAP} <= {
        v for v in vars(door).values() if isinstance(v, str)
    }


def test_the_door_keeps_a_damaged_value_aside_once_and_says_so():
    around = FakeSurroundings({DECK: DAMAGE["deep"]})
    told: list[str] = []
    gate = Door(around)  # type: ignore[arg-type]
    gate.on_damaged = lambda key, text: told.append(key)
    assert gate.data(DECK) is None and gate.data(DECK) is None
    assert told == [DECK] and gate.damaged == {DECK: DAMAGE["deep"]}
    assert around.storage[DECK + DAMAGED] == DAMAGE["deep"]
    around.storage[DECK] = DAMAGE["broken"]  # a second damage: the first copy stays kept
    assert gate.data(DECK) is None and around.storage[DECK + DAMAGED] == DAMAGE["deep"]


def test_the_door_never_raises_without_storage():
    gate = Door(FakeSurroundings(blocked=True))  # type: ignore[arg-type]
    assert gate.read(DECK) is None and gate.data(RATING) is None
    assert gate.write(DECK, "{}") is False and not gate.damaged
    with pytest.raises(PermissionError):  # the save's keeper is told, to tell the player
        gate.reader(SAVE)()


@pytest.mark.parametrize("damage", sorted(DAMAGE))
@pytest.mark.parametrize("key", [DECK, RATING, LINKS, SAVE + HISTORY])
def test_a_damaged_value_under_any_key_leaves_the_page_playable(key, damage):
    text = DAMAGE[damage]
    rooms = rooms_on(storage={key: text})
    around, surface = around_of(rooms), surface_of(rooms)
    rooms.saving.restore()
    rooms.links.restore()
    rooms.rating.toggle()  # the rating panel: the book and the deck read
    rooms.rating.toggle()
    rooms.train.toggle()  # the trainer: the deck read
    rooms.train.toggle()
    if key == SAVE + HISTORY and damage == "version":
        return  # any JSON value is a history the page can read (and then ignores)
    assert around.storage[key + DAMAGED] == text  # kept aside, whatever is written next
    assert "could not be read" in surface.texts["notice-text"]
    rooms.notices.yes()  # Download a copy
    assert around.downloads[-1][1] == text
    before = rooms.page.state.session
    rooms.table.roll()  # playable: the opening roll is made
    assert rooms.page.state.session is not before and rooms.page.state.session.game.dice


def test_a_damaged_save_is_kept_as_before():
    rooms = rooms_on(storage={SAVE: DAMAGE["deep"]})
    problem = rooms.saving.restore()
    assert problem is not None and "could not be read" in problem
    rooms.table.roll()
    assert around_of(rooms).storage[SAVE] == DAMAGE["deep"]  # never written over
    rooms.saving.download_unreadable()
    assert around_of(rooms).downloads[-1][1] == DAMAGE["deep"]


def _depth_by_each_character(text: str) -> int:
    depth = deepest = 0
    in_string = escaped = False
    for char in text:
        if in_string:
            escaped, in_string = (False, True) if escaped else (char == "\\", char != '"')
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif char in "]}":
            depth -= 1
    return deepest


def test_nesting_depth_skips_brackets_inside_strings_with_any_escapes():
    rng = random.Random(47)
    for _ in range(3000):
        pieces = [
            "".join(rng.choice('[]{}"\\x') for _ in range(rng.randrange(6))) for _ in range(4)
        ]
        value = {"a": pieces[0], "b": [[pieces[1], {"c": [pieces[2]]}]], pieces[3]: []}
        text = json.dumps(value)
        assert door.nesting_depth(text) == _depth_by_each_character(text) == 5, text
    assert door.nesting_depth("[" * 9975) == 9975


# The embeds' own saved games: the plain board of old (embed.html?seed=) and a play embed of
# its own position, each under its key (game/web/address/embed_params.py), as main.py builds them.
PLAIN_EMBED = read_embed("?seed=3", "")
PLAY_EMBED = read_embed("?mode=play&vs=computer&id=door", "")


def _embed_on(key: str, storage: dict[str, str]):
    surface, around = FakeSurface(), FakeSurroundings(storage=storage)
    setup = Setup(key=key, session=Session.new(), take_links=False, embed=True)
    rooms = build(surface, around, setup, random.Random(3), pace=0)  # type: ignore[arg-type]
    rooms.page.paint()
    return rooms, around, surface


def test_the_embeds_keep_their_games_under_their_own_keys():
    assert PLAIN_EMBED.key == door.EMBED_SAVES
    assert PLAY_EMBED.key.startswith(door.EMBED_SAVES + ".play.")
    assert door.limits_of(PLAY_EMBED.key + HISTORY) == door.HISTORY_LIMITS  # a long match too


@pytest.mark.parametrize("damage", sorted(DAMAGE))
@pytest.mark.parametrize("embed", [PLAIN_EMBED, PLAY_EMBED], ids=["plain", "play"])
def test_a_damaged_saved_game_of_an_embed_is_kept_and_the_embed_plays(embed, damage):
    text = DAMAGE[damage]
    rooms, around, _ = _embed_on(embed.key, {embed.key: text})
    problem = rooms.saving.restore()
    assert problem is not None and "could not be read" in problem
    rooms.table.roll()  # playable: the opening roll is made
    assert rooms.page.state.session.game.dice
    assert around.storage[embed.key] == text  # never written over
    rooms.saving.download_unreadable()
    assert around.downloads[-1][1] == text
    assert SAVE not in around.storage  # the page's own save is not the embed's


@pytest.mark.parametrize("damage", ["deep", "broken", "long"])
def test_a_damaged_record_beside_an_embed_s_game_is_kept_aside_and_offered(damage):
    key = PLAY_EMBED.key + HISTORY
    text = DAMAGE[damage]
    rooms, around, surface = _embed_on(PLAY_EMBED.key, {key: text})
    rooms.saving.restore()
    assert around.storage[key + DAMAGED] == text
    assert "could not be read" in surface.texts["notice-text"]
    rooms.notices.yes()  # Download a copy
    assert around.downloads[-1][1] == text
    rooms.table.roll()
    assert rooms.page.state.session.game.dice
