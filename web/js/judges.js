// Who judges the moves on a session's board. A game's moves are judged by its rules (the
// facade's "state" and "play"); a lesson's task and a puzzle each have a judge of their own in
// the engine (the facade's "lesson" and "puzzle" requests: py_engine/lessons.py and
// puzzles.py), which says whether a move is right and plays the other side's answer. Every
// judge's answer is read as the engine's State of the game, the judge's own word (its verdict)
// kept beside it, so that the one Session plays a game, a lesson and a puzzle alike: the same
// press, selection, kept move and epochs. Nothing here decides a move: it only asks.
import { SIDES } from "../engine-data.js";
import { message } from "./i18n.js";
import { placementBoard } from "./position.js";

/**
 * @typedef {import("./session.js").Session} Session
 * @typedef {import("./session.js").GameData} GameData
 * @typedef {import("./session.js").Reply} Reply
 * @typedef {{from: number, to: number, outcome?: string} | string} MoveAsked   squares, or text typed
 * @typedef {object} Judge
 * @property {(session: Session, game: GameData, known: number, onProgress?: (p: import("./engine.js").ReplayProgress) => void) => Promise<Reply>} open
 *   the engine's first word on ``game`` (known: history entries the page holds already)
 * @property {(session: Session, move: MoveAsked) => Promise<Reply>} play   a move in the
 *   session's game, judged: the reply's state is the game after it (and after any answer)
 * @property {boolean} answers   the judge plays the other side's answer itself: the side that
 *   moved moves next
 * @property {boolean} explains   a move the rules refuse is sent all the same: the judge's
 *   refusal says why (a lesson teaches by it)
 * @typedef {{position: string, played: string[], mine: string[], last: number[],
 *   legal: Object<string, number[]>, result: string}} Verdict   what the lesson and puzzle
 *   judges both answer: the position, every move played, the learner's or solver's own (to
 *   send back), the last move's squares, their legal moves by square, the result in words
 * @typedef {Verdict & {id: string, wrong: string, solved: boolean}} PuzzleVerdict   the facade's
 *   answer to a "puzzle" request (py_engine/puzzles.py): the puzzle, the move refused as wrong
 *   ("" if none), and whether it is solved
 * @typedef {Verdict & {lesson: string, task: number, learner: string, stars: number[], done: boolean,
 *   failed: string, moves_left: number}} LessonVerdict   the facade's answer to a "lesson" request
 *   (py_engine/lessons.py): the task, the learner's side, the stars still to reach, whether the
 *   task is done or failed (and why), the moves left (0: no limit)
 */

/** A game between players, judged by its rules. @type {Judge} */
export const GAME = {
  open: (s, game, known, onProgress) => s.engine().request("state", s.asking(game, known), onProgress),
  play: (s, move) => s.engine().request("play", { ...s.asking(s.game, s.live.moves.length), move }),
  answers: false,
  explains: false,
};

/** A puzzle (as py_engine/puzzles.py ships it), judged by the engine's "puzzle" request: a
 *  wrong move is refused (reply.wrong names it) and the position stays; a right one is
 *  answered by the defender's move of the solution. The game's state is then the engine's
 *  own, of the moves played, so that it reads, reviews and ends as any game does.
 *  @param {{id: string, rules: string, position: string}} puzzle @returns {Judge} */
export function puzzleJudge(puzzle) {
  /** @param {Session} s @param {string[]} mine @param {MoveAsked} [move] @returns {Promise<Reply>} */
  async function ask(s, mine, move) {
    const asked = typeof move === "string" ? { moves: [...mine, move] } : { moves: mine, ...(move ? { move: squares(move) } : {}) };
    const reply = await s.engine().request("puzzle", { id: puzzle.id, ...asked });
    if (!reply.ok) return reply;
    const verdict = reply.puzzle;
    if (verdict.wrong) return { ok: false, error: message("judges.notTheMove", { move: verdict.wrong }), wrong: verdict.wrong };
    const game = { rules: puzzle.rules, start: puzzle.position, moves: verdict.played };
    const answer = await s.engine().request("state", s.asking(game));
    if (!answer.ok) return answer;
    // The solver's moves are every other one from the first: the last of them is the one played.
    const played = move === undefined ? undefined : answer.state.moves[SIDES.length * (verdict.mine.length - 1)];
    return { ...answer, played, state: { ...answer.state, verdict } };
  }
  return {
    // A game shown with moves (the solution shown, a board's attribute) has the solver's every other.
    open: (s, game) => ask(s, game.moves.filter((_, i) => i % SIDES.length === 0)),
    play: (s, move) => ask(s, verdictOf(s).mine, move),
    answers: true,
    explains: true,
  };
}

/** Task ``task`` of lesson ``lesson`` (an id), judged by the engine's "lesson" request: a move
 *  against the task is refused with the engine's reason; the answer to a right one (the other
 *  side's move, if the task has one) comes with it. A task need not be a game (the learner may
 *  move again and again), so the state is read from the verdict: the position, the learner to
 *  move, their legal moves, and the end — the task met or failed.
 *  @param {string} lesson @param {number} task @returns {Judge} */
export function lessonJudge(lesson, task) {
  /** @param {Session} s @param {string[]} mine @param {MoveAsked} [move] @returns {Promise<Reply>} */
  async function ask(s, mine, move) {
    const asked = typeof move === "string" ? { moves: [...mine, move] } : { moves: mine, ...(move ? { move: squares(move) } : {}) };
    const reply = await s.engine().request("lesson", { lesson, task, ...asked });
    return reply.ok ? { ok: true, state: lessonState(reply.lesson, s.startText()) } : reply;
  }
  return { open: (s) => ask(s, []), play: (s, move) => ask(s, verdictOf(s).mine, move),
           answers: true, explains: true };
}

/** The judge's last verdict on the session's game (a judge's every state carries one).
 *  @param {Session} s @returns {Verdict} */
const verdictOf = (s) => /** @type {Verdict} */ (s.live.verdict);

/** @param {{from: number, to: number}} move */
const squares = ({ from, to }) => ({ from, to });

/** A lesson's verdict as the session's State (see lessonJudge()): its moves are the ones played,
 *  the last with its squares (the position before each is not the verdict's to give, and a
 *  lesson is not stepped through).
 *  @param {LessonVerdict} v @param {string} start @returns {import("./engine.js").State} */
function lessonState(v, start) {
  const last = v.played.length - 1;
  const moves = v.played.map((text, i) => ({ text, position: v.position, from: i === last && v.last.length ? v.last[0] : null,
                                             to: i === last && v.last.length ? v.last[1] : null }));
  const legal = Object.fromEntries(Object.entries(v.legal).map(([sq, tos]) => [sq, tos.map((to) => ({ to }))]));
  const result = v.done || v.failed ? { winner: v.done ? v.learner : null, explanation: v.failed || v.result, text: "" } : null;
  // Only what a lesson's board reads, not a whole State: its moves and destinations have their
  // squares alone, and the engine's other fields (captured pieces, wagers, names) are left out.
  return /** @type {import("./engine.js").State} */ (/** @type {unknown} */ ({
    start, position: v.position, board: placementBoard(v.position), turn: v.learner, legal, moves, result,
    threatened: [], verdict: v }));
}
