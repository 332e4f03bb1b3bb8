"""embed.html's modes inside frames of a page on another origin (another port of 127.0.0.1):
five embeds with their own state, a puzzle solved and revealed, a replay stepped with the
keyboard, a live game, hostile addresses, the height told to the parent, and the main page's
Share -> Embed snippet and Open… box.

The parent pages are served by a second small server (tools/build/serve.py without the CSP); each
page is booted once per module and its frames are shared by the tests that only read them.
"""

from __future__ import annotations

import html
import json
import random
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, Frame, Page, expect

from game.analysis.selfplay import RandomPlayer, self_play
from game.engine.match import Rules
from game.web.sharing import snippet
from tests.browser.pages import READY_TIMEOUT_MS, clear_site_storage, open_game
from tools.build.server import serve_in_thread

START_62 = "4HPwATDgc/ABMA:cAkLAAAAAAAA"  # the start, Pink to play 6-2 (money, full rules)
START_ROLL = "4HPwATDgc/ABMA:cAkAAAAAAAAA"  # the start, Pink on roll, cube centred
XGID_52 = "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:3:0:10"
XGID_52_CYAN = "XGID=-b----E-C---eE---c-e----B-:0:0:-1:52:0:0:3:0:10"  # the top side on roll
MATCH = "tests/data/mat/gnubg_export.mat"
HOSTILE_ID = "%3Cscript%3Ealert(1)%3C/script%3E"
HOSTILE_CAPTION = "%3Cimg%20src%3Dx%20onerror%3D%22parent.hacked%3D1%22%3E"

# The two lines docs/embedding.md gives embedding sites: fit each frame to the height it reports.
PARENT_SCRIPT = (
    'addEventListener("message", (e) => { for (const f of document.querySelectorAll("iframe"))'
    ' if (f.contentWindow === e.source && e.data && e.data.type === "backgammon-embed:height")'
    ' f.style.height = e.data.height + "px"; });'
)


def frames_page(site: str, addresses: list[tuple[str, str]]) -> str:
    """A blog post holding one frame per (name, embed address)."""
    frames = "\n".join(
        f'<h2>{name}</h2><iframe name="{name}" src="{html.escape(site + "embed.html" + address)}"'
        f' width="480" height="200" title="{name}"></iframe>'
        for name, address in addresses
    )
    return (
        "<!doctype html><meta charset=utf-8><title>A backgammon blog</title>"
        f"<body>{frames}<script>{PARENT_SCRIPT}</script></body>"
    )


POST = [
    ("diagram", f"?mode=diagram&play=24/18%2013/11&caption=The%20opening%206-2#gnubgid={START_62}"),
    ("xgid", f"?mode=diagram&flip=1&theme=light#xgid={XGID_52}"),
    ("puzzle-a", f"?mode=puzzle&plies=1&id=a#gnubgid={START_62}"),
    ("puzzle-b", f"?mode=puzzle&plies=1&id=b#gnubgid={START_62}"),
    ("replay", f"?mode=replay&mat={MATCH}"),
]
SECOND = [
    ("play", f"?mode=play&vs=friend#xgid={XGID_52}"),
    ("cube", f"?mode=puzzle&plies=1#gnubgid={START_ROLL}"),
    (
        "hostile",
        f"?mode=diagram&caption={HOSTILE_CAPTION}#gnubgid=%3Cscript%3Ealert(1)%3C/script%3E",
    ),
    ("hostile-theme", "?mode=replay&theme=%22%3E%3Cscript%3E&mat=..%2F..%2Fetc%2Fpasswd.mat"),
    ("unicode", "?mode=replay&mat=tests/data/embed/notepad-unicode.mat"),
]

BLOCKED = [("blocked", f"?mode=puzzle&plies=1#gnubgid={START_62}")]


@pytest.fixture(scope="module")
def parent_site(site: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    root: Path = tmp_path_factory.mktemp("parent")
    (root / "post.html").write_text(frames_page(site, POST), encoding="utf-8")
    (root / "second.html").write_text(frames_page(site, SECOND), encoding="utf-8")
    (root / "blocked.html").write_text(frames_page(site, BLOCKED), encoding="utf-8")
    server, url = serve_in_thread(root=root, csp=False)
    assert url != site  # another port: another origin
    yield url
    server.shutdown()
    server.server_close()


def wait_frames(page: Page, names: list[str]) -> dict[str, Frame]:
    found: dict[str, Frame] = {}
    for name in names:
        frame = page.frame(name=name)
        assert frame is not None, name
        try:
            frame.wait_for_function(
                "() => document.body && (document.body.dataset.ready === 'true'"
                " || document.body.dataset.error !== undefined)",
                timeout=READY_TIMEOUT_MS * 2,
                polling=200,  # not rAF: Chromium pauses it in cross-origin frames off screen
            )
        except Exception:
            state = frame.evaluate("() => JSON.stringify(document.body.dataset)")
            pytest.fail(f"{name} did not start: {state} {frame.url}")
        assert frame.evaluate("() => document.body.dataset.error") is None, name
        found[name] = frame
    return found


@pytest.fixture(scope="module")
def post(shared_context: BrowserContext, parent_site: str) -> Iterator[Page]:
    page = shared_context.new_page()
    clear_site_storage(page)
    page.goto(parent_site + "post.html")
    wait_frames(page, [name for name, _ in POST])
    yield page
    page.close()


def wait_revealed(frame: Frame) -> None:
    """Wait for a puzzle's ranking (the computer's worker may still be starting)."""
    try:
        frame.wait_for_function(
            "() => document.body.dataset.revealed === 'true'",
            timeout=READY_TIMEOUT_MS,
            polling=200,
        )
    except Exception:
        state = frame.evaluate("() => JSON.stringify(document.body.dataset)")
        status = frame.locator("#status").inner_text()
        pytest.fail(f"the puzzle was not revealed: {state} {status!r}")


def frame(page: Page, name: str) -> Frame:
    found = page.frame(name=name)
    assert found is not None
    return found


def test_a_diagram_draws_the_position_its_play_and_words_for_screen_readers(post: Page):
    diagram = frame(post, "diagram")
    assert diagram.locator("#board circle.checker").count() == 30
    assert diagram.locator("#board .trail").count() == 1  # the play's arrows
    words = diagram.locator("#embed-text").inner_text()
    assert "Pink to play 6-2." in words and "Left to go: Pink 167, Cyan 167." in words
    assert "The play: 24/18 13/11." in words
    expect(diagram.locator("#embed-caption")).to_have_text("The opening 6-2")
    expect(diagram.locator("#embed-pips-text")).to_have_text("Pink 167 · Cyan 167")
    assert diagram.locator("#actions").is_hidden()  # no controls
    # Drawn by the runtime the page's frames share; a puzzle boots its own Python.
    assert diagram.evaluate("() => document.body.dataset.runtime") == "shared"
    assert frame(post, "puzzle-a").evaluate("() => document.body.dataset.runtime") == "own"
    # From an XGID, flipped (the side on roll at the top), in light colours.
    xgid = frame(post, "xgid")
    assert "Cyan plays from the bottom" in xgid.locator("#embed-text").inner_text()
    assert xgid.evaluate("() => document.documentElement.dataset.theme") == "light"


def test_each_frame_tells_the_parent_its_height(post: Page):
    post.wait_for_function(
        "() => [...document.querySelectorAll('iframe')].every(f => parseInt(f.style.height) > 250)",
        polling=200,
    )
    heights = post.evaluate(
        "() => Object.fromEntries([...document.querySelectorAll('iframe')]"
        ".map(f => [f.name, parseInt(f.style.height)]))"
    )
    assert all(250 < height < 1200 for height in heights.values()), heights


def test_a_puzzle_solved_is_revealed_and_kept_apart_from_the_other_puzzle(post: Page):
    solved, other = frame(post, "puzzle-a"), frame(post, "puzzle-b")
    for point in ("24", "18", "13", "11"):
        solved.click(f'#board [data-target="{point}"]')
    expect(solved.locator("#confirm")).to_be_enabled()
    solved.click("#confirm")
    wait_revealed(solved)
    expect(solved.locator("#puzzle-summary")).to_contain_text("Your play, 24/18 13/11")
    ranking = solved.locator("#puzzle-ranking li")
    assert ranking.count() >= 5
    expect(solved.locator("#puzzle-ranking li.chosen")).to_contain_text("24/18 13/11")
    expect(ranking.first).to_contain_text(re.compile(r"[+-]\d\.\d{3}"))  # equities shown
    # The other puzzle of the same position has its own state: untouched.
    assert other.evaluate("() => document.body.dataset.revealed") is None
    keys = solved.evaluate("() => Object.keys(localStorage)")
    key_a = solved.evaluate("() => document.body.dataset.embedKey")
    key_b = other.evaluate("() => document.body.dataset.embedKey")
    assert key_a != key_b and key_a + ".puzzle" in keys and key_b + ".puzzle" not in keys
    assert "backgammon.save" not in keys  # the main page's game is never touched


def test_a_replay_steps_with_buttons_and_the_keyboard(post: Page):
    replay = frame(post, "replay")
    where = replay.locator("#embed-where")
    expect(where).to_contain_text("Game 1, move 0 of")
    assert replay.locator("#embed-back").is_disabled()
    replay.click("#embed-forward")
    expect(where).to_contain_text("move 1 of")
    replay.locator("#embed-where").click()  # the keyboard goes to the frame
    replay.press("body", "ArrowRight")
    expect(where).to_contain_text("move 2 of")
    replay.press("body", "ArrowLeft")
    expect(where).to_contain_text("move 1 of")
    replay.press("body", "End")
    expect(where).to_contain_text("Game 5")
    assert replay.locator("#embed-forward").is_disabled()
    replay.press("body", "Home")
    expect(where).to_contain_text("Game 1, move 0 of")


def test_five_embeds_come_back_with_their_own_state(post: Page, parent_site: str):
    frame(post, "replay").click("#embed-forward")
    expect(frame(post, "replay").locator("#embed-where")).to_contain_text("move 1 of")
    post.reload(wait_until="load")  # the frames of before are gone
    frames = wait_frames(post, [name for name, _ in POST])
    expect(frames["replay"].locator("#embed-where")).to_contain_text("move 1 of")
    wait_revealed(frames["puzzle-a"])
    assert frames["puzzle-b"].evaluate("() => document.body.dataset.revealed") is None
    assert frames["diagram"].locator("#board .trail").count() == 1


@pytest.fixture(scope="module")
def second(shared_context: BrowserContext, parent_site: str) -> Iterator[Page]:
    page = shared_context.new_page()
    page.on("dialog", lambda dialog: pytest.fail(f"a dialog opened: {dialog.message}"))
    page.goto(parent_site + "second.html")
    wait_frames(page, [name for name, _ in SECOND])
    yield page
    page.close()


def test_a_live_game_from_a_position_with_two_players(second: Page):
    play = frame(second, "play")
    expect(play.locator("#status")).to_contain_text("Pink rolled 5-2")
    key = play.evaluate("() => document.body.dataset.embedKey")
    play.click('#board [data-target="13"]')
    play.click('#board [data-target="8"]')
    stored = play.evaluate(f"() => localStorage.getItem({key!r})")
    assert stored and json.loads(stored)


def test_a_cube_puzzle_is_answered_with_buttons(second: Page):
    cube = frame(second, "cube")
    assert cube.locator("#actions").is_hidden()
    cube.click("#puzzle-double")
    wait_revealed(cube)
    expect(cube.locator("#puzzle-summary")).to_contain_text("Doubling gives up")
    expect(cube.locator("#puzzle-ranking li").first).to_have_text("No double")


def test_hostile_addresses_show_a_message_in_the_frame_and_nothing_runs(second: Page):
    hostile = frame(second, "hostile")
    expect(hostile.locator("#embed-message")).to_contain_text("This embed cannot be shown")
    expect(hostile.locator("#embed-message")).to_contain_text("the position cannot be read")
    assert hostile.locator("img, script:not([src]):not([type])").count() == 0
    assert hostile.locator(".board-wrap").is_hidden()  # the message, not a board loading
    theme = frame(second, "hostile-theme")
    expect(theme.locator("#embed-message")).to_contain_text("theme must be")
    assert second.evaluate("() => window.hacked") is None
    assert second.title() == "A backgammon blog"  # the host page is untouched


def test_a_replay_of_a_match_file_saved_as_utf16_by_notepad(second: Page):
    # Fetched as UTF-8 (response.text()), the file was refused as no match file.
    unicode = frame(second, "unicode")
    expect(unicode.locator("#embed-where")).to_contain_text("Game 1, move 0 of 36")
    expect(unicode.locator("#embed-pips-text")).to_have_text("Jürgen 167 · Pink 167")


def test_an_embed_in_a_cross_site_frame_without_storage_works_and_says_not_saved(
    shared_context: BrowserContext, parent_site: str
):
    page = shared_context.new_page()
    # localhost and 127.0.0.1 are different sites: the frame is third-party, and this
    # Chromium gives third-party frames no storage.
    page.goto(parent_site.replace("127.0.0.1", "localhost") + "blocked.html")
    blocked = wait_frames(page, ["blocked"])["blocked"]
    assert blocked.evaluate("() => document.body.dataset.storage") == "blocked"
    expect(blocked.locator("#embed-message")).to_contain_text("Not saved")
    blocked.click('#board [data-target="24"]')
    blocked.click('#board [data-target="18"]')
    expect(blocked.locator("#status")).to_contain_text("1 more to play")
    page.close()


def test_share_embed_writes_a_snippet_that_shows_the_position_and_open_takes_an_xgid(
    game_page: Page, site: str
):
    open_game(game_page, "seed=3")
    game_page.click("#open-toggle")
    game_page.fill("#open-text", "not a position")
    game_page.click("#open-go")
    expect(game_page.locator("#open-problem")).to_contain_text("not a gnubg ID")
    game_page.fill("#open-text", XGID_52_CYAN)
    game_page.click("#open-go")
    expect(game_page.locator("#status")).to_contain_text("You rolled 5-2")
    pips = game_page.locator("#pips-text").inner_text()
    game_page.click("#share")
    game_page.click("#notice-embed")
    expect(game_page.locator("#embed-dialog")).to_be_visible()
    game_page.fill("#embed-caption-input", "From the page <b>")
    code = game_page.locator("#embed-code").input_value()
    assert code.startswith("<iframe src=") and "<b>" not in code
    assert game_page.locator("#embed-preview svg circle.checker").count() == 30
    game_page.check('input[name="embed-mode"][value="puzzle"]')
    expect(game_page.locator("#embed-code")).to_have_value(re.compile(r"\?mode=puzzle"))
    # The picture: one SVG with no script, previewed as itself, downloaded as .svg and .png.
    expect(game_page.locator("#embed-svg")).to_be_hidden()
    game_page.check('input[name="embed-mode"][value="picture"]')
    expect(game_page.locator("#embed-code")).to_have_value(re.compile(r"^<svg xmlns="))
    picture = game_page.locator("#embed-code").input_value()
    assert "<script" not in picture and "From the page &lt;b&gt;" in picture
    preview = game_page.locator('#embed-preview > svg[role="img"]')
    expect(preview).to_have_count(1)
    assert preview.locator("circle.checker").count() == 30
    assert "to play 5-2" in (preview.locator("desc").text_content() or "")
    with game_page.expect_download() as svg_download:
        game_page.click("#embed-svg")
    path = svg_download.value.path()
    assert svg_download.value.suggested_filename == "backgammon-diagram.svg"
    assert Path(path).read_text(encoding="utf-8") == picture
    with game_page.expect_download() as png_download:
        game_page.click("#embed-png")
    assert png_download.value.suggested_filename == "backgammon-diagram.png"
    png = Path(png_download.value.path()).read_bytes()
    assert png[:8] == b"\x89PNG\r\n\x1a\n" and len(png) > 20_000  # drawn, not blank
    width = int.from_bytes(png[16:20], "big")
    assert width == 960  # twice the picture's 480
    game_page.check('input[name="embed-mode"][value="diagram"]')
    expect(game_page.locator("#embed-svg")).to_be_hidden()
    code = game_page.locator("#embed-code").input_value()
    src = html.unescape(code.split('src="', 1)[1].split('"', 1)[0])
    assert src.startswith(site + "embed.html?mode=diagram")
    game_page.goto(src)
    game_page.wait_for_function("() => document.body.dataset.ready === 'true'")
    expect(game_page.locator("#embed-caption")).to_have_text("From the page <b>")
    words = game_page.locator("#embed-text").inner_text()
    assert "to play 5-2" in words
    mine, theirs = (part.rsplit(" ", 1)[1] for part in pips.split(" · "))
    assert mine in words and theirs in words


def test_a_replay_of_a_game_played_on_pink_keeps_pink_at_the_bottom(game_page: Page, site: str):
    # A game played by link on Pink, embedded as Share writes it: the person's side at the
    # bottom, as the review shows it (told by its colour); flip=1 turns it the other way up.
    record = self_play(Rules.full(), random.Random(1), RandomPlayer(random.Random(2)))
    record = record.with_names(("Friend", "You"))
    fragment = snippet.embed_fragment("replay", record.state, record, "computer")
    for flip, bottom in (("", "Pink plays from the bottom"), ("&flip=1", "Cyan plays from")):
        game_page.goto(f"{site}embed.html?mode=replay{flip}#{fragment}")
        game_page.wait_for_function("() => document.body.dataset.ready === 'true'")
        expect(game_page.locator("#embed-text")).to_contain_text(bottom)
