"""The page's catalogs, one a language (locale/CODE.po, built into locale/CODE.json).

    python -m tools.i18n missing tr     # what tr.po lacks, holds stale, holds wrong
    python -m tools.i18n check          # every catalog complete and built (exit 1 if not)
    python -m tools.i18n update [tr …]  # add the source's new messages, drop stale ones, build
    python -m tools.i18n build          # write every locale/CODE.json from its .po
    python -m tools.i18n new CODE NPLURALS "PLURAL"   # start a catalog for a new language

See docs/languages.md.
"""

from __future__ import annotations

import argparse
import sys

from tools.i18n import po
from tools.i18n.catalogs import LOCALE, build, languages, report, stale_builds, update
from tools.i18n.extract import everything


def _missing(codes: list[str]) -> int:
    bad = 0
    for code in codes:
        found = report(code)
        for line in found.lines():
            print(line)
        print(
            f"{code}: {len(found.lacks)} lacking, {len(found.stale)} stale,"
            f" {len(found.wrong)} wrong",
            file=sys.stderr,
        )
        bad += not found.complete
    return 1 if bad else 0


def _build(codes: list[str]) -> None:
    for code in codes:
        (LOCALE / f"{code}.json").write_text(build(code), encoding="utf-8")
        print(f"built locale/{code}.json")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("missing", help="what a catalog lacks").add_argument("codes", nargs="*")
    sub.add_parser("check", help="every catalog complete and built")
    sub.add_parser("update", help="merge the source's messages").add_argument("codes", nargs="*")
    sub.add_parser("build", help="write locale/CODE.json").add_argument("codes", nargs="*")
    new = sub.add_parser("new", help="start a catalog")
    new.add_argument("code")
    new.add_argument("nplurals", type=int)
    new.add_argument("plural")
    args = parser.parse_args(argv)
    known = languages()
    codes = [c for c in getattr(args, "codes", []) or known]
    unknown = [c for c in codes if c not in known]
    if unknown:
        print(
            f"error: no catalog locale/{unknown[0]}.po (there are: {' '.join(known)})",
            file=sys.stderr,
        )
        return 2
    if args.command == "missing":
        return _missing(codes)
    if args.command == "check":
        _messages, problems = everything()
        for line in problems:
            print(line)
        stale = stale_builds()
        for code in stale:
            print(
                f"{code}: locale/{code}.json is not built from locale/{code}.po"
                " (python -m tools.i18n build)"
            )
        return 1 if _missing(known) or problems or stale else 0
    if args.command == "update":
        for code in codes:
            (LOCALE / f"{code}.po").write_text(po.write(update(code)), encoding="utf-8")
        _build(codes)
        return 0
    if args.command == "build":
        _build(codes)
        return 0
    header = {
        "Language": args.code,
        "MIME-Version": "1.0",
        "Content-Type": "text/plain; charset=UTF-8",
        "Plural-Forms": f"nplurals={args.nplurals}; plural={args.plural};",
    }
    path = LOCALE / f"{args.code}.po"
    if path.exists():
        print(f"error: {path} exists", file=sys.stderr)
        return 2
    LOCALE.mkdir(exist_ok=True)
    path.write_text(po.write(po.Catalog(header, [])), encoding="utf-8")
    (LOCALE / f"{args.code}.po").write_text(po.write(update(args.code)), encoding="utf-8")
    print(f"wrote {path}: translate its msgstr lines, then python -m tools.i18n build")
    return 0


if __name__ == "__main__":
    sys.exit(main())
