// The puzzles page: positions from the engine's own games where the side to move forces a win,
// each proved by py_engine/puzzles.py and shipped in engine-data.js (so the board paints before
// the engine loads). The solver moves on the one Session (session.js); the engine (the facade's
// "puzzle" request, through a puzzle's judge: judges.js) says whether the move is right and
// answers with the defender's move of the solution. A hint, the solution, a
// streak, a theme filter, and a puzzle of the day picked by the date, the same on every device.
// Every word is a message in the reader's language (i18n.js): a puzzle's theme is a code worded
// as "puzzle.theme.<code>", the page's own words are under "puzzles.", and the engine's verdicts
// and refusals come as messages; what the page says is kept as a message, so a switch of
// language redraws it.
import { $ } from "./dom.js";
import { MARKUP, SIDES } from "../engine-data.js";
import { PUZZLES } from "../training-data.js";
import { BoardView } from "./board.js";
import { sharedEngine } from "./engine.js";
import { languageMenu, message, onLanguage, say, startLanguage, t } from "./i18n.js";
import { puzzleJudge } from "./judges.js";
import { keepForOffline } from "./offline.js";
import { BLACK, moveSquares, readPosition } from "./position.js";
import { Session } from "./session.js";
import { openStorage } from "./storage.js";
import { currentTheme } from "./themes.js";
import { capital } from "./words.js";

const PROGRESS_KEY = "jetan.puzzles";
const DAY_MS = 24 * 60 * 60 * 1000;
const { storage } = openStorage();

/** @typedef {{id: string, position: string, rules: string, solution: string[], theme: string,
 *             length: number}} Puzzle  as py_engine/puzzles.py ships it (the theme a code) */
/** @typedef {import("./judges.js").PuzzleVerdict} PuzzleVerdict */
/** @typedef {import("./i18n.js").Message} Message */
/** @typedef {"wrongTry" | "hint" | "solution"} Spoiler   what broke a solve's clean run */

/** What this device remembers: the puzzles solved and the streak of clean solves. */
function readProgress() {
  try {
    const saved = JSON.parse(storage.getItem(PROGRESS_KEY) || "{}");
    const solved = Array.isArray(saved.solved) ? saved.solved.filter((/** @type {unknown} */ id) => typeof id === "string") : [];
    return { solved: new Set(solved), streak: Number.isInteger(saved.streak) ? saved.streak : 0 };
  } catch {
    return { solved: new Set(), streak: 0 };
  }
}

/** The puzzle of the day: the same for everybody on a given (UTC) date. @param {Date} date */
export function dailyIndex(date, count = PUZZLES.length) {
  return Math.floor(date.getTime() / DAY_MS) % count;
}

class PuzzleController {
  constructor() {
    this.engine = sharedEngine();          // the page is for playing: load the engine now
    this.session = new Session({ engine: () => this.engine });
    this.session.listen((...event) => this.heard(...event));
    this.view = new BoardView(/** @type {HTMLCanvasElement} */ ($("puzzle-board")), {
      onPress: (sq) => this.session.press(sq), onDrop: (from, to) => this.session.drop(from, to), keyboard: true,
    });
    this.view.set({ theme: currentTheme() });
    this.progress = readProgress();
    this.theme = "";
    this.index = 0;
    /** @type {import("./board.js").Mark[]} the hint's marked square */
    this.marks = [];
    /** What broke this solve's clean run (null: nothing yet). @type {?Spoiler} */
    this.spoiled = null;
    /** What the page says under the board, as a message (worded when shown), and its tone.
     *  @type {{said: ?Message, tone: string}} */
    this.notice = { said: null, tone: "" };
    this.themes = [...new Set(PUZZLES.map((p) => p.theme))].sort();
    this.listThemes();
    $("puzzle-theme").addEventListener("change", () => { this.theme = $("puzzle-theme").value; this.next(); });
    $("puzzle-next").addEventListener("click", () => this.next());
    $("puzzle-retry").addEventListener("click", () => this.open(this.index));
    $("puzzle-hint").addEventListener("click", () => this.hint());
    $("puzzle-solution").addEventListener("click", () => this.showSolution());
    $("puzzle-daily").addEventListener("click", () => this.open(dailyIndex(new Date())));
    // A puzzle's link opened here (pasted, or clicked on this page) opens it, as on a first load.
    addEventListener("hashchange", () => {
      const linked = this.linked();
      if (linked >= 0 && linked !== this.index) this.open(linked);
    });
    onLanguage(() => this.reword());
    const linked = this.linked();
    this.open(linked >= 0 ? linked : dailyIndex(new Date()));
    keepForOffline(Promise.resolve(), 3000);
  }

  /** The puzzle the page's address names (#<id>), or -1. */
  linked() {
    return PUZZLES.findIndex((p) => p.id === decodeURIComponent(location.hash.slice(1)));
  }

  get puzzle() { return /** @type {Puzzle} */ (PUZZLES[this.index]); }

  /** The judge's word on the attempt so far (null until the engine has answered): a puzzle's judge's.
   *  @returns {?PuzzleVerdict} */
  get verdict() { return this.session.state ? /** @type {PuzzleVerdict} */ (this.session.state.verdict) : null; }

  /** @param {number} index */
  open(index) {
    this.index = index;
    this.marks = [];
    this.spoiled = null;
    history.replaceState(null, "", `#${this.puzzle.id}`);
    const solver = readPosition(this.puzzle.position).side;
    this.describe();
    this.say(this.engine.ready ? null : message("puzzles.loadingEngine"));
    this.view.set({ flipped: solver !== BLACK });       // the solver at the bottom
    this.begin([]);
    this.counts();
  }

  /** The puzzle's title and what to do, in the page's language. */
  describe() {
    const p = this.puzzle, daily = this.index === dailyIndex(new Date());
    const solver = readPosition(p.position).side;
    // Titled by who wins and how; the id, small, is the puzzle's name in links and lists.
    const title = $("puzzle-title"), id = document.createElement("small");
    id.className = "puzzle-id";
    id.textContent = ` #${p.id}`;
    title.textContent = t(daily ? "puzzles.dailyToWin" : "puzzles.toWin",
                          { side: message(`side.${solver}`), theme: themeName(p.theme) });
    title.append(id);
    // (The title says who wins and how: the prompt says only what is left.)
    $("puzzle-prompt").textContent = p.rules ? t("puzzles.winInRules", { count: p.length, rules: p.rules })
      : t("puzzles.winIn", { count: p.length });
  }

  /** The theme filter's choices, in the page's language (the first, every theme, is the page's). */
  listThemes() {
    const select = /** @type {HTMLSelectElement} */ ($("puzzle-theme"));
    select.replaceChildren(select.options[0], ...this.themes.map((code) =>
      Object.assign(document.createElement("option"), { value: code, textContent: themeName(code) })));
    select.value = this.theme;
  }

  /** Everything worded again, in the language just chosen. */
  reword() {
    this.listThemes();
    this.describe();
    this.counts();
    this.showNotice();
  }

  /** Show the puzzle after ``moves`` (the solution's, from the start) and ask the engine about it
   *  (its answer brings the legal moves shown when a piece is picked up).
   *  @param {string[]} moves @returns {Promise<?import("./session.js").Reply>} */
  begin(moves) {
    const p = this.puzzle;
    this.session.show({ rules: p.rules, start: p.position, moves }, { judge: puzzleJudge(p) });
    return this.session.start({ quiet: true }).then((reply) => {
      if (!reply || reply.restarted) return null;
      if (reply.ok) this.say(null);            // "Loading the engine…" is over
      else this.say(message("puzzles.cannotOpen", { why: reply.error }), "bad");
      return reply;
    });
  }

  /** What the session says: redraw, and what the judge made of a move.
   *  @param {import("./session.js").SessionEvent} event */
  heard(...event) {
    const [type, detail] = event;
    if (type === "change") this.render();
    else if (type === "played" && detail === this.session.live.moves.at(-1)) this.solved();   // with its answer
    else if (type === "refused") this.refused(detail.reply);
    else if (type === "dropped") this.say(message("puzzles.notPlayed", { why: detail.why }), "bad");
    else if (type === "waiting" && detail) this.marks = [];
  }

  render() { this.view.set({ ...this.session.boardProps(), marks: this.marks }); }

  /** @param {Extract<import("./session.js").Reply, {ok: false}>} reply */
  refused(reply) {
    if (reply.restarted) return;
    if (reply.wrong) {
      this.spoil("wrongTry");
      this.say(message("puzzles.wrong", { move: reply.wrong }), "bad");
    } else this.say(message("puzzles.refused", { why: reply.error }), "bad");
  }

  /** A right move, answered: solved, or go on. */
  solved() {
    this.marks = [];
    const a = this.verdict;
    if (!a) return;           // a move played has the judge's word
    if (!a.solved) {
      this.say(message("puzzles.right", { move: a.played.at(-1) ?? "" }), "good");
      return;
    }
    this.progress.solved.add(this.puzzle.id);
    if (!this.spoiled) this.setStreak(this.progress.streak + 1);
    else this.save();
    const result = a.result;
    const solved = this.spoiled ? `puzzles.solvedAfter.${this.spoiled}` : "puzzles.solved";
    this.say(message(solved, result ? { result } : {}), "good");
    $("puzzle-next").focus();
    this.counts();
  }

  /** Help taken, or a wrong try: this solve no longer counts for the streak, which starts again
   *  (the first reason is the one said). @param {Spoiler} why */
  spoil(why) {
    this.spoiled ||= why;
    this.setStreak(0);
  }

  /** The piece to move next, marked. */
  hint() {
    if (this.session.over) return;
    const next = this.puzzle.solution[SIDES.length * (this.verdict ? this.verdict.mine.length : 0)];
    const squares = next && moveSquares(next);
    if (!squares) return;
    this.spoil("hint");
    this.marks = [[squares.from, MARKUP.colours[0]]];
    this.say(message("puzzles.hintShown"));
    this.render();
  }

  /** The whole solution, played through the engine. */
  async showSolution() {
    if (this.session.over) return;
    this.spoil("solution");
    const reply = await this.begin([...this.puzzle.solution]);
    const result = this.verdict?.result;
    if (reply && reply.ok) this.say(message("puzzles.solutionShown", { moves: this.puzzle.solution.join(", "), ...(result ? { result } : {}) }));
  }

  next() {
    const order = PUZZLES.map((_, i) => (this.index + 1 + i) % PUZZLES.length);
    const fits = (/** @type {number} */ i) => !this.theme || PUZZLES[i].theme === this.theme;
    const unsolved = order.find((i) => fits(i) && !this.progress.solved.has(PUZZLES[i].id));
    this.open(unsolved ?? order.find(fits) ?? 0);
  }

  /** @param {number} n */
  setStreak(n) { this.progress.streak = n; this.save(); this.counts(); }

  save() {
    const data = { solved: [...this.progress.solved], streak: this.progress.streak };
    try { storage.setItem(PROGRESS_KEY, JSON.stringify(data)); } catch { /* kept for this visit */ }
  }

  counts() {
    $("puzzle-streak").textContent = t("puzzles.streak", { count: this.progress.streak });
    $("puzzle-count").textContent = t("puzzles.solvedCount", { solved: this.progress.solved.size, count: PUZZLES.length });
  }

  /** Say ``said`` under the board (null: nothing), in a ``tone`` ("good", "bad" or none).
   *  @param {?Message} said @param {string} [tone] */
  say(said, tone = "") {
    this.notice = { said, tone };
    this.showNotice();
  }

  showNotice() {
    const box = $("puzzle-message");
    box.textContent = this.notice.said ? capital(say(this.notice.said)) : "";
    box.className = this.notice.tone;
  }
}

/** A theme's name (a puzzle's theme is a code: py_engine/puzzles.py). @param {string} code */
const themeName = (code) => t(`puzzle.theme.${code}`);

// The engine starts loading while the page's catalogue comes, not after it.
sharedEngine();
await startLanguage();
languageMenu(/** @type {HTMLSelectElement} */ ($("language")));
/** For the tests: the page's controller. */
globalThis.jetanPuzzles = new PuzzleController();
