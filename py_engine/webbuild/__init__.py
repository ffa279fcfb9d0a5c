"""The web build: what ``build.sh`` runs to make ``dist/`` from the engine and ``web/``. Not
shipped: the browser's wheel holds the engine alone (:mod:`py_engine.webbuild.wheel`), so a
change here never changes it, nor a returning player's engine snapshot.

- :mod:`~py_engine.webbuild.facts`: every rule fact the page knows early (``engine-data.js``);
- :mod:`~py_engine.webbuild.engine_words`: the English catalogue's engine namespaces, written
  from :data:`py_engine.messages.ENGLISH`;
- :mod:`~py_engine.webbuild.catalogues`: the pages' English, written from the English catalogue;
- :mod:`~py_engine.webbuild.wheel`: the browser's wheel, built from the engine's modules only;
- :mod:`~py_engine.webbuild.stdlib`: the standard library the worker loads, cut and compiled;
- :mod:`~py_engine.webbuild.dist`: the rest of ``dist/`` (``python -m py_engine.webbuild``);
- :mod:`~py_engine.webbuild.serve`: ``build.sh serve``'s server.
"""
from pathlib import Path

# The checkout these tools work in: the npm packages (node_modules) and the build's cache.
REPO = Path(__file__).resolve().parents[2]
# What a build keeps between runs, each entry named by everything it was made from.
CACHE = REPO / "build" / "cache"
