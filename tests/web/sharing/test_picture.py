"""The diagram as a self-contained SVG picture (game/web/sharing/picture.py): well-formed, nothing
outside itself, the caption and both pip counts on it, the board in words for screen
readers, both themes, and the command line that makes one."""

from __future__ import annotations

import io
import re
import xml.etree.ElementTree as ET
from contextlib import redirect_stderr, redirect_stdout
from dataclasses import replace

import pytest

from game.engine.match import Cube, Rules
from game.engine.position import Position
from game.engine.state import GameState, Phase
from game.formats.gnubg_id import write_gnubg_id
from game.web.address.embed_params import EmbedError, read_embed
from game.web.board import diagram
from game.web.sharing import picture

SVG = "{http://www.w3.org/2000/svg}"
START_62 = "4HPwATDgc/ABMA:cAkLAAAAAAAA"  # the start, Pink to play 6-2
XGID_52 = "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:3:0:10"


def spec_of(search: str, fragment: str = f"gnubgid={START_62}"):
    return read_embed(f"?mode=diagram&{search}", "#" + fragment)


def parsed(svg: str) -> ET.Element:
    root = ET.fromstring(svg)  # raises on anything that is not well-formed XML
    assert root.tag == SVG + "svg"
    return root


def texts(root: ET.Element) -> list[str]:
    return ["".join(node.itertext()) for node in root.iter(SVG + "text")]


def test_the_picture_is_well_formed_and_needs_nothing_outside_itself():
    svg = picture.diagram_picture(spec_of("play=24/18%2013/11&caption=Opening"))
    root = parsed(svg)
    ids = {node.get("id") for node in root.iter() if node.get("id")}
    for node in root.iter():
        tag = node.tag.removeprefix(SVG)
        assert tag not in ("script", "style", "foreignObject", "image", "use", "a"), tag
        for name, value in node.attrib.items():
            assert not name.startswith("on"), name  # no event handlers
            assert "href" not in name and name != "style", name
            for ref in re.findall(r"url\(([^)]*)\)", value):
                assert ref.startswith("#") and ref[1:] in ids, ref  # only its own defs
    assert "http" not in svg.replace('xmlns="http://www.w3.org/2000/svg"', "")
    assert "@import" not in svg and "<!--" not in svg


def test_the_picture_has_the_caption_both_pip_counts_and_the_board():
    spec = spec_of("play=24/18%2013/11&caption=The%20opening%206-2")
    root = parsed(picture.diagram_picture(spec))
    words = texts(root)
    assert "The opening 6-2" in words
    assert "Left to go Pink 167 · Cyan 167" in words
    assert len(root.findall(f".//{SVG}circle[@class='checker pink']")) == 15
    assert len(root.findall(f".//{SVG}circle[@class='checker cyan']")) == 15
    assert root.find(f".//{SVG}g[@class='trail']") is not None  # the play drawn
    # Without a caption: the pip counts alone under the board, and a shorter picture.
    plain = parsed(picture.diagram_picture(spec_of("")))
    assert texts(plain)[-1].startswith("Left to go ")
    assert "The opening 6-2" not in texts(plain)
    assert float(plain.get("height")) < float(root.get("height"))


def test_the_text_alternative_says_the_board_in_words():
    spec = spec_of("play=24/18%2013/11&caption=The%20opening%206-2")
    root = parsed(picture.diagram_picture(spec))
    assert root.get("role") == "img"
    title = root.find(SVG + "title")
    desc = root.find(SVG + "desc")
    assert title is not None and desc is not None
    assert root.get("aria-labelledby") == f"{title.get('id')} {desc.get('id')}"
    assert title.text == "The opening 6-2"
    session = diagram.embed_session(spec)
    assert desc.text == " ".join(diagram.board_text(session, spec.play))
    for words in (
        "Pink to play 6-2.",
        "The cube is at 1, in the middle.",
        "Pink's checkers: 2 on 24, 5 on 13, 3 on 8, 5 on 6.",
        "Left to go: Pink 167, Cyan 167.",
        "The play: 24/18 13/11.",
    ):
        assert words in desc.text
    # The board inside is no separate group to a screen reader: the picture is one image.
    inner = root.find(SVG + "svg")
    assert inner is not None and inner.get("aria-hidden") == "true" and inner.get("role") is None
    # No caption: the title says who is to play.
    plain = parsed(picture.diagram_picture(spec_of("")))
    assert plain.find(SVG + "title").text == "Pink to play 6-2."


def test_the_words_name_the_bar_the_borne_off_checkers_the_cube_and_the_dice():
    position = Position.from_points({25: 1, 6: 4, 5: 3, 4: 2}, {24: 2, 13: 5, 8: 3, 1: 1})
    game = GameState(
        rules=Rules.full(),
        cube=Cube(value=4, owner=1),
        turn=0,
        position=position,
        dice=(5, 3),
        phase=Phase.MOVE,
    )
    spec = spec_of("", f"gnubgid={write_gnubg_id(game)}")
    desc = parsed(picture.diagram_picture(spec)).find(SVG + "desc")
    assert desc is not None
    assert "1 on the bar" in desc.text
    assert "5 borne off" in desc.text and "4 borne off" in desc.text
    assert "The cube is at 4, owned by" in desc.text
    assert "to play 5-3." in desc.text
    offered = replace(game, dice=None, phase=Phase.DOUBLED, cube=Cube(value=1, owner=None))
    spec = spec_of("", f"gnubgid={write_gnubg_id(offered)}")
    desc = parsed(picture.diagram_picture(spec)).find(SVG + "desc")
    assert desc is not None and "doubles;" in desc.text and "to answer." in desc.text


def test_light_and_dark_themes_colour_the_picture_around_the_board():
    dark = parsed(picture.diagram_picture(spec_of("")))
    light = parsed(picture.diagram_picture(spec_of("theme=light")))
    background = f"{SVG}rect"
    assert dark.find(background).get("fill") == picture.THEMES["dark"][0]
    assert light.find(background).get("fill") == picture.THEMES["light"][0]
    labels = ".//" + SVG + "g[@class='labels']"
    assert light.find(labels).get("fill") == picture.THEMES["light"][3]
    assert dark.find(labels).get("fill") == picture.THEMES["dark"][3]


def test_two_pictures_on_one_page_never_share_ids():
    one = picture.diagram_picture(spec_of(""))
    other = picture.diagram_picture(spec_of("play=24/18%2013/11"))
    ids_one = set(re.findall(r' id="([^"]+)"', one))
    ids_other = set(re.findall(r' id="([^"]+)"', other))
    assert ids_one and not ids_one & ids_other


def test_a_hostile_caption_is_text_never_markup():
    spec = spec_of("caption=%3Cscript%3Ealert(1)%3C/script%3E%26amp;")
    svg = picture.diagram_picture(spec)
    root = parsed(svg)
    assert "<script" not in svg
    assert "<script>alert(1)</script>&amp;" in texts(root)
    assert root.find(SVG + "title").text == "<script>alert(1)</script>&amp;"


def test_flip_puts_the_side_on_roll_at_the_top():
    desc = parsed(picture.diagram_picture(spec_of("flip=1"))).find(SVG + "desc")
    assert desc is not None and desc.text.startswith("Cyan plays from the bottom")


def test_the_command_line_writes_the_picture_or_says_what_is_wrong():
    out = io.StringIO()
    with redirect_stdout(out):
        code = picture.main([XGID_52, "--caption", "Cyan to play", "--theme", "light"])
    assert code == 0
    root = parsed(out.getvalue())
    assert "Cyan to play" in texts(root)
    assert root.find(SVG + "rect").get("fill") == picture.THEMES["light"][0]
    for bad, words in (
        (["nonsense"], "not a gnubg ID"),
        ([START_62, "--play", "24/10"], "play"),
        ([START_62, "--theme"], "needs a value"),
        ([], "usage"),
    ):
        err = io.StringIO()
        with redirect_stderr(err), redirect_stdout(io.StringIO()):
            assert picture.main(bad) != 0
        assert words in err.getvalue(), (bad, err.getvalue())
        assert "Traceback" not in err.getvalue()


def test_a_picture_needs_a_position():
    with pytest.raises(EmbedError):
        picture.diagram_picture(read_embed("?mode=diagram", ""))
