"""The engine speaks in messages: every refusal, result and name it sends is a catalogue key with
its arguments (py_engine/messages.py), the English catalogue's engine namespaces are exactly the
engine's English table, every key the code names is in it with the arguments its placeholders
ask for, and no sentence is left in the engine's raises or replies."""
import ast
import json
import re
from pathlib import Path

import pytest

from py_engine import facade
from py_engine.errors import JetanError
from py_engine.messages import ENGLISH, Message, words
from py_engine.webbuild import engine_words, facts
from py_engine.webbuild.catalogues import flat

ROOT = Path(__file__).resolve().parents[1]
ENGINE = ROOT / "py_engine"
EN = ROOT / "web" / "i18n" / "en.json"
PLACEHOLDER = re.compile(r"\{\{\s*(\w+)\s*\}\}")
PLURAL = re.compile(r"_(zero|one|two|few|many|other)$")
KEY = re.compile(r"^[a-z][A-Za-z0-9_]*(\.[A-Za-z0-9_]+)+$")
# The modules whose messages are owned elsewhere (the lessons', the puzzles', the gallery's).
OTHERS = ("lessons.py", "puzzles.py", "gallery.py")
# The Pyodide run (tests/wasm) has the engine installed from its wheel (bytecode), not the
# checkout's sources and pages: the tests that read those are about the checkout.
needs_pages = pytest.mark.skipif(not EN.exists(), reason="the catalogues are not here")


def bases():
    """ENGLISH's messages by their base key (a plural message's forms under one)."""
    return {PLURAL.sub("", key) for key in ENGLISH}


def placeholders(key):
    """The placeholders of a message, over all its plural forms."""
    forms = [text for k, text in ENGLISH.items() if PLURAL.sub("", k) == key]
    return {name for text in forms for name in PLACEHOLDER.findall(text)}


# ---- the catalogue and the table -------------------------------------------------------------

@needs_pages
def test_the_english_catalogues_engine_namespaces_are_the_engines_table():
    catalogue = json.loads(EN.read_text(encoding="utf-8"))
    ours = {key: text for key, text in flat(catalogue) if key.split(".")[0] in engine_words.NAMESPACES}
    assert ours == ENGLISH, "run python -m py_engine.webbuild.engine_words"
    assert EN.read_text(encoding="utf-8") == engine_words.text(engine_words.rewritten(catalogue))


def test_the_command_rewrites_only_the_engines_namespaces():
    catalogue = {"language": {"name": "English"}, "piece": {"old": "gone"}, "app": {"x": "y"}}
    out = engine_words.rewritten(catalogue, {"piece.thoat": "Thoat", "engine.a.b": "c"})
    assert out == {"language": {"name": "English"}, "piece": {"thoat": "Thoat"}, "app": {"x": "y"},
                   "engine": {"a": {"b": "c"}}}
    with pytest.raises(ValueError):
        engine_words.rewritten({}, {"app.x": "y"})         # the engine writes only its namespaces


def test_every_key_is_a_key_and_every_plural_has_english_forms():
    for key in ENGLISH:
        assert KEY.match(key), key
    for key in bases():
        forms = {k for k in ENGLISH if PLURAL.sub("", k) == key}
        assert forms in ({key}, {f"{key}_one", f"{key}_other"}), key
        if forms != {key}:
            assert "count" in placeholders(key), key


def test_the_command_line_words_a_message_in_english():
    err = JetanError("engine.position.princesses", side=Message("side.black"), found=0)
    assert str(err) == "Black must have exactly one Princess, not 0"
    assert words(Message("engine.position.rankWidth", {"rank": 3, "text": "N", "count": 1, "size": 10})) \
        == "rank 3 ('N') covers 1 square, not 10"
    assert words(Message("engine.request.tooLong", {"name": "move", "length": 100_000, "most": 24})) \
        == "move is too long (100,000 characters; at most 24)"


# ---- the code against the table --------------------------------------------------------------

def engine_sources():
    """The engine's modules whose messages are this test's, where the sources are here."""
    if not (ENGINE / "facade.py").exists():
        return []
    return [path for path in sorted(ENGINE.glob("*.py")) if path.name not in OTHERS] + \
        [ENGINE / "webbuild" / "facts.py"]


def named_messages(tree):
    """Every message the code makes with a key written out: (line, key or family prefix, whether
    it is a prefix, the argument names given or None when they cannot be read)."""
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call) or not node.args:
            continue
        name = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", "")
        if not (name == "Message" or name.endswith("Error")) or name == "ValueError":
            continue
        first = node.args[0]
        if name.endswith("Error"):
            given = None if any(k.arg is None for k in node.keywords) else {k.arg for k in node.keywords}
        elif len(node.args) > 1 and isinstance(node.args[1], ast.Dict) and \
                all(isinstance(k, ast.Constant) for k in node.args[1].keys):
            given = {k.value for k in node.args[1].keys}
        else:
            given = None if len(node.args) > 1 else set()
        if isinstance(first, ast.Constant) and isinstance(first.value, str):
            found.append((node.lineno, first.value, False, given))
        elif isinstance(first, ast.JoinedStr) and isinstance(first.values[0], ast.Constant):
            found.append((node.lineno, first.values[0].value, True, given))
    return found


@pytest.mark.parametrize("path", engine_sources(), ids=lambda p: p.name)
def test_every_message_the_engine_names_is_in_the_table_with_its_arguments(path):
    for line, key, prefix, given in named_messages(ast.parse(path.read_text(encoding="utf-8"))):
        where = f"{path.name}:{line}"
        if prefix:
            assert any(k.startswith(key) for k in ENGLISH), (where, key)
            continue
        assert KEY.match(key), (where, "a sentence where a key belongs", key)
        assert key in bases(), (where, key)
        if given is not None:
            assert given == placeholders(key), (where, key, sorted(given), sorted(placeholders(key)))


@pytest.mark.skipif(not engine_sources(), reason="the engine's sources are not here")
def test_every_message_in_the_table_is_sent_by_the_engine():
    """A key in the table is named by the code, whole or by its family (``f"piece.moves.{…}"``)."""
    named = [(key, prefix) for path in engine_sources() if path.name != "messages.py"
             for _, key, prefix, _ in named_messages(ast.parse(path.read_text(encoding="utf-8")))]
    families = [key for key, prefix in named if prefix] + \
        [node.values[0].value for path in engine_sources() for node in ast.walk(ast.parse(path.read_text()))
         if isinstance(node, ast.JoinedStr) and isinstance(node.values[0], ast.Constant)
         and KEY.match(node.values[0].value.rstrip("."))]
    whole = {key for key, prefix in named if not prefix} | {
        node.value for path in engine_sources() if path.name != "messages.py"
        for node in ast.walk(ast.parse(path.read_text())) if isinstance(node, ast.Constant)}
    unused = [key for key in bases() if key not in whole and not any(key.startswith(f) for f in families)]
    assert unused == []


@pytest.mark.parametrize("path", engine_sources(), ids=lambda p: p.name)
def test_no_engine_module_raises_a_sentence(path):
    """A raise of the engine's errors names a message (a key), never words: an f-string or a
    literal with a space is a sentence."""
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call) and node.exc.args:
            func = node.exc.func
            name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
            if name in ("ValueError", "KeyError", "AssertionError"):
                continue            # the engine's own bugs, never shown (facade.internal_error)
            first = node.exc.args[0]
            assert not isinstance(first, ast.JoinedStr), (path.name, node.lineno)
            if isinstance(first, ast.Constant):
                assert KEY.match(first.value), (path.name, node.lineno, first.value)


# ---- what the engine sends -------------------------------------------------------------------

def messages_in(value):
    """Every message (a ``{"key", "args"?}`` object) in a reply or a fact, at any depth."""
    if isinstance(value, dict):
        if "key" in value and set(value) <= {"key", "args"} and isinstance(value["key"], str):
            yield value
            for arg in (value.get("args") or {}).values():
                yield from messages_in(arg)
            return
        for item in value.values():
            yield from messages_in(item)
    elif isinstance(value, list):
        for item in value:
            yield from messages_in(item)


def known(message):
    """A message the catalogue has, given every argument its placeholders ask for (a result's
    message names both sides, though its words may need one)."""
    assert message["key"] in bases(), message
    assert set(message.get("args") or {}) >= placeholders(message["key"]), message
    return True


REFUSED = [
    {"op": "fly"}, {"op": None}, {"op": "state", "moves": 5}, {"op": "state", "moves": [1]},
    {"op": "state", "rules": "thoat=flying"}, {"op": "state", "rules": "black.duel=even"},
    {"op": "state", "rules": "nope=1"}, {"op": "state", "rules": "thoat"},
    {"op": "state", "rules": "white.thoat=wild"},
    {"op": "state", "moves": ["d2-d3", "d2-d4"]}, {"op": "play", "moves": [], "move": "d2-d5"},
    {"op": "play", "moves": [], "move": "e5-e6"}, {"op": "play", "moves": [], "move": "g9-g8"},
    {"op": "play", "moves": [], "move": "zz"}, {"op": "play", "moves": [], "move": "d2xd3"},
    {"op": "play", "moves": [], "move": {"from": None, "to": None}},
    {"op": "check", "start": "nonsense"}, {"op": "check", "start": "p9/10/10/10/10/10/10/10/10/C8P"},
    {"op": "check", "start": "pp8/10/10/10/10/10/10/10/10/C8P"},
    {"op": "check", "start": "10/10/10/10/10/10/10/10/10/10"},
    {"op": "check", "start": "c8p/10/10/10/10/10/10/10/10/C8P x"},
    {"op": "check", "start": "c8p/10/10/10/10/10/10/10/10/C7NP b Ee 3"},
    {"op": "record", "text": "1. d2-d5"}, {"op": "record", "text": "[Rules \"x=y\"]\n1. d2-d3"},
    {"op": "record", "text": "1. d2-d3 {open"}, {"op": "record", "text": "1. d2-d3 P"},
    {"op": "record", "text": "[Result \"draw\"]\n1. d2-d3"}, {"op": "record", "text": " "},
    {"op": "best", "level": 9}, {"op": "best", "time_ms": 10 ** 5000}, {"op": "best", "time_ms": 1.5},
    {"op": "state", "scoring": "x"}, {"op": "state", "resigned": "black", "agreed": True},
    {"op": "state", "agreed": "yes"}, {"op": "state", "headers": {"Event": 5}},
    {"op": "state", "comments": {"x": {}}}, {"op": "state", "comments": {"1": {"text": 5}}},
    {"op": "search_step"}, {"op": "destinations", "square": 50}, {"op": "destinations"},
    {"op": "best", "moves": ["d2-d3"], "resigned": "black"},
    {"op": "best", "clock": {"increment_ms": 1}}, {"op": "best", "clock": 5},
    {"op": "lesson", "lesson": "x", "move": 5},
]


def request_id(req):
    return "huge time_ms" if req.get("time_ms") == 10 ** 5000 else repr(req)[:60]


@pytest.mark.parametrize("req", REFUSED, ids=request_id)
def test_every_refusal_is_a_known_message_with_its_arguments(req):
    facade.handle({"op": "search_stop"})        # (another test's search may be running)
    reply = facade.handle(req)
    assert reply["ok"] is False and not reply.get("internal"), reply
    assert all(known(m) for m in messages_in(reply["error"]))
    said = words(Message.from_json(reply["error"]))
    assert "{{" not in said and len(said) <= facade.MAX_MESSAGE, said


def test_the_json_levels_refusals_and_an_internal_error_are_messages(monkeypatch):
    for text in ("{nope", "[" * 100 + "]" * 100, '{"a": ' + "9" * 5000 + "}"):
        reply = json.loads(facade.handle_json(text))
        assert known(reply["error"])
    monkeypatch.setitem(facade.OPS, "state", lambda req: {}["boom"])
    reply = facade.handle({"op": "state"})
    assert reply["internal"] and reply["error"] == {"key": "engine.request.internal",
                                                   "args": {"id": reply["id"]}}


def test_a_games_words_are_messages():
    """The result, its reason, every move in descriptive notation and the pieces' names."""
    from tests.test_facade import call
    book = ["g10-d7", "d2-d3", "d7-g4", "d1xg4/a", "f9-f8", "f1-f3", "e9-e8"]
    state = call(op="state", rules="setup=facing,first=orange,duel=even,odwar=on", moves=book,
                 resigned="orange")["state"]
    assert state["result"]["words"]["key"] == "engine.result.resigned"
    assert state["result"]["explanation"]["key"] == "engine.reason.resigned"
    assert state["names"]["F"] == {"key": "piece.odwar"}
    assert all(isinstance(m["descriptive"], dict) for m in state["moves"])
    assert all(known(m) for m in messages_in(state))
    # Texts left are codes, notation and positions; and the record's Result header ("black wins").
    loose = [text for text in strings(state) if re.search(r"[A-Za-z]{3,} [a-z]{3,}", text)]
    assert loose == [state["result"]["text"]]


def strings(value):
    """Every string a reply holds outside its messages' keys (texts a person might read)."""
    if isinstance(value, dict):
        for name, item in value.items():
            if name != "key":
                yield from strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from strings(item)
    elif isinstance(value, str):
        yield value


def test_the_rules_table_and_the_facts_carry_messages_not_sentences():
    rules = facade.handle({"op": "rules"})
    assert rules["words"]["thoat"]["values"]["wild"] == {"key": "rule.thoat.wild"}
    assert rules["presets"]["manator"]["name"] == {"key": "rule.preset.manator.title"}
    web = facts.web_facts()
    found = [m for name in ("PIECES", "RULES", "PIECE_LETTERS") for m in messages_in(web[name])]
    found += list(messages_in(facts.reach()))
    assert len(found) > 100 and all(known(m) for m in found)
    for name in ("PIECES", "RULES", "PIECE_LETTERS"):
        # Strings left are codes (options, values, rule-set texts), not words; "black wins" and
        # the scoring systems' names (people's) aside.
        loose = [text for text in strings(web[name]) if re.search(r"[A-Za-z]{2,} [a-z]{2,}", text)]
        assert loose == [], (name, loose)
