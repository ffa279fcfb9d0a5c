#!/usr/bin/env bash
# Jetan in the browser: build the static app into dist/, serve it, or run every test.
#
#   bash build.sh          build dist/ (runtime, micropip, our wheel, the web app)
#   bash build.sh serve    build, then serve dist/ on http://127.0.0.1:${PORT:-8000}/
#   bash build.sh test     install what the tests need, build, run the static checks (ruff,
#                          mypy) and the whole suite; pytest arguments may follow
#
# Pinned inputs: the pyodide npm package (package.json, package-lock.json with integrity
# hashes) and the micropip wheel from PyPI, checked against MICROPIP_SHA256 below.
set -euo pipefail
cd "$(dirname "$0")"

MICROPIP_VERSION=0.11.1
# sha256 of micropip-0.11.1-py3-none-any.whl as PyPI serves it. Pyodide's lock names a hash of
# its own rebuild of the wheel, which Chromium would enforce against this one: the shipped lock
# is rewritten with this hash (see PYODIDE-NOTES).
MICROPIP_SHA256=768de165adb8e66906039d8fec4127a57f522dfdf8e6fbff877a4616941ecfd3
PYTHON=${PYTHON:-python3}
RUNTIME_FILES="pyodide.mjs pyodide.asm.mjs pyodide.asm.wasm python_stdlib.zip"

say() { printf '%s\n' "$*" >&2; }

install_runtime() {
    command -v npm >/dev/null || { say "build.sh: npm (Node.js) is needed; install nodejs and npm"; exit 1; }
    local stamp=node_modules/.jetan-lock.sha256
    if [ ! -f node_modules/pyodide/pyodide.mjs ] || ! sha256sum -c --quiet "$stamp" 2>/dev/null; then
        say "Installing the pinned Pyodide runtime (npm ci)..."
        npm ci --no-audit --no-fund --loglevel=error
        sha256sum package-lock.json > "$stamp"
    fi
}

fetch_micropip() {
    local wheel="build/cache/micropip-${MICROPIP_VERSION}-py3-none-any.whl"
    if [ ! -f "$wheel" ]; then
        say "Fetching micropip ${MICROPIP_VERSION} from PyPI..."
        "$PYTHON" -m pip download -q "micropip==${MICROPIP_VERSION}" --no-deps --only-binary=:all: \
            --python-version 3.14 -d build/cache 2>/dev/null
    fi
    echo "${MICROPIP_SHA256}  ${wheel}" | sha256sum -c --quiet - || {
        say "build.sh: $wheel does not match the pinned sha256; refusing to ship it"; rm -f "$wheel"; exit 1; }
}

build() {
    install_runtime
    mkdir -p build/cache
    fetch_micropip
    say "Building the py_engine wheel..."
    rm -rf build/wheel
    "$PYTHON" -m pip wheel -q . --no-deps -w build/wheel
    say "Assembling dist/..."
    rm -rf dist
    mkdir -p dist/pyodide dist/wheels
    for f in $RUNTIME_FILES; do cp "node_modules/pyodide/$f" dist/pyodide/; done
    cp "build/cache/micropip-${MICROPIP_VERSION}-py3-none-any.whl" dist/pyodide/
    cp build/wheel/*.whl dist/wheels/
    cp -r web/. dist/
    cp docs/rules.md dist/rules.md
    "$PYTHON" - "$MICROPIP_VERSION" "$MICROPIP_SHA256" <<'PY'
import hashlib, json, pathlib, sys
version, sha = sys.argv[1], sys.argv[2]
lock = json.loads(pathlib.Path("node_modules/pyodide/pyodide-lock.json").read_text())
entry = lock["packages"]["micropip"]
if entry["version"] != version:
    sys.exit(f"build.sh: the runtime's lock names micropip {entry['version']}, build.sh pins {version}")
entry["file_name"] = f"micropip-{version}-py3-none-any.whl"
entry["sha256"] = sha
pathlib.Path("dist/pyodide/pyodide-lock.json").write_text(json.dumps(lock))
sys.path.insert(0, ".")
from py_engine.movegen import referee_for
from py_engine.rules import STANDARD_RULES
from py_engine.squares import file_of, rank_of
# The rules page's diagrams: each piece's reach from the centre, from the engine's own tables.
texts = {
    "N": "One step forward, sideways, or diagonally forward; never back.",
    "W": "Exactly two orthogonal steps, turning or not.",
    "A": "Exactly two diagonal steps, turning or not.",
    "T": "One orthogonal step, then one diagonal step.",
    "D": "Exactly three orthogonal steps, in any combination.",
    "F": "Exactly three diagonal steps, in any combination; jumps over pieces.",
    "C": "Exactly three steps, each orthogonal or diagonal, in any combination.",
    "P": "As the Chief, but jumps; never takes; one escape per game.",
}
reach = []
for letter in "NWATDFCP":
    walks = referee_for(STANDARD_RULES).tables[0][letter].walks[44]
    reach.append({"letter": letter, "name": STANDARD_RULES.piece_name(letter),
                  "feathers": STANDARD_RULES.feathers(letter, 0), "text": texts[letter],
                  "reach": sorted([file_of(t) - 4, rank_of(t) - 4] for t in walks)})
pathlib.Path("dist/reach.js").write_text(
    "// Written by build.sh from py_engine's walk tables (standard rules, from e5).\n"
    f"export const REACH = {json.dumps(reach)};\n")
from py_engine.facade import handle_json
from py_engine.gallery import GALLERY
from py_engine.pieces import PIECES
from py_engine.position import DIAMETRAL, FACING
# Facts the page draws with before (or without) the engine: the piece table, the two set-ups'
# placements, the gallery's games and the option table of the New game dialog (the facade's
# "rules" answer). One source: py_engine/pieces.py, position.py, gallery.py, rules.py.
rules_info = json.loads(handle_json(json.dumps({"op": "rules"})))
del rules_info["ok"]
pathlib.Path("dist/engine-data.js").write_text(
    "// Written by build.sh from py_engine/pieces.py, position.py, gallery.py and rules.py.\n"
    f"export const PIECES = {json.dumps([kind._asdict() for kind in PIECES])};\n"
    f"export const RULES = {json.dumps(rules_info)};\n"
    f"export const SETUPS = {json.dumps({'diametral': DIAMETRAL, 'facing': FACING})};\n"
    f"export const GALLERY = {json.dumps({k: g._asdict() for k, g in GALLERY.items()})};\n")
dist = pathlib.Path("dist")
wheel = next(dist.glob("wheels/*.whl")).relative_to(dist).as_posix()
files = sorted(p.relative_to(dist).as_posix() for p in dist.rglob("*")
               if p.is_file() and p.name not in ("sw.js", "precache.js"))
digest = hashlib.sha256()
for name in files:
    digest.update(name.encode() + (dist / name).read_bytes())
version_tag = digest.hexdigest()[:12]
# What the engine worker checks and counts: the wheel's SHA-256, and the bytes of the runtime's
# files that it fetches (the loading bar's whole).
fetched = ["pyodide/pyodide.asm.wasm", "pyodide/python_stdlib.zip", "pyodide/pyodide-lock.json"]
build = {"version": version_tag, "wheel": wheel,
         "wheelSha256": hashlib.sha256((dist / wheel).read_bytes()).hexdigest(),
         "download": sum((dist / f).stat().st_size for f in fetched)}
(dist / "build-info.js").write_text(f"// Written by build.sh.\nexport const BUILD = {json.dumps(build)};\n")
files.append("build-info.js")
(dist / "precache.js").write_text(
    "// Written by build.sh: what the service worker keeps for offline play.\n"
    f"self.PRECACHE = {json.dumps({'version': version_tag, 'files': files})};\n")
size = sum((dist / f).stat().st_size for f in files)
print(f"dist/ built: {len(files)} files, {size / 1e6:.1f} MB, version {version_tag}", file=sys.stderr)
PY
}

install_test_needs() {
    say "Installing the test needs..."
    "$PYTHON" -m pip install -q -e '.[test]'
    if [ ! -x /usr/bin/chromium ]; then
        say "Installing Debian's chromium for the browser tests..."
        if [ "$(id -u)" = 0 ]; then apt-get update -qq && apt-get install -y -qq chromium >/dev/null
        else sudo apt-get update -qq && sudo apt-get install -y -qq chromium >/dev/null; fi
    fi
    "$PYTHON" -m pip download -q --require-hashes -r tests/wasm/requirements.txt --no-deps \
        --only-binary=:all: --python-version 3.14 -d build/wasm-wheels 2>/dev/null
}

# The engine's core modules are checked by mypy --strict; the rest with check_untyped_defs.
STRICT_MODULES="errors pieces values squares rules position gaits movegen game notation facade"

static_checks() {
    say "Static checks: ruff, mypy..."
    "$PYTHON" -m ruff check --quiet py_engine tests
    "$PYTHON" -m mypy --no-error-summary py_engine
    "$PYTHON" -m mypy --no-error-summary --strict --follow-imports=silent \
        $(for m in $STRICT_MODULES; do printf 'py_engine/%s.py ' "$m"; done)
}

case "${1:-build}" in
    build) build ;;
    serve)
        build
        port=${PORT:-8000}
        say "Serving Jetan on http://127.0.0.1:${port}/ (Ctrl-C to stop)"
        # Like python -m http.server, but letting pages of other origins load the files, as
        # static hosts do (a fan page embedding <jetan-board> from here).
        exec "$PYTHON" - "$port" <<'PY'
import functools, http.server, sys
class Handler(http.server.SimpleHTTPRequestHandler):
    def end_headers(self):
        self.send_header("Access-Control-Allow-Origin", "*")
        super().end_headers()
handler = functools.partial(Handler, directory="dist")
http.server.ThreadingHTTPServer(("127.0.0.1", int(sys.argv[1])), handler).serve_forever()
PY
        ;;
    test)
        install_test_needs
        build
        static_checks
        exec "$PYTHON" -m pytest "${@:2}" ;;
    *) say "usage: bash build.sh [build|serve|test [pytest args]]"; exit 2 ;;
esac
