"""The service worker's file list and version (sw-files.js): every file the site serves,
and a hash of them (``tools.build.site_files`` computes both).

    python -m tools.build.sw            # write sw-files.js (the deploy's site folder has its own)
    python -m tools.build.sw --check    # exit 1 if sw-files.js differs from the site now
    python -m tools.build.sw --print    # the list and version, without writing

``sw-files.js`` is git-ignored; the local server computes it afresh on every request.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from tools.build.site_files import OUTPUT, ROOT, sw_files_script


def main(argv: list[str] | None = None, root: Path = ROOT) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="exit 1 if sw-files.js is stale")
    parser.add_argument("--print", action="store_true", help="print instead of writing")
    args = parser.parse_args(argv)
    text = sw_files_script(root)
    output = root / OUTPUT
    if args.print:
        sys.stdout.write(text)
        return 0
    if args.check:
        current = output.read_text(encoding="utf-8") if output.is_file() else None
        if current != text:
            print(f"{OUTPUT} is stale: run python -m tools.build.sw", file=sys.stderr)
            return 1
        return 0
    output.write_text(text, encoding="utf-8")
    count = text.count('"') // 2 - 1
    print(f"build_sw: {OUTPUT} lists {count} files")
    return 0


if __name__ == "__main__":
    sys.exit(main())
