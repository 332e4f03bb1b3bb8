"""A reader's refusal as a sentence and its fields, so the page can say it in any language.

    >>> error = Refusal("a Position ID has 14 characters, got {count}: {text}", count=3, text="'x'")
    >>> str(error)                      # the English every command line prints, as before
    "a Position ID has 14 characters, got 3: 'x'"
    >>> error.sentence, error.fields["count"]   # the page looks the sentence up in its catalog
    ('a Position ID has 14 characters, got {count}: {text}', 3)
    >>> Refusal.from_data(error.to_data()).fields == error.fields   # across to a worker and back
    True

A field may hold another refusal (the reason inside "{text}: {error}"), worded the same way,
a ``Term`` or a ``Listed`` (plays or versions joined by "or"/"and", each language its own
way). Where a count decides the words, ``counting`` keeps both English forms:

    >>> str(Refusal.counting("{count} game is left", "{count} games are left", count=2))
    '2 games are left'
    >>> str(Refusal("versions {versions}", versions=Listed(["1", "2", "3"], AND)))
    'versions 1 and 2 and 3'

A refusal made from a sentence alone (``InvalidMatchId("no doubling in the Crawford game")``)
is its own sentence. The page's catalogs hold the sentences of the readers a person meets by
typing an ID or opening a file or a link (``tools.i18n``'s ``READERS``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, TypeGuard


class Refusal(ValueError):
    """Bad input, in English words (``str()``), kept as its ``sentence`` and ``fields``."""

    plural: str | None = None  # the English plural of a sentence ``counting`` made

    def __init__(self, sentence: str, /, **fields: object) -> None:
        self.sentence = sentence
        self.fields = fields
        super().__init__(sentence.format(**fields) if fields else sentence)

    @classmethod
    def counting(cls, singular: str, plural: str, /, count: int, **fields: object) -> Refusal:
        """A refusal whose words ``count`` decides (gettext's plural forms on the page)."""
        made = cls(singular if count == 1 else plural, count=count, **fields)
        made.sentence, made.plural = singular, plural
        return made

    @classmethod
    def saying(cls, error: Exception, /, **fields: object) -> Refusal:
        """A refusal of this kind saying what ``error`` says (its sentence and fields, if it
        has them, ``fields`` replacing some)."""
        if isinstance(error, Refusal):
            made = cls(error.sentence, **{**error.fields, **fields})
            if error.plural is not None:
                made.plural = error.plural
                made.args = (str(error),)
            return made
        return cls(str(error))

    def to_data(self) -> dict[str, Any]:
        """Plain data (a worker's answer): the sentence and its fields, refusals nested."""
        data = {
            "sentence": self.sentence,
            "fields": {k: _data(v) for k, v in self.fields.items()},
        }
        if self.plural is not None:
            data["plural"] = self.plural
        return data

    @classmethod
    def from_data(cls, data: Any) -> Refusal:
        """The refusal ``to_data`` wrote (anything else: a refusal of its own text)."""
        if not isinstance(data, dict) or not isinstance(data.get("sentence"), str):
            return cls(str(data))
        fields = data.get("fields")
        if not isinstance(fields, dict):
            fields = {}
        made = cls(data["sentence"], **{str(k): _from_data(v) for k, v in fields.items()})
        plural = data.get("plural")
        if isinstance(plural, str) and isinstance(made.fields.get("count"), int):
            return cls.counting(data["sentence"], plural, **made.fields)  # type: ignore[arg-type]
        return made


def _data(value: object) -> object:
    if isinstance(value, Refusal):
        return value.to_data()
    if isinstance(value, Term):
        return {"term": str(value)}
    if isinstance(value, Listed):
        return {"listed": [_data(item) for item in value], "joining": value.joining}
    if isinstance(value, Quoted):
        return {"quoted": value.cut, "length": value.length}
    return value if isinstance(value, (int, float, str)) else str(value)


def _from_data(value: object) -> object:
    if isinstance(value, dict):
        if isinstance(value.get("term"), str):
            return Term(value["term"])
        if isinstance(value.get("listed"), list) and value.get("joining") in (OR, AND):
            return Listed([_from_data(item) for item in value["listed"]], value["joining"])
        if isinstance(value.get("quoted"), str) and type(value.get("length")) is int:
            return Quoted(value["quoted"], value["length"])
        return Refusal.from_data(value)
    return value if isinstance(value, (int, float, str)) else str(value)


class Term(str):
    """An English word a refusal's sentence holds as a field (``{side}``: "player",
    "bottom"), translated with it."""


OR = "{items} or {item}"  # how a Listed joins its items: each language says it its own way
AND = "{items} and {item}"


class Listed(tuple[object, ...]):
    """Items of a refusal's field said one after the other (``13/9 8/3 or 13/9 9/3``),
    joined by ``OR`` or ``AND``, each a sentence of the catalogs."""

    joining: str

    def __new__(cls, items: Iterable[object], joining: str) -> Listed:
        made = super().__new__(cls, items)
        made.joining = joining
        return made

    def said(self, say: Callable[[object], str], joining: str) -> str:
        """The items as ``say`` says each, folded two at a time with ``joining``."""
        text = ""
        for index, item in enumerate(self):
            text = say(item) if index == 0 else joining.format(items=text, item=say(item))
        return text

    def __str__(self) -> str:
        return self.said(str, self.joining)


def is_whole(value: object) -> TypeGuard[int]:
    """Whether a value read is a whole number as the readers take one: an int, never a bool
    (an int to Python) nor a float.

    >>> is_whole(3), is_whole(True), is_whole(3.0)
    (True, False, False)
    """
    return isinstance(value, int) and not isinstance(value, bool)


def sentence(text: str, /) -> str:
    """Marks a refusal's English sentence kept aside (in a table, or returned to be raised
    later): the catalogs hold it as they hold a refusal's."""
    return text


# How a long quote says its length: the page says it in its language (``Quoted``).
LONG_QUOTE = ("{text} ({count} character)", "{text} ({count} characters)")


class Quoted(str):
    """A long quote cut short, its English saying the length (``'abc…' (100 characters)``);
    ``cut`` and ``length`` let the page say it in its own words."""

    cut: str
    length: int

    def __new__(cls, cut: str, length: int) -> Quoted:
        made = super().__new__(cls, LONG_QUOTE[1].format(text=cut, count=length))
        made.cut, made.length = cut, length
        return made
