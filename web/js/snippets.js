// The snippets that put a game on another page: a <jetan-board> element or an embed.html frame,
// with absolute addresses of this copy of the app (shared by the Share dialog and the Embed page).
import { encodeGame } from "./share.js";
import { ORANGE } from "./position.js";

/** @param {unknown} s */
const escape = (s) => String(s).replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

/** A diagram's markup attributes, in the order they are written (each passed on as given).
 *  @type {("arrows" | "marks" | "show-moves")[]} */
const MARKUP = ["arrows", "marks", "show-moves"];

/** What a snippet shows: the game's moves, rules and start position, the ply shown, the side at
 *  the bottom, whether the reader may play on, and the markup (arrows, marks, "show-moves").
 *  @typedef {{moves?: string[], rules?: string, position?: string, ply?: string | number | null,
 *    orientation?: string, interactive?: boolean, arrows?: string, marks?: string, "show-moves"?: string}} SnippetOptions */

/** The element snippet: a script include and the board with its attributes
 *  ({moves, rules, position, ply, orientation, interactive, arrows, marks, "show-moves"}: the
 *  empty ones are left out). @param {string} base @param {SnippetOptions} options */
export function elementSnippet(base, { moves = [], rules = "", position = "", ply = "", orientation = "", interactive = false, ...markup }) {
  const attrs = [["moves", moves.join(",")], ["rules", rules], ["position", position], ["ply", ply],
                 ["orientation", orientation === ORANGE ? ORANGE : ""],
                 ...MARKUP.map((name) => [name, markup[name] || ""])].filter(([, v]) => v !== "" && v !== null);
  const text = attrs.map(([k, v]) => ` ${k}="${escape(v)}"`).join("") + (interactive ? " interactive" : "");
  return `<script type="module" src="${base}js/jetan-board.js"></` + `script>\n<jetan-board${text}></jetan-board>`;
}

/** The frame snippet: embed.html with the game in its fragment and the options in its query.
 *  @param {string} base @param {SnippetOptions} options */
export function frameSnippet(base, { moves = [], rules = "", position = "", ply = "", orientation = "", interactive = false, ...markup }) {
  const query = [interactive ? "interactive" : "", orientation === ORANGE ? `orientation=${ORANGE}` : "",
                 ply !== "" && ply !== null ? `ply=${ply}` : "",
                 ...MARKUP.map((name) => (markup[name] ? `${name}=${encodeURIComponent(markup[name])}` : ""))]
    .filter(Boolean).join("&");
  const src = `${base}embed.html${query ? `?${query}` : ""}${encodeGame({ rules, start: position || "start", moves })}`;
  return `<iframe src="${escape(src)}" style="width: 100%; max-width: 480px; aspect-ratio: 10 / 11.6; border: 0" ` +
    `title="Jetan game" loading="lazy"></iframe>`;
}
