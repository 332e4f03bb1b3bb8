"""Compile Python to bytecode inside Pyodide: run by compile_python.mjs (Node.js), never by
CPython (the bytecode must come from the page's own interpreter).

compile_python.mjs runs this file in Pyodide, then calls ``compile_stdlib`` or
``compile_pycache``; both write ``/tmp/out.zip`` in Pyodide's file system and return how
many modules they compiled. Entries are reproducible (a fixed date, fixed attributes).
"""

from __future__ import annotations

import importlib._bootstrap_external as external
import importlib.util
import json
import posixpath
import sys
import zipfile

OUT = "/tmp/out.zip"
HOME = "/home/pyodide/"  # where PyScript writes the project's files


def add(zout: zipfile.ZipFile, name: str, data: bytes) -> None:
    entry = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))  # reproducible
    entry.compress_type = zipfile.ZIP_DEFLATED
    entry.external_attr = 0o644 << 16
    zout.writestr(entry, data)


def pyc(data: bytes, filename: str, checked: bool) -> bytes:
    code = compile(data, filename, "exec", dont_inherit=True)
    return bytes(external._code_to_hash_pyc(code, importlib.util.source_hash(data), checked))


def compile_stdlib(source: str) -> int:
    """The standard library zip ``source`` with every .py as an unchecked hash-based .pyc."""
    # Tracebacks and __file__ name the zip the page mounts (sys.path holds it).
    prefix = next(p for p in sys.path if p.endswith(".zip")) + "/"
    compiled = 0
    with zipfile.ZipFile(source) as zin, zipfile.ZipFile(OUT, "w") as zout:
        for info in sorted(zin.infolist(), key=lambda i: i.filename):
            data, name = zin.read(info), info.filename
            if name.endswith(".py"):
                try:
                    data, name = pyc(data, prefix + name, False), name + "c"
                    compiled += 1
                except SyntaxError:
                    pass  # templates and test data that are not Python stay as they are
            add(zout, name, data)
    return compiled


def compile_pycache(files: str, sources: str) -> int:
    """The files (JSON list of "./x/y.py", copied under ``sources``) as checked hash-based
    __pycache__ entries, named as PyScript writes them under HOME."""
    paths = sorted(path.removeprefix("./") for path in json.loads(files))
    with zipfile.ZipFile(OUT, "w") as zout:
        for path in paths:
            folder, name = posixpath.split(path)
            tag = sys.implementation.cache_tag
            cached = posixpath.join(folder, "__pycache__", f"{name[:-3]}.{tag}.pyc")
            with open(sources + path, "rb") as source:
                add(zout, cached, pyc(source.read(), HOME + path, True))
    return len(paths)
