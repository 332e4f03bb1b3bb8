"""One tab in each of the three browser engines, behind one small interface.

- Chromium: Debian's /usr/bin/chromium through Playwright (as the rest of tests/browser).
- Firefox: Debian's Firefox ESR over WebDriver BiDi, the W3C protocol Firefox speaks itself
  (``--remote-debugging-port``): a JSON message per command on one WebSocket
  (websocket-client, pinned in requirements-test.txt). No geckodriver, nothing downloaded.
- WebKit: WebKitGTK's MiniBrowser through Debian's WebKitWebDriver (W3C WebDriver over HTTP,
  spoken here with urllib), in an Xvfb display of its own.

``Tab`` is what a test uses: ``open(path)`` (waits for ``<body data-ready="true">`` and fails
with the page's own ``data-error``), ``js(expression, arg)`` (a JavaScript expression whose
value comes back as JSON; ``arg`` is in scope as ``arg``), ``wait(expression)``,
``click(selector)`` (a real pointer click, scrolled into view), ``press(key)`` (Tab,
Enter, Escape: a real key to whatever has the focus), ``resize(width, height)`` (the
window's page; WebKit's MiniBrowser is at least 447 px wide and takes its own bar from the
height), ``reload()``,
``errors()`` (console errors and uncaught exceptions since the last call).

WebKitWebDriver has no console log: there a small listener is put into each page once it is
ready (console.error, uncaught errors and rejections), and errors before that show as the
page's ``data-error`` (boot.js), which ``open`` fails on.
"""

from __future__ import annotations

import contextlib
import itertools
import json
import os
import re
import shutil
import subprocess
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

ENGINES = ("chromium", "firefox", "webkit")
FIREFOX = "/usr/lib/firefox-esr/firefox-esr"
WEBKIT_DRIVER = "/usr/bin/WebKitWebDriver"
MINIBROWSER = "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser"
XVFB = "/usr/bin/Xvfb"
# WebKit on a loaded 2-core machine: a cold start of tens of seconds.
READY_S = 180.0
VIEWPORT = (1280, 900)
BLANK = "tools/bare/blank.html"
# The keys ``press`` knows, as WebDriver's code points (Playwright takes the names).
KEYS = {"Tab": "\ue004", "Enter": "\ue007", "Escape": "\ue00c"}

_READY_OR_ERROR = (
    "document.body !== null && (document.body.dataset.ready === 'true'"
    " || document.body.dataset.error !== undefined)"
)

# Console errors, uncaught errors and rejections, kept in the page (WebKit only).
_LISTEN = """(() => {
  if (window.__engineErrors) return true;
  const seen = window.__engineErrors = [];
  const error = console.error.bind(console);
  console.error = (...args) => { seen.push(args.map(String).join(' ')); error(...args); };
  addEventListener('error', (e) => seen.push(String(e.message)));
  addEventListener('unhandledrejection', (e) => seen.push(String(e.reason)));
  return true;
})()"""


class EngineMissing(RuntimeError):
    """The engine's program is not installed (``make test-deps`` installs it)."""


class Tab:
    """One tab of one engine, at ``base`` (the served site, ending in "/")."""

    name = ""

    def __init__(self, base: str) -> None:
        self.base = base

    # ----- what each engine provides ------------------------------------------------------

    def goto(self, url: str) -> None:
        raise NotImplementedError

    def reload(self) -> None:
        raise NotImplementedError

    def js(self, expression: str, arg: Any = None) -> Any:
        raise NotImplementedError

    def click(self, selector: str) -> None:
        raise NotImplementedError

    def errors(self) -> list[str]:
        raise NotImplementedError

    def press(self, key: str) -> None:
        """A key of ``KEYS`` pressed and released, to whatever has the focus."""
        raise NotImplementedError

    def resize(self, width: int, height: int) -> None:
        raise NotImplementedError

    def close(self) -> None:
        raise NotImplementedError

    # ----- built on them ----------------------------------------------------------------------

    def url(self, path: str) -> str:
        return path if "://" in path else self.base + path.lstrip("/")

    def wait(self, expression: str, arg: Any = None, timeout: float = 60.0) -> Any:
        """Poll ``expression`` until it is truthy; its value."""
        end = time.monotonic() + timeout
        while True:
            value = self.js(expression, arg)
            if value:
                return value
            if time.monotonic() > end:
                raise AssertionError(
                    f"{self.name}: still false after {timeout:.0f} s: {expression}"
                )
            time.sleep(0.1)

    def ready(self, timeout: float = READY_S) -> None:
        self.wait(_READY_OR_ERROR, timeout=timeout)
        error = self.js("document.body.dataset.error")
        if error is not None:
            raise AssertionError(f"{self.name}: the page reported a start-up error: {error}")
        self.listen()

    def open(self, path: str, timeout: float = READY_S) -> None:
        self.goto(self.url(path))
        self.ready(timeout)

    def listen(self) -> None:
        """Put the error listener into the page (only where the engine reports none)."""

    def text(self, selector: str) -> str:
        return self.js("document.querySelector(arg).textContent", selector)

    def visible(self, selector: str) -> bool:
        return bool(
            self.js(
                "(e => e !== null && e.getClientRects().length > 0 &&"
                " getComputedStyle(e).visibility !== 'hidden')(document.querySelector(arg))",
                selector,
            )
        )

    def click_when(self, selector: str, timeout: float = 60.0) -> None:
        """Click ``selector`` once it is shown and enabled."""
        self.wait(
            "(e => e !== null && !e.disabled && e.getClientRects().length > 0)"
            "(document.querySelector(arg))",
            selector,
            timeout,
        )
        self.click(selector)


# ----- Chromium: Playwright --------------------------------------------------------------------


class ChromiumTab(Tab):
    name = "chromium"

    def __init__(self, base: str, browser: Any, context: Any = None) -> None:
        """A new context of ``browser``, or ``context`` (a persistent one: its own)."""
        super().__init__(base)
        self.context = context or browser.new_context(
            viewport={"width": VIEWPORT[0], "height": VIEWPORT[1]}
        )
        self.page = self.context.new_page()
        self.seen: list[str] = []
        self.page.on("console", self._console)
        self.page.on("pageerror", lambda e: self.seen.append(str(e)))

    def _console(self, message: Any) -> None:
        """An error, with the address it names (a resource that failed names only that)."""
        if message.type == "error":
            where = (message.location or {}).get("url", "")
            self.seen.append(f"{message.text} ({where})" if where else message.text)

    def goto(self, url: str) -> None:
        self.page.goto(url, wait_until="domcontentloaded")

    def reload(self) -> None:
        self.page.reload(wait_until="domcontentloaded")

    def js(self, expression: str, arg: Any = None) -> Any:
        return self.page.evaluate(f"(arg) => ({expression})", arg)

    def click(self, selector: str) -> None:
        self.page.locator(selector).first.click()

    def press(self, key: str) -> None:
        self.page.keyboard.press(key)

    def resize(self, width: int, height: int) -> None:
        self.page.set_viewport_size({"width": width, "height": height})

    def errors(self) -> list[str]:
        seen, self.seen = self.seen, []
        return seen

    def close(self) -> None:
        self.context.close()


# ----- Firefox: WebDriver BiDi -----------------------------------------------------------------

FIREFOX_PREFS = {
    # Nothing of Firefox's own leaves the machine; no first-run pages.
    "app.update.disabledForTesting": True,
    "app.normandy.enabled": False,
    "browser.shell.checkDefaultBrowser": False,
    "browser.startup.homepage_override.mstone": "ignore",
    "browser.safebrowsing.malware.enabled": False,
    "browser.safebrowsing.phishing.enabled": False,
    "datareporting.policy.dataSubmissionEnabled": False,
    "toolkit.telemetry.reportingpolicy.firstRun": False,
    "network.captive-portal-service.enabled": False,
    "network.connectivity-service.enabled": False,
    "extensions.update.enabled": False,
}


class FirefoxTab(Tab):
    name = "firefox"

    def __init__(self, base: str) -> None:
        super().__init__(base)
        import websocket  # websocket-client: only these tests need it

        if not Path(FIREFOX).exists():
            raise EngineMissing(f"{FIREFOX} is missing: `make test-deps` installs firefox-esr")
        self.profile = tempfile.mkdtemp(prefix="firefox-profile-")
        prefs = "".join(
            f"user_pref({json.dumps(k)}, {json.dumps(v)});\n" for k, v in FIREFOX_PREFS.items()
        )
        Path(self.profile, "user.js").write_text(prefs, encoding="utf-8")
        width, height = VIEWPORT
        self.process = subprocess.Popen(
            [
                FIREFOX,
                "--headless",
                "--no-remote",
                "--remote-debugging-port=0",
                *("--profile", self.profile, f"--width={width}", f"--height={height}"),
                # A page of the site, not about:blank: at about:blank the keyboard stays in the
                # address bar, so the page never had the focus (no :focus-visible, no Tab).
                self.url(BLANK),
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
        )
        address = self._listening()
        self.socket = websocket.create_connection(
            address + "/session", suppress_origin=True, timeout=READY_S
        )
        self.ids = itertools.count(1)
        self.seen: list[str] = []
        self.command("session.new", capabilities={})
        self.context = self.command("browsingContext.getTree")["contexts"][0]["context"]
        self.command("session.subscribe", events=["log.entryAdded"])

    def _listening(self) -> str:
        assert self.process.stderr is not None
        lines = []
        for line in self.process.stderr:
            lines.append(line)
            found = re.search(r"WebDriver BiDi listening on (ws://\S+)", line)
            if found:
                # Keep reading its messages so that Firefox never blocks on a full pipe.
                with contextlib.suppress(Exception):
                    subprocess.Popen(["cat"], stdin=self.process.stderr, stdout=subprocess.DEVNULL)
                return found.group(1)
        raise RuntimeError("Firefox did not start its WebDriver BiDi: " + "".join(lines[-20:]))

    def command(self, method: str, **params: Any) -> Any:
        number = next(self.ids)
        self.socket.send(json.dumps({"id": number, "method": method, "params": params}))
        while True:
            message = json.loads(self.socket.recv())
            if message.get("id") == number:
                if message.get("type") == "error":
                    raise RuntimeError(f"firefox: {method}: {message.get('message')}")
                return message["result"]
            if message.get("method") == "log.entryAdded":
                entry = message["params"]
                if entry.get("level") == "error":
                    self.seen.append(entry.get("text", ""))

    def goto(self, url: str) -> None:
        self.command("browsingContext.navigate", context=self.context, url=url, wait="interactive")

    def reload(self) -> None:
        self.command("browsingContext.reload", context=self.context, wait="interactive")

    def js(self, expression: str, arg: Any = None) -> Any:
        result = self.command(
            "script.callFunction",
            functionDeclaration=(
                "(text) => { const arg = JSON.parse(text);"
                f" return JSON.stringify({expression}); }}"
            ),
            arguments=[{"type": "string", "value": json.dumps(arg)}],
            target={"context": self.context},
            awaitPromise=False,
        )
        if result["type"] == "exception":
            details = result["exceptionDetails"]
            raise RuntimeError(f"firefox: {expression}: {details.get('text')}")
        value = result["result"]
        return json.loads(value["value"]) if value["type"] == "string" else None

    def click(self, selector: str) -> None:
        found = self.command(
            "script.callFunction",
            functionDeclaration=(
                "(s) => { const e = document.querySelector(s);"
                " if (e) e.scrollIntoView({block: 'center', inline: 'center'}); return e; }"
            ),
            arguments=[{"type": "string", "value": selector}],
            target={"context": self.context},
            awaitPromise=False,
        )["result"]
        if found.get("type") != "node":
            raise AssertionError(f"firefox: nothing matches {selector}")
        origin = {"type": "element", "element": {"sharedId": found["sharedId"]}}
        pointer = [
            {"type": "pointerMove", "x": 0, "y": 0, "origin": origin},
            {"type": "pointerDown", "button": 0},
            {"type": "pointerUp", "button": 0},
        ]
        self.command(
            "input.performActions",
            context=self.context,
            actions=[
                {
                    "type": "pointer",
                    "id": "mouse",
                    "parameters": {"pointerType": "mouse"},
                    "actions": pointer,
                }
            ],
        )

    def press(self, key: str) -> None:
        down_up = [{"type": "keyDown", "value": KEYS[key]}, {"type": "keyUp", "value": KEYS[key]}]
        self.command(
            "input.performActions",
            context=self.context,
            actions=[{"type": "key", "id": "keyboard", "actions": down_up}],
        )

    def resize(self, width: int, height: int) -> None:
        viewport = {"width": width, "height": height}
        self.command("browsingContext.setViewport", context=self.context, viewport=viewport)

    def errors(self) -> list[str]:
        self.js("0")  # read what came before now
        seen, self.seen = self.seen, []
        return seen

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self.command("session.end")
            self.socket.close()
        self.process.terminate()
        try:
            self.process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.process.kill()
        shutil.rmtree(self.profile, ignore_errors=True)


# ----- WebKit: WebKitWebDriver -----------------------------------------------------------------


class Display:
    """An Xvfb display of its own (MiniBrowser is a GTK window)."""

    def __init__(self) -> None:
        if not Path(XVFB).exists():
            raise EngineMissing(f"{XVFB} is missing: `make test-deps` installs xvfb")
        read, write = os.pipe()
        self.process = subprocess.Popen(
            [XVFB, "-displayfd", str(write), "-screen", "0", "1600x1200x24", "-nolisten", "tcp"],
            pass_fds=[write],
            stderr=subprocess.DEVNULL,
        )
        os.close(write)
        with os.fdopen(read) as answer:
            number = answer.readline().strip()
        if not number:
            raise RuntimeError("Xvfb did not start")
        self.name = ":" + number

    def close(self) -> None:
        self.process.terminate()
        self.process.wait(timeout=10)


def _free_port() -> int:
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class WebKitTab(Tab):
    name = "webkit"

    def __init__(self, base: str, display: Display) -> None:
        super().__init__(base)
        for program in (WEBKIT_DRIVER, MINIBROWSER):
            if not Path(program).exists():
                raise EngineMissing(f"{program} is missing: `make test-deps` installs it")
        self.kept: list[str] = []
        self.display = display
        # On a loaded machine a new session now and then never answers: a new driver, once.
        try:
            answer = self._start(timeout=90)
        except (OSError, RuntimeError):
            self._stop()
            answer = self._start(timeout=READY_S)
        self.session = "/session/" + answer["sessionId"]
        self._call("POST", self.session + "/timeouts", {"script": READY_S * 1000})
        self.resize(*VIEWPORT)

    def _start(self, timeout: float) -> Any:
        """Start WebKitWebDriver and a session of MiniBrowser; the session's answer."""
        port = _free_port()
        self.driver = subprocess.Popen(
            [WEBKIT_DRIVER, f"--port={port}", "--host=127.0.0.1"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            env=dict(os.environ, DISPLAY=self.display.name),
        )
        self.address = f"http://127.0.0.1:{port}"
        end = time.monotonic() + 30
        while True:
            try:
                self._call("GET", "/status")
                break
            except (OSError, RuntimeError):
                if time.monotonic() > end:
                    raise
                time.sleep(0.1)
        options = {"binary": MINIBROWSER, "args": ["--automation"]}
        capabilities = {
            "browserName": "MiniBrowser",
            # "normal": back at the load event (Python is still starting then). With "eager"
            # a script run at once after a navigation was now and then never answered.
            "pageLoadStrategy": "normal",
            "webkitgtk:browserOptions": options,
        }
        body = {"capabilities": {"alwaysMatch": capabilities}}
        return self._call("POST", "/session", body, timeout)

    def _stop(self) -> None:
        self.driver.terminate()
        try:
            self.driver.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.driver.kill()

    def _call(self, method: str, path: str, body: Any = None, timeout: float = READY_S) -> Any:
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(
            self.address + path,
            data=data,
            method=method,
            headers={"Content-Type": "application/json"},
        )
        try:
            with urllib.request.urlopen(request, timeout=timeout) as response:
                return json.loads(response.read())["value"]
        except urllib.error.HTTPError as error:
            raise RuntimeError(f"webkit: {method} {path}: {error.read().decode()[:500]}") from None

    def goto(self, url: str) -> None:
        self._keep()
        self._call("POST", self.session + "/url", {"url": url})

    def reload(self) -> None:
        self._keep()
        self._call("POST", self.session + "/refresh", {})

    def _keep(self) -> None:
        """The page's errors, before it goes."""
        with contextlib.suppress(RuntimeError):
            self.kept += self.js("window.__engineErrors ? window.__engineErrors.splice(0) : []")

    def js(self, expression: str, arg: Any = None) -> Any:
        script = f"const arg = arguments[0]; return JSON.stringify({expression});"
        text = self._call("POST", self.session + "/execute/sync", {"script": script, "args": [arg]})
        return None if text is None else json.loads(text)

    def click(self, selector: str) -> None:
        # Pointer actions at the element's centre, not Element Click: WebKit calls an SVG
        # group (a board point) "not interactable", with an element as the origin too.
        centre = self.js(
            "(e => { if (e === null) return null;"
            " e.scrollIntoView({block: 'center', inline: 'center'});"
            " const r = e.getBoundingClientRect();"
            " return [Math.round(r.left + r.width / 2), Math.round(r.top + r.height / 2)]; })"
            "(document.querySelector(arg))",
            selector,
        )
        if centre is None:
            raise AssertionError(f"webkit: nothing matches {selector}")
        x, y = centre
        pointer = [
            {"type": "pointerMove", "x": x, "y": y, "origin": "viewport"},
            {"type": "pointerDown", "button": 0},
            {"type": "pointerUp", "button": 0},
        ]
        mouse = {"type": "pointer", "id": "mouse", "parameters": {"pointerType": "mouse"}}
        self._call("POST", self.session + "/actions", {"actions": [{**mouse, "actions": pointer}]})

    def press(self, key: str) -> None:
        down_up = [{"type": "keyDown", "value": KEYS[key]}, {"type": "keyUp", "value": KEYS[key]}]
        keyboard = {"type": "key", "id": "keyboard", "actions": down_up}
        self._call("POST", self.session + "/actions", {"actions": [keyboard]})

    def resize(self, width: int, height: int) -> None:
        self._call("POST", self.session + "/window/rect", {"width": width, "height": height})

    def listen(self) -> None:
        self.js(_LISTEN)

    def errors(self) -> list[str]:
        self._keep()
        seen, self.kept = self.kept, []
        return seen

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self._call("DELETE", self.session, timeout=30)
        self._stop()
