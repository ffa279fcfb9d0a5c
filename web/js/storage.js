// The saved game, the settings and the recent games in the browser's storage. Everything read
// back is checked field by field (a wrong value falls back to its default, and the caller is
// told which); nothing is looked up by a user-supplied name on a plain object; a write that
// fails says why instead of throwing — a message ({key, args}: i18n.js), worded by the page that
// shows it. No DOM, so Node can test it with a stand-in storage.
// The engine's facts (levels, notations, sides, how long a game and its texts may be) come from
// engine-data.js (py_engine/webbuild/facts.py).
import { LEVELS, LIMITS, NOTATION, SIDES } from "../engine-data.js";
import { ReasonError, message } from "./i18n.js";
import { isGameId } from "./live-protocol.js";
import { BLACK } from "./position.js";
import { MOVE } from "./share.js";

/**
 * @typedef {import("./i18n.js").Message} Message
 * @typedef {import("./session.js").GameData} GameData
 * @typedef {import("./session.js").GameWithPlayers} GameWithPlayers
 * @typedef {import("./session.js").Players} Players
 * @typedef {ReturnType<typeof defaultSettings>} Settings   the page's settings (who plays lives in
 *   the session while a game is on)
 * @typedef {{game: GameWithPlayers, saved: number}} RecentGame   a recent game, and when it was
 *   kept (ms since 1970)
 */

/** Where each is kept in the browser's storage (names, not words). */
export const KEYS = { saved: "jetan.saved", damaged: "jetan.saved.damaged", recent: "jetan.recent" };
const RECENT_MAX = 12;
/** The app's own range for the engine's time a move (ms), well inside what the engine takes
 *  (LIMITS.time_ms_min to LIMITS.time_ms_max): an app setting, not a rule. */
export const TIME_MS = { min: Math.max(100, LIMITS.time_ms_min), max: Math.min(60000, LIMITS.time_ms_max) };

export function defaultSettings() {
  return { players: playersFor(BLACK), level: 3, timeMs: 2000, flipped: false,
           notation: NOTATION.styles[0], scoring: "smith", sound: true, autoFlip: false };
}

/** Each side's value in ``v`` (an object keyed by side), and nothing else.
 *  @type {<T>(v: Record<string, T>) => Record<string, T>} */
const bySide = (v) => Object.fromEntries(SIDES.map((side) => [side, v[side]]));

/** Who plays: ``you`` is a side (you against the engine), or null (two people): each side
 *  "human" or "engine". @param {?string} you @returns {import("./session.js").Players} */
export function playersFor(you) {
  return /** @type {import("./session.js").Players} */ (
    Object.fromEntries(SIDES.map((side) => [side, !you || side === you ? "human" : "engine"])));
}

/** A new game of ``rules`` from ``start``, with a clock (its time control) or none; ``live``: a
 *  game with a friend on another device (live.js), whose seed the two devices will agree.
 *  @param {string} [rules] @param {string} [start]
 *  @param {{clock?: ?{initial: number, increment: number}, correspondence?: boolean,
 *    live?: ?{id: string, side: string, host: boolean}}} [options]
 *  @returns {import("./session.js").GameData} */
export function newGame(rules = "", start = "start", { clock = null, correspondence = false, live = null } = {}) {
  /** @type {import("./session.js").GameData} */
  const game = { rules, start, moves: [], resigned: null, headers: {}, seed: randomSeed() };
  if (clock) game.clock = { ...clock, ...Object.fromEntries(SIDES.map((side) => [side, clock.initial])) };
  if (correspondence) game.correspondence = true;
  if (live) game.live = { id: live.id, side: live.side, host: live.host, seeded: false };
  return game;
}

/** Why a stored game cannot be read (a ReasonError: its ``reason`` the message). */
export class StorageError extends ReasonError {}

/** What went wrong keeping a game, each message one object, so that the page can tell a new
 *  problem from the one it has shown already (app.js says each once). */
export const NOT_KEPT = Object.freeze({
  damagedStays: message("storage.notSaved.damagedStays"),   // the damaged save could not be moved aside
  noRoomForBoth: message("storage.notSaved.noRoomForBoth"), // ... nor the game saved before it kept
  full: message("storage.notSaved.full"),
  notRemembered: message("storage.notRemembered"),          // the game replaced not kept among the recent
});

/** A storage kept in memory: what the page uses where the browser's is denied (blocked site
 *  data, a sandboxed frame, some private modes). Games then live as long as the tab. */
/** A page's storage: the browser's, or one in memory when that is refused.
 *  @typedef {Storage | MemoryStorage} Store */

export class MemoryStorage {
  constructor() { /** @type {Map<string, string>} */ this.items = new Map(); }
  get length() { return this.items.size; }
  /** @param {number} i */
  key(i) { return [...this.items.keys()][i] ?? null; }
  /** @param {string} k */
  getItem(k) { return this.items.get(k) ?? null; }
  /** @param {string} k @param {string} v */
  setItem(k, v) { this.items.set(k, String(v)); }
  /** @param {string} k */
  removeItem(k) { this.items.delete(k); }
}

/** The browser's storage if the page may use it, else a MemoryStorage: {storage, persistent}.
 *  Merely reading ``localStorage`` throws where it is denied, so it is only touched here.
 *  @param {() => Storage} [browserStorage] @returns {{storage: Storage | MemoryStorage, persistent: boolean}} */
export function openStorage(browserStorage = () => globalThis.localStorage) {
  try {
    const storage = browserStorage();
    const probe = "jetan.probe";
    storage.setItem(probe, "1");
    storage.removeItem(probe);
    return { storage, persistent: true };
  } catch {
    return { storage: new MemoryStorage(), persistent: false };
  }
}

/** Did a write fail for want of room? @param {unknown} err what the write threw */
const isFull = (err) => {
  // (Read as properties are read of any value: a thrown string has neither.)
  const { name, code } = /** @type {{name?: unknown, code?: unknown}} */ (Object(err));
  return Boolean(err) && (name === "QuotaExceededError" || code === 22 || code === 1014);
};

/** @param {unknown} v @returns {v is Object<string, unknown>} */
const isObject = (v) => v !== null && typeof v === "object" && !Array.isArray(v);
/** ``obj``'s own field ``key``, if it is an object that has one. @param {unknown} obj @param {string} key */
const field = (obj, key) => (isObject(obj) && Object.hasOwn(obj, key) ? obj[key] : undefined);
/** @param {unknown} v @param {number} limit @returns {v is string} */
const isText = (v, limit) => typeof v === "string" && v.length <= limit;
/** @param {unknown} v @param {number} low @param {number} high @returns {v is number} */
const wholeIn = (v, low, high) => typeof v === "number" && Number.isInteger(v) && v >= low && v <= high;
/** @param {unknown} v @returns {v is string} */
const isSide = (v) => typeof v === "string" && SIDES.includes(v);
/** Each side "human", "engine" or "friend" (a live game's). @param {unknown} v @returns {v is Players} */
const isPlayers = (v) => SIDES.every((s) => {
  const who = field(v, s);
  return who === "human" || who === "engine" || who === "friend";
});
const HEADER_NAME = new RegExp(`^(?:${LIMITS.header_name})$`);

/** checkSettings's name for settings stored as no object at all. */
const ALL_SETTINGS = "all settings";   // not a message: a name, worded by settingsProblem

/** Each setting: is a stored value acceptable? @type {Record<keyof Settings, (v: unknown) => boolean>} */
const SETTINGS = {
  players: isPlayers,
  level: (v) => typeof v === "number" && LEVELS.includes(v),
  timeMs: (v) => wholeIn(v, TIME_MS.min, TIME_MS.max),
  flipped: (v) => typeof v === "boolean",
  notation: (v) => typeof v === "string" && NOTATION.styles.includes(v),
  scoring: (v) => typeof v === "string" && /^[a-z][a-z-]{0,29}$/.test(v),
  sound: (v) => typeof v === "boolean",
  autoFlip: (v) => typeof v === "boolean",
};

/** A game's seed: it fixes the outcome of each duel (by move number), so that taking a move
 *  back and playing it again gives the same outcome. */
export const randomSeed = () => Math.floor(Math.random() * 2 ** 32);

/** A game's clock as stored: the time control (minutes and increment, in ms) and each side's
 *  time left when the last move was made (ms).
 *  @param {unknown} v @returns {v is import("./session.js").Clock} */
export function isClock(v) {
  const ms = (/** @type {unknown} */ x) => wholeIn(x, 0, 24 * 3600 * 1000);
  return isObject(v) && ["initial", "increment", ...SIDES].every((k) => ms(field(v, k)));
}

/** Each setting's name in words, for a person told it was reset. @type {Record<keyof Settings, string>} */
const SETTING_NAMES = {
  players: "storage.setting.players", level: "storage.setting.level", timeMs: "storage.setting.timeMs",
  flipped: "storage.setting.flipped", notation: "storage.setting.notation", scoring: "storage.setting.scoring",
  sound: "storage.setting.sound", autoFlip: "storage.setting.autoFlip",
};

/** Stored settings checked one by one: {settings, rejected: [names of the values dropped]}
 *  ("all settings" where what was stored was not settings at all).
 *  @param {unknown} raw */
export function checkSettings(raw) {
  const settings = defaultSettings();
  /** @type {Object<string, unknown>} the settings by name, as each is read */
  const byName = settings;
  /** @type {string[]} */
  const rejected = [];
  if (raw === undefined) return { settings, rejected };
  if (!isObject(raw)) return { settings, rejected: [ALL_SETTINGS] };
  for (const [name, ok] of Object.entries(SETTINGS)) {
    const value = field(raw, name);
    if (value === undefined) continue;
    if (ok(value)) byName[name] = name === "players" ? bySide(/** @type {Players} */ (value)) : value;
    else rejected.push(name);
  }
  return { settings, rejected };
}

/** A stored game (rules, start, moves, resigned, headers) in its exact shape, or StorageError.
 *  @param {unknown} raw @returns {GameWithPlayers} */
export function checkGame(raw) {
  if (!isObject(raw)) throw new StorageError(message("storage.why.notGame"));
  const rules = field(raw, "rules"), start = field(raw, "start"), moves = field(raw, "moves");
  if (!isText(rules, LIMITS.rules_text) || !isText(start, LIMITS.position_text)) throw new StorageError(message("storage.why.rules"));
  if (!Array.isArray(moves) || moves.length > LIMITS.plies || !moves.every((m) => typeof m === "string" && MOVE.test(m))) {
    throw new StorageError(message("storage.why.moves"));
  }
  const resigned = field(raw, "resigned") ?? null;
  if (resigned !== null && !isSide(resigned)) throw new StorageError(message("storage.why.resigned"));
  /** @type {Object<string, string>} */
  const headers = {};
  const rawHeaders = field(raw, "headers");
  if (isObject(rawHeaders)) {
    for (const [k, v] of Object.entries(rawHeaders).slice(0, LIMITS.headers)) {
      if (HEADER_NAME.test(k) && isText(v, LIMITS.header_text)) headers[k] = v;
    }
  }
  // Comments by ply, each part a short text; a damaged one is left out, the game kept.
  /** @type {Object<string, import("./session.js").Comment>} */
  const comments = {};
  const rawComments = field(raw, "comments");
  if (isObject(rawComments)) {
    for (const [ply, note] of Object.entries(rawComments).slice(0, LIMITS.plies + 1)) {
      if (!/^\d{1,5}$/.test(ply) || Number(ply) > moves.length || !isObject(note)) continue;
      const [text, arrows, marks] = ["text", "arrows", "marks"].map((part) => field(note, part) ?? "");
      if (isText(text, LIMITS.comment) && isText(arrows, LIMITS.comment) && isText(marks, LIMITS.comment)) {
        comments[ply] = { text, arrows, marks };
      }
    }
  }
  const players = field(raw, "players");
  /** @type {GameWithPlayers} */
  const game = { rules, start: start || "start", moves: [...moves], resigned, headers };
  if (Object.keys(comments).length) game.comments = comments;
  // How it may have ended besides the board, its seed, its clock, and whether it is played by
  // correspondence; a damaged one of these is left out, the game kept.
  const seed = field(raw, "seed");
  if (wholeIn(seed, 0, 2 ** 53 - 1)) game.seed = seed;
  if (field(raw, "agreed") === true) game.agreed = true;
  const flagged = field(raw, "flagged");
  if (isSide(flagged)) game.flagged = flagged;
  const clock = field(raw, "clock");
  if (isClock(clock)) game.clock = { initial: clock.initial, increment: clock.increment, ...bySide(clock) };
  if (field(raw, "correspondence") === true) game.correspondence = true;
  const live = checkLive(field(raw, "live"));
  if (live) game.live = live;
  // Who played it, kept with a recent game so that reopening it restores that too.
  if (isPlayers(players)) game.players = bySide(players);
  return game;
}

/** A live game's record (session.js's LiveRecord) as stored, or null if it is not one.
 *  @param {unknown} raw @returns {?import("./session.js").LiveRecord} */
function checkLive(raw) {
  const id = field(raw, "id"), side = field(raw, "side"), host = field(raw, "host"), seeded = field(raw, "seeded");
  if (!isGameId(id) || !isSide(side) || typeof host !== "boolean" || typeof seeded !== "boolean") return null;
  return { id, side, host, seeded };
}

/** The live game of id ``id`` kept here — the saved game, or else a recent one — so that a page
 *  reloaded, or opened again, can reconnect to it; null if there is none.
 *  @param {Store} storage @param {string} id @returns {?GameWithPlayers} */
export function findLiveGame(storage, id) {
  const saved = storedGame(storage);
  if (saved && saved.live && saved.live.id === id) return saved;
  return recentGames(storage).map((entry) => entry.game).find((game) => game.live && game.live.id === id) ?? null;
}

/** What was saved: {game, settings, position, problems: [messages, each a sentence]} (game null
 *  if none).
 *  @param {Store} storage */
export function readSaved(storage) {
  /** @type {{game: ?GameWithPlayers, settings: Settings, position: ?string, problems: Message[]}} */
  const out = { game: null, settings: defaultSettings(), position: null, problems: [] };
  const raw = storage.getItem(KEYS.saved);
  if (raw === null) return out;
  let value;
  try { value = JSON.parse(raw); } catch { value = undefined; }
  if (!isObject(value)) {
    out.problems.push(keepDamaged(storage, raw, message("storage.why.unreadable")));
    return out;
  }
  const { settings, rejected } = checkSettings(field(value, "settings"));
  out.settings = settings;
  if (rejected.length) out.problems.push(settingsProblem(rejected));
  try {
    out.game = checkGame(field(value, "game"));
    const position = field(value, "position");
    out.position = isText(position, LIMITS.position_text) ? position : null;
  } catch (err) {
    out.problems.push(keepDamaged(storage, raw, err instanceof StorageError ? err.reason : message("storage.why.unreadable")));
  }
  return out;
}

/** The settings ``rejected`` (checkSettings) back to their defaults, said: one by its name, more
 *  by how many. @param {string[]} rejected @returns {Message} */
function settingsProblem(rejected) {
  const [name] = rejected;
  if (rejected.length > 1) return message("storage.settingsReset", { count: rejected.length });
  if (!Object.hasOwn(SETTING_NAMES, name)) return message("storage.allSettingsReset");
  return message("storage.settingReset", { setting: message(SETTING_NAMES[/** @type {keyof Settings} */ (name)]) });
}

// The storages whose unreadable save could not be copied aside: it stays where it is, unwritten.
const unkeptDamage = new WeakSet();

/** Keep an unreadable save under KEYS.damaged before anything can overwrite it; says why it
 *  could not be read (``why``, a message) and what became of it.
 *  @param {Store} storage @param {string} raw @param {Message} why @returns {Message} */
function keepDamaged(storage, raw, why) {
  try {
    storage.setItem(KEYS.damaged, raw);
  } catch {
    // No room for two copies: move it rather than copy it.
    storage.removeItem(KEYS.saved);
    try { storage.setItem(KEYS.damaged, raw); } catch {
      storage.setItem(KEYS.saved, raw);
      unkeptDamage.add(storage);
      return message("storage.damaged.left", { why });
    }
  }
  return message("storage.damaged.kept", { why, key: KEYS.damaged });
}

/**
 * Save ``data`` ({version, game, settings, position}); returns null, or what went wrong (one of
 * NOT_KEPT).
 *
 * One rule keeps every game: the saved game is overwritten only when nothing is lost by it —
 * the game stored there is this one continued, or the one this tab wrote last (``mine``) taken
 * back, or it is kept among the recent games. Otherwise (another tab saved a game of its own,
 * say) it is put among the recent games first, and if even that fails the save is refused and
 * it stays. When the storage is full, the oldest recent games give way, never the saved game.
 */
/** @param {Store} storage @param {{version: number, game: GameData, settings: Settings, position: ?string}} data
 *  @param {{mine?: ?GameData}} [options] @returns {?Message} */
export function writeSaved(storage, data, { mine = null } = {}) {
  if (unkeptDamage.has(storage)) return NOT_KEPT.damagedStays;
  // What this page wrote last is known without reading it back (a long game's every move).
  const stored = storage.getItem(KEYS.saved);
  const last = lastWritten.get(storage);
  const theirs = stored !== null && last && stored === last.text ? last.game : storedGame(storage);
  if (theirs && !overwritable(storage, theirs, data.game, mine)) {
    const problem = remember(storage, theirs, data.game);
    if (problem) return NOT_KEPT.noRoomForBoth;
  }
  const text = JSON.stringify(data);
  if (!writeMakingRoom(storage, KEYS.saved, text)) return NOT_KEPT.full;
  lastWritten.set(storage, { text, game: { ...data.game, moves: [...data.game.moves] } });
  return null;
}

/** The text each storage was last given by writeSaved here, and its game.
 *  @type {WeakMap<Store, {text: string, game: GameData}>} */
const lastWritten = new WeakMap();

/** The game in the saved slot now, checked, or null (none, or damaged: readSaved deals with it).
 *  @param {Store} storage */
function storedGame(storage) {
  try {
    const value = JSON.parse(storage.getItem(KEYS.saved) ?? "null");
    return isObject(value) ? checkGame(field(value, "game")) : null;
  } catch {
    return null;
  }
}

/** @param {string[]} short @param {string[]} long */
const isPrefix = (short, long) => short.length <= long.length && short.every((m, i) => m === long[i]);
/** Two games of one line: the same rules and start, one's moves the start of the other's.
 *  @param {GameData} a @param {GameData} b */
const sameLine = (a, b) => a.rules === b.rules && a.start === b.start &&
  (isPrefix(a.moves, b.moves) || isPrefix(b.moves, a.moves));

/** Whether writing ``ours`` over ``theirs`` loses no game (``mine``: the game this tab wrote last).
 *  @param {Store} storage @param {GameData} theirs @param {GameData} ours @param {?GameData} mine */
function overwritable(storage, theirs, ours, mine) {
  if (!theirs.moves.length) return true;
  if (sameLine(theirs, ours) && (isPrefix(theirs.moves, ours.moves) || (mine && sameGame(theirs, mine)))) return true;
  return recentGames(storage).some((e) => sameGame(e.game, theirs));
}

/** Write ``value`` under ``key``, the oldest recent games giving way while the storage is full
 *  (never ``keep``, the game being remembered). Returns whether it was written.
 *  @param {Store} storage @param {string} key @param {string} value @param {?GameData} [keep] */
function writeMakingRoom(storage, key, value, keep = null) {
  for (;;) {
    try {
      storage.setItem(key, value);
      return true;
    } catch (err) {
      if (!isFull(err)) return false;
      const list = recentGames(storage);
      const oldest = list.length - 1;
      if (oldest < 0 || (keep && oldest === 0 && sameGame(list[0].game, keep))) return false;
      try { storage.setItem(KEYS.recent, JSON.stringify(list.slice(0, oldest))); } catch { return false; }
    }
  }
}

/** The recent games, newest first: [{game, saved (ms since 1970)}].
 *  @param {Store} storage @returns {RecentGame[]} */
export function recentGames(storage) {
  let list;
  try { list = JSON.parse(storage.getItem(KEYS.recent) || "[]"); } catch { return []; }
  if (!Array.isArray(list)) return [];
  /** @type {RecentGame[]} */
  const out = [];
  for (const entry of list.slice(0, RECENT_MAX)) {
    try { out.push({ game: checkGame(field(entry, "game")), saved: Number(field(entry, "saved")) || 0 }); }
    catch { /* a damaged entry is skipped */ }
  }
  return out;
}

/** @param {GameData} a @param {GameData} b */
const sameGame = (a, b) => a.rules === b.rules && a.start === b.start && a.moves.join() === b.moves.join();

/** Keep a game that is about to be replaced among the recent games (not an empty one; an
 *  earlier state of the same game gives way to it), and take out the one replacing it (it is
 *  the current game now). When the storage is full the oldest entries give way. Returns null or
 *  what went wrong (NOT_KEPT.notRemembered). @param {Store} storage @param {import("./session.js").GameData} game
 *  @param {?import("./session.js").GameData} [next] @param {number} [now] @returns {?Message} */
export function remember(storage, game, next = null, now = Date.now()) {
  const others = recentGames(storage).filter((e) => !(sameLine(e.game, game) && isPrefix(e.game.moves, game.moves)) &&
                                                   !(next && sameGame(e.game, next)));
  const list = (game && game.moves.length ? [{ game, saved: now }, ...others] : others).slice(0, RECENT_MAX);
  // Nothing to keep (a game of no moves replaced, no other kept): an empty list, which fits.
  if (!list.length) {
    try { storage.setItem(KEYS.recent, "[]"); } catch { /* the list stays as it was */ }
    return null;
  }
  for (let keep = list.length; keep >= 1; keep--) {
    try {
      storage.setItem(KEYS.recent, JSON.stringify(list.slice(0, keep)));
      return null;
    } catch (err) {
      if (!isFull(err)) break;
    }
  }
  return NOT_KEPT.notRemembered;
}
