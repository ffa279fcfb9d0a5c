// Positions as the page reads them before (or without) the engine: square names, a position
// string's placement, the start of a rule set, and the placements a game passes through. This is
// painting, not rules: a move is read only for its two squares (and a duel's outcome), never
// checked, and shown as "d2-d3" only until the engine names it; legality, results and notation
// are the engine's. Every fact used here (the board, the position string's layout, the move
// pattern, the rule text, the start positions, what a duel leaves) is py_engine's, written into
// engine-data.js by the build (py_engine/webbuild/facts.py). No DOM, so Node can test it.
import { BOARD, DUEL, NOTATION, PIECES, PIECE_LETTERS, POSITION, RULES, RULE_TEXT, SIDES, STARTS } from "../engine-data.js";
import { ReasonError, list, message, say, t } from "./i18n.js";

/**
 * @typedef {import("./i18n.js").Message} Message
 * @typedef {Pick<import("./i18n.js").Words, "t" | "say" | "list">} Speaker   the words a part of
 *   the page speaks in: the page's own (PAGE, by default), or a <jetan-board lang>'s (a Words)
 */

/** The page's words (i18n.js's current language), as a Speaker. @type {Speaker} */
export const PAGE = { t, say, list };

/** What is wrong with a position or a move text as written: ``reason`` the message saying it
 *  (worded where it is shown, in the reader's language); ``message`` its words in the page's
 *  language when it was thrown (for a console). */
export class PositionError extends ReasonError {
  /** @param {string} key @param {Record<string, import("./i18n.js").MessageArg>} [args] */
  constructor(key, args) {
    super(message(key, args));
  }
}

const WIDTH = BOARD.files.length;
/** The board's files, ranks and squares (engine-data.js's BOARD). */
export const FILE_COUNT = WIDTH;
export const RANK_COUNT = BOARD.ranks;
export const SQUARE_COUNT = BOARD.squares.length;
/** Each square's index by its algebraic ("e10") and technical ("E0") name. @type {Map<string, number>} */
const INDEX = new Map();
BOARD.technical.forEach((name, sq) => INDEX.set(name, sq));
BOARD.squares.forEach((name, sq) => INDEX.set(name, sq));
const FIELD = Object.fromEntries(POSITION.fields.map((name, i) => [name, i]));
// engine-data.js's tables as this module reads them: by a side's, an option's or a key's name.
/** @type {Object<string, string>} each side's letter in a position string */
const SIDE_LETTER = POSITION.sides;
/** @type {Object<string, string>} each side's escape letter, and "none"'s */
const ESCAPE_LETTER = POSITION.escapes;
/** @type {Object<string, string[]>} */
const OPTION_VALUES = RULES.options;
/** @type {Object<string, string>} */
const STANDARD = RULES.standard;
/** @type {Object<string, string>} */
const START_POSITIONS = STARTS.positions;
/** @type {Object<string, {from: string, to: string}>} */
const AFTER_DUEL = DUEL.after;
const MOVE = new RegExp(NOTATION.move);

/** A square's name ("a1" for 0, "j10" for 99). @param {number} sq @returns {string} */
export const squareName = (sq) => BOARD.squares[sq];

/** A square's file and rank, counted from 0 (a1: 0 and 0). @param {number} sq */
export const fileOf = (sq) => sq % WIDTH;
/** @param {number} sq */
export const rankOf = (sq) => Math.floor(sq / WIDTH);
/** The square on ``file`` and ``rank`` (counted from 0). @param {number} file @param {number} rank */
export const squareOn = (file, rank) => rank * WIDTH + file;
/** A board with no pieces: one "" per square. @returns {string[]} */
export const emptyBoard = () => new Array(SQUARE_COUNT).fill("");

/** A square's index from its name, algebraic ("e10") or technical ("E0"); -1 for no square.
 *  @param {string} name @returns {number} */
export const squareIndex = (name) => {
  const text = String(name);
  return INDEX.get(text.toLowerCase()) ?? INDEX.get(text.toUpperCase()) ?? -1;
};

/** The two sides by name, in the engine's order (py_engine.pieces: BLACK, ORANGE = 0, 1; SIDES
 *  is its list): the only place the page names a side. Black's pieces start on the first rank,
 *  the bottom of a board not turned round. */
export const [BLACK, ORANGE] = SIDES;

/** What each piece letter a position may hold means: its kind (the piece table's letter) and its
 *  side (engine-data.js's PIECE_LETTERS: which case is whose is py_engine's).
 *  @type {Object<string, {kind: string, side: string}>} */
const LETTER_FACTS = PIECE_LETTERS;

/** The side a piece letter belongs to ("black" or "orange"). @param {string} letter @returns {string} */
export const sideOfPiece = (letter) => LETTER_FACTS[letter]?.side;

/** A piece letter's kind: the piece table's letter (PIECES), whichever side's it is ("n" → "N").
 *  @param {string} letter @returns {string} */
export const pieceKind = (letter) => LETTER_FACTS[letter]?.kind;

/** The side that is not ``side``. @param {string} side @returns {string} */
export const otherSide = (side) => SIDES[1 - SIDES.indexOf(side)];

/** The side whose move opens a numbered move (the number goes up after the other side's move,
 *  POSITION.number_after), as a move list shows "12." before it and "12…" before the other's.
 *  @param {string} side @returns {boolean} */
export const opensMoveNumber = (side) => side !== POSITION.number_after;

/** A move as a move list names it, after its number: "12. d2-d3", or "12… g9-g8" for the side
 *  that does not open the number. @param {{number: number, side: string, text: string}} entry */
export const numbered = (entry) => `${entry.number}${opensMoveNumber(entry.side) ? "." : "…"} ${entry.text}`;

/** Each kind's letter for each side: {side: {kind: letter}}. @type {Object<string, Object<string, string>>} */
const LETTER_OF = Object.fromEntries(SIDES.map((side) => [side, {}]));
for (const [letter, { kind, side }] of Object.entries(LETTER_FACTS)) LETTER_OF[side][kind] = letter;

/** A piece's letter for ``side`` (the piece table's letter ``kind`` as that side writes it).
 *  @param {string} kind @param {string} side @returns {string} */
export const pieceLetter = (kind, side) => LETTER_OF[side][kind];

/** Every piece letter, in either side's case. */
const LETTERS = new Set(PIECES.flatMap((p) => SIDES.map((side) => pieceLetter(p.letter, side))));

/** A position string's fields (placement, side, escapes, counter, number), by name.
 *  @param {string} position @returns {Object<string, string>} */
export function positionFields(position) {
  const written = String(position).trim().split(/\s+/);
  return Object.fromEntries(POSITION.fields.map((name) => [name, written[FIELD[name]]]));
}

/** A position for the board editor: its pieces, the side to move and the escapes still in hand
 *  ({black, orange}); the counter and move number start afresh.
 *  @typedef {{board: string[], side: string, escapes: Object<string, boolean>}} SetUpPosition */

/** The first fields of a position string, as far as a board and the side to move tell them.
 *  @param {string[]} board @param {string} side @returns {string} */
export const placementAndSide = (board, side) => `${placementText(board)} ${SIDE_LETTER[side]}`;

/** A position string written from its parts. @param {SetUpPosition} position @returns {string} */
export function writePosition({ board, side, escapes }) {
  const held = SIDES.filter((s) => escapes[s]).map((s) => ESCAPE_LETTER[s]).join("") || ESCAPE_LETTER.none;
  /** @type {Object<string, string>} */
  const values = { placement: placementText(board), side: SIDE_LETTER[side], escapes: held, counter: "0", number: "1" };
  return POSITION.fields.map((name) => values[name]).join(" ");
}

/** A position string read into its parts (the side and escapes as written, else the first side
 *  and both escapes). Throws an Error saying what is wrong with the placement.
 *  @param {string} position @returns {SetUpPosition} */
export function readPosition(position) {
  const fields = positionFields(position);
  const held = fields.escapes ?? SIDES.map((s) => ESCAPE_LETTER[s]).join("");
  return { board: placementBoard(position), side: sideOf(fields.side),
           escapes: Object.fromEntries(SIDES.map((s) => [s, held.includes(ESCAPE_LETTER[s])])) };
}

/** A position string's placement as the board's squares (a1 first): a piece letter or "".
 *  Throws a PositionError saying what is wrong with it.
 *  @param {string} position @returns {string[]} */
export function placementBoard(position) {
  const board = emptyBoard();
  const ranks = positionFields(position).placement.split(POSITION.rank_separator);
  if (ranks.length !== BOARD.ranks) throw new PositionError("position.error.ranks", { count: BOARD.ranks });
  ranks.forEach((row, i) => {
    const rank = POSITION.top_first ? BOARD.ranks - 1 - i : i;
    let file = 0;
    for (const token of row.match(/\d+|[A-Za-z]/g) || []) {
      if (/\d/.test(token)) file += parseInt(token, 10);
      else {
        if (!LETTERS.has(token)) throw new PositionError("position.error.piece", { letter: token, letters: [...LETTERS].join("") });
        if (file < WIDTH) board[squareOn(file, rank)] = token;
        file += 1;
      }
    }
    if (file !== WIDTH) throw new PositionError("position.error.rank", { rank: rank + 1, count: WIDTH });
  });
  return board;
}

/** The placement field of a position string for the board's squares.
 *  @param {string[]} board @returns {string} */
export function placementText(board) {
  const ranks = [];
  for (let rank = 0; rank < BOARD.ranks; rank++) {
    let row = "", empty = 0;
    for (let file = 0; file < WIDTH; file++) {
      const piece = board[squareOn(file, rank)];
      if (!piece) { empty += 1; continue; }
      if (empty) { row += empty; empty = 0; }
      row += piece;
    }
    ranks.push(empty ? row + empty : row);
  }
  if (POSITION.top_first) ranks.reverse();
  return ranks.join(POSITION.rank_separator);
}

/** A rule text's start position: the one its set-up and first player give (STARTS; the engine
 *  reads the whole rule set, a board that only shows needs no more). Options it cannot read are
 *  left to the engine, which says what is wrong with them. @param {string} [rules] @returns {string} */
export function startOf(rules = "") {
  const chosen = new Map();
  for (const item of String(rules).split(RULE_TEXT.separator)) {
    const cut = item.indexOf(RULE_TEXT.assign);
    if (cut < 0) continue;
    const key = item.slice(0, cut).trim().toLowerCase();
    const value = item.slice(cut + RULE_TEXT.assign.length).trim().toLowerCase();
    if (!STARTS.options.includes(key)) continue;
    const known = OPTION_VALUES[key].find((v) => v.toLowerCase() === value);
    if (known) chosen.set(key, known);
  }
  const values = STARTS.options.map((key) => chosen.get(key) ?? STANDARD[key]);
  return START_POSITIONS[values.join(STARTS.join)];
}

/** A move text's squares and its duel's outcome: {from, to, outcome} (DUEL.attacker_wins,
 *  DUEL.defender_wins, or "" none written), or null for a pass. Either notation is read; a text
 *  that is no move throws a PositionError.
 *  @param {string} text @returns {{from: number, to: number, outcome: string} | null} */
export function moveSquares(text) {
  const written = String(text).trim();
  const m = MOVE.exec(written);
  if (!m) throw new PositionError("position.error.move", { move: written.slice(0, 20) });
  if (written === NOTATION.pass) return null;
  const groups = /** @type {Object<string, string>} */ (m.groups);     // the pattern names them
  return { from: squareIndex(groups.from), to: squareIndex(groups.to), outcome: groups.outcome || "" };
}

/**
 * @typedef {{number: number, side: string, text: string}} ReplayEntry
 * @typedef {{boards: string[][], squares: (number[] | null)[], entries: ReplayEntry[]}} Replay
 */

/** The boards a game passes through: [start, after move 1, …]; for each move its squares
 *  ([from, to], or null for a pass) and how a move list shows it ({number, side, text}: "d2-d3",
 *  "d1xg4/a"). @param {string} start @param {string[]} moves @returns {Replay} */
export function replay(start, moves) {
  const boards = [placementBoard(start)];
  const squares = [];
  const entries = [];
  const fields = positionFields(start);
  const firstNumber = parseInt(fields.number, 10) || 1;
  const first = sideOf(fields.side);
  for (const text of moves) {
    const board = boards[boards.length - 1].slice();
    const move = moveSquares(text);
    const ply = boards.length - 1;
    const entry = { number: moveNumber(firstNumber, first, ply), side: sideAt(first, ply), text: NOTATION.pass };
    if (move) {
      entry.text = squareName(move.from) + (board[move.to] ? NOTATION.capture : NOTATION.quiet) +
        squareName(move.to) + (move.outcome ? DUEL.mark + move.outcome : "");
      const after = AFTER_DUEL[move.outcome || DUEL.attacker_wins];
      /** @type {Object<string, string>} */
      const pieces = { empty: "", attacker: board[move.from], defender: board[move.to] };
      board[move.from] = pieces[after.from];
      board[move.to] = pieces[after.to];
    }
    boards.push(board);
    squares.push(move ? [move.from, move.to] : null);
    entries.push(entry);
  }
  return { boards, squares, entries };
}

/** The side a position string's side letter names (the first side if none).
 *  @param {string | undefined} letter */
const sideOf = (letter) => SIDES.find((side) => SIDE_LETTER[side] === letter) ?? SIDES[0];
/** Who plays ``ply`` moves after ``first``: the sides take turns. @param {string} first @param {number} ply */
const sideAt = (first, ply) => SIDES[(SIDES.indexOf(first) + ply) % SIDES.length];
/** The move number ``ply`` moves after ``first`` moved at ``firstNumber``: it goes up after each
 *  move of POSITION.number_after's side. @param {number} firstNumber @param {string} first @param {number} ply */
const moveNumber = (firstNumber, first, ply) => {
  const before = (SIDES.indexOf(POSITION.number_after) - SIDES.indexOf(first) + SIDES.length) % SIDES.length;
  return firstNumber + (ply > before ? Math.floor((ply - before - 1) / SIDES.length) + 1 : 0);
};

/** Whose turn it is after ``plies`` moves from ``start`` (a position string).
 *  @param {string} start @param {number} plies @returns {string} */
export function sideAfter(start, plies) {
  return sideAt(sideOf(positionFields(start).side), plies);
}

/** A side's name as a message ({key: "side.black"}): what state keeps and messages take as an
 *  argument. @param {string} side @returns {Message} */
export const sideMessage = (side) => message(`side.${side}`);

/** A side's name in words ("Black", "Schwarz"). @param {string} side @param {Speaker} [words] @returns {string} */
export const sideName = (side, words = PAGE) => words.say(sideMessage(side));

/** Each standard piece's name by its letter, as the piece table names it (engine-data.js: a message). */
const NAMES = Object.fromEntries(PIECES.map((p) => [p.letter, p.name]));

/**
 * A piece's name as a message: ``name`` as the engine gives it (the piece table's, or a rule
 * set's: the engine's state names the Flier "Odwar" under odwar=on), or already a message.
 * The catalogue names each piece under piece.<its name in lower case>.
 * @param {string | Message} name @returns {Message}
 */
export const pieceMessage = (name) => (typeof name === "string" ? message(`piece.${name.toLowerCase()}`) : name);

/** A piece's name in words; a name the catalogue does not know stays as the engine wrote it.
 *  @param {string | Message} name @param {Speaker} [words] @returns {string} */
export function pieceName(name, words = PAGE) {
  const said = pieceMessage(name);
  const text = words.say(said);
  return text === said.key && typeof name === "string" ? name : text;
}

/** A side's piece as a message ("Black Chief", "Häuptling (Schwarz)").
 *  @param {string} side @param {string | Message} name @returns {Message} */
export const sidePieceMessage = (side, name) => message("position.sidePiece", { side: sideMessage(side), piece: pieceMessage(name) });

/** The piece on ``sq`` of ``board`` in words ("Black Chief"), or "" for an empty square: what a
 *  board says on hover, on a long press and to a screen reader. ``names``: the rule set's piece
 *  names (the engine's state says them), the standard ones by default.
 *  @param {string[]} board @param {number} sq @param {Object<string, string | Message>} [names] @param {Speaker} [words]
 *  @returns {string} */
export function pieceOn(board, sq, names = NAMES, words = PAGE) {
  const piece = board[sq];
  if (!piece) return "";
  const name = names[pieceKind(piece)];
  return name ? words.t("position.sidePiece", { side: sideName(sideOfPiece(piece), words), piece: pieceName(name, words) })
    : piece;
}

/** A board in words, for screen readers: each side's pieces and their squares.
 *  @param {string[]} board @param {Object<string, string | Message>} [names] @param {Speaker} [words] @returns {string} */
export function describe(board, names = NAMES, words = PAGE) {
  const parts = [];
  for (const side of SIDES) {
    /** @type {string[]} */
    const pieces = [];
    board.forEach((p, sq) => {
      if (!p || sideOfPiece(p) !== side) return;
      const name = names[pieceKind(p)];
      pieces.push(words.t("position.pieceOn", { piece: name ? pieceName(name, words) : p, square: squareName(sq) }));
    });
    parts.push(words.t("position.sidePieces", { side: sideName(side, words),
                                                 pieces: pieces.length ? words.list(pieces) : words.t("position.noPieces") }));
  }
  return parts.join(". ");
}
