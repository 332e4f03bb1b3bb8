"""The record on the page: kept through a reload, replayed by keyboard and move list,
shared as a whole-game link, exported and imported as a .mat file."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import Page, expect

from game.engine.record import Seat
from game.formats.game_link import format_game_link
from game.formats.mat import format_mat, parse_mat
from game.web.state.session import FRIEND, Session, Settings
from game.web.store import storage
from game.web.store.history import history_data, read_history
from tests.browser.pages import open_game
from tests.records import as_mat_keeps, played

SAVE_KEY = storage.KEY
HISTORY_KEY = storage.KEY + ".history"


def seed_storage(page: Page, record) -> None:
    """Save ``record``'s last state as the game and the record as its history."""
    session = Session(record.state, Settings(opponent=FRIEND)).after(record.state)
    page.goto("tools/bare/blank.html")
    page.evaluate(
        "([key, save, hkey, history]) => { localStorage.setItem(key, save);"
        " localStorage.setItem(hkey, history); }",
        [SAVE_KEY, storage.save_text(session), HISTORY_KEY, json.dumps(history_data(record))],
    )


def saved_history(page: Page):
    text = page.evaluate(f"() => localStorage.getItem({json.dumps(HISTORY_KEY)})")
    game = storage.load_text(page.evaluate(f"() => localStorage.getItem({json.dumps(SAVE_KEY)})"))
    return read_history(json.loads(text), game.game)


def positions(record) -> list:
    """Every position of the record (a saved play comes back as the generator's moves)."""
    return [state.position for state in record.replay()]


def board(page: Page) -> list[str]:
    return page.eval_on_selector_all(
        "#board circle.checker",
        "nodes => nodes.map(n => `${n.getAttribute('class')}@${n.getAttribute('cx')},"
        "${n.getAttribute('cy')}`).sort()",
    )


def mid_match(seed: int):
    """A self-played match cut at a roll late in its last game (friend mode can roll)."""
    record = played(seed)
    last = len(record.games)
    moments = [
        i for g, i, state in record.steps() if g == last and i and state.phase.value == "roll"
    ]
    return record.truncated(last, moments[len(moments) // 2])


@pytest.mark.timeout(900)  # three page loads on a busy machine
def test_play_reload_and_replay_by_keyboard(game_page: Page):
    record = mid_match(0)  # games of a 5-point match and part of the next
    seed_storage(game_page, record)
    open_game(game_page, "seed=4")
    assert positions(saved_history(game_page)) == positions(record)
    live = board(game_page)
    game_page.click("#roll")  # play: a friend's roll, kept in the history
    game_page.wait_for_function(
        f"() => JSON.parse(localStorage.getItem({json.dumps(HISTORY_KEY)})).game !== "
        f"{json.dumps(history_data(record)['game'])}"
    )
    kept = saved_history(game_page)
    assert (
        len(kept) == len(record) + 1
        and kept.truncated(len(record.games), len(record.games[-1])) == record
    )
    game_page.reload()
    game_page.wait_for_function("() => document.body.dataset.ready === 'true'", timeout=120_000)
    assert saved_history(game_page) == kept  # the history survives the reload
    live = board(game_page)
    game_page.click("#replay-toggle")
    expect(game_page.locator("#replay")).to_be_visible()
    expect(game_page.locator("#replay-where")).to_contain_text(f"Game {len(record.games)}")
    game_page.keyboard.press("Home")
    expect(game_page.locator("#review-turn")).to_have_text(re.compile(r"^Game 1, the start"))
    expect(game_page.locator("#replay-where")).to_contain_text("Game 1 of ")
    assert len(board(game_page)) == 30 and board(game_page) != live
    # Whole moves: each arrow goes from one entry of the move list to the next.
    entries = game_page.locator("#move-list .move-row .move")
    current = game_page.locator('#move-list [aria-current="step"]')
    game_page.keyboard.press("ArrowRight")
    expect(current).to_have_text(entries.nth(0).inner_text())
    game_page.keyboard.press("ArrowRight")
    expect(current).to_have_text(entries.nth(1).inner_text())
    game_page.keyboard.press("ArrowLeft")
    expect(current).to_have_text(entries.nth(0).inner_text())
    expect(game_page.locator("#review-turn")).to_contain_text("Game 1, turn 1 of ")
    # The move list jumps; "Back to the game" returns to the live board.
    game_page.locator("#move-list .move-row .move").nth(3).click()
    expect(game_page.locator('#move-list [aria-current="step"]')).to_have_count(1)
    game_page.click("#replay-live")
    expect(game_page.locator("#replay")).to_be_hidden()
    assert board(game_page) == live
    # A whole-game link beside this game in progress: shown at once, and neither game is
    # lost by a click: Back to the game keeps the shared one a click away, a reload shows it.
    shared = played(14)
    fragment = format_game_link(shared)
    game_page.evaluate(f"() => {{ window.location.hash = {fragment!r}; }}")
    expect(game_page.locator("#replay")).to_be_visible()
    expect(game_page.locator("#replay-where")).to_contain_text(f"Game {len(shared.games)}")
    assert board(game_page) != live
    game_page.click("#replay-live")
    assert board(game_page) == live
    expect(game_page.locator("#shared-kept")).to_be_visible()
    game_page.reload()
    game_page.wait_for_function("() => document.body.dataset.ready === 'true'", timeout=120_000)
    expect(game_page.locator("#replay")).to_be_visible()  # the shared game, shown again
    assert board(game_page) != live
    game_page.click("#replay-live")
    assert board(game_page) == live
    game_page.click("#shared-forget")  # asks first
    expect(game_page.locator("#notice")).to_be_visible()
    game_page.click("#notice-no")
    game_page.click("#shared-show")
    expect(game_page.locator("#replay")).to_be_visible()
    assert board(game_page) != live


@pytest.mark.timeout(600)  # a fresh context loads the runtime without a cache
def test_a_whole_game_link_opens_as_a_replay_in_a_fresh_context(game_page: Page):
    record = played(14)
    url = "index.html#" + format_game_link(record)
    other = game_page.context.browser.new_context(base_url=game_page.url.split("tools/")[0])
    page = other.new_page()
    page.goto(url)
    page.wait_for_function("() => document.body.dataset.ready === 'true'", timeout=300_000)
    expect(page.locator("#replay")).to_be_visible()
    expect(page.locator("#replay-where")).to_contain_text(f"Game {len(record.games)}")
    assert "#" not in page.url
    # No game of the visitor's own: the shared one is theirs at once, Back to the game too.
    page.click("#replay-live")
    expect(page.locator("#replay")).to_be_hidden()
    expect(page.locator("#status")).not_to_have_text("Roll the dice to see who starts.")
    page.reload()  # and a reload shows it again
    page.wait_for_function("() => document.body.dataset.ready === 'true'", timeout=300_000)
    text = page.evaluate(f"() => localStorage.getItem({json.dumps(SAVE_KEY)})")
    assert storage.load_text(text).game == record.state
    other.close()


def test_a_broken_whole_game_link_gives_a_message_and_a_normal_board(game_page: Page):
    game_page.goto("index.html#gnubgid=4HPwATDgc/ABMA:cAkAAAAAAAAA&game=1.3g..2.AT.B9")
    game_page.wait_for_function("() => document.body.dataset.ready === 'true'", timeout=90_000)
    expect(game_page.locator("#notice-text")).to_contain_text("does not hold a game")
    expect(game_page.locator("#replay")).to_be_hidden()
    assert game_page.locator("#board circle.checker").count() == 30


def test_export_then_import_the_match(game_page: Page, tmp_path):
    record = played(7)
    seed_storage(game_page, record)
    open_game(game_page)
    game_page.click("#replay-toggle")
    with game_page.expect_download() as download:
        game_page.click("#export-mat")
    path = tmp_path / "match.mat"
    download.value.save_as(path)
    exported = parse_mat(path.read_text())
    kept = as_mat_keeps(record)  # a .mat file leaves out refused resignations
    assert [s.position for s in exported.replay()] == [s.position for s in kept.replay()]
    game_page.click("#replay-live")
    # Import it back (a file), then by pasted text: it opens in the replay.
    game_page.set_input_files("#import-file", str(path))
    expect(game_page.locator("#replay")).to_be_visible()
    expect(game_page.locator("#replay-where")).to_contain_text(f"Game {len(record.games)}")
    game_page.fill("#import-text", format_mat(played(2)))
    game_page.click("#import-paste")
    expect(game_page.locator("#replay-where")).to_contain_text(f"Game {len(played(2).games)}")


def test_a_game_against_the_computer_is_reviewed_as_it_was_played(game_page: Page, tmp_path):
    # Saved under a friend's settings (the board turned to each mover), the record of a game
    # against the computer at its expert level: the review keeps the person at the bottom,
    # names the level, and the .mat file names it too.
    record = played(0)
    last = len(record.games)
    pink = [i for g, i, s in record.steps() if g == last and s.phase.value == "roll" and s.turn]
    record = record.truncated(last, pink[len(pink) // 2])  # the computer (Pink) to roll
    seed_storage(game_page, record.with_names(("You", "Computer")).with_levels((None, "expert")))
    open_game(game_page)
    expect(game_page.locator("#name-bottom")).to_have_text("Pink")  # the live board: turned
    game_page.click("#replay-toggle")
    expect(game_page.locator("#replay-where")).to_contain_text("You vs Computer (Expert)")
    expect(game_page.locator("#name-bottom")).to_have_text("You")
    expect(game_page.locator("#chip-bottom")).to_have_class("chip chip-cyan")
    expect(game_page.locator("#pips-text")).to_contain_text("You ")
    game_page.keyboard.press("t")  # the board in words: said of the record's players
    words = game_page.locator("#board-words")
    expect(words).to_contain_text("You play from the bottom, Computer from the top.")
    with game_page.expect_download() as download:
        game_page.click("#export-mat")
    path = tmp_path / "match.mat"
    download.value.save_as(path)
    assert parse_mat(path.read_text()).names == ("You", "Computer (expert)")
    game_page.click("#replay-live")
    game_page.set_input_files("#import-file", str(path))  # the page's own file: as played
    expect(game_page.locator("#replay-where")).to_contain_text("You vs Computer (Expert)")
    expect(game_page.locator("#name-bottom")).to_have_text("You")


def test_importing_a_broken_file_names_the_game_and_move(game_page: Page, tmp_path):
    record = played(0)
    seed_storage(game_page, record)
    open_game(game_page)
    before = saved_history(game_page)
    lines = format_mat(played(3)).splitlines()
    at = next(i for i, line in enumerate(lines) if line.strip().startswith("2)"))
    lines[at] = lines[at].replace(":", ": 1/0 1/0", 1)
    path = tmp_path / "broken.mat"
    path.write_text("\n".join(lines) + "\n")
    game_page.click("#replay-toggle")
    game_page.set_input_files("#import-file", str(path))
    expect(game_page.locator("#notice-text")).to_contain_text("game 1 move 2")
    expect(game_page.locator("#notice-text")).to_contain_text("Nothing was imported")
    assert saved_history(game_page) == before  # the game and its history are untouched


def test_a_match_file_in_utf16_or_latin1_is_read_as_the_command_lines_read_it(game_page: Page):
    # Windows' "Unicode" (UTF-16 with its mark) chosen, an old archive's Latin-1 dropped: both
    # read with their names whole, where File.text() read UTF-8 only.
    record = played(7).with_names(("Jürgen", "Ørsted"))
    seed_storage(game_page, played(0))
    open_game(game_page)
    game_page.click("#replay-toggle")
    text = format_mat(record)
    game_page.set_input_files(
        "#import-file",
        files=[{"name": "u.mat", "mimeType": "text/plain", "buffer": text.encode("utf-16")}],
    )
    expect(game_page.locator("#replay-where")).to_contain_text("Jürgen vs Ørsted")
    expect(game_page.locator("#replay-where")).to_contain_text(f"Game {len(record.games)}")
    game_page.click("#replay-live")
    game_page.evaluate(
        """(codes) => {
            const data = new DataTransfer();
            data.items.add(new File([new Uint8Array(codes)], 'l.mat', {type: 'text/plain'}));
            const board = document.querySelector('#board');
            board.dispatchEvent(new DragEvent('drop', {dataTransfer: data, bubbles: true,
                cancelable: true}));
        }""",
        list(format_mat(record.with_names(("Åsa", "Jürgen"))).encode("latin-1")),
    )
    expect(game_page.locator("#replay-where")).to_contain_text("Åsa vs Jürgen")


def test_a_huge_file_dropped_on_the_board_is_refused_without_reading_it_all(game_page: Page):
    # A film dropped by mistake: only the first bytes that can tell it is too large are read,
    # where the whole file was read into the page's memory first (a tab can run out of it).
    seed_storage(game_page, played(0))
    open_game(game_page)
    read = game_page.evaluate(
        """() => {
            const file = new File([new Uint8Array(64 * 1024 * 1024)], 'film.mat');
            let asked = 0;
            for (const name of ['arrayBuffer', 'text']) {
                const own = file[name].bind(file);
                file[name] = () => { asked = file.size; return own(); };
            }
            const slice = file.slice.bind(file);
            file.slice = (start, end) => { asked = Math.min(end, file.size) - start;
                return slice(start, end); };
            // The file itself, not the copy a DataTransfer would hold, so its reads are seen.
            const drop = new DragEvent('drop', {bubbles: true, cancelable: true});
            const files = {length: 1, item: () => file};
            Object.defineProperty(drop, 'dataTransfer', {value: {files}});
            document.querySelector('#board').dispatchEvent(drop);
            return new Promise(done => setTimeout(() => done(asked), 3000));
        }"""
    )
    expect(game_page.locator("#notice-text")).to_contain_text("too large to be a match file")
    assert 0 < read <= 8 * 1024 * 1024, read


# The top of each control that says or steps the review, less the bottom of the sticky rooms
# above them (a control under the rooms cannot be read or pressed).
BELOW_THE_ROOMS = """() => {
    const rooms = document.querySelector('.rooms').getBoundingClientRect().bottom;
    return ['#review-turn', '#replay-back', '#replay-forward']
        .map(s => document.querySelector(s).getBoundingClientRect().top - rooms + 0.5);
}"""


def test_the_replay_fits_a_phone(game_page: Page):
    game_page.set_viewport_size({"width": 375, "height": 667})
    seed_storage(game_page, played(0))
    open_game(game_page)
    game_page.click("#replay-toggle")
    width = game_page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= 375
    for control in ("#replay-back", "#replay-forward", "#replay-live", "#replay-play-on"):
        expect(game_page.locator(control)).to_be_visible()
    # The move list follows each step in its own box: the banner and the step buttons stay
    # where the finger is, never scrolled up under the sticky rooms.
    for key in ("End", "ArrowLeft", "ArrowLeft", "Home", "ArrowRight"):
        game_page.keyboard.press(key)
        assert min(game_page.evaluate(BELOW_THE_ROOMS)) >= 0, key
        current = game_page.locator("#move-list [aria-current='step']")
        if current.count():
            box, row = game_page.locator("#move-list").bounding_box(), current.bounding_box()
            assert box and row and box["y"] - 1 <= row["y"] <= box["y"] + box["height"], key


def test_sgf_export_import_paste_and_drop_on_the_board(game_page: Page, tmp_path):
    from game.formats.sgf import format_sgf, parse_sgf

    record = played(7)
    seed_storage(game_page, record)
    open_game(game_page)
    game_page.click("#replay-toggle")
    with game_page.expect_download() as download:
        game_page.click("#export-sgf")
    path = tmp_path / "match.sgf"
    download.value.save_as(path)
    exported = parse_sgf(path.read_text())
    kept = as_mat_keeps(record)  # an .sgf file, like a .mat file, leaves out refused resignations
    assert [s.position for s in exported.replay()] == [s.position for s in kept.replay()]
    game_page.click("#replay-live")
    # Read back in the worker: as a file, pasted, and dropped onto the board.
    game_page.set_input_files("#import-file", str(path))
    expect(game_page.locator("#replay-where")).to_contain_text(f"Game {len(record.games)}")
    expect(game_page.locator("#import-status")).to_be_hidden()
    game_page.fill("#import-text", format_sgf(played(2)))
    game_page.click("#import-paste")
    expect(game_page.locator("#replay-where")).to_contain_text(f"Game {len(played(2).games)}")
    dropped = format_mat(played(5))  # one game: told apart from the 3 games pasted
    game_page.evaluate(
        """(text) => {
            const data = new DataTransfer();
            data.items.add(new File([text], 'dropped.mat', {type: 'text/plain'}));
            const board = document.querySelector('#board');
            board.dispatchEvent(new DragEvent('dragover', {dataTransfer: data, bubbles: true,
                cancelable: true}));
            board.dispatchEvent(new DragEvent('drop', {dataTransfer: data, bubbles: true,
                cancelable: true}));
        }""",
        dropped,
    )
    expect(game_page.locator("#review-turn")).to_contain_text(f"Game {len(played(5).games)},")


def seat_storage(page: Page, record, settings: Settings) -> None:
    """``record`` saved as the history of a game played on under ``settings``."""
    session = Session(record.state, settings).after(record.state)
    page.goto("tools/bare/blank.html")
    page.evaluate(
        "([key, save, hkey, history]) => { localStorage.setItem(key, save);"
        " localStorage.setItem(hkey, history); }",
        [SAVE_KEY, storage.save_text(session), HISTORY_KEY, json.dumps(history_data(record))],
    )


def test_a_match_is_reviewed_game_by_game_as_its_players_sat(game_page: Page, tmp_path):
    # Game 1 between two friends at this screen, the board not turned; game 2 against the
    # computer at Expert. Reviewed under a friend's settings that turn the board now.
    match = next(r for r in (played(seed) for seed in range(9)) if len(r.games) > 1)
    record = match.truncated(1, len(match.games[0])).with_seats((((1, 0), Seat(turned=False)),))
    you = Seat(("You", "Computer"), (None, "expert"))
    record = record.next_game().seated(you).extend(match.games[1])
    seat_storage(game_page, record, Settings(opponent=FRIEND, rotate=True))
    open_game(game_page)
    game_page.click("#replay-toggle")
    game_page.keyboard.press("Home")
    where = game_page.locator("#replay-where")
    expect(where).to_contain_text("Game 1 of")
    expect(where).not_to_contain_text("Computer")
    for _step in range(4):  # both friends' turns: the board never turns
        game_page.keyboard.press("ArrowRight")
        expect(game_page.locator("#name-bottom")).to_have_text("Cyan")
    game_page.keyboard.press("End")
    expect(where).to_contain_text("You vs Computer (Expert)")
    expect(game_page.locator("#name-bottom")).to_have_text("You")
    headings = game_page.locator("#move-list h3")
    expect(headings.nth(0)).to_contain_text("Cyan")
    expect(headings.nth(1)).to_contain_text("Computer (Expert)")
    with game_page.expect_download() as download:
        game_page.click("#export-mat")
    path = tmp_path / "match.mat"
    download.value.save_as(path)
    text = path.read_text()
    assert "Cyan : 0" in text.split(" Game 2")[0] and "Computer (expert) :" in text


def test_a_friend_taking_over_from_the_computer_is_shared_as_it_happened(game_page: Page):
    # Against the computer at Expert, the person to roll: switched to a friend at this screen,
    # then shared. The link opens as the review (the computer's moves the computer's, the
    # friends from the end) and plays on between friends, as vs=friend says.
    record = played(0).truncated(1, 6).with_names(("You", "Computer"))
    record = record.with_levels((None, "expert"))
    seat_storage(game_page, record, Settings(level="expert", rules="full"))
    open_game(game_page)
    game_page.click("#settings-toggle")
    game_page.check('input[name="opponent"][value="friend"]')
    game_page.click("#settings-done")
    game_page.click("#share")
    expect(game_page.locator("#notice-url")).to_have_value(re.compile(r"&seats="))
    url = game_page.input_value("#notice-url")
    assert "&vs=friend" in url and "&names=Cyan,Pink" in url
    other = game_page.context.browser.new_context(base_url=game_page.url.split("tools/")[0])
    page = other.new_page()
    page.goto(url)
    page.wait_for_function("() => document.body.dataset.ready === 'true'", timeout=300_000)
    where = page.locator("#replay-where")
    expect(where).to_contain_text("Cyan vs Pink")  # who plays on from here
    page.locator("#replay-where").click()
    page.keyboard.press("Home")
    expect(where).to_contain_text("You vs Computer (Expert)")
    expect(page.locator("#move-list h3").first).to_contain_text("Computer (Expert) \u2192 Pink")
    page.keyboard.press("End")
    page.click("#replay-play-on")
    expect(page.locator("#replay")).to_be_hidden()
    expect(page.locator("#status")).not_to_contain_text("computer")
    page.click("#settings-toggle")  # and the page plays on between friends
    expect(page.locator('input[name="opponent"][value="friend"]')).to_be_checked()
    other.close()
