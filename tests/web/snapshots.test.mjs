// The snapshot stores (web/js/snapshots.js) on a Cache Storage of their own: the engine's and the
// runtime's snapshots are kept side by side, each store drops only the other builds of its kind,
// a kept snapshot comes back byte for byte, and none is taken of a memory grown past the
// runtime's initial memory (its restore would fail: Pyodide issue #6254).
import assert from "node:assert/strict";
import { beforeEach, test } from "node:test";
import { KINDS, openSnapshots, restorable } from "../js/snapshots.js";

/** A Cache Storage in memory, as much of it as snapshots.js uses. */
class MemoryCaches {
  constructor() {
    /** @type {Map<string, Map<string, Response>>} */
    this.stores = new Map();
  }

  /** @param {string} name */
  async open(name) {
    if (!this.stores.has(name)) this.stores.set(name, new Map());
    const entries = /** @type {Map<string, Response>} */ (this.stores.get(name));
    return {
      put: async (/** @type {string} */ key, /** @type {Response} */ response) => {
        entries.set(key, new Response(await response.arrayBuffer(), { headers: response.headers }));
      },
      match: async (/** @type {string} */ key) => entries.get(key)?.clone(),
      delete: async (/** @type {string} */ key) => entries.delete(key),
    };
  }

  async keys() { return [...this.stores.keys()]; }

  /** @param {string} name */
  async delete(name) { return this.stores.delete(name); }
}

const ROOT = new URL("https://example.org/jetan/");
const MEMORY = 8 * 4096;
/** Memory as Python leaves it: some pages used, the rest zeros. @param {number} length */
const memory = (length) => Uint8Array.from({ length }, (_, i) => (i % 4096 < 100 ? 1 + (i % 251) : 0));

let caches = new MemoryCaches();
beforeEach(() => {
  caches = new MemoryCaches();
  Object.assign(globalThis, { caches, self: globalThis });
});

test("the engine's and the runtime's snapshots are kept side by side and come back whole", async () => {
  const engines = await openSnapshots("engine", "e1", ROOT);
  const runtimes = await openSnapshots("runtime", "r1", ROOT);
  assert.ok(engines && runtimes);
  assert.equal(await engines.kept(), null);
  assert.ok(await runtimes.write(memory(MEMORY)));
  assert.ok(await engines.write(memory(MEMORY - 5)));
  assert.deepEqual((await caches.keys()).sort(), [KINDS.runtime + "r1", KINDS.engine + "e1"]);
  const back = await (await engines.kept())?.bytes;
  assert.deepEqual(back, memory(MEMORY - 5));
  assert.deepEqual(await (await runtimes.kept())?.bytes, memory(MEMORY));
});

test("a build keeping its snapshot drops the other builds' of its kind only", async () => {
  const oldEngine = await openSnapshots("engine", "e1", ROOT);
  const oldRuntime = await openSnapshots("runtime", "r1", ROOT);
  await oldEngine?.write(memory(MEMORY));
  await oldRuntime?.write(memory(MEMORY));
  // An engine's release: a new engine, the same runtime.
  await (await openSnapshots("engine", "e2", ROOT))?.write(memory(MEMORY));
  assert.deepEqual((await caches.keys()).sort(), [KINDS.runtime + "r1", KINDS.engine + "e2"]);
  // A runtime's release.
  await (await openSnapshots("runtime", "r2", ROOT))?.write(memory(MEMORY));
  assert.deepEqual((await caches.keys()).sort(), [KINDS.runtime + "r2", KINDS.engine + "e2"]);
});

test("no snapshot is taken of a memory grown past the runtime's initial memory", () => {
  const initial = 30 * 1024 * 1024;        // Pyodide 314.0.7's, measured
  assert.equal(restorable(initial, initial), true);
  assert.equal(restorable(initial + 65536, initial), false);     // grown by one WebAssembly page
});

test("a damaged snapshot is refused, and forgetting it leaves none", async () => {
  const engines = await openSnapshots("engine", "e1", ROOT);
  await engines?.write(memory(MEMORY));
  const store = await caches.open(KINDS.engine + "e1");
  const kept = /** @type {Response} */ (await store.match(new URL("engine.snapshot", ROOT).href));
  const bytes = new Uint8Array(await kept.arrayBuffer());
  bytes[bytes.length >> 1] ^= 1;
  await store.put(new URL("engine.snapshot", ROOT).href, new Response(bytes, { headers: kept.headers }));
  await assert.rejects((await engines?.kept())?.bytes ?? Promise.resolve(), /damaged/);
  await engines?.forget();
  assert.equal(await engines?.kept(), null);
});

test("where Cache Storage is missing, nothing is kept and the engine starts the ordinary way", async () => {
  Object.assign(globalThis, { caches: undefined });
  assert.equal(await openSnapshots("engine", "e1", ROOT), null);
});
