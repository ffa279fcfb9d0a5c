"""Diagrams: the facade's ``destinations`` (what ``show-moves`` draws) against the engine's own
legal moves, for every interpretation of every piece, for either side; and its errors."""
import json
import re
from pathlib import Path

import pytest

from py_engine import facade
from py_engine.game import Game
from py_engine.position import Position
from py_engine.rules import OPTIONS
from py_engine.squares import parse_square
from tests.test_facade import said

PIECE_OPTIONS = ("panthan", "warrior", "padwar", "thoat", "dwar", "flier", "chief", "princess")
LETTER = {"panthan": "N", "warrior": "W", "padwar": "A", "thoat": "T", "dwar": "D", "flier": "F",
          "chief": "C", "princess": "P"}
E5 = parse_square("e5")
ROOT = Path(__file__).resolve().parents[1]


def call(**req):
    return json.loads(facade.handle_json(json.dumps(req)))


def diagram(letter, side):
    """An empty-ish board: ``letter`` of ``side`` on e5, both Princesses and Chiefs in corners
    (the engine's games need them), the side to move the other one (the op must not care)."""
    rows = [["" for _ in range(10)] for _ in range(10)]      # rows[rank][file]
    own, other = (str.upper, str.lower) if side == "b" else (str.lower, str.upper)
    rows[4][4] = own(letter)
    if letter != "P":
        rows[0][9] = own("P")
    rows[0][8] = own("C") if letter != "C" else own("W")
    rows[9][0], rows[9][1] = other("P"), other("C")
    ranks = []
    for rank in range(9, -1, -1):
        text, empty = "", 0
        for p in rows[rank]:
            if not p:
                empty += 1
                continue
            text += (str(empty) if empty else "") + p
            empty = 0
        ranks.append(text + (str(empty) if empty else ""))
    return "/".join(ranks) + (" o" if side == "b" else " b")


def engine_destinations(rules, position, sq):
    """The engine's legal moves of the piece on ``sq``, with that piece's side to move."""
    pos = Position.parse(position)
    piece = pos.board[sq]
    side = 0 if piece.isupper() else 1
    game = Game(rules, pos.with_board(pos.board, side=side))
    return sorted(m.to for m in game.legal_moves if not m.is_pass and m.frm == sq)


@pytest.mark.parametrize("side", ["b", "o"])
@pytest.mark.parametrize("option,value", [(o, v) for o in PIECE_OPTIONS for v in OPTIONS[o]])
def test_show_moves_from_e5_agrees_with_the_engine(option, value, side):
    rules = f"{option}={value}"
    position = diagram(LETTER[option], side)
    reply = call(op="destinations", rules=rules, start=position, square=E5)
    assert reply["ok"], reply
    assert reply["piece"] == (LETTER[option] if side == "b" else LETTER[option].lower())
    assert reply["side"] == ("black" if side == "b" else "orange")
    got = [d["to"] for d in reply["destinations"]]
    assert got == engine_destinations(rules, position, E5)
    assert got, "every piece moves from e5 on an empty-ish board"


def test_every_piece_of_the_start_agrees_with_the_state():
    """In the start position each of the side to move's pieces has the destinations the state
    reports; the other side's too, once it is their turn."""
    state = call(op="state")["state"]
    for sq, piece in enumerate(state["board"]):
        if not piece:
            continue
        reply = call(op="destinations", square=sq)
        assert reply["ok"], reply
        if piece.isupper():
            assert reply["destinations"] == state["legal"].get(str(sq), [])
    after = call(op="state", moves=["d2-d3"])["state"]
    for sq, piece in enumerate(after["board"]):
        if piece and piece.islower():
            reply = call(op="destinations", square=sq, moves=["d2-d3"])
            assert reply["destinations"] == after["legal"].get(str(sq), [])


def test_escapes_and_captures_are_marked():
    reply = call(op="destinations", square=parse_square("f1"))
    escapes = [d for d in reply["destinations"] if d["escape"]]
    assert len(escapes) == 26 and len(reply["destinations"]) == 40
    # A Thoat with an enemy Panthan in reach (e5-e6-f7): that destination is a capture.
    reply = call(op="destinations", start="p1c7/10/10/5n4/10/4T5/10/10/10/8CP b", square=E5,
                 rules="thoat=free")
    assert [d["to"] for d in reply["destinations"] if d["capture"]] == [parse_square("f7")]


def test_a_diagram_need_not_be_a_game_position():
    """No Chiefs: a game could not be played from here, but the Thoat's moves can be shown."""
    reply = call(op="destinations", start="p9/10/10/10/10/4T5/10/10/10/9P", square=E5)
    assert reply["ok"] and len(reply["destinations"]) == 12


@pytest.mark.parametrize("req,why", [
    ({"square": parse_square("e5")}, "there is no piece on e5"),
    ({}, "square must be"),
    ({"square": 100}, "square must be from 0 to 99"),
    ({"square": "d1"}, "square must be a whole number"),
    ({"square": 3, "start": "<script>alert(1)</script>"}, "placement"),
    ({"square": 3, "rules": "thoat=<b>"}, "not a value of thoat"),
    ({"square": 3, "moves": ["d2-d5"]}, "move 1 (d2-d5)"),
])
def test_bad_requests_say_why(req, why):
    reply = call(op="destinations", **req)
    assert reply["ok"] is False and not reply.get("internal"), reply
    assert why in said(reply["error"])
    assert "<script>" not in said(reply["error"])


@pytest.mark.skipif(not (ROOT / "docs").is_dir(), reason="the Pyodide run copies the engine, not the docs")
def test_the_embedding_guides_boards_are_games_the_engine_plays():
    """Every <jetan-board> written in docs/embedding.md with a position: a game the engine takes
    (not over before it starts), and its show-moves square holds a piece with moves."""
    text = (ROOT / "docs" / "embedding.md").read_text()
    boards = re.findall(r"<jetan-board ([^>]*)>", text)
    checked = 0
    for board in boards:
        attrs = dict(re.findall(r'([a-z-]+)="([^"]*)"', board))
        if "position" not in attrs or "…" in attrs["position"]:
            continue
        state = call(op="state", rules=attrs.get("rules", ""), start=attrs["position"], moves=[])
        assert state["ok"] and state["state"]["result"] is None, (board, state)
        if "show-moves" in attrs:
            reply = call(op="destinations", rules=attrs.get("rules", ""), start=attrs["position"], moves=[],
                         square=parse_square(attrs["show-moves"]))
            assert reply["ok"] and reply["destinations"], (board, reply)
        checked += 1
    assert checked
