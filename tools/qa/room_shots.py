"""Screenshots of the page's rooms at the sizes players have, for docs/rooms/.

    python3 -m tools.qa.room_shots                   # every room at every size, into docs/rooms
    python3 -m tools.qa.room_shots --out /tmp/rooms --sizes 375x667,1280x800
    python3 -m tools.qa.room_shots --rooms train      # only the train room

The rooms: the table (a game in play, the computer's last play drawn), the review (a
finished 3-point match at turn 6 of its first game, the move list), the analysis of that
match (run once, then shown at every size), the study (the rating) and the train room (two
practice cards in the deck, the first answered wrong: its verdict). One page boots; the
window is resized in place. Needs Debian's Chromium (``make test`` installs it).
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from game.analysis.selfplay import RunnerPlayer, self_play
from game.engine.match import Rules
from game.web.state.session import Session, Settings
from game.web.store import storage
from game.web.store.history import history_data
from tests.browser.scenes import put_scene
from tools.qa.shrink import shrink

ROOT = Path(__file__).resolve().parents[2]

SIZES = ((1280, 800), (1366, 768), (1920, 1080), (375, 667), (320, 568), (667, 375))
CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"]


def seed_match(page, base_url: str) -> None:
    """A finished 3-point match against the computer, its record kept, the page opened."""
    import random

    rng = random.Random(7)
    record = self_play(Rules.full(3), rng, RunnerPlayer(rng, cube=0.08, resign=0.0), games=3)
    record = record.with_names(("You", "Computer"))
    session = Session(record.state, Settings(rules="full", match_length=3)).after(record.state)
    page.goto(base_url + "tools/bare/blank.html")
    page.evaluate(
        "([key, save, history]) => { localStorage.clear(); localStorage.setItem(key, save);"
        " localStorage.setItem(key + '.history', history); }",
        [storage.KEY, storage.save_text(session), json.dumps(history_data(record))],
    )
    page.goto(base_url + "index.html?pace=0")
    page.wait_for_function("() => document.body.dataset.ready === 'true'", timeout=90_000)


def shoot(page, out: Path, room: str, sizes: list[tuple[int, int]]) -> None:
    for width, height in sizes:
        page.set_viewport_size({"width": width, "height": height})
        page.evaluate("() => window.scrollTo(0, 0)")
        path = out / f"{room}-{width}x{height}.png"
        page.screenshot(path=str(path))
        shrink(path)
        print(path)


def seed_deck(page) -> None:
    """Two practice checker-play cards in the deck, the first asked and answered wrong."""
    from game.web.store import deck as decks
    from tests.web.trainer.test_train import practice_cards, wrong_moves

    cards = [
        c
        for c in practice_cards()
        if c["kind"] == "play" and c["plays"][0][2] - c["plays"][-1][2] > 0.04
    ][:2]
    page.evaluate(
        "([key, text]) => localStorage.setItem(key, text)",
        [decks.KEY, decks.Deck().with_cards(cards, now=0).to_text()],
    )
    if page.locator("#notice").is_visible():
        page.click("#notice-yes")  # a notice about the game (its dice): read, closed
    page.click("#room-play")
    page.click("#train-toggle")
    for origin, destination in wrong_moves(cards[0]):
        page.locator(f'#board [data-target="{origin}"]').first.click()
        page.locator(f'#board [data-target="{destination}"]').first.click()
    page.click("#train-confirm")
    page.wait_for_function("() => document.body.dataset.trainVerdict === 'wrong'")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", default=str(ROOT / "docs" / "rooms"))
    parser.add_argument("--sizes", default=",".join(f"{w}x{h}" for w, h in SIZES))
    parser.add_argument("--rooms", default="table,review,analysis,study,train")
    args = parser.parse_args()
    rooms = set(args.rooms.split(","))

    from playwright.sync_api import sync_playwright

    from tools.build.server import serve_in_thread

    server, base_url = serve_in_thread()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    sizes = [(int(w), int(h)) for w, h in (s.split("x") for s in args.sizes.split(","))]
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_context(device_scale_factor=1).new_page()
        put_scene(page, base_url, "rolled")
        if "table" in rooms:
            shoot(page, out, "table", sizes)
        if rooms & {"review", "analysis", "study"}:
            seed_match(page, base_url)
            page.click("#replay-toggle")
            page.keyboard.press("Home")
            for _ in range(12):
                page.keyboard.press("ArrowRight")
            if "review" in rooms:
                shoot(page, out, "review", sizes)
            if "analysis" in rooms:
                page.click("#tab-analysis")
                page.click("#analysis-run")
                page.wait_for_function(
                    "() => document.body.dataset.analysis === 'done'", timeout=600_000, polling=500
                )
                shoot(page, out, "analysis", sizes)
            page.click("#rating-toggle")
            if "study" in rooms:
                shoot(page, out, "study", sizes)
        if "train" in rooms:
            seed_deck(page)
            shoot(page, out, "train", sizes)
        browser.close()
    server.shutdown()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
