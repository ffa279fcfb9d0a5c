// Games in links: encode and decode, with clear errors. No DOM, so Node can test it. The engine
// still checks every rule set, position and move a link holds.
//
// A link's fragment is versioned, compact and readable, parts separated by ";":
//
//   #1;r=setup=facing,duel=even;s=<start, spaces as _>;m=g10d7,d2d3,d1g4/a;ply=2;o=orange;c
//
// "1" is the format's version; r the rule set (only when not standard); s the start position
// (only when not the rule set's own); m the moves without their "-"/"x"; ply the position being
// viewed (absent: the last); o the side at the bottom (absent: Black); c a correspondence game
// (two people taking turns by sending links); d the game's seed (it fixes the duels' outcomes);
// t the clock: initial+increment,black,orange in ms (each side's time left). Links made before
// the version (#rules=…&start=…&moves=…) are still read.
//
// A link may also carry a language for its reader's visit: "lang=de", alone ("#lang=de": no
// game) or after the game ("#1;m=d2d3&lang=de"). i18n.js reads it (linkLanguage); here it is
// passed over, and a link holding only it holds no game.
//
// What is wrong with a link is said by a ShareError's ``reason``, a message (i18n.js), worded
// where it is shown.
//
// What a move text may be (NOTATION.move) and how long a game may be (LIMITS) are the engine's,
// written into engine-data.js by the build (py_engine/webbuild/facts.py).
import { LIMITS, NOTATION, SIDES } from "../engine-data.js";
import { ReasonError, message } from "./i18n.js";
import { BLACK, ORANGE } from "./position.js";

/** A link that cannot be read: ``reason`` says why (a message, share.error.*); ``message`` is
 *  its words in the page's language when it was thrown. */
export class ShareError extends ReasonError {
  /** @param {string} key @param {Record<string, import("./i18n.js").MessageArg>} [args] */
  constructor(key, args) {
    super(message(key, args));
  }
}

export const VERSION = "1";
/** A move text as a link (or the saved game) may hold it. */
export const MOVE = new RegExp(NOTATION.move);
// What a link may hold, within what the engine accepts (py_engine.facade's limits).
const LINK_LIMITS = { rules: LIMITS.rules_text, start: LIMITS.position_text, moves: LIMITS.plies };
const FRAGMENT_LIMIT = 300000;
/** A move text without its separator ("d2-d3" → "d2d3"), as links hold it. @param {string} move */
const bare = (move) => {
  const at = [...move].findIndex((c) => NOTATION.separators.includes(c));
  return at < 0 ? move : move.slice(0, at) + move.slice(at + 1);
};

/** A game as a link holds it: the rule set, the start ("start" or a position string), the moves,
 *  the duels' seed and the clock.
 *  @typedef {{rules?: string, start?: ?string, moves?: string[], seed?: number,
 *    clock?: import("./session.js").Clock}} LinkGame
 *  The view a link opens: the ply shown (null: the last), the side at the bottom, and whether it
 *  is a correspondence game.
 *  @typedef {{ply?: ?number, orientation?: string, correspondence?: boolean}} LinkView
 *  A link read: its game and its view.
 *  @typedef {{game: {rules: string, start: string, moves: string[], seed?: number,
 *    clock?: import("./session.js").Clock}, view: {ply: ?number, orientation: string, correspondence: boolean}}} DecodedLink */

/** The fragment of a link to a game (with its view: the ply shown and the orientation).
 *  @param {LinkGame} game @param {LinkView} [view] @returns {string} */
export function encodeGame({ rules = "", start = "start", moves = [], seed = undefined, clock = undefined },
                           { ply = null, orientation = BLACK, correspondence = false } = {}) {
  const parts = [VERSION];
  if (rules) parts.push(`r=${rules}`);
  if (start && start !== "start") parts.push(`s=${start.trim().replace(/\s+/g, "_")}`);
  if (moves.length) parts.push(`m=${moves.map((m) => bare(m)).join(",")}`);
  if (seed) parts.push(`d=${seed}`);
  if (clock) parts.push(`t=${clock.initial}+${clock.increment},${SIDES.map((side) => clock[side]).join(",")}`);
  if (ply !== null && ply !== undefined && ply < moves.length) parts.push(`ply=${ply}`);
  if (orientation === ORANGE) parts.push(`o=${ORANGE}`);
  if (correspondence) parts.push("c");
  return `#${parts.join(";")}`;
}

/** What a link's fragment holds: {game: {rules, start, moves}, view: {ply, orientation,
 *  correspondence}}, or null for no fragment. A fragment that is there but holds no game (cut
 *  off, empty) is an error, so that it can never replace a game with an empty one.
 *  @param {?string | undefined} fragment @returns {?DecodedLink} */
export function decodeLink(fragment) {
  const text = withoutLanguage((fragment || "").replace(/^#/, ""));
  if (!text) return null;
  if (text.length > FRAGMENT_LIMIT) throw new ShareError("share.error.tooLong");
  const found = /^(\d+);?/.exec(text);
  const { game, view } = found ? readVersioned(found[1], text.slice(found[0].length)) : readOld(text);
  check(game);
  if (view.ply !== null && view.ply > game.moves.length) {
    throw new ShareError("share.error.plyBeyond", { ply: view.ply, count: game.moves.length });
  }
  if (!game.rules && game.start === "start" && !game.moves.length && !view.correspondence) {
    throw new ShareError("share.error.noGame");
  }
  return { game, view };
}

/** A fragment without its ``lang=`` part (a language for the visit, not the game's).
 *  @param {string} text @returns {string} */
function withoutLanguage(text) {
  return text.replace(/(?:^|&)lang=[^&]*/g, "");
}

/** The game of a link's fragment alone (see decodeLink).
 *  @param {string} fragment */
export function decodeGame(fragment) {
  const link = decodeLink(fragment);
  return link && link.game;
}

/** @param {string} version @param {string} rest @returns {DecodedLink} */
function readVersioned(version, rest) {
  if (version !== VERSION) {
    throw new ShareError("share.error.newer", { format: version.slice(0, 6) });
  }
  /** @type {{rules: string, start: string, moves: string[], seed?: number, clock?: import("./session.js").Clock}} */
  const game = { rules: "", start: "start", moves: [] };
  /** @type {{ply: ?number, orientation: string, correspondence: boolean}} */
  const view = { ply: null, orientation: BLACK, correspondence: false };
  const seen = new Set();
  for (const part of rest.split(";").filter(Boolean)) {
    const cut = part.indexOf("=");
    const key = cut < 0 ? part : part.slice(0, cut);
    const value = cut < 0 ? "" : decode(part.slice(cut + 1));
    if (seen.has(key)) throw new ShareError("share.error.twice", { part: key.slice(0, 20) });
    seen.add(key);
    if (key === "r") game.rules = value.trim();
    else if (key === "s") game.start = value.replace(/_/g, " ").trim() || "start";
    else if (key === "m") game.moves = value.split(",").map((m) => m.trim()).filter(Boolean);
    else if (key === "ply") {
      if (!/^\d{1,6}$/.test(value)) throw new ShareError("share.error.plyNumber");
      view.ply = parseInt(value, 10);
    } else if (key === "o") {
      if (!SIDES.includes(value)) throw new ShareError("share.error.orientation", { one: BLACK, other: ORANGE });
      view.orientation = value;
    } else if (key === "c" && cut < 0) view.correspondence = true;
    else if (key === "d") {
      if (!/^\d{1,15}$/.test(value)) throw new ShareError("share.error.seed");
      game.seed = parseInt(value, 10);
    } else if (key === "t") {
      const found = /^(\d{1,8})\+(\d{1,8}),(\d{1,8}),(\d{1,8})$/.exec(value);
      if (!found) throw new ShareError("share.error.clock");
      const [initial, increment, black, orange] = found.slice(1).map(Number);
      game.clock = { initial, increment, black, orange };
    }
    else throw new ShareError("share.error.unknownPart", { part: key.slice(0, 20) });
  }
  return { game, view };
}

/** Links made before the versioned format: #rules=…&start=…&moves=…
 *  @param {string} text @returns {DecodedLink} */
function readOld(text) {
  let params;
  try { params = new URLSearchParams(text); } catch { throw new ShareError("share.error.unreadable"); }
  const seen = new Set();
  for (const key of params.keys()) {
    if (!["rules", "start", "moves"].includes(key)) throw new ShareError("share.error.unknownPart", { part: key.slice(0, 20) });
    if (seen.has(key)) throw new ShareError("share.error.twice", { part: key });
    seen.add(key);
  }
  const game = {
    rules: (params.get("rules") || "").trim(),
    start: (params.get("start") || "").trim() || "start",
    moves: (params.get("moves") || "").split(",").map((m) => m.trim()).filter(Boolean),
  };
  return { game, view: { ply: null, orientation: BLACK, correspondence: false } };
}

/** @param {string} value */
function decode(value) {
  try { return decodeURIComponent(value); } catch { throw new ShareError("share.error.unreadable"); }
}

/** @param {{rules: string, start: string, moves: string[]}} game */
function check(game) {
  if (game.rules.length > LINK_LIMITS.rules) throw new ShareError("share.error.rulesTooLong");
  if (game.start.length > LINK_LIMITS.start) throw new ShareError("share.error.startTooLong");
  if (game.moves.length > LINK_LIMITS.moves) throw new ShareError("share.error.tooManyMoves", { count: LINK_LIMITS.moves });
  game.moves.forEach((m, i) => {
    if (!MOVE.test(m)) throw new ShareError("share.error.badMove", { number: i + 1, move: m.slice(0, 20) });
  });
}
