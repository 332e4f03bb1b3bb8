"""The page's address parameters (``?seed=3&pace=0``), read by one total function.

    >>> read_params("?seed=42&pace=0")
    Params(seed=42, pace=0.0, embed=False, service_worker=False)
    >>> read_params("?seed=%C2%B2&pace=-1&embed=yes")   # unicode digit, negative, unknown
    Params(seed=None, pace=1.0, embed=False, service_worker=False)

``read_params`` never raises, whatever the address holds: a value it cannot
use is ignored and the default stands (the visitor still gets a game). Only
ASCII digits count as digits ('²'.isdigit() is true, and int() refuses it),
a seed is at most ``MAX_SEED_DIGITS`` long (Python refuses to read integers
of more than 4,300 digits), and the first of repeated names wins.
"""

from __future__ import annotations

from dataclasses import dataclass

MAX_SEED_DIGITS = 40
MAX_PACE = 5.0
MAX_QUERY = 4_000  # an address this long is not one of ours: the rest is ignored
ASCII_DIGITS = frozenset("0123456789")
HEX_DIGITS = frozenset("0123456789abcdefABCDEF")


@dataclass(frozen=True)
class Params:
    """What the address asks for: fixed dice, the computer's pace, the embedded layout."""

    seed: int | None = None  # None: dice from the system's randomness
    pace: float = 1.0  # 0 = no pauses between the computer's moves, 2 = twice as slow
    embed: bool = False
    service_worker: bool = False  # ?sw=1: register it even in an automated browser


def read_params(query: object) -> Params:
    """The parameters of ``location.search`` (with or without its ``?``); never raises."""
    fields = query_fields(query)
    return Params(
        seed=_seed(fields.get("seed")),
        pace=_pace(fields.get("pace")),
        embed=fields.get("embed") == "1",
        service_worker=fields.get("sw") == "1",
    )


def query_fields(query: object) -> dict[str, str]:
    """``a=1&b=2`` as a dict, keeping the first of repeated names; bad parts are skipped."""
    if not isinstance(query, str):
        return {}
    text = query[:MAX_QUERY].removeprefix("?")
    fields: dict[str, str] = {}
    for part in text.split("&"):
        raw_name, equals, raw_value = part.partition("=")
        name, value = _unquote(raw_name), _unquote(raw_value)
        if equals and name and name not in fields and value is not None:
            fields[name] = value
    return fields


def _unquote(text: str) -> str | None:
    """``%``-escapes decoded as UTF-8 (``+`` is a plus); None for a broken escape."""
    if "%" not in text:
        return text
    pieces = text.split("%")
    out = bytearray(pieces[0].encode("utf-8", "replace"))
    for piece in pieces[1:]:
        code, rest = piece[:2], piece[2:]
        if len(code) != 2 or not set(code) <= HEX_DIGITS:
            return None
        out.append(int(code, 16))
        out += rest.encode("utf-8", "replace")
    return out.decode("utf-8", "replace")


def _seed(value: str | None) -> int | None:
    if value is None or not 0 < len(value) <= MAX_SEED_DIGITS or not set(value) <= ASCII_DIGITS:
        return None
    return int(value)


def _pace(value: str | None) -> float:
    """A number from 0 to ``MAX_PACE`` in plain decimals (``0``, ``1.5``); else 1."""
    if value is None or not 0 < len(value) <= 8:
        return 1.0
    whole, dot, fraction = value.partition(".")
    if not whole or not set(whole + fraction) <= ASCII_DIGITS or (dot and not fraction):
        return 1.0
    pace = float(value)
    return pace if pace <= MAX_PACE else 1.0
