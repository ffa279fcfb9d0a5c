"""The web app's build steps and the rule facts the page knows before (or beside) the engine.

``build.sh`` assembles ``dist/`` (the runtime, our wheel, ``web/``) and then runs::

    python -m py_engine.webbuild DIST MICROPIP_VERSION MICROPIP_SHA256 [--runtime node_modules/pyodide]

which writes, in this order:

- ``DIST/pyodide/pyodide-lock.json``: the runtime's lock with micropip's entry naming the wheel
  we ship and PyPI's hash of it, and ``DIST/pyodide/jetan-lock.json``, the one the app loads
  (:func:`rewrite_lock`);
- ``DIST/pyodide/jetan_stdlib.zip``: the standard library the engine uses, compiled by the
  runtime's Python (py_engine/stdlib.py);
- ``DIST/reach.js``: each piece's reach from e5 under the standard rules, for the rules page;
- ``DIST/engine-data.js``: every rule fact the page needs before or beside the engine
  (:func:`web_facts`), so that JavaScript restates none (README, "How it is built");
- ``DIST/build-info.js`` and ``DIST/precache.js``: the build's version, the wheel's name and
  SHA-256, the runtime's download size, and the service worker's file list (:func:`write_manifest`);
- ``NAME.br`` and ``NAME.gz`` beside each file worth compressing (:func:`compress`);

and says ``DIST/ built: …`` on stderr. Each fact below is read from (or checked against) the
module that owns it; ``tests/test_webbuild.py`` holds the page's JavaScript to the same answers.
"""
from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import shutil
import subprocess
import sys
from itertools import product
from pathlib import Path
from typing import Any, Dict, List, Optional, Sequence

from . import facade, lessons, puzzles, record, search, stdlib
from .facade import handle_json
from .gallery import GALLERY
from .game import start_position
from .movegen import referee_for
from .notation import STYLES, move_text
from .pieces import BLACK, ORANGE, PIECES, SIDES
from .position import DIAMETRAL, FACING, Position
from .rules import OPTIONS, STANDARD_RULES, RuleSet
from .squares import FILES, SIZE, SQUARES, file_of, rank_of, square_name, technical_name
from .values import PASS, Move

Json = Dict[str, Any]

# ---- the rules page's reach diagrams --------------------------------------------------------

# What each piece's diagram on the rules page shows, in a sentence (standard rules). These are
# rule descriptions: they live here, beside the walk tables they caption, rather than in the
# build script; docs/rules.md tells the whole story.
REACH_TEXTS: Dict[str, str] = {
    "N": "One step forward, sideways, or diagonally forward; never back.",
    "W": "Exactly two orthogonal steps, turning or not.",
    "A": "Exactly two diagonal steps, turning or not.",
    "T": "One orthogonal step, then one diagonal step.",
    "D": "Exactly three orthogonal steps, in any combination.",
    "F": "Exactly three diagonal steps, in any combination; jumps over pieces.",
    "C": "Exactly three steps, each orthogonal or diagonal, in any combination.",
    "P": "As the Chief, but jumps; never takes; one escape per game.",
}
CENTRE = 44          # e5: the square the diagrams are drawn from


def reach() -> List[Json]:
    """Each piece's reach from e5 (standard rules) as file and rank offsets, with its caption."""
    tables = referee_for(STANDARD_RULES).tables[BLACK]
    return [{"letter": kind.letter, "name": STANDARD_RULES.piece_name(kind.letter),
             "feathers": STANDARD_RULES.feathers(kind.letter, BLACK), "text": REACH_TEXTS[kind.letter],
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


def _group(name: str, texts: Sequence[str]) -> str:
    """A named group matching any of ``texts`` (longest first, so that ``10`` wins over ``1``).
    JavaScript's syntax, ``(?<name>…)``; :func:`python_pattern` reads it in Python."""
    alternatives = "|".join(sorted(set(texts), key=lambda t: (-len(t), t)))
    return f"(?<{name}>{alternatives})"


# A square as the page accepts it in a move text: a file in either case, then a rank as the
# algebraic (1-10) or technical (1-9, 0 for the tenth) notation writes it.
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


def python_pattern(js: str) -> str:
    """A JavaScript regular expression's source (as engine-data.js carries it) in Python's
    syntax: named groups are ``(?P<name>…)``."""
    return js.replace("(?<", "(?P<")


def notation() -> Json:
    """How the page reads and (before the engine names them) writes move texts."""
    pos = start_position()
    quiet = move_text(pos, Move(13, 23))                     # d2 to an empty d3
    capture = move_text(pos, Move(13, 93, ATTACKER_WINS))    # d2 onto d10, an Orange piece
    return {"styles": list(STYLES), "move": MOVE_PATTERN, "pass": PASS_TEXT,
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


# The piece art: feathers are drawn for every piece that has them, but the Flier, whose emblem
# (a propeller) says what it is; the art in web/js/pieces.js draws each emblem by its option name.
NO_FEATHERS_DRAWN = ("flier",)


def piece_art() -> Json:
    """What the piece art draws from the rules: the feathers on each piece that shows them."""
    return {"feathers": {kind.letter: kind.feathers for kind in PIECES
                         if kind.feathers and kind.option not in NO_FEATHERS_DRAWN}}


def web_facts() -> Json:
    """Everything engine-data.js exports, by name."""
    rules_info = json.loads(handle_json(json.dumps({"op": "rules"})))
    del rules_info["ok"]
    return {
        "PIECES": [kind._asdict() for kind in PIECES],
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
        "MARKUP": {"colours": list(record.MARKUP_COLOURS)},
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


# ---- dist/ ----------------------------------------------------------------------------------

def rewrite_lock(runtime: Path, dist: Path, version: str, sha256: str) -> None:
    """Ship the runtime's lock with micropip's entry naming our wheel and PyPI's hash of it (for
    the tests: the engine's suite inside Pyodide installs micropip), and the app's own
    :data:`LOCK`: the runtime's facts (its ABI, which Pyodide checks at the start) and no
    packages, since the app loads none (it unpacks its wheel itself) — 0.2 KB instead of 119."""
    lock = json.loads((runtime / "pyodide-lock.json").read_text())
    entry = lock["packages"]["micropip"]
    if entry["version"] != version:
        sys.exit(f"build.sh: the runtime's lock names micropip {entry['version']}, build.sh pins {version}")
    entry["file_name"] = f"micropip-{version}-py3-none-any.whl"
    entry["sha256"] = sha256
    (dist / "pyodide" / "pyodide-lock.json").write_text(json.dumps(lock))
    (dist / LOCK).write_text(json.dumps({"info": lock["info"], "packages": {}}))


# The standard library the worker loads: Pyodide's, cut to what the engine uses (stdlib.py).
STDLIB = "pyodide/jetan_stdlib.zip"
# The package lock the worker loads (rewrite_lock).
LOCK = "pyodide/jetan-lock.json"
# The runtime's WebAssembly, which a warm start compiles from the service worker's copy.
RUNTIME_WASM = "pyodide/pyodide.asm.wasm"
# What the engine worker fetches of the runtime (the loading bar's whole).
FETCHED = (RUNTIME_WASM, STDLIB, LOCK)
# Where the app's page (index.html) is told the revision under which the service worker keeps the
# runtime's WebAssembly (name_runtime_revision).
RUNTIME_REVISION_MARK = "@RUNTIME_REVISION@"
# Files the service worker does not keep: Pyodide's whole standard library, its whole lock and
# micropip, shipped for the tests (the engine's suite inside Pyodide under Node, the benchmark's
# bare runtime) but fetched by no page; and the large icons, which a browser fetches only to
# install the app, online. (A first visit stays under 5 MB over the wire.)
NOT_PRECACHED = ("pyodide/python_stdlib.zip", "pyodide/pyodide-lock.json", "pyodide/micropip-",
                 "icons/icon-512.png", "icons/icon-maskable-512.png")
# The build's compressed copies of a file, NAME.gz and NAME.br (:func:`compress`): not shipped
# files of their own.
COMPRESSED = (".gz", ".br")


def revision(path: Path) -> str:
    """A file's revision: the start of its bytes' SHA-256 (the service worker keeps each file
    under it, so a release downloads only the files whose bytes changed)."""
    return hashlib.sha256(path.read_bytes()).hexdigest()[:16]


def name_runtime_revision(dist: Path) -> None:
    """Write the runtime's WebAssembly's revision into the app's page: its head script compiles
    the runtime from the service worker's copy, read from Cache Storage under that revision
    (sw.js's key), rather than by a fetch the service worker answers — in Firefox that compile
    ended 40-90 ms sooner in hand runs (README, "Start-up")."""
    page = dist / "index.html"
    text = page.read_text()
    if RUNTIME_REVISION_MARK not in text:
        sys.exit(f"build.sh: index.html no longer names {RUNTIME_REVISION_MARK}")
    page.write_text(text.replace(RUNTIME_REVISION_MARK, revision(dist / RUNTIME_WASM)))


def write_manifest(dist: Path) -> str:
    """build-info.js (the version, the wheel and its SHA-256, the runtime's files' and the wheel's
    revisions, the download size) and precache.js
    (the service worker's list: each file with its revision); returns the closing line. The
    version is a hash of every shipped file, so it changes exactly when a shipped byte does."""
    wheel = next(dist.glob("wheels/*.whl")).relative_to(dist).as_posix()
    files = sorted(p.relative_to(dist).as_posix() for p in dist.rglob("*")
                   if p.is_file() and p.name not in ("sw.js", "precache.js")
                   and p.suffix not in COMPRESSED)
    revisions = {name: revision(dist / name) for name in files}
    digest = hashlib.sha256()
    for name in files:
        digest.update(name.encode() + (dist / name).read_bytes())
    version = digest.hexdigest()[:12]
    wheel_sha = hashlib.sha256((dist / wheel).read_bytes()).hexdigest()
    # What an engine snapshot holds: the runtime with our wheel imported. A release that changes
    # neither keeps its snapshot (js/snapshots.js keys it by this).
    runtime = [rev for name, rev in revisions.items() if name.startswith("pyodide/")]
    engine = hashlib.sha256("".join([wheel_sha, *runtime]).encode()).hexdigest()[:12]
    # The files the worker reads from the service worker's copies, by the revision it keeps each
    # under (each is one it keeps: a KeyError here otherwise).
    precached = {name: rev for name, rev in revisions.items() if not name.startswith(NOT_PRECACHED)}
    read_from_cache = {name: precached[name] for name in (*FETCHED, wheel)}
    info = {"version": version, "engine": engine, "wheel": wheel, "wheelSha256": wheel_sha,
            "stdlib": STDLIB, "lock": LOCK, "revisions": read_from_cache,
            "download": sum((dist / f).stat().st_size for f in FETCHED)}
    (dist / "build-info.js").write_text(
        f"// Written by build.sh.\nexport const BUILD = {json.dumps(info)};\n")
    listed = [*map(list, precached.items()), ["build-info.js", revision(dist / "build-info.js")]]
    (dist / "precache.js").write_text(
        "// Written by build.sh: what the service worker keeps for offline play, each file with its\n"
        "// revision (the start of its SHA-256).\n"
        f"self.PRECACHE = {json.dumps({'version': version, 'files': listed})};\n")
    size = sum((dist / name).stat().st_size for name, _ in listed)
    return f"{dist.as_posix()}/ built: {len(listed)} files, {size / 1e6:.1f} MB, version {version}"


# Kinds of file worth sending compressed, and the least a copy must save to be written.
COMPRESSIBLE = (".wasm", ".mjs", ".js", ".json", ".html", ".css", ".md", ".webmanifest", ".svg", ".txt",
                ".zip")
SAVES_AT_LEAST = 0.1


# Brotli, which browsers accept over HTTPS, packs the runtime's WebAssembly a quarter tighter than
# gzip (2.8 MB against 3.5); Python has no brotli, Node (which the build runs anyway) has. For hosts
# that send gzip only, the large files are packed by Zopfli (npm's @gfx/zopfli, pinned in
# package-lock.json): gzip's format, read by every browser, 3-5% smaller than gzip -9 (the runtime's
# WebAssembly 3.41 MB against 3.53), at seconds a file instead of milliseconds.
PACK = """
import { readFileSync, renameSync, writeFileSync } from "node:fs";
import { brotliCompressSync, constants } from "node:zlib";
const [kind, jobs] = [process.argv[1], JSON.parse(process.argv[2])];
const { gzipAsync } = kind === "gz" ? await import("@gfx/zopfli") : {};
for (const [source, target] of jobs) {
  const data = readFileSync(source);
  // Written whole, then renamed: a build stopped midway leaves no half file in the cache.
  writeFileSync(`${target}.part`, kind === "gz" ? await gzipAsync(data, { numiterations: 5 })
    : brotliCompressSync(data, { params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_LGWIN]: constants.BROTLI_MAX_WINDOW_BITS,
      [constants.BROTLI_PARAM_SIZE_HINT]: data.length } }));
  renameSync(`${target}.part`, target);
}
"""
# A file this large is packed once and its copies kept by its bytes (the runtime's 9.6 MB take
# 20 s with brotli, 17 s with Zopfli: two Node processes, one a kind, share the two cores),
# under a name that says how (a change of settings packs anew).
KEPT_FROM = 256 * 1024
PACKERS = {"br": "brotli-q11-w24", "gz": "zopfli-1.0.15-i5"}


def compress(dist: Path) -> int:
    """Write ``NAME.gz`` and ``NAME.br`` beside every file of ``dist`` that gzip makes at least a
    tenth smaller, for hosts that send pre-compressed copies (``build.sh serve`` does): the same
    bytes every build (no name or time in gzip's header; brotli has none). Returns how many files
    got copies."""
    written = 0
    packing: dict[str, list[tuple[Path, Path]]] = {"br": [], "gz": []}  # Node's jobs, by kind
    copies = []             # (a copy kept by its bytes, where it goes)
    for path in sorted(dist.rglob("*")):
        if not path.is_file() or path.suffix not in COMPRESSIBLE:
            continue
        data = path.read_bytes()
        kept_as = {}            # a large file's copies in the cache, by kind
        if len(data) >= KEPT_FROM:
            digest = hashlib.sha256(data).hexdigest()[:32]
            kept_as = {kind: stdlib.CACHE / f"{packer}-{digest}" for kind, packer in PACKERS.items()}
        # Only bytes that gzip makes a tenth smaller have copies kept: those are not gzipped again
        # to ask (1.2 s a build for the runtime's files).
        if not (kept_as and all(kept.exists() for kept in kept_as.values())):
            packed = gzip.compress(data, compresslevel=9, mtime=0)
            if len(packed) > len(data) * (1 - SAVES_AT_LEAST):
                continue
        written += 1
        if not kept_as:
            path.with_name(path.name + ".gz").write_bytes(packed)
            packing["br"].append((path, path.with_name(path.name + ".br")))
            continue
        for kind, kept in kept_as.items():
            if not kept.exists():
                stdlib.CACHE.mkdir(parents=True, exist_ok=True)
                packing[kind].append((path, kept))
            copies.append((kept, path.with_name(f"{path.name}.{kind}")))
    runs = [subprocess.Popen(["node", "--input-type=module", "-e", PACK, kind,
                              json.dumps([[str(source), str(target)] for source, target in jobs])],
                             cwd=stdlib.ROOT, stderr=subprocess.PIPE, text=True)
            for kind, jobs in packing.items() if jobs]
    try:
        for run in runs:
            _, errors = run.communicate(timeout=600)
            if run.returncode != 0:
                sys.exit(f"build: packing by Node failed:\n{errors[-2000:]}")
    finally:
        for run in runs:
            if run.poll() is None:
                run.kill()
    for kept, target in copies:
        shutil.copyfile(kept, target)
    return written


def build(dist: Path, runtime: Path, micropip_version: str, micropip_sha256: str) -> str:
    """Every step after build.sh has copied the files into ``dist``; returns the closing line."""
    rewrite_lock(runtime, dist, micropip_version, micropip_sha256)
    stdlib.cut(dist / "pyodide" / "python_stdlib.zip", dist / STDLIB)
    (dist / "reach.js").write_text(reach_js())
    (dist / "engine-data.js").write_text(engine_data_js())
    (dist / "training-data.js").write_text(training_data_js())
    name_runtime_revision(dist)
    closing = write_manifest(dist)
    compress(dist)
    return closing


def main(argv: Optional[Sequence[str]] = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m py_engine.webbuild", description=__doc__.split("\n")[0])
    parser.add_argument("dist", type=Path)
    parser.add_argument("micropip_version")
    parser.add_argument("micropip_sha256")
    parser.add_argument("--runtime", type=Path, default=Path("node_modules/pyodide"),
                        help="the pyodide npm package (default: node_modules/pyodide)")
    args = parser.parse_args(argv)
    print(build(args.dist, args.runtime, args.micropip_version, args.micropip_sha256), file=sys.stderr)


if __name__ == "__main__":
    main()
