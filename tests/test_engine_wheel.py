"""The browser's wheel (py_engine/webbuild/wheel.py) ships the engine and nothing else: exactly
the modules the worker's facade imports, the same bytes for the same engine, and bytes that a
change to a tool or to the web build leaves as they were — so that such a change never costs a
returning player the engine snapshot kept under the wheel's hash."""
from __future__ import annotations

import ast
import base64
import hashlib
import importlib.util
import io
import shutil
import zipfile
from pathlib import Path

from py_engine.webbuild import wheel

PACKAGE = Path(wheel.PACKAGE)


def imported_closure(package: Path, roots: list[str]) -> set[str]:
    """The modules of ``package`` (by file name) that ``roots`` import, directly or not: every
    relative import followed (``from .x import y`` and ``from . import x``)."""
    seen: set[str] = set()
    todo = list(roots)
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        tree = ast.parse((package / name).read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.level == 1:
                targets = [node.module] if node.module else [alias.name for alias in node.names]
                todo += [f"{target}.py" for target in targets if (package / f"{target}.py").exists()]
    return seen


def entries(data: bytes) -> dict[str, bytes]:
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        return {name: z.read(name) for name in z.namelist()}


def test_the_wheel_ships_exactly_what_the_facade_imports():
    shipped = {name.removeprefix("py_engine/") for name in entries(wheel.wheel_bytes())
               if name.startswith("py_engine/")}
    modules = {name.removesuffix("c") for name in shipped if name.endswith(".pyc")}
    # The gallery's games are the engine's content too (their captions checked against their
    # moves by its tests), though the page reads them from the build's facts, not the worker.
    assert modules == imported_closure(PACKAGE, ["__init__.py", "facade.py"]) | {"gallery.py"}
    assert shipped == {f"{name}c" for name in modules} | {"puzzles.jsonl"}
    for tool in ("__main__.py", "tools/cli.py", "tools/bench.py", "tools/match.py", "tools/tune.py",
                 "tools/puzzlegen.py", "webbuild/facts.py", "webbuild/serve.py", "webbuild/stdlib.py"):
        assert tool not in shipped and (PACKAGE / tool).exists()


def test_no_shipped_module_knows_the_checkout():
    for path in wheel.shipped_files():
        if path.suffix == ".py":
            source = path.read_text()
            for word in ("node_modules", "tests/", "build/", "parents[", "parent.parent"):
                assert word not in source, f"{path.name} names {word}"


def test_its_record_vouches_for_every_file():
    files = entries(wheel.wheel_bytes())
    info = next(name for name in files if name.endswith(".dist-info/RECORD"))
    for line in files[info].decode().splitlines():
        name, digest, size = line.split(",")
        if name == info:
            continue
        expected = base64.urlsafe_b64encode(hashlib.sha256(files[name]).digest()).rstrip(b"=").decode()
        assert (digest, int(size)) == (f"sha256={expected}", len(files[name]))


def test_editing_a_tool_or_the_build_leaves_the_wheels_bytes(tmp_path):
    copy = tmp_path / "py_engine"
    shutil.copytree(PACKAGE, copy, ignore=shutil.ignore_patterns("__pycache__"))
    before = wheel.wheel_bytes(copy, "0.1.0")
    assert wheel.wheel_bytes(copy, "0.1.0") == before            # the same sources, the same bytes
    for tool in ("__main__.py", "tools/bench.py", "tools/match.py", "tools/puzzlegen.py",
                 "webbuild/facts.py", "webbuild/dist.py", "webbuild/pack.mjs"):
        with open(copy / tool, "a") as f:
            f.write("\n# edited\n")
    (copy / "tools" / "new_tool.py").write_text("print('a new tool')\n")
    assert wheel.wheel_bytes(copy, "0.1.0") == before
    with open(copy / "search.py", "a") as f:
        f.write("\n# edited\n")
    assert wheel.wheel_bytes(copy, "0.1.0") != before            # the engine's own change does


def test_its_modules_are_the_runtimes_bytecode():
    """Each module ships as bytecode compiled by the runtime's Python (its magic number is not
    this Python's), without its source: the import reads it and compiles nothing."""
    files = entries(wheel.wheel_bytes())
    compiled = [data for name, data in files.items() if name.endswith(".pyc")]
    assert compiled and not [name for name in files if name.endswith(".py")]
    assert {data[:4] for data in compiled} == {compiled[0][:4]} != {importlib.util.MAGIC_NUMBER}
