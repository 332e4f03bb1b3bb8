"""What every reader of text shares: numbers in ASCII digits, input quoted short, and a
link's %-escapes.

    >>> ascii_number("17"), ascii_number("²"), ascii_number("9" * 5000), ascii_number("")
    (17, None, None, None)
    >>> quoted("24/18 13/11")
    "'24/18 13/11'"
    >>> quoted("x" * 100)
    "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…' (100 characters)"

A number read from text is ASCII digits (``str.isdigit`` also takes ``²`` and ``⓷``, which
``int`` refuses) and at most ``MAX_DIGITS`` long (Python refuses more than 4,300 digits): a
reader checks with ``ascii_number`` before trusting it, and raises its own error when it is
None. An error message quotes at most ``QUOTE_LIMIT`` characters of the input it refuses.
"""

from __future__ import annotations

from game.engine.refusal import Quoted

MAX_DIGITS = 9
QUOTE_LIMIT = 60
ASCII_DIGITS = frozenset("0123456789")


def is_ascii_number(text: str, digits: int = MAX_DIGITS) -> bool:
    """True when ``text`` is 1 to ``digits`` ASCII digits."""
    # ``isdigit`` of an ASCII text is true only of 0-9.
    return 0 < len(text) <= digits and text.isascii() and text.isdigit()


def ascii_number(text: str, digits: int = MAX_DIGITS) -> int | None:
    """The number ``text`` writes in 1 to ``digits`` ASCII digits; None for anything else."""
    return int(text) if is_ascii_number(text, digits) else None


def quoted(text: str, limit: int = QUOTE_LIMIT) -> str:
    """``text`` quoted for a message: its ``repr``, cut to about ``limit`` characters."""
    if len(text) <= limit:
        return repr(text)
    cut = repr(text[: limit - 6])
    return Quoted(f"{cut[:-1]}…{cut[-1]}", len(text))


def quote_part(text: str) -> str:
    """%-escape all but letters, digits and ``-_.~`` (urllib.parse is slow to import in
    the page), as links carry a name."""
    safe = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.~"
    return "".join(chr(b) if chr(b) in safe else f"%{b:02X}" for b in text.encode("utf-8"))


def unquote(text: str) -> str:
    """Percent-decoding of a link's field (``quote_part`` undone); a malformed escape raises
    ValueError."""
    if "%" not in text:
        return text
    pieces = text.split("%")
    out = bytearray(pieces[0].encode())
    for piece in pieces[1:]:
        code, rest = piece[:2], piece[2:]
        if len(code) != 2 or any(c not in "0123456789abcdefABCDEF" for c in code):
            raise ValueError(f"bad %-escape in {quoted(text)}")
        out.append(int(code, 16))
        out += rest.encode()
    return out.decode("utf-8", errors="replace")
