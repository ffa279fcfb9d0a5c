// Games opened from the page's address: a link's fragment (share.js's format) read as the page
// starts and whenever it changes (hashchange). A linked game is for two people, and its view —
// the ply shown, the orientation — applies; it opens beside the user's own game, which stays one
// click away (kept among the recent games). Kept apart from app.js because a link lives longer
// than one call: the fragment stays in the address until the engine has opened the game (or
// refused it), so that a reload before then — a phone bringing the tab back — opens it again;
// once opened it is cleared, so that a reload shows the game as it is by then. A link that
// cannot be read changes nothing. A fragment may carry the language the page speaks for this
// visit (lang=, read by i18n.js as the page starts); one that holds nothing else opens no game.
import { message } from "./i18n.js";
import { notify } from "./panels.js";
import { ORANGE } from "./position.js";
import { ShareError, decodeLink } from "./share.js";
import { newGame as emptyGame, playersFor, remember } from "./storage.js";

/**
 * @typedef {import("./session.js").GameWithPlayers} GameWithPlayers
 * @typedef {import("./share.js").DecodedLink} DecodedLink
 * @typedef {{game: DecodedLink["game"], view: {ply: ?number, orientation: ?string, correspondence: boolean}}} Opening
 *   a link as it is opened (orientation null: the board stays as the visitor turned it)
 * What opening a link needs of the page (app.js): its session, engine and storage, how it
 * replaces the game (switchGame), turns the board, saves, redraws the recent games, and whether
 * its last save failed.
 * @typedef {{session: import("./session.js").Session, engine: import("./engine.js").Engine,
 *   storage: import("./storage.js").Store, setFlipped: (flipped: boolean) => void, save: () => void,
 *   renderRecent: () => void, saveFailed: () => boolean, openLive: (hash: string) => boolean,
 *   switchGame: (game: GameWithPlayers, options?: {ply?: ?number, keep?: boolean, keepInput?: boolean}) =>
 *     Promise<?import("./session.js").Reply>}} LinkHooks
 */

export class Links {
  /** Listen to the address from now on. @param {LinkHooks} hooks */
  constructor(hooks) {
    this.hooks = hooks;
    /** @type {?DecodedLink} a game from the URL, opened once the engine has checked it */
    this.waiting = null;
    window.addEventListener("hashchange", () => {
      if (!location.hash) return;
      this.read();
      if (this.waiting && hooks.engine.ready) {
        const opening = this.waiting;
        this.waiting = null;
        this.open(opening);
      }
    });
  }

  /** Take a game from the URL fragment, to wait until the engine can open it (see above). */
  read() {
    if (!location.hash || onlyLanguage(location.hash) || this.hooks.openLive(location.hash)) return;
    try {
      this.waiting = decodeLink(location.hash);
    } catch (err) {
      notify(message("links.unreadable", { why: linkProblem(err) }));
      clearLink();
    }
  }

  /** The engine has started: open the waiting link's game where the visitor has stepped to and
   *  turned the board while it loaded, beside ``own`` (the user's own game, kept).
   *  @param {GameWithPlayers} own */
  async openWaiting(own) {
    if (!this.waiting) return;
    const opening = { ...this.waiting, view: { ...this.waiting.view, ply: this.hooks.session.reviewing, orientation: null } };
    this.waiting = null;
    await this.open(opening, own, { keepOwn: true });
  }

  /** Open a game from a link beside the user's own (``own``), which is kept one click away.
   *  ``keepOwn``: the page shows the link's game already, and the own game is still the saved one.
   *  @param {Opening} link @param {GameWithPlayers} [own] @param {{keepOwn?: boolean}} [options] */
  async open({ game: linked, view }, own = { ...this.hooks.session.game, players: { ...this.hooks.session.players } },
             { keepOwn = false } = {}) {
    const { session, storage, switchGame, setFlipped, save, renderRecent, saveFailed } = this.hooks;
    const reply = await switchGame({ ...emptyGame(linked.rules, linked.start, { correspondence: view.correspondence }),
                                     ...(linked.seed !== undefined ? { seed: linked.seed } : {}),
                                     ...(linked.clock ? { clock: linked.clock } : {}),
                                     moves: linked.moves, players: playersFor(null) },
                                   { ply: view.ply, keep: !keepOwn, keepInput: keepOwn });
    if (!reply) return;
    if (!reply.restarted) clearLink();
    if (!reply.ok) {
      if (keepOwn) await switchGame(own, { keep: false });   // the page showed the link's game meanwhile
      notify(message("links.invalid", { why: reply.error }));
      return;
    }
    if (keepOwn && own.moves.length) remember(storage, own, session.game);
    if (view.orientation) setFlipped(view.orientation === ORANGE);
    save();
    renderRecent();
    // Not saved (a full storage): the notice says so, and that the own game is still the saved one.
    if (saveFailed()) return;
    const side = message(`side.${reply.state.turn}`);
    const correspondence = view.correspondence && !reply.state.result;
    if (own.moves.length) {
      notify(message(correspondence ? "links.correspondenceOwnKept" : "links.openedOwnKept", { side }),
             { label: message("links.backToYourGame"), action: () => switchGame(own) });
    } else if (view.correspondence) {
      notify(correspondence ? message("links.correspondence", { side }) : message("links.opened"));
    }
  }
}

/** Whether ``hash`` holds only a language for the visit ("#lang=de"): nothing to open. @param {string} hash */
export const onlyLanguage = (hash) => /^#?lang=[^;&]*$/.test(hash);

/** Why a link could not be read, as a message: share.js's ShareError carries one (its
 *  ``reason``); anything else is a link that could not be read at all.
 *  @param {unknown} err @returns {import("./i18n.js").Message} */
function linkProblem(err) {
  const reason = err instanceof ShareError ? /** @type {{reason?: import("./i18n.js").Message}} */ (err).reason : undefined;
  return reason ?? message("links.notReadable");
}

/** Take the fragment out of the page's address (its game or invitation has been read). */
export const clearLink = () => history.replaceState(null, "", location.pathname + location.search);
