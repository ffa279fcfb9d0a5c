"""No JavaScript restates a rule fact: the page's facts come from py_engine through engine-data.js
(py_engine/webbuild/facts.py). Every web/js module is scanned, comments left out, for the literal
forms a restated table takes: the files' letters, the piece letters or names as a list, a
set-up's ranks, the search's and the facade's numbers, the levels, the notations, a move
pattern, a side or duel letter compared by hand, the board's size in arithmetic; and for the
forms a rule takes when it is decided in place: a side named (a string "black" or "orange", a
property .black or key black:, "Black" written in a text), a side picked by its index in SIDES,
a piece looked up by its letter's case, "a" or "an" chosen by the first letter, a square's
syntax as a regular expression. position.js is the one module that turns the exported sides
into helpers (BLACK, ORANGE, otherSide, sideOfPiece, pieceKind, ...): the rules that name such a
helper's work leave it alone."""
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
    # The module whose helpers do this (it may), or None: no module may.
    home: Optional[str] = None


# The module that wraps the exported sides and piece letters in helpers.
HELPERS = "position.js"
SIDE_NAMES = r"(?:black|orange)"


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
    Rule("a side named in a string", rf"[\"'`]{SIDE_NAMES}[\"'`]|=(?:{SIDE_NAMES})\b", home=HELPERS),
    Rule("a side named as a property", rf"\.{SIDE_NAMES}\b(?!\s*\()|(?<![\w.$-]){SIDE_NAMES}\s*:(?!\w)",
         home=HELPERS),
    Rule("a side's name written in a text", r"(?:^|[\"'`} ])(?:Black|Orange)\b(?!\w*\()"),
    Rule("a side picked by its index", r"SIDES\s*\[\s*(?:[01]\s*\]|1\s*-)", home=HELPERS),
    Rule("the sides' turns counted by hand", r"\bi\s*%\s*2\s*===|(?<![\w.])2\s*\*\s*\(", home=HELPERS),
    Rule("a piece looked up by its letter's case",
         r"\[\s*[\w.]+\.to(?:Upper|Lower)Case\(\)\s*\]|"
         r"(?i:\b\w*(?:letter|piece|tool|kind|attacker|defender)\w*)\.to(?:Upper|Lower)Case\(\)",
         home=HELPERS),
    Rule("a letter's case compared", r"===\s*\w+\.to(?:Upper|Lower)Case\(\)", home=HELPERS),
    Rule("an article chosen by hand",
         r"(?i)\[aeiou\]|[\"'`]an?[\"'`]\s*:\s*[\"'`]an?[\"'`]|\?\s*[\"'`]an[\"'` ]"),
    Rule("a square's syntax as a pattern",
         r"\[(?:a-[j-z]|A-[J-Z])(?:A-[J-Z])?\]\s*(?:\\d|\(\?:10|\(10|\[[01]-9\])"),
]

# Comments are left out: a block comment, or a line comment that starts a line or follows a space
# (so that "https://" in a string stays).
COMMENT = re.compile(r"/\*.*?\*/|(?:^|(?<=\s))//[^\n]*", re.S | re.M)


def code_of(text: str) -> str:
    """``text`` with its comments blanked (line numbers kept)."""
    return COMMENT.sub(lambda m: re.sub(r"[^\n]", " ", m.group(0)), text)


def restatements(text: str, module: str = "") -> List[str]:
    """Every restated rule fact in a module's text, as "line N: what (the text)"; ``module`` is
    the module's file name (a rule's home module may do what the rule names)."""
    code = code_of(text)
    found = []
    for rule in RULES:
        if rule.home is not None and rule.home == module:
            continue
        for match in re.finditer(rule.pattern, code):
            if rule.check is None or rule.check(match):
                line = code.count("\n", 0, match.start()) + 1
                found.append(f"line {line}: {rule.name} ({match.group(0).strip()[:60]})")
    return sorted(found, key=lambda f: int(f.split(":")[0][5:]))


@pytest.mark.parametrize("module", sorted(p.name for p in WEB_JS.glob("*.js")))
def test_no_web_module_restates_a_rule_fact(module):
    found = restatements((WEB_JS / module).read_text(), module)
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
    # a side named, picked by index, or its other computed in place
    'const side = you === "black" ? "orange" : "black";',
    "settings.flipped = view.orientation === 'orange';",
    'if (orientation === ORANGE) parts.push("o=orange");',
    "return settings.players.black === \"human\";",
    'const players = { black: "human", orange: "engine" };',
    'const sides = [["black", body], [ORANGE, other]];',
    '$("wager").textContent = `Black has won ${v.wager[BLACK]}`;',
    'row.setAttribute("aria-label", `${label} for Orange`);',
    "const other = SIDES[1 - SIDES.indexOf(side)];",
    "form[`opt-${SIDES[1]}-${key}`].disabled = true;",
    "open: (s, game) => ask(s, game.moves.filter((_, i) => i % 2 === 0)),",
    "const played = answer.state.moves[2 * (mine.length - 1)];",
    # the case of a piece letter
    "const kind = letter.toUpperCase();",
    "const name = NAMES[tool.toUpperCase()];",
    "const defender = `${side}'s ${v.names[duel.defender.toUpperCase()]}`;",
    "const black = piece === piece.toUpperCase();",
    # an article
    "const text = `Place ${/^[aeiou]/i.test(name) ? \"an\" : \"a\"} ${name}`;",
    "const a = vowel ? 'an' : 'a';",
    # square syntax
    "const m = /^([a-z]\\d{1,2})-?([a-z]\\d{1,2})$/i.exec(body);",
    "const SQUARE = /^[a-jA-J](10|[1-9])$/;",
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
    # the helpers' own work, and what is no rule
    'if (orientation === ORANGE) parts.push(`o=${ORANGE}`);',
    "const near = flipped ? ORANGE : BLACK;",
    "const forBlack = side === BLACK ? score : -score;",
    "const players = Object.fromEntries(SIDES.map((side) => [side, p[otherSide(side)]]));",
    "const blackPiece = given(0), orangeInk = SIDE_COLOURS[ORANGE].ink;",
    "const a = document.createElement(\"a\");",
    "return Object.hasOwn(PALETTE, key) ? PALETTE[key] : null;",
    'const text = String(name).trim().toLowerCase();',
    "const ok = typeof v === \"string\" && /^[a-z][a-z-]{0,29}$/.test(v);",
    "const played = moves[SIDES.length * (mine.length - 1)];",
    "const y = (i % 2 ? 0.02 : -0.16) + 0.2 * (t - 0.5) ** 2;",
]


@pytest.mark.parametrize("snippet", [
    "export const otherSide = (side) => SIDES[1 - SIDES.indexOf(side)];",
    "const sideOf = (letter) => SIDES.find((side) => POSITION.sides[side] === letter) ?? SIDES[0];",
])
def test_the_helpers_module_may_do_what_it_is_for(snippet):
    assert restatements(snippet, HELPERS) == []
    assert restatements(snippet, "panels.js")


@pytest.mark.parametrize("snippet", CAUGHT)
def test_the_scan_catches_a_restated_table(snippet):
    assert restatements(snippet), snippet


@pytest.mark.parametrize("snippet", LEFT_ALONE)
def test_the_scan_leaves_other_code_alone(snippet):
    assert not restatements(snippet), restatements(snippet)
