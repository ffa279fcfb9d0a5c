// The engine's help (web/js/assistance.js), held by the Session: a hint drawn as an arrow, and
// the analysis of the position shown, drawn as its best line, stopped when it is turned off or
// the position changes.
import assert from "node:assert/strict";
import { test } from "node:test";
import { SQ, engines, settle, tick, watched } from "./helpers.mjs";

test("a hint is the engine's move, drawn as an arrow until the position changes", async (t) => {
  const engine = engines(t)();
  const { session } = watched(engine);
  session.show({ rules: "", start: "start", moves: [] });
  await session.start();
  const move = await session.assistance.askHint();
  assert.ok(move && move.from !== null);
  assert.deepEqual(session.boardProps().arrows.map((a) => a.slice(0, 2)), [[move.from, move.to]]);
  await session.play({ from: move.from, to: move.to });
  assert.deepEqual(session.boardProps().arrows, []);
});

test("the analysis reports depths of the position shown, and stops when turned off", async (t) => {
  const engine = engines(t)();
  const { session } = watched(engine);
  session.show({ rules: "", start: "start", moves: ["d2-d3"] });
  await session.start();
  session.assistance.setAnalysis(true);
  const a = session.assistance.analysis;
  while (!a.info) await tick();
  assert.equal(a.side, "orange");
  assert.ok(session.boardProps().arrows.length >= 1, "its best line is drawn");
  session.assistance.setAnalysis(false);
  await settle(engine);
  assert.equal(a.running, false);
  assert.equal(a.info, null);
  assert.deepEqual(session.boardProps().arrows, []);
});

test("the analysis follows the review, and a move made stops it", async (t) => {
  const engine = engines(t)();
  const { session } = watched(engine);
  session.show({ rules: "", start: "start", moves: ["d2-d3"] });
  await session.start();
  session.assistance.setAnalysis(true);
  session.review(0);
  const a = session.assistance.analysis;
  while (!a.info) await tick();
  assert.equal(a.side, "black", "the start is analysed");
  session.review(1);
  session.press(SQ.g9);
  session.press(SQ.g8);
  while (session.game.moves.length < 2 || !a.running) await tick();
  assert.deepEqual(session.game.moves, ["d2-d3", "g9-g8"]);
  assert.equal(a.side, "black", "the analysis goes on at the next position");
  session.assistance.setAnalysis(false);
  await settle(engine);
});
