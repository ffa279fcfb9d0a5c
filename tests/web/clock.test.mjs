// The game's clock (web/js/clock.js), held by the Session, on a fake time: which side's time
// runs, what a move charges, and the flag falling when a side's time runs out.
import assert from "node:assert/strict";
import { test } from "node:test";
import { SQ, FakeTime, askedOf, engines, settle, watched } from "./helpers.mjs";

const MINUTE = 60000;
const timed = (moves = []) => ({ rules: "", start: "start", moves,
                                 clock: { initial: MINUTE, increment: 2000, black: MINUTE, orange: MINUTE } });

async function clockGame(t, options = {}) {
  const time = new FakeTime();
  const engine = engines(t)();
  const watch = watched(engine, { timing: time, ...options });
  return { time, engine, ...watch };
}

test("the first move is not timed; from then on the side to move's time runs", async (t) => {
  const { session, time } = await clockGame(t);
  await session.load(timed());
  assert.equal(session.clock.running, null);
  time.advance(5000);
  assert.equal(session.clock.timeLeft("black"), MINUTE);
  await session.play({ from: SQ.d2, to: SQ.d3 });
  assert.equal(session.clock.running, "orange");
  time.advance(3000);
  assert.equal(session.clock.timeLeft("orange"), MINUTE - 3000);
  assert.equal(session.clock.timeLeft("black"), MINUTE);
});

test("a move charges the time used and adds the increment; saving charges it without", async (t) => {
  const { session, time } = await clockGame(t);
  await session.load(timed(["d2-d3"]));
  time.advance(4000);
  await session.play({ from: SQ.g9, to: SQ.g8 });
  assert.equal(session.game.clock.orange, MINUTE - 4000 + 2000);
  assert.equal(session.clock.running, "black");
  time.advance(1000);
  session.clock.settle();
  assert.equal(session.game.clock.black, MINUTE - 1000);
  assert.equal(session.clock.timeLeft("black"), MINUTE - 1000, "settling does not count the time twice");
});

test("the flag falls when the running side's time runs out: the game ends on time", async (t) => {
  const { session, time, engine } = await clockGame(t);
  await session.load({ ...timed(["d2-d3"]), clock: { initial: MINUTE, increment: 0, black: MINUTE, orange: 1500 } });
  time.advance(1000);
  assert.equal(session.over, false);
  time.advance(600);
  await settle(engine);
  assert.equal(session.game.flagged, "orange");
  assert.equal(session.over, true);
  assert.equal(session.state.result.winner, "black");
  assert.equal(session.clock.running, null, "an ended game's clock stops");
  assert.ok(askedOf(engine).at(-1).startsWith("state"));
});

test("the engine is told its time left and its increment", async (t) => {
  const { session, time, engine } = await clockGame(t, { players: { black: "human", orange: "engine" } });
  await session.load(timed());
  await session.play({ from: SQ.d2, to: SQ.d3 });
  time.advance(10);
  await settle(engine);
  const think = engine.asked.find(({ op }) => op === "think");
  assert.deepEqual(think.args.clock, { remaining_ms: MINUTE, increment_ms: 2000 });
  assert.equal(session.game.moves.length, 2);
});

test("a game shown anew stops the clock's timer; no flag falls on a game replaced", async (t) => {
  const { session, time } = await clockGame(t);
  await session.load({ ...timed(["d2-d3"]), clock: { initial: MINUTE, increment: 0, black: MINUTE, orange: 1000 } });
  session.show({ rules: "", start: "start", moves: [] });
  assert.equal(time.timers.size, 0);
  time.advance(5000);
  assert.equal(session.game.flagged, undefined);
});
