"""Every rule fact the page knows before (or beside) the engine, read from (or checked against) the
engine module that owns it, so that JavaScript restates none (docs/architecture.md, "Rule facts"):
``dist/engine-data.js`` (:func:`web_facts`), ``dist/training-data.js`` (the lessons and puzzles)
and ``dist/reach.js`` (the rules page's diagrams). ``tests/test_webbuild.py`` holds the page's
JavaScript to the same answers; :mod:`py_engine.webbuild.dist` writes the files. What the facts
say in words they say as messages (``{"key", "args"}``: the pieces' names and how they move, a
rule option's words, a preset's title), which the page words from its catalogue.
"""
from __future__ import annotations

import json
from itertools import product
from typing import Any, Dict, List

from .. import facade, lessons, puzzles, record, search
from ..facade import handle_json
from ..gallery import GALLERY
from ..game import start_position
from ..movegen import referee_for
from ..notation import STYLES, move_text
from ..pieces import BLACK, ORANGE, PIECES, SIDES, PieceKind, side_of
from ..position import DIAMETRAL, FACING, Position
from ..rules import OPTIONS, STANDARD_RULES, RuleSet
from ..squares import FILES, SIZE, SQUARES, file_of, rank_of, square_name, technical_name
from ..messages import Message
from ..values import PASS, Move

Json = Dict[str, Any]

# ---- the rules page's reach diagrams --------------------------------------------------------

# What each piece's diagram on the rules page shows, in a sentence (standard rules): the piece
# table's own message (pieces.py), which the lessons say too.
REACH_TEXTS: Dict[str, Message] = {kind.letter: kind.moves_message for kind in PIECES}
CENTRE = 44          # e5: the square the diagrams are drawn from


def reach() -> List[Json]:
    """Each piece's reach from e5 (standard rules) as file and rank offsets, with its name and
    caption (messages)."""
    tables = referee_for(STANDARD_RULES).tables[BLACK]
    return [{"letter": kind.letter, "name": STANDARD_RULES.piece_message(kind.letter).json(),
             "feathers": STANDARD_RULES.feathers(kind.letter, BLACK), "text": REACH_TEXTS[kind.letter].json(),
             "reach": sorted([file_of(t) - file_of(CENTRE), rank_of(t) - rank_of(CENTRE)]
                             for t in tables[kind.letter].walks[CENTRE])}
            for kind in PIECES]


def reach_js() -> str:
    return ("// Written by build.sh from py_engine's walk tables (standard rules, from e5).\n"
            f"export const REACH = {json.dumps(reach())};\n")


# ---- the page's rule facts (engine-data.js) -------------------------------------------------

def board() -> Json:
    """The board: files a-j, ten ranks, each square's name by index (``rank * 10 + file``, a1
    first, as :mod:`py_engine.squares` numbers them), algebraic and technical."""
    return {"files": FILES, "ranks": SIZE, "squares": [square_name(sq) for sq in SQUARES],
            "technical": [technical_name(sq) for sq in SQUARES]}


_FILE_CLASS = f"[{FILES[0]}-{FILES[-1]}{FILES[0].upper()}-{FILES[-1].upper()}]"
_RANKS = sorted({name[1:] for sq in SQUARES for name in (square_name(sq), technical_name(sq))})
# The separators a move text may hold between its squares (notation.parse_move reads each):
# the first for a quiet move, the second for a capture (notation.move_text writes those two).
SEPARATORS = "-x:"
PASS_TEXT = move_text(start_position(), PASS)
# The two outcomes of a duel (values.Move.outcome), written after the squares: "/a", "/d".
ATTACKER_WINS, DEFENDER_WINS = "a", "d"
DUEL_MARK = "/"


def _square(name: str) -> str:
    return f"(?<{name}>{_FILE_CLASS}(?:{'|'.join(sorted(_RANKS, key=lambda t: (-len(t), t)))}))"


# A move text as the page accepts it (in links, the saved game and the display replay): what
# notation.move_text writes, in either notation, and the same without its separator (a link's
# "d2d3"). It is a subset of what notation.parse_move reads. JavaScript syntax (named groups
# ``(?<name>…)``); the groups ``from``, ``to`` (a square's text) and ``outcome``.
MOVE_PATTERN = (f"^(?:{PASS_TEXT}|{_square('from')}[{SEPARATORS}]?{_square('to')}"
                f"(?:{DUEL_MARK}(?<outcome>[{ATTACKER_WINS}{DEFENDER_WINS}]))?)$")


# A square's algebraic name as a pattern (no groups, no anchors; either case): "e5", "d10". The
# diagrams' markup (web/js/markup.js) reads its squares and arrows with it.
SQUARE_PATTERN = _FILE_CLASS + "(?:" + "|".join(
    sorted({square_name(sq)[1:] for sq in SQUARES}, key=lambda t: (-len(t), t))) + ")"
# An arrow of a diagram's markup: two squares, a "-" between them or none ("d2d4", "d2-d4"), as
# py_engine.record writes and reads a comment's arrows; the groups ``from`` and ``to``.
ARROW_PATTERN = f"^(?<from>{SQUARE_PATTERN})-?(?<to>{SQUARE_PATTERN})$"


def python_pattern(js: str) -> str:
    """A JavaScript regular expression's source (as engine-data.js carries it) in Python's
    syntax: named groups are ``(?P<name>…)``."""
    return js.replace("(?<", "(?P<")


def notation() -> Json:
    """How the page reads and (before the engine names them) writes move texts."""
    pos = start_position()
    quiet = move_text(pos, Move(13, 23))                     # d2 to an empty d3
    capture = move_text(pos, Move(13, 93, ATTACKER_WINS))    # d2 onto d10, an Orange piece
    return {"styles": list(STYLES), "move": MOVE_PATTERN, "square": SQUARE_PATTERN, "pass": PASS_TEXT,
            "quiet": quiet[len(square_name(13)):-len(square_name(23))],
            "capture": capture[len(square_name(13))], "separators": SEPARATORS}


# The facade takes a search's time from 1 ms (facade.search_field) and a record header's value
# of at most 200 characters (facade.headers_field): tests/test_webbuild.py checks both against
# the facade's answers.
TIME_MS_MIN = 1
HEADER_TEXT = 200


def limits() -> Json:
    """What a request to the engine may hold (py_engine.facade's limits)."""
    return {"plies": facade.MAX_PLIES, "rules_text": facade.MAX_RULES_TEXT,
            "position_text": facade.MAX_POSITION_TEXT, "move_text": facade.MAX_MOVE_TEXT,
            "record_text": facade.MAX_RECORD_TEXT, "headers": facade.MAX_HEADERS,
            "header_name": facade.HEADER_NAME.pattern, "header_text": HEADER_TEXT,
            "time_ms_min": TIME_MS_MIN, "time_ms_max": facade.MAX_TIME_MS, "comment": facade.MAX_COMMENT}


def scores() -> Json:
    """The search's scale: scores beyond ``winning`` are forced results; ``feather`` is one
    feather (a Panthan) in the score's units."""
    return {"winning": search.WON, "feather": search.FEATHER}


def rule_text() -> Json:
    """How a rule set is written (py_engine.rules): ``key=value`` items separated by commas, a
    per-side item prefixed by the side's name and a dot (``black.thoat=wild``)."""
    return {"separator": ",", "assign": "=", "sides": {name: f"{name}." for name in SIDES}}


def start_options() -> List[str]:
    """The options that decide a rule set's start position (the rest never change it)."""
    base = str(start_position(STANDARD_RULES))
    return [key for key, values in OPTIONS.items()
            if any(str(start_position(_rules({key: value}))) != base for value in values[1:])]


def _rules(values: Dict[str, str]) -> RuleSet:
    text = rule_text()
    return RuleSet.parse(text["separator"].join(f"{k}{text['assign']}{v}" for k, v in values.items()))


def starts() -> Json:
    """Every start position a rule set can have, keyed by its deciding options' values in
    ``options`` order joined by ``join`` (``"facing,orange"``)."""
    options = start_options()
    positions = {",".join(values): str(start_position(_rules(dict(zip(options, values)))))
                 for values in product(*(OPTIONS[key] for key in options))}
    return {"options": options, "join": ",", "positions": positions}


def _after_duel(outcome: str) -> Json:
    """What a capture with ``outcome`` leaves on the two squares: "empty", "attacker" or
    "defender" (read off the referee's own play, under duel rules)."""
    pos = Position.parse("p9/10/10/10/4n5/4N5/10/10/10/P9 b - 0 1")
    frm, to = 44, 54           # the Black Panthan on e5 takes the Orange one on e6
    after = referee_for(RuleSet.parse("duel=even")).play(pos, Move(frm, to), outcome).position
    what = {"": "empty", pos.board[frm]: "attacker", pos.board[to]: "defender"}
    return {"from": what[after.board[frm]], "to": what[after.board[to]]}


def duel() -> Json:
    """A duel's outcome letters, and what each leaves on the board (the page's display replay
    moves pieces by it; no outcome written is a plain capture, as the attacker winning)."""
    return {"attacker_wins": ATTACKER_WINS, "defender_wins": DEFENDER_WINS, "mark": DUEL_MARK,
            "after": {ATTACKER_WINS: _after_duel(ATTACKER_WINS), DEFENDER_WINS: _after_duel(DEFENDER_WINS)}}


def position_layout() -> Json:
    """How a position string is written (py_engine.position): its fields in order, the side
    letters, the escape letters, the ranks' separator and order, whose move makes the move number
    go up, and which case is whose."""
    empty = ("",) * len(SQUARES)
    sides = {name: str(Position(empty, side)).split()[1] for side, name in enumerate(SIDES)}
    escape_flags = {"black": (True, False), "orange": (False, True), "none": (False, False)}
    escapes = {name: str(Position(empty, BLACK, flags)).split()[2] for name, flags in escape_flags.items()}
    sample = Position(empty, ORANGE, escape_flags["black"], 7, 42)
    written = str(sample).split()
    values = {"placement": sample.placement(), "side": sides["orange"], "escapes": escapes["black"],
              "counter": "7", "number": "42"}
    fields = sorted(values, key=lambda k: written.index(values[k]))
    separator, = set(sample.placement().replace(str(SIZE), ""))       # "10/10/…/10"
    a1 = Position(tuple("N" if sq == 0 else "" for sq in SQUARES)).placement()
    # Whose move makes the move number go up: play one move for each side from the start.
    pos, referee = start_position(), referee_for(STANDARD_RULES)
    number_after = []
    for move in (Move(13, 23), Move(86, 76)):         # d2-d3, g9-g8
        after = referee.play(pos, move).position
        if after.move_number != pos.move_number:
            number_after.append(SIDES[pos.side])
        pos = after
    return {"fields": fields, "sides": sides, "escapes": escapes, "rank_separator": separator,
            "top_first": a1.endswith(separator + "N" + str(SIZE - 1)), "number_after": number_after[0],
            "case": {name: ("upper" if side == BLACK else "lower") for side, name in enumerate(SIDES)}}


def piece_letters() -> Json:
    """Every piece letter a position string may hold, in either side's case, with what it means:
    its kind (the piece table's letter) and its side (py_engine.pieces.side_of: the case of a
    letter is its side)."""
    return {letter: {"kind": kind.letter, "side": SIDES[side_of(letter)]}
            for kind in PIECES for letter in (kind.letter.upper(), kind.letter.lower())}


# The piece art: feathers are drawn for every piece that has them, but the Flier, whose emblem
# (a propeller) says what it is; the art in web/js/pieces.js draws each emblem by its option name.
NO_FEATHERS_DRAWN = ("flier",)


def piece_art() -> Json:
    """What the piece art draws from the rules: the feathers on each piece that shows them."""
    return {"feathers": {kind.letter: kind.feathers for kind in PIECES
                         if kind.feathers and kind.option not in NO_FEATHERS_DRAWN}}


def pieces_fact(kind: PieceKind) -> Json:
    """A kind of piece as engine-data.js's PIECES has it: the piece table's fields, its name and
    how it moves as messages."""
    return {"letter": kind.letter, "name": kind.message.json(), "option": kind.option,
            "feathers": kind.feathers, "price": kind.price, "per_side": kind.per_side,
            "moves": kind.moves_message.json()}


def web_facts() -> Json:
    """Everything engine-data.js exports, by name."""
    rules_info = json.loads(handle_json(json.dumps({"op": "rules"})))
    del rules_info["ok"]
    return {
        "PIECES": [pieces_fact(kind) for kind in PIECES],
        "RULES": rules_info,
        "SETUPS": {"diametral": DIAMETRAL, "facing": FACING},
        "GALLERY": {k: g._asdict() for k, g in GALLERY.items()},
        "BOARD": board(),
        "NOTATION": notation(),
        "LIMITS": limits(),
        "LEVELS": sorted(search.LEVELS),
        "SCORES": scores(),
        "RULE_TEXT": rule_text(),
        "STARTS": starts(),
        "DUEL": duel(),
        "SIDES": list(SIDES),
        "POSITION": position_layout(),
        "PIECE_ART": piece_art(),
        "PIECE_LETTERS": piece_letters(),
        "MARKUP": {"colours": list(record.MARKUP_COLOURS), "arrow": ARROW_PATTERN},
    }


def training_facts() -> Json:
    """Everything training-data.js exports: the lessons and the puzzles, kept out of
    engine-data.js so that a page with a board alone does not download them."""
    return {"LESSONS": lessons.web_lessons(),
            "PUZZLES": [{**p, "length": puzzles.length(p)} for p in puzzles.load()]}


def engine_data_js() -> str:
    return ("// Written by build.sh (py_engine/webbuild.py) from py_engine's own tables: the page's rule\n"
            "// facts, so that no JavaScript restates one.\n" + exports(web_facts()))


def training_data_js() -> str:
    return ("// Written by build.sh (py_engine/webbuild.py): the Learn page's lessons and the puzzles.\n"
            + exports(training_facts()))


def exports(facts: Json) -> str:
    return "".join(f"export const {name} = {json.dumps(value)};\n" for name, value in facts.items())
