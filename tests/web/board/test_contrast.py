"""The board's and the page's colours pass WCAG 2.1 AA contrast: 4.5:1 for text, 3:1 for the
points against the field (graphical objects). Colours are read from ``render.BOARD`` and
``styles/app.css`` themselves, so a changed colour is checked."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from game.web.board.render import BOARD, PALETTE

CSS = (Path(__file__).resolve().parents[3] / "styles" / "app.css").read_text(encoding="utf-8")
TEXT, GRAPHICS = 4.5, 3.0


def luminance(colour: str) -> float:
    """WCAG relative luminance of ``#rrggbb``."""
    channels = [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    r, g, b = (c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: str, b: str) -> float:
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def variable(name: str) -> str:
    return re.search(rf"--{name}:\s*(#[0-9a-fA-F]{{6}})", CSS).group(1)


def rule(selector: str, prop: str) -> list[str]:
    """The #rrggbb colours of ``prop`` in the rule for ``selector`` (gradient stops too)."""
    body = re.search(re.escape(selector) + r"\s*\{([^}]*)\}", CSS).group(1)
    value = re.search(rf"(?<![-\w]){prop}:\s*([^;]*)", body).group(1)
    return re.findall(r"#[0-9a-fA-F]{6}", value)


def test_contrast_formula_matches_known_values():
    assert contrast("#000000", "#ffffff") == pytest.approx(21.0)
    assert contrast("#777777", "#ffffff") == pytest.approx(4.48, abs=0.01)


@pytest.mark.parametrize("point", ["point_dark", "point_light"])
def test_both_kinds_of_point_stand_out_from_the_field(point):
    assert contrast(BOARD[point], BOARD["field"]) >= GRAPHICS


def test_point_numbers_are_readable_on_the_frame():
    assert contrast(BOARD["label"], BOARD["frame"]) >= TEXT


@pytest.mark.parametrize("colour", sorted(PALETTE))
def test_a_stacks_count_is_readable_on_the_checker(colour):
    assert contrast(BOARD["pip"], PALETTE[colour][0]) >= TEXT


@pytest.mark.parametrize("text", ["text", "muted"])
@pytest.mark.parametrize("background", ["bg", "panel", "panel-2"])
def test_page_text_is_readable_on_every_panel(text, background):
    assert contrast(variable(text), variable(background)) >= TEXT


def test_notice_text_is_readable():
    (background,) = rule(".notice", "background")
    assert contrast(variable("text"), background) >= TEXT


@pytest.mark.parametrize("selector", ["button.primary", "button.cube-button"])
def test_button_words_are_readable_on_every_stop_of_their_gradient(selector):
    (words,) = rule(selector, "color")
    stops = rule(selector, "background")
    assert stops
    for stop in stops:
        assert contrast(words, stop) >= TEXT, stop


@pytest.mark.parametrize("accent", ["cyan", "pink", "accent"])
def test_coloured_words_are_readable_on_the_panel(accent):
    assert contrast(variable(accent), variable("panel")) >= TEXT
