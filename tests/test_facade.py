"""The JSON facade the browser worker calls: every operation, its errors, and hostile input."""
import json
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from py_engine import facade
from py_engine.messages import Message, words
from py_engine.squares import parse_square
from py_engine.rules import MANATOR
from tests.helpers import examples
from tests.test_game import STALEMATE

BOOK = ["g10-d7", "d2-d3", "d7-g4", "d1xg4/a"]


def call(**req):
    return json.loads(facade.handle_json(json.dumps(req)))


def said(message):
    """A reply's message (``{"key", "args"}``) in English, as the command line words it."""
    return words(Message.from_json(message))


def error(**req):
    """The refusal of a request, in English."""
    reply = call(**req)
    assert reply["ok"] is False and not reply.get("internal"), reply
    return said(reply["error"])


def test_new_game_state():
    r = call(op="state", rules="", start="start", moves=[], record=True)
    assert r["ok"]
    s = r["state"]
    assert s["turn"] == "black" and s["result"] is None
    assert sum(len(v) for v in s["legal"].values()) == 74
    f1 = s["legal"][str(parse_square("f1"))]          # destinations are keyed by square (0-99)
    escapes = [d for d in f1 if d["escape"]]
    assert len(escapes) == 26 and len(f1) == 40
    assert s["board"][4] == "C" and len(s["board"]) == 100
    assert s["record"].startswith('[Rules ""]')


def test_play_and_history():
    r = call(op="play", rules=MANATOR, start="start", moves=BOOK[:3], move="D1xG4/a")
    assert r["ok"], r
    s = r["state"]
    assert r["played"] == {"text": "d1xg4/a", "from": 3, "to": 36, "capture": True,
                           "outcome": "a"}
    assert [m["text"] for m in s["moves"]] == BOOK
    assert [(m["from"], m["to"]) for m in s["moves"]][:2] == [(96, 63), (13, 23)]
    assert said(s["moves"][3]["descriptive"]) == "Chief's Odwar takes Princess' Odwar"
    assert s["captured"]["orange"] == ["F"]
    assert s["wager"] == {"system": "smith", "black": 4, "orange": 0}
    assert "record" not in s                     # sent only when asked for


def test_the_session_takes_back_and_replays_only_what_differs():
    assert call(op="state", moves=["d2-d3", "g9-g8", "e2-e3"])["ok"]
    back = call(op="state", moves=["d2-d3"])["state"]
    assert [m["text"] for m in back["moves"]] == ["d2-d3"] and back["turn"] == "orange"
    other = call(op="state", moves=["e2-e3"])
    assert other["ok"] and other["state"]["moves"][0]["to"] == parse_square("e3")


def test_threatened_princess_is_reported():
    s = call(op="state", rules=MANATOR, moves=BOOK[:3])["state"]
    assert s["threatened"] == [parse_square("f1")]


def test_errors_are_messages():
    assert error(op="fly") == "unknown operation 'fly'"
    assert error() == "unknown operation null"
    assert "not a value of thoat" in error(op="state", rules="thoat=flying")
    assert error(op="state", moves=["d2-d3", "d2-d4"]).startswith("move 2 (d2-d4)")
    assert "illegal move" in error(op="play", moves=[], move="d2-d5")
    assert "placement" in error(op="check", start="nonsense")
    assert said(json.loads(facade.handle_json("{nope"))["error"]).startswith("the request is not JSON")
    assert json.loads(facade.handle_json("[1]"))["error"] == {"key": "engine.request.notObject"}


def test_game_over_reply():
    moves = ["g10-d7", "d2-d3", "d7-g4", "d1xg4/d", "g4xf1"]
    s = call(op="state", rules=MANATOR, moves=moves)["state"]
    assert s["result"]["winner"] == "orange" and s["legal"] == {}
    assert "game is over" in error(op="best", rules=MANATOR, moves=moves)


def test_record_round_trip_keeps_headers():
    s = call(op="state", rules=MANATOR, moves=BOOK, headers={"Event": "Manator"}, record=True)["state"]
    assert '[Event "Manator"]' in s["record"]
    r = call(op="record", text=s["record"])
    assert r["ok"] and r["game"] == {"rules": MANATOR, "start": "start", "moves": BOOK,
                                     "resigned": None, "agreed": False, "flagged": None,
                                     "headers": {"Event": "Manator"}, "comments": {}}
    assert '[Event "Manator"]' in r["state"]["record"]
    assert "move 'd2-d5'" in error(op="record", text="1. d2-d5")


def test_comments_travel_as_a_board_shows_them_and_records_carry_them():
    comments = {"0": {"text": "A test."},
                "2": {"text": "Quiet } {moves}.", "arrows": "c7f10:red d2-d4", "marks": "f10"},
                "3": {"text": "", "marks": "e5:blue x9 d2:purple"}}
    s = call(op="state", moves=["d2-d3", "g9-g8", "e2-e3"], comments=comments, record=True)["state"]
    assert "{A test.} 1. d2-d3" in s["record"].replace("\n", " ")
    assert "[%cal Rc7f10,Gd2d4] [%csl Gf10]" in s["record"]
    r = call(op="record", text=s["record"])
    assert r["game"]["comments"] == {
        "0": {"text": "A test.", "arrows": "", "marks": ""},
        "2": {"text": "Quiet } {moves}.", "arrows": "c7f10:red d2d4", "marks": "f10"},
        "3": {"text": "", "arrows": "", "marks": "e5:blue"}}       # unknown items left out
    # A comment past the game's end is not written; a malformed one is refused in words.
    late = call(op="state", moves=["d2-d3"], comments={"5": {"text": "Late"}}, record=True)["state"]
    assert "{Late" not in late["record"]
    assert "comment" in error(op="state", comments={"1": "plain text"})
    assert "comment" in error(op="state", comments={"x": {"text": "a"}})
    assert "comment" in error(op="state", comments={"1": {"text": "a" * 2001}})


def test_a_resigned_record_says_who_resigned():
    s = call(op="state", moves=["d2-d3"], resigned="orange", record=True)["state"]
    assert call(op="record", text=s["record"])["game"]["resigned"] == "orange"


def test_the_page_is_sent_only_the_moves_it_does_not_have():
    part = call(op="play", moves=BOOK, rules=MANATOR, move="f9-f8", known=4, scoring="burgess")["state"]
    full = call(op="state", moves=BOOK + ["f9-f8"], rules=MANATOR)["state"]
    assert part["moves_from"] == 4 and [m["text"] for m in part["moves"]] == ["f9-f8"]
    assert part["plies"] == 5 and full["moves"][4:] == part["moves"] and len(full["moves"]) == 5
    assert part["wager"] == {"system": "burgess", "black": 6, "orange": 0}
    assert call(op="state", moves=["d2-d3"], known=9)["state"]["moves_from"] == 1
    assert "scoring must be one of" in error(op="state", scoring="__proto__")


def test_check_rules_and_reach():
    assert call(op="check", rules="thoat=wild", start="start") == \
        {"ok": True, "rules": "thoat=wild", "start": "start"}
    assert "Orange has no Chief" in error(op="check", start="p9/10/10/10/10/10/10/10/10/C8P")
    info = call(op="rules")
    assert info["presets"]["manator"]["rules"].startswith("setup=facing")
    assert info["options"]["thoat"] == ["chained", "free", "wild"]
    assert len(call(op="reach", piece="C")["to"]) == 48
    assert len(call(op="reach", piece="T", rules="thoat=wild")["to"]) == 12
    assert "piece must be one of" in error(op="reach", piece="Z")
    assert error(op="reach", side="white") == \
        "side must be one of black, orange, not 'white'"


def test_best_and_the_search_protocol():
    legal = call(op="state")["state"]["legal"]
    best = call(op="best", moves=[], level=1, time_ms=300, seed=1)["best"]
    assert best["move"]["to"] in {d["to"] for d in legal[str(best["move"]["from"])]}
    assert best["pv"][0] == best["move"]
    assert call(op="search_start", moves=[], time_ms=2000, max_depth=2)["started"]
    call(op="state", moves=["d2-d3"])            # the session's game moving on changes nothing
    first = call(op="search_step")
    assert first["done"] is False and first["info"]["depth"] == 1
    assert str(first["info"]["move"]["from"]) in legal
    call(op="search_step")
    assert call(op="search_step")["done"] is True
    assert "no search" in error(op="search_step")
    assert call(op="search_stop")["stopped"]
    # In slices (a host that cannot hear a stop inside a step): a step may be a pause.
    assert call(op="search_start", moves=[], time_ms=60_000, max_depth=4, slice_ms=1)["started"]
    steps = []
    while not steps or steps[-1]["done"] is False:
        steps.append(call(op="search_step"))
    assert {"ok": True, "done": False, "paused": True} in steps
    assert [s["info"]["depth"] for s in steps if "info" in s] == [1, 2, 3, 4]
    assert "slice_ms" in error(op="search_start", moves=[], slice_ms=0)


def test_a_pass_is_a_move_with_no_squares():
    # Black has no move: under stalemate=pass the engine's best (and only) move is the pass.
    r = call(op="best", rules="stalemate=pass", start=STALEMATE, time_ms=100)
    assert r["ok"], r
    assert r["best"]["move"] == {"text": "pass", "from": None, "to": None, "capture": False,
                                 "outcome": ""}


@pytest.mark.parametrize("level", [1, 6])
def test_levels(level):
    r = call(op="best", moves=["d2-d3"], level=level, time_ms=200)
    assert r["ok"] and r["best"]["move"]["text"]
    assert error(op="best", level=9) == "level must be from 1 to 6, not 9"


def test_resignation_travels_with_the_game():
    s = call(op="state", moves=["d2-d3"], resigned="orange")["state"]
    assert s["result"]["text"] == "black wins" and "Orange resigned" in said(s["result"]["explanation"])
    assert call(op="state", moves=["d2-d3"])["state"]["result"] is None   # not sticky
    assert "resigned must be one of" in error(op="state", resigned="white")


# ---- hostile input (each a defect class of issue 13) ------------------------------------------

@pytest.mark.parametrize("req, message", [
    ({"op": ["state"]}, "unknown operation a list"),
    ({"op": {"a": 1}}, "unknown operation an object"),
    ({"op": 7}, "unknown operation 7"),
    ({"op": "state", "moves": 5}, "moves must be a list of move texts"),
    ({"op": "state", "moves": True}, "moves must be a list of move texts"),
    ({"op": "state", "moves": "d2-d3"}, "moves must be a list of move texts"),
    ({"op": "state", "moves": [1]}, "move 1 (1) is not a move"),
    ({"op": "state", "rules": 3}, "rules must be text"),
    ({"op": "state", "start": ["x"]}, "start must be text"),
    ({"op": "best", "level": "x"}, "level must be a whole number from 1 to 6"),
    ({"op": "best", "level": [6]}, "level must be a whole number from 1 to 6"),
    ({"op": "best", "level": True}, "level must be a whole number from 1 to 6"),
    ({"op": "best", "time_ms": 0}, "time_ms must be from 1 to 600,000, not 0"),
    ({"op": "best", "time_ms": -5}, "time_ms must be from 1 to 600,000, not -5"),
    ({"op": "best", "time_ms": 1.5}, "time_ms must be a whole number from 1 to 600,000"),
    ({"op": "best", "time_ms": {"a": 1}}, "time_ms must be a whole number from 1 to 600,000"),
    ({"op": "best", "max_depth": [2]}, "max_depth must be a whole number from 1 to 64"),
    ({"op": "best", "seed": [1]}, "seed must be a whole number"),
    ({"op": "state", "resigned": 1}, "resigned must be one of black, orange, not 1"),
    ({"op": "state", "headers": {"Event": 5}}, "header 'Event' must be a word"),
    ({"op": "record", "text": None}, "the record is empty"),
    ({"op": "record", "text": " \n"}, "the record is empty"),
])
def test_wrong_fields_are_answered_in_words(req, message):
    reply = facade.handle(req)
    assert reply["ok"] is False and not reply.get("internal"), reply
    assert message in said(reply["error"]), reply["error"]


def test_infinity_and_huge_numbers_are_refused():
    for number in (float("inf"), float("nan")):
        refused = facade.handle({"op": "best", "time_ms": number})
        assert "time_ms must be a whole number" in said(refused["error"])
    huge = '{"op": "best", "time_ms": ' + "9" * 5000 + "}"
    assert said(json.loads(facade.handle_json(huge))["error"]) == \
        "the request holds a number too large to read"
    big = said(facade.handle({"op": "best", "time_ms": 10 ** 5000})["error"])
    assert big == "time_ms must be from 1 to 600,000, not a huge number"


def test_deep_nesting_is_refused():
    deep = "[" * 100_000 + "]" * 100_000
    assert said(json.loads(facade.handle_json(deep))["error"]) == "the request is nested too deeply"
    nested: list = []
    for _ in range(50):
        nested = [nested]
    assert not facade.handle({"op": "state", "moves": nested})["ok"]


def test_long_inputs_are_not_echoed():
    reply = facade.handle({"op": "play", "move": "d" * 100_000})
    assert said(reply["error"]) == "move is too long (100,000 characters; at most 24)"
    reply = facade.handle({"op": "state", "rules": "thoat=" + "x" * 900})
    assert not reply["ok"] and len(said(reply["error"])) <= facade.MAX_MESSAGE
    assert "too long" in said(facade.handle({"op": "state", "moves": ["d2-d3"] * 20_001})["error"])


def test_an_internal_error_is_reported_with_an_id(monkeypatch, capsys):
    def broken(req):
        raise KeyError("oops")
    monkeypatch.setitem(facade.OPS, "rules", broken)
    reply = facade.handle({"op": "rules"})
    assert reply["ok"] is False and reply["internal"] is True and len(reply["id"]) == 8
    assert said(reply["error"]) == f"the engine failed on this request (internal error {reply['id']})"
    assert "KeyError" not in said(reply["error"])
    assert f"internal error {reply['id']}" in capsys.readouterr().err


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=30),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12)
fields = st.sampled_from(["rules", "start", "moves", "move", "level", "time_ms", "max_depth",
                          "seed", "resigned", "text", "piece", "side", "headers",
                          "agreed", "flagged", "shown", "clock"])


@settings(max_examples=examples(300), deadline=None)
@given(op=st.sampled_from(sorted(facade.OPS) + ["nope"]) | json_values,
       req=st.dictionaries(fields, json_values, max_size=4))
def test_the_facade_never_raises_nor_leaks(op, req):
    if op == "best" or op == "search_start":
        req["time_ms"] = 20             # keep searches short; other fields stay arbitrary
    reply = facade.handle({**req, "op": op})
    assert isinstance(reply, dict) and isinstance(reply["ok"], bool)
    if not reply["ok"]:
        assert not reply.get("internal"), reply
        text = said(reply["error"])
        assert len(text) <= facade.MAX_MESSAGE
        for leak in ("Traceback", "invalid literal", "tuple.index", "object has no attribute",
                     "not subscriptable", "NoneType", "unhashable", "'int'", "'dict'"):
            assert leak not in text, text
    json.dumps(reply)
    facade.handle({"op": "search_stop"})


def test_a_move_crosses_the_bridge_as_squares():
    e2, e3, e5 = parse_square("e2"), parse_square("e3"), parse_square("e5")
    r = call(op="play", moves=["d2-d3"], move={"from": parse_square("g9"), "to": parse_square("g8")})
    assert r["ok"], r
    assert r["played"]["text"] == "g9-g8" and [m["text"] for m in r["state"]["moves"]] == ["d2-d3", "g9-g8"]
    assert call(op="play", moves=[], move={"from": e2, "to": e3})["played"]["text"] == "e2-e3"
    duel = call(op="play", rules=MANATOR, moves=BOOK[:3], move={"from": 3, "to": 36, "outcome": "d"})
    assert duel["played"]["text"] == "d1xg4/d"
    assert "illegal move e2-e5" in error(op="play", moves=[], move={"from": e2, "to": e5})
    assert "from must be from 0 to 99" in error(op="play", moves=[], move={"from": 100, "to": e3})
    assert "both squares" in error(op="play", moves=[], move={"from": e2})
    assert "outcome must be one of" in error(op="play", moves=[], move={"from": e2, "to": e3, "outcome": "x"})
    assert "squares {from, to}" in error(op="play", moves=[], move=[e2, e3])
    assert "pass is not allowed" in error(op="play", moves=[], move={"from": None, "to": None})


def test_no_move_past_the_longest_game_and_huge_records_refused_before_replay():
    from py_engine.tools.bench import long_game
    moves = long_game(facade.MAX_PLIES)
    state = call(op="state", moves=moves, known=len(moves))["state"]
    assert state["full"] and state["legal"] == {} and state["result"] is None
    assert not call(op="state", moves=moves[:-1], known=len(moves) - 1)["state"]["full"]
    before = call(op="state", moves=moves[:-1], known=len(moves) - 1)["state"]
    frm, dests = next((k, v) for k, v in before["legal"].items() if k != "pass")
    refused = error(op="play", moves=moves, known=len(moves), move={"from": int(frm), "to": dests[0]["to"]})
    assert "20,000 plies" in refused and "would not load again" in refused
    # A record of more moves than a game may have is refused by counting them, before it is
    # replayed (a replay would stop at its second move, an illegal one, with another message).
    assert "too long (150,000 moves" in error(op="record", text="1. d2-d3 " * 150_000)


def test_the_facade_says_how_much_of_a_game_it_holds():
    call(op="state", moves=["d2-d3", "g9-g8", "e2-e3"])
    assert call(op="held", moves=["d2-d3", "g9-g8", "f2-f3"])["plies"] == 2
    assert call(op="held", moves=["d2-d3"], rules="thoat=wild")["plies"] == 0
    # A slice the kept game already holds leaves it as it is.
    assert call(op="replay", moves=["d2-d3"])["plies"] == 1
    assert call(op="held", moves=["d2-d3", "g9-g8", "e2-e3"])["plies"] == 3


# In a fresh interpreter (the tables are made once per process): how many walk tables the
# engine's level-3 replies to each of a person's first moves make, after warm_up() or without it.
FIRST_REPLY_TABLES = """
import json, sys
from py_engine import facade, gaits
from py_engine.squares import square_name
if sys.argv[1] == "warm":
    facade.warm_up()
made = 0
missing = gaits.PerSquare.__missing__
def counted(self, sq):
    global made
    made += 1
    return missing(self, sq)
gaits.PerSquare.__missing__ = counted
game = {"rules": "", "start": "start", "moves": []}
legal = json.loads(facade.handle_json(json.dumps(dict(game, op="state"))))["state"]["legal"]
firsts = [[f"{square_name(int(frm))}-{square_name(move['to'])}"] for frm, moves in legal.items()
          for move in moves]
assert len(firsts) > 50
for moves in firsts:
    assert json.loads(facade.handle_json(json.dumps(dict(game, moves=moves, op="best", level=3))))["ok"]
print(made)
"""


def test_warm_up_makes_the_tables_the_first_replies_make():
    """The browser's worker warms the engine before it keeps its memory snapshot, so that a
    visit restoring it makes almost none of these in its first reply, whatever the first move
    (worker.js, boot()): only a capture in the reply's quiescence reaches a square two moves
    away (one table, after d1-a4)."""
    def tables_made(how):
        run = subprocess.run([sys.executable, "-c", FIRST_REPLY_TABLES, how], capture_output=True,
                             text=True, check=True, cwd=Path(__file__).resolve().parents[1])
        return int(run.stdout)
    cold, warm = tables_made("cold"), tables_made("warm")
    assert cold > 200 and warm <= 3, (cold, warm)


def test_warm_up_leaves_the_kept_game_and_a_search_alone():
    """warm_up() plays a game of its own: the game the facade keeps, and a search under way, are
    as they were after it."""
    game = {"rules": "", "start": "start", "moves": ["d2-d3", "g9-g8"]}
    before = call(op="state", **game)
    assert call(op="search_start", level=3, **game)["started"]
    facade.warm_up()
    assert call(op="held", **dict(game, moves=["d2-d3", "g9-g8", "e2-e3"]))["plies"] == 2
    first = call(op="search_step")["info"]["pv"][0]           # the search goes on, in its game
    assert first["to"] in {dest["to"] for dest in before["state"]["legal"][str(first["from"])]}
    assert call(op="state", **game) == before
