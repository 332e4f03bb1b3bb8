"""A game with a friend anywhere, by links, with dice neither player can choose or foresee.

    >>> from game.engine.match import Rules
    >>> ann = FriendGame.invite(Rules.full(match_length=3), master=bytes(32), key=bytes(16))
    >>> link = ann.last_link
    >>> bob = FriendGame.join(link, master=bytes([1]) * 32)
    >>> bob.me, bob.my_turn, ann.my_turn
    (1, True, False)
    >>> bob = bob.send()                        # Bob's part of the opening roll
    >>> ann = ann.receive(bob.last_link)
    >>> ann.may_roll()
    True

The protocol (``docs/link-play.md`` gives it with its argument). Player 0 invites, player 1
joins; the two then send links in turn, each carrying the whole match record so far
(``game.formats.game_link``) and at most three dice fields:

- every roll has a *committer* — the player on roll, and player 0 for an opening roll —
  and a *contributor*, the other player. The committer's secret for the roll (16 bytes, from
  its own never-sent master key) is fixed by a commitment (the first 16 bytes of its SHA-256)
  sent in every link of the committer's; the contributor's part (a nonce of 16 bytes) is sent
  in the clear, and only once the commitment is in hand and every decision before the roll
  has been sent: at once when the roller may not double, or in answer to the roller's
  "I roll" (a link with no action but that word) or together with a take or beaver;
- the roll is derived from ``SHA-256("friend-link dice" | game id | roll number | secret |
  nonce)`` as a seed of ``game.engine.seeded_dice`` (its first throw; for an opening roll its
  first throw that is not a tie). The committer learns it first, makes it, and reveals the
  secret in the same link so that the contributor checks it.

A link is ``F1.ID.SEQ.FLAGS.COMMIT.REVEALS.NONCE.TAG.RECORD``: the game's id (8 bytes), the
link's number in the game (player 0 sends the even ones), ``r`` for "I roll" and ``i`` for
an invitation, the sender's commitment to its next roll, the secrets it reveals, its nonce,
then a tag (HMAC-SHA256 with the game's key, the first 12 bytes; an invitation carries the
key itself) and the record. Byte fields are base64url, numbers base 36. ``receive`` refuses
with ``LinkRefused`` (a plain sentence) a link that was changed, replayed, from an older or a
later turn, of another game, or that breaks the rules or the dice; the game is unchanged.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import re
import secrets
from dataclasses import dataclass, replace
from typing import Any

from game.engine.dice import Dice
from game.engine.match import IllegalAction, Rules
from game.engine.record import Action, ActionKind, Record, RecordError, apply_action, play_of
from game.engine.refusal import Refusal, Term
from game.engine.seeded_dice import DiceCup, throw
from game.engine.state import GameState, Phase
from game.formats.game_link import InvalidGameLink, decode_game, encode_game

__all__ = ["FRIEND_VERSION", "FriendGame", "LinkRefused", "game_id_of", "link_tag", "read_link"]

FRIEND_VERSION = "F1"
KEY_BYTES, ID_BYTES, SECRET_BYTES, TAG_BYTES = 16, 8, 16, 12
MAX_LINK = 20_000
_FIELDS = re.compile(r"[A-Za-z0-9_\-]*\Z")


class LinkRefused(Refusal):
    """A link that is not taken, with the reason in plain words (a refusal the page says in
    its language); nothing was changed."""


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode("ascii").rstrip("=")


def _unb64(text: str, what: Term) -> bytes:
    if not _FIELDS.match(text) or len(text) % 4 == 1:
        raise LinkRefused("the link is damaged or cut short ({part})", part=what)
    try:
        return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except (binascii.Error, ValueError):
        raise LinkRefused("the link is damaged or cut short ({part})", part=what) from None


def game_id_of(key: bytes) -> bytes:
    return hashlib.sha256(b"friend-link id" + key).digest()[:ID_BYTES]


def _commitment(secret: bytes) -> bytes:
    return hashlib.sha256(secret).digest()[:SECRET_BYTES]


def _secret(master: bytes, game_id: bytes, label: str, index: int) -> bytes:
    return hmac.digest(master, game_id + f"{label}/{index}".encode("ascii"), "sha256")[
        :SECRET_BYTES
    ]


def roll_of(game_id: bytes, number: int, secret: bytes, nonce: bytes, opening: bool) -> Dice:
    """The dice of the match's roll ``number`` (from 0) from the committer's secret and the
    contributor's nonce."""
    seed = hashlib.sha256(
        b"friend-link dice" + game_id + number.to_bytes(4, "big") + secret + nonce
    ).digest()
    return DiceCup(seed).roll(0) if opening else throw(seed, 1)


# ----- who commits which roll -----------------------------------------------------------------


@dataclass(frozen=True)
class Slot:
    """A roll of the match: its number (from 0), its committer, the committer's own count of
    rolls committed before it, and the contributor's count of nonces given before it (the
    same number: each roll one player commits, the other contributes to)."""

    number: int
    committer: int
    commit_index: int
    nonce_index: int
    opening: bool


def _next_committer(state: GameState) -> int | None:
    phase = state.phase
    if phase in (Phase.OPENING, Phase.GAME_OVER):
        return 0
    if phase in (Phase.ROLL, Phase.DOUBLED):
        return state.turn
    if phase is Phase.MOVE:
        return 1 - state.turn
    if phase is Phase.RESIGNED:
        return state.turn if state.resumed_phase is Phase.ROLL else 1 - state.turn
    return None


@dataclass(frozen=True)
class _Tally:
    """The rolls of a record from roll ``since`` on with their slots (``since`` None: none),
    the next roll's slot (None: the match is over) and how many rolls each player committed."""

    rolls: list[tuple[Slot, Dice]]
    next: Slot | None
    counts: tuple[int, int]

    @property
    def made(self) -> int:
        return self.counts[0] + self.counts[1]


def _tally(record: Record, since: int | None) -> _Tally:
    """The record's rolls from roll ``since`` on (None: only the next) with their slots, read
    from the actions alone: a game's first roll is its opening roll (player 0 commits it), and
    from then on the rolls alternate, the starter's first (a roll that cannot be played passes
    the turn too; the cube and resignations do not). A slot is made only for the rolls asked:
    a link over a long game brings one or two new ones."""
    counts = [0, 0]
    found: list[tuple[Slot, Dice]] = []
    number = 0
    first = since if since is not None else -1
    games = record.games
    opens_first = record.start.phase is Phase.OPENING
    roll = ActionKind.ROLL
    for game in games:
        starter = 0
        made = 0
        opens = game is not games[0] or opens_first  # ``_opens``
        for action in game:
            if action.kind is not roll or action.dice is None:
                continue
            opening = made == 0 and opens
            if opening:
                committer = 0
                starter = 0 if action.dice[0] > action.dice[1] else 1
            else:
                committer = starter if made % 2 == 0 else 1 - starter
            if 0 <= first <= number:
                index = counts[committer]
                found.append((Slot(number, committer, index, index, opening), action.dice))
            counts[committer] += 1
            made += 1
            number += 1
    state = record.state
    after = _next_committer(state)
    if after is None:
        return _Tally(found, None, (counts[0], counts[1]))
    opening = state.phase in (Phase.OPENING, Phase.GAME_OVER)
    slot = Slot(number, after, counts[after], counts[after], opening)
    return _Tally(found, slot, (counts[0], counts[1]))


def _new_steps(old: Record, new: Record) -> list[tuple[GameState, Action]]:
    """(state before, action) for each action of ``new`` after ``old`` (which it extends)."""
    steps = []
    state = old.state
    for index in range(len(old.games) - 1, len(new.games)):
        game = new.games[index]
        if index >= len(old.games):
            state = state.next_game()
        done = len(old.games[index]) if index == len(old.games) - 1 else 0
        for action in game[done:]:
            steps.append((state, action))
            state = apply_action(state, action)
    return steps


def _nonce_due(state: GameState, sender: int, ready: bool) -> bool:
    """Must the sender's link hold its nonce for the next roll? When the other player commits
    that roll and has no decision left before it."""
    committer = _next_committer(state)
    if committer is None or committer == sender:
        return False
    if state.phase in (Phase.OPENING, Phase.GAME_OVER):
        return True
    if state.phase is Phase.ROLL:
        return ready or not state.may_double()
    return False


def _actor(state: GameState, action: Action) -> int | None:
    if action.kind is ActionKind.ROLL:
        return 0 if state.phase is Phase.OPENING else state.turn
    if action.kind is ActionKind.RESIGN:
        return action.player
    return state.to_act


# ----- a link's fields ---------------------------------------------------------------------------


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
                _b64(self.game_id),
                _base36(self.seq),
                flags,
                _b64(self.commit),
                _b64(b"".join(self.reveals)),
                _b64(self.nonce or b""),
            ]
        )

    def text(self) -> str:
        return f"{self.body()}.{_b64(self.tag)}.{self.record_text}"


def _base36(value: int) -> str:
    digits = "0123456789abcdefghijklmnopqrstuvwxyz"
    text = ""
    while True:
        value, digit = divmod(value, 36)
        text = digits[digit] + text
        if not value:
            return text


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
        game_id=_unb64(game_id, Term("game")),
        seq=int(seq, 36),
        ready="r" in flags,
        invite="i" in flags,
        commit=_unb64(commit, Term("commitment")),
        reveals=_split(_unb64(reveals, Term("dice"))),
        nonce=_unb64(nonce, Term("dice")) or None,
        tag=_unb64(tag, Term("check")),
        record_text=record_text,
    )
    sizes = (len(fields.game_id), len(fields.commit), len(fields.nonce or bytes(SECRET_BYTES)))
    if sizes != (ID_BYTES, SECRET_BYTES, SECRET_BYTES):
        raise LinkRefused("the link is damaged or cut short")
    if len(fields.tag) != (KEY_BYTES if fields.invite else TAG_BYTES):
        raise LinkRefused("the link is damaged or cut short (check)")
    return fields


def _split(data: bytes) -> tuple[bytes, ...]:
    if len(data) % SECRET_BYTES:
        raise LinkRefused("the link is damaged or cut short (dice)")
    return tuple(data[i : i + SECRET_BYTES] for i in range(0, len(data), SECRET_BYTES))


# ----- the game ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class FriendGame:
    """One game by links, as one player keeps it (immutable; each step returns a new one).

    ``agreed`` is the record as of the last link sent or received, ``record`` that record with
    this player's actions since; ``seq`` the number of the next link; ``commits`` the friend's
    commitments by the friend's roll count, ``nonces`` the friend's nonces for this player's
    rolls by this player's roll count; ``nonces_sent`` how many nonces this player gave."""

    key: bytes
    me: int
    master: bytes
    agreed: Record
    record: Record
    seq: int
    commits: tuple[tuple[int, bytes], ...] = ()
    nonces: tuple[tuple[int, bytes], ...] = ()
    nonces_sent: int = 0
    friend_ready: bool = False
    ready_sent: bool = False
    last_link: str = ""

    # ----- starting --------------------------------------------------------------------------

    @classmethod
    def invite(
        cls, rules: Rules, master: bytes | None = None, key: bytes | None = None
    ) -> FriendGame:
        """A new match as player 0, with the invitation to send as ``last_link``."""
        game = cls(
            key=key or secrets.token_bytes(KEY_BYTES),
            me=0,
            master=master or secrets.token_bytes(32),
            agreed=Record.new(rules),
            record=Record.new(rules),
            seq=0,
        )
        return game._sent(game._fields(ready=False, invite=True))

    @classmethod
    def join(cls, link: str, master: bytes | None = None) -> FriendGame:
        """Player 1's side of the game an invitation link starts."""
        fields = read_link(link)
        if not fields.invite or fields.seq != 0:
            raise LinkRefused("this link is a turn of a game that is not in your list")
        if game_id_of(fields.tag) != fields.game_id:
            raise LinkRefused("the invitation was changed after it was made")
        record = _decode(fields.record_text)
        if record != Record.new(record.rules) or fields.reveals or fields.nonce:
            raise LinkRefused("the invitation is not one of a new match")
        return cls(
            key=fields.tag,
            me=1,
            master=master or secrets.token_bytes(32),
            agreed=record,
            record=record,
            seq=1,
            commits=((0, fields.commit),),
        )

    # ----- views -----------------------------------------------------------------------------

    @property
    def game_id(self) -> bytes:
        return game_id_of(self.key)

    @property
    def my_turn(self) -> bool:
        """Is the next link this player's to send?"""
        return self.seq % 2 == self.me

    @property
    def over(self) -> bool:
        return self.record.state.phase is Phase.MATCH_OVER

    def _nonce(self, index: int) -> bytes | None:
        return dict(self.nonces).get(index)

    def next_slot(self) -> Slot | None:
        return _tally(self.record, None).next

    def may_roll(self) -> bool:
        """May this player make the next roll now (its committer, with the friend's nonce)?"""
        slot = self.next_slot()
        if not self.my_turn or slot is None or slot.committer != self.me:
            return False
        state = self.record.state
        if state.phase is Phase.GAME_OVER:
            return self._nonce(slot.commit_index) is not None
        if state.phase not in (Phase.OPENING, Phase.ROLL) or (
            state.phase is Phase.ROLL and state.turn != self.me
        ):
            return False
        return self._nonce(slot.commit_index) is not None

    def needs_ready(self) -> bool:
        """Is this player on roll with the cube to decide and no roll yet: it doubles, or
        sends "I roll" to get the friend's part of the dice?"""
        state = self.record.state
        return (
            self.my_turn
            and state.phase is Phase.ROLL
            and state.turn == self.me
            and self.record == self.agreed
            and not self.may_roll()
        )

    def roll_dice(self) -> Dice:
        """The dice of this player's next roll (``may_roll`` must be true)."""
        slot = self.next_slot()
        if slot is None or not self.may_roll():
            raise LinkRefused("the dice of this roll are not known yet")
        nonce = self._nonce(slot.commit_index)
        assert nonce is not None
        secret = _secret(self.master, self.game_id, "roll", slot.commit_index)
        return roll_of(self.game_id, slot.number, secret, nonce, slot.opening)

    # ----- acting ----------------------------------------------------------------------------

    def act(self, action: Action) -> FriendGame:
        """This player's next action on the local record (a roll must be ``roll_dice``'s)."""
        if not self.my_turn:
            raise LinkRefused("it is your friend's turn: wait for their link")
        record = self.record
        if action.kind is ActionKind.ROLL:
            if tuple(action.dice or ()) != self.roll_dice():
                raise LinkRefused("a roll is the dice both of you fixed")
            if record.state.phase is Phase.GAME_OVER:
                record = record.next_game()
        elif _actor(record.state, action) != self.me:
            raise LinkRefused("that is your friend's decision")
        elif action.kind is ActionKind.PLAY:
            action = _as_generated(record.state, action)
        try:
            return replace(self, record=record.append(action))
        except RecordError as error:
            raise LinkRefused.saying(error.reason) from None

    def roll(self) -> FriendGame:
        return self.act(Action.roll(self.roll_dice()))

    def send(self, ready: bool = False) -> FriendGame:
        """This player's link for what it did since the last one (``ready``: it rolls without
        doubling and asks for the friend's part of the dice); ``LinkRefused`` when the turn is
        not finished. The link is ``last_link``."""
        if not self.my_turn:
            raise LinkRefused("it is your friend's turn: wait for their link")
        fields = self._fields(ready=ready, invite=False)
        _check(self, self.agreed, self.record, fields, self.me)
        return self._sent(fields)

    def _fields(self, ready: bool, invite: bool) -> LinkFields:
        record = self.record
        tally = _tally(record, _tally(self.agreed, None).made)
        slot = tally.next
        commit = _commitment(_secret(self.master, self.game_id, "roll", tally.counts[self.me]))
        reveals = tuple(
            _secret(self.master, self.game_id, "roll", s.commit_index)
            for s, _ in tally.rolls
            if s.committer == self.me
        )
        nonce = None
        if slot is not None and _nonce_due(record.state, self.me, self.friend_ready):
            nonce = _secret(self.master, self.game_id, "nonce", slot.nonce_index)
        body = LinkFields(
            self.game_id, self.seq, ready, invite, commit, reveals, nonce, b"", encode_game(record)
        )
        tag = self.key if invite else link_tag(self.key, body.body(), body.record_text)
        return replace(body, tag=tag)

    def _sent(self, fields: LinkFields) -> FriendGame:
        nonces_sent = self.nonces_sent
        slot = self.next_slot()
        if fields.nonce is not None and slot is not None:
            # The same nonce may go out again (a resignation refused before the roll).
            nonces_sent = max(nonces_sent, slot.nonce_index + 1)
        return replace(
            self,
            agreed=self.record,
            seq=self.seq + 1,
            nonces_sent=nonces_sent,
            friend_ready=False,
            ready_sent=fields.ready,
            last_link=fields.text(),
        )

    # ----- receiving -------------------------------------------------------------------------

    def receive(self, link: str) -> FriendGame:
        """The game with the friend's link taken in; ``LinkRefused`` saying why not (the game
        is then unchanged)."""
        fields = read_link(link)
        if fields.game_id != self.game_id:
            raise LinkRefused("this link belongs to another game")
        if fields.invite:
            if self.me == 0:
                raise LinkRefused("this is your own invitation: send it to your friend")
            raise LinkRefused("you have already joined this game")
        expected = link_tag(self.key, fields.body(), fields.record_text)
        if not hmac.compare_digest(fields.tag, expected):
            raise LinkRefused(
                "this link was changed after it was made (its check does not match): "
                "ask your friend to send it again"
            )
        sender = fields.seq % 2
        if sender == self.me:
            raise LinkRefused("this is your own link: send it to your friend")
        if fields.seq < self.seq:
            raise LinkRefused("this link is from an earlier turn, already played")
        if fields.seq > self.seq or not (self.seq % 2 != self.me):
            raise LinkRefused(
                "a link is missing before this one: open your friend's earlier link first"
            )
        if self.record != self.agreed:
            raise LinkRefused("finish and send your own turn first")
        record = _decode(fields.record_text)
        tally = _check(self, self.agreed, record, fields, sender)
        commits = dict(self.commits)
        commits[tally.counts[sender]] = fields.commit
        nonces = dict(self.nonces)
        slot = tally.next
        if fields.nonce is not None and slot is not None:
            nonces[slot.commit_index] = fields.nonce
        return replace(
            self,
            agreed=record,
            record=record,
            seq=self.seq + 1,
            commits=tuple(sorted(commits.items()))[-4:],
            nonces=tuple(sorted(nonces.items()))[-4:],
            friend_ready=fields.ready,
            ready_sent=False,
            last_link=self.last_link,
        )

    # ----- saving ----------------------------------------------------------------------------

    def to_data(self) -> dict[str, Any]:
        record = encode_game(self.record)
        return {
            "version": 1,
            "key": self.key.hex(),
            "me": self.me,
            "master": self.master.hex(),
            "agreed": record if self.agreed == self.record else encode_game(self.agreed),
            "record": record,
            "seq": self.seq,
            "commits": [[i, c.hex()] for i, c in self.commits],
            "nonces": [[i, n.hex()] for i, n in self.nonces],
            "nonces_sent": self.nonces_sent,
            "friend_ready": self.friend_ready,
            "ready_sent": self.ready_sent,
            "last_link": self.last_link,
        }

    @classmethod
    def from_data(cls, data: object) -> FriendGame:
        """The game ``to_data`` saved; ``ValueError`` when it cannot be read."""
        if not isinstance(data, dict) or data.get("version") != 1:
            raise ValueError("not a saved game with a friend")
        try:
            game = cls(
                key=bytes.fromhex(data["key"]),
                me=_count(data["me"]),
                master=bytes.fromhex(data["master"]),
                agreed=decode_game(data["agreed"]),
                record=decode_game(data["record"]),
                seq=_count(data["seq"]),
                commits=tuple((_count(i), bytes.fromhex(c)) for i, c in data["commits"]),
                nonces=tuple((_count(i), bytes.fromhex(n)) for i, n in data["nonces"]),
                nonces_sent=_count(data["nonces_sent"]),
                friend_ready=bool(data["friend_ready"]),
                ready_sent=bool(data["ready_sent"]),
                last_link=_text(data["last_link"]),
            )
        except (KeyError, TypeError, ValueError, InvalidGameLink) as error:
            raise ValueError(f"not a saved game with a friend: {str(error)[:80]}") from None
        if game.me not in (0, 1) or len(game.key) != KEY_BYTES:
            raise ValueError("not a saved game with a friend")
        return game


def _text(value: object) -> str:
    if not isinstance(value, str):
        raise ValueError("a link in the save is not text")
    return value


def _count(value: object) -> int:
    """A whole number of a save: an int from 0 to a million (``ValueError`` for anything else,
    ``1e999`` and ``True`` too)."""
    if type(value) is not int or not 0 <= value <= 1_000_000:
        raise ValueError("a count in the save is not a whole number")
    return value


def _as_generated(state: GameState, action: Action) -> Action:
    """A play as the move generator makes it (as a link gives it back), so that both sides
    keep the same record."""
    try:
        made = play_of(state.position, action.moves).position
    except IllegalAction:
        return action  # refused by the rules when appended, saying why
    for play in state.legal_plays():
        if play.position == made:
            return Action.play(play.moves)
    return action


def _decode(text: str) -> Record:
    try:
        return decode_game(text)
    except InvalidGameLink as error:
        raise LinkRefused("the link's game cannot be read: {error}", error=error) from None


def _check(game: FriendGame, old: Record, new: Record, fields: LinkFields, sender: int) -> _Tally:
    """Refuse a link from ``sender`` that takes ``old`` to ``new`` unless it follows the rules,
    the dice and the protocol; the new rolls' tally when it does."""
    if not _extends(old, new):
        raise LinkRefused("this link's game does not continue yours (another game, or changed)")
    tally = _tally(new, _tally(old, None).made)
    commits = dict(game.commits)
    for state, action in _new_steps(old, new):
        if _actor(state, action) != sender:
            raise LinkRefused("the link makes a decision that is yours")
    new_rolls = tally.rolls
    if len(fields.reveals) != len(new_rolls):
        raise LinkRefused("the link's dice do not match its rolls")
    for (slot_made, dice), secret in zip(new_rolls, fields.reveals, strict=True):
        if sender != game.me:
            committed = commits.get(slot_made.commit_index)
            if committed is None or _commitment(secret) != committed:
                raise LinkRefused(
                    "roll {number}: the dice were not the ones committed to",
                    number=slot_made.number + 1,
                )
            if slot_made.nonce_index >= game.nonces_sent:
                raise LinkRefused(
                    "roll {number}: made before you gave your part of the dice",
                    number=slot_made.number + 1,
                )
            nonce = _secret(game.master, game.game_id, "nonce", slot_made.nonce_index)
        else:
            found = game._nonce(slot_made.commit_index)
            if found is None:
                raise LinkRefused("a roll made before your friend gave their part of the dice")
            nonce = found
        expected = roll_of(game.game_id, slot_made.number, secret, nonce, slot_made.opening)
        if tuple(dice) != expected:
            raise LinkRefused(
                "roll {number} is {roll}, the dice fixed by both of you give {fixed}",
                number=slot_made.number + 1,
                roll=f"{dice[0]}{dice[1]}",
                fixed=f"{expected[0]}{expected[1]}",
            )
    if sender != game.me:
        index = tally.counts[sender]
        if index in commits and commits[index] != fields.commit:
            raise LinkRefused("your friend's commitment to their next roll changed")
    state = new.state
    asked = game.friend_ready if sender == game.me else game.ready_sent  # "I roll" answered
    due = _nonce_due(state, sender, asked)
    if due != (fields.nonce is not None):
        if due:
            raise LinkRefused("the link lacks the friend's part of your next roll")
        raise LinkRefused("the link gives the dice of a roll before its cube decision")
    if fields.ready:
        if not (state.phase is Phase.ROLL and state.turn == sender and state.may_double()):
            raise LinkRefused("'I roll' where no roll is to be made")
    elif state.phase is Phase.ROLL and state.turn == sender:
        raise LinkRefused("the link stops before its roll")
    if state.phase is Phase.MOVE and state.turn == sender:
        raise LinkRefused("the link stops before its play is made")
    if state.phase is Phase.OPENING and sender == 0 and old != new:
        raise LinkRefused("the link stops before the opening roll")
    return tally


def _extends(old: Record, new: Record) -> bool:
    if old.start != new.start or old.rules != new.rules or len(new.games) < len(old.games):
        return False
    for index, game in enumerate(old.games):
        later = new.games[index]
        if index < len(old.games) - 1 and later != game:
            return False
        if later[: len(game)] != game:
            return False
    return True
