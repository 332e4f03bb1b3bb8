"""The site served on 127.0.0.1 with the deploy's headers: ``make play`` and the tests.

Standard library only. Sends the content types Pyodide needs (application/wasm for
instantiateStreaming, text/javascript for modules), `Cache-Control: no-cache` for code so a
reload never runs stale Python, and the security headers of netlify.toml that make sense
on localhost (tests/test_site_config.py compares them). ``sw-files.js`` is computed afresh
for every request (``tools.build.site_files``), so locally it is never stale.

    server, base_url = serve_in_thread()     # a free port; base_url ends with "/"
    ...
    server.shutdown()

Runs in CPython only; the page never imports it. The command line is
``python -m tools.build.serve``.
"""

from __future__ import annotations

import functools
import http.server
import io
import os
import sys
import threading
from pathlib import Path
from typing import Any

from tools.build.site_files import OUTPUT, ROOT, sw_files_script

HOST = "127.0.0.1"

CONTENT_TYPES = {
    ".wasm": "application/wasm",
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".json": "application/json",
    ".toml": "text/plain; charset=utf-8",
    ".py": "text/plain; charset=utf-8",
    ".svg": "image/svg+xml",
    ".html": "text/html; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".txt": "text/plain; charset=utf-8",
    ".md": "text/plain; charset=utf-8",
    ".zip": "application/zip",
    ".png": "image/png",
    ".ico": "image/x-icon",
    ".webmanifest": "application/manifest+json",
}

# The same policy as netlify.toml (see docs there).
CONTENT_SECURITY_POLICY = (
    "default-src 'none'; script-src 'self' 'unsafe-eval'; connect-src 'self'; worker-src 'self'; "
    "style-src 'self'; img-src 'self' blob:; manifest-src 'self'; base-uri 'none'; "
    "form-action 'none'; object-src 'none'"
)
# Who may show a page in a frame: any site for the pages meant for embedding, else only
# the site itself (a page of ours inside another site's frame could be clickjacked).
EMBEDDABLE_PAGES = ("/embed.html",)
FRAME_ANYWHERE = "frame-ancestors *"
FRAME_SELF = "frame-ancestors 'self'"


def frame_ancestors(path: str) -> str:
    """The frame-ancestors directive for a request path (query and fragment ignored)."""
    path = path.split("?", 1)[0].split("#", 1)[0]
    return FRAME_ANYWHERE if path.endswith(EMBEDDABLE_PAGES) else FRAME_SELF


SECURITY_HEADERS = {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    # For browsers without frame-ancestors; those with it ignore this where it is present
    # (embed.html's frame-ancestors * wins).
    "X-Frame-Options": "SAMEORIGIN",
}

# runtime/ is versioned by package-lock.json, but locally it changes on `make runtime`,
# so everything is revalidated; netlify.toml caches runtime/ for a year instead.
NO_CACHE = "no-cache"

# Folders that are never part of the site.
HIDDEN_PREFIXES = ("/.git", "/node_modules", "/.venv", "/.pytest_cache", "/.hypothesis")


class GameRequestHandler(http.server.SimpleHTTPRequestHandler):
    """Static files with the site's headers; quiet unless asked to log."""

    log_requests = False
    csp = True

    def guess_type(self, path: str | os.PathLike[str]) -> str:
        suffix = Path(str(path)).suffix.lower()
        return CONTENT_TYPES.get(suffix) or super().guess_type(path)

    def send_head(self):  # type: ignore[no-untyped-def]
        path = self.path.split("?", 1)[0]
        if path.startswith(HIDDEN_PREFIXES):
            self.send_error(404, "Not part of the site")
            return None
        if path.endswith("/" + OUTPUT):
            return self.send_generated(sw_files_script(Path(self.translate_path(path)).parent))
        return super().send_head()

    def send_generated(self, text: str) -> io.BytesIO:
        """The service worker's file list, computed now: locally it is never stale."""
        data = text.encode("utf-8")
        self.send_response(200)
        self.send_header("Content-Type", "text/javascript")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        return io.BytesIO(data)

    def end_headers(self) -> None:
        self.send_header("Cache-Control", NO_CACHE)
        for name, value in SECURITY_HEADERS.items():
            self.send_header(name, value)
        if self.csp:
            policy = f"{CONTENT_SECURITY_POLICY}; {frame_ancestors(self.path)}"
            self.send_header("Content-Security-Policy", policy)
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:
        if self.log_requests:
            super().log_message(format, *args)


class GameServer(http.server.ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True

    def handle_error(self, request: Any, client_address: Any) -> None:
        # Browsers drop connections mid-file all the time (a navigation, a cancelled fetch);
        # that is not a server error worth a traceback.
        if isinstance(sys.exc_info()[1], ConnectionError):
            return
        super().handle_error(request, client_address)


def make_server(
    port: int = 0, root: Path = ROOT, *, log_requests: bool = False, csp: bool = True
) -> GameServer:
    """A server bound to 127.0.0.1:port (0 picks a free port), not yet serving."""
    handler = type("Handler", (GameRequestHandler,), {"log_requests": log_requests, "csp": csp})
    return GameServer((HOST, port), functools.partial(handler, directory=str(root)))


def base_url(server: GameServer) -> str:
    host, port = server.server_address[:2]
    return f"http://{host!s}:{port}/"


def serve_in_thread(
    port: int = 0, root: Path = ROOT, *, log_requests: bool = False, csp: bool = True
) -> tuple[GameServer, str]:
    """Start serving in a daemon thread; return the server and its base URL (ending in /)."""
    server = make_server(port, root, log_requests=log_requests, csp=csp)
    threading.Thread(target=server.serve_forever, name="game-server", daemon=True).start()
    return server, base_url(server)
