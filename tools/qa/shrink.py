"""Pictures for docs/ made smaller: 256 colours by pngquant, where it is installed.

    python3 -m tools.qa.shrink docs/rooms/*.png     # (room_shots and screenshots call it)

The page's flat colours lose nothing to see at 256 colours and the files shrink to about a
third; without pngquant (``apt-get install pngquant``) the pictures stay as taken.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path


def shrink(path: Path) -> None:
    """``path`` quantised in place (kept as it was when that would not make it smaller)."""
    tool = shutil.which("pngquant")
    if tool is not None:
        options = ["--quality", "80-98", "--speed", "1", "--skip-if-larger", "--force"]
        # Exit 98/99: the result would be larger or worse than asked, and the file is kept.
        subprocess.run([tool, *options, "--output", str(path), "--", str(path)], check=False)


if __name__ == "__main__":
    for name in sys.argv[1:]:
        shrink(Path(name))
