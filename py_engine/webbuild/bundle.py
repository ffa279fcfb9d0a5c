"""The <jetan-board> element as fan pages load it: ``DIST/js/jetan-board.js`` bundled by esbuild
(npm's, pinned in package-lock.json), after the build has written ``engine-data.js``, which it
takes in, and before the service worker's list and the compressed copies are made.

The entry is the element's module as ``build.sh`` copied it from ``web/js``; it is replaced, at
the same address (fan pages' embeds keep working), by one minified module holding what a still
board needs (one file: one request), and the parts loaded with ``import()`` — the engine's
bridge (engine.js, which only an interactive board, show-moves, a record, play() or check()
loads) and the puzzles — are chunks of their own, loaded only when asked for. Every file has
its source map beside it (``NAME.map``, the sources' text inside).

The chunks are written beside the entry, in ``DIST/js``: engine.js finds the engine's worker
(``js/worker.js``, shipped unbundled like the app's own modules) from its own address
(``import.meta.url``), which a chunk elsewhere would change. Their names hold a hash of their
content (``jetan-board-engine-<hash>.js``): a release that changes one ships it under a new
name, so no browser or cache pairs an old entry with a new chunk. The same sources give the
same bytes (esbuild writes no time or path of the machine).
"""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from . import REPO

ESBUILD = REPO / "node_modules" / ".bin" / "esbuild"
# The element's module in the built folder, and the name its source takes while it is bundled
# (esbuild writes no output over its input); the source map names that file, its text inside.
ENTRY = "js/jetan-board.js"
SOURCE = "js/jetan-board.src.js"
# The chunks' names: the element's, then the module that starts each (or "chunk" for code two
# of them share) and the hash of its content.
CHUNK_NAMES = "jetan-board-[name]-[hash]"


def bundle(dist: Path) -> list[str]:
    """Replace ``DIST/js/jetan-board.js`` by its bundle and write its chunks and source maps
    beside it; returns the names of the files written (relative to ``dist``), sorted."""
    entry, source = dist / ENTRY, dist / SOURCE
    if not ESBUILD.exists():
        sys.exit("build.sh: esbuild is missing from node_modules: run npm ci")
    before = {p.name for p in entry.parent.iterdir()}
    entry.rename(source)
    try:
        run = subprocess.run(
            [str(ESBUILD), f"jetan-board={SOURCE}", "--bundle", "--format=esm", "--splitting", "--minify",
             "--sourcemap", "--charset=utf8", "--outdir=js", f"--chunk-names={CHUNK_NAMES}",
             "--log-level=warning"],
            cwd=dist, capture_output=True, text=True, timeout=300)
    except BaseException:
        source.rename(entry)
        raise
    if run.returncode != 0 or not entry.exists():
        source.rename(entry)
        sys.exit(f"build.sh: esbuild could not bundle {ENTRY}:\n{run.stderr[-2000:]}")
    if run.stderr.strip():      # a warning (a module that cannot be found stays an import, …)
        sys.exit(f"build.sh: esbuild warned about {ENTRY}:\n{run.stderr[-2000:]}")
    source.unlink()
    return sorted(f"js/{name}" for name in {p.name for p in entry.parent.iterdir()} - before | {entry.name})
