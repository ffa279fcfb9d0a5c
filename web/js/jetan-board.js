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
// Method play(move) returns a promise of the move played; check() asks the engine whether the
// game can be played; events "move" (detail: move, position) and "gameover" (detail: result).
// The board is a view of a Session (session.js), which the app's board shares: a reader's
// input made while the engine loads is kept and played when it is ready. Every board shows the position it holds in data-position (and
// data-ply); data-engine says "loading", "ready" or "failed" once the engine has been asked.
import { BoardView } from "./board.js";
import { onEngineReady, sharedEngine, sharedEngineReady } from "./engine.js";
import { describe, placementText, sideAfter, squareName } from "./position.js";
import { Session } from "./session.js";

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
    /** @type {HTMLElement} */
    this.bar = root.querySelector(".bar");
    this.caption = root.querySelector(".caption");
    this.problem = "";        // what is wrong with the board's game or the last input, if anything
    // Readers play both sides; a press on an earlier position plays on from there.
    this.session = new Session({ engine: sharedEngine, onEarlierPress: "branch" });
    this.session.listen((type, detail) => this.heard(type, detail));
    this.view = new BoardView(this.canvas, {
      onPress: (sq) => { if (this.interactive) this.session.press(sq); },
      onDrop: (from, to) => { if (this.interactive) this.session.drop(from, to); },
      keyboard: true,
    });
    const steps = /** @type {NodeListOf<HTMLButtonElement>} */ (root.querySelectorAll("[data-step]"));
    for (const b of steps) b.addEventListener("click", () => this.session.step(b.dataset.step));
    this.addEventListener("keydown", (e) => {
      if (e.target !== this || this.interactive) return;
      const step = { ArrowLeft: "prev", ArrowRight: "next", Home: "first", End: "last" }[e.key];
      if (step) { e.preventDefault(); this.session.step(step); }
    });
    // Once the page's engine is there (started by any board), every board has its game checked.
    this.stopHearing = () => {};
  }

  connectedCallback() {
    if (!this.hasAttribute("tabindex")) this.tabIndex = 0;
    this.load();
    this.stopHearing = onEngineReady(() => this.check());
  }

  disconnectedCallback() { this.stopHearing(); }

  attributeChangedCallback() {
    if (this.isConnected) this.load();
  }

  get interactive() { return this.hasAttribute("interactive"); }

  /** Read the attributes into the session's game and show it (no engine needed). */
  load() {
    const moves = (this.getAttribute("moves") || "").split(",").map((m) => m.trim()).filter(Boolean);
    const ply = parseInt(this.getAttribute("ply") ?? "", 10);
    this.problem = "";
    this.session.show({ rules: this.getAttribute("rules") || "", start: (this.getAttribute("position") || "").trim() || "start", moves },
                      { ply: Number.isInteger(ply) ? ply : null });
    if (this.session.earlyError) this.problem = `This board could not be read: ${this.session.earlyError}.`;
    if (sharedEngineReady()) this.check();
    this.show();
  }

  /** Ask the engine whether the board's game can be played; resolves to "" or what is wrong
   *  ("move 4 (f9-f7): illegal move …"), which the board also shows. */
  async check() {
    if (this.session.state) return "";
    this.dataset.engine = "loading";
    const reply = await this.session.start({ quiet: true });
    if (!reply) return this.problem;
    this.dataset.engine = reply.ok ? "ready" : sharedEngine().failed ? "failed" : "ready";
    if (!reply.ok) {
      this.problem = `This game could not be played: ${reply.error}.`;
      this.show();
    }
    return reply.ok ? "" : reply.error;
  }

  /** What the session says: redraw, and tell the page about moves and the game's end. */
  heard(type, detail) {
    if (type === "change") {
      if (this.session.asked) this.dataset.engine = this.session.state ? "ready" : "loading";
      this.show();
    } else if (type === "notice") {
      this.problem = detail.text;
      this.show();
    } else if (type === "dropped") {
      this.problem = `Not played: ${detail.why}.`;
      this.show();
    } else if (type === "played" && detail) {
      this.problem = "";
      const state = this.session.state;
      this.dispatchEvent(new CustomEvent("move", { bubbles: true, composed: true,
        detail: { move: publicMove(detail), position: state.position } }));
      if (state.result) this.dispatchEvent(new CustomEvent("gameover", { bubbles: true, composed: true, detail: state.result }));
      this.show();
    }
  }

  /** Draw the position shown, with its last move, and say what it is. */
  show() {
    const s = this.session;
    const props = s.boardProps();
    this.view.set({ ...props, flipped: this.getAttribute("orientation") === "orange",
                    draggable: (sq) => this.interactive && props.draggable(sq) });
    // The whole position once the engine has given it; before, the placement and the side to move.
    const ply = s.shownPly;
    this.dataset.position = s.shownPosition() || `${placementText(props.board)} ${sideAfter(s.startText(), ply)[0]}`;
    this.dataset.ply = String(ply);
    this.canvas.setAttribute("aria-label", `Jetan board. ${describe(props.board, s.state ? s.state.names : undefined)}. ${this.sideText()}`);
    this.bar.hidden = s.plies === 0 && !this.interactive;
    const [first, prev, next, last] = this.bar.querySelectorAll("button");
    first.disabled = prev.disabled = ply === 0;
    next.disabled = last.disabled = ply === s.plies;
    this.caption.classList.toggle("error", Boolean(this.problem));
    this.caption.textContent = this.problem || this.describeMove();
  }

  sideText() {
    const s = this.session;
    if (s.over && s.reviewing === null) return s.state.result.explanation;
    const side = s.state && s.reviewing === null ? s.state.turn : sideAfter(s.startText(), s.shownPly);
    return `${side[0].toUpperCase()}${side.slice(1)} to move.`;
  }

  describeMove() {
    const s = this.session, ply = s.shownPly;
    if (s.waiting) return `Your move is kept until the engine is ready${s.state ? "" : " (loading)"}…`;
    if (s.asked && !s.state && s.selected !== null) return "Loading the engine…";
    if (ply === 0) return s.plies ? "Start position" : "";
    const entry = s.state && s.state.moves[ply - 1];
    const text = entry ? entry.text : s.early ? s.early.entries[ply - 1].text : "";
    const over = s.over && ply === s.plies ? ` — ${s.state.result.explanation}` : "";
    return `${ply}. ${text}${entry ? ` (${entry.descriptive})` : ""}${over}`;
  }

  /** Play a move (text such as "d2-d3", or squares {from, to}) at the position shown; resolves
   *  with the move played ({text, from, to, capture, outcome}), rejects with the engine's reason
   *  if it is not legal. */
  async play(move) {
    const s = this.session;
    if (s.reviewing !== null) s.pressEarlier();
    const ready = await s.start({ quiet: true });
    if (!ready || !ready.ok) throw new Error(ready ? ready.error : "another game replaced this one");
    await s.settled();
    const reply = await s.play(typeof move === "object" && move !== null ? move : { text: String(move) });
    if (!reply) throw new Error("another game replaced this one");
    if (!reply.ok) throw new Error(reply.error);
    return publicMove(reply.played);
  }
}

/** A move as the element tells a page about it: squares by name ("d2"), as authors write them. */
function publicMove({ text, from, to, capture, outcome }) {
  return { text, from: from === null ? null : squareName(from), to: to === null ? null : squareName(to), capture, outcome };
}

if (!customElements.get("jetan-board")) customElements.define("jetan-board", JetanBoard);
