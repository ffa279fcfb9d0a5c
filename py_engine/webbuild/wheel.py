"""The browser's wheel: the engine's modules and nothing else, the same bytes for the same
sources.

What ships is every module directly in ``py_engine/`` but the command line's entry
(``__main__.py``), and the package's data (the puzzles): the rules, notation, game, record,
search, the worker's facade and the content it serves. The tools (:mod:`py_engine.tools`) and
the web build (this package) are subpackages and never ship, so that editing them leaves the
wheel's bytes — and with them every returning player's engine snapshot, which is kept under the
wheel's hash — as they were. Every entry is dated 1980-01-01 and written in name order, so the
wheel depends on the shipped files' bytes alone (not on the clock or on git).

The modules ship as bytecode, compiled by the runtime's own Python, without their sources, as the
standard library does (:func:`py_engine.webbuild.stdlib.engine_bytecode`): a visit after an
engine's release imports the engine into a restored runtime, and compiling its sources there was
most of that import (docs/benchmarks.md). Without docstrings, the wheel is about as large as its
sources were.

The app unpacks the wheel itself (web/js/wheel.js); the tests' Pyodide run installs it with
micropip, so it is a real wheel: ``METADATA``, ``WHEEL`` and ``RECORD`` with each file's hash.
"""
from __future__ import annotations

import base64
import hashlib
import io
import tomllib
import zipfile
from pathlib import Path
from typing import Any, Dict, List

from . import REPO
from .stdlib import engine_bytecode

PACKAGE = REPO / "py_engine"
NOT_SHIPPED = ("__main__.py",)
DATA = ("puzzles.jsonl",)
ENTRY_DATE = (1980, 1, 1, 0, 0, 0)


def shipped_files(package: Path = PACKAGE) -> List[Path]:
    """The files the wheel ships, in name order (modules directly in the package, and its data)."""
    return sorted(path for path in package.iterdir()
                  if (path.suffix == ".py" and path.name not in NOT_SHIPPED) or path.name in DATA)


def project(pyproject: Path = REPO / "pyproject.toml") -> Dict[str, Any]:
    """pyproject.toml's [project] table: the wheel's metadata, written once."""
    return dict(tomllib.loads(pyproject.read_text())["project"])


def version(pyproject: Path = REPO / "pyproject.toml") -> str:
    return str(project(pyproject)["version"])


def wheel_name(ver: str) -> str:
    return f"py_engine-{ver}-py3-none-any.whl"


def _record_line(name: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


def wheel_bytes(package: Path = PACKAGE, ver: str = "") -> bytes:
    """The wheel of ``package`` (by default this checkout's engine) as bytes."""
    ver = ver or version()
    info = f"py_engine-{ver}.dist-info"
    files = {f"py_engine/{path.name}": path.read_bytes() for path in shipped_files(package)}
    entries: Dict[str, bytes] = engine_bytecode(files)
    entries.update({name: data for name, data in files.items() if not name.endswith(".py")})
    meta = project()
    entries[f"{info}/METADATA"] = (
        f"Metadata-Version: 2.1\nName: {meta['name']}\nVersion: {ver}\nSummary: {meta['description']}\n"
        f"Requires-Python: {meta['requires-python']}\nLicense: {meta['license']['text']}\n").encode()
    entries[f"{info}/WHEEL"] = (b"Wheel-Version: 1.0\nGenerator: py_engine.webbuild.wheel\n"
                                b"Root-Is-Purelib: true\nTag: py3-none-any\n")
    entries[f"{info}/top_level.txt"] = b"py_engine\n"
    record = [_record_line(name, data) for name, data in entries.items()] + [f"{info}/RECORD,,"]
    entries[f"{info}/RECORD"] = ("\n".join(record) + "\n").encode()
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as wheel:
        for name, data in entries.items():
            entry = zipfile.ZipInfo(name, ENTRY_DATE)
            entry.external_attr = 0o644 << 16
            entry.compress_type = zipfile.ZIP_DEFLATED
            wheel.writestr(entry, data, compresslevel=9)
    return out.getvalue()


def write(folder: Path, package: Path = PACKAGE) -> Path:
    """Write the wheel into ``folder``; returns its path."""
    ver = version()
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / wheel_name(ver)
    path.write_bytes(wheel_bytes(package, ver))
    return path
