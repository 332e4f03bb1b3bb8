"""The local server and the deploy config serve the site the same way."""

from __future__ import annotations

import json
import tomllib
import urllib.error
import urllib.request
from collections.abc import Iterator
from email.message import Message
from pathlib import Path

import pytest

from tools.build.server import (
    CONTENT_SECURITY_POLICY,
    SECURITY_HEADERS,
    frame_ancestors,
    serve_in_thread,
)

ROOT = Path(__file__).resolve().parent.parent
NETLIFY = tomllib.loads((ROOT / "netlify.toml").read_text(encoding="utf-8"))


def netlify_headers(pattern: str) -> dict[str, str]:
    for rule in NETLIFY["headers"]:
        if rule["for"] == pattern:
            return rule["values"]
    raise KeyError(pattern)


def directives(policy: str) -> dict[str, str]:
    pairs = (part.strip().split(" ", 1) for part in policy.split(";") if part.strip())
    return {name: value for name, value in pairs}


@pytest.fixture(scope="module")
def site() -> Iterator[str]:
    server, url = serve_in_thread()
    yield url
    server.shutdown()
    server.server_close()


def fetch(url: str) -> tuple[int, Message]:
    """Status and headers (names case-insensitive) of a GET."""
    try:
        with urllib.request.urlopen(url) as response:
            return response.status, response.headers
    except urllib.error.HTTPError as error:
        return error.code, error.headers


def test_local_csp_is_the_deployed_csp() -> None:
    assert directives(netlify_headers("/*")["Content-Security-Policy"]) == directives(
        CONTENT_SECURITY_POLICY
    )
    for page in ("/", "/index.html", "/embed.html"):
        deployed = directives(netlify_headers(page)["Content-Security-Policy"])
        assert deployed == directives(f"{CONTENT_SECURITY_POLICY}; {frame_ancestors(page)}")
    assert netlify_headers("/*")["X-Frame-Options"] == SECURITY_HEADERS["X-Frame-Options"]


def test_only_the_embed_page_may_be_framed_by_other_sites(site: str) -> None:
    framed = {
        page: directives(fetch(site + page)[1]["Content-Security-Policy"])["frame-ancestors"]
        for page in ("", "index.html", "embed.html", "embed.html?seed=2", "tools/bare/index.html")
    }
    assert framed == {
        "": "'self'",
        "index.html": "'self'",
        "embed.html": "*",
        "embed.html?seed=2": "*",
        "tools/bare/index.html": "'self'",
    }
    deployed = {
        page: directives(netlify_headers(page)["Content-Security-Policy"])["frame-ancestors"]
        for page in ("/", "/index.html", "/embed.html")
    }
    assert deployed == {"/": "'self'", "/index.html": "'self'", "/embed.html": "*"}


def test_deploy_builds_the_runtime_and_publishes_the_site_folder() -> None:
    # The site folder holds only what the site serves (tests/test_service_worker.py).
    assert NETLIFY["build"]["publish"] == "site"
    command = NETLIFY["build"]["command"]
    assert "-m tools.build.runtime" in command
    assert "-m tools.build.site" in command.split("tools.build.runtime", 1)[1]
    assert netlify_headers("/*.wasm")["Content-Type"] == "application/wasm"
    # Same URLs across runtime upgrades: never cached without revalidation.
    assert netlify_headers("/runtime/*")["Cache-Control"] == "no-cache"


def test_server_sends_python_as_text_with_no_cache_and_security_headers(site: str) -> None:
    status, headers = fetch(site + "game/engine/position.py")
    assert status == 200
    assert headers["Content-Type"].startswith("text/plain")
    assert headers["Cache-Control"] == "no-cache"
    assert headers["X-Content-Type-Options"] == "nosniff"
    assert headers["Content-Security-Policy"].startswith(CONTENT_SECURITY_POLICY)


def test_server_types_toml_json_svg_and_module_scripts(site: str) -> None:
    assert fetch(site + "tools/bare/pyscript.toml")[1]["Content-Type"].startswith("text/plain")
    assert fetch(site + "package.json")[1]["Content-Type"] == "application/json"
    assert fetch(site + "tools/bare/icon.svg")[1]["Content-Type"] == "image/svg+xml"


def test_server_sends_wasm_as_application_wasm(site: str) -> None:
    if not (ROOT / "runtime" / "pyodide" / "pyodide.asm.wasm").is_file():
        pytest.skip("runtime/ not fetched (make runtime)")
    status, headers = fetch(site + "runtime/pyodide/pyodide.asm.wasm")
    assert (status, headers["Content-Type"]) == (200, "application/wasm")
    assert fetch(site + "runtime/pyodide/pyodide.mjs")[1]["Content-Type"] == "text/javascript"


def test_server_hides_git_and_node_modules(site: str) -> None:
    assert fetch(site + ".git/HEAD")[0] == 404
    assert fetch(site + "node_modules/pyodide/package.json")[0] == 404


def test_runtime_versions_are_pinned_exactly() -> None:
    lock = json.loads((ROOT / "package-lock.json").read_text(encoding="utf-8"))["packages"]
    assert lock["node_modules/@pyscript/core"]["version"] == "0.7.31"
    assert lock["node_modules/pyodide"]["version"] == "314.0.7"
    assert json.loads((ROOT / "package.json").read_text())["dependencies"] == {
        "@pyscript/core": "0.7.31",
        "pyodide": "314.0.7",
    }


@pytest.mark.parametrize("page", ["index.html", "embed.html"])
def test_pages_preload_neither_the_runtime_nor_the_python_files(page: str) -> None:
    # Measured (python -m tools.bench.page, issue 14): on a reload the ~70 preloads, each
    # revalidated, held back PyScript's core and the interpreter; without them the page
    # was playable about a third sooner from cache. PyScript and interpreter.mjs fetch
    # what they need themselves.
    html = (ROOT / page).read_text(encoding="utf-8")
    assert 'rel="preload"' not in html and 'rel="modulepreload"' not in html
