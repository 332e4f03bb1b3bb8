"""A friend anywhere, by link, in Chromium: two separate browsers (two contexts, two
localStorages) play a 3-point match by exchanging the links their pages show; a tampered
and a replayed link are refused on the way with the game intact; the match is a normal
record afterwards (the review's .mat export).

The match is kept short by the cube and a resignation: the first player who may double
doubles and is taken, the taker redoubles and is passed (2 points); in the Crawford game the
trailing player resigns a single game and the leader accepts (3 points). Plays are made by
clicks on the board (the first checker that can move, its first landing point)."""

from __future__ import annotations

import json
import re
from pathlib import Path

from playwright.sync_api import Page, expect

from game.engine.state import Phase
from game.formats.mat import parse_mat
from game.web.link_play.games import FriendGames
from game.web.link_play.room import GAMES_KEY
from game.web.state.session import LINK, Session
from game.web.store import storage
from tests.browser.pages import open_game
from tests.browser.test_game import move_once
from tests.browser.test_rooms import AXE


def session_of(page: Page) -> Session:
    text = page.evaluate(f"() => localStorage.getItem({json.dumps(storage.KEY)})")
    return storage.load_text(text)


def kept_games(page: Page) -> FriendGames:
    text = page.evaluate(f"() => localStorage.getItem({json.dumps(GAMES_KEY)})")
    return FriendGames.from_data(json.loads(text))


def link_of(page: Page) -> str:
    """The link the page shows to send (its whole address)."""
    expect(page.locator("#link-out")).to_be_visible()
    url = page.input_value("#link-url")
    assert "#friend=F1." in url and len(url) <= 2000
    return url


def deliver(page: Page, url: str) -> None:
    """The friend opens the link: the page's address takes its fragment, the page reads it."""
    page.evaluate("url => { window.location.hash = new URL(url).hash; }", url)
    page.wait_for_function("() => window.location.hash === ''")


def refused(page: Page, url: str, why: str) -> None:
    """A bad link: refused in words, the game on the board and the games kept unchanged."""
    before = session_of(page)
    kept = page.evaluate(f"() => localStorage.getItem({json.dumps(GAMES_KEY)})")
    deliver(page, url)
    expect(page.locator("#notice")).to_be_visible()
    expect(page.locator("#notice-text")).to_contain_text("This link was refused")
    expect(page.locator("#notice-text")).to_contain_text(why)
    page.click("#notice-yes")
    assert session_of(page).game == before.game
    assert page.evaluate(f"() => localStorage.getItem({json.dumps(GAMES_KEY)})") == kept


def play_part(page: Page, score: tuple[int, int]) -> None:
    """This side's part of the turn by clicks, until its page shows a link to send
    (``score``: the match's score, player 0's first)."""
    for _ in range(30):
        if page.locator("#link-out").is_visible():
            return
        # The friend's play may still be drawn move by move: the table waits for it.
        expect(page.locator("#board")).not_to_have_class(re.compile(r"\bbusy\b"))
        session = session_of(page)
        game = session.game
        me = session.link_side
        if page.locator("#take").is_visible():
            page.click("#take" if game.cube.value == 1 else "#pass")
        elif page.locator("#accept").is_visible():
            page.click("#accept")
        elif game.crawford and game.phase in (Phase.ROLL, Phase.MOVE) and score[me] < 2:
            page.click("#resign")  # the trailing player gives the Crawford game up
            page.click("#resign-1")
        elif page.locator("#double").is_visible() and game.cube.owner in (None, me):
            page.click("#double")
        elif session.turn is not None:
            move_once(page)
            if page.locator("#confirm").is_enabled():
                page.click("#confirm")
        elif page.locator("#next-game").is_visible() and page.locator("#next-game").is_enabled():
            page.click("#next-game")
        elif page.locator("#roll").is_visible() and page.locator("#roll").is_enabled():
            page.click("#roll")
        else:
            raise AssertionError(f"nothing to do: {page.inner_text('#status')}")
        page.wait_for_timeout(50)
    raise AssertionError(f"stuck: {page.inner_text('#status')}")


def test_two_browsers_play_a_match_by_links_refusing_tampered_and_replayed_ones(
    game_page: Page, base_url: str
):
    ann = game_page
    other = ann.context.browser.new_context(base_url=base_url)  # its own localStorage
    bob = other.new_page()
    open_game(ann, "pace=0")
    open_game(bob, "pace=0")
    # Ann: Settings -> full rules, a match to 3, a friend anywhere by link.
    ann.click("#settings-toggle")
    ann.check('input[name="rules"][value="full"]')
    ann.select_option("#match-length", "3")
    ann.check("#auto-confirm")
    ann.check('input[name="opponent"][value="link"]')
    ann.click("#settings-done")
    expect(ann.locator("#status")).to_contain_text("invites them")
    pages = [ann, bob]
    links = [link_of(ann)]
    deliver(bob, links[0])  # Bob joins: his page answers with its part of the opening roll
    expect(bob.locator("#status")).to_contain_text("lets them roll")
    turn = 1  # whose link goes next: Bob's
    tested = set()
    for _ in range(100):
        sender, receiver = pages[turn], pages[1 - turn]
        url = link_of(sender)
        links.append(url)
        if "tampered" not in tested and len(links) > 4:
            tested.add("tampered")
            head, tail = url[:-3], url[-3:]
            changed = head + ("A" if tail[0] != "A" else "B") + tail[1:]
            refused(receiver, changed, "changed after it was made")
        deliver(receiver, url)
        if "replayed" not in tested and len(links) > 5:
            tested.add("replayed")
            refused(receiver, url, "earlier turn")
        game = session_of(receiver).game
        if game.phase is Phase.MATCH_OVER:
            break
        play_part(receiver, game.score)
        turn = 1 - turn
        if session_of(receiver).game.phase is Phase.MATCH_OVER:
            deliver(sender, link_of(receiver))  # the last link shows the friend the end
            break
    assert tested == {"tampered", "replayed"}
    records = [kept_games(page).games[0].record for page in pages]
    assert records[0] == records[1]  # the same match on both sides, every action
    games = [session_of(page).game for page in pages]
    assert all(game.phase is Phase.MATCH_OVER for game in games)
    assert games[0].score == games[1].score == records[0].state.score
    assert max(games[0].score) >= 3 and len(records[0].games) >= 2
    kinds = {action.kind for game in records[0].games for action in game}
    assert {"roll", "play", "double", "take", "pass", "resign", "accept"} <= kinds
    for page in pages:
        assert session_of(page).settings.opponent == LINK
        expect(page.locator("#ending-title")).to_contain_text("the match")
    expect(ann.locator("#link-games")).to_contain_text("match over")
    # The panel of games by link, its list open: axe-core finds nothing serious in it.
    ann.click("#link-games-title")
    expect(ann.locator("#link-new")).to_be_visible()
    ann.evaluate(AXE.read_text(encoding="utf-8"))
    violations = ann.evaluate(
        """async () => (await axe.run('#link-panel', {resultTypes: ['violations']})).violations
            .map(v => ({id: v.id, impact: v.impact, nodes: v.nodes.map(n => n.target)}))"""
    )
    assert not [v for v in violations if v["impact"] in ("serious", "critical")], violations
    # Afterwards a normal record: the review's .mat export holds the whole match.
    ann.click("#replay-toggle")
    expect(ann.locator("#move-list")).to_contain_text("Game 2")
    with ann.expect_download() as download:
        ann.click("#export-mat")
    text = Path(download.value.path()).read_text(encoding="utf-8")
    assert parse_mat(text).state.score == games[0].score
    other.close()
