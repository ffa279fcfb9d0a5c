#!/usr/bin/env bash
# Jetan in the browser: build the static app into dist/, serve it, or run every test.
#
#   bash build.sh          build dist/ (runtime, micropip, our wheel, the web app)
#   bash build.sh serve [port]   build, then serve dist/ on http://127.0.0.1:<port>/ (or $PORT,
#                          or 8000)
#   bash build.sh test     install what the tests need, build, run the static checks (ruff,
#                          mypy, tsc) and the whole suite; pytest arguments may follow
#
# Python runs from the project's own .venv (made on first use, from $PYTHON or python3), so a
# person's own Python is left alone. DIST=folder builds there instead of dist/. The same sources
# build the same bytes (py_engine/webbuild/wheel.py dates every entry of the engine's wheel alike).
#
# Pinned inputs: the npm packages (pyodide; typescript for the checks: package.json,
# package-lock.json with integrity hashes) and the micropip wheel from PyPI, checked against
# MICROPIP_SHA256 below. The generated files, the engine's wheel among them, are
# py_engine/webbuild's (python -m py_engine.webbuild); serving is py_engine/webbuild/serve.py's.
set -euo pipefail
cd "$(dirname "$0")"

MICROPIP_VERSION=0.11.1
# sha256 of micropip-0.11.1-py3-none-any.whl as PyPI serves it. Pyodide's lock names a hash of
# its own rebuild of the wheel, which Chromium would enforce against this one: the shipped lock
# is rewritten with this hash (see PYODIDE-NOTES).
MICROPIP_SHA256=768de165adb8e66906039d8fec4127a57f522dfdf8e6fbff877a4616941ecfd3
DIST=${DIST:-dist}
RUNTIME_FILES="pyodide.mjs pyodide.asm.mjs pyodide.asm.wasm python_stdlib.zip"

say() { printf '%s\n' "$*" >&2; }

# The project's Python: a virtual environment in .venv, made on first use.
if [ ! -x .venv/bin/python ]; then
    say "Making the project's Python environment (.venv)..."
    "${PYTHON:-python3}" -m venv .venv
fi
PYTHON=.venv/bin/python
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
            --python-version 3.14 -d build/cache >build/cache/pip-download.log 2>&1 || {
            say "build.sh: could not download micropip ${MICROPIP_VERSION} from PyPI:"
            tail -n 5 build/cache/pip-download.log >&2; exit 1; }
    fi
    echo "${MICROPIP_SHA256}  ${wheel}" | sha256sum -c --quiet - || {
        say "build.sh: $wheel does not match the pinned sha256; refusing to ship it"; rm -f "$wheel"; exit 1; }
}

build() {
    install_runtime
    mkdir -p build/cache
    fetch_micropip
    say "Assembling $DIST/..."
    rm -rf "$DIST"
    mkdir -p "$DIST/pyodide"
    for f in $RUNTIME_FILES; do cp "node_modules/pyodide/$f" "$DIST/pyodide/"; done
    cp "build/cache/micropip-${MICROPIP_VERSION}-py3-none-any.whl" "$DIST/pyodide/"
    cp -r web/. "$DIST/"
    cp docs/rules.md "$DIST/rules.md"
    # The engine's wheel, the lock rewrite (micropip), the cut standard library, reach.js,
    # engine-data.js, the runtime's revision in index.html, build-info.js, precache.js and the
    # compressed copies.
    "$PYTHON" -m py_engine.webbuild "$DIST" "$MICROPIP_VERSION" "$MICROPIP_SHA256"
}

install_test_needs() {
    say "Installing the test needs..."
    "$PYTHON" -m pip install -q -e '.[test]'
    if [ ! -x /usr/bin/chromium ]; then
        say "Installing Debian's chromium for the browser tests..."
        if [ "$(id -u)" = 0 ]; then apt-get update -qq && apt-get install -y -qq chromium >/dev/null
        else sudo apt-get update -qq && sudo apt-get install -y -qq chromium >/dev/null; fi
    fi
    # Firefox ESR, WebKitGTK (MiniBrowser and its WebDriver), Xvfb and the pinned WebDriver client.
    PYTHON="$PYTHON" bash tests/engines/install.sh
    mkdir -p build
    "$PYTHON" -m pip download -q --require-hashes -r tests/wasm/requirements.txt --no-deps \
        --only-binary=:all: --python-version 3.14 -d build/wasm-wheels >build/wasm-download.log 2>&1 || {
        say "build.sh: could not download the Pyodide run's test wheels (tests/wasm/requirements.txt):"
        tail -n 5 build/wasm-download.log >&2; exit 1; }
}

static_checks() {
    say "Static checks: ruff, mypy, tsc..."
    "$PYTHON" -m ruff check --quiet py_engine tests
    "$PYTHON" -m mypy --no-error-summary      # strict, on py_engine (pyproject.toml)
    # The page's JavaScript, type-checked against the built engine-data.js (tests/tsconfig.json),
    # and the scripts Node runs, against Node's declarations (tests/tsconfig.node.json).
    node_modules/.bin/tsc --noEmit -p tests/tsconfig.json
    node_modules/.bin/tsc --noEmit -p tests/tsconfig.node.json
}

case "${1:-build}" in
    build) build ;;
    serve)
        port=${2:-${PORT:-8000}}
        case $port in *[!0-9]*|'') say "build.sh: the port must be a number, not '$port'"; exit 2 ;; esac
        build
        say "Serving Jetan on http://127.0.0.1:${port}/ (Ctrl-C to stop)"
        # Like python -m http.server, but letting pages of other origins load the files, as
        # static hosts do (a fan page embedding <jetan-board> from here).
        exec "$PYTHON" -m py_engine.webbuild.serve "$port" "$DIST"
        ;;
    test)
        install_test_needs
        build
        static_checks
        if [ $# -gt 1 ]; then exec "$PYTHON" -m pytest "${@:2}"; fi
        # The whole suite in two processes (pytest-xdist): the Chromium tier in one, the Firefox
        # and WebKitGTK tier in the other, the engine's own tests — the reference cross-checks,
        # the puzzles' proofs, the suite inside Pyodide — after it (tests/conftest.py).
        exec "$PYTHON" -m pytest -n 2 ;;
    *) say "usage: bash build.sh [build|serve [port]|test [pytest args]]"; exit 2 ;;
esac
