"""The engine's words in the English catalogue: ``python -m py_engine.webbuild.engine_words``.

The engine's English lives in one table, :data:`py_engine.messages.ENGLISH` (the command line
words its messages from it); the page reads the same templates from web/i18n/en.json, under the
engine's namespaces (:data:`NAMESPACES`). This command rewrites those namespaces of en.json from
the table, leaving every other namespace as it is, so that a message added to (or changed in) the
engine reaches the page by running it; tests/test_i18n_engine.py fails until it is run. It then
names the engine's keys each other catalogue lacks or no longer needs, for its translator (the
catalogue tests in tests/test_i18n.py fail on them too). ``--check`` changes nothing: it says
whether en.json is up to date, and exits 1 if not.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any, Dict, List, Mapping

from ..messages import ENGLISH
from . import REPO
from .catalogues import CATALOGUES, flat

NAMESPACES = ("engine", "side", "piece", "rule")
FOLDER = REPO / "web" / CATALOGUES

Catalogue = Dict[str, Any]


def nested(words: Mapping[str, str]) -> Catalogue:
    """Flat ``a.b.c`` keys as a nested catalogue, in the table's order.

    >>> nested({"a.b": "x", "a.c_one": "y", "d": "z"})
    {'a': {'b': 'x', 'c_one': 'y'}, 'd': 'z'}
    """
    out: Catalogue = {}
    for key, text in words.items():
        *parents, leaf = key.split(".")
        node = out
        for part in parents:
            node = node.setdefault(part, {})
            if not isinstance(node, dict):
                raise ValueError(f"{key}: {part} is a message and a group of messages at once")
        if leaf in node:
            raise ValueError(f"{key}: a group of messages and a message at once")
        node[leaf] = text
    return out


def engine_namespaces(english: Mapping[str, str] = ENGLISH) -> Catalogue:
    """The engine's namespaces of the English catalogue, as the table has them."""
    stray = sorted(key for key in english if key.split(".")[0] not in NAMESPACES)
    if stray:
        raise ValueError(f"messages.ENGLISH has keys outside {', '.join(NAMESPACES)}: {', '.join(stray)}")
    return nested(english)


def rewritten(catalogue: Catalogue, english: Mapping[str, str] = ENGLISH) -> Catalogue:
    """``catalogue`` (en.json's) with the engine's namespaces as :data:`ENGLISH` has them: each
    where it stood, or after the others if it is new."""
    ours = engine_namespaces(english)
    out = {name: ours.get(name, value) for name, value in catalogue.items()
           if name in ours or name not in NAMESPACES}
    out.update({name: value for name, value in ours.items() if name not in out})
    return out


def text(catalogue: Catalogue) -> str:
    """A catalogue as its source keeps it: two spaces of indentation, the letters as they are."""
    return json.dumps(catalogue, ensure_ascii=False, indent=2) + "\n"


def others(folder: Path = FOLDER) -> Dict[str, Dict[str, List[str]]]:
    """For each other catalogue, the engine's keys it lacks and the ones it has that the engine
    no longer sends (plural forms aside: a language has its own)."""
    def base(key: str) -> str:
        head, _, form = key.rpartition("_")
        return head if head and form in ("zero", "one", "two", "few", "many", "other") else key

    wanted = {base(key) for key in ENGLISH}
    found: Dict[str, Dict[str, List[str]]] = {}
    for path in sorted(folder.glob("*.json")):
        if path.stem == "en":
            continue
        theirs = {base(key) for key, _ in flat(json.loads(path.read_text(encoding="utf-8")))
                  if key.split(".")[0] in NAMESPACES}
        found[path.stem] = {"lacks": sorted(wanted - theirs), "extra": sorted(theirs - wanted)}
    return found


def main(argv: List[str]) -> int:
    path = FOLDER / "en.json"
    before = path.read_text(encoding="utf-8")
    after = text(rewritten(json.loads(before)))
    if "--check" in argv:
        if before != after:
            print(f"{path.relative_to(REPO)} differs from py_engine.messages.ENGLISH: "
                  "run python -m py_engine.webbuild.engine_words")
            return 1
        print(f"{path.relative_to(REPO)} has the engine's words")
        return 0
    if before != after:
        path.write_text(after, encoding="utf-8")
        print(f"wrote the engine's words into {path.relative_to(REPO)}")
    for lang, keys in others().items():
        for what, listed in keys.items():
            if listed:
                print(f"{lang}.json {what} {len(listed)}: {', '.join(listed)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
