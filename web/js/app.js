// The app's page: wires one Session (session.js, which owns the game and decides what input
// means) to the canvas board, the panels, the dialogs, the saved game and the URL.
//
// Nothing the user had is lost: whatever replaces the game (a link, a record, a new game) goes
// through switchGame(), which keeps the game replaced among the recent games; the session checks
// every engine reply against the game it was asked about; input made while the engine loads or
// thinks is kept and played when it can be.
import { RULES } from "../engine-data.js";
import { BoardView } from "./board.js";
import { $, once } from "./dom.js";
import { setupEditor } from "./editor.js";
import { Engine } from "./engine.js";
import { renderCaption, setupGallery } from "./gallery.js";
import { setupNewGameDialog } from "./new-game.js";
import { bothHuman, depthText, engineAwaited, lineText, formatScore, notify, renderAnalysis, renderMoveList,
         renderPanels, renderPlayers, renderRecent as showRecent, renderScoringChoice, titleCase } from "./panels.js";
import { describe, placementText, sideAfter, squareName } from "./position.js";
import { parseMarkup } from "./markup.js";
import { askWhoPlays, setupRecords } from "./records.js";
import { Session } from "./session.js";
import { applyPageTheme, buildThemeSettings, currentTheme } from "./themes.js";
import { decodeLink, encodeGame } from "./share.js";
import { renderSendMove, setupShare } from "./share-dialog.js";
import { playSound, prepareSounds, played as soundsPlayed, refused as soundsRefused } from "./sound.js";
import { keepScreenOn } from "./wake.js";
import { KEYS, newGame as emptyGame, openStorage, playersFor, readSaved, recentGames, remember, writeSaved } from "./storage.js";

// The engine's news waits until this module has run: the worker started in the page's head may
// have sent it all already, and the Engine hands over what it held as it is made.
const engine = new Engine({ onStatus: (...news) => queueMicrotask(() => engineStatus(...news)), adoptEarly: true });
// The browser's storage, or one in memory where it is denied (the page says so once).
const { storage, persistent } = openStorage();
const saved = readSaved(storage);
/** The game this tab loaded or saved last: the saved game may be overwritten by it taken back
 *  (storage.js's rule for keeping games). */
let savedByMe = saved.game;
/** The page's settings (storage.defaultSettings()); who plays lives in the session.
 *  @type {{players: import("./session.js").Players, level: number, timeMs: number, flipped: boolean,
 *          notation: string, scoring: string, sound: boolean, autoFlip: boolean}} */
const settings = saved.settings;
if (!RULES.scoring.includes(settings.scoring)) settings.scoring = "smith";
const session = new Session({
  engine: () => engine, players: settings.players, strength: { level: settings.level, timeMs: settings.timeMs },
  startOnInput: false,
  extras: () => ({ scoring: settings.scoring, record: $("record-details").open }),
});
const board = new BoardView($("board"), {
  onPress: (sq) => session.press(sq), onDrop: (from, to) => session.drop(from, to), keyboard: true,
  names: () => session.state?.names,
});
applyPageTheme();
board.set({ theme: currentTheme() });
// The theme form (with its preview board) is made when first opened, not while the page starts.
const buildThemeForm = once(() => buildThemeSettings($("theme-settings"), (theme) => { board.set({ theme }); render(); }));
$("theme-button").addEventListener("click", () => {
  buildThemeForm();
  $("theme-dialog").showModal();
});
let link = null;                 // a game from the URL, opened once the engine has checked it
let recordShown = "";            // the record last put in the record box (never overwrite typing)
let saveProblem = "";
// Settled when the engine has first started, or failed to (the service worker waits for it).
let engineSettle;
const engineSettled = new Promise((resolve) => { engineSettle = resolve; });
/** @type {any} */ (window).jetan = { engine, session, sounds: soundsPlayed, soundsRefused };   // for the console and the browser tests

// ---- start-up: the board paints at once, the engine takes over when it is there ----------

function start() {
  if (saved.problems.length) notify(`${titleCase(saved.problems.join("; "))}.`);
  if (!persistent) {
    notify("This browser does not let Jetan keep anything (its site data is blocked here): your games last while " +
           "this tab is open. Download a game's record to keep it.");
  }
  readLink();
  if (link) {
    // The link's game is shown at once (for two people, at its ply); the engine checks it
    // before it replaces the user's own game.
    settings.flipped = link.view.orientation === "orange";
    session.players = playersFor(null);
    session.show({ ...link.game }, { ply: link.view.ply });
  } else {
    session.show(saved.game || emptyGame());
  }
  performance.mark("jetan-board-painted");
  $("notation-select").value = settings.notation;
  renderScoringChoice(settings.scoring);
  setFlipped(settings.flipped);
  $("sound-button").setAttribute("aria-pressed", String(settings.sound));
  renderRecent();
  // While the engine loads the page has time to spare: the sounds are made then, not at a move.
  if (settings.sound) prepareSounds();
}

/** Take a game from the URL fragment. The fragment stays until the engine has opened the game
 *  (or refused it), so that a reload before then — a phone bringing the tab back — opens it
 *  again; once opened it is cleared, so that a reload shows the game as it is by then. A bad
 *  link changes nothing. */
function readLink() {
  if (!location.hash) return;
  try {
    link = decodeLink(location.hash);
  } catch (err) {
    notify(`This link could not be read: ${err.message}. Nothing was changed.`);
    clearLink();
  }
}

const clearLink = () => history.replaceState(null, "", location.pathname + location.search);

/** The engine has started: it takes over the saved game (or the link's) where the visitor is. */
async function engineReady() {
  if (link) {
    // Opened where the visitor has stepped to and turned the board while it loaded.
    const opening = { ...link, view: { ...link.view, ply: session.reviewing, orientation: null } };
    link = null;
    await openLink(opening, { ...(saved.game || emptyGame()), players: { ...settings.players } }, { keepOwn: true });
    return;
  }
  const reply = await session.start({ quiet: true });
  if (reply && !reply.ok && !reply.restarted) {
    // The saved game does not replay under these rules: keep it, and start afresh.
    remember(storage, session.game);
    notify(`Your saved game could not be replayed (${reply.error}); it is kept under Recent games. A new game starts.`);
    await switchGame(emptyGame(), { keep: false });
  }
}

/** The engine's step while it loads ("Starting Python"), said by the loading bar. */
let loadingStep = "Loading the engine";

/** What the loading bar says: the engine's step, or, once a move waits for the engine, that it
 *  is kept — the bar sits over the status line, so this is where a person reads it. */
function renderLoadingText() {
  if (document.body.dataset.engine !== "loading") return;
  $("loading-text").textContent = session.waiting
    ? `Move ${moveWords(session.waiting)} kept until the engine is ready.` : `${loadingStep}…`;
}

function engineStatus(state, detail, fraction) {
  // Progress while loading moves the bar only: the rest of the page waits for a change of state.
  const progress = state === "loading" && document.body.dataset.engine === "loading";
  const loading = $("loading");
  loading.classList.toggle("failed", state === "error");
  $("retry-button").hidden = state !== "error";
  document.body.dataset.engine = { loading: "loading", ready: "ready", error: "failed", restarting: "restarting" }[state];
  if (state === "loading") {
    loading.hidden = false;
    loadingStep = detail;
    renderLoadingText();
    if (fraction !== undefined) $("loading-bar").style.width = `${Math.round(100 * fraction)}%`;
  } else if (state === "ready") {
    $("loading-bar").style.width = "100%";
    loading.hidden = true;
    performance.mark("jetan-engine-ready");
    document.body.dataset.engineStart = detail;
    engineSettle();
    // The first start takes over the game shown; a restarted engine picks up where it was (the
    // engine's move, say, that the old worker never made).
    if (!session.state) engineReady();
    else session.nextTurn();
  } else if (state === "error") {
    loading.hidden = false;
    $("loading-text").textContent = `The engine could not start: ${detail}. Your game is safe; try again, or reload the page.`;
    engineSettle();
  } else if (state === "restarting") {
    notify(`The engine stopped answering and is being restarted (${detail}). Your game is safe.`);
  }
  if (!progress) render();
}

$("retry-button").addEventListener("click", () => engine.restart("retry"));

/** Open a game from a link beside the user's own (``own``), which is kept one click away. A
 *  linked game is for two people; the link's view — the ply shown, the orientation — applies. */
async function openLink({ game: linked, view }, own = { ...session.game, players: { ...session.players } },
                        { keepOwn = false } = {}) {
  const reply = await switchGame({ ...emptyGame(linked.rules, linked.start, { correspondence: view.correspondence }),
                                   ...(linked.seed !== undefined ? { seed: linked.seed } : {}),
                                   ...(linked.clock ? { clock: linked.clock } : {}),
                                   moves: linked.moves, players: playersFor(null) },
                                 { ply: view.ply, keep: !keepOwn, keepInput: keepOwn });
  if (!reply) return;
  if (!reply.restarted) clearLink();
  if (!reply.ok) {
    if (keepOwn) await switchGame(own, { keep: false });   // the page showed the link's game meanwhile
    notify(`The game in this link is not valid: ${reply.error}. Nothing was changed.`);
    return;
  }
  if (keepOwn && own.moves.length) remember(storage, own, session.game);
  if (view.orientation) setFlipped(view.orientation === "orange");
  save();
  renderRecent();
  // Not saved (a full storage): the notice says so, and that the own game is still the saved one.
  if (saveProblem) return;
  const turn = titleCase(reply.state.turn);
  const intro = view.correspondence && !reply.state.result
    ? `A game by correspondence: ${turn} to move. Make your move, then send the link back.`
    : "This is the game from the link.";
  if (own.moves.length) {
    notify(`${intro} Your own game is kept under Recent games.`, { label: "Back to your game", action: () => switchGame(own) });
  } else if (view.correspondence) {
    notify(intro);
  }
}

/** Replace the game with another (the one replaced is kept among the recent games unless
 *  ``keep`` is false; with ``players``, who plays it). An invalid game leaves everything as it
 *  was. Resolves with the engine's reply, or null if yet another game came first. */
async function switchGame(game, { keep = true, known = 0, ply = null, keepInput = false } = {}) {
  const { players = null, ...plain } = game;
  const reply = await session.load(plain, { players, known, ply, keep, keepInput });
  if (reply && reply.ok) {
    save();
    renderRecent();
  }
  return reply;
}

// ---- the session's views -------------------------------------------------------------------

session.listen((type, detail) => {
  if (type === "change") render();
  else if (type === "played") announce(detail);
  else if (type === "notice") notify(detail.text, detail.action);
  else if (type === "thinking") showThinking(detail);
  else if (type === "progress") replayProgress(detail);
  else if (type === "replaced") {
    const problem = remember(storage, detail.game, detail.next);
    if (problem) notify(`${titleCase(problem)}.`);
  } else if (type === "earlier") offerBranch();
  else if (type === "waiting") {
    const when = session.incoming ? "when the game has loaded" : session.state ? "when the engine has moved" : "when the engine is ready";
    $("live").textContent = detail ? `Your move ${moveWords(detail)} will be played ${when}.` : "";
  } else if (type === "dropped") {
    $("live").textContent = `The move ${moveWords(detail.move)} was not played: ${detail.why}.`;
    if (!session.thinking) notify(`Your move ${moveWords(detail.move)} was not played: ${detail.why}.`);
  }
});

/** A move kept for later, as the page shows it (its squares, or the text typed). */
const moveWords = (move) => (move.text !== undefined ? move.text : `${squareName(move.from)}-${squareName(move.to)}`);

function render() {
  const s = session;
  const props = s.boardProps();
  // The comment on the position shown adds its arrows and marks: one drawing per render.
  const markup = commentMarkup();
  const flipped = boardFlipped();
  board.set({ ...props, flipped, arrows: [...props.arrows, ...markup.arrows], marks: markup.marks });
  const canvas = $("board");
  canvas.dataset.position = s.shownPosition() || placementText(props.board);
  canvas.dataset.flipped = String(flipped);
  canvas.setAttribute("aria-label", `Jetan board, ${titleCase(s.turn)} to move, ${flipped ? "Orange" : "Black"} at the bottom. ` +
    "Arrow keys move across it; Enter or Space picks up a piece and puts it down.");
  $("board-pieces").textContent = `${describe(props.board, s.state ? s.state.names : undefined)}.`;
  renderClocks();
  renderSteps();
  $("auto-flip").checked = settings.autoFlip;
  const twoPeople = bothHuman({ players: s.players });
  $("auto-flip").parentElement.hidden = !twoPeople;
  $("draw-button").hidden = !twoPeople;
  $("take-on-button").hidden = !twoPeople || s.over;
  // Known from the first paint, so that the place held for the engine's thoughts is there at once.
  document.body.dataset.vsEngine = String(!twoPeople);
  document.body.dataset.premove = s.waiting ? moveWords(s.waiting) : "";
  renderLoadingText();
  renderPlayers({ settings: { ...settings, players: s.players }, game: s.game });
  $("move-input").disabled = !(s.humanToMove || s.humanWaits);
  $("thinking").hidden = !s.thinking;
  if (engine.ready) $("loading").hidden = true;
  renderComment();
  renderWake(s.state);
  if (!s.state) { renderEarly(); return; }
  const v = s.state;
  const app = { view: v, reviewing: s.reviewing === null ? null : s.reviewing - 1, pending: s.pending,
                settings: { ...settings, players: s.players }, game: s.game, shown: s.shown };
  renderPanels(app, { onReview: (i) => s.review(i + 1) });
  renderSendMove(s);
  // The record box follows the game, but never overwrites what the user is typing into it.
  const box = $("record");
  if (v.record !== undefined && document.activeElement !== box && box.value === recordShown) box.value = recordShown = v.record;
  $("undo-button").disabled = !v.moves.length || s.thinking || s.pending;
  $("resign-button").disabled = Boolean(v.result);
  $("draw-button").disabled = Boolean(v.result) || Boolean(s.drawOffer);
  renderDrawOffer();
  renderGameOver(v);
  $("hint-button").disabled = !s.humanToMove;
  $("analyse-button").disabled = false;
  $("review-note").hidden = s.reviewing === null;
  if (s.analysis.on) {
    // The engine's own turn: its thoughts are in the thinking box, not the analysis.
    if (s.thinking && s.reviewing === null) renderAnalysis({ text: "The engine is thinking; the analysis goes on at your turn." });
    else if (s.analysis.info) renderAnalysis({ info: s.analysis.info, side: s.analysis.side });
    else renderAnalysis({ text: s.analysis.error ? `No analysis here: ${s.analysis.error}.` : "Analysing…" });
  } else $("analysis").hidden = true;
  // For tests and embedding pages: the state in attributes.
  Object.assign(document.body.dataset, { plies: v.moves.length, turn: v.turn,
                                         result: v.result ? v.result.text : "", pending: String(s.pending) });
}

// While a game is on the screen stays on while a clock runs, and otherwise for this long after
// the game is shown or a move made: a game left open is not a screen left on all day.
const AWAKE_AFTER_A_MOVE_MS = 10 * 60 * 1000;
let awakeFor = "";          // the game's length and clock the screen was last kept on for

/** Keep the screen on while a game is on (wake.js): not before the engine has it (a new game
 *  being set up) nor once it has ended. @param {any} v the engine's state, or null */
function renderWake(v) {
  const on = Boolean(v) && !v.result;
  const timed = Boolean(session.clockRunning);
  const key = on ? `${v.moves.length} ${timed}` : "";
  if (key === awakeFor) return;
  awakeFor = key;
  keepScreenOn(!on ? 0 : timed ? Infinity : AWAKE_AFTER_A_MOVE_MS);
}

/** Which side is at the bottom: the setting, or — two people playing with "turn the board for
 *  each player" on — the side to move. */
function boardFlipped() {
  if (settings.autoFlip && bothHuman({ players: session.players }) && !session.over) return session.turn === "orange";
  return settings.flipped;
}

// A clock shows low time (in red) under a tenth of its start, and at most this many seconds.
const LOW_TIME_S = 20;

/** A clock's time as it reads: minutes and seconds, with tenths under ten seconds. */
function clockText(ms) {
  const left = Math.max(0, ms);
  if (left < 10000) return `0:0${(Math.floor(left / 100) / 10).toFixed(1)}`;
  const seconds = Math.ceil(left / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

/** Both clocks, the far side's above the board and the near side's below; the running one
 *  marked, and low time (under a tenth of the start, at most 20 s) in red. */
function renderClocks() {
  const s = session, clock = s.game.clock;
  const near = boardFlipped() ? "orange" : "black";
  document.body.dataset.clock = String(Boolean(clock));
  for (const [id, side] of [["clock-top", near === "black" ? "orange" : "black"], ["clock-bottom", near]]) {
    const box = $(id);
    box.hidden = !clock;
    if (!clock) continue;
    const left = s.timeLeft(side);
    box.querySelector(".clock-side").textContent = `${titleCase(side)}${s.players[side] === "engine" ? " (engine)" : ""}`;
    box.querySelector(".clock-time").textContent = clockText(left);
    box.setAttribute("aria-label", `${titleCase(side)}'s clock`);
    box.dataset.running = String(s.clockRunning === side);
    box.dataset.low = String(left < Math.min(LOW_TIME_S * 1000, clock.initial / 10));
    box.dataset.flagged = String(s.game.flagged === side);
  }
}
// The running clock's display follows the time (the session's own timer ends the game).
setInterval(() => { if (session.clockRunning) renderClocks(); }, 100);

/** The step buttons under the board, with the last moves between them (a strip, on a phone). */
function renderSteps() {
  const s = session, plies = s.plies, at = s.shownPly;
  $("steps").hidden = !plies;
  $("step-first").disabled = $("step-prev").disabled = at === 0;
  $("step-next").disabled = $("step-last").disabled = at >= plies;
  const entries = s.state ? s.state.moves : s.early ? s.early.entries : [];
  const strip = $("move-strip");
  strip.textContent = "";
  for (let i = Math.max(0, at - 8); i < Math.min(entries.length, at + 3); i++) {
    const m = entries[i];
    const item = document.createElement("li");
    item.dataset.ply = String(i + 1);
    item.textContent = `${m.side === "black" || i === 0 ? `${m.number}${m.side === "black" ? "." : "…"} ` : ""}${m.text}`;
    if (i + 1 === at) item.className = "current";
    strip.append(item);
  }
  const current = strip.querySelector(".current");
  strip.scrollLeft = current ? /** @type {HTMLElement} */ (current).offsetLeft - strip.clientWidth / 2 : 0;
}

/** A draw offered by one person, for the other to accept or decline. */
function renderDrawOffer() {
  const offer = session.drawOffer;
  $("draw-offer").hidden = !offer;
  if (offer) {
    const other = offer === "black" ? "orange" : "black";
    $("draw-offer-text").textContent = `${titleCase(offer)} offers a draw. ${titleCase(other)}, do you accept?`;
  }
}

/** The end of the game: what happened, in words, and what to do next. */
function renderGameOver(v) {
  if (!v.result) endClosed = false;          // a game taken back, or another: its end shows
  $("game-over").hidden = !v.result;
  $("game-over").toggleAttribute("data-closed", endClosed);
  if (v.result) $("game-over-text").textContent = resultWords(v.result);
}

// The end's card closed by the reader: it floats over the panel on a phone turned sideways,
// where it closes (CSS); turned upright it is under the board again, and shown.
let endClosed = false;
$("game-over-close").addEventListener("click", () => {
  endClosed = true;
  $("moves").focus({ preventScroll: true });       // not left on a button that is gone: the list under it
  render();
});

/** A result as a sentence ("Orange's Princess is trapped: Black wins"). */
function resultWords(result) {
  return result.words || `${result.winner ? `${titleCase(result.winner)} wins` : "Drawn"}: ${result.explanation}`;
}

/** The arrows and marked squares of the comment on the position shown (what cannot be read is
 *  said under the comment box). */
function commentMarkup() {
  const comment = session.comment(session.shownPly);
  const arrows = parseMarkup(comment ? comment.arrows : "", "arrows");
  const marks = parseMarkup(comment ? comment.marks : "", "marks");
  $("comment-problem").textContent = [arrows.problem, marks.problem].filter(Boolean).join(" ");
  return { arrows: arrows.items, marks: marks.items };
}

/** The comment on the position shown, under the board (else a gallery game's caption), and in
 *  the comment box unless it is being edited. */
function renderComment() {
  const s = session;
  const comment = s.comment(s.shownPly);
  const box = $("caption");
  if (comment) {
    box.hidden = false;
    box.textContent = (s.shownPly ? `${s.shownPly}. ` : "") + (comment.text || "");
  } else if (s.state) {
    renderCaption({ rules: s.game.rules, canonicalRules: s.state.rules, start: s.game.start, moves: s.state.moves }, s.shownPly);
  }
  $("comment-summary").textContent = s.shownPly ? `Comment on move ${s.shownPly}` : "Comment on the start";
  const fields = { "comment-text": "text", "comment-arrows": "arrows", "comment-marks": "marks" };
  for (const [id, part] of Object.entries(fields)) {
    if (document.activeElement !== $(id)) $(id).value = comment ? comment[part] || "" : "";
  }
}

for (const id of ["comment-text", "comment-arrows", "comment-marks"]) {
  // Kept and saved as it is typed; the record box takes it in once the field is left.
  $(id).addEventListener("input", () => {
    session.setComment(session.shownPly, {
      text: $("comment-text").value, arrows: $("comment-arrows").value, marks: $("comment-marks").value });
    save();
  });
  $(id).addEventListener("change", () => session.refresh());
}

/** Before the engine answers: the game replayed for display, stepped through with the move
 *  list or ←/→ (the engine takes over at the ply shown). */
function renderEarly() {
  const s = session;
  if (!s.early) return;
  renderMoveList(s.early.entries, s.shownPly - 1, "algebraic", (i) => s.review(i + 1));
  const plies = s.early.entries.length;
  // (A move kept meanwhile is said by the loading bar, over this line: renderLoadingText.)
  $("status").textContent = `${engineAwaited()}${plies ? ` Showing ${s.shownPly ? `move ${s.shownPly} of ${plies}` : "the start"}` +
    " (step through with the move list or ← →)." : ""}`;
}

function announce(move) {
  const v = session.state;
  if (move) playSound(v.result ? "end" : move.outcome ? "duel" : move.capture ? "capture" : "move", settings.sound);
  let text = move ? `${titleCase(move.side)} played ${move.text}: ${move.descriptive}.` : "";
  if (v.result) text += ` ${resultWords(v.result)}.`;
  else if (v.threatened.length) text += " The Princess is threatened.";
  $("live").textContent = text;
  save();
}

function showThinking(info) {
  $("thinking-text").textContent = `depth ${depthText(info)}, score ${formatScore(info.score)}, ${info.nodes} nodes`;
  $("thinking-line").textContent = lineText(info);
}

/** Show a long replay's progress in the loading box. */
function replayProgress(progress) {
  if (!progress || !progress.total) return;
  $("loading").hidden = false;
  $("loading-text").textContent = `Replaying the game: ${progress.replayed.toLocaleString()} of ${progress.total.toLocaleString()} moves…`;
  $("loading-bar").style.width = `${Math.round(100 * progress.replayed / progress.total)}%`;
}

/** A press on an earlier position: say why nothing moves, and offer to play on from there — a
 *  new game for two (the whole game kept under Recent games) — or to go back to the game. */
function offerBranch() {
  const ply = session.reviewing;
  notify("You are looking at an earlier position: go back to the game to play on, or play on from here " +
         "(the whole game stays under Recent games).",
         { label: "Play on from here", action: () => switchGame({ ...session.game, moves: session.game.moves.slice(0, ply),
                                                                  resigned: null, players: playersFor(null) }) });
}

// ---- controls ------------------------------------------------------------------------------

$("undo-button").addEventListener("click", async () => {
  const reply = await session.undo();
  if (reply && !reply.ok && !reply.restarted) notify(reply.error);
  else if (reply) { $("live").textContent = "Move taken back."; save(); }
});

// Resign asks once more on the button itself (no blocking dialog): a second press within a few
// seconds resigns.
let resignArmed = 0;
function disarmResign() {
  clearTimeout(resignArmed);
  resignArmed = 0;
  $("resign-button").textContent = "Resign";
  $("resign-button").removeAttribute("aria-pressed");
}
$("resign-button").addEventListener("click", async () => {
  const v = session.state;
  if (!v || v.result) return;
  const side = bothHuman({ players: session.players }) ? v.turn : (session.players.black === "human" ? "black" : "orange");
  if (!resignArmed) {
    $("resign-button").textContent = `Press again to resign for ${titleCase(side)}`;
    $("resign-button").setAttribute("aria-pressed", "true");
    resignArmed = setTimeout(disarmResign, 4000);
    return;
  }
  disarmResign();
  await session.resign(side);
});

$("draw-button").addEventListener("click", () => {
  if (!session.state || session.over) return;
  session.offerDraw(session.state.turn);
  $("live").textContent = `${titleCase(session.state.turn)} offers a draw.`;
  $("draw-accept").focus();
});
$("draw-accept").addEventListener("click", () => session.agreeDraw());
$("draw-decline").addEventListener("click", () => {
  session.offerDraw(null);
  $("live").textContent = "The draw was declined.";
});
$("take-on-button").addEventListener("click", async () => {
  const players = await askWhoPlays("Play on from here against the engine (or go on between two people).");
  if (!players) return;
  if (players.black !== players.orange) setFlipped(players.orange === "human");
  session.setPlayers(players);
  save();
});
$("auto-flip").addEventListener("change", (e) => { settings.autoFlip = e.target.checked; save(); render(); });

// The end of a game: a rematch (the same rules and time, colours swapped), a new game, the
// game analysed from its start, or shared.
$("rematch-button").addEventListener("click", async () => {
  const g = session.game, p = session.players;
  const players = { black: p.orange, orange: p.black };
  const clock = g.clock ? { initial: g.clock.initial, increment: g.clock.increment } : null;
  setFlipped(bothHuman({ players }) ? !settings.flipped : players.orange === "human");
  await newGame({ rules: g.rules, start: g.start, players, clock, correspondence: Boolean(g.correspondence) });
});
$("over-new-button").addEventListener("click", () => $("new-game-button").click());
$("over-share-button").addEventListener("click", () => $("share-button").click());
$("over-analyse-button").addEventListener("click", () => {
  session.review(0);
  session.setAnalysis(true);
  $("analyse-button").setAttribute("aria-pressed", "true");
});

for (const [id, where] of [["step-first", "first"], ["step-prev", "prev"], ["step-next", "next"], ["step-last", "last"]]) {
  $(id).addEventListener("click", () => session.step(where));
}
$("move-strip").addEventListener("click", (e) => {
  const item = /** @type {HTMLElement} */ (e.target).closest("li[data-ply]");
  if (item) session.review(Number(/** @type {HTMLElement} */ (item).dataset.ply));
});

$("menu-button").addEventListener("click", () => {
  const open = document.querySelector(".top").classList.toggle("open");
  $("menu-button").setAttribute("aria-expanded", String(open));
});
// A choice in the menu closes it (on a phone it lies over the board).
$("main-nav").addEventListener("click", (e) => {
  if (/** @type {Element} */ (e.target).closest("button, a")) {
    document.querySelector(".top").classList.remove("open");
    $("menu-button").setAttribute("aria-expanded", "false");
  }
});

$("stop-button").addEventListener("click", () => session.moveNow());
$("hint-button").addEventListener("click", async () => {
  $("hint-button").disabled = true;
  const move = await session.askHint();
  if (move) $("live").textContent = `Hint: ${move.text}`;
});
$("analyse-button").addEventListener("click", () => {
  session.setAnalysis(!session.analysis.on);
  $("analyse-button").setAttribute("aria-pressed", String(session.analysis.on));
});

$("flip-button").addEventListener("click", () => { setFlipped(!settings.flipped); render(); save(); });

/** Which side is at the bottom (a setting; the button shows it). */
function setFlipped(flipped) {
  settings.flipped = flipped;
  $("flip-button").setAttribute("aria-pressed", String(flipped));
}

$("sound-button").addEventListener("click", () => {
  settings.sound = !settings.sound;
  $("sound-button").setAttribute("aria-pressed", String(settings.sound));
  if (settings.sound) prepareSounds();
  save();
});
$("notation-select").addEventListener("change", (e) => { settings.notation = e.target.value; save(); render(); });
$("scoring-select").addEventListener("change", (e) => { settings.scoring = e.target.value; save(); session.refresh(); });
// The record is sent only while its box is open.
$("record-details").addEventListener("toggle", () => { if ($("record-details").open) session.refresh(); });

$("move-form").addEventListener("submit", async (e) => {
  e.preventDefault();
  const input = $("move-input");
  const text = input.value.trim();
  if (!text) return;
  const reply = await session.type(text);
  if (reply === true || (reply && reply.ok)) input.value = "";
  // Why a move was refused, by the box it was typed in.
  else if (reply && !reply.ok && !reply.restarted) $("move-error").textContent = titleCase(reply.error);
});
$("move-input").addEventListener("input", () => { $("move-error").textContent = ""; });

$("live-button").addEventListener("click", () => session.review(Infinity));

// ←/→/Home/End step through the game from anywhere on the page (not while typing, and not on
// the board, whose arrow keys move its cursor).
document.addEventListener("keydown", (e) => {
  if (e.altKey || e.ctrlKey || e.metaKey || document.querySelector("dialog[open]")) return;
  const target = /** @type {Element} */ (e.target);
  if (target.closest && target.closest("input, textarea, select, [contenteditable]")) return;
  if (!session.step(e.key)) return;
  e.preventDefault();
  const v = session.state, ply = session.shownPly;
  const m = v && ply ? v.moves[ply - 1] : null;
  $("live").textContent = m ? `${titleCase(m.side)} ${m.text}` : "Start position";
});

// ---- dialogs and other ways in -------------------------------------------------------------

setupRecords({ engine, session, switchGame, setFlipped, shownRecord: (text) => { recordShown = text; } });
setupShare(session, () => settings.flipped);

setupGallery(async (entry) => {
  const reply = await switchGame({ ...emptyGame(entry.rules), moves: [...entry.moves], players: playersFor(null) }, { ply: 0 });
  if (!reply || !reply.ok) { if (reply && !reply.restarted) notify(reply.error); return; }
  $("live").textContent = `${entry.title}. Step through it with the arrow keys or the move list.`;
});

setupEditor({
  engine,
  current: () => ({ rules: session.game.rules, position: session.shownPosition() || $("board").dataset.position }),
  link: (game) => location.origin + location.pathname + encodeGame(game),
  onPlay: async ({ rules, start, mode }) => {
    const turn = sideAfter(start, 0);
    setFlipped(mode === "engine" && turn === "orange");
    if (mode === "analyse") {
      // On from the new game's first position (turned on now, it would analyse the old one).
      session.analysis.on = true;
      $("analyse-button").setAttribute("aria-pressed", "true");
    }
    await newGame({ rules, start, players: playersFor(mode === "engine" ? turn : null) });
  },
});
$("editor-button").addEventListener("click", () => session.stopAnalysis());

setupNewGameDialog(engine, async (choice) => {
  const { rules, start, players, flipped, level, timeMs, clock, correspondence, ...rest } = choice;
  Object.assign(settings, rest, { level, timeMs });
  session.strength = { level, timeMs };
  setFlipped(flipped);
  await newGame({ rules, start, players, clock, correspondence });
}, () => session.stopSearches(), () => Boolean(session.state && !session.over && session.state.moves.length));

/** Start a game (the one replaced is kept, with who played it). */
async function newGame({ rules, start, players, clock = null, correspondence = false }) {
  const reply = await switchGame({ ...emptyGame(rules, start, { clock, correspondence }), players });
  if (!reply) return;
  if (!reply.ok) { if (!reply.restarted) notify(reply.error); return; }
  $("live").textContent = `New game. ${titleCase(reply.state.turn)} moves first.`;
}

function renderRecent() {
  showRecent(recentGames(storage), (game) => switchGame(game));
}

// ---- saving ------------------------------------------------------------------------------

function save() {
  // Until the engine has taken over, the game shown may be a link's, not yet checked: the saved
  // game stays as it was.
  if (session.state) settings.players = { ...session.players };
  session.settleClock();
  const game = session.state ? session.game : saved.game || session.game;
  const recentBefore = storage.getItem(KEYS.recent);
  const problem = writeSaved(storage, {
    version: 1, game, settings, position: session.state ? session.state.position : saved.position,
  }, { mine: savedByMe });
  if (!problem) savedByMe = { ...game, moves: [...game.moves] };
  // Not saved: the game stays in this tab, and its record can be downloaded to keep it.
  if (problem && problem !== saveProblem) {
    notify(`${titleCase(problem)}. This game stays here while the tab is open; download its record to keep it.`,
           { label: "Download record", action: () => $("download-record-button").click() });
  }
  saveProblem = problem;
  if (storage.getItem(KEYS.recent) !== recentBefore) renderRecent();
}

// Another tab saved a game, or changed the recent games: the list here follows. (The next save
// here keeps that tab's game among the recent ones before writing this one: storage.js.)
window.addEventListener("storage", (e) => {
  if (e.key === KEYS.recent || e.key === KEYS.saved) renderRecent();
});

// A running clock's time is kept as the tab goes away (it does not run while the app is
// closed). Nothing else is saved then: a tab going away never claims the saved game.
window.addEventListener("pagehide", () => { if (session.clockRunning) save(); });
document.addEventListener("visibilitychange", () => { if (document.hidden && session.clockRunning) save(); });

window.addEventListener("hashchange", () => {
  if (!location.hash) return;
  readLink();
  if (link && engine.ready) {
    const opening = link;
    link = null;
    openLink(opening);
  }
});

// The service worker keeps the app for offline play. When a new version of the app replaces the
// one this page came from (a visit after a deploy), the page says so: its saved game is safe,
// and a reload runs the new version.
/** The page's service worker container, or null where there is none (reading it throws in a
 *  sandboxed frame without allow-same-origin). */
function serviceWorkers() {
  try {
    return "serviceWorker" in navigator && location.protocol.startsWith("http") ? navigator.serviceWorker : null;
  } catch {
    return null;
  }
}
if (serviceWorkers()) {
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

// Safari may clear a site's storage after weeks without a visit, unless the site is installed
// (added to the home screen) or its storage is persistent. The installed app asks for that: the
// saved game and the engine's snapshot then stay. Refused or unsupported, nothing changes (a
// cleared snapshot is a cold start; a saved game lost that way is what Recent games and records
// guard against).
if (matchMedia("(display-mode: standalone)").matches && navigator.storage && navigator.storage.persist) {
  navigator.storage.persisted().then((already) => already || navigator.storage.persist()).catch(() => {});
}

start();
