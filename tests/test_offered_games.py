"""Every game the project offers to copy — the embedding guide's sample, the README's examples
of <jetan-board> and of links — replays through the engine (issue 20: the guide once offered an
illegal one)."""
import html
import re
from pathlib import Path

import pytest

from py_engine import Game

ROOT = Path(__file__).resolve().parents[1]
# The Pyodide run copies the engine and its tests, not the pages.
pytestmark = pytest.mark.skipif(not (ROOT / "web").is_dir(), reason="the pages are not here")
# Where games are offered: a tag's moves="…" (with its rules="…"), the guide's moves field, and
# links' m=… parts (with their r=…).
TAG = re.compile(r"<jetan-board\b[^>]*>")
ATTRIBUTE = re.compile(r'([\w-]+)="([^"]*)"')
FIELD = re.compile(r'id="g-moves" value="([^"]*)"')
LINK = re.compile(r"#1;[^\s`)\"']*")


def offered():
    """(where, rules, moves) for each game offered in the README, the docs and the web pages."""
    found = []
    if not (ROOT / "web").is_dir():
        return found
    pages = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md")),
             *sorted((ROOT / "web").glob("*.html"))]
    for path in pages:
        text = path.read_text()
        for tag in TAG.findall(text):
            attrs = {k: html.unescape(v) for k, v in ATTRIBUTE.findall(tag)}
            if attrs.get("moves"):
                found.append((f"{path.name}: {tag[:60]}", attrs.get("rules", ""), attrs["moves"].split(",")))
        for moves in FIELD.findall(text):
            found.append((f"{path.name}: the moves field", "", moves.split(",")))
        for link in LINK.findall(text):
            parts = dict(part.partition("=")[::2] for part in link[3:].split(";"))
            # (A link with a placeholder, "<start…>" or "m=…", illustrates the format only.)
            if parts.get("m") and "<" not in parts.get("s", "") and "…" not in link:
                moves = [expand(m) for m in parts["m"].split(",")]
                found.append((f"{path.name}: {link[:60]}", parts.get("r", ""), moves))
    return found


def expand(move):
    """A link's move (``d2d3``, ``d10d9``, ``d1g4/a``) as move text."""
    m = re.fullmatch(r"([a-j](?:10|[1-9]))([a-j](?:10|[1-9]))(/[ad])?", move)
    assert m, move
    return f"{m.group(1)}-{m.group(2)}{m.group(3) or ''}"


def test_the_pages_offer_games():
    assert len(offered()) >= 3


@pytest.mark.parametrize("where, rules, moves", offered(), ids=lambda v: v if isinstance(v, str) else None)
def test_every_offered_game_replays(where, rules, moves):
    game = Game(rules)
    for i, move in enumerate(moves, 1):
        try:
            game.play(move.strip())
        except ValueError as err:
            pytest.fail(f"{where}: move {i} ({move}) cannot be played: {err}")
