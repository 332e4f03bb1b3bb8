"""Serve the game on 127.0.0.1, as the deployed site would be (``make play``).

    python -m tools.build.serve                 # the repository root, http://127.0.0.1:8000/
    python -m tools.build.serve --root site     # the published folder (make play)
    PORT=8001 python -m tools.build.serve       # another port

The server and its headers are ``tools.build.server`` (the tests use it too).
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from tools.build.server import HOST, ROOT, base_url, make_server


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", type=Path, default=ROOT, help="the folder to serve")
    args = parser.parse_args(argv)
    port = int(os.environ.get("PORT", "8000"))
    if not (args.root / "runtime" / "pyodide" / "pyodide.mjs").is_file():
        print(f"serve: {args.root}/runtime/ is missing; run `make runtime` first", file=sys.stderr)
        return 1
    try:
        server = make_server(port, args.root, log_requests=True)
    except OSError as error:
        print(f"serve: cannot listen on {HOST}:{port}: {error}", file=sys.stderr)
        return 1
    print(f"Serving the game at {base_url(server)}  (Ctrl+C to stop)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
