// The engine's help to a person, the session's collaborator: a hint (the engine's choice in the
// live position, shown as an arrow) and the analysis (the position shown searched deeper and
// deeper, its best line drawn as fading arrows). Both ask the engine through the session, so
// that a reply about a game since replaced is dropped (the session's epoch).
import { BLACK } from "./position.js";

/**
 * @typedef {import("./session.js").Session} Session
 * @typedef {import("./engine.js").SearchInfo} SearchInfo
 * @typedef {{on: boolean, running: boolean, token: number, info: ?SearchInfo, side: string,
 *   error: ?import("./i18n.js").Message}} Analysis   on: wanted by the person; running: a search
 *   under way; token: bumped to void a search's late reports; info: its deepest depth so far;
 *   side: whose turn it is in the position analysed; error: why there is no analysis (the
 *   engine's message), if there is none
 */

// The engine's settings for each kind of help: an analysis searches until it is stopped (or
// for half a minute), a hint takes a second.
const ANALYSIS = { level: 6, time_ms: 30000 };
const HINT = { level: 6, time_ms: 1000 };
const HINT_COLOUR = "rgba(63, 208, 201, 0.8)";
/** @param {number} i */
const lineColour = (i) => `rgba(120, 200, 90, ${0.8 - 0.25 * i})`;   // the best line, fading
const LINE_SHOWN = 3;                                                   // moves of it drawn

export class Assistance {
  /** @param {Session} session */
  constructor(session) {
    this.session = session;
    /** @type {?[number, number]} the hint's squares [from, to], until the position changes */
    this.hint = null;
    /** @type {Analysis} */
    this.analysis = { on: false, running: false, token: 0, info: null, side: BLACK, error: null };
  }

  /** The arrows the board draws for this help. */
  arrows() {
    /** @type {import("./board.js").Arrow[]} */
    const arrows = [];
    if (this.hint) arrows.push([...this.hint, HINT_COLOUR]);
    const line = this.analysis.on && this.analysis.info ? this.analysis.info.pv.slice(0, LINE_SHOWN) : [];
    line.forEach((m, i) => { if (m.from !== null) arrows.push([m.from, m.to, lineColour(i)]); });
    return arrows;
  }

  /** The engine's move in the live position, shown as an arrow; resolves with it (or null). */
  async askHint() {
    const s = this.session;
    if (!s.humanToMove) return null;
    const reply = await s.ask("think", { ...s.asking(s.game), ...HINT });
    if (!reply) return null;
    if (reply.ok && reply.best && reply.best.move && reply.best.move.from !== null) {
      this.hint = [reply.best.move.from, reply.best.move.to];
    } else if (!reply.ok && !reply.restarted) s.notice(reply.error);
    s.changed();
    return reply.ok && reply.best ? reply.best.move : null;
  }

  /** Turn the analysis on (it starts on the position shown) or off. @param {boolean} on */
  setAnalysis(on) {
    this.analysis.on = on;
    if (on) this.startAnalysis();
    else { this.stopAnalysis(); this.session.changed(); }
  }

  /** Analyse the position shown — the live one when a person is to move, or the one reviewed —
   *  reporting each finished depth ("change", with analysis.info). */
  async startAnalysis() {
    const s = this.session, a = this.analysis;
    if (!a.on || !s.state || s.phase === "loading") return;
    if (s.reviewing === null && !s.humanToMove) return;
    const ply = s.shownPly;
    const token = ++a.token;
    Object.assign(a, { running: true, info: null, error: null,
                       side: ply < s.state.moves.length ? s.state.moves[ply].side : s.state.turn });
    s.changed();
    const game = { ...s.game, moves: s.game.moves.slice(0, ply), resigned: null };
    const reply = await s.ask("think", { ...s.asking(game), ...ANALYSIS }, (/** @type {SearchInfo} */ info) => {
      if (token !== a.token) return;
      a.info = info;
      s.changed();
    });
    if (token !== a.token) return;
    a.running = false;
    if (reply && !reply.ok && !reply.restarted) { a.error = reply.error; s.changed(); }
  }

  /** End a running analysis (whether or not analysis stays on: the next position starts anew). */
  stopAnalysis() {
    const a = this.analysis;
    a.token += 1;
    a.info = null;
    if (a.running) this.session.engine().stop();
    a.running = false;
  }
}
