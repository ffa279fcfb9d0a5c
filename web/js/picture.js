// Pictures of a board: a PNG (drawn on a canvas at twice its size, so it stays crisp on a
// high-density screen or in print) or an SVG (vector, the pieces included, no fonts needed),
// painted by board.js's own painting code. For the SVG that code draws on a recording context:
// the few canvas 2D calls the board and the piece art use, written down as SVG paths. Its words (an
// SVG's title, what went wrong) are in the page's language, or a <jetan-board lang>'s.
import { PAGE_WORDS, paintScene } from "./board.js";

/**
 * @typedef {import("./board.js").Scene} Scene
 * @typedef {import("./board.js").Painter} Painter
 * @typedef {import("./board.js").Speaker} Speaker
 */

/** A picture's default size: the board's width in CSS pixels (the PNG has scale × as many). */
export const PICTURE_SIZE = 800;
export const PICTURE_SCALE = 2;

/**
 * A picture of a board as a Blob.
 * @param {Scene} scene   what board.js's paintScene draws
 * @param {string} [type]   "image/png" (default) or "image/svg+xml"
 * @param {{size?: number, scale?: number}} [options]   the board's size (default 800) and, for
 *   a PNG, how many pixels to a unit (default 2: a 1600 × 1600 image)
 * @param {Speaker} [words]   the language of its title and its errors (the page's by default)
 * @returns {Promise<Blob>}
 */
export async function picture(scene, type = "image/png", { size = PICTURE_SIZE, scale = PICTURE_SCALE } = {},
                              words = PAGE_WORDS) {
  size = Math.max(100, Math.min(4000, Number(size) || PICTURE_SIZE));
  if (type === "image/svg+xml" || type === "svg") {
    return new Blob([svgText(scene, size, words)], { type: "image/svg+xml" });
  }
  if (type !== "image/png" && type !== "png") throw new Error(words.t("picture.notAType", { type: String(type).slice(0, 30) }));
  scale = Math.max(1, Math.min(4, Number(scale) || PICTURE_SCALE));
  const canvas = document.createElement("canvas");
  canvas.width = canvas.height = Math.round(size * scale);
  const ctx = /** @type {CanvasRenderingContext2D} */ (canvas.getContext("2d"));
  ctx.setTransform(scale, 0, 0, scale, 0, 0);
  paintScene(ctx, size, scene);
  return new Promise((resolve, reject) => canvas.toBlob(
    (blob) => (blob ? resolve(blob) : reject(new Error(words.t("picture.failed")))), "image/png"));
}

/** The SVG text of a board ``size`` units wide (its viewBox is 0 0 size size), its title in
 *  ``words``' language. @param {Scene} scene @param {number} [size] @param {Speaker} [words] */
export function svgText(scene, size = PICTURE_SIZE, words = PAGE_WORDS) {
  const ctx = new SvgContext();
  paintScene(ctx, size, scene);
  return `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}" ` +
    `xml:lang="${escapeXml(words.lang)}">\n` +
    `<title>${escapeXml(words.t("picture.title"))}</title>\n` +
    (ctx.defs.length ? `<defs>${ctx.defs.join("")}</defs>\n` : "") + ctx.out.join("\n") + "\n</svg>\n";
}

/** ``text`` as an SVG's text and attributes may hold it. @param {string} text */
const escapeXml = (text) => text.replace(/[<>&"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** Save a Blob as a file (a download the reader keeps). @param {Blob} blob @param {string} name */
export function download(blob, name) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

// ---- the recording context -------------------------------------------------------------------

/** A number as the SVG writes it: to two decimals. @param {number} v */
const n = (v) => String(Math.round(v * 100) / 100);

/** What a fill or a stroke is painted with: a CSS colour, or a gradient (a canvas's own, or, in
 *  the recording context, a Gradient below). @typedef {string | CanvasGradient | CanvasPattern} Style */

/** A CSS colour as SVG 1.1 attributes: "rgba(r, g, b, a)" becomes the colour and its opacity,
 *  which every SVG reader understands. @param {Style} colour @param {string} attr */
function paint(colour, attr) {
  const m = /^rgba\(\s*([\d.]+)\s*,\s*([\d.]+)\s*,\s*([\d.]+)\s*,\s*([\d.]+)\s*\)$/.exec(String(colour));
  if (m) return `${attr}="rgb(${m[1]},${m[2]},${m[3]})" ${attr}-opacity="${m[4]}"`;
  if (/^(#[0-9a-fA-F]{3,8}|rgb\([\d.,\s]+\)|none)$/.test(String(colour))) return `${attr}="${colour}"`;
  if (colour instanceof Gradient) return `${attr}="url(#${colour.gradientId})"`;
  return `${attr}="#000"`;
}

/** A radial gradient as createRadialGradient makes it: written into the SVG's defs when first
 *  painted with. */
class Gradient {
  /** @param {string} id @param {number} x0 @param {number} y0 @param {number} r0
   *  @param {number} x1 @param {number} y1 @param {number} r1 */
  constructor(id, x0, y0, r0, x1, y1, r1) {
    this.gradientId = id;
    this.x0 = x0; this.y0 = y0; this.r0 = r0;
    this.x1 = x1; this.y1 = y1; this.r1 = r1;
    this.written = false;
    /** @type {[number, string][]} */
    this.stops = [];
  }

  /** @param {number} offset @param {string} colour */
  addColorStop(offset, colour) { this.stops.push([offset, colour]); }
}

/** The canvas 2D calls board.js and pieces.js make, recorded as SVG: paths in the board's
 *  coordinates (the transform applied to every point), fills and strokes with the state at the
 *  time, text as strokes of a small built-in line font. Transforms are translations, rotations
 *  and uniform scales, as the piece art uses.
 *  @implements {Painter} */
class SvgContext {
  constructor() {
    /** @type {string[]} */
    this.out = [];
    /** @type {string[]} */
    this.defs = [];
    /** @type {Pick<SvgContext, "m" | "fillStyle" | "strokeStyle" | "lineWidth" | "lineCap" | "lineJoin" | "dash" |
     *    "font" | "textAlign" | "textBaseline">[]} the states save() kept */
    this.stack = [];
    /** @type {number[]} the transform: a, b, c, d, e, f as setTransform takes them */
    this.m = [1, 0, 0, 1, 0, 0];
    /** @type {Style} */
    this.fillStyle = "#000";
    /** @type {Style} */
    this.strokeStyle = "#000";
    this.lineWidth = 1;
    /** @type {CanvasLineCap} */
    this.lineCap = "butt";
    /** @type {CanvasLineJoin} */
    this.lineJoin = "miter";
    /** @type {number[]} */
    this.dash = [];
    this.font = "10px sans-serif";
    /** @type {CanvasTextAlign} */
    this.textAlign = "start";
    /** @type {CanvasTextBaseline} */
    this.textBaseline = "alphabetic";
    /** @type {string[]} the path being made, as SVG path commands */
    this.path = [];
    /** @type {?number[]} where the path is (null: no point yet) */
    this.current = null;
  }

  // -- state --
  save() {
    const { m, fillStyle, strokeStyle, lineWidth, lineCap, lineJoin, dash, font, textAlign, textBaseline } = this;
    this.stack.push({ m: m.slice(), fillStyle, strokeStyle, lineWidth, lineCap, lineJoin, dash, font, textAlign, textBaseline });
  }

  restore() { if (this.stack.length) Object.assign(this, this.stack.pop()); }

  /** @param {number[]} dash */
  setLineDash(dash) { this.dash = dash.slice(); }

  /** @param {number} a @param {number} b @param {number} c @param {number} d @param {number} e @param {number} f */
  setTransform(a, b, c, d, e, f) { this.m = [a, b, c, d, e, f]; }

  /** @param {number} a @param {number} b @param {number} c @param {number} d @param {number} e @param {number} f */
  transform(a, b, c, d, e, f) {
    const [A, B, C, D, E, F] = this.m;
    this.m = [A * a + C * b, B * a + D * b, A * c + C * d, B * c + D * d, A * e + C * f + E, B * e + D * f + F];
  }

  /** @param {number} x @param {number} y */
  translate(x, y) { this.transform(1, 0, 0, 1, x, y); }

  /** @param {number} x @param {number} y */
  scale(x, y) { this.transform(x, 0, 0, y, 0, 0); }

  /** @param {number} a */
  rotate(a) { this.transform(Math.cos(a), Math.sin(a), -Math.sin(a), Math.cos(a), 0, 0); }

  /** How much the transform scales lengths, and the angle it turns by. */
  get unit() { return Math.sqrt(Math.abs(this.m[0] * this.m[3] - this.m[1] * this.m[2])); }

  get turn() { return Math.atan2(this.m[1], this.m[0]); }

  /** A point in the board's coordinates. @param {number} x @param {number} y @returns {number[]} */
  pt(x, y) {
    const [a, b, c, d, e, f] = this.m;
    return [a * x + c * y + e, b * x + d * y + f];
  }

  // -- paths --
  beginPath() { this.path = []; this.current = null; }

  /** @param {number} x @param {number} y */
  moveTo(x, y) {
    const [px, py] = this.pt(x, y);
    this.path.push(`M${n(px)} ${n(py)}`);
    this.current = [px, py];
    this.first = [px, py];
  }

  /** @param {number} x @param {number} y */
  lineTo(x, y) {
    if (!this.current) { this.moveTo(x, y); return; }
    const [px, py] = this.pt(x, y);
    this.path.push(`L${n(px)} ${n(py)}`);
    this.current = [px, py];
  }

  /** @param {number} cx @param {number} cy @param {number} x @param {number} y */
  quadraticCurveTo(cx, cy, x, y) {
    if (!this.current) this.moveTo(cx, cy);
    const [qx, qy] = this.pt(cx, cy), [px, py] = this.pt(x, y);
    this.path.push(`Q${n(qx)} ${n(qy)} ${n(px)} ${n(py)}`);
    this.current = [px, py];
  }

  closePath() {
    this.path.push("Z");
    if (this.first) this.current = this.first.slice();
  }

  /** @param {number} x @param {number} y @param {number} r @param {number} start @param {number} end
   *  @param {boolean} [anticlockwise] */
  arc(x, y, r, start, end, anticlockwise = false) { this.ellipse(x, y, r, r, 0, start, end, anticlockwise); }

  /** @param {number} x @param {number} y @param {number} rx @param {number} ry @param {number} rotation
   *  @param {number} start @param {number} end @param {boolean} [anticlockwise] */
  ellipse(x, y, rx, ry, rotation, start, end, anticlockwise = false) {
    const k = this.unit, turn = rotation + this.turn;
    const at = (/** @type {number} */ t) => {
      const ex = rx * Math.cos(t), ey = ry * Math.sin(t);
      return this.pt(x + ex * Math.cos(rotation) - ey * Math.sin(rotation), y + ex * Math.sin(rotation) + ey * Math.cos(rotation));
    };
    let sweep = anticlockwise ? start - end : end - start;
    const full = sweep >= Math.PI * 2 - 1e-9;
    if (!full) sweep = ((sweep % (Math.PI * 2)) + Math.PI * 2) % (Math.PI * 2);
    const [sx, sy] = at(start);
    this.path.push(`${this.current ? "L" : "M"}${n(sx)} ${n(sy)}`);
    if (!this.current) this.first = [sx, sy];
    const R = `${n(rx * k)} ${n(ry * k)} ${n((turn * 180) / Math.PI)}`;
    const flag = anticlockwise ? 0 : 1;
    if (full) {
      const [mx, my] = at(start + (anticlockwise ? -Math.PI : Math.PI));
      this.path.push(`A${R} 0 ${flag} ${n(mx)} ${n(my)}`, `A${R} 0 ${flag} ${n(sx)} ${n(sy)}`);
      this.current = [sx, sy];
    } else {
      const [ex, ey] = at(end);
      this.path.push(`A${R} ${sweep > Math.PI ? 1 : 0} ${flag} ${n(ex)} ${n(ey)}`);
      this.current = [ex, ey];
    }
  }

  /** @param {number} x @param {number} y @param {number} w @param {number} h */
  rect(x, y, w, h) {
    this.moveTo(x, y); this.lineTo(x + w, y); this.lineTo(x + w, y + h); this.lineTo(x, y + h); this.closePath();
  }

  // -- painting --
  fill() { if (this.path.length) this.out.push(`<path d="${this.path.join("")}" ${this.fillAttrs()}/>`); }

  stroke() { if (this.path.length) this.out.push(`<path d="${this.path.join("")}" ${this.strokeAttrs()}/>`); }

  /** @param {number} x @param {number} y @param {number} w @param {number} h */
  fillRect(x, y, w, h) {
    const { path, current } = this;
    this.beginPath(); this.rect(x, y, w, h); this.fill();
    this.path = path; this.current = current;
  }

  /** @param {number} x @param {number} y @param {number} w @param {number} h */
  strokeRect(x, y, w, h) {
    const { path, current } = this;
    this.beginPath(); this.rect(x, y, w, h); this.stroke();
    this.path = path; this.current = current;
  }

  fillAttrs() { return paint(this.gradient(this.fillStyle), "fill"); }

  strokeAttrs() {
    const k = this.unit;
    const dash = this.dash.length ? ` stroke-dasharray="${this.dash.map((d) => n(d * k)).join(" ")}"` : "";
    return `fill="none" ${paint(this.gradient(this.strokeStyle), "stroke")} stroke-width="${n(this.lineWidth * k)}" ` +
      `stroke-linecap="${this.lineCap}" stroke-linejoin="${this.lineJoin}"${dash}`;
  }

  /** @param {number} x0 @param {number} y0 @param {number} r0 @param {number} x1 @param {number} y1 @param {number} r1 */
  createRadialGradient(x0, y0, r0, x1, y1, r1) {
    const [ax, ay] = this.pt(x0, y0), [bx, by] = this.pt(x1, y1);
    return new Gradient(`g${this.defs.length + 1}`, ax, ay, r0 * this.unit, bx, by, r1 * this.unit);
  }

  /** A gradient used for the first time is written into the defs. @param {Style} style */
  gradient(style) {
    if (!(style instanceof Gradient) || style.written) return style;
    style.written = true;
    const stops = style.stops.map(([o, c]) => `<stop offset="${o}" ${paint(c, "stop-color").replace(/stop-color-opacity/, "stop-opacity")}/>`).join("");
    const r0 = style.r1 ? style.r0 / style.r1 : 0;
    this.defs.push(`<radialGradient id="${style.gradientId}" gradientUnits="userSpaceOnUse" cx="${n(style.x1)}" cy="${n(style.y1)}" ` +
      `r="${n(style.r1)}" fx="${n(style.x0)}" fy="${n(style.y0)}">` +
      stops.replace(/offset="0"/, `offset="${n(r0)}"`) + "</radialGradient>");
    return style;
  }

  // -- text: strokes of a small line font, so that the picture needs no font --
  /** @param {string} text @param {number} x @param {number} y */
  fillText(text, x, y) {
    const size = parseFloat(this.font) || 10;
    const glyphs = [...String(text)].map((ch) => GLYPHS[ch]);
    const advance = size * 0.62;
    const width = glyphs.length * advance - size * 0.12;
    let left = x;
    if (this.textAlign === "right" || this.textAlign === "end") left = x - width;
    else if (this.textAlign === "center") left = x - width / 2;
    // Glyphs are drawn in a box 0.5 wide and 0.7 high (cap height), top at 0.
    let top = y - size * 0.78;
    if (this.textBaseline === "top") top = y + size * 0.12;
    else if (this.textBaseline === "middle") top = y - size * 0.35;
    else if (this.textBaseline === "bottom") top = y - size * 0.92;
    const { path, current, strokeStyle, lineWidth, lineCap, lineJoin } = this;
    this.beginPath();
    glyphs.forEach((strokes, i) => {
      if (!strokes) return;
      for (const line of strokes) {
        line.forEach(([gx, gy], j) => {
          const px = left + i * advance + gx * size, py = top + gy * size;
          if (j === 0) this.moveTo(px, py); else this.lineTo(px, py);
        });
      }
    });
    Object.assign(this, { strokeStyle: this.fillStyle, lineWidth: size * 0.11, lineCap: "round", lineJoin: "round" });
    this.stroke();
    Object.assign(this, { path, current, strokeStyle, lineWidth, lineCap, lineJoin });
  }
}

// A line font for the coordinates: each glyph is polylines in a box 0.5 wide, 0.7 high (y down).
// Curves are short polylines; what matters is that it reads at 11-20 px.
/** Points along an ellipse's arc, from angle a0 to a1.
 *  @param {number} cx @param {number} cy @param {number} rx @param {number} ry @param {number} a0
 *  @param {number} a1 @param {number} [steps] @returns {number[][]} */
const arcPts = (cx, cy, rx, ry, a0, a1, steps = 8) => Array.from({ length: steps + 1 },
  (_, i) => { const t = a0 + ((a1 - a0) * i) / steps; return [cx + rx * Math.cos(t), cy + ry * Math.sin(t)]; });
const PI = Math.PI;
/** @type {Object<string, number[][][]>} each character's polylines */
const GLYPHS = {
  0: [arcPts(0.25, 0.35, 0.22, 0.35, 0, 2 * PI, 16)],
  1: [[[0.1, 0.14], [0.28, 0], [0.28, 0.7]], [[0.1, 0.7], [0.45, 0.7]]],
  2: [[...arcPts(0.25, 0.2, 0.2, 0.2, PI * 1.05, PI * 2.2), [0.04, 0.7], [0.47, 0.7]]],
  3: [arcPts(0.24, 0.18, 0.19, 0.18, PI * 1.1, PI * 2.5), arcPts(0.24, 0.52, 0.21, 0.18, PI * 1.5, PI * 2.9)],
  4: [[[0.36, 0.7], [0.36, 0], [0.02, 0.5], [0.48, 0.5]]],
  5: [[[0.45, 0], [0.08, 0], [0.05, 0.3], ...arcPts(0.24, 0.47, 0.22, 0.23, PI * 1.2, PI * 2.85)]],
  6: [[...arcPts(0.26, 0.35, 0.21, 0.35, PI * 1.65, PI * 1.0, 6), ...arcPts(0.25, 0.49, 0.21, 0.21, PI, PI * 3, 14)]],
  7: [[[0.03, 0], [0.47, 0], [0.18, 0.7]]],
  8: [arcPts(0.25, 0.17, 0.18, 0.17, 0, 2 * PI, 14), arcPts(0.25, 0.51, 0.22, 0.19, 0, 2 * PI, 14)],
  9: [[...arcPts(0.25, 0.21, 0.21, 0.21, 0, 2 * PI, 14), ...arcPts(0.24, 0.35, 0.21, 0.35, 0, PI * 0.65, 6)]],
  a: [[...arcPts(0.24, 0.47, 0.2, 0.23, 0, 2 * PI, 14)], [[0.44, 0.22], [0.44, 0.7]]],
  b: [[[0.06, 0], [0.06, 0.7]], arcPts(0.26, 0.47, 0.2, 0.23, 0, 2 * PI, 14)],
  c: [arcPts(0.26, 0.47, 0.21, 0.23, PI * 0.25, PI * 1.75, 12).reverse()],
  d: [[[0.44, 0], [0.44, 0.7]], arcPts(0.24, 0.47, 0.2, 0.23, 0, 2 * PI, 14)],
  e: [[[0.06, 0.47], [0.46, 0.47], ...arcPts(0.26, 0.47, 0.2, 0.23, 0, PI * 1.75, 12).reverse()]],
  f: [[...arcPts(0.36, 0.12, 0.12, 0.12, PI * 2, PI * 1.0, 6), [0.24, 0.7]], [[0.08, 0.26], [0.42, 0.26]]],
  g: [arcPts(0.24, 0.42, 0.2, 0.2, 0, 2 * PI, 14), [[0.44, 0.22], [0.44, 0.72], ...arcPts(0.25, 0.72, 0.19, 0.16, 0, PI * 0.9, 6)]],
  h: [[[0.06, 0], [0.06, 0.7]], [[0.06, 0.4], ...arcPts(0.25, 0.42, 0.19, 0.18, PI, PI * 2, 6), [0.44, 0.7]]],
  i: [[[0.25, 0.26], [0.25, 0.7]], [[0.25, 0.06], [0.25, 0.08]]],
  j: [[[0.32, 0.26], [0.32, 0.75], ...arcPts(0.17, 0.75, 0.15, 0.14, 0, PI * 0.9, 5)], [[0.32, 0.06], [0.32, 0.08]]],
};
