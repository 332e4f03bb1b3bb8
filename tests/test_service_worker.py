"""The service worker's file list and version (tools/build/site_files.py), the folder the deploy
publishes, and the web app manifest."""

from __future__ import annotations

import json
import shutil
import struct
import urllib.request
import zlib
from pathlib import Path

import pytest

from tools.build import manifest
from tools.build import site_files as site
from tools.build.server import serve_in_thread

ROOT = site.ROOT


def small_site(tmp_path: Path) -> Path:
    """The site's own files, with a fake runtime/ small enough to change in a test."""
    for name in ("index.html", "embed.html", "pyscript.toml", "boot.js", "manifest.webmanifest"):
        shutil.copy(ROOT / name, tmp_path / name)
    shutil.copytree(ROOT / "styles", tmp_path / "styles")
    shutil.copytree(ROOT / "game", tmp_path / "game", ignore=shutil.ignore_patterns("__pycache__"))
    for folder, names in (
        ("pyscript", ("core.js", "core.css", "core.js.map")),
        ("pyodide", ("pyodide.mjs",)),
    ):
        (tmp_path / "runtime" / folder).mkdir(parents=True)
        for name in names:
            (tmp_path / "runtime" / folder / name).write_text(f"// {name} 1\n")
    (tmp_path / "runtime" / "VERSIONS.json").write_text("{}")
    return tmp_path


def test_the_list_is_the_whole_site(tmp_path):
    root = small_site(tmp_path)
    files = site.site_files(root)
    assert files[0] == "./"
    expected = {
        "index.html",
        "embed.html",
        "pyscript.toml",
        "boot.js",
        "manifest.webmanifest",
        "styles/app.css",
        "styles/icon.svg",
        "styles/icon-192.png",
        "styles/icon-512.png",
        "runtime/pyscript/core.js",
        "runtime/pyscript/core.css",
        "runtime/pyodide/pyodide.mjs",
    }
    assert expected <= set(files)
    # Every Python file the page loads (pyscript.toml's [game-files]).
    assert set(manifest.needed_files()) <= set(files)
    assert "runtime/pyscript/core.js.map" not in files and "runtime/VERSIONS.json" not in files
    assert all((root / path).is_file() for path in files[1:])


def test_a_file_added_to_runtime_is_listed_without_a_hand_edit(tmp_path):
    root = small_site(tmp_path)
    (root / "runtime" / "pyodide" / "python_stdlib_compiled.zip").write_bytes(b"PK")
    assert "runtime/pyodide/python_stdlib_compiled.zip" in site.site_files(root)


@pytest.mark.parametrize(
    "changed", ["runtime/pyscript/core.js", "game/engine/state.py", "index.html", "styles/app.css"]
)
def test_any_changed_byte_is_a_new_version(tmp_path, changed):
    root = small_site(tmp_path)
    before = site.sw_files_script(root)
    with (root / changed).open("a", encoding="utf-8") as file:
        file.write("\n")
    after = site.sw_files_script(root)
    assert before != after
    assert before.splitlines()[2:] == after.splitlines()[2:]  # the same files, a new version


def test_the_local_server_computes_the_list_afresh():
    server, url = serve_in_thread()
    try:
        with urllib.request.urlopen(url + site.OUTPUT) as response:
            served = response.read().decode()
            kind = response.headers["Content-Type"]
    finally:
        server.shutdown()
        server.server_close()
    assert served == site.sw_files_script(ROOT)
    assert kind == "text/javascript"


def test_the_published_folder_is_the_site_and_nothing_else(tmp_path):
    (tmp_path / "repo").mkdir()
    root = small_site(tmp_path / "repo")
    (root / "sw.js").write_text("// the worker\n")
    for stray in ("tests/test_x.py", "tools/build/x.py", "node_modules/x/package.json"):
        (root / stray).parent.mkdir(parents=True, exist_ok=True)
        (root / stray).write_text("# not served\n")
    out = tmp_path / "site"
    (out / "old").mkdir(parents=True)
    (out / "old" / "gone.py").write_text("# left by an earlier build\n")
    files = site.publish(out, root)
    held = sorted(p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file())
    assert held == files
    assert not [p for p in held if p.split("/")[0] in ("tests", "tools", "node_modules", "old")]
    listed = site.site_files(out)
    assert listed == site.site_files(root)
    assert all((out / path).is_file() for path in listed[1:])
    assert {"sw.js", site.OUTPUT} <= set(held)
    assert (out / site.OUTPUT).read_text() == site.sw_files_script(root)  # the same version


def test_the_real_site_is_published_whole(tmp_path):
    if not (ROOT / "runtime" / "pyodide" / "pyodide.mjs").is_file():
        pytest.skip("runtime/ not fetched (make runtime)")
    out = tmp_path / "site"
    files = site.publish(out, link=True)
    assert not [p for p in files if p.split("/")[0] in ("tests", "tools", "node_modules")]
    assert {"index.html", "embed.html", "sw.js", "game/web/main.py"} <= set(files)
    # Every file the service worker precaches is in the folder the deploy publishes.
    assert all((out / path).is_file() for path in site.site_files(out)[1:])
    assert (out / site.OUTPUT).read_text() == site.sw_files_script(ROOT)


def test_the_real_runtime_is_listed_whole():
    if not (ROOT / "runtime" / "pyodide" / "pyodide.mjs").is_file():
        pytest.skip("runtime/ not fetched (make runtime)")
    files = set(site.site_files(ROOT))
    pyodide = ("pyodide.asm.wasm", "python_stdlib.zip", "pyodide.asm.mjs", "pyodide-lock.json")
    assert {f"runtime/pyodide/{name}" for name in (*pyodide, "pyodide.mjs")} <= files
    assert {"runtime/pyscript/core.js", "runtime/pyscript/core.css"} <= files
    assert {"runtime/compiled/python_stdlib.zip", "runtime/compiled/pycache.zip"} <= files
    for path in (ROOT / "runtime").rglob("*"):
        if path.is_file() and not path.name.endswith(".map"):
            relative = path.relative_to(ROOT).as_posix()
            assert relative in files or path.name in site.SKIPPED_NAMES, relative


def read_png(path: Path) -> tuple[int, int, bytes]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height, depth, kind = struct.unpack(">IIBB", data[16:26])
    assert (depth, kind) == (8, 6)  # 8-bit RGBA
    chunks, at = b"", 8
    while at < len(data):
        (length,) = struct.unpack(">I", data[at : at + 4])
        if data[at + 4 : at + 8] == b"IDAT":
            chunks += data[at + 8 : at + 8 + length]
        at += 12 + length
    return width, height, zlib.decompress(chunks)


def test_the_manifest_names_installable_icons():
    data = json.loads((ROOT / "manifest.webmanifest").read_text(encoding="utf-8"))
    assert data["name"] and data["short_name"] and data["display"] == "standalone"
    assert data["start_url"] == "./" and data["scope"] == "./"
    sizes = {}
    for icon in data["icons"]:
        assert (ROOT / icon["src"]).is_file(), icon["src"]
        if icon["type"] == "image/png":
            width, height, pixels = read_png(ROOT / icon["src"])
            assert f"{width}x{height}" == icon["sizes"]
            sizes[width] = pixels
    assert {192, 512} <= set(sizes)
    # The cyan checker is drawn where the SVG has it (centre 22,46 of 64).
    width = 192
    x, y = 22 * width // 64, 46 * width // 64
    row = 1 + y * (1 + width * 4)
    red, green, blue, alpha = sizes[192][row + x * 4 : row + x * 4 + 4]
    assert (red, green, blue, alpha) == (0x22, 0xD3, 0xEE, 255)
