// The panels beside the board: status, move list, clocks, captured pieces, wagers, players, the
// end of the game, comments, recent games, the engine's line and the notice bar. Views of the
// app's state (its Session and settings): they read it and draw; what a click means is the
// page's wiring (app.js), passed in as callbacks.
import { RULES, SCORES, SIDES } from "../engine-data.js";
import { drawPiece } from "./pieces.js";
import { currentTheme } from "./themes.js";
import { $ } from "./dom.js";
import { capital } from "./words.js";
import { renderCaption } from "./gallery.js";
import { parseMarkup } from "./markup.js";
import { BLACK, ORANGE, describe, numbered, opensMoveNumber, otherSide, pieceKind, pieceLetter, placementText, sideName, squareName } from "./position.js";

/**
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
  const enemy = otherSide(m.side);
  const attacker = `${sideName(m.side)}'s ${v.names[pieceKind(duel.attacker)]}`;
  const defender = `${sideName(enemy)}'s ${v.names[pieceKind(duel.defender)]}`;
  const odds = duel.odds === 50 ? "even odds" : `the attacker's chance ${duel.odds}%`;
  const dice = duel.rolls ? ` Dice: ${duel.rolls[0]} against ${duel.rolls[1]}, each added to its piece's value.` : "";
  const square = squareName(/** @type {number} */ (m.to));       // (a duel is a move by squares, not a pass)
  const winner = duel.winner === "attacker" ? `${attacker} wins and takes ${square}` : `${defender} wins; the attacker dies`;
  const text = document.createElement("span");
  text.textContent = `Duel on ${square}: ${attacker} attacks ${defender} (${odds}).${dice} ${winner}.`;
  const vs = document.createElement("span");
  vs.className = "vs";
  vs.textContent = "⚔";
  box.append(pieceIcon(duel.attacker, 36), vs, pieceIcon(duel.defender, 36), text);
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
 *  page whose engine failed to start once still said "Loading the engine…" over the failure). */
export function engineAwaited() {
  const engine = document.body.dataset.engine;
  if (engine === "failed") return "The engine is not running.";
  return engine === "restarting" ? "Restarting the engine…" : "Loading the engine…";
}

/** @param {GameView} app */
function renderStatus(app) {
  const v = app.view, status = $("status");
  status.classList.toggle("over", Boolean(v.result) && app.reviewing === null);
  if (app.reviewing !== null) {
    const m = v.moves[app.reviewing];
    status.textContent = m ? `Reviewing: after ${numbered(m)} (${sideName(m.side)})` : "Reviewing: the start position";
    return;
  }
  if (document.body.dataset.engine !== "ready") { status.textContent = engineAwaited(); return; }
  if (v.result) {
    const last = v.moves[v.moves.length - 1];
    const duel = last && last.duel ? `, after a duel on ${squareName(/** @type {number} */ (last.to))} that the ${last.duel.winner} won` : "";
    // The engine's sentence says a duel decided it; the older wording adds it.
    status.textContent = v.result.words ? v.result.words
      : `${v.result.winner ? `${sideName(v.result.winner)} wins` : "Draw"}: ${v.result.explanation}${duel}`;
    return;
  }
  if (app.pending) { status.textContent = "Playing the move…"; return; }
  if (v.full) {
    status.textContent = `This game has ${v.plies.toLocaleString("en")} plies, the most a game may have: it cannot go on.`;
    return;
  }
  const kind = app.settings.players[v.turn];
  const who = kind === "engine" ? "the engine" : kind === "friend" ? (app.friendPresent ? "your friend" : "your friend, not connected")
    : (bothHuman(app.settings) ? sideName(v.turn) : "you");
  const danger = v.threatened.length ? " — the Princess is threatened!" : "";
  const escape = v.escapes[v.turn] ? "" : " (the Princess's one escape is used)";
  status.textContent = `${sideName(v.turn)} to move (${who})${escape}${danger}`;
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
    // Smith's mark for how it ended on the board, else the result's own text ("black wins",
    // as the record and the command line write it), as a sentence begins.
    item.textContent = v.result.record || capital(v.result.text);
    item.title = v.result.words || v.result.explanation;
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
  const keyOf = (/** @type {ListedMove} */ m) => [m.number, m.side, shown(m), m.descriptive || "", m.duel ? m.duel.winner : ""].join("|");
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
    if (m.descriptive) button.title = m.descriptive;
    item.append(button);
    if (m.duel) {
      const mark = document.createElement("span");
      mark.className = "duel-mark";
      mark.textContent = m.duel.winner === "attacker" ? "duel won" : "duel lost";
      item.append(mark);
    }
    nodes.push(item);
    list.append(...nodes);
    listed.keys.push(keyOf(m));
    listed.nodes.push(nodes);
  }
  if (first > 0) list.prepend(moreButton("earlier", `↑ Earlier moves (${first.toLocaleString()})`));
  if (end < moves.length) list.append(moreButton("later", `↓ Later moves (${(moves.length - end).toLocaleString()})`));
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
    row.setAttribute("aria-label", `${sideName(side)} has lost: ${v.captured[side].map((l) => v.names[l]).join(", ") || "nothing"}`);
    row.append(`${sideName(side)} lost: `);
    for (const letter of v.captured[side]) {
      const c = pieceIcon(pieceLetter(letter, side), 24);
      c.title = v.names[letter];
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
  // What the numbers count: each piece taken is paid for at its price in the system chosen.
  $("wager").textContent = `For the pieces taken, ${sideName(BLACK)} has won ${v.wager[BLACK]}, ` +
    `${sideName(ORANGE)} ${v.wager[ORANGE]}.`;
}

/** Who plays each side (a friend on another device: whether connected), and the rules.
 *  @param {{settings: Settings, game: GameData, friendPresent?: boolean}} app */
export function renderPlayers(app) {
  const p = app.settings.players;
  const name = (/** @type {string} */ side) => p[side] === "engine" ? `engine, level ${app.settings.level}`
    : p[side] === "friend" ? `your friend (${app.friendPresent ? "connected" : "not connected"})`
    : (bothHuman(app.settings) ? "player" : "you");
  $("players").textContent = `${SIDES.map((side) => `${sideName(side)}: ${name(side)}`).join(" · ")} · ${rulesName(app.game.rules)}`;
  $("players").title = app.game.rules || "standard rules";
}

/** A rule set in a few words: a preset by its name, other rules as "custom rules" (the page
 *  puts their text on hover). @param {string} rules @returns {string} */
export function rulesName(rules) {
  const preset = Object.values(RULES.presets).find((q) => q.rules === rules);
  return preset ? preset.name : rules ? "custom rules" : "standard rules";
}

/** A depth the deadline cut short shows as such: its move beat the previous depth's best.
 *  @param {SearchInfo} info */
export function depthText(info) {
  return info.complete ? `${info.depth}` : `${info.depth} (unfinished)`;
}

/** Who stands better, and by how much, in the feathers pieces are priced in: "Black is 0.9
 *  feathers better", "Orange is winning", "Even". @param {number} forBlack a score for Black */
export function advantage(forBlack) {
  const leader = sideName(forBlack > 0 ? BLACK : ORANGE);
  if (Math.abs(forBlack) > WINNING) return `${leader} is winning`;
  const feathers = Math.abs(forBlack) / SCORES.feather;
  return feathers < 0.05 ? "Even" : `${leader} is ${feathers.toFixed(1)} feather${feathers.toFixed(1) === "1.0" ? "" : "s"} better`;
}

/** The search's best line. @param {SearchInfo} info */
export const lineText = (info) => info.pv.map((m) => m.text).join(" ");

// Scores beyond this are won or lost games (py_engine.search's WON); SCORES.feather is a
// feather (a Panthan) in the score's units.
const WINNING = SCORES.winning;

/** The recent games, each with an Open button (``onOpen(game)``).
 *  @param {import("./storage.js").RecentGame[]} games @param {(game: import("./session.js").GameWithPlayers) => unknown} onOpen */
export function renderRecent(games, onOpen) {
  const list = $("recent-list");
  list.textContent = "";
  $("recent").hidden = !games.length;
  for (const { game, saved } of games) {
    const item = document.createElement("li");
    const open = document.createElement("button");
    open.type = "button";
    open.textContent = "Open";
    open.addEventListener("click", () => onOpen(game));
    const when = saved ? new Date(saved).toLocaleString() : "";
    // (A move is each side's: the list numbers them so.)
    const moves = Math.ceil(game.moves.length / 2);
    const live = !game.live ? "" : game.resigned || game.agreed || game.flagged ? " · live with a friend, ended"
      : " · live with a friend: open it to invite them again";
    item.append(open, ` ${moves} move${moves === 1 ? "" : "s"} · ${rulesName(game.rules)}${live}${when ? ` · ${when}` : ""}`);
    item.title = game.rules || "standard rules";
    list.append(item);
  }
}

/** Show a message; with action, a button in it (e.g. to go back to the game a link replaced).
 *  @param {string} text @param {?import("./session.js").NoticeAction} [action] */
export function notify(text, action = null) {
  $("notice-text").textContent = text;
  const button = $("notice-action");
  button.hidden = !action;
  button.textContent = action ? action.label : "";
  button.onclick = action ? () => { $("notice").hidden = true; action.action(); } : null;
  $("notice").hidden = false;
}

$("notice-close").addEventListener("click", () => { $("notice").hidden = true; });

/** The analysis box: a bar (Black's share, from the score), the score in feathers from Black's
 *  side, and the best line.
 *  @param {{info?: ?import("./engine.js").SearchInfo, side?: string, text?: string}} analysis */
export function renderAnalysis({ info = null, side = BLACK, text = "" }) {
  const box = $("analysis");
  box.hidden = false;
  box.textContent = "";
  if (!info) { box.textContent = text; return; }
  const forBlack = side === BLACK ? info.score : -info.score;
  const share = Math.abs(forBlack) > WINNING ? (forBlack > 0 ? 1 : 0) : 1 / (1 + Math.exp(-forBlack / (4 * SCORES.feather)));
  const bar = document.createElement("div");
  bar.className = "eval-bar";
  bar.setAttribute("role", "img");
  const fill = document.createElement("div");
  fill.style.width = `${(share * 100).toFixed(1)}%`;
  bar.append(fill);
  const feathers = advantage(forBlack);
  bar.setAttribute("aria-label", feathers);
  const head = document.createElement("div");
  head.textContent = `Depth ${depthText(info)}: ${feathers}`;
  const line = document.createElement("div");
  line.className = "line";
  line.textContent = lineText(info);
  box.append(bar, head, line);
  box.dataset.score = String(forBlack);
}

// ---- the app's views of its session (app.js redraws them on every "change") -----------------

/**
 * @typedef {{settings: Settings, flipped: boolean, engineReady: boolean, loadingStep: string, endClosed: boolean,
 *   onReview: (ply: number) => void}} PageView   what the page adds to the session's state:
 *   its settings, the board's orientation, the engine's start, the end's card closed
 */

/** A move kept for later, as the page shows it (its squares, or the text typed).
 *  @param {import("./session.js").WaitingMove} move */
export const moveWords = (move) => (move.text !== undefined ? move.text : `${squareName(move.from)}-${squareName(move.to)}`);

/** Everything around the board that shows the session ``s`` (the board itself is app.js's).
 *  @param {Session} s @param {{board: string[]}} props the board's properties @param {PageView} page */
export function renderSession(s, props, page) {
  const { settings, flipped } = page;
  const canvas = $("board");
  canvas.dataset.position = s.shownPosition() || placementText(props.board);
  canvas.dataset.flipped = String(flipped);
  canvas.setAttribute("aria-label", `Jetan board, ${sideName(s.turn)} to move, ${sideName(flipped ? ORANGE : BLACK)} at the bottom. ` +
    "Arrow keys move across it; Enter or Space picks up a piece and puts it down.");
  $("board-pieces").textContent = `${describe(props.board, s.state ? s.state.names : undefined)}.`;
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
  if (s.phase === "thinking" && s.reviewing === null) renderAnalysis({ text: "The engine is thinking; the analysis goes on at your turn." });
  else if (a.info) renderAnalysis({ info: a.info, side: a.side });
  else renderAnalysis({ text: a.error ? `No analysis here: ${a.error}.` : "Analysing…" });
}

/** What the loading bar says: the engine's step, or, once a move waits for the engine, that it
 *  is kept — the bar sits over the status line, so this is where a person reads it.
 *  @param {Session} s @param {string} step */
export function renderLoadingText(s, step) {
  if (document.body.dataset.engine !== "loading") return;
  $("loading-text").textContent = s.waiting ? `Move ${moveWords(s.waiting)} kept until the engine is ready.` : `${step}…`;
}

// A clock shows low time (in red) under a tenth of its start, and at most this many seconds.
const LOW_TIME_S = 20;

/** A clock's time as it reads: minutes and seconds, with tenths under ten seconds. @param {number} ms */
function clockText(ms) {
  const left = Math.max(0, ms);
  if (left < 10000) return `0:0${(Math.floor(left / 100) / 10).toFixed(1)}`;
  const seconds = Math.ceil(left / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

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
    box.querySelector(".clock-side").textContent = `${sideName(side)}${s.players[side] === "engine" ? " (engine)" : ""}`;
    box.querySelector(".clock-time").textContent = clockText(left);
    box.setAttribute("aria-label", `${sideName(side)}'s clock`);
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
  if (offer) $("draw-offer-text").textContent = `${sideName(offer)} offers a draw. ${sideName(otherSide(offer))}, do you accept?`;
}

/** The end of the game: what happened, in words, and what to do next (``closed``: its card
 *  closed by the reader). @param {?import("./engine.js").Result} result @param {boolean} closed */
function renderGameOver(result, closed) {
  $("game-over").hidden = !result;
  $("game-over").toggleAttribute("data-closed", closed);
  if (result) $("game-over-text").textContent = resultWords(result);
}

/** A result as a sentence ("Orange's Princess is trapped: Black wins").
 *  @param {import("./engine.js").Result} result */
export function resultWords(result) {
  return result.words || `${result.winner ? `${sideName(result.winner)} wins` : "Drawn"}: ${result.explanation}`;
}

/** The arrows and marked squares of ``comment`` (what cannot be read is said under the
 *  comment box). @param {?{arrows?: string, marks?: string}} comment */
export function commentMarkup(comment) {
  const arrows = parseMarkup(comment ? comment.arrows : "", "arrows");
  const marks = parseMarkup(comment ? comment.marks : "", "marks");
  $("comment-problem").textContent = [arrows.problem, marks.problem].filter(Boolean).join(" ");
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
    box.textContent = (shown ? `${numbered(shown)}: ` : "") + (comment.text || "");
  } else if (s.state) {
    renderCaption({ rules: s.game.rules, canonicalRules: s.state.rules, start: s.game.start, moves: s.state.moves }, s.shownPly);
  }
  const shown = s.shownPly ? s.state?.moves[s.shownPly - 1] : null;
  $("comment-summary").textContent = shown ? `Comment on ${numbered(shown)}` : "Comment on the start";
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
  const shown = s.shownPly ? `the position after ${numbered(s.early.entries[s.shownPly - 1])}` : "the start";
  $("status").textContent = `${engineAwaited()}${plies ? ` Showing ${shown} (step through with the move list or ← →).` : ""}`;
}

/** The engine's thoughts on its move, as it thinks: ``side``'s (the side to move, whose score
 *  the search gives). @param {SearchInfo} info @param {string} side */
export function renderThinking(info, side) {
  const forBlack = side === BLACK ? info.score : -info.score;
  $("thinking-text").textContent = `Depth ${depthText(info)}: ${advantage(forBlack)} (${info.nodes.toLocaleString("en")} positions)`;
  $("thinking-line").textContent = lineText(info);
}

/** A long replay's progress, in the loading box.
 *  @param {?import("./engine.js").ReplayProgress} progress */
export function renderReplayProgress(progress) {
  if (!progress || !progress.total) return;
  $("loading").hidden = false;
  $("loading-text").textContent = `Replaying the game: ${Math.floor(100 * progress.replayed / progress.total)}%…`;
  $("loading-bar").style.width = `${Math.round(100 * progress.replayed / progress.total)}%`;
}

/** The engine's news in the loading box: its step and progress while it loads, its failure.
 *  @param {Session} s @param {string} state engine.js's onStatus state @param {string} detail
 *  @param {number} [fraction] */
export function renderEngineStatus(s, state, detail, fraction) {
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
    document.body.dataset.engineStart = detail;
  } else if (state === "error") {
    loading.hidden = false;
    $("loading-text").textContent = `The engine could not start: ${detail}. Your game is safe; try again, or reload the page.`;
  } else if (state === "restarting") {
    notify(`The engine stopped answering and is being restarted (${detail}). Your game is safe.`);
  }
}

/** Say a move played, and what it leaves, to a screen reader (the live region).
 *  @param {?MoveEntry} move the move's entry, or null (the game ended off the board)
 *  @param {State} v the state after it */
export function sayPlayed(move, v) {
  let text = move ? `${sideName(move.side)} played ${move.text}: ${move.descriptive}.` : "";
  if (v.result) text += ` ${resultWords(v.result)}.`;
  else if (v.threatened.length) text += " The Princess is threatened.";
  $("live").textContent = text;
}
