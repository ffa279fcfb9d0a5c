"""The documents stay a map that resolves: README.md is short, every relative link in README.md and
docs/*.md reaches a file (and, with a #fragment, a heading in it), and every place the code cites a
document by heading — README, "Heading"; docs/<file>.md, "Heading"; docs/<file>.md#anchor — names
a heading that exists there. Fast: no network, no browser."""
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
# The Pyodide run copies the engine and its tests, not the documents.
pytestmark = pytest.mark.skipif(not (ROOT / "docs").is_dir(), reason="the documents are not here")

README_LINES = 250
HEADING = re.compile(r"^(#{1,6})\s+(.+?)\s*#*\s*$")
# A run-in heading: a paragraph that starts with a bold sentence, as docs/rules.md writes its
# subsections ("**How a move is made.** Every move ..."). Citable by name, not by #anchor (GitHub
# makes no anchor for it).
RUN_IN = re.compile(r"^\*\*(.+?)\.?\*\*")
FENCE = re.compile(r"^\s*(```|~~~)")
# [text](target) not preceded by "!" is a link; images are checked the same way.
LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")
# References in code: README, "Heading" / README.md, "Heading" / docs/x.md, "Heading" /
# docs/x.md#anchor. Between the name and the quoted heading there may be a line break and a
# comment's leader (#, //, *), as in a wrapped comment.
CITED = re.compile(r"\b(README(?:\.md)?|docs/[\w-]+\.md),[ \t]*"
                   r"(?:\n[ \t]*(?:#|//|/\*|\*)?[ \t]*)?\"([^\"\n]+)\"")
ANCHORED = re.compile(r"\b(README\.md|docs/[\w-]+\.md)#([\w-]+)")
CODE_FILES = ["py_engine", "web", "tests", "build.sh"]
CODE_SUFFIXES = {".py", ".js", ".mjs", ".html", ".css", ".sh", ".json", ".toml", ".txt", ".perft", ""}


def documents():
    return [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]


def anchor(heading):
    """GitHub's anchor for a heading: lowercase, markup and punctuation dropped (hyphens and spaces
    kept), each space a hyphen."""
    text = re.sub(r"`([^`]*)`", r"\1", heading)
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text)
    text = text.strip().lower()
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def headings(path):
    """The headings of a markdown file (outside code fences), in order."""
    found, fenced = [], False
    for line in path.read_text().splitlines():
        if FENCE.match(line):
            fenced = not fenced
            continue
        m = None if fenced else HEADING.match(line)
        if m:
            found.append(m.group(2))
    return found


def anchors(path):
    """Every anchor GitHub makes for the file's headings (a repeated one gets -1, -2, …)."""
    seen, result = {}, set()
    for heading in headings(path):
        base = anchor(heading)
        n = seen.get(base, 0)
        result.add(base if n == 0 else f"{base}-{n}")
        seen[base] = n + 1
    return result


def run_in_headings(path):
    return {m.group(1).strip() for line in path.read_text().splitlines() if (m := RUN_IN.match(line))}


def names(path):
    """The section names a reference may cite: headings (with their markup dropped) and run-in
    headings."""
    plain = {re.sub(r"`([^`]*)`", r"\1", h).strip() for h in headings(path)}
    return plain | run_in_headings(path)


def links(path):
    """(line number, target) for each link outside code fences and inline code."""
    fenced = False
    for number, line in enumerate(path.read_text().splitlines(), 1):
        if FENCE.match(line):
            fenced = not fenced
            continue
        if fenced:
            continue
        for target in LINK.findall(re.sub(r"`[^`]*`", "", line)):
            yield number, target


def test_the_readme_is_a_map():
    lines = len((ROOT / "README.md").read_text().splitlines())
    assert lines <= README_LINES, \
        f"README.md has {lines} lines; at most {README_LINES} (the rest goes in docs/)"


def test_every_relative_link_in_the_documents_resolves():
    broken = []
    for path in documents():
        for number, target in links(path):
            if re.match(r"^[a-z][a-z0-9+.-]*:", target) or target.startswith("//"):
                continue  # an absolute URL (https:, mailto:): not ours to check offline
            file_part, _, fragment = target.partition("#")
            where = f"{path.relative_to(ROOT)}:{number}: {target}"
            goal = (path.parent / file_part).resolve() if file_part else path
            if not goal.exists():
                broken.append(f"{where} (no such file)")
            elif fragment and goal.suffix == ".md" and fragment not in anchors(goal):
                broken.append(f"{where} (no heading with that anchor in {goal.relative_to(ROOT)})")
    assert not broken, "links that do not resolve:\n" + "\n".join(broken)


def code_files():
    for name in CODE_FILES:
        top = ROOT / name
        files = [top] if top.is_file() else sorted(p for p in top.rglob("*") if p.is_file())
        for path in files:
            parts = path.relative_to(ROOT).parts
            if "node_modules" in parts or "__pycache__" in parts or parts[:2] == ("tests", "data"):
                continue
            if path.suffix in CODE_SUFFIXES:
                yield path


def references():
    """(file:line, document, heading or #anchor) for every document cited by heading in the code."""
    found = []
    for path in code_files():
        try:
            text = path.read_text()
        except UnicodeDecodeError:
            continue
        if path.name == "test_docs.py":
            continue  # this file's own examples
        for m in CITED.finditer(text):
            found.append((path, text.count("\n", 0, m.start()) + 1, m.group(1), m.group(2), False))
        for m in ANCHORED.finditer(text):
            found.append((path, text.count("\n", 0, m.start()) + 1, m.group(1), m.group(2), True))
    return found


def test_the_code_cites_only_headings_that_exist():
    unresolved = []
    for path, line, document, heading, is_anchor in references():
        target = ROOT / ("README.md" if document.startswith("README") else document)
        where = f"{path.relative_to(ROOT)}:{line}: {document}"
        if not target.exists():
            unresolved.append(f'{where}, "{heading}" (no such document)')
        elif is_anchor and heading not in anchors(target):
            unresolved.append(f"{where}#{heading} (no such anchor)")
        elif not is_anchor and heading.strip().rstrip(".") not in names(target):
            unresolved.append(f'{where}, "{heading}" (no such heading)')
    assert not unresolved, (f"{len(unresolved)} references in the code name no heading of their "
                            "document:\n" + "\n".join(unresolved))


def test_the_anchor_rule():
    assert anchor("The suite's time") == "the-suites-time"
    assert anchor("2026-11-28: where a reply's time goes; the slide") == \
        "2026-11-28-where-a-replys-time-goes-the-slide"
    assert anchor("The element: `<jetan-board>`") == "the-element-jetan-board"
    assert anchor("Start-up, part by part") == "start-up-part-by-part"


def test_the_code_references_are_found():
    """The regexes see what the code writes, wrapped comments included."""
    sample = ('x  # (README, "Start-up"): y\n'
              '// later ones 4-9 (README,\n// "Benchmarks"). Until\n'
              '""" (docs/rules.md, "Clocks") and docs/strength.md#the-ladder """\n')
    cited = [(m.group(1), m.group(2)) for m in CITED.finditer(sample)]
    assert cited == [("README", "Start-up"), ("README", "Benchmarks"), ("docs/rules.md", "Clocks")]
    found = [(m.group(1), m.group(2)) for m in ANCHORED.finditer(sample)]
    assert found == [("docs/strength.md", "the-ladder")]
