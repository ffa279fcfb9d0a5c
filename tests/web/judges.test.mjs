// The Session with the engine's other judges (web/js/judges.js): a puzzle's moves and a
// lesson's judged by the facade's "puzzle" and "lesson" requests, with the same press,
// selection and kept move as a game's.
import assert from "node:assert/strict";
import { test } from "node:test";
import { LESSONS, PUZZLES } from "../training-data.js";
import { say } from "../js/i18n.js";
import { lessonJudge, puzzleJudge } from "../js/judges.js";
import { engines, settle, watched } from "./helpers.mjs";

const PUZZLE = PUZZLES.find((p) => p.id === "0fbe17");    // d9-f6 a1xb1 f6-g5: two moves to win
const [D9, F6, G5] = [83, 55, 46];
const PANTHAN = LESSONS.find((l) => l.id === "panthan");  // its Panthan on e3 to the stars e5 and g6
const [E3, E4, E5, F6_, G6, E2] = [24, 34, 44, 55, 56, 14];

function puzzleSession(t, options = {}) {
  const engine = engines(t)(options);
  const watch = watched(engine);
  watch.session.show({ rules: PUZZLE.rules, start: PUZZLE.position, moves: [] }, { judge: puzzleJudge(PUZZLE) });
  return { engine, ...watch };
}

test("a puzzle: a wrong move is refused and the position stays; a right one is answered; then solved", async (t) => {
  const { engine, session, events } = puzzleSession(t);
  await session.start();
  const verdict = session.state.verdict;
  assert.deepEqual(verdict.mine, []);
  const [from, tos] = Object.entries(verdict.legal).find(([sq]) => Number(sq) !== D9);
  const position = session.state.position;
  const wrong = await session.play({ from: Number(from), to: tos[0] });
  assert.equal(wrong.ok, false);
  assert.ok(wrong.wrong);
  assert.equal(session.state.position, position);
  assert.ok(events.some(([type, detail]) => type === "refused" && detail.reply.wrong === wrong.wrong));

  session.press(D9);
  assert.ok(session.boardProps().dests.some((d) => d.to === F6));
  session.press(F6);
  await settle(engine);
  assert.deepEqual(session.game.moves, ["d9-f6", "a1xb1"], "the defender answered");
  assert.deepEqual(events.filter(([type]) => type === "played").map(([, text]) => text), ["d9-f6", "a1xb1"]);
  assert.deepEqual(session.lastMoveShown(), [0, 1]);
  assert.equal(session.over, false);
  const reply = await session.play({ from: F6, to: G5 });
  assert.equal(reply.played.text, "f6-g5");
  assert.equal(session.over, true);
  assert.equal(session.state.verdict.solved, true);
  assert.equal(session.state.result.winner, "black");
});

test("a puzzle move made while the engine loads is kept and judged once it is there", async (t) => {
  const { engine, session } = puzzleSession(t, { held: true });
  session.press(D9);
  session.press(F6);
  assert.deepEqual(session.waiting, { from: D9, to: F6 });
  engine.release();
  await settle(engine);
  assert.deepEqual(session.game.moves, ["d9-f6", "a1xb1"]);
});

test("a puzzle shown with its solution is judged solved", async (t) => {
  const { engine, session } = puzzleSession(t);
  session.show({ rules: PUZZLE.rules, start: PUZZLE.position, moves: [...PUZZLE.solution] });
  const reply = await session.start();
  await settle(engine);
  assert.ok(reply.ok);
  assert.equal(session.over, true);
  assert.deepEqual(session.state.verdict.mine, ["d9-f6", "f6-g5"]);
});

function lessonSession(t, options = {}) {
  const engine = engines(t)(options);
  const watch = watched(engine);
  watch.session.show({ rules: PANTHAN.rules, start: PANTHAN.tasks[0].start, moves: [] }, { judge: lessonJudge("panthan", 0) });
  return { engine, ...watch };
}

test("a lesson: a move against the task is refused with the engine's reason; the task met ends it", async (t) => {
  const { engine, session, events } = lessonSession(t);
  await session.start();
  assert.deepEqual(session.state.verdict.stars, [E5, G6]);
  const back = await session.play({ from: E3, to: E2 });
  assert.equal(back.ok, false);
  assert.ok(events.some(([type, text, said]) => type === "notice" && said === back.error && text === say(back.error)));
  for (const [from, to] of [[E3, E4], [E4, E5], [E5, F6_]]) {
    session.press(from);
    session.press(to);
    await settle(engine);
  }
  assert.deepEqual(session.state.verdict.stars, [G6]);
  assert.equal(session.turn, "black", "nobody answers: the learner moves again");
  assert.equal(session.over, false);
  await session.play({ from: F6_, to: G6 });
  assert.equal(session.state.verdict.done, true);
  assert.equal(session.over, true);
  session.press(G6);
  assert.equal(session.selected, null, "a task met takes no more moves");
});

test("a lesson move made while the engine loads is kept and judged once it is there", async (t) => {
  const { engine, session } = lessonSession(t, { held: true });
  session.press(E3);
  session.press(E4);
  assert.deepEqual(session.waiting, { from: E3, to: E4 });
  engine.release();
  await settle(engine);
  assert.deepEqual(session.state.verdict.mine, ["e3-e4"]);
  assert.deepEqual(session.lastMoveShown(), [E3, E4]);
});

test("a lesson's moves made faster than the engine answers are kept, shown made, and judged in order", async (t) => {
  const { engine, session, events } = lessonSession(t, { held: true });
  for (const [from, to] of [[E3, E4], [E4, E5], [E5, F6_], [F6_, G6]]) {
    session.press(from);
    session.press(to);
  }
  assert.equal(session.kept.length, 4);
  assert.equal(session.shownBoard()[G6], "N", "each kept move is shown made");
  engine.release();
  await settle(engine);
  assert.deepEqual(session.state.verdict.mine, ["e3-e4", "e4-e5", "e5-f6", "f6-g6"]);
  assert.equal(session.state.verdict.done, true);
  assert.ok(!events.some(([type]) => type === "dropped"));
});

test("a kept lesson move not legal lets the moves kept after it go, saying why", async (t) => {
  const { engine, session, events } = lessonSession(t);
  await session.start();
  engine.hold();
  session.press(E3);
  session.press(E4);            // on its way
  session.press(E4);
  session.press(E2);            // e4-e2: back, not legal...
  session.press(E2);
  session.press(E5);            // ... and this one, made after it, goes too
  assert.equal(session.kept.length, 2);
  engine.release();
  await settle(engine);
  assert.deepEqual(session.state.verdict.mine, ["e3-e4"]);
  assert.equal(session.kept.length, 0);
  assert.ok(events.some(([type, why]) => type === "dropped" && why === "it is not legal now"));
  assert.ok(events.some(([type, why]) => type === "dropped" && why === "it was made after a move not played"));
});

test("a lesson explains a move the rules refuse: pressed or dragged, it is sent and its reason said", async (t) => {
  const { session, events, engine } = lessonSession(t);
  await session.start();
  session.press(E3);
  session.press(E2);                        // backwards: a Panthan never goes back
  await settle(engine);
  const refused = events.filter(([type]) => type === "refused");
  assert.equal(refused.length, 1);
  assert.match(say(refused[0][1].reply.error), /Panthan/);
  session.drop(E3, E2);
  await settle(engine);
  assert.equal(events.filter(([type]) => type === "refused").length, 2);
  assert.deepEqual(session.state.verdict.mine, []);
});

test("a piece picked up while a kept move is played stays picked up for the move after it", async (t) => {
  const { engine, session } = lessonSession(t);
  await session.start();
  engine.hold();
  session.press(E3);
  session.press(E4);            // on its way
  session.press(E4);
  session.press(E5);            // kept
  session.press(E5);            // picked up, shown there
  engine.release();
  while (session.state.verdict.mine.length < 1) await new Promise((resolve) => setImmediate(resolve));
  assert.equal(session.selected, E5);
  session.press(F6_);
  session.press(F6_);
  session.press(G6);
  await settle(engine);
  assert.deepEqual(session.state.verdict.mine, ["e3-e4", "e4-e5", "e5-f6", "f6-g6"]);
  assert.equal(session.state.verdict.done, true);
});
