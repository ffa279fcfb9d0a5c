// Sharing from the app: the Share dialog (a link to the game at the move shown, a link to the
// position shown as a new start, the <jetan-board> and iframe snippets, the device's share
// sheet, a picture of the position shown as PNG or SVG and a link to its diagram page) and, in a
// game between two people, the "send your move" link after each move.
import { $ } from "./dom.js";
import { message, onLanguage, say, t } from "./i18n.js";
import { BLACK, ORANGE, sideMessage } from "./position.js";
import { bothHuman } from "./panels.js";
import { download, picture } from "./picture.js";
import { encodeGame } from "./share.js";
import { elementSnippet, frameSnippet } from "./snippets.js";

const here = () => location.origin + location.pathname;

/**
 * Wire the Share dialog and the copy buttons.
 * @param {import("./session.js").Session} session
 * @param {() => boolean} flipped   whether Orange is at the bottom
 */
export function setupShare(session, flipped) {
  $("share-button").addEventListener("click", () => {
    if (!session.state) return;
    const game = session.game;
    const view = { ply: session.reviewing, orientation: flipped() ? ORANGE : BLACK };
    $("share-link").value = here() + encodeGame(game, view);
    $("share-correspondence").value = here() + encodeGame(game, { ...view, correspondence: true });
    const positionGame = { rules: game.rules, start: session.shownPosition(), moves: [] };
    $("share-position").value = here() + encodeGame(positionGame, { orientation: view.orientation });
    const base = new URL(".", location.href).href;
    const embed = { moves: game.moves, rules: game.rules, position: game.start === "start" ? "" : game.start,
                    ply: view.ply === null ? "" : String(view.ply), orientation: view.orientation };
    $("share-element").textContent = elementSnippet(base, embed);
    $("share-iframe").textContent = frameSnippet(base, embed);
    $("share-embed").href = `embed-guide.html${encodeGame(game)}`;
    $("share-diagram").value = new URL("diagram.html", location.href).href + encodeGame(game, view);
    $("web-share").hidden = !navigator.share;
    $("share-dialog").showModal();
    $("share-link").select();
  });
  for (const button of /** @type {NodeListOf<HTMLButtonElement>} */ (document.querySelectorAll("[data-copy]"))) {
    button.addEventListener("click", () => copy($(/** @type {string} */ (button.dataset.copy)), button));
  }
  // The picture: the position shown, the way up it is shown, with the move that led to it.
  /** @param {string} type @param {string} ext */
  const save = async (type, ext) => {
    const scene = { board: session.shownBoard(), flipped: flipped(), lastMove: session.lastMoveShown() };
    try {
      download(await picture(scene, type), `jetan-${session.shownPly}.${ext}`);
      $("live").textContent = t("share.pictureSaved");
    } catch (err) {
      $("live").textContent = t("share.pictureFailed", { why: reasonOf(err) });
    }
  };
  $("share-png").addEventListener("click", () => save("image/png", "png"));
  $("share-svg").addEventListener("click", () => save("image/svg+xml", "svg"));
  $("web-share").addEventListener("click", () => {
    navigator.share({ title: t("share.title"), url: $("share-link").value }).catch(() => {});
  });
  $("send-move-copy").addEventListener("click", () => copy($("send-move-link"), $("send-move-copy")));
  $("send-move-share").addEventListener("click", () => {
    navigator.share({ title: t("share.yourMoveTitle"), url: $("send-move-link").value }).catch(() => {});
  });
  // The words of the link sent after a move, in a language the reader switches to.
  onLanguage(() => renderSendMove(session));
}

/** Why something failed, as the error says it: its message (``reason``, as share.js's and
 *  position.js's errors carry one), else its words. @param {unknown} err
 *  @returns {import("./i18n.js").MessageArg} */
export function reasonOf(err) {
  const reason = /** @type {{reason?: unknown}} */ (err)?.reason;
  if (reason && typeof reason === "object" && typeof (/** @type {{key?: unknown}} */ (reason).key) === "string") {
    return /** @type {import("./i18n.js").Message} */ (reason);
  }
  return err instanceof Error ? err.message : String(err);
}

// How long a copy button says "Copied" before it reads as before.
const COPIED_MS = 2000;

/** Copy a field's text, saying so on the button pressed, where the person looks, and to screen
 *  readers (or asking them to select it by hand where the clipboard is closed).
 *  @param {HTMLElement & {value?: string, select?: () => void}} field a text box, or an element showing text
 *  @param {HTMLButtonElement} button */
export async function copy(field, button) {
  const text = field.value ?? field.textContent;
  try {
    await navigator.clipboard.writeText(text);
    $("live").textContent = t("common.copied");
    field.dataset.copied = "true";
    // The button's own words come back: its catalogue key's, in the language spoken by then (a
    // button without one: the words it had before its first press).
    const label = button.dataset.label ?? button.textContent ?? "";
    button.dataset.label = label;
    button.textContent = t("common.copied");
    setTimeout(() => { button.textContent = button.dataset.i18n ? t(button.dataset.i18n) : label; }, COPIED_MS);
  } catch {
    if (field.select) field.select();
    $("live").textContent = t("share.selectAndCopy");
  }
}

/** In a game between two people, after each move: the link that sends it to the other player.
 *  @param {import("./session.js").Session} session */
export function renderSendMove(session) {
  const v = session.state;
  const show = v !== null && Boolean(session.game.correspondence) && bothHuman({ players: session.players }) &&
    v.moves.length > 0 && !v.result && session.reviewing === null;
  $("send-move").hidden = !show;
  if (!show || v === null) return;
  $("send-move-text").textContent = say(message("share.sendMove", { mover: sideMessage(v.moves[v.moves.length - 1].side),
                                                                    side: sideMessage(v.turn) }));
  $("send-move-link").value = here() + encodeGame(session.game, { correspondence: true });
  $("send-move-share").hidden = !navigator.share;
}
