// The page's words (web/js/i18n.js): messages looked up with their placeholders, plural forms and
// numbers in the language's own way; which language a page speaks; and a catalogue that fails.
import assert from "node:assert/strict";
import { test } from "node:test";
import { catalogue } from "./helpers.mjs";
import { chooseLanguage, direction, known, language, linkLanguage, list, say, setCatalogue, t, useLanguage }
  from "../js/i18n.js";

const words = {
  turn: { toMove: "{{side}} to move", moves_one: "one move", moves_other: "{{count}} moves" },
  side: { black: "Black" },
  nested: "{{what}} and {{missing}}",
};

test("a message's placeholders take texts, numbers in the language's digits, and messages", () => {
  setCatalogue("en", words);
  assert.equal(t("turn.toMove", { side: { key: "side.black" } }), "Black to move");
  assert.equal(say({ key: "turn.moves", args: { count: 1 } }), "one move");
  assert.equal(t("turn.moves", { count: 20000 }), "20,000 moves");
  assert.equal(t("nested", { what: "x" }), "x and {{missing}}");
  assert.equal(t("no.such.key"), "no.such.key");
  setCatalogue("de", { turn: { moves_one: "ein Zug", moves_other: "{{count}} Züge" } });
  assert.equal(t("turn.moves", { count: 20000 }), "20.000 Züge");
  assert.equal(list(["a", "b", "c"]), "a, b und c");
  setCatalogue("en", catalogue("en"));
});

test("the language asked first, then the kept choice, then the browser's; anything else passed over", () => {
  const storage = /** @type {Storage} */ (/** @type {unknown} */ ({ getItem: () => "de" }));
  const none = /** @type {Storage} */ (/** @type {unknown} */ ({ getItem: () => null }));
  assert.equal(chooseLanguage({ asked: ["de"], browser: ["en-US"], storage: none }), "de");
  assert.equal(chooseLanguage({ asked: ["xx", "<script>", 42, null], browser: ["en-GB"], storage }), "de");
  assert.equal(chooseLanguage({ asked: [], browser: ["fr-FR", "de-AT"], storage: none }), "de");
  assert.equal(chooseLanguage({ asked: ["x".repeat(500)], browser: ["fr"], storage: none }), "en");
  const denied = /** @type {Storage} */ (/** @type {unknown} */ ({ getItem: () => { throw new Error("denied"); } }));
  assert.equal(chooseLanguage({ browser: [], storage: denied }), "en");
  assert.equal(known("DE-ch"), "de");
  assert.equal(known("de_DE"), null);
  assert.equal(linkLanguage("#g=1&lang=de"), "de");
  assert.equal(linkLanguage("?interactive&lang=%E0%A4"), null);
  assert.equal(linkLanguage("#slang=de"), null);
  assert.equal(direction("ar-XB"), "rtl");
  assert.equal(direction("de"), "ltr");
});

test("a catalogue that cannot be loaded leaves the page in English, and says so", async () => {
  const fetcher = /** @type {typeof fetch} */ (async (url) => {
    if (String(url).endsWith("/en.json")) return new Response(JSON.stringify(catalogue("en")));
    return new Response("", { status: 404 });
  });
  const result = await useLanguage("de", { root: null, fetcher });
  assert.deepEqual(result, { lang: "en", failed: true });
  assert.equal(language(), "en");
  assert.equal(t("language.name"), "English");
});
