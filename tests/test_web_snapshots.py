"""web/js/snapshots.js's packed form of an engine snapshot, run under Node: a snapshot kept without
its all-zero pages comes back byte for byte, keeps its own first bytes (Pyodide's header, which
the runtime checks), and bytes in any other form — damaged, cut short, or a snapshot kept whole
by an older build — are refused as damaged, never unpacked into a wrong memory."""
import re
from pathlib import Path

from .helpers import run_node

ROUND_TRIPS = """
import { pack, unpack } from "./js/snapshots.js";
const PAGE = 4096, out = {};
// Memory as Python leaves it: a header, runs of used and empty pages, a length not a whole page.
const memory = (length, used) => {
  const bytes = new Uint8Array(length);
  for (const [start, end] of used) {
    for (let i = start; i < Math.min(end, length); i++) bytes[i] = 1 + (i % 251);
  }
  return bytes;
};
const cases = {
  empty: memory(0, []), byte: memory(1, [[0, 1]]), page: memory(PAGE, [[0, 10]]),
  pageAndABit: memory(PAGE + 3, [[0, 1], [PAGE + 2, PAGE + 3]]),
  oddTail: memory(5 * PAGE + 7, [[0, 100], [3 * PAGE + 5, 3 * PAGE + 6], [5 * PAGE + 6, 5 * PAGE + 7]]),
  sparse: memory(64 * PAGE + 16, [[0, 2 * PAGE], [10 * PAGE, 11 * PAGE], [40 * PAGE - 1, 40 * PAGE]]),
  full: memory(8 * PAGE, [[0, 8 * PAGE]]),
};
for (const [name, bytes] of Object.entries(cases)) {
  const packed = pack(bytes), back = unpack(packed);
  out[name] = {
    same: back.length === bytes.length && back.every((b, i) => b === bytes[i]),
    size: packed.length,
    header: packed.subarray(0, Math.min(48, bytes.length)).every((b, i) => b === bytes[i]),
  };
}
// A byte-aligned view into a larger buffer packs the same as a copy.
const big = memory(3 * PAGE + 1, [[0, 5], [2 * PAGE, 2 * PAGE + 1]]);
const shifted = new Uint8Array(big.length + 1); shifted.set(big, 1);
out.offset = pack(shifted.subarray(1)).join() === pack(big).join();
const refused = (bytes) => { try { unpack(bytes); return "unpacked"; } catch (e) { return e.message; } };
const good = pack(cases.sparse);
const tampered = good.slice(); new DataView(tampered.buffer).setUint32(good.length - 20, 9999, true);
out.refused = {
  short: refused(good.subarray(0, 8)), cut: refused(good.subarray(0, good.length - 1)),
  wholeOldForm: refused(cases.sparse), zeros: refused(new Uint8Array(64)), runOutOfBounds: refused(tampered),
};
console.log(JSON.stringify(out));
"""


def test_a_packed_snapshot_unpacks_byte_for_byte_and_other_bytes_are_refused(web_page):
    out = run_node(web_page, ROUND_TRIPS)
    for name in ("empty", "byte", "page", "pageAndABit", "oddTail", "sparse", "full"):
        assert out[name]["same"] and out[name]["header"], name
    # Empty pages cost nothing: the 4 used pages of 65 are kept, and a table of 3 runs.
    assert out["sparse"]["size"] == 4 * 4096 + 4 * (2 * 3 + 3)
    assert out["full"]["size"] < 8 * 4096 + 64
    assert out["offset"]
    assert set(out["refused"].values()) == {"the kept engine snapshot is damaged"}, out["refused"]


HANDED_ONCE = """
import { handedOnce } from "./js/snapshots.js";
const bytes = new Uint8Array([1, 2, 3]);
const once = handedOnce(Promise.resolve(bytes));
const first = await once;
let second;
try { await once; second = "handed again"; } catch (e) { second = e.message; }
const damaged = handedOnce(Promise.reject(new Error("the kept engine snapshot is damaged")));
let refused;
try { await damaged; } catch (e) { refused = e.message; }
console.log(JSON.stringify({ first: first === bytes, second, refused }));
"""


def test_a_snapshot_is_handed_to_the_loader_once_and_not_kept(web_page):
    """Pyodide's loader keeps its options for the runtime's life: the snapshot's bytes are given
    to it as a promise that hands them on once and holds nothing after (a promise of them kept
    31 MB alive in every restored worker); damaged bytes still fail the restore."""
    out = run_node(web_page, HANDED_ONCE)
    assert out == {"first": True, "second": "the snapshot was handed over already",
                   "refused": "the kept engine snapshot is damaged"}


def test_the_app_page_looks_for_a_snapshot_where_snapshots_js_keeps_it():
    """index.html's head script looks at the snapshot store without importing js/snapshots.js
    (an import costs a trip through the service worker before the runtime's compile can start):
    the key it looks for must be the one snapshots.js keeps a snapshot under."""
    web = Path(__file__).resolve().parents[1] / "web"
    module, page = (web / "js" / "snapshots.js").read_text(), (web / "index.html").read_text()
    key = re.search(r'const keyFor = \(root\) => new URL\("([^"]+)", root\)\.href;', module).group(1)
    assert f'caches.match(new URL("{key}", location.href).href)' in page


def test_the_runtime_is_read_where_the_service_worker_keeps_it():
    """A warm start compiles the runtime from the service worker's copy, read from Cache Storage
    (index.html's head script), and the worker reads the runtime's other files and the wheel so:
    under sw.js's cache and key, the file's address with ``?rev=`` and the revision build.sh
    writes."""
    web = Path(__file__).resolve().parents[1] / "web"
    service, page, worker = ((web / name).read_text() for name in ("sw.js", "index.html", "js/worker.js"))
    cache = re.search(r'const CACHE = "([^"]+)";', service).group(1)
    assert "const keyOf = (path, rev) => new URL(`${path}?rev=${rev}`, scope).href;" in service
    assert f'{{ cacheName: "{cache}" }}' in page
    assert 'new URL("pyodide/pyodide.asm.wasm?rev=@RUNTIME_REVISION@", location.href)' in page
    assert f'const FILES = "{cache}";' in worker
    assert "new URL(`${path}?rev=${revision}`, root)" in worker
    assert 'const root = new URL("../", import.meta.url);' in worker         # sw.js's scope
