// A board whose every move the engine judges (the Learn and puzzles pages): one request at a
// time, each carrying the moves the last answer accepted, so the answers follow one another. A
// move made before the engine can answer (while it loads) is kept, shown on the board and sent
// in its turn: nothing the player does is lost. What to ask and what an answer means are the
// page's (request() and answered()).
import { BoardView } from "./board.js";
import { currentTheme } from "./themes.js";
import { sharedEngine } from "./engine.js";
import { placementBoard, readPosition, sideOfPiece } from "./position.js";

/** @typedef {{position: string, mine: string[], last: number[], legal: Object<string, number[]>}} Verdict
 *  what every judge's answer holds: the position to show, the player's moves it accepted (to
 *  send back), the last move's squares and the player's legal moves by square */

export class JudgedBoard {
  /** @param {HTMLCanvasElement} canvas */
  constructor(canvas) {
    this.view = new BoardView(canvas, {
      onPress: (sq) => this.press(sq),
      onDrop: (from, to) => this.move(from, to),
      keyboard: true,
    });
    this.view.set({ theme: currentTheme() });
    this.engine = sharedEngine();          // the page is for playing: load the engine now
    /** @type {any} the judge's last answer accepted (a Verdict, and the page's own fields) */
    this.verdict = null;
    /** @type {{from: number, to: number}[]} moves made that the engine has not judged yet */
    this.waiting = [];
    this.asking = false;
    this.selected = null;
    this.generation = 0;                   // an answer about an abandoned board is dropped
    keepForOffline();
  }

  /** Start afresh from ``start`` (a position string), asking the judge about it at once (its
   *  answer brings the legal moves shown when a piece is picked up). */
  begin(start) {
    this.start = start;
    this.verdict = null;
    this.waiting = [];
    this.selected = null;
    this.generation += 1;
    const generation = this.generation;
    this.request(null, []).then((reply) => {
      if (generation !== this.generation || this.verdict || this.asking || this.waiting.length) return;
      if (reply.ok) {
        this.verdict = this.verdictOf(reply);
        this.opened();
      } else this.failed(reply.error);
      this.render();
    });
  }

  /** The position shown: the judge's last word, with the moves not yet judged played on it. */
  board() {
    const board = placementBoard(this.verdict ? this.verdict.position : this.start);
    for (const { from, to } of this.waiting) { board[to] = board[from]; board[from] = ""; }
    return board;
  }

  /** The player's side: the side to move where the board began. */
  side() { return readPosition(this.start).side; }

  mine(sq) {
    const piece = this.board()[sq];
    return Boolean(piece) && sideOfPiece(piece) === this.side() && !this.over();
  }

  /** What the view draws of a judged board; the page adds its own (stars, marks). */
  shown() {
    const v = this.verdict;
    const dests = this.selected !== null && v && !this.waiting.length
      ? (v.legal[String(this.selected)] || []).map((to) => ({ to })) : [];
    return { board: this.board(), selected: this.selected, dests, lastMove: v && v.last.length ? v.last : null,
             draggable: (sq) => this.mine(sq) };
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
    this.waiting.push({ from, to });
    this.moved();
    this.render();
    this.ask();
  }

  /** Send the oldest move not yet judged. */
  ask() {
    if (this.asking || !this.waiting.length) return;
    this.asking = true;
    const generation = this.generation, move = this.waiting[0];
    this.request(move, this.verdict ? this.verdict.mine : []).then((reply) => {
      this.asking = false;
      if (generation !== this.generation) { this.ask(); return; }
      this.waiting.shift();
      if (!this.answered(reply, move)) this.waiting = [];      // refused: what followed goes too
      this.render();
      this.ask();
    });
  }

  // ---- the page's ----
  /** Ask the judge about ``move`` ({from, to}, or null: the board as it begins) after the
   *  accepted ``mine``. @returns {Promise<any>} */
  request(move, mine) { throw new Error(`${move} ${mine}: request() is the page's`); }
  /** The Verdict in a reply. */
  verdictOf(reply) { return reply; }
  /** Take the judge's answer to ``move``; false when the move was refused.
   *  @param {any} reply @param {{from: number, to: number}} move @returns {boolean} */
  answered(reply, move) { throw new Error(`${reply} ${move.from}: answered() is the page's`); }
  /** Shown when the judge cannot begin. @param {string} error */
  failed(error) { throw new Error(error); }
  over() { return false; }
  /** The judge has answered about the board as it begins (the engine has loaded). */
  opened() {}
  moved() {}
  render() { this.view.set(this.shown()); }
}

/** A page of its own (Learn, puzzles) may be the first a visitor opens: it registers the app's
 *  service worker too (as js/app.js does, once the engine has had its start), so that it works
 *  offline from the next visit. */
function keepForOffline() {
  try {
    if (!("serviceWorker" in navigator) || !location.protocol.startsWith("http")) return;
    setTimeout(() => navigator.serviceWorker.register("sw.js", { updateViaCache: "none" }).catch(() => {}), 3000);
  } catch { /* a sandboxed frame: no worker, no offline */ }
}

/** ``text`` with a capital first letter. @param {string} text */
export const capital = (text) => text.charAt(0).toUpperCase() + text.slice(1);
