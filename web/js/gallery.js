// The gallery: games worth replaying (py_engine/gallery.py, written into engine-data.js by
// build.sh) listed in their dialog, and the caption of the move shown when the game on the
// board is one of them. Views only: opening a game is the controller's (onOpen). A game's title,
// summary, source and captions are catalogue keys ("gallery.chapter17.move1"), worded in the
// page's language (i18n.js) when shown, and again when the language changes.
import { GALLERY } from "../engine-data.js";
import { $ } from "./dom.js";
import { onLanguage, t } from "./i18n.js";

/** A game of the gallery (py_engine/gallery.py): its title, summary, source and captions (one a
 *  move) as catalogue keys, and some moves' arrows and marked squares as a diagram writes them,
 *  by ply (1: the first move).
 *  @typedef {{title: string, summary: string, source: string, rules: string, moves: string[],
 *    captions: string[], arrows?: Object<string, string>, marks?: Object<string, string>}} GalleryGame */

/** Fill the gallery dialog (and fill it again in a language chosen later); ``onOpen(entry)``
 *  replays the game chosen.
 *  @param {(entry: GalleryGame) => unknown} onOpen */
export function setupGallery(onOpen) {
  const fill = () => $("gallery-list").replaceChildren(...Object.entries(GALLERY).map(([key, entry]) => {
    const item = document.createElement("li");
    const title = document.createElement("h3");
    title.textContent = t(entry.title);
    const summary = document.createElement("p");
    summary.textContent = t(entry.summary);
    const source = document.createElement("p");
    source.className = "hint-text";
    source.textContent = t("gallery.length", { count: entry.moves.length, source: t(entry.source) });
    const replay = document.createElement("button");
    replay.type = "button";
    replay.dataset.gallery = key;
    replay.textContent = t("gallery.replay");
    replay.addEventListener("click", () => { $("gallery-dialog").close(); onOpen(entry); });
    item.append(title, summary, source, replay);
    return item;
  }));
  fill();
  onLanguage(fill);
  $("gallery-button").addEventListener("click", () => $("gallery-dialog").showModal());
}

/** The caption for ``shown`` plies of a game (its rules, start and move entries), if it is a
 *  gallery game: the move's caption, or at the start what the game is, in the page's language.
 *  A game played on past the gallery's moves has none.
 *  @param {{rules: string, canonicalRules?: string, start: string, moves: {text: string}[]}} game
 *  @param {number} shown */
export function renderCaption({ rules, canonicalRules, start, moves }, shown) {
  const box = $("caption");
  const entry = Object.values(GALLERY).find((g) => (g.rules === rules || g.rules === canonicalRules)
    && start === "start" && shown <= g.moves.length
    && moves.slice(0, shown).every((m, i) => m.text === g.moves[i]));
  box.hidden = !entry;
  if (!entry) return;
  box.textContent = shown ? t("gallery.caption", { ply: shown, caption: t(entry.captions[shown - 1]) })
    : t("gallery.intro", { title: t(entry.title), summary: t(entry.summary) });
}
