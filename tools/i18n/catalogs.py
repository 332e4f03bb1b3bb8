"""The catalogs against the source: what each lacks, what it holds that nothing shows any
more, what is wrong in it, and the JSON the page loads.

``locale/CODE.po`` is a language's catalog, the file translators edit; ``locale/CODE.json``
is what the page fetches (``lang.js``), built from it by ``python -m tools.i18n build``.
English needs no catalog: it is the source. Runs in CPython only (the tools and tests).
"""

from __future__ import annotations

import functools
import json
import re
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from tools.i18n import po
from tools.i18n.extract import ROOT, Message, everything

CONTEXT = "\x04"  # between a context and its English, as gettext keys them

LOCALE = ROOT / "locale"
_FIELD = re.compile(r"\{(\w*)\}")
_TAG = re.compile(r"<[^>]+>")


@dataclass
class Report:
    """What one catalog lacks, holds stale, and holds wrong."""

    code: str
    lacks: list[Message] = field(default_factory=list)
    stale: list[po.Entry] = field(default_factory=list)
    wrong: list[str] = field(default_factory=list)

    @property
    def complete(self) -> bool:
        return not (self.lacks or self.stale or self.wrong)

    def lines(self) -> list[str]:
        out = [f"{self.code}: lacks {_say(m.context, m.msgid)} ({m.where})" for m in self.lacks]
        out += [f"{self.code}: stale {_say(e.context, e.msgid)}" for e in self.stale]
        out += [f"{self.code}: {line}" for line in self.wrong]
        return out


def _say(context: str, msgid: str) -> str:
    text = msgid if len(msgid) <= 70 else msgid[:67] + "..."
    return f"[{context}] {text!r}" if context else repr(text)


def languages(locale: Path = LOCALE) -> list[str]:
    """The codes of the catalogs there are (``locale/*.po``)."""
    return sorted(path.stem for path in locale.glob("*.po"))


def template(root: Path = ROOT) -> list[tuple[Message, list[str]]]:
    """Every message once, in source order, with every place it is used."""
    return [(message, list(places)) for message, places in _template(root)]


@functools.cache
def _template(root: Path) -> tuple[tuple[Message, tuple[str, ...]], ...]:
    # Read once a process: the sources do not change while it runs, and reading them (every
    # reader's refusals included) is most of what a report or a build costs.
    found, _problems = everything(root)
    places: dict[tuple[str, str], list[str]] = {}
    first: dict[tuple[str, str], Message] = {}
    for message in found:
        first.setdefault(message.ident, message)
        place = f"{message.where}#{message.key}" if message.key else message.where
        places.setdefault(message.ident, [])
        if place not in places[message.ident]:
            places[message.ident].append(place)
    return tuple((message, tuple(places[ident])) for ident, message in first.items())


def read(code: str, locale: Path = LOCALE) -> po.Catalog:
    return po.parse((locale / f"{code}.po").read_text(encoding="utf-8"))


def _wrong(entry: po.Entry, nplurals: int) -> list[str]:
    out: list[str] = []
    if not entry.translated:
        return out
    if entry.plural is not None and len(entry.translations) != nplurals:
        out.append(
            f"{_say(entry.context, entry.msgid)} has {len(entry.translations)} forms,"
            f" not {nplurals}"
        )
    english = set(_FIELD.findall(entry.msgid)) | set(_FIELD.findall(entry.plural or ""))
    tags = Counter(_TAG.findall(entry.msgid))
    for form in entry.translations:
        fields = set(_FIELD.findall(form))
        if not fields <= english or (entry.plural is None and fields != english):
            out.append(
                f"{_say(entry.context, entry.msgid)}: fields {sorted(fields)},"
                f" not {sorted(english)}"
            )
        if Counter(_TAG.findall(form)) != tags:
            out.append(f"{_say(entry.context, entry.msgid)}: its tags differ from the English")
    return out


def report(code: str, root: Path = ROOT, locale: Path = LOCALE) -> Report:
    """What ``locale/CODE.po`` lacks against the source, holds stale, and holds wrong."""
    catalog = read(code, locale)
    nplurals, _rule = catalog.plural_forms
    entries = {entry.key: entry for entry in catalog.entries}
    result = Report(code)
    wanted = template(root)
    idents = {message.ident for message, _places in wanted}
    for message, _places in wanted:
        entry = entries.get(message.ident)
        if (
            entry is None
            or not entry.translated
            or (entry.plural is None) != (message.plural is None)
        ):
            result.lacks.append(message)
    result.stale = [entry for entry in catalog.entries if entry.key not in idents]
    for entry in catalog.entries:
        result.wrong.extend(_wrong(entry, nplurals))
    if catalog.language != code:
        result.wrong.append(f"its Language header says {catalog.language!r}")
    return result


def update(code: str, root: Path = ROOT, locale: Path = LOCALE) -> po.Catalog:
    """The catalog with every message of the source (new ones untranslated), in source
    order, and without the stale ones."""
    catalog = read(code, locale)
    nplurals, _rule = catalog.plural_forms
    entries = {entry.key: entry for entry in catalog.entries}
    merged: list[po.Entry] = []
    for message, places in template(root):
        entry = entries.get(message.ident)
        empty = [""] * (1 if message.plural is None else nplurals)
        translations = (
            entry.translations
            if entry and (entry.plural is None) == (message.plural is None)
            else empty
        )
        merged.append(
            po.Entry(
                message.msgid,
                message.context,
                message.plural,
                list(translations),
                places,
                entry.notes if entry else [],
                entry.fuzzy if entry else False,
            )
        )
    return po.Catalog(catalog.header, merged)


def build(code: str, root: Path = ROOT, locale: Path = LOCALE) -> str:
    """The text of ``locale/CODE.json``: the page's words by key, the messages by English."""
    catalog = read(code, locale)
    _count, rule = catalog.plural_forms
    entries = {entry.key: entry for entry in catalog.entries if entry.translated}
    html: dict[str, str] = {}
    messages: dict[str, str | list[str]] = {}
    for message, places in template(root):
        entry = entries.get(message.ident)
        if entry is None:
            continue
        if message.key:
            for place in places:
                key = place.partition("#")[2]
                if key:
                    html[key] = entry.translations[0]
        if any("#" not in place for place in places):
            ident = (
                f"{message.context}{CONTEXT}{message.msgid}" if message.context else message.msgid
            )
            forms = entry.translations
            messages[ident] = forms if message.plural is not None else forms[0]
    data = {"language": code, "plural": rule, "html": html, "messages": messages}
    return json.dumps(data, ensure_ascii=False, sort_keys=True, separators=(",", ":")) + "\n"


def stale_builds(root: Path = ROOT, locale: Path = LOCALE) -> list[str]:
    """The catalogs whose JSON differs from what ``build`` writes now."""
    out = []
    for code in languages(locale):
        path = locale / f"{code}.json"
        if not path.is_file() or path.read_text(encoding="utf-8") != build(code, root, locale):
            out.append(code)
    return out
