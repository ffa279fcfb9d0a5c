// The snippets that put a game on another page: a <jetan-board> element or an embed.html frame,
// with absolute addresses of this copy of the app (shared by the Share dialog and the Embed page).
// A snippet speaks the language of the page that writes it: a German reader's board is German
// (lang="de" on the element, lang=de in the frame's address); an English one says nothing, and
// the board follows its own reader's browser.
import { FALLBACK, language, t } from "./i18n.js";
import { encodeGame } from "./share.js";
import { ORANGE } from "./position.js";

/** @param {unknown} s */
const escape = (s) => String(s).replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

/** A diagram's markup attributes, in the order they are written (each passed on as given).
 *  @type {("arrows" | "marks" | "show-moves")[]} */
const MARKUP = ["arrows", "marks", "show-moves"];

/** What a snippet shows: the game's moves, rules and start position, the ply shown, the side at
 *  the bottom, whether the reader may play on, the markup (arrows, marks, "show-moves"), and the
 *  language the board speaks (the page's by default; English, the board's own, is not written).
 *  @typedef {{moves?: string[], rules?: string, position?: string, ply?: string | number | null,
 *    orientation?: string, interactive?: boolean, arrows?: string, marks?: string, "show-moves"?: string,
 *    lang?: string}} SnippetOptions */

/** The language a snippet names: ``lang`` unless it is English (a board speaks English, or its
 *  reader's browser's language, unless told otherwise). @param {string} lang */
const named = (lang) => (lang === FALLBACK ? "" : lang);

/** The element snippet: a script include and the board with its attributes
 *  ({moves, rules, position, ply, orientation, interactive, arrows, marks, "show-moves", lang}:
 *  the empty ones are left out). @param {string} base @param {SnippetOptions} options */
export function elementSnippet(base, { moves = [], rules = "", position = "", ply = "", orientation = "", interactive = false,
                                      lang = language(), ...markup }) {
  const attrs = [["moves", moves.join(",")], ["rules", rules], ["position", position], ["ply", ply],
                 ["orientation", orientation === ORANGE ? ORANGE : ""],
                 ...MARKUP.map((name) => [name, markup[name] || ""]), ["lang", named(lang)]]
    .filter(([, v]) => v !== "" && v !== null);
  const text = attrs.map(([k, v]) => ` ${k}="${escape(v)}"`).join("") + (interactive ? " interactive" : "");
  const script = `<script type="module" src="${base}js/jetan-board.js"></`;  // not a message: HTML and an address
  return `${script}script>\n<jetan-board${text}></jetan-board>`;
}

/** The frame snippet: embed.html with the game in its fragment and the options in its query; its
 *  title (what a screen reader says of the frame) in the page's language.
 *  @param {string} base @param {SnippetOptions} options */
export function frameSnippet(base, { moves = [], rules = "", position = "", ply = "", orientation = "", interactive = false,
                                    lang = language(), ...markup }) {
  const query = [interactive ? "interactive" : "", orientation === ORANGE ? `orientation=${ORANGE}` : "",
                 ply !== "" && ply !== null ? `ply=${ply}` : "",
                 ...MARKUP.map((name) => (markup[name] ? `${name}=${encodeURIComponent(markup[name])}` : "")),
                 named(lang) ? `lang=${encodeURIComponent(lang)}` : ""]
    .filter(Boolean).join("&");
  const page = `${base}embed.html`;  // not a message: an address
  const src = `${page}${query ? `?${query}` : ""}${encodeGame({ rules, start: position || "start", moves })}`;
  return `<iframe src="${escape(src)}" style="width: 100%; max-width: 480px; aspect-ratio: 10 / 11.6; border: 0" ` +
    `title="${escape(t("share.frameTitle"))}" loading="lazy"></iframe>`;
}
