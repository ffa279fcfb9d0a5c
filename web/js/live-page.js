// Live play with a friend on another device, as the app's page offers it: the invitation (a link,
// its QR code, the device's share sheet), the friend's side (the game offered, accepted, and an
// answer to send back), the answer taken (pasted, or opened as a link in another tab of this
// browser: it comes here over a BroadcastChannel), and the game itself — live.js's controller on
// a WebRTC data channel (peer.js) — with its news said in the notice bar. A connection that cannot
// be made, or is lost, loses nothing: the game is saved after every move, either side can send a
// fresh invitation from the game, and the game can go on by correspondence links instead.
//
// Everything the page says here is a message (i18n.js), kept as one and worded when shown: the
// dialog says it again in the reader's language when it changes, as the notice bar does its own
// (panels.js). Nothing of a language goes to the friend's device: the friend's own page words
// the invitation in theirs.
import { $ } from "./dom.js";
import { message, onLanguage, say, translate } from "./i18n.js";
import { InvitationError, decodeAnswer, decodeInvitation, encodeAnswer, encodeInvitation,
         liveFragmentKind } from "./invitation.js";
import { clearLink } from "./links.js";
import { LiveGame } from "./live.js";
import { newGameId } from "./live-protocol.js";
import { notify } from "./panels.js";
import { Peer, canConnect } from "./peer.js";
import { ORANGE, otherSide } from "./position.js";
import { copy } from "./share-dialog.js";
import { findLiveGame, playersFor } from "./storage.js";

/**
 * What live play needs of the page (app.js).
 * @typedef {{session: import("./session.js").Session, storage: import("./storage.js").Store,
 *   save: () => void, render: () => void, setFlipped: (flipped: boolean) => void,
 *   newGame: (options: {rules: string, start: string, players: import("./session.js").Players,
 *     clock?: ?{initial: number, increment: number}, live?: {id: string, side: string, host: boolean}}) => Promise<void>,
 *   switchGame: (game: import("./session.js").GameWithPlayers) => Promise<?import("./session.js").Reply>}} LiveHooks
 * @typedef {import("./invitation.js").Invitation} Invitation
 * @typedef {import("./i18n.js").Message} Said   what the player reads, as a message
 * @typedef {import("./session.js").NoticeAction} LiveAction   a notice's button: its words (a message), what it does
 * @typedef {"invite" | "invited" | "answer" | "connecting"} Step
 */

// Answers opened in another tab of this browser reach the tab that invited over this channel.
const ANSWERS = "jetan-live-answers";
// How long a tab opened with an answer waits to hear that the inviting tab took it.
const TAKEN_MS = 1500;

const here = () => location.origin + location.pathname;

/** The dialog's title at each step. @type {Record<Step, string>} */
const TITLES = { invite: "live.page.title.invite", invited: "live.page.title.invited", answer: "live.page.title.answer",
                 connecting: "live.page.title.invite" };

/** A side's name, as a message. @param {string} side */
const sideSaid = (side) => message(`side.${side}`);

export class LivePage {
  /** @param {LiveHooks} hooks */
  constructor(hooks) {
    this.hooks = hooks;
    /** @type {?LiveGame} the controller of the live game shown, if it is one */
    this.live = null;
    /** @type {?string} the id of the game it plays (a rematch, agreed, changes it) */
    this.liveId = null;
    /** @type {?Peer} the connection being made or made */
    this.peer = null;
    /** @type {?string} the game whose invitation waits for an answer here */
    this.waitingFor = null;
    /** @type {?string} the live game this page is starting (hosting or joining): shown, it needs
     *  no word on how to go on */
    this.starting = null;
    /** @type {{step: Step, text: Said, note: ?Said}} what the dialog says (worded when shown) */
    this.view = { step: "invite", text: message("live.page.gathering"), note: null };
    this.dialog = makeDialog();
    onLanguage(() => this.reword());
    $("live-take").addEventListener("click", () => this.takeAnswer(/** @type {HTMLInputElement} */ ($("live-answer")).value));
    this.answers = typeof BroadcastChannel === "function" ? new BroadcastChannel(ANSWERS) : null;
    if (this.answers) {
      this.answers.onmessage = (e) => {
        const { id, code } = e.data || {};
        if (typeof code !== "string" || id !== this.waitingFor) return;
        /** @type {BroadcastChannel} */ (this.answers).postMessage({ taken: id });
        this.takeAnswer(code);
      };
    }
  }

  /** Start a live game as its host: ``choice`` from the New game dialog, the host playing ``side``.
   *  @param {{rules: string, start: string, clock: ?{initial: number, increment: number}, side: string}} choice */
  async host({ rules, start, clock, side }) {
    if (!canConnect()) { notify(message("live.page.noWebRtcHost")); return; }
    const id = newGameId();
    this.hooks.setFlipped(side === ORANGE);
    this.starting = id;
    await this.hooks.newGame({ rules, start, clock, players: this.players(side), live: { id, side, host: true } });
    this.starting = null;
    if (this.liveId !== id) return;      // refused, or another game came first
    await this.invite();
  }

  /** Who plays: this device's player ``side``, the friend the other. @param {string} side */
  players(side) {
    return { [side]: "human", [otherSide(side)]: "friend" };
  }

  /** A game shown (started, reloaded, opened from the recent games): join its controller when
   *  it is a live one, drop it otherwise; a live game shown again says how to go on. */
  async follow() {
    const game = this.hooks.session.game;
    if (this.live && game.live && this.liveId === game.live.id) return;
    this.drop();
    if (!game.live || !canConnect()) return;
    await this.attach();
    if (game.live.id === this.starting) return;
    if (this.hooks.session.over) notify(message("live.page.liveGame"));
    else notify(message("live.page.liveGameGoOn"), { label: message("live.page.inviteAgain"), action: () => this.invite() });
  }

  /** This page's controller for the session's live game, its news said. (The app's version,
   *  told to the friend's device, is read only now: imported as the page loads, build-info.js
   *  went over the wire twice, the page's and the worker's requests crossing.) */
  async attach() {
    const { BUILD } = await import("../build-info.js");
    const game = this.hooks.session.game;
    if (!game.live || this.live) return;          // another game came meanwhile, or one is joined
    const live = new LiveGame(this.hooks.session, { appVersion: BUILD.version, save: () => this.hooks.save() });
    this.live = live;
    this.liveId = live.record.id;
    live.listen((type, detail) => {
      if (this.live !== live) return;
      if (type === "connected") { this.dialog.close(); this.waitingFor = null; }
      if (type === "started") {
        this.liveId = live.record.id;
        this.hooks.setFlipped(live.side === ORANGE);
      }
      /** @type {?LiveAction} */
      const action = type === "draw" && detail.offered ? { label: message("live.page.acceptDraw"), action: () => live.answerDraw(true) }
        : type === "takeback" && detail.asked ? { label: message("live.page.takeBack"), action: () => live.answerTakeback(true) }
        : type === "rematch" && detail.offered ? { label: message("live.page.playRematch"), action: () => live.answerRematch(true) }
        : type === "disconnected" || type === "left" ? { label: message("live.page.inviteAgain"), action: () => this.invite() }
        : null;
      if (type !== "moved") notify(detail.message, action);
      this.hooks.save();
      this.hooks.render();
    });
  }

  /** The live game goes on here alone (its friend is away: against the engine, or by two):
   *  the friend's device is told, and the game is no longer a live one. */
  async leave() {
    await this.drop();
    delete this.hooks.session.game.live;
    $("notice").hidden = true;          // (its news of the friend is over)
    this.hooks.save();
  }

  /** Another game is shown: the live one is left (the friend's device is told) and its
   *  connection closed. */
  drop() {
    const left = this.live ? this.live.leave() : Promise.resolve();
    if (this.peer) this.peer.close();
    this.peer = null;
    this.live = null;
    this.liveId = null;
    this.waitingFor = null;
    return left;
  }

  /** A fresh connection from this device: an offer, shown as an invitation (also to reconnect). */
  async invite() {
    const session = this.hooks.session, record = session.game.live;
    if (!record || !this.live) return;
    const live = this.live;
    const peer = this.connect(live);
    this.show("invite", message("live.page.gathering"));
    let text;
    try {
      const connection = await peer.offer();
      const { rules, start, clock } = session.game;
      const game = { rules, start, hostSide: record.side,
                     clock: clock ? { initial: clock.initial, increment: clock.increment } : null };
      text = here() + encodeInvitation({ id: record.id, game, connection });
    } catch (err) {
      this.failed(message("live.page.noInvitation", { why: describe(err) }));
      return;
    }
    if (this.peer !== peer) return;
    this.waitingFor = record.id;
    this.show("invite", message("live.page.sendInvitation", { side: sideSaid(record.side) }), text);
  }

  /** A new connection for ``live``, replacing any other. @param {LiveGame} live */
  connect(live) {
    if (this.peer) this.peer.close();
    const peer = new Peer({
      onOpen: (channel) => { if (this.peer === peer) live.open({ send: (t) => channel.send(t), close: () => channel.close() }); },
      onMessage: (data) => { if (this.peer === peer) live.receive(data); },
      onClose: () => { if (this.peer === peer && live.connected) live.closed(); },
    });
    this.peer = peer;
    return peer;
  }

  /** The page's address says something about live play: an invitation or an answer. Returns
   *  whether it did (the address is then cleared). @param {string} hash */
  openFragment(hash) {
    const kind = liveFragmentKind(hash);
    if (!kind) return false;
    clearLink();
    if (kind === "answer") this.answerArrived(hash);
    else this.invited(hash);
    return true;
  }

  /** An answer opened here: this tab's own invitation's, or another tab's (passed on to it).
   *  @param {string} code */
  answerArrived(code) {
    let id;
    try {
      id = decodeAnswer(code).id;
    } catch (err) {
      notify(message("live.page.nothingChanged", { why: describe(err) }));
      return;
    }
    if (id === this.waitingFor) { this.takeAnswer(code); return; }
    if (!this.answers) { notify(message("live.page.otherTab")); return; }
    const answers = this.answers;
    const taken = new Promise((resolve) => {
      const listener = (/** @type {MessageEvent} */ e) => { if (e.data && e.data.taken === id) resolve(true); };
      answers.addEventListener("message", listener);
      setTimeout(() => { answers.removeEventListener("message", listener); resolve(false); }, TAKEN_MS);
    });
    answers.postMessage({ id, code });
    taken.then((yes) => notify(message(yes ? "live.page.passedOn" : "live.page.notWaiting")));
  }

  /** The host takes the friend's answer (a link or its code): the devices connect, or the page
   *  says they could not. @param {string} code */
  async takeAnswer(code) {
    const peer = this.peer, live = this.live;
    if (!peer || !live) return;
    try {
      const answer = decodeAnswer(code);
      if (answer.id !== this.waitingFor) throw new InvitationError(message("live.page.otherGamesAnswer"));
      await peer.accept(answer.connection);
    } catch (err) {
      // A code refused says what to do; the browser's refusal of a good one is said in its words.
      this.note(err instanceof InvitationError ? err.reason : message("live.page.answerFailed", { why: describe(err) }));
      return;
    }
    this.waitingFor = null;
    this.show("connecting", message("live.page.connecting"));
    if (!await peer.connected() && this.peer === peer && !live.connected) this.couldNotConnect();
  }

  /** An invitation opened here: the game offered, to accept (or, for a game this device
   *  already plays, to reconnect). @param {string} code */
  invited(code) {
    /** @type {Invitation} */
    let invitation;
    try {
      invitation = decodeInvitation(code);
    } catch (err) {
      notify(message("live.page.nothingChanged", { why: describe(err) }));
      return;
    }
    if (!canConnect()) { notify(message("live.page.noWebRtcGuest")); return; }
    const { id, game } = invitation;
    const known = findLiveGame(this.hooks.storage, id);
    const side = otherSide(game.hostSide);
    const words = known ? message("live.page.offerKnown") : message("live.page.offer", {
      rules: game.rules ? message("live.page.rulesNamed", { rules: game.rules }) : message("live.page.standardRules"),
      clock: game.clock ? message("live.page.clock", {
        minutes: message("live.page.minutes", { count: game.clock.initial / 60000 }),
        seconds: message("live.page.seconds", { count: game.clock.increment / 1000 }),
      }) : message("live.page.noClock"),
      side: sideSaid(side),
    });
    this.show("invited", words, "", async () => {
      this.starting = id;
      if (known) {
        if (this.hooks.session.game.live?.id !== id) await this.hooks.switchGame({ ...known, players: this.players(side) });
      } else {
        this.hooks.setFlipped(side === ORANGE);
        await this.hooks.newGame({ rules: game.rules, start: game.start, clock: game.clock, players: this.players(side),
                                   live: { id, side, host: false } });
      }
      this.starting = null;
      await this.follow();       // (a game already shown is not shown again)
      if (this.liveId !== id) { this.note(message("live.page.notStarted")); return; }
      await this.answer(invitation);
    });
  }

  /** The friend's side: the answer to ``invitation``, shown to send back. @param {Invitation} invitation */
  async answer(invitation) {
    const live = /** @type {LiveGame} */ (this.live);
    const peer = this.connect(live);
    this.show("answer", message("live.page.gathering"));
    let text;
    try {
      text = here() + encodeAnswer({ id: invitation.id, connection: await peer.answer(invitation.connection) });
    } catch (err) {
      this.failed(message("live.page.noAnswer", { why: describe(err) }));
      return;
    }
    if (this.peer !== peer || live.connected) return;
    this.show("answer", message("live.page.sendAnswer"), text);
  }

  couldNotConnect() {
    this.dialog.close();
    notify(message("live.page.noConnection"),
           { label: message("live.page.toCorrespondence"), action: () => this.toCorrespondence() });
  }

  /** Go on with the live game by correspondence links: the same game, for two people. */
  async toCorrespondence() {
    const { session } = this.hooks;
    const { live: _, ...game } = session.game;
    this.drop();
    await this.hooks.switchGame({ ...game, correspondence: true, players: playersFor(null) });
    $("share-button").click();
  }

  /** @param {Said} why */
  failed(why) {
    this.dialog.close();
    notify(why);
  }

  /** Say ``said`` in the dialog's message line (null: nothing). @param {?Said} said */
  note(said) {
    this.view.note = said;
    $("live-message").textContent = said ? say(said) : "";
  }

  /** The dialog's words in the reader's language (again when it changes; its fixed words are
   *  marked data-i18n, which i18n.js words). */
  reword() {
    const { step, text, note } = this.view;
    $("live-title").textContent = say(message(TITLES[step]));
    $("live-text").textContent = say(text);
    this.note(note);
  }

  /** The dialog, at one of its steps: ``text`` says what to do; ``link`` (an invitation or an
   *  answer) is shown with its QR code; ``accept`` is the "Accept" button's action.
   *  @param {Step} step @param {Said} text @param {string} [link] @param {() => unknown} [accept] */
  show(step, text, link = "", accept) {
    const dialog = this.dialog;
    dialog.dataset.step = step;
    this.view = { step, text, note: null };
    this.reword();
    $("live-link-row").hidden = !link;
    /** @type {HTMLInputElement} */ ($("live-link")).value = link;
    $("live-share").hidden = !link || !navigator.share;
    $("live-paste-row").hidden = step !== "invite" || !link;
    $("live-accept").hidden = !accept;
    $("live-accept").onclick = accept ? () => { $("live-accept").hidden = true; accept(); } : null;
    const canvas = /** @type {HTMLCanvasElement} */ ($("live-qr"));
    canvas.hidden = !link;
    if (link) {
      import("./qr.js").then(({ drawQr }) => drawQr(canvas, link, { size: Math.min(240, window.innerWidth - 80) }))
        .catch(() => { canvas.hidden = true; });
    }
    if (!dialog.open) dialog.showModal();
  }
}

/** The live game's dialog, made once (index.html stays the app's own); its fixed words are
 *  marked for the catalogue, worded here and again by i18n.js whenever the language changes. The
 *  links are addresses, left to right in any language. */
function makeDialog() {
  const dialog = document.createElement("dialog");
  dialog.id = "live-dialog";
  dialog.setAttribute("aria-labelledby", "live-title");
  dialog.innerHTML = `<form method="dialog">
    <h2 id="live-title"></h2>
    <p id="live-text"></p>
    <canvas id="live-qr" role="img" data-i18n-aria-label="live.page.qr" style="display: block; margin: 0.5rem auto" hidden></canvas>
    <label id="live-link-row"><span data-i18n="live.page.link"></span> <span class="copy-row"><input id="live-link" dir="ltr" readonly>
      <button type="button" id="live-copy" data-i18n="common.copy"></button> <button type="button" id="live-share" data-i18n="live.page.share"></button></span></label>
    <label id="live-paste-row"><span data-i18n="live.page.pasteAnswer"></span>
      <span class="copy-row"><input id="live-answer" dir="ltr" autocomplete="off"> <button type="button" id="live-take" data-i18n="live.page.connect"></button></span></label>
    <p id="live-message" class="hint-text" role="status"></p>
    <p class="dialog-buttons"><button type="button" id="live-accept" data-i18n="live.page.accept"></button> <button data-i18n="common.close"></button></p>
  </form>`;
  translate(dialog);
  document.body.append(dialog);
  $("live-copy").addEventListener("click", () => copy(/** @type {HTMLInputElement} */ ($("live-link")), /** @type {HTMLButtonElement} */ ($("live-copy"))));
  $("live-share").addEventListener("click", () => {
    navigator.share({ title: "Jetan", url: /** @type {HTMLInputElement} */ ($("live-link")).value }).catch(() => {});
  });
  return dialog;
}

/** What went wrong, as a message: an invitation's or an answer's refusal, or what the browser
 *  said (its own words: a WebRTC call it refused). @param {unknown} err @returns {Said} */
function describe(err) {
  if (err instanceof InvitationError) return err.reason;
  return message("live.page.browserSaid", { detail: err instanceof Error ? err.message : String(err) });
}

