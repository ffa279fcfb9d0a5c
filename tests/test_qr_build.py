"""The QR code of a live game's invitation (issue 56) as the build ships it: web/js/qr.js bundled
with the qr package (npm, pinned) as a chunk that only it loads, when it first draws a code
(py_engine/webbuild/bundle.py); the same bytes from any checkout into any folder; and the chunk
kept by the service worker for offline play. What the drawn code says: tests/web/qr.test.mjs."""
import json
import re
import shutil
from pathlib import Path

import pytest

from py_engine.webbuild import bundle

ROOT = Path(__file__).resolve().parents[1]
CHUNK = re.compile(r"qr-encoder-[A-Z0-9]{8}\.js")


def qr_dist(folder: Path) -> Path:
    """A built folder as far as the QR code goes: web/js/qr.js as build.sh copies it."""
    (folder / "js").mkdir(parents=True)
    shutil.copy(ROOT / "web/js/qr.js", folder / "js/qr.js")
    return folder


def test_the_module_is_bundled_with_the_package_as_a_lazy_chunk(tmp_path):
    dist = qr_dist(tmp_path / "dist")
    written = bundle.bundle_qr(dist)
    js = dist / "js"
    entry = (js / "qr.js").read_text()
    chunk = CHUNK.fullmatch(re.search(r'import\("\./([^"]+)"\)', entry).group(1)).group(0)
    assert written == sorted(["js/qr.js", "js/qr.js.map", f"js/{chunk}", f"js/{chunk}.map"])
    # Ours minified, the package in the chunk alone, loaded with import(): no static import.
    assert "import{" not in entry and "/** " not in entry and "encodeQR" in entry
    assert entry.endswith("//# sourceMappingURL=qr.js.map\n")
    library = (js / chunk).read_text()
    assert "Unknown letter" in library and "Unknown letter" not in entry and len(entry) < 2000
    assert "Copyright (c) 2023 Paul Miller" in library and "MIT OR Apache-2.0" in library   # its license
    # The maps name the sources relative to themselves, their text inside; nothing staged is left.
    assert json.loads((js / "qr.js.map").read_text())["sources"] == ["qr.src.js"]
    source_map = json.loads((js / f"{chunk}.map").read_text())
    assert source_map["sources"] == ["../node_modules/qr/index.js"] and source_map["sourcesContent"][0]
    assert sorted(p.name for p in dist.iterdir()) == ["js"] and not (js / "qr.src.js").exists()
    # The same bytes in a folder elsewhere: no path of the machine is written.
    again = qr_dist(tmp_path / "somewhere" / "deeper" / "dist")
    bundle.bundle_qr(again)
    def files(folder):
        return {p.name: p.read_bytes() for p in folder.iterdir()}
    assert files(again / "js") == files(js)


def test_a_package_missing_from_node_modules_stops_the_build(tmp_path, monkeypatch):
    dist = qr_dist(tmp_path / "dist")
    monkeypatch.setattr(bundle, "QR_PACKAGES", ("qr-never-installed",))
    with pytest.raises(SystemExit, match="qr-never-installed missing from node_modules: run npm ci"):
        bundle.bundle_qr(dist)
    assert (dist / "js/qr.js").read_bytes() == (ROOT / "web/js/qr.js").read_bytes()


def test_the_package_is_pinned_and_is_the_one_bundled():
    pinned = json.loads((ROOT / "package.json").read_text())["dependencies"]["qr"]
    lock = json.loads((ROOT / "package-lock.json").read_text())["packages"]["node_modules/qr"]
    installed = json.loads((ROOT / "node_modules/qr/package.json").read_text())["version"]
    assert re.fullmatch(r"\d+\.\d+\.\d+", pinned) and lock["version"] == installed == pinned
    assert lock["integrity"].startswith("sha512-")


def test_the_app_keeps_the_chunk_offline_and_only_qr_js_loads_it():
    dist = ROOT / "dist"
    assert (dist / "precache.js").exists(), "run `bash build.sh` first"
    text = (dist / "precache.js").read_text()
    kept = [name for name, _ in json.loads(text[text.index("{"):text.rindex("}") + 1])["files"]]
    chunks = [name for name in kept if CHUNK.fullmatch(name.removeprefix("js/"))]
    assert len(chunks) == 1 and "js/qr.js" in kept
    assert not [name for name in kept if name.startswith("js/qr") and name.endswith(".map")]
    # Of what is shipped (the compressed copies and source maps aside), only our module and the
    # service worker's list name the chunk (and the chunk itself, its source map).
    chunk = chunks[0].removeprefix("js/")
    naming = sorted(p.relative_to(dist).as_posix() for p in dist.rglob("*")
                    if p.is_file() and p.name != chunk
                    and p.suffix not in (".br", ".gz", ".map", ".wasm", ".zip", ".whl", ".png")
                    and chunk in p.read_text(errors="replace"))
    assert naming == ["js/qr.js", "precache.js"]
    # In the source, no page and no other module imports the package by name (a browser could not).
    by_name = re.compile(r"""(from|import\()\s*["']qr["']""")
    importing = sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "web").rglob("*")
                       if p.suffix in (".js", ".html") and by_name.search(p.read_text()))
    assert importing == ["web/js/qr.js"]
