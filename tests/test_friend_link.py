"""Games with a friend by links (game/formats/friend_link.py): whole matches played by two
separate sides that only exchange links; tampered, replayed, wrong-game and old-turn links
refused with nothing lost; the dice nobody can choose or foresee; the links' length."""

from __future__ import annotations

import hashlib
import random

import pytest

from game.engine.match import Rules
from game.engine.record import Action
from game.engine.state import Phase
from game.formats import friend_link, game_link
from game.formats.friend_link import FriendGame, LinkRefused, read_link
from game.formats.mat import format_mat, parse_mat


def take_turn(
    game: FriendGame, rng: random.Random, double: float = 0.15, resign: float = 0.0
) -> FriendGame:
    """This side's whole part until its link is sent: random legal decisions (``resign``: how
    often it offers to resign when it may)."""
    while True:
        state = game.record.state
        if (
            resign
            and state.phase in (Phase.ROLL, Phase.MOVE)
            and state.to_act == game.me
            and rng.random() < resign
        ):
            game = game.act(Action.resign(rng.choice([1, 2]), game.me))
            continue
        if game.may_roll():
            game = game.roll()
            continue
        if state.phase in (Phase.OPENING, Phase.GAME_OVER, Phase.MATCH_OVER):
            break
        if state.to_act != game.me:
            break
        if state.phase is Phase.ROLL:
            assert game.needs_ready()
            if state.may_double() and rng.random() < double:
                game = game.act(Action.double())
                continue
            return game.send(ready=True)
        if state.phase is Phase.MOVE:
            plays = state.legal_plays()
            # Mostly racing home (short games), sometimes any play.
            play = rng.choice(plays) if rng.random() < 0.2 else min(plays, key=rear_weight)
            game = game.act(Action.play(play.moves))
        elif state.phase is Phase.DOUBLED:
            answers = ["take", "take", "take", "pass"] + (["beaver"] if state.may_beaver() else [])
            answer = rng.choice(answers)
            actions = {"take": Action.take, "pass": Action.pass_, "beaver": Action.beaver}
            game = game.act(actions[answer]())
        else:
            game = game.act(Action.accept() if rng.random() < 0.5 else Action.reject())
    return game.send()


def secret(seed: int, who: str) -> bytes:
    """Fixed keys, so that a test plays the same dice every time."""
    return hashlib.sha256(f"{seed} {who}".encode()).digest()


def rear_weight(play) -> int:
    return sum(n * point * point for point, n in enumerate(play.position.player))


def play_match(
    rules: Rules,
    seed: int,
    limit: int = 5000,
    rolls: int | None = None,
    games: int | None = None,
    resign: float = 0.0,
):
    """Both sides, each with only its own state, until the match is over (or ``rolls`` rolls
    were made, or ``games`` games are over); every link."""
    rng = random.Random(seed)
    ann = FriendGame.invite(rules, master=secret(seed, "ann"), key=secret(seed, "key")[:16])
    links = [ann.last_link]
    bob = FriendGame.join(ann.last_link, master=secret(seed, "bob"))
    sides = [ann, bob]
    turn = 1
    for _ in range(limit):
        game = take_turn(sides[turn], rng, resign=resign)
        sides[turn] = game
        links.append(game.last_link)
        other = 1 - turn
        sides[other] = sides[other].receive(game.last_link)
        turn = other
        if sides[0].over and sides[1].over:
            return sides, links
        made = sum(1 for g in sides[0].record.games for a in g if a.kind == "roll")
        if rolls is not None and made >= rolls:
            return sides, links
        state = sides[0].record.state
        over = len(sides[0].record.games) - (state.phase is not Phase.GAME_OVER)
        if games is not None and over >= games and sides[0].record == sides[1].record:
            return sides, links
    raise AssertionError("the match did not end")


@pytest.mark.slow
@pytest.mark.parametrize(
    "rules, seed",
    [
        (Rules.full(match_length=5), 1),
        (Rules.full(match_length=3), 2),
        (Rules.simple(1), 3),
        (Rules.full(beaver=True, jacoby=True), 4),
        (Rules.full(match_length=2), 5),
    ],
)
def test_two_sides_play_a_whole_match_by_links(rules, seed):
    if rules.is_money:
        rules = Rules.full(match_length=1)  # money play never ends by itself
    (ann, bob), _links = play_match(rules, seed)
    assert ann.record == bob.record
    assert ann.record.state.phase is Phase.MATCH_OVER
    text = format_mat(ann.record)  # a normal record afterwards
    assert parse_mat(text).state.score == ann.record.state.score


@pytest.mark.slow
def test_money_games_with_beavers_and_resignations_by_links():
    (ann, bob), _ = play_match(Rules.full(beaver=True, jacoby=True), 11, games=3, resign=0.02)
    assert ann.record == bob.record and len(ann.record.games) >= 3
    kinds = {action.kind for game in ann.record.games for action in game}
    assert {"resign", "accept", "reject", "double", "take", "beaver", "pass"} <= kinds


@pytest.mark.slow
def test_links_stay_short_at_turn_80_of_a_match():
    (ann, _), links = play_match(Rules.full(match_length=25), 6, rolls=85)
    turns = sum(1 for g in ann.record.games for a in g if a.kind == "roll")
    assert turns >= 85  # the opening roll and 80 turns after it, and more
    address = "https://backgammon.example.org/index.html#friend="
    assert max(len(address + link) for link in links) <= 2000


def test_a_turn_without_the_cube_takes_one_link_and_with_it_three():
    rules = Rules.simple(1)  # no cube
    (ann, _), links = play_match(rules, 7)
    rolls = sum(1 for g in ann.record.games for a in g if a.kind == "roll")
    games = len(ann.record.games)
    # One link a roll, plus the invitation, the opening's second link where player 1 starts,
    # and where player 0 ends a game, player 1's part of the next opening roll.
    assert len(links) <= rolls + 1 + 2 * games
    rules = Rules.full(match_length=3)
    rng = random.Random(1)
    ann = FriendGame.invite(rules)
    bob = FriendGame.join(ann.last_link).send()
    ann = ann.receive(bob.last_link)
    ann = take_turn(ann, rng)  # the opening: roll and play (or the roll for player 1)
    bob = bob.receive(ann.last_link)
    if bob.record.state.turn == 1 and bob.record.state.phase is Phase.MOVE:
        bob = take_turn(bob, rng)
        ann = ann.receive(bob.last_link)
        ann, bob = bob, ann  # so that "ann" is the side on roll below
    # The side on roll may double: "I roll", the friend's part, then the roll and play.
    side_on_roll, other = (bob, ann) if bob.record.state.turn == bob.me else (ann, bob)
    assert side_on_roll.needs_ready() and not side_on_roll.may_roll()
    side_on_roll = side_on_roll.send(ready=True)
    assert "r" in side_on_roll.last_link.split(".")[3]
    other = other.receive(side_on_roll.last_link)
    other = other.send()  # its part of the dice, nothing else
    side_on_roll = side_on_roll.receive(other.last_link)
    assert side_on_roll.may_roll()


def opened(rules=None, seed=0, received=True):
    """A match some turns in: both sides, and whose turn it is; the other side's last link
    was received (``received``) or is still on its way."""
    rng = random.Random(seed)
    rules = rules or Rules.full(match_length=5)
    ann = FriendGame.invite(rules, master=secret(seed, "ann"), key=secret(seed, "key")[:16])
    bob = FriendGame.join(ann.last_link, master=secret(seed, "bob"))
    sides = [ann, bob]
    turn = 1
    for step in range(9):
        sides[turn] = take_turn(sides[turn], rng)
        if step < 8 or received:
            sides[1 - turn] = sides[1 - turn].receive(sides[turn].last_link)
        turn = 1 - turn
    return sides, turn


def test_a_replayed_link_is_refused_and_nothing_is_lost():
    sides, turn = opened()
    sender = 1 - turn
    receiver = sides[turn]
    with pytest.raises(LinkRefused, match="earlier turn"):
        receiver.receive(sides[sender].last_link)
    # Even later on, the old link stays refused.
    moved = take_turn(receiver, random.Random(3))
    back = sides[sender].receive(moved.last_link)
    with pytest.raises(LinkRefused, match="earlier turn"):
        back.receive(moved.last_link)


def test_an_old_turn_link_is_refused():
    sides, turn = opened()
    receiver, sender = sides[turn], sides[1 - turn]
    old = sender.last_link
    moved = take_turn(receiver, random.Random(3))
    sender = sender.receive(moved.last_link)
    sender2 = take_turn(sender, random.Random(4))
    receiver = moved.receive(sender2.last_link)
    with pytest.raises(LinkRefused, match="earlier turn"):
        receiver.receive(old)


def test_a_link_of_another_game_is_refused():
    sides, turn = opened(seed=1)
    others, other_turn = opened(seed=2)
    with pytest.raises(LinkRefused, match="another game"):
        sides[turn].receive(others[1 - other_turn].last_link)


def test_your_own_link_and_invitation_are_refused():
    sides, turn = opened()
    mine = sides[1 - turn]
    with pytest.raises(LinkRefused, match="your own link"):
        mine.receive(mine.last_link)
    ann = FriendGame.invite(Rules.full(match_length=3))
    with pytest.raises(LinkRefused, match="your own invitation"):
        ann.receive(ann.last_link)


def tamper(link: str, field: int, change) -> str:
    parts = link.split(".", 8)
    parts[field] = change(parts[field])
    return ".".join(parts)


def flip(text: str) -> str:
    return ("B" if text[0] != "B" else "C") + text[1:]


@pytest.mark.parametrize("field", [2, 3, 4, 5, 6, 8])
def test_a_tampered_link_is_refused_and_nothing_is_lost(field):
    sides, turn = opened(seed=4, received=False)
    receiver, link = sides[turn], sides[1 - turn].last_link
    changed = {
        2: lambda t: game_link.base36(int(t, 36) + 2),
        3: lambda t: "r",
        4: flip,
        5: lambda t: flip(t) if t else "A" * 22,
        6: lambda t: flip(t) if t else "A" * 22,
        8: lambda t: t[:-5] + ("A" if t[-5] != "A" else "B") + t[-4:],
    }[field]
    bad = tamper(link, field, changed)
    assert bad != link
    with pytest.raises(LinkRefused):
        receiver.receive(bad)
    assert receiver.receive(link).seq == receiver.seq + 1  # the true link still opens


def test_a_friend_who_changes_the_dice_or_moves_for_you_is_refused():
    """A friend's page that cheats, making links with a valid check (it knows the key)."""
    sides, turn = opened(seed=5, received=False)
    receiver, sender = sides[turn], sides[1 - turn]

    def signed(fields):
        body = friend_link.LinkFields(**{**fields.__dict__, "tag": b""})
        tag = friend_link.link_tag(sender.key, body.body(), body.record_text)
        return friend_link.LinkFields(**{**fields.__dict__, "tag": tag}).text()

    fields = read_link(sender.last_link)
    # Another secret than the one committed to.
    if fields.reveals:
        forged = signed(friend_link.LinkFields(**{**fields.__dict__, "reveals": (bytes(16),)}))
        with pytest.raises(LinkRefused, match="not the ones committed"):
            receiver.receive(forged)
    # The record of an earlier turn with this turn's number: it does not continue the game.
    earlier = friend_link.LinkFields(**{**fields.__dict__, "record_text": "1.1o..0..AA"})
    with pytest.raises(LinkRefused):
        receiver.receive(signed(earlier))


def test_the_roller_cannot_roll_before_its_cube_decision_is_sent():
    ann = FriendGame.invite(Rules.full(match_length=5), master=secret(2, "ann"), key=bytes(16))
    bob = FriendGame.join(ann.last_link, master=secret(2, "bob"))
    rng = random.Random(2)
    sides, turn = [ann, bob], 1
    for _ in range(30):
        sides[turn] = take_turn(sides[turn], rng, double=0)
        before = sides[1 - turn]  # the receiver before it opens the link
        sides[1 - turn] = before.receive(sides[turn].last_link)
        turn = 1 - turn
        if sides[turn].needs_ready():
            break
    game, link = sides[turn], sides[1 - turn].last_link
    assert game.needs_ready() and not game.may_roll()
    with pytest.raises(LinkRefused, match="not known yet"):
        game.roll_dice()
    # A friend's page that gives its part of the dice before the cube decision is refused.
    fields = read_link(link)
    assert fields.nonce is None
    early = friend_link.LinkFields(**{**fields.__dict__, "nonce": bytes(16), "tag": b""})
    tag = friend_link.link_tag(game.key, early.body(), early.record_text)
    forged = friend_link.LinkFields(**{**early.__dict__, "tag": tag}).text()
    with pytest.raises(LinkRefused, match="before its cube decision"):
        before.receive(forged)
    assert before.receive(link) == game  # the true link still opens


def test_the_dice_cannot_be_chosen_by_either_side():
    """The roll comes from both parts: the same secret with another nonce, or the same nonce
    with another secret, gives other dice (over many rolls, every outcome)."""
    game_id = bytes(8)
    seen_by_secret = {
        friend_link.roll_of(game_id, 5, bytes([i]) * 16, bytes(16), False) for i in range(200)
    }
    seen_by_nonce = {
        friend_link.roll_of(game_id, 5, bytes(16), bytes([i]) * 16, False) for i in range(200)
    }
    assert len(seen_by_secret) == 36 and len(seen_by_nonce) == 36
    openings = {
        friend_link.roll_of(game_id, 0, i.to_bytes(2, "big") * 8, bytes(16), True)
        for i in range(300)
    }
    assert len(openings) == 30 and all(a != b for a, b in openings)


def test_the_game_is_saved_and_read_back():
    sides, _turn = opened(seed=6)
    for side in sides:
        again = FriendGame.from_data(side.to_data())
        assert again == side
    with pytest.raises(ValueError):
        FriendGame.from_data({"version": 1, "key": "zz"})


def test_bad_links_get_a_plain_message():
    for text in ("", "hello", "F9.x", "F1.AAAA", "https://x.org/#friend=F1." + "A." * 8, 5):
        with pytest.raises(LinkRefused):
            read_link(text)
