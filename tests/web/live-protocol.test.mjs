// The live-play protocol (web/js/live-protocol.js) under Node: every message read back as it
// was written, every kind of refusal (each a message, worded here in English: a sentence), the
// size cap checked before anything is parsed, the rate limiter on a fake time, the resync of the
// longest game in parts, and the duel seed agreed by commitment and reveal — a forged reveal
// refused. No message between the devices holds a word of any language.
import assert from "node:assert/strict";
import { test } from "node:test";
import { LIMITS } from "../engine-data.js";
import { catalogue } from "./helpers.mjs";
import { say, setCatalogue } from "../js/i18n.js";
import {
  MAX_MESSAGE_CHARS, PROTOCOL_VERSION, ProtocolError, RATE, RESYNC_PART_MOVES, RateLimiter, checkReveal, combineSeeds,
  isGameId, newGameId, newSeedHalf, positionHash, readMessage, resyncParts, seedCommitment, writeMessage,
} from "../js/live-protocol.js";

const ID = "0123456789abcdef";
const HASH = "ab".repeat(32);
const NONE = { resigned: null, agreed: false, flagged: null };

/** One message of each type, as the controller writes them. */
const EACH = [
  { type: "hello", app: "23ba872e26c6", game: ID, rules: "setup=facing,first=orange,duel=even,odwar=on",
    start: "wadfpcfdaw/tnnnnnnnnt/10/10/10/10/10/10/TNNNNNNNNT/WADFCPFDAW b Ee 0 1",
    clock: { initial: 180000, increment: 2000 }, side: "orange", host: false, seed: null, commit: HASH },
  { type: "hello", app: "", game: ID, rules: "", start: "x", clock: null, side: "black", host: true, seed: 2 ** 53 - 1, commit: HASH },
  { type: "seed", game: ID, half: 12345, nonce: "cd".repeat(16) },
  { type: "move", game: ID, ply: 1, from: 13, to: 23, time: 60000, hash: HASH },
  { type: "move", game: ID, ply: LIMITS.plies, from: null, to: null, time: null, hash: HASH },
  { type: "ack", game: ID, ply: 0 },
  { type: "draw", game: ID, ply: 4, act: "offer" },
  { type: "draw", game: ID, ply: 4, act: "accept" },
  { type: "draw", game: ID, ply: 4, act: "decline" },
  { type: "resign", game: ID, ply: 7 },
  { type: "flag", game: ID, ply: 7, side: "orange" },
  { type: "takeback", game: ID, ply: 7, act: "ask", to: 6 },
  { type: "takeback", game: ID, ply: 7, act: "accept", to: 5 },
  { type: "takeback", game: ID, ply: 7, act: "decline", to: 5 },
  { type: "rematch", game: ID, act: "offer", id: "fedcba9876543210", commit: HASH },
  { type: "rematch", game: ID, act: "accept", id: "fedcba9876543210", commit: HASH },
  { type: "rematch", game: ID, act: "decline", id: "fedcba9876543210", commit: null },
  { type: "resync", game: ID, part: 0, parts: 1, plies: 2, moves: ["d2-d3", "e9-e8"], hash: HASH, ending: NONE,
    time: 1500 },
  { type: "resync", game: ID, part: 0, parts: 1, plies: 0, moves: [], hash: HASH,
    ending: { resigned: "black", agreed: false, flagged: null }, time: null },
  { type: "bye", game: ID, reason: "leaving" },
  { type: "bye", game: ID, reason: "differ" },
];

/** The ProtocolError ``text`` is refused with (fails if it is read). */
function refusal(text) {
  try {
    readMessage(text);
  } catch (err) {
    assert.ok(err instanceof ProtocolError, String(err));
    return err;
  }
  assert.fail(`read: ${String(text).slice(0, 80)}`);
}

/** A player's sentence: it starts with a capital, ends with a full stop, and says what happened. */
const isSentence = (text) => /^[A-Z][^]*\.$/.test(text) && text.length < 300;
/** A refusal as its player reads it (English, the catalogue helpers.mjs loads). */
const words = (err) => say(err.reason);

test("every message type is read back as it was written; fields not its own are left out", () => {
  const types = new Set();
  for (const message of EACH) {
    assert.deepEqual(readMessage(writeMessage(message)), message, message.type);
    types.add(message.type);
    const text = JSON.stringify({ v: PROTOCOL_VERSION, ...message, extra: "x".repeat(10) })
      .replace("{", '{"__proto__": {"ply": 3, "type": "ack"}, ');
    const read = readMessage(text);
    assert.deepEqual(read, message, `${message.type} with extra fields`);
    assert.equal(Object.getPrototypeOf(read), Object.prototype);
  }
  assert.deepEqual([...types].sort(), ["ack", "bye", "draw", "flag", "hello", "move", "rematch", "resign", "resync", "seed", "takeback"]);
});

test("what is not a message of this app is refused with a sentence: not text, not JSON, not an object", () => {
  for (const raw of [undefined, 42, null, new ArrayBuffer(4)]) assert.equal(refusal(raw).kind, "garbage");
  for (const text of ["", "}{", "garbage", "[1, 2]", "42", "null", '"move"', "{\"v\": 1, \"type\": \"ack\"", "\u0000"]) {
    const err = refusal(text);
    assert.equal(err.kind, "garbage", text);
    assert.ok(isSentence(words(err)), words(err));
  }
});

test("an unknown type is refused, inherited names included", () => {
  for (const type of ["chat", "MOVE", "", "__proto__", "constructor", "toString", "hasOwnProperty", 7, null]) {
    const err = refusal(JSON.stringify({ v: 1, type, game: ID, ply: 1 }));
    assert.equal(err.kind, "type", String(type));
    assert.equal(words(err), "Your friend's device sent a message this app does not know; it was ignored.");
  }
});

test("an unknown or incompatible version is refused, saying which side should update", () => {
  const newer = refusal(JSON.stringify({ ...EACH[5], v: PROTOCOL_VERSION + 1 }));
  assert.equal(newer.kind, "version");
  assert.match(words(newer), /version 2 .* this one version 1: reload this page to update it; it was ignored\.$/);
  for (const v of [undefined, "1", 1.5, -1, 0, null, [1], 1e9]) {
    const { v: _, ...rest } = JSON.parse(writeMessage(EACH[5]));
    const err = refusal(JSON.stringify(v === undefined ? rest : { ...rest, v }));
    assert.equal(err.kind, "version", String(v));
    assert.ok(isSentence(words(err)));
  }
});

test("a missing or mistyped field is refused, naming what is wrong in words", () => {
  const broken = [
    [{ ...EACH[3], ply: 0 }, /move number/],
    [{ ...EACH[3], ply: LIMITS.plies + 1 }, /move number/],
    [{ ...EACH[3], ply: "1" }, /move number/],
    [{ ...EACH[3], from: 100 }, /squares/],
    [{ ...EACH[3], from: -1 }, /squares/],
    [{ ...EACH[3], from: 13.5 }, /squares/],
    [{ ...EACH[3], to: null }, /squares/],
    [{ ...EACH[3], time: -5 }, /time left/],
    [{ ...EACH[3], time: 1e12 }, /time left/],
    [{ ...EACH[3], hash: "AB".repeat(32) }, /position check/],
    [{ ...EACH[3], hash: "ab" }, /position check/],
    [{ ...EACH[3], game: "not-an-id" }, /which game/],
    [{ ...EACH[3], hash: undefined }, /position check/],
    [{ ...EACH[0], rules: "x".repeat(LIMITS.rules_text + 1) }, /rules/],
    [{ ...EACH[0], start: "x".repeat(LIMITS.position_text + 1) }, /start position/],
    [{ ...EACH[0], clock: { initial: -1, increment: 0 } }, /clock/],
    [{ ...EACH[0], clock: "3+2" }, /clock/],
    [{ ...EACH[0], side: "green" }, /side/],
    [{ ...EACH[0], side: "__proto__" }, /side/],
    [{ ...EACH[0], host: "yes" }, /invited/],
    [{ ...EACH[0], seed: 2 ** 53 }, /seed/],
    [{ ...EACH[0], commit: "x" }, /promise/],
    [{ ...EACH[0], app: "x".repeat(65) }, /version/],
    [{ ...EACH[2], nonce: "short" }, /nonce/],
    [{ ...EACH[6], act: "maybe" }, /draw/],
    [{ ...EACH[10], side: "nobody" }, /time ran out/],
    [{ ...EACH[11], to: -1 }, /take back to/],
    [{ ...EACH[14], commit: null }, /promise/],
    [{ ...EACH[17], moves: ["d2-d3", "zz"] }, /moves/],
    [{ ...EACH[17], moves: "d2-d3,e9-e8" }, /moves/],
    [{ ...EACH[17], plies: 3 }, /moves/],
    [{ ...EACH[17], part: 1 }, /part/],
    [{ ...EACH[17], parts: 2 }, /part/],
    [{ ...EACH[17], ending: { resigned: "black" } }, /ended/],
    [{ ...EACH[17], ending: null }, /ended/],
    [{ ...EACH[19], reason: "bored" }, /why/],
  ];
  for (const [message, naming] of broken) {
    const err = refusal(writeMessage(message));
    assert.equal(err.kind, "field", JSON.stringify(message).slice(0, 120));
    assert.match(words(err), /^Your friend's device sent a damaged message \(.+\); it was ignored\.$/);
    assert.match(words(err), naming);
  }
});

test("a message too large is refused before it is parsed: 10 MB costs no parsing", () => {
  const parse = JSON.parse;
  let parsed = 0;
  JSON.parse = (...args) => { parsed += 1; return parse(...args); };
  try {
    const huge = JSON.stringify({ v: 1, type: "ack", game: ID, ply: 1, pad: "x".repeat(10 * 1024 * 1024) });
    const started = performance.now();
    const err = refusal(huge);
    assert.ok(performance.now() - started < 50, "refused at once");
    assert.equal(err.kind, "size");
    assert.ok(isSentence(words(err)), words(err));
    assert.equal(refusal("x".repeat(MAX_MESSAGE_CHARS + 1)).kind, "size");
    assert.equal(parsed, 0, "nothing was parsed");
  } finally {
    JSON.parse = parse;
  }
  // One character under the cap is parsed (and refused for what it is).
  assert.equal(refusal(" ".repeat(MAX_MESSAGE_CHARS)).kind, "garbage");
});

test("the longest game's resync travels in parts, each inside the cap, read back whole", () => {
  assert.ok(RESYNC_PART_MOVES * (LIMITS.move_text + 3) + 1024 <= MAX_MESSAGE_CHARS,
            "a part of the longest move texts fits the cap");
  const texts = ["j10xj10/a", "d2-d3", "pass", "A0xB0/d"];
  const moves = Array.from({ length: LIMITS.plies }, (_, i) => texts[i % texts.length]);
  const parts = resyncParts({ game: ID, hash: HASH, ending: NONE, time: null }, moves);
  assert.equal(parts.length, Math.ceil(LIMITS.plies / RESYNC_PART_MOVES));
  const read = parts.map((part) => {
    const text = writeMessage(part);
    assert.ok(text.length <= MAX_MESSAGE_CHARS, `part of ${text.length} characters`);
    return readMessage(text);
  });
  assert.deepEqual(read.flatMap((part) => part.moves), moves);
  assert.deepEqual(read.map((part) => [part.part, part.parts, part.plies]),
                   parts.map((_, i) => [i, parts.length, LIMITS.plies]));
  // An empty game is one part, with no moves.
  assert.deepEqual(resyncParts({ game: ID, hash: HASH, ending: NONE, time: 0 }, []).map((p) => p.moves), [[]]);
});

test("the rate limiter lets a burst through, then so many a second (fake time)", () => {
  let now = 5000;
  const limiter = new RateLimiter({ now: () => now });
  let allowed = 0;
  for (let i = 0; i < 1000; i += 1) if (limiter.allow()) allowed += 1;
  assert.equal(allowed, RATE.burst, "a burst, and no more");
  assert.equal(limiter.allow(), false);
  now += 1000;
  allowed = 0;
  for (let i = 0; i < 1000; i += 1) if (limiter.allow()) allowed += 1;
  assert.equal(allowed, RATE.perSecond, "a second later, a second's worth");
  now += 60_000;
  allowed = 0;
  for (let i = 0; i < 1000; i += 1) if (limiter.allow()) allowed += 1;
  assert.equal(allowed, RATE.burst, "a quiet minute fills the bucket, no more");
  // A steady game's pace is never refused.
  const steady = new RateLimiter({ now: () => now });
  for (let i = 0; i < 600; i += 1) { now += 100; assert.ok(steady.allow()); }
});

test("the duel seed: each commits to a half, reveals it, and the seed is both halves; a forged reveal is refused", async () => {
  const a = await newSeedHalf(), b = await newSeedHalf();
  for (const half of [a, b]) {
    assert.ok(Number.isInteger(half.half) && half.half >= 0 && half.half <= 2 ** 53 - 1);
    assert.match(half.nonce, /^[0-9a-f]{32}$/);
    assert.equal(half.commit, await seedCommitment(half.half, half.nonce));
  }
  await checkReveal(a.commit, a);
  await checkReveal(b.commit, b);
  const seed = combineSeeds(a.half, b.half);
  assert.equal(seed, combineSeeds(b.half, a.half), "the same on both devices");
  assert.ok(Number.isInteger(seed) && seed >= 0 && seed <= 2 ** 53 - 1);
  assert.equal(combineSeeds(seed, b.half), a.half, "neither half alone decides it");
  // A reveal that does not match its commitment: another half, another nonce, the other's.
  for (const forged of [{ ...a, half: a.half ^ 1 }, { ...a, nonce: b.nonce }, b]) {
    await assert.rejects(checkReveal(a.commit, forged), (err) => {
      assert.ok(err instanceof ProtocolError);
      assert.equal(err.kind, "seed");
      assert.ok(isSentence(words(err)), words(err));
      return true;
    });
  }
  assert.notEqual(await seedCommitment(1, a.nonce), await seedCommitment(2, a.nonce));
});

test("a position's hash is SHA-256 of the engine's position string; game ids are 64 random bits", async () => {
  const start = "wadfpcfdaw/tnnnnnnnnt/10/10/10/10/10/10/TNNNNNNNNT/WADFCPFDAW b Ee 0 1";
  const hash = await positionHash(start);
  assert.match(hash, /^[0-9a-f]{64}$/);
  assert.equal(hash, await positionHash(start));
  assert.notEqual(hash, await positionHash(start.replace(" b ", " o ")));
  const ids = new Set(Array.from({ length: 50 }, newGameId));
  assert.equal(ids.size, 50);
  for (const id of ids) assert.ok(isGameId(id));
  for (const bad of ["", "0123", ID.toUpperCase(), `${ID}0`, 7, null]) assert.equal(isGameId(bad), false);
});

test("a refusal is a key and its arguments, worded in the language of the device that refuses", () => {
  const err = refusal(writeMessage({ ...EACH[3], from: 100 }));
  assert.deepEqual(err.reason, { key: "live.refused.field", args: { field: { key: "live.field.squares" } } });
  try {
    setCatalogue("de", catalogue("de"));
    assert.equal(words(err), "Das Gerät deines Gegenübers hat eine beschädigte Nachricht geschickt (die Felder des Zugs); "
                             + "sie wurde ignoriert.");
    const newer = refusal(JSON.stringify({ ...EACH[5], v: 1000 }));
    assert.match(words(newer), /^Die App deines Gegenübers spricht Version 1\.000 .* Version 1: Lade diese Seite neu/);
  } finally {
    setCatalogue("en", catalogue("en"));
  }
  assert.match(words(err), /^Your friend's device sent a damaged message \(the move's squares\)/);
});
