"""The CPU time of the threads this process started, Chromium's among them (Playwright's
browser is a grandchild), by thread, from /proc (Linux; elsewhere nothing is found).

On a shared machine the page's worker's wall time grows with the other jobs' load; its
thread's CPU time much less so. tools/bench/page.py reports both a position.
"""

from __future__ import annotations

import os
from collections import defaultdict
from pathlib import Path

PROC = Path("/proc")
TICKS = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100
# Chromium's name for a dedicated Worker's thread (Linux keeps 15 characters of a name).
WORKER = "DedicatedWorker"


def _fields(stat: str) -> tuple[str, list[str]]:
    """A /proc stat line: the name between its parentheses (it may hold spaces), the rest."""
    return stat[stat.index("(") + 1 : stat.rindex(")")], stat[stat.rindex(")") + 1 :].split()


def descendants(root: int) -> list[int]:
    """``root`` and every process below it."""
    children: dict[int, list[int]] = defaultdict(list)
    for entry in PROC.glob("[0-9]*"):
        try:
            parent = int(_fields((entry / "stat").read_text())[1][1])
        except (OSError, ValueError, IndexError):
            continue  # ended meanwhile
        children[parent].append(int(entry.name))
    found, waiting = [], [root]
    while waiting:
        pid = waiting.pop()
        found.append(pid)
        waiting += children[pid]
    return found


def thread_cpu(root: int | None = None) -> dict[tuple[int, int, str], float]:
    """{(pid, thread id, thread name): ms of CPU, user and system} of ``root``'s (this
    process's by default) and its descendants' threads."""
    found = {}
    for pid in descendants(os.getpid() if root is None else root):
        for task in (PROC / str(pid) / "task").glob("[0-9]*"):
            try:
                name, rest = _fields((task / "stat").read_text())
            except (OSError, ValueError):
                continue
            user, system = int(rest[11]), int(rest[12])  # utime, stime (fields 14, 15)
            found[(pid, int(task.name), name)] = (user + system) * 1000 / TICKS
    return found


def used(before: dict, after: dict, name: str = WORKER) -> float:
    """ms of CPU that the threads named ``name`` used between two ``thread_cpu`` readings."""
    return sum(ms - before.get(key, 0.0) for key, ms in after.items() if key[2] == name)
