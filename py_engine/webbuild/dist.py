"""The build's steps after ``build.sh`` has copied the runtime and ``web/`` into ``dist/``::

    python -m py_engine.webbuild DIST MICROPIP_VERSION MICROPIP_SHA256 [--runtime node_modules/pyodide]

writes, in this order:

- ``DIST/wheels/py_engine-*.whl``: the engine's wheel (:mod:`py_engine.webbuild.wheel`);
- ``DIST/pyodide/pyodide-lock.json``: the runtime's lock with micropip's entry naming the wheel
  we ship and PyPI's hash of it, and ``DIST/pyodide/jetan-lock.json``, the one the app loads
  (:func:`rewrite_lock`);
- ``DIST/pyodide/jetan_stdlib.zip``: the standard library the engine uses, compiled by the
  runtime's Python (:mod:`py_engine.webbuild.stdlib`);
- ``DIST/reach.js``, ``DIST/engine-data.js`` and ``DIST/training-data.js``: the rule facts, the
  lessons and puzzles (:mod:`py_engine.webbuild.facts`);
- the pages' English written from the English catalogue, and the catalogues compacted
  (:mod:`py_engine.webbuild.catalogues`);
- ``DIST/js/jetan-board.js``: the element fan pages load, bundled with its lazy chunks and source
  maps (:mod:`py_engine.webbuild.bundle`);
- ``DIST/js/qr.js``: the invitation's QR code, bundled with the qr package as a lazy chunk
  (``js/qr-encoder-<hash>.js``) and source maps (:func:`py_engine.webbuild.bundle.bundle_qr`);
- ``DIST/build-info.js`` and ``DIST/precache.js``: the build's version, the wheel's name and
  SHA-256, the runtime's download size, and the service worker's file list (:func:`write_manifest`);
- ``NAME.br`` and ``NAME.gz`` beside each file worth compressing (:func:`compress`);

and says ``DIST/ built: …`` on stderr.
"""
from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Optional, Sequence

from . import CACHE, REPO, stdlib, wheel
from .bundle import bundle, bundle_qr
from .catalogues import CATALOGUES, compact, word_pages
from .facts import engine_data_js, reach_js, training_data_js

def rewrite_lock(runtime: Path, dist: Path, version: str, sha256: str) -> None:
    """Ship the runtime's lock with micropip's entry naming our wheel and PyPI's hash of it (for
    the tests: the engine's suite inside Pyodide installs micropip), and the app's own
    :data:`LOCK`: the runtime's facts (its ABI, which Pyodide checks at the start) and no
    packages, since the app loads none (it unpacks its wheel itself) — 0.2 KB instead of 119."""
    lock = json.loads((runtime / "pyodide-lock.json").read_text())
    entry = lock["packages"]["micropip"]
    if entry["version"] != version:
        sys.exit(f"build.sh: the runtime's lock names micropip {entry['version']}, build.sh pins {version}")
    entry["file_name"] = f"micropip-{version}-py3-none-any.whl"
    entry["sha256"] = sha256
    (dist / "pyodide" / "pyodide-lock.json").write_text(json.dumps(lock))
    (dist / LOCK).write_text(json.dumps({"info": lock["info"], "packages": {}}))


# The standard library the worker loads: Pyodide's, cut to what the engine uses (stdlib.py).
STDLIB = "pyodide/jetan_stdlib.zip"
# The package lock the worker loads (rewrite_lock).
LOCK = "pyodide/jetan-lock.json"
# The runtime's WebAssembly, which a warm start compiles from the service worker's copy.
RUNTIME_WASM = "pyodide/pyodide.asm.wasm"
# What the engine worker fetches of the runtime (the loading bar's whole).
FETCHED = (RUNTIME_WASM, STDLIB, LOCK)
# Where the app's page (index.html) is told the revision under which the service worker keeps the
# runtime's WebAssembly (name_runtime_revision).
RUNTIME_REVISION_MARK = "@RUNTIME_REVISION@"
# Files the service worker does not keep: Pyodide's whole standard library, its whole lock and
# micropip, shipped for the tests (the engine's suite inside Pyodide under Node, the benchmark's
# bare runtime) but fetched by no page; and the large icons, which a browser fetches only to
# install the app, online. (A first visit stays under 5 MB over the wire.)
NOT_PRECACHED = ("pyodide/python_stdlib.zip", "pyodide/pyodide-lock.json", "pyodide/micropip-",
                 "icons/icon-512.png", "icons/icon-maskable-512.png")
# Files the service worker keeps only once a page has fetched them: the catalogues and translated
# pages (i18n/), so that a language costs a visit only its own words.
ON_DEMAND = (f"{CATALOGUES}/",)
# The build's compressed copies of a file, NAME.gz and NAME.br (:func:`compress`): not shipped
# files of their own.
COMPRESSED = (".gz", ".br")
# Source maps (the bundle's, bundle.py): shipped for a reader's developer tools, which fetch them
# only when open, online; no page needs one to work, offline least of all.
SOURCE_MAP = ".map"


def revision(path: Path) -> str:
    """A file's revision: the start of its bytes' SHA-256 (the service worker keeps each file
    under it, so a release downloads only the files whose bytes changed)."""
    return hashlib.sha256(path.read_bytes()).hexdigest()[:16]


def name_runtime_revision(dist: Path) -> None:
    """Write the runtime's WebAssembly's revision into the app's page: its head script compiles
    the runtime from the service worker's copy, read from Cache Storage under that revision
    (sw.js's key), rather than by a fetch the service worker answers — in Firefox that compile
    ended 40-90 ms sooner in hand runs (docs/architecture.md, "Start-up")."""
    page = dist / "index.html"
    text = page.read_text()
    if RUNTIME_REVISION_MARK not in text:
        sys.exit(f"build.sh: index.html no longer names {RUNTIME_REVISION_MARK}")
    page.write_text(text.replace(RUNTIME_REVISION_MARK, revision(dist / RUNTIME_WASM)))


def write_manifest(dist: Path) -> str:
    """build-info.js (the version, the wheel and its SHA-256, the runtime's files' and the wheel's
    revisions, the download size) and precache.js
    (the service worker's list: each file with its revision); returns the closing line. The
    version is a hash of every shipped file, so it changes exactly when a shipped byte does."""
    wheel = next(dist.glob("wheels/*.whl")).relative_to(dist).as_posix()
    files = sorted(p.relative_to(dist).as_posix() for p in dist.rglob("*")
                   if p.is_file() and p.name not in ("sw.js", "precache.js")
                   and p.suffix not in COMPRESSED)
    revisions = {name: revision(dist / name) for name in files}
    digest = hashlib.sha256()
    for name in files:
        digest.update(name.encode() + (dist / name).read_bytes())
    version = digest.hexdigest()[:12]
    wheel_sha = hashlib.sha256((dist / wheel).read_bytes()).hexdigest()
    # What a snapshot holds (js/snapshots.js keys them by these): the runtime's, the runtime alone
    # (its files); an engine's, the runtime with our wheel imported. A release that changes
    # neither keeps both; one that changes only the wheel keeps the runtime's.
    runtime_files = [rev for name, rev in revisions.items() if name.startswith("pyodide/")]
    runtime = hashlib.sha256("".join(runtime_files).encode()).hexdigest()[:12]
    engine = hashlib.sha256("".join([wheel_sha, *runtime_files]).encode()).hexdigest()[:12]
    # The files the worker reads from the service worker's copies, by the revision it keeps each
    # under (each is one it keeps: a KeyError here otherwise).
    precached = {name: rev for name, rev in revisions.items()
                 if not name.startswith(NOT_PRECACHED + ON_DEMAND) and not name.endswith(SOURCE_MAP)}
    on_demand = [[name, rev] for name, rev in revisions.items() if name.startswith(ON_DEMAND)]
    read_from_cache = {name: precached[name] for name in (*FETCHED, wheel)}
    info = {"version": version, "runtime": runtime, "engine": engine, "wheel": wheel,
            "wheelSha256": wheel_sha, "stdlib": STDLIB, "lock": LOCK, "revisions": read_from_cache,
            "download": sum((dist / f).stat().st_size for f in FETCHED)}
    (dist / "build-info.js").write_text(
        f"// Written by build.sh.\nexport const BUILD = {json.dumps(info)};\n")
    listed = [*map(list, precached.items()), ["build-info.js", revision(dist / "build-info.js")]]
    (dist / "precache.js").write_text(
        "// Written by build.sh: what the service worker keeps for offline play, each file with its\n"
        "// revision (the start of its SHA-256): files at once, onDemand once a page has fetched it.\n"
        f"self.PRECACHE = {json.dumps({'version': version, 'files': listed, 'onDemand': on_demand})};\n")
    size = sum((dist / name).stat().st_size for name, _ in listed)
    return f"{dist.as_posix()}/ built: {len(listed)} files, {size / 1e6:.1f} MB, version {version}"


# Kinds of file worth sending compressed, and the least a copy must save to be written.
COMPRESSIBLE = (".wasm", ".mjs", ".js", ".json", ".html", ".css", ".md", ".webmanifest", ".svg", ".txt",
                ".zip")
SAVES_AT_LEAST = 0.1


# Brotli, which browsers accept over HTTPS, packs the runtime's WebAssembly a quarter tighter than
# gzip (2.8 MB against 3.5); Python has no brotli, Node (which the build runs anyway) has. For hosts
# that send gzip only, the large files are packed by Zopfli (npm's @gfx/zopfli, pinned in
# package-lock.json): gzip's format, read by every browser, 3-5% smaller than gzip -9 (the runtime's
# WebAssembly 3.41 MB against 3.53), at seconds a file instead of milliseconds (pack.mjs).
PACK = Path(__file__).with_name("pack.mjs")
# A file this large is packed once and its copies kept by its bytes (the runtime's 9.6 MB take
# 20 s with brotli, 17 s with Zopfli: two Node processes, one a kind, share the two cores),
# under a name that says how (a change of settings packs anew).
KEPT_FROM = 256 * 1024
PACKERS = {"br": "brotli-q11-w24", "gz": "zopfli-1.0.15-i5"}


def compress(dist: Path) -> int:
    """Write ``NAME.gz`` and ``NAME.br`` beside every file of ``dist`` that gzip makes at least a
    tenth smaller, for hosts that send pre-compressed copies (``build.sh serve`` does): the same
    bytes every build (no name or time in gzip's header; brotli has none). Returns how many files
    got copies."""
    written = 0
    packing: dict[str, list[tuple[Path, Path]]] = {"br": [], "gz": []}  # Node's jobs, by kind
    copies = []             # (a copy kept by its bytes, where it goes)
    for path in sorted(dist.rglob("*")):
        if not path.is_file() or path.suffix not in COMPRESSIBLE:
            continue
        data = path.read_bytes()
        kept_as = {}            # a large file's copies in the cache, by kind
        if len(data) >= KEPT_FROM:
            digest = hashlib.sha256(data).hexdigest()[:32]
            kept_as = {kind: CACHE / f"{packer}-{digest}" for kind, packer in PACKERS.items()}
        # Only bytes that gzip makes a tenth smaller have copies kept: those are not gzipped again
        # to ask (1.2 s a build for the runtime's files).
        if not (kept_as and all(kept.exists() for kept in kept_as.values())):
            packed = gzip.compress(data, compresslevel=9, mtime=0)
            if len(packed) > len(data) * (1 - SAVES_AT_LEAST):
                continue
        written += 1
        if not kept_as:
            path.with_name(path.name + ".gz").write_bytes(packed)
            packing["br"].append((path, path.with_name(path.name + ".br")))
            continue
        for kind, kept in kept_as.items():
            if not kept.exists():
                CACHE.mkdir(parents=True, exist_ok=True)
                packing[kind].append((path, kept))
            copies.append((kept, path.with_name(f"{path.name}.{kind}")))
    runs = [subprocess.Popen(["node", str(PACK), kind,
                              json.dumps([[str(source), str(target)] for source, target in jobs])],
                             cwd=REPO, stderr=subprocess.PIPE, text=True)
            for kind, jobs in packing.items() if jobs]
    try:
        for run in runs:
            _, errors = run.communicate(timeout=600)
            if run.returncode != 0:
                sys.exit(f"build: packing by Node failed:\n{errors[-2000:]}")
    finally:
        for run in runs:
            if run.poll() is None:
                run.kill()
    for kept, target in copies:
        shutil.copyfile(kept, target)
    return written


def build(dist: Path, runtime: Path, micropip_version: str, micropip_sha256: str) -> str:
    """Every step after build.sh has copied the files into ``dist``; returns the closing line."""
    wheel.write(dist / "wheels")
    rewrite_lock(runtime, dist, micropip_version, micropip_sha256)
    stdlib.cut(dist / "pyodide" / "python_stdlib.zip", dist / STDLIB)
    (dist / "reach.js").write_text(reach_js())
    (dist / "engine-data.js").write_text(engine_data_js())
    (dist / "training-data.js").write_text(training_data_js())
    word_pages(dist)
    compact(dist)
    bundle(dist)                # takes in engine-data.js; before the list and the copies
    bundle_qr(dist)
    name_runtime_revision(dist)
    closing = write_manifest(dist)
    compress(dist)
    return closing


def main(argv: Optional[Sequence[str]] = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m py_engine.webbuild",
                                     description="the build's steps after build.sh has copied the files")
    parser.add_argument("dist", type=Path)
    parser.add_argument("micropip_version")
    parser.add_argument("micropip_sha256")
    parser.add_argument("--runtime", type=Path, default=Path("node_modules/pyodide"),
                        help="the pyodide npm package (default: node_modules/pyodide)")
    args = parser.parse_args(argv)
    print(build(args.dist, args.runtime, args.micropip_version, args.micropip_sha256), file=sys.stderr)

