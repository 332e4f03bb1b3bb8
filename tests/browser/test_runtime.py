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
