"""The local runtime boots Python in Chromium with nothing fetched from outside 127.0.0.1."""

from __future__ import annotations

import json
from pathlib import Path

from playwright.sync_api import Page

from tests.browser.pages import BARE_PAGE, RequestLog, open_ready

ROOT = Path(__file__).resolve().parents[2]


def test_bare_page_becomes_ready_with_no_request_leaving_localhost(
    page: Page, request_log: RequestLog
) -> None:
    messages: list[str] = []
    errors: list[str] = []
    page.on("console", lambda message: messages.append(message.text))
    page.on("console", lambda m: m.type == "error" and errors.append(m.text))
    page.on("pageerror", lambda error: errors.append(str(error)))

    open_ready(page, BARE_PAGE)

    assert page.text_content("#status") == "ready"
    assert "ready" in messages, f"Python's print did not reach the console: {messages}"
    request_log.assert_local()
    # The served Content-Security-Policy (tools/build/serve.py, as netlify.toml) lets Python boot
    # cleanly: a violation or a missing file would be reported as a console error.
    assert not errors, errors
    # The interpreter really came from our runtime/ folder, not a default CDN location.
    assert any(url.endswith("/runtime/pyodide/pyodide.asm.wasm") for url in request_log)


def test_runtime_folder_holds_the_pinned_versions(site: str) -> None:
    lock = json.loads((ROOT / "package-lock.json").read_text(encoding="utf-8"))["packages"]
    copied = json.loads((ROOT / "runtime" / "VERSIONS.json").read_text(encoding="utf-8"))
    assert copied == {
        "@pyscript/core": lock["node_modules/@pyscript/core"]["version"],
        "pyodide": lock["node_modules/pyodide"]["version"],
    }


def test_the_game_starts_from_the_snapshot_and_without_it(page: Page) -> None:
    """interpreter.mjs restores the started interpreter (runtime/compiled/snapshot.gz) and the
    computer's worker too; a damaged snapshot costs only the time: Python starts as before."""
    errors: list[str] = []
    page.on("console", lambda m: m.type == "error" and errors.append(m.text))
    page.on("pageerror", lambda error: errors.append(str(error)))
    open_ready(page, "index.html", "seed=3")
    assert page.evaluate("() => window.backgammonSnapshot === true")
    page.wait_for_function("() => document.body.dataset.worker === 'ready'", timeout=120_000)
    # The game's modules came from the snapshot: main.py found them already imported.
    assert page.evaluate("() => document.body.dataset.startMs") is not None

    page.route("**/runtime/compiled/snapshot.gz", lambda route: route.fulfill(body=b"not gzip"))
    warnings: list[str] = []
    page.on("console", lambda m: m.type == "warning" and warnings.append(m.text))
    open_ready(page, "index.html", "seed=3")
    assert page.evaluate("() => window.backgammonSnapshot === undefined")
    assert any("without the snapshot" in text for text in warnings), warnings
    page.click("#roll")  # playable, as ever
    page.wait_for_function("() => document.querySelectorAll('#board .die').length > 0")
    # The computer's worker starts without the snapshot too: let it finish before the next
    # load, or its fetch, cut short by the navigation, warns there ("Failed to fetch").
    page.wait_for_function("() => document.body.dataset.worker === 'ready'", timeout=120_000)

    # On a link the browser calls slow (3G here), 7 MB are not fetched before the first board:
    # the snapshot is used only once the service worker keeps it (automation skips it).
    page.unroute("**/runtime/compiled/snapshot.gz")
    page.add_init_script(
        "Object.defineProperty(Navigator.prototype, 'connection',"
        " {get: () => ({effectiveType: '3g', saveData: false})})"
    )
    warnings.clear()
    open_ready(page, "index.html", "seed=3")
    assert page.evaluate("() => window.backgammonSnapshot === undefined")
    fetched = page.evaluate("() => performance.getEntriesByType('resource').map((e) => e.name)")
    assert not [url for url in fetched if url.endswith("/snapshot.gz")], fetched
    assert not [text for text in warnings if "snapshot" in text], warnings
    assert not errors, errors
