"""embed.html's address: each mode read from it, every bad part refused in words, and the
reader total (Hypothesis): any text gives an EmbedSpec or one EmbedError, nothing else."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.analysis.selfplay import RandomPlayer, self_play
from game.engine.match import Rules
from game.engine.record import Record
from game.engine.state import Phase
from game.formats.game_link import format_game_link
from game.formats.gnubg_id import write_gnubg_id
from game.web.address.embed_params import (
    DARK,
    DIAGRAM,
    KEY_PREFIX,
    LIGHT,
    PLAY,
    PUZZLE,
    REPLAY,
    EmbedError,
    EmbedSpec,
    read_embed,
)

START_62 = "4HPwATDgc/ABMA:cAkLAAAAAAAA"  # the starting position, Pink to play 6-2 (money)
START_ROLL = "4HPwATDgc/ABMA:cAkAAAAAAAAA"  # the starting position, Pink on roll, cube centred
XGID_52 = "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:3:0:10"
RECORD = self_play(Rules.full(3), random.Random(5), RandomPlayer(random.Random(6)))
GAME_LINK = format_game_link(RECORD)


def refused(search: str, fragment: str = "") -> str:
    with pytest.raises(EmbedError) as caught:
        read_embed(search, fragment)
    return str(caught.value)


def test_no_parameters_is_the_live_board_of_old_with_its_old_save():
    spec = read_embed("", "")
    assert spec == EmbedSpec()
    assert spec.mode == PLAY and spec.legacy and spec.key == KEY_PREFIX


def test_a_diagram_with_its_play_caption_flip_and_theme():
    spec = read_embed(
        "?mode=diagram&play=24/18%2013/11&caption=Opening%20%3Cb%3E6-2%3C/b%3E&flip=1&theme=light",
        f"#gnubgid={START_62}",
    )
    assert spec.mode == DIAGRAM and spec.flip and spec.theme == LIGHT
    assert spec.game is not None and spec.game.dice == (6, 2)
    assert spec.play is not None and len(spec.play.moves) == 2
    assert spec.caption == "Opening <b>6-2</b>"  # text: the page sets it as text, never HTML


def test_a_diagram_from_an_xgid_with_or_without_its_label():
    for text in (XGID_52, XGID_52.removeprefix("XGID=")):
        spec = read_embed("?mode=diagram", f"#xgid={text}")
        assert spec.game is not None and sorted(spec.game.dice or ()) == [2, 5]
    assert read_embed("?mode=diagram", f"#xgid={XGID_52}").theme == DARK


def test_parameters_may_stand_in_the_fragment_and_the_query_wins():
    spec = read_embed("?mode=diagram&flip=1", f"#gnubgid={START_62}&flip=0&caption=Hi")
    assert spec.flip and spec.caption == "Hi"


def test_a_puzzle_needs_a_decision():
    assert read_embed("?mode=puzzle", f"#gnubgid={START_62}").game.phase is Phase.MOVE
    assert read_embed("?mode=puzzle", f"#gnubgid={START_ROLL}").game.phase is Phase.ROLL
    assert "needs a position" in refused("?mode=puzzle")
    # Simple rules: no cube, so a position before the roll asks nothing.
    assert "a puzzle needs" in refused("?mode=puzzle&rules=simple", f"#gnubgid={START_ROLL}")


def test_a_replay_from_a_game_link_or_a_match_file():
    spec = read_embed("?mode=replay", "#" + GAME_LINK)
    assert spec.mode == REPLAY and spec.record == RECORD
    assert read_embed("?mode=replay&mat=matches/club%20night.mat".replace("%20", "_"), "").mat
    assert read_embed("?mode=replay&mat=a.mat", "").mat == "a.mat"
    assert "needs a game" in refused("?mode=replay")


@pytest.mark.parametrize(
    "path",
    [
        "../secret.mat",
        "/etc/x.mat",
        "https://evil.example/x.mat",
        "//evil.example/x.mat",
        "a/../../x.mat",
        "x.txt",
        ".hidden.mat",
        "a//b.mat",
        "a\\b.mat",
        "javascript:x.mat",
    ],
)
def test_a_match_file_must_lie_beside_the_page(path):
    assert "beside the page" in refused(f"?mode=replay&mat={path}")


def test_play_mode_settings():
    spec = read_embed("?mode=play&vs=friend&level=expert&rules=simple&length=5", "")
    assert (spec.opponent, spec.level, spec.rules, spec.match_length) == (
        "friend",
        "expert",
        "simple",
        5,
    )
    assert "length must be" in refused("?length=4")
    assert "vs must be" in refused("?vs=robot")


@pytest.mark.parametrize(
    ("search", "fragment", "words"),
    [
        ("?mode=slideshow", "", "mode must be diagram, puzzle, replay or play"),
        ("?mode=diagram", "", "a diagram needs a position"),
        ("?mode=diagram", "#gnubgid=<script>", "the position cannot be read"),
        ("?mode=diagram&play=24/20", f"#gnubgid={START_62}", "the play cannot be drawn"),
        ("?mode=diagram&play=24/18", f"#gnubgid={START_ROLL}", "only on a position with dice"),
        ("?mode=diagram&theme=%3Cstyle%3E", f"#gnubgid={START_62}", "theme must be"),
        ("?mode=diagram&flip=yes", f"#gnubgid={START_62}", "flip must be 0 or 1"),
        ("?mode=diagram", f"#gnubgid={START_62}&xgid={XGID_52}", "not both"),
        ("?mode=replay", "#game=1.abc", "the game link cannot be read"),
        ("?id=../../x", "", "id must be"),
        ("?mode=diagram", "#gnubgid=%zz", "name=value"),
        ("?caption=" + "x" * 400, "", "longer than"),
        ("?mode=diagram", "#" + "a=1&" * 2000, "too long"),
    ],
)
def test_bad_addresses_are_refused_in_words(search, fragment, words):
    message = refused(search, fragment)
    assert words in message
    assert "Traceback" not in message


def test_each_embed_has_its_own_key_and_the_look_does_not_change_it():
    keys = {
        read_embed("?mode=diagram", f"#gnubgid={START_62}").key,
        read_embed("?mode=diagram", f"#gnubgid={START_ROLL}").key,
        read_embed("?mode=puzzle", f"#gnubgid={START_62}").key,
        read_embed("?mode=puzzle&id=second", f"#gnubgid={START_62}").key,
        read_embed("?mode=play", f"#gnubgid={START_62}").key,
    }
    assert len(keys) == 5 and all(key.startswith(KEY_PREFIX + ".") for key in keys)
    plain = read_embed("?mode=puzzle", f"#gnubgid={START_62}")
    dressed = read_embed("?mode=puzzle&theme=light&flip=1&caption=Hi", f"#gnubgid={START_62}")
    assert plain.key == dressed.key


def test_every_game_of_a_record_can_be_shown_by_its_id():
    for _, _, state in Record.steps(RECORD):
        if state.phase in (Phase.ROLL, Phase.MOVE, Phase.DOUBLED):
            spec = read_embed("?mode=diagram", f"#gnubgid={write_gnubg_id(state)}")
            assert spec.game is not None


ANY_TEXT = st.text(st.characters(min_codepoint=0, max_codepoint=0x10FFFF, categories=None))
NAMES = st.sampled_from(
    [
        "mode",
        "gnubgid",
        "xgid",
        "game",
        "play",
        "caption",
        "flip",
        "theme",
        "mat",
        "vs",
        "level",
        "rules",
        "length",
        "plies",
        "id",
        "beaver",
        "seed",
        "",
    ]
)
VALUES = st.one_of(
    ANY_TEXT,
    st.sampled_from(
        [
            "diagram",
            "puzzle",
            "replay",
            "play",
            START_62,
            START_ROLL,
            XGID_52,
            "24/18 13/11",
            "1",
            "0",
            "light",
            "x.mat",
            GAME_LINK.split("game=")[1],
            "%",
            "%zz",
            "+",
            "&",
            "=",
        ]
    ),
)


@st.composite
def addresses(draw) -> tuple[str, str]:
    pairs = draw(st.lists(st.tuples(NAMES, VALUES), max_size=6))
    search = "?" + "&".join(f"{name}={value}" for name, value in pairs[: len(pairs) // 2])
    fragment = "#" + "&".join(f"{name}={value}" for name, value in pairs[len(pairs) // 2 :])
    return search, fragment


def shown(search: object, fragment: object) -> None:
    try:
        spec = read_embed(search, fragment)
    except EmbedError as error:
        assert str(error)
        assert error.__cause__ is None, repr(error.__cause__)  # an unexpected error: a bug
        return
    assert isinstance(spec, EmbedSpec)
    assert spec.mode in (DIAGRAM, PUZZLE, REPLAY, PLAY)
    if spec.mode in (DIAGRAM, PUZZLE):
        assert spec.game is not None
    if spec.mode == REPLAY:
        assert (spec.record is None) != (spec.mat is None)


@settings(max_examples=400, deadline=None)
@given(addresses())
def test_any_address_gives_a_spec_or_an_embed_error(address):
    shown(*address)


@settings(max_examples=200, deadline=None)
@given(ANY_TEXT, ANY_TEXT)
def test_any_text_gives_a_spec_or_an_embed_error(search, fragment):
    shown(search, fragment)


@pytest.mark.parametrize("value", [None, 3, b"?mode=diagram", ["x"]])
def test_what_is_not_text_is_refused(value):
    with pytest.raises(EmbedError):
        read_embed(value, "")
