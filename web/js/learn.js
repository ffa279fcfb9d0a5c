// The Learn page: one lesson at a time, its tasks done by moving on a board. The lessons (texts,
// start positions, stars) come from py_engine/lessons.py through engine-data.js, so the board
// paints before the engine has loaded; whether a move is legal, what the other side answers and
// whether a task is met are the engine's (the facade's "lesson" request), asked by the one
// Session (session.js) with a lesson's judge (judges.js): a move made while the engine loads is
// kept and sent once it can answer, as on every board. Every word is a message in the reader's
// language (i18n.js): the lessons' own (their titles, texts and tasks are catalogue keys, under
// "lesson."), the page's (under "learn."), and the engine's verdicts and refusals, which come as
// messages too; what the page says is kept as a message, so a switch of language redraws it.
import { $ } from "./dom.js";
import { LESSONS } from "../training-data.js";
import { BoardView } from "./board.js";
import { sharedEngine } from "./engine.js";
import { languageMenu, message, onLanguage, say, startLanguage, t } from "./i18n.js";
import { lessonJudge } from "./judges.js";
import { keepForOffline } from "./offline.js";
import { Session } from "./session.js";
import { openStorage } from "./storage.js";
import { currentTheme } from "./themes.js";
import { capital } from "./words.js";

const PROGRESS_KEY = "jetan.learn";
const { storage } = openStorage();

/** @typedef {import("./judges.js").LessonVerdict} LessonVerdict */
/** @typedef {import("./i18n.js").Message} Message */

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
    /** What the page says under the board, as a message (worded when shown), and its tone.
     *  @type {{said: ?Message, tone: string}} */
    this.notice = { said: null, tone: "" };
    $("restart-task").addEventListener("click", () => this.open(this.lessonIndex, this.taskIndex));
    $("next-task").addEventListener("click", () => this.next());
    addEventListener("hashchange", () => this.openFromHash());
    onLanguage(() => this.reword());
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
    this.showLesson();
    this.say(this.engine.ready || this.engine.failed ? null : message("learn.loadingEngine"));
    this.list();
    this.session.show({ rules: lesson.rules, start: this.task.start, moves: [] }, { judge: lessonJudge(lesson.id, taskIndex) });
    this.session.start({ quiet: true }).then((reply) => {
      if (!reply || reply.restarted) return;
      if (reply.ok) this.say(null);              // "Loading the engine…" is over
      else this.say(message("learn.cannotOpen", { why: reply.error }), "bad");
    });
  }

  get task() { return LESSONS[this.lessonIndex].tasks[this.taskIndex]; }

  /** The lesson's title and text, in the page's language. */
  showLesson() {
    const lesson = LESSONS[this.lessonIndex];
    $("lesson-title").textContent = t(lesson.title);
    $("lesson-text").textContent = say(lesson.text);
  }

  /** Everything worded again, in the language just chosen. */
  reword() {
    this.showLesson();
    this.list();
    this.render();
    this.showNotice();
  }

  /** What the session says: redraw, and what the judge made of a move.
   *  @param {import("./session.js").SessionEvent} event */
  heard(...event) {
    const [type, detail] = event;
    if (type === "change") this.render();
    else if (type === "played" && detail === this.session.live.moves.at(-1)) this.judged();   // with its answer
    else if (type === "refused") this.refused(detail.move, detail.reply);
    else if (type === "dropped") this.say(message("learn.notPlayed", { why: detail.why }), "bad");
  }

  render() {
    const task = this.task, v = this.verdict, s = this.session;
    const count = LESSONS[this.lessonIndex].tasks.length;
    /** @type {Message} */
    const prompt = count > 1 ? message("learn.taskOf", { number: this.taskIndex + 1, count, prompt: message(task.prompt) })
      : message(task.prompt);
    $("task-prompt").textContent = task.most ? t("learn.withLimit", { prompt, count: task.most }) : say(prompt);
    // A star a move on its way (or kept) lands on is taken already.
    const taken = [s.sent, ...s.kept].flatMap((m) => (m && m.to !== undefined ? [m.to] : []));
    const stars = (v ? v.stars : task.stars).filter((sq) => !taken.includes(sq));
    this.view.set({ ...s.boardProps(), stars });
    $("next-task").textContent = t(this.taskIndex + 1 < count ? "learn.nextTask" : "learn.nextLesson");
  }

  /** A move refused explains itself, with where that piece can go: the engine's own moves.
   *  @param {import("./session.js").WaitingMove} move
   *  @param {Extract<import("./session.js").Reply, {ok: false}>} reply */
  refused(move, reply) {
    if (reply.restarted) return;
    const from = move.from;
    const dests = from !== undefined ? this.session.destinations(from) : [];
    if (dests.length && from !== undefined) this.session.selected = from;
    this.say(message(dests.length ? "learn.refusedMarked" : "learn.refused", { why: reply.error }), "bad");
  }

  /** The judge's word on a move played: the task met, failed, or going on. */
  judged() {
    const v = this.verdict;
    if (!v) return;           // a move played has the judge's word
    if (v.done) {
      this.say(v.result ? message("learn.wellDoneResult", { result: v.result }) : message("learn.wellDone"), "good");
      if (this.taskIndex + 1 === LESSONS[this.lessonIndex].tasks.length) {
        this.finished.add(LESSONS[this.lessonIndex].id);
        try { storage.setItem(PROGRESS_KEY, JSON.stringify([...this.finished])); } catch { /* kept for this visit */ }
        this.list();
      }
      $("next-task").focus();
    } else if (v.failed) {
      this.say(message("learn.failed", { why: v.failed }), "bad");
    } else {
      const stars = v.stars.length ? message("learn.starsLeft", { count: v.stars.length }) : null;
      const moves = v.moves_left ? message("learn.movesLeft", { count: v.moves_left }) : null;
      this.say(stars && moves ? message("learn.starsAndMoves", { stars, moves }) : stars || moves);
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
      const title = t(lesson.title);
      button.append(tick, title);
      button.setAttribute("aria-current", String(i === this.lessonIndex));
      if (this.finished.has(lesson.id)) button.setAttribute("aria-label", t("learn.doneLabel", { title }));
      button.addEventListener("click", () => {
        history.replaceState(null, "", `#${lesson.id}`);
        this.open(i, 0);
      });
      item.append(button);
      return item;
    }));
    $("learn-progress").textContent = t("learn.progress", { done: this.finished.size, count: LESSONS.length });
  }

  /** Say ``said`` under the board (null: nothing), in a ``tone`` ("good", "bad" or none).
   *  @param {?Message} said @param {string} [tone] */
  say(said, tone = "") {
    this.notice = { said, tone };
    this.showNotice();
  }

  showNotice() {
    const box = $("learn-message");
    box.textContent = this.notice.said ? capital(say(this.notice.said)) : "";
    box.className = this.notice.tone;
  }
}

// The engine starts loading while the page's catalogue comes, not after it.
sharedEngine();
await startLanguage();
languageMenu(/** @type {HTMLSelectElement} */ ($("language")));
const controller = new LessonController();
/** For the tests: the page's controller. */
globalThis.jetanLearn = controller;
