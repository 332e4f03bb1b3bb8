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

import hmac
import secrets
from dataclasses import dataclass, replace
from typing import Any

from game.engine.dice import Dice
from game.engine.match import IllegalAction, Rules
from game.engine.record import Action, ActionKind, Record, RecordError, play_of
from game.engine.state import GameState, Phase
from game.formats.friend_dice import (
    Slot,
    Tally,
    actor_of,
    commitment,
    game_id_of,
    new_steps,
    nonce_due,
    roll_of,
    roll_tally,
    secret_for,
)
from game.formats.friend_fields import (
    FRIEND_VERSION,
    KEY_BYTES,
    LinkFields,
    LinkRefused,
    link_tag,
    read_link,
)
from game.formats.game_link import InvalidGameLink, decode_game, encode_game

__all__ = ["FRIEND_VERSION", "FriendGame", "LinkRefused", "game_id_of", "link_tag", "read_link"]


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
        return roll_tally(self.record, None).next

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
        secret = secret_for(self.master, self.game_id, "roll", slot.commit_index)
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
        elif actor_of(record.state, action) != self.me:
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
        tally = roll_tally(record, roll_tally(self.agreed, None).made)
        slot = tally.next
        commit = commitment(secret_for(self.master, self.game_id, "roll", tally.counts[self.me]))
        reveals = tuple(
            secret_for(self.master, self.game_id, "roll", s.commit_index)
            for s, _ in tally.rolls
            if s.committer == self.me
        )
        nonce = None
        if slot is not None and nonce_due(record.state, self.me, self.friend_ready):
            nonce = secret_for(self.master, self.game_id, "nonce", slot.nonce_index)
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


def _check(game: FriendGame, old: Record, new: Record, fields: LinkFields, sender: int) -> Tally:
    """Refuse a link from ``sender`` that takes ``old`` to ``new`` unless it follows the rules,
    the dice and the protocol; the new rolls' tally when it does."""
    if not _extends(old, new):
        raise LinkRefused("this link's game does not continue yours (another game, or changed)")
    tally = roll_tally(new, roll_tally(old, None).made)
    commits = dict(game.commits)
    for state, action in new_steps(old, new):
        if actor_of(state, action) != sender:
            raise LinkRefused("the link makes a decision that is yours")
    new_rolls = tally.rolls
    if len(fields.reveals) != len(new_rolls):
        raise LinkRefused("the link's dice do not match its rolls")
    for (slot_made, dice), secret in zip(new_rolls, fields.reveals, strict=True):
        if sender != game.me:
            committed = commits.get(slot_made.commit_index)
            if committed is None or commitment(secret) != committed:
                raise LinkRefused(
                    "roll {number}: the dice were not the ones committed to",
                    number=slot_made.number + 1,
                )
            if slot_made.nonce_index >= game.nonces_sent:
                raise LinkRefused(
                    "roll {number}: made before you gave your part of the dice",
                    number=slot_made.number + 1,
                )
            nonce = secret_for(game.master, game.game_id, "nonce", slot_made.nonce_index)
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
    due = nonce_due(state, sender, asked)
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
