// The panels beside the board: status, move list, clocks, captured pieces, wagers, players, the
// end of the game, comments, recent games, the engine's line and the notice bar. Views of the
// app's state (its Session and settings): they read it and draw; what a click means is the
// page's wiring (app.js), passed in as callbacks.
//
// Every word is a message (i18n.js), worded as a view draws; what the views show is kept as
// messages or as the state they are drawn from, never as sentences, and each view draws itself
// again in a language the reader switches to (onLanguage, below).
import { RULES, SCORES, SIDES } from "../engine-data.js";
import { drawPiece } from "./pieces.js";
import { currentTheme } from "./themes.js";
import { $ } from "./dom.js";
import { capital } from "./words.js";
import { renderCaption } from "./gallery.js";
import { parseMarkup } from "./markup.js";
import { clockText } from "./clock.js";
import { hasWords, language, list, message, number, onLanguage, say, t } from "./i18n.js";
import { BLACK, ORANGE, describe, numbered, opensMoveNumber, otherSide, pieceKind, pieceLetter, pieceMessage, pieceName,
         placementText, sideMessage, sideName, squareName } from "./position.js";

/**
 * @typedef {import("./i18n.js").Message} Message
 * @typedef {import("./i18n.js").MessageArg} MessageArg
 * @typedef {import("./engine.js").State} State
 * @typedef {import("./engine.js").SearchInfo} SearchInfo
 * @typedef {import("./engine.js").MoveEntry} MoveEntry
 * @typedef {import("./session.js").Session} Session
 * @typedef {import("./session.js").GameData} GameData
 * @typedef {import("./storage.js").Settings} Settings
 * @typedef {{view: State, reviewing: ?number, pending: boolean, settings: Settings, game: GameData,
 *   shown: Session["shown"], friendPresent?: boolean}} GameView   what the game's panels show: the engine's state, the move
 *   reviewed (its index in the state's moves; null: the live position), whether a move is on its
 *   way, the page's settings (with who plays), the game, and the session's captured pieces and
 *   wagers at the ply reviewed
 * @typedef {import("./position.js").ReplayEntry & Partial<Pick<MoveEntry, "technical" | "descriptive" | "duel">>} ListedMove
 *   a move as the move list shows it: as the engine describes it, or, before the engine has
 *   answered, as the page read it from a link or the saved game (its number, side and text)
 */

/** Does nobody play against the engine? @param {{players: import("./session.js").Players}} settings */
export function bothHuman(settings) {
  return SIDES.every((side) => settings.players[side] === "human");
}

/** How each view drawn from state draws itself again, from what it last drew: in the language
 *  the reader switches to (the page is not reloaded, nor the engine). @type {Map<string, () => void>} */
const redraws = new Map();
onLanguage(() => { for (const redraw of redraws.values()) redraw(); });

/** Words that may come as a message or, from a part of the page not yet speaking in messages,
 *  as text already worded. @param {MessageArg} said @returns {string} */
const spoken = (said) => (typeof said === "object" ? say(said) : String(said));

/** Every panel that shows the game, from the app's state (``onReview(i)``: a move clicked).
 *  @param {GameView} app @param {{onReview: (i: number) => void}} handlers */
export function renderPanels(app, { onReview }) {
  renderStatus(app);
  renderMoves(app, onReview);
  // While a move is reviewed, the captured pieces and the wagers are those of that moment (once
  // the engine has said them).
  const shown = app.reviewing !== null && app.shown && app.shown.ply === app.reviewing + 1 ? app.shown : null;
  renderCaptured({ ...app.view, ...(shown ? { captured: shown.captured } : {}) });
  renderWager({ ...app, view: { ...app.view, ...(shown ? { wager: shown.wager } : {}) } });
  renderPlayers(app);
  renderDuel(app);
}

/** The duel of the move shown, if it was one: the two pieces, the odds, the dice, the winner.
 *  @param {GameView} app */
function renderDuel(app) {
  const v = app.view, box = $("duel");
  const index = app.reviewing === null ? v.moves.length - 1 : app.reviewing;
  const m = v.moves[index];
  const duel = m && m.duel;
  box.hidden = !duel;
  box.textContent = "";
  if (!duel) return;
  const text = document.createElement("span");
  text.textContent = duelWords(m, duel, v.names);
  const vs = document.createElement("span");
  vs.className = "vs";
  vs.textContent = "⚔";
  box.append(pieceIcon(duel.attacker, 36), vs, pieceIcon(duel.defender, 36), text);
}

/** A duel in words: the square, the two pieces, the odds, the dice (under duel=dice), the winner.
 *  @param {MoveEntry} m the move @param {import("./engine.js").Duel} duel its duel
 *  @param {State["names"]} names the rule set's piece names @returns {string} */
export function duelWords(m, duel, names) {
  const piece = (/** @type {string} */ side, /** @type {string} */ letter) =>
    message("panel.duel.piece", { side: sideMessage(side), piece: pieceMessage(names[pieceKind(letter)]) });
  const attacker = piece(m.side, duel.attacker), defender = piece(otherSide(m.side), duel.defender);
  const square = squareName(/** @type {number} */ (m.to));       // (a duel is a move by squares, not a pass)
  const odds = duel.odds === 50 ? message("panel.duel.evenOdds")
    : message("panel.duel.odds", { percent: number(duel.odds / 100, { style: "percent" }) });
  const sentences = [t("panel.duel.attack", { square, attacker, defender, odds })];
  if (duel.rolls) sentences.push(t("panel.duel.dice", { attacker: duel.rolls[0], defender: duel.rolls[1] }));
  sentences.push(duel.winner === "attacker" ? t("panel.duel.attackerWins", { attacker, square })
    : t("panel.duel.defenderWins", { defender }));
  return sentences.join(" ");
}

/** A piece drawn on a canvas of its own, ``size`` pixels wide. @param {string} letter @param {number} size */
function pieceIcon(letter, size) {
  const c = document.createElement("canvas");
  const dpr = window.devicePixelRatio || 1;
  c.width = c.height = size * dpr;
  const ctx = /** @type {CanvasRenderingContext2D} */ (c.getContext("2d"));
  ctx.scale(dpr, dpr);
  drawPiece(ctx, letter, size / 2, size / 2, size - 2, currentTheme());
  return c;
}

/** The status line's words while the engine cannot answer: loading, restarting, or failed (a
 *  page whose engine failed to start once still said "Loading the engine…" over the failure).
 *  @returns {Message} */
export function engineAwaited() {
  const engine = document.body.dataset.engine;
  if (engine === "failed") return message("panel.engine.notRunning");
  return message(engine === "restarting" ? "panel.engine.restarting" : "common.loadingEngine");
}

/** @param {GameView} app */
function renderStatus(app) {
  const v = app.view, status = $("status");
  status.classList.toggle("over", Boolean(v.result) && app.reviewing === null);
  status.textContent = spoken(statusMessage(app, document.body.dataset.engine === "ready" ? null : engineAwaited()));
}

/**
 * What the status line says: the move reviewed, the engine awaited (``awaited``: its words, or
 * null when it is ready), the result, the move on its way, a game at its length's limit, or who
 * is to move (with the Princess's escape used and her danger).
 * @param {GameView} app @param {?Message} awaited @returns {MessageArg}
 */
export function statusMessage(app, awaited) {
  const v = app.view;
  if (app.reviewing !== null) {
    const m = v.moves[app.reviewing];
    return m ? message("panel.status.reviewing", { move: numbered(m), side: sideMessage(m.side) })
      : message("panel.status.reviewingStart");
  }
  if (awaited) return awaited;
  if (v.result) return resultMessage(v.result);
  if (app.pending) return message("panel.status.playing");
  if (v.full) return message("panel.status.full", { count: v.plies });
  const kind = app.settings.players[v.turn];
  const who = kind === "engine" ? message("panel.who.engine")
    : kind === "friend" ? message(app.friendPresent ? "panel.who.friend" : "panel.who.friendAway")
      : bothHuman(app.settings) ? sideMessage(v.turn) : message("panel.who.you");
  const key = v.threatened.length ? (v.escapes[v.turn] ? "panel.status.toMoveThreatened" : "panel.status.toMoveThreatenedNoEscape")
    : v.escapes[v.turn] ? "panel.status.toMove" : "panel.status.toMoveNoEscape";
  return message(key, { side: sideMessage(v.turn), who });
}

/** @param {GameView} app @param {(i: number) => void} onReview */
function renderMoves(app, onReview) {
  const v = app.view;
  const toTheEnd = renderMoveList(v.moves, app.reviewing === null ? v.moves.length - 1 : app.reviewing,
                                  app.settings.notation, onReview);
  // The result closes the list, as the record writes it.
  const list = $("moves");
  for (const old of list.querySelectorAll("li.result")) old.remove();
  if (v.result && toTheEnd) {
    const item = document.createElement("li");
    item.className = "result";
    // Smith's mark for how it ended on the board (notation), else who won ("Black wins").
    item.textContent = v.result.record || say(v.result.winner ? message("panel.result.wins", { side: sideMessage(v.result.winner) })
      : message("panel.result.draw"));
    item.title = spoken(resultMessage(v.result));
    list.append(item);
  }
}

/** How many moves a press on "Earlier moves" or "Later moves" brings into the list. Laying out
 *  every entry of a 10,000-move game took WebKit 3.6 s and Chromium 1.2 s on the 2-core machine
 *  (not the entries' making: 0.1 s), the page frozen meanwhile; so a longer game's list holds a
 *  stretch of at most twice this many moves, made around the move shown (half this many before
 *  it), with those buttons at its ends (docs/benchmarks.md, "Long games"). */
const LIST_SPAN = 400;

/** What the move list shows: each move's key (what its entry says) and its nodes, so that a
 *  render rebuilds only the entries that changed — a move in a 10,000-move game redraws one —,
 *  the stretch held (``first`` … ``first + keys.length``), the move shown when it was drawn, and
 *  how to draw the same list from another first move (the buttons at the stretch's ends). */
const listed = { keys: /** @type {string[]} */ ([]), nodes: /** @type {HTMLElement[][]} */ ([]), first: 0,
                 shownAt: -2, current: /** @type {?HTMLElement} */ (null), onPick: (/** @type {number} */ i) => {},
                 redraw: (/** @type {number} */ first, /** @type {?Kept} */ keep) => {} };

/** @typedef {{index: number, atTop: boolean}} Kept   a move kept in view when the stretch moves:
 *  at the top of the list (after "Later moves") or at its bottom (after "Earlier moves") */

/** The move list: ``moves`` as the engine describes them ({number, side, text, technical,
 *  descriptive, duel}; before the engine has answered, as the page read them from a link or the
 *  saved game: number, side and text), ``current`` the index of the move shown (-1: the start),
 *  ``onPick(i)`` when one is pressed. Returns whether the list reaches the game's last move.
 *  @param {ListedMove[]} moves @param {number} current @param {string} style the notation
 *  @param {(i: number) => void} onPick @returns {boolean} */
export function renderMoveList(moves, current, style, onPick) {
  const list = $("moves");
  let first = listed.first;
  const outside = current >= 0 ? current < first || current >= stretchEnd(moves, first) : first > 0;
  if (moves.length <= 2 * LIST_SPAN) first = 0;
  else if (first >= moves.length || (current !== listed.shownAt && outside)) first = Math.max(0, current - LIST_SPAN / 2);
  return drawStretch(list, moves, current, style, onPick, first, null);
}

/** Where a stretch from ``first`` ends: twice LIST_SPAN moves on, or at the game's end.
 *  @param {ListedMove[]} moves @param {number} first */
const stretchEnd = (moves, first) => Math.min(moves.length, first + 2 * LIST_SPAN);

/** The list holding ``moves[first]`` … (see renderMoveList), ``keep`` a move kept in view.
 *  @param {HTMLElement} list @param {ListedMove[]} moves @param {number} current @param {string} style
 *  @param {(i: number) => void} onPick @param {number} first @param {?Kept} keep @returns {boolean} */
function drawStretch(list, moves, current, style, onPick, first, keep) {
  // A row begins with the move that opens a number (Black's), its number in the first column (as
  // the list's grid lays out).
  if (first > 0 && !opensMoveNumber(moves[first].side)) first -= 1;
  const end = stretchEnd(moves, first);
  listed.redraw = (from, kept) => drawStretch(list, moves, current, style, onPick, from, kept);
  if (!list.dataset.wired) {
    list.dataset.wired = "true";
    list.addEventListener("click", (e) => {
      const target = /** @type {HTMLElement} */ (e.target);
      const more = /** @type {?HTMLElement} */ (target.closest("button[data-more]"));
      if (more) {
        const edge = more.dataset.more === "earlier" ? listed.first : listed.first + listed.keys.length - 1;
        listed.redraw(Math.max(0, listed.first + (more.dataset.more === "earlier" ? -LIST_SPAN : LIST_SPAN)),
                      { index: edge, atTop: more.dataset.more === "later" });
        return;
      }
      const button = target.closest("button[data-index]");
      if (button) listed.onPick(Number(/** @type {HTMLElement} */ (button).dataset.index));
    });
  }
  listed.onPick = onPick;
  for (const old of list.querySelectorAll("li.more")) old.remove();
  const shown = (/** @type {ListedMove} */ m) => (style === "technical" && m.technical ? m.technical : m.text);
  // (An entry's words are in the page's language: another language makes each anew.)
  const lang = language();
  const keyOf = (/** @type {ListedMove} */ m) => [m.number, m.side, shown(m), descriptive(m), m.duel ? m.duel.winner : "", lang].join("|");
  let same = 0;
  if (first === listed.first) {
    const most = Math.min(end - first, listed.keys.length);
    while (same < most && listed.keys[same] === keyOf(moves[first + same])) same += 1;
  }
  for (const nodes of listed.nodes.splice(same)) for (const node of nodes) node.remove();
  listed.keys.length = same;
  listed.first = first;
  for (let i = first + same; i < end; i++) {
    const m = moves[i];
    const nodes = [];
    if (opensMoveNumber(m.side) || i === first) {
      const num = document.createElement("li");
      num.className = "num";
      num.textContent = `${m.number}.`;
      nodes.push(num);
      if (!opensMoveNumber(m.side)) nodes.push(cell("…"));
    }
    const item = document.createElement("li");
    const button = document.createElement("button");
    button.type = "button";
    button.dataset.index = String(i);
    button.textContent = shown(m);
    if (m.descriptive) button.title = descriptive(m);
    item.append(button);
    if (m.duel) {
      const mark = document.createElement("span");
      mark.className = "duel-mark";
      mark.textContent = t(m.duel.winner === "attacker" ? "panel.moves.duelWon" : "panel.moves.duelLost");
      item.append(mark);
    }
    nodes.push(item);
    list.append(...nodes);
    listed.keys.push(keyOf(m));
    listed.nodes.push(nodes);
  }
  if (first > 0) list.prepend(moreButton("earlier", t("panel.moves.earlier", { moves: first })));
  if (end < moves.length) list.append(moreButton("later", t("panel.moves.later", { moves: moves.length - end })));
  if (listed.current) listed.current.className = "";
  listed.current = current >= first && current < end
    ? /** @type {HTMLElement} */ (listed.nodes[current - first][listed.nodes[current - first].length - 1].firstChild) : null;
  if (listed.current) listed.current.className = "current";
  // Scroll the list only, never the page (scrollIntoView would move the whole page on a phone):
  // to the move shown when it changed or its entries were made anew (not while a person scrolls
  // the list and the engine's news draws it again), or to the move last seen at the edge of the
  // stretch a press moved.
  const moved = current !== listed.shownAt || same === 0;
  listed.shownAt = current;
  const inView = keep ? /** @type {?HTMLElement} */ (list.querySelector(`button[data-index="${keep.index}"]`))
    : moved ? listed.current : null;
  if (moved && !keep && current < 0) list.scrollTop = 0;
  if (inView) {
    const top = inView.offsetTop - list.offsetTop;
    if (keep) list.scrollTop = keep.atTop ? top - inView.offsetHeight : top - list.clientHeight + 2 * inView.offsetHeight;
    else if (top < list.scrollTop || top + inView.offsetHeight > list.scrollTop + list.clientHeight) {
      list.scrollTop = top - list.clientHeight / 2;
    }
  }
  return end === moves.length;
}

/** A move's description in words (the engine's: a message, or words it has written), or "".
 *  @param {ListedMove} m */
const descriptive = (m) => (m.descriptive ? spoken(m.descriptive) : "");

/** A list entry across the whole row holding a button that shows the moves before or after.
 *  @param {string} which "earlier" or "later" @param {string} text */
function moreButton(which, text) {
  const item = document.createElement("li");
  item.className = "more";
  const button = document.createElement("button");
  button.type = "button";
  button.dataset.more = which;
  button.textContent = text;
  item.append(button);
  return item;
}

/** @param {string} text */
function cell(text) {
  const li = document.createElement("li");
  li.textContent = text;
  return li;
}

/** @param {{captured: State["captured"], names: State["names"]}} v */
function renderCaptured(v) {
  const box = $("captured");
  box.textContent = "";
  for (const side of SIDES) {
    const row = document.createElement("div");
    row.className = "row";
    // One picture of the pieces lost, named in words (a label on a plain box is not read).
    row.setAttribute("role", "img");
    const lost = v.captured[side].map((l) => pieceName(v.names[l]));
    row.setAttribute("aria-label", t("panel.captured.label", { side: sideMessage(side),
                                                                pieces: lost.length ? list(lost) : t("panel.captured.nothing") }));
    row.append(`${t("panel.captured.lost", { side: sideMessage(side) })} `);
    for (const letter of v.captured[side]) {
      const c = pieceIcon(pieceLetter(letter, side), 24);
      c.title = pieceName(v.names[letter]);
      row.append(c);
    }
    box.append(row);
  }
}

/** The scoring systems to choose from (the build's list), ``system`` chosen: shown before the
 *  engine has answered too, not an empty list. @param {string} system */
export function renderScoringChoice(system) {
  const select = $("scoring-select");
  if (!select.options.length) {
    // Each system is named for who wrote it ("cazaux-knowlton": Cazaux–Knowlton).
    for (const name of RULES.scoring) select.append(new Option(name.split("-").map(capital).join("–"), name));
  }
  select.value = system;
}

/** @param {GameView} app */
function renderWager(app) {
  const v = app.view;
  renderScoringChoice(v.wager.system);
  $("wager").textContent = say(wagerMessage(v.wager));
}

/** The wager line: what each side has won for the pieces it took, each paid for at its price in
 *  the system chosen. @param {State["wager"]} wager @returns {Message} */
export function wagerMessage(wager) {
  const [first, second] = SIDES;
  return message("panel.wager", { first: sideMessage(first), firstWon: wager[first], second: sideMessage(second),
                                  secondWon: wager[second] });
}

/** Who plays each side (a friend on another device: whether connected), and the rules.
 *  @param {{settings: Settings, game: GameData, friendPresent?: boolean}} app */
export function renderPlayers(app) {
  const p = app.settings.players;
  const who = (/** @type {string} */ side) => p[side] === "engine" ? message("panel.players.engine", { level: app.settings.level })
    : p[side] === "friend" ? message(app.friendPresent ? "panel.players.friend" : "panel.players.friendAway")
      : message(bothHuman(app.settings) ? "panel.players.player" : "panel.players.you");
  const sides = SIDES.map((side) => t("panel.players.side", { side: sideMessage(side), who: who(side) }));
  $("players").textContent = [...sides, rulesName(app.game.rules)].join(" · ");
  $("players").title = app.game.rules || t("panel.rules.standard");
}

/** A rule set in a few words: a preset by its name, other rules as "custom rules" (the page
 *  puts their text on hover). @param {string} rules @returns {string} */
export function rulesName(rules) {
  const preset = Object.entries(RULES.presets).find(([, q]) => q.rules === rules);
  return preset ? presetName(preset[0]) : t(rules ? "panel.rules.custom" : "panel.rules.standard");
}

/** A preset rule set's name ("Standard (Ekman)"), by its id in RULES.presets (the engine's
 *  message). @param {string} id @returns {string} */
export function presetName(id) {
  return say(/** @type {Object<string, {name: Message}>} */ (/** @type {unknown} */ (RULES.presets))[id].name);
}

/** A search's depth and who stands better there ("Depth 5: Black is 0.9 feathers better"); a
 *  depth the deadline cut short shows as such (its move beat the previous depth's best).
 *  @param {SearchInfo} info @param {number} forBlack the score for Black @returns {Message} */
export function depthMessage(info, forBlack) {
  return message(info.complete ? "panel.analysis.depth" : "panel.analysis.depthUnfinished",
                 { depth: info.depth, advantage: advantage(forBlack) });
}

/** Who stands better, and by how much, in the feathers pieces are priced in: "Black is 0.9
 *  feathers better", "Orange is winning", "Even". @param {number} forBlack a score for Black
 *  @returns {Message} */
export function advantage(forBlack) {
  const leader = sideMessage(forBlack > 0 ? BLACK : ORANGE);
  if (Math.abs(forBlack) > WINNING) return message("panel.analysis.winning", { side: leader });
  const exact = Math.abs(forBlack) / SCORES.feather;
  // (As written, to a tenth; the plural form follows it: "1.0 feather", "0.9 feathers".)
  const feathers = Math.round(10 * exact) / 10;
  return exact < 0.05 ? message("panel.analysis.even")
    : message("panel.analysis.better", { side: leader, count: feathers,
                                         feathers: number(feathers, { minimumFractionDigits: 1, maximumFractionDigits: 1 }) });
}

/** The search's best line. @param {SearchInfo} info */
export const lineText = (info) => info.pv.map((m) => m.text).join(" ");

// Scores beyond this are won or lost games (py_engine.search's WON); SCORES.feather is a
// feather (a Panthan) in the score's units.
const WINNING = SCORES.winning;

/** The recent games, each with an Open button (``onOpen(game)``).
 *  @param {import("./storage.js").RecentGame[]} games @param {(game: import("./session.js").GameWithPlayers) => unknown} onOpen */
export function renderRecent(games, onOpen) {
  redraws.set("recent", () => renderRecent(games, onOpen));
  const list = $("recent-list");
  list.textContent = "";
  $("recent").hidden = !games.length;
  for (const { game, saved } of games) {
    const item = document.createElement("li");
    const open = document.createElement("button");
    open.type = "button";
    open.textContent = t("panel.recent.open");
    open.addEventListener("click", () => onOpen(game));
    // (A move is each side's: the list numbers them so.)
    const parts = [t("panel.recent.moves", { count: Math.ceil(game.moves.length / 2) }), rulesName(game.rules)];
    if (game.live) parts.push(t(game.resigned || game.agreed || game.flagged ? "panel.recent.liveEnded" : "panel.recent.liveOpen"));
    if (saved) parts.push(new Date(saved).toLocaleString(language()));
    item.append(open, ` ${parts.join(" · ")}`);
    item.title = game.rules || t("panel.rules.standard");
    list.append(item);
  }
}

/** The notice shown: what it says and its button, if any (null: none yet). Kept as messages, so
 *  that it is said again in a language the reader switches to.
 *  @type {?{said: MessageArg, action: ?import("./session.js").NoticeAction}} */
let notice = null;

/** A notice given before the page's catalogue came (a link opened as the page starts) shows
 *  once its words are in, never as its key. */
let waitsForWords = false;

/**
 * Show a notice; with action, a button in it (e.g. to go back to the game a link replaced).
 * ``said`` is a message (a text already worded is taken as it is, from the parts of the page not
 * yet speaking in messages: it stays in the language it came in); so is the action's label.
 * @param {MessageArg} said @param {?import("./session.js").NoticeAction} [action]
 */
export function notify(said, action = null) {
  notice = { said, action };
  waitsForWords = !hasWords();
  drawNotice();
  $("notice").hidden = waitsForWords;
}

function drawNotice() {
  if (!notice) return;
  if (waitsForWords && hasWords()) {
    waitsForWords = false;
    $("notice").hidden = false;
  }
  const { said, action } = notice;
  $("notice-text").textContent = spoken(said);
  const button = $("notice-action");
  button.hidden = !action;
  button.textContent = action ? spoken(action.label) : "";
  button.onclick = action ? () => { $("notice").hidden = true; action.action(); } : null;
}
redraws.set("notice", drawNotice);

$("notice-close").addEventListener("click", () => { $("notice").hidden = true; });

/** The analysis box: a bar (Black's share, from the score), the score in feathers from Black's
 *  side, and the best line; or, without a search's news, what ``said`` says.
 *  @param {{info?: ?import("./engine.js").SearchInfo, side?: string, said?: Message}} analysis */
export function renderAnalysis({ info = null, side = BLACK, said = message("panel.analysis.analysing") }) {
  const box = $("analysis");
  box.hidden = false;
  box.textContent = "";
  if (!info) { box.textContent = say(said); return; }
  const forBlack = side === BLACK ? info.score : -info.score;
  const share = Math.abs(forBlack) > WINNING ? (forBlack > 0 ? 1 : 0) : 1 / (1 + Math.exp(-forBlack / (4 * SCORES.feather)));
  const bar = document.createElement("div");
  bar.className = "eval-bar";
  bar.setAttribute("role", "img");
  const fill = document.createElement("div");
  fill.style.width = `${(share * 100).toFixed(1)}%`;
  bar.append(fill);
  bar.setAttribute("aria-label", say(advantage(forBlack)));
  const head = document.createElement("div");
  head.textContent = say(depthMessage(info, forBlack));
  const line = document.createElement("div");
  line.className = "line";
  line.textContent = lineText(info);
  box.append(bar, head, line);
  box.dataset.score = String(forBlack);
}

// ---- the app's views of its session (app.js redraws them on every "change") -----------------

/**
 * @typedef {{settings: Settings, flipped: boolean, engineReady: boolean, loadingStep: MessageArg, endClosed: boolean,
 *   onReview: (ply: number) => void}} PageView   what the page adds to the session's state:
 *   its settings, the board's orientation, the engine's start, the end's card closed
 */

/** A move kept for later, as the page shows it (its squares, or the text typed).
 *  @param {import("./session.js").WaitingMove} move */
export const moveWords = (move) => (move.text !== undefined ? move.text : `${squareName(move.from)}-${squareName(move.to)}`);

/** Everything around the board that shows the session ``s`` (the board itself is app.js's).
 *  @param {Session} s @param {{board: string[]}} props the board's properties @param {PageView} page */
export function renderSession(s, props, page) {
  redraws.set("session", () => renderSession(s, props, page));
  const { settings, flipped } = page;
  const canvas = $("board");
  canvas.dataset.position = s.shownPosition() || placementText(props.board);
  canvas.dataset.flipped = String(flipped);
  canvas.setAttribute("aria-label", t("panel.board", { side: sideMessage(s.turn), bottom: sideMessage(flipped ? ORANGE : BLACK) }));
  $("board-pieces").textContent = t("panel.boardPieces", { pieces: describe(props.board, s.state ? s.state.names : undefined) });
  renderClocks(s, flipped);
  renderSteps(s);
  $("auto-flip").checked = settings.autoFlip;
  const twoPeople = bothHuman({ players: s.players });
  // A live game with a friend on another device: two people, with no engine to help either.
  const withFriend = Object.values(s.players).includes("friend");
  $("auto-flip").parentElement.hidden = !twoPeople;
  $("draw-button").hidden = !twoPeople && !withFriend;
  // (A live game whose friend is away can be played on here: against the engine, or by two.)
  $("take-on-button").hidden = !(twoPeople || (withFriend && !s.friendPresent)) || s.over;
  // Whether the engine plays a side (the tests and the page's own styles read it).
  document.body.dataset.vsEngine = String(!twoPeople && !withFriend);
  document.body.dataset.premove = s.waiting ? moveWords(s.waiting) : "";
  renderLoadingText(s, page.loadingStep);
  renderPlayers({ settings: { ...settings, players: s.players }, game: s.game, friendPresent: s.friendPresent });
  $("move-input").disabled = !(s.humanToMove || s.humanWaits);
  $("thinking").hidden = s.phase !== "thinking";
  if (page.engineReady) $("loading").hidden = true;
  renderComment(s);
  if (!s.state) { renderEarly(s, page.onReview); return; }
  const v = s.state;
  const app = { view: v, reviewing: s.reviewing === null ? null : s.reviewing - 1, pending: s.phase === "moving",
                settings: { ...settings, players: s.players }, game: s.game, shown: s.shown, friendPresent: s.friendPresent };
  renderPanels(app, { onReview: (i) => page.onReview(i + 1) });
  $("undo-button").disabled = !v.moves.length || Boolean(v.result) || s.phase === "thinking" || s.phase === "moving";
  $("resign-button").disabled = Boolean(v.result);
  $("draw-button").disabled = Boolean(v.result) || Boolean(s.drawOffer);
  renderDrawOffer(s.drawOffer);
  renderGameOver(v.result, page.endClosed);
  $("hint-button").disabled = !s.humanToMove || withFriend;
  $("analyse-button").disabled = withFriend && !s.over;
  $("review-note").hidden = s.reviewing === null;
  renderSessionAnalysis(s);
  // For tests and embedding pages: the state in attributes.
  Object.assign(document.body.dataset, { plies: v.moves.length, turn: v.turn,
                                         result: v.result ? v.result.text : "", pending: String(s.phase === "moving") });
}

/** The analysis box, while the analysis is on. @param {Session} s */
function renderSessionAnalysis(s) {
  const a = s.assistance.analysis;
  if (!a.on) { $("analysis").hidden = true; return; }
  // The engine's own turn: its thoughts are in the thinking box, not the analysis.
  if (s.phase === "thinking" && s.reviewing === null) renderAnalysis({ said: message("panel.analysis.enginesTurn") });
  else if (a.info) renderAnalysis({ info: a.info, side: a.side });
  else if (a.error) renderAnalysis({ said: message("panel.analysis.none", { why: a.error }) });
  else renderAnalysis({});
}

/** What the loading bar says: the engine's step ("Downloading the engine", with the ellipsis of
 *  an unfinished step added here), or, once a move waits for the engine, that it is kept — the bar
 *  sits over the status line, so this is where a person reads it.
 *  @param {Session} s @param {MessageArg} step */
export function renderLoadingText(s, step) {
  if (document.body.dataset.engine !== "loading") return;
  $("loading-text").textContent = s.waiting ? t("panel.loading.kept", { move: moveWords(s.waiting) })
    : t("panel.loading.step", { step });
}

// A clock shows low time (in red) under a tenth of its start, and at most this many seconds.
const LOW_TIME_S = 20;

/** Both clocks, the far side's above the board and the near side's below; the running one
 *  marked, and low time (under a tenth of the start, at most 20 s) in red.
 *  @param {Session} s @param {boolean} flipped Orange at the bottom */
export function renderClocks(s, flipped) {
  const clock = s.game.clock;
  const near = flipped ? ORANGE : BLACK;
  document.body.dataset.clock = String(Boolean(clock));
  for (const [id, side] of [["clock-top", otherSide(near)], ["clock-bottom", near]]) {
    const box = $(id);
    box.hidden = !clock;
    if (!clock) continue;
    const left = s.clock.timeLeft(side);
    box.querySelector(".clock-side").textContent = s.players[side] === "engine" ? t("clock.engine", { side: sideMessage(side) })
      : sideName(side);
    box.querySelector(".clock-time").textContent = clockText(left);
    box.setAttribute("aria-label", t("clock.label", { side: sideMessage(side) }));
    box.dataset.running = String(s.clock.running === side);
    box.dataset.low = String(left < Math.min(LOW_TIME_S * 1000, clock.initial / 10));
    box.dataset.flagged = String(s.game.flagged === side);
  }
}

/** The step buttons under the board, with the last moves between them (a strip, on a phone):
 *  there from the start, the buttons off until there is a move to step to, so that nothing
 *  under the board moves down at the first move. @param {Session} s */
function renderSteps(s) {
  const plies = s.plies, at = s.shownPly;
  $("step-first").disabled = $("step-prev").disabled = at === 0;
  $("step-next").disabled = $("step-last").disabled = at >= plies;
  const entries = s.state ? s.state.moves : s.early ? s.early.entries : [];
  const strip = $("move-strip");
  strip.textContent = "";
  for (let i = Math.max(0, at - 8); i < Math.min(entries.length, at + 3); i++) {
    const m = entries[i];
    const item = document.createElement("li");
    item.dataset.ply = String(i + 1);
    item.textContent = `${opensMoveNumber(m.side) || i === 0 ? `${m.number}${opensMoveNumber(m.side) ? "." : "…"} ` : ""}${m.text}`;
    if (i + 1 === at) item.className = "current";
    strip.append(item);
  }
}

/** A draw offered by one person, for the other to accept or decline. @param {?string} offer */
function renderDrawOffer(offer) {
  $("draw-offer").hidden = !offer;
  if (offer) $("draw-offer-text").textContent = t("panel.drawOffer", { side: sideMessage(offer), other: sideMessage(otherSide(offer)) });
}

/** The end of the game: what happened, in words, and what to do next (``closed``: its card
 *  closed by the reader). @param {?import("./engine.js").Result} result @param {boolean} closed */
function renderGameOver(result, closed) {
  $("game-over").hidden = !result;
  $("game-over").toggleAttribute("data-closed", closed);
  if (result) $("game-over-text").textContent = resultWords(result);
}

/** A result as a sentence ("Orange's Princess is trapped: Black wins"): the engine's message
 *  (its ``words``), else who won and the engine's explanation.
 *  @param {import("./engine.js").Result} result @returns {MessageArg} */
export function resultMessage(result) {
  if (result.words) return result.words;
  return result.winner ? message("panel.result.winsBecause", { side: sideMessage(result.winner), why: result.explanation })
    : message("panel.result.drawnBecause", { why: result.explanation });
}

/** A result in words (resultMessage). @param {import("./engine.js").Result} result */
export const resultWords = (result) => spoken(resultMessage(result));

/** The arrows and marked squares of ``comment`` (what cannot be read is said under the
 *  comment box). @param {?{arrows?: string, marks?: string}} comment */
export function commentMarkup(comment) {
  const arrows = parseMarkup(comment ? comment.arrows : "", "arrows");
  const marks = parseMarkup(comment ? comment.marks : "", "marks");
  $("comment-problem").textContent = [arrows.problem, marks.problem].flatMap((p) => (p ? [say(p)] : [])).join(" ");
  return { arrows: arrows.items, marks: marks.items };
}

/** The comment on the position shown, under the board (else a gallery game's caption), and in
 *  the comment box unless it is being edited. @param {Session} s */
function renderComment(s) {
  const comment = s.comment(s.shownPly);
  const box = $("caption");
  if (comment) {
    box.hidden = false;
    const shown = s.shownPly ? s.state?.moves[s.shownPly - 1] : null;
    box.textContent = shown ? t("panel.comment.caption", { move: numbered(shown), text: comment.text || "" }) : comment.text || "";
  } else if (s.state) {
    renderCaption({ rules: s.game.rules, canonicalRules: s.state.rules, start: s.game.start, moves: s.state.moves }, s.shownPly);
  }
  const shown = s.shownPly ? s.state?.moves[s.shownPly - 1] : null;
  $("comment-summary").textContent = shown ? t("panel.comment.onMove", { move: numbered(shown) }) : t("panel.comment.onStart");
  /** @type {Object<string, keyof import("./session.js").Comment>} each field's part of the comment */
  const fields = { "comment-text": "text", "comment-arrows": "arrows", "comment-marks": "marks" };
  for (const [id, part] of Object.entries(fields)) {
    if (document.activeElement !== $(id)) $(id).value = comment ? comment[part] || "" : "";
  }
}

/** Before the engine answers: the game replayed for display, stepped through with the move
 *  list or ←/→ (the engine takes over at the ply shown).
 *  @param {Session} s @param {(ply: number) => void} onReview */
function renderEarly(s, onReview) {
  if (!s.early) return;
  renderMoveList(s.early.entries, s.shownPly - 1, "algebraic", (i) => onReview(i + 1));
  const plies = s.early.entries.length;
  // (A move kept meanwhile is said by the loading bar, over this line: renderLoadingText.)
  const said = [say(engineAwaited())];
  if (plies) {
    said.push(s.shownPly ? t("panel.early.after", { move: numbered(s.early.entries[s.shownPly - 1]) }) : t("panel.early.start"));
  }
  $("status").textContent = said.join(" ");
}

/** The engine's thoughts on its move, as it thinks: ``side``'s (the side to move, whose score
 *  the search gives). @param {SearchInfo} info @param {string} side */
export function renderThinking(info, side) {
  redraws.set("thinking", () => renderThinking(info, side));
  const forBlack = side === BLACK ? info.score : -info.score;
  $("thinking-text").textContent = t("panel.thinking", { search: depthMessage(info, forBlack), count: info.nodes });
  $("thinking-line").textContent = lineText(info);
}

/** A long replay's progress, in the loading box.
 *  @param {?import("./engine.js").ReplayProgress} progress */
export function renderReplayProgress(progress) {
  if (!progress || !progress.total) return;
  $("loading").hidden = false;
  $("loading-text").textContent = t("panel.loading.replaying", { percent: number(Math.floor(100 * progress.replayed / progress.total) / 100,
                                                                          { style: "percent" }) });
  $("loading-bar").style.width = `${Math.round(100 * progress.replayed / progress.total)}%`;
}

/** The engine's news in the loading box: its step and progress while it loads, its failure
 *  (``detail``: the step, or why it failed, as a message or words the engine's side wrote; once
 *  ready, how it started).
 *  @param {Session} s @param {string} state engine.js's onStatus state @param {MessageArg} detail
 *  @param {number} [fraction] */
export function renderEngineStatus(s, state, detail, fraction) {
  // (Its failure stays on the page: it is said again in another language.)
  if (state === "error") redraws.set("engine", () => { $("loading-text").textContent = t("panel.engine.failed", { why: detail }); });
  else redraws.delete("engine");
  const loading = $("loading");
  loading.classList.toggle("failed", state === "error");
  $("retry-button").hidden = state !== "error";
  document.body.dataset.engine = { loading: "loading", ready: "ready", error: "failed", restarting: "restarting" }[state];
  if (state === "loading") {
    loading.hidden = false;
    renderLoadingText(s, detail);
    if (fraction !== undefined) $("loading-bar").style.width = `${Math.round(100 * fraction)}%`;
  } else if (state === "ready") {
    $("loading-bar").style.width = "100%";
    loading.hidden = true;
    document.body.dataset.engineStart = String(detail);     // (how it started: "warm", "cold")
  } else if (state === "error") {
    loading.hidden = false;
    $("loading-text").textContent = t("panel.engine.failed", { why: detail });
  } else if (state === "restarting") {
    notify(message("panel.engine.restarted", { why: detail }));
  }
}

/** Say a move played, and what it leaves, to a screen reader (the live region).
 *  @param {?MoveEntry} move the move's entry, or null (the game ended off the board)
 *  @param {State} v the state after it */
export function sayPlayed(move, v) {
  const said = [];
  if (move) said.push(t("panel.said.played", { side: sideMessage(move.side), move: move.text, description: move.descriptive }));
  if (v.result) said.push(t("panel.said.result", { result: resultMessage(v.result) }));
  else if (v.threatened.length) said.push(t("panel.said.threatened"));
  $("live").textContent = said.join(" ");
}
