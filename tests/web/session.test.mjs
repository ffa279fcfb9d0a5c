// The Session (web/js/session.js) on the real facade: what a press means, and that input made
// before the engine can judge it is kept and played, or dropped with a reason — never lost in
// silence; moves, review, undo, the engine's turn.
import assert from "node:assert/strict";
import { test } from "node:test";
import { DROPPED, PHASES } from "../js/session.js";
import { SQ, askedOf, engines, settle, tick, watched } from "./helpers.mjs";

const { d2, d3, d5 } = SQ;
const START = { rules: "", start: "start", moves: [] };
const PLAY_D2_D3 = 'play {"from":13,"to":23,"outcome":""}';

test("with the engine ready a press selects a piece and the next plays it", async (t) => {
  const engine = engines(t)();
  const { session, events } = watched(engine);
  session.show(START);
  await session.start();
  session.press(d2);
  assert.equal(session.selected, d2);
  assert.deepEqual(session.boardProps().dests.map((d) => d.to), [22, 23, 24]);
  session.press(d3);
  assert.equal(session.phase, "moving");
  assert.equal(session.shownBoard()[d3], "N", "the move is shown as it is sent");
  await settle(engine);
  assert.deepEqual(askedOf(engine), ["state", PLAY_D2_D3]);
  assert.deepEqual(session.game.moves, ["d2-d3"]);
  assert.equal(session.phase, "idle");
  assert.ok(events.some(([type, m]) => type === "played" && m === "d2-d3"));
});

test("a press on a piece without moves selects nothing; a press elsewhere lets a piece go", async (t) => {
  const engine = engines(t)();
  const { session } = watched(engine);
  session.show(START);
  await session.start();
  session.press(0);                    // a1's Warrior is hemmed in
  assert.equal(session.selected, null);
  session.press(d2);
  session.press(d5);
  assert.equal(session.selected, null);
  assert.deepEqual(session.game.moves, []);
});

test("a move made while the engine loads is kept and played once it is there", async (t) => {
  const engine = engines(t)({ held: true });
  const { session, events } = watched(engine);
  session.show(START);
  session.press(d2);
  session.press(d3);
  await tick();
  assert.deepEqual(session.waiting, { from: d2, to: d3 });
  assert.equal(session.selected, null);
  assert.equal(session.state, null);
  assert.equal(session.phase, "starting");
  assert.deepEqual(session.boardProps().arrows.map((a) => a.slice(0, 2)), [[d2, d3]], "the kept move is drawn");
  engine.release();
  await settle(engine);
  assert.deepEqual(askedOf(engine), ["state", PLAY_D2_D3]);
  assert.deepEqual(session.game.moves, ["d2-d3"]);
  assert.equal(session.waiting, null);
  assert.ok(events.some(([type, m]) => type === "played" && m === "d2-d3"));
});

test("an illegal move kept while the engine loads is dropped with a reason", async (t) => {
  const engine = engines(t)({ held: true });
  const { session, events } = watched(engine);
  session.show(START);
  session.press(d2);
  session.press(d5);
  assert.deepEqual(session.waiting, { from: d2, to: d5 });
  engine.release();
  await settle(engine);
  assert.deepEqual(session.game.moves, []);
  assert.deepEqual(askedOf(engine), ["state"]);
  assert.ok(events.some(([type, why, said]) => type === "dropped" && why === "it is not legal now" && said === DROPPED.notLegal));
});

test("a press on the piece again while the engine loads lets it go", async (t) => {
  const engine = engines(t)({ held: true });
  const { session } = watched(engine);
  session.show(START);
  session.press(d2);
  session.press(d2);
  assert.equal(session.selected, null);
  assert.equal(session.waiting, null);
  engine.release();
  await settle(engine);
  assert.deepEqual(session.game.moves, []);
});

test("a move typed while the engine loads is kept and played", async (t) => {
  const engine = engines(t)({ held: true });
  const { session } = watched(engine);
  session.show(START);
  assert.equal(await session.type("d2-d3"), true);
  assert.deepEqual(session.waiting, { text: "d2-d3" });
  engine.release();
  await settle(engine);
  assert.deepEqual(session.game.moves, ["d2-d3"]);
});

test("the app's session keeps input until the engine has started, and asks nothing before", async (t) => {
  const engine = engines(t)();
  const { session } = watched(engine, { startOnInput: false });
  session.show(START);
  session.press(d2);
  session.press(d3);
  await tick();
  assert.deepEqual(engine.asked, []);
  assert.equal(session.phase, "showing");
  assert.deepEqual(session.waiting, { from: d2, to: d3 });
  await session.start();
  await settle(engine);
  assert.deepEqual(session.game.moves, ["d2-d3"]);
});

test("a game the engine refuses to start says why and lets a kept move go", async (t) => {
  const engine = engines(t)({ held: true });
  const { session, events } = watched(engine);
  session.show({ rules: "", start: "start", moves: ["d2-d3", "g9-g8", "d3-d6"] });   // a Panthan's leap
  session.press(SQ.h9);          // Orange to move, as shown
  session.press(SQ.h8);
  assert.deepEqual(session.waiting, { from: SQ.h9, to: SQ.h8 });
  engine.release();
  await settle(engine);
  assert.equal(session.phase, "showing");
  assert.equal(session.state, null);
  assert.ok(events.some(([type, text]) => type === "notice" && /illegal|not legal|turn/.test(text)));
  assert.ok(events.some(([type]) => type === "dropped"));
});

test("a press on an earlier position asks the page, or plays on from there (a board on a page)", async (t) => {
  const make = engines(t);
  const game = { rules: "", start: "start", moves: ["d2-d3", "g9-g8"] };
  const offer = watched(make());
  offer.session.show(game, { ply: 0 });
  await offer.session.start();
  offer.session.press(d2);
  assert.ok(offer.events.some(([type, ply]) => type === "earlier" && ply === 0));
  assert.deepEqual(offer.session.game.moves, ["d2-d3", "g9-g8"]);

  const engine = make();
  const branch = watched(engine, { onEarlierPress: "branch" });
  branch.session.show(game, { ply: 0 });
  await branch.session.start();
  branch.session.press(d2);
  branch.session.press(d3);
  await settle(engine);
  assert.deepEqual(branch.session.game.moves, ["d2-d3"]);
});

// A game on its way in (load()) while the engine is ready: the engine holds its answer about
// the new game while the person presses.
async function loading(t, presses, moves, shown = []) {
  const engine = engines(t)();
  const watch = watched(engine);
  watch.session.show({ rules: "", start: "start", moves: shown });
  await watch.session.start();
  await settle(engine);
  engine.hold();
  const loaded = watch.session.load({ rules: "", start: "start", moves });
  for (const sq of presses) watch.session.press(sq);
  const before = { waiting: watch.session.waiting, dests: watch.session.boardProps().dests, d2: watch.session.shownBoard()[d2],
                   phase: watch.session.phase };
  engine.release();
  const reply = await loaded;
  await settle(engine);
  return { ...watch, engine, before, reply };
}

test("a move made while a new game loads is played in the new game, which the board shows", async (t) => {
  const { session, engine, before, reply, events } = await loading(t, [d2, d3], [], ["d2-d3", "g9-g8"]);
  assert.deepEqual(before, { waiting: { from: d2, to: d3 }, dests: [], d2: "N", phase: "loading" });
  assert.ok(reply.ok);
  assert.deepEqual(askedOf(engine), ["state", "state", PLAY_D2_D3]);
  assert.deepEqual(session.game.moves, ["d2-d3"]);
  assert.ok(events.some(([type]) => type === "replaced"));
});

test("a move kept while a new game loads that is illegal there is dropped with a reason", async (t) => {
  const { session, events } = await loading(t, [d2, d5], []);
  assert.deepEqual(session.game.moves, []);
  assert.ok(events.some(([type, why]) => type === "dropped" && why === "it is not legal now"));
});

test("a move kept for a game the engine refuses is let go; the game shown before goes on", async (t) => {
  const { session, reply, events } = await loading(t, [d2, d3], ["j1-j9", "a10-a9", "j9-j1", "a9-a10"]);
  assert.equal(reply.ok, false);
  assert.equal(session.phase, "idle");
  assert.deepEqual(session.game.moves, []);
  assert.equal(session.waiting, null);
  assert.ok(events.some(([type, why, said]) => type === "dropped" && why === "that game could not be opened" &&
                                              said.key === "session.dropped.notOpened"));
});

test("a reply about a game since replaced is dropped (the epoch)", async (t) => {
  const engine = engines(t)();
  const { session } = watched(engine);
  session.show(START);
  await session.start();
  engine.hold();
  const played = session.play({ from: d2, to: d3 });
  session.show({ rules: "", start: "start", moves: ["e2-e3"] });
  engine.release();
  assert.equal(await played, null);
  assert.equal(session.phase, "showing");
  assert.deepEqual(session.game.moves, ["e2-e3"]);
});

test("a move's reply asks for the engine's move before the page redraws, and 'change' is said once a task", async (t) => {
  const engine = engines(t)();
  const log = [];
  const request = engine.request.bind(engine);
  engine.request = (op, args, progress) => { log.push(op); return request(op, args, progress); };
  const { session } = watched(engine, { players: { black: "human", orange: "engine" } });
  session.listen((type) => { if (type === "change") log.push("change"); });
  session.show(START);
  await session.start();
  await settle(engine);
  log.length = 0;
  session.press(d2);
  await tick();
  session.press(d3);
  await settle(engine);
  assert.equal(log[0], "change");                  // the piece picked up
  assert.deepEqual(log.slice(log.indexOf("play"), log.indexOf("think") + 2), ["play", "change", "think", "change"]);
  assert.equal(session.game.moves.length, 2, "the engine answered");
});

test("a premove: a move made while the engine thinks is kept and played at the person's turn", async (t) => {
  const engine = engines(t)();
  const { session, events } = watched(engine, { players: { black: "human", orange: "engine" }, strength: { level: 1, timeMs: 300 } });
  session.show(START);
  await session.start();
  session.press(d2);
  session.press(d3);
  while (session.phase !== "thinking") await tick();
  assert.equal(session.humanWaits, true);
  assert.equal(session.movingSide, "black");
  session.press(SQ.e2);
  session.press(SQ.e3);
  assert.deepEqual(session.waiting, { from: SQ.e2, to: SQ.e3 });
  assert.ok(events.some(([type, move]) => type === "waiting" && move && move.from === SQ.e2));
  await settle(engine);
  assert.equal(session.game.moves[2], "e2-e3");
  assert.equal(session.waiting, null);
});

test("the engine's move now: a stopped search plays the best move found", async (t) => {
  const engine = engines(t)();
  const { session } = watched(engine, { players: { black: "engine", orange: "human" }, strength: { level: 6, timeMs: 20000 } });
  session.show(START);
  session.start();
  while (session.phase !== "thinking") await tick();
  // Let it finish a depth or two, then stop it.
  while (!engine.asked.some(({ op }) => op === "think")) await tick();
  await new Promise((resolve) => setTimeout(resolve, 200));
  session.moveNow();
  await settle(engine);
  assert.equal(session.game.moves.length, 1);
  assert.equal(session.turn, "orange");
});

test("review: stepping back and forth shows each position, and the live one again", async (t) => {
  const engine = engines(t)();
  const { session } = watched(engine);
  session.show({ rules: "", start: "start", moves: ["d2-d3", "g9-g8"] });
  await session.start();
  assert.equal(session.step("first"), true);
  assert.equal(session.shownPly, 0);
  assert.equal(session.shownBoard()[d2], "N");
  assert.equal(session.lastMoveShown(), null);
  session.step("next");
  assert.equal(session.shownPly, 1);
  assert.deepEqual(session.lastMoveShown(), [d2, d3]);
  assert.deepEqual(session.boardProps().dests, [], "no moves offered on an earlier position");
  await settle(engine);
  assert.equal(session.shown.ply, 1, "its captures and wagers asked of the engine");
  session.step("ArrowRight");
  assert.equal(session.reviewing, null);
  assert.equal(session.step("x"), false);
  session.review(-5);
  assert.equal(session.shownPly, 0);
  session.step("last");
  assert.equal(session.shownPly, 2);
});

test("before the engine answers, a game is shown replayed for display, and can be reviewed", async (t) => {
  const engine = engines(t)({ held: true });
  const { session } = watched(engine);
  session.show({ rules: "", start: "start", moves: ["d2-d3", "g9-g8"] }, { ply: 1 });
  assert.equal(session.shownPly, 1);
  assert.equal(session.shownBoard()[d3], "N");
  assert.deepEqual(session.lastMoveShown(), [d2, d3]);
  session.step("last");
  assert.equal(session.shownBoard()[SQ.g8], "n");
  assert.equal(session.earlyError, null);
  session.show({ rules: "", start: "start", moves: ["nonsense"] });
  assert.equal(typeof session.earlyError?.key, "string", "why not, a message");
  engine.release();
});

test("undo takes back a move; against the engine, back to the person's turn; never a finished game", async (t) => {
  const make = engines(t);
  const engine = make();
  const two = watched(engine);
  two.session.show({ rules: "", start: "start", moves: ["d2-d3", "g9-g8"] });
  await two.session.start();
  assert.ok((await two.session.undo()).ok);
  assert.deepEqual(two.session.game.moves, ["d2-d3"]);

  const versus = make();
  const one = watched(versus, { players: { black: "human", orange: "engine" } });
  one.session.show({ rules: "", start: "start", moves: ["d2-d3", "g9-g8"] });
  one.session.players = { black: "human", orange: "engine" };
  await one.session.start();
  await one.session.undo();
  assert.deepEqual(one.session.game.moves, [], "the person's move and the engine's answer");

  await two.session.resign("black");
  assert.equal(two.session.state.result.winner, "orange");
  assert.equal(await two.session.undo(), null);
  assert.equal(two.session.over, true);
  assert.deepEqual(two.session.game.moves, ["d2-d3"]);
});

test("resign ends the game for the other side, and says a move-less 'played'", async (t) => {
  const engine = engines(t)();
  const { session, events } = watched(engine);
  session.show(START);
  await session.start();
  const reply = await session.resign("black");
  assert.ok(reply.ok);
  assert.equal(session.over, true);
  assert.equal(session.state.result.winner, "orange");
  assert.ok(events.some(([type, detail]) => type === "played" && detail === null));
  assert.equal(await session.resign("orange"), null, "an ended game ends once");
  session.press(d2);
  assert.equal(session.selected, null, "no move after the end");
});

test("a draw offered is withdrawn by a move, and accepted it ends the game", async (t) => {
  const engine = engines(t)();
  const { session } = watched(engine);
  session.show(START);
  await session.start();
  session.offerDraw("black");
  assert.equal(session.drawOffer, "black");
  await session.play({ from: d2, to: d3 });
  assert.equal(session.drawOffer, null);
  session.offerDraw("orange");
  const reply = await session.agreeDraw();
  assert.ok(reply.ok);
  assert.equal(session.over, true);
  assert.equal(session.state.result.winner, null);
  assert.equal(session.drawOffer, null);
  session.offerDraw("black");
  assert.equal(session.drawOffer, null, "no offer once the game is over");
});

test("another game loaded (a rematch): the one replaced is said, with who played it", async (t) => {
  const engine = engines(t)();
  const { session, events } = watched(engine);
  session.show({ rules: "", start: "start", moves: ["d2-d3"] });
  await session.start();
  await session.resign("orange");
  const players = { black: "engine", orange: "human" };
  const reply = await session.load({ rules: "", start: "start", moves: [], correspondence: true }, { players });
  assert.ok(reply.ok);
  const replaced = events.find(([type]) => type === "replaced")[1];
  assert.deepEqual(replaced.game.moves, ["d2-d3"]);
  assert.equal(replaced.game.resigned, "orange");
  assert.deepEqual(session.players, players);
  assert.equal(session.game.correspondence, true, "a correspondence game stays one");
  await settle(engine);
  assert.equal(session.game.moves.length, 1, "the engine, now Black, has moved");
});

test("a duel: the move is not shown before the engine has fought it, and its outcome comes back", async (t) => {
  const engine = engines(t)();
  const { session } = watched(engine);
  session.show({ rules: "duel=even", start: "start", moves: ["d1-a4", "a9-b7"] });
  await session.start();
  const duel = session.destinations(SQ.a4).find((d) => d.to === SQ.b7);
  assert.equal(duel.duel, true);
  const played = session.play({ from: SQ.a4, to: SQ.b7, outcome: "a" });
  assert.equal(session.sent, null);
  assert.equal(session.shownBoard()[SQ.b7], "t", "the defender still stands");
  const reply = await played;
  assert.ok(reply.ok);
  assert.equal(reply.played.outcome, "a");
  assert.equal(session.state.moves.at(-1).duel.winner, "attacker");
});

test("reading the board's properties changes nothing", async (t) => {
  const engine = engines(t)();
  const { session } = watched(engine);
  session.show(START);
  await session.start();
  session.press(d2);
  const played = session.play({ from: d2, to: d3 });
  const fields = JSON.stringify(session, (key, value) => (key === "engine" || key === "session" ? undefined : value));
  const first = session.boardProps();
  const second = session.boardProps();
  assert.equal(JSON.stringify(session, (key, value) => (key === "engine" || key === "session" ? undefined : value)), fields);
  assert.deepEqual({ ...first, draggable: null }, { ...second, draggable: null });
  await played;
});

test("a dead engine's replies void nothing: the game stays, no notice for a restart", async (t) => {
  const engine = engines(t)();
  const { session, events } = watched(engine);
  session.show(START);
  await session.start();
  engine.die();
  const reply = await session.play({ from: d2, to: d3 });
  assert.equal(reply.restarted, true);
  assert.equal(session.phase, "idle");
  assert.deepEqual(session.game.moves, []);
  assert.ok(!events.some(([type]) => type === "notice"));
});

test("the phases: every transition is in the table, and any other is refused", (t) => {
  const { session } = watched(engines(t)());
  assert.equal(session.phase, "showing");
  assert.throws(() => session.enter("send"), /"send" cannot happen while showing/);
  assert.deepEqual(Object.keys(PHASES).sort(), ["idle", "loading", "moving", "showing", "starting", "thinking"]);
  for (const next of Object.values(PHASES).flatMap((events) => Object.values(events))) {
    if (typeof next === "string") assert.ok(next in PHASES);
  }
});
