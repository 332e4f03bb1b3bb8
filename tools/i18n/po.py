"""Read and write gettext ``.po`` catalogs, the translators' files (``locale/CODE.po``).

Only what the project's catalogs use: a header, ``msgctxt``, ``msgid``, ``msgid_plural``,
``msgstr`` / ``msgstr[N]``, continued strings, ``#:`` references, ``#.`` notes for the
translator and the ``fuzzy`` flag (a fuzzy translation counts as missing). Runs in CPython
only (the tools and tests); the page reads the JSON built from it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

_ESCAPES = {"n": "\n", "t": "\t", '"': '"', "\\": "\\", "r": "\r"}
_KEYWORD = re.compile(r'^(msgctxt|msgid_plural|msgid|msgstr(?:\[(\d+)\])?)\s+"(.*)"\s*$')


class PoError(ValueError):
    """A line the reader does not understand, with its number."""


@dataclass
class Entry:
    """One message: its English (and plural English), context and translations."""

    msgid: str
    context: str = ""
    plural: str | None = None
    translations: list[str] = field(default_factory=list)
    references: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    fuzzy: bool = False

    @property
    def key(self) -> tuple[str, str]:
        return (self.context, self.msgid)

    @property
    def translated(self) -> bool:
        return not self.fuzzy and bool(self.translations) and all(self.translations)


@dataclass
class Catalog:
    """A whole ``.po`` file: its header fields and entries, in order."""

    header: dict[str, str]
    entries: list[Entry]

    @property
    def language(self) -> str:
        return self.header.get("Language", "")

    @property
    def plural_forms(self) -> tuple[int, str]:
        """``(nplurals, plural expression)`` from the ``Plural-Forms`` header."""
        text = self.header.get("Plural-Forms", "nplurals=2; plural=(n != 1);")
        count = re.search(r"nplurals\s*=\s*(\d+)", text)
        rule = re.search(r"plural\s*=\s*([^;]+)", text)
        return (int(count.group(1)) if count else 2, rule.group(1).strip() if rule else "n != 1")


def _unquote(text: str, number: int) -> str:
    out: list[str] = []
    index = 0
    while index < len(text):
        char = text[index]
        if char == "\\":
            if index + 1 >= len(text) or text[index + 1] not in _ESCAPES:
                raise PoError(f"line {number}: unknown escape in {text!r}")
            out.append(_ESCAPES[text[index + 1]])
            index += 2
        else:
            out.append(char)
            index += 1
    return "".join(out)


def _quote(text: str) -> str:
    escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("\t", "\\t")
    return '"' + escaped.replace("\r", "\\r").replace("\n", "\\n") + '"'


def parse(text: str) -> Catalog:
    """The catalog a ``.po`` file's text holds."""
    entries: list[Entry] = []
    fields: dict[str, str] = {}
    references: list[str] = []
    notes: list[str] = []
    fuzzy = False
    last: str | None = None

    def finish() -> None:
        nonlocal fields, references, notes, fuzzy, last
        if "msgid" in fields:
            plural = fields.get("msgid_plural")
            if plural is None:
                translations = [fields.get("msgstr", "")]
            else:
                count = 1 + max(
                    (int(k[7:-1]) for k in fields if k.startswith("msgstr[")), default=0
                )
                translations = [fields.get(f"msgstr[{i}]", "") for i in range(count)]
            entries.append(
                Entry(
                    fields["msgid"],
                    fields.get("msgctxt", ""),
                    plural,
                    translations,
                    references,
                    notes,
                    fuzzy,
                )
            )
        fields, references, notes, fuzzy, last = {}, [], [], False, None

    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line:
            finish()
        elif line.startswith("#~"):
            continue  # an obsolete entry: kept by some editors, never used
        elif line.startswith("#:"):
            if "msgid" in fields:
                finish()
            references.extend(line[2:].split())
        elif line.startswith("#."):
            if "msgid" in fields:
                finish()
            notes.append(line[2:].strip())
        elif line.startswith("#,"):
            if "msgid" in fields:
                finish()
            fuzzy = fuzzy or "fuzzy" in {flag.strip() for flag in line[2:].split(",")}
        elif line.startswith("#"):
            continue
        elif line.startswith('"') and line.endswith('"') and last is not None:
            fields[last] += _unquote(line[1:-1], number)
        else:
            match = _KEYWORD.match(line)
            if match is None:
                raise PoError(f"line {number}: cannot read {raw!r}")
            keyword = match.group(1)
            if keyword in ("msgctxt", "msgid") and "msgid" in fields:
                finish()
            fields[keyword] = _unquote(match.group(3), number)
            last = keyword
    finish()
    header: dict[str, str] = {}
    if entries and entries[0].msgid == "" and not entries[0].context:
        for line in entries.pop(0).translations[0].splitlines():
            name, _, value = line.partition(":")
            if name.strip():
                header[name.strip()] = value.strip()
    return Catalog(header, entries)


def write(catalog: Catalog) -> str:
    """The ``.po`` text of ``catalog`` (every string on one line)."""
    head = "".join(f"{name}: {value}\n" for name, value in catalog.header.items())
    lines = ['msgid ""', 'msgstr ""']
    lines.extend(_quote(line) for line in head.splitlines(keepends=True))
    for entry in catalog.entries:
        lines.append("")
        lines.extend(f"#. {note}" for note in entry.notes)
        if entry.references:
            lines.append("#: " + " ".join(entry.references))
        if entry.fuzzy:
            lines.append("#, fuzzy")
        if entry.context:
            lines.append(f"msgctxt {_quote(entry.context)}")
        lines.append(f"msgid {_quote(entry.msgid)}")
        if entry.plural is None:
            lines.append(f"msgstr {_quote(entry.translations[0] if entry.translations else '')}")
        else:
            lines.append(f"msgid_plural {_quote(entry.plural)}")
            for index, form in enumerate(entry.translations):
                lines.append(f"msgstr[{index}] {_quote(form)}")
    return "\n".join(lines) + "\n"
