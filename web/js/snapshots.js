// Memory snapshots (Pyodide's makeMemorySnapshot), kept in Cache Storage so that later visits
// restore Python in about half a second instead of starting it afresh (docs/architecture.md,
// "Snapshots"). Two kinds, each in a store of its own:
//
// - the engine's: a Python with our engine imported and warmed up, kept under the hash of our
//   wheel and the runtime's files (build-info.js's BUILD.engine): what a warm visit restores;
// - the runtime's: Python just started, before anything of ours, kept under the hash of the
//   runtime's files alone (BUILD.runtime): what a visit after a release that changed only the
//   engine restores, to import the new engine and keep its snapshot, instead of starting cold.
//
// Each store drops the other builds' stores of its kind when it keeps its own. A snapshot is
// checked against its own SHA-256 before use, so a damaged one is never restored; one of a
// memory grown past the runtime's initial memory is never taken (restorable), since its restore
// would fail (Pyodide issue #6254). Storage may be missing, denied (private windows) or full: every step here then gives
// up quietly, and the engine starts the ordinary way. So its errors are the console's, never
// read by a person (not messages): a snapshot that cannot be used is a start afresh.
//
// Kept without its empty pages (pack/unpack below): over half of a fresh Python's 31 MB memory is
// zeros, and reading the whole from Cache Storage was the slowest step of a warm start in
// Firefox (100 ms alone, 340 ms while the runtime compiled beside it).

/** The two kinds of snapshot, by the prefix of their stores' names (sw.js leaves both alone). */
export const KINDS = { engine: "jetan-snapshot-", runtime: "jetan-runtime-" };

/** Hex SHA-256 of some bytes. @param {Uint8Array<ArrayBuffer>} bytes */
export async function sha256(bytes) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** Where a snapshot is kept in its store. @param {URL} root the app's folder */
const keyFor = (root) => new URL("engine.snapshot", root).href;

/** The snapshot store of one build of a kind (``key``: BUILD.engine or BUILD.runtime), or null
 *  when this browser lets us keep nothing.
 *  @param {keyof typeof KINDS} kind @param {string} key @param {URL} root the app's folder
 *  @returns {Promise<?SnapshotStore>} */
export async function openSnapshots(kind, key, root) {
  try {
    if (!self.caches) return null;
    const name = KINDS[kind] + key;
    return new Snapshots(KINDS[kind], name, await caches.open(name), keyFor(root));
  } catch (err) {
    console.info("Cache Storage is not available; the engine starts without a snapshot.", err);
    return null;
  }
}

const PAGE = 4096;
// The packed form's last word, so that bytes kept in any other form are never unpacked.
const PACKED = 0x4a455431;

/** A snapshot without its all-zero pages: the other pages' bytes in order, then a table of the
 *  runs of pages kept (first page, how many), the number of runs, the snapshot's length and
 *  PACKED, as 32-bit words. Its first bytes stay the snapshot's own (the first page, Pyodide's
 *  header, is never empty). @param {Uint8Array} bytes @returns {Uint8Array<ArrayBuffer>} */
export function pack(bytes) {
  const pages = Math.ceil(bytes.length / PAGE);
  const whole = bytes.length - (bytes.length % 4);
  const words = new Uint32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + whole));
  const empty = (/** @type {number} */ page) => {
    const end = Math.min((page + 1) * PAGE, bytes.length);
    for (let i = (page * PAGE) >> 2; i < end >> 2; i++) if (words[i]) return false;
    for (let i = Math.max(page * PAGE, whole); i < end; i++) if (bytes[i]) return false;
    return true;
  };
  /** @type {number[][]} runs of pages kept: first page, how many */
  const runs = [];
  for (let page = 0; page < pages; page++) {
    if (empty(page)) continue;
    const last = runs[runs.length - 1];
    if (last && last[0] + last[1] === page) last[1]++;
    else runs.push([page, 1]);
  }
  const spans = runs.map(([first, count]) => [first * PAGE, Math.min((first + count) * PAGE, bytes.length)]);
  const kept = spans.reduce((sum, [start, end]) => sum + end - start, 0);
  const out = new Uint8Array(kept + 4 * (2 * runs.length + 3));
  let at = 0;
  for (const [start, end] of spans) { out.set(bytes.subarray(start, end), at); at += end - start; }
  const table = new DataView(out.buffer, at);
  runs.flat().concat([runs.length, bytes.length, PACKED]).forEach((word, i) => table.setUint32(4 * i, word, true));
  return out;
}

/** The snapshot that ``pack`` packed; throws if ``packed`` is not that form's.
 *  @param {Uint8Array} packed @returns {Uint8Array} */
export function unpack(packed) {
  const damaged = () => new Error("the kept engine snapshot is damaged");  // not a message: the console's
  if (packed.length < 12) throw damaged();
  const view = new DataView(packed.buffer, packed.byteOffset, packed.length);
  const word = (/** @type {number} */ i) => view.getUint32(packed.length - 4 * i, true);     // i-th word from the end
  const [runCount, length] = [word(3), word(2)];
  if (word(1) !== PACKED || packed.length < 4 * (2 * runCount + 3)) throw damaged();
  const tableAt = packed.length - 4 * (2 * runCount + 3);
  const bytes = new Uint8Array(length);
  let at = 0;
  for (let run = 0; run < runCount; run++) {
    const first = view.getUint32(tableAt + 8 * run, true), count = view.getUint32(tableAt + 8 * run + 4, true);
    const start = first * PAGE, end = Math.min((first + count) * PAGE, length);
    if (end <= start || at + end - start > tableAt) throw damaged();
    bytes.set(packed.subarray(at, at + end - start), start);
    at += end - start;
  }
  if (at !== tableAt) throw damaged();
  return bytes;
}

/** ``bytes`` (a promise) handed over once, to be awaited once: Pyodide's loader keeps the options
 *  it was given for the runtime's life, and a promise of a snapshot's bytes there kept the 31 MB
 *  alive in every restored worker (measured under Node). This hands them on and keeps nothing.
 *  @template T @param {Promise<T>} bytes @returns {PromiseLike<T>} */
export function handedOnce(bytes) {
  /** @type {?Promise<T>} */
  let pending = bytes;
  return {
    then(resolve, reject) {
      const handed = pending || Promise.reject(new Error("the snapshot was handed over already"));  // not a message: the console's
      pending = null;
      return handed.then(resolve, reject);
    },
  };
}

/** Whether a snapshot of a runtime whose memory is now ``memory`` bytes can be restored, the
 *  runtime having started with ``initialMemory``: the runtime restores a snapshot into the
 *  memory it starts with and does not grow it first, so the snapshot of a memory that has grown
 *  fails to restore on every visit (Pyodide issue #6254) and is never taken.
 *  @param {number} memory @param {number} initialMemory */
export const restorable = (memory, initialMemory) => memory <= initialMemory;

/** One build's snapshot store of one kind (openSnapshots). @typedef {Snapshots} SnapshotStore */

class Snapshots {
  /** @param {string} prefix its kind's @param {string} name the cache's @param {Cache} cache
   *  @param {string} key the snapshot's address in it */
  constructor(prefix, name, cache, key) {
    this.prefix = prefix;
    this.name = name;
    this.cache = cache;
    this.key = key;
  }

  /** The kept snapshot as {bytes}, a promise of its bytes that rejects if they are damaged (so
   *  that a restore can start while they are read and checked); null when none is kept. */
  async kept() {
    let hit = null;
    try { hit = await this.cache.match(this.key); } catch { return null; }
    if (!hit) return null;
    const bytes = (async () => {
      const data = new Uint8Array(await hit.arrayBuffer());
      if (await sha256(data) !== hit.headers.get("x-sha256")) throw new Error("the kept engine snapshot is damaged");  // not a message: the console's
      return unpack(data);
    })();
    bytes.catch(() => {});      // reported where the restore awaits it
    return { bytes };
  }

  /** Keep a snapshot, dropping the other builds' of its kind; whether it was kept. Never throws.
   *  @param {Uint8Array} bytes @returns {Promise<boolean>} */
  async write(bytes) {
    try {
      const packed = pack(bytes);
      const headers = { "content-type": "application/octet-stream", "x-sha256": await sha256(packed) };
      await this.cache.put(this.key, new Response(packed, { headers }));
      for (const name of await caches.keys()) {
        if (name.startsWith(this.prefix) && name !== this.name) await caches.delete(name);
      }
      return true;
    } catch (err) {
      console.warn("The engine snapshot could not be kept (storage full or denied).", err);
      return false;
    }
  }

  async forget() {
    try { await this.cache.delete(this.key); } catch { /* nothing kept, nothing to drop */ }
  }
}
