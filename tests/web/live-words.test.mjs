// A live game in its players' languages (issue 57), under Node (live-pair.mjs): two friends who
// read different languages play one game. Each device's controller says what happens as
// messages, and each page words them in its own reader's language — here the host's in German
// (the page's catalogue, as setCatalogue makes it) and the guest's in English (words of its own)
// — while nothing that crosses between the devices is in any language: the game agrees, each
// reads it in theirs. Then a hostile peer's tricks, refused in German; and a refusal kept as a
// message reads anew in English once the language is switched.
import assert from "node:assert/strict";
import { test } from "node:test";
import { RATE, writeMessage } from "../js/live-protocol.js";
import { Words, say, setCatalogue } from "../js/i18n.js";
import { catalogue } from "./helpers.mjs";
import { againstHostile, hashAfter, pair, sq } from "./live-pair.mjs";

const ENGLISH = new Words("en", catalogue("en"));

/** Speak German on this page (say, t) for the test, English again after it. @param {import("node:test").TestContext} t */
function inGerman(t) {
  setCatalogue("de", catalogue("de"));
  t.after(() => setCatalogue("en", catalogue("en")));
}

/** What a device said of ``type``, worded by ``words`` (default: the page's, say). */
const said = (d, type, words = { say }) => d.heard.filter(([k]) => k === type).map(([, m]) => words.say(m));

/** Every message a device said, worded by ``words``: each a whole sentence of that language, no
 *  key or placeholder left unworded. */
function allWorded(d, words) {
  for (const [type, m] of d.heard) {
    const text = words.say(m);
    assert.ok(!/\{\{|\blive\.[a-z]/.test(text) && text !== m.key, `${type}: ${text}`);
  }
}

test("two friends in two languages: each device says the game in its reader's words, and the game agrees", async (t) => {
  inGerman(t);
  const g = await pair({ hostSide: "black" });
  const { host, guest } = g;
  assert.deepEqual(said(host, "connected"), ["Dein Gegenüber ist verbunden: Die Partie geht weiter."]);
  assert.deepEqual(said(guest, "connected", ENGLISH), ["Your friend is connected: the game goes on."]);
  await g.play(host, "d2", "d3");
  await g.play(guest, "e9", "e8");
  assert.deepEqual(said(host, "moved"), ["Dein Gegenüber hat e9-e8 gespielt."]);
  assert.deepEqual(said(guest, "moved", ENGLISH), ["Your friend played d2-d3."]);
  // A draw offered in English is read in German, declined in German and read so in English.
  await guest.live.offerDraw();
  await g.calm();
  assert.deepEqual(said(host, "draw"), ["Dein Gegenüber bietet Remis an."]);
  await host.live.answerDraw(false);
  await g.calm();
  assert.deepEqual(said(guest, "draw", ENGLISH), ["Your friend declined the draw."]);
  // A takeback asked in German.
  await g.play(host, "d3", "d4");
  await host.live.askTakeback();
  await g.calm();
  assert.deepEqual(said(guest, "takeback", ENGLISH), ["Your friend asks to take back their last move."]);
  await guest.live.answerTakeback(false);
  await g.calm();
  assert.deepEqual(said(host, "takeback"), ["Dein Gegenüber lehnt es ab, deinen Zug zurückzunehmen."]);
  // The guest resigns: one result, said by the engine as a message, each reading it in theirs.
  await guest.live.resign();
  await g.calm();
  assert.deepEqual(host.session.state.result.words, guest.session.state.result.words);
  assert.deepEqual(host.session.game.moves, guest.session.game.moves);
  assert.deepEqual(said(host, "over"), [say(host.session.state.result.words)]);
  assert.deepEqual(said(guest, "over", ENGLISH), [ENGLISH.say(guest.session.state.result.words)]);
  assert.notEqual(said(host, "over")[0], said(guest, "over", ENGLISH)[0]);
  // A rematch, colours swapped, in each reader's words.
  await host.live.offerRematch();
  await g.calm();
  assert.deepEqual(said(guest, "rematch", ENGLISH), ["Your friend offers a rematch, colours swapped."]);
  await guest.live.answerRematch(true);
  await g.calm();
  assert.deepEqual(said(host, "started"), ["Revanche: Du spielst Orange."]);
  assert.deepEqual(said(guest, "started", ENGLISH), ["A rematch: you play Black."]);
  allWorded(host, { say });
  allWorded(guest, ENGLISH);
  // Nothing that crossed is in a language: plain ASCII (notation, ids, hashes, the protocol's
  // tokens), no key of a message, no language named.
  assert.ok(g.net.sent.length > 10);
  for (const text of g.net.sent) {
    assert.match(text, /^[\x20-\x7e]*$/, text.slice(0, 200));
    assert.ok(!/"lang"|live\.[a-z]|side\.[a-z]/.test(text), text.slice(0, 200));
  }
});

test("a hostile peer's tricks are refused in the German reader's words, the game as it was", async (t) => {
  inGerman(t);
  const { d, peer, id, time, calm: quiet } = await againstHostile();
  d.session.press(sq("d2"));
  d.session.press(sq("d3"));
  await quiet();
  const before = JSON.stringify(d.session.game);
  const refusals = () => said(d, "refused");
  /** Send something: refused in German (``pattern``), the game as it was. */
  async function refused(send, pattern) {
    const count = refusals().length;
    await send();
    await quiet();
    assert.equal(refusals().length, count + 1, String(pattern));
    const text = refusals().at(-1);
    assert.match(text, /^(Das Gerät|Die App) deines Gegenübers .+\.$/);
    assert.match(text, pattern);
    assert.equal(JSON.stringify(d.session.game), before);
  }
  const move = (fields) => ({ type: "move", game: id, ply: 2, time: 60000, hash: "00".repeat(32), ...fields });
  await refused(() => peer.say(move({ from: sq("e9"), to: sq("e5") })),
                /^Das Gerät deines Gegenübers hat einen Zug geschickt, den die Engine dieses Geräts ablehnt \(.+\); er wurde ignoriert, und die Partie ist, wie sie war\.$/);
  assert.doesNotMatch(refusals().at(-1), /\(\w+\.\w+\.\w+/, "the engine's reason worded, not its key");
  await refused(() => peer.say(move({ from: sq("e9"), to: sq("e8") })), /führt als hier \(die Stellungsprüfung stimmt nicht überein\)/);
  await refused(async () => peer.say(move({ ply: 3, from: sq("e9"), to: sq("e8"), hash: await hashAfter(d, "e9", "e8") })),
                /hat Zug 3 geschickt, während diese Partie 1 Zug hat; er wurde ignoriert/);
  await refused(() => peer.raw("x".repeat(10 * 1024 * 1024)), /weit größer ist als jede, die diese App schickt/);
  await refused(() => peer.raw(JSON.stringify({ ...JSON.parse(writeMessage(move({ from: 84, to: 74 }))), v: 2 })),
                /Version 2 der Nachrichten für Live-Partien, diese hier Version 1: Lade diese Seite neu/);
  await refused(() => peer.raw("}{ Müll"), /etwas geschickt, das keine Nachricht dieser App ist; es wurde ignoriert\.$/);
  await refused(() => peer.say(move({ from: 100, to: sq("e8") })), /eine beschädigte Nachricht geschickt \(die Felder des Zugs\)/);
  await refused(() => peer.raw(writeMessage({ type: "resign", game: "ffffffffffffffff", ply: 1 })), /zu einer anderen Partie/);
  await refused(() => peer.say({ type: "draw", game: id, ply: 1, act: "accept" }), /ein Angebot angenommen, das dieses Gerät nicht gemacht hat/);
  for (let i = 0; i < 10 * RATE.burst; i += 1) peer.say({ type: "ack", game: id, ply: 1 });
  await quiet();
  assert.equal(refusals().filter((text) => /viel schneller, als eine Partie sie braucht/.test(text)).length, 1);
  allWorded(d, { say });
  // What the page keeps is the message: switched to English, the same refusals read in English.
  setCatalogue("en", catalogue("en"));
  assert.match(refusals().at(-1), /^Your friend's device is sending messages far faster than a game needs/);
  assert.match(refusals()[0], /^Your friend's device sent a move this device's engine refuses \(.+\)/);
  time.advance(1000);
  assert.equal(JSON.stringify(d.session.game), before);
});
