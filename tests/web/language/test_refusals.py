"""A reader's refusal in the reader's language (game/engine/refusal.py): what a person meets
typing a Position ID, a Match ID, a gnubg ID, an XGID or a game link into Open… or an embed's
address is
said whole from the catalog in every language (its sentence, its terms, a refusal nested in
one), while its English, what the command lines print, stays word for word."""

from __future__ import annotations

import json

import pytest

from game.engine.refusal import Refusal, Term
from game.formats.match_id import parse_gnubg_id
from game.formats.xgid import InvalidXgid, parse_xgid
from game.web.address.embed_params import EmbedError, read_embed
from game.web.language.catalog import Catalog, use
from game.web.sharing.snippet import pasted_fragment
from tools.i18n.catalogs import LOCALE
from tools.i18n.extract import READERS, ROOT, Message, placed_kinds, refusal_kinds, refusal_messages

LANGUAGES = ["ar", "de", "el", "es", "it", "tr"]
XGID = "XGID=-b----E-C---eE---c-e----B-:{cube}:0:1:{dice}:{bottom}:0:0:5:10"
# What a person types into Open…, and the English the page (in English) shows for it.
TYPED = {
    "gnubgid=4HPwATDgc/AB:cAkAAAAAAAAA": "the position cannot be read: "
    "a Position ID has 14 characters, got 12: '4HPwATDgc/AB'",
    "gnubgid=4HPwATDgc/AB!A:cAkAAAAAAAAA": "the position cannot be read: "
    "not base64: '4HPwATDgc/AB!A'",
    "gnubgid=////////////AA:cAkAAAAAAAAA": "the position cannot be read: "
    "more than 15 checkers for one side in '////////////AA'",
    "gnubgid=4HPwATDgc/ABMA:////////////": "the position cannot be read: "
    "unused bits are set in '////////////'",
    "gnubgid=4HPwATDgc/ABMA:cAkAAAAAAA!A": "the position cannot be read: "
    "not base64 (A-Z a-z 0-9 + /): 'cAkAAAAAAA!A'",
    "gnubgid=4HPwATDgc/ABMA": "the position cannot be read: "
    "expected 'POSITION_ID:MATCH_ID', got '4HPwATDgc/ABMA'",
    XGID.format(cube=0, dice=5, bottom=0): "the XGID cannot be read: "
    "dice are two digits, D, B or R; got '5'",
    XGID.format(cube=9, dice=52, bottom=0): "the XGID cannot be read: "
    "cube value (log2) is 0 to 6, got 9",
    XGID.format(cube=0, dice=52, bottom=0).replace("B-:", "BB:"): "the XGID cannot be read: "
    "the bottom player has 17 checkers, more than 15",
    "XGID=garbage": "the XGID cannot be read: an XGID has 10 fields separated by ':', got 1",
    "game=1.x": "the game link cannot be read: the game link is damaged or cut short",
    "game=1.4k..8.AAAA.zz": "the game link cannot be read: "
    "the game link is damaged or cut short: its check does not match",
}
# An embed's address (#xgid=..., #gnubgid=...) reaches what Open…'s first look turns away.
ADDRESSES = {
    "#xgid=-b----E-C---eE---c-e----B-:0:0:x:52:0:0:0:5:10": "the XGID cannot be read: "
    "turn must be a number in digits 0-9, got 'x'",
    "#xgid=Zb----E-C---eE---c-e----B-:0:0:1:52:0:0:0:5:10": "the XGID cannot be read: "
    "checker character 'Z' at 0 is not '-', A-O or a-o",
    "#gnubgid=4HPwATDgc/ABMA:cAkAAAAAAAA": "the position cannot be read: "
    "a Match ID has 12 characters, got 11: 'cAkAAAAAAAA'",
    "#game=2.4k..8.ABCD.zz": "the game link cannot be read: "
    "the game link is damaged or cut short: its check does not match",
}


def refused(text: str) -> str:
    """What the page says of what was typed (or put in an embed's address)."""
    try:
        if text.startswith("#"):
            read_embed("mode=diagram", text)
        else:
            pasted_fragment(text)
    except EmbedError as error:
        return str(error)
    raise AssertionError(f"{text} was not refused")


def catalog(code: str) -> Catalog:
    return Catalog.from_data(json.loads((LOCALE / f"{code}.json").read_text("utf-8")))


def test_the_english_of_a_refusal_stays_as_the_command_lines_print_it() -> None:
    use(Catalog())
    for text, english in {**TYPED, **ADDRESSES}.items():
        assert refused(text) == english


@pytest.mark.parametrize("code", LANGUAGES)
def test_a_typed_id_is_refused_wholly_in_the_readers_language(code: str) -> None:
    loaded = catalog(code)
    use(loaded)
    try:
        for text, english in {**TYPED, **ADDRESSES}.items():
            said = refused(text)
            detail = english.split(": ", 1)[1]
            assert detail.split(": ")[0] not in said, (code, said)  # no English detail left
            assert loaded.missing == set(), (code, text)
    finally:
        use(Catalog())


@pytest.fixture(scope="module")
def readers_refusals() -> list[Message]:
    """Every refusal the readers can say, read from their sources once for all languages."""
    kinds, placed = refusal_kinds(), placed_kinds()
    return [m for r in READERS for m in refusal_messages(ROOT / r, r, kinds, placed)[0]]


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_refusal_of_the_readers_has_its_sentence_in_every_catalog(
    code: str, readers_refusals: list[Message]
) -> None:
    messages = catalog(code).messages
    found = readers_refusals
    assert len(found) > 60
    lacking = [
        m.msgid
        for m in found
        if not messages.get(f"{m.context}\x04{m.msgid}" if m.context else m.msgid)
    ]
    assert lacking == []


def test_a_refusal_with_a_nested_one_and_a_term_is_worded_in_each_part() -> None:
    inner = Refusal(
        "{side} has {count} checkers, not {checkers}", side=Term("player"), count=16, checkers=15
    )
    outer = Refusal("{text}: {error}", text="'x'", error=inner)
    assert str(outer) == "'x': player has 16 checkers, not 15"
    assert catalog("de").said(outer) == "'x': die Seite am Zug: 16 Steine, nicht 15"
    assert catalog("es").said(outer) == "'x': el jugador al turno: 16 fichas, no 15"


def test_a_refusal_crosses_to_a_worker_and_back_as_data() -> None:
    with pytest.raises(InvalidXgid) as caught:
        parse_xgid("XGID=-b----E-C---eE---c-e----BB:0:0:1:52:0:0:0:5:10")
    back = Refusal.from_data(json.loads(json.dumps(caught.value.to_data())))
    assert str(back) == str(caught.value)
    assert back.sentence == caught.value.sentence
    with pytest.raises(Refusal) as nested:
        parse_gnubg_id("4HPwATDgc/ABMA:////////////")
    assert str(Refusal.from_data(nested.value.to_data())) == str(nested.value)
