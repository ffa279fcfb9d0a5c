"""Serve ``dist/`` on http://127.0.0.1:PORT/ for ``bash build.sh serve``.

Like ``python -m http.server --bind 127.0.0.1 --directory dist PORT``, but every reply lets pages
of other origins load the files (``Access-Control-Allow-Origin: *``), as static hosts do: a fan
page can embed ``<jetan-board>`` from here. Usage: ``python -m py_engine.serve [PORT] [DIRECTORY]``
(defaults 8000 and ``dist``).
"""
from __future__ import annotations

import functools
import http.server
import sys
from typing import Optional, Sequence


class Handler(http.server.SimpleHTTPRequestHandler):
    """The standard static handler, with the cross-origin header on every reply."""

    def end_headers(self) -> None:
        self.send_header("Access-Control-Allow-Origin", "*")
        super().end_headers()


def server(port: int, directory: str = "dist") -> http.server.ThreadingHTTPServer:
    """A server of ``directory`` on 127.0.0.1:``port`` (0: any free port), not yet serving."""
    handler = functools.partial(Handler, directory=directory)
    return http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)


def main(argv: Optional[Sequence[str]] = None) -> None:
    args = list(sys.argv[1:] if argv is None else argv)
    port = int(args[0]) if args else 8000
    server(port, args[1] if len(args) > 1 else "dist").serve_forever()


if __name__ == "__main__":
    main()
