"""A friend's link read and written field by field
(``F1.ID.SEQ.FLAGS.COMMIT.REVEALS.NONCE.TAG.RECORD``: ``game.formats.friend_link`` gives the
protocol), its tag, and ``LinkRefused``, every refusal of a link."""

from __future__ import annotations

import base64
import binascii
import hmac
import re
from dataclasses import dataclass

from game.engine.refusal import Refusal, Term
from game.formats.game_link import base36

FRIEND_VERSION = "F1"
KEY_BYTES, ID_BYTES, SECRET_BYTES, TAG_BYTES = 16, 8, 16, 12
MAX_LINK = 20_000
_FIELDS = re.compile(r"[A-Za-z0-9_\-]*\Z")


class LinkRefused(Refusal):
    """A link that is not taken, with the reason in plain words (a refusal the page says in
    its language); nothing was changed."""


def b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode("ascii").rstrip("=")


def unb64(text: str, what: Term) -> bytes:
    if not _FIELDS.match(text) or len(text) % 4 == 1:
        raise LinkRefused("the link is damaged or cut short ({part})", part=what)
    try:
        return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except (binascii.Error, ValueError):
        raise LinkRefused("the link is damaged or cut short ({part})", part=what) from None


@dataclass(frozen=True)
class LinkFields:
    game_id: bytes
    seq: int
    ready: bool
    invite: bool
    commit: bytes
    reveals: tuple[bytes, ...]
    nonce: bytes | None
    tag: bytes  # the key in an invitation
    record_text: str

    def body(self) -> str:
        flags = ("r" if self.ready else "") + ("i" if self.invite else "")
        return ".".join(
            [
                FRIEND_VERSION,
                b64(self.game_id),
                base36(self.seq),
                flags,
                b64(self.commit),
                b64(b"".join(self.reveals)),
                b64(self.nonce or b""),
            ]
        )

    def text(self) -> str:
        return f"{self.body()}.{b64(self.tag)}.{self.record_text}"


def link_tag(key: bytes, body: str, record_text: str) -> bytes:
    """The check a turn's link carries: an HMAC of its fields and game under the game's key."""
    return hmac.digest(key, f"{body}.{record_text}".encode("ascii"), "sha256")[:TAG_BYTES]


def read_link(text: object) -> LinkFields:
    """The fields of a friend's link (the whole address, its ``#...`` part or the text after
    ``friend=``); ``LinkRefused`` when it is not one."""
    if not isinstance(text, str):
        raise LinkRefused("a link is text")
    if len(text) > MAX_LINK:
        raise LinkRefused("the link is too long to be a friend's link")
    text = text.strip()
    if "#" in text:
        text = text.split("#", 1)[1]
    found = re.search(r"(?:^|&)friend=([^&\s]*)", text)
    if found:
        text = found.group(1)
    parts = text.split(".", 8)
    if parts[0] != FRIEND_VERSION:
        if re.fullmatch(r"F[0-9]+", parts[0]):
            raise LinkRefused(
                "the link is from another version of the page ({version})", version=parts[0]
            )
        raise LinkRefused("this is not a link of a game with a friend")
    if len(parts) != 9:
        raise LinkRefused("the link is damaged or cut short")
    _, game_id, seq, flags, commit, reveals, nonce, tag, record_text = parts
    if not re.fullmatch(r"[0-9a-z]{1,6}", seq) or not re.fullmatch(r"r?i?", flags):
        raise LinkRefused("the link is damaged or cut short")
    fields = LinkFields(
        game_id=unb64(game_id, Term("game")),
        seq=int(seq, 36),
        ready="r" in flags,
        invite="i" in flags,
        commit=unb64(commit, Term("commitment")),
        reveals=split_secrets(unb64(reveals, Term("dice"))),
        nonce=unb64(nonce, Term("dice")) or None,
        tag=unb64(tag, Term("check")),
        record_text=record_text,
    )
    sizes = (len(fields.game_id), len(fields.commit), len(fields.nonce or bytes(SECRET_BYTES)))
    if sizes != (ID_BYTES, SECRET_BYTES, SECRET_BYTES):
        raise LinkRefused("the link is damaged or cut short")
    if len(fields.tag) != (KEY_BYTES if fields.invite else TAG_BYTES):
        raise LinkRefused("the link is damaged or cut short (check)")
    return fields


def split_secrets(data: bytes) -> tuple[bytes, ...]:
    if len(data) % SECRET_BYTES:
        raise LinkRefused("the link is damaged or cut short (dice)")
    return tuple(data[i : i + SECRET_BYTES] for i in range(0, len(data), SECRET_BYTES))
