// The bridge to the engine worker: one request, one promise, and a watch on the worker.
// Requests are JSON values; replies come back as py_engine.facade sent them ({ok: true, ...} or
// {ok: false, error}). Every promise settles: a worker that dies or stops answering is replaced,
// and the requests it held are answered {ok: false, restarted: true} — the game is plain data
// on the page, so nothing is lost but the answer. Every error here, the facade's and this
// bridge's own, is a message ({key, args}: i18n.js), worded by the page when it shows it.

/** A message (i18n.js's shape). Made here rather than imported: <jetan-board>'s bundle loads this
 *  module as a chunk of its own, and a module it shared with the still board's file would become
 *  a third file every still page fetches. @param {string} key
 *  @param {Record<string, import("./i18n.js").MessageArg>} [args]
 *  @returns {Message} */
const message = (key, args) => (args ? { key, args } : { key });

/**
 * The replies' shapes, as py_engine/facade.py sends them (its StateReply and MoveEntry). Whatever
 * a reply says in words is a message: an error, a result, a move in descriptive notation, the
 * pieces' names.
 *
 * @typedef {import("./i18n.js").Message} Message
 *
 * @typedef {{text: string, capture: boolean, outcome: string} &
 *   ({from: number, to: number} | {from: null, to: null})} Move   a move: text "d1xg4/a" (for
 *   display), squares 0-99, a1 first (both null for a pass), and the outcome of a decided duel:
 *   "a" (attacker won), "d" (defender won) or ""
 *
 * @typedef {object} Duel        a capture fought as a duel: the two pieces (letters), the
 *   attacker's chance in percent, the winner ("attacker"/"defender"), the dice under duel=dice
 * @property {string} attacker
 * @property {string} defender
 * @property {number} odds
 * @property {string} winner
 * @property {?number[]} rolls
 *
 * @typedef {Move & {technical: string, descriptive: Message, side: string, number: number,
 *   captured: string, escape: boolean, position: string, duel: ?Duel}} MoveEntry   one move of the
 *   history (descriptive: Burroughs' descriptive notation, a message)
 *
 * @typedef {{to: number, capture: boolean, escape: boolean, duel: boolean}} Destination   a legal
 *   destination of a piece
 *
 * @typedef {object} Result      how a game ended: the result and its reason (codes), its explanation
 *   (a message), the winner (null: a draw), ``words`` one sentence for the player (a message),
 *   ``record`` the result's mark as the record writes it after the last move ("" where only its
 *   headers give it)
 * @property {string} text
 * @property {string} reason
 * @property {Message} explanation
 * @property {?string} winner
 * @property {?Message} [words]
 * @property {string} [record]
 *
 * @typedef {object} State
 * @property {string} rules        canonical rule-set text
 * @property {string} start        the start position
 * @property {string} position     the position now (position string)
 * @property {string[]} board      100 squares, a1 first: a piece letter or ""
 * @property {string} turn         "black" or "orange"
 * @property {Object<string, boolean>} escapes   escape still in hand
 * @property {number} counter      three-piece counter
 * @property {Object<string, Destination[]>} legal
 *   each piece's legal destinations, keyed by its square (and "pass" when passing is legal)
 * @property {number} moves_from   the history below holds the moves from this ply on
 * @property {MoveEntry[]} moves
 * @property {number} plies        the game's length
 * @property {number[]} threatened squares of threatened Princesses
 * @property {?Result} result
 * @property {Object<string, string[]>} captured
 * @property {{system: string, [side: string]: number | string}} wager
 * @property {Object<string, Message>} names   piece letter -> its name under these rules (a message)
 * @property {boolean} full        the game has as many plies as a game may have: it cannot go on
 * @property {string} [record]     the game record, when asked for
 * @property {import("./judges.js").Verdict} [verdict]   a lesson's or a puzzle's judge's word on
 *   the position (judges.js: not the facade's, kept beside its state)
 *
 * @typedef {object} SearchInfo   one finished depth of a search ("think" progress and result)
 * @property {number} depth
 * @property {boolean} complete
 * @property {number} score        centi-feathers for the side to move
 * @property {Move[]} pv
 * @property {?Move} move
 * @property {number} nodes
 * @property {number} time_ms
 *
 * What the page sends (the facade's fields; see py_engine/facade.py): a game as plain data,
 * and for "play" the move as squares (text only when a person typed it).
 *
 * @typedef {{from: ?number, to: ?number, outcome?: string}} SquaresMove   null squares: a pass
 * @typedef {object} GameRequest
 * @property {string} [rules]
 * @property {string} [start]       a position string, or "start"
 * @property {string[]} [moves]     the game's moves as text (its record, as saved and linked)
 * @property {?string} [resigned]
 * @property {number} [known]       history entries the page holds already
 * @property {SquaresMove | string} [move]   "play": the move to play
 * @property {number} [level]       "think": 1-6
 * @property {number} [time_ms]     "think": how long
 *
 * What each request the page makes is answered with (py_engine/facade.py's op_ functions, and
 * "think", the worker's search), and what it reports meanwhile:
 *
 * @typedef {{ok: false, error: Message, restarted?: boolean, internal?: boolean}} Failure   a request
 *   not answered, and why, a message (restarted: the engine was restarted meanwhile; internal: it
 *   failed on it)
 * @typedef {{state: {state: State}, play: {state: State, played: Move},
 *   record: {state: State, game: import("./session.js").GameData}, think: {best: ?SearchInfo, stopped: boolean},
 *   check: {rules: string, start: string}, reach: {from: string, to: string[]},
 *   destinations: {square: number, piece: string, side: string, position: string, destinations: Destination[]},
 *   lesson: {lesson: import("./judges.js").LessonVerdict}, puzzle: {puzzle: import("./judges.js").PuzzleVerdict}}} Answers
 * @typedef {keyof Answers} Op   a request the page makes
 * @typedef {{replayed: number, total: number}} ReplayProgress   a long game's replay so far
 *
 * The worker's messages: in {id, op, args} (op: a facade operation or "think"), {op: "stop"},
 * {op: "ping"}, and from the app's page {op: "runtime", module} (index.html); out {status,
 * detail, fraction}, {id, progress}, {id, reply}, {pong: true}. A status's detail is a message
 * (the step, or why the start failed), but "ready"'s: how it started (worker.js).
 *
 * @typedef {"loading" | "ready" | "error" | "restarting"} EngineState   what onStatus says
 * @typedef {keyof typeof REASONS} RestartReason   why a worker is replaced (REASONS)
 * @typedef {{status?: string, detail?: Message | string, fraction?: number, suspends?: boolean, settled?: boolean,
 *   pong?: boolean, id?: number, progress?: unknown, reply?: ReplyTo}} WorkerMessage   a message from the worker
 * @typedef {{op: Op, args: Object<string, unknown>, resolve: (reply: ReplyTo) => void,
 *   onProgress: (progress: unknown) => void, timeMs: number, retried: boolean, best: ?SearchInfo}} Pending
 *   a request sent and not yet answered (best: a search's last finished depth, see cutShort())
 */

/**
 * @template {Op} [O=Op]
 * @typedef {({ok: true, error?: undefined, restarted?: undefined} & Answers[O]) | Failure} ReplyTo
 *   the reply to request ``O``
 */
/**
 * @template {Op} O
 * @typedef {O extends "think" ? SearchInfo : ReplayProgress} ProgressOf   what request ``O``
 *   reports while it runs: a search each finished depth, any other a long replay's progress
 */

/** Why a worker is replaced (restart()): the page's Retry, a worker that stopped answering, a
 *  search cut short (cutShort()); each the message the page is told. */
const REASONS = Object.freeze({ retry: "startup.reason.retry", silent: "startup.reason.silent",
                                cutShort: "startup.reason.cutShort" });

// A worker that has said nothing for this long while a request waits is taken for dead. Python
// cannot answer while it computes, so a search may add its own time (see patience()).
const SILENCE_MS = 8000;
const PING_MS = 1000;
// A new worker says something (its loading progress) within moments of starting; one that has
// said nothing for this long never will (a browser that blocks it may say so only in its console).
const SILENT_START_MS = 30000;
// A search no longer than this need not wait for the second worker (see request()).
const SHORT_SEARCH_MS = 5000;
// A search in the page's own worker where it cannot suspend pauses this often to hear a stop.
const SLICE_MS = 100;
// Where searches cannot suspend, the second worker starts once the first has kept its snapshot
// and answered a first search, and the page has asked nothing for this long (see
// startSearcherWhenQuiet()).
const QUIET_START_MS = 1000;

export class Engine {
  /** onStatus(state, detail, fraction): "loading" (detail: the step, a message; fraction: how far
   *  along, 0..1), "ready" (detail: "restored" from the engine's snapshot, "updated" from the
   *  runtime's, or "started" afresh: a token, not words), "error" (detail: why, a message),
   *  "restarting" (detail: why, a message; "ready" follows when the new worker is up). */
  /** ``adoptEarly``: take over the worker the app's page started in its head (index.html); no
   *  other page's engine looks at a page global. ``searchesOnly``: the second engine that runs
   *  the searches where the worker cannot suspend (see searcher()).
   *  @param {{onStatus?: (state: EngineState, detail: Message | string, fraction?: number) => void, adoptEarly?: boolean,
   *           searchesOnly?: boolean}} [options] */
  constructor({ onStatus = () => {}, adoptEarly = false, searchesOnly = false } = {}) {
    this.onStatus = onStatus;
    this.adoptEarly = adoptEarly;
    this.searchesOnly = searchesOnly;
    this.suspends = true;         // can a search in the worker hear a stop mid-depth (JSPI)?
    /** @type {?Engine} */
    this.searchEngine = null;
    this.settled = false;         // has the worker done its start's work (its snapshot kept)?
    this.lastSent = 0;            // when the last request was sent (performance.now())
    /** @type {?Pending} searchesOnly: the search under way */
    this.running = null;
    this.searched = false;        // has this engine answered a search yet?
    /** @type {Map<number, Pending>} the requests sent, by their id */
    this.pending = new Map();
    this.nextId = 1;
    this.ready = false;
    this.failed = false;
    /** @type {?Worker} the engine's worker; null when none could be started */
    this.worker = null;
    /** @type {?Message} why the worker could not start (while failed) */
    this.failure = null;
    this.heard = 0;               // when the worker was last heard from (performance.now())
    this.spoke = false;           // has the worker said anything since it was started?
    this.start();
    this.watch = setInterval(() => this.check(), PING_MS);
  }

  start() {
    this.ready = false;
    this.failed = false;
    this.settled = false;
    this.heard = performance.now();
    this.spoke = false;
    // A page may load these files from another origin (a fan site embedding <jetan-board>); a
    // worker must come from the page's own origin, so it is a one-line module that imports ours.
    const early = this.adoptEarly ? adoptEarlyWorker() : null;
    this.adoptEarly = false;
    try {
      this.worker = early || newWorker(this.searchesOnly);
    } catch (err) {
      this.worker = null;
      this.fail(workerProblem(err));
      return;
    }
    this.worker.onmessage = (event) => this.receive(event.data);
    this.worker.onerror = (event) => {
      event.preventDefault();
      this.fail(workerFailed(event.message));
    };
    if (early) {
      if (early.failed) this.fail(workerFailed(early.failed));
      else for (const msg of early.held) this.receive(msg);
    }
  }

  /** The worker could not start, and ``why``. @param {Message} why */
  fail(why) {
    this.failed = true;
    this.failure = why;
    this.ready = false;
    this.settleAll(message("startup.couldNotStart", { why }), false);
    this.onStatus("error", why);
  }

  /** @param {WorkerMessage} msg */
  receive(msg) {
    this.heard = performance.now();
    this.spoke = true;
    if (!msg || msg.pong) return;
    if (msg.settled) { this.settled = true; return; }
    if (msg.status) {
      // (The worker says each status with its detail: worker.js's status().)
      const detail = /** @type {Message | string} */ (msg.detail);
      if (msg.status === "error") { this.fail(/** @type {Message} */ (detail)); return; }
      if (this.failed) return;    // a failed start stays failed until restart()
      this.ready = msg.status === "ready";
      if (this.ready) this.suspends = msg.suspends !== false;
      this.onStatus(/** @type {EngineState} */ (msg.status), detail, msg.fraction);
      return;
    }
    if (msg.id === undefined) return;
    const waiting = this.pending.get(msg.id);
    if (!waiting) return;
    if (msg.progress) { waiting.onProgress(msg.progress); return; }
    this.pending.delete(msg.id);
    if (waiting === this.running) this.running = null;
    if (waiting.op === "think") this.searched = true;
    waiting.resolve(/** @type {ReplyTo} */ (msg.reply));
  }

  /** Where a search cannot hear a stop until its depth ends (no JSPI: WebKit, every browser on an
   *  iPhone), searches run in a second engine of their own, so that everything else is answered
   *  at once by this one, and a stop is answered at once too (cutShort()). */
  searcher() {
    if (!this.searchEngine) this.searchEngine = new Engine({ searchesOnly: true });
    return this.searchEngine;
  }

  /** Start the second engine before it is needed, but not while this one starts or is about
   *  to be asked: once this worker has kept its snapshot (so the second restores it in a
   *  fraction of a second rather than starting Python afresh beside the first move) and has
   *  answered a first search (the engine's first move, a hint), and the page has been quiet a
   *  moment — when a player is thinking about a move. A second worker's start slows this one's
   *  replies while it lasts (in WebKitGTK a level-3 search took 250-300 ms then, 20 ms
   *  otherwise, most likely as the two share one compiler thread; docs/architecture.md, "The worker bridge"), so it does not start
   *  while the player is looking at a fresh board. Until then a search runs here, in slices
   *  (request()); an analysis starts it at once. */
  startSearcherWhenQuiet() {
    if (this.ready && this.settled && this.searched && !this.suspends && !this.searchesOnly &&
        !this.searchEngine && !this.pending.size && performance.now() - this.lastSent > QUIET_START_MS) {
      this.searcher();
    }
  }

  /** A search engine's stop: the search under way is answered at once with its last finished
   *  depth's move, and its busy worker is replaced by a fresh one (restored from the snapshot).
   *  Before a first depth has finished it is only asked to stop. Returns whether it was. */
  cutShort() {
    const search = this.running;
    if (!search || !this.worker) return false;
    if (!search.best) { this.worker.postMessage({ op: "stop" }); return true; }
    for (const [id, request] of this.pending) if (request === search) this.pending.delete(id);
    this.running = null;
    search.resolve({ ok: true, best: search.best, stopped: true });
    this.restart("cutShort");
    return true;
  }

  /** Send one request; resolves with the facade's reply (never rejects).
   *  @template {Op} O
   *  @param {O} op
   *  @param {GameRequest & Object<string, unknown>} [args]   the request's fields
   *  @param {(progress: ProgressOf<O>) => void} [onProgress]
   *  @returns {Promise<ReplyTo<O>>} */
  request(op, args = {}, onProgress = () => {}) {
    if (this.failed) return Promise.resolve({ ok: false, error: message("startup.couldNotStart", { why: this.whyFailed() }) });
    // Where searches cannot suspend they go to the second worker. Until it has started (seconds,
    // in WebKit) a short search (the engine's move, a hint) runs here rather than wait, in
    // slices, so that a stop — and the requests behind it — wait a slice at most (the worker
    // ignores slices where it can suspend); a long one (an analysis) waits for it.
    // (A short search does not start the second worker: its start — a snapshot restored, its
    // code compiled, a warm-up — would compete with this very search for the processor.)
    if (op === "think" && !this.searchesOnly && this.ready && !this.suspends) {
      const long = Number(args.time_ms) > SHORT_SEARCH_MS;
      const searcher = long ? this.searcher() : this.searchEngine;
      if (searcher && !searcher.failed && (searcher.ready || long)) return searcher.request(op, args, onProgress);
    }
    if (op === "think" && !this.searchesOnly) args = { ...args, slice_ms: SLICE_MS };
    // The worker answers each request with that request's reply, and reports its progress.
    const heard = /** @type {(progress: unknown) => void} */ (onProgress);
    return new Promise((resolve) => {
      /** @type {Pending} */
      const request = { resolve: /** @type {(reply: ReplyTo) => void} */ (resolve), onProgress: heard, op, args,
                        timeMs: Number(args.time_ms) || 0, retried: false, best: null };
      if (op === "think" && this.searchesOnly) {
        // Each finished depth is remembered: a stop answers with the last (cutShort()).
        request.onProgress = (info) => { request.best = /** @type {SearchInfo} */ (info); heard(info); };
        this.running = request;
      }
      this.send(request);
    });
  }

  /** Post a request to the worker, to be settled by its reply. @param {Pending} request */
  send(request) {
    this.lastSent = performance.now();
    const id = this.nextId++;
    this.pending.set(id, request);
    if (!this.worker) throw new Error("the engine has no worker");   // not a message: a mistake in this module
    this.worker.postMessage({ id, op: request.op, args: request.args });
  }

  /** Stop a running "think": in the second engine it is cut short at once (cutShort()); here
   *  it is asked to stop, and stops within milliseconds (suspending) or a slice (request()). */
  stop() {
    if (this.searchEngine && this.searchEngine.cutShort()) return;
    if (this.worker) this.worker.postMessage({ op: "stop" });
  }

  /** How long the worker may stay silent: longer while a search of a given time runs. */
  patience() {
    let longest = 0;
    for (const p of this.pending.values()) longest = Math.max(longest, p.timeMs);
    return SILENCE_MS + longest;
  }

  check() {
    this.startSearcherWhenQuiet();
    if (!this.spoke && !this.failed && this.worker && performance.now() - this.heard > SILENT_START_MS) {
      this.worker.terminate();
      this.fail(workerProblem(null));
      return;
    }
    if (!this.ready || !this.pending.size) { this.heard = performance.now(); return; }
    if (performance.now() - this.heard > this.patience()) {
      this.restart("silent");
      return;
    }
    this.worker?.postMessage({ op: "ping" });
  }

  /** Replace the worker (after a failure, or for the page's Retry button), saying why (REASONS:
   *  the message "restarting" tells, and the requests not sent again). The requests it held are sent
   *  again, once, to the new one (every request carries its whole game, so this is safe); a
   *  search is not (its time is gone), nor a request that was already sent again.
   *  @param {RestartReason} [reason] */
  restart(reason = "retry") {
    if (this.worker) this.worker.terminate();
    const waiting = [...this.pending.values()];
    this.pending.clear();
    const why = message(REASONS[reason]);
    this.onStatus("restarting", why);
    this.start();
    for (const request of waiting) {
      if (this.failed || request.retried || request.op === "think") {
        request.resolve({ ok: false, error: message("startup.restarted", { why }), restarted: true });
      } else {
        this.send({ ...request, retried: true });
      }
    }
  }

  /** Why the worker could not start (while it has not). @returns {Message} */
  whyFailed() { return this.failure ?? message("startup.workerNoStart"); }

  /** Answer every request still waiting with ``error``. @param {Message} error @param {boolean} restarted */
  settleAll(error, restarted) {
    const waiting = [...this.pending.values()];
    this.pending.clear();
    for (const w of waiting) w.resolve({ ok: false, error, restarted });
  }
}

/** @param {boolean} searchesOnly  the second worker, which warms up before it is ready */
function newWorker(searchesOnly) {
  // A sandboxed frame's opaque origin may start no worker: some browsers throw, others only
  // log it and leave the worker silent for ever.
  if (globalThis.origin === "null") throw new DOMException("opaque origin", "SecurityError"); // not a message: worded by workerProblem
  const url = new URL("./worker.js", import.meta.url);
  // ?jspi=off on the page runs the engine as in a browser without JSPI (the tests use it).
  if (new URLSearchParams(location.search).get("jspi") === "off") url.searchParams.set("jspi", "off");
  if (searchesOnly) url.searchParams.set("role", "searches");
  const script = url.origin === location.origin ? url
    : URL.createObjectURL(new Blob([`import ${JSON.stringify(url.href)};`], { type: "text/javascript" }));
  return new Worker(script, { type: "module" });
}

/** Why no worker could be made, a message a page's author can act on. A sandboxed frame without
 *  allow-same-origin has an opaque origin, from which no worker can be started.
 *  @param {unknown} err   what starting it threw, or null: it never said anything
 *  @returns {Message} */
function workerProblem(err) {
  // (Read as properties are read of any value: a thrown string or null has neither.)
  const { name, message: text } = /** @type {{name?: unknown, message?: unknown}} */ (Object(err));
  if (globalThis.origin === "null" || (err && name === "SecurityError")) {
    // (The attribute as the host page writes it: code, not words.)
    return message("startup.sandboxed", { sandbox: 'sandbox="allow-scripts allow-same-origin"' }); // not a message: HTML
  }
  if (!err) return message("startup.neverStarted");
  return message("startup.workerNotMade", { detail: String(err && text ? text : err).slice(0, 120) });
}

/** A worker that failed as it started, and what the browser said of it (its own words, in its
 *  own language; index.html's early worker may say only that it failed).
 *  @param {unknown} said @returns {Message} */
function workerFailed(said) {
  return typeof said === "string" && said ? message("startup.workerFailed", { detail: said.slice(0, 200) })
    : message("startup.workerNoStart");
}

/** The worker the app's page started in its <head> (index.html), before any module loaded,
 *  with the messages it has sent so far (held) or that it failed (failed: what the browser said,
 *  or true); taken once. Anything else under that name (an element whose id clobbers it) is not
 *  a worker and is left alone.
 *  @returns {?(Worker & {held: WorkerMessage[], failed?: string | boolean})} */
function adoptEarlyWorker() {
  const page = /** @type {{jetanEarlyWorker?: unknown}} */ (globalThis);
  const early = page.jetanEarlyWorker;
  if (!(early instanceof Worker) || !Array.isArray(/** @type {{held?: unknown}} */ (early).held)) return null;
  delete page.jetanEarlyWorker;
  return /** @type {Worker & {held: WorkerMessage[], failed?: string | boolean}} */ (early);
}

/** @type {?Engine} */
let shared = null;
/** @type {Set<() => void>} */
const readyListeners = new Set();

/** The page's one engine, started on first use and shared by every board on the page. */
export function sharedEngine() {
  if (!shared) {
    shared = new Engine({ onStatus: (state) => { if (state === "ready") for (const heard of readyListeners) heard(); } });
  }
  return shared;
}

/** Has the page's shared engine started (without starting it)? */
export const sharedEngineReady = () => Boolean(shared && shared.ready);
/** Has it failed to start? */
export const sharedEngineFailed = () => Boolean(shared && shared.failed);

/** Call ``heard`` whenever the page's shared engine is (or becomes) ready; returns the function
 *  that stops listening. @param {() => void} heard */
export function onEngineReady(heard) {
  readyListeners.add(heard);
  if (sharedEngineReady()) heard();
  return () => readyListeners.delete(heard);
}
