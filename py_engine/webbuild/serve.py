"""Serve ``dist/`` on http://127.0.0.1:PORT/ for ``bash build.sh serve``, as a static host should.

Usage: ``python -m py_engine.serve [PORT] [DIRECTORY]`` (defaults 8000 and ``dist``).

What the app needs of a host (README, "Hosting"), and what this server does:

- the right types, ``.mjs`` and ``.js`` as JavaScript and ``.wasm`` as ``application/wasm``;
- ``Access-Control-Allow-Origin: *``, so that a fan page of another origin can embed
  ``<jetan-board>`` from here;
- no directory listings: a folder is its ``index.html`` or nothing (404);
- every file revalidated (``Cache-Control: no-cache``) with a validator that follows its content,
  not its build time (an ``ETag`` of the bytes): the file names carry no version, so nothing may
  be cached without asking, and an unchanged file costs a 304, not its bytes, after a rebuild;
- the build's pre-compressed copies (``NAME.br``, ``NAME.gz``, py_engine/webbuild.py) to a
  browser that accepts them, brotli first, as ``NAME`` with its ``Content-Encoding`` (and
  ``Vary: Accept-Encoding``): the runtime's 9.6 MB of WebAssembly travel as 2.8 MB (3.5 gzipped).
  (Chromium and Firefox accept brotli here too, on http://127.0.0.1; WebKitGTK, over plain HTTP,
  gzip only.)
"""
from __future__ import annotations

import functools
import hashlib
import http.server
import os
import sys
from typing import Any, Dict, Optional, Sequence, Tuple

TYPES = {".mjs": "text/javascript", ".js": "text/javascript", ".wasm": "application/wasm",
         ".json": "application/json", ".webmanifest": "application/manifest+json", ".md": "text/markdown",
         ".whl": "application/zip", ".zip": "application/zip", ".svg": "image/svg+xml"}

# The build's compressed copies, the preferred first: (suffix, Content-Encoding).
ENCODINGS = ((".br", "br"), (".gz", "gzip"))

# Each file's ETag by (path, size, modification time): hashed once per version of the file.
_etags: Dict[Tuple[str, int, int], str] = {}


def etag(path: str) -> str:
    """A strong validator for the file at ``path``: the start of its bytes' SHA-256, quoted."""
    stat = os.stat(path)
    key = (path, stat.st_size, stat.st_mtime_ns)
    if key not in _etags:
        digest = hashlib.sha256()
        with open(path, "rb") as f:
            for block in iter(lambda: f.read(1 << 20), b""):
                digest.update(block)
        _etags[key] = f'"{digest.hexdigest()[:32]}"'
    return _etags[key]


class Handler(http.server.SimpleHTTPRequestHandler):
    """The standard static handler, as a host for the app should be (see the module's notes)."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **TYPES}

    def list_directory(self, path: str | os.PathLike[str]) -> None:
        self.send_error(404, "No such file")
        return None

    def send_head(self) -> Any:
        path = self.translate_path(self.path)
        if os.path.isdir(path) and self.path.split("?")[0].endswith("/") and \
                os.path.isfile(os.path.join(path, "index.html")):
            path = os.path.join(path, "index.html")        # a folder's page, compressed like any file
        accepts = [part.split(";")[0].strip() for part in self.headers.get("Accept-Encoding", "").split(",")]
        for suffix, encoding in ENCODINGS:
            if os.path.isfile(path) and os.path.isfile(path + suffix) and encoding in accepts:
                return self.send_compressed(path, suffix, encoding)
        # A file with a compressed copy varies by what the browser accepts (for caches between).
        self._vary = any(os.path.isfile(path + suffix) for suffix, _ in ENCODINGS)
        self._etag: Optional[str] = etag(path) if os.path.isfile(path) else None
        if self._etag and self.not_modified(self._etag):
            return None
        return super().send_head()

    def not_modified(self, tag: str) -> bool:
        """Answer 304 when the browser holds ``tag`` already."""
        if tag not in [t.strip() for t in self.headers.get("If-None-Match", "").split(",")]:
            return False
        self.send_response(304)
        self._etag = tag
        self.end_headers()
        return True

    def send_compressed(self, path: str, suffix: str, encoding: str) -> Any:
        """The copy ``path + suffix``, sent as ``path`` (its type, ``encoding``-encoded)."""
        tag = etag(path + suffix)
        self._vary = True
        if self.not_modified(tag):
            return None
        f = open(path + suffix, "rb")
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(path))
        self.send_header("Content-Encoding", encoding)
        self.send_header("Content-Length", str(os.fstat(f.fileno()).st_size))
        self._vary = True
        self._etag = tag
        self.end_headers()
        return f

    def end_headers(self) -> None:
        self.send_header("Access-Control-Allow-Origin", "*")
        self.send_header("Cache-Control", "no-cache")
        if getattr(self, "_vary", False):
            self.send_header("Vary", "Accept-Encoding")
            self._vary = False
        tag = getattr(self, "_etag", None)
        if tag:
            self.send_header("ETag", tag)
            self._etag = None
        super().end_headers()


def server(port: int, directory: str = "dist",
           handler_class: type[Handler] = Handler) -> http.server.ThreadingHTTPServer:
    """A server of ``directory`` on 127.0.0.1:``port`` (0: any free port), not yet serving; its
    requests handled by ``handler_class`` (a test's may count what it sends)."""
    handler = functools.partial(handler_class, directory=directory)
    return http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)


def main(argv: Optional[Sequence[str]] = None) -> None:
    args = list(sys.argv[1:] if argv is None else argv)
    port = int(args[0]) if args else 8000
    server(port, args[1] if len(args) > 1 else "dist").serve_forever()


if __name__ == "__main__":
    main()
