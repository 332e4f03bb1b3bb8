"""A broken match file, game link or friend's link refused in the reader's language: what
Open… (a ``.mat`` or ``.sgf`` read in the worker), a whole-game link, a friend's link and the
Dice panel say of it is whole in each catalog (the reader's sentence, the rules' reason inside
it, its terms and counts), every sentence shown is one the catalog holds, and the English, what
the command lines print, stays word for word."""

from __future__ import annotations

import json
import random

import pytest

from game.engine.match import Rules
from game.engine.record import Action, Record
from game.engine.seeded_dice import GameDice, commitment
from game.formats.friend_link import FriendGame, LinkRefused
from game.formats.game_link import InvalidGameLink, format_game_link, parse_game_link
from game.formats.match_file import write_match_file
from game.web.board.words import broken_link_notice
from game.web.language.catalog import Catalog, use
from game.web.link_play.words import refused
from game.web.state.dice_box import dice_panel
from game.web.worker.importing import import_request, refusal_words, reply
from tests.records import played
from tools.i18n.catalogs import LOCALE

LANGUAGES = ["ar", "de", "el", "es", "it", "tr"]
SAMPLE = 60  # broken files of each kind: every reason a reader gives at least once or so


def catalog(code: str) -> Catalog:
    return Catalog.from_data(json.loads((LOCALE / f"{code}.json").read_text("utf-8")))


def _broken(text: str, count: int, seed: int) -> list[str]:
    """``text`` damaged ``count`` ways: a line dropped or swapped, a character changed."""
    rng = random.Random(seed)
    out = []
    for index in range(count):
        lines = text.split("\n")
        at = rng.randrange(len(lines))
        if index % 3 == 0:
            del lines[at]
        elif index % 3 == 1 and at + 1 < len(lines):
            lines[at], lines[at + 1] = lines[at + 1], lines[at]
        else:
            column = rng.randrange(len(lines[at]) + 1)
            lines[at] = lines[at][:column] + rng.choice("0123456789/:*( )xW") + lines[at][column:]
        out.append("\n".join(lines))
    return out


def _refused_files() -> list[dict[str, object]]:
    """The worker's answers to broken .mat and .sgf files (each refused, with its refusal)."""
    answers = []
    for seed, kind in ((1, "mat"), (2, "sgf"), (3, "mat"), (4, "sgf")):
        text = write_match_file(played(seed, games=2), kind)
        for number, broken in enumerate(_broken(text, SAMPLE, seed)):
            answer = reply(import_request(broken, f"job-{seed}-{number}", budget_ms=10_000))
            while "error" not in answer and "record" not in answer:
                answer = reply({"task": "import-match", "job": answer["job"], "budget_ms": 1e4})
            if "error" in answer:
                answers.append(answer)
    answers.append(reply(import_request("no match here", "job-none")))
    return answers


def _refused_links() -> list[Exception]:
    """Refusals of whole-game links and of friends' links, broken in several ways."""
    errors: list[Exception] = []
    link = format_game_link(played(5, games=1))
    for text in [*_broken(link, 20, 5), "game=9.abc", "game=1.x"]:
        try:
            parse_game_link(text)
        except InvalidGameLink as error:
            errors.append(error)
    ann = FriendGame.invite(Rules.full(match_length=3), master=bytes(32), key=bytes(16))
    bob = FriendGame.join(ann.last_link, master=bytes([1]) * 32).send()
    rng = random.Random(6)
    for _ in range(40):
        text = bob.last_link
        at = rng.randrange(len(text))
        try:
            ann.receive(text[:at] + rng.choice("AZaz09-_.") + text[at + 1 :])
        except LinkRefused as error:
            errors.append(error)
    for wrong in (ann.last_link, "F9.x", "friend=nothing"):
        try:
            ann.receive(wrong)
        except LinkRefused as error:
            errors.append(error)
    return errors


FILES = _refused_files()
LINKS = _refused_links()


def _said(code: str) -> tuple[list[str], Catalog]:
    loaded = catalog(code) if code != "en" else Catalog()
    use(loaded)
    try:
        said = [refusal_words(answer) for answer in FILES]
        said += [broken_link_notice(error).text for error in LINKS]
        said += [refused(error) for error in LINKS]
        return said, loaded
    finally:
        use(Catalog())


def test_the_broken_files_and_links_meet_many_refusals() -> None:
    reasons = {str(answer.get("reason")).split(": ", 1)[-1][:25] for answer in FILES}
    assert len(reasons) > 25, reasons
    assert len({type(error) for error in LINKS}) == 2 and len({str(e) for e in LINKS}) > 8


def test_in_english_the_page_says_what_the_command_lines_print() -> None:
    said, _ = _said("en")
    for answer, words in zip(FILES, said, strict=False):
        assert str(answer["reason"]) in words
    for error, words in zip(LINKS, said[len(FILES) :], strict=False):
        assert str(error) in words


@pytest.mark.parametrize("code", LANGUAGES)
def test_a_refusal_is_said_wholly_from_the_readers_catalog(code: str) -> None:
    said, loaded = _said(code)
    assert loaded.missing == set()  # every sentence shown, nested ones too, is in the catalog
    english, _ = _said("en")
    for mine, theirs in zip(said, english, strict=True):
        assert mine != theirs


@pytest.mark.parametrize("code", LANGUAGES)
def test_a_list_of_link_versions_is_joined_in_the_readers_words(code: str) -> None:
    loaded = catalog(code)
    use(loaded)
    try:
        with pytest.raises(InvalidGameLink) as caught:
            parse_game_link("game=9.abc")
        words = str(loaded.said(caught.value))
    finally:
        use(Catalog())
    assert " and " not in words and "1" in words and "3" in words
    assert loaded.missing == set()


@pytest.mark.parametrize("code", LANGUAGES)
def test_a_roll_that_does_not_match_its_seed_is_said_in_the_readers_language(code: str) -> None:
    seed = bytes(32)
    dice = GameDice(commitment(seed).hex(), seed.hex())
    record = Record.new().extend([Action.roll((6, 5)), Action.play([(24, 18), (18, 13)])])
    loaded = catalog(code)
    use(loaded)
    try:
        lines = dice_panel(record, 1, dice).lines
    finally:
        use(Catalog())
    english = dice_panel(record, 1, dice).lines
    assert any("the seed gives" in line for line in english)
    assert not any("the seed gives" in line for line in lines)
    assert loaded.missing == set()
