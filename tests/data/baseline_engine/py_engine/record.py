"""Game records: a PGN-like text with headers, numbered moves, duel outcomes and Smith's result
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
``[Position "…"]`` gives a start other than the rule set's, ``[Termination "… resigned"]`` a
resignation.
"""
from __future__ import annotations

import re
from typing import Dict, List, Optional, Tuple

from .errors import IllegalMoveError, NotationError, PositionError, RecordError

from .game import Game, start_position
from .notation import descriptive_piece, descriptive_square, file_names, move_text, parse_move
from .pieces import BLACK, ORANGE
from .rules import RuleSet

_HEADER = re.compile(r'^\[(\w+)\s+"((?:[^"\\]|\\.)*)"\]$')
MARKS = {"princess": "P", "chief": "C"}


def mark(game: Game) -> str:
    """Smith's mark for how the game ended on the board, or ``""``."""
    r = game.result
    if r is None or r.reason == "resigned":
        return ""
    if r.winner is None:
        return "d"
    return MARKS.get(r.reason, "")


def write(game: Game, headers: Optional[Dict[str, str]] = None, style: str = "algebraic") -> str:
    """The record of ``game``. ``headers`` (e.g. Black, Orange, Event, Date) come first; Rules,
    Position, Result and Termination are filled in from the game."""
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
    if mark(game):
        tokens[-1] += " " + mark(game)
    return "\n".join(lines) + "\n\n" + _wrap(tokens) + "\n"


def read(text: str, seed: Optional[int] = None) -> Tuple[Game, Dict[str, str]]:
    """Read a record; returns the game and its headers. Raises :class:`RecordError` with the
    line or move at fault."""
    headers: Dict[str, str] = {}
    body: List[str] = []
    for number, line in enumerate(text.splitlines(), 1):
        stripped = line.strip()
        if stripped.startswith("["):
            m = _HEADER.match(stripped)
            if not m:
                raise RecordError(f"line {number}: a header looks like [Name \"value\"]")
            headers[m.group(1)] = _unescape(m.group(2))
        elif stripped:
            body.append(stripped)
    try:
        rules = RuleSet.parse(headers.get("Rules", ""))
        game = Game(rules, headers.get("Position"), seed=seed)
    except ValueError as err:
        raise RecordError(f"header: {err}") from None
    tokens = " ".join(body).split()
    seen_mark = ""
    for i, token in enumerate(tokens):
        if re.fullmatch(r"\d+\.(\.\.)?", token) or token == "...":
            continue
        if token in ("P", "C", "d") and i == len(tokens) - 1:
            seen_mark = token
            continue
        try:
            game.play(parse_move(token, game.position))
        except (IllegalMoveError, NotationError) as err:
            raise RecordError(f"move '{token}': {err}") from None
    if seen_mark != mark(game):
        raise RecordError(f"the record ends with mark '{seen_mark or 'none'}' but the moves "
                          f"give '{mark(game) or 'none'}'")
    declared = headers.get("Result", "ongoing")
    termination = headers.get("Termination", "")
    if termination.endswith("resigned") and game.result is None:
        loser = ORANGE if termination.lower().startswith("orange") else BLACK
        game.resign(loser)
    actual = game.result.text if game.result else "ongoing"
    if declared != actual:
        raise RecordError(f"the Result header says '{declared}' but the moves give '{actual}'")
    return game, headers


def descriptive(game: Game, first: int = 0) -> List[str]:
    """Every move from ply ``first`` on in Burroughs' descriptive notation ("Chief's Flier to
    Chief's Dwar Four")."""
    setup = start_position(game.rules).board
    names = [file_names(setup, s, game.rules) for s in (BLACK, ORANGE)]
    out = []
    positions = [game.start] + [ply.position for ply in game.plies[:-1]]
    for i in range(first, len(game.plies)):
        before, ply = positions[i], game.plies[i]
        m = ply.move
        if m.is_pass:
            out.append("pass")
            continue
        side = before.side
        origins = game.origins[i]
        piece = descriptive_piece(origins.get(m.frm), before.board[m.frm], side, names[side],
                                  game.rules)
        target = before.board[m.to]
        if target:
            victim = descriptive_piece(origins.get(m.to), target, 1 - side, names[1 - side],
                                       game.rules)
            text = f"{piece} takes {victim}"
            if m.outcome == "d":
                text += " and loses the duel"
        else:
            text = f"{piece} to {descriptive_square(m.to, side, names[side])}"
            if ply.escaped:
                text += " (escape)"
        out.append(text)
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


__all__ = ["read", "write", "descriptive", "mark", "RecordError", "PositionError"]
