// The lessons, the puzzles and the gallery in every language (web/i18n/<lang>.json): each text
// of theirs a key the catalogue words (training-data.js and engine-data.js carry keys, not
// sentences), and the judges' verdicts and refusals, which the engine sends as messages, worded
// in German as the Learn and puzzles pages word them.
import assert from "node:assert/strict";
import { test } from "node:test";
import { GALLERY } from "../engine-data.js";
import { LESSONS, PUZZLES } from "../training-data.js";
import { Words } from "../js/i18n.js";
import { catalogue, engines } from "./helpers.mjs";

const LANGS = ["en", "de"];
const words = Object.fromEntries(LANGS.map((lang) => [lang, new Words(lang, catalogue(lang))]));

/** ``key``'s words in ``lang``, failing if the catalogue has none. @param {string} lang @param {string} key */
function has(lang, key, args = {}) {
  const text = words[lang].t(key, args);
  assert.notEqual(text, key, `${lang}.json lacks ${key}`);
  assert.doesNotMatch(text, /\{\{/, `${key} in ${lang}: a placeholder left`);
  return text;
}

test("every lesson's title, text and tasks are words in every language", () => {
  for (const lang of LANGS) {
    for (const lesson of LESSONS) {
      has(lang, lesson.title);
      has(lang, lesson.text.key, lesson.text.args);
      for (const task of lesson.tasks) has(lang, task.prompt);
    }
  }
  const thoat = LESSONS.find((l) => l.id === "thoat");
  assert.equal(words.de.t(thoat.title), "Der Thoat");
  assert.match(words.de.say(thoat.text), /^Der Thoat ist der Reiter\. .+ Er landet wie ein Springer/);
});

test("every puzzle's theme and the gallery's texts are words in every language", () => {
  for (const lang of LANGS) {
    for (const theme of new Set(PUZZLES.map((p) => p.theme))) has(lang, `puzzle.theme.${theme}`);
    for (const entry of Object.values(GALLERY)) {
      for (const key of [entry.title, entry.summary, entry.source, ...entry.captions]) has(lang, key);
    }
  }
  assert.equal(words.de.t("puzzles.toWin", { side: { key: "side.orange" }, theme: words.de.t("puzzle.theme.trapPrincess") }),
               "Orange zieht und gewinnt\u00a0– Prinzessin fangen");
  assert.equal(words.de.t("gallery.length", { count: 14, source: "…" }), "14 Züge. …");
});

test("a lesson's verdict and refusal, from the engine, in German", async (t) => {
  const engine = engines(t)();
  const late = await engine.request("lesson", { lesson: "chief", task: 0, moves: ["e4xe7", "e7-e8", "e8-e9"] });
  assert.ok(late.ok);
  assert.deepEqual(late.lesson.failed, { key: "lesson.notInTime", args: { count: 3 } });
  assert.equal(words.de.t("learn.failed", { why: late.lesson.failed }),
               "Diesmal nicht: nicht in 3 Zügen geschafft. Fang von vorn an und versuch es noch einmal.");
  const going = await engine.request("lesson", { lesson: "panthan", task: 0, moves: ["e3-e4"] });
  assert.equal(going.lesson.failed, null);
  assert.equal(words.de.t("learn.starsLeft", { count: going.lesson.stars.length }), "Noch 2 Sterne.");
  // A move of another piece than the lesson's is refused with the lesson's own reason: a
  // message ({key, args}) once the facade sends messages (a string before).
  const refused = await engine.request("lesson", { lesson: "flier", task: 0, moves: ["a1-a2"] });
  assert.equal(refused.ok, false);
  const why = typeof refused.error === "string" ? { key: refused.error, args: { piece: { key: "piece.flier" } } } : refused.error;
  assert.deepEqual(why, { key: "lesson.error.onlyPiece", args: { piece: { key: "piece.flier" } } });
  assert.equal(words.de.t("learn.refused", { why }), "in dieser Lektion zieht nur die Figur Flieger.");
});

test("a puzzle's verdict, from the engine, in German", async (t) => {
  const engine = engines(t)();
  const puzzle = PUZZLES.find((p) => p.id === "0fbe17");    // d9-f6 a1xb1 f6-g5: two moves to win
  const reply = await engine.request("puzzle", { id: puzzle.id, moves: puzzle.solution.filter((_, i) => i % 2 === 0) });
  assert.ok(reply.ok && reply.puzzle.solved);
  assert.equal(typeof reply.puzzle.result.key, "string");
  const unknown = await engine.request("puzzle", { id: "zzzzzz", moves: [] });
  assert.equal(unknown.ok, false);
  const why = typeof unknown.error === "string" ? { key: unknown.error, args: { id: "zzzzzz" } } : unknown.error;
  assert.deepEqual(why, { key: "puzzle.error.unknown", args: { id: "zzzzzz" } });
  assert.equal(words.de.t("puzzles.cannotOpen", { why }), "Die Engine konnte diese Aufgabe nicht öffnen: es gibt keine Aufgabe „zzzzzz“.");
});
