// <jetan-board>: a Jetan board for any page, from one script include:
//
//   <script type="module" src="https://…/jetan-board.js"></script>
//   <jetan-board moves="d2-d3,g9-g8,e2-e3"></jetan-board>
//
// Attributes: position (the start; default the rule set's), rules, moves (comma-separated move
// texts), ply (the position shown; default the last), orientation ("black" at the bottom, or
// "orange"), interactive (the reader may play on). A board that only shows — a diagram, or a game
// stepped with its buttons or the arrow keys — draws without the engine and never fetches it: the
// engine's module (engine.js, through engine-later.js), its worker and the runtime (Pyodide) load
// only when an interactive board is first used, once per page for all its boards, or when a board
// asks the engine something (show-moves, a <jetan-record> child, play(), check()).
// Method play(move) returns a promise of the move played; check() asks the engine whether the
// game can be played; events "move" (detail: move, position) and "gameover" (detail: result).
// The board is a view of a Session (session.js), which the app's board shares: a reader's
// input made while the engine loads is kept and played when it is ready. Every board shows the
// position it holds in data-position (and data-ply); data-engine says "loading", "ready" or
// "failed" once the engine has been asked. Fan pages load this module as the build bundles it
// (py_engine/webbuild/bundle.py): one file for a still board, the engine's part a chunk beside it.
//
// Diagrams: arrows="d2d4 e9e7:red" and marks="e5 f6:blue" (colours from markup.js's PALETTE),
// show-moves="d1" (the legal destinations of the piece on d1 in the position shown, from the
// engine — legal moves are the engine's rules, never restated here — loaded for them only once
// the board comes into view: a board that stays out of view starts nothing; data-destinations
// names them once the engine has), gallery="chapter17" (a game of the gallery with its captions),
// and comments for the moves, as children: <jetan-comment ply="3" arrows="g4f1:red">…</jetan-comment>
// (ply: the position after that many moves; 0 the start), or a whole annotated record in a
// <jetan-record> child (read by the engine, which is loaded for it; its comments' [%cal …] and
// [%csl …] markup drawn). picture(type) resolves to a PNG or SVG Blob of the board as shown.
// Markup that cannot be read is named in a line under the board and never drawn; nothing an
// author writes is ever put into the page as markup.
//
// Its words: lang="de" (or, without one, the nearest lang of the page around it, then the
// reader's browser, then English; i18n.js's chooseLanguage) chooses the language it speaks — its
// captions, prompts, labels and the engine's messages — each board its own (two boards on a page
// may speak two), again whenever a lang changes; data-lang names it once its words are in. The
// English of its own words (the catalogue's namespaces below) is in this module: an English board
// fetches no catalogue until the engine has something to say that is not among them; a board in
// another language fetches that language's catalogue (i18n/<lang>.json beside js/, found from
// this module's own address), once for all the page's boards.
import { GALLERY, LIMITS } from "../engine-data.js";
// (The bundle takes in only these namespaces of the English catalogue: build.sh bundles this
// module, esbuild reading the catalogue's top-level keys as named exports.)
import { board as BOARD_WORDS, common as COMMON_WORDS, diagram as DIAGRAM_WORDS, embed as EMBED_WORDS,
         language as LANGUAGE_WORDS, piece as PIECE_WORDS, picture as PICTURE_WORDS, side as SIDE_WORDS }
  from "../i18n/en.json";
import { BoardView, describePieces } from "./board.js";
import { FALLBACK, LANGUAGES, Words, chooseLanguage, direction, linkLanguage, message, translate, wordsIn }
  from "./i18n.js";
import { themeFor } from "./themes.js";
import { engineLater, onEngineReady, sharedEngineFailed, sharedEngineReady } from "./engine-later.js";
import { parseMarkup, parseSquare } from "./markup.js";
import { picture } from "./picture.js";
import { BLACK, ORANGE, numbered, placementAndSide, readPosition, sideAfter, squareName } from "./position.js";
import { GAME, puzzleJudge } from "./judges.js";
import { Session } from "./session.js";
import { capital } from "./words.js";

/**
 * @typedef {import("./board.js").Arrow} Arrow
 * @typedef {import("./board.js").Mark} Mark
 * @typedef {import("./puzzles.js").Puzzle} Puzzle
 * @typedef {{text: Said, arrows: Arrow[], marks: Mark[]}} Note   a comment as the board shows
 *   it: its text (an author's, or the gallery's caption, a message) and its own arrows and marks
 */

/**
 * What a board says: a message, worded in the board's language whenever it is shown, or a text
 * given as it is (an author's, or one a module worded already).
 * @typedef {import("./i18n.js").Message} Message
 * @typedef {string | Message} Said
 */

/** The gallery's games (engine-data.js), by their key. @type {Object<string, import("./gallery.js").GalleryGame>} */
const GALLERY_GAMES = GALLERY;

/** The board's own words in English, and its pages' (embed.html, diagram.html), here in the
 *  module (see its text): the whole English catalogue is fetched only for a message not among
 *  them. */
const ENGLISH = new Words(FALLBACK, { board: BOARD_WORDS, common: COMMON_WORDS, diagram: DIAGRAM_WORDS,
                                      embed: EMBED_WORDS, language: LANGUAGE_WORDS, piece: PIECE_WORDS,
                                      picture: PICTURE_WORDS, side: SIDE_WORDS });

// The pages made of a board (embed.html, diagram.html) word themselves with this module's copy of
// i18n.js (pageSpeaker): the catalogue their board fetches is the one they speak, fetched once.
export { LANGUAGES } from "./i18n.js";

/** The words of a page made of a board in ``lang`` (one of LANGUAGES): this module's English
 *  (unless ``whole``: the page has a message of another module's to say), or the language's
 *  catalogue (English's if it cannot be had: its ``lang`` says which).
 *  @param {string} lang @param {{whole?: boolean}} [options] @returns {Promise<Words>} */
async function pageWords(lang, { whole = false } = {}) {
  if (lang === FALLBACK && !whole) return ENGLISH;
  const words = await wordsIn(lang);
  return Object.keys(words.catalogue).length ? words : ENGLISH;
}

/**
 * A page of ours around a board (embed.html, diagram.html) speaking the language its address
 * asks for (lang= in the query, then in the fragment), else the reader's, the browser's, English.
 * Each call words the page's marks and sets its lang and dir, and resolves to its words and the
 * language that could not be had ("" if none) — or to null when a newer call came first, or
 * nothing changed. ``whole``: the whole catalogue, not only the board's English (the page has a
 * link's problem to say).
 */
export function pageSpeaker() {
  let asked = "";
  /** @param {boolean} whole @returns {Promise<?{words: Words, failed: string}>} */
  return async (whole) => {
    const lang = chooseLanguage({ asked: [linkLanguage(location.search), linkLanguage(location.hash)] });
    const wanted = `${lang} ${whole}`;
    if (wanted === asked) return null;
    asked = wanted;
    document.documentElement.lang = lang;
    const words = await pageWords(lang, { whole });
    if (asked !== wanted) return null;           // a newer address asked for another
    translate(document, words);
    document.documentElement.lang = words.lang;
    document.documentElement.dir = direction(words.lang);
    return { words, failed: words.lang === lang ? "" : lang };
  };
}

/** A board's words while its language's catalogue is on its way: nothing, rather than English
 *  to a reader of another language. */
class Silence extends Words {
  t() { return ""; }
}

const STYLE = `
  :host { display: block; max-width: 100%; color: #f1e3c2; font: 14px/1.3 system-ui, sans-serif; }
  .frame { position: relative; background: #2a1f19; border-radius: 8px; padding: 6px; }
  canvas { display: block; width: 100%; aspect-ratio: 1; border-radius: 4px; }
  .piece-label { background: #2a1f19; border: 1px solid #ffb339; border-radius: 6px; padding: 0.2em 0.5em; }
  canvas:focus-visible { outline: 3px solid #ffb339; outline-offset: 2px; }
  .bar { display: flex; gap: 4px; align-items: center; justify-content: center; margin-top: 6px; flex-wrap: wrap; }
  .bar[hidden] { display: none; }
  /* A puzzle is solved forward: its step buttons come once it is solved, to go through it again
     (before, four disabled buttons stood under the board for nothing). */
  :host([puzzle]:not([data-puzzle="solved"])) .bar { display: none; }
  button { font: inherit; color: inherit; background: #3a2b22; border: 1px solid #4a382c; border-radius: 6px;
           min-width: 2.6em; padding: 0.1em 0.5em; cursor: pointer; font-size: 1.15em;
           touch-action: manipulation; }   /* quick taps step on: no double-tap zoom of the host's page (iOS) */
  button:disabled { opacity: 0.45; cursor: default; }
  /* On a touch screen each step button is a finger's size (44 px); for a mouse the bar stays small. */
  @media (pointer: coarse) { button { min-width: 44px; min-height: 44px; } }
  .caption { text-align: center; margin-top: 4px; overflow-wrap: anywhere; }
  .caption:empty, .comment:empty, .warning:empty { display: none; }
  .caption.error, .warning { color: #ff6b57; }
  .comment { margin: 6px 4px 2px; line-height: 1.4; overflow-wrap: anywhere; }
  .warning { text-align: center; margin-top: 4px; font-size: 0.9em; overflow-wrap: anywhere; }
`;

export class JetanBoard extends HTMLElement {
  static observedAttributes = ["position", "rules", "moves", "ply", "orientation", "interactive",
                               "arrows", "marks", "show-moves", "gallery", "puzzle", "theme", "pieces", "lang"];

  constructor() {
    super();
    const board = this;
    const root = this.attachShadow({ mode: "open" });
    root.innerHTML = `<style>${STYLE}</style>
      <div class="frame">
        <canvas part="board" role="img" dir="ltr"></canvas>
        <div class="bar" part="controls" dir="ltr">
          <button type="button" data-step="first" data-i18n-aria-label="board.step.first">«</button>
          <button type="button" data-step="prev" data-i18n-aria-label="board.step.prev">‹</button>
          <button type="button" data-step="next" data-i18n-aria-label="board.step.next">›</button>
          <button type="button" data-step="last" data-i18n-aria-label="board.step.last">»</button>
        </div>
        <div class="caption" part="caption" aria-live="polite"></div>
        <div class="comment" part="comment" aria-live="polite"></div>
        <div class="warning" part="warning" role="status"></div>
      </div>`;
    // The shadow tree just written holds each of these.
    this.frame = /** @type {HTMLElement} */ (root.querySelector(".frame"));
    this.canvas = /** @type {HTMLCanvasElement} */ (root.querySelector("canvas"));
    this.bar = /** @type {HTMLElement} */ (root.querySelector(".bar"));
    this.caption = /** @type {HTMLElement} */ (root.querySelector(".caption"));
    this.commentBox = /** @type {HTMLElement} */ (root.querySelector(".comment"));
    this.warningBox = /** @type {HTMLElement} */ (root.querySelector(".warning"));
    /** What is wrong with the board's game or the last input, if anything. @type {Said} */
    this.problem = "";
    /** A puzzle's prompt, or what its last move leaves. @type {Said} */
    this.puzzleText = "";
    /** The language the board speaks (chosenLanguage), and its words: the whole catalogue
     *  (``full``), this module's English, or silence while its catalogue comes. */
    this.speaking = "";
    /** @type {Words} */
    this.words = ENGLISH;
    this.full = false;
    /** The whole catalogue, asked for (once per language), and whether it has come or failed. */
    /** @type {?Promise<void>} */
    this.fullWords = null;
    this.fullTried = false;
    /** The language whose catalogue could not be had (the board speaks English instead), or "". */
    this.languageFailed = "";
    /** The board's words as the modules it draws with take them (board.js, picture.js): each
     *  message said as speak() says it (one its words do not hold yet fetched, and the board
     *  shown again once it has come). @type {import("./board.js").Speaker} */
    this.speaker = {
      get lang() { return board.words.lang; },
      t: (key, args) => this.speak(message(key, args)),
      say: (said) => this.speak(said),
      list: (items, type) => this.words.list(items, type),
    };
    /** The diagram's markup: arrows [from, to, colour], marked squares [square, colour], and
     *  what could not be read.
     *  @type {{arrows: Arrow[], marks: Mark[], problems: Said[]}} */
    this.markup = { arrows: [], marks: [], problems: [] };
    /** @type {Map<number, Note>} comments by ply */
    this.comments = new Map();
    /** The game's moves as the page gave them, the ply it showed first, and how many of its
     *  moves the game still follows: the positions its comments and markup belong to
     *  (onGivenLine). */
    this.given = { moves: /** @type {string[]} */ ([]), ply: 0, line: 0 };
    /** show-moves: the destinations the engine gave, for the key (game and square) asked (and
     *  the key being asked about).
     *  @type {{key: string, square: ?number, dests: {to: number}[], problem: Said, asking?: string}} */
    this.reach = { key: "", square: null, dests: [], problem: "" };
    /** What picture() draws: the board as last shown, with its markup. @type {?import("./board.js").Scene} */
    this.scene = null;
    /** A <jetan-record> child as the engine read it: its text, and the game and notes or what
     *  is wrong; ``asking`` while the engine reads it.
     *  @type {{text: string, game: ?import("./session.js").GameData,
     *    notes: Object<string, import("./session.js").Comment>, problem: Said, asking: string}} */
    this.record = { text: "", game: null, notes: {}, problem: "", asking: "" };
    // Readers play both sides; a press on an earlier position plays on from there.
    // (The session asks the engine through engine-later.js: engine.js loads on its first request.)
    this.session = new Session({ engine: engineLater, onEarlierPress: "branch" });
    this.session.listen((...event) => this.heard(...event));
    this.view = new BoardView(this.canvas, {
      onPress: (sq) => { if (this.interactive) this.session.press(sq); },
      onDrop: (from, to) => { if (this.interactive) this.session.drop(from, to); },
      keyboard: true, names: () => this.session.state?.names, words: () => this.speaker,
    });
    const steps = /** @type {NodeListOf<HTMLButtonElement>} */ (root.querySelectorAll("[data-step]"));
    for (const b of steps) b.addEventListener("click", () => this.session.step(/** @type {string} */ (b.dataset.step)));
    this.addEventListener("keydown", (e) => {
      if (e.target !== this || this.interactive) return;
      const step = { ArrowLeft: "prev", ArrowRight: "next", Home: "first", End: "last" }[e.key];
      if (step) { e.preventDefault(); this.session.step(step); }
    });
    // Once the page's engine is there (started by any board), every board has its game checked.
    this.stopHearing = () => {};
    // Comments written as children are read again when they change.
    // (Its own attributes are attributeChangedCallback's: taken once, however many change.)
    this.watcher = new MutationObserver((records) => {
      if (records.some((r) => !(r.type === "attributes" && r.target === this))) this.attributeChangedCallback();
    });
    // show-moves asks the engine only once the board has come into view (or at once where the
    // browser cannot tell).
    this.inView = typeof IntersectionObserver === "undefined";
    this.viewWatcher = this.inView ? null : new IntersectionObserver((entries) => {
      if (!entries.some((e) => e.isIntersecting)) return;
      this.inView = true;
      this.viewWatcher?.disconnect();
      this.show();
    });
  }

  connectedCallback() {
    if (!this.hasAttribute("tabindex")) this.tabIndex = 0;
    connected.add(this);
    watchLanguages();
    this.relanguage();
    this.load();
    this.stopHearing = onEngineReady(() => this.check());
    this.watcher.observe(this, { childList: true, subtree: true, characterData: true, attributes: true,
                                 attributeFilter: ["ply", "arrows", "marks"] });
    if (!this.inView) this.viewWatcher?.observe(this);
  }

  disconnectedCallback() {
    connected.delete(this);
    this.stopHearing(); this.watcher.disconnect(); this.viewWatcher?.disconnect();
  }

  /** Attribute changes are taken together: however many a page makes in a row, the board reads
   *  them once, as they are by then (the last wins). A new lang changes only its words.
   *  @param {string} [name] */
  attributeChangedCallback(name) {
    if (name === "lang") {
      if (this.isConnected) this.relanguage();
      return;
    }
    if (this.loadQueued) return;
    this.loadQueued = true;
    queueMicrotask(() => this.takeAttributes());
  }

  /** Read attribute changes still waiting to be read: every method a page calls does so first,
   *  so that check(), play() and picture() right after a setAttribute see the new attributes. */
  takeAttributes() {
    if (!this.loadQueued) return;
    this.loadQueued = false;
    if (this.isConnected) this.load();
  }

  get interactive() { return this.hasAttribute("interactive") || Boolean(this.puzzle); }

  // ---- its words ----

  /** The language the board speaks: its lang attribute's, else the nearest lang of the page
   *  around it, else the reader's (chooseLanguage: a choice kept, the browser's languages), else
   *  English; an unknown or malformed one is passed over, with no error. */
  chosenLanguage() {
    return chooseLanguage({ asked: [this.getAttribute("lang"), pageLanguage(this)] });
  }

  /** Speak the chosen language if the board does not already: English at once (its words are
   *  here), another once its catalogue is in. */
  relanguage() {
    const lang = this.chosenLanguage();
    if (lang === this.speaking) return;
    this.speaking = lang;
    this.fullWords = null;
    this.fullTried = false;
    this.languageFailed = "";
    if (lang === FALLBACK) this.useWords(ENGLISH, false);
    else {
      this.useWords(new Silence(lang, {}), false);
      this.allWords();
    }
  }

  /** The whole catalogue of the language spoken, fetched once (English's if it cannot be had,
   *  this module's English if neither can), spoken once it is in. */
  allWords() {
    if (!this.speaking) this.relanguage();      // (a board asked before it is in a page)
    const lang = this.speaking;
    this.fullWords ??= wordsIn(lang).then((words) => {
      if (this.speaking !== lang) return;
      const found = Object.keys(words.catalogue).length > 0;
      this.fullTried = true;
      this.languageFailed = words.lang === lang ? "" : lang;
      this.useWords(found ? words : ENGLISH, found);
    });
    return this.fullWords;
  }

  /** Speak ``words`` (``full``: the whole catalogue): the shadow tree's labels, and the board
   *  shown again. @param {Words} words @param {boolean} full */
  useWords(words, full) {
    this.words = words;
    this.full = full;
    this.frame.lang = words.lang;
    this.frame.dir = direction(words.lang);
    if (words instanceof Silence) delete this.dataset.lang;
    else {
      translate(/** @type {ShadowRoot} */ (this.shadowRoot), words);
      this.dataset.lang = words.lang;
    }
    if (this.scene) this.show();
  }

  /** What the board says, in its language: a message worded (a message its words do not hold
   *  yet has the whole catalogue fetched, and is shown once it has come), a text as it is.
   *  @param {Said | undefined} said @returns {string} */
  speak(said) {
    if (!said) return "";
    if (typeof said === "string") return said;
    if (!this.full && !knows(this.words, said)) {
      this.allWords();
      if (!this.fullTried) return "";
    }
    return this.words.say(said);
  }

  /** What the board says, once its words hold it (for a promise the page awaits).
   *  @param {Said | undefined} said */
  async spoken(said) {
    if (said && typeof said === "object" && !this.full && !knows(this.words, said)) await this.allWords();
    return this.speak(said);
  }

  /** Read the attributes (and the comments written as children) into the session's game and
   *  show it (no engine needed). */
  load() {
    const ply = parseInt(this.getAttribute("ply") ?? "", 10);
    this.problem = "";
    const { game, comments, problems, error = "" } = this.readGame();
    this.readMarkup(problems);
    this.readComments(comments, problems);
    this.comments = comments;
    this.markup.problems = problems;
    this.session.show(game, { ply: Number.isInteger(ply) ? ply : null, judge: this.puzzle ? puzzleJudge(this.puzzle) : GAME });
    this.given = { moves: [...this.session.game.moves], ply: this.session.shownPly, line: this.session.game.moves.length };
    const why = error || this.session.earlyError;
    if (why) this.problem = message("board.unreadable", { why });
    if (sharedEngineReady()) this.check();
    this.show();
  }

  /** The game to show — a gallery game, a record written as a child, or the attributes' — with
   *  the comments that come with it. */
  readGame() {
    /** @type {Said[]} */
    const problems = [];
    /** @type {Map<number, Note>} */
    const comments = new Map();
    const puzzleId = (this.getAttribute("puzzle") || "").trim();
    // The puzzles are fetched only by a board that shows one.
    if (puzzleId && !puzzles) {
      trainingData().then(() => { if (this.isConnected) this.load(); }, () => {});
    }
    this.puzzle = puzzleId && puzzles ? puzzles.find((p) => p.id === puzzleId) || null : null;
    if (this.puzzle) {
      // A puzzle (py_engine/puzzles.py): the reader plays the solver, each move judged by the
      // engine (judges.js), which plays the defender's answer.
      const side = readPosition(this.puzzle.position).side, n = this.puzzle.length;
      this.puzzleText = message("board.puzzle.prompt", { side: message(`side.${side}`), count: n, theme: themeWords(this.puzzle.theme) });
      delete this.dataset.puzzle;
      return { game: { rules: this.puzzle.rules, start: this.puzzle.position, moves: [] }, comments, problems };
    }
    this.puzzleText = puzzleId && !puzzles ? message("board.puzzle.loading") : "";
    if (puzzleId && puzzles) problems.push(message("board.puzzle.none", { id: clip(puzzleId) }));
    const key = (this.getAttribute("gallery") || "").trim();
    const recordChild = this.querySelector(":scope > jetan-record");
    if (key) {
      const entry = Object.hasOwn(GALLERY_GAMES, key) ? GALLERY_GAMES[key] : null;
      if (entry) {
        // (Its title, summary and captions are the catalogue's: py_engine/gallery.py.)
        comments.set(0, note(message("board.gallery.intro", { title: catalogued(entry.title), summary: catalogued(entry.summary) })));
        entry.captions.forEach((caption, i) => comments.set(i + 1, note(catalogued(caption), (entry.arrows || {})[i + 1], (entry.marks || {})[i + 1], problems)));
        return { game: { rules: entry.rules, start: "start", moves: [...entry.moves] }, comments, problems };
      }
      problems.push(message("board.gallery.none", { key: clip(key), games: Object.keys(GALLERY_GAMES).join(", ") }));
    } else if (recordChild) {
      const record = this.readRecord(recordChild.textContent || "");
      if (record.problem) problems.push(message("board.record.unreadable", { why: record.problem }));
      else if (record.game) {
        for (const [ply, { text, arrows, marks }] of Object.entries(record.notes)) {
          comments.set(Number(ply), note(text, arrows, marks, problems));
        }
        return { game: record.game, comments, problems };
      } else problems.push(message("board.record.reading"));
    }
    const rules = this.getAttribute("rules") || "", position = this.getAttribute("position") || "";
    const movesText = this.getAttribute("moves") || "";
    // Bounded before anything is read: a game has at most LIMITS.plies moves, each a short text.
    /** @type {[string, string, number][]} each attribute, its text and its longest */
    const bounded = [["rules", rules, LIMITS.rules_text], ["position", position, LIMITS.position_text],
                     ["moves", movesText, LIMITS.plies * (LIMITS.move_text + 2)]];
    const tooLong = bounded.find(([, text, most]) => text.length > most);
    let moves = tooLong ? [] : movesText.split(",").map((m) => m.trim()).filter(Boolean);
    /** @type {Said} */
    let error = tooLong ? message("board.tooLong", { attribute: tooLong[0], count: tooLong[1].length }) : "";
    if (moves.length > LIMITS.plies) {
      error = message("board.tooManyMoves", { count: moves.length, most: LIMITS.plies });
      moves = [];
    }
    const game = tooLong ? { rules: "", start: "start", moves } : { rules, start: position.trim() || "start", moves };
    return { game, comments, problems, error };
  }

  /** A record written as a child, as the engine reads it: asked once per text (the engine is
   *  loaded for it), the board shown again when it answers. @param {string} text */
  readRecord(text) {
    if (this.record.text === text || this.record.asking === text) return this.record;
    if (text.length > LIMITS.record_text) {
      this.record = { text, game: null, notes: {}, problem: message("board.record.tooLong"), asking: "" };
      return this.record;
    }
    this.record = { text: "", game: null, notes: {}, problem: "", asking: text };
    engineLater().request("record", { text }).then((reply) => {
      if (this.record.asking !== text) return;
      this.record = reply.ok
        ? { text, game: reply.game, notes: reply.game.comments || {}, problem: "", asking: "" }
        : { text, game: null, notes: {}, problem: reply.error, asking: "" };
      if (this.isConnected) this.load();
    });
    return this.record;
  }

  /** The arrows and marks attributes (what cannot be read is added to ``problems``).
   *  @param {Said[]} problems */
  readMarkup(problems) {
    const arrows = parseMarkup(this.getAttribute("arrows"), "arrows");
    const marks = parseMarkup(this.getAttribute("marks"), "marks");
    this.markup.arrows = arrows.items;
    this.markup.marks = marks.items;
    for (const p of [arrows.problem, marks.problem]) if (p) problems.push(p);
  }

  /** <jetan-comment ply="3" arrows="…" marks="…">text</jetan-comment> children (a comment for
   *  a ply the game already has one for replaces it). Text only: never read as HTML.
   *  @param {Map<number, Note>} comments @param {Said[]} problems */
  readComments(comments, problems) {
    for (const child of this.querySelectorAll(":scope > jetan-comment")) {
      const plyText = (child.getAttribute("ply") || "").trim();
      const ply = /^\d{1,6}$/.test(plyText) ? parseInt(plyText, 10) : NaN;
      if (!Number.isInteger(ply)) {
        problems.push(message("board.comment.badPly", { ply: clip(plyText) }));
        continue;
      }
      comments.set(ply, note(child.textContent || "", child.getAttribute("arrows") || "", child.getAttribute("marks") || "", problems));
    }
  }

  /** Ask the engine whether the board's game can be played; resolves to "" or what is wrong
   *  ("move 4 (f9-f7): illegal move …"), which the board also shows. */
  async check() {
    this.takeAttributes();
    if (this.session.state) return "";
    this.dataset.engine = "loading";
    this.allWords();          // (what the engine says is in the whole catalogue)
    const reply = await this.session.start({ quiet: true });
    if (!reply) return this.spoken(this.problem);
    this.dataset.engine = reply.ok ? "ready" : sharedEngineFailed() ? "failed" : "ready";
    if (!reply.ok) {
      this.problem = message("board.unplayable", { why: reply.error });
      this.show();
    }
    return reply.ok ? "" : this.spoken(reply.error);
  }

  /** What the session says: redraw, and tell the page about moves and the game's end.
   *  @param {import("./session.js").SessionEvent} event */
  heard(...event) {
    const [type, detail] = event;
    if (type === "change") {
      // (Once asked: a refused game goes back to being only shown, the engine's word kept.)
      if (this.session.asked || this.dataset.engine) {
        this.allWords();        // (what the engine says is in the whole catalogue)
        this.dataset.engine = this.session.state || sharedEngineReady() ? "ready" : sharedEngineFailed() ? "failed" : "loading";
      }
      this.show();
    } else if (type === "notice") {
      /** @type {Said} */
      const text = detail.text;
      this.problem = typeof text === "string" ? capital(text) : text;
      this.show();
    } else if (type === "dropped") {
      this.problem = message("board.notPlayed", { why: detail.why });
      this.show();
    } else if (type === "refused" && detail.reply.wrong) {
      // A wrong try at a puzzle: the position stays, for another.
      this.problem = "";
      this.puzzleText = message("board.puzzle.wrong", { move: detail.reply.wrong });
      this.show();
    } else if (type === "played" && detail) {
      this.problem = "";
      const state = this.session.live, last = detail === state.moves.at(-1);
      // A move other than the page's, from a position it gave: the line the page gave ends there.
      const from = state.moves.indexOf(detail);
      if (from >= 0 && from < this.given.line && detail.text !== this.given.moves[from]) this.given.line = from;
      this.dispatchEvent(new CustomEvent("move", { bubbles: true, composed: true,
        detail: { move: publicMove(detail), position: detail.position } }));
      if (last && state.result) this.dispatchEvent(new CustomEvent("gameover", { bubbles: true, composed: true, detail: state.result }));
      if (last && this.puzzle) this.puzzleSaid(state);
      this.show();
    }
  }

  /** Whether the position after ``ply`` moves is one the page gave, not one of a line the
   *  reader played instead. @param {number} ply */
  onGivenLine(ply) {
    return ply <= this.given.line;
  }

  /** What a puzzle's move, right and answered, leaves: solved, or go on.
   *  @param {import("./engine.js").State} state */
  puzzleSaid(state) {
    if (state.result) {
      this.puzzleText = message("board.puzzle.solved", { result: state.result.words || state.result.explanation });
      this.dataset.puzzle = "solved";
    } else this.puzzleText = message("board.puzzle.right");
  }

  /** Draw the position shown, with its last move and the diagram's markup, and say what it is. */
  show() {
    const look = themeFor(this);
    const s = this.session;
    const props = s.boardProps();
    const flipped = this.getAttribute("orientation") === ORANGE ||
      Boolean(this.puzzle && readPosition(this.puzzle.position).side !== BLACK);
    // The page's comments and markup belong to the positions it gave: not to a line a reader
    // plays instead (the diagram's own arrows and marks to the position it showed first).
    const given = this.onGivenLine(s.shownPly);
    const comment = given ? this.comments.get(s.shownPly) : undefined;
    const markup = given && s.shownPly === this.given.ply ? this.markup : { arrows: [], marks: [] };
    const arrows = [...markup.arrows, ...(comment ? comment.arrows : [])];
    const marks = [...markup.marks, ...(comment ? comment.marks : [])];
    const reach = this.showMoves();
    this.view.set({ ...props, flipped, arrows: [...arrows, ...props.arrows], marks, theme: look.theme,
                    dests: props.dests.length ? props.dests : reach.dests,
                    selected: props.selected ?? reach.square,
                    draggable: (/** @type {number} */ sq) => this.interactive && props.draggable(sq) });
    this.scene = { board: props.board, flipped, lastMove: props.lastMove, threatened: props.threatened,
                   dests: reach.dests, marks, arrows, theme: look.theme };
    // The whole position once the engine has given it; before, the placement and the side to move.
    const ply = s.shownPly;
    const turn = this.turnShown();
    this.dataset.position = s.shownPosition() || placementAndSide(props.board, turn);
    this.dataset.turn = turn;
    this.dataset.ply = String(ply);
    // A sentence for a label; the pieces, square by square, as the canvas's own content.
    const words = this.speaker;
    this.canvas.setAttribute("aria-label", words.t("board.label", { state: this.speak(this.sideText()) }));
    this.canvas.textContent = describePieces(words, props.board, s.state ? s.state.names : undefined);
    this.bar.hidden = s.plies === 0 && !this.interactive;
    const [first, prev, next, last] = this.bar.querySelectorAll("button");
    first.disabled = prev.disabled = ply === 0;
    next.disabled = last.disabled = ply === s.plies;
    this.caption.classList.toggle("error", Boolean(this.problem));
    this.caption.textContent = this.speak(this.problem) || this.describeMove();
    this.commentBox.textContent = this.speak(comment ? comment.text : this.puzzleText);
    /** @type {Object<string, string>} */
    const names = LANGUAGES;
    const failed = this.languageFailed && message("language.failed", { language: names[this.languageFailed] });
    this.warningBox.textContent = [...this.markup.problems, reach.problem, look.problem, failed]
      .map((said) => this.speak(said)).filter(Boolean).join(" ");
    // (Only once the engine has answered for the position shown.)
    if (reach.key && !reach.problem && this.reach.key === reach.key) {
      this.dataset.destinations = reach.dests.map((d) => squareName(d.to)).join(" ");
    } else delete this.dataset.destinations;
    this.dispatchEvent(new Event("drawn"));
  }

  /** show-moves: the square and the destinations of its piece in the position shown, asked of
   *  the engine once per position and square (loaded for them once the board is in view); until
   *  it answers, none. */
  showMoves() {
    const text = (this.getAttribute("show-moves") || "").trim();
    /** @type {Said} */
    const none = "";
    if (!text) return { square: null, dests: [], problem: none, key: "" };
    const square = parseSquare(text);
    if (square === null) return { square: null, dests: [], problem: message("board.showMoves.notSquare", { text: clip(text) }), key: "" };
    const s = this.session;
    const game = { rules: s.game.rules, start: s.game.start, moves: s.game.moves.slice(0, s.shownPly), square };
    const key = JSON.stringify(game);
    if (this.reach.key === key) return { ...this.reach, key };
    if (this.reach.asking !== key && this.inView) {
      this.reach.asking = key;
      engineLater().request("destinations", game).then((reply) => {
        if (this.reach.asking !== key) return;
        this.reach = { key, square, dests: reply.ok ? reply.destinations : [],
                       problem: reply.ok ? "" : message("board.showMoves.failed", { why: reply.error }), asking: "" };
        this.show();
      });
    }
    return { square, dests: [], problem: "", key: "" };
  }

  /** A picture of the board as shown, with its arrows and marks: a Blob of ``type``
   *  "image/png" (default: 1600 × 1600 pixels, a board of 800 drawn at twice the scale) or
   *  "image/svg+xml" (vector, viewBox 0 0 800 800, no fonts needed). ``options``: {size, scale}.
   *  @param {string} [type] @param {{size?: number, scale?: number}} [options] */
  picture(type = "image/png", options = {}) {
    this.takeAttributes();
    if (!this.scene) this.show();
    return picture(/** @type {import("./board.js").Scene} */ (this.scene), type, options, this.speaker);     // (show() has set it)
  }

  /** Whose turn it is in the position shown. */
  turnShown() {
    const s = this.session;
    return s.state && s.reviewing === null ? s.state.turn : sideAfter(s.startText(), s.shownPly);
  }

  /** Whose move it is in the position shown, or how the game ended. @returns {Said} */
  sideText() {
    const s = this.session;
    if (s.over && s.reviewing === null) return s.live.result?.explanation ?? "";
    return message("board.toMove", { side: message(`side.${this.turnShown()}`) });
  }

  /** The caption: the move shown (its notation, the engine's description of it, and how the
   *  game ended if it did), or what the board waits for. */
  describeMove() {
    const s = this.session, ply = s.shownPly, words = this.speaker;
    if (s.waiting) return words.t(s.state ? "board.kept" : "board.keptLoading");
    if (s.asked && !s.state && s.selected !== null) return words.t("common.loadingEngine");
    if (ply === 0) return s.plies ? words.t("board.start") : "";
    const entry = s.state && s.state.moves[ply - 1];
    const early = s.early ? s.early.entries[ply - 1] : null;
    let text = entry ? numbered(entry) : early ? numbered(early) : "";
    const described = entry ? this.speak(entry.descriptive) : "";
    if (described) text = words.t("board.described", { move: text, described });
    if (s.over && ply === s.plies) text = words.t("board.ended", { move: text, result: this.speak(s.live.result?.explanation) });
    return text;
  }

  /** Play a move (text such as "d2-d3", or squares {from, to}) at the position shown; resolves
   *  with the move played ({text, from, to, capture, outcome}), rejects with the engine's reason
   *  if it is not legal. @param {string | {from: number, to: number, outcome?: string}} move */
  async play(move) {
    this.takeAttributes();
    const s = this.session;
    if (s.reviewing !== null) s.pressEarlier();
    const ready = await s.start({ quiet: true });
    if (!ready || !ready.ok) throw new Error(await this.spoken(ready ? ready.error : message("board.replaced")));
    await s.settled();
    const reply = await s.play(typeof move === "object" && move !== null ? move : { text: String(move) });
    if (!reply) throw new Error(await this.spoken(message("board.replaced")));
    if (!reply.ok) throw new Error(await this.spoken(reply.error));
    if (!reply.played) throw new Error(await this.spoken(message("board.noMove")));
    await this.allWords();    // (its caption says the move in the engine's words)
    return publicMove(reply.played);
  }
}

/** The shipped puzzles, once a board with a ``puzzle`` attribute has fetched them. @type {?Puzzle[]} */
let puzzles = null;
/** @type {?Promise<void>} */
let fetchingPuzzles = null;
function trainingData() {
  fetchingPuzzles ||= import("../training-data.js").then((m) => { puzzles = m.PUZZLES; });
  return fetchingPuzzles;
}

/** A quoted piece of an author's text, short. @param {string} text */
const clip = (text) => (text.length > 24 ? `${text.slice(0, 23)}…` : text);

/** A puzzle's theme, a code (py_engine/puzzles.py: "trapPrincess"), as its message
 *  (puzzle.theme.trapPrincess, the puzzles' own); a theme written in words, as it is.
 *  @param {string} theme @returns {Said} */
const themeWords = (theme) => (/^\w+$/.test(theme)
  ? message(`puzzle.theme.${theme}`)
  : theme);

/** Whether ``words`` hold message ``said`` and the messages among its arguments.
 *  @param {Words} words @param {import("./i18n.js").MessageArg} said @returns {boolean} */
function knows(words, said) {
  if (typeof said !== "object") return true;
  if (words.lookup(said.key) === undefined && words.lookup(`${said.key}_other`) === undefined) return false;
  return Object.values(said.args ?? {}).every((arg) => knows(words, arg));
}

/** The lang of the nearest element around ``element`` that has one (out through shadow roots:
 *  a board inside another element's shadow tree speaks the page's language), or null.
 *  @param {Element} element @returns {?string} */
function pageLanguage(element) {
  let node = element.parentNode;
  while (node) {
    if (node instanceof Element && node.hasAttribute("lang")) return node.getAttribute("lang");
    node = node instanceof ShadowRoot ? node.host : node.parentNode;
  }
  return null;
}

/** The boards in the page: each speaks again when a lang changes anywhere in it (a page that
 *  switches its language sets <html lang>), or the browser's languages change.
 *  @type {Set<JetanBoard>} */
const connected = new Set();
let watchingLanguages = false;
function watchLanguages() {
  if (watchingLanguages) return;
  watchingLanguages = true;
  const again = () => { for (const board of connected) board.relanguage(); };
  new MutationObserver(again).observe(document.documentElement, { subtree: true, attributes: true, attributeFilter: ["lang"] });
  addEventListener("languagechange", again);
}

/** A comment as the board shows it: its text (an author's with white space folded, at most as
 *  long as the engine keeps one; a message as it is) and its own arrows and marks (what cannot be
 *  read is added to ``problems``).
 *  @param {Said} text @param {string} [arrows] @param {string} [marks] @param {Said[]} [problems]
 *  @returns {Note} */
function note(text, arrows = "", marks = "", problems = []) {
  const a = parseMarkup(arrows, "arrows"), m = parseMarkup(marks, "marks");
  for (const p of [a.problem, m.problem]) if (p) problems.push(p);
  if (typeof text === "object") return { text, arrows: a.items, marks: m.items };
  const words = String(text).replace(/\s+/g, " ").trim();
  const most = LIMITS.comment;
  return { text: words.length > most ? `${words.slice(0, most - 1)}…` : words, arrows: a.items, marks: m.items };
}

/** A text of the engine's data that is a catalogue key ("gallery.chapter17.move1") as its
 *  message; any other, as it is. @param {string} text @returns {Said} */
const catalogued = (text) => (/^[a-z][\w-]*(\.[\w-]+)+$/.test(text) ? message(text) : text);

/** A move as the element tells a page about it: squares by name ("d2"), as authors write them.
 *  @param {import("./engine.js").Move} move */
function publicMove({ text, from, to, capture, outcome }) {
  return { text, from: from === null ? null : squareName(from), to: to === null ? null : squareName(to), capture, outcome };
}

if (!customElements.get("jetan-board")) customElements.define("jetan-board", JetanBoard);
