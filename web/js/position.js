// Positions as the page reads them before (or without) the engine: square names, a position
// string's placement, the start of a rule set, and the placements a game passes through. This is
// painting, not rules: a move is read only for its two squares (and a duel's outcome), never
// checked, and shown as "d2-d3" only until the engine names it; legality, results and notation
// are the engine's. No DOM, so Node can test it.
import { PIECES, SETUPS } from "../engine-data.js";

const FILES = "abcdefghij";
export const squareName = (sq) => FILES[sq % 10] + (Math.floor(sq / 10) + 1);
export const squareIndex = (name) => (parseInt(name.slice(1), 10) - 1) * 10 + FILES.indexOf(name[0]);

/** A position string's placement as 100 squares (a1 first): a piece letter or "". */
export function placementBoard(position) {
  const board = new Array(100).fill("");
  const ranks = String(position).trim().split(/\s+/)[0].split("/");
  if (ranks.length !== 10) throw new Error("a position needs ten ranks");
  ranks.forEach((row, i) => {
    const rank = 9 - i;
    let file = 0;
    for (const token of row.match(/\d+|[A-Za-z]/g) || []) {
      if (/\d/.test(token)) file += parseInt(token, 10);
      else { if (file < 10) board[rank * 10 + file] = token; file += 1; }
    }
    if (file !== 10) throw new Error(`rank ${rank + 1} does not cover ten squares`);
  });
  return board;
}

/** The placement field of a position string for 100 squares. */
export function placementText(board) {
  const ranks = [];
  for (let rank = 9; rank >= 0; rank--) {
    let row = "", empty = 0;
    for (let file = 0; file < 10; file++) {
      const piece = board[rank * 10 + file];
      if (!piece) { empty += 1; continue; }
      if (empty) { row += empty; empty = 0; }
      row += piece;
    }
    ranks.push(empty ? row + empty : row);
  }
  return ranks.join("/");
}

/** The two options that decide a rule set's start: its set-up and who moves first (the engine
 *  reads the whole rule set; a board that only shows needs no more). */
export function startOf(rules = "") {
  const options = new Map(String(rules).split(",").map((item) => item.split("=").map((s) => s.trim().toLowerCase())));
  const setup = options.get("setup") === "facing" ? "facing" : "diametral";
  const side = options.get("first") === "orange" ? "o" : "b";
  return `${SETUPS[setup]} ${side} Ee 0 1`;
}

const MOVE_SQUARES = /^([a-j])(10|[1-9])[-x:]?([a-j])(10|[1-9])(?:\/([ad]))?$/;

/** A move text's squares and its duel's outcome: {from, to, outcome} ("a": the attacker won,
 *  "d": it lost, "" none written), or null for a pass. Technical notation (D1-G4, rank 0 for the
 *  tenth) is read too. */
export function moveSquares(text) {
  const t = String(text).trim();
  if (t === "pass") return null;
  const m = MOVE_SQUARES.exec(t.toLowerCase().replace(/([a-j])0(?!\d)/g, "$110"));
  if (!m) throw new Error(`'${t.slice(0, 20)}' is not a move`);
  return { from: squareIndex(m[1] + m[2]), to: squareIndex(m[3] + m[4]), outcome: m[5] || "" };
}

/** The boards a game passes through: [start, after move 1, …]; for each move its squares
 *  ([from, to], or null for a pass) and how a move list shows it ({number, side, text}: "d2-d3",
 *  "d1xg4/a"). */
export function replay(start, moves) {
  const boards = [placementBoard(start)];
  const squares = [];
  const entries = [];
  const fields = String(start).trim().split(/\s+/);
  const firstNumber = parseInt(fields[4], 10) || 1;   // placement, side, escapes, counter, number
  const orangeFirst = fields[1] === "o" ? 1 : 0;
  for (const text of moves) {
    const board = boards[boards.length - 1].slice();
    const move = moveSquares(text);
    const ply = boards.length - 1;
    // Sides alternate; the move number goes up after each of Orange's moves.
    const entry = { number: firstNumber + Math.floor((ply + orangeFirst) / 2),
                    side: (ply + orangeFirst) % 2 ? "orange" : "black", text: "pass" };
    if (move) {
      entry.text = squareName(move.from) + (board[move.to] ? "x" : "-") + squareName(move.to) +
        (move.outcome ? `/${move.outcome}` : "");
      const piece = board[move.from];
      board[move.from] = "";
      if (move.outcome !== "d") board[move.to] = piece;
    }
    boards.push(board);
    squares.push(move ? [move.from, move.to] : null);
    entries.push(entry);
  }
  return { boards, squares, entries };
}

/** Whose turn it is after ``plies`` moves from ``start`` (a position string). */
export function sideAfter(start, plies) {
  const first = String(start).trim().split(/\s+/)[1] === "o" ? "orange" : "black";
  return plies % 2 === 0 ? first : (first === "black" ? "orange" : "black");
}

const NAMES = Object.fromEntries(PIECES.map((p) => [p.letter, p.name]));

/** A board in words, for screen readers: each side's pieces and their squares. */
export function describe(board, names = NAMES) {
  const parts = [];
  for (const [side, upper] of [["Black", true], ["Orange", false]]) {
    const pieces = [];
    board.forEach((p, sq) => {
      if (p && (p === p.toUpperCase()) === upper) pieces.push(`${names[p.toUpperCase()] || p} ${squareName(sq)}`);
    });
    parts.push(`${side}: ${pieces.join(", ") || "no pieces"}`);
  }
  return parts.join(". ");
}
