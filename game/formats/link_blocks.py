"""A link's digits in blocks: mixed-radix numbers of at most ``BLOCK`` digits each, so that
reading a digit divides a number of a few hundred bits, not the whole link's (version 4 of the
game link: ``game_link.py``).

    >>> data = pack_blocks([(2, 3), (4, 5), (1, 2)])
    >>> digits = BlockDigits(data)
    >>> [digits.digit(3), digits.digit(5), digits.digit(2)], digits.finished()
    ([2, 4, 1], True)

Each block is its length in bytes (7 bits a byte, the last byte below 128) and then its number,
big-endian, the block's first digit in the lowest place. A digit of radix 1 is always 0 and
takes no place.
"""

from __future__ import annotations

from collections.abc import Iterable

BLOCK = 256  # digits a block: some 170 bytes, one byte of length
MAX_LENGTH = 1_000  # bytes a block can need: 256 digits of radix below 2**31 at most


class DamagedBlocks(ValueError):
    """Block data cut short or holding more than its digits."""


def pack_blocks(places: Iterable[tuple[int, int]]) -> bytes:
    """The ``(digit, radix)`` places as blocks (places of radix 1 are left out)."""
    data = bytearray()
    block: list[tuple[int, int]] = []
    for place in places:
        if place[1] > 1:
            block.append(place)
            if len(block) == BLOCK:
                data += _block(block)
                block = []
    if block:
        data += _block(block)
    return bytes(data)


def _block(places: list[tuple[int, int]]) -> bytes:
    value = 0
    for digit, radix in reversed(places):
        value = value * radix + digit
    number = value.to_bytes((value.bit_length() + 7) // 8, "big")
    length, size = bytearray(), len(number)
    while size >= 128:
        length.append(128 | size & 127)
        size >>= 7
    length.append(size)
    return bytes(length) + number


class BlockDigits:
    """Reads the digits ``pack_blocks`` wrote, given each one's radix in turn."""

    __slots__ = ("at", "data", "left", "value")

    def __init__(self, data: bytes):
        self.data, self.at, self.value, self.left = data, 0, 0, 0

    def digit(self, radix: int) -> int:
        """The next digit, from 0 to ``radix - 1``; ``DamagedBlocks`` when there is none."""
        if radix <= 1:
            return 0
        if not self.left:
            self._next_block()
        self.left -= 1
        self.value, digit = divmod(self.value, radix)
        return digit

    def _next_block(self) -> None:
        if self.value:
            raise DamagedBlocks("a block holds more than its digits")
        data, at, size, shift = self.data, self.at, 0, 0
        while True:
            if at >= len(data) or shift > 14:
                raise DamagedBlocks("the blocks are cut short")
            byte = data[at]
            at += 1
            size |= (byte & 127) << shift
            shift += 7
            if byte < 128:
                break
        if size > MAX_LENGTH or at + size > len(data):
            raise DamagedBlocks("the blocks are cut short")
        self.value = int.from_bytes(data[at : at + size], "big")
        self.at, self.left = at + size, BLOCK

    def finished(self) -> bool:
        """Whether every digit written was read, and nothing more is there."""
        return not self.value and self.at == len(self.data)
