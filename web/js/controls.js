// The game's controls around the board, wired to the one Session (session.js): take back, resign
// (asked twice, on the button itself), a draw offered and answered, a game between two people
// taken on against the engine, the end's buttons (a rematch, a new game, the game analysed or
// shared), stepping through the moves (the step buttons, the strip of moves, ←/→ anywhere on the
// page), the engine's stop, hint and analysis, the board turned, sound, notation and scoring, a
// move typed, a comment written, and the menu. What each control means is the session's, or the
// page's (app.js, through the hooks it gives): here each is only wired to it, and what happened
// is said in the live region. Kept apart from app.js so that the page's wiring of the board, the
// panels, the saved game and the URL reads as one piece.
import { SIDES } from "../engine-data.js";
import { $ } from "./dom.js";
import { bothHuman, notify } from "./panels.js";
import { message, onLanguage, t } from "./i18n.js";
import { BLACK, ORANGE, otherSide } from "./position.js";
import { askWhoPlays } from "./records.js";
import { prepareSounds } from "./sound.js";
import { spoken } from "./words.js";

/** A side's name, as a message's argument. @param {string} side */
const sideWords = (side) => message(`side.${side}`);

/**
 * What the controls need of the page (app.js): its session and settings, and how it saves,
 * redraws, turns the board and starts a game.
 * @typedef {{session: import("./session.js").Session, settings: import("./storage.js").Settings,
 *   save: () => void, render: () => void, setFlipped: (flipped: boolean) => void,
 *   newGame: (options: {rules: string, start: string, players: import("./session.js").Players,
 *     clock?: ?{initial: number, increment: number}, correspondence?: boolean}) => Promise<void>,
 *   live: () => ?import("./live.js").LiveGame, leaveLive: () => Promise<void>}} ControlHooks
 *   (live: the controller of a live game with a friend on another device, when one is shown:
 *   a takeback, a draw, a resignation and a rematch are then agreed with the friend's device)
 */

/** Wire the game's controls. @param {ControlHooks} hooks */
export function setupControls({ session, settings, save, render, setFlipped, newGame, live, leaveLive }) {
  for (const id of ["comment-text", "comment-arrows", "comment-marks"]) {
    // Kept and saved as it is typed; the record box takes it in once the field is left.
    $(id).addEventListener("input", () => {
      session.setComment(session.shownPly, {
        text: $("comment-text").value, arrows: $("comment-arrows").value, marks: $("comment-marks").value });
      save();
    });
    $(id).addEventListener("change", () => session.refresh());
  }

  $("undo-button").addEventListener("click", async () => {
    const friend = live();
    if (friend) { await friend.askTakeback(); $("live").textContent = t("controls.takebackAsked"); return; }
    const reply = await session.undo();
    if (reply && !reply.ok && !reply.restarted) notify(reply.error);
    else if (reply) { $("live").textContent = t("controls.takenBack"); save(); }
  });

  // Resign asks once more on the button itself (no blocking dialog): a second press within a few
  // seconds resigns.
  let resignArmed = 0;
  /** @type {?string} the side the button asks to resign for, while it asks */
  let resignFor = null;
  const wordResign = () => {
    $("resign-button").textContent = resignFor ? t("controls.resignAgain", { side: sideWords(resignFor) })
      : t("app.controls.resign");
  };
  onLanguage(wordResign);
  function disarmResign() {
    clearTimeout(resignArmed);
    resignArmed = 0;
    resignFor = null;
    wordResign();
    $("resign-button").removeAttribute("aria-pressed");
  }
  $("resign-button").addEventListener("click", async () => {
    const v = session.state;
    if (!v || v.result) return;
    const side = bothHuman({ players: session.players }) ? v.turn : (session.players[BLACK] === "human" ? BLACK : ORANGE);
    if (!resignArmed) {
      resignFor = side;
      wordResign();
      $("resign-button").setAttribute("aria-pressed", "true");
      resignArmed = setTimeout(disarmResign, 4000);
      return;
    }
    disarmResign();
    const friend = live();
    if (friend) await friend.resign();
    else await session.resign(side);
  });

  $("draw-button").addEventListener("click", () => {
    if (!session.state || session.over) return;
    const friend = live();
    if (friend) { friend.offerDraw(); $("live").textContent = t("controls.drawOfferedToFriend"); return; }
    session.offerDraw(session.state.turn);
    $("live").textContent = t("controls.drawOffered", { side: sideWords(session.state.turn) });
    $("draw-accept").focus();
  });
  $("draw-accept").addEventListener("click", () => session.agreeDraw());
  $("draw-decline").addEventListener("click", () => {
    session.offerDraw(null);
    $("live").textContent = t("controls.drawDeclined");
  });
  $("take-on-button").addEventListener("click", async () => {
    const players = await askWhoPlays(message("controls.takeOnAsked"));
    if (!players) return;
    if (live()) await leaveLive();  // a live game whose friend is away: played on here instead
    if (players[BLACK] !== players[ORANGE]) setFlipped(players[ORANGE] === "human");
    session.setPlayers(players);
    save();
  });
  $("auto-flip").addEventListener("change", (/** @type {Event} */ e) => {
    settings.autoFlip = /** @type {HTMLInputElement} */ (e.target).checked;
    save();
    render();
  });

  // The end of a game: a rematch (the same rules and time, colours swapped), a new game, the
  // game analysed from its start, or shared.
  $("rematch-button").addEventListener("click", async () => {
    const friend = live();
    if (friend) { await friend.offerRematch(); $("live").textContent = t("controls.rematchOffered"); return; }
    const g = session.game, p = session.players;
    const players = Object.fromEntries(SIDES.map((side) => [side, p[otherSide(side)]]));
    const clock = g.clock ? { initial: g.clock.initial, increment: g.clock.increment } : null;
    setFlipped(bothHuman({ players }) ? !settings.flipped : players[ORANGE] === "human");
    await newGame({ rules: g.rules, start: g.start, players, clock, correspondence: Boolean(g.correspondence) });
  });
  $("over-new-button").addEventListener("click", () => $("new-game-button").click());
  $("over-share-button").addEventListener("click", () => $("share-button").click());
  $("over-analyse-button").addEventListener("click", () => {
    session.review(0);
    session.assistance.setAnalysis(true);
    $("analyse-button").setAttribute("aria-pressed", "true");
  });

  for (const [id, where] of [["step-first", "first"], ["step-prev", "prev"], ["step-next", "next"], ["step-last", "last"]]) {
    $(id).addEventListener("click", () => session.step(where));
  }
  $("move-strip").addEventListener("click", (/** @type {MouseEvent} */ e) => {
    const item = /** @type {HTMLElement} */ (e.target).closest("li[data-ply]");
    if (item) session.review(Number(/** @type {HTMLElement} */ (item).dataset.ply));
  });

  $("menu-button").addEventListener("click", () => {
    const open = /** @type {HTMLElement} */ (document.querySelector(".top")).classList.toggle("open");
    $("menu-button").setAttribute("aria-expanded", String(open));
  });
  // A choice in the menu closes it (on a phone it lies over the board).
  $("main-nav").addEventListener("click", (/** @type {MouseEvent} */ e) => {
    if (/** @type {Element} */ (e.target).closest("button, a")) {
      /** @type {HTMLElement} */ (document.querySelector(".top")).classList.remove("open");
      $("menu-button").setAttribute("aria-expanded", "false");
    }
  });

  $("stop-button").addEventListener("click", () => session.moveNow());
  $("hint-button").addEventListener("click", async () => {
    $("hint-button").disabled = true;
    const move = await session.assistance.askHint();
    if (move) $("live").textContent = t("controls.hint", { move: move.text });
  });
  $("analyse-button").addEventListener("click", () => {
    session.assistance.setAnalysis(!session.assistance.analysis.on);
    $("analyse-button").setAttribute("aria-pressed", String(session.assistance.analysis.on));
  });

  $("flip-button").addEventListener("click", () => { setFlipped(!settings.flipped); render(); save(); });

  $("sound-button").addEventListener("click", () => {
    settings.sound = !settings.sound;
    $("sound-button").setAttribute("aria-pressed", String(settings.sound));
    if (settings.sound) prepareSounds();
    save();
  });
  $("notation-select").addEventListener("change", (/** @type {Event} */ e) => {
    settings.notation = /** @type {HTMLSelectElement} */ (e.target).value;
    save();
    render();
  });
  $("scoring-select").addEventListener("change", (/** @type {Event} */ e) => {
    settings.scoring = /** @type {HTMLSelectElement} */ (e.target).value;
    save();
    session.refresh();
  });
  // The record is sent only while its box is open.
  $("record-details").addEventListener("toggle", () => { if ($("record-details").open) session.refresh(); });

  // Why a move typed was refused, by the box it was typed in (until the box is typed in again).
  /** @type {?import("./i18n.js").MessageArg} the engine's reason (a message) */
  let refused = null;
  const wordRefusal = () => { $("move-error").textContent = refused ? spoken(refused) : ""; };
  onLanguage(wordRefusal);
  $("move-form").addEventListener("submit", async (/** @type {SubmitEvent} */ e) => {
    e.preventDefault();
    const input = $("move-input");
    const text = input.value.trim();
    if (!text) return;
    const reply = await session.type(text);
    if (reply === true || (reply && reply.ok)) input.value = "";
    else if (reply && !reply.ok && !reply.restarted) { refused = reply.error; wordRefusal(); }
  });
  $("move-input").addEventListener("input", () => { refused = null; wordRefusal(); });

  $("live-button").addEventListener("click", () => session.review(Infinity));

  // ←/→/Home/End step through the game from anywhere on the page (not while typing, and not on
  // the board, whose arrow keys move its cursor).
  document.addEventListener("keydown", (e) => {
    if (e.altKey || e.ctrlKey || e.metaKey || document.querySelector("dialog[open]")) return;
    const target = /** @type {Element} */ (e.target);
    if (target.closest && target.closest("input, textarea, select, [contenteditable]")) return;   // not a message: a selector
    if (!session.step(e.key)) return;
    e.preventDefault();
    const v = session.state, ply = session.shownPly;
    const m = v && ply ? v.moves[ply - 1] : null;
    $("live").textContent = m ? t("controls.stepped", { side: sideWords(m.side), move: m.text }) : t("controls.startPosition");
  });
}
