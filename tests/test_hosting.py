"""Releases and hosting (issue 28): the same source builds the same bytes, and ``build.sh serve``
(py_engine/webbuild/serve.py) serves dist/ as a static host should — the right types, no directory
listings, every file revalidated by a validator of its content, readable from other origins,
from a sub-folder as well as from the root."""
import gzip
import json
import os
import subprocess
import threading
import tomllib
import urllib.error
import urllib.request
import zipfile
from pathlib import Path

import pytest

from py_engine.webbuild import dist, serve

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def served(tmp_path):
    """A little site: the app's kinds of files at the root and in a sub-folder."""
    for name, body in [("index.html", b"<!doctype html>"), ("js/app.js", b"export {};"),
                       ("pyodide/pyodide.mjs", b"export {};"), ("pyodide/pyodide.asm.wasm", b"\0asm"),
                       ("manifest.webmanifest", b"{}"), ("icons/a.png", b"\x89PNG"),
                       ("jetan/index.html", b"<!doctype html><p>in a sub-folder")]:
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(body)
    httpd = serve.server(0, str(tmp_path))
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}/", tmp_path
    httpd.shutdown()
    httpd.server_close()


def fetch(url, headers=None):
    """(status, headers, body) of a GET, 304s and 404s included."""
    try:
        with urllib.request.urlopen(urllib.request.Request(url, headers=headers or {})) as reply:
            return reply.status, reply.headers, reply.read()
    except urllib.error.HTTPError as err:
        return err.code, err.headers, err.read()


def test_types_cross_origin_and_revalidation(served):
    url, _ = served
    for name, kind in [("index.html", "text/html"), ("js/app.js", "text/javascript"),
                       ("pyodide/pyodide.mjs", "text/javascript"),
                       ("pyodide/pyodide.asm.wasm", "application/wasm"),
                       ("manifest.webmanifest", "application/manifest+json"), ("icons/a.png", "image/png")]:
        status, headers, _ = fetch(url + name)
        assert status == 200 and headers["Content-Type"].startswith(kind), name
        assert headers["Access-Control-Allow-Origin"] == "*"
        assert headers["Cache-Control"] == "no-cache" and headers["ETag"].startswith('"')


def test_an_unchanged_file_costs_a_304_even_after_a_rebuild(served):
    url, folder = served
    _, headers, _ = fetch(url + "js/app.js")
    tag = headers["ETag"]
    status, _, body = fetch(url + "js/app.js", {"If-None-Match": tag})
    assert status == 304 and body == b""
    (folder / "js/app.js").write_bytes(b"export {};")          # rebuilt: a new time, the same bytes
    os.utime(folder / "js/app.js", (1, 1))
    assert fetch(url + "js/app.js", {"If-None-Match": tag})[0] == 304
    (folder / "js/app.js").write_bytes(b"export const changed = 1;")
    status, headers, _ = fetch(url + "js/app.js", {"If-None-Match": tag})
    assert status == 200 and headers["ETag"] != tag


def test_no_directory_listings_but_index_pages(served):
    url, _ = served
    assert fetch(url + "js/")[0] == 404
    assert fetch(url + "pyodide/")[0] == 404
    status, _, body = fetch(url + "jetan/")
    assert status == 200 and b"sub-folder" in body
    assert fetch(url)[0] == 200


@pytest.mark.slow
def test_the_same_source_builds_the_same_bytes(tmp_path):
    """Two builds of this checkout, one after the other, give byte-identical trees (and the
    version tag, a hash of what is shipped, is the same)."""
    trees = []
    for name in ("one", "two"):
        out = tmp_path / name
        run = subprocess.run(["bash", "build.sh"], cwd=ROOT, env={**os.environ, "DIST": str(out)},
                             capture_output=True, text=True, timeout=600)
        assert run.returncode == 0, run.stderr[-2000:]
        files = sorted(p for p in out.rglob("*") if p.is_file())
        trees.append({p.relative_to(out).as_posix(): p.read_bytes() for p in files})
        assert f"{out.as_posix()}/ built:" in run.stderr
    assert trees[0].keys() == trees[1].keys()
    assert [name for name in trees[0] if trees[0][name] != trees[1][name]] == []


def unbrotli(data):
    """Brotli's inflation, by Node (Python has no brotli)."""
    script = ("const c = []; process.stdin.on('data', (d) => c.push(d)).on('end', () =>"
              " process.stdout.write(require('node:zlib').brotliDecompressSync(Buffer.concat(c))));")
    return subprocess.run(["node", "-e", script], input=data, capture_output=True, check=True).stdout


def test_compressed_copies_are_sent_to_browsers_that_accept_them(served):
    url, folder = served
    wasm = b"\0asm" + bytes(range(256)) * 400
    name = "pyodide/pyodide.asm.wasm"
    (folder / name).write_bytes(wasm)
    assert dist.compress(folder) >= 1 and (folder / (name + ".gz")).exists()
    # Brotli first, where the browser accepts it (browsers do over HTTPS).
    status, headers, body = fetch(url + name, {"Accept-Encoding": "gzip, deflate, br"})
    assert status == 200 and headers["Content-Encoding"] == "br" and headers["Vary"] == "Accept-Encoding"
    assert headers["Content-Type"] == "application/wasm" and unbrotli(body) == wasm
    assert len(body) < len((folder / (name + ".gz")).read_bytes())
    status, headers, body = fetch(url + name, {"Accept-Encoding": "gzip, deflate"})
    assert status == 200 and headers["Content-Encoding"] == "gzip" and headers["Vary"] == "Accept-Encoding"
    assert headers["Content-Type"] == "application/wasm" and gzip.decompress(body) == wasm
    assert len(body) < len(wasm)
    assert fetch(url + name, {"Accept-Encoding": "gzip", "If-None-Match": headers["ETag"]})[0] == 304
    status, headers, body = fetch(url + name)                              # none accepted
    assert status == 200 and "Content-Encoding" not in headers and body == wasm
    # A folder's page is its index.html, compressed like it (a first visit opens the folder).
    page = b"<!doctype html>" + b"<p>Jetan</p>" * 200
    (folder / "jetan/index.html").write_bytes(page)
    dist.compress(folder)
    status, headers, body = fetch(url + "jetan/", {"Accept-Encoding": "gzip"})
    assert status == 200 and headers["Content-Encoding"] == "gzip" and gzip.decompress(body) == page
    assert headers["Content-Type"].startswith("text/html")
    # The same bytes every time (no name or time in gzip's header; brotli has none).
    first = [(folder / (name + suffix)).read_bytes() for suffix in (".gz", ".br")]
    dist.compress(folder)
    assert [(folder / (name + suffix)).read_bytes() for suffix in (".gz", ".br")] == first


def test_a_first_visit_is_under_5_mb_over_the_wire_from_a_host_that_compresses():
    """Every file the service worker keeps (all a first visit fetches), as the build's brotli
    copies travel — docs/benchmarks.md's figures ("Size and releases"), gzip's and none's beside."""
    dist = ROOT / "dist"
    assert (dist / "precache.js").exists(), "run `bash build.sh` first"
    text = (dist / "precache.js").read_text()
    files = [name for name, _ in json.loads(text[text.index("{"):text.rindex("}") + 1])["files"]]

    def over_the_wire(suffixes):
        """MB, each file as its first copy among ``suffixes`` that the build wrote, or as it is."""
        copies = [next(p for p in [dist / (name + s) for s in (*suffixes, "")] if p.exists())
                  for name in files]
        return sum(p.stat().st_size for p in copies) / 1e6
    assert over_the_wire([".br", ".gz"]) < 5.0 and over_the_wire([".gz"]) < 5.0
    assert over_the_wire([]) < 15


def test_the_wheel_carries_no_readme():
    """The README is not the engine's: a wheel that carried it (as its long description) grew by
    97 KB and changed with every README edit — and with it the key of every returning player's
    engine snapshot."""
    dist = ROOT / "dist"
    wheel = next(dist.glob("wheels/*.whl"), None)
    assert wheel, "run `bash build.sh` first"
    with zipfile.ZipFile(wheel) as z:
        metadata = z.read(next(n for n in z.namelist() if n.endswith(".dist-info/METADATA"))).decode()
    assert "Description-Content-Type" not in metadata and len(metadata) < 2000
    assert "readme" not in tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]


def test_serve_takes_its_port_as_an_argument_and_refuses_a_bad_one():
    # Checked before anything is built: a mistyped port costs nothing.
    done = subprocess.run(["bash", str(ROOT / "build.sh"), "serve", "80a"], capture_output=True, text=True,
                          timeout=30)
    assert done.returncode == 2
    assert "the port must be a number, not '80a'" in done.stderr
