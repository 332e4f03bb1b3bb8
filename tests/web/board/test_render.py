"""The board's SVG drawn in CPython from known positions: checkers, colours, numbers, lights."""

from __future__ import annotations

import itertools
import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from game.engine.position import BAR, OFF, Position
from game.web.board import layout
from game.web.board.render import CYAN, PINK, BoardView, board_svg, die_svg
from game.web.language.catalog import Catalog, use

SVG = "{http://www.w3.org/2000/svg}"


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def checkers(root: ET.Element, colour: str) -> list[ET.Element]:
    return [c for c in root.iter(f"{SVG}circle") if c.get("class") == f"checker {colour}"]


def group(root: ET.Element, target: int) -> ET.Element:
    (found,) = [
        g
        for g in root.iter(f"{SVG}g")
        if g.get("data-target") == str(target) and g.get("class", "").startswith("point")
    ]
    return found


def test_starting_position_shows_fifteen_checkers_of_each_colour():
    start = Position.start()
    root = parse(board_svg(BoardView(start.player, start.opponent)))
    assert len(checkers(root, CYAN)) == 15
    assert len(checkers(root, PINK)) == 15


def test_each_point_holds_its_own_checkers_in_the_viewers_numbering():
    start = Position.start()
    root = parse(board_svg(BoardView(start.player, start.opponent)))
    expected_cyan = {24: 2, 13: 5, 8: 3, 6: 5}
    expected_pink = {1: 2, 12: 5, 17: 3, 19: 5}  # pink's 24, 13, 8, 6 seen from cyan's side
    for point in range(1, 25):
        g = group(root, point)
        assert len(checkers(g, CYAN)) == expected_cyan.get(point, 0), point
        assert len(checkers(g, PINK)) == expected_pink.get(point, 0), point


def test_top_side_checkers_take_the_top_colour_when_the_viewer_is_pink():
    start = Position.start()
    root = parse(board_svg(BoardView(start.player, start.opponent, bottom_colour=PINK)))
    assert len(checkers(group(root, 6), PINK)) == 5
    assert len(checkers(group(root, 19), CYAN)) == 5


def test_stack_taller_than_five_shows_five_checkers_and_its_count():
    position = Position.from_points({6: 9, 8: 6}, {24: 15})
    root = parse(board_svg(BoardView(position.player, position.opponent)))
    six = group(root, 6)
    assert len(checkers(six, CYAN)) == 5
    assert [t.text for t in six.iter(f"{SVG}text")] == ["9"]
    assert [t.text for t in group(root, 8).iter(f"{SVG}text")] == ["6"]


def test_point_numbers_run_from_the_viewers_side():
    start = Position.start()
    root = parse(board_svg(BoardView(start.player, start.opponent)))
    labels = next(g for g in root.iter(f"{SVG}g") if g.get("class") == "labels")
    numbers = {int(t.text): float(t.get("x")) for t in labels.iter(f"{SVG}text")}
    assert sorted(numbers) == list(range(1, 25))
    # The 1-point is at the bottom right beside the tray, the 12-point at the bottom left.
    assert numbers[1] > numbers[6] > numbers[7] > numbers[12]
    assert numbers[13] < numbers[18] < numbers[19] < numbers[24]


def test_bar_and_borne_off_checkers_are_drawn_in_their_places():
    position = Position.from_points({BAR: 2, 6: 3}, {BAR: 1, 1: 4})  # cyan: 10 off; pink: 10 off
    root = parse(board_svg(BoardView(position.player, position.opponent)))
    bar = next(g for g in root.iter(f"{SVG}g") if g.get("class") == "bar")
    assert len(checkers(bar, CYAN)) == 2 and len(checkers(bar, PINK)) == 1
    trays = [g for g in root.iter(f"{SVG}g") if g.get("data-target") == str(OFF)]
    off = {
        g.get("data-side"): len(
            [r for r in g.iter(f"{SVG}rect") if (r.get("class") or "").startswith("off")]
        )
        for g in trays
    }
    assert off == {"bottom": 10, "top": 10}


def test_only_the_lit_points_are_marked_lit():
    start = Position.start()
    root = parse(
        board_svg(BoardView(start.player, start.opponent, lit=frozenset({20, 18}), selected=24))
    )
    lit = sorted(
        int(g.get("data-target"))
        for g in root.iter(f"{SVG}g")
        if "lit" in g.get("class", "").split()
    )
    assert lit == [18, 20]
    assert sum(1 for c in root.iter(f"{SVG}circle") if c.get("class") == "landing") == 2


def test_lit_tray_is_the_movers_own():
    position = Position.from_points({1: 15}, {1: 15})
    root = parse(board_svg(BoardView(position.player, position.opponent, lit=frozenset({OFF}))))
    lit_trays = [g.get("data-side") for g in root.iter(f"{SVG}g") if g.get("class") == "tray lit"]
    assert lit_trays == ["bottom"]


def test_dice_show_their_values_and_fade_when_used():
    start = Position.start()
    view = BoardView(
        start.player, start.opponent, dice=(5, 5, 5, 5), used=(True, True, False, False)
    )
    root = parse(board_svg(view))
    dice = [g for g in root.iter(f"{SVG}g") if (g.get("class") or "").startswith("die")]
    assert [g.get("data-value") for g in dice] == ["5"] * 4
    assert [g.get("class") for g in dice] == ["die used", "die used", "die", "die"]


def test_opening_roll_shows_one_die_for_each_side_in_its_colour():
    start = Position.start()
    root = parse(board_svg(BoardView(start.player, start.opponent, opening=(6, 2))))
    dice = [g for g in root.iter(f"{SVG}g") if (g.get("class") or "").startswith("die")]
    assert [g.get("data-value") for g in dice] == ["6", "2"]
    xs = [float(next(g.iter(f"{SVG}rect")).get("x")) for g in dice]
    assert xs[0] > layout.BAR_X > xs[1]  # the viewer's die on the right, the other's on the left


def test_die_refuses_a_seven():
    with pytest.raises(ValueError, match="1 to 6"):
        die_svg(7, 0, 0, CYAN)


def test_svg_has_no_inline_style_attributes():
    # The page's Content-Security-Policy (style-src 'self') would block them.
    start = Position.start()
    svg = board_svg(
        BoardView(start.player, start.opponent, dice=(3, 1), lit=frozenset({21}), selected=24)
    )
    assert "style=" not in svg
    assert not re.search(r"<script|on\w+=", svg)


@pytest.mark.parametrize("point", range(1, 25))
def test_tapping_the_middle_of_a_point_finds_that_point(point):
    box = layout.point_box(point)
    assert layout.target_at(box.x + box.width / 2, box.y + box.height / 2) == point


def test_tapping_the_bar_or_the_tray_finds_them():
    bar = layout.bar_box()
    assert layout.target_at(bar.x + 5, bar.y + 5) == BAR
    tray = layout.tray_box(bottom_side=True)
    assert layout.target_at(tray.x + 5, tray.y + 5, bottom_side=True) == OFF
    assert layout.target_at(tray.x + 5, tray.y + 5, bottom_side=False) is None
    assert layout.target_at(2, 2) is None


def test_no_cube_is_drawn_under_the_simple_rules():
    start = Position.start()
    assert 'class="cube"' not in board_svg(BoardView(start.player, start.opponent))


def test_centred_cube_sits_on_the_bar_and_an_owned_cube_beside_its_owners_tray():
    start = Position.start()
    centred = parse(board_svg(BoardView(start.player, start.opponent, cube=(1, None))))
    (cube,) = [g for g in centred.iter(f"{SVG}g") if g.get("class") == "cube"]
    assert cube.find(f"{SVG}text").text == "64"
    x = float(cube.find(f"{SVG}rect").get("x"))
    assert layout.BAR_X <= x <= layout.BAR_X + layout.BAR_WIDTH
    owned = parse(board_svg(BoardView(start.player, start.opponent, cube=(4, True))))
    (cube,) = [g for g in owned.iter(f"{SVG}g") if g.get("class") == "cube"]
    rect = cube.find(f"{SVG}rect")
    assert cube.find(f"{SVG}text").text == "4"
    centre_y = float(rect.get("y")) + float(rect.get("height")) / 2
    assert float(rect.get("x")) >= layout.TRAY_X and centre_y > layout.MIDDLE


def test_a_checker_that_just_moved_glides_in_from_its_point():
    position = Position.from_points({24: 1, 13: 5, 8: 3, 6: 5, 21: 1}, {24: 2, 13: 5, 8: 3, 6: 5})
    svg = board_svg(BoardView(position.player, position.opponent, moving=(24, 21)))
    root = parse(svg)
    (arriving,) = [g for g in root.iter(f"{SVG}g") if g.get("class") == "arriving"]
    animation = arriving.find(f"{SVG}animateTransform")
    dx, dy = map(float, animation.get("from").split())
    (x24, y24), (x21, y21) = layout.checker_centre(24, 1), layout.checker_centre(21, 0)
    assert (dx, dy) == (x24 - x21, y24 - y21)
    assert 'class="arriving"' not in board_svg(BoardView(position.player, position.opponent))


@pytest.mark.parametrize("bottom_side", [True, False])
def test_four_dice_of_a_double_fit_their_half_of_the_board(bottom_side):
    centres = [x for x, _y in layout.dice_centres(4, bottom_side)]
    left = layout.RIGHT_FIELD if bottom_side else layout.LEFT_FIELD
    right = layout.RIGHT_EDGE if bottom_side else layout.BAR_X
    half = layout.DIE / 2
    assert centres[0] - half >= left and centres[-1] + half <= right
    gaps = [b - a for a, b in itertools.pairwise(centres)]
    assert min(gaps) >= layout.DIE


def test_the_points_keyboard_names_are_in_the_readers_language():
    start = Position.start()
    view = BoardView(
        start.player, start.opponent, lit=frozenset({20, 18}), selected=24, movable=frozenset({13})
    )
    locale = Path(__file__).resolve().parents[3] / "locale" / "de.json"
    try:
        use(Catalog.from_data(json.loads(locale.read_text("utf-8"))))
        root = parse(board_svg(view))
    finally:
        use(Catalog())
    labels = {target: group(root, target).get("aria-label") for target in (20, 24, 13)}
    assert labels == {
        20: "Hierher ziehen: Punkt 20",
        24: "Stein auf Punkt 24 aufgenommen; erneut wählen, um ihn abzulegen",
        13: "Einen Stein auf Punkt 13 aufnehmen",
    }
    assert root.get("aria-label") == "Backgammon-Brett"
