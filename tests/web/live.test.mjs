// A live game between two devices (web/js/live.js) under Node: two Sessions, each on the real
// facade, joined by an in-memory channel pair on one fake time (live-pair.mjs). A whole game with
// clocks to its end, a draw, a resignation, takebacks, a rematch, a connection that drops and
// comes back, a page reloaded, a resignation that crosses a move, two games that differ, a
// Manator duel on an agreed seed, and a hostile peer speaking the protocol by hand: each of its
// tricks refused with a sentence, the game as it was. What a controller says is a message; it is
// worded here in English (helpers.mjs), as its page words it (live-words.test.mjs: in German).
import assert from "node:assert/strict";
import { test } from "node:test";
import { RATE, writeMessage } from "../js/live-protocol.js";
import { CONNECTION_ALLOWANCE_MS } from "../js/clock.js";
import { MemoryStorage, checkGame, findLiveGame, readSaved, remember } from "../js/storage.js";
import { watched } from "./helpers.mjs";
import { say } from "../js/i18n.js";
import { CONTROL, MANATOR, MINUTE, againstHostile, calm, engine, hashAfter, join, pair, sq } from "./live-pair.mjs";

/** A device's record of the game: what both devices must agree on. */
function recordOf(d) {
  const { moves, resigned = null, agreed = false, flagged = null, seed, clock, live } = d.session.game;
  return { moves, resigned, agreed, flagged, seed, clock, id: live.id, seeded: live.seeded };
}

/** The engine's record (the game's text) of a device's game. */
async function recordText(d) {
  const reply = await d.engine.request("state", { ...d.session.asking(d.session.game), record: true });
  return reply.state.record;
}

/** What a device's controller said of ``type``, worded as its page words it (in English here). */
const said = (d, type) => d.heard.filter(([t]) => t === type).map(([, message]) => say(message));
/** How a device's game ended, in the engine's words (a message), worded as the page words it. */
const ended = (d) => say(d.session.state.result.words);
const isSentence = (text) => /^[A-Z][^]*\.$/.test(text);

test("a whole game with clocks: the seed agreed, each move's time believed, the flag seen on both boards", async () => {
  const g = await pair();
  const { host, guest, time } = g;
  for (const d of [host, guest]) {
    assert.deepEqual(said(d, "connected"), ["Your friend is connected: the game goes on."]);
    assert.equal(d.session.game.live.seeded, true);
    assert.equal(d.session.waitsForFriend, false);
  }
  assert.equal(host.session.game.seed, guest.session.game.seed, "one seed, agreed");
  assert.deepEqual(host.session.players, { black: "human", orange: "friend" });
  assert.deepEqual(guest.session.players, { black: "friend", orange: "human" });
  // The board refuses input for the friend's side, and takes a move kept for later (a premove)
  // while the friend moves.
  guest.session.press(sq("d2"));
  assert.equal(guest.session.selected, null);
  await g.play(host, "d2", "d3");                          // the first move is not timed
  time.advance(3000);
  await g.play(guest, "e9", "e8");
  guest.session.press(sq("f9"));
  guest.session.press(sq("f8"));
  assert.deepEqual(guest.session.waiting, { from: sq("f9"), to: sq("f8") });
  time.advance(5000);
  await g.play(host, "d3", "d4");
  for (const d of [host, guest]) {
    assert.deepEqual(d.session.game.moves, ["d2-d3", "e9-e8", "d3-d4", "f9-f8"]);
    assert.deepEqual(d.session.game.clock, { ...CONTROL, black: MINUTE - 5000 + 2000, orange: MINUTE - 3000 + 2000 + 2000 });
    assert.equal(d.session.clock.running, "black");
  }
  assert.deepEqual(said(guest, "moved"), ["Your friend played d2-d3.", "Your friend played d3-d4."]);
  assert.deepEqual(said(host, "moved"), ["Your friend played e9-e8.", "Your friend played f9-f8."]);
  // Black lets the time run out: their own device sees it first, and says so.
  time.advance(MINUTE - 3000 + 100);
  await g.calm();
  for (const d of [host, guest]) {
    assert.equal(d.session.game.flagged, "black");
    assert.equal(ended(d), "Black's time ran out: Orange wins");
    assert.deepEqual(said(d, "over"), [ended(d)]);
    assert.equal(d.session.game.clock.black, 0);
  }
  assert.deepEqual(recordOf(host), recordOf(guest));
  assert.deepEqual(said(host, "refused"), []);
  assert.deepEqual(said(guest, "refused"), []);
});

test("a game won on the board ends with the same result and reason on both devices", async () => {
  // A seed under which the defender wins the duel at move 4 (asked of the engine), agreed before.
  const probe = engine(2);
  let seed = 1;
  for (;; seed += 1) {
    const reply = await probe.request("play", { rules: "setup=facing,first=orange,duel=even", start: "start",
                                               moves: ["g10-d7", "d2-d3", "d7-g4"], seed, move: { from: sq("d1"), to: sq("g4") } });
    if (reply.played.text.endsWith("/d")) break;
  }
  const g = await pair({ rules: "setup=facing,first=orange,duel=even", hostSide: "orange", seed });
  const { host, guest } = g;
  await g.play(host, "g10", "d7");
  await g.play(guest, "d2", "d3");
  await g.play(host, "d7", "g4");
  await g.play(guest, "d1", "g4");
  await g.play(host, "g4", "f1");
  for (const d of [host, guest]) {
    assert.deepEqual(d.session.game.moves, ["g10-d7", "d2-d3", "d7-g4", "d1xg4/d", "g4xf1"]);
    assert.equal(ended(d), "Orange's Flier took the Black Princess: Orange wins");
    assert.equal(said(d, "over").length, 1);
  }
  assert.equal(await recordText(host), await recordText(guest));
});

test("a draw offered and declined, then offered and accepted: drawn on both devices", async () => {
  const g = await pair();
  const { host, guest } = g;
  await g.play(host, "d2", "d3");
  await host.live.offerDraw();
  await g.calm();
  assert.deepEqual(said(guest, "draw"), ["Your friend offers a draw."]);
  assert.equal(guest.session.drawOffer, "black");
  assert.equal(host.session.drawOffer, "black");
  await guest.live.answerDraw(false);
  await g.calm();
  assert.deepEqual(said(host, "draw"), ["Your friend declined the draw."]);
  assert.equal(host.session.drawOffer, null);
  assert.equal(guest.session.drawOffer, null);
  await g.play(guest, "e9", "e8");
  await guest.live.offerDraw();
  await g.calm();
  await host.live.answerDraw(true);
  await g.calm();
  for (const d of [host, guest]) {
    assert.equal(d.session.game.agreed, true);
    assert.equal(ended(d), "Drawn by agreement");
    assert.deepEqual(said(d, "over"), [ended(d)]);
  }
  assert.deepEqual(recordOf(host), recordOf(guest));
});

test("a draw offered lapses when the other side moves instead", async () => {
  const g = await pair();
  const { host, guest } = g;
  await g.play(host, "d2", "d3");
  await host.live.offerDraw();
  await g.calm();
  await g.play(guest, "e9", "e8");               // moving declines it
  for (const d of [host, guest]) assert.equal(d.session.drawOffer, null);
  await guest.live.answerDraw(true);             // too late: nothing happens
  await g.calm();
  for (const d of [host, guest]) assert.equal(d.session.over, false);
});

test("a resignation ends the game on both devices, and no takeback revives it", async () => {
  const g = await pair();
  const { host, guest } = g;
  await g.play(host, "d2", "d3");
  await g.play(guest, "e9", "e8");
  await guest.live.resign();
  await g.calm();
  for (const d of [host, guest]) {
    assert.equal(d.session.game.resigned, "orange");
    assert.equal(ended(d), "Orange resigned: Black wins");
    assert.deepEqual(said(d, "over"), [ended(d)]);
    assert.equal(await d.session.undo(), null, "undo refused in a game with a friend");
  }
  await guest.live.askTakeback();
  await g.calm();
  assert.deepEqual(said(host, "takeback"), [], "a finished game takes no takeback");
  assert.deepEqual(recordOf(host), recordOf(guest));
  assert.equal(await recordText(host), await recordText(guest));
});

test("a takeback needs both: declined, then granted (one move, then two)", async () => {
  const g = await pair();
  const { host, guest, time } = g;
  await g.play(host, "d2", "d3");
  await g.play(guest, "e9", "e8");
  time.advance(4000);
  await g.play(host, "d3", "d4");
  await host.live.askTakeback();
  await g.calm();
  assert.deepEqual(said(guest, "takeback"), ["Your friend asks to take back their last move."]);
  await guest.live.answerTakeback(false);
  await g.calm();
  assert.deepEqual(said(host, "takeback"), ["Your friend declined to take back your move."]);
  for (const d of [host, guest]) assert.equal(d.session.game.moves.length, 3);
  await host.live.askTakeback();
  await g.calm();
  await guest.live.answerTakeback(true);
  await g.calm();
  for (const d of [host, guest]) {
    assert.deepEqual(d.session.game.moves, ["d2-d3", "e9-e8"]);
    assert.equal(d.session.turn, "black");
    assert.equal(d.session.game.clock.black, MINUTE - 4000 + 2000, "the clocks stand: no time is given back");
  }
  // Orange's move and Black's answer taken back together, asked on Orange's turn... Black is to
  // move, so Orange asks to take back e9-e8 and the move before it stays.
  await guest.live.askTakeback();
  await g.calm();
  await host.live.answerTakeback(true);
  await g.calm();
  for (const d of [host, guest]) {
    assert.deepEqual(d.session.game.moves, ["d2-d3"]);
    assert.equal(d.session.turn, "orange");
  }
  await g.play(guest, "f9", "f8");
  assert.deepEqual(recordOf(host), recordOf(guest));
});

test("a rematch swaps the colours, with a new game id and a newly agreed seed", async () => {
  const g = await pair();
  const { host, guest } = g;
  const first = recordOf(host);
  await g.play(host, "d2", "d3");
  await guest.live.resign();
  await g.calm();
  await host.live.offerRematch();
  await g.calm();
  assert.deepEqual(said(guest, "rematch"), ["Your friend offers a rematch, colours swapped."]);
  await guest.live.answerRematch(true);
  await g.calm();
  assert.deepEqual(said(host, "started"), ["A rematch: you play Orange."]);
  assert.deepEqual(said(guest, "started"), ["A rematch: you play Black."]);
  const second = recordOf(host);
  assert.deepEqual(second, recordOf(guest));
  assert.notEqual(second.id, first.id);
  assert.notEqual(second.seed, first.seed);
  assert.equal(second.seeded, true);
  assert.deepEqual(second.moves, []);
  assert.deepEqual(second.clock, { ...CONTROL, black: MINUTE, orange: MINUTE });
  assert.deepEqual(host.session.players, { black: "friend", orange: "human" });
  assert.equal(host.session.game.live.host, true, "the host is still the host");
  await g.play(guest, "d2", "d3");                 // Black moves first: now the guest
  await g.play(host, "e9", "e8");
  assert.deepEqual(recordOf(host), recordOf(guest));
  // A second rematch declined.
  await host.live.resign();
  await g.calm();
  await guest.live.offerRematch();
  await g.calm();
  await host.live.answerRematch(false);
  await g.calm();
  assert.equal(said(guest, "rematch").at(-1), "Your friend declined the rematch.");
  assert.equal(recordOf(host).id, second.id);
});

test("a dropped connection stops both clocks and says so; back, the clocks run again", async () => {
  const g = await pair();
  const { host, guest, time } = g;
  await g.play(host, "d2", "d3");
  await g.play(guest, "e9", "e8");
  time.advance(1000);
  g.link.cut();
  await g.calm();
  for (const d of [host, guest]) {
    assert.deepEqual(said(d, "disconnected"), ["Your friend's connection dropped. Both clocks are stopped until they are back."]);
    assert.equal(d.session.waitsForFriend, true);
    assert.equal(d.session.clock.running, null);
  }
  host.session.press(sq("d3"));
  assert.equal(host.session.selected, null, "nobody moves while the friend is away");
  time.advance(10 * MINUTE);
  await g.calm();
  for (const d of [host, guest]) {
    assert.equal(d.session.over, false, "no flag falls while the clocks are stopped");
    assert.equal(d.session.clock.timeLeft("black"), MINUTE - 1000);
  }
  await g.connect();
  for (const d of [host, guest]) {
    assert.equal(said(d, "connected").length, 2);
    assert.equal(d.session.clock.running, "black");
  }
  time.advance(2000);
  for (const d of [host, guest]) assert.equal(d.session.clock.timeLeft("black"), MINUTE - 3000);
  await g.play(host, "d3", "d4");
  assert.deepEqual(recordOf(host), recordOf(guest));
  assert.equal(host.session.game.clock.black, MINUTE - 3000 + 2000);
});

test("a reloaded page finds its live game, reconnects, and the move it missed is brought up to date", async () => {
  const g = await pair();
  const { host, guest, net, id } = g;
  await g.play(host, "d2", "d3");
  await g.play(guest, "e9", "e8");
  // Black's move is on its way when the guest's tab goes away: it never arrives.
  g.link.hold();
  await g.play(host, "d3", "d4");
  g.link.cut();
  await g.calm();
  assert.equal(guest.session.game.moves.length, 2);
  // The guest's page reloads: a new session from the saved game, which says it is live.
  const saved = readSaved(guest.storage);
  assert.deepEqual(saved.problems, []);
  assert.deepEqual(saved.game.live, { id, side: "orange", host: false, seeded: true });
  assert.deepEqual(findLiveGame(guest.storage, id).moves, ["d2-d3", "e9-e8"]);
  assert.deepEqual(saved.settings.players, { black: "friend", orange: "human" });
  const { session } = watched(engine(2), { timing: g.time, players: saved.settings.players });
  session.show(saved.game);
  await session.start();
  assert.equal(session.waitsForFriend, true, "a live game waits for the friend until they are back");
  const reloaded = join({ engine: engine(2), session, storage: guest.storage, save: guest.save });
  g.link = net.link(host.live, reloaded.live);
  await calm(net, host, reloaded);
  assert.deepEqual(said(reloaded, "connected"), ["Your friend is connected: the game goes on."]);
  assert.deepEqual(reloaded.session.game.moves, ["d2-d3", "e9-e8", "d3-d4"]);
  assert.deepEqual(recordOf(host), recordOf(reloaded));
  assert.equal(await recordText(host), await recordText(reloaded));
  // And the game goes on.
  reloaded.session.press(sq("e8"));
  reloaded.session.press(sq("e7"));
  await calm(net, host, reloaded);
  assert.deepEqual(host.session.game.moves, ["d2-d3", "e9-e8", "d3-d4", "e8-e7"]);
  assert.deepEqual(recordOf(host), recordOf(reloaded));
});

test("a resignation that crosses a move wins over it: the move is withdrawn, the records the same", async () => {
  const g = await pair();
  const { host, guest } = g;
  await g.play(host, "d2", "d3");
  await g.play(guest, "e9", "e8");
  g.link.hold();
  await g.play(host, "d3", "d4");              // on its way ...
  await guest.live.resign();                   // ... while Orange resigns
  await g.calm();
  g.link.release();
  await g.calm();
  for (const d of [host, guest]) {
    assert.deepEqual(d.session.game.moves, ["d2-d3", "e9-e8"]);
    assert.equal(ended(d), "Orange resigned: Black wins");
  }
  assert.deepEqual(recordOf(host), recordOf(guest));
  assert.deepEqual(said(host, "refused"), []);
  assert.deepEqual(said(guest, "refused"), []);
});

test("a takeback or a draw accepted while the other moved anyway: the move goes, the agreement stands", async () => {
  const g = await pair();
  const { host, guest } = g;
  await g.play(host, "d2", "d3");
  await g.play(guest, "e9", "e8");
  await host.live.askTakeback();                // Black asks back d2-d3 (and Orange's answer) ...
  await g.calm();
  g.link.hold();
  await g.play(host, "d3", "d4");              // ... then moves all the same, as Orange grants it
  await guest.live.answerTakeback(true);
  await g.calm();
  g.link.release();
  await g.calm();
  for (const d of [host, guest]) assert.deepEqual(d.session.game.moves, []);
  await g.play(host, "d2", "d3");
  await g.play(guest, "e9", "e8");
  await host.live.offerDraw();                  // Black offers a draw on its own turn ...
  await g.calm();
  g.link.hold();
  await g.play(host, "d3", "d4");              // ... and moves, as Orange accepts it
  await guest.live.answerDraw(true);
  await g.calm();
  g.link.release();
  await g.calm();
  for (const d of [host, guest]) {
    assert.deepEqual(d.session.game.moves, ["d2-d3", "e9-e8"]);
    assert.equal(ended(d), "Drawn by agreement");
  }
  assert.deepEqual(recordOf(host), recordOf(guest));
  assert.deepEqual([...said(host, "refused"), ...said(guest, "refused")], []);
});

test("a resignation made while the friend was away reaches them with the resync; two that cross are settled by the host's", async () => {
  const g = await pair();
  const { host, guest } = g;
  await g.play(host, "d2", "d3");
  g.link.cut();
  await g.calm();
  await guest.live.resign();                   // the friend is away: it ends here, and is sent later
  await g.calm();
  assert.equal(ended(guest), "Orange resigned: Black wins");
  assert.equal(host.session.over, false);
  await g.connect();
  for (const d of [host, guest]) assert.equal(ended(d), "Orange resigned: Black wins");
  assert.deepEqual(recordOf(host), recordOf(guest));
  // Both resign at once: each device ends its game its own way, then takes the host's.
  const h = await pair();
  await h.play(h.host, "d2", "d3");
  h.link.hold();
  await h.host.live.resign();
  await h.guest.live.resign();
  await h.calm();
  h.link.release();
  await h.calm();
  for (const d of [h.host, h.guest]) assert.equal(ended(d), "Black resigned: Orange wins");
  assert.deepEqual(recordOf(h.host), recordOf(h.guest));
});

test("two games that differ are not joined: both are told, each keeps its own", async () => {
  const g = await pair({ moves: ["d2-d3", "e9-e8"], guestMoves: ["d2-d3", "f9-f8"], seed: 77 });
  for (const d of [g.host, g.guest]) {
    assert.equal(said(d, "differ").length, 1);
    assert.ok(isSentence(said(d, "differ")[0]));
    assert.equal(d.session.waitsForFriend, true);
  }
  assert.match(said(g.host, "differ")[0], /differ from move 2 on/);
  assert.deepEqual(g.host.session.game.moves, ["d2-d3", "e9-e8"]);
  assert.deepEqual(g.guest.session.game.moves, ["d2-d3", "f9-f8"]);
});

test("a Manator game: the duel seed is agreed by both, and a duel comes out the same on both devices", async () => {
  const g = await pair({ rules: MANATOR, hostSide: "orange", clock: null });
  const { host, guest } = g;
  const seed = host.session.game.seed;
  assert.equal(guest.session.game.seed, seed);
  assert.ok(Number.isInteger(seed) && seed >= 0 && seed <= 2 ** 53 - 1);
  await g.play(host, "g10", "d7");
  await g.play(guest, "d2", "d3");
  await g.play(host, "d7", "g4");
  await g.play(guest, "d1", "g4");             // a duel, decided by the agreed seed on each device
  const duel = guest.session.game.moves.at(-1);
  assert.match(duel, /^d1xg4\/[ad]$/);
  assert.deepEqual(host.session.game.moves, guest.session.game.moves);
  const fresh = await engine(2).request("play", { rules: MANATOR, start: "start", moves: ["g10-d7", "d2-d3", "d7-g4"],
                                                     seed, move: { from: sq("d1"), to: sq("g4") } });
  assert.equal(fresh.played.text, duel, "the outcome is the agreed seed's");
  assert.deepEqual(recordOf(host), recordOf(guest));
});

test("a hostile peer: an illegal move, one out of turn, a forged hash, 10 MB, a flood, an unknown version and garbage are each refused with a sentence, the game as it was", async () => {
  const { d, peer, id, time, calm: quiet } = await againstHostile();
  assert.deepEqual(said(d, "connected").length, 1);
  d.session.press(sq("d2"));
  d.session.press(sq("d3"));
  await quiet();
  assert.equal(peer.inbox.at(-1).type, "move");
  const before = JSON.stringify(d.session.game);
  const refusals = () => said(d, "refused");
  /** Send something; it must be refused with ``sentence`` and leave the game as it was. */
  async function refused(send, sentence) {
    const count = refusals().length;
    await send();
    await quiet();
    assert.equal(refusals().length, count + 1, `one refusal for ${sentence}`);
    const text = refusals().at(-1);
    assert.ok(isSentence(text), text);
    assert.match(text, sentence);
    assert.equal(JSON.stringify(d.session.game), before, "the game is as it was");
  }
  const move = (fields) => ({ type: "move", game: id, ply: 2, time: MINUTE, hash: "00".repeat(32), ...fields });
  await refused(() => peer.say(move({ from: sq("e9"), to: sq("e5") })), /^Your friend's device sent a move this device's engine refuses \(.+\); it was ignored, and the game is as it was\.$/);
  await refused(async () => peer.say(move({ from: sq("e9"), to: sq("e8") })), /another position than it does here/);
  await refused(async () => peer.say(move({ ply: 3, from: sq("e9"), to: sq("e8"), hash: await hashAfter(d, "e9", "e8") })),
                /sent move 3 when this game has 1 move/);
  await refused(() => peer.raw("x".repeat(10 * 1024 * 1024)), /far larger than any this app sends/);
  await refused(() => peer.raw(JSON.stringify({ ...JSON.parse(writeMessage(move({ from: 84, to: 74 }))), v: 2 })), /version 2/);
  await refused(() => peer.raw("}{ garbage"), /not a message of this app/);
  await refused(() => peer.raw(writeMessage({ type: "resign", game: "ffffffffffffffff", ply: 1 })), /about another game/);
  await refused(() => peer.say({ type: "draw", game: id, ply: 1, act: "accept" }), /accepted an offer this device did not make/);
  // A legal move with its true hash is played; one out of turn after it is refused.
  peer.say(move({ from: sq("e9"), to: sq("e8"), hash: await hashAfter(d, "e9", "e8") }));
  await quiet();
  assert.deepEqual(d.session.game.moves, ["d2-d3", "e9-e8"]);
  assert.deepEqual(peer.inbox.at(-1), { type: "ack", game: id, ply: 2 });
  const played = JSON.stringify(d.session.game);
  const count = refusals().length;
  peer.say(move({ ply: 3, from: sq("e8"), to: sq("e7"), hash: "00".repeat(32) }));
  await quiet();
  assert.match(refusals().at(-1), /when it was not their turn/);
  assert.equal(refusals().length, count + 1);
  assert.equal(JSON.stringify(d.session.game), played);
  // A flood: a burst gets through (harmless acks), the rest is refused, said once.
  for (let i = 0; i < 10 * RATE.burst; i += 1) peer.say({ type: "ack", game: id, ply: 1 });
  await quiet();
  assert.equal(refusals().filter((text) => /faster than a game needs/.test(text)).length, 1);
  assert.equal(JSON.stringify(d.session.game), played);
  // A second later the peer is heard again.
  time.advance(1000);
  await d.live.offerDraw();
  peer.say({ type: "draw", game: id, ply: 2, act: "decline" });
  await quiet();
  assert.deepEqual(said(d, "draw"), ["Your friend declined the draw."]);
  assert.equal(d.session.over, false);
});

test("a hostile peer's forged seed reveal is refused, and the game does not start", async () => {
  const { d } = await againstHostile({ forged: true });
  assert.deepEqual(said(d, "refused"), ["Your friend's device revealed a seed for the duels other than the one it promised; it was refused."]);
  assert.deepEqual(said(d, "connected"), []);
  assert.equal(d.session.waitsForFriend, true);
  assert.equal(d.session.game.live.seeded, false);
  d.session.press(sq("d2"));
  assert.equal(d.session.selected, null);
});

test("a friend whose device never says their time ran out loses on time all the same, after the connection's allowance", async () => {
  const { d, peer, id, time, calm: quiet } = await againstHostile();
  d.session.press(sq("d2"));
  d.session.press(sq("d3"));
  await quiet();
  peer.say({ type: "move", game: id, ply: 2, from: sq("e9"), to: sq("e8"), time: MINUTE, hash: await hashAfter(d, "e9", "e8") });
  await quiet();
  d.session.press(sq("d3"));
  d.session.press(sq("d4"));
  await quiet();
  const left = d.session.clock.timeLeft("orange");
  assert.equal(left, MINUTE + 2000);
  time.advance(left + CONNECTION_ALLOWANCE_MS - 100);
  await quiet();
  assert.equal(d.session.over, false, "their move may still be on its way");
  time.advance(200);
  await quiet();
  assert.equal(ended(d), "Orange's time ran out: Black wins");
  assert.deepEqual(peer.inbox.at(-1), { type: "flag", game: id, ply: 3, side: "orange" });
});

test("a live game's record is checked as every saved field is: a damaged one is left out, the game kept", () => {
  const plain = { rules: "", start: "start", moves: ["d2-d3"], resigned: null, headers: {} };
  const live = { id: "0123456789abcdef", side: "orange", host: false, seeded: true };
  assert.deepEqual(checkGame({ ...plain, live, players: { black: "friend", orange: "human" } }),
                   { ...plain, live, players: { black: "friend", orange: "human" } });
  for (const damaged of [{ ...live, id: "short" }, { ...live, side: "green" }, { ...live, host: "yes" }, { ...live, seeded: 1 },
                         { id: live.id }, "live", null]) {
    assert.deepEqual(checkGame({ ...plain, live: damaged }), plain, JSON.stringify(damaged));
  }
  // Among the recent games too: a page can find it there to reconnect.
  const storage = new MemoryStorage();
  remember(storage, { ...plain, live });
  assert.deepEqual(findLiveGame(storage, live.id).live, live);
  assert.equal(findLiveGame(storage, "fedcba9876543210"), null);
});
