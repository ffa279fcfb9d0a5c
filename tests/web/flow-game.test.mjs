// A game's flow through the Session (web/js/session.js) on the real facade, as the app's
// controls drive it: a game's end in words (a capture, a resignation, a draw agreed, a flag
// fall, a duel), the clock chosen for a new game, correspondence, a shared game taken on against
// the engine, a duel replayed after undo, captures carried along the review, a premove let go,
// and a game loaded while the engine thinks. These were browser tests (tests/browser); the
// browser keeps one check of each control's wiring and what it draws (docs/testing.md).
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { test } from "node:test";
import { say } from "../js/i18n.js";
import { encodeGame } from "../js/share.js";
import { FakeTime, askedOf, engines, settle, tick, watched } from "./helpers.mjs";

/** A square's index (0-99) from its name ("d2" → 13). */
const sq = (name) => "abcdefghij".indexOf(name[0]) + 10 * (Number(name.slice(1)) - 1);
const game = (moves = [], fields = {}) => ({ rules: "", start: "start", moves, ...fields });
const TWO = { black: "human", orange: "human" };
// Black's d-Panthan walks up to d8, where it can take on d9.
const LEAD_UP = ["d2-d3", "e9-e8", "d3-d4", "e8-e7", "d4-d5", "e7-e6", "d5-d6", "e6-e5", "d6-d7", "e5-e4",
                 "d7-d8", "b9-b8"];

/** A session on a fresh engine that has taken ``g`` (options as watched()'s). */
async function playing(t, g, options = {}) {
  const engine = engines(t)();
  const watch = watched(engine, { players: TWO, ...options });
  const reply = await watch.session.load(g, { players: options.players || TWO });
  assert.ok(reply.ok, JSON.stringify(reply.error));
  return { engine, ...watch };
}

/** A move by presses, as a person makes it; resolves once the engine has answered everything. */
async function presses(session, engine, from, to) {
  session.press(sq(from));
  session.press(sq(to));
  await settle(engine);
}

/** The game's record as the engine writes it (the app's Record box). */
async function record(session, engine) {
  const reply = await engine.request("state", { ...session.asking(session.game), record: true });
  return reply.state.record;
}

test("a game ends with its reason: the Princess taken (the book's game, Gahan's Odwar lost)", async (t) => {
  const { session, engine } = await playing(t, game(["g10-d7", "d2-d3", "d7-g4", "d1xg4/d"],
                                                    { rules: "setup=facing,first=orange,duel=even" }));
  await presses(session, engine, "g4", "f1");
  assert.equal(session.game.moves.at(-1), "g4xf1");
  assert.equal(say(session.state.result.words), "Orange's Flier took the Black Princess: Orange wins");
  assert.equal(session.state.result.text, "orange wins");
});

test("a resignation ends the game in words, and undo does not revive it", async (t) => {
  const { session } = await playing(t, game(["d2-d3", "e9-e8"]));
  await session.resign(session.turn);
  assert.equal(say(session.state.result.words), "Black resigned: Orange wins");
  assert.equal(session.game.resigned, "black");
  assert.equal(await session.undo(), null);
  assert.equal(session.over, true);
  assert.deepEqual(session.game.moves, ["d2-d3", "e9-e8"]);
});

test("a draw offered is declined, offered again and accepted: the record says so, and undo does not revive it", async (t) => {
  const { session, engine } = await playing(t, game(["d2-d3"]));
  session.offerDraw(session.turn);
  assert.equal(session.drawOffer, "orange");
  session.offerDraw(null);                          // declined
  assert.equal(session.drawOffer, null);
  assert.equal(session.over, false);
  session.offerDraw(session.turn);
  await session.agreeDraw();
  assert.equal(say(session.state.result.words), "Drawn by agreement");
  assert.equal(session.state.result.winner, null);
  assert.match(await record(session, engine), /agreement/);
  assert.equal(await session.undo(), null);
  assert.equal(session.over, true);
  assert.equal(session.game.agreed, true);
  assert.deepEqual(session.game.moves, ["d2-d3"]);
});

test("a flag fall ends the game in words, the flagged side's time kept at zero", async (t) => {
  const time = new FakeTime();
  const clock = { initial: 60000, increment: 2000, black: 60000, orange: 1500 };
  const { session, engine } = await playing(t, game(["d2-d3"], { clock }), { timing: time });
  assert.equal(session.clock.running, "orange");
  time.advance(1500 + 100);
  await settle(engine);
  assert.equal(say(session.state.result.words), "Orange's time ran out: Black wins");
  assert.equal(session.game.flagged, "orange");
  assert.equal(session.game.clock.orange, 0);
  assert.equal(session.game.clock.black, 60000);
});

test("a clock chosen for a new game (3 minutes, 2 seconds a move): the first move untimed, then charged", async (t) => {
  const time = new FakeTime();
  const clock = { initial: 180000, increment: 2000, black: 180000, orange: 180000 };
  const { session, engine } = await playing(t, game([], { clock }), { timing: time });
  time.advance(4000);
  await presses(session, engine, "d2", "d3");
  assert.equal(session.game.clock.black, 180000, "the first move is not timed");
  time.advance(3000);
  await presses(session, engine, "e9", "e8");
  assert.deepEqual(session.game.clock, { initial: 180000, increment: 2000, black: 180000, orange: 179000 });
  assert.equal(session.clock.running, "black");
});

test("a correspondence game stays one move after move, and its link says so", async (t) => {
  const { session, engine } = await playing(t, game([], { correspondence: true }));
  await presses(session, engine, "d2", "d3");
  assert.equal(session.game.correspondence, true);
  const link = encodeGame(session.game, { correspondence: Boolean(session.game.correspondence) });
  assert.match(link, /;c$/);
  assert.match(link, /m=d2d3/);
  const plain = await playing(t, game());
  await presses(plain.session, plain.engine, "d2", "d3");
  assert.equal(plain.session.game.correspondence, undefined, "no correspondence unless asked");
});

test("a shared game taken on against the engine: the engine moves for the side to move", async (t) => {
  const { session, engine } = await playing(t, game(["d2-d3", "e9-e8"]));
  session.setPlayers({ black: "engine", orange: "human" });
  await settle(engine);
  assert.equal(session.game.moves.length, 3);
  assert.equal(session.turn, "orange");
  assert.equal(session.humanToMove, true);
});

test("a duel is the same after undo and replay: the game's seed fixes its outcome", async (t) => {
  const { session, engine } = await playing(t, game(LEAD_UP, { rules: "duel=even", seed: 12345 }));
  const outcomes = [];
  for (let i = 0; i < 3; i += 1) {
    await presses(session, engine, "d8", "d9");
    assert.equal(session.game.moves.length, LEAD_UP.length + 1);
    outcomes.push(session.state.moves.at(-1).text);
    await session.undo();
    assert.deepEqual(session.game.moves, LEAD_UP);
  }
  assert.equal(new Set(outcomes).size, 1, outcomes.join(" "));
});

test("captures are carried along the review: stepped back, the piece is not taken yet", async (t) => {
  const { session, engine } = await playing(t, game(LEAD_UP));
  await presses(session, engine, "d8", "d9");                 // a Panthan takes
  assert.equal(session.state.captured.orange.length, 1);
  session.step("prev");
  await settle(engine);
  assert.equal(session.shown.ply, LEAD_UP.length);
  assert.deepEqual(session.shown.captured.orange, []);
  session.step("last");
  assert.equal(session.shown, null, "the live game's captures are the state's own");
  assert.equal(session.reviewing, null);
});

test("a capture is fought as a duel: the two pieces, the odds, who won, and the dice only under duel=dice", async (t) => {
  const opening = ["g10-d7", "d2-d3", "d7-g4"];
  for (const rules of ["setup=facing,first=orange,duel=even,odwar=on", "setup=facing,first=orange,duel=dice"]) {
    const { session, engine } = await playing(t, game(opening, { rules }));
    await presses(session, engine, "d1", "g4");
    const { duel } = session.state.moves.at(-1);
    assert.equal(duel.odds, 50, "two Odwars (Fliers): even odds");
    assert.ok(["attacker", "defender"].includes(duel.winner));
    assert.equal(duel.attacker.toLowerCase(), duel.defender.toLowerCase());
    assert.equal(Array.isArray(duel.rolls), rules.includes("dice"), rules);
  }
});

test("a game ended by a duel says so (the book's Chapter 17)", async (t) => {
  const moves = ["g10-d7", "d2-d3", "d7-g4", "d1xg4/a", "f9-f8", "g1-f4", "h9-i8", "f4-c7", "f10-i7", "e1-e4",
                 "a9-b7", "e4-e7", "f8xe7/d", "e7xe10/a"];
  const { session } = await playing(t, game(moves, { rules: "setup=facing,first=orange,duel=even,odwar=on" }));
  assert.match(say(session.state.result.words), /^Black's Chief took the Orange Chief in a duel: Black wins/);
  assert.equal(session.state.moves.filter((m) => m.duel).length, 3);
});

test("a premove is let go by a press elsewhere, and nothing is played for it", async (t) => {
  const { session, engine, events } = await playing(t, game(), { players: { black: "human", orange: "engine" },
                                                                 strength: { level: 1, timeMs: 300 } });
  session.press(sq("d2"));
  session.press(sq("d3"));
  while (session.phase !== "thinking") await tick();
  session.press(sq("e2"));
  session.press(sq("e3"));
  assert.deepEqual(session.waiting, { from: sq("e2"), to: sq("e3") });
  session.press(sq("e6"));                                        // elsewhere: let go
  assert.equal(session.waiting, null);
  assert.equal(session.selected, null);
  assert.ok(events.some(([type, move]) => type === "waiting" && move === null));
  await settle(engine);
  assert.equal(session.game.moves.length, 2, "the engine's answer, and no premove after it");
  assert.equal(session.turn, "black");
});

test("a game loaded while the engine thinks: the engine's move is dropped, the games not mixed", async (t) => {
  const { session, engine } = await playing(t, game(), { players: { black: "human", orange: "engine" },
                                                         strength: { level: 6, timeMs: 4000 } });
  session.press(sq("d2"));
  session.press(sq("d3"));
  while (session.phase !== "thinking") await tick();
  const loaded = { rules: "setup=facing,first=orange,duel=even", start: "start",
                   moves: ["g10-d7", "d2-d3", "d7-g4", "d1xg4/a"], headers: { Event: "Test" } };
  const reply = await session.load(loaded, { players: TWO });
  assert.ok(reply.ok);
  await settle(engine);
  assert.deepEqual(session.game.moves, loaded.moves);
  assert.equal(session.game.rules, loaded.rules);
  assert.deepEqual(session.game.headers, { Event: "Test" });
  assert.deepEqual(session.players, TWO);
  assert.equal(session.phase, "idle");
  assert.ok(askedOf(engine).includes("think"), "the engine was thinking when the game came in");
  assert.match(await record(session, engine), /\[Event "Test"\]/);
});

test("another game opened while the engine loads (a recent game) is the one played", async (t) => {
  const engine = engines(t)({ held: true });
  const { session } = watched(engine, { players: TWO });
  session.show(game(["d2-d3", "g9-g8"]));
  const first = session.start();
  const opened = session.load(game(["e2-e3", "f9-f8", "c2-c3"]), { players: TWO });
  engine.release();
  assert.equal(await first, null, "the answer about the game shown first is void");
  assert.ok((await opened).ok);
  await settle(engine);
  assert.deepEqual(session.game.moves, ["e2-e3", "f9-f8", "c2-c3"]);
  await presses(session, engine, "d9", "d8");
  assert.deepEqual(session.game.moves, ["e2-e3", "f9-f8", "c2-c3", "d9-d8"]);
});

test("a game as long as a game may be cannot go on: no move is legal, and one typed is refused", async (t) => {
  // The engine's own long game (py_engine/tools/bench.py), 20,000 plies: the facade's limit.
  const script = "import json; from py_engine.tools.bench import long_game; print(json.dumps(long_game(20000)))";
  const moves = JSON.parse(execFileSync(process.env.PYTHON || "python3", ["-c", script],
                                        { cwd: process.env.JETAN_ROOT, encoding: "utf8" }));
  const { session } = await playing(t, game(moves));
  assert.equal(session.full, true);
  assert.equal(session.over, false, "no rule has ended it");
  assert.deepEqual(session.state.legal, {});
  const reply = await session.play({ text: "d1-a4" });
  assert.ok(reply && !reply.ok);
  assert.match(say(reply.error), /20,000 plies, the most a game may have/);
  assert.equal(session.game.moves.length, 20000);
});
