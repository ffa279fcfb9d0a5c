"""The JSON facade the browser worker calls: one request in, one reply out, no logic of its own.

A request is ``{"op": NAME, ...fields}``; :func:`handle` returns ``{"ok": true, ...}`` or
``{"ok": false, "error": message}`` and never raises. Every field is checked before use, so a
wrong one is answered with a message for a player (a :class:`~py_engine.messages.Message` as
JSON, ``{"key", "args"}``, which the page words in its reader's language); anything else that
goes wrong is a bug, answered as ``{"ok": false, "internal": true, "id": ...}`` with the
traceback logged under that id (in the browser, on the console) and no Python text shown to the
player. Whatever a reply says in words is a message too: a game's result, a move in descriptive
notation, the pieces' and the rule options' names.

A game travels as plain data — ``rules``, ``start`` (a position string or ``"start"``) and
``moves`` (move texts, duel outcomes included), optionally ``seed`` (which decides duels fought
without a given outcome), how it ended off the board (``resigned``, ``agreed`` or ``flagged``)
and record ``headers`` — so the page owns it and the worker can be restarted at any time. The
facade keeps the last game it built and only plays (or takes back) the moves that differ.

Moves cross the bridge as squares (0-99, a1 first, as :mod:`py_engine.squares` numbers them):
every move in a reply is an object (see :func:`move_json`) with its squares, legal destinations
are keyed by square, and ``play`` takes ``{"from", "to", "outcome"}`` (text too, for a move a
person typed). Move text is for display and records only, so the page never reads it.
"""
from __future__ import annotations

import json
import os
import random
import re
import sys
import traceback
from typing import Any, Callable, Dict, Iterator, List, Optional, Sequence, Tuple, TypedDict, Union

from . import record
from .clock import time_for_move
from .errors import JetanError, UsageError
from .game import SCORING, Game, start_position
from .messages import Arg, Message, clip
from .movegen import referee_for
from .notation import move_text, walk_line
from .pieces import LETTERS, SIDES
from .position import Position
from .rules import OPTIONS, PER_SIDE, PRESETS, STANDARD, RuleSet, option_label, value_words
from .search import LEVELS, MAX_DEPTH, Info, Searcher, level_settings
from .squares import SIZE, square_name
from .values import PASS, Move


# Limits on what a request may hold. A game longer than MAX_PLIES is refused rather than
# replayed (20,000 plies replay in about 3 s on CPython); texts are bounded, and a message's
# quotes of them clipped to MAX_QUOTE, so that a message never echoes a huge input.
MAX_PLIES = 20_000
MAX_MOVE_TEXT = 24
MAX_RULES_TEXT = 1_000
MAX_POSITION_TEXT = 200
MAX_RECORD_TEXT = 2_000_000
MAX_HEADERS = 32
MAX_COMMENT = 2_000          # characters of one move's comment
MAX_TIME_MS = 600_000
MAX_SEARCH_DEPTH = MAX_DEPTH
MAX_MESSAGE = 300             # characters of a refusal in English, at most
MAX_QUOTE = 200               # characters of any text a refusal quotes
MAX_NESTING = 64
MAX_SEED = 2 ** 53 - 1        # the largest whole number JavaScript holds exactly
MAX_CLOCK_MS = 100 * 86_400_000   # a hundred days (correspondence clocks)
SQUARE_COUNT = SIZE * SIZE
_JSON_STRUCTURE = re.compile(r'\\.|["\[\]{}]')
HEADER_NAME = re.compile(r"\w{1,40}")

Request = Dict[str, Any]
Reply = Dict[str, Any]


class RequestError(UsageError):
    """A request field that is missing, of the wrong type or out of range."""


def shown(value: Any) -> Arg:
    """A request value as a message may quote it: text (clipped) in quotes, numbers that are
    not too long, ``true``, ``false`` and ``null`` as JSON writes them, and otherwise the kind of
    JSON value it is (a message: "a list").

    >>> shown(7), shown(None), shown("fly"), shown([1]).key
    (7, 'null', Message(key='engine.value.text', args={'text': 'fly'}), 'engine.value.list')
    """
    if isinstance(value, str):
        return Message("engine.value.text", {"text": clip(value)})
    if isinstance(value, bool) or value is None:
        return json.dumps(value)
    if isinstance(value, int):
        return value if value.bit_length() < 64 else Message("engine.value.hugeNumber")
    if isinstance(value, float):
        return Message("engine.value.number")
    return Message("engine.value.list" if isinstance(value, list) else "engine.value.object")


def refusal(err: JetanError) -> Dict[str, Any]:
    """An error's message as a reply sends it, its quotes of the input clipped (:data:`MAX_QUOTE`)."""
    return err.message.clipped(MAX_QUOTE).json()


# ---- the entry points -----------------------------------------------------------------------

def handle(request: Any) -> Reply:
    """Answer one request (see the module doc). Never raises."""
    try:
        if not isinstance(request, dict):
            raise RequestError("engine.request.notObject")
        op = request.get("op")
        handler = OPS.get(op) if isinstance(op, str) else None
        if handler is None:
            raise RequestError("engine.request.unknownOp", op=shown(op))
        reply = handler(request)
    except JetanError as err:
        return {"ok": False, "error": refusal(err)}
    except Exception:           # a bug: say so, log it, and keep the worker alive
        return internal_error()
    reply["ok"] = True
    return reply


def handle_json(text: str) -> str:
    """:func:`handle` for a JSON string (what the worker passes across the bridge)."""
    too_deep = {"ok": False, "error": Message("engine.request.tooDeep").json()}
    if nesting(text) > MAX_NESTING:
        return json.dumps(too_deep)
    try:
        request = json.loads(text)
    except json.JSONDecodeError as err:
        reply = {"ok": False, "error": Message("engine.request.notJson", {"position": err.pos}).json()}
    except RecursionError:
        reply = too_deep
    except ValueError:          # e.g. an integer of thousands of digits
        reply = {"ok": False, "error": Message("engine.request.hugeNumber").json()}
    else:
        reply = handle(request)
    return json.dumps(reply)


def nesting(text: str) -> int:
    """How deeply ``text``'s JSON arrays and objects nest (at least; strings are skipped). The
    JSON decoder recurses in C, and in WebAssembly a deep enough input overflows the stack before
    Python can raise RecursionError, so depth is measured first."""
    if text.count("[") + text.count("{") <= MAX_NESTING:
        return 0
    depth = deepest = 0
    in_string = False
    for token in _JSON_STRUCTURE.findall(text):
        if in_string:
            in_string = token != '"'
        elif token == '"':
            in_string = True
        elif token in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif token in "]}":
            depth -= 1
    return deepest


def internal_error() -> Reply:
    """The reply for an unexpected exception (being handled): a short id the player can report,
    and the traceback on stderr under that id."""
    ident = os.urandom(4).hex()    # (not uuid: importing it cost 14 ms of the engine's start in Pyodide)
    print(f"py_engine internal error {ident}:\n{traceback.format_exc()}", file=sys.stderr)
    return {"ok": False, "internal": True, "id": ident,
            "error": Message("engine.request.internal", {"id": ident}).json()}


# ---- fields ---------------------------------------------------------------------------------

def text_field(req: Request, name: str, default: str, limit: int) -> str:
    value = req.get(name)
    if value is None:
        return default
    if not isinstance(value, str):
        raise RequestError("engine.request.notText", name=name)
    if len(value) > limit:
        raise RequestError("engine.request.tooLong", name=name, length=len(value), most=limit)
    return value


def int_field(req: Request, name: str, default: Optional[int], low: int, high: int) -> Optional[int]:
    """A whole number from ``low`` to ``high`` (a float with no fraction counts; ``None`` or a
    missing field is ``default``)."""
    value = req.get(name)
    if value is None:
        return default
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int):
        raise RequestError("engine.request.wholeNumber", name=name, low=low, high=high)
    if not low <= value <= high:
        raise RequestError("engine.request.outOfRange", name=name, low=low, high=high, value=shown(value))
    return value


def choice_field(req: Request, name: str, choices: Sequence[str],
                 default: Optional[str]) -> Optional[str]:
    value = req.get(name)
    if value is None:
        return default
    if not isinstance(value, str) or value not in choices:
        raise RequestError("engine.request.notAChoice", name=name, choices=", ".join(choices),
                           value=shown(value))
    return value


def moves_field(req: Request) -> List[str]:
    moves = req.get("moves")
    if moves is None:
        return []
    if not isinstance(moves, list):
        raise RequestError("engine.request.movesNotList")
    if len(moves) > MAX_PLIES:
        raise RequestError("engine.request.gameTooLong", moves=len(moves), most=MAX_PLIES)
    # Checked at C speed first (a long game is checked on every request), one by one only to
    # name the move at fault.
    if {type(move) for move in moves} - {str} or max(map(len, moves), default=0) > MAX_MOVE_TEXT:
        for i, move in enumerate(moves):
            if not isinstance(move, str) or len(move) > MAX_MOVE_TEXT:
                raise RequestError("engine.request.notAMove", number=i + 1, value=shown(move))
    return moves


def headers_field(req: Request) -> Dict[str, str]:
    headers = req.get("headers")
    if headers is None:
        return {}
    if not isinstance(headers, dict) or len(headers) > MAX_HEADERS:
        raise RequestError("engine.request.headers", most=MAX_HEADERS)
    for name, value in headers.items():
        if not HEADER_NAME.fullmatch(name) or not isinstance(value, str) or len(value) > 200:
            raise RequestError("engine.request.header", name=shown(name))
    return headers


COMMENT_PARTS = ("text", "arrows", "marks")


def comments_field(req: Request) -> Dict[int, str]:
    """A game's comments as a record writes them, by ply (0: the start; ``i``: the position
    after move ``i``). The request holds them as a board shows them: ``comments``:
    ``{"3": {"text": …, "arrows": "c7f10:red", "marks": "f10"}}``, each part a text of at most
    MAX_COMMENT characters (see :func:`record.comment_text`)."""
    comments = req.get("comments")
    if comments is None:
        return {}
    if not isinstance(comments, dict) or len(comments) > MAX_PLIES + 1:
        raise RequestError("engine.request.comments")
    out: Dict[int, str] = {}
    for key, note in comments.items():
        if not (isinstance(key, str) and key.isdigit() and len(key) <= 5 and int(key) <= MAX_PLIES):
            raise RequestError("engine.request.commentKey", key=shown(key))
        if not isinstance(note, dict) or set(note) - set(COMMENT_PARTS) or not all(
                isinstance(note.get(part, ""), str) and len(note.get(part, "")) <= MAX_COMMENT
                for part in COMMENT_PARTS):
            raise RequestError("engine.request.comment", number=int(key), most=MAX_COMMENT,
                               parts=", ".join(COMMENT_PARTS))
        out[int(key)] = record.comment_text(*(note.get(part, "") for part in COMMENT_PARTS))
    return out


# ---- games ----------------------------------------------------------------------------------

class _Session:
    """The last game built, with its moves as text, so that the next request about the same game
    only plays (or takes back) the moves that differ."""

    key: Optional[Tuple[str, str, int]] = None
    game: Optional[Game] = None
    texts: List[str] = []


def _start_text(game: Game) -> str:
    return "start" if game.start == start_position(game.rules) else str(game.start)


def seed_field(req: Request) -> int:
    """The game's ``seed`` (0 to :data:`MAX_SEED`, default 0): with the ply's number it decides
    every duel fought without a given outcome (:meth:`Game.duel_rng`)."""
    return int_field(req, "seed", 0, 0, MAX_SEED) or 0


def ending_field(req: Request) -> Tuple[Optional[str], bool, Optional[str]]:
    """How the game ended off the board: ``resigned`` (the side that resigned), ``agreed``
    (true: a draw by agreement), ``flagged`` (the side whose time ran out); at most one."""
    resigned = choice_field(req, "resigned", SIDES, None)
    flagged = choice_field(req, "flagged", SIDES, None)
    agreed = req.get("agreed")
    if agreed is None:
        agreed = False
    if not isinstance(agreed, bool):
        raise RequestError("engine.request.agreed", value=shown(agreed))
    given = [name for name, value in (("resigned", resigned), ("agreed", agreed), ("flagged", flagged))
             if value]
    if len(given) > 1:
        raise RequestError("engine.request.oneEnding", first=given[0], second=given[1])
    return resigned, agreed, flagged


def game_field(req: Request, at_least: bool = False) -> Game:
    """The game a request describes (``rules``, ``start``, ``moves``, ``seed``, and
    :func:`ending_field`'s ``resigned``, ``agreed`` or ``flagged``). With ``at_least``, a kept
    game that already holds those moves and more is left as it is."""
    rules = text_field(req, "rules", "", MAX_RULES_TEXT)
    start = text_field(req, "start", "start", MAX_POSITION_TEXT).strip() or "start"
    moves = moves_field(req)
    seed = seed_field(req)
    resigned, agreed, flagged = ending_field(req)
    game, texts = _Session.game, _Session.texts
    if game is None or _Session.key != (rules, start, seed) or texts[:len(moves)] != moves[:len(texts)]:
        parsed = RuleSet.parse(rules)
        game = Game(parsed, start_position(parsed) if start == "start" else Position.parse(start),
                    seed=seed)
        texts = []
        _Session.key, _Session.game, _Session.texts = (rules, start, seed), game, texts
    if at_least and len(texts) >= len(moves):
        return game
    game.declared = None
    while len(texts) > len(moves):
        game.undo()
        texts.pop()
    for i in range(len(texts), len(moves)):
        try:
            play(game, texts, moves[i])
        except JetanError as err:
            raise type(err)("engine.request.moveAt", number=i + 1, move=clip(moves[i]),
                            error=err.message) from None
    if resigned:
        game.resign(SIDES.index(resigned))
    elif agreed:
        game.agree_draw()
    elif flagged:
        game.flag(SIDES.index(flagged))
    return game


def play(game: Game, texts: List[str], move: Union[Move, str]) -> Move:
    """Play a move (text or :class:`Move`) on the session's game, keeping its texts in step."""
    before = game.position
    ply = game.play(move)
    texts.append(move_text(before, ply.move))
    return ply.move


def move_field(req: Request) -> Union[Move, str]:
    """The move a ``play`` request names: squares ``{"from": 13, "to": 23, "outcome": "a"}``
    (``from``/``to`` null for a pass; ``outcome`` only for a duel decided in advance), or text
    that a person typed (``"d2-d3"``)."""
    value = req.get("move")
    if isinstance(value, str):
        return text_field(req, "move", "", MAX_MOVE_TEXT)
    if not isinstance(value, dict):
        raise RequestError("engine.request.moveShape")
    if value.get("from") is None and value.get("to") is None:
        return PASS
    frm = int_field(value, "from", None, 0, SQUARE_COUNT - 1)
    to = int_field(value, "to", None, 0, SQUARE_COUNT - 1)
    if frm is None or to is None:
        raise RequestError("engine.request.moveSquares")
    outcome = choice_field(value, "outcome", ("", "a", "d"), "") or ""
    return Move(frm, to, outcome)


def move_json(pos: Position, move: Move) -> Dict[str, Any]:
    """A move as the page uses it: ``text`` (algebraic, for display), ``from``/``to`` (squares
    0-99, ``None`` for a pass), ``capture``, ``outcome`` of a decided duel (``"a"``, ``"d"`` or
    ``""``)."""
    if move.is_pass:
        return {"text": "pass", "from": None, "to": None, "capture": False, "outcome": ""}
    return {"text": move_text(pos, move), "from": move.frm, "to": move.to,
            "capture": bool(pos.board[move.to]), "outcome": move.outcome}


# One move of a game's history as the page shows it (the first five fields are move_json's;
# ``descriptive`` is a message, Burroughs' descriptive notation).
MoveEntry = TypedDict("MoveEntry", {
    "text": str, "from": Optional[int], "to": Optional[int], "capture": bool, "outcome": str,
    "technical": str, "descriptive": Dict[str, Any], "side": str, "number": int, "captured": str,
    "escape": bool, "position": str, "duel": Optional[Dict[str, Any]]})


def duel_json(game: Game, before: Position, move: Move) -> Optional[Dict[str, Any]]:
    """The duel a move fought, for the page to show: the two pieces (letters), the attacker's
    chance in percent, who won, and under ``duel=dice`` the two dice (see
    :meth:`Referee.duel_dice`; the same for the same game on every request)."""
    referee = game.referee
    if move.is_pass or not move.outcome or not referee.is_duel(before, move):
        return None
    rolls = None
    if referee.duel == "dice":
        rng = random.Random(before.key * 100 + move.frm * 10 + move.to)
        rolls = list(referee.duel_dice(before, move, move.outcome, rng))
    odds = referee.duel_odds(before, move)
    return {"attacker": before.board[move.frm], "defender": before.board[move.to],
            "odds": round(float(odds) * 100), "winner": "attacker" if move.outcome == "a" else "defender",
            "rolls": rolls}


class StateReply(TypedDict, total=False):
    """The state of a game, as ``op_state`` and ``op_play`` send it (also described for the page
    in ``web/js/engine.js``). ``moves`` holds the history from ``moves_from`` on: the page asks
    with ``known`` for the entries it does not hold yet. ``record`` is there only when asked."""

    rules: str
    start: str
    position: str
    board: List[str]
    turn: str
    escapes: Dict[str, bool]
    counter: int
    legal: Dict[str, List[Dict[str, Any]]]
    moves_from: int
    moves: List[MoveEntry]
    plies: int
    threatened: List[int]
    result: Optional[Dict[str, Any]]
    captured: Dict[str, List[str]]
    wager: Dict[str, Any]
    names: Dict[str, Dict[str, Any]]
    record: str
    full: bool


def state(game: Game, req: Optional[Request] = None) -> StateReply:
    """Everything the page shows about a game. From the request: ``known`` (history entries the
    page already has: only later ones are sent), ``scoring`` (the wager system shown, default
    Smith's), ``record`` (true: include the game record, with the request's ``headers`` and
    ``comments``: :func:`comments_field`), ``shown`` (0 to the game's plies: ``captured`` and
    ``wager`` as they stood after that many plies, for a move under review; default: now).

    ``result`` is ``None`` while the game goes on, else ``{text, reason, explanation, winner,
    words, record}``: ``words`` one sentence for the player (a message:
    :meth:`Game.result_message`), ``explanation`` why the game ended (a message:
    :meth:`Result.reason_message`), ``text`` the record's Result header (``black wins``,
    ``draw``), ``record`` the result's mark as the game record writes it after the last move
    (``P``, ``C``, ``d``; ``""`` for a result the record gives only in its headers: a
    resignation, an agreement, a flag fall). ``names``: each piece letter's name under the rule
    set (a message: the Flier is the Odwar under ``odwar=on``); each move's ``descriptive``, a
    message. ``full``: the game has :data:`MAX_PLIES` plies, the most a game may have, so it
    cannot go on (no move is ``legal``), though no rule has ended it."""
    req = req or {}
    headers = headers_field(req)
    comments = {ply: text for ply, text in comments_field(req).items() if ply <= len(game.plies)}
    pos = game.position
    full = len(game.plies) >= MAX_PLIES
    legal: Dict[str, List[Dict[str, Any]]] = {}
    escapes = 0
    if game.result is None and pos.escapes[pos.side] and any(not m.is_pass for m in game.legal_moves):
        escapes = game.referee.princess_destinations(pos)[1]
    for m in ([] if full else game.legal_moves):
        if m.is_pass:
            legal.setdefault("pass", [])
            continue
        legal.setdefault(str(m.frm), []).append({
            "to": m.to,
            "capture": bool(pos.board[m.to]),
            "escape": bool(pos.board[m.frm] in "Pp" and escapes >> m.to & 1),
            "duel": game.referee.is_duel(pos, m),
        })
    first = int_field(req, "known", 0, 0, MAX_PLIES) or 0
    first = min(first, len(game.plies))
    descriptive = record.descriptive_messages(game, first)
    history: List[MoveEntry] = []
    before = game.plies[first - 1].position if first else game.start
    for i in range(first, len(game.plies)):
        ply = game.plies[i]
        entry = move_json(before, ply.move)
        history.append({**entry, "technical": move_text(before, ply.move, "technical"),  # type: ignore[typeddict-item]
                        "descriptive": descriptive[i - first].json(), "side": SIDES[before.side],
                        "number": before.move_number, "captured": ply.captured,
                        "escape": ply.escaped, "position": str(ply.position),
                        "duel": duel_json(game, before, ply.move)})
        before = ply.position
    threatened = [pos.princess[s] for s in (0, 1)
                  if pos.princess[s] >= 0 and game.referee.princess_threatened(pos, s)]
    scoring = choice_field(req, "scoring", tuple(SCORING), "smith") or "smith"
    upto = int_field(req, "shown", None, 0, len(game.plies))
    black, orange = game.wager(scoring, upto)
    result = game.result
    words = game.result_message()
    reply = StateReply(
        rules=str(game.rules),
        start=str(game.start),
        position=str(pos),
        board=list(pos.board),
        turn=SIDES[pos.side],
        escapes={"black": pos.escapes[0], "orange": pos.escapes[1]},
        counter=pos.counter,
        legal=legal,
        moves_from=first,
        moves=history,
        plies=len(game.plies),
        threatened=threatened,
        result=None if result is None else {
            "text": result.text, "reason": result.reason, "explanation": result.reason_message().json(),
            "winner": None if result.winner is None else SIDES[result.winner],
            "words": None if words is None else words.json(), "record": record.mark(game)},
        captured={"black": game.captured(0, upto), "orange": game.captured(1, upto)},
        wager={"system": scoring, "black": black, "orange": orange},
        names={letter: game.rules.piece_message(letter).json() for letter in LETTERS},
        full=full,
    )
    if req.get("record") is True:
        reply["record"] = record.write(game, headers, comments=comments)
    return reply


def op_state(req: Request) -> Reply:
    """The state of a game (see :func:`state`)."""
    return {"state": state(game_field(req), req)}


def op_replay(req: Request) -> Reply:
    """Build a game and keep it, answering only how many of its moves are held: the worker
    replays a long game in slices this way, reporting progress between them. A kept game that
    already holds these moves (and more) is left as it is, so that the slices of a game the
    facade holds cost nothing: a move in a 10,000-move game costs what it costs in a short one."""
    game_field(req, at_least=True)
    return {"plies": len(req.get("moves") or [])}


def op_held(req: Request) -> Reply:
    """How many of a game's moves the facade holds already (the kept game is the same game and
    its moves start so): the worker replays in slices only what it does not hold."""
    rules = text_field(req, "rules", "", MAX_RULES_TEXT)
    start = text_field(req, "start", "start", MAX_POSITION_TEXT).strip() or "start"
    moves = moves_field(req)
    key = (rules, start, seed_field(req))
    texts = _Session.texts if _Session.game is not None and _Session.key == key else []
    held = 0
    for ours, theirs in zip(texts, moves):
        if ours != theirs:
            break
        held += 1
    return {"plies": held}


def op_play(req: Request) -> Reply:
    """Play ``move`` (squares, or text a person typed: :func:`move_field`) in the game; the new
    state and the move played."""
    game = game_field(req)
    if len(game.plies) >= MAX_PLIES:
        raise RequestError("engine.request.full", most=MAX_PLIES)
    before = game.position
    move = play(game, _Session.texts, move_field(req))
    return {"state": state(game, req), "played": move_json(before, move)}


# A comment in a record, and a word of it that is a move (a square, maybe a separator, a square;
# or a pass): enough to count a record's moves without reading it.
_RECORD_COMMENT = re.compile(r"\{(?:\\.|[^}\\])*\}")
_RECORD_MOVE = re.compile(r"(?<!\S)(?:[a-jA-J]\d{1,2}[-x:]?[a-jA-J]\d{1,2}\S*|pass)(?!\S)")


def op_record(req: Request) -> Reply:
    """Read a game record: the game as plain data (with its headers) and its state."""
    text = text_field(req, "text", "", MAX_RECORD_TEXT)
    if not text.strip():
        raise RequestError("engine.request.recordEmpty")
    # Refused by its length before it is replayed (which takes seconds for a huge one): its
    # moves, counted outside the comments, may be no more than a game may have.
    moves = len(_RECORD_MOVE.findall(_RECORD_COMMENT.sub(" ", text)))
    if moves > MAX_PLIES:
        raise RequestError("engine.request.recordTooLong", moves=moves, most=MAX_PLIES)
    seed = seed_field(req)
    game, headers, comments = record.read_annotated(text, seed)
    if len(game.plies) > MAX_PLIES:
        raise RequestError("engine.request.recordTooLong", moves=len(game.plies), most=MAX_PLIES)
    texts = game.move_texts()
    _Session.key, _Session.game, _Session.texts = (str(game.rules), _start_text(game), seed), game, texts
    # The headers the page keeps with the game, within what a request may carry back.
    named = [(k, clip(v, 200)) for k, v in headers.items()
             if k not in ("Rules", "Position", "Result", "Termination") and HEADER_NAME.fullmatch(k)]
    kept = dict(named[:MAX_HEADERS])
    resigned = game.resigned.winner if game.resigned else None
    flagged = game.flagged
    # The comments the page keeps with the game, as a board shows them, each part within what a
    # request may carry back.
    kept_comments = {str(ply): {part: clip(value, MAX_COMMENT)
                                for part, value in record.comment_markup(text).items()}
                     for ply, text in comments.items() if text}
    return {"state": state(game, {"record": True, "headers": kept, "comments": kept_comments}),
            "game": {"rules": str(game.rules), "start": _start_text(game), "moves": list(texts),
                     "resigned": None if resigned is None else SIDES[1 - resigned],
                     "agreed": game.agreed, "flagged": None if flagged is None else SIDES[flagged],
                     "headers": kept, "comments": kept_comments}}


def op_check(req: Request) -> Reply:
    """Validate a rule set and a position (for the URL and the set-up box)."""
    rules = RuleSet.parse(text_field(req, "rules", "", MAX_RULES_TEXT))
    text = text_field(req, "start", "start", MAX_POSITION_TEXT).strip() or "start"
    pos = start_position(rules) if text == "start" else Position.parse(text)
    referee_for(rules).check_position(pos)
    return {"rules": str(rules), "start": text if text == "start" else str(pos)}


def op_rules(req: Request) -> Reply:
    """The option table for the Custom panel (each option and value in plain words too, as
    messages: ``words``), and the presets with a title and a sentence each (messages)."""
    return {"options": {k: list(v) for k, v in OPTIONS.items()}, "per_side": list(PER_SIDE),
            "words": {k: {"label": option_label(k).json(),
                          "values": {v: value_words(k, v).json() for v in values}}
                      for k, values in OPTIONS.items()},
            "standard": STANDARD, "presets": {k: {"name": p.title.json(), "rules": p.rules,
                                                  "summary": p.summary.json()}
                                              for k, p in PRESETS.items()},
            "scoring": list(SCORING), "levels": sorted(LEVELS)}


def op_reach(req: Request) -> Reply:
    """Squares one piece reaches from e5 on an empty board under a rule set (move diagrams)."""
    rules = RuleSet.parse(text_field(req, "rules", "", MAX_RULES_TEXT))
    letter = choice_field(req, "piece", tuple(LETTERS), "C") or "C"
    side = SIDES.index(choice_field(req, "side", SIDES, "black") or "black")
    walks = referee_for(rules).tables[side][letter].walks
    centre = 44
    return {"from": square_name(centre), "to": sorted(square_name(t) for t in walks[centre])}


def op_destinations(req: Request) -> Reply:
    """The legal destinations of the piece on ``square`` (0-99) in a position, whatever side is
    to move (a diagram's "show the moves of this piece"): ``start`` (a position string, or
    ``"start"``) under ``rules``, after ``moves`` if any. The piece's side is put to move, so its
    destinations are exactly the engine's legal moves for it there (Princess safety and the
    escape included; the repetition rule, which needs a game's history, aside). A position
    without moves need not be one a game can reach (a diagram may leave out the Chiefs): only
    the notation's own checks apply. Each destination is as in a state's ``legal``:
    ``{to, capture, escape, duel}``."""
    rules_text = text_field(req, "rules", "", MAX_RULES_TEXT)
    square_index = int_field(req, "square", None, 0, SQUARE_COUNT - 1)
    if square_index is None:
        raise RequestError("engine.request.wholeNumber", name="square", low=0, high=SQUARE_COUNT - 1)
    if req.get("moves"):
        game = game_field(req)
        rules, pos = game.rules, game.position
    else:
        rules = RuleSet.parse(rules_text)
        text = text_field(req, "start", "start", MAX_POSITION_TEXT).strip() or "start"
        pos = start_position(rules) if text == "start" else Position.parse(text)
    return destinations(rules, pos, square_index)


def destinations(rules: RuleSet, pos: Position, sq: int) -> Reply:
    """:func:`op_destinations`' answer for the piece on ``sq`` of ``pos``."""
    piece = pos.board[sq]
    if not piece:
        raise RequestError("engine.request.noPiece", square=square_name(sq))
    side = SIDES.index("black") if piece.isupper() else SIDES.index("orange")
    if pos.side != side:
        pos = pos.with_board(pos.board, side=side)
    referee = referee_for(rules)
    escapes = 0
    if piece in "Pp" and pos.escapes[side]:
        escapes = referee.princess_destinations(pos)[1]
    found = [{"to": m.to, "capture": bool(pos.board[m.to]),
              "escape": bool(piece in "Pp" and escapes >> m.to & 1),
              "duel": referee.is_duel(pos, m)}
             for m in referee.basic_moves(pos) if not m.is_pass and m.frm == sq]
    return {"square": sq, "piece": piece, "side": SIDES[side], "position": str(pos),
            "destinations": sorted(found, key=lambda d: d["to"])}


# ---- the search -----------------------------------------------------------------------------
# One protocol for the engine's move, hints and analysis: ``search_start`` sets up a search,
# each ``search_step`` returns the next finished depth (or ``done``, or ``paused`` under a
# ``slice_ms``), ``search_stop`` drops it.
# The worker steps it so that it can report progress between steps, and (set_breathe) lets it
# hear a stop inside a step too; ``best`` runs the same search to its end in one request.

class _Search:
    """The running search and the position it searches (the session's game may move on), and
    the host's breathing function (see :func:`set_breathe`)."""

    iterator: Optional[Iterator[Info]] = None
    root: Optional[Tuple[RuleSet, Position]] = None
    breathe: Optional[Callable[[], bool]] = None


def set_breathe(breathe: Optional[Callable[[], bool]]) -> None:
    """Let searches call ``breathe()`` every few milliseconds (a ``True`` answer stops them):
    the browser's worker suspends Python there to hear the page (search.py's notes)."""
    _Search.breathe = breathe


def info_json(rules: RuleSet, pos: Position, info: Info) -> Dict[str, Any]:
    line = [move_json(before, move) for before, move in walk_line(rules, pos, info.pv)]
    return {"depth": info.depth, "complete": info.complete, "score": info.score, "pv": line,
            "nodes": info.nodes, "time_ms": info.time_ms, "move": line[0] if line else None}


def clock_field(req: Request, game: Game) -> Optional[int]:
    """The time budget a request's ``clock`` sets, ``{"remaining_ms": int, "increment_ms":
    int}`` (the engine's time left and its increment per move): :func:`time_for_move`, or
    ``None`` when the request has no clock."""
    clock = req.get("clock")
    if clock is None:
        return None
    if not isinstance(clock, dict) or set(clock) - {"remaining_ms", "increment_ms"}:
        raise RequestError("engine.request.clockShape")
    remaining = int_field(clock, "remaining_ms", None, 0, MAX_CLOCK_MS)
    if remaining is None:
        raise RequestError("engine.request.clockRemaining")
    increment = int_field(clock, "increment_ms", 0, 0, MAX_TIME_MS) or 0
    return time_for_move(remaining, increment, len(game.plies))


def search_field(req: Request, game: Game, time_ms: int, slice_ms: Optional[int] = None) -> Iterator[Info]:
    """The search a request asks for: ``level`` 1-6, ``time_ms`` (or a ``clock``, which sets the
    time instead: :func:`clock_field`), optional ``max_depth`` and ``seed`` (for the levels'
    slips); ``slice_ms``: pause that often (search.py's notes)."""
    result = game.result_message()
    if result is not None:
        raise UsageError("engine.request.nothingToSearch", result=result)
    level = int_field(req, "level", 6, min(LEVELS), max(LEVELS))
    chosen = level_settings(level or 6)
    max_depth = int_field(req, "max_depth", None, 1, MAX_SEARCH_DEPTH)
    time_ms = int_field(req, "time_ms", time_ms, 1, MAX_TIME_MS) or time_ms
    budget = clock_field(req, game)
    if budget is not None:
        time_ms = budget
    seed = int_field(req, "seed", None, -2 ** 63, 2 ** 63 - 1)
    searcher = Searcher(game.rules, seed=seed, breathe=_Search.breathe, slice_ms=slice_ms)
    return searcher.iterate(game.position, game.keys()[:-1], level=chosen, max_depth=max_depth,
                            time_ms=time_ms)


def op_best(req: Request) -> Reply:
    """The engine's move: ``level`` 1-6 and ``time_ms`` (default 1000)."""
    game = game_field(req)
    last = None
    for info in search_field(req, game, 1000):
        last = info
    if last is None:         # not even depth one finished in time: finish it regardless
        last = next(search_field(dict(req, max_depth=1, time_ms=MAX_TIME_MS, clock=None), game,
                                 MAX_TIME_MS))
    return {"best": info_json(game.rules, game.position, last)}


def op_search_start(req: Request) -> Reply:
    """Begin a search (as :func:`op_best`, ``time_ms`` default 10 s; ``slice_ms``: each step
    returns after at most about that long, ``paused`` if no depth finished — for a host that
    cannot hear a stop inside a step)."""
    game = game_field(req)
    slice_ms = int_field(req, "slice_ms", None, 1, MAX_TIME_MS)
    _Search.iterator = search_field(req, game, 10_000, slice_ms)
    _Search.root = (game.rules, game.position)
    return {"started": True}


def op_search_step(req: Request) -> Reply:
    if _Search.iterator is None or _Search.root is None:
        raise UsageError("engine.request.noSearch")
    info = next(_Search.iterator, None)
    if info is None:
        _Search.iterator = None
        return {"done": True}
    if info.paused:
        return {"done": False, "paused": True}
    return {"done": False, "info": info_json(*_Search.root, info)}


def warm_up() -> None:
    """Make what a first game's first searches make on first use — the standard rules' walk
    tables of every square a piece can reach in its first move (:meth:`Referee.make_tables`),
    the evaluator's tables — and search each side's first move as level 3 does, with the
    progress and the game's state made into JSON as the replies send them, on a game of its own
    (the session's game is left as it is). The browser's worker calls this before it takes the
    memory snapshot that later visits restore, so that their first replies find these made
    (docs/architecture.md, "Start-up"): without it a first reply made about 260 tables, 7 of its 9 ms on
    CPython.

    >>> warm_up()
    """
    game = Game()
    referee_for(game.rules).make_tables(game.position)
    for _ in range(2):
        found = None
        for info in Searcher(game.rules).iterate(game.position, game.keys()[:-1],
                                                 level=level_settings(3)):
            found = info.move
            json.dumps(info_json(game.rules, game.position, info))
        if found is None:
            return
        game.play(found)
        json.dumps(state(game))


def square_move_field(req: Request) -> Optional[Tuple[int, int]]:
    """``move`` as ``{"from", "to"}`` squares, or None when the request has none."""
    move = req.get("move")
    if move is None:
        return None
    if not isinstance(move, dict):
        raise RequestError("engine.request.squareMove")
    frm = int_field(move, "from", None, 0, SQUARE_COUNT - 1)
    to = int_field(move, "to", None, 0, SQUARE_COUNT - 1)
    if frm is None or to is None:
        raise RequestError("engine.request.squareMoveSquares")
    return frm, to


def op_lesson(req: Request) -> Reply:
    """Where a lesson's task stands after the learner's ``moves`` (texts, as ``mine`` gave
    them) and a new ``move`` (``{"from", "to"}``) if any: :func:`py_engine.lessons.judge`."""
    from .lessons import judge
    moves: List[Union[str, Tuple[int, int]]] = list(moves_field(req))
    move = square_move_field(req)
    if move is not None:
        moves.append(move)
    index = int_field(req, "task", 0, 0, 99) or 0
    return {"lesson": judge(text_field(req, "lesson", "", 40), index, moves)}


def op_puzzle(req: Request) -> Reply:
    """Where a solver stands in puzzle ``id`` after ``moves`` (texts, as ``mine`` gave them) and
    a new ``move`` (``{"from", "to"}``) if any: :func:`py_engine.puzzles.attempt`."""
    from .puzzles import attempt, by_id
    moves: List[Union[str, Tuple[int, int]]] = list(moves_field(req))
    move = square_move_field(req)
    if move is not None:
        moves.append(move)
    return {"puzzle": attempt(by_id(text_field(req, "id", "", 20)), moves)}


def op_search_stop(req: Request) -> Reply:
    _Search.iterator = _Search.root = None
    return {"stopped": True}


OPS: Dict[str, Callable[[Request], Reply]] = {
    "state": op_state, "replay": op_replay, "held": op_held, "play": op_play, "record": op_record,
    "check": op_check, "rules": op_rules, "reach": op_reach, "best": op_best,
    "destinations": op_destinations, "lesson": op_lesson, "puzzle": op_puzzle,
    "search_start": op_search_start, "search_step": op_search_step, "search_stop": op_search_stop,
}
