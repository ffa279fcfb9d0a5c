// The page controller: owns the game (rules, start, moves), asks the engine about everything the
// rules decide, and keeps the board, panels, saved game and URL in step.
//
// Nothing the user had is lost: every change of game goes through switchGame(), which first
// keeps the game being replaced among the recent games; every engine reply is checked against
// the game it was asked about (ask()); a move waits for its reply before another can be made.
import { PIECES, RULES } from "../engine-data.js";
import { BoardView } from "./board.js";
import { setupEditor } from "./editor.js";
import { Engine } from "./engine.js";
import { renderCaption, setupGallery } from "./gallery.js";
import { playSound, played as soundsPlayed } from "./sound.js";
import { setupNewGameDialog } from "./new-game.js";
import { bothHuman, depthText, formatScore, lineText, notify, renderAnalysis, renderMoveList, renderPanels, renderPlayers,
         renderRecent as showRecent, titleCase } from "./panels.js";
import { describe, placementBoard, placementText, replay, squareIndex, squareName, startOf } from "./position.js";
import { decodeLink, encodeGame } from "./share.js";
import { elementSnippet, frameSnippet } from "./snippets.js";
import { newGame as emptyGame, playersFor, readSaved, recentGames, remember, writeSaved } from "./storage.js";

const START = startOf("");
const PIECE_NAMES = Object.fromEntries(PIECES.map((p) => [p.letter, p.name]));
const $ = (id) => document.getElementById(id);

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
  link: null,            // a game from the URL, waiting for the engine
  early: null,           // while the engine loads: the game's boards, and the ply shown (showEarly)
};

const board = new BoardView($("board"), { onPress: pressSquare, onDrop: dropPiece, keyboard: true, nameOf: pieceName });

/** The piece on a square of the board shown, in words: "Orange Princess". */
function pieceName(sq) {
  const piece = board.state.board[sq];
  if (!piece) return "";
  // The engine's names follow the rules (the Flier is the Odwar in Manator); before it answers,
  // the piece table's.
  const names = app.view ? app.view.names : PIECE_NAMES;
  return `${piece === piece.toUpperCase() ? "Black" : "Orange"} ${names[piece.toUpperCase()]}`;
}
const engine = new Engine({ onStatus: engineStatus });
// Settled when the engine has first started, or failed to (the service worker waits for it).
let engineSettle;
const engineSettled = new Promise((resolve) => { engineSettle = resolve; });
window.jetan = { engine, sounds: soundsPlayed };   // for the console and the browser tests

// ---- start-up ----------------------------------------------------------------------------

function restore() {
  const saved = readSaved(localStorage);
  app.settings = saved.settings;
  if (!RULES.scoring.includes(app.settings.scoring)) app.settings.scoring = "smith";
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
    app.link = decodeLink(location.hash);
  } catch (err) {
    notify(`This link could not be read: ${err.message}. Nothing was changed.`);
  }
  history.replaceState(null, "", location.pathname + location.search);
}

/** Paint the board before the engine is there: the game from the link, or the saved one, at the
 *  link's ply or the game's end (the saved position, or the start, if its moves cannot be read). */
function paintEarly(position) {
  if (app.link) setFlipped(app.link.view.orientation === "orange");
  const game = app.link ? app.link.game : app.game;
  try {
    const { boards, squares, entries } = replay(game.start === "start" ? startOf(game.rules) : game.start, game.moves);
    const ply = app.link && app.link.view.ply !== null ? Math.min(app.link.view.ply, game.moves.length) : game.moves.length;
    app.early = { boards, squares, entries, ply };
    showEarly();
  } catch {
    app.early = null;
    let placement = position || START;
    try { board.set({ board: placementBoard(placement), flipped: app.settings.flipped }); }
    catch { placement = START; board.set({ board: placementBoard(START), flipped: app.settings.flipped }); }
    $("board").dataset.position = placement;
  }
  performance.mark("jetan-board-painted");
  // A linked game is for two people, under its own rules: say so while it waits for the engine.
  renderPlayers(app.link ? { settings: { ...app.settings, players: playersFor(null) }, game: app.link.game } : app);
  $("notation-select").value = app.settings.notation;
  setFlipped(app.settings.flipped);
  $("sound-button").setAttribute("aria-pressed", String(app.settings.sound));
  renderRecent();
}

/** While the engine loads, the game's positions replayed for display (position.js replay: the
 *  pieces moved, no rules) — so that ←/→ or the move list step through a saved or shared game at
 *  once. The engine's state replaces them when it answers, at the ply shown. */
function showEarly() {
  const { boards, squares, entries, ply } = app.early;
  renderMoveList(entries, ply - 1, "algebraic", (i) => lookEarly(i + 1));
  const last = squares[ply - 1];
  board.set({ board: boards[ply], flipped: app.settings.flipped, lastMove: last || null });
  $("board").dataset.position = placementText(boards[ply]);
  const plies = boards.length - 1;
  if (plies) {
    $("status").textContent = `Loading the engine… Showing ${ply ? `move ${ply} of ${plies}` : "the start"}` +
      " (step through with the move list or ← →).";
  }
}

/** Show the position after ``ply`` moves while the engine loads (remembered for when it answers). */
function lookEarly(ply) {
  Object.assign(app.early, { ply, stepped: true });
  showEarly();
}

/** Where a review key goes from the position after ``at`` moves of a game ``last`` long:
 *  a ply between 0 and ``last``, or undefined for another key. */
function stepped(key, at, last) {
  const go = { ArrowLeft: at - 1, ArrowUp: at - 1, ArrowRight: at + 1, ArrowDown: at + 1, Home: 0, End: last }[key];
  return go === undefined ? undefined : Math.max(0, Math.min(go, last));
}

restore();

function engineStatus(state, detail, fraction) {
  const loading = $("loading");
  loading.classList.toggle("failed", state === "error");
  $("retry-button").hidden = state !== "error";
  if (state === "loading") {
    loading.hidden = false;
    $("loading-text").textContent = `${detail}…`;
    if (fraction !== undefined) $("loading-bar").style.width = `${Math.round(100 * fraction)}%`;
  } else if (state === "ready") {
    $("loading-bar").style.width = "100%";
    loading.hidden = true;
    performance.mark("jetan-engine-ready");
    document.body.dataset.engine = "ready";
    document.body.dataset.engineStart = detail;
    engineSettle();
    engineReady();
  } else if (state === "error") {
    loading.hidden = false;
    $("loading-text").textContent = `The engine could not start: ${detail}. Your game is safe; try again, or reload the page.`;
    document.body.dataset.engine = "failed";
    engineSettle();
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
  // Where the visitor stepped to while the engine loaded, if they did: shown once it answers.
  const looked = app.early && app.early.stepped ? app.early.ply : null;
  app.early = null;
  if (looked !== null && app.link) app.link.view.ply = looked;
  const reply = await ask("state", asking(app.game), replayProgress);
  if (!reply) return;
  if (reply.ok) {
    showState(reply.state);
    if (looked !== null && !app.link && looked < reply.state.moves.length) review(looked - 1);
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

/** Open a game from a link beside the user's own: theirs is kept, one click away. A linked game
 *  is for two people (the engine does not move for whoever opens it); the link's view — the ply
 *  shown, the orientation — is applied. */
async function openLink({ game: linked, view }) {
  const game = { ...emptyGame(linked.rules, linked.start), moves: linked.moves, players: playersFor(null) };
  const own = { ...app.game, players: { ...app.settings.players } };
  const reply = await switchGame(game);
  if (!reply) return;
  if (!reply.ok) {
    notify(`The game in this link is not valid: ${reply.error}. Nothing was changed.`);
    return;
  }
  setFlipped(view.orientation === "orange");
  if (view.ply !== null && view.ply < reply.state.moves.length) review(view.ply - 1);
  else render();
  save();
  const turn = titleCase(reply.state.turn);
  const intro = view.correspondence && !reply.state.result
    ? `A game by correspondence: ${turn} to move. Make your move, then send the link back.`
    : "This is the game from the link.";
  if (own.moves.length) {
    notify(`${intro} Your own game is kept under Recent games.`,
           { label: "Back to your game", action: () => switchGame(own) });
  } else if (view.correspondence) {
    notify(intro);
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
  stopSearches();
  app.epoch += 1;
  const epoch = app.epoch;
  const reply = await engine.request("state", asking(game, known), replayProgress);
  if (app.epoch !== epoch) return null;
  $("loading").hidden = engine.ready;
  if (!reply.ok) return reply;
  if (keep) {
    const problem = remember(localStorage, { ...app.game, players: { ...app.settings.players } }, game);
    if (problem) notify(`${titleCase(problem)}.`);
  }
  const { players, ...plain } = game;
  if (players) app.settings.players = { ...players };
  app.game = plain;
  app.premove = null;
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
  // The best line: its first move strongest, the replies fainter.
  (app.analysisLine || []).forEach((arrow, i) => arrows.push([...arrow, `rgba(120, 200, 90, ${0.8 - 0.25 * i})`]));
  if (app.premove) arrows.push([app.premove.from, app.premove.to, "rgba(110, 150, 255, 0.8)"]);
  // A move just played, or stepped to by one, slides into place (a dragged piece is there already).
  const shownPly = app.reviewing === null ? v.moves.length : app.reviewing + 1;
  const animate = shownPly === app.shownPly + 1 && !app.dragged && app.shownGame === app.epoch ? last : null;
  Object.assign(app, { shownPly, shownGame: app.epoch, dragged: false });
  board.set({
    animate, board: boardArray, flipped: app.settings.flipped, selected: app.selected, lastMove: last, dests,
    threatened: threatened.map(squareIndex), arrows,
    draggable: (sq) => (humanToMove() ? Boolean(v.legal[squareName(sq)]) : ownWhileWaiting(sq)),
  });
  // The position shown, as text: for tests and embedding pages, and for screen readers.
  const canvas = $("board");
  canvas.dataset.position = app.reviewing === null ? v.position : (shown ? shown.position : v.start);
  canvas.setAttribute("aria-label", `Jetan board. ${describe(boardArray, v.names)}. ` +
    "Arrow keys move across the board; Enter or Space picks up a piece and puts it down.");
  renderPanels(app, { onReview: review });
  renderSendMove();
  renderCaption({ rules: app.game.rules, canonicalRules: v.rules, start: app.game.start, moves: v.moves }, shownPly);
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
  Object.assign(document.body.dataset, { plies: v.moves.length, turn: v.turn, vsEngine: String(!bothHuman(app.settings)),
                                         result: v.result ? v.result.text : "",
                                         pending: String(app.pending) });
}

// ---- moves -------------------------------------------------------------------------------

function pressSquare(sq) {
  if (app.reviewing !== null && app.view) { offerBranch(); return; }
  if (!humanToMove()) { premovePress(sq); return; }
  const v = app.view, name = squareName(sq);
  if (app.selected !== null) {
    const dest = (v.legal[squareName(app.selected)] || []).find((d) => d.to === name);
    if (dest) { play(app.selected, sq); return; }
  }
  app.selected = v.legal[name] ? sq : null;
  render();
}

function dropPiece(from, to) {
  if (!humanToMove()) {
    if (ownWhileWaiting(from)) setPremove({ from, to });
    return;
  }
  const dest = (app.view.legal[squareName(from)] || []).find((d) => d.to === squareName(to));
  app.dragged = Boolean(dest);
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
  if (m) playSound(v.result ? "end" : m.outcome ? "duel" : m.capture ? "capture" : "move", app.settings.sound);
  let text = m ? `${titleCase(m.side)} played ${m.text}: ${m.descriptive}.` : "";
  if (v.result) text += ` ${v.result.winner ? `${titleCase(v.result.winner)} wins` : "Draw"}: ${v.result.explanation}.`;
  else if (v.threatened.length) text += " The Princess is threatened.";
  $("live").textContent = text;
}

async function nextTurn() {
  const v = app.view;
  if (!v || v.result || app.reviewing !== null) { setPremove(null); return; }
  if (app.settings.players[v.turn] === "engine") await engineMove();
  else if (app.premove) await playPremove();
  else if (app.analysing) startAnalysis();
}

// ---- premove: one move queued while the engine thinks -------------------------------------

/** Is ``sq`` one of the waiting player's pieces, while the engine thinks? */
function ownWhileWaiting(sq) {
  const v = app.view;
  if (!v || v.result || app.reviewing !== null || !app.thinking) return false;
  const waiting = v.turn === "black" ? "orange" : "black";
  const piece = v.board[sq];
  return app.settings.players[waiting] === "human" && Boolean(piece) &&
    (piece === piece.toUpperCase()) === (waiting === "black");
}

/** A press while the engine thinks: pick up one of your pieces, then a square queues the move;
 *  a press anywhere else cancels what was queued. */
function premovePress(sq) {
  if (app.selected !== null && app.selected !== sq && !ownWhileWaiting(sq)) {
    setPremove({ from: app.selected, to: sq });
    return;
  }
  setPremove(null);
  app.selected = ownWhileWaiting(sq) && app.selected !== sq ? sq : null;
  render();
}

function setPremove(move) {
  if (!move && !app.premove && app.selected === null) return;
  app.premove = move;
  app.selected = null;
  const text = move ? `${squareName(move.from)}-${squareName(move.to)}` : "";
  $("live").textContent = move ? `Premove ${text}: played when the engine has moved.` : "";
  document.body.dataset.premove = text;
  render();
}

/** The engine has moved: play the queued move if it is legal now, else drop it, saying so. */
async function playPremove() {
  const { from, to } = app.premove;
  setPremove(null);
  const dest = (app.view.legal[squareName(from)] || []).find((d) => d.to === squareName(to));
  if (dest) await play(from, to);
  else $("live").textContent = `The premove ${squareName(from)}-${squareName(to)} is not legal now; it was dropped.`;
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

// ---- analysis and hints ------------------------------------------------------------------

/** Analyse the position shown — the live one when a person is to move, or the one being
 *  reviewed — updating the bar, the score and the line (text and arrows) as depths finish. */
async function startAnalysis() {
  const v = app.view;
  if (!app.analysing || !v) return;
  // A reviewed position is never the last, so never a finished game.
  if (app.reviewing === null && !humanToMove()) return;
  const plies = app.reviewing === null ? v.moves.length : app.reviewing + 1;
  const token = (app.analysisToken = (app.analysisToken || 0) + 1);
  const side = sideToMove(plies);
  renderAnalysis({ text: "Analysing…" });
  app.analysisRunning = true;
  const game = { ...app.game, moves: app.game.moves.slice(0, plies), resigned: null };
  const reply = await ask("think", { ...game, level: 6, time_ms: 30000 }, (info) => {
    if (token !== app.analysisToken) return;
    app.analysisLine = info.pv.slice(0, 3).map(arrowOf).filter(Boolean);
    renderAnalysis({ info, side });
    render();
  });
  if (token === app.analysisToken) {
    app.analysisRunning = false;
    if (reply && !reply.ok && !reply.restarted) renderAnalysis({ text: `No analysis here: ${reply.error}.` });
  }
}

/** Who is to move after ``plies`` moves of the game shown. */
function sideToMove(plies) {
  const v = app.view;
  return plies < v.moves.length ? v.moves[plies].side : v.turn;
}

/** End a running analysis (whether or not Analyse stays on: the next position starts anew). */
function stopAnalysis() {
  app.analysisToken = (app.analysisToken || 0) + 1;
  app.analysisLine = null;
  if (app.analysisRunning) engine.stop();
  app.analysisRunning = false;
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
  const side = bothHuman(app.settings) ? v.turn : (app.settings.players.black === "human" ? "black" : "orange");
  if (!confirm(`Resign the game for ${titleCase(side)}?`)) return;
  const reply = await switchGame({ ...app.game, resigned: side }, { keep: false, known: v.moves.length });
  if (reply && reply.ok) announceLast();
});

$("flip-button").addEventListener("click", () => {
  setFlipped(!app.settings.flipped);
  board.set({ flipped: app.settings.flipped });
  // A link still waiting for the engine opens the way the visitor has turned the board since.
  if (app.link) app.link.view.orientation = app.settings.flipped ? "orange" : "black";
  save();
});

/** Which side is at the bottom (a setting; the button shows it). */
function setFlipped(flipped) {
  app.settings.flipped = flipped;
  $("flip-button").setAttribute("aria-pressed", String(flipped));
}

$("sound-button").addEventListener("click", () => {
  app.settings.sound = !app.settings.sound;
  $("sound-button").setAttribute("aria-pressed", String(app.settings.sound));
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

/** A press on the board while reviewing: say why nothing moves, and offer to play on from the
 *  position shown — a new game for two (with analysis, if on) — or to go back to the game. */
function offerBranch() {
  const ply = app.reviewing + 1;
  notify("You are looking at an earlier position: go back to the game to play on, or play on from here " +
         "(the whole game stays under Recent games).",
         { label: "Play on from here", action: () => switchGame({ ...app.game, moves: app.game.moves.slice(0, ply),
                                                                  resigned: null, players: playersFor(null) }) });
}

function review(index) {
  if (!app.view) return;
  stopAnalysis();
  const last = app.view.moves.length - 1;
  app.reviewing = index >= last ? null : index;
  app.selected = null;
  render();
  if (app.reviewing === null) nextTurn();
  else startAnalysis();
}

$("live-button").addEventListener("click", () => review(Infinity));

// ←/→/Home/End step through the game from anywhere on the page (not while typing, and not on
// the board, whose arrow keys move its cursor).
document.addEventListener("keydown", (e) => {
  if (e.altKey || e.ctrlKey || e.metaKey || document.querySelector("dialog[open]")) return;
  if (e.target.closest && e.target.closest("input, textarea, select, [contenteditable]")) return;
  if (!app.view) {
    const ply = app.early ? stepped(e.key, app.early.ply, app.early.boards.length - 1) : undefined;
    if (ply !== undefined) { e.preventDefault(); lookEarly(ply); }
    return;
  }
  const last = app.view.moves.length - 1;
  const ply = stepped(e.key, app.reviewing === null ? last + 1 : app.reviewing + 1, last + 1);
  if (ply === undefined) return;
  e.preventDefault();
  review(ply - 1);
  const m = app.reviewing === null ? app.view.moves[last] : app.view.moves[app.reviewing];
  $("live").textContent = m ? `${titleCase(m.side)} ${m.text}` : "Start position";
});

$("load-record-button").addEventListener("click", () => loadRecord($("record").value, "The record"));

/** Load a game record (typed, pasted or from a file) as a game for two players, beside the
 *  user's own. A record the engine cannot read changes nothing. */
async function loadRecord(text, what) {
  const reply = await engine.request("record", { text });
  if (!reply.ok) { notify(`${what} could not be loaded: ${reply.error}. Nothing was changed.`); return; }
  const players = await askWhoPlays(`${what} holds a game of ${reply.state.moves.length} moves.`);
  if (!players) return;
  $("record").value = app.recordShown = text;   // the box may follow the loaded game from now on
  setFlipped(players.orange === "human" && players.black === "engine");
  const switched = await switchGame({ ...reply.game, players });
  if (switched && switched.ok) notify(`${what} is loaded. Your previous game is kept under Recent games.`);
}

/** Ask who plays a game that is being opened: two people, or the reader against the engine
 *  with either colour. Resolves to the players, or null if the reader cancels. */
function askWhoPlays(text) {
  const dialog = $("who-plays-dialog");
  $("who-plays-text").textContent = text;
  dialog.returnValue = "";
  dialog.showModal();
  return new Promise((resolve) => {
    dialog.addEventListener("close", () => {
      const choice = dialog.returnValue;
      resolve(choice === "friends" ? playersFor(null) : ["black", "orange"].includes(choice) ? playersFor(choice) : null);
    }, { once: true });
  });
}

// Records as files: the record the engine writes, downloaded; a text file read back in.
const RECORD_FILE_LIMIT = 2_000_000;

$("download-record-button").addEventListener("click", async () => {
  if (!app.view) return;
  const reply = await ask("state", { ...asking(app.game, app.view.moves.length), record: true });
  if (!reply || !reply.ok) { if (reply && !reply.restarted) notify(reply.error); return; }
  const url = URL.createObjectURL(new Blob([reply.state.record], { type: "text/plain" }));
  const a = Object.assign(document.createElement("a"), { href: url, download: `jetan-${new Date().toISOString().slice(0, 10)}.txt` });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
});

$("record-file").addEventListener("change", async (e) => {
  const file = e.target.files[0];
  e.target.value = "";                          // the same file may be chosen again
  if (!file) return;
  const name = `The file ${file.name.slice(0, 60)}`;
  if (file.size > RECORD_FILE_LIMIT) { notify(`${name} is too large to be a game record. Nothing was changed.`); return; }
  let text;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(await file.arrayBuffer());
  } catch {
    notify(`${name} is not a text file. Nothing was changed.`);
    return;
  }
  await loadRecord(text, name);
});

// ---- sharing ------------------------------------------------------------------------------

const here = () => location.origin + location.pathname;

/** The position shown (the live one, or the one being reviewed), as a position string. */
function shownPosition() {
  const v = app.view;
  if (app.reviewing === null) return v.position;
  return app.reviewing < 0 ? v.start : v.moves[app.reviewing].position;
}

$("share-button").addEventListener("click", () => {
  if (!app.view) return;
  const view = { ply: app.reviewing === null ? null : app.reviewing + 1,
                 orientation: app.settings.flipped ? "orange" : "black" };
  const gameLink = here() + encodeGame(app.game, view);
  const positionGame = { rules: app.game.rules, start: shownPosition(), moves: [] };
  $("share-link").value = gameLink;
  $("share-position").value = here() + encodeGame(positionGame, { orientation: view.orientation });
  const base = new URL(".", location.href).href;
  const embed = { moves: app.game.moves, rules: app.game.rules, position: app.game.start === "start" ? "" : app.game.start,
                  ply: view.ply === null ? "" : String(view.ply), orientation: view.orientation };
  $("share-element").textContent = elementSnippet(base, embed);
  $("share-iframe").textContent = frameSnippet(base, embed);
  $("share-embed").href = `embed-guide.html${encodeGame(app.game)}`;
  $("web-share").hidden = !navigator.share;
  $("share-dialog").showModal();
  $("share-link").select();
});

for (const button of document.querySelectorAll("[data-copy]")) {
  button.addEventListener("click", () => copy($(button.dataset.copy)));
}

/** Copy a field's text, saying so (or to select it by hand where the clipboard is closed). */
async function copy(field) {
  const text = field.value ?? field.textContent;
  try {
    await navigator.clipboard.writeText(text);
    $("live").textContent = "Copied.";
    field.dataset.copied = "true";
  } catch {
    if (field.select) field.select();
    $("live").textContent = "Select the text and copy it.";
  }
}

$("web-share").addEventListener("click", () => {
  navigator.share({ title: "A game of Jetan", url: $("share-link").value }).catch(() => {});
});

$("send-move-copy").addEventListener("click", () => copy($("send-move-link")));
$("send-move-share").addEventListener("click", () => {
  navigator.share({ title: "Your move in our game of Jetan", url: $("send-move-link").value }).catch(() => {});
});

/** In a game between two people, after each move: the link that sends it to the other player. */
function renderSendMove() {
  const v = app.view;
  const show = v && bothHuman(app.settings) && v.moves.length > 0 && !v.result && app.reviewing === null;
  $("send-move").hidden = !show;
  if (!show) return;
  const mover = titleCase(v.moves[v.moves.length - 1].side);
  $("send-move-text").textContent = `${mover} has moved: send the move to ${titleCase(v.turn)}.`;
  $("send-move-link").value = here() + encodeGame(app.game, { correspondence: true });
  $("send-move-share").hidden = !navigator.share;
}

// ---- the gallery ---------------------------------------------------------------------------

/** Open a gallery game at its start, for stepping through (or playing on) by two people. */
setupGallery(async (entry) => {
  const reply = await switchGame({ ...emptyGame(entry.rules), moves: [...entry.moves], players: playersFor(null) });
  if (!reply) return;
  if (!reply.ok) { if (!reply.restarted) notify(reply.error); return; }
  review(-1);
  $("live").textContent = `${entry.title}. Step through it with the arrow keys or the move list.`;
});

// ---- the board editor --------------------------------------------------------------------

setupEditor({
  engine,
  current: () => ({ rules: app.game.rules, position: app.view ? shownPosition() : $("board").dataset.position }),
  link: (game) => here() + encodeGame(game),
  onPlay: async ({ rules, start, mode }) => {
    const turn = start.split(" ")[1] === "o" ? "orange" : "black";
    setFlipped(mode === "engine" && turn === "orange");
    if (mode === "analyse") {
      app.analysing = true;
      $("analyse-button").setAttribute("aria-pressed", "true");
    }
    await newGame({ rules, start, players: playersFor(mode === "engine" ? turn : null) });
  },
});
$("editor-button").addEventListener("click", stopAnalysis);

// ---- new game ----------------------------------------------------------------------------

setupNewGameDialog(engine, async (choice) => {
  const { rules, start, players, flipped, ...settings } = choice;
  Object.assign(app.settings, settings);
  setFlipped(flipped);
  await newGame({ rules, start, players });
}, stopSearches);

/** Stop whatever the engine is searching (the engine's move is then played at once). */
function stopSearches() {
  stopAnalysis();
  if (app.thinking) engine.stop();
}

const arrowOf = (move) => (move && move.from ? [squareIndex(move.from), squareIndex(move.to)] : null);

function renderRecent() {
  showRecent(recentGames(localStorage), (game) => switchGame(game));
}

/** Start a game (the one replaced is kept, with who played it); ``players`` come with it. */
async function newGame({ rules, start, players }) {
  const reply = await switchGame({ ...emptyGame(rules, start), players });
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

window.addEventListener("hashchange", () => {
  if (!location.hash) return;
  readLink();
  if (app.link && engine.ready) {
    const link = app.link;
    app.link = null;
    openLink(link);
  }
});

// The service worker keeps the app for offline play. When a new version of the app replaces the
// one this page came from (a visit after a deploy), the page says so: its saved game is safe,
// and a reload runs the new version.
if ("serviceWorker" in navigator && location.protocol.startsWith("http")) {
  const hadVersion = Boolean(navigator.serviceWorker.controller);
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (!hadVersion) return;              // the first visit: the worker took over, nothing changed
    document.body.dataset.update = "ready";
    notify("A new version of Jetan is ready. Your game is saved; reload to use the new version.",
           { label: "Reload", action: () => location.reload() });
  });
  // Registered a moment after the engine has started (or failed to), so that on a first visit
  // its copies of the files neither compete with the engine's own download (they then come from
  // the HTTP cache) nor hold up the first moves. updateViaCache "none": the worker and the
  // precache list it imports are always checked with the server, never taken from the HTTP
  // cache, so a deploy is seen on the next visit.
  const register = () => navigator.serviceWorker.register("sw.js", { updateViaCache: "none" }).catch(() => {});
  engineSettled.then(() => setTimeout(register, 2000));
}
