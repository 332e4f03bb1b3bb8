"""The page as players see it, at the sizes it is checked at: scenes and screenshots.

    python3 -m tools.qa.screenshots                  # every scene at every size, into /tmp/screens
    python3 -m tools.qa.screenshots --docs           # the README's screenshots, into docs/
    python3 -m tools.qa.screenshots --docs --embeds  # only the embeds' (each mode, two widths)
    python3 -m tools.qa.screenshots --out DIR --sizes 320x568 --scenes doubled,match-over

The scenes are tests/browser/scenes.py's (``SCENES``), which the browser tests
(``tests/browser/test_layout.py``) use too: each is put in the page's localStorage and the
page is opened on it. Prompts are opened by clicking their buttons (``PROMPTS``). Needs
Debian's Chromium (``make test`` installs it).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from tests.browser.scenes import PROMPTS, SCENES, SIZES, close_prompt, put_scene
from tools.build.server import ROOT
from tools.qa.shrink import shrink

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"]


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

    from tools.build.server import serve_in_thread

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
                shrink(out / name)
                print(out / name)
        if args.docs and not args.embeds:
            for name, scene, (width, height) in DOCS:
                page.set_viewport_size({"width": width, "height": height})
                put_scene(page, base_url, scene)
                page.screenshot(path=str(out / name))
                shrink(out / name)
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
