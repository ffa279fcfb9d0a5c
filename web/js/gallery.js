// The gallery: games worth replaying (py_engine/gallery.py, written into engine-data.js by
// build.sh) listed in their dialog, and the caption of the move shown when the game on the
// board is one of them. Views only: opening a game is the controller's (onOpen).
import { GALLERY } from "../engine-data.js";
import { $ } from "./dom.js";

/** A game of the gallery (py_engine/gallery.py): its captions, one a move, and some moves'
 *  arrows and marked squares as a diagram writes them, by ply (1: the first move).
 *  @typedef {{title: string, summary: string, source: string, rules: string, moves: string[],
 *    captions: string[], arrows?: Object<string, string>, marks?: Object<string, string>}} GalleryGame */

/** Fill the gallery dialog; ``onOpen(entry)`` replays the game chosen.
 *  @param {(entry: GalleryGame) => unknown} onOpen */
export function setupGallery(onOpen) {
  for (const [key, entry] of Object.entries(GALLERY)) {
    const item = document.createElement("li");
    const title = document.createElement("h3");
    title.textContent = entry.title;
    const summary = document.createElement("p");
    summary.textContent = entry.summary;
    const source = document.createElement("p");
    source.className = "hint-text";
    source.textContent = `${entry.moves.length} moves. ${entry.source}`;
    const replay = document.createElement("button");
    replay.type = "button";
    replay.dataset.gallery = key;
    replay.textContent = "Replay this game";
    replay.addEventListener("click", () => { $("gallery-dialog").close(); onOpen(entry); });
    item.append(title, summary, source, replay);
    $("gallery-list").append(item);
  }
  $("gallery-button").addEventListener("click", () => $("gallery-dialog").showModal());
}

/** The caption for ``shown`` plies of a game (its rules, start and move entries), if it is a
 *  gallery game: the move's caption, or at the start what the game is. A game played on past
 *  the gallery's moves has none.
 *  @param {{rules: string, canonicalRules?: string, start: string, moves: {text: string}[]}} game
 *  @param {number} shown */
export function renderCaption({ rules, canonicalRules, start, moves }, shown) {
  const box = $("caption");
  const entry = Object.values(GALLERY).find((g) => (g.rules === rules || g.rules === canonicalRules)
    && start === "start" && shown <= g.moves.length
    && moves.slice(0, shown).every((m, i) => m.text === g.moves[i]));
  box.hidden = !entry;
  if (!entry) return;
  box.textContent = shown ? `${shown}. ${entry.captions[shown - 1]}`
    : `${entry.title}. ${entry.summary} Step through it with → or the move list.`;
}
