"""Games with a friend by link on the fake page (tests/web/fakes.py): two pages that share
nothing but the links they show play a match by their controls; tampered, replayed and
other-game links refused with nothing changed; several games listed, switched, removed;
a reload puts the game back; the match is a normal record afterwards."""

from __future__ import annotations

import json
import random

import pytest

from game.engine.match import Rules
from game.engine.state import Phase
from game.formats import friend_link
from game.formats.friend_link import FriendGame
from game.formats.mat import parse_mat
from game.web.house import Rooms, Setup, build
from game.web.link_play.games import games_of
from game.web.link_play.room import GAMES_KEY
from game.web.link_play.view import link_url
from game.web.state.session import COMPUTER, LINK, Session, Settings
from tests.web.fakes import FakeSurface, FakeSurroundings, surface_of


def page(storage: dict[str, str] | None = None, seed: int = 1) -> Rooms:
    surface, around = FakeSurface(), FakeSurroundings(storage)
    rooms = build(surface, around, Setup(session=Session.new()), random.Random(seed), pace=0)
    rooms.saving.restore()  # as the page starts (game/web/app.py)
    rooms.links.restore()
    rooms.page.paint()
    return rooms


def choose_link(rooms: Rooms, length: int = 3) -> None:
    """Settings: full rules, a match to ``length``, then "A friend anywhere, by link"."""
    rooms.table.settings_changed({"rules=full"}, {"match-length": str(length)})
    rooms.table.settings_changed({"rules=full", "opponent=link"}, {"match-length": str(length)})


def link_shown(rooms: Rooms) -> str:
    """The link the page shows to send (its whole address)."""
    surface = surface_of(rooms)
    assert surface.shown("link-out"), surface.texts.get("status")
    url = str(surface.prop("link-url", "value"))
    assert url.startswith("http://127.0.0.1/index.html#friend=F1.")
    return url


def open_url(rooms: Rooms, url: str) -> None:
    """The friend's link opened: the page's address gets its fragment."""
    around = rooms.page.around
    assert isinstance(around, FakeSurroundings)
    around.hash = "#" + url.split("#", 1)[1]
    rooms.sharing.open_link(around.fragment())
    assert around.hash == ""  # taken once


def rear_weight(play) -> int:
    return sum(n * point * point for point, n in enumerate(play.position.player))


def play_part(rooms: Rooms, rng: random.Random, double: float = 0.3) -> None:
    """This page's part of the turn by its controls, until it shows a link to send."""
    table = rooms.table
    for _ in range(40):
        state = rooms.page.state
        game = state.friend
        assert game is not None
        if state.waiting or game.over:
            return
        session = state.session
        phase = session.game.phase
        if phase is Phase.GAME_OVER:
            table.next_game()
        elif session.may_answer_double:
            table.cube("take" if rng.random() < 0.5 else "pass")
        elif session.may_answer_resignation:
            table.answer_resignation(True)
        elif session.turn is not None:
            plays = session.game.legal_plays()
            table.act(session.play(min(plays, key=rear_weight)))
        elif session.may_double and rng.random() < double:
            table.cube("double")
        else:
            table.roll()
    raise AssertionError(f"stuck: {surface_of(rooms).texts.get('status')}")


def start_match(length: int = 3, seed: int = 1) -> tuple[Rooms, Rooms, list[str]]:
    ann, bob = page(seed=seed), page(seed=seed + 1)
    choose_link(ann, length)
    invitation = link_shown(ann)
    open_url(bob, invitation)
    return ann, bob, [invitation]


def test_settings_offer_a_friend_by_link_and_starting_one_gives_its_invitation():
    ann = page()
    choose_link(ann, length=5)
    state = ann.page.state
    game = state.friend
    assert game is not None and game.me == 0 and not game.my_turn
    assert state.session.settings.opponent == LINK and state.waiting
    assert game.record.rules == Rules.full(match_length=5)
    surface = surface_of(ann)
    assert surface.radio_values[("settings", "opponent")] == LINK
    assert "invites them" in surface.texts["status"]
    assert surface.prop("roll", "disabled")  # nothing to do but send the link
    assert link_shown(ann) == link_url("http://127.0.0.1/index.html", game)
    ann.page.around.spawn(ann.links.send())  # type: ignore[attr-defined]
    ann.page.around.run()  # type: ignore[attr-defined]
    assert ann.page.around.copied == [link_shown(ann)]  # type: ignore[attr-defined]
    assert "Copied" in surface.texts["link-sent"] and surface.shown("link-sent")
    assert "waiting for your friend" in surface.markup["link-games"]
    kept = json.loads(ann.page.around.storage[GAMES_KEY])  # type: ignore[attr-defined]
    assert kept["board"] == game.game_id.hex() and len(kept["games"]) == 1


def fixed_secrets(monkeypatch: pytest.MonkeyPatch, seed: int) -> None:
    """The games' keys from a seed, so that a test plays the same dice every time."""
    keys = random.Random(seed)
    monkeypatch.setattr(friend_link.secrets, "token_bytes", keys.randbytes)


def test_two_pages_that_share_only_links_play_a_match_to_its_end(monkeypatch):
    fixed_secrets(monkeypatch, 3)  # a short match: two games
    rng = random.Random(6)
    ann, bob, links = start_match(length=3, seed=6)
    sides = [ann, bob]
    turn = 1
    for _ in range(2000):
        play_part(sides[turn], rng, double=0.05)
        if sides[0].page.state.friend.over and sides[1].page.state.friend.over:  # type: ignore[union-attr]
            break
        url = link_shown(sides[turn])
        links.append(url)
        open_url(sides[1 - turn], url)
        assert "notice" not in surface_of(sides[1 - turn]).dialogs, surface_of(
            sides[1 - turn]
        ).texts.get("notice-text")
        turn = 1 - turn
    games = [side.page.state.friend for side in sides]
    assert games[0] is not None and games[1] is not None
    assert games[0].record == games[1].record and games[0].over
    assert games[0].record.state.phase is Phase.MATCH_OVER
    assert len(games[0].record.games) >= 2  # several games, the cube turned
    kinds = {action.kind for game in games[0].record.games for action in game}
    assert {"double", "take", "pass", "roll", "play"} <= kinds
    assert max(len(url) for url in links) <= 2000
    # Afterwards a normal record: the review's .mat export holds the whole match.
    ann.review.export_mat()
    name, text = ann.page.around.downloads[-1]  # type: ignore[attr-defined]
    assert name.endswith(".mat")
    assert parse_mat(text).state.score == games[0].record.state.score
    words = surface_of(ann).texts["status"]
    assert "match" in words


def test_the_friends_play_is_drawn_and_the_turn_said_in_plain_words(monkeypatch):
    fixed_secrets(monkeypatch, 5)
    rng = random.Random(2)
    ann, bob, _ = start_match(seed=7)
    # Bob's page sent its part of the opening roll at once: it waits.
    assert bob.page.state.waiting
    assert "lets them roll" in surface_of(bob).texts["status"]
    open_url(ann, link_shown(bob))
    assert surface_of(ann).texts["status"] == "Roll the dice to see who starts."
    ann.table.roll()
    state = ann.page.state
    if state.waiting:  # Bob starts: his roll is shown, his play awaited
        open_url(bob, link_shown(ann))
        play_part(bob, rng, double=0)
        open_url(ann, link_shown(bob))
    else:
        play_part(ann, rng, double=0)
        open_url(bob, link_shown(ann))
        ann, bob = bob, ann
    # ``ann`` just got the friend's play: drawn as the last play, said in words.
    surface = surface_of(ann)
    assert surface.texts["last-play-text"].startswith("Your friend played ")
    assert 'class="trail' in surface.board_markup or "trail" in surface.board_markup
    assert surface.texts["status"].startswith("Your turn")
    assert not surface.prop("roll", "disabled")
    assert surface.texts["name-bottom"] == "You" and surface.texts["name-top"] == "Friend"


def tampered(url: str) -> str:
    head, record = url.rsplit(".", 1)
    return f"{head}.{record[:-2]}{'A' if record[-2] != 'A' else 'B'}{record[-1]}"


@pytest.mark.parametrize("kind", ["tampered", "replayed", "other game", "old turn", "garbage"])
def test_a_bad_link_is_refused_in_words_and_nothing_changes(kind, monkeypatch):
    fixed_secrets(monkeypatch, 1)
    rng = random.Random(4)
    ann, bob, links = start_match(seed=11)
    links.append(link_shown(bob))
    open_url(ann, links[-1])
    play_part(ann, rng, double=0)
    if not ann.page.state.waiting:
        pytest.skip("the opening went to Bob's side")  # pragma: no cover
    links.append(link_shown(ann))
    open_url(bob, links[-1])
    _, stranger, _ = start_match(seed=12)  # a turn of a game not on Bob's device
    bad = {
        "tampered": tampered(links[-1]),
        "replayed": links[-1],
        "other game": link_shown(stranger),
        "old turn": links[0],
        "garbage": "http://127.0.0.1/index.html#friend=F1.nonsense",
    }[kind]
    before = bob.page.state
    kept = dict(bob.page.around.storage)  # type: ignore[attr-defined]
    open_url(bob, bad)
    surface = surface_of(bob)
    assert "notice" in surface.dialogs
    assert surface.texts["notice-text"].startswith("This link was refused: ")
    assert "Nothing was changed" in surface.texts["notice-text"]
    after = bob.page.state
    assert after.session.game == before.session.game and after.links == before.links
    assert bob.page.around.storage == kept  # type: ignore[attr-defined]
    # And the game goes on: Bob plays his turn.
    bob.notices.no()
    play_part(bob, rng, double=0)
    assert bob.page.state.waiting


def test_several_games_by_link_are_listed_switched_and_removed():
    ann = page()
    choose_link(ann, length=3)
    first = ann.page.state.link_game
    ann.table.new_game()  # New game: another game by link, the first one kept
    second = ann.page.state.link_game
    assert first != second and len(games_of(ann.page.state).games) == 2
    markup = surface_of(ann).markup["link-games"]
    assert markup.count("data-link-row=") == 2 and "On the board" in markup
    assert surface_of(ann).texts["link-games-title"] == "Games by link (2)"
    ann.links.choose(first.hex())  # type: ignore[union-attr]
    assert ann.page.state.link_game == first
    ann.links.remove(second.hex())  # type: ignore[union-attr]
    ann.notices.yes()
    assert [g.game_id for g in games_of(ann.page.state).games] == [first]
    ann.links.remove(first.hex())  # type: ignore[union-attr]
    ann.notices.yes()  # the last one: a new game against the computer
    state = ann.page.state
    assert state.friend is None and state.session.settings.opponent == COMPUTER


def test_a_reload_puts_the_game_by_link_back_and_other_games_stay():
    rng = random.Random(8)
    ann, bob, _ = start_match(seed=21)
    open_url(ann, link_shown(bob))
    ann.table.roll()
    play_part(ann, rng, double=0)
    again = page(storage=ann.page.around.storage)  # type: ignore[attr-defined]
    state = again.page.state
    assert state.friend == ann.page.state.friend
    assert state.session.game == ann.page.state.session.game
    assert state.session.link_side == 0 and state.session.settings.opponent == LINK
    # Switching to the computer keeps the game by link in the list; choosing "A friend by
    # link" again brings it back.
    again.table.settings_changed({"rules=full", "opponent=computer"}, {"match-length": "3"})
    assert again.page.state.friend is None and len(games_of(again.page.state).games) == 1
    again.table.settings_changed({"rules=full", "opponent=link"}, {"match-length": "3"})
    assert again.page.state.friend == ann.page.state.friend


def test_a_link_opened_during_a_game_against_the_computer_asks_before_replacing_it():
    ann = FriendGame.invite(Rules.full(match_length=3))
    bob = page(seed=1)
    bob.table.roll()  # a game against the computer under way
    bob.page.around.run()  # type: ignore[attr-defined]
    live = bob.page.state.session.game
    open_url(bob, link_url("http://127.0.0.1/index.html", ann))
    assert "notice" in surface_of(bob).dialogs
    assert bob.page.state.session.game == live and len(games_of(bob.page.state).games) == 1
    bob.notices.yes()
    assert bob.page.state.friend is not None and bob.page.state.waiting


@pytest.mark.slow
def test_the_whole_address_stays_under_2000_characters_at_turn_80():
    from tests.test_friend_link import play_match

    (ann, _), links = play_match(Rules.full(match_length=25), 6, rolls=85)
    page_url = "https://a-long-user-name.github.io/backgammon-in-the-browser/index.html"
    for text in links:
        game = FriendGame.from_data({**ann.to_data(), "last_link": text})
        assert len(link_url(page_url, game)) <= 2000
    assert sum(1 for g in ann.record.games for a in g if a.kind == "roll") >= 81


def test_settings_keep_the_rules_of_a_game_by_link():
    ann = page()
    choose_link(ann, length=3)
    rules = ann.page.state.session.game.rules
    ann.table.settings_changed({"rules=full", "opponent=link"}, {"match-length": "7"})
    assert ann.page.state.session.game.rules == rules  # the invitation fixed them
    assert "keeps its rules" in surface_of(ann).texts["rules-hint"]
    assert ann.page.state.friend is not None
    assert Settings().opponent == COMPUTER


def test_a_link_taken_in_another_tab_is_never_written_over():
    ann, bob, _ = start_match(seed=31)
    storage = ann.page.around.storage  # type: ignore[attr-defined]
    other_tab = page(storage=storage)  # the same browser: the same localStorage
    assert other_tab.page.state.friend == ann.page.state.friend
    open_url(other_tab, link_shown(bob))  # the friend's link opened in the other tab
    newer = other_tab.page.state.friend
    assert newer is not None and newer.seq > ann.page.state.friend.seq  # type: ignore[union-attr]
    # This tab, still showing the older game, saves something: the newer game is kept.
    ann.table.settings_changed({"rules=full", "opponent=link", "rotate"}, {"match-length": "3"})
    kept = json.loads(storage[GAMES_KEY])
    assert [game["seq"] for game in kept["games"]] == [newer.seq]
    ann.links.other_tab_saved(GAMES_KEY)  # the storage event: this tab follows
    assert ann.page.state.friend == newer
    assert surface_of(ann).texts["status"] == "Roll the dice to see who starts."


@pytest.mark.parametrize("seq", [float("inf"), "\u0661\u0662", "12", 1.0, True, None])
def test_another_tabs_games_with_a_count_that_is_not_one_are_left_aside(seq):
    # Issue 49: localStorage is another tab's or anyone's: a game whose link count is not a
    # whole number (JSON's 1e999 reads as infinity, digits of another script) is not read.
    ann, _, _ = start_match(seed=31)
    storage = ann.page.around.storage  # type: ignore[attr-defined]
    saved = json.loads(storage[GAMES_KEY])
    saved["games"][0]["seq"] = seq
    storage[GAMES_KEY] = json.dumps(saved)
    mine = ann.page.state.friend
    ann.links.other_tab_saved(GAMES_KEY)  # the storage event: nothing newer is taken
    assert ann.page.state.friend == mine


def test_the_friends_play_is_drawn_move_by_move_then_the_board_is_the_game(monkeypatch):
    fixed_secrets(monkeypatch, 5)
    rng = random.Random(2)
    ann, bob, _ = start_match(seed=7)
    open_url(ann, link_shown(bob))
    ann.table.roll()
    if not ann.page.state.waiting:
        play_part(ann, rng, double=0)
    sender, receiver = (ann, bob) if ann.page.state.waiting else (bob, ann)
    if receiver is ann:  # Bob starts: he plays first
        open_url(bob, link_shown(ann))
        play_part(bob, rng, double=0)
    around = receiver.page.around
    assert isinstance(around, FakeSurroundings)
    around.reduced_motion = False
    moments = []
    show = receiver.page.show
    receiver.page.show = lambda state, moment=None: (moments.append(moment), show(state, moment))  # type: ignore[method-assign]
    open_url(receiver, link_shown(sender))
    after = receiver.page.state
    assert len(around.pending) == 1
    around.run()
    moving = [m for m in moments if m is not None and m.moving is not None]
    last = after.session.last_play
    assert last is not None and len(moving) == len(last[1])  # each checker of the play
    assert receiver.page.state is after and not after.busy  # then the game as it stands
