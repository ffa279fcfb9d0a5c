// The board editor: set up any position — pieces from a palette (tap a piece then squares, or
// drag it onto the board; drag pieces about, or off the board to remove them), the two set-ups or
// an empty board, the side to move, the escapes left and the rule set — and the engine says, in
// words, whether the position can be played and why not. Then play it, analyse it or share it.
// The editor knows no rules: the engine's "check" is the only judge, and what it says comes as a
// message (reply.error), worded here in the reader's language. What the editor shows is kept as
// messages, and said again in a language the reader switches to.
import { PIECES, RULES, SETUPS, SIDES } from "../engine-data.js";
import { BoardView } from "./board.js";
import { currentTheme } from "./themes.js";
import { $, once, wired } from "./dom.js";
import { message, onLanguage, say, t } from "./i18n.js";
import { presetName } from "./panels.js";
import { reasonOf } from "./share-dialog.js";
import { drawPiece } from "./pieces.js";
import { emptyBoard, pieceKind, pieceLetter, placementBoard, readPosition, sideMessage, sideOfPiece, sidePieceMessage,
         writePosition } from "./position.js";
import { SetUp } from "./session.js";

/** @typedef {import("./i18n.js").Message} Message */

/** The tools beside the pieces, and the words of each (editor.tool.<name>). */
const TOOLS = ["move", "remove"];
/** Each standard piece's name by its letter (the piece table's). */
const NAMES = Object.fromEntries(PIECES.map((p) => [p.letter, p.name]));

// The position being set up, and what a press on its board means (session.js).
const setup = new SetUp();
/** What the editor is given (setupEditor).
 *  @typedef {{engine: import("./engine.js").Engine, current: () => {rules: string, position: string},
 *    link: (game: {rules: string, start: string, moves: string[]}) => string,
 *    onPlay: (game: {rules: string, start: string, mode: string}) => unknown}} EditorHooks
 *  The engine's verdict on a position: playable, with its rule set and start, or why not.
 *  @typedef {{ok: true, rules: string, start: string} | {ok: false, error: import("./i18n.js").Message}} Verdict */
const editor = {
  /** @type {?Verdict} the engine's verdict on the position as it is */
  checked: null,
  token: 0,
  /** @type {?EditorHooks} (set by setupEditor) */
  hooks: null,
  /** @type {{ok: ?boolean, said: ?Message}} what the verdict box says (ok null: still asking) */
  verdict: { ok: null, said: null },
  /** the tool picked: a piece's letter, "move" or "remove" */
  tool: "move",
};

/** Who sets the editor's parts up, as a mistake in the page (a part asked for too soon) says. */
const OWNER = "the editor";  // not a message: a programmer's error (dom.js's wired), not shown to a reader
/** The editor's hooks: setupEditor gives them before any control can be used. */
const hooks = () => wired(editor.hooks, OWNER);

/** @type {?BoardView} the editor's board (made by setupEditor) */
let view = null;

/** The position being set up, as a position string. */
export function editedPosition() {
  return writePosition(setup);
}

/** Wire the editor. hooks: engine (answers "check"); current() -> {rules, position} (the game
 *  shown); link(game) -> a link to it;
 *  onPlay({rules, start, mode}) with mode "engine", "friend" or "analyse".
 *  @param {EditorHooks} hooks */
export function setupEditor(hooks) {
  editor.hooks = hooks;
  view = new BoardView($("editor-board"), {
    onPress: (sq) => setup.press(sq), onDrop: (from, to) => setup.drop(from, to), onDropOff: (sq) => setup.dropOff(sq),
    keyboard: true,
  });
  view.set({ theme: currentTheme() });
  setup.listen((what) => (what === "view" ? redraw() : changed()));
  $("editor-button").addEventListener("click", open);
  $("editor-clear").addEventListener("click", () => setup.setBoard(emptyBoard()));
  $("editor-standard").addEventListener("click", () => setup.setBoard(placementBoard(SETUPS.diametral)));
  $("editor-facing").addEventListener("click", () => setup.setBoard(placementBoard(SETUPS.facing)));
  $("editor-side").addEventListener("change", (/** @type {Event} */ e) => {
    setup.side = /** @type {HTMLSelectElement} */ (e.target).value;
    changed();
  });
  for (const side of SIDES) {
    $(`editor-escape-${side}`).addEventListener("change", (/** @type {Event} */ e) => {
      setup.escapes[side] = /** @type {HTMLInputElement} */ (e.target).checked;
      changed();
    });
  }
  $("editor-rules").addEventListener("change", changed);
  $("editor-position").addEventListener("change", (/** @type {Event} */ e) => typedPosition(/** @type {HTMLInputElement} */ (e.target).value));
  $("editor-position").addEventListener("keydown", (/** @type {KeyboardEvent} */ e) => {
    if (e.key === "Enter") { e.preventDefault(); typedPosition(/** @type {HTMLInputElement} */ (e.target).value); }
  });
  for (const mode of ["engine", "friend", "analyse"]) {
    $(`editor-play-${mode}`).addEventListener("click", () => play(mode));
  }
  // The embedding guide, with this position (the button is enabled only for a playable one).
  $("editor-embed").addEventListener("click", () => {
    location.href = `embed-guide.html${new URL($("editor-link").value).hash}`;
  });
  onLanguage(reword);
}

/** Say everything the editor shows again, in the language the reader switched to. */
function reword() {
  if (editor.verdict.said) showVerdict(editor.verdict.ok, editor.verdict.said);
  for (const b of /** @type {NodeListOf<HTMLButtonElement>} */ (document.querySelectorAll("#editor-dialog [data-tool]"))) {
    label(b, /** @type {string} */ (b.dataset.tool));
  }
  if (document.querySelector("#editor-dialog [data-tool]")) pickTool(editor.tool);
  const select = $("editor-rules");
  if (select.options.length) fillRules(select.value, select.dataset.game ?? select.value);
}

/** A position typed or pasted into the position field: taken if it reads, else said why.
 *  @param {string} text */
function typedPosition(text) {
  try {
    const { board, side, escapes } = readPosition(text);
    setup.side = side;
    setup.escapes = escapes;
    setup.setBoard(board);
  } catch (err) {
    showVerdict(false, message("editor.unreadable", { why: reasonOf(err) }));
  }
}

// The palette (a drawn piece per button) is made when the editor is first opened.
const buildPaletteOnce = once(buildPalette);

function open() {
  buildPaletteOnce();
  const { rules, position } = hooks().current();
  fillRules(rules);
  try {
    Object.assign(setup, readPosition(position));
  } catch {
    setup.board = placementBoard(SETUPS.diametral);
  }
  $("editor-dialog").showModal();
  setup.setBoard(setup.board);
}

/** The rule-set choice: the game's own rules first (``game``: the rules of the game the editor
 *  was opened on), then the presets; ``current`` chosen.
 *  @param {string} current @param {string} [game] */
function fillRules(current, game = current) {
  const select = $("editor-rules");
  select.textContent = "";
  const known = new Map(Object.entries(RULES.presets).map(([id, p]) => [p.rules, presetName(id)]));
  if (!known.has(game)) select.append(new Option(t("editor.rules.thisGame", { rules: game || t("editor.rules.standard") }), game));
  select.dataset.game = game;
  for (const [rules, name] of known) select.append(new Option(name, rules));
  select.value = current;
}

function buildPalette() {
  for (const side of SIDES) {
    const row = $(`editor-palette-${side}`);
    for (const p of PIECES) row.append(toolButton(pieceLetter(p.letter, side)));
  }
  for (const tool of TOOLS) $("editor-tools").append(toolButton(tool));
  pickTool("move");
}

/** A tool's name: a side's piece ("Black Panthan"), or what the tool does ("Move pieces").
 *  @param {string} tool @returns {Message} */
const toolName = (tool) => (pieceKind(tool) ? sidePieceMessage(sideOfPiece(tool), NAMES[pieceKind(tool)])
  : message(`editor.tool.${tool}`));

/** A palette button's name, for its tooltip and for screen readers. @param {HTMLButtonElement} button @param {string} tool */
function label(button, tool) {
  const name = say(toolName(tool));
  button.title = name;
  button.setAttribute("aria-label", name);
}

/** A palette button: a piece's letter or a tool ("move", "remove"), drawn, with its name.
 *  @param {string} tool */
function toolButton(tool) {
  const button = document.createElement("button");
  button.type = "button";
  button.dataset.tool = tool;
  label(button, tool);
  if (pieceKind(tool)) {
    const icon = document.createElement("canvas");
    icon.width = icon.height = 64;
    drawPiece(/** @type {CanvasRenderingContext2D} */ (icon.getContext("2d")), tool, 32, 32, 58);
    button.append(icon);
  } else button.append(toolIcon(tool));
  button.addEventListener("pointerdown", (e) => startPaletteDrag(e, tool));
  button.addEventListener("click", () => pickTool(tool));
  return button;
}

/** A tool's icon, stroked in its button's own colour (currentColor: the page theme's ink), which
 *  reads on the button pressed or not in either page theme (a fixed cream was nearly invisible
 *  on the light page's peach and beige). Four arrows out of the centre: moving pieces about; a
 *  cross: removing them. @param {string} tool @returns {SVGSVGElement} */
function toolIcon(tool) {
  const SVG = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", "0 0 64 64");
  svg.setAttribute("aria-hidden", "true");
  const path = document.createElementNS(SVG, "path");
  const reach = 22, head = 7;      // an arrow's length from the centre, and its head's
  path.setAttribute("d", tool === "remove" ? "M18 18L46 46M46 18L18 46"
    : [[1, 0], [-1, 0], [0, 1], [0, -1]].map(([dx, dy]) => {
      const x = 32 + dx * reach, y = 32 + dy * reach;
      return `M32 32L${x} ${y}M${x - dy * head - dx * head} ${y - dx * head - dy * head}L${x} ${y}` +
        `L${x + dy * head - dx * head} ${y + dx * head - dy * head}`;
    }).join(""));
  for (const [name, value] of [["fill", "none"], ["stroke", "currentColor"], ["stroke-width", "5"],
                               ["stroke-linecap", "round"], ["stroke-linejoin", "round"]]) path.setAttribute(name, value);
  svg.append(path);
  return svg;
}

/** @param {string} tool */
function pickTool(tool) {
  for (const b of /** @type {NodeListOf<HTMLButtonElement>} */ (document.querySelectorAll("#editor-dialog [data-tool]"))) {
    b.setAttribute("aria-pressed", String(b.dataset.tool === tool));
  }
  editor.tool = tool;
  $("editor-tool-text").textContent = pieceKind(tool) ? t("editor.help.place", { piece: toolName(tool) })
    : t(tool === "remove" ? "editor.help.remove" : "editor.help.move");
  setup.pickTool(tool);
}

// ---- the board ---------------------------------------------------------------------------

/** Drag a piece from the palette onto a square (mouse or touch): a ghost follows the pointer.
 *  @param {PointerEvent} e @param {string} tool */
function startPaletteDrag(e, tool) {
  if (tool.length !== 1) return;
  const button = /** @type {HTMLButtonElement} */ (e.currentTarget);
  button.setPointerCapture(e.pointerId);
  const ghost = $("editor-ghost");
  const start = [e.clientX, e.clientY];
  let dragging = false;
  const move = (/** @type {PointerEvent} */ ev) => {
    if (!dragging && Math.hypot(ev.clientX - start[0], ev.clientY - start[1]) > 6) {
      dragging = true;
      const ctx = ghost.getContext("2d");
      ctx.clearRect(0, 0, ghost.width, ghost.height);
      drawPiece(ctx, tool, ghost.width / 2, ghost.height / 2, ghost.width * 0.9);
      ghost.hidden = false;
    }
    if (dragging) Object.assign(ghost.style, { left: `${ev.clientX}px`, top: `${ev.clientY}px` });
  };
  const end = (/** @type {PointerEvent} */ ev) => {
    button.removeEventListener("pointermove", move);
    button.removeEventListener("pointerup", end);
    button.removeEventListener("pointercancel", end);
    ghost.hidden = true;
    if (!dragging || ev.type === "pointercancel") return;
    const box = $("editor-board").getBoundingClientRect();
    const sq = wired(view, OWNER).squareAt(ev.clientX - box.left, ev.clientY - box.top);
    pickTool(tool);
    if (sq !== null) setup.place(sq, tool);
  };
  button.addEventListener("pointermove", move);
  button.addEventListener("pointerup", end);
  button.addEventListener("pointercancel", end);
}

// ---- the verdict -------------------------------------------------------------------------

function redraw() {
  wired(view, OWNER).set(setup.boardProps());
}

/** After every change: redraw, show the position string, and ask the engine for its verdict
 *  (only the newest answer counts). */
async function changed() {
  redraw();
  const start = editedPosition();
  $("editor-side").value = setup.side;
  for (const side of SIDES) $(`editor-escape-${side}`).checked = setup.escapes[side];
  $("editor-position").value = start;
  $("editor-dialog").dataset.position = start;
  const token = ++editor.token;
  editor.checked = null;
  enableActions(false);
  const { engine } = hooks();
  // The worker answers in turn, once it has started: the request waits there, not here.
  showVerdict(null, message(engine.ready ? "editor.checking" : "editor.waiting"));
  const reply = await engine.request("check", { rules: $("editor-rules").value, start });
  if (token !== editor.token) return;
  editor.checked = reply;
  if (reply.ok) {
    showVerdict(true, message("editor.playable", { side: sideMessage(setup.side) }));
    $("editor-link").value = hooks().link({ rules: reply.rules, start: reply.start, moves: [] });
    enableActions(true);
  } else if (reply.restarted) {
    showVerdict(false, message("editor.restarted"));
  } else {
    // The engine's judgement: a message (e.g. that a side must have exactly one Princess).
    showVerdict(false, message("editor.notPlayable", { why: reply.error }));
  }
}

/** The engine's verdict (``ok`` null: still asking), kept as a message and said in words.
 *  @param {?boolean} ok @param {Message} said */
function showVerdict(ok, said) {
  editor.verdict = { ok, said };
  const box = $("editor-verdict");
  box.textContent = say(said);
  box.dataset.verdict = ok === null ? "pending" : ok ? "ok" : "wrong";
}

/** @param {boolean} on */
function enableActions(on) {
  for (const id of ["editor-play-engine", "editor-play-friend", "editor-play-analyse", "editor-copy", "editor-embed"]) {
    $(id).disabled = !on;
  }
  if (!on) $("editor-link").value = "";
}

/** Play the position set up: ``mode`` "engine", "friend" or "analyse". @param {string} mode */
async function play(mode) {
  const reply = editor.checked;
  if (!reply || !reply.ok) return;
  $("editor-dialog").close();
  await hooks().onPlay({ rules: reply.rules, start: reply.start, mode });
}
