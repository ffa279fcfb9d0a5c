// The board editor: set up any position — pieces from a palette (tap a piece then squares, or
// drag it onto the board; drag pieces about, or off the board to remove them), the two set-ups or
// an empty board, the side to move, the escapes left and the rule set — and the engine says, in
// words, whether the position can be played and why not. Then play it, analyse it or share it.
// The editor knows no rules: the engine's "check" is the only judge.
import { PIECES, RULES, SETUPS, SIDES } from "../engine-data.js";
import { BoardView } from "./board.js";
import { currentTheme } from "./themes.js";
import { $, once, wired } from "./dom.js";
import { drawPiece } from "./pieces.js";
import { emptyBoard, pieceKind, pieceLetter, pieceWithArticle, placementBoard, readPosition, sideName, writePosition } from "./position.js";
import { SetUp } from "./session.js";

const TOOLS = { move: "Move pieces", remove: "Remove pieces" };

// The position being set up, and what a press on its board means (session.js).
const setup = new SetUp();
/** What the editor is given (setupEditor).
 *  @typedef {{engine: import("./engine.js").Engine, current: () => {rules: string, position: string},
 *    link: (game: {rules: string, start: string, moves: string[]}) => string,
 *    onPlay: (game: {rules: string, start: string, mode: string}) => unknown}} EditorHooks
 *  The engine's verdict on a position: playable, with its rule set and start, or why not.
 *  @typedef {{ok: true, rules: string, start: string} | {ok: false, error: string}} Verdict */
const editor = {
  /** @type {?Verdict} the engine's verdict on the position as it is */
  checked: null,
  token: 0,
  /** @type {?EditorHooks} (set by setupEditor) */
  hooks: null,
};

/** The editor's hooks: setupEditor gives them before any control can be used. */
const hooks = () => wired(editor.hooks, "the editor");

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
    showVerdict(false, `That position could not be read: ${/** @type {Error} */ (err).message}. The board is unchanged.`);
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

/** The rule-set choice: the game's own rules first, then the presets. @param {string} current */
function fillRules(current) {
  const select = $("editor-rules");
  select.textContent = "";
  const known = new Map(Object.values(RULES.presets).map((p) => [p.rules, p.name]));
  if (!known.has(current)) select.append(new Option(`This game's rules (${current || "standard"})`, current));
  for (const [rules, name] of known) select.append(new Option(name, rules));
  select.value = current;
}

function buildPalette() {
  for (const side of SIDES) {
    const row = $(`editor-palette-${side}`);
    for (const p of PIECES) row.append(toolButton(pieceLetter(p.letter, side), `${sideName(side)} ${p.name}`));
  }
  for (const [tool, label] of Object.entries(TOOLS)) $("editor-tools").append(toolButton(tool, label));
  pickTool("move");
}

/** A palette button: a piece's letter or a tool ("move", "remove"), drawn, with its name.
 *  @param {string} tool @param {string} label */
function toolButton(tool, label) {
  const button = document.createElement("button");
  button.type = "button";
  button.dataset.tool = tool;
  button.title = label;
  button.setAttribute("aria-label", label);
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
  const piece = pieceWithArticle(tool);
  $("editor-tool-text").textContent = piece ? `Tap squares to place ${piece}; tap it again to remove it.`
    : tool === "remove" ? "Tap pieces to remove them."
      : "Drag pieces to move them, or off the board to remove them; or tap a piece, then a square.";
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
    const sq = wired(view, "the editor").squareAt(ev.clientX - box.left, ev.clientY - box.top);
    pickTool(tool);
    if (sq !== null) setup.place(sq, tool);
  };
  button.addEventListener("pointermove", move);
  button.addEventListener("pointerup", end);
  button.addEventListener("pointercancel", end);
}

// ---- the verdict -------------------------------------------------------------------------

function redraw() {
  wired(view, "the editor").set(setup.boardProps());
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
  showVerdict(null, engine.ready ? "Checking…" : "The engine is loading; it will check the position as soon as it is ready.");
  const reply = await engine.request("check", { rules: $("editor-rules").value, start });
  if (token !== editor.token) return;
  editor.checked = reply;
  if (reply.ok) {
    showVerdict(true, `A playable position: ${sideName(setup.side)} to move.`);
    $("editor-link").value = hooks().link({ rules: reply.rules, start: reply.start, moves: [] });
    enableActions(true);
  } else if (reply.restarted) {
    showVerdict(false, "The engine restarted; change anything to check again.");
  } else {
    showVerdict(false, `Not playable: ${reply.error}.`);
  }
}

/** The engine's verdict in words (``ok`` null: still asking). @param {?boolean} ok @param {string} text */
function showVerdict(ok, text) {
  const box = $("editor-verdict");
  box.textContent = text;
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
