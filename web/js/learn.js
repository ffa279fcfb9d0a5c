// The Learn page: one lesson at a time, its tasks done by moving on a board. The lessons (texts,
// start positions, stars) come from py_engine/lessons.py through engine-data.js, so the board
// paints before the engine has loaded; whether a move is legal, what the other side answers and
// whether a task is met are the engine's (the facade's "lesson" request), asked by the one
// Session (session.js) with a lesson's judge (judges.js): a move made while the engine loads is
// kept and sent once it can answer, as on every board.
import { $ } from "./dom.js";
import { LESSONS } from "../training-data.js";
import { BoardView } from "./board.js";
import { sharedEngine } from "./engine.js";
import { lessonJudge } from "./judges.js";
import { keepForOffline } from "./offline.js";
import { Session } from "./session.js";
import { openStorage } from "./storage.js";
import { currentTheme } from "./themes.js";
import { capital } from "./words.js";

const PROGRESS_KEY = "jetan.learn";
const { storage } = openStorage();

/** @typedef {import("./judges.js").LessonVerdict} LessonVerdict */

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
    this.engine = sharedEngine();          // the page is for playing: load the engine now
    this.session = new Session({ engine: () => this.engine });
    this.session.listen((...event) => this.heard(...event));
    this.view = new BoardView(/** @type {HTMLCanvasElement} */ ($("lesson-board")), {
      onPress: (sq) => this.session.press(sq), onDrop: (from, to) => this.session.drop(from, to), keyboard: true,
    });
    this.view.set({ theme: currentTheme() });
    this.finished = readProgress();
    this.lessonIndex = 0;
    this.taskIndex = 0;
    $("restart-task").addEventListener("click", () => this.open(this.lessonIndex, this.taskIndex));
    $("next-task").addEventListener("click", () => this.next());
    addEventListener("hashchange", () => this.openFromHash());
    this.list();
    this.openFromHash();
    keepForOffline(Promise.resolve(), 3000);
  }

  /** The judge's word on the task so far (null until the engine has answered): a lesson's judge's.
   *  @returns {?LessonVerdict} */
  get verdict() { return this.session.state ? /** @type {LessonVerdict} */ (this.session.state.verdict) : null; }

  /** The lesson named in the address (#thoat, #thoat/2), or the first not yet finished. */
  openFromHash() {
    const [id, task] = decodeURIComponent(location.hash.slice(1)).split("/");
    let index = LESSONS.findIndex((l) => l.id === id);
    if (index < 0) index = Math.max(0, LESSONS.findIndex((l) => !this.finished.has(l.id)));
    const t = Math.min(Math.max(0, (parseInt(task, 10) || 1) - 1), LESSONS[index].tasks.length - 1);
    this.open(index, t);
  }

  /** Show a task's board at once, and ask the engine about it (its answer brings the legal moves
   *  shown when a piece is picked up). @param {number} lessonIndex @param {number} taskIndex */
  open(lessonIndex, taskIndex) {
    this.lessonIndex = lessonIndex;
    this.taskIndex = taskIndex;
    const lesson = LESSONS[lessonIndex];
    $("lesson-title").textContent = lesson.title;
    $("lesson-text").textContent = lesson.text;
    this.say(this.engine.ready || this.engine.failed ? "" : "Loading the engine… you can move already.");
    this.list();
    this.session.show({ rules: lesson.rules, start: this.task.start, moves: [] }, { judge: lessonJudge(lesson.id, taskIndex) });
    this.session.start({ quiet: true }).then((reply) => {
      if (!reply || reply.restarted) return;
      if (reply.ok) this.say("");              // "Loading the engine…" is over
      else this.say(`The engine could not open this lesson: ${reply.error}.`, "bad");
    });
  }

  get task() { return LESSONS[this.lessonIndex].tasks[this.taskIndex]; }

  /** What the session says: redraw, and what the judge made of a move.
   *  @param {import("./session.js").SessionEvent} event */
  heard(...event) {
    const [type, detail] = event;
    if (type === "change") this.render();
    else if (type === "played" && detail === this.session.live.moves.at(-1)) this.judged();   // with its answer
    else if (type === "refused") this.refused(detail.move, detail.reply);
    else if (type === "dropped") this.say(`Your move was not played: ${detail.why}.`, "bad");
  }

  render() {
    const task = this.task, v = this.verdict, s = this.session;
    const count = LESSONS[this.lessonIndex].tasks.length;
    const limit = task.most ? ` Within ${task.most} move${task.most > 1 ? "s" : ""}.` : "";
    $("task-prompt").textContent = `${count > 1 ? `Task ${this.taskIndex + 1} of ${count}: ` : ""}${task.prompt}${limit}`;
    // A star a move on its way (or kept) lands on is taken already.
    const taken = [s.sent, ...s.kept].flatMap((m) => (m && m.to !== undefined ? [m.to] : []));
    const stars = (v ? v.stars : task.stars).filter((sq) => !taken.includes(sq));
    this.view.set({ ...s.boardProps(), stars });
    $("next-task").textContent = this.taskIndex + 1 < count ? "Next task" : "Next lesson";
  }

  /** A move refused explains itself, with where that piece can go: the engine's own moves.
   *  @param {import("./session.js").WaitingMove} move
   *  @param {Extract<import("./session.js").Reply, {ok: false}>} reply */
  refused(move, reply) {
    if (reply.restarted) return;
    const from = move.from;
    const dests = from !== undefined ? this.session.destinations(from) : [];
    if (dests.length && from !== undefined) this.session.selected = from;
    this.say(`${capital(reply.error)}.${dests.length ? " Its moves are marked." : ""}`, "bad");
  }

  /** The judge's word on a move played: the task met, failed, or going on. */
  judged() {
    const v = this.verdict;
    if (!v) return;           // a move played has the judge's word
    if (v.done) {
      this.say(v.result ? `Well done! ${v.result}.` : "Well done!", "good");
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

  /** Say ``text`` under the board, in a ``tone`` ("good", "bad" or none). @param {string} text @param {string} [tone] */
  say(text, tone = "") {
    const box = $("learn-message");
    box.textContent = text;
    box.className = tone;
  }
}

const controller = new LessonController();
/** For the tests: the page's controller. */
globalThis.jetanLearn = controller;
