"""web/js/wheel.js, run under Node: the worker unpacks our wheel itself (not with Pyodide's
unpackArchive, whose Python is slow in a runtime just restored). Archives written by Python's
zipfile — as pip writes a wheel, and in the other forms a zip may take (stored, with a comment,
folders, sizes after the data, zip64 headers, names not in ASCII) — come back file for file,
byte for byte, written under the runtime's working folder; what the reader does not handle, or
a path that would leave that folder, is refused rather than half read."""
import base64
import hashlib
import io
import json
import zipfile

from .helpers import run_node

UNPACK = """
import { unpackWheel, unzip } from "./js/wheel.js";
const archives = JSON.parse(process.argv[1]);
const bytes = (b64) => new Uint8Array(Buffer.from(b64, "base64"));
const digest = async (data) => Buffer.from(await crypto.subtle.digest("SHA-256", data)).toString("hex");
const out = {};
for (const [name, b64] of Object.entries(archives)) {
  try {
    const files = await unzip(bytes(b64));
    const named = files.map(async (file) => [file.name, await digest(file.bytes)]);
    out[name] = Object.fromEntries(await Promise.all(named));
  } catch (err) {
    out[name] = "refused: " + err.message;
  }
}
// What unpackWheel asks of the runtime's file system.
const calls = [];
const fs = { cwd: () => "/home/pyodide", mkdirTree: (path) => calls.push(["mkdirTree", path]),
             writeFile: (path, data) => calls.push(["writeFile", path, data.length]) };
await unpackWheel(fs, bytes(archives.wheel));
out.calls = calls;
console.log(JSON.stringify(out));
"""

FILES = {
    "py_engine/__init__.py": b'"""Jetan."""\n',
    "py_engine/facade.py": b"def handle_json(text):\n    return text\n" * 200,
    "py_engine/puzzles.jsonl": "".join(f'{{"id": "{i:06x}", "note": "ü"}}\n' for i in range(300)).encode(),
    "py_engine-0.1.0.dist-info/RECORD": b"py_engine/__init__.py,,\n",
}


class Unseekable(io.RawIOBase):
    """A stream zipfile cannot seek back in: it then writes each file's sizes after its data."""

    def __init__(self):
        self.written = bytearray()

    def writable(self):
        return True

    def write(self, data):
        self.written += data
        return len(data)


def archive(files, compression=zipfile.ZIP_DEFLATED, comment=b"", directories=(), zip64=False,
            unseekable=False):
    out = Unseekable() if unseekable else io.BytesIO()
    with zipfile.ZipFile(out, "w", compression) as z:
        for name in directories:
            z.writestr(zipfile.ZipInfo(name), b"")
        for name, data in files.items():
            with z.open(name, "w", force_zip64=zip64) as entry:
                entry.write(data)
        z.comment = comment
    return bytes(out.written) if unseekable else out.getvalue()


def with_method(data, method):
    """An archive whose every entry claims compression ``method`` (both headers)."""
    data = bytearray(data)
    for signature, at in ((b"PK\x01\x02", 10), (b"PK\x03\x04", 8)):
        start = data.find(signature)
        while start >= 0:
            data[start + at:start + at + 2] = method.to_bytes(2, "little")
            start = data.find(signature, start + 4)
    return bytes(data)


def garbled(data, name):
    """``data`` with bytes inside ``name``'s compressed data overwritten."""
    data = bytearray(data)
    start = data.find(name.encode()) + len(name) + 10
    data[start:start + 40] = b"\xff" * 40
    return bytes(data)


def encoded(archives):
    return {name: base64.b64encode(data).decode() for name, data in archives.items()}


def digests(files):
    return {name: hashlib.sha256(data).hexdigest() for name, data in files.items()}


def test_archives_come_back_file_for_file_and_bad_ones_are_refused(web_page):
    wheel = archive(FILES)
    archives = {
        "wheel": wheel,
        "stored": archive(FILES, zipfile.ZIP_STORED),
        "commented": archive(FILES, comment=b"a comment at the end of the archive"),
        "folders": archive(FILES, directories=("py_engine/", "py_engine/data/")),
        "sizes after the data": archive(FILES, unseekable=True),
        "zip64 headers": archive(FILES, zip64=True),
        "empty file": archive({"py_engine/py.typed": b""}),
        "not ascii": archive({"py_engine/données/é.txt": "é".encode()}),
        "outside": archive({"../evil.py": b"x = 1\n"}),
        "absolute": archive({"/lib/evil.py": b"x = 1\n"}),
        "bzip2": with_method(wheel, 12),
        "not a zip": b"just some bytes, not an archive at all",
        "cut short": wheel[: len(wheel) // 2],
        "garbled": garbled(wheel, "py_engine/facade.py"),
    }
    out = run_node(web_page, UNPACK, json.dumps(encoded(archives)))
    for name in ("wheel", "stored", "commented", "folders", "sizes after the data", "zip64 headers"):
        assert out[name] == digests(FILES), name
    assert out["empty file"] == digests({"py_engine/py.typed": b""})
    assert out["not ascii"] == digests({"py_engine/données/é.txt": "é".encode()})
    assert out["outside"] == "refused: ../evil.py is outside the wheel"
    assert out["absolute"] == "refused: /lib/evil.py is outside the wheel"
    assert out["bzip2"] == "refused: py_engine/__init__.py: compression method 12"
    assert out["not a zip"] == "refused: not a zip archive"
    assert out["cut short"].startswith("refused: ")
    assert out["garbled"].startswith("refused: ")
    # Each file written under the working folder, its folder made first, in the archive's order.
    expected = []
    for name, data in FILES.items():
        path = f"/home/pyodide/{name}"
        expected += [["mkdirTree", path.rsplit("/", 1)[0]], ["writeFile", path, len(data)]]
    assert out["calls"] == expected
