"""The page's words at build time: the catalogues (``web/i18n/<language>.json``, i18next's v4
JSON shape) and the pages' English.

A page's source marks its words rather than writing them: ``<h2 data-i18n="key"></h2>`` and
``data-i18n-<attribute>="key"`` (aria-label, title, placeholder, alt, content). :func:`word_pages`
writes the English catalogue's text into the shipped copy, so that an English reader's first
paint needs no script and no catalogue; js/i18n.js words the same marks in another language.
:func:`compact` ships each catalogue without its indentation.
"""
from __future__ import annotations

import html
import json
import re
from pathlib import Path
from typing import Any, Dict, Iterator, Tuple

CATALOGUES = "i18n"
ENGLISH = "en"
ATTRIBUTES = ("aria-label", "title", "placeholder", "alt", "content")
# An element whose text is a message: its opening tag (with data-i18n="key") and its (empty)
# body up to its closing tag.
_TEXT = re.compile(r'(<(\w+)\b[^>]*?\sdata-i18n="([\w.-]+)"[^>]*>)(.*?)(</\2>)', re.S)
_ATTRIBUTE = re.compile(r'\sdata-i18n-(' + "|".join(ATTRIBUTES) + r')="([\w.-]+)"')

Catalogue = Dict[str, Any]


def flat(catalogue: Catalogue, prefix: str = "") -> Iterator[Tuple[str, str]]:
    """Every (key, text) of a nested catalogue, keys joined by dots.

    >>> list(flat({"a": {"b": "x", "c_one": "y"}}))
    [('a.b', 'x'), ('a.c_one', 'y')]
    """
    for name, value in catalogue.items():
        key = f"{prefix}{name}"
        if isinstance(value, dict):
            yield from flat(value, key + ".")
        else:
            yield key, value


def load(folder: Path, language: str) -> Dict[str, str]:
    """``language``'s catalogue in ``folder`` (web/ or dist/), flat."""
    return dict(flat(json.loads((folder / CATALOGUES / f"{language}.json").read_text(encoding="utf-8"))))


def word_page(text: str, words: Dict[str, str]) -> str:
    """``text`` (a page) with every marked element's text and attribute written from ``words``.

    >>> word_page('<p data-i18n="a.b"></p><i data-i18n-title="a.c">x</i>',
    ...           {"a.b": "Hello & welcome", "a.c": '"Go"'})
    '<p data-i18n="a.b">Hello &amp; welcome</p><i data-i18n-title="a.c" title="&quot;Go&quot;">x</i>'
    """
    def text_of(found: re.Match[str]) -> str:
        opening, _, key, body, closing = found.groups()
        if body.strip():
            raise ValueError(f"{opening}: a marked element's words are the catalogue's; leave it empty")
        return opening + html.escape(words[key], quote=False) + closing

    def attribute_of(found: re.Match[str]) -> str:
        name, key = found.groups()
        return f'{found.group(0)} {name}="{html.escape(words[key])}"'

    return _ATTRIBUTE.sub(attribute_of, _TEXT.sub(text_of, text))


def marked_keys(text: str) -> Iterator[str]:
    """The keys a page marks (its text and attributes)."""
    for found in _TEXT.finditer(text):
        yield found.group(3)
    for found in _ATTRIBUTE.finditer(text):
        yield found.group(2)


def word_pages(dist: Path) -> None:
    """Write the English into every page of ``dist`` (see the module's text)."""
    words = load(dist, ENGLISH)
    for page in sorted(dist.glob("*.html")):
        try:
            page.write_text(word_page(page.read_text(encoding="utf-8"), words), encoding="utf-8")
        except KeyError as err:
            raise SystemExit(f"build: {page.name} marks {err}, which the English catalogue lacks") from None


def compact(dist: Path) -> None:
    """Ship each catalogue without the indentation its source keeps for translators."""
    for path in sorted((dist / CATALOGUES).glob("*.json")):
        path.write_text(json.dumps(json.loads(path.read_text(encoding="utf-8")), ensure_ascii=False,
                                   separators=(",", ":")), encoding="utf-8")
