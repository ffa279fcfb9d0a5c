// The puzzles page: positions from the engine's own games where the side to move forces a win,
// each proved by py_engine/puzzles.py and shipped in engine-data.js (so the board paints before
// the engine loads). The solver moves; the engine (the facade's "puzzle" request) says whether the
// move is right and answers with the defender's move of the solution. A hint, the solution, a
// streak, a theme filter, and a puzzle of the day picked by the date, the same on every device.
import { BoardView } from "./board.js";
import { $ } from "./dom.js";
import { MARKUP, PIECES, PUZZLES, SIDES } from "../engine-data.js";
import { sharedEngine } from "./engine.js";
import { moveSquares, placementBoard, readPosition, sideName, sideOfPiece } from "./position.js";
import { openStorage } from "./storage.js";

const PROGRESS_KEY = "jetan.puzzles";
const DAY_MS = 24 * 60 * 60 * 1000;
const { storage } = openStorage();
const NAMES = Object.fromEntries(PIECES.map((p) => [p.letter, p.name]));

/** @typedef {{id: string, position: string, rules: string, solution: string[], theme: string,
 *             length: number}} Puzzle  as py_engine/puzzles.py ships it */
/** @typedef {{position: string, played: string[], mine: string[], last: number[], wrong: string,
 *             solved: boolean, legal: Object<string, number[]>, result: string}} Attempt
 *           the facade's answer to a "puzzle" request */

/** What this device remembers: the puzzles solved and the streak of clean solves. */
function readProgress() {
  try {
    const saved = JSON.parse(storage.getItem(PROGRESS_KEY) || "{}");
    const solved = Array.isArray(saved.solved) ? saved.solved.filter((id) => typeof id === "string") : [];
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
    this.progress = readProgress();
    this.view = new BoardView(/** @type {HTMLCanvasElement} */ ($("puzzle-board")), {
      onPress: (sq) => this.press(sq),
      onDrop: (from, to) => this.move(from, to),
      keyboard: true,
      nameOf: (sq) => { const p = this.board()[sq]; return p ? `${sideName(sideOfPiece(p))} ${NAMES[p.toUpperCase()]}` : ""; },
    });
    this.engine = sharedEngine();
    this.theme = "";
    this.index = 0;
    /** @type {?Attempt} */ this.attempt = null;
    /** @type {{from: number, to: number}[]} */ this.waiting = [];
    this.asking = false;
    this.selected = null;
    this.marks = [];
    this.clean = true;                       // no mistake, hint or solution yet
    this.generation = 0;
    const themes = [...new Set(PUZZLES.map((p) => p.theme))].sort();
    $("puzzle-theme").append(...themes.map((t) => Object.assign(document.createElement("option"), { value: t, textContent: t })));
    $("puzzle-theme").addEventListener("change", () => { this.theme = $("puzzle-theme").value; this.next(); });
    $("puzzle-next").addEventListener("click", () => this.next());
    $("puzzle-retry").addEventListener("click", () => this.open(this.index));
    $("puzzle-hint").addEventListener("click", () => this.hint());
    $("puzzle-solution").addEventListener("click", () => this.showSolution());
    $("puzzle-daily").addEventListener("click", () => this.open(dailyIndex(new Date())));
    const wanted = PUZZLES.findIndex((p) => p.id === decodeURIComponent(location.hash.slice(1)));
    this.open(wanted >= 0 ? wanted : dailyIndex(new Date()));
  }

  get puzzle() { return /** @type {Puzzle} */ (PUZZLES[this.index]); }

  solver() { return readPosition(this.puzzle.position).side; }

  open(index) {
    this.index = index;
    this.attempt = null;
    this.waiting = [];
    this.selected = null;
    this.marks = [];
    this.clean = true;
    this.generation += 1;
    history.replaceState(null, "", `#${this.puzzle.id}`);
    const p = this.puzzle, daily = index === dailyIndex(new Date());
    $("puzzle-title").textContent = `${daily ? "Puzzle of the day" : "Puzzle"} ${p.id}`;
    $("puzzle-prompt").textContent = `${sideName(this.solver())} to move and win in ${p.length} move${p.length > 1 ? "s" : ""}` +
      ` (${p.theme}${p.rules ? `; rules: ${p.rules}` : ""}).`;
    this.say(this.engine.ready ? "" : "Loading the engine… you can move already.");
    this.view.set({ flipped: this.solver() !== SIDES[0] });       // the solver at the bottom
    this.render();
    const generation = this.generation;
    this.engine.request("puzzle", { id: p.id, moves: [] }).then((reply) => {
      if (generation !== this.generation || this.attempt || this.asking || this.waiting.length) return;
      if (reply.ok) this.attempt = reply.puzzle;
      else this.say(`The engine could not open this puzzle: ${reply.error}.`, "bad");
      this.render();
    });
    this.counts();
  }

  board() {
    const board = placementBoard(this.attempt ? this.attempt.position : this.puzzle.position);
    for (const { from, to } of this.waiting) { board[to] = board[from]; board[from] = ""; }
    return board;
  }

  over() { return Boolean(this.attempt && this.attempt.solved); }

  mine(sq) {
    const piece = this.board()[sq];
    return Boolean(piece) && sideOfPiece(piece) === this.solver() && !this.over();
  }

  render() {
    const a = this.attempt;
    const dests = this.selected !== null && a && !this.waiting.length ? (a.legal[String(this.selected)] || []).map((to) => ({ to })) : [];
    this.view.set({ board: this.board(), selected: this.selected, dests, marks: this.marks,
                    lastMove: a && a.last.length ? a.last : null, draggable: (sq) => this.mine(sq) });
  }

  press(sq) {
    if (this.over()) return;
    if (this.selected === null || this.mine(sq)) {
      this.selected = this.mine(sq) ? sq : null;
      this.render();
      return;
    }
    this.move(this.selected, sq);
  }

  move(from, to) {
    if (this.over() || from === to) return;
    this.selected = null;
    this.marks = [];
    this.waiting.push({ from, to });
    this.render();
    this.ask();
  }

  ask() {
    if (this.asking || !this.waiting.length) return;
    this.asking = true;
    const generation = this.generation, move = this.waiting[0];
    const mine = this.attempt ? this.attempt.mine : [];
    this.engine.request("puzzle", { id: this.puzzle.id, moves: mine, move }).then((reply) => {
      this.asking = false;
      if (generation !== this.generation) { this.ask(); return; }
      this.waiting.shift();
      if (!reply.ok) {
        this.waiting = [];
        this.say(`${reply.error.charAt(0).toUpperCase()}${reply.error.slice(1)}.`, "bad");
      } else if (reply.puzzle.wrong) {
        this.waiting = [];
        this.clean = false;
        this.setStreak(0);
        this.say(`${reply.puzzle.wrong} is not the move. Try another.`, "bad");
      } else {
        this.attempt = reply.puzzle;
        this.judged();
      }
      this.render();
      this.ask();
    });
  }

  judged() {
    const a = /** @type {Attempt} */ (this.attempt);
    if (!a.solved) { this.say(`Right: ${a.played.at(-1)} is the answer. Go on.`, "good"); return; }
    this.progress.solved.add(this.puzzle.id);
    if (this.clean) this.setStreak(this.progress.streak + 1);
    else this.save();
    this.say(`Solved: ${a.result}.${this.clean ? "" : " (With help: the streak starts again.)"}`, "good");
    $("puzzle-next").focus();
    this.counts();
  }

  /** The piece to move next, marked. */
  hint() {
    if (this.over()) return;
    const next = this.puzzle.solution[2 * (this.attempt ? this.attempt.mine.length : 0)];
    const squares = next && moveSquares(next);
    if (!squares) return;
    this.clean = false;
    this.marks = [[squares.from, MARKUP.colours[0]]];
    this.say("The piece to move is marked.");
    this.render();
  }

  /** The rest of the solution, played through the engine. */
  showSolution() {
    if (this.over() || this.asking) return;
    this.clean = false;
    this.setStreak(0);
    const moves = this.puzzle.solution.filter((_, i) => i % 2 === 0);
    const generation = this.generation;
    this.asking = true;
    this.engine.request("puzzle", { id: this.puzzle.id, moves }).then((reply) => {
      this.asking = false;
      if (generation !== this.generation || !reply.ok) return;
      this.attempt = reply.puzzle;
      this.say(`The solution: ${this.puzzle.solution.join(", ")}. ${reply.puzzle.result}.`);
      this.render();
    });
  }

  next() {
    const order = PUZZLES.map((_, i) => (this.index + 1 + i) % PUZZLES.length);
    const fits = (i) => !this.theme || PUZZLES[i].theme === this.theme;
    const unsolved = order.find((i) => fits(i) && !this.progress.solved.has(PUZZLES[i].id));
    this.open(unsolved ?? order.find(fits) ?? 0);
  }

  setStreak(n) { this.progress.streak = n; this.save(); this.counts(); }

  save() {
    const data = { solved: [...this.progress.solved], streak: this.progress.streak };
    try { storage.setItem(PROGRESS_KEY, JSON.stringify(data)); } catch { /* kept for this visit */ }
  }

  counts() {
    $("puzzle-streak").textContent = `Streak: ${this.progress.streak}`;
    $("puzzle-count").textContent = `${this.progress.solved.size} of ${PUZZLES.length} solved.`;
  }

  say(text, tone = "") {
    const box = $("puzzle-message");
    box.textContent = text;
    box.className = tone;
  }
}

/** For the tests: the page's controller. */
globalThis.jetanPuzzles = new PuzzleController();
