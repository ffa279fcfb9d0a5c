// The protocol two devices speak to play one live game (live.js) over one reliable, ordered data
// channel: JSON text messages, each {v, type, ...}, read back field by field. No DOM and no
// connection here: what a message may hold, how it is read and refused, the rate it may come
// at, the seed the two devices agree for the duels, and the position hash a move and a resync
// carry. Rules stay the engine's: a move travels as squares and each device's engine judges it;
// a hash is taken of the position string the engine gave.
//
// Every refusal is a ProtocolError holding a message (i18n.js: a key under live.refused and its
// arguments), worded on the device that refuses it, in its reader's language. Nothing a message
// between the devices carries is in any language: two friends may read different ones.
import { LIMITS, NOTATION, SIDES } from "../engine-data.js";
import { message } from "./i18n.js";
import { SQUARE_COUNT } from "./position.js";

export const PROTOCOL_VERSION = 1;

/** The longest message read (characters), refused before it is parsed. libwebrtc (Chrome,
 *  Edge, Safari) takes data-channel messages of up to 256 KiB, so nothing the app sends is ever
 *  longer; a longer one is not ours. A resync of the longest game (LIMITS.plies moves, each a
 *  move text of up to LIMITS.move_text characters, quoted, with a comma) would not fit one
 *  message, so it travels in parts of RESYNC_PART_MOVES moves: a 20,000-ply game in 4, each well
 *  inside the cap (see the check below). */
export const MAX_MESSAGE_CHARS = 256 * 1024;
/** The moves of one resync part. */
export const RESYNC_PART_MOVES = 5000;
/** What a resync part may add to its moves: its other fields (ids, hash, ending, numbers). */
const RESYNC_ENVELOPE_CHARS = 1024;
if (RESYNC_PART_MOVES * (LIMITS.move_text + 3) + RESYNC_ENVELOPE_CHARS > MAX_MESSAGE_CHARS) {
  throw new Error("live-protocol: a resync part could be longer than a message may be");  // not a message: the build's own check
}

/** How many messages a friend's device may send: a burst of this many, then this many a
 *  second. A game needs a handful at a time (a move and its ack, a resync's parts, a greeting):
 *  anything faster is a device gone wrong, or a hostile one. */
export const RATE = { burst: 40, perSecond: 20 };

/** The most time a clock may hold (ms): a day, as the saved game's clock (storage.js). */
const MAX_CLOCK_MS = 24 * 3600 * 1000;
/** The largest seed: JavaScript's largest exact whole number, as the engine's (facade.MAX_SEED). */
const MAX_SEED = 2 ** 53 - 1;
const MOVE_TEXT = new RegExp(NOTATION.move);
const GAME_ID = /^[0-9a-f]{16}$/;
const HEX_64 = /^[0-9a-f]{64}$/;
const HEX_32 = /^[0-9a-f]{32}$/;

/** Why a message was refused: its size, not JSON, an unknown type or version, a missing or
 *  mistyped field, too many too fast, or a seed that does not match its commitment.
 *  @typedef {"size" | "garbage" | "type" | "version" | "field" | "rate" | "seed"} RefusalKind */

/** @typedef {import("./i18n.js").Message} Words   what the player reads, as a message */

export class ProtocolError extends Error {
  /** @param {Words} reason what the player reads @param {RefusalKind} kind */
  constructor(reason, kind) {
    super(reason.key);
    this.name = "ProtocolError";
    this.reason = reason;
    this.kind = kind;
  }
}

/**
 * The messages, as read (the version checked and left out). ``game`` is the live game's id;
 * ``ply`` a game's length when the message was sent (a move's: its own number, the game's length
 * after it).
 *
 * @typedef {{initial: number, increment: number}} TimeControl   ms to start with, ms added a move
 * @typedef {{resigned: ?string, agreed: boolean, flagged: ?string}} Ending   how a game ended off
 *   the board (all empty: it did not, or only the board ended it)
 * @typedef {{type: "hello", app: string, game: string, rules: string, start: string, clock: ?TimeControl,
 *   side: string, host: boolean, seed: ?number, commit: string}} Hello   the first message of a
 *   connection: the app's version, the game (its id, rules, start and time control), the side the
 *   sender plays, whether it invited, the seed it holds as agreed (null: none yet), and its
 *   commitment to a fresh half of a seed
 * @typedef {{type: "seed", game: string, half: number, nonce: string}} SeedReveal   the half
 *   committed to, and the nonce, for game ``game`` (a rematch's: the new id)
 * @typedef {{type: "move", game: string, ply: number, from: ?number, to: ?number, time: ?number,
 *   hash: string}} MoveMessage   move number ``ply`` as squares (null and null: a pass; a duel's
 *   outcome is the agreed seed's, decided on each device), the mover's time left before the
 *   increment (null: no clock), and the hash of the position after it
 * @typedef {{type: "ack", game: string, ply: number}} Ack   moves up to ``ply`` arrived and were played
 * @typedef {{type: "draw", game: string, ply: number, act: "offer" | "accept" | "decline"}} DrawMessage
 * @typedef {{type: "resign", game: string, ply: number}} Resign   the sender resigns
 * @typedef {{type: "flag", game: string, ply: number, side: string}} Flag   ``side``'s time ran out
 * @typedef {{type: "takeback", game: string, ply: number, act: "ask" | "accept" | "decline", to: number}} Takeback
 *   a takeback asked or answered: the game cut back to ``to`` moves
 * @typedef {{type: "rematch", game: string, act: "offer" | "accept" | "decline", id: string, commit: ?string}} Rematch
 *   a rematch (colours swapped) offered or answered: its new game id, and the sender's commitment
 *   to its half of the new game's seed (null in a decline)
 * @typedef {{type: "resync", game: string, part: number, parts: number, plies: number, moves: string[],
 *   hash: string, ending: Ending, time: ?number}} Resync   one part of the sender's whole game:
 *   ``plies`` moves in ``parts`` parts, this one's moves (texts, as the game keeps them), the hash
 *   of the position after the last move, how the game ended, and the sender's own time left (the
 *   seed is the greeting's)
 * @typedef {{type: "bye", game: string, reason: "leaving" | "differ"}} Bye   the sender leaves the
 *   game (its player closed it, or the two games differ)
 * @typedef {Hello | SeedReveal | MoveMessage | Ack | DrawMessage | Resign | Flag | Takeback | Rematch | Resync | Bye} Message
 */

// ---- reading -----------------------------------------------------------------------------------

/** A field's check, and what the field is in a player's words (said when it is wrong): the
 *  last part of its key, live.field.<what>.
 *  @typedef {{ok: (v: unknown) => boolean, what: string}} FieldCheck */

/** @param {number} low @param {number} high @returns {(v: unknown) => boolean} */
const wholeIn = (low, high) => (v) => typeof v === "number" && Number.isInteger(v) && v >= low && v <= high;
/** @param {number} limit @returns {(v: unknown) => boolean} */
const textUpTo = (limit) => (v) => typeof v === "string" && v.length <= limit;
/** @param {RegExp} pattern @returns {(v: unknown) => boolean} */
const matching = (pattern) => (v) => typeof v === "string" && pattern.test(v);
/** @param {string[]} values @returns {(v: unknown) => boolean} */
const oneOf = (values) => (v) => typeof v === "string" && values.includes(v);
/** @param {(v: unknown) => boolean} ok @returns {(v: unknown) => boolean} */
const orNull = (ok) => (v) => v === null || ok(v);
/** @param {unknown} v @returns {v is Object<string, unknown>} */
const isObject = (v) => v !== null && typeof v === "object" && !Array.isArray(v);
/** ``obj``'s own field ``key`` (nothing inherited is ever read). @param {Object<string, unknown>} obj @param {string} key */
const own = (obj, key) => (Object.hasOwn(obj, key) ? obj[key] : undefined);

const isSide = oneOf(SIDES);
const isMs = wholeIn(0, MAX_CLOCK_MS);
const isSeed = wholeIn(0, MAX_SEED);
const isPly = wholeIn(0, LIMITS.plies);
const isSquare = wholeIn(0, SQUARE_COUNT - 1);
const isMoveText = (/** @type {unknown} */ v) => textUpTo(LIMITS.move_text)(v) && matching(MOVE_TEXT)(v);

/** Is ``v`` a live game's id (16 hex digits, newGameId())? @param {unknown} v @returns {v is string} */
export const isGameId = (v) => matching(GAME_ID)(v);

/** @type {FieldCheck} the field every message of a game has */
const GAME = { ok: isGameId, what: "game" };
/** @type {FieldCheck} */
const PLY = { ok: isPly, what: "ply" };

/** Each message's fields. @type {Object<string, Object<string, FieldCheck>>} */
const MESSAGES = {
  hello: {
    app: { ok: textUpTo(64), what: "app" }, game: GAME,
    rules: { ok: textUpTo(LIMITS.rules_text), what: "rules" },
    start: { ok: textUpTo(LIMITS.position_text), what: "start" },
    clock: { ok: orNull((v) => isObject(v) && isMs(own(v, "initial")) && isMs(own(v, "increment"))), what: "clock" },
    side: { ok: isSide, what: "side" },
    host: { ok: (v) => typeof v === "boolean", what: "host" },
    seed: { ok: orNull(isSeed), what: "seed" },
    commit: { ok: matching(HEX_64), what: "commit" },
  },
  seed: { game: GAME, half: { ok: isSeed, what: "half" }, nonce: { ok: matching(HEX_32), what: "nonce" } },
  move: {
    game: GAME, ply: { ok: wholeIn(1, LIMITS.plies), what: "ply" },
    from: { ok: orNull(isSquare), what: "squares" }, to: { ok: orNull(isSquare), what: "squares" },
    time: { ok: orNull(isMs), what: "time" }, hash: { ok: matching(HEX_64), what: "hash" },
  },
  ack: { game: GAME, ply: PLY },
  draw: { game: GAME, ply: PLY, act: { ok: oneOf(["offer", "accept", "decline"]), what: "draw" } },
  resign: { game: GAME, ply: PLY },
  flag: { game: GAME, ply: PLY, side: { ok: isSide, what: "flag" } },
  takeback: {
    game: GAME, ply: PLY, act: { ok: oneOf(["ask", "accept", "decline"]), what: "takeback" },
    to: { ok: isPly, what: "takebackTo" },
  },
  rematch: {
    game: GAME, act: { ok: oneOf(["offer", "accept", "decline"]), what: "rematch" },
    id: { ok: isGameId, what: "newId" }, commit: { ok: orNull(matching(HEX_64)), what: "commit" },
  },
  resync: {
    game: GAME, part: { ok: wholeIn(0, LIMITS.plies), what: "part" },
    parts: { ok: wholeIn(1, Math.ceil(LIMITS.plies / RESYNC_PART_MOVES) || 1), what: "parts" },
    plies: { ok: isPly, what: "plies" },
    moves: { ok: (v) => Array.isArray(v) && v.length <= RESYNC_PART_MOVES && v.every(isMoveText), what: "moves" },
    hash: { ok: matching(HEX_64), what: "hash" },
    ending: { ok: (v) => isObject(v) && orNull(isSide)(own(v, "resigned")) && typeof own(v, "agreed") === "boolean" &&
                       orNull(isSide)(own(v, "flagged")), what: "ending" },
    time: { ok: orNull(isMs), what: "time" },
  },
  bye: { game: GAME, reason: { ok: oneOf(["leaving", "differ"]), what: "bye" } },
};

/** A message refused: what the player reads (message ``key`` with ``args``), and why.
 *  @param {string} key @param {RefusalKind} kind @param {Record<string, import("./i18n.js").MessageArg>} [args] */
const refusal = (key, kind, args) => new ProtocolError(message(key, args), kind);

/** A field that is not what it must be: live.field.<what> names it.
 *  @param {string} what @returns {never} */
const damaged = (what) => {
  throw refusal("live.refused.field", "field", { field: message(`live.field.${what}`) });
};

/** A message read from the text a friend's device sent: checked for its size before it is
 *  parsed, then for its version, its type and each of its fields; a field not the type's is
 *  left out. Throws a ProtocolError, with the message of its refusal, for anything else.
 *  @param {unknown} text @returns {Message} */
export function readMessage(text) {
  if (typeof text !== "string") throw refusal("live.refused.garbage", "garbage");
  if (text.length > MAX_MESSAGE_CHARS) throw refusal("live.refused.size", "size");
  let raw;
  try { raw = JSON.parse(text); } catch { raw = undefined; }
  if (!isObject(raw)) throw refusal("live.refused.garbage", "garbage");
  const version = own(raw, "v");
  if (version !== PROTOCOL_VERSION) {
    if (!wholeIn(1, 1e6)(version)) throw refusal("live.refused.noVersion", "version");
    const theirs = /** @type {number} */ (version);
    throw refusal(theirs > PROTOCOL_VERSION ? "live.refused.newerVersion" : "live.refused.olderVersion", "version",
                  { theirs, ours: PROTOCOL_VERSION });
  }
  const type = own(raw, "type");
  const fields = typeof type === "string" && Object.hasOwn(MESSAGES, type) ? MESSAGES[type] : null;
  if (!fields) throw refusal("live.refused.type", "type");
  /** @type {Object<string, unknown>} */
  const read = { type };
  for (const [name, check] of Object.entries(fields)) {
    const value = own(raw, name);
    if (!check.ok(value)) damaged(check.what);
    read[name] = value;
  }
  checkTogether(read);
  return /** @type {Message} */ (/** @type {unknown} */ (read));
}

/** What a message's fields must be together (each was checked alone).
 *  @param {Object<string, unknown>} m */
function checkTogether(m) {
  if (m.type === "hello" && isObject(m.clock)) m.clock = { initial: m.clock.initial, increment: m.clock.increment };
  if (m.type === "move" && (m.from === null) !== (m.to === null)) damaged("squares");
  if (m.type === "rematch" && m.act !== "decline" && m.commit === null) damaged("commit");
  if (m.type === "resync") {
    const plies = /** @type {number} */ (m.plies), part = /** @type {number} */ (m.part);
    const moves = /** @type {string[]} */ (m.moves);
    const parts = Math.max(1, Math.ceil(plies / RESYNC_PART_MOVES));
    if (m.parts !== parts || part >= parts) damaged("part");
    if (moves.length !== Math.min(RESYNC_PART_MOVES, plies - part * RESYNC_PART_MOVES)) damaged("moves");
    const ending = /** @type {Object<string, unknown>} */ (m.ending);
    m.ending = { resigned: ending.resigned, agreed: ending.agreed, flagged: ending.flagged };
    m.moves = [...moves];
  }
}

/** A message as the text sent (with the protocol's version). @param {Message} message @returns {string} */
export const writeMessage = (message) => JSON.stringify({ v: PROTOCOL_VERSION, ...message });

/** A whole game as the resync parts that carry it (see MAX_MESSAGE_CHARS).
 *  @param {Omit<Resync, "type" | "part" | "parts" | "plies" | "moves">} fields @param {string[]} moves
 *  @returns {Resync[]} */
export function resyncParts(fields, moves) {
  const parts = Math.max(1, Math.ceil(moves.length / RESYNC_PART_MOVES));
  return Array.from({ length: parts }, (_, part) => ({
    ...fields, type: "resync", part, parts, plies: moves.length,
    moves: moves.slice(part * RESYNC_PART_MOVES, (part + 1) * RESYNC_PART_MOVES),
  }));
}

// ---- rate ------------------------------------------------------------------------------------

/** How many messages may come how fast (RATE): a bucket of tokens, one a message, filled again
 *  at a steady rate. ``now`` reads the time in ms (tests pass a fake one). */
export class RateLimiter {
  /** @param {{now?: () => number, burst?: number, perSecond?: number}} [options] */
  constructor({ now = () => performance.now(), burst = RATE.burst, perSecond = RATE.perSecond } = {}) {
    this.now = now;
    this.burst = burst;
    this.perSecond = perSecond;
    this.tokens = burst;
    this.at = now();
  }

  /** May one more message come now? (It takes a token if so.) */
  allow() {
    const now = this.now();
    this.tokens = Math.min(this.burst, this.tokens + ((now - this.at) / 1000) * this.perSecond);
    this.at = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}

/** The refusal of messages that come too fast (RateLimiter). */
export const tooFast = () => refusal("live.refused.rate", "rate");

// ---- hashes and the seed ---------------------------------------------------------------------

/** SHA-256 of a text, in hex. @param {string} text @returns {Promise<string>} */
async function sha256(text) {
  const digest = await globalThis.crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** The check of a position both devices compare: SHA-256 of the position string the engine gave.
 *  @param {string} position @returns {Promise<string>} */
export const positionHash = (position) => sha256(position);

/** ``count`` random bytes in hex. @param {number} count */
const randomHex = (count) => [...globalThis.crypto.getRandomValues(new Uint8Array(count))]
  .map((byte) => byte.toString(16).padStart(2, "0")).join("");

/** A new live game's id: 64 random bits in hex, the same on both devices. */
export const newGameId = () => randomHex(8);

/** What a device commits to: SHA-256 of its half of the seed and a nonce (so that the half
 *  cannot be guessed from the commitment by trying every number).
 *  @param {number} half @param {string} nonce @returns {Promise<string>} */
export const seedCommitment = (half, nonce) => sha256(`jetan live seed ${half} ${nonce}`);  // not a message: hashed

/** One device's part of a seed agreement: a random half (0 … 2^53−1), a nonce and the
 *  commitment to them. Each device sends its commitment, then — once it holds the other's —
 *  reveals its half; so neither can choose its half knowing the other's.
 *  @typedef {{half: number, nonce: string, commit: string}} SeedHalf
 *  @returns {Promise<SeedHalf>} */
export async function newSeedHalf() {
  const [high, low] = globalThis.crypto.getRandomValues(new Uint32Array(2));
  const half = (high % 2 ** 21) * 2 ** 32 + low;
  const nonce = randomHex(16);
  return { half, nonce, commit: await seedCommitment(half, nonce) };
}

/** Check a revealed half against the commitment made to it; a ProtocolError if it does not match.
 *  @param {string} commit @param {{half: number, nonce: string}} reveal */
export async function checkReveal(commit, { half, nonce }) {
  if (await seedCommitment(half, nonce) !== commit) {
    throw refusal("live.refused.seed", "seed");
  }
}

/** The seed two halves make: their bits exclusive-or'ed, so that it is as random as either half,
 *  whatever the other is. @param {number} a @param {number} b @returns {number} */
export const combineSeeds = (a, b) => Number(BigInt(a) ^ BigInt(b));
