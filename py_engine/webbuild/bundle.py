"""The build's two bundles, made by esbuild (npm's, pinned in package-lock.json) after the build
has written ``engine-data.js``, which the first takes in, and before the service worker's list and
the compressed copies are made:

- ``DIST/js/jetan-board.js``, the <jetan-board> element as fan pages load it (:func:`bundle`);
- ``DIST/js/qr.js``, the QR code of a live game's invitation (:func:`bundle_qr`): our module,
  with the ``qr`` package (npm's, pinned in package-lock.json) as a chunk that it loads with
  ``import()`` when it first draws a code, so the page that imports it fetches the library only
  when it shows an invitation. The page cannot import the package by its bare name; the bundle
  names the chunk by its relative address.

Each entry is the module as ``build.sh`` copied it from ``web/js``; it is replaced, at the same
address (the pages' imports and fan pages' embeds keep working), by one minified module holding
what it needs at once, and the parts it loads with ``import()`` are chunks of their own, loaded
only when asked for. Every file has its source map beside it (``NAME.map``, the sources' text
inside).

<jetan-board>'s file is one request for a still board; the engine's bridge (engine.js, which only
an interactive board, show-moves, a record, play() or check() loads) and the puzzles are its
chunks. It takes in the English of its own words: the namespaces of ``i18n/en.json`` it imports
by name (esbuild reads a JSON file's top-level keys as named exports and leaves out the others),
so an English still board fetches no catalogue; a board in another language fetches that
language's (``i18n/<lang>.json``), found from the bundle's own address (``import.meta.url``,
which esbuild leaves as it is: the entry stays at ``js/jetan-board.js``). The chunks are
written beside their entry, in ``DIST/js``: engine.js finds the engine's worker
(``js/worker.js``, shipped unbundled like the app's own modules) from its own address
(``import.meta.url``), which a chunk elsewhere would change. Their names hold a hash of their
content (``jetan-board-engine-<hash>.js``): a release that changes one ships it under a new
name, so no browser or cache pairs an old entry with a new chunk. The same sources give the
same bytes (esbuild writes no time or path of the machine: a package is bundled from a copy
laid in ``DIST/node_modules`` for the run, so its source map names it
``../node_modules/NAME/…`` wherever the checkout and ``DIST`` are).
"""
from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path
from typing import Sequence

from . import REPO

ESBUILD = REPO / "node_modules" / ".bin" / "esbuild"
# The element's module in the built folder.
ENTRY = "js/jetan-board.js"
# The chunks' names: the element's, then the module that starts each (or "chunk" for code two
# of them share) and the hash of its content.
CHUNK_NAMES = "jetan-board-[name]-[hash]"
# The QR code's module, and its one chunk: the qr package's encoder.
QR_ENTRY = "js/qr.js"
QR_CHUNK_NAMES = "qr-encoder-[hash]"
QR_PACKAGES = ("qr",)


def bundle(dist: Path) -> list[str]:
    """Replace ``DIST/js/jetan-board.js`` by its bundle and write its chunks and source maps
    beside it; returns the names of the files written (relative to ``dist``), sorted."""
    return bundle_module(dist, ENTRY, CHUNK_NAMES)


def bundle_qr(dist: Path) -> list[str]:
    """Replace ``DIST/js/qr.js`` by its bundle and write the qr package's chunk and the source
    maps beside it; returns the names of the files written (relative to ``dist``), sorted."""
    return bundle_module(dist, QR_ENTRY, QR_CHUNK_NAMES, QR_PACKAGES)


def bundle_module(dist: Path, name: str, chunk_names: str, packages: Sequence[str] = ()) -> list[str]:
    """Replace the module ``DIST/NAME`` (in ``js/``) by its bundle, taking in the npm
    ``packages`` it imports by name, and write its chunks (named by ``chunk_names``) and source
    maps beside it; returns the names of the files written (relative to ``dist``), sorted. While
    it is bundled the module's source is ``NAME.src.js`` (esbuild writes no output over its
    input), the file its source map names, its text inside."""
    entry = dist / name
    source = entry.with_name(entry.stem + ".src.js")
    if not ESBUILD.exists():
        sys.exit("build.sh: esbuild is missing from node_modules: run npm ci")
    missing = [package for package in packages if not (REPO / "node_modules" / package).is_dir()]
    if missing:
        sys.exit(f"build.sh: {', '.join(missing)} missing from node_modules: run npm ci")
    before = {p.name for p in entry.parent.iterdir()}
    staged = dist / "node_modules"
    entry.rename(source)
    try:
        for package in packages:
            shutil.copytree(REPO / "node_modules" / package, staged / package)
        run = subprocess.run(
            [str(ESBUILD), f"{entry.stem}={source.relative_to(dist).as_posix()}", "--bundle", "--format=esm",
             "--splitting", "--minify", "--sourcemap", "--charset=utf8", "--outdir=js",
             f"--chunk-names={chunk_names}", "--log-level=warning"],
            cwd=dist, capture_output=True, text=True, timeout=300)
    except BaseException:
        source.rename(entry)
        raise
    finally:
        shutil.rmtree(staged, ignore_errors=True)
    if run.returncode != 0 or not entry.exists():
        source.rename(entry)
        sys.exit(f"build.sh: esbuild could not bundle {name}:\n{run.stderr[-2000:]}")
    if run.stderr.strip():      # a warning (a module that cannot be found stays an import, …)
        sys.exit(f"build.sh: esbuild warned about {name}:\n{run.stderr[-2000:]}")
    source.unlink()
    return sorted(f"js/{file}" for file in {p.name for p in entry.parent.iterdir()} - before | {entry.name})
