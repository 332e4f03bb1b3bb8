"""The site works from a sub-path of another site (relative URLs throughout)."""

from __future__ import annotations

import threading
from pathlib import Path

from tests.browser.pages import READY_TIMEOUT_MS, RequestLog
from tools.build.server import ROOT, base_url, make_server


def test_the_game_runs_from_a_sub_path(browser, tmp_path: Path):
    (tmp_path / "games").mkdir()
    (tmp_path / "games" / "backgammon").symlink_to(ROOT, target_is_directory=True)
    server = make_server(root=tmp_path)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        context = browser.new_context()
        log = RequestLog().attach(context)
        page = context.new_page()
        page.goto(base_url(server) + "games/backgammon/?seed=2")
        page.wait_for_function(
            "() => document.body.dataset.ready === 'true'"
            " || document.body.dataset.error !== undefined",
            timeout=READY_TIMEOUT_MS,
        )
        assert page.evaluate("() => document.body.dataset.error") is None
        assert page.locator("#board circle.checker").count() == 30
        paths = [url.split("/", 3)[3] for url in log]
        assert all(path.startswith("games/backgammon/") for path in paths), paths
        context.close()
    finally:
        server.shutdown()
        server.server_close()
