// One game session behind every board (lichess's round controller over chessground is the
// model): the game as plain data, what the engine says of it, the selection, the move waiting
// for the engine, the position reviewed, who plays which side and the engine's turn. The app,
// <jetan-board> (a game or a puzzle), the editor's "play this position", the Learn page and the
// puzzles page all drive a Session; the canvas board and the panels are views of it
// (boardProps() and the fields below), redrawn on every "change". This is the one place that
// decides what a press on the board means. Its collaborators, in files of their own: who judges
// the moves (judges.js: a game's rules, a lesson's task, a puzzle), the game's clock (clock.js)
// and the engine's help, hint and analysis (assistance.js).
//
// What the engine is doing about the game is the session's phase, one value (PHASES below,
// changed only by Session.enter()). Input made before the engine can judge it — while it is
// still loading, while it thinks, or while another game is on its way in (load()) — is kept as
// the waiting move (data, not a phase) and played as soon as the engine is there (if it is
// legal then), never dropped. No DOM here: the views and the page's wiring (storage, dialogs,
// notices) listen. Nor words: what it says (a notice, why a kept move was let go, why a game
// cannot be shown) is a message ({key, args}: i18n.js), worded by the view that shows it, so that
// a change of language words it anew.
import { SIDES } from "../engine-data.js";
import { Assistance } from "./assistance.js";
import { CONNECTION_ALLOWANCE_MS, GameClock, REAL_TIME } from "./clock.js";
import { message } from "./i18n.js";
import { GAME } from "./judges.js";
import { BLACK, emptyBoard, otherSide, placementBoard, replay, sideAfter, sideOfPiece, startOf } from "./position.js";

/**
 * @typedef {import("./i18n.js").Message} Message
 * @typedef {import("./engine.js").Engine} Engine
 * @typedef {import("./engine.js").State} State
 * @typedef {import("./engine.js").Move} Move
 * @typedef {import("./engine.js").SearchInfo} SearchInfo
 * @typedef {import("./engine.js").MoveEntry} MoveEntry
 * @typedef {import("./clock.js").Timing} Timing
 * @typedef {import("./judges.js").Judge} Judge
 * @typedef {Object<string, string>} Players   each side (by name) "human", "engine" or "friend" (a
 *   person on another device, whose moves come over a live connection: live.js plays them here)
 * @typedef {{text: string, arrows?: string, marks?: string}} Comment   a comment on a position, with
 *   its diagram's arrows and marked squares as <jetan-board> writes them ("d2d4:red", "e5")
 * @typedef {{initial: number, increment: number, [side: string]: number}} Clock   a time
 *   control (ms to start with, ms added after each move) and each side's time left (ms) as of
 *   the last move
 * @typedef {{rules: string, start: string, moves: string[], resigned?: ?string,
 *   headers?: Object<string, string>, comments?: Object<string, Comment>, seed?: number,
 *   agreed?: boolean, flagged?: ?string, clock?: Clock, correspondence?: boolean, live?: LiveRecord}} GameData
 *   a game as the page keeps, saves and links it; comments by ply (0: the start, n: after move
 *   n); its seed fixes the duels' outcomes; agreed (a draw) and flagged (a side's time ran out)
 *   end it as a resignation does; live: it is played with a friend on another device
 * @typedef {{id: string, side: string, host: boolean, seeded: boolean}} LiveRecord   a live game
 *   (live.js): its id (the same on both devices), the side this device's player has, whether
 *   this device invited the other, and whether its seed is the one both devices agreed
 * @typedef {GameData & {players?: Players}} GameWithPlayers   a game with who played it (a recent
 *   game, one replaced: reopened, it is played by the same again)
 * @typedef {{from: number, to: number, text?: undefined} | {text: string, from?: undefined, to?: undefined}} WaitingMove
 *   a move kept until the engine can judge it: squares pressed or dragged, or text typed
 * @typedef {import("./position.js").Replay} Replayed   a game's positions replayed for display, no rules
 * @typedef {{ok: true, state: State, best?: ?SearchInfo, played?: Move, error?: undefined, restarted?: undefined,
 *   wrong?: undefined} | {ok: false, error: Message, restarted?: boolean, wrong?: string, state?: undefined,
 *   best?: undefined, played?: undefined}} Reply   an engine's reply: what it answered, or why not, a
 *   message (restarted: the engine was restarted meanwhile; wrong: a puzzle's wrong move, named: judges.js)
 * @typedef {"showing" | "starting" | "loading" | "idle" | "moving" | "thinking"} Phase
 * @typedef {{label: Message, action: () => unknown}} NoticeAction   a notice's button: its words, what it does
 * @typedef {["change", undefined] | ["played", ?MoveEntry] | ["notice", {text: Message, action: ?NoticeAction}]
 *   | ["thinking", SearchInfo] | ["progress", import("./engine.js").ReplayProgress]
 *   | ["replaced", {game: GameWithPlayers, next: GameData}] | ["waiting", ?WaitingMove]
 *   | ["dropped", {move: WaitingMove, why: Message}] | ["refused", {move: WaitingMove, reply: Extract<Reply, {ok: false}>}]
 *   | ["earlier", ?number]} SessionEvent   what the session tells its listeners: see listen()
 * @typedef {(...event: SessionEvent) => void} SessionListener
 */

/** The session's phases, and the events that move it from each to the next: the one place a
 *  phase changes (Session.enter()). Two events may come in any phase: "show" (a game shown
 *  without the engine, show()) leads to "showing", and "load" (another game asked for, load())
 *  to "loading"; the epoch they bump voids every reply still on its way about the game before.
 *  Whether the game is over is the engine's word (state.result), not a phase: an ended game is
 *  "idle". @type {Record<Phase, Object<string, Phase | ((session: Session) => Phase)>>} */
export const PHASES = {
  // A game shown without the engine (replayed for display); the engine not asked about it yet.
  showing: { start: "starting" },
  // The engine asked about the game shown (start()): it answers with its state, or refuses it.
  starting: { answered: "idle", refused: "showing" },
  // Another game on its way in (load()): the engine takes it, or refuses it and the game shown
  // before goes on (the engine has it already, or it is only shown).
  loading: { answered: "idle", refused: (s) => (s.state ? "idle" : "showing") },
  // The engine has the game, nothing is on its way: a person may move, or the engine is asked to.
  idle: { send: "moving", think: "thinking" },
  // A move (a person's or the engine's) on its way to the engine, shown as sent; the next
  // mover's input meanwhile is kept.
  moving: { answered: "idle" },
  // The engine choosing its move; a person's input meanwhile is kept (a premove).
  thinking: { answered: "idle" },
};
/** @type {Partial<Record<string, Phase>>} */
const ANYWHERE = { show: "showing", load: "loading" };

const WAITING_COLOUR = "rgba(110, 150, 255, 0.8)";

/** Why a move kept for later is let go ("dropped"): each a message. */
export const DROPPED = Object.freeze({
  afterRefused: message("session.dropped.afterRefused"),   // a move kept before it was not played
  over: message("session.dropped.over"),
  full: message("session.dropped.full"),                   // the game has as many moves as it may
  notLegal: message("session.dropped.notLegal"),
  gameChanged: message("session.dropped.gameChanged"),     // another game was asked for
  notOpened: message("session.dropped.notOpened"),         // ... and the engine refused it
});

/** Why a game cannot be read, as a thrown error says it: the message an error of ours carries
 *  (``reason``: a position.js error's), else only that it cannot.
 *  @param {unknown} err @returns {Message} */
function reasonOf(err) {
  const { reason } = /** @type {{reason?: Message}} */ (Object(err));
  return reason && typeof reason.key === "string" ? reason : message("session.unreadable");
}

/** A game's moves replayed for display (position.js: no rules), or null and why not.
 *  @param {string} start @param {string[]} moves @returns {{replayed: ?Replayed, error: ?Message}} */
function forDisplay(start, moves) {
  try {
    return { replayed: replay(start, moves), error: null };
  } catch (err) {
    return { replayed: null, error: reasonOf(err) };
  }
}

/** ``board`` with the piece on ``move.from`` carried to ``move.to`` (what a move by squares
 *  looks like while the engine's answer is on its way).
 *  @param {string[]} board @param {{from: number, to: number}} move @returns {string[]} */
function carried(board, move) {
  const after = [...board];
  after[move.to] = after[move.from];
  after[move.from] = "";
  return after;
}

export class Session {
  /**
   * @param {object} options
   * @param {() => Engine} options.engine   the engine, started on first use
   * @param {Players} [options.players]
   * @param {{level: number, timeMs: number}} [options.strength]   the engine's level and time
   * @param {"offer" | "branch"} [options.onEarlierPress]  a press on an earlier position: "offer"
   *   (the page asks whether to play on from there) or "branch" (play on from there at once)
   * @param {boolean} [options.startOnInput]  input on a game shown without the engine asks the
   *   engine about it (a board on a page); the app asks once the engine has started instead
   * @param {() => object} [options.extras]   fields the page adds to every state request
   *   (the wager system shown, whether the record is wanted)
   * @param {Timing} [options.timing]   the clock's time and timers (tests pass a fake one)
   * @param {Judge} [options.judge]   who judges the moves (judges.js; show() may change it)
   */
  constructor({ engine, players = Object.fromEntries(SIDES.map((side) => [side, "human"])), strength = { level: 3, timeMs: 2000 },
                onEarlierPress = "offer", startOnInput = true, extras = () => ({}), timing = REAL_TIME, judge = GAME }) {
    this.engine = engine;
    this.startOnInput = startOnInput;
    this.players = { ...players };
    this.strength = { ...strength };
    this.onEarlierPress = onEarlierPress;
    this.extras = extras;
    this.judge = judge;
    /** @type {Phase} what the engine is doing about the game (PHASES) */
    this.phase = "showing";
    this.epoch = 0;            // bumped whenever another game replaces this one
    /** @type {GameData} */
    this.game = { rules: "", start: "start", moves: [], resigned: null, headers: {} };
    /** @type {?State} the engine's state of the game; null until it has answered */
    this.state = null;
    /** @type {?Replayed} the game replayed for display, shown until the engine answers */
    this.early = null;
    /** @type {?Message} why the game shown could not be replayed for display, if it could not */
    this.earlyError = null;
    /** @type {?{game: GameData, players: Players, ply: number, early: ?Replayed}} in phase
     *  "loading": the game on its way in. The board shows it (replayed for display, at the ply
     *  asked), and input meanwhile is for it */
    this.incoming = null;
    /** @type {?Promise<?Reply>} in phase "starting": the engine's first answer, shared by every
     *  start() */
    this.firstAnswer = null;
    /** @type {?{from: number, to: number}} in phase "moving": the move sent, shown before the
     *  answer (a move by squares whose outcome is certain) */
    this.sent = null;
    /** @type {?number} the ply shown while reviewing (0: the start), or null for the live position */
    this.reviewing = null;
    /** @type {?number} */
    this.selected = null;
    /** @type {WaitingMove[]} moves kept until the engine can judge them, in order: one in a game
     *  (a new one replaces it); one after another where the judge answers itself (a lesson, a
     *  puzzle: the same side moves again), each shown made */
    this.kept = [];
    /** @type {Set<SessionListener>} */
    this.listeners = new Set();
    this.changeDue = false;    // a "change" is to be said at the end of this task (changed())
    /** @type {?string} the side that offered a draw, until the other answers or moves */
    this.drawOffer = null;
    /** Is the friend of a live game connected, and the game agreed on both devices (live.js
     *  says so)? Until then a game with a friend waits: see waitsForFriend. */
    this.friendPresent = false;
    /** @type {?{ply: number, captured: State["captured"], wager: State["wager"]}} captured pieces and
     *  wagers at the ply reviewed */
    this.shown = null;
    this.clock = new GameClock({
      control: () => this.game.clock,
      setControl: (clock) => { this.game.clock = clock; },
      live: () => (this.state && !this.over && !this.waitsForFriend ? { turn: this.state.turn, plies: this.state.moves.length } : null),
      // A flag falling while another game is on its way in is that game's business no more: the
      // game that comes in starts its own clock (or, refused, this one's is watched again).
      fell: (side) => { if (this.phase !== "loading") this.flag(side); },
      // A friend's clock runs here a connection's delay ahead of their own (clock.js).
      allowance: (side) => (this.players[side] === "friend" ? CONNECTION_ALLOWANCE_MS : 0),
    }, timing);
    this.assistance = new Assistance(this);
  }

  /** Move to the phase ``event`` leads to from this one (PHASES); any other is a mistake in
   *  this module, said at once. @param {string} event */
  enter(event) {
    const next = ANYWHERE[event] ?? PHASES[this.phase][event];
    if (next === undefined) throw new Error(`session: "${event}" cannot happen while ${this.phase}`); // not a message: a mistake here
    this.phase = typeof next === "function" ? next(this) : next;
  }

  // ---- listening --------------------------------------------------------------------------

  /** Hear the session: "change" (redraw), "played" (detail: the move entry, once for each move
   *  played; null: the game ended off the board), "notice" (detail: {text, action?}: text a message), "thinking" (detail: a SearchInfo, the
   *  engine's progress), "progress" (detail: a long replay's progress), "replaced" (detail:
   *  {game: the game replaced, as it was, next: the game replacing it}), "waiting" (detail: the
   *  move kept for later, or null), "dropped" (detail: {move, why}: a kept move not played, why a
   *  message),
   *  "refused" (detail: {move, reply}: a move the judge refused; the reply says why),
   *  "earlier" (a press on an earlier position, for the page to offer playing on from there).
   *  Returns the function that stops listening. @param {SessionListener} listener */
  listen(listener) {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** @param {SessionEvent} event */
  emit(...event) {
    for (const listener of this.listeners) listener(...event);
  }

  /** Say that what is shown has changed: once for all the changes of one task, at its end (a
   *  microtask), so that a move and the engine's turn it starts redraw the page once, and after
   *  the engine has been asked: the request no longer waits for two redraws (25-36 ms in each
   *  engine between the move's reply and the search's request; docs/benchmarks.md, "The
   *  engine never holds up the page"). */
  changed() {
    if (this.changeDue) return;
    this.changeDue = true;
    queueMicrotask(() => { this.changeDue = false; this.emit("change", undefined); });
  }

  /** Say ``text`` (a message) to the person, with a button (``action``) or none.
   *  @param {Message} text @param {?NoticeAction} [action] */
  notice(text, action = null) { this.emit("notice", { text, action }); }

  // ---- what is shown -----------------------------------------------------------------------

  /** The move kept to be played next, or null. @returns {?WaitingMove} */
  get waiting() { return this.kept[0] ?? null; }

  /** Has the engine been asked about the game shown (it is no longer only shown)? */
  get asked() { return this.phase !== "showing"; }

  /** How many moves the game has (the engine's count once it has answered). */
  get plies() { return this.state ? this.state.moves.length : this.game.moves.length; }

  /** The ply shown: the reviewed one, or the last. */
  get shownPly() { return this.reviewing === null ? this.plies : this.reviewing; }

  /** Whose turn it is in the live position. */
  get turn() { return this.state ? this.state.turn : sideAfter(this.startText(), this.game.moves.length); }

  /** A game's start (by default this one's) as a position string ("start" is the rule set's own). */
  startText(game = this.game) { return game.start === "start" ? startOf(game.rules) : game.start; }

  /** Whose turn it will be in the game on its way in (load()). */
  incomingTurn() { return sideAfter(this.startText(this.arriving.game), this.arriving.game.moves.length); }

  /** May a person move in the game on its way in, once it is there (it is shown, at its last
   *  ply, not ended, and a person is to move)? */
  incomingTakesInput() {
    const { game, players, ply, early } = this.arriving;
    return Boolean(early) && ply === game.moves.length && !game.resigned && !game.agreed && !game.flagged &&
      players[this.incomingTurn()] === "human";
  }

  get over() { return Boolean(this.state && this.state.result); }
  /** The game has as many plies as a game may have (the engine's limit): it cannot go on. */
  get full() { return Boolean(this.state && this.state.full); }

  /** Does the game wait for a friend on another device (one side is theirs, and they are not
   *  connected, or the two devices have not agreed the game yet)? Then nobody moves and no
   *  clock runs: a move made meanwhile would be made on time nobody counts. */
  get waitsForFriend() {
    return !this.friendPresent && SIDES.some((side) => this.players[side] === "friend");
  }

  /** The friend of a live game is there (connected, the game agreed) or gone: the clocks stop
   *  while they are gone (the time used so far charged), and run again when they are back.
   *  @param {boolean} present */
  setFriendPresent(present) {
    if (present === this.friendPresent) return;
    this.clock.settle();
    this.friendPresent = present;
    this.clock.restart();
    this.changed();
    this.nextTurn();
  }

  /** The engine's state, in the phases that have one (from its first answer on): reading it
   *  before then is a mistake in the session, as reading a property of null would be.
   *  @returns {State} */
  get live() {
    if (!this.state) throw new Error("the engine has not answered yet"); // not a message: a mistake here
    return this.state;
  }

  /** The game on its way in, in phase "loading" (as live is the state).
   *  @returns {{game: GameData, players: Players, ply: number, early: ?Replayed}} */
  get arriving() {
    if (!this.incoming) throw new Error("no game is on its way in"); // not a message: a mistake here
    return this.incoming;
  }

  /** Can a person move now (the engine there, nothing on its way, the live position)? */
  get humanToMove() {
    return this.phase === "idle" && !this.over && this.players[this.live.turn] === "human" && this.reviewing === null &&
      !this.waitsForFriend;
  }

  /** Would a person be to move once the engine answers (it is loading, or thinking, or a game
   *  is on its way in, or a move)? Their input is then kept as the waiting move. */
  get humanWaits() {
    const side = this.sideWaited();
    return side !== null && this.players[side] === "human";
  }

  /** The side to move once the engine has answered, while it cannot judge a move yet: the
   *  incoming game's, the game shown's, the side the engine is moving for's other, or the side
   *  to move after the move on its way (the other side; the same one where the judge plays the
   *  answer too: a lesson, a puzzle), or the side not to move while a friend on another device
   *  moves (a premove). Null when nobody will be (an ended game, an earlier position shown, a
   *  game waiting for its friend, or the engine free to judge now). @returns {?string} */
  sideWaited() {
    if (this.phase === "loading") return this.incomingTakesInput() ? this.incomingTurn() : null;
    if (this.over || this.reviewing !== null || this.waitsForFriend) return null;
    if (this.phase === "showing" || this.phase === "starting") return this.turn;
    if (this.phase === "thinking") return otherSide(this.live.turn);
    if (this.phase === "moving") return this.judge.answers ? this.live.turn : otherSide(this.live.turn);
    if (this.players[this.live.turn] === "friend") return otherSide(this.live.turn);
    return null;
  }

  /** The side whose pieces a person may pick up now (to move, or to premove), or null. */
  get movingSide() {
    if (this.humanToMove) return this.live.turn;
    return this.humanWaits ? this.sideWaited() : null;
  }

  /** The 100 squares of the position shown: where the same side moves again (judge.answers),
   *  with the moves kept shown made, so that the next is made from there. */
  shownBoard() {
    const board = this.boardAt();
    if (!this.judge.answers || this.reviewing !== null) return board;
    return this.kept.reduce((shown, m) => (m.from === undefined ? shown : carried(shown, m)), board);
  }

  /** The 100 squares of the position shown, as the engine or the display's replay gives it. */
  boardAt() {
    const ply = this.shownPly;
    if (this.incoming && this.incoming.early) return this.incoming.early.boards[this.incoming.ply];
    if (this.state) {
      if (ply === this.state.moves.length) return this.sent ? carried(this.state.board, this.sent) : this.state.board;
      return placementBoard(ply === 0 ? this.state.start : this.state.moves[ply - 1].position);
    }
    return this.early ? this.early.boards[Math.min(ply, this.early.boards.length - 1)] : emptyBoard();
  }

  /** The position shown as a position string (once the engine has answered; before, null). */
  shownPosition() {
    const ply = this.shownPly;
    if (this.state) return ply === 0 ? this.state.start : this.state.moves[ply - 1].position;
    return null;
  }

  /** The squares of the move that led to the position shown, or null. */
  lastMoveShown() {
    const ply = this.shownPly;
    if (this.incoming && this.incoming.early) return this.incoming.early.squares[this.incoming.ply - 1] || null;
    if (this.state && this.sent && ply === this.state.moves.length) return [this.sent.from, this.sent.to];
    if (ply === 0) return null;
    if (this.state) {
      const m = this.state.moves[ply - 1];
      return m && m.from !== null ? [m.from, m.to] : null;
    }
    return this.early ? this.early.squares[ply - 1] || null : null;
  }

  /** The legal destinations of ``sq`` in the live position: [{to, capture, escape, duel}].
   *  @param {?number} sq @returns {import("./engine.js").Destination[]} */
  destinations(sq) {
    if (!this.state || sq === null) return [];
    return this.state.legal[sq] || [];
  }

  /** What the canvas board draws (BoardView.set's fields), from the session alone; reading it
   *  changes nothing (the board works out a slide itself, from the boards it is given). */
  boardProps() {
    const live = this.reviewing === null;
    const arrows = this.assistance.arrows();
    for (const m of this.kept) if (m.from !== undefined) arrows.push([m.from, m.to, WAITING_COLOUR]);
    const board = this.shownBoard();
    return {
      board, lastMove: this.lastMoveShown(), selected: this.selected, arrows,
      dests: live && this.humanToMove ? this.destinations(this.selected) : [],
      threatened: live && this.state && this.phase !== "loading" ? this.state.threatened : [],
      draggable: (/** @type {number} */ sq) => this.mayPickUp(sq, board),
    };
  }

  /** May a person pick up the piece on ``sq`` (to move it now, or to keep a move for later)?
   *  @param {number} sq @param {string[]} [board] */
  mayPickUp(sq, board = this.shownBoard()) {
    if (this.humanToMove) return this.destinations(sq).length > 0;
    const side = this.movingSide;
    return Boolean(side && board[sq]) && sideOfPiece(board[sq]) === side;
  }

  // ---- games -------------------------------------------------------------------------------

  /** Show a game at once, replayed for display (no engine), at ``ply`` (default the last);
   *  with ``judge``, judged by it from now on (a lesson's next task, another puzzle).
   *  @param {GameData} game @param {{ply?: ?number, judge?: Judge}} [options] */
  show(game, { ply = null, judge = this.judge } = {}) {
    this.epoch += 1;
    this.enter("show");
    this.judge = judge;
    this.game = { resigned: null, headers: {}, ...game, moves: [...game.moves] };
    this.drawOffer = null;
    this.clock.stop();
    this.state = null;
    this.incoming = null;
    this.firstAnswer = null;
    this.sent = null;
    this.selected = null;
    this.kept = [];
    this.assistance.hint = null;
    ({ replayed: this.early, error: this.earlyError } = forDisplay(this.startText(), this.game.moves));
    this.reviewing = ply === null || ply >= this.game.moves.length ? null : Math.max(0, ply);
    this.changed();
  }

  /** Ask the engine about ``game`` and make it this session's game. Until the engine answers,
   *  the board shows that game (replayed for display) and input is kept for it (see the
   *  module's notes), played there if it is legal. ``known``: how many of the history entries
   *  shown are still right (only later ones are sent). ``keepInput``: the input made before, on
   *  the game shown, is kept too (the game shown is this one). Resolves with the engine's reply,
   *  or null if yet another game came first; an invalid game leaves the game as it was (a move
   *  kept for it is let go, saying why).
   *  @param {GameData} game
   *  @param {{players?: ?Players, known?: number, ply?: ?number, keep?: boolean, keepInput?: boolean}} [options]
   *  @returns {Promise<?Reply>} */
  async load(game, { players = null, known = 0, ply = null, keep = true, keepInput = false } = {}) {
    this.stopSearches();
    const epoch = ++this.epoch;
    this.enter("load");
    if (!keepInput) {
      this.selected = null;
      this.dropWaiting(DROPPED.gameChanged);
    }
    this.assistance.hint = null;
    this.sent = null;
    const { replayed: early } = forDisplay(this.startText(game), game.moves);   // the engine says why not
    const shownPly = ply !== null && ply < game.moves.length ? Math.max(0, ply) : game.moves.length;
    this.incoming = { game, players: players || this.players, ply: shownPly, early };
    this.changed();
    const reply = await this.judge.open(this, game, known, (p) => this.emit("progress", p));
    if (epoch !== this.epoch) return null;
    this.incoming = null;
    if (!reply.ok) {
      this.enter("refused");
      // The move kept was made on that game's board; the game shown before goes on.
      if (!keepInput) this.dropWaiting(DROPPED.notOpened);
      // Refused while the engine was starting: it takes over the game still shown instead.
      if (!this.state) this.start({ quiet: true });
      else { this.clock.watch(); this.changed(); this.nextTurn(); }
      return reply;
    }
    this.enter("answered");
    if (keep) this.emit("replaced", { game: { ...this.game, players: { ...this.players } }, next: game });
    if (players) this.players = { ...players };
    this.game = { resigned: null, headers: {}, ...game, moves: [...game.moves] };
    this.drawOffer = null;
    this.early = null;
    this.reviewing = null;
    this.accept(reply.state, known);
    if (ply !== null && ply < this.live.moves.length) this.review(ply);
    this.changed();
    this.nextTurn();
    return reply;
  }

  /** Have the engine take over the game shown (a board that only showed it until now, or the
   *  app once the engine has started): the ply shown and any input kept carry over. Resolves
   *  with the engine's answer (null if another game came first, or is on its way in).
   *  @returns {Promise<?Reply>} */
  start({ quiet = false } = {}) {
    if (this.state) return Promise.resolve({ ok: true, state: this.state });
    if (this.phase === "loading") return Promise.resolve(null);
    if (!this.firstAnswer) {
      const answer = this.askFirst(quiet).finally(() => { if (this.firstAnswer === answer) this.firstAnswer = null; });
      this.firstAnswer = answer;
    }
    return this.firstAnswer;
  }

  /** The first request about a game shown without the engine (see start()).
   *  @param {boolean} quiet @returns {Promise<?Reply>} */
  async askFirst(quiet) {
    const epoch = this.epoch;
    this.enter("start");
    this.changed();
    const reply = await this.judge.open(this, this.game, 0, (p) => this.emit("progress", p));
    if (epoch !== this.epoch) return null;
    if (!reply.ok) {
      this.enter("refused");
      if (this.waiting) this.dropWaiting(reply.error);
      this.selected = null;
      if (!quiet && !reply.restarted) this.notice(reply.error);
      this.changed();
      return reply;
    }
    this.enter("answered");
    // The ply shown and the input kept while the engine loaded carry over.
    this.accept(reply.state, 0);
    this.early = null;
    this.changed();
    this.nextTurn();
    return reply;
  }

  /** The comment on the position after ``ply`` moves, if any. @param {number} ply @returns {?Comment} */
  comment(ply) {
    return (this.game.comments || {})[String(ply)] || null;
  }

  /** Comment on the position after ``ply`` moves (an empty comment removes it); the game, and
   *  its record, carry it. @param {number} ply @param {Comment} comment */
  setComment(ply, { text = "", arrows = "", marks = "" }) {
    const comments = { ...(this.game.comments || {}) };
    if (text.trim() || arrows.trim() || marks.trim()) comments[String(ply)] = { text, arrows, marks };
    else delete comments[String(ply)];
    this.game = { ...this.game, comments };
    this.changed();
  }

  /** A request about ``game``: its data, the page's extras, and how many history entries the
   *  page holds already. @param {GameData} game @param {number} [known] */
  asking(game, known = 0) {
    const { rules, start, moves, resigned = null, headers = {}, comments, seed = 0, agreed = false, flagged = null } = game;
    const asked = { rules, start, moves, resigned, agreed, flagged, seed, headers, known, ...this.extras() };
    return comments && Object.keys(comments).length ? { ...asked, comments } : asked;
  }

  /** Take a state from the engine; one that holds only the newer moves extends the history.
   *  @param {State} state @param {number} known */
  accept(state, known) {
    // The same game goes on (a move, a refresh): the time used so far is charged before the
    // clock starts again; a game taken anew starts its clock now.
    if (known > 0) this.clock.settle();
    if (state.moves_from) state.moves = this.live.moves.slice(0, state.moves_from).concat(state.moves);
    this.state = state;
    this.game.moves = state.moves.map((m) => m.text);
    // A comment on a position the game no longer reaches (a move taken back) goes with it.
    const comments = this.game.comments || {};
    for (const ply of Object.keys(comments)) if (Number(ply) > this.game.moves.length) delete comments[ply];
    this.assistance.hint = null;
    this.shown = null;
    this.clock.restart();
  }

  /** Ask the engine for the state again (the page shows something else: a wager system, the
   *  record). */
  async refresh() {
    if (!this.state) return;
    const reply = await this.ask("state", this.asking(this.game, this.state.moves.length));
    if (reply && reply.ok) { this.accept(reply.state, this.state.moves.length); this.changed(); }
  }

  /** A request about the current game; null if another game replaced it meanwhile.
   *  @template {import("./engine.js").Op} O
   *  @param {O} op @param {Object<string, unknown>} args
   *  @param {(progress: import("./engine.js").ProgressOf<O>) => void} [onProgress]
   *  @returns {Promise<?import("./engine.js").ReplyTo<O>>} */
  async ask(op, args, onProgress) {
    const epoch = this.epoch;
    const reply = await this.engine().request(op, args, onProgress);
    return epoch === this.epoch ? reply : null;
  }

  // ---- input: what a press means -----------------------------------------------------------

  /** A press on a square (a click, a tap, Enter on the keyboard cursor). @param {number} sq */
  press(sq) {
    if (this.earlierShown() && !this.pressEarlier()) return;
    if (!this.state && this.startOnInput) this.start();
    if (this.humanToMove) {
      const from = this.selected;
      // A move the rules refuse is sent all the same where the judge explains itself (a lesson).
      if (from !== null && (this.destinations(from).some((d) => d.to === sq) || (this.judge.explains && !this.mayPickUp(sq)))) {
        this.play({ from, to: sq });
        return;
      }
      this.selected = this.destinations(sq).length ? sq : null;
      this.changed();
      return;
    }
    if (!this.humanWaits) return;
    // The engine cannot judge yet: pick up a piece, then a square keeps the move for later; a
    // press elsewhere (or on the piece again) lets go of what was kept.
    if (this.selected !== null && this.selected !== sq && !this.mayPickUp(sq)) {
      this.keep({ from: this.selected, to: sq });
      return;
    }
    // (Where the same side moves again, a piece picked up begins the move kept after it.)
    if (this.kept.length && !(this.judge.answers && this.mayPickUp(sq))) {
      this.kept = [];
      this.emit("waiting", null);
    }
    this.selected = this.mayPickUp(sq) && this.selected !== sq ? sq : null;
    this.changed();
  }

  /** A piece dragged from one square to another. @param {number} from @param {number} to */
  drop(from, to) {
    if (this.earlierShown() && !this.pressEarlier()) return;
    if (!this.state && this.startOnInput) this.start();
    if (this.humanToMove) {
      if (this.destinations(from).some((d) => d.to === to) || this.judge.explains) this.play({ from, to });
      else {
        this.selected = null;
        this.changed();
      }
      return;
    }
    if (this.humanWaits && this.mayPickUp(from)) this.keep({ from, to });
  }

  /** A move typed as text: played now, or kept until the engine can judge it. Resolves to
   *  true if it was played or kept. @param {string} text @returns {Promise<?Reply | boolean>} */
  async type(text) {
    if (this.earlierShown() && !this.pressEarlier()) return false;
    if (!this.state && this.startOnInput) this.start();
    if (this.humanToMove) return this.play({ text }, { quiet: true });
    if (!this.humanWaits) return false;
    this.keep({ text });
    return true;
  }

  /** Keep a move until the engine can judge it (it is loading, thinking, or has a move on its
   *  way): in a game it replaces any kept before; where the judge answers itself it follows them.
   *  @param {WaitingMove} move */
  keep(move) {
    this.kept = this.judge.answers ? [...this.kept, move] : [move];
    this.selected = null;
    this.emit("waiting", move);
    this.changed();
    if (this.humanToMove) this.nextTurn();
  }

  /** Is an earlier position of this game shown (not a game on its way in)? */
  earlierShown() { return this.reviewing !== null && this.phase !== "loading"; }

  /** Input on an earlier position: true if it goes on as input on a new line from there (a
   *  board on a page), false if the page is asked instead (the app offers to play on). */
  pressEarlier() {
    if (this.onEarlierPress !== "branch") {
      this.emit("earlier", this.reviewing);
      return false;
    }
    // The game is cut at the position shown, which the engine is asked about; the input is
    // kept meanwhile like any made before the engine can judge it.
    this.show({ ...this.game, moves: this.game.moves.slice(0, this.reviewing ?? 0), resigned: null });
    return true;
  }

  /** Resolves once no move is on its way to the engine. */
  async settled() {
    while (this.phase === "moving") await new Promise((resolve) => setTimeout(resolve, 10));
  }

  /** Play a move (squares or text) at the live position; one at a time. Resolves with the
   *  engine's reply (null if the engine cannot take a move now, or another game replaced this
   *  one meanwhile). ``timeLeft``: a friend's move, with the time their device says they had
   *  left (ms; clock.js believes it within the connection's allowance).
   *  @param {WaitingMove & {outcome?: string}} move @param {{quiet?: boolean, timeLeft?: ?number}} [options]
   *  @returns {Promise<?Reply>} */
  async play(move, { quiet = false, timeLeft = null } = {}) {
    if (this.phase !== "idle") return null;
    this.assistance.stopAnalysis();
    this.enter("send");
    // (A kept move played leaves a piece picked up since for the move after it.)
    if (move.from === undefined || move.from === this.selected) this.selected = null;
    // A legal move by squares whose outcome is certain (not a duel) is shown at once, as sent,
    // the engine's answer replacing it: a click never waits for a round trip to the worker.
    const squares = move.from !== undefined ? move : null;
    const legal = squares ? this.destinations(squares.from).find((d) => d.to === squares.to) : null;
    this.sent = squares && legal && !legal.duel ? { from: squares.from, to: squares.to } : null;
    this.changed();
    const request = move.text !== undefined ? move.text : { from: move.from, to: move.to, outcome: move.outcome || "" };
    const epoch = this.epoch;
    const reply = await this.judge.play(this, request);
    if (epoch !== this.epoch) return null;
    this.sent = null;
    this.enter("answered");
    if (!reply.ok) {
      if (!reply.restarted && !quiet) this.notice(reply.error);
      this.emit("refused", { move, reply });
      this.dropWaiting(DROPPED.afterRefused);
      this.changed();
      return reply;
    }
    this.clock.charge(true, timeLeft);
    this.drawOffer = null;
    const before = this.live.moves.length;
    this.accept(reply.state, before);
    this.changed();
    // Each move the answer brings: this one, and the other side's answer if the judge plays one.
    for (const entry of this.live.moves.slice(before)) this.emit("played", entry);
    this.nextTurn();
    return reply;
  }

  /** After every change of the live position: the engine's move, the waiting move, or the
   *  analysis. */
  async nextTurn() {
    if (this.phase !== "idle") return;   // nothing to go on with yet, or a request on its way
    if (this.over || this.full) {
      if (this.waiting) this.dropWaiting(this.over ? DROPPED.over : DROPPED.full);
      return;
    }
    if (this.reviewing !== null) return;
    if (this.players[this.live.turn] === "engine") await this.engineMove();
    else if (this.waiting) await this.playWaiting();
    else if (this.assistance.analysis.on) this.assistance.startAnalysis();
  }

  /** Play the move kept while the engine could not judge: if it is legal now; else say why. */
  async playWaiting() {
    const move = this.kept.shift();
    if (move === undefined) throw new Error("no move is waiting"); // not a message: a mistake here
    this.emit("waiting", this.waiting);
    if (move.text !== undefined) { await this.play(move); return; }
    if (this.destinations(move.from).some((d) => d.to === move.to)) await this.play(move);
    else {
      this.emit("dropped", { move, why: DROPPED.notLegal });
      this.dropWaiting(DROPPED.afterRefused);
      this.changed();
    }
  }

  /** Let go of the moves kept for later, saying why (a message). @param {Message} why */
  dropWaiting(why) {
    const dropped = this.kept;
    this.kept = [];
    for (const move of dropped) this.emit("dropped", { move, why });
  }

  // ---- the engine's turn -------------------------------------------------------------------

  async engineMove() {
    this.enter("think");
    this.changed();
    const side = this.live.turn;
    const clock = this.game.clock
      ? { clock: { remaining_ms: Math.max(0, Math.round(this.clock.timeLeft(side))), increment_ms: this.game.clock.increment } } : {};
    const reply = await this.ask("think", { ...this.asking(this.game), level: this.strength.level,
                                            time_ms: this.strength.timeMs, ...clock }, (info) => this.emit("thinking", info));
    if (!reply) return;                 // another game replaced this one meanwhile
    this.enter("answered");
    if (!reply.ok || !reply.best || !reply.best.move) {
      if (!reply.restarted) this.notice(reply.ok ? message("session.noMove") : reply.error);
      this.changed();
      return;
    }
    const { from, to, outcome, text } = reply.best.move;
    await this.play(from === null ? { text } : { from, to, outcome });
  }

  /** Stop whatever the engine is searching (its move is then played at once). */
  stopSearches() {
    this.assistance.stopAnalysis();
    this.moveNow();
  }

  /** The engine's move now: its search stops, and the best move found so far is played. */
  moveNow() { if (this.phase === "thinking") this.engine().stop(); }

  // ---- reviewing and taking back -----------------------------------------------------------

  /** Show the position after ``ply`` moves (the last: back to the live game). @param {number} ply */
  review(ply) {
    const last = this.plies;
    const target = Math.max(0, Math.min(ply, last));
    this.assistance.stopAnalysis();
    this.reviewing = target === last ? null : target;
    this.selected = null;
    this.changed();
    if (!this.state || this.phase === "loading") return;
    if (this.reviewing === null) { this.shown = null; this.nextTurn(); }
    else { this.assistance.startAnalysis(); this.askShown(); }
  }

  /** Where a review key goes: "first", "prev", "next", "last" (or the arrow keys' names).
   *  @param {string} where @returns {boolean} whether it named a place to go */
  step(where) {
    const at = this.shownPly, last = this.plies;
    const go = { first: 0, Home: 0, prev: at - 1, ArrowLeft: at - 1, ArrowUp: at - 1,
                 next: at + 1, ArrowRight: at + 1, ArrowDown: at + 1, last, End: last }[where];
    if (go === undefined) return false;
    this.review(go);
    return true;
  }

  /** Captured pieces and wagers at the ply reviewed (the live game's are in the state): asked
   *  of the engine as the review moves. */
  async askShown() {
    const ply = this.reviewing;
    if (ply === null || !this.state) { this.shown = null; return; }
    const reply = await this.ask("state", { ...this.asking(this.game, this.state.moves.length), shown: ply });
    if (!reply || !reply.ok || this.reviewing !== ply) return;
    this.shown = { ply, captured: reply.state.captured, wager: reply.state.wager };
    this.changed();
  }

  /** Take back the last move (against the engine, back to the person's own turn). A finished
   *  game is never revived — not a resignation, an agreed draw, a flag fall or a win on the
   *  board: reviewing it (Analyse) and a rematch are the ways on, as on lichess. Not in a game
   *  with a friend on another device: there both must agree (live.js's takeback). */
  async undo() {
    if (this.phase === "moving" || !this.state || this.over) return null;
    if (SIDES.some((side) => this.players[side] === "friend")) return null;
    const moves = this.game.moves.slice();
    if (!moves.length) return null;
    moves.pop();
    const sideAfter = (/** @type {number} */ n) => this.live.moves[n] ? this.live.moves[n].side : this.live.turn;
    while (moves.length && this.players[sideAfter(moves.length)] === "engine") moves.pop();
    return this.load({ ...this.game, moves }, { known: moves.length });
  }

  // ---- the game's end and who plays ----------------------------------------------------------

  /** Resign for ``side``. @param {string} side */
  async resign(side) { return this.end({ resigned: side }); }

  /** End the game by agreement (a draw offered by one person and accepted by the other). */
  async agreeDraw() { return this.end({ agreed: true }); }

  /** End the game on time: ``side``'s clock ran out (the engine judges what that means).
   *  @param {string} side */
  async flag(side) { return this.end({ flagged: side }); }

  /** Who plays from now on (a game between two people taken on against the engine, say).
   *  @param {Players} players */
  setPlayers(players) {
    this.players = { ...players };
    this.changed();
    this.nextTurn();
  }

  /** Offer a draw for ``side`` (two people: the other accepts or declines), or take it back (null).
   *  @param {?string} side */
  offerDraw(side) {
    this.drawOffer = this.over ? null : side;
    this.changed();
  }

  /** End the game off the board: ``how`` it ended, as the game keeps it.
   *  @param {{resigned?: string, agreed?: boolean, flagged?: string}} how @returns {Promise<?Reply>} */
  async end(how) {
    if (!this.state || this.over) return null;
    this.clock.charge(false);
    this.drawOffer = null;
    const reply = await this.load({ ...this.game, ...how }, { known: this.state.moves.length, keep: false });
    if (reply && reply.ok) this.emit("played", null);
    return reply;
  }
}

/** The board editor's session: a position being set up, and what a press means there — with a
 *  piece of the palette chosen, a press places it (or takes it off again); with "remove", it
 *  takes a piece off; with "move", it picks a piece up and puts it on the next empty square
 *  pressed (a drag moves it onto any square, off the board removes it). No rules: the engine
 *  judges the position the page sends it. */
export class SetUp {
  constructor() {
    /** @type {string[]} */
    this.board = emptyBoard();
    this.side = BLACK;                                 // who is to move
    /** @type {Object<string, boolean>} the Princesses' escapes still in hand, by side */
    this.escapes = Object.fromEntries(SIDES.map((side) => [side, true]));
    this.tool = "move";        // "move", "remove", or the piece letter being placed
    /** @type {?number} with the move tool: the square picked up by a press */
    this.selected = null;
    /** @type {Set<(what: string) => void>} */
    this.listeners = new Set();
  }

  /** Hear every change: "position" (the page redraws and asks the engine about it) or "view"
   *  (a tool chosen, a piece picked up: only drawn). @param {(what: string) => void} listener */
  listen(listener) {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  changed(what = "position") { for (const listener of this.listeners) listener(what); }

  /** @param {string} tool */
  pickTool(tool) {
    this.tool = tool;
    this.selected = null;
    this.changed("view");
  }

  /** @param {number} sq */
  press(sq) {
    if (this.tool === "remove") { this.dropOff(sq); return; }
    if (this.tool !== "move") { this.place(sq, this.board[sq] === this.tool ? "" : this.tool); return; }
    // A piece picked up by a press goes to the next empty square pressed (a press on another
    // piece picks that one up instead; dragging onto a piece replaces it).
    if (this.selected !== null && !this.board[sq]) { this.drop(this.selected, sq); return; }
    this.selected = this.board[sq] && this.selected !== sq ? sq : null;
    this.changed("view");
  }

  /** @param {number} from @param {number} to */
  drop(from, to) {
    const piece = this.board[from];
    if (from !== to) this.board[from] = "";
    this.board[to] = piece;
    this.selected = null;
    this.changed();
  }

  /** @param {number} sq */
  dropOff(sq) { this.place(sq, ""); }

  /** Put ``piece`` (a letter, or "" for none) on ``sq``. @param {number} sq @param {string} piece */
  place(sq, piece) {
    this.board[sq] = piece;
    this.selected = null;
    this.changed();
  }

  /** @param {string[]} board */
  setBoard(board) {
    this.board = board;
    this.selected = null;
    this.changed();
  }

  /** What the canvas board draws. */
  boardProps() {
    return { board: this.board, selected: this.selected, flipped: false,
             draggable: (/** @type {number} */ sq) => this.tool === "move" && Boolean(this.board[sq]) };
  }
}
