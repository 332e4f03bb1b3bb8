"""Run by GNU Backgammon 1.07's embedded Python (``gnubg -t -q -p tools/qa/gnubg_match.py``),
never by CPython: import one .mat file, analyse it, write gnubg's match with its analysis as
JSON (``gnubg.match(analysis=1, boards=1)``). tools/qa/compare_cards.py runs it.

The parameters come from the environment: GNUBG_PLIES (the analysis depth), GNUBG_MAT (the
file), GNUBG_OUT (the JSON to write). The marks are set to ours (0.04 / 0.08 / 0.16).
"""

from __future__ import annotations

import json
import os

import gnubg  # type: ignore[import-not-found]  # gnubg's own module, only inside gnubg

PLIES = os.environ["GNUBG_PLIES"]
for line in (
    f"set analysis chequerplay evaluation plies {PLIES}",
    f"set analysis cubedecision evaluation plies {PLIES}",
    "set analysis threshold doubtful 0.04",
    "set analysis threshold bad 0.08",
    "set analysis threshold verybad 0.16",
    f"import mat {os.environ['GNUBG_MAT']}",
    "analyse match",
):
    gnubg.command(line)
match = gnubg.match(analysis=1, boards=1, statistics=0, verbose=0)
with open(os.environ["GNUBG_OUT"], "w") as out:
    json.dump(match, out, default=repr)
