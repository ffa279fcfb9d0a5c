// <jetan-board>: a Jetan board for any page, from one script include:
//
//   <script type="module" src="https://…/jetan-board.js"></script>
//   <jetan-board moves="d2-d3,g9-g8,e2-e3"></jetan-board>
//
// Attributes: position (the start; default the rule set's), rules, moves (comma-separated move
// texts), ply (the position shown; default the last), orientation ("black" at the bottom, or
// "orange"), interactive (the reader may play on). A board that only shows — a diagram, or a game
// stepped with its buttons or the arrow keys — draws without the engine. The engine (Pyodide, in
// a worker) loads only when an interactive board is first used, once per page for all its boards.
// Method play(move) returns a promise of the move played; events "move" (detail: move, position)
// and "gameover" (detail: result). Every board shows the position it holds in data-position (and
// data-ply); data-engine says "loading", "ready" or "failed" once the engine has been asked.
import { BoardView } from "./board.js";
import { sharedEngine } from "./engine.js";
import { describe, placementText, replay, sideAfter, squareIndex, squareName, startOf } from "./position.js";

const STYLE = `
  :host { display: block; max-width: 100%; color: #f1e3c2; font: 14px/1.3 system-ui, sans-serif; }
  .frame { background: #2a1f19; border-radius: 8px; padding: 6px; }
  canvas { display: block; width: 100%; aspect-ratio: 1; touch-action: none; border-radius: 4px; }
  canvas:focus-visible { outline: 3px solid #ffb339; outline-offset: 2px; }
  .bar { display: flex; gap: 4px; align-items: center; justify-content: center; margin-top: 6px; flex-wrap: wrap; }
  .bar[hidden] { display: none; }
  button { font: inherit; color: inherit; background: #3a2b22; border: 1px solid #4a382c; border-radius: 6px;
           min-width: 2.6em; padding: 0.1em 0.5em; cursor: pointer; font-size: 1.15em; }
  button:disabled { opacity: 0.45; cursor: default; }
  .caption { text-align: center; margin-top: 4px; }
  .caption:empty { display: none; }
  .caption.error { color: #ff6b57; }
`;

const DEFAULT_RULES = "";

export class JetanBoard extends HTMLElement {
  static observedAttributes = ["position", "rules", "moves", "ply", "orientation", "interactive"];

  constructor() {
    super();
    const root = this.attachShadow({ mode: "open" });
    root.innerHTML = `<style>${STYLE}</style>
      <div class="frame">
        <canvas part="board" role="img"></canvas>
        <div class="bar" part="controls">
          <button type="button" data-step="first" aria-label="Start position">«</button>
          <button type="button" data-step="prev" aria-label="Previous move">‹</button>
          <button type="button" data-step="next" aria-label="Next move">›</button>
          <button type="button" data-step="last" aria-label="Last move">»</button>
        </div>
        <div class="caption" part="caption" aria-live="polite"></div>
      </div>`;
    this.canvas = root.querySelector("canvas");
    this.bar = root.querySelector(".bar");
    this.caption = root.querySelector(".caption");
    this.view = new BoardView(this.canvas, {
      onPress: (sq) => this.press(sq), onDrop: (from, to) => this.drop(from, to), keyboard: true,
    });
    for (const b of root.querySelectorAll("[data-step]")) b.addEventListener("click", () => this.step(b.dataset.step));
    this.addEventListener("keydown", (e) => {
      if (e.target !== this || this.interactive) return;
      const step = { ArrowLeft: "prev", ArrowRight: "next", Home: "first", End: "last" }[e.key];
      if (step) { e.preventDefault(); this.step(step); }
    });
    this.game = null;        // {rules, start, moves, boards, squares}
    this.at = 0;             // the ply shown
    this.state = null;       // the engine's state, once an interactive board has used it
    this.selected = null;
    this.busy = null;        // the engine's answer being waited for
  }

  connectedCallback() {
    if (!this.hasAttribute("tabindex")) this.tabIndex = 0;
    this.load();
  }

  attributeChangedCallback() {
    if (this.isConnected) this.load();
  }

  get interactive() { return this.hasAttribute("interactive"); }

  /** Read the attributes into a game and show it (no engine needed). */
  load() {
    const rules = this.getAttribute("rules") || DEFAULT_RULES;
    const start = (this.getAttribute("position") || "").trim() || startOf(rules);
    const moves = (this.getAttribute("moves") || "").split(",").map((m) => m.trim()).filter(Boolean);
    this.state = null;
    this.selected = null;
    try {
      const { boards, squares } = replay(start, moves);
      this.game = { rules, start, moves, boards, squares };
      this.error("");
    } catch (err) {
      this.game = null;
      this.error(`This board could not be read: ${err.message}.`);
      return;
    }
    const ply = parseInt(this.getAttribute("ply") ?? "", 10);
    this.at = Number.isInteger(ply) ? Math.max(0, Math.min(ply, moves.length)) : moves.length;
    this.show();
  }

  /** Draw the ply shown, with its last move, and say what it is. */
  show() {
    const g = this.game;
    if (!g) return;
    const live = this.state && this.at === g.moves.length;
    const board = live ? this.state.board : g.boards[this.at];
    const last = this.at > 0 ? g.squares[this.at - 1] : null;
    const dests = live && this.selected !== null
      ? (this.state.legal[squareName(this.selected)] || []).map((d) => ({ ...d, to: squareIndex(d.to) })) : [];
    // Stepping forward by one (or a move played) slides the piece; any other change just shows.
    const animate = this.shown && this.shown.game === g && this.at === this.shown.at + 1 ? last : null;
    this.shown = { game: g, at: this.at };
    this.view.set({
      animate, board, lastMove: last, selected: live ? this.selected : null, dests,
      threatened: live ? this.state.threatened.map(squareIndex) : [],
      flipped: this.getAttribute("orientation") === "orange",
      draggable: (sq) => this.interactive && Boolean(live && this.state.legal[squareName(sq)]),
    });
    // The whole position once the engine has given it; before, the placement and the side to move.
    const position = live ? this.state.position
      : (this.state && this.state.moves[this.at - 1] ? this.state.moves[this.at - 1].position
        : `${placementText(board)} ${sideAfter(g.start, this.at)[0]}`);
    this.dataset.position = position;
    this.dataset.ply = String(this.at);
    this.canvas.setAttribute("aria-label", `Jetan board. ${describe(board)}. ${this.sideText()}`);
    this.bar.hidden = g.moves.length === 0 && !this.interactive;
    const [first, prev, next, lastButton] = this.bar.querySelectorAll("button");
    first.disabled = prev.disabled = this.at === 0;
    next.disabled = lastButton.disabled = this.at === g.moves.length;
    if (!this.caption.classList.contains("error")) this.caption.textContent = this.describeMove();
  }

  sideText() {
    if (this.state && this.state.result && this.at === this.game.moves.length) return this.state.result.explanation;
    const side = sideAfter(this.game.start, this.at);
    return `${side[0].toUpperCase()}${side.slice(1)} to move.`;
  }

  describeMove() {
    const g = this.game;
    if (this.at === 0) return g.moves.length ? "Start position" : "";
    const entry = this.state && this.state.moves[this.at - 1];
    const text = entry ? entry.text : g.moves[this.at - 1];
    const over = this.state && this.state.result && this.at === g.moves.length ? ` — ${this.state.result.explanation}` : "";
    return `${this.at}. ${text}${entry ? ` (${entry.descriptive})` : ""}${over}`;
  }

  error(text) {
    this.caption.textContent = text;
    this.caption.classList.toggle("error", Boolean(text));
  }

  step(where) {
    if (!this.game) return;
    const n = this.game.moves.length;
    this.at = { first: 0, prev: Math.max(0, this.at - 1), next: Math.min(n, this.at + 1), last: n }[where];
    this.selected = null;
    this.show();
  }

  // ---- playing (interactive boards, and play()) ----------------------------------------------

  /** Ask the engine for the state of the game up to the ply shown (playing from an earlier ply
   *  starts a new line from there). */
  async engineState() {
    const g = this.game;
    const moves = g.moves.slice(0, this.at);
    if (this.state && moves.length === g.moves.length) return this.state;
    this.caption.textContent = "Loading the engine…";
    this.dataset.engine = "loading";
    const reply = await sharedEngine().request("state", { rules: g.rules, start: g.start, moves });
    this.dataset.engine = reply.ok ? "ready" : "failed";
    if (!reply.ok) throw new Error(reply.error);
    this.setGame(moves, reply.state);
    return this.state;
  }

  setGame(moves, state) {
    const g = this.game;
    const { boards, squares } = replay(g.start, moves);
    this.game = { ...g, moves, boards, squares };
    this.state = state;
    this.at = moves.length;
    this.error("");
  }

  async press(sq) {
    if (!this.interactive || !this.game || this.busy) return;
    let state;
    try { state = await (this.busy = this.engineState()); } catch (err) { this.error(err.message); return; }
    finally { this.busy = null; }
    if (state.result) { this.show(); return; }
    const name = squareName(sq);
    if (this.selected !== null) {
      const dest = (state.legal[squareName(this.selected)] || []).find((d) => d.to === name);
      if (dest) { this.play(`${squareName(this.selected)}${dest.capture ? "x" : "-"}${name}`).catch(() => {}); return; }
    }
    this.selected = state.legal[name] ? sq : null;
    this.show();
  }

  drop(from, to) {
    if (!this.state || !this.interactive) return;
    const dest = (this.state.legal[squareName(from)] || []).find((d) => d.to === squareName(to));
    if (dest) this.play(`${squareName(from)}${dest.capture ? "x" : "-"}${squareName(to)}`).catch(() => {});
  }

  /** Play a move (text such as "d2-d3") at the ply shown; resolves with the move played
   *  ({text, from, to, capture, outcome}), rejects with the engine's reason if it is not legal. */
  async play(move) {
    while (this.busy) await this.busy.catch(() => {});
    const task = (async () => {
      await this.engineState();
      const g = this.game;
      const reply = await sharedEngine().request("play", { rules: g.rules, start: g.start, moves: g.moves, move: String(move) });
      if (!reply.ok) throw new Error(reply.error);
      this.setGame(reply.state.moves.map((m) => m.text), reply.state);
      this.selected = null;
      this.show();
      this.dispatchEvent(new CustomEvent("move", { bubbles: true, composed: true,
        detail: { move: reply.played, position: reply.state.position } }));
      if (reply.state.result) {
        this.dispatchEvent(new CustomEvent("gameover", { bubbles: true, composed: true, detail: reply.state.result }));
      }
      return reply.played;
    })();
    this.busy = task;
    try {
      return await task;
    } catch (err) {
      this.error(err.message);
      throw err;
    } finally {
      if (this.busy === task) this.busy = null;
    }
  }
}

if (!customElements.get("jetan-board")) customElements.define("jetan-board", JetanBoard);
