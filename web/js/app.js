// The app's page: wires one Session (session.js, which owns the game and decides what input
// means) to the canvas board, the panels, the game's controls (controls.js), the dialogs, the
// saved game and the URL (links.js).
//
// Nothing the user had is lost: whatever replaces the game (a link, a record, a new game) goes
// through switchGame(), which keeps the game replaced among the recent games; the session checks
// every engine reply against the game it was asked about; input made while the engine loads or
// thinks is kept and played when it can be.
//
// The page speaks its reader's language (i18n.js): the catalogue loads beside everything else as
// the page starts (the board paints without it), the language chooser in the menu switches it,
// and every view is drawn again in the new words, from the messages the page's state keeps.
import { RULES } from "../engine-data.js";
import { BoardView } from "./board.js";
import { setupControls } from "./controls.js";
import { $, once } from "./dom.js";
import { setupEditor } from "./editor.js";
import { Engine } from "./engine.js";
import { setupGallery } from "./gallery.js";
import { Links } from "./links.js";
import { LivePage } from "./live-page.js";
import { setupNewGameDialog } from "./new-game.js";
import { bothHuman, commentMarkup, moveWords, notify, renderClocks, renderEngineStatus, renderRecent as showRecent,
         renderReplayProgress, renderScoringChoice, renderSession, renderThinking, sayPlayed } from "./panels.js";
import { ORANGE, sideAfter } from "./position.js";
import { FALLBACK, chooseLanguage, hasWords, known, language, languageMenu, linkLanguage, message, onLanguage, say,
         startLanguage, t, useLanguage } from "./i18n.js";
import { hearNewVersion, keepForOffline } from "./offline.js";
import { setupRecords } from "./records.js";
import { Session } from "./session.js";
import { applyPageTheme, buildThemeSettings, currentTheme } from "./themes.js";
import { encodeGame } from "./share.js";
import { renderSendMove, setupShare } from "./share-dialog.js";
import { playSound, prepareSounds, played as soundsPlayed, refused as soundsRefused } from "./sound.js";
import { keepScreenOn } from "./wake.js";
import { KEYS, newGame as emptyGame, openStorage, playersFor, readSaved, recentGames, remember, writeSaved } from "./storage.js";

/** @typedef {import("./i18n.js").Message} Message */

// The reader's language, asked for first: its catalogue comes while the rest starts. The board
// paints at once; the page's words are drawn once it has come (wordsIn; until then the page
// shows the build's English, which a reader of another language does not see: css/app.css).
const languageStarted = startLanguage();
let wordsIn = false;

// The engine's news waits until this module has run: the worker started in the page's head may
// have sent it all already, and the Engine hands over what it held as it is made.
const engine = new Engine({ onStatus: (...news) => queueMicrotask(() => engineStatus(...news)), adoptEarly: true });
// The browser's storage, or one in memory where it is denied (the page says so once).
const { storage, persistent } = openStorage();
const saved = readSaved(storage);
/** The game this tab loaded or saved last: the saved game may be overwritten by it taken back
 *  (storage.js's rule for keeping games). */
let savedByMe = saved.game;
/** The page's settings (storage.defaultSettings()); who plays lives in the session. */
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
let recordShown = "";            // the record last put in the record box (never overwrite typing)
/** @type {?Message} why the last save failed (storage.js's: one message for each problem), if it did */
let saveProblem = null;
// Settled when the engine has first started, or failed to (the service worker waits for it).
/** @type {() => void} */
let engineSettle;
/** @type {Promise<void>} */
const engineSettled = new Promise((resolve) => { engineSettle = resolve; });
/** @type {{jetan?: object}} */ (window).jetan = { engine, session, sounds: soundsPlayed, soundsRefused };   // for the console and the browser tests
// Games from the URL: read as the page starts, opened once the engine has checked them.
// Live games with a friend on another device: their invitations and answers come by the URL too.
const livePage = new LivePage({ session, storage, save, render, setFlipped, newGame, switchGame });
const links = new Links({ session, engine, storage, switchGame, setFlipped, save, renderRecent, saveFailed: () => Boolean(saveProblem),
                          openLive: (hash) => livePage.openFragment(hash) });

// ---- start-up: the board paints at once, the engine takes over when it is there ----------

function start() {
  links.read();
  const link = links.waiting;
  if (link) {
    // The link's game is shown at once (for two people, at its ply); the engine checks it
    // before it replaces the user's own game.
    settings.flipped = link.view.orientation === ORANGE;
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

/** The engine has started: it takes over the saved game (or the link's) where the visitor is. */
async function engineReady() {
  if (links.waiting) {
    await links.openWaiting({ ...(saved.game || emptyGame()), players: { ...settings.players } });
    return;
  }
  const reply = await session.start({ quiet: true });
  if (reply && reply.ok) await livePage.follow();
  if (reply && !reply.ok && !reply.restarted) {
    // The saved game does not replay under these rules: keep it, and start afresh.
    remember(storage, session.game);
    notify(message("app.savedNotReplayed", { why: reply.error }));
    await switchGame(emptyGame(), { keep: false });
  }
}

/** The engine's news (engine.js's onStatus): shown (panels.js), and acted on.
 *  @param {string} state @param {import("./i18n.js").MessageArg} detail the step, or why (a message)
 *  @param {number} [fraction] */
function engineStatus(state, detail, fraction) {
  // Progress while loading moves the bar only: the rest of the page waits for a change of state.
  const progress = state === "loading" && document.body.dataset.engine === "loading";
  if (state === "loading") loadingStep = detail;
  renderEngineStatus(session, state, detail, fraction);
  if (state === "ready") {
    performance.mark("jetan-engine-ready");
    engineSettle();
    // The first start takes over the game shown; a restarted engine picks up where it was (the
    // engine's move, say, that the old worker never made).
    if (!session.state) engineReady();
    else session.nextTurn();
  } else if (state === "error") engineSettle();
  if (!progress) render();
}

$("retry-button").addEventListener("click", () => engine.restart("retry"));

/** Replace the game with another (the one replaced is kept among the recent games unless
 *  ``keep`` is false; with ``players``, who plays it). An invalid game leaves everything as it
 *  was. Resolves with the engine's reply, or null if yet another game came first.
 *  @param {import("./session.js").GameWithPlayers} game
 *  @param {{keep?: boolean, known?: number, ply?: ?number, keepInput?: boolean}} [options]
 *  @returns {Promise<?import("./session.js").Reply>} */
async function switchGame(game, { keep = true, known = 0, ply = null, keepInput = false } = {}) {
  const { players = null, ...plain } = game;
  const reply = await session.load(plain, { players, known, ply, keep, keepInput });
  if (reply && reply.ok) {
    await livePage.follow();
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
  else if (type === "thinking") renderThinking(detail, /** @type {import("./engine.js").State} */ (session.state).turn);
  else if (type === "progress") renderReplayProgress(detail);
  else if (type === "replaced") {
    const problem = remember(storage, detail.game, detail.next);
    if (problem) notify(problem);
  } else if (type === "earlier") offerBranch();
  else if (type === "waiting") {
    const when = session.incoming ? "app.kept.untilLoaded" : session.state ? "app.kept.untilMoved" : "app.kept.untilReady";
    $("live").textContent = detail ? t(when, { move: moveWords(detail) }) : "";
  } else if (type === "dropped") {
    const dropped = message("app.notPlayed", { move: moveWords(detail.move), why: detail.why });
    $("live").textContent = say(dropped);
    if (session.phase !== "thinking") notify(dropped);
  }
});

/** The engine's step while it loads ("Starting the engine"), said by the loading bar.
 *  @type {import("./i18n.js").MessageArg} */
let loadingStep = message("app.loadingStep");
// The end's card closed by the reader: it floats at the foot of the panel on a desktop window
// and on a phone turned sideways, where it closes (CSS); on a phone upright it is under the
// steps, and shown.
let endClosed = false;
$("game-over-close").addEventListener("click", () => {
  endClosed = true;
  $("moves").focus({ preventScroll: true });       // not left on a button that is gone: the list under it
  render();
});

/** Redraw the board and the panels (panels.js) from the session. */
function render() {
  const s = session;
  const props = s.boardProps();
  // The comment on the position shown adds its arrows and marks: one drawing per render.
  const markup = commentMarkup(s.comment(s.shownPly));
  const flipped = boardFlipped();
  board.set({ ...props, flipped, arrows: [...props.arrows, ...markup.arrows], marks: markup.marks });
  if (s.state && !s.state.result) endClosed = false;          // a game taken back, or another: its end shows
  if (!wordsIn) return;                                       // (the words come with the language)
  renderSession(s, props, { settings, flipped, engineReady: engine.ready, loadingStep, endClosed,
                            onReview: (ply) => s.review(ply) });
  renderWake(s.state);
  if (!s.state) return;
  renderSendMove(s);
  // The record box follows the game, but never overwrites what the user is typing into it.
  const box = $("record"), record = s.state.record;
  if (record !== undefined && document.activeElement !== box && box.value === recordShown) box.value = recordShown = record;
}

// While a game is on the screen stays on while a clock runs, and otherwise for this long after
// the game is shown or a move made: a game left open is not a screen left on all day.
const AWAKE_AFTER_A_MOVE_MS = 10 * 60 * 1000;
let awakeFor = "";          // the game's length and clock the screen was last kept on for

/** Keep the screen on while a game is on (wake.js): not before the engine has it (a new game
 *  being set up) nor once it has ended. @param {?import("./engine.js").State} v the engine's state, or null */
function renderWake(v) {
  const on = v !== null && !v.result;
  const timed = Boolean(session.clock.running);
  const key = on ? `${v.moves.length} ${timed}` : "";
  if (key === awakeFor) return;
  awakeFor = key;
  keepScreenOn(!on ? 0 : timed ? Infinity : AWAKE_AFTER_A_MOVE_MS);
}

/** Which side is at the bottom: the setting, or — two people playing with "turn the board for
 *  each player" on — the side to move. */
function boardFlipped() {
  if (settings.autoFlip && bothHuman({ players: session.players }) && !session.over) return session.turn === ORANGE;
  return settings.flipped;
}

// The running clock's display follows the time (the session's clock ends the game).
setInterval(() => { if (session.clock.running) renderClocks(session, boardFlipped()); }, 100);

/** A move played (null: the game ended off the board): heard, said, saved.
 *  @param {?import("./engine.js").MoveEntry} move */
function announce(move) {
  const v = session.live;          // (a move is played once the engine has the game)
  if (move) playSound(v.result ? "end" : move.outcome ? "duel" : move.capture ? "capture" : "move", settings.sound);
  sayPlayed(move, v);
  save();
}

/** A press on an earlier position: say why nothing moves, and offer to play on from there — a
 *  new game for two (the whole game kept under Recent games) — or to go back to the game. */
function offerBranch() {
  const ply = session.reviewing;
  notify(message("app.earlierPosition"),
         { label: message("app.playOnFromHere"), action: () => switchGame({ ...session.game, moves: session.game.moves.slice(0, ply ?? 0),
                                                                  resigned: null, players: playersFor(null) }) });
}

// ---- controls ------------------------------------------------------------------------------

setupControls({ session, settings, save, render, setFlipped, newGame, live: () => livePage.live,
                leaveLive: () => livePage.leave() });

/** Which side is at the bottom (a setting; the button shows it). @param {boolean} flipped */
function setFlipped(flipped) {
  settings.flipped = flipped;
  $("flip-button").setAttribute("aria-pressed", String(flipped));
}

// ---- dialogs and other ways in -------------------------------------------------------------

setupRecords({ engine, session, switchGame, setFlipped, shownRecord: (text) => { recordShown = text; } });
setupShare(session, () => settings.flipped);

setupGallery(async (entry) => {
  const reply = await switchGame({ ...emptyGame(entry.rules), moves: [...entry.moves], players: playersFor(null) }, { ply: 0 });
  if (!reply || !reply.ok) { if (reply && !reply.restarted) notify(reply.error); return; }
  $("live").textContent = t("app.galleryGameOpened", { title: entry.title });
});

setupEditor({
  engine,
  current: () => ({ rules: session.game.rules, position: session.shownPosition() || $("board").dataset.position }),
  link: (game) => location.origin + location.pathname + encodeGame(game),
  onPlay: async ({ rules, start, mode }) => {
    const turn = sideAfter(start, 0);
    setFlipped(mode === "engine" && turn === ORANGE);
    if (mode === "analyse") {
      // On from the new game's first position (turned on now, it would analyse the old one).
      session.assistance.analysis.on = true;
      $("analyse-button").setAttribute("aria-pressed", "true");
    }
    await newGame({ rules, start, players: playersFor(mode === "engine" ? turn : null) });
  },
});
$("editor-button").addEventListener("click", () => session.assistance.stopAnalysis());

setupNewGameDialog(engine, async (choice) => {
  const { rules, start, players, flipped, level, timeMs, clock, correspondence, live, ...rest } = choice;
  if (live) { await livePage.host({ rules, start, clock, side: live }); return; }
  Object.assign(settings, rest, { level, timeMs });
  session.strength = { level, timeMs };
  setFlipped(flipped);
  await newGame({ rules, start, players, clock, correspondence });
}, () => session.stopSearches(), () => Boolean(session.state && !session.over && session.state.moves.length));

/** Start a game (the one replaced is kept, with who played it).
 *  @param {{rules: string, start: string, players: import("./session.js").Players,
 *    clock?: ?{initial: number, increment: number}, correspondence?: boolean,
 *    live?: ?{id: string, side: string, host: boolean}}} options */
async function newGame({ rules, start, players, clock = null, correspondence = false, live = null }) {
  const reply = await switchGame({ ...emptyGame(rules, start, { clock, correspondence, live }), players });
  if (!reply) return;
  if (!reply.ok) { if (!reply.restarted) notify(reply.error); return; }
  $("live").textContent = t("app.newGameStarted", { side: message(`side.${reply.state.turn}`) });
}

/** The recent games, once the page has its words (drawn as they come: onLanguage, below). */
function renderRecent() {
  if (hasWords()) showRecent(recentGames(storage), (game) => switchGame(game));
}

// ---- saving ------------------------------------------------------------------------------

function save() {
  // Until the engine has taken over, the game shown may be a link's, not yet checked: the saved
  // game stays as it was.
  if (session.state) settings.players = { ...session.players };
  session.clock.settle();
  const game = session.state ? session.game : saved.game || session.game;
  const recentBefore = storage.getItem(KEYS.recent);
  const problem = writeSaved(storage, {
    version: 1, game, settings, position: session.state ? session.state.position : saved.position,
  }, { mine: savedByMe });
  if (!problem) savedByMe = { ...game, moves: [...game.moves] };
  // Not saved: the game stays in this tab, and its record can be downloaded to keep it.
  if (problem && problem !== saveProblem) {
    notify(message("app.notSaved", { problem }),
           { label: message("app.downloadRecord"), action: () => $("download-record-button").click() });
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
window.addEventListener("pagehide", () => { if (session.clock.running) save(); });
document.addEventListener("visibilitychange", () => { if (document.hidden && session.clock.running) save(); });

// A new version of the app ready, the page says so; the service worker is registered a moment
// after the engine has started (or failed to): offline.js.
hearNewVersion(() => notify(message("app.newVersion"), { label: message("app.reload"), action: () => location.reload() }));
keepForOffline(engineSettled, 2000);

// Safari may clear a site's storage after weeks without a visit, unless the site is installed
// (added to the home screen) or its storage is persistent. The installed app asks for that: the
// saved game and the engine's snapshot then stay. Refused or unsupported, nothing changes (a
// cleared snapshot is a cold start; a saved game lost that way is what Recent games and records
// guard against).
if (matchMedia("(display-mode: standalone)").matches   // not a message: a media query
     && navigator.storage && navigator.storage.persist) {
  navigator.storage.persisted().then((already) => already || navigator.storage.persist()).catch(() => {});
}

/** Problems said one after another (storage.js's: each a message, a sentence of its own).
 *  @param {Message[]} problems @returns {Message} */
function oneAfterAnother(problems) {
  return problems.reduce((said, next) => message("app.andThen", { first: said, then: next }));
}

// ---- the reader's language ---------------------------------------------------------------

/** The language wanted as the page started, or chosen in the menu since (named in English if its
 *  words could not be had). */
let wanted = chooseLanguage({ asked: [linkLanguage(location.hash), linkLanguage(location.search)] });
const chooser = $("language-select");
chooser.addEventListener("change", () => { wanted = chooser.value; });
languageMenu(chooser, said);
languageStarted.then((result) => {
  wordsIn = true;
  document.documentElement.dataset.words = "in";
  render();
  said(result);
  if (saved.problems.length) notify(oneAfterAnother(saved.problems));
  if (!persistent) notify(message("app.nothingKept"));
});

/** After a language is taken: a catalogue that could not be had is said (the page speaks
 *  English meanwhile; nothing is lost). @param {{lang: string, failed: boolean}} result */
function said({ failed }) {
  if (!failed) return;
  let name = wanted;
  try { name = new Intl.DisplayNames([FALLBACK], { type: "language" }).of(wanted) || wanted; } catch { /* the code, then */ }
  notify(message("language.failed", { language: name }));
}

// Every view drawn again in the new words (i18n.js has worded the page's marked elements
// already): the board's panels and status, the recent games; the move box as wide as its example.
onLanguage(() => {
  render();
  renderRecent();
  fitExample($("move-input"));
});

/** ``input`` at least as wide as its example (placeholder) in the page's words, where the page
 *  leaves room. @param {HTMLInputElement} input */
function fitExample(input) {
  const style = getComputedStyle(input);
  const measure = /** @type {CanvasRenderingContext2D} */ (document.createElement("canvas").getContext("2d"));
  measure.font = style.font;
  const width = measure.measureText(input.placeholder).width + parseFloat(style.paddingLeft) + parseFloat(style.paddingRight)
    + parseFloat(style.borderLeftWidth) + parseFloat(style.borderRightWidth);
  input.style.minWidth = `min(100%, ${Math.ceil(width) + 1}px)`;
}
document.fonts.ready.then(() => fitExample($("move-input")));

// A header taller than its one row (a language's longer words wrap its menu): the board gives
// way by as much (css/app.css's --top-extra), so that what is under it stays in the window.
const header = /** @type {HTMLElement} */ (document.querySelector(".top"));
new ResizeObserver(() => {
  const style = getComputedStyle(header);
  const row = Math.max(...[...header.children].map((part) => /** @type {HTMLElement} */ (
    part.matches("nav") ? part.firstElementChild : part)?.offsetHeight ?? 0));
  const extra = header.offsetHeight - row - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom)
    - parseFloat(style.borderBottomWidth);
  document.documentElement.style.setProperty("--top-extra", `${Math.max(0, Math.round(extra))}px`);
}).observe(header);

// A link's lang= speaks that language for this visit (the reader's kept choice stays as it
// is): also one followed in this tab.
window.addEventListener("hashchange", () => {
  const asked = known(linkLanguage(location.hash));
  if (asked && asked !== language()) { wanted = asked; useLanguage(asked).then(said); }
});

start();
