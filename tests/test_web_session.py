"""web/js/session.js, the one controller behind every board, run under Node with a stand-in
engine that answers with the real facade's replies (and can be held back, as a loading engine
is): what a press means, and that input made before the engine can judge it is kept and played,
or dropped with a reason — never lost in silence."""
import json

import pytest

from py_engine import facade

from .helpers import run_node

D2, D3, D5 = 13, 23, 43

# A stand-in engine: "state" and "play" answered by the facade (computed in Python below),
# held until release() while "loading".
RUN = """
import { Session } from "./js/session.js";
const REPLIES = JSON.parse(process.argv[1]);
class FakeEngine {
  constructor(loading) { this.loading = loading; this.held = []; this.asked = []; this.ready = !loading; }
  request(op, args) {
    this.asked.push({ op, move: args.move ?? null, moves: args.moves });
    const key = op === "play" ? `play ${JSON.stringify(args.move)}` : `${op} ${args.moves.length}`;
    const reply = REPLIES[key] ?? { ok: false, error: `no canned reply for ${key}` };
    if (!this.loading) return Promise.resolve(structuredClone(reply));
    return new Promise((resolve) => this.held.push(() => resolve(structuredClone(reply))));
  }
  release() {
    this.loading = false;
    this.ready = true;
    for (const answer of this.held) answer();
    this.held = [];
  }
  stop() {}
}
const tick = () => new Promise((resolve) => setTimeout(resolve, 5));
const settle = async () => { for (let i = 0; i < 20; i++) await tick(); };
// A session on a stand-in engine, with what it says (but "change") noted in ``events``.
function watched(engine, options = {}) {
  const events = [];
  const session = new Session({ engine: () => engine, ...options });
  session.listen((type, detail) => {
    if (type !== "change") events.push([type, detail && (detail.text ?? detail.why ?? detail)]);
  });
  return { session, events };
}
const askedOf = (engine) => engine.asked.map((a) => a.op + (a.move ? " " + JSON.stringify(a.move) : ""));
async function scenario(presses, { loading = true, ply = null, onEarlierPress = "offer" } = {}) {
  const engine = new FakeEngine(loading);
  const { session, events } = watched(engine, { onEarlierPress });
  session.show({ rules: "", start: "start", moves: ply === null ? [] : ["d2-d3", "g9-g8"] }, { ply });
  if (!loading) await session.start();
  for (const sq of presses) { session.press(sq); await tick(); }
  const before = { selected: session.selected, waiting: session.waiting, ready: Boolean(session.state) };
  engine.release();
  await settle();
  const { selected, waiting } = session;
  return { before, events, asked: askedOf(engine), moves: session.game.moves, selected, waiting };
}
// A game on its way in (load()) while the engine is ready: the engine holds its answer about the
// new game while the person presses; ``moves`` are the new game's (one the engine refuses: the
// game shown goes on), ``shown`` the moves of the game shown before.
async function loadScenario(presses, moves, shown = []) {
  const engine = new FakeEngine(false);
  const { session, events } = watched(engine);
  session.show({ rules: "", start: "start", moves: shown });
  await session.start();
  engine.loading = true;
  const loaded = session.load({ rules: "", start: "start", moves });
  for (const sq of presses) { session.press(sq); await tick(); }
  const before = { selected: session.selected, waiting: session.waiting, dests: session.boardProps().dests,
                   d2: session.shownBoard()[D2] };
  engine.release();
  const reply = await loaded;
  await settle();
  return { before, events, asked: askedOf(engine), loaded: reply.ok, moves: session.game.moves,
           waiting: session.waiting };
}
// The engine's turn after a move, with the engine ready: the requests sent and each "change"
// the views hear, in order (the search itself is not canned: the stand-in refuses it).
async function engineTurn() {
  const engine = new FakeEngine(false);
  const log = [];
  const request = engine.request.bind(engine);
  engine.request = (op, args) => { log.push(op); return request(op, args); };
  const session = new Session({ engine: () => engine, players: { black: "human", orange: "engine" } });
  session.listen((type) => { if (type === "change") log.push("change"); });
  session.show({ rules: "", start: "start", moves: [] });
  await session.start();
  await settle();
  log.length = 0;
  session.press(D2);
  await tick();
  session.press(D3);
  await settle();
  return log;
}
const out = {
  engineTurn: await engineTurn(),
  keptWhileANewGameLoads: await loadScenario([D2, D3], []),
  keptWhileANewGameLoadsAfterAGame: await loadScenario([D2, D3], [], ["d2-d3", "g9-g8"]),
  illegalWhileANewGameLoads: await loadScenario([D2, D5], []),
  keptWhileARefusedGameLoads: await loadScenario([D2, D3], ["j1-j9", "a10-a9", "j9-j1", "a9-a10"]),
  keptWhileLoading: await scenario([D2, D3]),
  illegalWhileLoading: await scenario([D2, D5]),
  changedMind: await scenario([D2, D2]),
  ready: await scenario([D2, D3], { loading: false }),
  earlier: await scenario([D2], { ply: 0 }),
  branch: await scenario([D2, D3], { ply: 0, onEarlierPress: "branch" }),
};
console.log(JSON.stringify(out));
"""


def replies():
    def handle(**request):
        return facade.handle(dict(request))
    canned = {"state 0": handle(op="state", moves=[]),
              "state 2": handle(op="state", moves=["d2-d3", "g9-g8"])}
    for to in (D3, D5):
        move = {"from": D2, "to": to, "outcome": ""}
        canned[f"play {json.dumps(move, separators=(',', ':'))}"] = handle(op="play", moves=[], move=move)
    return canned


@pytest.fixture(scope="module")
def out(web_page):
    script = RUN.replace("D2", str(D2)).replace("D3", str(D3)).replace("D5", str(D5))
    return run_node(web_page, script, json.dumps(replies()))


def test_a_move_made_while_the_engine_loads_is_kept_and_played(out):
    kept = out["keptWhileLoading"]
    assert kept["before"] == {"selected": None, "waiting": {"from": D2, "to": D3}, "ready": False}
    assert kept["asked"] == ["state", 'play {"from":13,"to":23,"outcome":""}']
    assert kept["moves"] == ["d2-d3"] and kept["waiting"] is None
    assert ["played", "d2-d3"] in kept["events"]


def test_an_illegal_move_kept_while_loading_is_dropped_with_a_reason(out):
    illegal = out["illegalWhileLoading"]
    assert illegal["before"]["waiting"] == {"from": D2, "to": D5}
    assert illegal["moves"] == [] and illegal["asked"] == ["state"]
    assert ["dropped", "it is not legal now"] in illegal["events"]


def test_a_second_press_on_the_piece_lets_it_go(out):
    assert out["changedMind"]["before"] == {"selected": None, "waiting": None, "ready": False}
    assert out["changedMind"]["moves"] == []


def test_with_the_engine_ready_a_press_selects_and_the_next_plays(out):
    ready = out["ready"]
    assert ready["asked"] == ["state", 'play {"from":13,"to":23,"outcome":""}']
    assert ready["moves"] == ["d2-d3"]


def test_a_press_on_an_earlier_position(out):
    # The app is asked (it offers to play on from there); nothing is selected or played.
    assert ["earlier", 0] in out["earlier"]["events"] and out["earlier"]["moves"] == ["d2-d3", "g9-g8"]
    # A board on a page plays on from there: the game is cut, the move kept and played.
    branch = out["branch"]
    assert branch["moves"] == ["d2-d3"] and ["played", "d2-d3"] in branch["events"]


def test_a_move_made_while_a_new_game_loads_is_played_in_the_new_game(out):
    # Pressed just after "Start": the game shown takes no move (it is on its way out), the move
    # is kept, and played in the new game once the engine has answered about it.
    kept = out["keptWhileANewGameLoads"]
    assert kept["before"] == {"selected": None, "waiting": {"from": D2, "to": D3}, "dests": [], "d2": "N"}
    assert kept["asked"] == ["state", "state", 'play {"from":13,"to":23,"outcome":""}']
    assert kept["loaded"] and kept["moves"] == ["d2-d3"] and kept["waiting"] is None
    assert ["played", "d2-d3"] in kept["events"]


def test_while_a_new_game_loads_the_board_shows_it(out):
    # After d2-d3 g9-g8, New game: the board shows the new game's d2 Panthan at once, and a move
    # made on it is the new game's.
    kept = out["keptWhileANewGameLoadsAfterAGame"]
    assert kept["before"]["d2"] == "N" and kept["before"]["waiting"] == {"from": D2, "to": D3}
    assert kept["loaded"] and kept["moves"] == ["d2-d3"]
    assert kept["asked"] == ["state", "state", 'play {"from":13,"to":23,"outcome":""}']


def test_a_move_kept_while_a_new_game_loads_that_is_illegal_there_is_dropped_with_a_reason(out):
    illegal = out["illegalWhileANewGameLoads"]
    assert illegal["loaded"] and illegal["moves"] == [] and illegal["asked"] == ["state", "state"]
    assert ["dropped", "it is not legal now"] in illegal["events"]


def test_a_move_kept_for_a_refused_game_is_let_go_with_a_reason(out):
    # It was made on that game's board; the game shown before goes on, as it was.
    refused = out["keptWhileARefusedGameLoads"]
    assert not refused["loaded"] and refused["asked"] == ["state", "state"]
    assert refused["moves"] == [] and refused["waiting"] is None
    assert ["dropped", "that game could not be opened"] in refused["events"]


def test_a_move_s_reply_asks_for_the_engine_s_move_before_the_page_redraws(out):
    # The views hear "change" once a task, after the requests it sent: the move is drawn as it
    # is sent, and its reply redraws the page once, after the engine's search was asked for
    # (not twice before it: the move, then the engine thinking).
    log = out["engineTurn"]
    assert log[0] == "change"                       # the piece picked up
    assert log[log.index("play"):log.index("think") + 2] == ["play", "change", "think", "change"]
