// What the session, the engine's bridge and the storage say, in the reader's language: each keeps
// a message ({key, args}), never a sentence, and the page words it when it shows it — so a
// German reader reads German, and a change of language words the same message anew.
import assert from "node:assert/strict";
import { test } from "node:test";
import { say, setCatalogue } from "../js/i18n.js";
import { KEYS, MemoryStorage, NOT_KEPT, defaultSettings, readSaved, writeSaved } from "../js/storage.js";
import { SQ, catalogue, engines, settle, watched } from "./helpers.mjs";

const GERMAN = catalogue("de");
const ENGLISH = catalogue("en");

/** Speak German for the length of test ``t``, then English again. @param {import("node:test").TestContext} t */
function inGerman(t) {
  setCatalogue("de", GERMAN);
  t.after(() => setCatalogue("en", ENGLISH));
}

test("a notice is a message: in German for a German reader, in English after a switch", async (t) => {
  inGerman(t);
  const engine = engines(t)();
  // An engine that finds no move (a search answered without one).
  const request = engine.request.bind(engine);
  engine.request = (op, args, onProgress) => (op === "think" ? Promise.resolve({ ok: true, best: null, stopped: false })
    : request(op, args, onProgress));
  const { session, events } = watched(engine, { players: { black: "engine", orange: "human" } });
  session.show({ rules: "", start: "start", moves: [] });
  await session.start();
  await settle(engine);
  const notice = events.find(([type]) => type === "notice");
  assert.ok(notice, JSON.stringify(events));
  assert.deepEqual(notice[2], { key: "session.noMove" });
  assert.equal(notice[1], "Die Engine hat keinen Zug gefunden.");
  setCatalogue("en", ENGLISH);
  assert.equal(say(notice[2]), "The engine found no move.");
});

test("a move let go says why in German", async (t) => {
  inGerman(t);
  const engine = engines(t)({ held: true });
  const { session, events } = watched(engine);
  session.show({ rules: "", start: "start", moves: [] });
  session.press(SQ.d2);
  session.press(SQ.d5);                // kept while the engine loads; not legal once it is there
  engine.release();
  await settle(engine);
  assert.ok(events.some(([type, why]) => type === "dropped" && why === "er ist jetzt nicht zulässig"), JSON.stringify(events));
});

test("the engine restarted under a request: the reply's error is a message, worded in German", async (t) => {
  inGerman(t);
  const engine = engines(t)();
  const { session, events } = watched(engine);
  session.show({ rules: "", start: "start", moves: [] });
  await session.start();
  engine.die();
  const reply = await session.play({ from: SQ.d2, to: SQ.d3 });
  assert.ok(reply && !reply.ok && reply.restarted);
  assert.equal(say(reply.error), "die Engine wurde neu gestartet (sie hat nicht mehr geantwortet)");
  assert.ok(!events.some(([type]) => type === "notice"), "a restart is no notice");
});

test("a damaged saved game and damaged settings are reported in German", (t) => {
  inGerman(t);
  const storage = new MemoryStorage();
  storage.setItem(KEYS.saved, "{not json");
  const [damaged] = readSaved(storage).problems;
  assert.equal(say(damaged), "Deine gespeicherte Partie konnte nicht gelesen werden (ihr Text ist beschädigt); " +
                             "eine Kopie bleibt in diesem Browser unter „jetan.saved.damaged“ erhalten.");
  const game = { rules: "", start: "start", moves: ["d2-d3"] };
  const settings = (extra) => {
    storage.setItem(KEYS.saved, JSON.stringify({ version: 1, game, settings: { ...defaultSettings(), ...extra } }));
    return readSaved(storage).problems.map(say);
  };
  assert.deepEqual(settings({ scoring: "__proto__" }),
                   ["Eine gespeicherte Einstellung war beschädigt und steht wieder auf ihrem Standardwert: die Wertung."]);
  assert.deepEqual(settings({ level: 0, timeMs: "x" }),
                   ["2 gespeicherte Einstellungen waren beschädigt und stehen wieder auf ihren Standardwerten."]);
  const moves = { rules: "", start: "start", moves: [1] };
  storage.setItem(KEYS.saved, JSON.stringify({ version: 1, game: moves, settings: defaultSettings() }));
  assert.match(say(readSaved(storage).problems[0]), /^Deine gespeicherte Partie konnte nicht gelesen werden \(ihre Züge sind beschädigt\)/);
  // A save that fails, in German.
  const full = new MemoryStorage();
  full.setItem = () => { throw Object.assign(new Error("full"), { name: "QuotaExceededError" }); };
  const problem = writeSaved(full, { version: 1, game: { ...game, moves: ["d2-d3"] }, settings: defaultSettings(), position: null });
  assert.equal(problem, NOT_KEPT.full);
  assert.equal(say(problem), "Die Partie konnte in diesem Browser nicht gespeichert werden (sein Speicher ist voll).");
});

test("the worker's progress is a message the page words: German numbers, German words", (t) => {
  inGerman(t);
  // As worker.js sends it (megabytes as numbers, formatted by the page for its language).
  const step = { key: "worker.loading.downloaded", args: { done: 3.2, total: 13.4 } };
  assert.equal(say(step), "Die Engine wird geladen: 3,2 von 13,4 MB");
  setCatalogue("en", ENGLISH);
  assert.equal(say(step), "Downloading the engine: 3.2 of 13.4 MB");
});

test("an engine whose worker cannot start says why as messages, and restarts with a reason", async (t) => {
  inGerman(t);
  // A page whose worker is refused (a sandboxed frame's opaque origin), then allowed.
  const page = /** @type {any} */ (globalThis);
  const before = { location: page.location, Worker: page.Worker, origin: page.origin };
  t.after(() => Object.assign(page, before));
  page.location = new URL("http://localhost/index.html");
  page.origin = "null";
  const posted = [];
  page.Worker = class { postMessage(m) { posted.push(m); } terminate() {} };
  const { Engine } = await import("../js/engine.js");
  const heard = [];
  const engine = new Engine({ onStatus: (state, detail) => heard.push([state, detail]) });
  t.after(() => clearInterval(engine.watch));
  assert.equal(engine.failed, true);
  const [[state, why]] = heard;
  assert.equal(state, "error");
  assert.equal(why.key, "startup.sandboxed");
  const refused = await engine.request("state", {});
  assert.match(say(refused.error), /^die Engine konnte nicht starten: diese Seite darf den Hintergrundprozess der Engine nicht starten: .*sandbox="allow-scripts allow-same-origin"/);
  // Allowed now: a request waits, the worker goes silent and is replaced; the request is sent again.
  page.origin = "http://localhost";
  engine.restart("retry");
  assert.deepEqual(heard[1], ["restarting", { key: "startup.reason.retry" }]);
  assert.equal(engine.failed, false);
  engine.receive({ status: "loading", detail: { key: "worker.loading.starting" }, fraction: 0.9 });
  assert.equal(say(/** @type {any} */ (heard[2][1])), "Die Engine wird gestartet");
  const search = engine.request("think", { time_ms: 100 });
  engine.restart("silent");
  const answer = await search;
  assert.equal(answer.restarted, true);
  assert.equal(say(answer.error), "die Engine wurde neu gestartet (sie hat nicht mehr geantwortet)");
  engine.receive({ status: "error", detail: { key: "worker.package.damaged" } });
  assert.equal(say(await engine.request("state", {}).then((r) => r.error)),
               "die Engine konnte nicht starten: das Paket der Jetan-Engine ist beschädigt");
});
