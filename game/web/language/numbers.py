"""Numbers as the reader writes them: a count's thousands grouped the way the page's
language groups them (``1,296`` in English, ``1.296`` in German).

    >>> from game.web.language.catalog import Catalog, use
    >>> [grouped(1296), grouped(7)]
    ['1,296', '7']
    >>> use(Catalog("de")); grouped(1296), grouped(1_000_000)
    ('1.296', '1.000.000')
    >>> use(Catalog("es")); grouped(1296), grouped(12960)
    ('1296', '12.960')
    >>> use(Catalog())

Only the grouping of whole counts (trials, decisions, games): plays, Position IDs, equities
and percentages keep the notation players quote in every language. The separators are
CLDR's for each language:
- German, Turkish, Greek, Italian and Spanish group with a full stop (``1.296``);
  Spanish leaves four digits ungrouped (CLDR's minimum grouping of 2, as the RAE writes
  ``1296`` but ``12.960``).
- Arabic keeps the Western digits the board, the plays and the Position IDs are written in
  (the Maghreb writes them, and a page that mixes ١٢٩٦ with ``13/9`` reads worse), so it
  groups as CLDR's Arabic with Latin digits does: a comma (``1,296``).
"""

from __future__ import annotations

from game.web.language.catalog import language

GROUPING = {"en": ",", "ar": ",", "de": ".", "tr": ".", "el": ".", "it": ".", "es": "."}
UNGROUPED_BELOW = {"es": 10_000}  # Spanish: 1296, but 12.960


def grouped(count: int) -> str:
    """``count`` with its thousands grouped as the page's language writes them."""
    code = language().split("-")[0]
    if abs(count) < UNGROUPED_BELOW.get(code, 1_000):
        return str(count)
    return f"{count:,}".replace(",", GROUPING.get(code, ","))
