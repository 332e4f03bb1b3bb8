"""Assemble the folder the deploy publishes (``make site``): exactly what the site serves.

    python -m tools.build.site               # copy into site/ (netlify.toml publishes it)
    python -m tools.build.site --link        # symbolic links instead (make play: edits show)
    python -m tools.build.site --out DIR     # another folder

The pages, their scripts and styles, pyscript.toml with the game files it lists, the
runtime, the web app manifest and icons, sw.js and a freshly written sw-files.js
(``tools.build.site_files.publish``); never tests/, tools/ or node_modules/. Run after
``python -m tools.build.runtime``.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from tools.build.site_files import ROOT, publish

SITE = ROOT / "site"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=SITE, help="the folder to fill (site/)")
    parser.add_argument("--link", action="store_true", help="link the files instead of copying")
    args = parser.parse_args(argv)
    if not (ROOT / "runtime" / "pyodide" / "pyodide.mjs").is_file():
        print("site: runtime/ is missing; run `make runtime` first", file=sys.stderr)
        return 1
    files = publish(args.out, link=args.link)
    size = sum((args.out / path).stat().st_size for path in files)
    how = "linked" if args.link else "copied"
    print(f"site: {args.out.name}/ holds {len(files)} files ({size / 1e6:.1f} MB, {how})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
