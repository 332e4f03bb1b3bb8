"""``python -m game rollout`` run as a player runs it: read by tests/test_rollout_cli.py and
tests/test_rollout_cubeful.py."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def run_rollout(args: list[str], stdin: str) -> subprocess.CompletedProcess[str]:
    """The command with ``args``, ``stdin`` its requests: its exit code, stdout and stderr."""
    return subprocess.run(
        [sys.executable, "-m", "game", "rollout", *args],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=600,
    )
