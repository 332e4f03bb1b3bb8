"""The page's HTML files, read in CPython: what the Python side and the CSP expect of them."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from game.bot import DEFAULT_LEVEL, LEVELS
from game.web.house import clicks_of, files_of, picks_of
from game.web.table.controls import BUTTONS
from tests.web.test_rooms import rooms_on

ROOT = Path(__file__).resolve().parents[2]
# The composition roots and the browser glue: the modules that look elements up by id.
GLUE = ("app.py", "browser/real_page.py", "browser/drag.py", "sharing/embed_dialog.py")
APP = "\n".join((ROOT / "game" / "web" / name).read_text(encoding="utf-8") for name in GLUE)


class Elements(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str | None]]] = []

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))


def elements(page: str) -> list[tuple[str, dict[str, str | None]]]:
    parser = Elements()
    parser.feed((ROOT / page).read_text(encoding="utf-8"))
    return parser.tags


# A script element of a type no browser runs is a data block (embed.html's #board-start):
# it is never executed, so the CSP's script-src has nothing to allow.
DATA_BLOCKS = ("text/html",)


@pytest.mark.parametrize("page", ["index.html", "embed.html"])
def test_page_has_no_inline_script_or_style_that_the_csp_would_block(page):
    for tag, attrs in elements(page):
        assert "style" not in attrs, tag
        assert not any(name.startswith("on") for name in attrs), tag
        if tag == "script" and attrs.get("type") not in DATA_BLOCKS:
            assert attrs.get("src"), "inline scripts need a hash in the CSP: keep them in files"
        assert tag != "style"


@pytest.mark.parametrize("page", ["index.html", "embed.html"])
def test_page_uses_relative_urls_only(page):
    for tag, attrs in elements(page):
        for name in ("src", "href", "config"):
            url = attrs.get(name)
            if url and tag != "a":
                assert url.startswith("./"), (
                    f"{tag} {name}={url}: relative URLs keep sub-paths working"
                )


def test_every_element_the_app_looks_up_is_in_the_full_page():
    ids = {attrs.get("id") for _, attrs in elements("index.html")}
    helpers = r"element|set_text|set_props|toggle|open_dialog|close_dialog"
    wanted = set(re.findall(rf'(?<![.\w])(?:{helpers})\("([\w-]+)"', APP))
    wanted |= set(re.findall(r'@on\("\w+", "#([\w-]+)"\)', APP))
    wanted |= set(re.findall(r'focus="([\w-]+)"', APP))
    wanted |= set(re.findall(r'on\("\w+", "#([\w-]+)"\)', APP))
    wanted |= set(BUTTONS)  # every button controls.controls decides
    assert wanted and not wanted - ids, sorted(wanted - ids)


def test_every_room_table_names_elements_of_the_full_page():
    # The click tables, picks and file inputs the composition root binds (game/web/house.py).
    rooms = rooms_on()
    ids = {attrs.get("id") for _, attrs in elements("index.html")}
    selectors = [*clicks_of(rooms), *files_of(rooms), *(c for c, _, _ in picks_of(rooms))]
    assert len(selectors) > 60 and all(s.startswith("#") for s in selectors)
    missing = sorted(s for s in selectors if s[1:] not in ids)
    assert not missing, missing
    assert {"#roll", "#train-toggle", "#rating-toggle", "#link-send", "#share"} <= set(selectors)


def test_the_prompts_are_modal_dialogs_in_both_pages():
    for page in ("index.html", "embed.html"):
        dialogs = {attrs.get("id") for tag, attrs in elements(page) if tag == "dialog"}
        assert "notice" in dialogs, page
    full = {attrs.get("id") for tag, attrs in elements("index.html") if tag == "dialog"}
    assert {"notice", "settings-dialog", "resign-panel"} <= full


def test_the_level_menu_offers_the_bots_levels_with_its_default_chosen():
    options, menu = [], None
    for tag, attrs in elements("index.html"):
        if tag == "select":
            menu = attrs.get("id")
        elif tag == "option" and menu == "level":
            options.append((attrs.get("value"), "selected" in attrs))
    assert [value for value, _ in options] == list(LEVELS)
    assert [value for value, chosen in options if chosen] == [DEFAULT_LEVEL]


def test_help_sections_are_in_the_html_itself():
    text = (ROOT / "index.html").read_text(encoding="utf-8")
    for anchor in ("how-to-play", "tips", "faq"):
        assert f'id="{anchor}"' in text
