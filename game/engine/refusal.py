"""A reader's refusal as a sentence and its fields, so the page can say it in any language.

    >>> error = Refusal("a Position ID has 14 characters, got {count}: {text}", count=3, text="'x'")
    >>> str(error)                      # the English every command line prints, as before
    "a Position ID has 14 characters, got 3: 'x'"
    >>> error.sentence, error.fields["count"]   # the page looks the sentence up in its catalog
    ('a Position ID has 14 characters, got {count}: {text}', 3)
    >>> Refusal.from_data(error.to_data()).fields == error.fields   # across to a worker and back
    True

A field may hold another refusal (the reason inside "{text}: {error}"), worded the same way.
A refusal made from a sentence alone (``InvalidMatchId("no doubling in the Crawford game")``)
is its own sentence. The page's catalogs hold the sentences of the readers a person meets by
typing an ID or opening a file or a link (``tools.i18n``'s ``READERS``).
"""

from __future__ import annotations

from typing import Any


class Refusal(ValueError):
    """Bad input, in English words (``str()``), kept as its ``sentence`` and ``fields``."""

    def __init__(self, sentence: str, /, **fields: object) -> None:
        self.sentence = sentence
        self.fields = fields
        super().__init__(sentence.format(**fields) if fields else sentence)

    @classmethod
    def saying(cls, error: Exception, /, **fields: object) -> Refusal:
        """A refusal of this kind saying what ``error`` says (its sentence and fields, if it
        has them, ``fields`` replacing some)."""
        if isinstance(error, Refusal):
            return cls(error.sentence, **{**error.fields, **fields})
        return cls(str(error))

    def to_data(self) -> dict[str, Any]:
        """Plain data (a worker's answer): the sentence and its fields, refusals nested."""
        return {
            "sentence": self.sentence,
            "fields": {
                k: v.to_data() if isinstance(v, Refusal) else _plain(v)
                for k, v in self.fields.items()
            },
        }

    @classmethod
    def from_data(cls, data: Any) -> Refusal:
        """The refusal ``to_data`` wrote (anything else: a refusal of its own text)."""
        if not isinstance(data, dict) or not isinstance(data.get("sentence"), str):
            return cls(str(data))
        fields = data.get("fields")
        if not isinstance(fields, dict):
            fields = {}
        return cls(
            data["sentence"],
            **{
                str(k): cls.from_data(v) if isinstance(v, dict) else _plain(v)
                for k, v in fields.items()
            },
        )


def _plain(value: object) -> object:
    return value if isinstance(value, (int, float, str)) else str(value)


class Term(str):
    """An English word a refusal's sentence holds as a field (``{side}``: "player",
    "bottom"), translated with it."""
