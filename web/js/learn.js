// The Learn page: one lesson at a time, its tasks done by moving on a board. The lessons (texts,
// start positions, stars) come from py_engine/lessons.py through engine-data.js, so the board
// paints before the engine has loaded; whether a move is legal, what the other side answers and
// whether a task is met are the engine's (the facade's "lesson" request). Moves made while the
// engine loads are kept and sent, in order, once it can answer.
import { BoardView } from "./board.js";
import { $ } from "./dom.js";
import { LESSONS, PIECES } from "../engine-data.js";
import { sharedEngine } from "./engine.js";
import { placementBoard, readPosition, sideName, sideOfPiece } from "./position.js";
import { openStorage } from "./storage.js";

const PROGRESS_KEY = "jetan.learn";
const { storage } = openStorage();

/** @typedef {{position: string, mine: string[], last: number[], learner: string, stars: number[],
 *             done: boolean, failed: string, moves_left: number, legal: Object<string, number[]>,
 *             result: string}} Verdict  the facade's answer to a "lesson" request */

/** Lessons finished on this device (their ids), kept across visits.
 *  @returns {Set<string>} */
function readProgress() {
  try {
    const ids = JSON.parse(storage.getItem(PROGRESS_KEY) || "[]");
    return new Set(Array.isArray(ids) ? ids.filter((id) => typeof id === "string") : []);
  } catch {
    return new Set();
  }
}

class LessonController {
  constructor() {
    this.finished = readProgress();
    this.view = new BoardView(/** @type {HTMLCanvasElement} */ ($("lesson-board")), {
      onPress: (sq) => this.press(sq),
      onDrop: (from, to) => this.move(from, to),
      keyboard: true,
      nameOf: (sq) => pieceName(this.board()[sq]),
    });
    this.engine = sharedEngine();             // a lesson is played from the start: load it now
    this.lessonIndex = 0;
    this.taskIndex = 0;
    /** @type {?Verdict} */ this.verdict = null;
    /** @type {{from: number, to: number}[]} moves made that the engine has not judged yet */
    this.waiting = [];
    this.asking = false;
    this.selected = null;
    this.shownDests = [];
    this.generation = 0;                      // a reply for an abandoned task is dropped
    $("restart-task").addEventListener("click", () => this.open(this.lessonIndex, this.taskIndex));
    $("next-task").addEventListener("click", () => this.next());
    addEventListener("hashchange", () => this.openFromHash());
    this.list();
    this.openFromHash();
  }

  /** The lesson named in the address (#thoat, #thoat/2), or the first not yet finished. */
  openFromHash() {
    const [id, task] = decodeURIComponent(location.hash.slice(1)).split("/");
    let index = LESSONS.findIndex((l) => l.id === id);
    if (index < 0) index = Math.max(0, LESSONS.findIndex((l) => !this.finished.has(l.id)));
    const t = Math.min(Math.max(0, (parseInt(task, 10) || 1) - 1), LESSONS[index].tasks.length - 1);
    this.open(index, t);
  }

  open(lessonIndex, taskIndex) {
    this.lessonIndex = lessonIndex;
    this.taskIndex = taskIndex;
    this.verdict = null;
    this.waiting = [];
    this.selected = null;
    this.shownDests = [];
    this.generation += 1;
    const lesson = LESSONS[lessonIndex];
    $("lesson-title").textContent = lesson.title;
    $("lesson-text").textContent = lesson.text;
    this.say("");
    this.list();
    this.render();
    if (!this.engine.ready && !this.engine.failed) this.say("Loading the engine… you can move already.");
    // The task as it starts, judged: the learner's legal moves, to show when a piece is picked up.
    const generation = this.generation;
    this.engine.request("lesson", { lesson: lesson.id, task: taskIndex, moves: [] }).then((reply) => {
      if (generation !== this.generation || this.verdict || this.asking || this.waiting.length) return;
      if (reply.ok) this.verdict = reply.lesson;
      else this.say(`The engine could not open this lesson: ${reply.error}.`, "bad");
      this.render();
    });
  }

  get task() { return LESSONS[this.lessonIndex].tasks[this.taskIndex]; }

  /** The position shown: the engine's last word, with the moves it has not judged yet played
   *  on top (so nothing the learner did is lost while it loads). */
  board() {
    const board = placementBoard(this.verdict ? this.verdict.position : this.task.start);
    for (const { from, to } of this.waiting) { board[to] = board[from]; board[from] = ""; }
    return board;
  }

  learner() {
    return this.verdict ? this.verdict.learner : readPosition(this.task.start).side;
  }

  render() {
    const task = this.task, v = this.verdict;
    const count = LESSONS[this.lessonIndex].tasks.length;
    const limit = task.most ? ` (in ${task.most} move${task.most > 1 ? "s" : ""})` : "";
    $("task-prompt").textContent = `${count > 1 ? `Task ${this.taskIndex + 1} of ${count}: ` : ""}${task.prompt}${limit}`;
    const stars = (v ? v.stars : task.stars).filter((sq) => !this.waiting.some((m) => m.to === sq));
    this.view.set({
      board: this.board(), stars, selected: this.selected, dests: this.shownDests,
      lastMove: v && v.last.length ? v.last : null,
      draggable: (sq) => this.mine(sq),
    });
    $("next-task").textContent = this.taskIndex + 1 < count ? "Next task" : "Next lesson";
  }

  mine(sq) {
    const piece = this.board()[sq];
    return Boolean(piece) && sideOfPiece(piece) === this.learner() && !this.over();
  }

  over() { return Boolean(this.verdict && (this.verdict.done || this.verdict.failed)); }

  press(sq) {
    if (this.over()) return;
    if (this.selected === null || this.mine(sq)) {
      this.selected = this.mine(sq) ? sq : null;
      this.shownDests = this.selected !== null && this.verdict && !this.waiting.length
        ? (this.verdict.legal[String(sq)] || []).map((to) => ({ to })) : [];
      this.render();
      return;
    }
    this.move(this.selected, sq);
  }

  move(from, to) {
    if (this.over() || from === to) return;
    this.selected = null;
    this.shownDests = [];
    this.waiting.push({ from, to });
    this.render();
    this.ask();
  }

  /** Send the oldest move not yet judged; one request at a time, so each carries the last answer. */
  ask() {
    if (this.asking || !this.waiting.length) return;
    this.asking = true;
    const generation = this.generation;
    const move = this.waiting[0];
    const { id } = LESSONS[this.lessonIndex];
    const mine = this.verdict ? this.verdict.mine : [];
    this.engine.request("lesson", { lesson: id, task: this.taskIndex, moves: mine, move }).then((reply) => {
      this.asking = false;
      if (generation !== this.generation) { this.ask(); return; }
      this.waiting.shift();
      if (reply.ok) {
        this.verdict = reply.lesson;
        this.judged();
      } else {
        // A refused move explains itself, with where that piece can go: the engine's own moves.
        this.waiting = [];
        const dests = this.verdict ? this.verdict.legal[String(move.from)] || [] : [];
        this.shownDests = dests.map((to) => ({ to }));
        this.selected = dests.length ? move.from : null;
        this.say(`${capital(reply.error)}.${dests.length ? " Its moves are marked." : ""}`, "bad");
      }
      this.render();
      this.ask();
    });
  }

  judged() {
    const v = /** @type {Verdict} */ (this.verdict);
    if (v.done) {
      this.say(v.result ? `Well done: ${v.result}.` : "Well done!", "good");
      if (this.taskIndex + 1 === LESSONS[this.lessonIndex].tasks.length) {
        this.finished.add(LESSONS[this.lessonIndex].id);
        try { storage.setItem(PROGRESS_KEY, JSON.stringify([...this.finished])); } catch { /* kept for this visit */ }
        this.list();
      }
      $("next-task").focus();
    } else if (v.failed) {
      this.say(`Not this time: ${v.failed}. Start again to try once more.`, "bad");
    } else {
      const left = v.moves_left ? ` ${v.moves_left} move${v.moves_left > 1 ? "s" : ""} left.` : "";
      this.say(v.stars.length ? `${v.stars.length} star${v.stars.length > 1 ? "s" : ""} to go.${left}` : left.trim());
    }
  }

  next() {
    const lesson = LESSONS[this.lessonIndex];
    const [l, t] = this.taskIndex + 1 < lesson.tasks.length ? [this.lessonIndex, this.taskIndex + 1]
      : [(this.lessonIndex + 1) % LESSONS.length, 0];
    history.replaceState(null, "", `#${LESSONS[l].id}${t ? `/${t + 1}` : ""}`);
    this.open(l, t);
  }

  list() {
    const list = $("lesson-list");
    list.replaceChildren(...LESSONS.map((lesson, i) => {
      const item = document.createElement("li");
      const button = document.createElement("button");
      button.type = "button";
      const tick = document.createElement("span");
      tick.className = "tick";
      tick.textContent = this.finished.has(lesson.id) ? "✓" : "";
      button.append(tick, lesson.title);
      button.setAttribute("aria-current", String(i === this.lessonIndex));
      if (this.finished.has(lesson.id)) button.setAttribute("aria-label", `${lesson.title} (done)`);
      button.addEventListener("click", () => {
        history.replaceState(null, "", `#${lesson.id}`);
        this.open(i, 0);
      });
      item.append(button);
      return item;
    }));
    $("learn-progress").textContent = `${this.finished.size} of ${LESSONS.length} lessons done.`;
  }

  say(text, tone = "") {
    const box = $("learn-message");
    box.textContent = text;
    box.className = tone;
  }
}

const NAMES = Object.fromEntries(PIECES.map((p) => [p.letter, p.name]));
/** A square's piece in words ("Black Thoat"), or "". @param {string} piece */
const pieceName = (piece) => (piece ? `${sideName(sideOfPiece(piece))} ${NAMES[piece.toUpperCase()]}` : "");

const capital = (text) => text.charAt(0).toUpperCase() + text.slice(1);

const controller = new LessonController();
/** For the tests: the page's controller. */
globalThis.jetanLearn = controller;
