// What the app reads before anything is shown, under Node: the saved game and settings
// (web/js/storage.js) and links (web/js/share.js), damaged, hostile or generated at random. A
// setting that is damaged falls back to its default and is named; a link that cannot be read
// is an error of its own (ShareError), and one that reads but holds no valid game is refused by
// the engine (the real facade): either way the app says so and changes nothing (the browser
// keeps one link of each kind: tests/browser/test_nothing_lost.py).
import assert from "node:assert/strict";
import { test } from "node:test";
import { ShareError, decodeGame, decodeLink } from "../js/share.js";
import { say } from "../js/i18n.js";
import { KEYS, MemoryStorage, NOT_KEPT, defaultSettings, newGame, readSaved, remember, writeSaved } from "../js/storage.js";
import { engines } from "./helpers.mjs";

const OWN = ["d2-d3", "g9-g8"];

/** A storage holding ``raw`` as the saved game. */
function storing(raw) {
  const storage = new MemoryStorage();
  storage.setItem(KEYS.saved, raw);
  return storage;
}

const DAMAGED_SETTINGS = [
  [{ players: null }, "players"],
  [{ scoring: "__proto__" }, "scoring"],
  [{ scoring: "toString" }, "scoring"],
  [{ timeMs: 0 }, "timeMs"],
  [{ level: "6; alert(1)" }, "level"],
];

/** What is read back from a save of ``settings`` beside a good game. @param {unknown} settings */
const withSettings = (settings) =>
  readSaved(storing(JSON.stringify({ version: 1, game: { rules: "", start: "start", moves: OWN }, settings })));

test("damaged settings fall back to their defaults, each named; the game is kept", () => {
  for (const [damage, name] of DAMAGED_SETTINGS) {
    const read = withSettings({ ...defaultSettings(), players: { black: "human", orange: "engine" }, level: 1, ...damage });
    assert.deepEqual(read.game.moves, OWN, name);
    assert.deepEqual(read.settings[name], defaultSettings()[name], name);
    assert.equal(read.problems.length, 1, name);
    // A message naming the setting in words (its own message), worded by the page.
    assert.deepEqual(read.problems[0], { key: "storage.settingReset", args: { setting: { key: `storage.setting.${name}` } } });
    assert.match(say(read.problems[0]), /^A saved setting was damaged and is back to its default: \w.+\.$/);
  }
  assert.equal(say(withSettings({ scoring: "__proto__" }).problems[0]),
               "A saved setting was damaged and is back to its default: the scoring.");
  // Several are counted; settings that are no settings at all are all reset.
  const several = withSettings({ scoring: "toString", level: 0, timeMs: "x" });
  assert.equal(say(several.problems[0]), "3 saved settings were damaged and are back to their defaults.");
  assert.equal(say(withSettings(5).problems[0]), "Your saved settings were damaged and are back to their defaults.");
});

test("a damaged or huge saved game is moved aside, whole, and nothing is read from it", () => {
  for (const raw of ["{not json", "x".repeat(3_000_000)]) {
    const storage = storing(raw);
    const read = readSaved(storage);
    assert.equal(read.game, null);
    assert.equal(read.problems[0].key, "storage.damaged.kept");
    assert.equal(say(read.problems[0]), 'Your saved game could not be read (its text is damaged); a copy is kept in ' +
                                        'this browser as "jetan.saved.damaged".');
    assert.equal(storage.getItem(KEYS.damaged), raw);
  }
});

// Links that hold no game: each is either unreadable (ShareError: "could not be read") or holds a
// game the engine refuses ("not valid").
const BAD_LINKS = ["#moves=", "#rules=", "#start=", "#moves", "#&", "#moves=,,,", "#start=start", "#moves=%20",
                   "#moves=d2-d3&moves=e2-e3", "#moves=zz", "#start=<script>alert(1)</script>", "#moves=d2-d3,zz",
                   "#moves=d2-d5"];

test("a bad or empty link is unreadable, or holds a game the engine refuses", async (t) => {
  const engine = engines(t)();
  const kinds = {};
  for (const link of BAD_LINKS) {
    let linked;
    try {
      linked = decodeLink(link);
    } catch (err) {
      assert.ok(err instanceof ShareError, `${link}: ${err}`);
      kinds[link] = "unreadable";
      continue;
    }
    assert.ok(linked, link);
    const { rules, start, moves } = linked.game;
    const reply = await engine.request("state", { rules, start, moves, resigned: null, agreed: false, flagged: null,
                                                  seed: 0, headers: {}, known: 0 });
    assert.equal(reply.ok, false, `${link} was taken as a game`);
    assert.ok(reply.error);
    kinds[link] = "refused";
  }
  assert.equal(kinds["#moves=d2-d3,zz"], "unreadable");
  assert.equal(kinds["#moves=d2-d5"], "refused");
});

// Hostile links: each refused with its reason, by the link's reader or by the engine ("not
// valid": the app's words for a game the engine refuses). The browser keeps two, and checks
// that nothing in them runs (tests/browser/test_links.py).
const XSS = "<img src=x onerror=window.__xss=1>";
const HOSTILE_LINKS = [
  [`#1;r=${XSS};m=d2d3`, "not valid"],
  [`#1;s=${XSS.replaceAll(" ", "_")}`, "not valid"],
  ["#1;m=d2d3;ply=<script>window.__xss=1</script>", "not a number"],
  ["#1;m=<svg/onload=window.__xss=1>", "is not a move"],
  ["#1;o=<b>orange</b>;m=d2d3", "orientation"],
  [`#1;m=${Array(10000).fill("a1a2").join(",")}`, "not valid"],
  ["#9;m=d2d3", "newer version"],
];

test("a hostile link is refused with its reason, by the link's reader or by the engine", async (t) => {
  const engine = engines(t)();
  for (const [link, reason] of HOSTILE_LINKS) {
    let linked;
    try {
      linked = decodeLink(link);
    } catch (err) {
      assert.ok(err instanceof ShareError, `${link.slice(0, 60)}: ${err}`);
      assert.ok(err.message.includes(reason), `${link.slice(0, 60)}: ${err.message}`);
      continue;
    }
    assert.equal(reason, "not valid", `${link.slice(0, 60)} was read`);
    const { rules, start, moves } = linked.game;
    const reply = await engine.request("state", { rules, start, moves, resigned: null, agreed: false, flagged: null,
                                                  seed: 0, headers: {}, known: 0 });
    assert.equal(reply.ok, false, `${link.slice(0, 60)} was taken as a game`);
  }
});

// ---- generated saved data and links ------------------------------------------------------

/** A small seeded generator (mulberry32), so that every run checks the same cases. */
function random(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = a;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
  return { random: next, int: (lo, hi) => lo + Math.floor(next() * (hi - lo + 1)), choice: (xs) => xs[Math.floor(next() * xs.length)] };
}

function randomValue(rng, depth = 0) {
  const kind = rng.choice(["null", "bool", "int", "float", "text", "special", ...(depth < 3 ? ["list", "dict"] : [])]);
  if (kind === "null") return null;
  if (kind === "bool") return rng.random() < 0.5;
  if (kind === "int") return rng.choice([0, -1, 1, 6, 7, 100, 2000, 10 ** 12, -(10 ** 9)]);
  if (kind === "float") return rng.choice([0.5, 1e308, -0, 3.25]);
  if (kind === "text") {
    return Array.from({ length: rng.int(0, 12) }, () => rng.choice([..."ab-_<>\"'%&#=,/\\ 0123456789"])).join("");
  }
  if (kind === "special") {
    return rng.choice(["__proto__", "constructor", "toString", "human", "engine", "black", "smith", "technical", "d2-d3",
                       "<img src=x onerror=alert(1)>"]);
  }
  if (kind === "list") return Array.from({ length: rng.int(0, 3) }, () => randomValue(rng, depth + 1));
  const keys = ["players", "level", "timeMs", "flipped", "notation", "scoring", "black", "orange", "__proto__", "rules",
                "start", "moves", "resigned", "headers", "game", "settings"];
  const dict = {};
  for (let i = rng.int(0, 4); i > 0; i -= 1) {
    // (defined, not assigned: "__proto__" becomes a key of its own, as JSON.parse makes it)
    Object.defineProperty(dict, rng.choice(keys), { value: randomValue(rng, depth + 1), enumerable: true,
                                                    configurable: true, writable: true });
  }
  return dict;
}

function randomFragment(rng) {
  const parts = [];
  for (let i = rng.int(0, 4); i > 0; i -= 1) {
    const key = rng.choice(["rules", "start", "moves", "moves", "x", "__proto__", ""]);
    const value = rng.choice(["", "d2-d3", "d2-d3,g9-g8", "thoat%3Dwild", "%E0%A4%A", "<script>", "start", ",,", "d2-d3/a",
                              "j10-a1", "pass", "%00"]);
    parts.push(rng.random() < 0.8 ? `${key}=${value}` : key);
  }
  return `#${parts.join("&")}`;
}

test("generated saved data and links never break the checks", () => {
  const rng = random(13);
  const saves = [];
  for (let i = 0; i < 300; i += 1) {
    const g = rng.random() < 0.5 ? randomValue(rng) : { rules: "", start: "start", moves: randomValue(rng) };
    saves.push(JSON.stringify({ version: 1, game: g, settings: randomValue(rng) }));
  }
  for (let i = 0; i < 100; i += 1) saves.push(JSON.stringify(randomValue(rng)));
  const failures = [];
  for (const raw of saves) {
    try {
      const { game, settings } = readSaved(storing(raw));
      const okPlayers = ["black", "orange"].every((s) => ["human", "engine"].includes(settings.players[s]));
      if (!okPlayers || !Number.isInteger(settings.level) || settings.timeMs < 100 || typeof settings.flipped !== "boolean" ||
          !/^[a-z][a-z-]*$/.test(settings.scoring) || (game && !game.moves.every((m) => typeof m === "string"))) {
        failures.push(["bad result", raw]);
      }
    } catch (err) { failures.push([String(err), raw]); }
  }
  for (let i = 0; i < 300; i += 1) {
    const link = randomFragment(rng);
    try {
      const g = decodeGame(link);
      if (g && (typeof g.rules !== "string" || !Array.isArray(g.moves))) failures.push(["bad game", link]);
    } catch (err) { if (!(err instanceof ShareError)) failures.push([String(err), link]); }
  }
  assert.deepEqual(failures, []);
});

test("replacing a game of no moves keeps nothing and is no failure (no 'storage is full')", () => {
  const storage = new MemoryStorage();
  assert.equal(remember(storage, newGame()), null);
  assert.equal(storage.getItem(KEYS.recent), "[]");
  assert.equal(remember(storage, { ...newGame(), moves: ["d2-d3"] }), null);
  assert.equal(JSON.parse(/** @type {string} */ (storage.getItem(KEYS.recent))).length, 1);
});

test("a game that cannot be kept says so, with one message each time (the page says it once)", () => {
  const storage = new MemoryStorage();
  storage.setItem = () => { throw Object.assign(new Error("full"), { name: "QuotaExceededError" }); };
  const data = { version: 1, game: { ...newGame(), moves: OWN }, settings: defaultSettings(), position: null };
  const first = writeSaved(storage, data);
  assert.equal(first, NOT_KEPT.full);
  assert.equal(writeSaved(storage, data), first);
  assert.equal(say(first), "The game could not be saved in this browser (its storage is full).");
  assert.equal(remember(storage, { ...newGame(), moves: OWN }), NOT_KEPT.notRemembered);
});
