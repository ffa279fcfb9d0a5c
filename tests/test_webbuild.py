"""py_engine/webbuild (the build's steps, and the rule facts written into engine-data.js, and
the development server); and the page's JavaScript that reads those facts (web/js/position.js,
share.js, storage.js), run under Node against an engine-data.js written from this very source,
held to py_engine's own answers: start positions, replayed boards, move numbers, move texts."""
from __future__ import annotations

import hashlib
import itertools
import json
import random
import re
import threading
import urllib.request
import zipfile
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from py_engine import facade, record, search
from py_engine.webbuild import dist as steps
from py_engine.webbuild import bundle, facts, stdlib
from py_engine.game import Game, start_position
from py_engine.gallery import GALLERY
from py_engine.movegen import referee_for
from py_engine.notation import STYLES, move_text, parse_move
from py_engine.pieces import BLACK, ORANGE, PIECES, SIDES, side_of
from py_engine.position import Position
from py_engine.rules import OPTIONS, PER_SIDE, PRESETS, STANDARD, STANDARD_RULES, RuleSet
from py_engine.squares import SQUARES, square_name, technical_name
from py_engine.values import PASS, Move

from .helpers import run_node

ROOT = Path(__file__).resolve().parents[1]
FACTS = facts.web_facts()
MOVE = re.compile(facts.python_pattern(FACTS["NOTATION"]["move"]))


# ---- the facts, against the engine ----------------------------------------------------------

def test_board_names_every_square_as_the_engine_does():
    board = FACTS["BOARD"]
    assert board["files"] == "abcdefghij" and board["ranks"] == 10
    assert board["squares"] == [square_name(sq) for sq in SQUARES]
    assert board["squares"][0] == "a1" and board["squares"][99] == "j10"
    assert board["technical"] == [technical_name(sq) for sq in SQUARES]


def played_games():
    """A few games (move texts in both notations, the positions before each move): random legal
    play under several rule sets, duels and passes included, and the gallery's games."""
    rng = random.Random(7)
    games = []
    for rules in ("", "setup=facing,first=orange,duel=even", "duel=dice,thoat=wild", "stalemate=pass"):
        game = Game(rules, seed=1)
        while game.result is None and len(game.plies) < 120:
            game.play(rng.choice(game.legal_moves))
        games.append(game)
    for entry in GALLERY.values():
        game = Game(entry.rules)
        for text in entry.moves:
            game.play(text)
        games.append(game)
    return games


GAMES = played_games()


def test_every_move_text_the_engine_writes_is_a_move_for_the_page():
    written = set()
    for game in GAMES:
        for style in STYLES:
            written.update(game.move_texts(style))
    written.add(move_text(start_position(), PASS))
    assert any("/a" in t for t in written) and any("/d" in t for t in written)
    assert any(t[0].isupper() for t in written) and any("x" in t for t in written)
    for text in written:
        assert MOVE.fullmatch(text), text
        # A link's form, without the separator, too.
        assert MOVE.fullmatch(text.replace("-", "", 1).replace("x", "", 1)), text


GARBAGE = ["", "d2", "d2-", "k1-k2", "d11-d3", "d0-d3x", "d2--d3", "d2-d3/", "d2-d3/q", "d2-d3/a/d",
           "d01-d3", "PASS", "pass ", " d2-d3", "d2-d3 ", "<script>", "d2-d3\n", "d2_d3", "dd2-d3", "z9-z8",
           "d2-d3,e2-e3", "1. d2-d3", "d2-d3+", "d2-d3!", "--", "d2-d3/A", "D2XD3"]


@pytest.mark.parametrize("garbage", GARBAGE)
def test_garbage_is_not_a_move(garbage):
    assert not MOVE.fullmatch(garbage)       # and JavaScript's reading: see the links test


@given(st.from_regex(MOVE, fullmatch=True))
def test_what_the_page_accepts_the_engine_reads(text):
    # A board full of pieces, so that a capture is never refused for its empty square.
    full = Position(("N",) * len(SQUARES))
    move = parse_move(text, full)
    match = MOVE.fullmatch(text)
    assert match
    if match.group("from"):
        assert (move.frm, move.to, move.outcome) == (
            parse_move(match.group("from") + "-" + match.group("to"), full).frm,
            parse_move(match.group("from") + "-" + match.group("to"), full).to,
            match.group("outcome") or "")
    else:
        assert move == PASS


def test_notation_facts_are_what_move_text_writes():
    notation = FACTS["NOTATION"]
    pos = start_position()
    assert notation["styles"] == list(STYLES) == ["algebraic", "technical"]
    assert notation["pass"] == move_text(pos, PASS) == "pass"
    assert move_text(pos, Move(13, 23)) == "d2" + notation["quiet"] + "d3"
    duel_lost = "d2" + notation["capture"] + "d10" + FACTS["DUEL"]["mark"] + "d"
    assert move_text(pos, Move(13, 93, "d")) == duel_lost
    for sep in notation["separators"]:
        assert parse_move(f"d2{sep}d10", pos) == Move(13, 93)


def test_limits_are_the_facades():
    limits = FACTS["LIMITS"]
    assert limits == {"plies": facade.MAX_PLIES, "rules_text": facade.MAX_RULES_TEXT,
                      "position_text": facade.MAX_POSITION_TEXT, "move_text": facade.MAX_MOVE_TEXT,
                      "record_text": facade.MAX_RECORD_TEXT, "headers": facade.MAX_HEADERS,
                      "header_name": facade.HEADER_NAME.pattern, "header_text": limits["header_text"],
                      "time_ms_min": limits["time_ms_min"], "time_ms_max": facade.MAX_TIME_MS,
                      "comment": facade.MAX_COMMENT}
    # The two the facade writes inline: checked against its answers.
    low = limits["time_ms_min"]
    assert not facade.handle({"op": "best", "level": 1, "time_ms": low - 1})["ok"]
    assert facade.handle({"op": "best", "level": 1, "time_ms": low})["ok"]
    text = limits["header_text"]
    assert facade.handle({"op": "state", "headers": {"Event": "x" * text}})["ok"]
    assert not facade.handle({"op": "state", "headers": {"Event": "x" * (text + 1)}})["ok"]
    assert len(max((t for g in GAMES for t in g.move_texts()), key=len)) <= limits["move_text"]


def test_levels_and_scores_are_the_searchs():
    assert FACTS["LEVELS"] == sorted(search.LEVELS) == FACTS["RULES"]["levels"]
    assert FACTS["SCORES"] == {"winning": search.WON, "feather": search.FEATHER}


def written_rules(items, sides=()):
    """A rule text written the way RULE_TEXT says: ``items`` for both sides, ``sides`` as
    (side, key, value) for one."""
    text = FACTS["RULE_TEXT"]
    parts = [f"{k}{text['assign']}{v}" for k, v in items]
    parts += [f"{text['sides'][side]}{k}{text['assign']}{v}" for side, k, v in sides]
    return text["separator"].join(parts)


def test_rule_text_is_how_rulesets_are_written_and_read():
    rng = random.Random(3)
    for _ in range(200):
        items = [(k, rng.choice(v)) for k, v in OPTIONS.items() if rng.random() < 0.4]
        sides = [(rng.choice(["black", "orange"]), k, rng.choice(OPTIONS[k]))
                 for k in PER_SIDE if rng.random() < 0.2]
        text = written_rules(items, sides)
        parsed = RuleSet.parse(text)
        for k, v in items:
            if k not in PER_SIDE:
                assert parsed.get(k) == v
        for side, k, v in sides:
            assert parsed.get(k, ["black", "orange"].index(side)) == v
        # RuleSet's own text is in the same form, and reads back the same.
        assert RuleSet.parse(str(parsed)) == parsed
        canonical = str(parsed)
        if canonical:
            for part in canonical.split(FACTS["RULE_TEXT"]["separator"]):
                key = part.split(FACTS["RULE_TEXT"]["assign"])[0]
                assert key in OPTIONS or key.split(".")[0] + "." in FACTS["RULE_TEXT"]["sides"].values()


def test_starts_are_every_start_position_and_only_setup_and_first_decide_it():
    starts = FACTS["STARTS"]
    assert starts["options"] == ["setup", "first"]
    for values in itertools.product(*(OPTIONS[k] for k in starts["options"])):
        rules = RuleSet.parse(",".join(f"{k}={v}" for k, v in zip(starts["options"], values)))
        assert starts["positions"][starts["join"].join(values)] == str(start_position(rules))
    # No other option's value moves a piece or changes who starts.
    for key, values in OPTIONS.items():
        if key not in starts["options"]:
            for value in values:
                assert start_position(f"{key}={value}") == start_position()
    assert FACTS["SETUPS"]["diametral"] in starts["positions"]["diametral,black"]


def test_duel_facts_are_the_referees():
    duel = FACTS["DUEL"]
    assert (duel["attacker_wins"], duel["defender_wins"]) == ("a", "d")
    assert duel["after"] == {"a": {"from": "empty", "to": "attacker"},
                             "d": {"from": "empty", "to": "defender"}}
    # A plain capture (no duel) leaves the board as a won duel does: the replay reads it so.
    pos = Position.parse("p9/10/10/10/4n5/4N5/10/10/10/P9 b - 0 1")
    plain = referee_for(RuleSet()).play(pos, Move(44, 54)).position
    won = referee_for(RuleSet.parse("duel=even")).play(pos, Move(44, 54), "a").position
    assert plain.board == won.board


def test_position_layout_reads_the_engines_position_strings():
    layout = FACTS["POSITION"]
    assert layout["fields"] == ["placement", "side", "escapes", "counter", "number"]
    assert layout["sides"] == {"black": "b", "orange": "o"}
    assert layout["escapes"] == {"black": "E", "orange": "e", "none": "-"}
    assert layout["number_after"] == "orange" and layout["top_first"] is True
    for text in ("wadfpcfdaw/tnnnnnnnnt/10/10/10/10/10/10/TNNNNNNNNT/WADFCPFDAW o e 3 17",
                 "c3p5/10/10/10/10/10/10/n9/4N5/C3P5 b - 0 1"):
        pos = Position.parse(text)
        fields = dict(zip(layout["fields"], text.split()))
        assert fields["placement"].split(layout["rank_separator"])[0] == pos.placement().split("/")[0]
        assert fields["side"] == layout["sides"][["black", "orange"][pos.side]]
        assert int(fields["number"]) == pos.move_number


def test_piece_art_and_the_kept_exports():
    assert FACTS["PIECE_ART"] == {"feathers": {"N": 1, "W": 2, "A": 2, "T": 2, "D": 3}}
    assert FACTS["SIDES"] == ["black", "orange"]
    assert [p["letter"] for p in FACTS["PIECES"]] == list("NWATDFCP")
    assert set(FACTS["RULES"]) >= {"options", "per_side", "words", "standard", "presets", "scoring", "levels"}
    assert FACTS["RULES"]["standard"] == STANDARD


def test_piece_letters_are_what_the_engine_reads_and_writes():
    letters = FACTS["PIECE_LETTERS"]
    # Every letter a position holds, and only those: each kind once for each side.
    starts = {c for text in FACTS["STARTS"]["positions"].values() for c in text.split()[0] if c.isalpha()}
    assert starts <= set(letters) and len(letters) == len(PIECES) * len(SIDES)
    assert sorted((v["kind"], v["side"]) for v in letters.values()) == \
        sorted((p.letter, side) for p in PIECES for side in SIDES)
    assert [letters[k]["side"] for k in ("N", "n")] == [SIDES[BLACK], SIDES[ORANGE]]
    # As the engine reads a start position: Black's pieces on the first two ranks.
    board = start_position().board
    assert {letters[p]["side"] for p in board[:20]} == {SIDES[BLACK]}
    assert {letters[p]["side"] for p in board[80:]} == {SIDES[ORANGE]}
    for letter, fact in letters.items():
        assert fact["side"] == SIDES[side_of(letter)]
        assert STANDARD_RULES.piece_name(letter) == STANDARD_RULES.piece_name(fact["kind"])


def test_square_and_arrow_patterns_are_the_notations_and_the_records():
    square = re.compile(FACTS["NOTATION"]["square"])
    names = [square_name(sq) for sq in SQUARES]
    assert all(square.fullmatch(name) and square.fullmatch(name.upper()) for name in names)
    for other in ("k1", "a11", "a0", "e", "5", "aa1", "e5 ", "A0", "j100", ""):
        assert not square.fullmatch(other), other
    arrow = re.compile(facts.python_pattern(FACTS["MARKUP"]["arrow"]))
    rng = random.Random(3)
    for _ in range(200):
        frm, to = rng.sample(names, 2)
        for text in (f"{frm}{to}", f"{frm}-{to}", f"{frm.upper()}-{to}"):
            m = arrow.match(text)
            assert m and (m["from"].lower(), m["to"].lower()) == (frm, to), text
            # The record format keeps the same arrow through a comment and back.
            kept = record.comment_markup(record.comment_text("", text))["arrows"]
            assert kept.lower() == f"{frm}{to}", (text, kept)
    for other in ("d2", "d2--d4", "d2xd4", "k1d4", "d2d11", "d2 d4", "d2d4:red"):
        assert not arrow.match(other), other
    assert FACTS["MARKUP"]["colours"] == list(record.MARKUP_COLOURS)


def test_engine_data_js_exports_each_fact_once():
    text = facts.engine_data_js()
    names = re.findall(r"^export const (\w+) = ", text, re.M)
    assert names == list(FACTS)
    assert names[:4] == ["PIECES", "RULES", "SETUPS", "GALLERY"]
    for line in text.splitlines()[2:]:
        name, value = re.fullmatch(r"export const (\w+) = (.*);", line).groups()
        assert json.loads(value) == json.loads(json.dumps(FACTS[name]))


# ---- the build steps ------------------------------------------------------------------------

def fake_dist(tmp_path: Path) -> tuple[Path, Path]:
    runtime = tmp_path / "runtime"
    runtime.mkdir()
    theirs = {"version": "0.11.1", "file_name": "theirs.whl", "sha256": "0"}
    lock = {"info": {}, "packages": {"micropip": theirs, "other": {"version": "1"}}}
    (runtime / "pyodide-lock.json").write_text(json.dumps(lock))
    dist = tmp_path / "dist"
    for name in ("pyodide/pyodide.asm.wasm", "wheels/py_engine-0.1.0-py3-none-any.whl", "index.html",
                 "js/app.js", "sw.js"):
        (dist / name).parent.mkdir(parents=True, exist_ok=True)
        (dist / name).write_bytes(name.encode() * 3)
    (dist / "index.html").write_text(f"<script>const runtime = '{steps.RUNTIME_REVISION_MARK}';</script>"
                                     '<h1 data-i18n="language.name"></h1>')
    (dist / "i18n").mkdir()
    (dist / "i18n/en.json").write_text('{\n  "language": {"name": "English"}\n}\n')
    # The element (bundled: bundle.py), taking in the facts the build writes, and a module it loads
    # when asked, which finds a file beside it from its own address (as engine.js its worker).
    (dist / "js/jetan-board.js").write_text(
        'import { LIMITS } from "../engine-data.js";\nimport { later } from "./later.js";\n'
        "/** The board. */\nexport const board = () => ({ limits: LIMITS, later });\n"
        'export const engine = () => import("./engine.js");\n')
    (dist / "js/later.js").write_text("export const later = 'plain';\n")
    (dist / "js/engine.js").write_text('export const worker = new URL("./worker.js", import.meta.url);\n')
    # The QR code's module, which loads the qr package when asked (bundled with it: bundle.py).
    (dist / "js/qr.js").write_text('export const encoder = () => import("qr");\n')
    # A standard library with everything the engine uses and something it does not.
    with zipfile.ZipFile(dist / "pyodide/python_stdlib.zip", "w") as full:
        for name in sorted(stdlib.USED | {"email/__init__.py"}):
            full.writestr(name, f"# {name}\n")
    return dist, runtime


def test_the_standard_library_is_cut_to_what_the_engine_uses(tmp_path):
    dist, runtime = fake_dist(tmp_path)
    steps.main([str(dist), "0.11.1", "ab" * 32, "--runtime", str(runtime)])
    cut = zipfile.ZipFile(dist / steps.STDLIB)
    assert set(cut.namelist()) == {name + "c" for name in stdlib.USED}
    # Each is the runtime's bytecode, unchecked against a source (there is none), stored as is.
    for entry in cut.infolist():
        pyc = cut.read(entry)
        assert entry.compress_type == zipfile.ZIP_STORED
        assert pyc[2:4] == b"\r\n" and int.from_bytes(pyc[4:8], "little") == 0b01, entry.filename
    precached = (dist / "precache.js").read_text()
    assert steps.STDLIB in precached and "python_stdlib.zip" not in precached
    first = (dist / steps.STDLIB).read_bytes()
    (dist / "index.html").write_text(steps.RUNTIME_REVISION_MARK)   # build.sh copies web/ anew
    steps.main([str(dist), "0.11.1", "ab" * 32, "--runtime", str(runtime)])
    assert (dist / steps.STDLIB).read_bytes() == first          # the same bytes every build


def test_build_writes_every_generated_file(tmp_path, capsys):
    dist, runtime = fake_dist(tmp_path)
    steps.main([str(dist), "0.11.1", "ab" * 32, "--runtime", str(runtime)])
    closing = capsys.readouterr().err
    lock = json.loads((dist / "pyodide/pyodide-lock.json").read_text())
    ours = {"version": "0.11.1", "file_name": "micropip-0.11.1-py3-none-any.whl", "sha256": "ab" * 32}
    assert lock["packages"]["micropip"] == ours
    assert lock["packages"]["other"] == {"version": "1"}
    assert (dist / "reach.js").read_text().startswith("// Written by build.sh from py_engine's walk tables")
    assert (dist / "engine-data.js").read_text() == facts.engine_data_js()
    build = json.loads(re.search(r"BUILD = (.*);", (dist / "build-info.js").read_text()).group(1))
    precache = json.loads(re.search(r"PRECACHE = (.*);", (dist / "precache.js").read_text()).group(1))
    assert build["wheel"] == "wheels/py_engine-0.1.0-py3-none-any.whl"
    assert build["version"] == precache["version"] and len(build["version"]) == 12
    names = [name for name, _ in precache["files"]]
    assert "sw.js" not in names and names[-1] == "build-info.js"
    assert {"engine-data.js", "reach.js", "index.html", steps.LOCK} <= set(names)
    assert "pyodide/pyodide-lock.json" not in names
    assert json.loads((dist / steps.LOCK).read_text()) == {"info": lock["info"], "packages": {}}
    # Each file's revision is the start of its bytes' SHA-256.
    for name, rev in precache["files"]:
        assert rev == hashlib.sha256((dist / name).read_bytes()).hexdigest()[:16]
    assert build["download"] == sum((dist / f).stat().st_size for f in steps.FETCHED)
    # The app's page and the worker know the revisions the service worker keeps the runtime's
    # files and the wheel under.
    revisions = dict(precache["files"])
    assert build["revisions"] == {name: revisions[name] for name in (*steps.FETCHED, build["wheel"])}
    runtime_rev = revisions[steps.RUNTIME_WASM]
    assert (dist / "index.html").read_text() == (f"<script>const runtime = '{runtime_rev}';</script>"
                                                 '<h1 data-i18n="language.name">English</h1>')
    # The catalogues, compacted, are kept by the service worker once fetched, not at install.
    assert (dist / "i18n/en.json").read_text() == '{"language":{"name":"English"}}'
    assert "i18n/en.json" not in names and [name for name, _ in precache["onDemand"]] == ["i18n/en.json"]
    files = len(precache["files"])
    size = sum((dist / name).stat().st_size for name, _ in precache["files"]) / 1e6
    assert closing == f"{dist.as_posix()}/ built: {files} files, {size:.1f} MB, version {build['version']}\n"
    # The version follows the content: the same files give the same version, a change another.
    (dist / "build-info.js").unlink()
    assert build["version"] in steps.write_manifest(dist)
    (dist / "build-info.js").unlink()
    (dist / "js/app.js").write_text("changed")
    assert build["version"] not in steps.write_manifest(dist)
    # The snapshots' keys: a page's change keeps both, an engine's keeps the runtime's alone.
    def keys():
        kept = json.loads(re.search(r"BUILD = (.*);", (dist / "build-info.js").read_text()).group(1))
        (dist / "build-info.js").unlink()
        return kept["runtime"], kept["engine"]
    assert keys() == (build["runtime"], build["engine"])
    wheel = dist / build["wheel"]
    wheel.write_bytes(wheel.read_bytes() + b"another engine")
    steps.write_manifest(dist)
    runtime, engine = keys()
    assert runtime == build["runtime"] and engine != build["engine"]


def test_the_element_is_bundled_with_its_lazy_chunks_beside_it(tmp_path):
    dist, runtime = fake_dist(tmp_path)
    steps.main([str(dist), "0.11.1", "ab" * 32, "--runtime", str(runtime)])
    js = dist / "js"
    entry = (js / "jetan-board.js").read_text()
    # One minified module at the element's address, the facts and the static imports inside, the
    # module loaded with import() a chunk of its own beside it, named by its content.
    assert "import{" not in entry and "/** The board" not in entry and "plain" in entry
    assert f'move_text:{facts.web_facts()["LIMITS"]["move_text"]}' in entry
    chunk = re.fullmatch(r'.*import\("\./(jetan-board-engine-[A-Z0-9]{8}\.js)"\).*', entry, re.S).group(1)
    assert 'new URL("./worker.js",import.meta.url)' in (js / chunk).read_text()
    assert entry.endswith("//# sourceMappingURL=jetan-board.js.map\n")
    source_map = json.loads((js / "jetan-board.js.map").read_text())
    assert "jetan-board.src.js" in source_map["sources"] and source_map["sourcesContent"]
    assert not (js / "jetan-board.src.js").exists()
    # The service worker keeps the element and its chunks, not the maps (developer tools' alone).
    names = {name for name, _ in json.loads(
        re.search(r"PRECACHE = (.*);", (dist / "precache.js").read_text()).group(1))["files"]}
    assert {"js/jetan-board.js", f"js/{chunk}"} <= names
    assert (js / f"{chunk}.map").exists() and not [n for n in names if n.endswith(".map")]
    # The same sources, the same bytes.
    built = {p.name: p.read_bytes() for p in js.iterdir()}
    (tmp_path / "again").mkdir()
    fresh, _ = fake_dist(tmp_path / "again")
    steps.main([str(fresh), "0.11.1", "ab" * 32, "--runtime", str(runtime)])
    assert {p.name: p.read_bytes() for p in (fresh / "js").iterdir()} == built


def test_a_bundle_that_cannot_be_made_stops_the_build(tmp_path):
    dist, _ = fake_dist(tmp_path)
    (dist / "engine-data.js").write_text("export const LIMITS = {};\n")
    (dist / "js/later.js").unlink()
    with pytest.raises(SystemExit, match="esbuild could not bundle js/jetan-board.js"):
        bundle.bundle(dist)
    assert (dist / "js/jetan-board.js").exists() and not (dist / "js/jetan-board.src.js").exists()


def test_a_page_that_no_longer_names_the_runtime_revision_is_refused(tmp_path):
    dist, _ = fake_dist(tmp_path)
    (dist / "index.html").write_text("<p>no mark</p>")
    with pytest.raises(SystemExit, match="index.html no longer names @RUNTIME_REVISION@"):
        steps.name_runtime_revision(dist)


def test_a_runtime_with_another_micropip_is_refused(tmp_path):
    dist, runtime = fake_dist(tmp_path)
    with pytest.raises(SystemExit, match="micropip 0.11.1, build.sh pins 0.12.0"):
        steps.rewrite_lock(runtime, dist, "0.12.0", "00")


def test_reach_captions_every_piece():
    reach = facts.reach()
    assert [r["letter"] for r in reach] == list(facts.REACH_TEXTS) == list("NWATDFCP")
    panthan = reach[0]
    assert panthan["reach"] == [[-1, 0], [-1, 1], [0, 1], [1, 0], [1, 1]]


def test_serve_sends_files_with_the_cross_origin_header(tmp_path):
    from py_engine.webbuild import serve
    (tmp_path / "hello.txt").write_text("hi")
    server = serve.server(0, str(tmp_path))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{server.server_address[1]}/hello.txt") as reply:
            assert reply.read() == b"hi"
            assert reply.headers["Access-Control-Allow-Origin"] == "*"
    finally:
        server.shutdown()
        server.server_close()


# ---- the page's JavaScript, under Node ------------------------------------------------------

def node(root: Path, script: str, data, *args: str) -> dict:
    (root / "data.json").write_text(json.dumps(data))
    return run_node(root, script, *args)


START_TEXTS = ["", "setup=facing", "first=orange", "setup=facing,first=orange", " Setup = FACING ",
               "first=orange,first=black", "setup=facing,thoat=wild,first=orange,duel=even",
               "black.thoat=wild,setup=facing", "FIRST=Orange"] + [p.rules for p in PRESETS.values()]


def test_start_of_every_rule_text_is_the_engines(web_page):
    texts = START_TEXTS + [",".join(f"{k}={v}" for k, v in zip(FACTS["STARTS"]["options"], values))
                           for values in itertools.product(*(OPTIONS[k] for k in FACTS["STARTS"]["options"]))]
    out = node(web_page, """
import { readFileSync } from "node:fs";
import { startOf } from "./js/position.js";
const texts = JSON.parse(readFileSync("data.json", "utf8"));
console.log(JSON.stringify(texts.map((t) => startOf(t))));
""", texts)
    assert out == [str(start_position(RuleSet.parse(t))) for t in texts]


def test_display_replay_is_the_engines_game(web_page):
    games = [(str(game.rules), str(game.start), game.move_texts(style), style)
             for game in GAMES for style in STYLES]
    # A game from a position of its own: Orange to move, at move 17.
    custom = Game("duel=even", "wadfpcfdaw/tnnnnnnnnt/10/10/10/10/10/10/TNNNNNNNNT/WADFCPFDAW o Ee 0 17",
                  seed=2)
    rng = random.Random(5)
    for _ in range(40):
        custom.play(rng.choice(custom.legal_moves))
    games.append((str(custom.rules), str(custom.start), custom.move_texts(), "algebraic"))
    out = node(web_page, """
import { readFileSync } from "node:fs";
import { placementText, replay, sideAfter, moveSquares } from "./js/position.js";
const games = JSON.parse(readFileSync("data.json", "utf8"));
console.log(JSON.stringify(games.map(([rules, start, moves]) => {
  const r = replay(start, moves);
  return { placements: r.boards.map(placementText), entries: r.entries, squares: r.squares,
           sides: moves.map((_, i) => sideAfter(start, i)), read: moves.map(moveSquares) };
})));
""", games)
    for (rules, start, moves, _style), got in zip(games, out):
        game = Game(rules, start)
        for text in moves:
            game.play(text)
        assert got["placements"] == [pos.placement() for pos in game.positions]
        # Each move's number and side: those of the position it is played in.
        before = [(pos.move_number, SIDES[pos.side]) for pos in game.positions[:-1]]
        assert [(e["number"], e["side"]) for e in got["entries"]] == before
        assert got["sides"] == [side for _, side in before]
        assert [e["text"] for e in got["entries"]] == game.move_texts()
        assert got["squares"] == [None if p.move.is_pass else [p.move.frm, p.move.to] for p in game.plies]
        assert got["read"] == [None if p.move.is_pass else {"from": p.move.frm, "to": p.move.to,
                                                            "outcome": p.move.outcome} for p in game.plies]


def test_links_and_saved_games_take_the_engines_moves_and_limits(web_page):
    moves = sorted({t for game in GAMES for style in STYLES for t in game.move_texts(style)})
    out = node(web_page, """
import { readFileSync } from "node:fs";
import { MOVE, encodeGame, decodeGame } from "./js/share.js";
import { checkGame, checkSettings, TIME_MS } from "./js/storage.js";
import { LIMITS, LEVELS } from "./engine-data.js";
const moves = JSON.parse(readFileSync("data.json", "utf8"));
const tooMany = Array(LIMITS.plies + 1).fill("d2-d3");
const GARBAGE = JSON.parse(process.argv[1]);
const outcome = (f) => { try { f(); return "ok"; } catch (e) { return e.reason ?? e.message; } };
console.log(JSON.stringify({
  accepted: moves.filter((m) => MOVE.test(m)).length,
  garbage: GARBAGE.filter((m) => MOVE.test(m)),
  roundTrip: decodeGame(encodeGame({ rules: "", start: "start", moves })).moves,
  tooMany: outcome(() => decodeGame(encodeGame({ rules: "", start: "start", moves: tooMany }))),
  enough: outcome(() => decodeGame(encodeGame({ rules: "", start: "start", moves: tooMany.slice(1) }))),
  savedTooMany: outcome(() => checkGame({ rules: "", start: "start", moves: tooMany })),
  levels: LEVELS.map((level) => checkSettings({ level }).rejected.length),
  badLevels: [0, LEVELS[LEVELS.length - 1] + 1, 2.5].map((level) => checkSettings({ level }).rejected.length),
  styles: ["algebraic", "technical", "descriptive"]
    .map((notation) => checkSettings({ notation }).rejected.length),
  time: [TIME_MS.min, TIME_MS.max, TIME_MS.min - 1, TIME_MS.max + 1]
    .map((timeMs) => checkSettings({ timeMs }).rejected.length),
  timeRange: [TIME_MS.min, TIME_MS.max, LIMITS.time_ms_min, LIMITS.time_ms_max],
}));
""", moves, json.dumps(GARBAGE))
    assert out["accepted"] == len(moves)
    assert out["garbage"] == []
    assert [m.replace("-", "").replace("x", "") for m in moves] == out["roundTrip"]
    assert out["tooMany"] == {"key": "share.error.tooManyMoves", "args": {"count": facade.MAX_PLIES}}
    assert out["enough"] == "ok"
    assert out["savedTooMany"] == {"key": "storage.why.moves"}
    assert out["levels"] == [0] * len(search.LEVELS) and out["badLevels"] == [1, 1, 1]
    assert out["styles"] == [0, 0, 1]
    assert out["time"] == [0, 0, 1, 1]
    low, high, engine_low, engine_high = out["timeRange"]
    assert engine_low <= low < high <= engine_high


def test_the_pages_side_and_letter_helpers_are_the_engines(web_page):
    out = node(web_page, """
import { readFileSync } from "node:fs";
import { BLACK, ORANGE, opensMoveNumber, otherSide, pieceKind, pieceLetter,
         sideOfPiece } from "./js/position.js";
import { parseMarkup } from "./js/markup.js";
const letters = JSON.parse(readFileSync("data.json", "utf8"));
console.log(JSON.stringify({
  sides: [BLACK, ORANGE, otherSide(BLACK), otherSide(ORANGE)],
  letters: letters.map((l) => [sideOfPiece(l), pieceKind(l), pieceLetter(pieceKind(l), sideOfPiece(l))]),
  opens: [BLACK, ORANGE].map(opensMoveNumber),
  arrows: parseMarkup("d2d4 e9-e7:red D10j1 k1d4 d2d11", "arrows"),
}));
""", sorted(FACTS["PIECE_LETTERS"]))
    assert out["sides"] == [SIDES[BLACK], SIDES[ORANGE], SIDES[ORANGE], SIDES[BLACK]]
    for letter, (side, kind, again) in zip(sorted(FACTS["PIECE_LETTERS"]), out["letters"]):
        assert side == SIDES[side_of(letter)] and kind == letter.upper() and again == letter
    # A move number opens with the move of the side that does not make it go up.
    game = Game("")
    game.play("d2-d3")
    assert game.positions[-1].move_number == game.positions[0].move_number
    assert out["opens"] == [True, False] and SIDES[game.positions[0].side] == SIDES[BLACK]
    assert [item[:2] for item in out["arrows"]["items"]] == [[13, 33], [84, 64], [93, 9]]
    assert out["arrows"]["problem"] == {"key": "markup.arrows.unread", "args": {
        "count": 2, "first": {"key": "markup.badArrow", "args": {"text": "k1d4"}}}}
