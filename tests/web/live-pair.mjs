// Two devices of a live game under Node (web/js/live.js), for live.test.mjs and live-words.test.mjs:
// two Sessions, each on the real facade (helpers.mjs), joined by an in-memory channel pair whose
// messages arrive a moment later, as on a connection, on one fake time; and a hostile peer
// speaking the protocol by hand. What a controller says is kept as it says it, a message, for a
// test to word in the language it reads (the page words it in its reader's).
import assert from "node:assert/strict";
import { after } from "node:test";
import { LiveGame } from "../js/live.js";
import { newGameId, newSeedHalf, positionHash, readMessage, writeMessage } from "../js/live-protocol.js";
import { MemoryStorage, defaultSettings, newGame, writeSaved } from "../js/storage.js";
import { FacadeEngine } from "./engine.mjs";
import { FakeTime, settle, tick, watched } from "./helpers.mjs";

/** A square's index (0-99) from its name ("d2" → 13). */
export const sq = (name) => "abcdefghij".indexOf(name[0]) + 10 * (Number(name.slice(1)) - 1);
export const MINUTE = 60000;
export const CONTROL = { initial: MINUTE, increment: 2000 };
export const MANATOR = "setup=facing,first=orange,duel=even,odwar=on";
export const other = (side) => (side === "black" ? "orange" : "black");

// A test file's engines, each started once: the facade is stateless for the page (every request
// carries its whole game), so the tests, which run one after another, share them — each device
// of a test its own. (Starting Python twice a test would be most of the file's time.)
const ENGINES = [];
after(() => { for (const e of ENGINES) e.close(); });
/** Engine ``i`` of the test file. */
export const engine = (i) => (ENGINES[i] ??= new FacadeEngine());

/** Channels in memory: a message arrives a moment after it is sent (setImmediate), unless the
 *  link is held (then it waits for release()); a cut link loses what is on its way. Every text
 *  sent is kept (sent), for a test to read what crossed. */
export class Net {
  constructor() {
    this.inFlight = 0;
    /** @type {string[]} */
    this.sent = [];
  }

  /** Join two ends (each with open(channel), receive(text), closed()): both are opened. */
  link(a, b) {
    const state = { open: true, held: null };
    const deliver = (to, text) => {
      this.sent.push(text);
      this.inFlight += 1;
      setImmediate(() => { this.inFlight -= 1; if (state.open) to.receive(text); });
    };
    const end = (to) => ({
      send: (text) => { if (state.open) (state.held ? state.held.push(() => deliver(to, text)) : deliver(to, text)); },
      close: () => cut(),
    });
    const cut = () => {
      if (!state.open) return;
      state.open = false;
      a.closed();
      b.closed();
    };
    a.open(end(b));
    b.open(end(a));
    return { cut, hold: () => { state.held = []; }, release: () => { const held = state.held; state.held = null; held.forEach((f) => f()); } };
  }
}

/** One device: a session on its own engine, with its storage, its live controller, and what
 *  the controller said (join()). */
export async function device(engine, time, game) {
  const { session } = watched(engine, { timing: time });
  const storage = new MemoryStorage();
  const save = () => {
    if (!session.state) return;
    session.clock.settle();
    writeSaved(storage, { version: 1, game: session.game, settings: { ...defaultSettings(), players: { ...session.players } },
                          position: session.state.position });
  };
  const reply = await session.load(game, { players: { [game.live.side]: "human", [other(game.live.side)]: "friend" } });
  assert.ok(reply.ok, reply.error);
  return join({ engine, session, storage, save });
}

/** A device's live controller, listened to: what it said (heard: [type, its message], as the
 *  page keeps it, to word in the page's language). */
export function join(d) {
  const live = new LiveGame(d.session, { appVersion: "test", save: d.save });
  const heard = [];
  live.listen((type, detail) => heard.push([type, detail.message]));
  return { ...d, live, heard };
}

/** Two devices of one new live game (the host plays ``hostSide``), connected, and agreed.
 *  ``moves``/``seed``: a game resumed (both devices hold it, its seed agreed before). */
export async function pair({ rules = "", clock = CONTROL, hostSide = "black", moves = [], guestMoves = moves, seed = null } = {}) {
  const time = new FakeTime(), net = new Net();
  const id = newGameId();
  // Each device makes the game as the page does for an invitation (its own random seed until
  // the two agree one); a game resumed holds its moves and the seed agreed before.
  const made = (side, host, played) => {
    const game = { ...newGame(rules, "start", { clock, live: { id, side, host } }), moves: played };
    return seed === null ? game : { ...game, seed, live: { ...game.live, seeded: true } };
  };
  const [host, guest] = await Promise.all([device(engine(0), time, made(hostSide, true, moves)),
                                           device(engine(1), time, made(other(hostSide), false, guestMoves))]);
  const g = { time, net, host, guest, id, link: null };
  g.calm = () => calm(net, host, guest);
  g.connect = async (a = host, b = guest) => { g.link = net.link(a.live, b.live); await calm(net, a, b); };
  g.play = async (d, from, to) => { d.session.press(sq(from)); d.session.press(sq(to)); await g.calm(); };
  await g.connect();
  return g;
}

/** Wait until nothing is on its way: no message in the net, no task in a controller, no request
 *  in an engine. */
export async function calm(net, ...devices) {
  for (let quiet = 0; quiet < 3;) {
    if (net.inFlight || devices.some((d) => d.engine.busy || d.live.pending)) {
      quiet = 0;
      await Promise.all(devices.map((d) => d.live.quiet()));
      for (const d of devices) await settle(d.engine);
      await tick();
    } else {
      quiet += 1;
      await tick();
    }
  }
}

/** A hostile peer: a script on the other end of the channel, speaking the protocol by hand. */
export function hostile() {
  const peer = {
    inbox: [], channel: null,
    open(channel) { peer.channel = channel; },
    receive(text) { peer.inbox.push(readMessage(text)); },
    closed() {},
    say(message) { peer.channel.send(writeMessage(message)); },
    raw(text) { peer.channel.send(text); },
  };
  return peer;
}

/** One device and a hostile peer greeted by it: the peer plays Orange. ``forged``: its reveal
 *  is not what it promised. */
export async function againstHostile({ forged = false } = {}) {
  const time = new FakeTime(), net = new Net();
  const id = newGameId();
  const d = await device(engine(0), time, newGame("", "start", { clock: CONTROL, live: { id, side: "black", host: true } }));
  const peer = hostile();
  net.link(d.live, peer);
  await calm(net, d);
  const hello = peer.inbox.find((m) => m.type === "hello");
  const half = await newSeedHalf();
  peer.say({ type: "hello", app: "hostile", game: id, rules: hello.rules, start: hello.start, clock: hello.clock,
             side: "orange", host: false, seed: null, commit: half.commit });
  peer.say({ type: "seed", game: id, half: forged ? half.half + 1 : half.half, nonce: half.nonce });
  peer.say({ type: "resync", game: id, part: 0, parts: 1, plies: 0, moves: [], hash: await positionHash(hello.start),
             ending: { resigned: null, agreed: false, flagged: null }, time: MINUTE });
  await calm(net, d);
  return { d, peer, net, id, time, calm: () => calm(net, d) };
}

/** What the peer must send as the hash of its move: the position the engine reaches. */
export async function hashAfter(d, from, to) {
  const reply = await d.engine.request("play", { ...d.session.asking(d.session.game), move: { from: sq(from), to: sq(to) } });
  return positionHash(reply.state.position);
}
