// The piece art, drawn in code: a disc in the side's colour with an emblem true to the book —
// feathers for the Panthan (1), Warrior, Padwar and Thoat (2) and Dwar (3), the Flier's
// three-bladed propeller, the mounted Thoat, a jagged diadem of ten jewels (Chief) and a smooth
// tiara with one great jewel inside a second ring (Princess).

/** A side's piece colours: the disc's body and rim, the emblem's ink, the jewels.
 *  @typedef {{body: string, rim: string, ink: string, jewel: string}} SideColours
 *  @typedef {import("./board.js").Painter} Painter */

import { PIECES, PIECE_ART } from "../engine-data.js";
import { BLACK, ORANGE, pieceKind, sideOfPiece } from "./position.js";

/** @type {Object<string, SideColours>} */
export const SIDE_COLOURS = {
  [BLACK]: { body: "#17120f", rim: "#f1e3c2", ink: "#f1e3c2", jewel: "#e8b94a" },
  [ORANGE]: { body: "#ffb339", rim: "#3a1f0b", ink: "#3a1f0b", jewel: "#b0230f" },
};

// Each kind's emblem is drawn by its rule option's name (the piece table's "option"); the
// feathers drawn on each (every piece that has them but the Flier, whose emblem is its
// propeller) are PIECE_ART's, from py_engine's piece table.
const OPTION = Object.fromEntries(PIECES.map((p) => [p.letter, p.option]));
/** @type {Object<string, number>} each kind's feathers, by its letter */
const FEATHERS = PIECE_ART.feathers;

/** The piece sets: the book's emblems ("discs", the default) and the notation's letters.
 *  @type {readonly string[]} */
export const PIECE_SETS = Object.freeze(["discs", "letters"]);

/** How pieces look: the set (PIECE_SETS; default "discs") and side colours over SIDE_COLOURS'
 *  (a board theme, board.js's BoardTheme, is one).
 *  @typedef {{pieceSet?: string, sides?: Object<string, Partial<SideColours>>}} PieceLook */

/** Draw the piece ``letter`` (upper case Black, lower case Orange) centred at (x, y), as
 *  ``look`` says (default the book's emblems in SIDE_COLOURS).
 *  @param {Painter} ctx @param {string} letter
 *  @param {number} x @param {number} y @param {number} size @param {PieceLook} [look] */
export function drawPiece(ctx, letter, x, y, size, look = {}) {
  const side = sideOfPiece(letter);
  const kind = pieceKind(letter);
  const own = look.sides && look.sides[side];
  const c = own ? { ...SIDE_COLOURS[side], ...own } : SIDE_COLOURS[side];
  const r = size / 2;
  ctx.save();
  ctx.translate(x, y);
  ctx.scale(r, r);
  ctx.lineJoin = "round";
  ctx.lineCap = "round";
  // Shadow and body.
  ctx.beginPath();
  ctx.arc(0.04, 0.06, 0.8, 0, Math.PI * 2);
  ctx.fillStyle = "rgba(0,0,0,0.35)";
  ctx.fill();
  ctx.beginPath();
  ctx.arc(0, 0, 0.8, 0, Math.PI * 2);
  ctx.fillStyle = c.body;
  ctx.fill();
  ctx.lineWidth = 0.09;
  ctx.strokeStyle = c.rim;
  ctx.stroke();
  ctx.fillStyle = c.ink;
  ctx.strokeStyle = c.ink;
  ctx.lineWidth = 0.08;
  if (look.pieceSet === "letters" && LETTERS[kind]) {
    // The notation's letter (the same for both sides), drawn in strokes: no font needed, and the
    // same in a picture's SVG.
    ctx.lineWidth = 0.17;
    LETTERS[kind](ctx);
  } else {
    EMBLEMS[OPTION[kind]](ctx, c);
    if (FEATHERS[kind]) feathers(ctx, FEATHERS[kind]);
  }
  ctx.restore();
}

/** Strokes along the points given. @param {Painter} ctx @param {...number[]} points */
function polyline(ctx, ...points) {
  ctx.beginPath();
  points.forEach(([px, py], i) => (i ? ctx.lineTo(px, py) : ctx.moveTo(px, py)));
  ctx.stroke();
}

// The letters, as strokes in a box about 0.7 wide and 0.9 high round the disc's centre.
const TOP = -0.45, FOOT = 0.45;
/** @type {Object<string, (ctx: Painter) => void>} each letter's strokes, by the piece table's letter */
const LETTER_STROKES = {
  // Panthan
  N(ctx) { polyline(ctx, [-0.27, FOOT], [-0.27, TOP], [0.27, FOOT], [0.27, TOP]); },
  // Warrior
  W(ctx) { polyline(ctx, [-0.4, TOP], [-0.21, FOOT], [0, -0.08], [0.21, FOOT], [0.4, TOP]); },
  // Padwar
  A(ctx) {
    polyline(ctx, [-0.32, FOOT], [0, TOP], [0.32, FOOT]);
    polyline(ctx, [-0.19, 0.12], [0.19, 0.12]);
  },
  // Thoat
  T(ctx) { polyline(ctx, [-0.32, TOP], [0.32, TOP]); polyline(ctx, [0, TOP], [0, FOOT]); },
  // Dwar
  D(ctx) {
    ctx.beginPath();
    ctx.moveTo(-0.26, FOOT);
    ctx.lineTo(-0.26, TOP);
    ctx.lineTo(-0.04, TOP);
    ctx.ellipse(-0.04, 0, 0.32, 0.45, 0, -Math.PI / 2, Math.PI / 2);
    ctx.closePath();
    ctx.stroke();
  },
  // Flier
  F(ctx) {
    polyline(ctx, [0.28, TOP], [-0.22, TOP], [-0.22, FOOT]);
    polyline(ctx, [-0.22, -0.02], [0.18, -0.02]);
  },
  // Chief
  C(ctx) {
    ctx.beginPath();
    ctx.ellipse(0.02, 0, 0.32, 0.45, 0, -0.28 * Math.PI, 0.28 * Math.PI, true);
    ctx.stroke();
  },
  // Princess
  P(ctx) {
    ctx.beginPath();
    ctx.moveTo(-0.24, FOOT);
    ctx.lineTo(-0.24, TOP);
    ctx.lineTo(0.03, TOP);
    ctx.arc(0.03, -0.2, 0.25, -Math.PI / 2, Math.PI / 2);
    ctx.lineTo(-0.24, 0.05);
    ctx.stroke();
  },
};
// Each piece's letter is the piece table's (PIECES): a kind whose letter has no strokes here
// keeps its emblem.
const LETTERS = Object.fromEntries(PIECES.filter((p) => LETTER_STROKES[p.letter])
  .map((p) => [p.letter, LETTER_STROKES[p.letter]]));

/** ``n`` feathers over the emblem. @param {Painter} ctx @param {number} n */
function feathers(ctx, n) {
  const spread = 0.38;
  for (let i = 0; i < n; i++) {
    const angle = n === 1 ? 0 : -spread + (2 * spread * i) / (n - 1);
    ctx.save();
    ctx.translate(0, -0.28);
    ctx.rotate(angle);
    ctx.beginPath();
    ctx.moveTo(0, 0);
    ctx.quadraticCurveTo(0.13, -0.22, 0, -0.46);
    ctx.quadraticCurveTo(-0.13, -0.22, 0, 0);
    ctx.fill();
    ctx.restore();
  }
}

/** @param {Painter} ctx @param {number} x1 @param {number} y1 @param {number} x2 @param {number} y2 */
function line(ctx, x1, y1, x2, y2) {
  ctx.beginPath();
  ctx.moveTo(x1, y1);
  ctx.lineTo(x2, y2);
  ctx.stroke();
}

/** @type {Object<string, (ctx: Painter, c: SideColours) => void>} each kind's emblem, by its rule option */
const EMBLEMS = {
  // Panthan: a round buckler.
  panthan(ctx) {
    ctx.beginPath();
    ctx.arc(0, 0.2, 0.22, 0, Math.PI * 2);
    ctx.stroke();
    ctx.beginPath();
    ctx.arc(0, 0.2, 0.06, 0, Math.PI * 2);
    ctx.fill();
  },
  // Warrior: an upright spear.
  warrior(ctx) {
    line(ctx, 0, 0.52, 0, -0.12);
    ctx.beginPath();
    ctx.moveTo(0, -0.2);
    ctx.lineTo(0.1, 0.02);
    ctx.lineTo(-0.1, 0.02);
    ctx.closePath();
    ctx.fill();
    line(ctx, -0.16, 0.3, 0.16, 0.3);
  },
  // Padwar: two crossed swords (it moves on diagonals).
  padwar(ctx) {
    line(ctx, -0.3, 0.5, 0.22, -0.06);
    line(ctx, 0.3, 0.5, -0.22, -0.06);
    line(ctx, -0.3, 0.22, -0.08, 0.42);
    line(ctx, 0.3, 0.22, 0.08, 0.42);
  },
  // Thoat: the mounted warrior's eight-legged beast, seen from the side.
  thoat(ctx) {
    ctx.beginPath();
    ctx.ellipse(0, 0.2, 0.34, 0.13, 0, 0, Math.PI * 2);
    ctx.fill();
    for (const lx of [-0.24, -0.08, 0.08, 0.24]) line(ctx, lx, 0.28, lx + 0.02, 0.5);
    line(ctx, 0.3, 0.14, 0.46, -0.04);
    ctx.beginPath();
    ctx.ellipse(0.5, -0.06, 0.09, 0.05, -0.4, 0, Math.PI * 2);
    ctx.fill();
    line(ctx, -0.34, 0.18, -0.5, 0.3);
  },
  // Dwar: a captain's double chevron.
  dwar(ctx) {
    for (const dy of [0.08, 0.3]) {
      ctx.beginPath();
      ctx.moveTo(-0.28, dy + 0.14);
      ctx.lineTo(0, dy - 0.04);
      ctx.lineTo(0.28, dy + 0.14);
      ctx.stroke();
    }
  },
  // Flier: a three-bladed propeller.
  flier(ctx) {
    for (let i = 0; i < 3; i++) {
      ctx.save();
      ctx.rotate((i * 2 * Math.PI) / 3);
      ctx.beginPath();
      ctx.ellipse(0, -0.3, 0.1, 0.28, 0.35, 0, Math.PI * 2);
      ctx.fill();
      ctx.restore();
    }
    ctx.beginPath();
    ctx.arc(0, 0, 0.09, 0, Math.PI * 2);
    ctx.fill();
  },
  // Chief: a diadem set with ten jewels.
  chief(ctx, c) {
    diadem(ctx);
    ctx.fillStyle = c.jewel;
    for (let i = 0; i < 10; i++) {
      const t = i / 9;
      const x = -0.42 + 0.84 * t;
      const y = (i % 2 ? 0.02 : -0.16) + 0.2 * (t - 0.5) ** 2;
      ctx.beginPath();
      ctx.arc(x, y + 0.02, 0.055, 0, Math.PI * 2);
      ctx.fill();
    }
  },
  // Princess: not the Chief's jagged diadem but a smooth tiara under one great jewel, inside a
  // second ring — told apart from the Chief at a glance, even small.
  princess(ctx, c) {
    ctx.save();
    ctx.lineWidth = 0.045;
    ctx.beginPath();
    ctx.arc(0, 0, 0.64, 0, Math.PI * 2);
    ctx.stroke();
    ctx.restore();
    ctx.beginPath();
    ctx.moveTo(-0.42, 0.34);
    ctx.quadraticCurveTo(0, -0.32, 0.42, 0.34);
    ctx.lineTo(0.3, 0.34);
    ctx.quadraticCurveTo(0, -0.12, -0.3, 0.34);
    ctx.closePath();
    ctx.fill();
    ctx.fillStyle = c.jewel;
    ctx.beginPath();
    ctx.moveTo(0, -0.46);
    ctx.lineTo(0.15, -0.2);
    ctx.lineTo(0, 0.0);
    ctx.lineTo(-0.15, -0.2);
    ctx.closePath();
    ctx.fill();
  },
};

/** @param {Painter} ctx */
function diadem(ctx) {
  ctx.beginPath();
  ctx.moveTo(-0.5, 0.32);
  ctx.lineTo(-0.5, -0.06);
  ctx.lineTo(-0.25, 0.12);
  ctx.lineTo(0, -0.2);
  ctx.lineTo(0.25, 0.12);
  ctx.lineTo(0.5, -0.06);
  ctx.lineTo(0.5, 0.32);
  ctx.closePath();
  ctx.stroke();
  ctx.fillRect(-0.5, 0.26, 1.0, 0.12);
}
