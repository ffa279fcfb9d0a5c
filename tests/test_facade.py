"""The JSON facade the browser worker calls: every operation, and its errors."""
import json

import pytest

from py_engine import facade

BOOK = ["g10-d7", "d2-d3", "d7-g4", "d1xg4/a"]
MANATOR = "setup=facing,first=orange,duel=even"


def call(**req):
    return json.loads(facade.handle_json(json.dumps(req)))


def test_new_game_state():
    r = call(op="new", rules="", start="start", moves=[])
    assert r["ok"]
    s = r["state"]
    assert s["turn"] == "black" and s["result"] is None
    assert sum(len(v) for v in s["legal"].values()) == 74
    escapes = [d for d in s["legal"]["f1"] if d["escape"]]
    assert len(escapes) == 26 and len(s["legal"]["f1"]) == 40
    assert s["board"][4] == "C" and len(s["board"]) == 100
    assert s["record"].startswith('[Rules ""]')


def test_play_and_history():
    r = call(op="play", rules=MANATOR, start="start", moves=BOOK[:3], move="D1xG4/a")
    assert r["ok"], r
    s = r["state"]
    assert r["played"] == "d1xg4/a"
    assert [m["text"] for m in s["moves"]] == BOOK
    assert s["moves"][3]["descriptive"] == "Chief's Odwar takes Princess' Odwar" or \
        s["moves"][3]["descriptive"] == "Chief's Flier takes Princess' Flier"
    assert s["captured"]["orange"] == ["F"] and s["wagers"]["smith"] == [4, 0]


def test_threatened_princess_is_reported():
    s = call(op="state", rules=MANATOR, moves=BOOK[:3])["state"]
    assert s["threatened"] == ["f1"]


def test_errors_are_messages():
    assert call(op="fly")["error"] == "unknown operation 'fly'"
    assert "not a value of thoat" in call(op="new", rules="thoat=flying")["error"]
    bad = call(op="state", moves=["d2-d3", "d2-d4"])
    assert not bad["ok"] and bad["error"].startswith("move 2 (d2-d4)")
    assert "illegal move" in call(op="play", moves=[], move="d2-d5")["error"]
    assert "placement" in call(op="check", start="nonsense")["error"]
    assert json.loads(facade.handle_json("{nope"))["error"].startswith("request is not JSON")
    assert json.loads(facade.handle_json("[1]"))["error"] == "request must be a JSON object"


def test_game_over_reply():
    moves = ["g10-d7", "d2-d3", "d7-g4", "d1xg4/d", "g4xf1"]
    s = call(op="state", rules=MANATOR, moves=moves)["state"]
    assert s["result"]["winner"] == "orange" and s["legal"] == {}
    assert "game is over" in call(op="best", rules=MANATOR, moves=moves)["error"]


def test_record_round_trip():
    s = call(op="state", rules=MANATOR, moves=BOOK)["state"]
    r = call(op="record", text=s["record"])
    assert r["ok"] and r["game"] == {"rules": MANATOR, "start": "start", "moves": BOOK}
    assert "move 'd2-d5'" in call(op="record", text="1. d2-d5")["error"]


def test_check_rules_and_reach():
    assert call(op="check", rules="thoat=wild", start="start") == \
        {"ok": True, "rules": "thoat=wild", "start": "start"}
    assert "Orange has no Chief" in call(op="check", start="p9/10/10/10/10/10/10/10/10/C8P")["error"]
    info = call(op="rules")
    assert info["presets"]["manator"]["rules"].startswith("setup=facing")
    assert info["options"]["thoat"] == ["chained", "free", "wild"]
    assert len(call(op="reach", piece="C")["to"]) == 48
    assert len(call(op="reach", piece="T", rules="thoat=wild")["to"]) == 12
    assert "unknown piece" in call(op="reach", piece="Z")["error"]


def test_best_hint_and_analysis():
    best = call(op="best", moves=[], level=1, time_ms=300, seed=1)
    assert best["ok"] and best["best"]["move"] in {
        d_from + ("-" if not d["capture"] else "x") + d["to"]
        for d_from, ds in call(op="new")["state"]["legal"].items() for d in ds}
    assert call(op="hint", moves=[], time_ms=200)["best"]["depth"] >= 1
    assert call(op="analyse_start", moves=[], time_ms=2000, max_depth=2)["started"]
    first = call(op="analyse_step")
    assert first["done"] is False and first["info"]["depth"] == 1
    call(op="analyse_step")
    assert call(op="analyse_step")["done"] is True
    assert "no analysis" in call(op="analyse_step")["error"]
    assert call(op="analyse_stop")["stopped"]


@pytest.mark.parametrize("level", [1, 6])
def test_levels(level):
    r = call(op="best", moves=["d2-d3"], level=level, time_ms=200)
    assert r["ok"] and r["best"]["move"]
    assert "level must be 1 to 6" in call(op="best", level=9)["error"]


def test_resignation_travels_with_the_game():
    s = call(op="state", moves=["d2-d3"], resigned="orange")["state"]
    assert s["result"]["text"] == "black wins" and "Orange resigned" in s["result"]["explanation"]
    assert call(op="state", moves=["d2-d3"])["state"]["result"] is None   # not sticky
    assert "resigned must be" in call(op="state", resigned="white")["error"]
