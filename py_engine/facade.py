"""The JSON facade the browser worker calls: one request in, one reply out, no logic of its own.

A request is ``{"op": NAME, ...arguments}``; :func:`handle` returns ``{"ok": true, ...}`` or
``{"ok": false, "error": message}``. A game travels as plain data — ``rules``, ``start`` (a
position string or ``"start"``) and ``moves`` (move texts, duel outcomes included) — so the page
owns it and the worker can be restarted at any time; the facade keeps the last game it built and
only plays the moves it has not seen.
"""
from __future__ import annotations

import json
from typing import Any, Dict, Iterator, List, Optional

from . import record
from .game import SCORING, Game, start_position
from .notation import line_text, move_text, parse_move
from .position import Position
from .rules import OPTIONS, PER_SIDE, SIDES, STANDARD, RuleSet
from .search import LEVELS, Info, Searcher, level_settings
from .squares import square_name

# Named rule sets offered by the page.
PRESETS = {
    "standard": ("Standard (Ekman)", ""),
    "manator": ("Manator (the book's Chapter 17)", "setup=facing,first=orange,duel=even,odwar=on"),
    "cazaux": ("Cazaux", "thoat=wild"),
    "savard": ("Savard", "setup=facing,panthan=free,chief_capture=continue"),
}

_cache: Dict[str, Any] = {"key": None, "game": None}
_analysis: Dict[str, Any] = {"iterator": None, "game": None}


def handle(request: Dict[str, Any]) -> Dict[str, Any]:
    """Answer one request (see the module doc)."""
    op = request.get("op")
    handler = OPS.get(op)
    if handler is None:
        return {"ok": False, "error": f"unknown operation '{op}'"}
    try:
        reply = handler(request)
    except ValueError as err:
        return {"ok": False, "error": str(err)}
    reply["ok"] = True
    return reply


def handle_json(text: str) -> str:
    """:func:`handle` for a JSON string (what the worker passes across the bridge)."""
    try:
        request = json.loads(text)
    except json.JSONDecodeError as err:
        return json.dumps({"ok": False, "error": f"request is not JSON: {err}"})
    if not isinstance(request, dict):
        return json.dumps({"ok": False, "error": "request must be a JSON object"})
    return json.dumps(handle(request))


# ---- games ----------------------------------------------------------------------------------

def _game(req: Dict[str, Any]) -> Game:
    rules = str(req.get("rules") or "")
    start = str(req.get("start") or "start")
    moves = [str(m) for m in req.get("moves") or []]
    cached: Optional[Game] = _cache["game"]
    key = (rules, start)
    if cached is not None and _cache["key"] == key and len(cached.plies) <= len(moves) and \
            _texts(cached) == moves[:len(cached.plies)]:
        game = cached
    else:
        parsed = RuleSet.parse(rules)
        position = start_position(parsed) if start == "start" else Position.parse(start)
        game = Game(parsed, position)
    game.resigned = None
    for i in range(len(game.plies), len(moves)):
        try:
            game.play(parse_move(moves[i], game.position))
        except ValueError as err:
            raise ValueError(f"move {i + 1} ({moves[i]}): {err}") from None
    _cache.update(key=key, game=game)
    resigned = req.get("resigned")
    if resigned:
        if resigned not in SIDES:
            raise ValueError("resigned must be 'black' or 'orange'")
        game.resign(SIDES.index(resigned))
    return game


def _texts(game: Game) -> List[str]:
    return [move_text(before, ply.move) for before, ply in zip(game.positions, game.plies)]


def state(game: Game) -> Dict[str, Any]:
    """Everything the page shows about a game."""
    pos = game.position
    legal: Dict[str, List[Dict[str, Any]]] = {}
    escapes = 0
    if game.result is None and any(not m.is_pass for m in game.legal_moves):
        escapes = game.referee.princess_destinations(pos)[1] if pos.escapes[pos.side] else 0
    for m in game.legal_moves:
        if m.is_pass:
            legal.setdefault("pass", [])
            continue
        legal.setdefault(square_name(m.frm), []).append({
            "to": square_name(m.to),
            "capture": bool(pos.board[m.to]),
            "escape": bool(pos.board[m.frm] in "Pp" and escapes >> m.to & 1),
            "duel": game.referee.is_duel(pos, m),
        })
    descriptive = record.descriptive(game)
    history = []
    for i, (before, ply) in enumerate(zip(game.positions, game.plies)):
        history.append({
            "text": move_text(before, ply.move),
            "technical": move_text(before, ply.move, "technical"),
            "descriptive": descriptive[i],
            "side": SIDES[before.side],
            "number": before.move_number,
            "from": square_name(ply.move.frm) if not ply.move.is_pass else None,
            "to": square_name(ply.move.to) if not ply.move.is_pass else None,
            "captured": ply.captured,
            "escape": ply.escaped,
            "position": str(ply.position),
        })
    threatened = [square_name(pos.princess[s]) for s in (0, 1)
                  if pos.princess[s] >= 0 and game.referee.princess_threatened(pos, s)]
    result = game.result
    return {
        "rules": str(game.rules),
        "start": str(game.start),
        "position": str(pos),
        "board": list(pos.board),
        "turn": SIDES[pos.side],
        "escapes": {"black": pos.escapes[0], "orange": pos.escapes[1]},
        "counter": pos.counter,
        "legal": legal,
        "moves": history,
        "threatened": threatened,
        "result": None if result is None else {
            "text": result.text, "reason": result.reason, "explanation": result.explanation,
            "winner": None if result.winner is None else SIDES[result.winner]},
        "captured": {"black": game.captured(0), "orange": game.captured(1)},
        "wagers": {name: list(game.wager(name)) for name in SCORING},
        "record": record.write(game),
        "names": {letter: game.rules.piece_name(letter) for letter in "NWATDFCP"},
    }


def op_new(req):
    return {"state": state(_game(req))}


def op_state(req):
    return {"state": state(_game(req))}


def op_play(req):
    game = _game(req)
    move = game.parse_move(str(req.get("move", "")))
    game.play(move)
    return {"state": state(game), "played": move_text(game.positions[-2], game.plies[-1].move)}


def op_record(req):
    game, headers = record.read(str(req.get("text", "")))
    _cache.update(key=(str(game.rules), str(game.start) if game.start != start_position(
        game.rules) else "start"), game=game)
    return {"state": state(game), "headers": headers,
            "game": {"rules": str(game.rules),
                     "start": str(game.start) if game.start != start_position(game.rules)
                     else "start",
                     "moves": _texts(game)}}


def op_check(req):
    """Validate a rule set and a position (for the URL and the set-up box)."""
    rules = RuleSet.parse(str(req.get("rules") or ""))
    text = str(req.get("start") or "start")
    pos = start_position(rules) if text == "start" else Position.parse(text)
    rules.referee.check_position(pos)
    return {"rules": str(rules), "start": text if text == "start" else str(pos)}


def op_rules(req):
    """The option table for the Custom panel, and the presets."""
    return {"options": {k: list(v) for k, v in OPTIONS.items()}, "per_side": list(PER_SIDE),
            "standard": STANDARD, "presets": {k: {"name": n, "rules": r}
                                              for k, (n, r) in PRESETS.items()},
            "scoring": list(SCORING), "levels": sorted(LEVELS)}


def op_reach(req):
    """Squares one piece reaches from e5 on an empty board under a rule set (move diagrams)."""
    rules = RuleSet.parse(str(req.get("rules") or ""))
    letter = str(req.get("piece", "C")).upper()[:1]
    side = SIDES.index(str(req.get("side", "black")))
    if letter not in "NWATDFCP" or not letter:
        raise ValueError(f"unknown piece letter '{letter}'")
    walks = rules.referee.tables[side][letter][0]
    centre = 44
    return {"from": square_name(centre), "to": sorted(square_name(t) for t in walks[centre])}


def _info(game: Game, info: Info) -> Dict[str, Any]:
    line = line_text(game.rules, game.position, info.pv)
    return {"depth": info.depth, "complete": info.complete, "score": info.score, "pv": line,
            "nodes": info.nodes, "time_ms": info.time_ms, "move": line[0] if line else None}


def _search(req, game: Game) -> Iterator[Info]:
    """The search a request asks for: ``level`` 1-6, ``time_ms``, optional ``max_depth``."""
    if game.result is not None:
        raise ValueError(f"the game is over ({game.result})")
    depth, noise = level_settings(int(req.get("level", 6)))
    searcher = Searcher(game.rules, seed=req.get("seed"))
    return searcher.iterate(game.position, game.keys()[:-1],
                            max_depth=int(req.get("max_depth") or depth or 64),
                            time_ms=int(req.get("time_ms", 1000)), noise=noise)


def op_best(req):
    """The engine's move: ``level`` 1-6 and ``time_ms`` per move."""
    game = _game(req)
    last = None
    for info in _search(req, game):
        last = info
    if last is None:         # not even depth one finished in time: finish it regardless
        last = next(_search(dict(req, max_depth=1, time_ms=10 ** 7), game))
    return {"best": _info(game, last)}


def op_hint(req):
    return op_best(dict(req, level=6, time_ms=int(req.get("time_ms", 700))))


def op_analyse_start(req):
    """Begin a search (as :func:`op_best`); each ``analyse_step`` then returns the next
    finished depth, or ``done``. The worker thinks this way so that it can report progress and
    be stopped between depths."""
    game = _game(req)
    _analysis.update(game=game, iterator=_search(dict(req, time_ms=req.get("time_ms", 10000)), game))
    return {"started": True}


def op_analyse_step(req):
    iterator: Optional[Iterator[Info]] = _analysis["iterator"]
    if iterator is None:
        raise ValueError("no analysis is running")
    info = next(iterator, None)
    if info is None:
        _analysis.update(iterator=None)
        return {"done": True}
    return {"done": False, "info": _info(_analysis["game"], info)}


def op_analyse_stop(req):
    _analysis.update(iterator=None, game=None)
    return {"stopped": True}


OPS = {"new": op_new, "state": op_state, "play": op_play, "record": op_record, "check": op_check,
       "rules": op_rules, "reach": op_reach, "best": op_best, "hint": op_hint,
       "analyse_start": op_analyse_start, "analyse_step": op_analyse_step,
       "analyse_stop": op_analyse_stop}
