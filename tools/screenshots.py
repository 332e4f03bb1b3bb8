"""The page as players see it, at the sizes it is checked at: scenes and screenshots.

    python3 tools/screenshots.py                  # every scene at every size, into /tmp/screens
    python3 tools/screenshots.py --docs           # the README's screenshots, into docs/
    python3 tools/screenshots.py --docs --embeds  # only the embeds' (each mode, two widths)
    python3 tools/screenshots.py --out DIR --sizes 320x568 --scenes doubled,match-over

A scene is a ``Session`` built with the engine (``SCENES``); it is put in the page's
localStorage and the page is opened on it, so no clicking is needed to reach it. The browser
tests (``tests/browser/test_layout.py``) use the same scenes. Prompts are opened by clicking
their buttons (``PROMPTS``). Needs Debian's Chromium (``make test`` installs it).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.engine.match import Cube, Rules  # noqa: E402
from game.engine.position import Position  # noqa: E402
from game.engine.state import GameState, Phase  # noqa: E402
from game.web import computer, storage  # noqa: E402
from game.web.session import FULL, Session, Settings  # noqa: E402

SIZES = ((320, 568), (375, 812), (1280, 800), (1920, 1080))
CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"]

# A middle game: both sides have left the start, nobody is on the bar.
MIDDLE = Position.from_points(
    {24: 1, 13: 4, 8: 2, 7: 2, 6: 4, 5: 2}, {24: 2, 13: 4, 8: 3, 6: 4, 4: 2}
)


def _at(game: GameState, settings: Settings) -> Session:
    return Session(game, settings).after(game)


def computer_opened() -> Session:
    """The computer won the opening roll and played it: its trail and notation show."""
    rng = random.Random(1)  # seed 1: the computer starts
    session = Session.new(Settings(level="beginner")).roll(rng)
    step = computer.next_step(session, rng)
    assert step is not None
    return step.apply(session, rng)


def person_rolled() -> Session:
    """The person has rolled after the computer's opening play: dice to read, checkers to move."""
    return computer_opened().roll(random.Random(2))


def person_picked() -> Session:
    """The person has picked up a checker: the points it may move to are lit."""
    session = person_rolled()
    assert session.turn is not None
    origins = sorted(session.turn.origins())
    return session if session.selected is not None else session.tap(origins[len(origins) // 2])


def cube_owned() -> Session:
    """A 7-point match at 3-4: the person owns the cube on 2 and may redouble."""
    rules = Rules.full(7)
    game = GameState(
        rules, score=(3, 4), cube=Cube(2, 0), position=MIDDLE, phase=Phase.ROLL, turn=0
    )
    return _at(game, Settings(rules=FULL, match_length=7))


def doubled() -> Session:
    """Money play with the cube: the computer has doubled and the person answers."""
    game = GameState(Rules.full(), position=MIDDLE, phase=Phase.ROLL, turn=1).double()
    return _at(game, Settings(rules=FULL))


def crawford(length: int = 25, score: tuple[int, int] = (23, 24)) -> Session:
    """The Crawford game of a long match: the scoreboard marks it."""
    rules = Rules.full(length)
    game = GameState(rules, score=score, crawford=True, position=MIDDLE, phase=Phase.ROLL, turn=0)
    return _at(game, Settings(rules=FULL, match_length=length))


def match_over() -> Session:
    """The person wins a 3-point match at 2-1 with a gammon (4-1 counted, 3-1 said)."""
    game = GameState(
        Rules.full(3),
        score=(2, 1),
        post_crawford=True,
        position=Position.from_points({1: 1}, {13: 15}),
        phase=Phase.MOVE,
        turn=0,
        dice=(2, 1),
    )
    session = _at(game, Settings(rules=FULL, match_length=3))
    return session.play(session.game.legal_plays()[0])


def computer_won() -> Session:
    """The computer bears off its last checker: a gammon with the cube on 2."""
    game = GameState(
        Rules.full(jacoby=False),
        cube=Cube(2, 1),
        score=(1, 0),
        position=Position.from_points({1: 1}, {13: 15}),
        phase=Phase.MOVE,
        turn=1,
        dice=(2, 1),
    )
    session = _at(game, Settings(rules=FULL, jacoby=False))
    return session.play(session.game.legal_plays()[0])


SCENES: dict[str, Callable[[], Session]] = {
    "opened": computer_opened,
    "rolled": person_rolled,
    "picked": person_picked,
    "cube": cube_owned,
    "doubled": doubled,
    "crawford": crawford,
    "crawford-11": lambda: crawford(11, (9, 10)),
    "match-over": match_over,
    "computer-won": computer_won,
}

# The prompts: the button that opens each and the dialog it opens.
PROMPTS = {
    "new-game": ("#new-game", "#notice"),
    "settings": ("#settings-toggle", "#settings-dialog"),
    "share": ("#share", "#notice"),
    "resign": ("#resign", "#resign-panel"),
}


def put_scene(page, base_url: str, name: str, query: str = "pace=0") -> None:
    """Open the game on scene ``name`` (its save put in localStorage first)."""
    text = storage.save_text(SCENES[name]())
    page.goto(base_url + "tools/bare/blank.html")
    page.evaluate(
        "([key, text]) => { localStorage.clear(); localStorage.setItem(key, text); }",
        [storage.KEY, text],
    )
    page.bring_to_front()  # a tab behind another gets no animation frames: clicks would wait
    page.goto(base_url + "index.html?" + query)
    page.wait_for_function("() => document.body.dataset.ready === 'true'", timeout=90_000)
    page.wait_for_function("() => !document.getElementById('board').classList.contains('busy')")


def close_prompt(page, dialog: str) -> None:
    if dialog == "#resign-panel":
        page.click("#resign-cancel")
    elif dialog == "#settings-dialog":
        page.click("#settings-done")
    elif page.locator("#notice-no").is_visible():
        page.click("#notice-no")  # the cautious answer: keep the game
    else:
        page.click("#notice-yes")
    page.wait_for_selector(dialog, state="hidden")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", default="/tmp/screens")
    parser.add_argument("--docs", action="store_true", help="the README's screenshots in docs/")
    parser.add_argument("--sizes", default=",".join(f"{w}x{h}" for w, h in SIZES))
    parser.add_argument("--scenes", default=",".join(SCENES))
    parser.add_argument("--prompts", action="store_true", help="also each prompt, opened")
    parser.add_argument("--embeds", action="store_true", help="only the embeds' pictures")
    args = parser.parse_args()

    from playwright.sync_api import sync_playwright

    from tools.serve import serve_in_thread

    server, base_url = serve_in_thread()
    out = ROOT / "docs" if args.docs else Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    sizes = [tuple(int(n) for n in size.split("x")) for size in args.sizes.split(",")]
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        context = browser.new_context(device_scale_factor=1)
        page = context.new_page()
        if args.docs or args.embeds:
            for name, address, width in EMBED_DOCS:
                page.set_viewport_size({"width": width, "height": 480})
                put_embed(page, base_url, address)
                page.screenshot(path=str(out / name), full_page=True)
                print(out / name)
        if args.docs and not args.embeds:
            for name, scene, (width, height) in DOCS:
                page.set_viewport_size({"width": width, "height": height})
                put_scene(page, base_url, scene)
                page.screenshot(path=str(out / name))
                print(out / name)
        elif not args.embeds:
            for scene in args.scenes.split(","):
                put_scene(page, base_url, scene)
                for width, height in sizes:
                    page.set_viewport_size({"width": width, "height": height})
                    path = out / f"{scene}-{width}x{height}.png"
                    page.screenshot(path=str(path))
                    print(path, json.dumps(overflow(page)))
                    if args.prompts and scene == "cube":
                        for prompt, (button, dialog) in PROMPTS.items():
                            page.click(button)
                            page.wait_for_selector(dialog, state="visible")
                            page.screenshot(path=str(out / f"{prompt}-{width}x{height}.png"))
                            close_prompt(page, dialog)
        browser.close()
    server.shutdown()
    return 0


# The README's pictures: (file, scene, viewport).
DOCS = (
    ("screenshot.png", "picked", (1280, 800)),
    ("screenshot-cube.png", "cube", (1280, 800)),
    ("screenshot-phone.png", "doubled", (375, 812)),
    ("screenshot-match-over.png", "match-over", (1280, 800)),
)


# The embeds (README, "Embedding"): each mode at a desktop frame's width and a phone's.
EMBED_ADDRESSES = {
    "diagram": "?mode=diagram&play=24/18%2013/11&caption=The%20opening%206-2:%2024/18%2013/11"
    "#gnubgid=4HPwATDgc/ABMA:cAkLAAAAAAAA",
    "puzzle": "?mode=puzzle&plies=1&caption=What%20is%20your%20play%3F"
    "#gnubgid=4HPwATDgc/ABMA:cAkLAAAAAAAA",
    "replay": "?mode=replay&mat=tests/data/mat/gnubg_export.mat",
    "play": "?mode=play&vs=computer#gnubgid=4HPwATDgc/ABMA:MIEKAAAAAAAA",
}
EMBED_DOCS = tuple(
    (f"embed-{mode}-{device}.png", address, width)
    for mode, address in EMBED_ADDRESSES.items()
    for device, width in (("desktop", 560), ("phone", 340))
)


def put_embed(page, base_url: str, address: str) -> None:
    """Open an embed; a puzzle is answered (24/18 13/11) and its ranking shown, a replay
    stepped to its fourth moment."""
    page.goto(base_url + "tools/bare/blank.html")
    page.evaluate("() => localStorage.clear()")
    page.goto(base_url + "embed.html" + address)
    page.wait_for_function("() => document.body.dataset.ready === 'true'", timeout=90_000)
    if "mode=puzzle" in address:
        for point in ("24", "18", "13", "11"):
            page.click(f'#board [data-target="{point}"]')
        page.click("#confirm")
        page.wait_for_function("() => document.body.dataset.revealed === 'true'", timeout=180_000)
    if "mode=replay" in address:
        for _ in range(4):
            page.click("#embed-forward")


def overflow(page) -> dict:
    """How far the page is wider than the window (0: no sideways scrolling)."""
    return page.evaluate(
        "() => ({extra: document.documentElement.scrollWidth"
        " - document.documentElement.clientWidth})"
    )


if __name__ == "__main__":
    sys.exit(main())
