"""What the runtime shared by a page's frames answers each light frame
(game/web/embed/embed_frame.py): the same board, words and moments as embed_app draws, the modes
it leaves to the frame's own Python, a match file's text read once, refusals in words."""

from __future__ import annotations

import json
import random
from pathlib import Path

from game.analysis.selfplay import RandomPlayer, self_play
from game.engine.match import Rules
from game.formats.game_link import format_game_link
from game.formats.mat import parse_mat
from game.web.address.embed_params import read_embed
from game.web.board import diagram
from game.web.board.render import board_svg
from game.web.board.words import pips_text
from game.web.embed.embed_frame import first_game, frame_reply
from game.web.embed.moments import replay_view
from game.web.state.replay import Replay
from game.web.worker.importing import MAX_MATCH_FILE

START_62 = "4HPwATDgc/ABMA:cAkLAAAAAAAA"
MATCH = Path(__file__).resolve().parents[2] / "data" / "mat" / "gnubg_export.mat"


def ask(search: str, fragment: str, **more: object) -> dict:
    reply = frame_reply({"search": search, "hash": fragment, **more})
    assert json.loads(json.dumps(reply)) == reply  # crosses to the frame as JSON
    return reply


def test_a_diagram_is_what_the_frame_would_draw_itself():
    search, fragment = "?mode=diagram&play=24/18%2013/11&caption=Opening", f"#gnubgid={START_62}"
    reply = ask(search, fragment)
    spec = read_embed(search, fragment)
    session = diagram.embed_session(spec)
    assert reply["svg"] == board_svg(diagram.diagram_view(session, spec.play))
    assert reply["words"] == diagram.board_text(session, spec.play)
    assert reply["pips"] == pips_text(session) == "Pink 167 · Cyan 167"
    assert reply["status"] == "Pink to play 6-2."
    assert (reply["mode"], reply["caption"], reply["theme"]) == ("diagram", "Opening", "dark")
    assert reply["key"] == spec.key and reply["legacy"] is False


def test_puzzles_and_live_games_are_left_to_the_frames_own_python():
    for search in ("?mode=puzzle", "?mode=play", ""):
        assert ask(search, f"#gnubgid={START_62}") == {"boot": True}


def test_a_bad_address_is_refused_in_words():
    for search, fragment, words in (
        ("?mode=diagram", "#gnubgid=<script>", "the position cannot be read"),
        ("?mode=slideshow", "", "mode must be"),
        ("?mode=replay&mat=../../etc/passwd.mat", "", "This embed cannot be shown"),
    ):
        reply = ask(search, fragment)
        assert set(reply) == {"problem"} and words in reply["problem"], reply
    # Any request gets an answer, never an exception.
    assert frame_reply({"search": 5, "hash": None}) == {"boot": True}  # no mode: play
    assert "problem" in frame_reply({"search": "?mode=diagram", "hash": ["#"]})


def test_a_replay_from_a_game_link_steps_through_its_moments():
    record = self_play(Rules.full(), random.Random(1), RandomPlayer(random.Random(2)))
    fragment = "#" + format_game_link(record)
    first = ask("?mode=replay", fragment)
    spec = read_embed("?mode=replay", fragment)
    replay = Replay.of(record, 0)
    assert first["at"] == 0 and first["last"] == len(replay.moments) - 1
    assert first["where"].endswith("the start of the game")
    third = ask("?mode=replay", fragment, moment=3)
    _, view, where = replay_view(spec, replay.jump(3))
    assert (third["at"], third["where"], third["svg"]) == (3, where, board_svg(view))
    assert ask("?mode=replay", fragment, moment=10**6)["at"] == first["last"]  # clamped
    assert ask("?mode=replay", fragment, moment=-4)["at"] == 0


def test_a_match_file_is_asked_for_then_read_or_refused():
    search = "?mode=replay&mat=matches/final.mat"
    assert ask(search, "") == {"fetch": "matches/final.mat"}
    text = MATCH.read_text(encoding="utf-8")
    shown = ask(search, "", mat=text, moment=2)
    assert shown["at"] == 2 and "move" in shown["where"]
    broken = ask(search, "", mat="this is no match file")
    assert broken["problem"].startswith("The match file matches/final.mat cannot be read")
    huge = ask(search, "", mat="x" * (MAX_MATCH_FILE + 1))
    assert huge == {"problem": "This file is too large to be a match file."}


def test_a_match_files_bytes_are_read_as_open_reads_a_file():
    # The frame sends the bytes it fetched: a file saved by Notepad as "Unicode" (UTF-16) or
    # in Latin-1 was refused when the frame read it as UTF-8 (response.text()).
    search = "?mode=replay&mat=matches/final.mat"
    text = MATCH.read_text(encoding="utf-8").replace("Cyan", "Jürgen")
    shown = ask(search, "", mat=text, moment=3)
    for data in (text.encode("utf-16"), text.encode("latin-1"), text.encode("utf-8-sig")):
        assert ask(search, "", matBytes=data.decode("latin-1"), moment=3) == shown
    assert shown["status"] == "Game 1, move 3 of 36: Jürgen rolls 3-3"
    broken = ask(search, "", matBytes="\u20ac no match file")  # not bytes: read as text
    assert broken["problem"].startswith("The match file matches/final.mat cannot be read")


def test_a_frames_first_ask_reads_only_the_first_game_of_a_match_file():
    search = "?mode=replay&mat=matches/opening.mat"
    text = MATCH.read_text(encoding="utf-8").replace("Pink", "Red")  # not read before
    whole = Replay.of(parse_mat(text), 0)
    first_moments = [m for m in whole.moments if m[0] == 1]
    start = ask(search, "", mat=text, first=True)
    assert start["partial"] is True and start["at"] == 0
    assert start["last"] == len(first_moments) - 1 < len(whole.moments) - 1
    moves = len(whole.record.games[0])
    assert start["where"] == f"Game 1, move 0 of {moves}: the start of the game"
    # Within the first game it draws what the whole match draws.
    inside = ask(search, "", mat=text, first=True, moment=5)
    assert inside["partial"] is True and inside["last"] == start["last"]
    whole_at_5 = ask(search, "", mat=text, moment=5)
    same = {"last": whole_at_5["last"], "partial": False}
    assert {**inside, **same} == {**whole_at_5, **same}
    # Asked again without "first", the whole match; once read, "first" changes nothing.
    later = ask(search, "", mat=text, moment=len(first_moments) + 3)
    assert "partial" not in later and later["last"] == len(whole.moments) - 1
    assert later["where"].startswith("Game 2,")
    assert "partial" not in ask(search, "", mat=text, first=True)
    # One game, or a file that cannot be read: no cut, the same answers as before.
    one = first_game(text)
    assert one is not None and first_game(one) is None
    assert "partial" not in ask(search, "", mat=one, first=True)
    broken = ask(search, "", mat="5 point match\n Game 1\n Game 2\n", first=True)
    assert broken["problem"].startswith("The match file matches/opening.mat cannot be read")


def test_one_runtime_answers_each_frame_in_its_own_language():
    # Frames of one page may ask in different languages (each its ?lang= or the browser's):
    # the runtime words each answer in the frame's, English where it was given no catalog.
    from game.web.embed.embed_frame import learn_language
    from game.web.language.catalog import Catalog, current, use

    locale = Path(__file__).resolve().parents[3] / "locale"
    learn_language("de", (locale / "de.json").read_text(encoding="utf-8"))
    learn_language("el", "not a catalog")  # unreadable: that language stays English
    try:
        fragment = f"#gnubgid={START_62}"
        german = ask("?mode=diagram", fragment, language="de")
        assert german["status"] == "Am Zug: Pink, mit 6-2."
        assert german["pips"] == "Pink 167 · Türkis 167"
        refused = ask("?mode=diagram", "#gnubgid=<script>", language="de")
        assert refused["problem"].startswith("Diese Einbettung lässt sich nicht zeigen")
        for language in ("en", "el", None):
            english = ask("?mode=diagram", fragment, language=language)
            assert english["status"] == "Pink to play 6-2."
    finally:
        use(Catalog())
    assert current().code == "en"
