// A live game with a friend on another device: the controller that keeps one game agreed on two
// devices, over a channel (live-protocol.js's messages; the page backs it with a WebRTC data
// channel, the tests with an in-memory pair). It joins the page's Session (session.js), where
// this device's player has one side ("human") and the friend the other ("friend": the board
// refuses input for it and the engine never plays it). No DOM: the page listens.
//
// Each device replays every move through its own engine: the local player's moves are sent once
// the engine has played them here (the session's "played"), the friend's are played here by
// squares (a duel decided by the seed the two devices agreed) and must lead to the position
// whose hash came with them; anything else is refused, said to the player, and the game stays as
// it was. Each device's clock of its own player is the one that counts: a move carries the time
// its mover had left, and the other device takes it (clock.js). While the friend is away nobody
// moves and both clocks stop (Session.waitsForFriend).
//
// Off the board, either side may act at any time, so a message can cross a move on its way:
// an agreement (a resignation, a flag fall, a draw or takeback accepted) names the game's length
// it was made at, and it wins over a move it crossed: the mover's device withdraws that move (it
// was never acknowledged) and the other ignores it. Two endings that cross are settled by the
// host's (the device that invited). On every new connection both devices greet (hello), agree
// a seed if either lacks one, and send their whole games (resync): the shorter is brought up to
// date when it is the start of the longer; otherwise the page is told that the games differ and
// each device keeps its own record.
//
// What the controller tells its page is a message (i18n.js: a key under live, and its arguments),
// worded by the page in its reader's language when it shows it; nothing sent to the friend's
// device is in any language (the two friends may read different ones).
import { NOTATION, SIDES } from "../engine-data.js";
import { CONNECTION_ALLOWANCE_MS } from "./clock.js";
import { message } from "./i18n.js";
import { GAME } from "./judges.js";
import { ProtocolError, RESYNC_PART_MOVES, RateLimiter, checkReveal, combineSeeds, newGameId, newSeedHalf, positionHash, readMessage,
         resyncParts, tooFast, writeMessage } from "./live-protocol.js";
import { moveSquares, otherSide } from "./position.js";
import { newGame } from "./storage.js";

/**
 * @typedef {import("./session.js").Session} Session
 * @typedef {import("./session.js").GameData} GameData
 * @typedef {import("./session.js").LiveRecord} LiveRecord
 * @typedef {import("./session.js").Reply} Reply
 * @typedef {import("./session.js").WaitingMove} WaitingMove
 * @typedef {import("./engine.js").MoveEntry} MoveEntry
 * @typedef {import("./engine.js").Result} Result
 * @typedef {import("./live-protocol.js").Message} Message
 * @typedef {import("./live-protocol.js").Ending} Ending
 * @typedef {import("./live-protocol.js").Hello} Hello
 * @typedef {import("./live-protocol.js").Resync} Resync
 * @typedef {import("./live-protocol.js").SeedHalf} SeedHalf
 * @typedef {import("./i18n.js").Message} Said   what the player reads, as a message
 * @typedef {import("./i18n.js").MessageArg} SaidArg
 *
 * @typedef {{send: (text: string) => void, close: () => void}} Channel   an open, reliable, ordered
 *   text channel to the friend's device; what it receives the page hands to receive(), and its
 *   closing to closed()
 * @typedef {{by: string}} DrawOffer   a draw offered by side ``by``
 * @typedef {{by: string, to: number}} TakebackAsked   a takeback asked by side ``by``: the game cut
 *   back to ``to`` moves
 * @typedef {{by: "me" | "friend", id: string, mine?: SeedHalf, commit?: string}} RematchOffer   a
 *   rematch offered, its new game's id, and the halves of its seed as far as they are known
 * @typedef {{id: string, mine: SeedHalf, theirs: string, rematch: boolean, seed?: number}} Agreement
 *   a seed being agreed for game ``id``: this device's half, the friend's commitment, and the
 *   seed once the friend's half is revealed
 * @typedef {{moves: string[], hash: string, ending: Ending, time: ?number}} TheirGame
 *   the friend's whole game, as its resync said it
 *
 * What the controller tells the page: every detail has what the player reads (message), as a
 * message the page words.
 * @typedef {["connected", {message: Said}] | ["disconnected", {message: Said}] | ["left", {message: Said}]
 *   | ["moved", {message: Said, move: MoveEntry}] | ["refused", {message: Said}] | ["notice", {message: Said}]
 *   | ["draw", {message: Said, offered: boolean}] | ["takeback", {message: Said, asked: boolean}]
 *   | ["rematch", {message: Said, offered: boolean}] | ["started", {message: Said, game: GameData}]
 *   | ["over", {message: Said, result: Result}] | ["differ", {message: Said}]} LiveEvent
 * @typedef {(...event: LiveEvent) => void} LiveListener
 */

/** A message with no arguments, as a constant (state and events hold it; nothing changes it).
 *  @param {string} key @returns {Said} */
const fixed = (key) => Object.freeze(message(key));

/** What the page reads: each a message (live.*). */
const SAY = {
  connected: fixed("live.connected"),
  dropped: fixed("live.dropped"),
  left: fixed("live.left"),
  beforeHello: fixed("live.refused.beforeHello"),
  helloTwice: fixed("live.refused.helloTwice"),
  otherGame: fixed("live.refused.otherGame"),
  notReady: fixed("live.refused.notReady"),
  resyncTwice: fixed("live.refused.resyncTwice"),
  resyncOrder: fixed("live.refused.resyncOrder"),
  outOfTurn: fixed("live.refused.outOfTurn"),
  afterEnd: fixed("live.refused.afterEnd"),
  hash: fixed("live.refused.hash"),
  busy: fixed("live.refused.busy"),
  stale: fixed("live.refused.stale"),
  noOffer: fixed("live.refused.noOffer"),
  clockNotRunning: fixed("live.refused.clockNotRunning"),
  unexpectedSeed: fixed("live.refused.unexpectedSeed"),
  noEngine: fixed("live.refused.noEngine"),
  seedsDiffer: fixed("live.differ.seeds"),
  theirsDiffers: fixed("live.differ.theirs"),
  endedOtherwise: fixed("live.differ.endedOtherwise"),
  drawOffered: fixed("live.drawOffered"),
  drawDeclined: fixed("live.drawDeclined"),
  takebackAsked: fixed("live.takebackAsked"),
  takebackDeclined: fixed("live.takebackDeclined"),
  rematchOffered: fixed("live.rematchOffered"),
  rematchDeclined: fixed("live.rematchDeclined"),
  gameOver: fixed("live.gameOver"),
  otherGameFirst: fixed("live.why.otherGameFirst"),
  replaced: fixed("live.why.replaced"),
  /** @param {string} app */
  otherVersion: (app) => message("live.otherVersion", { app: app.slice(0, 20) }),
  /** @param {string} how what is other (live.setUp.<how>) */
  otherSetUp: (how) => message("live.differ.otherSetUp", { how: message(`live.setUp.${how}`) }),
  /** @param {number} n @param {number} at */
  numbered: (n, at) => message("live.refused.numbered", { move: n, count: at }),
  /** @param {SaidArg} why the engine's refusal */
  illegal: (why) => message("live.refused.illegal", { why }),
  /** @param {number} ply */
  differFrom: (ply) => message("live.differ.fromMove", { move: ply }),
  /** @param {string} theirs @param {string} ours */
  otherMove: (theirs, ours) => message("live.why.otherMove", { theirs: theirs.slice(0, 24), ours: ours.slice(0, 24) }),
  /** @param {number} seconds */
  notFlagged: (seconds) => message("live.refused.notFlagged", { seconds }),
  /** @param {SaidArg} detail what went wrong */
  internal: (detail) => message("live.refused.internal", { detail }),
  /** @param {string} move its text */
  friendPlayed: (move) => message("live.friendPlayed", { move }),
  /** @param {string} side */
  rematchStarted: (side) => message("live.rematchStarted", { side: message(`side.${side}`) }),
};

/** A refusal as the session's judge replies one: its error a message, as the engine's are.
 *  @param {Said} why @returns {Reply} */
const refusedReply = (why) => /** @type {Reply} */ (/** @type {unknown} */ ({ ok: false, error: why }));
/** A reply's error as an argument of a message (the engine's errors are messages).
 *  @param {{error?: unknown}} reply @returns {SaidArg} */
const errorOf = (reply) => /** @type {SaidArg} */ (reply.error ?? "");
/** Is ``error`` the message ``said``? @param {unknown} error @param {Said} said */
const isSaid = (error, said) => typeof error === "object" && error !== null && /** @type {Said} */ (error).key === said.key;
/** The message of how a game ended, as the engine gave it (its result's words), or a word that
 *  it is over. @param {Result} result @returns {Said} */
const resultSaid = (result) => {
  const words = /** @type {unknown} */ (result.words);
  return typeof words === "object" && words !== null && typeof /** @type {Said} */ (words).key === "string"
    ? /** @type {Said} */ (words) : SAY.gameOver;
};

/** What went wrong here, not the friend's (a game replaced meanwhile, the engine's refusal): said
 *  as SAY.internal. */
class Failed extends Error {
  /** @param {SaidArg} reason */
  constructor(reason) {
    super(typeof reason === "object" ? reason.key : String(reason));
    this.reason = reason;
  }
}

/** A flood of messages is said once, and again only after this long without one (ms). */
const FLOOD_QUIET_MS = 10000;

/** How a game ended off the board, as the game keeps it. @param {GameData} game @returns {Ending} */
const endingOf = (game) => ({ resigned: game.resigned ?? null, agreed: Boolean(game.agreed), flagged: game.flagged ?? null });
/** @param {Ending} e */
const hasEnding = (e) => Boolean(e.resigned || e.agreed || e.flagged);
/** @param {Ending} a @param {Ending} b */
const sameEnding = (a, b) => a.resigned === b.resigned && a.agreed === b.agreed && a.flagged === b.flagged;
/** A game with ``ending`` in place of its own. @param {GameData} game @param {Ending} ending @returns {GameData} */
const endedAs = (game, ending) => {
  const { agreed: _, flagged: __, ...rest } = game;
  return { ...rest, resigned: ending.resigned, ...(ending.agreed ? { agreed: true } : {}),
           ...(ending.flagged ? { flagged: ending.flagged } : {}) };
};

export class LiveGame {
  /**
   * Join ``session`` — whose game is a live one (GameData.live) — to the friend's device.
   * @param {Session} session
   * @param {object} [options]
   * @param {string} [options.appVersion]   this app's version (build-info.js's), told to the friend
   * @param {() => number} [options.now]     the time in ms (default: the session clock's)
   * @param {() => void} [options.save]      keep the game (the page's save): after every change of it
   */
  constructor(session, { appVersion = "", now = () => session.clock.timing.now(), save = () => {} } = {}) {
    if (!session.game.live) throw new Error("live: the session's game is not a live game");  // not a message: a caller's mistake
    this.session = session;
    this.appVersion = appVersion;
    this.now = now;
    this.save = save;
    /** @type {?Channel} */
    this.channel = null;
    this.connection = 0;        // counts connections opened and closed: a task belongs to one
    this.ready = false;         // both devices agree on the game: it goes on
    this.diverged = false;      // the two games differ: nothing more is played with this friend
    this.pending = 0;           // tasks queued and not yet done
    /** @type {Promise<unknown>} every task (a message handled, a message sent) runs on it, in order */
    this.work = Promise.resolve();
    this.limiter = new RateLimiter({ now });
    this.floodSaid = -Infinity; // when a flood was last said
    this.applying = 0;          // > 0 while an ending the friend's device sent is being applied here
    /** @type {?{hash?: string, text?: string}} what the friend's move being played must lead to */
    this.expect = null;
    /** @type {Set<string>} the ids of this connection's earlier games (their late messages lapse) */
    this.earlier = new Set();
    /** @type {Set<LiveListener>} */
    this.listeners = new Set();
    /** The judge of the session's moves: the game's rules, and for the friend's moves what they
     *  must lead to (their position hash, or in a resync their text). @type {import("./judges.js").Judge} */
    this.judge = {
      ...GAME,
      play: async (s, move) => {
        const reply = await GAME.play(s, move);
        const expect = this.expect;
        if (!reply.ok || !expect) return reply;
        const text = reply.played ? reply.played.text : "";
        if (expect.text !== undefined && text !== expect.text) return refusedReply(SAY.otherMove(expect.text, text));
        if (expect.hash !== undefined && await positionHash(reply.state.position) !== expect.hash) return refusedReply(SAY.hash);
        return reply;
      },
    };
    session.judge = this.judge;
    // What is known of the friend's device on this connection, and the seed being agreed
    // (resetConnection()):
    /** @type {?Hello} the friend's greeting */
    this.hello = null;
    /** @type {?SeedHalf} this device's half of a seed, promised in its greeting */
    this.mine = null;
    /** @type {?Agreement} */
    this.agreement = null;
    this.seedSettled = false;   // the seed is agreed (or both devices hold the same already)
    /** @type {?{plies: number, parts: number, moves: string[], first: Resync}} the friend's resync, as far as it came */
    this.resyncing = null;
    /** @type {?TheirGame} */
    this.theirs = null;
    // What belongs to one game: acknowledgements, offers, moves crossed (resetGame()):
    this.acked = 0;             // this device's moves up to this length reached the friend's
    /** @type {?{ply: number, clock: GameData["clock"]}} this device's last move: its length after
     *  it, and the clocks as they were, its time used charged (withdrawn: see withdrawOwn()) */
    this.lastOwn = null;
    /** @type {?number} the friend's move of this number crossed an agreement this device sent:
     *  ignored (the friend's device withdraws it) */
    this.crossing = null;
    /** @type {{draw: ?DrawOffer, takeback: ?TakebackAsked, rematch: ?RematchOffer}} */
    this.offers = { draw: null, takeback: null, rematch: null };
    this.overSaid = false;
    this.unlisten = session.listen((type, detail) => {
      if (type === "played") this.played(/** @type {?MoveEntry} */ (detail));
      else if (type === "change") this.watchEnd();
    });
    session.setPlayers({ [this.side]: "human", [this.friendSide]: "friend" });
  }

  /** A new connection: nothing known of the friend's device yet (see the constructor's fields). */
  resetConnection() {
    this.hello = null;
    this.mine = null;
    this.agreement = null;
    this.seedSettled = false;
    this.resyncing = null;
    this.theirs = null;
  }

  /** A new game (a rematch): nothing acknowledged, offered or crossed yet. */
  resetGame() {
    this.acked = 0;
    this.lastOwn = null;
    this.crossing = null;
    this.offers = { draw: null, takeback: null, rematch: null };
    this.overSaid = false;
  }

  /** @returns {LiveRecord} */
  get record() {
    const live = this.session.game.live;
    if (!live) throw new Error("live: the session's game is not a live game");  // not a message: a caller's mistake
    return live;
  }

  /** The side this device's player has. */
  get side() { return this.record.side; }
  /** The side the friend has. */
  get friendSide() { return otherSide(this.record.side); }
  /** Is a channel to the friend's device open? */
  get connected() { return this.channel !== null; }
  /** Does the friend's device settle crossing endings (it invited this one)? */
  get friendHosts() { return !this.record.host; }

  // ---- listening -------------------------------------------------------------------------------

  /** Hear the controller: "connected", "disconnected", "left" (the friend closed the game),
   *  "moved" (the friend's move, played here), "refused" (a message refused; the game as it was),
   *  "notice", "draw" (offered, or declined: offered says which), "takeback" (asked, or
   *  declined), "rematch" (offered, or declined), "started" (a rematch began: its game),
   *  "over" (the game ended: the engine's result), "differ" (the two games cannot be joined).
   *  Returns the function that stops listening. @param {LiveListener} listener */
  listen(listener) {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** @param {LiveEvent} event */
  emit(...event) { for (const listener of this.listeners) listener(...event); }

  /** @param {Said} said */
  refused(said) { this.emit("refused", { message: said }); }

  // ---- tasks and the channel ---------------------------------------------------------------------

  /** Run ``task`` after every task before it, with the connection it was queued on.
   *  @param {(connection: number) => unknown} task @returns {Promise<unknown>} */
  queue(task) {
    const connection = this.connection;
    this.pending += 1;
    const run = this.work.then(() => task(connection)).catch((err) => {
      // A mistake here, not the friend's: said, and the next task goes on.
      this.refused(SAY.internal(err instanceof Failed ? err.reason : String(err).slice(0, 80)));
    }).finally(() => { this.pending -= 1; });
    this.work = run;
    return run;
  }

  /** Resolves once no task is pending. */
  async quiet() {
    while (this.pending) await this.work;
  }

  /** Send ``message`` on connection ``connection``, if it is still the open one (a message of a
   *  connection gone is not sent on the next: the resync carries what it said).
   *  @param {number} connection @param {Message} message */
  send(connection, message) {
    if (connection !== this.connection || !this.channel) return;
    try { this.channel.send(writeMessage(message)); } catch { /* closing: closed() follows */ }
  }

  /** A channel to the friend's device has opened: greet, and send the whole game.
   *  @param {Channel} channel */
  open(channel) {
    if (this.channel) this.closed();
    this.channel = channel;
    this.connection += 1;
    this.diverged = false;
    this.limiter = new RateLimiter({ now: this.now });
    this.resetConnection();
    this.queue(async (connection) => {
      const s = this.session;
      if (!s.state) await s.start({ quiet: true });
      await this.idle();
      if (!s.state) { this.refused(SAY.noEngine); return; }
      const mine = await newSeedHalf();
      if (connection !== this.connection) return;
      this.mine = mine;
      const { game, live } = this.current();
      this.send(connection, { type: "hello", app: this.appVersion, game: live.id, rules: s.live.rules, start: s.live.start,
                              clock: game.clock ? { initial: game.clock.initial, increment: game.clock.increment } : null,
                              side: live.side, host: live.host, seed: live.seeded ? game.seed ?? 0 : null, commit: mine.commit });
      await this.sendResync(connection);
    });
  }

  /** A text from the friend's device: read, refused (said to the player), or handled in its turn.
   *  @param {unknown} text */
  receive(text) {
    if (!this.channel) return;
    if (!this.limiter.allow()) {
      // Said once a flood, not once a message: a flood would flood the page too.
      if (this.now() - this.floodSaid > FLOOD_QUIET_MS) this.refused(tooFast().reason);
      this.floodSaid = this.now();
      return;
    }
    let message;
    try {
      message = readMessage(text);
    } catch (err) {
      if (!(err instanceof ProtocolError)) throw err;
      this.refused(err.reason);
      return;
    }
    this.queue((connection) => this.handle(message, connection));
  }

  /** The channel has closed (or failed): the clocks stop, a takeback asked or a rematch offered
   *  lapses (a draw offered stands: its acceptance may be what comes back with the resync), and
   *  the page is told. */
  closed() {
    if (!this.channel) return;
    this.channel = null;
    this.connection += 1;
    this.ready = false;
    this.offers.takeback = null;
    this.offers.rematch = null;
    this.session.setFriendPresent(false);
    this.emit("disconnected", { message: SAY.dropped });
    this.save();
  }

  /** Leave the live game: the friend's device is told, the channel closed, and the session no
   *  longer heard (its game stays, with the friend's side theirs until the page says otherwise). */
  leave() {
    return this.queue((connection) => {
      this.send(connection, { type: "bye", game: this.record.id, reason: "leaving" });
      const channel = this.channel;
      this.closed();
      if (channel) channel.close();
      this.unlisten();
      this.session.judge = GAME;
    });
  }

  /** The session's game and its live record. */
  current() {
    const game = this.session.game;
    return { game, live: this.record };
  }

  /** Resolves once the session has nothing on its way to the engine (so a move can be played);
   *  the session says no word for it, so it is looked at every 10 ms, as Session.settled() does. */
  async idle() {
    const busy = () => ["moving", "loading", "starting", "thinking"].includes(this.session.phase);
    while (busy()) await new Promise((resolve) => setTimeout(resolve, 10));
  }

  // ---- what this device does ---------------------------------------------------------------------

  /** The session played a move or ended the game (null): this device's player's move, or an
   *  ending made here (a resignation, a draw agreed, a flag fall), goes to the friend's device.
   *  @param {?MoveEntry} entry */
  played(entry) {
    const s = this.session, game = s.game;
    if (entry === null) {
      if (!this.applying) this.sendEnding();
    } else {
      // An offer lapses when the side it was made to moves (its maker's own move leaves it).
      for (const kind of /** @type {const} */ (["draw", "takeback"])) {
        const offer = this.offers[kind];
        if (offer && offer.by !== entry.side) this.offers[kind] = null;
      }
      if (s.drawOffer !== (this.offers.draw && this.offers.draw.by)) s.offerDraw(this.offers.draw && this.offers.draw.by);
      if (entry.side === this.side) this.sendMove(entry);
    }
    if (game.live) this.save();
  }

  /** Send this device's move: its number, the time its player had left, and the hash of the
   *  position after it. @param {MoveEntry} entry */
  sendMove(entry) {
    const s = this.session, clock = s.game.clock;
    const ply = s.live.moves.lastIndexOf(entry) + 1;
    const charged = s.clock.moved && s.clock.moved.side === this.side ? s.clock.moved.left : null;
    const time = clock ? (charged ?? clock[this.side]) : null;
    this.lastOwn = { ply, clock: clock && time !== null ? { ...clock, [this.side]: time } : clock };
    const { id } = this.record;
    this.queue(async (connection) => {
      const hash = await positionHash(entry.position);
      this.send(connection, { type: "move", game: id, ply, from: entry.from, to: entry.to, time, hash });
    });
  }

  /** Send the ending made here: a resignation, a draw agreed (an offer accepted), a flag fall. */
  sendEnding() {
    const s = this.session, ending = endingOf(s.game), ply = s.plies, { id } = this.record;
    /** @type {?Message} */
    let message = null;
    if (ending.resigned === this.side) message = { type: "resign", game: id, ply };
    else if (ending.agreed) message = { type: "draw", game: id, ply, act: "accept" };
    else if (ending.flagged) message = { type: "flag", game: id, ply, side: ending.flagged };
    if (!message) return;
    this.crossing = ply + 1;
    const sent = message;
    this.queue((connection) => this.send(connection, sent));
  }

  /** Offer the friend a draw. */
  offerDraw() {
    return this.queue((connection) => {
      const s = this.session;
      if (!this.ready || s.over) return;
      this.offers.draw = { by: this.side };
      s.offerDraw(this.side);
      this.send(connection, { type: "draw", game: this.record.id, ply: s.plies, act: "offer" });
    });
  }

  /** Answer the friend's draw offer. @param {boolean} accept */
  answerDraw(accept) {
    return this.queue(async (connection) => {
      const s = this.session, offer = this.offers.draw;
      if (!offer || offer.by !== this.friendSide || s.over) return;
      if (accept) {
        await this.idle();
        await s.agreeDraw();            // (sent by played(), as every ending made here)
        return;
      }
      this.offers.draw = null;
      s.offerDraw(null);
      this.send(connection, { type: "draw", game: this.record.id, ply: s.plies, act: "decline" });
    });
  }

  /** Resign this device's player's game. */
  resign() {
    return this.queue(async () => {
      await this.idle();
      await this.session.resign(this.side);
    });
  }

  /** Ask the friend to take back this device's player's last move (and the friend's answer to
   *  it, if they have made one). Only while the game is on: a finished game is never revived. */
  askTakeback() {
    return this.queue((connection) => {
      const s = this.session;
      if (!this.ready || s.over || !s.state || this.offers.takeback) return;
      const moves = s.live.moves, to = moves.map((m) => m.side).lastIndexOf(this.side);
      if (to < 0 || to < moves.length - SIDES.length) return;
      this.offers.takeback = { by: this.side, to };
      this.send(connection, { type: "takeback", game: this.record.id, ply: moves.length, act: "ask", to });
    });
  }

  /** Answer the friend's takeback request. @param {boolean} accept */
  answerTakeback(accept) {
    return this.queue(async (connection) => {
      const s = this.session, asked = this.offers.takeback;
      if (!asked || asked.by !== this.friendSide) return;
      this.offers.takeback = null;
      const ply = s.plies;
      if (!accept || s.over || asked.to >= ply) {
        this.send(connection, { type: "takeback", game: this.record.id, ply, act: "decline", to: asked.to });
        return;
      }
      this.crossing = ply + 1;
      this.send(connection, { type: "takeback", game: this.record.id, ply, act: "accept", to: asked.to });
      await this.cutTo(asked.to);
    });
  }

  /** Offer a rematch, colours swapped (once the game is over): a new game id, and this device's
   *  promise of its half of the new seed. */
  offerRematch() {
    return this.queue(async (connection) => {
      if (!this.ready || !this.session.over || this.offers.rematch) return;
      const mine = await newSeedHalf();
      const id = newGameId();
      this.offers.rematch = { by: "me", id, mine };
      this.send(connection, { type: "rematch", game: this.record.id, act: "offer", id, commit: mine.commit });
    });
  }

  /** Answer the friend's rematch offer; accepted, both halves of the new seed are revealed and
   *  the new game starts once they are checked. @param {boolean} accept */
  answerRematch(accept) {
    return this.queue(async (connection) => {
      const offer = this.offers.rematch;
      if (!offer || offer.by !== "friend" || !offer.commit) return;
      if (!accept) {
        this.offers.rematch = null;
        this.send(connection, { type: "rematch", game: this.record.id, act: "decline", id: offer.id, commit: null });
        return;
      }
      await this.acceptRematch(connection, offer.id, offer.commit);
    });
  }

  /** Accept rematch ``id`` (the friend promised ``commit``): promise this device's half, and
   *  reveal it at once (the friend's promise is here already).
   *  @param {number} connection @param {string} id @param {string} commit */
  async acceptRematch(connection, id, commit) {
    const mine = await newSeedHalf();
    this.agreement = { id, mine, theirs: commit, rematch: true };
    this.send(connection, { type: "rematch", game: this.record.id, act: "accept", id, commit: mine.commit });
    this.send(connection, { type: "seed", game: id, half: mine.half, nonce: mine.nonce });
  }

  // ---- what the friend's device says -------------------------------------------------------------

  /** @param {Message} m @param {number} connection */
  async handle(m, connection) {
    if (connection !== this.connection || this.diverged) return;
    if (m.type === "hello") { await this.onHello(m, connection); return; }
    if (!this.hello) { this.refused(SAY.beforeHello); return; }
    if (m.type === "seed") { await this.onSeed(m, connection); return; }
    if (m.game !== this.record.id) {
      // A late word about the game before a rematch lapses; any other game's is refused.
      if (!this.earlier.has(m.game)) this.refused(SAY.otherGame);
      return;
    }
    if (m.type === "bye") { this.onBye(m); return; }
    if (m.type === "resync") { await this.onResync(m, connection); return; }
    if (!this.ready) { this.refused(SAY.notReady); return; }
    if (m.type === "move") await this.onMove(m, connection);
    else if (m.type === "ack") this.acked = Math.max(this.acked, Math.min(m.ply, this.session.plies));
    else if (m.type === "draw") await this.onDraw(m);
    else if (m.type === "resign") await this.onEnding(m, { resigned: this.friendSide, agreed: false, flagged: null });
    else if (m.type === "flag") await this.onEnding(m, { resigned: null, agreed: false, flagged: m.side });
    else if (m.type === "takeback") await this.onTakeback(m);
    else if (m.type === "rematch") await this.onRematch(m, connection);
    // (hello, seed, bye and resync are handled above)
  }

  /** The friend's greeting: the same game seen from the other side? Then the seed is agreed
   *  if either device lacks it. @param {Hello} h @param {number} connection */
  async onHello(h, connection) {
    if (this.hello) { this.refused(SAY.helloTwice); return; }
    const s = this.session, { game, live } = this.current();
    if (!s.state || !this.mine) return;
    const control = game.clock ? `${game.clock.initial}+${game.clock.increment}` : "";
    const theirControl = h.clock ? `${h.clock.initial}+${h.clock.increment}` : "";
    const problem = h.game !== live.id ? "notThisOne" : h.rules !== s.live.rules ? "otherRules"
      : h.start !== s.live.start ? "otherStart" : theirControl !== control ? "otherClock"
        : h.side !== this.friendSide ? "yourSide" : h.host === live.host ? "bothHosts" : "";
    if (problem) { this.stop(connection, SAY.otherSetUp(problem)); return; }
    this.hello = h;
    if (h.app !== this.appVersion) this.emit("notice", { message: SAY.otherVersion(h.app) });
    if (live.seeded && h.seed !== null) {
      if (h.seed !== game.seed) { this.stop(connection, SAY.seedsDiffer); return; }
      this.seedSettled = true;
    } else {
      // Either device lacks the agreed seed (a game not begun, or one whose agreement a dropped
      // connection cut short): both agree a new one, with the halves both just promised.
      this.agreement = { id: live.id, mine: this.mine, theirs: h.commit, rematch: false };
      this.send(connection, { type: "seed", game: live.id, half: this.mine.half, nonce: this.mine.nonce });
    }
    await this.finish(connection);
  }

  /** The friend's half of a seed: checked against its promise, then the seed is both halves.
   *  @param {import("./live-protocol.js").SeedReveal} m @param {number} connection */
  async onSeed(m, connection) {
    const a = this.agreement;
    if (!a || m.game !== a.id || a.seed !== undefined) { this.refused(SAY.unexpectedSeed); return; }
    try {
      await checkReveal(a.theirs, m);
    } catch (err) {
      if (!(err instanceof ProtocolError)) throw err;
      this.agreement = null;
      if (a.rematch) this.offers.rematch = null;
      this.refused(err.reason);
      return;
    }
    a.seed = combineSeeds(a.mine.half, m.half);
    if (a.rematch) { await this.startRematch(a); return; }
    this.seedSettled = true;
    await this.finish(connection);
  }

  /** A part of the friend's whole game. @param {Resync} m @param {number} connection */
  async onResync(m, connection) {
    if (this.theirs || this.ready) { this.refused(SAY.resyncTwice); return; }
    let whole = this.resyncing;
    if (m.part === 0) whole = { plies: m.plies, parts: m.parts, moves: [...m.moves], first: m };
    else if (whole && whole.plies === m.plies && whole.parts === m.parts && whole.moves.length === m.part * RESYNC_PART_MOVES) {
      whole.moves.push(...m.moves);
    } else {
      this.resyncing = null;
      this.refused(SAY.resyncOrder);
      return;
    }
    this.resyncing = whole;
    if (whole.moves.length < whole.plies) return;
    const { hash, ending, time } = whole.first;
    this.theirs = { moves: whole.moves, hash, ending, time };
    this.resyncing = null;
    await this.finish(connection);
  }

  /** Once the greeting, the seed and the friend's whole game are here: the seed agreed goes into
   *  the game, the two games are joined, the friend's clock set by their word, and the game goes on. @param {number} connection */
  async finish(connection) {
    if (this.ready || !this.hello || !this.seedSettled || !this.theirs || connection !== this.connection) return;
    const s = this.session, theirs = this.theirs;
    const a = this.agreement;
    if (a && !a.rematch && a.seed !== undefined) {
      const { game, live } = this.current();
      await this.reload({ ...game, seed: a.seed, live: { ...live, seeded: true } }, game.moves.length);
      this.agreement = null;
    }
    const before = s.plies;
    const problem = await this.join(theirs);
    if (problem) { this.stop(connection, problem); return; }
    const { game } = this.current();
    if (game.clock && theirs.time !== null) {
      // The friend's time is their device's word, within what this one counted (and the
      // increments of the moves just taken from them).
      const most = game.clock[this.friendSide] + CONNECTION_ALLOWANCE_MS + game.clock.increment * Math.max(0, s.plies - before);
      s.game.clock = { ...game.clock, [this.friendSide]: Math.min(theirs.time, most) };
    }
    this.acked = Math.min(s.plies, theirs.moves.length);
    this.ready = true;
    this.send(connection, { type: "ack", game: this.record.id, ply: s.plies });
    s.setFriendPresent(true);
    this.emit("connected", { message: SAY.connected });
    this.save();
    this.watchEnd();
  }

  /** Join this game and the friend's (both whole): the shorter is brought up to date when it is
   *  the start of the longer. Resolves to null, or what says why they cannot be joined.
   *  @param {TheirGame} theirs @returns {Promise<?Said>} */
  async join(theirs) {
    const s = this.session, mine = s.game.moves, ours = endingOf(s.game);
    let common = 0;
    while (common < mine.length && common < theirs.moves.length && mine[common] === theirs.moves[common]) common += 1;
    if (common < mine.length && common < theirs.moves.length) return SAY.differFrom(common + 1);
    if (theirs.moves.length > mine.length) {
      if (hasEnding(ours)) {
        // Their one move crossed this game's ending, and their device withdraws it.
        return theirs.moves.length === mine.length + 1 && s.live.turn === this.friendSide ? null : SAY.differFrom(common + 1);
      }
      const problem = await this.catchUp(theirs.moves.slice(mine.length));
      if (problem) return problem;
    } else if (theirs.moves.length < mine.length) {
      if (!hasEnding(theirs.ending)) return await this.sameHash(theirs) ? null : SAY.differFrom(theirs.moves.length);
      // This device's last move crossed their ending: it is withdrawn, and their ending taken.
      const last = s.live.moves.at(-1);
      if (mine.length !== theirs.moves.length + 1 || !last || last.side !== this.side) return SAY.differFrom(common + 1);
      await this.withdrawOwn();
    }
    if (!await this.sameHash(theirs)) return SAY.differFrom(Math.max(1, theirs.moves.length));
    return this.takeEnding(theirs.ending);
  }

  /** Does the friend's position hash match this game's position at their length? @param {TheirGame} theirs */
  async sameHash(theirs) {
    const s = this.session, at = theirs.moves.length;
    const position = at === 0 ? s.live.start : s.live.moves[at - 1].position;
    return await positionHash(position) === theirs.hash;
  }

  /** The friend's ending of the same moves: taken when this game has none, and settled by the
   *  host's when both have different ones. Resolves to null, or why not. @param {Ending} theirs */
  async takeEnding(theirs) {
    const s = this.session, ours = endingOf(s.game);
    if (!hasEnding(theirs) || sameEnding(ours, theirs) || (hasEnding(ours) && !this.friendHosts)) return null;
    if (this.refusesEnding(theirs)) return SAY.endedOtherwise;
    await this.reload(endedAs(s.game, theirs), s.plies);
    return null;
  }

  /** Why this device cannot take the friend's word that the game ended so, or null if it can: a
   *  resignation is only ever the friend's, a draw only one this device offered, and this
   *  player's time only ran out if their clock here says so too. @param {Ending} e @returns {?Said} */
  refusesEnding(e) {
    const s = this.session, offer = this.offers.draw;
    if (e.resigned === this.side) return SAY.endedOtherwise;
    if (e.agreed && !(offer && offer.by === this.side)) return SAY.noOffer;
    if (e.flagged && e.flagged !== s.live.turn) return SAY.clockNotRunning;
    if (e.flagged === this.side) {
      const left = s.clock.timeLeft(this.side);
      if (left > CONNECTION_ALLOWANCE_MS) return SAY.notFlagged(Math.round(left / 1000));
    }
    return null;
  }

  /** Play the friend's moves this game lacks, one by one as any move of theirs (a duel decided by
   *  the seed here), each to the very text their game has. @param {string[]} moves @returns {Promise<?Said>} */
  async catchUp(moves) {
    for (const text of moves) {
      const s = this.session;
      // A device never takes a move of its own player from the friend: its own are in its record.
      if (s.over || s.live.turn !== this.friendSide) return SAY.differFrom(s.plies + 1);
      const reply = await this.playFriend(this.moveOf(moveSquares(text)), { text }, null);
      if (!reply || !reply.ok) return reply ? SAY.illegal(errorOf(reply)) : SAY.busy;
    }
    return null;
  }

  /** A move by squares as the session plays it (null squares: a pass).
   *  @param {?{from: ?number, to: ?number}} squares @returns {WaitingMove} */
  moveOf(squares) {
    return squares && squares.from !== null && squares.to !== null ? { from: squares.from, to: squares.to } : { text: NOTATION.pass };
  }

  /** Play the friend's move here, through the session, judged by the engine and by what it must
   *  lead to. @param {WaitingMove} move @param {{hash?: string, text?: string}} expect @param {?number} timeLeft */
  async playFriend(move, expect, timeLeft) {
    await this.idle();
    this.expect = expect;
    try {
      return await this.session.play(move, { quiet: true, timeLeft });
    } finally {
      this.expect = null;
    }
  }

  /** The friend's move. @param {import("./live-protocol.js").MoveMessage} m @param {number} connection */
  async onMove(m, connection) {
    const s = this.session;
    // The move that crossed an agreement this device sent: the friend's device withdraws it.
    if (m.ply === this.crossing) { this.crossing = null; return; }
    if (m.ply <= s.plies) {
      const here = s.live.moves[m.ply - 1];
      // Sent again (a connection dropped before its acknowledgement): it is here already.
      if (here.side === this.friendSide && here.from === m.from && here.to === m.to) {
        this.send(connection, { type: "ack", game: this.record.id, ply: m.ply });
      } else this.refused(SAY.numbered(m.ply, s.plies));
      return;
    }
    if (m.ply !== s.plies + 1) { this.refused(SAY.numbered(m.ply, s.plies)); return; }
    if (s.over) { this.refused(SAY.afterEnd); return; }
    if (s.live.turn !== this.friendSide) { this.refused(SAY.outOfTurn); return; }
    const reply = await this.playFriend(this.moveOf(m), { hash: m.hash }, s.game.clock ? m.time : null);
    if (!reply || !reply.ok) {
      this.refused(!reply ? SAY.busy : isSaid(reply.error, SAY.hash) ? SAY.hash : SAY.illegal(errorOf(reply)));
      return;
    }
    this.crossing = null;
    this.send(connection, { type: "ack", game: this.record.id, ply: m.ply });
    const move = s.live.moves[m.ply - 1];
    this.emit("moved", { message: SAY.friendPlayed(move.text), move });
  }

  /** Is this game's last move this device's, not yet acknowledged (so it may have crossed a
   *  message of the friend's)? */
  ownUnacked() {
    const moves = this.session.live.moves, last = moves.at(-1);
    return last !== undefined && last.side === this.side && moves.length > this.acked;
  }

  /** Withdraw this device's last move (it crossed an agreement of the friend's): the game as it
   *  was before it, the time its player used still used. */
  async withdrawOwn() {
    const { game } = this.current(), ply = game.moves.length;
    const clock = this.lastOwn && this.lastOwn.ply === ply ? this.lastOwn.clock : game.clock;
    await this.reload({ ...game, moves: game.moves.slice(0, ply - 1), ...(clock ? { clock } : {}) }, ply - 1);
  }

  /** An ending the friend's device made (a resignation, a flag fall, a draw accepted) at length
   *  ``m.ply``: it wins over this device's move that crossed it; two endings that crossed are
   *  settled by the host's. @param {{ply: number}} m @param {Ending} how */
  async onEnding(m, how) {
    const s = this.session, ours = endingOf(s.game);
    if (s.over && hasEnding(ours) && s.plies === m.ply) {
      if (sameEnding(ours, how) || !this.friendHosts) return;
      const why = this.refusesEnding(how);
      if (why) this.refused(why);
      else await this.applyEnding(endedAs(s.game, how));
      return;
    }
    const crossed = s.plies === m.ply + 1 && this.ownUnacked();
    if (s.plies !== m.ply && !crossed) { this.refused(SAY.stale); return; }
    if (crossed) {
      // Judged as it stood when the friend's device made it: this device's move withdrawn first.
      const why = this.refusesEndingBefore(how);
      if (why) { this.refused(why); return; }
      await this.withdrawOwn();
    } else if (s.over) { this.refused(SAY.afterEnd); return; }
    const why = this.refusesEnding(how);
    if (why) { this.refused(why); return; }
    await this.applyEnding(endedAs(s.game, how));
  }

  /** refusesEnding() as the game stood before this device's last move (which crossed it).
   *  @param {Ending} how @returns {?Said} */
  refusesEndingBefore(how) {
    if (how.flagged === this.side) {
      const clock = this.lastOwn && this.lastOwn.clock;
      const left = clock ? clock[this.side] : 0;
      if (left > CONNECTION_ALLOWANCE_MS) return SAY.notFlagged(Math.round(left / 1000));
      return null;
    }
    if (how.flagged) return SAY.clockNotRunning;
    const offer = this.offers.draw;
    if (how.agreed && !(offer && offer.by === this.side)) return SAY.noOffer;
    return how.resigned === this.side ? SAY.stale : null;
  }

  /** End the game as the friend's device did (not sent back). @param {GameData} game */
  async applyEnding(game) {
    this.applying += 1;
    try {
      await this.reload(game, game.moves.length);
      this.session.emit("played", null);
    } finally {
      this.applying -= 1;
    }
  }

  /** The friend offers a draw, or answers this device's offer. @param {import("./live-protocol.js").DrawMessage} m */
  async onDraw(m) {
    const s = this.session;
    if (m.act === "accept") { await this.onEnding(m, { resigned: null, agreed: true, flagged: null }); return; }
    if (m.act === "decline") {
      if (!this.offers.draw || this.offers.draw.by !== this.side) return;
      this.offers.draw = null;
      s.offerDraw(null);
      this.emit("draw", { message: SAY.drawDeclined, offered: false });
      return;
    }
    if (s.over) { this.refused(SAY.afterEnd); return; }
    if (m.ply !== s.plies) return;       // made before a move it crossed: it lapsed with that move
    this.offers.draw = { by: this.friendSide };
    s.offerDraw(this.friendSide);
    this.emit("draw", { message: SAY.drawOffered, offered: true });
  }

  /** The friend asks for a takeback, or answers this device's request.
   *  @param {import("./live-protocol.js").Takeback} m */
  async onTakeback(m) {
    const s = this.session, asked = this.offers.takeback;
    if (m.act === "ask") {
      const moves = s.live.moves;
      if (s.over) { this.refused(SAY.afterEnd); return; }
      if (m.ply !== s.plies) return;     // crossed by a move of this device's: it lapsed with it
      const theirs = moves.map((entry) => entry.side).lastIndexOf(this.friendSide);
      if (m.to !== theirs || m.to < moves.length - SIDES.length) { this.refused(SAY.stale); return; }
      this.offers.takeback = { by: this.friendSide, to: m.to };
      this.emit("takeback", { message: SAY.takebackAsked, asked: true });
      return;
    }
    if (!asked || asked.by !== this.side || asked.to !== m.to) { this.refused(SAY.noOffer); return; }
    this.offers.takeback = null;
    if (m.act === "decline") { this.emit("takeback", { message: SAY.takebackDeclined, asked: false }); return; }
    const crossed = s.plies === m.ply + 1 && this.ownUnacked();
    if ((s.plies !== m.ply && !crossed) || m.to >= s.plies) { this.refused(SAY.stale); return; }
    // (A game that ended is never revived: only this device's own crossing move could have ended it.)
    if (s.over && !crossed) { this.refused(SAY.afterEnd); return; }
    if (crossed) await this.withdrawOwn();
    await this.cutTo(m.to);
  }

  /** The game cut back to ``to`` moves (a takeback both agreed): the clocks keep the time used.
   *  @param {number} to */
  async cutTo(to) {
    const { game } = this.current();
    this.session.clock.settle();
    await this.reload({ ...game, moves: game.moves.slice(0, to) }, to);
    this.acked = Math.min(this.acked, to);
    this.offers.draw = null;
    this.session.offerDraw(null);
  }

  /** The friend offers a rematch, or answers this device's offer. @param {import("./live-protocol.js").Rematch} m
   *  @param {number} connection */
  async onRematch(m, connection) {
    const mine = this.offers.rematch;
    if (!this.session.over) { this.refused(SAY.stale); return; }
    if (m.act === "offer") {
      if (mine && mine.by === "me") {
        // Both offered at once: the host's offer is the rematch (the host ignores the other's).
        if (!this.friendHosts) return;
        this.offers.rematch = { by: "friend", id: m.id, commit: m.commit ?? undefined };
        await this.acceptRematch(connection, m.id, /** @type {string} */ (m.commit));
        return;
      }
      this.offers.rematch = { by: "friend", id: m.id, commit: m.commit ?? undefined };
      this.emit("rematch", { message: SAY.rematchOffered, offered: true });
      return;
    }
    if (!mine || mine.by !== "me" || mine.id !== m.id || !mine.mine) { this.refused(SAY.noOffer); return; }
    if (m.act === "decline") {
      this.offers.rematch = null;
      this.emit("rematch", { message: SAY.rematchDeclined, offered: false });
      return;
    }
    this.agreement = { id: m.id, mine: mine.mine, theirs: /** @type {string} */ (m.commit), rematch: true };
    this.send(connection, { type: "seed", game: m.id, half: mine.mine.half, nonce: mine.mine.nonce });
  }

  /** The rematch both agreed, its seed settled: a new game, colours swapped, of the same rules,
   *  start and time control. @param {Agreement} a */
  async startRematch(a) {
    const { game: old, live } = this.current();
    const side = otherSide(live.side);
    const control = old.clock ? { initial: old.clock.initial, increment: old.clock.increment } : null;
    const game = { ...newGame(old.rules, old.start, { clock: control }), seed: /** @type {number} */ (a.seed),
                   live: { id: a.id, side, host: live.host, seeded: true } };
    this.earlier.add(live.id);
    this.agreement = null;
    this.resetGame();
    await this.idle();
    const reply = await this.session.load(game, { players: { [side]: "human", [otherSide(side)]: "friend" } });
    if (!reply || !reply.ok) throw new Failed(reply ? errorOf(reply) : SAY.otherGameFirst);
    this.emit("started", { message: SAY.rematchStarted(side), game: this.session.game });
    this.save();
  }

  /** The friend's device leaves the game, or has found that the games differ. @param {import("./live-protocol.js").Bye} m */
  onBye(m) {
    this.ready = false;
    this.session.setFriendPresent(false);
    if (m.reason === "differ") {
      this.diverged = true;
      this.emit("differ", { message: SAY.theirsDiffers });
    } else this.emit("left", { message: SAY.left });
  }

  // ---- helpers -----------------------------------------------------------------------------------

  /** This device's whole game, in parts (live-protocol.js's resyncParts). @param {number} connection */
  async sendResync(connection) {
    const s = this.session, { game, live } = this.current();
    const hash = await positionHash(s.live.position);
    const time = game.clock ? Math.max(0, Math.round(s.clock.timeLeft(this.side))) : null;
    const fields = { game: live.id, hash, ending: endingOf(game), time };
    for (const part of resyncParts(fields, game.moves)) this.send(connection, part);
  }

  /** The two games cannot be joined: nothing more is played with this friend, and both pages say
   *  so (each device keeps its own record). @param {number} connection @param {Said} said */
  stop(connection, said) {
    this.send(connection, { type: "bye", game: this.record.id, reason: "differ" });
    this.diverged = true;
    this.ready = false;
    this.session.setFriendPresent(false);
    this.emit("differ", { message: said });
  }

  /** Make ``game`` the session's game (the same game, changed: a seed, an ending, moves cut):
   *  ``known`` of its moves are as the session has them. @param {GameData} game @param {number} known */
  async reload(game, known) {
    await this.idle();
    const reply = await this.session.load(game, { known, keep: false });
    if (!reply || !reply.ok) throw new Failed(reply ? errorOf(reply) : SAY.replaced);
    this.save();
  }

  /** Say the game's end once (the engine's result, the same on both devices). */
  watchEnd() {
    const s = this.session, result = s.state && s.state.result;
    if (!result) { this.overSaid = false; return; }
    if (this.overSaid || !s.game.live) return;
    this.overSaid = true;
    this.emit("over", { message: resultSaid(result), result });
  }
}
