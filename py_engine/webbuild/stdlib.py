"""The part of Python's standard library the engine uses in the browser, cut from Pyodide's
``python_stdlib.zip`` into ``jetan_stdlib.zip``, which the worker loads instead
(``loadPyodide({stdLibURL})``): 160 modules instead of 560, and as bytecode, not sources.

:data:`USED` is what ``node tests/wasm/stdlib_used.mjs full`` reports: the files Pyodide loaded
while starting as the worker starts it and answering every kind of facade request (a search, a
record, a lesson, errors, a traceback, a memory snapshot). ``tests/wasm/test_stdlib.py`` runs the
same with the cut library and checks that it loads nothing outside :data:`USED`; a change to the
engine that imports more of the standard library fails there, naming the files to add.

Bytecode, because Python compiles every module it imports from its source when it finds no
bytecode, and Pyodide's library is sources only: measured in Pyodide under Node, ``loadPyodide``
with the cut library took 1.5 s as sources and 0.5 s as bytecode. The bytecode is compiled by the
runtime's own Python (3.14, in the pinned Pyodide under Node: the build machine's Python is
another version, whose bytecode the runtime would refuse), as unchecked-hash ``.pyc`` files with
no sources beside them, without docstrings and asserts, without column positions, stored
uncompressed in the zip (a host's gzip or brotli packs the whole zip better than the zip packs
each file).

The same runtime compiles the engine's own modules for its wheel, alike (:func:`engine_bytecode`).

>>> "json/__init__.py" in USED and "email/__init__.py" not in USED
True
"""
from __future__ import annotations

import hashlib
import io
import subprocess
import tempfile
import zipfile
from pathlib import Path
from typing import Dict

from . import CACHE, REPO

# Also kept: the codecs a record's text may need (UTF-8 and UTF-16 with or without a BOM), and the
# build's sysconfig data, which site imports.
CODECS = tuple(f"encodings/{name}.py" for name in (
    "ascii", "latin_1", "utf_8", "utf_8_sig", "utf_16", "utf_16_be", "utf_16_le"))

USED = frozenset((
    "__future__.py", "_collections_abc.py", "_colorize.py", "_opcode_metadata.py", "_py_warnings.py",
    "_pyodide/__init__.py", "_pyodide/_base.py", "_pyodide/_core_docs.py", "_pyodide/_future_helper.py",
    "_pyodide/_importhook.py", "_pyodide/docs_argspec.py", "_pyodide/docstring.py", "_pyodide/jsbind.py",
    "_sitebuiltins.py", "_ssl.py", "_weakrefset.py", "abc.py", "annotationlib.py", "ast.py",
    "asyncio/__init__.py", "asyncio/base_events.py", "asyncio/base_futures.py",
    "asyncio/base_subprocess.py", "asyncio/base_tasks.py", "asyncio/constants.py", "asyncio/coroutines.py",
    "asyncio/events.py", "asyncio/exceptions.py", "asyncio/format_helpers.py", "asyncio/futures.py",
    "asyncio/graph.py", "asyncio/locks.py", "asyncio/log.py", "asyncio/mixins.py", "asyncio/protocols.py",
    "asyncio/queues.py", "asyncio/runners.py", "asyncio/selector_events.py", "asyncio/sslproto.py",
    "asyncio/staggered.py", "asyncio/streams.py", "asyncio/subprocess.py", "asyncio/taskgroups.py",
    "asyncio/tasks.py", "asyncio/threads.py", "asyncio/timeouts.py", "asyncio/transports.py",
    "asyncio/trsock.py", "asyncio/unix_events.py", "base64.py", "bisect.py", "bz2.py", "codecs.py",
    "codeop.py", "collections/__init__.py", "compression/__init__.py", "compression/_common/__init__.py",
    "compression/_common/_streams.py", "compression/zstd/__init__.py", "compression/zstd/_zstdfile.py",
    "concurrent/__init__.py", "concurrent/futures/__init__.py", "concurrent/futures/_base.py",
    "contextlib.py", "contextvars.py", "copy.py", "copyreg.py", "dataclasses.py", "dis.py",
    "encodings/__init__.py", "encodings/aliases.py", "encodings/cp437.py", "encodings/utf_8.py", "enum.py",
    "fnmatch.py", "fractions.py", "functools.py", "genericpath.py", "glob.py", "heapq.py",
    "importlib/__init__.py", "importlib/_abc.py", "importlib/_bootstrap.py",
    "importlib/_bootstrap_external.py", "importlib/abc.py", "importlib/machinery.py", "importlib/util.py",
    "inspect.py", "io.py", "json/__init__.py", "json/decoder.py", "json/encoder.py", "json/scanner.py",
    "keyword.py", "linecache.py", "locale.py", "logging/__init__.py", "lzma.py", "ntpath.py", "numbers.py",
    "opcode.py", "operator.py", "os.py", "pathlib/__init__.py", "pathlib/_os.py", "posixpath.py",
    "pyodide/__init__.py", "pyodide/_package_loader.py", "pyodide/_state.py", "pyodide/code.py",
    "pyodide/common.py", "pyodide/ffi/__init__.py", "pyodide/webloop.py", "random.py", "re/__init__.py",
    "re/_casefix.py", "re/_compiler.py", "re/_constants.py", "re/_parser.py", "reprlib.py", "selectors.py",
    "shutil.py", "signal.py", "site.py", "socket.py", "ssl.py", "stat.py", "string/__init__.py",
    "struct.py", "subprocess.py", "tempfile.py", "textwrap.py", "threading.py", "token.py", "tokenize.py",
    "traceback.py", "types.py", "typing.py", "warnings.py", "weakref.py", "zipfile/__init__.py",
    "zipfile/_path/__init__.py", "zipfile/_path/glob.py", "zipimport.py",
    # The puzzles: their ids' hash, and the shipped set read as package data.
    "hashlib.py", "importlib/readers.py", "importlib/resources/__init__.py",
    "importlib/resources/_adapters.py", "importlib/resources/_common.py",
    "importlib/resources/_functional.py", "importlib/resources/_itertools.py",
    "importlib/resources/abc.py", "importlib/resources/readers.py",
) + CODECS)

# Every entry gets this date, so that a build writes the same bytes every time.
ENTRY_DATE = (1980, 1, 1, 0, 0, 0)


# The pinned runtime (npm ci), whose Python compiles the bytecode. Compiled bytecode is kept in
# CACHE by what it was compiled from (a build compiles only what changed).
PINNED_RUNTIME = REPO / "node_modules" / "pyodide"

# Run by the runtime's Python: every source of /tmp/sources.zip compiled into /tmp/bytecode.zip,
# as the file the runtime's own import would have compiled it from (its path in the library).
# Without docstrings and asserts (optimize=2, as python -OO; the library is written to work so,
# and the engine reads no docstring of it): gzip 0.92 MB against 1.14, brotli 0.68 against 0.84.
COMPILE = """
import importlib.util, sys, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc
library = next(p for p in sys.path if p.endswith(".zip"))
with zipfile.ZipFile("/tmp/sources.zip") as sources, zipfile.ZipFile("/tmp/bytecode.zip", "w") as out:
    for name in sources.namelist():
        source = sources.read(name)
        code = compile(source, f"{library}/{name}", "exec", dont_inherit=True, optimize=2)
        out.writestr(name + "c", _code_to_hash_pyc(code, importlib.util.source_hash(source), checked=False))
"""
# The engine's modules (:func:`engine_bytecode`) alike, but as the file an import from
# site-packages would have compiled.
COMPILE_ENGINE = COMPILE.replace('next(p for p in sys.path if p.endswith(".zip"))',
                                 '__import__("site").getsitepackages()[0]')
# Node's side (compile_stdlib.mjs): start the runtime, hand it the sources, take the bytecode back.
RUN_IN_RUNTIME = Path(__file__).with_name("compile_stdlib.mjs")


def bytecode(sources: Dict[str, bytes], runtime: Path = PINNED_RUNTIME, code: str = COMPILE,
             kind: str = "stdlib") -> Dict[str, bytes]:
    """``sources`` (a path: its source) compiled by ``runtime``'s Python running ``code``
    (:data:`COMPILE`: each ``.py``'s ``.pyc`` by the same path plus ``c``). Kept in
    :data:`CACHE`, named by ``kind`` and everything it depends on."""
    packed = io.BytesIO()
    with zipfile.ZipFile(packed, "w") as z:
        for name, source in sorted(sources.items()):
            z.writestr(zipfile.ZipInfo(name, ENTRY_DATE), source)
    key = hashlib.sha256(RUN_IN_RUNTIME.read_bytes() + code.encode()
                         + (runtime / "package.json").read_bytes() + packed.getvalue())
    kept = CACHE / f"{kind}-bytecode-{key.hexdigest()[:24]}.zip"
    if not kept.exists():
        with tempfile.TemporaryDirectory() as tmp:
            (Path(tmp) / "sources.zip").write_bytes(packed.getvalue())
            run = subprocess.run(["node", str(RUN_IN_RUNTIME), str(runtime),
                                  str(Path(tmp) / "sources.zip"), str(Path(tmp) / "bytecode.zip"), code],
                                 capture_output=True, text=True, timeout=300)
            if run.returncode != 0:
                raise SystemExit(f"build: compiling the {kind}'s Python in {runtime} failed:\n"
                                 f"{run.stderr[-2000:]}")
            CACHE.mkdir(parents=True, exist_ok=True)
            (Path(tmp) / "bytecode.zip").replace(kept)
    with zipfile.ZipFile(kept) as z:
        return {name: z.read(name) for name in z.namelist()}


def engine_bytecode(sources: Dict[str, bytes], runtime: Path = PINNED_RUNTIME) -> Dict[str, bytes]:
    """The engine's modules (``sources``: "py_engine/facade.py": its source, data files ignored)
    compiled by ``runtime``'s Python (:data:`COMPILE_ENGINE`) as the standard library is:
    "py_engine/facade.pyc", sourceless, without docstrings and asserts."""
    return bytecode({name: data for name, data in sources.items() if name.endswith(".py")}, runtime,
                    COMPILE_ENGINE, "engine")


def cut(full: Path, out: Path, runtime: Path = PINNED_RUNTIME) -> int:
    """Write ``out``: the entries of the standard library zip ``full`` that :data:`USED` names
    (and the build's ``_sysconfigdata``) as ``runtime``'s bytecode (:func:`bytecode`), stored, in
    order, dated :data:`ENTRY_DATE`. Returns how many were written; a name in :data:`USED` that
    ``full`` lacks is an error (a new Pyodide moved it)."""
    with zipfile.ZipFile(full) as source:
        names = [n for n in source.namelist() if n in USED or n.startswith("_sysconfigdata")]
        missing = USED - set(names)
        if missing:
            raise SystemExit(f"build: {full} has no {', '.join(sorted(missing))}: "
                             "update py_engine/webbuild/stdlib.py")
        compiled = bytecode({name: source.read(name) for name in names}, runtime)
    with zipfile.ZipFile(out, "w", zipfile.ZIP_STORED) as target:
        for name in sorted(compiled):
            entry = zipfile.ZipInfo(name, ENTRY_DATE)
            entry.external_attr = 0o644 << 16
            target.writestr(entry, compiled[name])
    return len(compiled)
