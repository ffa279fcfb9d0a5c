// A diagram's markup as authors write it: arrows "d2d4 e9e7:red", marked squares "e5 f6:blue",
// the square whose moves are shown "d1". Read strictly: anything that is not a square (named as
// the notation names it) or a colour of the palette is reported — as a message (i18n.js), worded
// where it is shown, quoting at most a few characters of it — and never used. No DOM, so Node
// can test it.
import { MARKUP } from "../engine-data.js";
import { message } from "./i18n.js";
import { squareIndex, squareName } from "./position.js";

/** An arrow's text: two squares, "-" between them or not ("d2d4", "d2-d4"), as the record format
 *  writes a comment's arrows (engine-data.js's MARKUP.arrow; either case). */
const ARROW = new RegExp(MARKUP.arrow);

/** How the colours a diagram's arrows and marked squares may take (a name after a colon:
 *  ``d2d4:red``, ``e5:blue``; their names are the record format's, MARKUP.colours) are painted;
 *  each reads on both square colours. The first is the default, the green of the app's
 *  analysis arrows.
 *  @type {Object<string, string>} */
const PAINT = {
  green: "rgba(120, 200, 90, 0.85)", red: "rgba(232, 35, 45, 0.88)",
  blue: "rgba(70, 140, 255, 0.88)", yellow: "rgba(255, 222, 40, 0.9)",
};
/** @type {Object<string, string>} each colour name of MARKUP.colours, painted */
export const PALETTE = Object.fromEntries(MARKUP.colours.map((name) => [name, PAINT[name]]));

/** At most this many arrows, and as many marked squares, are drawn on one board. */
export const MAX_MARKUP = 100;
/** Longer markup text is not read at all (a hundred arrows take about a thousand characters). */
export const MAX_MARKUP_TEXT = 10_000;

/** At most a few characters of what was written, to quote it. @param {string} text */
const clip = (text) => (text.length > 12 ? `${text.slice(0, 11)}…` : text);
const COLOUR_NAMES = Object.keys(PALETTE);

/** A square's index (0-99) from its name as the notation writes it ("e5", any case), or null if
 *  it names none. @param {string} name @returns {?number} */
export function parseSquare(name) {
  const text = String(name).trim().toLowerCase();
  const sq = squareIndex(text);
  return sq >= 0 && squareName(sq) === text ? sq : null;
}

/** A colour's name ("red") as the palette's colour, the default (green) for none, or null.
 *  @param {string | undefined} name @returns {?string} */
function colourOf(name) {
  if (name === undefined || name === "") return PALETTE[COLOUR_NAMES[0]];
  const key = name.toLowerCase();
  return Object.hasOwn(PALETTE, key) ? PALETTE[key] : null;
}

/**
 * @typedef {import("./board.js").Arrow} Arrow
 * @typedef {import("./board.js").Mark} Mark
 */
/** @typedef {import("./i18n.js").Message} Message */
/** Read a markup list. ``kind`` "arrows" (from-to pairs: "d2d4", "d2-d4") or "marks"
 *  (squares). Returns {items: [[from, to, colour]] or [[square, colour]], problem: null or a
 *  message saying what is wrong (the items read are drawn all the same)}.
 *  @overload @param {?string | undefined} text @param {"arrows"} kind @returns {{items: Arrow[], problem: ?Message}} */
/** @overload @param {?string | undefined} text @param {"marks"} kind @returns {{items: Mark[], problem: ?Message}} */
/** @param {?string | undefined} text @param {"arrows" | "marks"} kind
 *  @returns {{items: (Arrow | Mark)[], problem: ?Message}} */
export function parseMarkup(text, kind) {
  const source = String(text ?? "");
  if (source.length > MAX_MARKUP_TEXT) {
    return { items: [], problem: message(`markup.${kind}.tooLong`, { length: source.length, most: MAX_MARKUP_TEXT }) };
  }
  const tokens = source.split(/[\s,;]+/).filter(Boolean);
  /** @type {(Arrow | Mark)[]} */
  const items = [];
  /** @type {Message[]} what is wrong with each item not read */
  const bad = [];
  for (const token of tokens) {
    const [body, colourName, extra] = token.split(":");
    const colour = extra === undefined ? colourOf(colourName) : null;
    if (colour === null) {
      // (The colours' names are the record format's, as written in it: not translated.)
      bad.push(message("markup.badColour", { text: clip(token), colours: COLOUR_NAMES.join(", ") }));
      continue;
    }
    if (kind === "arrows") {
      const m = ARROW.exec(body);
      const squares = m && /** @type {Object<string, string>} */ (m.groups);
      const from = squares ? parseSquare(squares.from) : null, to = squares ? parseSquare(squares.to) : null;
      if (from === null || to === null || from === to) { bad.push(message("markup.badArrow", { text: clip(body) })); continue; }
      items.push([from, to, colour]);
    } else {
      const sq = parseSquare(body);
      if (sq === null) { bad.push(message("markup.badSquare", { text: clip(body) })); continue; }
      items.push([sq, colour]);
    }
  }
  /** @type {Message[]} */
  const problems = [];
  if (bad.length) problems.push(message(`markup.${kind}.unread`, { count: bad.length, first: bad[0] }));
  if (items.length > MAX_MARKUP) {
    problems.push(message(`markup.${kind}.tooMany`, { found: items.length, most: MAX_MARKUP }));
    items.length = MAX_MARKUP;
  }
  const [first, second] = problems;
  return { items, problem: second ? message("markup.both", { first, second }) : first ?? null };
}
