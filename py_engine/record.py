r"""Game records: a PGN-like text with headers, numbered moves, duel outcomes and Smith's result
marks, read and written so that a written record reads back to the same game and the same text.

::

    [Black "Gahan"]
    [Orange "U-Dor"]
    [Rules "setup=facing,first=orange,duel=even"]
    [Result "black wins"]
    [Termination "Black's Chief took the Chief"]

    1. ... g10-d7 2. d2-d3 d7-g4 3. d1xg4/a f9-f8 ...  7. e4-e7 f8xe7/d 8. e7xe10 C

A move number counts as in the position notation (it grows after Orange moves), so with Orange
first the record opens ``1. ...``. After the last move stands Smith's mark when the game ended on
the board: ``P`` (the Princess was taken), ``C`` (Chief took Chief), ``d`` (a draw).
``[Position "…"]`` gives a start other than the rule set's. A game that ended off the board has no
mark; its Termination header says how: ``[Termination "Orange resigned"]`` a resignation,
``[Termination "drawn by agreement"]`` a draw by agreement, ``[Termination "Orange's time ran
out"]`` a flag fall (``…, but Black cannot win`` when it was drawn: see :meth:`Game.flag`).

Comments stand in braces after the move they are about, as in PGN (one before the first move is
about the game, or its start): ``2. d2-d3 {Gahan answers quietly.} d7-g4``. Inside one, ``\}``
and ``\\`` stand for ``}`` and ``\``; runs of white space count as one space. A comment may
carry markup for a diagram as chess programs write it: ``[%cal Rc7f10]`` arrows and ``[%csl
Rf10]`` marked squares, the first letter the colour (G, R, B, Y). :func:`read_annotated` returns
the comments by ply (0: before the first move); :func:`read` ignores them.
"""
from __future__ import annotations

import re
from typing import Dict, List, Optional, Tuple

from .errors import IllegalMoveError, JetanError, NotationError, PositionError, RecordError
from .game import Game, start_position
from .messages import Message, clip, words
from .notation import descriptive_piece, descriptive_square, file_names, move_text, parse_move
from .pieces import BLACK, ORANGE
from .rules import RuleSet

_HEADER = re.compile(r'^\[(\w+)\s+"((?:[^"\\]|\\.)*)"\]$')
MARKS = {"princess": "P", "chief": "C"}


def mark(game: Game) -> str:
    """Smith's mark for how the game ended on the board, or ``""`` (also for a result declared
    off the board: a resignation, an agreed draw, a flag fall)."""
    r = game.result
    if r is None or game.declared is not None:
        return ""
    if r.winner is None:
        return "d"
    return MARKS.get(r.reason, "")


def write(game: Game, headers: Optional[Dict[str, str]] = None, style: str = "algebraic",
          comments: Optional[Dict[int, str]] = None) -> str:
    """The record of ``game``. ``headers`` (e.g. Black, Orange, Event, Date) come first; Rules,
    Position, Result and Termination are filled in from the game. ``comments`` by ply: 0 before
    the first move, ``i`` after move ``i`` (see the module doc); empty ones are left out."""
    heads = dict(headers or {})
    for key in ("Rules", "Position", "Result", "Termination"):
        heads.pop(key, None)
    heads["Rules"] = str(game.rules)
    if game.start != start_position(game.rules):
        heads["Position"] = str(game.start)
    result = game.result
    heads["Result"] = result.text if result else "ongoing"
    if result:
        heads["Termination"] = result.explanation
    lines = [f'[{k} "{_escape(v)}"]' for k, v in heads.items()]
    tokens: List[str] = []
    for before, ply in zip(game.positions, game.plies):
        text = move_text(before, ply.move, style)
        if before.side == BLACK:
            text = f"{before.move_number}. {text}"
        elif not tokens:
            text = f"{before.move_number}. ... {text}"
        tokens.append(text)
    notes = {ply: " ".join(str(text).split()) for ply, text in (comments or {}).items()}
    words: List[str] = _comment_words(notes.get(0, ""))
    for i, token in enumerate(tokens, 1):
        words.append(token)
        words += _comment_words(notes.get(i, ""))
    if mark(game):
        words.append(mark(game))
    return "\n".join(lines) + "\n\n" + _wrap(words) + "\n"


# A comment's diagram markup, as chess programs write it: ``[%cal Rc7f10,Gd2d4]`` (arrows) and
# ``[%csl Rf10]`` (marked squares), each item led by its colour's initial.
MARKUP_COLOURS = ("green", "red", "blue", "yellow")
_MARKUP = re.compile(r"\[%(cal|csl)\s+([^\]]*)\]")


def comment_markup(comment: str) -> Dict[str, str]:
    """A comment as a board shows it: its words (the markup taken out), its arrows and its marked
    squares as ``<jetan-board>``'s attributes write them (``c7f10:red``; green, the first colour,
    unnamed). Items are passed on as written: the board reads (and reports) them.

    >>> comment_markup("Gahan attacks. [%cal Rc7f10,Gd2d4] [%csl Yf10]")
    {'text': 'Gahan attacks.', 'arrows': 'c7f10:red d2d4', 'marks': 'f10:yellow'}
    """
    lists: Dict[str, List[str]] = {"cal": [], "csl": []}
    by_initial = {name[0].upper(): name for name in MARKUP_COLOURS}

    def take(match: "re.Match[str]") -> str:
        for item in filter(None, (i.strip() for i in match.group(2).split(","))):
            name = by_initial.get(item[0])
            lists[match.group(1)].append(item if name is None else
                                         item[1:] + ("" if name == MARKUP_COLOURS[0] else f":{name}"))
        return " "
    text = " ".join(_MARKUP.sub(take, comment).split())
    return {"text": text, "arrows": " ".join(lists["cal"]), "marks": " ".join(lists["csl"])}


_MARKUP_ITEM = re.compile(r"[a-jA-J](?:10|[1-9])(?:-?[a-jA-J](?:10|[1-9]))?(?::[a-z]+)?")


def comment_text(text: str, arrows: str = "", marks: str = "") -> str:
    """A comment with its markup, as a record writes it: the words, then ``[%cal …]`` for the
    arrows and ``[%csl …]`` for the marked squares (the inverse of :func:`comment_markup`). An
    item that is not a square or a pair of squares with a colour's name is left out.

    >>> comment_text("Gahan attacks.", "c7f10:red d2d4", "f10:yellow")
    'Gahan attacks. [%cal Rc7f10,Gd2d4] [%csl Yf10]'
    """
    def command(item: str) -> str:
        squares, _, colour = item.partition(":")
        return (colour or MARKUP_COLOURS[0])[0].upper() + squares.replace("-", "")
    parts = [" ".join(text.split())]
    for cmd, items in (("cal", arrows), ("csl", marks)):
        kept = [command(i) for i in items.split() if _MARKUP_ITEM.fullmatch(i)
                and i.partition(":")[2] in ("", *MARKUP_COLOURS)]
        if kept:
            parts.append(f"[%{cmd} {','.join(kept)}]")
    return " ".join(p for p in parts if p)


def _comment_words(text: str) -> List[str]:
    """A comment as words to wrap: ``{first`` … ``last}`` (braces and backslashes escaped)."""
    if not text:
        return []
    escaped = re.sub(r"([\\{}])", r"\\\1", text)
    words = re.findall(r"\[%[^\]]*\][^ ]*|[^ ]+", escaped)     # a [%cal …] command is not broken
    words[0] = "{" + words[0]
    words[-1] += "}"
    return words


def read(text: str, seed: Optional[int] = None) -> Tuple[Game, Dict[str, str]]:
    """Read a record; returns the game and its headers (its comments are skipped: see
    :func:`read_annotated`). Raises :class:`RecordError` with the line or move at fault."""
    game, headers, _ = read_annotated(text, seed)
    return game, headers


def read_annotated(text: str, seed: Optional[int] = None) -> Tuple[Game, Dict[str, str], Dict[int, str]]:
    """Read a record with its comments: the game, its headers, and the comments by ply (0: before
    the first move; ``i``: after move ``i``). Raises :class:`RecordError` as :func:`read`."""
    headers: Dict[str, str] = {}
    body: List[str] = []
    in_comment = False
    for number, line in enumerate(text.splitlines(), 1):
        stripped = line.strip()
        if stripped.startswith("[") and not in_comment:
            m = _HEADER.match(stripped)
            if not m:
                raise RecordError("engine.record.headerLine", line=number)
            headers[m.group(1)] = _unescape(m.group(2))
        elif stripped:
            body.append(stripped)
            in_comment = _still_open(stripped, in_comment)
    try:
        rules = RuleSet.parse(headers.get("Rules", ""))
        game = Game(rules, headers.get("Position"), seed=seed)
    except JetanError as err:
        raise RecordError("engine.record.header", error=err.message) from None
    tokens, notes = _tokens(" ".join(body))
    comments: Dict[int, str] = {}
    seen_mark = ""
    for i, token in enumerate(tokens):
        if token in notes:
            ply = len(game.plies)
            comments[ply] = f"{comments[ply]} {notes[token]}" if ply in comments else notes[token]
            continue
        if re.fullmatch(r"\d+\.(\.\.)?", token) or token == "...":
            continue
        if token in ("P", "C", "d") and all(t in notes for t in tokens[i + 1:]):
            seen_mark = token
            continue
        try:
            game.play(parse_move(token, game.position))
        except (IllegalMoveError, NotationError) as err:
            raise RecordError("engine.record.move", move=clip(token), error=err.message) from None
    if seen_mark != mark(game):
        none = Message("engine.record.noMark")
        raise RecordError("engine.record.mark", written=seen_mark or none, played=mark(game) or none)
    declared = headers.get("Result", "ongoing")
    termination = headers.get("Termination", "")
    if game.result is None:
        loser = ORANGE if termination.lower().startswith("orange") else BLACK
        if termination.endswith("resigned"):
            game.resign(loser)
        elif termination.lower() == "drawn by agreement":
            game.agree_draw()
        elif "time ran out" in termination.lower():
            game.flag(loser)
    actual = game.result.text if game.result else "ongoing"
    if declared != actual:
        raise RecordError("engine.record.result", declared=clip(declared), played=actual)
    return game, headers, comments


def _still_open(line: str, in_comment: bool) -> bool:
    """Whether a comment is still open after ``line`` (it was before it if ``in_comment``)."""
    escaped = False
    for ch in line:
        if escaped:
            escaped = False
        elif in_comment and ch == "\\":
            escaped = True
        elif ch == "{" and not in_comment:
            in_comment = True
        elif ch == "}" and in_comment:
            in_comment = False
    return in_comment


def _tokens(body: str) -> Tuple[List[str], Dict[str, str]]:
    """The body's tokens, each comment replaced by a key (``{0}``, ``{1}``…, which no move
    token can be) that ``notes`` maps to the comment's text."""
    tokens: List[str] = []
    notes: Dict[str, str] = {}
    word = ""
    i = 0
    while i < len(body):
        ch = body[i]
        if ch == "{":
            if word:
                tokens.append(word)
                word = ""
            text, escaped, i = "", False, i + 1
            while i < len(body) and (escaped or body[i] != "}"):
                if not escaped and body[i] == "\\":
                    escaped = True
                else:
                    text += body[i]
                    escaped = False
                i += 1
            if i >= len(body):
                raise RecordError("engine.record.openComment")
            key = "{%d}" % len(notes)
            notes[key] = " ".join(text.split())
            tokens.append(key)
        elif ch.isspace():
            if word:
                tokens.append(word)
                word = ""
        elif ch == "}":
            raise RecordError("engine.record.strayBrace")
        else:
            word += ch
        i += 1
    if word:
        tokens.append(word)
    return tokens, notes


def descriptive(game: Game, first: int = 0) -> List[str]:
    """Every move from ply ``first`` on in Burroughs' descriptive notation ("Chief's Flier to
    Chief's Dwar Four"), in English (:func:`descriptive_messages`)."""
    return [words(message) for message in descriptive_messages(game, first)]


def descriptive_messages(game: Game, first: int = 0) -> List[Message]:
    """Every move from ply ``first`` on in Burroughs' descriptive notation, as messages (the page
    words them in its reader's language)."""
    setup = start_position(game.rules).board
    names = [file_names(setup, s, game.rules) for s in (BLACK, ORANGE)]
    out: List[Message] = []
    for i in range(first, len(game.plies)):
        before, ply = game.plies[i - 1].position if i else game.start, game.plies[i]
        m = ply.move
        if m.is_pass:
            out.append(Message("engine.descriptive.pass"))
            continue
        side = before.side
        origins = game.origins[i]
        piece = descriptive_piece(origins.get(m.frm), before.board[m.frm], side, names[side],
                                  game.rules)
        target = before.board[m.to]
        if target:
            victim = descriptive_piece(origins.get(m.to), target, 1 - side, names[1 - side],
                                       game.rules)
            key = "engine.descriptive.takesAndLoses" if m.outcome == "d" else "engine.descriptive.takes"
            out.append(Message(key, {"piece": piece, "victim": victim}))
        else:
            key = "engine.descriptive.escape" if ply.escaped else "engine.descriptive.to"
            out.append(Message(key, {"piece": piece, "square": descriptive_square(m.to, side, names[side])}))
    return out


def _wrap(tokens: List[str], width: int = 79) -> str:
    lines, line = [], ""
    for tok in tokens:
        if line and len(line) + 1 + len(tok) > width:
            lines.append(line)
            line = tok
        else:
            line = f"{line} {tok}" if line else tok
    if line:
        lines.append(line)
    return "\n".join(lines)


def _escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')


def _unescape(value: str) -> str:
    return re.sub(r"\\(.)", r"\1", value)


__all__ = ["read", "read_annotated", "write", "comment_markup", "comment_text", "descriptive", "mark",
           "MARKUP_COLOURS", "RecordError", "PositionError"]
