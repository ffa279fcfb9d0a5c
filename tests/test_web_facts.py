"""No JavaScript restates a rule fact: the page's facts come from py_engine through engine-data.js
(py_engine/webbuild/facts.py). Every web/js module is scanned, comments left out, for the literal
forms a restated table takes: the files' letters, the piece letters or names as a list, a
set-up's ranks, the search's and the facade's numbers, the levels, the notations, a move
pattern, a side or duel letter compared by hand, the board's size in arithmetic."""
from __future__ import annotations

import re
from pathlib import Path
from typing import Callable, List, NamedTuple, Optional

import pytest

from py_engine import facade, search
from py_engine.pieces import PIECES
from py_engine.position import DIAMETRAL, FACING
from py_engine.squares import FILES

WEB_JS = Path(__file__).resolve().parents[1] / "web" / "js"
LETTERS = "".join(p.letter for p in PIECES)
NAMES = {p.name for p in PIECES} | {"Odwar"}


def number(value: int) -> str:
    """A number as JavaScript may write it: 20000 or 20_000 (not part of a longer number)."""
    text = str(value)
    grouped = f"{value:_}"
    return rf"(?<![\w.])(?:{text}|{grouped})(?![\w.])"


class Rule(NamedTuple):
    name: str
    pattern: str
    # A further test of the match (the pattern alone would catch too much), or None.
    check: Optional[Callable[[re.Match[str]], bool]] = None


def _letters_list(match: re.Match[str]) -> bool:
    letters = re.findall(r"[\"'`]([A-Za-z])[\"'`]", match.group(0))
    return len(set(letters)) >= 5 and {c.upper() for c in letters} <= set(LETTERS)


def _names(match: re.Match[str]) -> bool:
    return match.group(1) in NAMES


RANKS = sorted({rank for setup in (DIAMETRAL, FACING) for rank in setup.split("/") if not rank.isdigit()})

RULES: List[Rule] = [
    Rule("the files' letters", rf"(?i){FILES}"),
    Rule("the piece letters as a string", r"[\"'`](?=[A-Za-z]{8}[\"'`])([A-Za-z]{8})[\"'`]",
         lambda m: set(m.group(1).upper()) == set(LETTERS)),
    Rule("the piece letters as a list",
         r"\[\s*(?:[\"'`][A-Za-z][\"'`]\s*,\s*){4,}[\"'`][A-Za-z][\"'`]\s*,?\s*\]",
         _letters_list),
    Rule("a table keyed by piece letters", rf"\{{\s*(?:[{LETTERS}]\s*:\s*[^,{{}}]+,\s*){{3,}}"),
    Rule("a set-up's rank", "(?i)" + "|".join(re.escape(r) for r in RANKS)),
    Rule("the search's winning score", number(search.WON)),
    Rule("the search's mate score", number(search.MATE)),
    Rule("the facade's move limit", number(facade.MAX_PLIES)),
    Rule("the facade's time limit", number(facade.MAX_TIME_MS)),
    Rule("the facade's record limit", number(facade.MAX_RECORD_TEXT)),
    Rule("the levels as a list",
         r"\[\s*" + r"\s*,\s*".join(rf"[\"']?{n}[\"']?" for n in range(1, 7)) + r"\s*\]"),
    Rule("the notations listed", r"[\"'`]algebraic[\"'`][^\n]*[\"'`]technical[\"'`]|"
                                 r"[\"'`]technical[\"'`][^\n]*[\"'`]algebraic[\"'`]"),
    Rule("a move pattern", r"\[a-j|a-jA-J|\[-x:?\]|\[ad\]|\(10\|"),
    Rule("a piece's name", r"[\"'`](\w+)[\"'`]", _names),
    Rule("a piece letter compared", rf"[!=]==\s*[\"'][{LETTERS}][\"']|[\"'][{LETTERS}][\"']\s*[!=]==|"
                                    r"[\"'](?:Pp|pP|Cc|cC)[\"']"),
    # (a link's part named "o", its orientation, is another thing)
    Rule("a side letter compared", r"(?<!key )[!=]==\s*[\"'][bo][\"']|[\"'][bo][\"']\s*:\s*[\"'][bo][\"']"),
    Rule("a duel outcome compared", r"outcome\s*[!=]==\s*[\"'][ad][\"']|[\"']/[ad][\"']"),
    Rule("a rule text written by hand", r"(?:black|orange)\.\$\{|[\"'`](?:setup|first|duel|thoat)=\w"),
    Rule("the board's size in arithmetic", r"%\s*10\b|Math\.floor\([^()]*/\s*10\s*\)|Array\(100\)"),
]

# Comments are left out: a block comment, or a line comment that starts a line or follows a space
# (so that "https://" in a string stays).
COMMENT = re.compile(r"/\*.*?\*/|(?:^|(?<=\s))//[^\n]*", re.S | re.M)


def code_of(text: str) -> str:
    """``text`` with its comments blanked (line numbers kept)."""
    return COMMENT.sub(lambda m: re.sub(r"[^\n]", " ", m.group(0)), text)


def restatements(text: str) -> List[str]:
    """Every restated rule fact in a module's text, as "line N: what (the text)"."""
    code = code_of(text)
    found = []
    for rule in RULES:
        for match in re.finditer(rule.pattern, code):
            if rule.check is None or rule.check(match):
                line = code.count("\n", 0, match.start()) + 1
                found.append(f"line {line}: {rule.name} ({match.group(0).strip()[:60]})")
    return sorted(found, key=lambda f: int(f.split(":")[0][5:]))


@pytest.mark.parametrize("module", sorted(p.name for p in WEB_JS.glob("*.js")))
def test_no_web_module_restates_a_rule_fact(module):
    found = restatements((WEB_JS / module).read_text())
    assert not found, f"web/js/{module} restates rule facts that engine-data.js holds:\n" + "\n".join(found)


# What the scan must catch (the forms these tables took in the page before engine-data.js held
# them) and what it must leave alone.
CAUGHT = [
    'const FILES = "abcdefghij";',
    "export const squareName = (sq) => FILES[sq % 10] + (Math.floor(sq / 10) + 1);",
    "const board = new Array(100).fill(\"\");",
    'const side = options.get("first") === "orange" ? "o" : "b";',
    'const orangeFirst = fields[1] === "o" ? 1 : 0;',
    'if (move.outcome !== "d") board[move.to] = piece;',
    "const MOVE_SQUARES = /^([a-j])(10|[1-9])[-x:]?([a-j])(10|[1-9])(?:\\/([ad]))?$/;",
    "export const MOVE = /^(pass|[a-jA-J](10|[0-9])[-x:]?[a-jA-J](10|[0-9])(\\/[ad])?)$/;",
    "const LIMITS = { rules: 1000, start: 200, moves: 20000 };",
    "if (moves.length > 20_000) throw new Error();",
    "const WINNING = 99000;",
    "level: (v) => [1, 2, 3, 4, 5, 6].includes(v),",
    'notation: (v) => v === "algebraic" || v === "technical",',
    'const FEATHERS = Object.fromEntries(PIECES.filter((p) => p.letter !== "F").map((p) => [p.letter, 1]));',
    'const ORDER = "NWATDFCP";',
    'const KINDS = ["N", "W", "A", "T", "D", "F", "C", "P"];',
    "const FEATHERS = { N: 1, W: 2, A: 2, T: 2, D: 3 };",
    'const start = "wadfpcfdaw/tnnnnnnnnt/10/10/10/10/10/10/TNNNNNNNNT/WADFCPFDAW b Ee 0 1";',
    'const names = { N: "Panthan", W: "Warrior" };',
    "if (value !== values[0]) parts.push(`black.${key}=${value}`);",
    'const MANATOR = "setup=facing,first=orange,duel=even";',
    'if (piece === "P") glow();',
]
LEFT_ALONE = [
    '// The files "abcdefghij" and 99000, in a comment.',
    '/* [1, 2, 3, 4, 5, 6] */ const x = 1;',
    'const src = "https://example.org/a.js"; // 20000 in a comment',
    'if (e.key === "f") flip();',
    'const text = "the Princess is threatened";',
    "const timeout = 8000, port = 20001, big = 120000;",
    'button.textContent = style === "technical" && m.technical ? m.technical : m.text;',
    "const share = 1 / (1 + Math.exp(-score / (4 * SCORES.feather)));",
    'const HEX = /^[0-9a-f]+$/;',
    '} else if (key === "o") {',
]


@pytest.mark.parametrize("snippet", CAUGHT)
def test_the_scan_catches_a_restated_table(snippet):
    assert restatements(snippet), snippet


@pytest.mark.parametrize("snippet", LEFT_ALONE)
def test_the_scan_leaves_other_code_alone(snippet):
    assert not restatements(snippet), restatements(snippet)
