// The board: a canvas view of a state object (chessground's model). It draws what it is given —
// pieces, last move, selection, legal destinations, escapes, threatened Princesses, arrows, marked
// squares, the keyboard cursor — and reports square presses and drags, from a pointer or from the keyboard
// (arrow keys move a cursor, Enter or Space press its square); it knows no rules.
// What it says — a piece's name on hover, on a long press and to a screen reader, a board's
// pieces in words — it says in the page's language (i18n.js), or in the words a view is given (a
// <jetan-board lang> speaks its own); square names and the coordinates stay as they are.
import { PIECES, SIDES } from "../engine-data.js";
import { language, list, say, t } from "./i18n.js";
import { drawPiece } from "./pieces.js";
import { FILE_COUNT, RANK_COUNT, SQUARE_COUNT, emptyBoard, fileOf, pieceKind, rankOf, sideOfPiece, squareName, squareOn } from "./position.js";

/** A board's colours and its pieces' look: what the view and paintScene draw with. The
 *  ``...OnDark`` colours are those drawn on a dark square; ``pieceSet`` and ``sides`` are
 *  pieces.js's (the piece set, and side colours over SIDE_COLOURS').
 *  @typedef {{dark: string, light: string, last: string, lastOnDark: string, lastEdge: string,
 *    lastEdgeOnDark?: string, selected: string, dot: string, dotOnDark: string, escape: string,
 *    danger: string, coord: string, coordOnLight: string, cursor: string, markEdge: string,
 *    star: string, pieceSet?: string,
 *    sides?: Object<string, import("./pieces.js").SideColours>}} BoardTheme */

/**
 * What a board draws besides its pieces: an arrow from one square to another, a marked square
 * (each in a colour), a legal destination (a dot, a ring round a capture, a diamond for the
 * escape).
 * @typedef {[from: number, to: number, colour: string]} Arrow
 * @typedef {[square: number, colour: string]} Mark
 * @typedef {{to: number, capture?: boolean, escape?: boolean}} DrawnDestination
 *
 * What a view draws (BoardView.set): the squares' pieces, Orange at the bottom or not, the
 * selected square, the last move's squares, destinations, threatened squares, arrows, marked
 * squares, stars, which squares' pieces may be dragged, and the theme (the colours and piece
 * set; default the book's).
 * @typedef {{board: string[], flipped: boolean, selected: ?number, lastMove: ?number[],
 *   dests: DrawnDestination[], threatened: number[], arrows: Arrow[], marks: Mark[], stars: number[],
 *   draggable: (sq: number) => boolean, theme: BoardTheme}} BoardState
 *
 * A whole board as a picture shows it (paintScene): a view's state without its transient marks.
 * @typedef {{board: string[], flipped?: boolean, lastMove?: ?number[], dests?: DrawnDestination[],
 *   threatened?: number[], marks?: Mark[], arrows?: Arrow[], coordinates?: boolean, theme?: BoardTheme}} Scene
 *
 * The canvas 2D calls the painting below and pieces.js make: a canvas's context has them, and so
 * has picture.js's recording context, which writes them down as an SVG.
 * @typedef {Pick<CanvasRenderingContext2D, "save" | "restore" | "translate" | "scale" | "rotate" |
 *   "beginPath" | "closePath" | "moveTo" | "lineTo" | "quadraticCurveTo" | "arc" | "ellipse" | "fill" |
 *   "stroke" | "fillRect" | "strokeRect" | "fillText" | "setLineDash" | "createRadialGradient" |
 *   "fillStyle" | "strokeStyle" | "lineWidth" | "lineCap" | "lineJoin" | "font" | "textAlign" |
 *   "textBaseline">} Painter
 */

/** The book's black and orange board: the default theme.
 *  @type {Readonly<BoardTheme>} */
export const BOOK_THEME = Object.freeze({
  dark: "#231c17", light: "#c8702e", last: "rgba(255, 228, 92, 0.42)", lastOnDark: "rgba(255, 196, 60, 0.5)",
  lastEdge: "rgba(255, 236, 140, 0.9)",
  selected: "rgba(255, 255, 255, 0.5)", dot: "rgba(20, 12, 6, 0.55)", dotOnDark: "rgba(241, 227, 194, 0.55)",
  escape: "#3fd0c9", danger: "rgba(230, 30, 20, 0.85)", coord: "rgba(241, 227, 194, 0.8)",
  coordOnLight: "rgba(35, 28, 23, 0.85)", cursor: "#3fd0c9", markEdge: "rgba(20, 12, 6, 0.55)",
  star: "#ffd84a", pieceSet: "discs",
});

/**
 * The words a view speaks: one language's t, say and list (i18n.js's Words, or the page's own).
 * @typedef {Pick<import("./i18n.js").Words, "lang" | "t" | "say" | "list">} Speaker
 * A piece's name as a rule set gives it (the engine's state: the English name, or a message).
 * @typedef {string | import("./i18n.js").Message} PieceName
 */

/** The page's own words: whatever language it speaks now. @type {Speaker} */
export const PAGE_WORDS = { get lang() { return language(); }, t, say, list };

/** Each kind's message (piece.panthan, …), by its letter (the piece table's option names it). */
const PIECE_KEYS = Object.fromEntries(PIECES.map((p) => [p.letter, `piece.${p.option}`]));

/** The name of the piece ``letter`` in ``words``: its rule set's name for it (``names``, by
 *  letter: the engine's state; the standard names by default), "Odwar" under odwar=on.
 *  @param {Speaker} words @param {string} letter @param {Object<string, PieceName>} [names] */
export function pieceName(words, letter, names) {
  const kind = pieceKind(letter);
  const named = names?.[kind] ?? names?.[letter];
  if (named && typeof named === "object") return words.say(named);
  const key = named ? `piece.${named.toLowerCase()}` : PIECE_KEYS[kind];
  const text = key ? words.t(key) : "";
  return text && text !== key ? text : named || letter;
}

/** The piece on ``sq`` of ``board`` with its side ("Black Chief"), or "" for an empty square:
 *  what a board says on hover, on a long press and to a screen reader.
 *  @param {Speaker} words @param {string[]} board @param {number} sq @param {Object<string, PieceName>} [names] */
export function pieceOnSquare(words, board, sq, names) {
  const piece = board[sq];
  return piece ? words.t("board.piece", { side: { key: `side.${sideOfPiece(piece)}` }, piece: pieceName(words, piece, names) }) : "";
}

/** A board in words, for screen readers: each side's pieces and their squares ("Black: Warrior
 *  a1, Padwar b1, … Orange: …").
 *  @param {Speaker} words @param {string[]} board @param {Object<string, PieceName>} [names] */
export function describePieces(words, board, names) {
  return SIDES.map((side) => {
    /** @type {string[]} */
    const pieces = [];
    board.forEach((p, sq) => {
      if (p && sideOfPiece(p) === side) pieces.push(words.t("board.pieces.one", { piece: pieceName(words, p, names), square: squareName(sq) }));
    });
    return words.t("board.pieces.side", { side: { key: `side.${side}` },
                                          pieces: pieces.length ? words.list(pieces) : words.t("board.pieces.none") });
  }).join(" ");
}

const SLIDE_MS = 180;
// easeOutCubic, 1 - (1 - t)^3: the slide starts quickly and settles.
const SLIDE_EASING = "cubic-bezier(0.33, 1, 0.68, 1)";
// A board's canvases take every gesture on them themselves (see the constructor).
const BOARD_GESTURES = Object.freeze({ touchAction: "none", userSelect: "none", webkitUserSelect: "none",
                                       webkitTouchCallout: "none" });
const LONG_PRESS_MS = 500;
const REDUCED_MOTION = matchMedia("(prefers-reduced-motion: reduce)");

/** ``lastMove`` ([from, to]) if it is all that differs between the boards ``before`` and
 *  ``after`` — the piece on ``from`` now on ``to`` — else null: the move to slide.
 *  @param {string[]} before @param {string[]} after @param {?number[]} lastMove */
export function slideOf(before, after, lastMove) {
  if (!lastMove) return null;
  const [from, to] = lastMove;
  if (!before[from] || after[from] || after[to] !== before[from]) return null;
  return after.every((piece, sq) => sq === from || sq === to || piece === before[sq]) ? lastMove : null;
}

export class BoardView {
  /**
   * @param {HTMLCanvasElement} canvas
   * @param {object} [options]
   * @param {(sq: number) => void} [options.onPress]   a square pressed (click, tap, Enter)
   * @param {(from: number, to: number) => void} [options.onDrop]   a piece dragged to a square
   * @param {(from: number) => void} [options.onDropOff]   a piece dragged off the board
   * @param {boolean} [options.keyboard]   arrow keys move a cursor, Enter or Space press
   * @param {() => (Object<string, PieceName> | undefined)} [options.names]   the rule set's piece
   *   names, by letter, once known (the standard names until then)
   * @param {() => Speaker} [options.words]   the words it speaks (the page's by default)
   */
  constructor(canvas, { onPress = () => {}, onDrop = () => {}, onDropOff = () => {}, keyboard = false,
                        names = () => undefined, words = () => PAGE_WORDS } = {}) {
    this.words = words;
    /** @type {(sq: number) => string} a square's piece in words ("Black Chief"): hover, long
     *  press and the keyboard cursor's announcement */
    this.nameOf = (sq) => pieceOnSquare(words(), this.state.board, sq, names());
    this.canvas = canvas;
    // The board takes every gesture on it itself, on every page that shows one: a drag moves a
    // piece rather than scroll or zoom the page, and a long press names the piece rather than
    // select text or open iOS's callout.
    Object.assign(canvas.style, BOARD_GESTURES);
    // Drawn in memory by the CPU, not by the graphics card: the board is repainted whole, paths
    // and text, at each change (every frame of a drag), which a CPU does in a millisecond or
    // two. Where the "card" is a software one (WebKitGTK here, llvmpipe) a GPU-drawn canvas cost
    // 70-180 ms a frame, and took the second core from the engine's search: own move drawn 34-73
    // ms -> 9-28, a level-3 reply 126-231 ms -> 84-137 (docs/benchmarks.md, "2026-11-26: the
    // board drawn on the CPU"). Chromium and Firefox here draw in memory either way.
    this.ctx = /** @type {CanvasRenderingContext2D} */ (canvas.getContext("2d", { willReadFrequently: true }));
    this.onPress = onPress;
    this.onDrop = onDrop;
    this.onDropOff = onDropOff;       // a piece dragged off the board (the editor removes it)
    /** What is drawn (see set()). @type {BoardState} */
    this.state = { board: emptyBoard(), flipped: false, selected: null, lastMove: null,
                   dests: [], threatened: [], arrows: [], marks: [], stars: [], draggable: () => false,
                   theme: BOOK_THEME };
    /** @type {?number} the keyboard's square, shown while the board has focus */
    this.cursor = null;
    /** @type {?{from: number, x: number, y: number, startX: number, startY: number, moved: boolean}}
     *  a piece held by the pointer: its square, where the pointer is and began, and whether it has
     *  moved far enough to be a drag */
    this.drag = null;
    /** @type {?number[]} the squares of the last drag dropped on the board, until the board
     *  next changes (set()) */
    this.dropped = null;
    // The canvas's width as last laid out. Read from the observer, never from clientWidth: reading
    // a size while the page is being changed forces the browser to lay it out there and then,
    // which on a phone cost more than the painting (Lighthouse's forced-reflow audit).
    this.width = 0;
    this.paintQueued = false;
    new ResizeObserver((entries) => {
      this.width = entries[entries.length - 1].contentRect.width;
      this.paint();
    }).observe(canvas);
    canvas.addEventListener("pointerdown", (e) => this.pointerDown(e));
    canvas.addEventListener("pointermove", (e) => this.pointerMove(e));
    canvas.addEventListener("pointerup", (e) => this.pointerUp(e));
    canvas.addEventListener("pointercancel", () => { this.drag = null; this.draw(); });
    if (keyboard) {
      canvas.tabIndex = 0;
      canvas.addEventListener("keydown", (e) => this.key(e));
      canvas.addEventListener("focus", () => { if (this.cursor === null) this.cursor = this.state.selected ?? 4; this.draw(); });
      canvas.addEventListener("blur", () => this.draw());
    }
  }

  /** @param {KeyboardEvent} e */
  key(e) {
    // Arrows move as the board is seen: "up" is towards the top of the screen.
    const step = { ArrowUp: [0, 1], ArrowDown: [0, -1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] }[e.key];
    // The cursor is set when the board takes the focus, before any key reaches it.
    const cursor = this.cursor;
    if (cursor === null) return;
    if (step) {
      const sign = this.state.flipped ? -1 : 1;
      const f = Math.min(FILE_COUNT - 1, Math.max(0, fileOf(cursor) + sign * step[0]));
      const r = Math.min(RANK_COUNT - 1, Math.max(0, rankOf(cursor) + sign * step[1]));
      this.cursor = squareOn(f, r);
      this.draw();
      this.announce();
    } else if (e.key === "Enter" || e.key === " ") {
      this.onPress(cursor);
    } else {
      return;
    }
    e.preventDefault();
    e.stopPropagation();
  }

  /** Say the keyboard cursor's square and its piece ("e5, Black Thoat") to a screen reader, in a
   *  live region beside the canvas (made on first use; visually hidden). */
  announce() {
    if (this.cursor === null) return;
    if (!this.announcer) {
      this.announcer = document.createElement("span");
      this.announcer.setAttribute("aria-live", "polite");
      this.announcer.dataset.boardCursor = "";
      Object.assign(this.announcer.style, { position: "absolute", width: "1px", height: "1px", overflow: "hidden",
                                            clip: "rect(0 0 0 0)", whiteSpace: "nowrap" });
      this.canvas.after(this.announcer);
    }
    const words = this.words();
    this.announcer.lang = words.lang;
    this.announcer.textContent = words.t("board.cursor", { square: squareName(this.cursor),
                                                           piece: this.nameOf(this.cursor) || words.t("board.empty") });
  }

  /** Change what is shown. A board that differs from the one shown only by the last move's
   *  piece, gone from its first square to its second (a move played, or stepped to by one),
   *  slides that piece into place, as chessground works out its animations — unless the piece
   *  was dragged there (it is there already), or the reader prefers reduced motion.
   *  @param {Partial<BoardState>} changes */
  set(changes) {
    const before = this.state.board;
    Object.assign(this.state, changes);
    const after = this.state.board;
    if (after !== before && after.some((piece, sq) => piece !== before[sq])) {
      const move = slideOf(before, after, this.state.lastMove);
      const dragged = move && this.dropped && this.dropped[0] === move[0] && this.dropped[1] === move[1];
      if (move && !dragged && !REDUCED_MOTION.matches) this.startSlide(move[0], move[1], before[move[0]]);
      this.dropped = null;
    }
    this.draw();
  }

  /** Slide ``piece`` from ``from`` to ``to``: drawn once on a canvas of one square over the
   *  board, moved by the browser's compositor (a transform animation), while the board is
   *  painted once without it. Repainting the whole board every frame instead kept the page's
   *  main thread busy for most of the slide — in Chromium here about 10 ms a frame handing the
   *  canvas over — so the engine's replies, and the player's next press, waited behind it
   *  (Chromium's level-3 reply 132 -> 83 ms; WebKitGTK's unchanged, its compositing being in
   *  software here: docs/benchmarks.md, "2026-11-28: where a reply's time goes; the slide").
   *  @param {number} from @param {number} to @param {string} piece */
  startSlide(from, to, piece) {
    const size = this.width;
    if (!size) return;
    if (this.slide) this.slide.animation.cancel();
    const overlay = this.slideCanvas();
    const dpr = window.devicePixelRatio || 1;
    const g = geometry(size, this.state.flipped);
    const cell = g.cell;
    overlay.width = overlay.height = Math.round(cell * dpr);
    Object.assign(overlay.style, { width: `${cell}px`, height: `${cell}px`, transform: "none" });
    const ctx = /** @type {CanvasRenderingContext2D} */ (overlay.getContext("2d"));
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    drawPiece(ctx, piece, cell / 2, cell / 2, cell * 0.9, this.state.theme || BOOK_THEME);
    overlay.style.display = "";
    // Where the board's corner is from the overlay's own place, whatever box holds them both.
    const at = overlay.getBoundingClientRect(), board = this.canvas.getBoundingClientRect();
    const place = (/** @type {number} */ sq) => {
      const [x, y] = g.centre(sq);
      return `translate(${board.left - at.left + x - cell / 2}px, ${board.top - at.top + y - cell / 2}px)`;
    };
    const animation = overlay.animate([{ transform: place(from) }, { transform: place(to) }],
                                      { duration: SLIDE_MS, easing: SLIDE_EASING, fill: "forwards" });
    const slide = { to, piece, animation };
    this.slide = slide;
    this.canvas.dataset.animating = "true";
    const landed = () => {
      if (this.slide !== slide) return;           // a later slide has taken over
      this.slide = null;
      overlay.style.display = "none";       // (not hidden: a page's canvas rule may say display: block)
      animation.cancel();                   // its last frame, kept until now, let go
      delete this.canvas.dataset.animating;
      this.painted = null;
      this.paint();
    };
    animation.finished.then(landed, landed);
  }

  /** The canvas a sliding piece is drawn on (made on first use): beside the board's, above it,
   *  never in the way of a press. @returns {HTMLCanvasElement} */
  slideCanvas() {
    if (!this.slider) {
      this.slider = document.createElement("canvas");
      this.slider.setAttribute("aria-hidden", "true");
      this.slider.dataset.slide = "";
      Object.assign(this.slider.style, BOARD_GESTURES, { position: "absolute", left: "0", top: "0", margin: "0",
                                                         pointerEvents: "none", willChange: "transform",
                                                         aspectRatio: "auto", zIndex: "1", display: "none" });
      this.canvas.after(this.slider);
    }
    return this.slider;
  }

  // ---- geometry ----
  /** The board's width for pointer input: as last laid out, or — a press that comes before
   *  the observer's first report — read from the layout now, so that no press is lost. */
  get size() { return this.width || this.canvas.clientWidth; }

  /** @param {number} x @param {number} y */
  squareAt(x, y) { return geometry(this.size, this.state.flipped).squareAt(x, y); }

  /** @param {number} sq */
  centre(sq) { return geometry(this.size, this.state.flipped).centre(sq); }

  /** Where a pointer is on the board. @param {PointerEvent} e @returns {number[]} */
  point(e) {
    const box = this.canvas.getBoundingClientRect();
    return [e.clientX - box.left, e.clientY - box.top];
  }

  // ---- input ----
  /** @param {PointerEvent} e */
  pointerDown(e) {
    const [x, y] = this.point(e);
    const sq = this.squareAt(x, y);
    if (sq === null) return;
    e.preventDefault();
    // A long press names the piece (touch screens have no hover).
    clearTimeout(this.pressTimer);
    this.pressTimer = setTimeout(() => this.showName(sq, x, y), LONG_PRESS_MS);
    this.onPress(sq);
    if (this.state.draggable(sq)) {
      this.drag = { from: sq, x, y, startX: x, startY: y, moved: false };
      this.canvas.setPointerCapture(e.pointerId);
    }
  }

  /** @param {PointerEvent} e */
  pointerMove(e) {
    const [x, y] = this.point(e);
    if (!this.drag) {
      const sq = this.squareAt(x, y);
      this.canvas.title = sq === null ? "" : this.nameOf(sq);
      return;
    }
    // A drag is a move of more than a few pixels from where the press began (however slowly).
    if (Math.hypot(x - this.drag.startX, y - this.drag.startY) > 4) {
      clearTimeout(this.pressTimer);
      this.drag.moved = true;
    }
    Object.assign(this.drag, { x, y });
    this.draw();
  }

  /** The name of the piece on ``sq`` in a label over the board, for a moment.
   *  @param {number} sq @param {number} x @param {number} y */
  showName(sq, x, y) {
    const name = this.nameOf(sq);
    if (!name || (this.drag && this.drag.moved)) return;
    if (!this.label) {
      this.label = document.createElement("div");
      this.label.className = "piece-label";      // its look is the page's
      this.label.setAttribute("role", "status");
      // Over the board at the press, wherever the board is shown (placed from the canvas's
      // offset parent, as the canvas is): never in the way of the finger, nor selected by it.
      Object.assign(this.label.style, { position: "absolute", transform: "translate(-50%, -140%)", zIndex: "5",
                                        pointerEvents: "none", userSelect: "none", webkitUserSelect: "none",
                                        whiteSpace: "nowrap" });
      this.canvas.after(this.label);
    }
    const label = this.label;
    label.lang = this.words().lang;
    label.textContent = name;
    Object.assign(label.style, { left: `${this.canvas.offsetLeft + x}px`, top: `${this.canvas.offsetTop + y}px` });
    label.hidden = false;
    clearTimeout(this.labelTimer);
    this.labelTimer = setTimeout(() => { label.hidden = true; }, 1500);
  }

  /** @param {PointerEvent} e */
  pointerUp(e) {
    clearTimeout(this.pressTimer);
    const drag = this.drag;
    this.drag = null;
    if (!drag) return;
    const [x, y] = this.point(e);
    const sq = this.squareAt(x, y);
    if (drag.moved && sq === null) this.onDropOff(drag.from);
    else if (drag.moved && sq !== null && sq !== drag.from) {
      this.dropped = [drag.from, sq];        // when the board shows this move, nothing slides
      this.onDrop(drag.from, sq);
    }
    this.draw();
  }

  // ---- drawing ----
  /** Paint at the next frame: a page that changes the state several times in one task (as the
   *  app does while it starts) paints once. */
  draw() {
    if (this.paintQueued) return;
    this.paintQueued = true;
    requestAnimationFrame(() => { this.paintQueued = false; this.paint(); });
  }

  /** Paint now (the observer has just given the size, or an animation's frame has come). */
  paint() {
    const size = this.width;
    if (!size) return;
    const dpr = window.devicePixelRatio || 1;
    const s = this.state;
    const focused = /** @type {Document | ShadowRoot} */ (this.canvas.getRootNode()).activeElement === this.canvas;
    // What the picture shows: the same again paints nothing (a page renders on every message,
    // and each painted frame of a large canvas costs the browser a copy of it).
    const { draggable, ...shown } = s;
    const slide = this.slide;
    const picture = JSON.stringify([size, dpr, shown, focused && this.cursor, this.drag, slide && slide.to]);
    if (picture === this.painted) return;
    /** @type {?string} what the canvas shows, as drawn last (null: to be painted anew) */
    this.painted = picture;
    // (Both sides: a new canvas is 300 × 150, so a 300-pixel board has the right width already.)
    if (this.canvas.width !== Math.round(size * dpr) || this.canvas.height !== Math.round(size * dpr)) {
      this.canvas.width = Math.round(size * dpr);
      this.canvas.height = Math.round(size * dpr);
    }
    const ctx = this.ctx;
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    const g = geometry(size, s.flipped);
    const cell = g.cell;
    const theme = s.theme || BOOK_THEME;
    drawSquares(ctx, g, s, theme);
    drawThreats(ctx, g, s.threatened, theme);
    for (const sq of s.stars) drawStar(ctx, g, sq, theme);
    for (let sq = 0; sq < SQUARE_COUNT; sq++) {
      const p = s.board[sq];
      if (!p || (this.drag && this.drag.moved && this.drag.from === sq)) continue;
      if (slide && sq === slide.to && p === slide.piece) continue;     // it is still on its way
      const [cx, cy] = g.centre(sq);
      drawPiece(ctx, p, cx, cy, cell * 0.9, theme);
    }
    drawCoordinates(ctx, g, theme);
    for (const d of s.dests) drawDestination(ctx, g, d, theme);
    for (const [sq, colour] of s.marks) drawMark(ctx, g, sq, colour, theme);
    if (this.cursor !== null && focused) {
      const [cx, cy] = g.centre(this.cursor);
      ctx.strokeStyle = theme.cursor;
      ctx.lineWidth = Math.max(2, cell * 0.07);
      ctx.strokeRect(cx - cell / 2 + ctx.lineWidth / 2, cy - cell / 2 + ctx.lineWidth / 2,
                     cell - ctx.lineWidth, cell - ctx.lineWidth);
    }
    for (const [from, to, colour] of s.arrows) drawArrow(ctx, g, from, to, colour);
    if (this.drag && this.drag.moved) drawPiece(ctx, s.board[this.drag.from], this.drag.x, this.drag.y, cell, theme);
  }
}

// ---- painting, shared by the view and the pictures (picture.js) ------------------------------
// Each function draws with the canvas 2D calls only (paths, arcs, rectangles, text), so the same
// code paints a canvas and, through picture.js's recording context, an SVG.

/** Where the squares are on a board ``size`` wide, Black (or, flipped, Orange) at the bottom.
 *  @param {number} size @param {boolean} [flipped] */
export function geometry(size, flipped = false) {
  const cell = size / FILE_COUNT;
  /** A file or rank as seen: turned round when the board is flipped. @param {number} f */
  const seenFile = (f) => (flipped ? FILE_COUNT - 1 - f : f);
  /** @param {number} r */
  const seenRank = (r) => (flipped ? RANK_COUNT - 1 - r : r);
  return {
    size, cell, flipped,
    /** The centre of square ``sq`` on the board. @param {number} sq @returns {number[]} */
    centre(sq) {
      return [(seenFile(fileOf(sq)) + 0.5) * cell, (RANK_COUNT - 1 - seenRank(rankOf(sq)) + 0.5) * cell];
    },
    /** The square under point (x, y) of the board, or null off it.
     *  @param {number} x @param {number} y @returns {?number} */
    squareAt(x, y) {
      const f = Math.floor(x / cell), r = RANK_COUNT - 1 - Math.floor(y / cell);
      if (f < 0 || f >= FILE_COUNT || r < 0 || r >= RANK_COUNT) return null;
      return squareOn(seenFile(f), seenRank(r));
    },
  };
}

/** @param {number} sq */
const isDark = (sq) => (fileOf(sq) + rankOf(sq)) % 2 === 0;   // a1 is black

/** The squares, the last move's tint and edge, and the selected square.
 *  @param {Painter} ctx @param {ReturnType<typeof geometry>} g
 *  @param {{lastMove?: ?number[], selected?: ?number}} shown @param {BoardTheme} [T] */
export function drawSquares(ctx, g, { lastMove = null, selected = null }, T = BOOK_THEME) {
  const cell = g.cell;
  for (let sq = 0; sq < SQUARE_COUNT; sq++) {
    const [cx, cy] = g.centre(sq);
    const x = cx - cell / 2, y = cy - cell / 2;
    const dark = isDark(sq);
    ctx.fillStyle = dark ? T.dark : T.light;
    ctx.fillRect(x, y, cell, cell);
    if (lastMove && lastMove.includes(sq)) {
      // A tint strong enough on both colours, and an edge that shows even under a piece.
      ctx.fillStyle = dark ? T.lastOnDark : T.last;
      ctx.fillRect(x, y, cell, cell);
      const edge = Math.max(2, cell * 0.06);
      ctx.strokeStyle = (dark && T.lastEdgeOnDark) || T.lastEdge;
      ctx.lineWidth = edge;
      ctx.strokeRect(x + edge / 2, y + edge / 2, cell - edge, cell - edge);
    }
    if (selected === sq) {
      ctx.fillStyle = T.selected;
      ctx.fillRect(x, y, cell, cell);
    }
  }
}

// A coordinate's outline where the context draws no text's outline of its own (picture.js's, for
// an SVG, draws text as strokes of even width, with the fill alone): the text drawn four times, a
// little off each way diagonally (drawCoordinates; eight copies doubled an SVG's size).
const OUTLINE = [[-1, -1], [1, -1], [-1, 1], [1, 1]];

/** File letters along the bottom edge, rank numbers along the left (square names from
 *  position.js: the board's own names), drawn over the pieces: a piece covers a square's corner
 *  (on a phone a10's hid the "0" of "10"), so each label is drawn on top, in an outline of its
 *  square's colour that keeps it off the piece's rim and legible on it.
 *  @param {Painter} ctx @param {ReturnType<typeof geometry>} g @param {BoardTheme} [T] */
export function drawCoordinates(ctx, g, T = BOOK_THEME) {
  const cell = g.cell, size = Math.max(11, cell * 0.2);
  const outline = Math.max(1, size / 8);        // its width: about a stroke of the label's own
  const canvas = /** @type {?CanvasRenderingContext2D} */ ("strokeText" in ctx ? ctx : null);
  ctx.save();
  ctx.font = `${size}px system-ui, sans-serif`;
  ctx.lineWidth = 2 * outline;
  ctx.lineJoin = "round";
  /** @param {string} text @param {number} x @param {number} y @param {number} sq */
  const label = (text, x, y, sq) => {
    ctx.fillStyle = ctx.strokeStyle = isDark(sq) ? T.dark : T.light;
    if (canvas) canvas.strokeText(text, x, y);
    else for (const [dx, dy] of OUTLINE) ctx.fillText(text, x + dx * outline, y + dy * outline);
    ctx.fillStyle = isDark(sq) ? T.coord : T.coordOnLight;
    ctx.fillText(text, x, y);
  };
  // Each letter sits in the bottom row's square of its file, each number in the left column's
  // square of its rank, coloured to read on that square, its outline inside that square (on the
  // next square's side a pixel more than the outline's width from the edge; the board's edge
  // cuts what lies beyond it).
  const inside = outline + 1;
  ctx.textAlign = "right"; ctx.textBaseline = "bottom";
  for (let i = 0; i < FILE_COUNT; i++) {
    const sq = /** @type {number} */ (g.squareAt((i + 0.5) * cell, g.size - 1));   // on the board
    label(squareName(sq)[0], (i + 1) * cell - inside, g.size - 1, sq);
  }
  ctx.textAlign = "left"; ctx.textBaseline = "top";
  for (let i = 0; i < RANK_COUNT; i++) {
    const sq = /** @type {number} */ (g.squareAt(0, (i + 0.5) * cell));   // on the board
    label(squareName(sq).slice(1), 2, i * cell + inside, sq);
  }
  ctx.restore();
}

/** A red glow under each threatened Princess.
 *  @param {Painter} ctx @param {ReturnType<typeof geometry>} g
 *  @param {number[]} [threatened] @param {BoardTheme} [T] */
export function drawThreats(ctx, g, threatened = [], T = BOOK_THEME) {
  const cell = g.cell;
  for (const sq of threatened) {
    const [cx, cy] = g.centre(sq);
    const glow = ctx.createRadialGradient(cx, cy, cell * 0.2, cx, cy, cell * 0.6);
    glow.addColorStop(0, T.danger);
    glow.addColorStop(1, "rgba(230, 30, 20, 0)");
    ctx.fillStyle = glow;
    ctx.fillRect(cx - cell / 2, cy - cell / 2, cell, cell);
  }
}

/** A legal destination: a dot, a ring round a capture, a dashed diamond for the escape.
 *  @param {Painter} ctx @param {ReturnType<typeof geometry>} g
 *  @param {DrawnDestination} d @param {BoardTheme} [T] */
export function drawDestination(ctx, g, d, T = BOOK_THEME) {
  const cell = g.cell;
  const [cx, cy] = g.centre(d.to);
  const dark = isDark(d.to);
  ctx.save();
  if (d.escape) {
    // The escape: a dashed diamond in its own colour.
    ctx.strokeStyle = T.escape;
    ctx.lineWidth = Math.max(1.5, cell * 0.06);
    ctx.setLineDash([cell * 0.08, cell * 0.06]);
    ctx.beginPath();
    ctx.moveTo(cx, cy - cell * 0.3); ctx.lineTo(cx + cell * 0.3, cy);
    ctx.lineTo(cx, cy + cell * 0.3); ctx.lineTo(cx - cell * 0.3, cy);
    ctx.closePath();
    ctx.stroke();
  } else if (d.capture) {
    ctx.strokeStyle = dark ? T.dotOnDark : T.dot;
    ctx.lineWidth = cell * 0.08;
    ctx.beginPath();
    ctx.arc(cx, cy, cell * 0.44, 0, Math.PI * 2);
    ctx.stroke();
  } else {
    ctx.fillStyle = dark ? T.dotOnDark : T.dot;
    ctx.beginPath();
    ctx.arc(cx, cy, cell * 0.14, 0, Math.PI * 2);
    ctx.fill();
  }
  ctx.restore();
}

/** A star on a square (a lesson's square to reach), under any piece.
 *  @param {Painter} ctx @param {ReturnType<typeof geometry>} g
 *  @param {number} sq @param {BoardTheme} [T] */
export function drawStar(ctx, g, sq, T = BOOK_THEME) {
  const [cx, cy] = g.centre(sq);
  const outer = g.cell * 0.36, inner = outer * 0.45;
  ctx.beginPath();
  for (let i = 0; i < 10; i++) {
    const r = i % 2 ? inner : outer, a = -Math.PI / 2 + (i * Math.PI) / 5;
    ctx.lineTo(cx + r * Math.cos(a), cy + r * Math.sin(a));
  }
  ctx.closePath();
  ctx.fillStyle = T.star;
  ctx.fill();
  ctx.strokeStyle = T.markEdge;
  ctx.lineWidth = Math.max(1, g.cell * 0.03);
  ctx.stroke();
}

/** A marked square: a ring in ``colour`` with a dark edge, so that it reads on both square
 *  colours and over a piece.
 *  @param {Painter} ctx @param {ReturnType<typeof geometry>} g @param {number} sq @param {string} colour
 *  @param {BoardTheme} [T] */
function drawMark(ctx, g, sq, colour, T = BOOK_THEME) {
  const cell = g.cell;
  const [cx, cy] = g.centre(sq);
  ctx.save();
  ctx.beginPath();
  ctx.arc(cx, cy, cell * 0.43, 0, Math.PI * 2);
  ctx.strokeStyle = T.markEdge;
  ctx.lineWidth = cell * 0.12;
  ctx.stroke();
  ctx.strokeStyle = colour;
  ctx.lineWidth = cell * 0.075;
  ctx.stroke();
  ctx.restore();
}

/** An arrow from one square's centre to another's (hints, analysis, a diagram's arrows).
 *  @param {Painter} ctx @param {ReturnType<typeof geometry>} g @param {number} from @param {number} to
 *  @param {string} colour */
export function drawArrow(ctx, g, from, to, colour) {
  const cell = g.cell;
  const [x1, y1] = g.centre(from), [x2, y2] = g.centre(to);
  const angle = Math.atan2(y2 - y1, x2 - x1);
  const head = cell * 0.35;
  ctx.save();
  ctx.strokeStyle = colour; ctx.fillStyle = colour;
  ctx.lineWidth = cell * 0.12;
  ctx.lineCap = "butt";
  ctx.beginPath();
  ctx.moveTo(x1, y1);
  ctx.lineTo(x2 - Math.cos(angle) * head * 0.8, y2 - Math.sin(angle) * head * 0.8);
  ctx.stroke();
  ctx.beginPath();
  ctx.moveTo(x2, y2);
  ctx.lineTo(x2 - head * Math.cos(angle - 0.45), y2 - head * Math.sin(angle - 0.45));
  ctx.lineTo(x2 - head * Math.cos(angle + 0.45), y2 - head * Math.sin(angle + 0.45));
  ctx.closePath();
  ctx.fill();
  ctx.restore();
}

/**
 * Paint a whole board as it is shown, without the view's transient marks (cursor, drag,
 * slide): a picture of it (picture.js).
 * @param {Painter} ctx
 * @param {number} size   the board's width and height, in the context's units
 * @param {Scene} scene
 */
export function paintScene(ctx, size, scene) {
  const g = geometry(size, Boolean(scene.flipped));
  const theme = scene.theme || BOOK_THEME;
  drawSquares(ctx, g, { lastMove: scene.lastMove || null }, theme);
  drawThreats(ctx, g, scene.threatened || [], theme);
  scene.board.forEach((p, sq) => {
    if (!p) return;
    const [cx, cy] = g.centre(sq);
    drawPiece(ctx, p, cx, cy, g.cell * 0.9, theme);
  });
  if (scene.coordinates !== false) drawCoordinates(ctx, g, theme);
  for (const d of scene.dests || []) drawDestination(ctx, g, d, theme);
  for (const [sq, colour] of scene.marks || []) drawMark(ctx, g, sq, colour, theme);
  for (const [from, to, colour] of scene.arrows || []) drawArrow(ctx, g, from, to, colour);
}
