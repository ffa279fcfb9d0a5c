// The New game dialog: opponent, engine level and time, and the rules — a preset (a sentence
// each) or, folded below, every option of a rule set in plain words (per side too), each piece's
// gait drawn from the engine's own tables. The engine checks the rules and start position before
// the game starts (onStart).
import { LEVELS, PIECES, RULES, RULE_TEXT, SIDES } from "../engine-data.js";
import { $, markWords, once, wired, wordedNowAndOnSwitch } from "./dom.js";
import { message, onLanguage, t } from "./i18n.js";
import { drawPiece } from "./pieces.js";
import { BLACK, ORANGE, fileOf, rankOf, squareIndex } from "./position.js";
import { defaultSettings, playersFor } from "./storage.js";
import { spoken } from "./words.js";

/**
 * @typedef {import("./engine.js").Engine} Engine
 * @typedef {{rules: string, start: string, players: import("./session.js").Players, level: number,
 *   timeMs: number, flipped: boolean, clock: ?{initial: number, increment: number}, correspondence: boolean,
 *   live: ?string}} NewGameChoice
 *   the game chosen: its rules and start (as the engine wrote them), who plays, the engine's level
 *   and time, whether Orange is at the bottom, the time control (null: none), correspondence, and
 *   for a live game with a friend on another device the side played here (else null)
 * @typedef {import("./i18n.js").Message} Message
 * @typedef {import("./i18n.js").MessageArg} RuleWords   the engine's words for an option or a preset (a message)
 * @typedef {{options: Object<string, string[]>, per_side: string[], standard: Object<string, string>,
 *   words: Object<string, {label: RuleWords, values: Object<string, RuleWords>}>,
 *   presets: Object<string, {name: RuleWords, rules: string, summary: RuleWords}>}} RuleTable
 *   engine-data.js's RULES as the dialog reads it: by an option's or a preset's name
 */

/** @type {RuleTable} */
const TABLE = RULES;
/** @type {Object<string, string>} each side's prefix to an option its own in a rule text */
const SIDE_PREFIX = RULE_TEXT.sides;
// Rule option naming a piece's gait -> the piece's letter (for the gait diagrams).
const GAIT_PIECES = Object.fromEntries(PIECES.map((p) => [p.option, p.letter]));
/** @type {{engine: ?Engine, onStart: (choice: NewGameChoice) => Promise<void>, onStarting: () => void, inProgress: () => boolean}} */
const dialog = { engine: null, onStart: async () => {}, onStarting: () => {}, inProgress: () => false };
const MINUTE_MS = 60000;
/** What the dialog's error line says (worded again on a switch of language): a message (the
 *  engine's, or the dialog's own). @type {?import("./i18n.js").MessageArg} */
let problem = null;

/** The engine's words for a rule option or a preset (engine-data.js's RULES: messages), in the
 *  page's language. @param {RuleWords} words */
const ruleWords = (words) => spoken(words);

/** Say ``said`` on the dialog's error line (null: nothing).
 *  @param {?import("./i18n.js").MessageArg} said */
function showProblem(said) {
  problem = said;
  $("new-game-error").textContent = said ? spoken(said) : "";
}
onLanguage(() => showProblem(problem));

/** Wire the dialog: ``engine`` answers "check" and "reach"; ``onStarting()`` is told first that
 *  Start was pressed (so that the page can stop a search the check would otherwise wait for);
 *  ``onStart(choice)`` starts the game ({rules, start, players, level, timeMs, flipped, clock,
 *  correspondence}); ``inProgress()`` says whether a game is under way (the dialog says where
 *  it will be kept).
 *  @param {Engine} engine @param {(choice: NewGameChoice) => Promise<void>} onStart
 *  @param {() => void} [onStarting] @param {() => boolean} [inProgress] */
export function setupNewGameDialog(engine, onStart, onStarting = () => {}, inProgress = () => false) {
  Object.assign(dialog, { engine, onStart, onStarting, inProgress });
  wordedNowAndOnSwitch(() => fillLevels($("new-game-form").level));
  // The rules part (some hundred elements and a gait diagram per piece, each asked of the
  // engine) is made when the dialog is first opened, not while the page starts.
  const fillRules = once(() => fillRulesForm(TABLE));
  $("new-game-button").addEventListener("click", () => {
    fillRules();
    showProblem(null);
    $("new-game-in-progress").hidden = !dialog.inProgress();
    markWords($("start-button"), dialog.inProgress() ? "newGame.startNew" : "app.newGame.start");
    showEngineSettings();
    $("new-game-dialog").showModal();
  });
  for (const radio of document.querySelectorAll("input[name=opponent]")) radio.addEventListener("change", showEngineSettings);
  $("new-game-form").clock.addEventListener("change", () => { $("custom-clock").hidden = $("new-game-form").clock.value !== "custom"; });
}

// A time control's bounds: minutes to start with, and seconds added a move.
const CLOCK_MINUTES = [1, 180], CLOCK_SECONDS = [0, 60];

/** The time control chosen: {initial, increment} in ms, null for none, or undefined for one out
 *  of bounds. @param {HTMLFormElement} form @returns {?{initial: number, increment: number} | undefined} */
function clockFromForm(form) {
  const choice = form.clock.value;
  if (!choice) return null;
  const [minutes, seconds] = choice === "custom"
    ? [Number(form["clock-minutes"].value), Number(form["clock-increment"].value)]
    : choice.split("+").map(Number);
  if (!(minutes >= CLOCK_MINUTES[0] && minutes <= CLOCK_MINUTES[1]) || !(seconds >= CLOCK_SECONDS[0] && seconds <= CLOCK_SECONDS[1])) {
    return undefined;
  }
  return { initial: Math.round(minutes * MINUTE_MS), increment: Math.round(seconds * 1000) };
}

/** The engine's levels (LEVELS, py_engine.search's), the one chosen kept: the weakest says
 *  "beginner", the strongest "strongest". @param {HTMLSelectElement} select */
function fillLevels(select) {
  if (!select) return;
  const chosen = select.value;
  select.textContent = "";
  for (const level of LEVELS) {
    const key = level === LEVELS[0] ? "newGame.level.weakest" : level === LEVELS[LEVELS.length - 1] ? "newGame.level.strongest"
      : "newGame.level.other";
    select.append(new Option(t(key, { level }), String(level)));
  }
  select.value = LEVELS.map(String).includes(chosen) ? chosen : String(defaultSettings().level);
}

/** Fill the Rules part of the dialog from the engine's option table (RULES, the facade's "rules"
 *  answer written by the build): the presets, a sentence each, then Custom (folded): every
 *  option in plain words, with its gait diagram. @param {RuleTable} info */
function fillRulesForm(info) {
  const list = $("preset-list");
  list.textContent = "";
  /** @type {[string, RuleWords, RuleWords][]} */
  const choices = [...Object.entries(info.presets).map(([key, p]) => /** @type {[string, RuleWords, RuleWords]} */ ([key, p.name, p.summary])),
                   ["custom", message("newGame.custom"), message("newGame.customSummary")]];
  for (const [key, name, summary] of choices) {
    const label = document.createElement("label");
    label.className = "preset";
    const radio = Object.assign(document.createElement("input"), { type: "radio", name: "preset", value: key });
    radio.checked = key === "standard";
    const title = document.createElement("strong");
    const text = document.createElement("span");
    wordedNowAndOnSwitch(() => {
      title.textContent = ruleWords(name);
      text.textContent = ruleWords(summary);
    });
    label.append(radio, title, text);
    list.append(label);
  }
  const box = $("custom-rules");
  box.textContent = "";
  // An option's value in words (the rules text below the options names it as written).
  const words = (/** @type {string} */ key, /** @type {string} */ v) => ruleWords(info.words[key].values[v]);
  /** A select's options, each value in words (again after a switch of language).
   *  @param {HTMLSelectElement} select @param {string} key @param {string[]} values */
  const fillOptions = (select, key, values) => {
    if (!select.options.length) for (const v of values) select.append(new Option("", v));
    for (const option of select.options) option.text = words(key, option.value);
  };
  for (const [key, values] of Object.entries(info.options)) {
    const wrap = document.createElement("div");
    wrap.className = "option";
    wrap.dataset.key = key;
    const label = document.createElement("label");
    const name = document.createElement("span");
    const select = document.createElement("select");
    select.name = `opt-${key}`;
    wordedNowAndOnSwitch(() => {
      name.textContent = ruleWords(info.words[key].label);
      fillOptions(select, key, values);
    });
    label.append(name, " ", select);
    wrap.append(label);
    if (GAIT_PIECES[key]) {
      const diagram = document.createElement("canvas");
      diagram.width = diagram.height = 112;
      diagram.setAttribute("aria-hidden", "true");
      wrap.prepend(diagram);
      select.addEventListener("change", () => drawReach(diagram, key, select.value));
      drawReach(diagram, key, select.value);
    }
    if (info.per_side.includes(key)) {
      const orange = document.createElement("select");
      orange.name = `opt-${ORANGE}-${key}`;
      const split = document.createElement("label");
      split.className = "per-side";
      const check = Object.assign(document.createElement("input"), { type: "checkbox", name: `split-${key}` });
      const different = document.createElement("span");
      const side = message(`side.${ORANGE}`);
      wordedNowAndOnSwitch(() => {
        orange.setAttribute("aria-label", t("newGame.optionFor", { option: ruleWords(info.words[key].label), side }));
        fillOptions(orange, key, values);
        different.textContent = t("newGame.differentFor", { side });
      });
      split.append(check, " ", different, " ", orange);
      wrap.append(split);
    }
    box.append(wrap);
  }
  // What you choose is what starts: touching a custom option chooses Custom; choosing a preset
  // shows its options below. A side's own value is live only while its box is ticked.
  box.addEventListener("change", (/** @type {Event} */ e) => {
    /** @type {HTMLInputElement} */ ($("new-game-form").querySelector("input[name=preset][value=custom]")).checked = true;
    if (/** @type {HTMLInputElement} */ (e.target).type === "checkbox") enableSplits();
  });
  list.addEventListener("change", () => {
    const preset = /** @type {HTMLInputElement} */ (list.querySelector(":checked")).value;
    if (preset === "custom") $("custom-details").open = true;
    else showPreset(info, info.presets[preset].rules);
  });
  enableSplits();
  $("new-game-form").addEventListener("change", updateRulesPreview);
  updateRulesPreview();
}

/** Set the Custom options to a preset's rules text (every option its standard value but those
 *  the text names, per side where it names a side). @param {RuleTable} info @param {string} rules */
function showPreset(info, rules) {
  const form = $("new-game-form");
  /** @type {Object<string, string>} each option the text names, by its name */
  const values = {};
  /** @type {Object<string, Object<string, string>>} each option the text names for a side, by its name and the side */
  const sides = {};
  for (const item of rules ? rules.split(RULE_TEXT.separator) : []) {
    const [name, value] = item.split(RULE_TEXT.assign);
    const side = SIDES.find((s) => name.startsWith(SIDE_PREFIX[s]));
    const key = side ? name.slice(SIDE_PREFIX[side].length) : name;
    if (side) (sides[key] ||= {})[side] = value;
    else values[key] = value;
  }
  for (const key of Object.keys(info.options)) {
    const own = sides[key] || {};
    form[`opt-${key}`].value = own[BLACK] ?? values[key] ?? info.standard[key];
    if (form[`split-${key}`]) {
      form[`split-${key}`].checked = own[ORANGE] !== undefined;
      form[`opt-${ORANGE}-${key}`].value = own[ORANGE] ?? values[key] ?? info.standard[key];
    }
    form[`opt-${key}`].dispatchEvent(new Event("change"));
  }
  enableSplits();
  updateRulesPreview();
}

/** The "different for Orange" selects: disabled while their box is unticked. */
function enableSplits() {
  const form = $("new-game-form");
  for (const key of TABLE.per_side) form[`opt-${ORANGE}-${key}`].disabled = !form[`split-${key}`].checked;
}

/** A piece's gait under option ``key`` set to ``value``: the squares it reaches from the middle
 *  of an empty board, as the engine says. @param {HTMLCanvasElement} canvas @param {string} key @param {string} value */
async function drawReach(canvas, key, value) {
  const reply = await engine().request("reach", { piece: GAIT_PIECES[key], rules: `${key}=${value}` });
  if (!reply.ok) return;
  const ctx = /** @type {CanvasRenderingContext2D} */ (canvas.getContext("2d"));
  const cell = canvas.width / 7;
  const centre = squareIndex(reply.from);
  for (let r = 0; r < 7; r++) {
    for (let f = 0; f < 7; f++) {
      ctx.fillStyle = (f + r) % 2 ? "#c8702e" : "#231c17";
      ctx.fillRect(f * cell, r * cell, cell, cell);
    }
  }
  for (const name of reply.to) {
    const sq = squareIndex(name);
    const df = fileOf(sq) - fileOf(centre), dr = rankOf(sq) - rankOf(centre);
    ctx.fillStyle = "#3fd0c9";
    ctx.beginPath();
    ctx.arc((3 + df + 0.5) * cell, (3 - dr + 0.5) * cell, cell * 0.28, 0, Math.PI * 2);
    ctx.fill();
  }
  drawPiece(ctx, GAIT_PIECES[key], 3.5 * cell, 3.5 * cell, cell * 0.95);
}

/** The rule text the form says: a preset's, or the options chosen (those not standard). */
function rulesFromForm() {
  const form = $("new-game-form");
  const preset = form.preset.value;
  if (preset !== "custom") return TABLE.presets[preset].rules;
  const parts = [];
  /** @param {string} key @param {string} value @param {string} [side] */
  const item = (key, value, side = "") => `${side ? SIDE_PREFIX[side] : ""}${key}${RULE_TEXT.assign}${value}`;
  for (const key of Object.keys(TABLE.options)) {
    const standard = TABLE.standard[key];
    const value = form[`opt-${key}`].value;
    const split = form[`split-${key}`] && form[`split-${key}`].checked;
    if (split) {
      // Black's value is the option's own select, Orange's the "different" one.
      const orange = form[`opt-${ORANGE}-${key}`].value;
      if (value !== standard) parts.push(item(key, value, BLACK));
      if (orange !== standard) parts.push(item(key, orange, ORANGE));
    } else if (value !== standard) parts.push(item(key, value));
  }
  return parts.join(RULE_TEXT.separator);
}

/** The engine's settings only when the engine plays; the side to play also in a live game. */
function showEngineSettings() {
  const opponent = $("new-game-form").opponent.value;
  $("engine-settings").hidden = opponent !== "engine" && opponent !== "live";
  for (const id of ["engine-level", "engine-time", "engine-levels"]) $(id).hidden = opponent !== "engine";
  markWords($("engine-legend"), opponent === "live" ? "newGame.yourSide" : "app.newGame.engineSettings");
}

function updateRulesPreview() {
  $("rules-preview").textContent = rulesFromForm() || "standard";
}

/** The engine that checks the game chosen (setupNewGameDialog's). */
const engine = () => wired(dialog.engine, "the New game dialog");   // not a message: for the console

$("new-game-form").addEventListener("submit", async (/** @type {SubmitEvent} */ e) => {
  const form = /** @type {HTMLFormElement} */ (e.target);
  if (e.submitter && /** @type {HTMLButtonElement} */ (e.submitter).value === "cancel") return;
  e.preventDefault();
  if (!engine().ready) { showProblem(message("newGame.engineLoading")); return; }
  const rules = rulesFromForm();
  const start = form.start.value.trim() || "start";
  const clock = clockFromForm(form);
  if (clock === undefined) {
    showProblem(message("newGame.clockOutOfBounds", { fewest: CLOCK_MINUTES[0], most: CLOCK_MINUTES[1],
                                                      least: CLOCK_SECONDS[0], longest: CLOCK_SECONDS[1] }));
    return;
  }
  dialog.onStarting();
  const check = await engine().request("check", { rules, start });
  if (!check.ok) { showProblem(check.error); return; }
  const opponent = form.opponent.value;
  const colour = form.colour.value;
  const players = playersFor(opponent === "engine" ? colour : null);
  $("new-game-dialog").close();
  await dialog.onStart({
    rules: check.rules, start: check.start, players, level: parseInt(form.level.value, 10),
    timeMs: parseInt(form.time.value, 10), flipped: opponent === "engine" && colour === ORANGE,
    clock, correspondence: opponent === "correspondence", live: opponent === "live" ? colour : null,
  });
});
