"""Messages in the chosen language: whole sentences looked up by their English text.

Every sentence the page shows goes through ``_`` (or ``n_`` where a number decides the
form, ``p_`` where the same English needs two translations), always with a literal English
sentence whose ``{name}`` fields are filled after the lookup, so a translation may put them
in any order::

    _("{player} wins the game.", player=name)
    n_("{count} roll matches the commitment.", "All {count} rolls match the commitment.", n)

``N_`` marks an English sentence kept in a table (``Nn_`` its two forms), translated where it
is shown by ``told``. The
catalog is a language's ``locale/CODE.json`` (built from ``locale/CODE.po`` by ``python -m
tools.i18n build``): ``messages`` maps the English (``context\\x04English`` with a context)
to the translation, or to the list of its plural forms, and ``plural`` is the gettext
``Plural-Forms`` expression choosing among them. English is the sentence itself. In a
right-to-left language each filled-in value (a name, a number, a play such as ``13/9 8/3``)
is isolated (U+2068 ... U+2069) so it keeps its own order inside the sentence.

A message the catalog lacks shows in English; ``missing`` collects them (the tests check it
stays empty).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from game.engine.refusal import LONG_QUOTE, Listed, Quoted, Refusal, Term

ENGLISH = "en"
# The languages the page speaks (lang.js's CATALOGS and the Settings list say the same).
LANGUAGES = (ENGLISH, "tr", "el", "ar", "de", "es", "it")
RIGHT_TO_LEFT = frozenset({"ar", "fa", "he", "ur"})
CONTEXT = "\x04"
TERM = "a reader's field"  # the context of a reader's Term (tools.i18n says the same)
FIRST_STRONG_ISOLATE = "\u2068"
POP_ISOLATE = "\u2069"


def _english_plural(count: int) -> int:
    return 0 if count == 1 else 1


def plural_rule(expression: str) -> Callable[[int], int]:
    """The form index for a count, from a gettext ``plural=`` expression.

    >>> [plural_rule("n != 1")(n) for n in (0, 1, 2)]
    [1, 0, 1]
    >>> arabic = "n==0 ? 0 : n==1 ? 1 : n==2 ? 2 : n%100>=3 && n%100<=10 ? 3 : n%100>=11 ? 4 : 5"
    >>> [plural_rule(arabic)(n) for n in (0, 1, 2, 3, 11, 100)]
    [0, 1, 2, 3, 4, 5]
    """
    if expression.replace(" ", "") in ("n!=1", "(n!=1)"):
        return _english_plural
    import gettext  # only a language with other plural rules pays for it

    rule: Callable[[int], int] = gettext.c2py(expression)
    return rule


class Catalog:
    """One language's messages; English when empty."""

    def __init__(
        self,
        code: str = ENGLISH,
        messages: Mapping[str, str | list[str]] | None = None,
        plural: str = "n != 1",
    ) -> None:
        self.code = code
        self.messages: Mapping[str, str | list[str]] = messages or {}
        self.plural = plural_rule(plural)
        self.right_to_left = code.split("-")[0] in RIGHT_TO_LEFT
        self.missing: set[str] = set()

    @classmethod
    def from_text(cls, text: str) -> Catalog:
        """The catalog from the text of ``locale/CODE.json`` (as lang.js fetched it)."""
        import json

        return cls.from_data(json.loads(text))

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> Catalog:
        """The catalog from a ``locale/CODE.json`` read as data."""
        return cls(str(data["language"]), dict(data.get("messages", {})), str(data["plural"]))

    def _find(self, key: str) -> str | list[str] | None:
        found = self.messages.get(key)
        if found is None and self.code != ENGLISH:
            self.missing.add(key)
        return found

    def text(self, message: str, context: str = "") -> str:
        key = f"{context}{CONTEXT}{message}" if context else message
        found = self._find(key)
        return found if isinstance(found, str) and found else message

    def plural_text(self, singular: str, plural: str, count: int, context: str = "") -> str:
        key = f"{context}{CONTEXT}{singular}" if context else singular
        found = self._find(key)
        if isinstance(found, list) and found:
            index = self.plural(count)
            if 0 <= index < len(found) and found[index]:
                return found[index]
        return singular if count == 1 else plural

    def fill(self, sentence: str, values: Mapping[str, object]) -> str:
        """The sentence with its ``{name}`` fields filled in (isolated in right to left); a
        reader's refusal in a field is said in this language too."""
        if not values:
            return sentence
        values = {k: self.said(v) for k, v in values.items()}
        if self.right_to_left:
            values = {k: f"{FIRST_STRONG_ISOLATE}{v}{POP_ISOLATE}" for k, v in values.items()}
        return sentence.format(**values)

    def said(self, value: object) -> object:
        """A reader's refusal (``game.engine.refusal``: its sentence and fields) or a term
        of one, in this language; any other value as it is."""
        if isinstance(value, Refusal):
            if value.plural is not None and isinstance(value.fields.get("count"), int):
                count: int = value.fields["count"]  # type: ignore[assignment]
                return self.fill(
                    self.plural_text(value.sentence, value.plural, count), value.fields
                )
            return self.fill(self.text(value.sentence), value.fields)
        if isinstance(value, Term):
            return self.text(value, TERM)
        if isinstance(value, Quoted):
            return self.fill(
                self.plural_text(*LONG_QUOTE, value.length),
                {"text": value.cut, "count": value.length},
            )
        if isinstance(value, Listed):
            isolated = self.right_to_left  # each play keeps its own order in right to left
            return value.said(
                lambda item: (
                    f"{FIRST_STRONG_ISOLATE}{self.said(item)}{POP_ISOLATE}"
                    if isolated
                    else str(self.said(item))
                ),
                self.text(value.joining),
            )
        return value


_catalog = Catalog()


def use(catalog: Catalog) -> None:
    """Show every message from now on in ``catalog``'s language."""
    global _catalog
    _catalog = catalog


def current() -> Catalog:
    return _catalog


def language() -> str:
    """The code of the language shown (``en``, ``tr``, ``ar`` ...)."""
    return _catalog.code


def _(message: str, /, **values: object) -> str:
    """``message`` in the chosen language, its fields filled.

    >>> _("{player} wins the game.", player="Ayşe")
    'Ayşe wins the game.'
    """
    return _catalog.fill(_catalog.text(message), values)


def p_(context: str, message: str, /, **values: object) -> str:
    """``message`` as meant in ``context`` (the same English, another translation)."""
    return _catalog.fill(_catalog.text(message, context), values)


def n_(singular: str, plural: str, count: int, /, **values: object) -> str:
    """The form for ``count`` (also the ``{count}`` field).

    >>> n_("{count} checker left", "{count} checkers left", 2)
    '2 checkers left'
    """
    return _catalog.fill(_catalog.plural_text(singular, plural, count), {"count": count, **values})


def N_(message: str, /) -> str:
    """Marks an English sentence kept in a table: translated where it is shown (``told``)."""
    return message


def Nn_(singular: str, plural: str, /) -> tuple[str, str]:
    """Marks a sentence kept in a table whose form a number decides (``told`` picks it)."""
    return (singular, plural)


def told(kept: str | tuple[str, str], /, count: int = 0, **values: object) -> str:
    """A sentence kept in a table (marked ``N_``, or ``Nn_`` with its ``count``) in the
    chosen language, its fields filled.

    >>> told(Nn_("{count} point", "{count} points"), count=2)
    '2 points'
    """
    if isinstance(kept, tuple):
        return n_(*kept, count, **values)
    return _(kept, **values)
