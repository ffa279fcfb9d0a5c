// Live play with a friend on another device, as the app's page offers it: the invitation (a link,
// its QR code, the device's share sheet), the friend's side (the game offered, accepted, and an
// answer to send back), the answer taken (pasted, or opened as a link in another tab of this
// browser: it comes here over a BroadcastChannel), and the game itself — live.js's controller on
// a WebRTC data channel (peer.js) — with its news said in the notice bar. A connection that cannot
// be made, or is lost, loses nothing: the game is saved after every move, either side can send a
// fresh invitation from the game, and the game can go on by correspondence links instead.
import { $ } from "./dom.js";
import { InvitationError, decodeAnswer, decodeInvitation, encodeAnswer, encodeInvitation,
         liveFragmentKind } from "./invitation.js";
import { clearLink } from "./links.js";
import { LiveGame } from "./live.js";
import { newGameId } from "./live-protocol.js";
import { notify } from "./panels.js";
import { Peer, canConnect } from "./peer.js";
import { ORANGE, otherSide, sideName } from "./position.js";
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
 */

// Answers opened in another tab of this browser reach the tab that invited over this channel.
const ANSWERS = "jetan-live-answers";
// How long a tab opened with an answer waits to hear that the inviting tab took it.
const TAKEN_MS = 1500;

const here = () => location.origin + location.pathname;

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
    this.dialog = makeDialog();
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
    if (!canConnect()) { notify("This browser cannot make live connections (it has no WebRTC). Play by correspondence links instead."); return; }
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
    notify(`A live game with a friend on another device. ${this.hooks.session.over ? "" : "To go on, send your friend a fresh invitation."}`,
           this.hooks.session.over ? null : { label: "Invite again", action: () => this.invite() });
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
      const action = type === "draw" && detail.offered ? { label: "Accept the draw", action: () => live.answerDraw(true) }
        : type === "takeback" && detail.asked ? { label: "Take it back", action: () => live.answerTakeback(true) }
        : type === "rematch" && detail.offered ? { label: "Play the rematch", action: () => live.answerRematch(true) }
        : type === "disconnected" || type === "left" ? { label: "Invite again", action: () => this.invite() }
        : null;
      if (type !== "moved") notify(detail.text, action);
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
    this.show("invite", "Gathering this device's addresses…");
    let text;
    try {
      const connection = await peer.offer();
      const { rules, start, clock } = session.game;
      const game = { rules, start, hostSide: record.side,
                     clock: clock ? { initial: clock.initial, increment: clock.increment } : null };
      text = here() + encodeInvitation({ id: record.id, game, connection });
    } catch (err) {
      this.failed(`No invitation could be made: ${describe(err)}`);
      return;
    }
    if (this.peer !== peer) return;
    this.waitingFor = record.id;
    this.show("invite", `Send this link to your friend (or let them scan the code). You play ${sideName(record.side)}.` +
              " Then open or paste the answer they send back.", text);
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
      notify(`${describe(err)} Nothing was changed.`);
      return;
    }
    if (id === this.waitingFor) { this.takeAnswer(code); return; }
    if (!this.answers) { notify("This answer is for an invitation made in another tab: paste it there."); return; }
    const answers = this.answers;
    const taken = new Promise((resolve) => {
      const listener = (/** @type {MessageEvent} */ e) => { if (e.data && e.data.taken === id) resolve(true); };
      answers.addEventListener("message", listener);
      setTimeout(() => { answers.removeEventListener("message", listener); resolve(false); }, TAKEN_MS);
    });
    answers.postMessage({ id, code });
    taken.then((yes) => notify(yes ? "Your friend's answer was passed to your game in your other tab; you can close this one."
      : "No invitation of yours is waiting for this answer here (its tab may have been closed). Send your friend a fresh invitation from the game."));
  }

  /** The host takes the friend's answer (a link or its code): the devices connect, or the page
   *  says they could not. @param {string} code */
  async takeAnswer(code) {
    const peer = this.peer, live = this.live;
    if (!peer || !live) return;
    try {
      const answer = decodeAnswer(code);
      if (answer.id !== this.waitingFor) throw new InvitationError("This answer is for another game's invitation.");
      await peer.accept(answer.connection);
    } catch (err) {
      this.say(`${describe(err)} Ask your friend to send it again.`);
      return;
    }
    this.waitingFor = null;
    this.show("connecting", "Connecting to your friend's device…");
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
      notify(`${describe(err)} Nothing was changed.`);
      return;
    }
    if (!canConnect()) { notify("This browser cannot make live connections (it has no WebRTC). Ask your friend to play by correspondence links."); return; }
    const { id, game } = invitation;
    const known = findLiveGame(this.hooks.storage, id);
    const side = otherSide(game.hostSide);
    const clock = game.clock ? `, ${game.clock.initial / 60000} minutes each and ${game.clock.increment / 1000} seconds a move` : ", no clock";
    const words = known ? "Your friend invites you to go on with your live game."
      : `Your friend invites you to a live game: ${game.rules ? `rules ${game.rules}` : "the standard rules"}${clock}. You play ${sideName(side)}.`;
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
      if (this.liveId !== id) { this.say("The game could not be started here."); return; }
      await this.answer(invitation);
    });
  }

  /** The friend's side: the answer to ``invitation``, shown to send back. @param {Invitation} invitation */
  async answer(invitation) {
    const live = /** @type {LiveGame} */ (this.live);
    const peer = this.connect(live);
    this.show("answer", "Gathering this device's addresses…");
    let text;
    try {
      text = here() + encodeAnswer({ id: invitation.id, connection: await peer.answer(invitation.connection) });
    } catch (err) {
      this.failed(`No answer could be made: ${describe(err)}`);
      return;
    }
    if (this.peer !== peer || live.connected) return;
    this.show("answer", "Send this answer back to your friend (or let them scan the code). The game starts when they open it.", text);
  }

  couldNotConnect() {
    this.dialog.close();
    notify("No connection could be made with your friend's device: your networks may not allow a direct one. " +
           "Nothing is lost: you can go on by correspondence, each move sent as a link.",
           { label: "Play by correspondence", action: () => this.toCorrespondence() });
  }

  /** Go on with the live game by correspondence links: the same game, for two people. */
  async toCorrespondence() {
    const { session } = this.hooks;
    const { live: _, ...game } = session.game;
    this.drop();
    await this.hooks.switchGame({ ...game, correspondence: true, players: playersFor(null) });
    $("share-button").click();
  }

  /** @param {string} why */
  failed(why) {
    this.dialog.close();
    notify(why);
  }

  /** Say ``text`` in the dialog's message line. @param {string} text */
  say(text) { $("live-message").textContent = text; }

  /** The dialog, at one of its steps: ``text`` says what to do; ``link`` (an invitation or an
   *  answer) is shown with its QR code; ``accept`` is the "Accept" button's action.
   *  @param {"invite" | "invited" | "answer" | "connecting"} step @param {string} text @param {string} [link]
   *  @param {() => unknown} [accept] */
  show(step, text, link = "", accept) {
    const dialog = this.dialog;
    dialog.dataset.step = step;
    $("live-title").textContent = step === "invited" ? "A live game" : step === "answer" ? "Your answer" : "Play a friend, live";
    $("live-text").textContent = text;
    this.say("");
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

/** The live game's dialog, made once (index.html stays the app's own). */
function makeDialog() {
  const dialog = document.createElement("dialog");
  dialog.id = "live-dialog";
  dialog.setAttribute("aria-labelledby", "live-title");
  dialog.innerHTML = `<form method="dialog">
    <h2 id="live-title"></h2>
    <p id="live-text"></p>
    <canvas id="live-qr" role="img" aria-label="The link as a QR code, to scan with a phone" style="display: block; margin: 0.5rem auto" hidden></canvas>
    <label id="live-link-row">The link <span class="copy-row"><input id="live-link" readonly>
      <button type="button" id="live-copy">Copy</button> <button type="button" id="live-share">Share…</button></span></label>
    <label id="live-paste-row">Your friend's answer (paste it here, or open it in this browser)
      <span class="copy-row"><input id="live-answer" autocomplete="off"> <button type="button" id="live-take">Connect</button></span></label>
    <p id="live-message" class="hint-text" role="status"></p>
    <p class="dialog-buttons"><button type="button" id="live-accept">Accept</button> <button>Close</button></p>
  </form>`;
  document.body.append(dialog);
  $("live-copy").addEventListener("click", () => copy(/** @type {HTMLInputElement} */ ($("live-link")), /** @type {HTMLButtonElement} */ ($("live-copy"))));
  $("live-share").addEventListener("click", () => {
    navigator.share({ title: "Jetan", url: /** @type {HTMLInputElement} */ ($("live-link")).value }).catch(() => {});
  });
  return dialog;
}

/** What went wrong, in a sentence. @param {unknown} err */
function describe(err) {
  const text = err instanceof Error ? err.message : String(err);
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

