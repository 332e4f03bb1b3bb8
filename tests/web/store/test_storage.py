"""Saved games, share links and the page's file list, in CPython."""

from __future__ import annotations

import json
import random
import re

import pytest

from game.engine.state import Phase
from game.web.address import links
from game.web.state.session import FRIEND, Session, Settings
from game.web.store import storage
from tools.build import manifest


def mid_turn() -> Session:
    session = Session.new(Settings(opponent=FRIEND, auto_confirm=False)).set_dice((3, 1))
    return session.tap(8).tap(5).tap(6)  # one move made, a checker picked up


def test_a_save_in_the_middle_of_a_turn_restores_the_moves_dice_and_pick():
    session = mid_turn()
    restored = storage.load_text(storage.save_text(session))
    assert restored.game == session.game
    assert restored.turn.position == session.turn.position
    assert restored.turn.dice_left == session.turn.dice_left
    assert restored.selected == session.selected == 6
    assert restored.settings == session.settings


def test_a_save_after_a_confirmed_play_keeps_the_trail():
    session = mid_turn().tap(5).confirm()
    restored = storage.load_text(storage.save_text(session))
    assert restored.game == session.game and restored.last_play == session.last_play


@pytest.mark.parametrize(
    "text, message",
    [
        ("{not json", "not valid JSON"),
        ("[]", "not a backgammon game"),
        ('{"app": "backgammon", "version": 0}', "older version"),
        ('{"app": "backgammon", "version": 99}', "unknown format"),
        ('{"app": "backgammon", "version": 1, "game": {"version": 1}}', "damaged"),
        ("x" * 30_000, "not readable"),
    ],
)
def test_a_save_that_cannot_be_read_says_why(text, message):
    with pytest.raises(storage.SaveError, match=message):
        storage.load_text(text)


def test_a_save_with_impossible_moves_is_refused():
    data = storage.save_data(mid_turn())
    data["moves"] = [[8, 1]]
    with pytest.raises(storage.SaveError, match="damaged"):
        storage.load_text(json.dumps(data))


def test_a_save_with_a_tampered_position_is_refused():
    data = storage.save_data(mid_turn())
    data["game"]["position"] = "AAAAAAAAAAAAAA"
    with pytest.raises(storage.SaveError):
        storage.load_text(json.dumps(data))


def test_share_link_reopens_the_same_position_dice_and_turn():
    rng = random.Random(4)
    session = Session.new().roll(rng)
    fragment = links.share_fragment(session.game)
    game, opponent = links.read_fragment("#" + fragment)
    assert opponent == "computer"
    assert game.position == session.game.position
    assert game.turn == session.game.turn and sorted(game.dice) == sorted(session.game.dice)
    assert links.same_game(game, session.game)


def test_share_link_of_a_position_waiting_for_a_roll():
    session = mid_turn().tap(5).confirm()
    game, opponent = links.read_fragment("#" + links.share_fragment(session.game, FRIEND))
    assert opponent == FRIEND
    assert game.phase is Phase.ROLL and game.turn == 1 and game.position == session.game.position


def test_share_link_carries_gnubg_ids():
    fragment = links.share_fragment(Session.new().game)
    assert fragment.startswith("gnubgid=4HPwATDgc/ABMA:")


@pytest.mark.parametrize(
    "fragment",
    [
        "#gnubgid=<script>alert(1)</script>",
        "#gnubgid=4HPwATDgc/ABMA",
        "#gnubgid=AAAAAAAAAAAAAA:cAkAAAAAAAAA",
        "#gnubgid=4HPwATDgc/ABMA:cAkAAAAAAAAA&vs=robot",
        "#gnubgid=" + "A" * 500,
        "#vs=friend",
    ],
)
def test_a_broken_or_hostile_link_raises_a_link_error(fragment):
    with pytest.raises(links.LinkError):
        links.read_fragment(fragment)


def test_a_fragment_without_a_game_is_not_an_error():
    assert links.read_fragment("") is None
    assert links.read_fragment("#how-to-play") is None


def test_pyscript_toml_lists_every_file_the_page_imports():
    config = manifest.CONFIG.read_text(encoding="utf-8")
    listed = set(manifest.listed_files(config))
    listed |= set(manifest.listed_files(config, manifest.BOT_FILES_HEADER))
    needed = set(manifest.needed_files())
    missing = sorted(needed - listed)
    assert not missing, (
        f"pyscript.toml [game-files] lacks {missing}: run python -m tools.build.manifest --write"
    )
    assert "game/web/app.py" in needed and "game/engine/turn.py" in needed
    gone = sorted(path for path in listed if not (manifest.ROOT / path).is_file())
    assert not gone, f"pyscript.toml lists files that do not exist: {gone}"


def test_pyscript_toml_lists_exactly_the_files_the_page_needs():
    assert manifest.stale(manifest.needed_files()) == [], (
        "run python -m tools.build.manifest --write"
    )


def test_start_up_fetches_no_bot_data_and_the_worker_gets_it_all():
    # interpreter.mjs fetches [game-files] before the board is playable;
    # the bot's weights and bear-off table wait in [bot-files] (issue 14).
    config = manifest.CONFIG.read_text(encoding="utf-8")
    at_start = manifest.listed_files(config)
    later = manifest.listed_files(config, manifest.BOT_FILES_HEADER)
    assert "game/bot/data/bearoff.bin" in later and "game/bot/data/contact.net" in later
    assert not [path for path in at_start if "/data/" in path], at_start
    assert not set(at_start) & set(later)
    # interpreter.mjs writes [game-files] (the page's and every worker's); the computer's
    # worker (computer-worker.mjs) adds [bot-files]: the same names as here.
    interpreter = (manifest.ROOT / "interpreter.mjs").read_text(encoding="utf-8")
    assert 'fetchFiles(["game-files"])' in interpreter
    worker = (manifest.ROOT / "computer-worker.mjs").read_text(encoding="utf-8")
    assert 'bootPython(["bot-files"])' in worker
    assert manifest.FILES_HEADER == "[game-files]"
    assert manifest.BOT_FILES_HEADER == "[bot-files]"


def test_the_page_package_holds_only_what_the_page_ships():
    # Build code (the server, the site's list, this manifest writer) lives in tools/build:
    # every module of game/web is one pyscript.toml lists, so the browser gets them all.
    listed = set(manifest.listed_files(manifest.CONFIG.read_text(encoding="utf-8")))
    page = {
        p.relative_to(manifest.ROOT).as_posix()
        for p in (manifest.ROOT / "game" / "web").rglob("*.py")
    }
    assert not sorted(page - listed), "game/web holds modules the page never loads"
    assert "tools/build/server.py" not in listed and "game/web/site_server.py" not in page


def test_the_manifest_puts_data_files_in_the_bot_table(tmp_path, monkeypatch):
    config = tmp_path / "pyscript.toml"
    config.write_text('name = "x"\n\n[game-files]\n"./old.py" = "./old.py"\n')
    manifest.write_config(["game/bot/data/w.net", "game/bot/evaluator.py"], config)
    text = config.read_text()
    assert manifest.listed_files(text) == ["game/bot/evaluator.py"]
    assert manifest.listed_files(text, "[bot-files]") == ["game/bot/data/w.net"]
    assert text.startswith('name = "x"\n\n[game-files]\n')


def test_the_manifest_follows_imports_inside_functions(tmp_path, monkeypatch):
    package = tmp_path / "game"
    (package / "web").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "web" / "__init__.py").write_text("")
    (package / "web" / "main.py").write_text("def f():\n    from game import late\n")
    (package / "late.py").write_text("import game.later\n")
    (package / "later.py").write_text("")
    monkeypatch.setattr(manifest, "ROOT", tmp_path)
    assert manifest.needed_files() == [
        "game/__init__.py",
        "game/late.py",
        "game/later.py",
        "game/web/__init__.py",
        "game/web/main.py",
    ]


def test_the_engine_never_imports_the_browser():
    # Only the page's wiring touches pyscript; the rest is CPython.
    browser_side = {
        f"game/web/{name}.py"
        for name in (
            "app",
            "browser/real_page",
            "browser/dom",
            "embed/embed_app",
            "sharing/embed_dialog",
            "browser/guard",
            "main",
            "browser/worker_client",
        )
    }
    for path in manifest.needed_files():
        if path.endswith(".py") and path not in browser_side:
            text = (manifest.ROOT / path).read_text(encoding="utf-8")
            assert not re.search(
                r"^\s*(import|from)\s+(pyscript|pyodide|js)\b", text, re.MULTILINE
            ), path


def test_a_link_with_the_cube_in_play_is_refused_under_the_simple_rules():
    from game.engine.position import Position
    from game.formats.match_id import MatchId, format_gnubg_id

    cubed = format_gnubg_id(Position.start(), MatchId(cube=2, cube_owner=0, player_on_roll=0))
    with pytest.raises(links.LinkError, match="cube"):
        links.read_fragment("#gnubgid=" + cubed + "&rules=simple")


def test_a_position_id_with_a_plus_sign_survives_the_link():
    from game.engine.position import Position

    position = Position.from_points(  # its Position ID is wmfDEQQN6+AAWA
        {1: 1, 2: 2, 6: 2, 7: 1, 8: 3, 13: 3, 24: 2, 25: 1},
        {2: 1, 6: 5, 8: 2, 9: 2, 13: 3, 16: 1, 21: 1},
    )
    session = Session.new()
    from dataclasses import replace

    game = replace(session.game, position=position, phase=Phase.ROLL, turn=0, last_event="")
    fragment = links.share_fragment(game)
    assert "+" in fragment
    read, _ = links.read_fragment("#" + fragment)
    assert read.position == position


def test_link_fields_are_split_without_turning_plus_into_space():
    assert links.parse_pairs("gnubgid=a+b/c:d&vs=friend") == {"gnubgid": "a+b/c:d", "vs": "friend"}
    assert links.parse_pairs("gnubgid=a%2Bb") == {"gnubgid": "a+b"}
    with pytest.raises(ValueError):
        links.parse_pairs("gnubgid")
    with pytest.raises(ValueError):
        links.parse_pairs("gnubgid=%zz")
