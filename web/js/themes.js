// Themes: the board's colourings, the piece sets and the page's light or dark theme — their
// names, the reader's saved choice (localStorage "jetan.theme"), the page's data-page-theme
// (css/page.css), what a <jetan-board> asks for (its theme and pieces attributes, and the
// --jetan-* CSS custom properties a host page sets) and a small settings form.
// The book's black and orange board (board.js's BOOK_THEME) and emblems stay the defaults.
import { BOOK_THEME, paintScene } from "./board.js";
import { message, onLanguage, t } from "./i18n.js";
import { PIECE_SETS, SIDE_COLOURS } from "./pieces.js";
import { BLACK, ORANGE, placementBoard, startOf } from "./position.js";

/** @typedef {import("./board.js").BoardTheme} BoardTheme */
/** The reader's choice: a board theme's name (BOARD_THEMES), a piece set (PIECE_SET_NAMES) and
 *  the page's theme ("auto" follows the system's prefers-color-scheme).
 *  @typedef {{board: string, pieces: string, page: string}} ThemeChoice */

/** Where the choice is kept. */
export const THEME_KEY = "jetan.theme";

/** The board themes by name, each with its name for people (the message ``label``). Every one
 *  keeps the last move, the destination dots, the coordinates and the threat glow readable on
 *  both its square colours, and the black and the orange discs apart.
 *  @type {Readonly<Object<string, {label: string, colours: Readonly<BoardTheme>}>>} */
export const BOARD_THEMES = Object.freeze({
  book: { label: "themes.board.book", colours: BOOK_THEME },
  wood: {
    label: "themes.board.wood",
    colours: Object.freeze({
      dark: "#8a5a34", light: "#dcb98c",
      last: "rgba(255, 214, 70, 0.55)", lastOnDark: "rgba(255, 206, 60, 0.5)",
      lastEdge: "rgba(150, 80, 0, 0.9)", lastEdgeOnDark: "rgba(255, 232, 120, 0.95)",
      selected: "rgba(255, 255, 255, 0.45)", dot: "rgba(40, 20, 6, 0.55)", dotOnDark: "rgba(255, 240, 210, 0.6)",
      escape: "#0e8f88", danger: "rgba(220, 20, 10, 0.85)", coord: "rgba(255, 240, 214, 0.9)",
      coordOnLight: "rgba(70, 38, 14, 0.9)", cursor: "#0e8f88", markEdge: "rgba(30, 14, 4, 0.6)",
      star: "#ffd84a",
    }),
  },
  slate: {
    label: "themes.board.slate",
    colours: Object.freeze({
      dark: "#475a70", light: "#b3c1cf",
      last: "rgba(255, 226, 80, 0.55)", lastOnDark: "rgba(255, 214, 60, 0.5)",
      lastEdge: "rgba(140, 96, 0, 0.9)", lastEdgeOnDark: "rgba(255, 230, 120, 0.95)",
      selected: "rgba(255, 255, 255, 0.5)", dot: "rgba(14, 22, 34, 0.55)", dotOnDark: "rgba(234, 240, 248, 0.6)",
      escape: "#00a89f", danger: "rgba(220, 20, 10, 0.85)", coord: "rgba(232, 238, 246, 0.9)",
      coordOnLight: "rgba(24, 34, 48, 0.9)", cursor: "#e4007c", markEdge: "rgba(10, 16, 26, 0.6)",
      star: "#ffd84a",
    }),
  },
  green: {
    label: "themes.board.green",
    colours: Object.freeze({
      dark: "#4f7a3e", light: "#dfe3bd",
      last: "rgba(255, 220, 60, 0.55)", lastOnDark: "rgba(255, 214, 50, 0.5)",
      lastEdge: "rgba(150, 100, 0, 0.9)", lastEdgeOnDark: "rgba(255, 236, 120, 0.95)",
      selected: "rgba(255, 255, 140, 0.5)", dot: "rgba(20, 30, 10, 0.5)", dotOnDark: "rgba(244, 246, 224, 0.6)",
      escape: "#0a8fa0", danger: "rgba(220, 20, 10, 0.85)", coord: "rgba(244, 246, 224, 0.9)",
      coordOnLight: "rgba(40, 62, 28, 0.9)", cursor: "#0a8fa0", markEdge: "rgba(12, 20, 6, 0.6)",
      star: "#ffd84a",
    }),
  },
});

/** The piece sets by name (pieces.js's PIECE_SETS), with their names for people (messages).
 *  @type {Readonly<Object<string, string>>} */
export const PIECE_SET_NAMES = Object.freeze({ discs: "themes.pieces.discs", letters: "themes.pieces.letters" });

/** The page themes, with their names for people (messages): "auto" follows the system
 *  (prefers-color-scheme). @type {Readonly<Object<string, string>>} */
export const PAGE_THEMES = Object.freeze({ auto: "themes.page.auto", light: "themes.page.light", dark: "themes.page.dark" });

/** What a reader who chose nothing sees. @type {Readonly<ThemeChoice>} */
export const DEFAULT_CHOICE = Object.freeze({ board: "book", pieces: "discs", page: "auto" });

/** The browser's localStorage, or null where it is denied (a sandboxed frame throws). */
function storage() {
  try { return window.localStorage; } catch { return null; }
}

/** A choice made whole: each part one of its names, or the default.
 *  @param {unknown} value @returns {ThemeChoice} */
export function normaliseChoice(value) {
  /** @type {Object<string, unknown>} the choice's parts, as read */
  const v = value && typeof value === "object" ? /** @type {Object<string, unknown>} */ (value) : {};
  /** @param {keyof ThemeChoice} key @param {Object<string, unknown>} names @returns {string} */
  const pick = (key, names) => (typeof v[key] === "string" && Object.hasOwn(names, v[key]) ? v[key] : DEFAULT_CHOICE[key]);
  return { board: pick("board", BOARD_THEMES), pieces: pick("pieces", PIECE_SET_NAMES), page: pick("page", PAGE_THEMES) };
}

/** The saved choice; the defaults where nothing (or nothing readable) is saved.
 *  @param {Storage | null} [store] @returns {ThemeChoice} */
export function readThemeChoice(store = storage()) {
  try {
    const text = store && store.getItem(THEME_KEY);
    return normaliseChoice(text ? JSON.parse(text) : null);
  } catch {
    return { ...DEFAULT_CHOICE };
  }
}

/** Save a choice (made whole first); false where it cannot be kept.
 *  @param {Partial<ThemeChoice>} choice @param {Storage | null} [store] @returns {boolean} */
export function saveThemeChoice(choice, store = storage()) {
  try {
    if (!store) return false;
    store.setItem(THEME_KEY, JSON.stringify(normaliseChoice(choice)));
    return true;
  } catch {
    return false;
  }
}

/** Set (or, for "auto", remove) data-page-theme on the page's root, which css/page.css reads;
 *  and the browser's bars in the page's colour: each page has a theme-color for each scheme
 *  (data-scheme), shown as the system prefers or, once the reader chose, the chosen one's.
 *  (js/page-theme.js, in each page's head, applies the saved one before the page is drawn.)
 *  @param {string} [page]   "auto", "light" or "dark" (default: the saved choice's)
 *  @returns {string} the page theme applied */
export function applyPageTheme(page = readThemeChoice().page) {
  const root = document.documentElement;
  if (page === "light" || page === "dark") root.dataset.pageTheme = page;
  else { delete root.dataset.pageTheme; page = "auto"; }
  for (const meta of /** @type {NodeListOf<HTMLMetaElement>} */ (document.querySelectorAll("meta[name=theme-color][data-scheme]"))) {
    const scheme = meta.dataset.scheme;
    meta.media = page === "auto" ? `(prefers-color-scheme: ${scheme})` : scheme === page ? "all" : "not all";
  }
  return page;
}

/** The theme a board draws with: a board theme's colours with a piece set (unknown names give
 *  the defaults).
 *  @param {string} [board] @param {string} [pieces] @returns {BoardTheme} */
export function boardTheme(board = DEFAULT_CHOICE.board, pieces = DEFAULT_CHOICE.pieces) {
  const colours = (Object.hasOwn(BOARD_THEMES, board) ? BOARD_THEMES[board] : BOARD_THEMES.book).colours;
  const pieceSet = PIECE_SETS.includes(pieces) ? pieces : "discs";
  return { ...colours, pieceSet };
}

/** The theme of the saved choice, for the app's boards: view.set({theme: currentTheme()}).
 *  @returns {BoardTheme} */
export function currentTheme() {
  const { board, pieces } = readThemeChoice();
  return boardTheme(board, pieces);
}

// ---- colours given by a host page ------------------------------------------------------------

/** @type {?CanvasRenderingContext2D} a canvas that reads colours */
let probe = null;
/** A CSS colour as the canvas reads it ("#rrggbb" or "rgba(…)"), or null if it is none.
 *  @param {string} text @returns {?string} */
function canvasColour(text) {
  text = (text || "").trim();
  if (!text) return null;
  probe = probe || /** @type {CanvasRenderingContext2D} */ (document.createElement("canvas").getContext("2d"));
  // A colour the canvas cannot read leaves fillStyle as it was: try from two different ones.
  probe.fillStyle = "#000001";
  probe.fillStyle = text;
  const a = probe.fillStyle;
  probe.fillStyle = "#000002";
  probe.fillStyle = text;
  return a === probe.fillStyle ? String(a) : null;
}

/** The red, green and blue (0-255) of a canvas colour. @param {string} colour @returns {number[]} */
function rgbOf(colour) {
  if (colour.startsWith("#")) return [1, 3, 5].map((i) => parseInt(colour.slice(i, i + 2), 16));
  return (colour.match(/[\d.]+/g) || ["0", "0", "0"]).slice(0, 3).map(Number);
}

/** WCAG's relative luminance of an sRGB colour. @param {number[]} rgb @returns {number} */
export function luminance([r, g, b]) {
  const lin = (/** @type {number} */ c) => { c /= 255; return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** WCAG's contrast ratio of two sRGB colours (1 to 21). @param {number[]} a @param {number[]} b @returns {number} */
export function contrast(a, b) {
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
  return (x + 0.05) / (y + 0.05);
}

/** Of two colours, the one that reads better on ``ground``. @param {string} ground @param {string} a @param {string} b */
const betterOn = (ground, a, b) => (contrast(rgbOf(ground), rgbOf(a)) >= contrast(rgbOf(ground), rgbOf(b)) ? a : b);

/** The custom properties a host page may set on a <jetan-board> (or any ancestor). */
export const CSS_PROPERTIES = Object.freeze(["--jetan-dark-square", "--jetan-light-square", "--jetan-last-move",
                                              "--jetan-black-piece", "--jetan-orange-piece"]);

/**
 * What a <jetan-board> draws with: its ``theme`` attribute (a board theme's name; unknown: the
 * default, and a problem to show), its ``pieces`` attribute ("discs" or "letters"), either
 * missing: the saved choice's (on the app's own pages; elsewhere the defaults), and the CSS
 * custom properties set on it (--jetan-dark-square, --jetan-light-square, --jetan-last-move,
 * --jetan-black-piece, --jetan-orange-piece), any of which overrides the theme's colour. Where
 * a square or a piece is given its colour, the coordinates, dots and emblems on it take the
 * theme's light or dark ink, whichever reads better.
 * The problem is a message, for the board to say in its own language (undefined: none).
 * @param {Element} element
 * @returns {{theme: BoardTheme, problem: import("./i18n.js").Message | undefined}}
 */
export function themeFor(element) {
  const saved = readThemeChoice();
  /** @type {import("./i18n.js").Message[]} */
  const problems = [];
  const themeName = (element.getAttribute("theme") || "").trim();
  const piecesName = (element.getAttribute("pieces") || "").trim();
  let board = saved.board, pieces = saved.pieces;
  if (themeName && Object.hasOwn(BOARD_THEMES, themeName)) board = themeName;
  else if (themeName) {
    board = DEFAULT_CHOICE.board;
    problems.push(message("themes.noSuchTheme", { name: themeName.slice(0, 30), names: Object.keys(BOARD_THEMES).join(", ") }));
  }
  if (piecesName && PIECE_SETS.includes(piecesName)) pieces = piecesName;
  else if (piecesName) {
    pieces = DEFAULT_CHOICE.pieces;
    problems.push(message("themes.noSuchPieces", { name: piecesName.slice(0, 30), names: PIECE_SETS.join(", ") }));
  }
  const theme = boardTheme(board, pieces);
  let style = null;
  try { style = getComputedStyle(element); } catch { /* not in a document */ }
  const given = (/** @type {string} */ name) => {
    const text = style ? style.getPropertyValue(name) : "";
    const colour = canvasColour(text);
    if (text.trim() && !colour) problems.push(message("themes.notAColour", { property: name, value: text.trim().slice(0, 30) }));
    return colour;
  };
  const [darkSquare, lightSquare, lastMove, blackPiece, orangePiece] = CSS_PROPERTIES.map(given);
  const lightInk = theme.coord, darkInk = theme.coordOnLight;
  if (darkSquare) {
    theme.dark = darkSquare;
    theme.coord = betterOn(darkSquare, lightInk, darkInk);
    theme.dotOnDark = betterOn(darkSquare, theme.dotOnDark, theme.dot);
  }
  if (lightSquare) {
    theme.light = lightSquare;
    theme.coordOnLight = betterOn(lightSquare, darkInk, lightInk);
    theme.dot = betterOn(lightSquare, theme.dot, darkSquare ? BOARD_THEMES.book.colours.dotOnDark : theme.dotOnDark);
  }
  if (lastMove) theme.last = theme.lastOnDark = lastMove;
  /** @type {Object<string, import("./pieces.js").SideColours>} */
  const sides = {};
  for (const [side, body] of /** @type {[string, ?string][]} */ ([[BLACK, blackPiece], [ORANGE, orangePiece]])) {
    if (!body) continue;
    const ink = betterOn(body, SIDE_COLOURS[BLACK].ink, SIDE_COLOURS[ORANGE].ink);
    sides[side] = { ...SIDE_COLOURS[side], body, rim: ink, ink };
  }
  if (Object.keys(sides).length) theme.sides = sides;
  const problem = problems.length
    ? problems.reduce((said, next) => message("themes.andThen", { first: said, then: next })) : undefined;
  return { theme, problem };
}

// ---- the settings form -----------------------------------------------------------------------

let forms = 0;

/**
 * A small form in ``container``: a Board, a Pieces and a Page select (each with its label) and a
 * preview of the board. A change is saved, the page theme applied and ``onChange`` called with
 * the board theme to draw with.
 * @param {HTMLElement} container
 * @param {(theme: BoardTheme, choice: ThemeChoice) => void} [onChange]
 * @returns {{choice: () => ThemeChoice}} the form's current choice
 */
export function buildThemeSettings(container, onChange = () => {}) {
  const id = `theme-${++forms}`;
  const choice = readThemeChoice();
  const form = document.createElement("div");
  form.className = "theme-settings";
  /** @type {[keyof ThemeChoice, string, Object<string, string>][]} each select's key, label and options (messages) */
  const fields = [["board", "themes.boardLabel", Object.fromEntries(Object.entries(BOARD_THEMES).map(([k, v]) => [k, v.label]))],
                  ["pieces", "themes.piecesLabel", PIECE_SET_NAMES], ["page", "themes.pageLabel", PAGE_THEMES]];
  /** @type {Object<string, HTMLSelectElement>} */
  const selects = {};
  for (const [key, label, names] of fields) {
    const field = document.createElement("div");
    field.className = "theme-field";
    const labelElement = document.createElement("label");
    labelElement.htmlFor = `${id}-${key}`;
    labelElement.dataset.i18n = label;
    labelElement.textContent = t(label);
    const select = document.createElement("select");
    select.id = `${id}-${key}`;
    select.name = key;
    for (const [name, value] of Object.entries(names)) {
      const option = new Option(t(value), name);
      option.dataset.i18n = value;
      select.add(option);
    }
    select.value = choice[key];
    select.addEventListener("change", changed);
    selects[key] = select;
    field.append(labelElement, select);
    form.append(field);
  }
  const preview = document.createElement("canvas");
  preview.className = "theme-preview";
  preview.setAttribute("role", "img");
  form.append(preview);
  container.append(form);
  const current = () => normaliseChoice({ board: selects.board.value, pieces: selects.pieces.value, page: selects.page.value });
  const start = placementBoard(startOf());
  function draw() {
    const c = current();
    const theme = boardTheme(c.board, c.pieces);
    const size = 150, scale = Math.max(1, window.devicePixelRatio || 1);
    preview.width = preview.height = Math.round(size * scale);
    const ctx = /** @type {CanvasRenderingContext2D} */ (preview.getContext("2d"));
    ctx.setTransform(scale, 0, 0, scale, 0, 0);
    paintScene(ctx, size, { board: start, coordinates: false, theme, lastMove: [13, 23] });
    describePreview();
    return { c, theme };
  }
  function describePreview() {
    const c = current();
    preview.setAttribute("aria-label", t("themes.preview", { board: message(BOARD_THEMES[c.board].label),
                                                              pieces: message(PIECE_SET_NAMES[c.pieces]) }));
  }
  // The labels and options are marked words (i18n.js words them again); the preview's label too.
  onLanguage(describePreview);
  function changed() {
    const { c, theme } = draw();
    saveThemeChoice(c);
    applyPageTheme(c.page);
    onChange(theme, c);
  }
  draw();
  return { choice: current };
}
