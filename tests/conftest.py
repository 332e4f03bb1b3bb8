"""The suite's settings shared by every folder.

Playwright is needed by tests/browser only (its conftest and tests import it): without it
installed, that folder is not collected and the engine tests run alone
(``python -m pytest -m "not browser"``); the header of the run says so.
"""

from __future__ import annotations

import importlib.util

PLAYWRIGHT = importlib.util.find_spec("playwright") is not None

collect_ignore = [] if PLAYWRIGHT else ["browser"]


def pytest_report_header() -> str | None:
    if PLAYWRIGHT:
        return None
    return "playwright is not installed: tests/browser is not collected (make test-deps)"
