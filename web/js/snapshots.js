// The engine's memory snapshot: the WebAssembly memory of a Python that has our engine imported
// (Pyodide's makeMemorySnapshot), kept in Cache Storage so that later visits restore it in
// about half a second instead of starting Python afresh (README, "Start-up").
//
// A snapshot belongs to one engine: it is kept under the hash of our wheel and the runtime's files
// (build-info.js's BUILD.engine), so a release that changes neither keeps it, and an engine's
// first keeping drops every other. It is checked against its own SHA-256 before use, so a damaged one
// is never restored. Storage may be missing, denied (private windows) or full: every step here
// then gives up quietly, and the engine starts the ordinary way.

const PREFIX = "jetan-snapshot-";

/** Hex SHA-256 of some bytes. */
export async function sha256(bytes) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** The snapshot store of one engine (BUILD.engine), or null when this browser lets us keep nothing. */
export async function openSnapshots(engine, root) {
  try {
    if (!self.caches) return null;
    const name = PREFIX + engine;
    return new Snapshots(name, await caches.open(name), new URL("engine.snapshot", root).href);
  } catch (err) {
    console.info("Cache Storage is not available; the engine starts without a snapshot.", err);
    return null;
  }
}

class Snapshots {
  constructor(name, cache, key) {
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
      if (await sha256(data) !== hit.headers.get("x-sha256")) throw new Error("the kept engine snapshot is damaged");
      return data;
    })();
    bytes.catch(() => {});      // reported where the restore awaits it
    return { bytes };
  }

  /** Keep a snapshot, dropping those of other builds. Never throws. */
  async write(bytes) {
    try {
      const headers = { "content-type": "application/octet-stream", "x-sha256": await sha256(bytes) };
      await this.cache.put(this.key, new Response(bytes, { headers }));
      for (const name of await caches.keys()) {
        if (name.startsWith(PREFIX) && name !== this.name) await caches.delete(name);
      }
    } catch (err) {
      console.warn("The engine snapshot could not be kept (storage full or denied).", err);
    }
  }

  async forget() {
    try { await this.cache.delete(this.key); } catch { /* nothing kept, nothing to drop */ }
  }
}
