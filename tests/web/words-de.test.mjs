// The game's panels, the position's and the links' words in German (web/js/panels.js, clock.js,
// position.js, markup.js, share.js): each is a message worded from the German catalogue — the
// status line, a result, the wager line, the engine's analysis, a clock, a duel, a notice, a
// link that cannot be read, a position and markup that cannot be read —, numbers written as
// German writes them (20.000, 1,5), and a notice shown before the reader switches language said
// again in the new one. A small stand-in for the page's elements lets panels.js draw under Node.
import assert from "node:assert/strict";
import { test } from "node:test";
import { catalogue, engines, watched } from "./helpers.mjs";
import { SCORES } from "../engine-data.js";
import { message, say, setCatalogue, useLanguage } from "../js/i18n.js";
import { clockText } from "../js/clock.js";
import { parseMarkup } from "../js/markup.js";
import { PositionError, readPosition, sideMessage } from "../js/position.js";
import { ShareError, decodeLink } from "../js/share.js";

// ---- the page's elements, as far as the panels drawn here need them --------------------------

/** @type {Map<string, Record<string, any>>} */
const elements = new Map();
const element = (/** @type {string} */ id) => {
  if (!elements.has(id)) {
    elements.set(id, { id, textContent: "", hidden: true, dataset: {}, onclick: null, attributes: {},
                       addEventListener() {}, setAttribute(name, value) { this.attributes[name] = value; },
                       classList: { toggle() {} } });
  }
  return elements.get(id);
};
Object.assign(globalThis, {
  document: { getElementById: element, body: { dataset: { engine: "ready" } } },
  matchMedia: () => ({ matches: false, addEventListener() {} }),
});
const panels = await import("../js/panels.js");

/** The catalogue of ``lang`` as the page fetches it. */
const fetcher = async (/** @type {string} */ url) => {
  const lang = /([a-z-]+)\.json$/.exec(String(url))?.[1] ?? "en";
  return /** @type {Response} */ (/** @type {unknown} */ ({ ok: true, json: async () => catalogue(lang) }));
};
const speak = (/** @type {string} */ lang) => useLanguage(lang, { root: null, fetcher });

const german = () => setCatalogue("de", catalogue("de"));
const english = () => setCatalogue("en", catalogue("en"));

/** The engine's state of a game of two people after ``moves``. */
async function stateAfter(t, moves) {
  const { session } = watched(engines(t)(), { players: { black: "human", orange: "human" } });
  const reply = await session.load({ rules: "", start: "start", moves }, { players: { black: "human", orange: "human" } });
  assert.ok(reply.ok);
  return session.state;
}

/** What the game's panels are given: the state, the players, nothing reviewed. */
const view = (state, players = { black: "human", orange: "engine" }, more = {}) =>
  ({ view: state, reviewing: null, pending: false, settings: { players, level: 3 }, game: { rules: "" }, ...more });

test("the status line says whose move it is, a move reviewed and a game at its limit, in German", async (t) => {
  const state = await stateAfter(t, ["d2-d3"]);
  german();
  try {
    assert.equal(say(panels.statusMessage(view(state), null)), "Orange ist am Zug (die Engine)");
    assert.equal(say(panels.statusMessage(view(state, { black: "engine", orange: "human" }), null)), "Orange ist am Zug (du)");
    const danger = { ...state, threatened: [95], escapes: { ...state.escapes, orange: false } };
    assert.equal(say(panels.statusMessage(view(danger, { black: "engine", orange: "human" }), null)),
                 "Orange ist am Zug (du) (die einzige Flucht der Prinzessin ist verbraucht) – die Prinzessin ist bedroht!");
    assert.equal(say(panels.statusMessage(view(state, undefined, { reviewing: 0 }), null)), "Rückblick: nach 1. d2-d3 (Schwarz)");
    assert.equal(say(panels.statusMessage(view({ ...state, full: true, plies: 20000 }), null)),
                 "Diese Partie hat 20.000 Halbzüge, so viele, wie eine Partie haben darf: Sie kann nicht weitergehen.");
    assert.equal(say(panels.statusMessage(view(state), panels.engineAwaited())), "Die Engine wird geladen…");
    assert.equal(say(panels.engineAwaited()), "Die Engine wird geladen…");
  } finally {
    english();
  }
  assert.equal(say(panels.statusMessage(view(state), null)), "Orange to move (the engine)");
});

test("a result is the engine's message, worded in German; without one, who won and why", async (t) => {
  const state = await stateAfter(t, ["d2-d3"]);
  // The engine's result as a message (py_engine's Result, once the facade sends messages).
  const result = { text: "orange wins", reason: "resigned", winner: "orange", explanation: "",
                   words: message("panel.result.winsBecause", { side: sideMessage("orange"),
                                                               why: message("panel.result.draw") }) };
  german();
  try {
    assert.equal(panels.resultWords(result), "Orange gewinnt: Remis");
    const fallback = { ...result, words: undefined, winner: null, explanation: message("panel.moves.duelLost") };
    assert.equal(panels.resultWords(fallback), "Remis: Duell verloren");
    // Said to a screen reader with the move that ended it.
    panels.sayPlayed({ ...state.moves[0], descriptive: message("panel.moves.duelWon") }, { ...state, result });
    assert.equal(element("live").textContent, "Schwarz hat d2-d3 gespielt: Duell gewonnen. Orange gewinnt: Remis.");
  } finally {
    english();
  }
});

test("the wager line, the analysis, the clocks and a duel speak German, numbers written as German writes them", () => {
  german();
  try {
    assert.equal(say(panels.wagerMessage({ system: "smith", black: 1500, orange: 3 })),
                 "Für die geschlagenen Figuren hat Schwarz 1.500 gewonnen, Orange 3.");
    const info = { depth: 6, complete: false, score: 1.5 * SCORES.feather, nodes: 20000, pv: [] };
    assert.equal(say(panels.depthMessage(info, info.score)), "Tiefe 6 (nicht abgeschlossen): Schwarz steht um 1,5 Federn besser");
    assert.equal(say(panels.advantage(-SCORES.feather)), "Orange steht um 1,0 Feder besser");
    assert.equal(say(panels.advantage(0)), "Ausgeglichen");
    assert.equal(say(panels.advantage(-1e9)), "Orange steht auf Gewinn");
    assert.equal(clockText(9500), "0:09,5");
    assert.equal(clockText(185000), "3:05");
    const duel = { attacker: "W", defender: "n", odds: 60, winner: "attacker", rolls: [3, 5] };
    const names = { W: "Warrior", N: "Panthan" };
    assert.equal(panels.duelWords({ side: "black", to: 44 }, duel, names),
                 "Duell auf e5: Krieger (Schwarz) greift Panthan (Orange) an (Gewinnchance des Angreifers 60\u00a0%). " +
                 "Würfel: 3 gegen 5, jeweils zum Wert der eigenen Figur addiert. Krieger (Schwarz) gewinnt und besetzt e5.");
  } finally {
    english();
  }
  assert.equal(clockText(9500), "0:09.5");
  assert.equal(say(panels.wagerMessage({ system: "smith", black: 1500, orange: 3 })),
               "For the pieces taken, Black has won 1,500, Orange 3.");
});

test("a notice is kept as a message and said again in the language the reader switches to", async () => {
  await speak("en");
  panels.notify(message("panel.engine.restarted", { why: "timeout" }),
                { label: message("panel.recent.open"), action: () => {} });
  assert.equal(element("notice-text").textContent,
               "The engine stopped answering and is being restarted (timeout). Your game is safe.");
  assert.equal(element("notice-action").textContent, "Open");
  await speak("de");
  try {
    assert.equal(element("notice-text").textContent,
                 "Die Engine hat nicht mehr geantwortet und wird neu gestartet (timeout). Deine Partie ist sicher.");
    assert.equal(element("notice-action").textContent, "Öffnen");
    // A notice from a part of the page not yet speaking in messages is shown as it came.
    panels.notify("As it came.");
    assert.equal(element("notice-text").textContent, "As it came.");
  } finally {
    await speak("en");
  }
});

test("a link, a position and markup that cannot be read say why in German", () => {
  german();
  try {
    assert.throws(() => decodeLink("#1;ply=5;m=d2d3"), (err) => {
      assert.ok(err instanceof ShareError);
      assert.deepEqual(err.reason, { key: "share.error.plyBeyond", args: { ply: 5, count: 1 } });
      assert.equal(err.message, "der Link zeigt Halbzug 5 einer Partie mit 1 Halbzug");
      return true;
    });
    assert.throws(() => decodeLink("#1;o=sideways;m=d2d3"),
                  (err) => say(err.reason) === "die Ausrichtung im Link muss black oder orange sein");
    assert.equal(decodeLink("#lang=de"), null);
    assert.throws(() => readPosition("xyz7/10/10/10/10/10/10/10/10/10 b"), (err) => {
      assert.ok(err instanceof PositionError);
      assert.match(say(err.reason), /^„x“ ist keine Figur \(die Figuren sind [A-Za-z]+\)$/);
      return true;
    });
    assert.throws(() => readPosition("10/10 b"), (err) => say(err.reason) === "eine Stellung braucht 10 Reihen");
    const { items, problem } = parseMarkup("d2d4 e9-e7:red k1d4 d2d11 e5:purple", "arrows");
    assert.equal(items.length, 2);
    assert.equal(say(/** @type {any} */ (problem)),
                 "3 Pfeile konnten nicht gelesen werden; der erste: „k1d4“ ist kein Pfeil von einem Feld zu einem anderen (etwa d2d4).");
    assert.equal(say(/** @type {any} */ (parseMarkup("e5 zz", "marks").problem)),
                 "Ein markiertes Feld konnte nicht gelesen werden: „zz“ ist kein Feld (etwa e5).");
  } finally {
    english();
  }
  // The same messages in English.
  assert.equal(say(/** @type {any} */ (parseMarkup("e5 zz", "marks").problem)),
               "One marked square could not be read: 'zz' is not a square (such as e5).");
});
