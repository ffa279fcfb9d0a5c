// The page controller: owns the game (rules, start, moves), asks the engine about everything the
// rules decide, and keeps the board, panels, saved game and URL in step.
//
// Nothing the user had is lost: every change of game goes through switchGame(), which first
// keeps the game being replaced among the recent games; every engine reply is checked against
// the game it was asked about (ask()); a move waits for its reply before another can be made.
import { BoardView } from "./board.js";
import { Engine } from "./engine.js";
import { PIECES } from "../engine-data.js";
import { drawPiece } from "./pieces.js";
import { describe, placementBoard, squareIndex, squareName } from "./position.js";
import { decodeGame, encodeGame } from "./share.js";
import { newGame as emptyGame, readSaved, recentGames, remember, writeSaved } from "./storage.js";

const START = "wadfpcfdaw/tnnnnnnnnt/10/10/10/10/10/10/TNNNNNNNNT/WADFCPFDAW b Ee 0 1";
const $ = (id) => document.getElementById(id);
// Rule option naming a piece's gait -> the piece's letter (for the Custom panel's diagrams).
const GAIT_PIECES = Object.fromEntries(PIECES.map((p) => [p.option, p.letter]));

const app = {
  game: emptyGame(),
  settings: null,        // see storage.defaultSettings()
  view: null,            // the engine's last state of the game
  selected: null,        // selected square (index)
  reviewing: null,       // ply index shown while reviewing, or null for the live position
  thinking: false,
  pending: false,        // a move of the player's is on its way to the engine
  epoch: 0,              // bumped whenever another game replaces the current one
  analysing: false,
  hint: null,
  rulesInfo: null,
  link: null,            // a game from the URL, waiting for the engine
};

const board = new BoardView($("board"), { onPress: pressSquare, onDrop: dropPiece, keyboard: true });
const engine = new Engine({ onStatus: engineStatus });
window.jetan = { engine };   // for the console and the browser tests

// ---- start-up ----------------------------------------------------------------------------

function restore() {
  const saved = readSaved(localStorage);
  app.settings = saved.settings;
  if (saved.game) app.game = saved.game;
  if (saved.problems.length) notify(`${titleCase(saved.problems.join("; "))}.`);
  readLink();
  paintEarly(saved.game && saved.position);
}

/** Take a game from the URL fragment (then clear the fragment, so that a reload shows the game
 *  as it is by then, not the link again). A bad link changes nothing. */
function readLink() {
  if (!location.hash) return;
  try {
    app.link = decodeGame(location.hash);
  } catch (err) {
    notify(`This link could not be read: ${err.message}. Nothing was changed.`);
  }
  history.replaceState(null, "", location.pathname + location.search);
}

/** Paint the board before the engine is there: from the saved position, or the start. */
function paintEarly(position) {
  let placement = START;
  if (app.link) placement = app.link.start === "start" ? START : app.link.start;
  else if (position) placement = position;
  else if (app.game.start !== "start") placement = app.game.start;
  try { board.set({ board: placementBoard(placement), flipped: app.settings.flipped }); }
  catch { placement = START; board.set({ board: placementBoard(START), flipped: app.settings.flipped }); }
  $("board").dataset.position = placement;
  performance.mark("jetan-board-painted");
  renderPlayers();
  $("notation-select").value = app.settings.notation;
  $("flip-button").setAttribute("aria-pressed", String(app.settings.flipped));
  renderRecent();
}

restore();

function engineStatus(state, detail) {
  const loading = $("loading");
  loading.classList.toggle("failed", state === "error");
  $("retry-button").hidden = state !== "error";
  if (state === "loading") {
    const steps = ["Loading the Python runtime", "Loading the package installer", "Installing the Jetan engine"];
    loading.hidden = false;
    $("loading-text").textContent = `${detail}…`;
    $("loading-bar").style.width = `${25 + 25 * steps.indexOf(detail)}%`;
  } else if (state === "ready") {
    $("loading-bar").style.width = "100%";
    loading.hidden = true;
    performance.mark("jetan-engine-ready");
    document.body.dataset.engine = "ready";
    engineReady();
  } else if (state === "error") {
    loading.hidden = false;
    $("loading-text").textContent = `The engine could not start: ${detail}. Your game is safe; try again, or reload the page.`;
    document.body.dataset.engine = "failed";
    app.thinking = false;
    render();
  } else if (state === "restarting") {
    document.body.dataset.engine = "restarting";
    app.thinking = false;
    $("thinking").hidden = true;
    notify(`The engine stopped answering and is being restarted (${detail}). Your game is safe.`);
    render();
  }
}

$("retry-button").addEventListener("click", () => engine.restart("retry"));

async function engineReady() {
  if (!app.rulesInfo) {
    const info = await engine.request("rules");
    if (info.ok) {
      app.rulesInfo = info;
      fillRulesForm(info);
      if (!info.scoring.includes(app.settings.scoring)) app.settings.scoring = "smith";
    }
  }
  const reply = await ask("state", asking(app.game), replayProgress);
  if (!reply) return;
  if (reply.ok) {
    showState(reply.state);
  } else if (!reply.restarted) {
    // The saved game does not replay under these rules: keep it, and start afresh.
    remember(localStorage, app.game);
    notify(`Your saved game could not be replayed (${reply.error}); it is kept under Recent games. A new game starts.`);
    await switchGame(emptyGame(), { keep: false });
  }
  if (app.link) {
    const link = app.link;
    app.link = null;
    await openLink(link);
  } else if (reply.ok) {
    nextTurn();
  }
}

/** Open a game from a link beside the user's own: theirs is kept, one click away. */
async function openLink(link) {
  const game = { ...emptyGame(link.rules, link.start), moves: link.moves };
  const own = app.game;
  const reply = await switchGame(game);
  if (!reply) return;
  if (!reply.ok) {
    notify(`The game in this link is not valid: ${reply.error}. Nothing was changed.`);
    return;
  }
  if (own.moves.length) {
    notify("This is the game from the link. Your own game is kept under Recent games.",
           { label: "Back to your game", action: () => switchGame(own) });
  }
}

/** Show a long replay's progress in the loading box. */
function replayProgress(progress) {
  if (!progress || !progress.total) return;
  $("loading").hidden = false;
  $("loading-text").textContent = `Replaying the game: ${progress.replayed.toLocaleString()} of ${progress.total.toLocaleString()} moves…`;
  $("loading-bar").style.width = `${Math.round(100 * progress.replayed / progress.total)}%`;
}

/** A request about ``game``: what the page shows besides the game (the wager system, the
 *  record when its box is open), and ``known``, how many of the history entries the page holds
 *  are still right for it (only later ones are sent). */
function asking(game, known = 0) {
  return { ...game, known, scoring: app.settings.scoring, record: $("record-details").open };
}

/** Ask the engine about the current game; null if another game has replaced it meanwhile. */
async function ask(op, args, onProgress) {
  const epoch = app.epoch;
  const reply = await engine.request(op, args, onProgress);
  if (onProgress) $("loading").hidden = !(engine.failed || !engine.ready);
  return app.epoch === epoch ? reply : null;
}

/** Replace the current game with another: the one replaced is kept among the recent games
 *  first (unless keep is false), the engine is stopped, and no reply about the old game is used
 *  again. An invalid game leaves everything as it was. Returns the engine's reply, or null if
 *  yet another game came first. */
async function switchGame(game, { keep = true, known = 0 } = {}) {
  stopAnalysis();
  if (app.thinking) engine.stop();
  app.epoch += 1;
  const epoch = app.epoch;
  const reply = await engine.request("state", asking(game, known), replayProgress);
  if (app.epoch !== epoch) return null;
  $("loading").hidden = engine.ready;
  if (!reply.ok) return reply;
  if (keep) {
    const problem = remember(localStorage, app.game, game);
    if (problem) notify(`${titleCase(problem)}.`);
  }
  app.game = game;
  app.reviewing = null;
  app.thinking = false;
  app.pending = false;
  showState(reply.state);
  save();
  renderRecent();
  nextTurn();
  return reply;
}

// ---- state and rendering -----------------------------------------------------------------

/** Show a state from the engine; one that holds only the newer moves (moves_from > 0) extends
 *  the history shown. */
function showState(state) {
  if (state.moves_from) state.moves = app.view.moves.slice(0, state.moves_from).concat(state.moves);
  app.view = state;
  app.game.moves = state.moves.map((m) => m.text);
  app.selected = null;
  app.hint = null;
  render();
}

function humanToMove() {
  const v = app.view;
  return v && !v.result && app.settings.players[v.turn] === "human" && app.reviewing === null &&
    !app.thinking && !app.pending && engine.ready;
}

function render() {
  const v = app.view;
  if (!v) return;
  const shown = app.reviewing === null ? null : v.moves[app.reviewing];
  let boardArray = v.board, last = null, threatened = v.threatened;
  if (app.reviewing !== null) {
    boardArray = app.reviewing < 0 ? placementBoard(v.start) : placementBoard(shown.position);
    threatened = [];
    if (shown && shown.from) last = [squareIndex(shown.from), squareIndex(shown.to)];
  } else if (v.moves.length) {
    const m = v.moves[v.moves.length - 1];
    if (m.from) last = [squareIndex(m.from), squareIndex(m.to)];
  }
  const dests = app.selected === null ? [] :
    (v.legal[squareName(app.selected)] || []).map((d) => ({ ...d, to: squareIndex(d.to) }));
  const arrows = [];
  if (app.hint) arrows.push([...app.hint, "rgba(63, 208, 201, 0.8)"]);
  if (app.analysisMove && app.reviewing === null) arrows.push([...app.analysisMove, "rgba(120, 200, 90, 0.75)"]);
  board.set({
    board: boardArray, flipped: app.settings.flipped, selected: app.selected, lastMove: last, dests,
    threatened: threatened.map(squareIndex), arrows,
    draggable: (sq) => humanToMove() && Boolean(v.legal[squareName(sq)]),
  });
  // The position shown, as text: for tests and embedding pages, and for screen readers.
  const canvas = $("board");
  canvas.dataset.position = app.reviewing === null ? v.position : (shown ? shown.position : v.start);
  canvas.setAttribute("aria-label", `Jetan board. ${describe(boardArray, v.names)}. ` +
    "Arrow keys move across the board; Enter or Space picks up a piece and puts it down.");
  renderStatus();
  renderMoves();
  renderCaptured();
  renderWager();
  renderPlayers();
  // The record box follows the game, but never overwrites what the user is typing into it.
  const box = $("record");
  if (v.record !== undefined && document.activeElement !== box && box.value === (app.recordShown || "")) {
    box.value = app.recordShown = v.record;
  }
  $("undo-button").disabled = !v.moves.length || app.thinking || app.pending;
  $("resign-button").disabled = Boolean(v.result);
  $("hint-button").disabled = !humanToMove();
  $("analyse-button").disabled = false;
  $("move-input").disabled = !humanToMove();
  $("review-note").hidden = app.reviewing === null;
  // For tests and embedding pages: the state in attributes.
  Object.assign(document.body.dataset, { plies: v.moves.length, turn: v.turn,
                                         result: v.result ? v.result.text : "",
                                         pending: String(app.pending) });
}

function titleCase(s) {
  return s[0].toUpperCase() + s.slice(1);
}

function renderStatus() {
  const v = app.view, status = $("status");
  status.classList.toggle("over", Boolean(v.result));
  if (v.result) {
    status.textContent = `${v.result.winner ? `${titleCase(v.result.winner)} wins` : "Draw"}: ${v.result.explanation}`;
    return;
  }
  const who = app.settings.players[v.turn] === "engine" ? "the engine" : (bothHuman() ? titleCase(v.turn) : "you");
  const danger = v.threatened.length ? " — the Princess is threatened!" : "";
  const escape = v.escapes[v.turn] ? "" : " (escape used)";
  status.textContent = `${titleCase(v.turn)} to move (${who})${escape}${danger}`;
}

function bothHuman() {
  return app.settings.players.black === "human" && app.settings.players.orange === "human";
}

function renderMoves() {
  const list = $("moves"), v = app.view;
  list.textContent = "";
  const style = app.settings.notation;
  v.moves.forEach((m, i) => {
    if (m.side === "black" || i === 0) {
      const num = document.createElement("li");
      num.className = "num";
      num.textContent = `${m.number}.`;
      list.append(num);
      if (m.side === "orange") list.append(cell("…"));
    }
    const item = document.createElement("li");
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = style === "technical" ? m.technical : m.text;
    button.title = m.descriptive;
    button.className = (app.reviewing === null ? i === v.moves.length - 1 : i === app.reviewing) ? "current" : "";
    button.addEventListener("click", () => review(i));
    item.append(button);
    list.append(item);
  });
  // Scroll the list only, never the page (scrollIntoView would move the whole page on a phone).
  const current = list.querySelector(".current");
  if (current) {
    const top = current.offsetTop - list.offsetTop;
    if (top < list.scrollTop || top + current.offsetHeight > list.scrollTop + list.clientHeight) {
      list.scrollTop = top - list.clientHeight / 2;
    }
  }
}

function cell(text) {
  const li = document.createElement("li");
  li.textContent = text;
  return li;
}

function renderCaptured() {
  const box = $("captured"), v = app.view;
  box.textContent = "";
  for (const side of ["black", "orange"]) {
    const row = document.createElement("div");
    row.className = "row";
    row.setAttribute("aria-label", `${titleCase(side)} has lost: ${v.captured[side].map((l) => v.names[l]).join(", ") || "nothing"}`);
    row.append(`${titleCase(side)} lost: `);
    for (const letter of v.captured[side]) {
      const c = document.createElement("canvas");
      const dpr = window.devicePixelRatio || 1;
      c.width = c.height = 24 * dpr;
      const ctx = c.getContext("2d");
      ctx.scale(dpr, dpr);
      drawPiece(ctx, side === "black" ? letter : letter.toLowerCase(), 12, 12, 22);
      c.title = v.names[letter];
      row.append(c);
    }
    box.append(row);
  }
}

function renderWager() {
  const v = app.view, select = $("scoring-select");
  if (!select.options.length && app.rulesInfo) {
    for (const name of app.rulesInfo.scoring) select.append(new Option(name, name));
  }
  select.value = v.wager.system;
  $("wager").textContent = `Black has won ${v.wager.black}, Orange ${v.wager.orange}.`;
}

function renderPlayers() {
  const p = app.settings.players;
  const name = (side) => p[side] === "engine" ? `engine, level ${app.settings.level}` : (bothHuman() ? "player" : "you");
  const rules = app.game.rules || "standard rules";
  $("players").textContent = `Black: ${name("black")} · Orange: ${name("orange")} · ${rules}`;
}

// ---- moves -------------------------------------------------------------------------------

function pressSquare(sq) {
  if (!humanToMove()) return;
  const v = app.view, name = squareName(sq);
  if (app.selected !== null) {
    const dest = (v.legal[squareName(app.selected)] || []).find((d) => d.to === name);
    if (dest) { play(app.selected, sq); return; }
  }
  app.selected = v.legal[name] ? sq : null;
  render();
}

function dropPiece(from, to) {
  if (!humanToMove()) return;
  const dest = (app.view.legal[squareName(from)] || []).find((d) => d.to === squareName(to));
  if (dest) play(from, to);
  else { app.selected = null; render(); }
}

function play(from, to) {
  const dest = app.view.legal[squareName(from)].find((d) => d.to === squareName(to));
  return playText(`${squareName(from)}${dest.capture ? "x" : "-"}${squareName(to)}`);
}

/** Play a move (text); one at a time: while one is on its way, the board and move box wait. */
async function playText(text) {
  if (app.pending) return false;
  stopAnalysis();
  app.pending = true;
  render();
  const reply = await ask("play", { ...asking(app.game, app.view.moves.length), move: text });
  app.pending = false;
  if (!reply) return false;                   // another game replaced this one meanwhile
  if (!reply.ok) {
    if (!reply.restarted) notify(reply.error);
    app.selected = null;
    render();
    return false;
  }
  showState(reply.state);
  announceLast();
  save();
  nextTurn();
  return true;
}

function announceLast() {
  const v = app.view, m = v.moves[v.moves.length - 1];
  let text = m ? `${titleCase(m.side)} played ${m.text}: ${m.descriptive}.` : "";
  if (v.result) text += ` ${v.result.winner ? `${titleCase(v.result.winner)} wins` : "Draw"}: ${v.result.explanation}.`;
  else if (v.threatened.length) text += " The Princess is threatened.";
  $("live").textContent = text;
}

async function nextTurn() {
  const v = app.view;
  if (!v || v.result || app.reviewing !== null) return;
  if (app.settings.players[v.turn] === "engine") await engineMove();
  else if (app.analysing) startAnalysis();
}

async function engineMove() {
  app.thinking = true;
  $("thinking").hidden = false;
  $("thinking-text").textContent = "";
  $("thinking-line").textContent = "";
  render();
  const reply = await ask("think", {
    ...app.game, level: app.settings.level, time_ms: app.settings.timeMs,
  }, showThinking);
  if (!reply) return;                         // a new game or a loaded one replaced this one
  app.thinking = false;
  $("thinking").hidden = true;
  if (!reply.ok || !reply.best || !reply.best.move) {
    if (!reply.restarted) notify(reply.ok ? "The engine found no move." : reply.error);
    render();
    return;
  }
  await playText(reply.best.move.text);
}

function showThinking(info) {
  $("thinking-text").textContent = `depth ${depthText(info)}, score ${formatScore(info.score)}, ${info.nodes} nodes`;
  $("thinking-line").textContent = lineText(info);
}

/** A depth the deadline cut short shows as such: its move beat the previous depth's best. */
function depthText(info) {
  return info.complete ? `${info.depth}` : `${info.depth} (unfinished)`;
}

const lineText = (info) => info.pv.map((m) => m.text).join(" ");
const arrowOf = (move) => (move && move.from ? [squareIndex(move.from), squareIndex(move.to)] : null);

function formatScore(score) {
  if (Math.abs(score) > 99000) return score > 0 ? "winning" : "losing";
  return (score / 100).toFixed(2);
}

// ---- analysis and hints ------------------------------------------------------------------

async function startAnalysis() {
  if (!app.analysing || !humanToMove()) return;
  const token = (app.analysisToken = (app.analysisToken || 0) + 1);
  const box = $("analysis");
  box.hidden = false;
  box.textContent = "Analysing…";
  await ask("think", { ...app.game, level: 6, time_ms: 30000 }, (info) => {
    if (token !== app.analysisToken) return;
    box.textContent = `Depth ${depthText(info)}: ${formatScore(info.score)} — ${lineText(info)}`;
    app.analysisMove = arrowOf(info.move);
    render();
  });
}

function stopAnalysis() {
  app.analysisToken = (app.analysisToken || 0) + 1;
  app.analysisMove = null;
  if (app.analysing) engine.stop();
}

$("analyse-button").addEventListener("click", () => {
  app.analysing = !app.analysing;
  $("analyse-button").setAttribute("aria-pressed", String(app.analysing));
  if (app.analysing) startAnalysis();
  else { stopAnalysis(); $("analysis").hidden = true; render(); }
});

$("hint-button").addEventListener("click", async () => {
  if (!humanToMove()) return;
  $("hint-button").disabled = true;
  const reply = await ask("think", { ...app.game, level: 6, time_ms: 1000 });
  if (!reply) return;
  if (reply.ok && reply.best && reply.best.move) {
    app.hint = arrowOf(reply.best.move);
    $("live").textContent = `Hint: ${reply.best.move.text}`;
  } else if (!reply.ok && !reply.restarted) notify(reply.error);
  render();
});

$("stop-button").addEventListener("click", () => engine.stop());

// ---- controls ----------------------------------------------------------------------------

$("undo-button").addEventListener("click", async () => {
  if (app.pending || !app.view) return;
  const moves = app.game.moves.slice();
  if (!moves.length && !app.game.resigned) return;
  if (!app.game.resigned) {
    moves.pop();
    // Against the engine, take back to the player's own turn.
    const sideAfter = (n) => app.view.moves[n] ? app.view.moves[n].side : app.view.turn;
    while (moves.length && app.settings.players[sideAfter(moves.length)] === "engine") moves.pop();
  }
  const reply = await switchGame({ ...app.game, moves, resigned: null }, { keep: false, known: moves.length });
  if (reply && !reply.ok && !reply.restarted) notify(reply.error);
  else if (reply) $("live").textContent = "Move taken back.";
});

$("resign-button").addEventListener("click", async () => {
  const v = app.view;
  if (!v || v.result) return;
  const side = bothHuman() ? v.turn : (app.settings.players.black === "human" ? "black" : "orange");
  if (!confirm(`Resign the game for ${titleCase(side)}?`)) return;
  const reply = await switchGame({ ...app.game, resigned: side }, { keep: false, known: v.moves.length });
  if (reply && reply.ok) announceLast();
});

$("flip-button").addEventListener("click", () => {
  app.settings.flipped = !app.settings.flipped;
  $("flip-button").setAttribute("aria-pressed", String(app.settings.flipped));
  board.set({ flipped: app.settings.flipped });
  save();
});

$("notation-select").addEventListener("change", (e) => {
  app.settings.notation = e.target.value;
  save();
  render();
});

$("scoring-select").addEventListener("change", (e) => {
  app.settings.scoring = e.target.value;
  save();
  refresh();
});

// The record is sent only while its box is open.
$("record-details").addEventListener("toggle", () => { if ($("record-details").open) refresh(); });

/** Ask for the current game's state again (after a change of what the page shows). */
async function refresh() {
  if (!app.view) return;
  const reply = await ask("state", asking(app.game, app.view.moves.length));
  if (reply && reply.ok) showState(reply.state);
}

$("move-form").addEventListener("submit", async (e) => {
  e.preventDefault();
  const input = $("move-input");
  const text = input.value.trim();
  if (!text || !humanToMove()) return;
  if (await playText(text)) input.value = "";
});

function review(index) {
  if (!app.view) return;
  stopAnalysis();
  const last = app.view.moves.length - 1;
  app.reviewing = index >= last ? null : index;
  app.selected = null;
  render();
  if (app.reviewing === null) nextTurn();
}

$("live-button").addEventListener("click", () => review(Infinity));

$("moves").addEventListener("keydown", (e) => {
  if (!app.view) return;
  const last = app.view.moves.length - 1;
  const at = app.reviewing === null ? last : app.reviewing;
  const go = { ArrowLeft: at - 1, ArrowUp: at - 1, ArrowRight: at + 1, ArrowDown: at + 1, Home: -1, End: last }[e.key];
  if (go === undefined) return;
  e.preventDefault();
  review(Math.max(-1, Math.min(go, last)));
  const m = app.reviewing === null ? app.view.moves[last] : app.view.moves[app.reviewing];
  $("live").textContent = m ? `${titleCase(m.side)} ${m.text}` : "Start position";
});

$("load-record-button").addEventListener("click", async () => {
  const reply = await engine.request("record", { text: $("record").value });
  if (!reply.ok) { notify(`That record could not be loaded: ${reply.error}. Nothing was changed.`); return; }
  app.settings.players = { black: "human", orange: "human" };
  app.recordShown = $("record").value;        // the box may follow the loaded game from now on
  const switched = await switchGame(reply.game);
  if (switched && switched.ok) notify("The record is loaded, for two players. Your previous game is kept under Recent games.");
});

$("share-button").addEventListener("click", () => {
  const link = location.origin + location.pathname + encodeGame(app.game);
  $("share-link").value = link;
  $("share-embed").href = `embed-guide.html${encodeGame(app.game)}`;
  $("share-dialog").showModal();
  $("share-link").select();
  if (navigator.clipboard) navigator.clipboard.writeText(link).catch(() => {});
});

// ---- new game ----------------------------------------------------------------------------

$("new-game-button").addEventListener("click", () => {
  $("new-game-error").textContent = "";
  $("new-game-dialog").showModal();
});

function fillRulesForm(info) {
  const preset = $("preset-select");
  preset.textContent = "";
  for (const [key, p] of Object.entries(info.presets)) preset.append(new Option(p.name, key));
  preset.append(new Option("Custom…", "custom"));
  const box = $("custom-rules");
  box.textContent = "";
  for (const [key, values] of Object.entries(info.options)) {
    const perSide = info.per_side.includes(key);
    const wrap = document.createElement("div");
    wrap.className = "option";
    wrap.dataset.key = key;
    const label = document.createElement("label");
    label.textContent = `${key} `;
    const select = document.createElement("select");
    select.name = `opt-${key}`;
    for (const v of values) select.append(new Option(v, v));
    label.append(select);
    wrap.append(label);
    if (GAIT_PIECES[key]) {
      const diagram = document.createElement("canvas");
      diagram.width = diagram.height = 112;
      diagram.setAttribute("aria-hidden", "true");
      wrap.prepend(diagram);
      select.addEventListener("change", () => drawReach(diagram, key, select.value));
      drawReach(diagram, key, select.value);
    }
    if (perSide) {
      const orange = document.createElement("select");
      orange.name = `opt-orange-${key}`;
      orange.setAttribute("aria-label", `${key} for Orange`);
      for (const v of values) orange.append(new Option(v, v));
      const split = document.createElement("label");
      split.className = "per-side";
      const check = document.createElement("input");
      check.type = "checkbox";
      check.name = `split-${key}`;
      split.append(check, " different for Orange: ", orange);
      wrap.append(split);
    }
    box.append(wrap);
  }
  box.hidden = true;
  preset.addEventListener("change", () => {
    box.hidden = preset.value !== "custom";
    updateRulesPreview();
  });
  $("new-game-form").addEventListener("change", updateRulesPreview);
  updateRulesPreview();
}

async function drawReach(canvas, key, value) {
  const reply = await engine.request("reach", { piece: GAIT_PIECES[key], rules: `${key}=${value}` });
  if (!reply.ok) return;
  const ctx = canvas.getContext("2d");
  const cell = canvas.width / 7;
  const centre = squareIndex(reply.from);
  for (let r = 0; r < 7; r++) {
    for (let f = 0; f < 7; f++) {
      ctx.fillStyle = (f + r) % 2 ? "#c8702e" : "#231c17";
      ctx.fillRect(f * cell, r * cell, cell, cell);
    }
  }
  for (const name of reply.to) {
    const sq = squareIndex(name);
    const df = (sq % 10) - (centre % 10), dr = Math.floor(sq / 10) - Math.floor(centre / 10);
    ctx.fillStyle = "#3fd0c9";
    ctx.beginPath();
    ctx.arc((3 + df + 0.5) * cell, (3 - dr + 0.5) * cell, cell * 0.28, 0, Math.PI * 2);
    ctx.fill();
  }
  drawPiece(ctx, GAIT_PIECES[key], 3.5 * cell, 3.5 * cell, cell * 0.95);
}

function rulesFromForm() {
  const form = $("new-game-form");
  const preset = form.preset.value;
  if (preset !== "custom") return app.rulesInfo ? app.rulesInfo.presets[preset].rules : "";
  const parts = [];
  for (const [key, values] of Object.entries(app.rulesInfo.options)) {
    const value = form[`opt-${key}`].value;
    const split = form[`split-${key}`] && form[`split-${key}`].checked;
    if (split) {
      const orange = form[`opt-orange-${key}`].value;
      if (value !== values[0]) parts.push(`black.${key}=${value}`);
      if (orange !== values[0]) parts.push(`orange.${key}=${orange}`);
    } else if (value !== values[0]) parts.push(`${key}=${value}`);
  }
  return parts.join(",");
}

function updateRulesPreview() {
  if (!app.rulesInfo) return;
  $("rules-preview").textContent = rulesFromForm() || "standard";
}

$("new-game-form").addEventListener("submit", async (e) => {
  const form = e.target;
  if (e.submitter && e.submitter.value === "cancel") return;
  e.preventDefault();
  if (!engine.ready) { $("new-game-error").textContent = "The engine is still loading; try again in a moment."; return; }
  const rules = rulesFromForm();
  const start = form.start.value.trim() || "start";
  const check = await engine.request("check", { rules, start });
  if (!check.ok) { $("new-game-error").textContent = check.error; return; }
  const opponent = form.opponent.value;
  const colour = form.colour.value;
  app.settings.players = opponent === "friend" ? { black: "human", orange: "human" }
    : { black: colour === "black" ? "human" : "engine", orange: colour === "orange" ? "human" : "engine" };
  app.settings.level = parseInt(form.level.value, 10);
  app.settings.timeMs = parseInt(form.time.value, 10);
  app.settings.flipped = opponent === "engine" && colour === "orange";
  $("flip-button").setAttribute("aria-pressed", String(app.settings.flipped));
  $("new-game-dialog").close();
  await newGame({ rules: check.rules, start: check.start });
});

async function newGame({ rules, start }) {
  const reply = await switchGame(emptyGame(rules, start));
  if (!reply) return;
  if (!reply.ok) { if (!reply.restarted) notify(reply.error); return; }
  $("live").textContent = `New game. ${titleCase(reply.state.turn)} moves first.`;
}

// ---- saving, recent games and messages ---------------------------------------------------

function save() {
  const problem = writeSaved(localStorage, {
    version: 1, game: app.game, settings: app.settings, position: app.view && app.view.position,
  });
  if (problem && problem !== app.saveProblem) notify(`${titleCase(problem)}.`);
  app.saveProblem = problem;
}

function renderRecent() {
  const list = $("recent-list");
  list.textContent = "";
  const games = recentGames(localStorage);
  $("recent").hidden = !games.length;
  for (const { game, saved } of games) {
    const item = document.createElement("li");
    const open = document.createElement("button");
    open.type = "button";
    open.textContent = "Open";
    open.addEventListener("click", () => switchGame(game));
    const when = saved ? new Date(saved).toLocaleString() : "";
    item.append(open, ` ${game.moves.length} moves · ${game.rules || "standard rules"}${when ? ` · ${when}` : ""}`);
    list.append(item);
  }
}

/** Show a message; with action, a button in it (e.g. to go back to the game a link replaced). */
function notify(text, action = null) {
  $("notice-text").textContent = text;
  const button = $("notice-action");
  button.hidden = !action;
  button.textContent = action ? action.label : "";
  button.onclick = action ? () => { $("notice").hidden = true; action.action(); } : null;
  $("notice").hidden = false;
}

$("notice-close").addEventListener("click", () => { $("notice").hidden = true; });

window.addEventListener("hashchange", () => {
  if (!location.hash) return;
  readLink();
  if (app.link && engine.ready) {
    const link = app.link;
    app.link = null;
    openLink(link);
  }
});

if ("serviceWorker" in navigator && location.protocol.startsWith("http")) {
  navigator.serviceWorker.register("sw.js").catch(() => {});
}
