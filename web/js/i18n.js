// The page's words in the reader's language. Every sentence the app shows is a message: a key in
// a catalogue (i18n/<language>.json, i18next's v4 JSON shape: nested keys, {{name}} placeholders,
// CLDR plural forms as key_one, key_other, …), looked up here on Intl.PluralRules and numbers
// formatted by Intl.NumberFormat. What Python says travels as a message too ({key, args}), never
// as a sentence (py_engine/messages.py), and is worded here like any other.
//
// Which language: one asked for (a <jetan-board lang>, an iframe's or a link's lang=), else the
// reader's own choice (kept in localStorage), else the browser's (navigator.languages), else
// English. Anything unknown or malformed is passed over, silently, to the next. A catalogue that
// cannot be loaded falls back to English, and the page says so.
//
// A language is a catalogue and a line in LANGUAGES (docs/translating.md).

/**
 * What Python and the page's state hold instead of a sentence: a catalogue key and its
 * arguments, which may be messages themselves (a side's or a piece's name).
 * @typedef {{key: string, args?: Record<string, MessageArg>}} Message
 * @typedef {string | number | Message} MessageArg
 * @typedef {{[key: string]: string | Catalogue}} Catalogue
 */

/** The languages the app speaks: code → its own name for itself (the chooser's words). */
export const LANGUAGES = Object.freeze({ en: "English", de: "Deutsch" });  // not a message: each its own name
export const FALLBACK = "en";
/** Scripts written right to left; the board, its coordinates and the notation stay left to right. */
const RIGHT_TO_LEFT = ["ar", "he", "fa", "ur", "ps", "yi", "dv", "ckb"];
/** Where the reader's own choice is kept. */
export const CHOICE_KEY = "jetan.language";
const TAG = /^[a-z]{2,3}(?:-[a-z0-9]{1,8})*$/i;

/**
 * One language's words: its catalogue, and t/say/list/number speaking it. The page speaks one
 * (``current``, what the module's own t and say use); a <jetan-board lang> may speak another.
 */
export class Words {
  /** @param {string} lang @param {Catalogue} catalogue */
  constructor(lang, catalogue) {
    this.lang = lang;
    this.catalogue = catalogue;
    this.plural = new Intl.PluralRules(lang);
    this.numbers = new Intl.NumberFormat(lang);
  }

  /** The catalogue's text for ``key`` ("a.b.c"), or undefined. @param {string} key */
  lookup(key) {
    /** @type {string | Catalogue | undefined} */
    let node = this.catalogue;
    for (const part of key.split(".")) {
      if (typeof node !== "object" || !Object.hasOwn(node, part)) return undefined;
      node = node[part];
    }
    return typeof node === "string" ? node : undefined;
  }

  /**
   * The words of message ``key`` with ``args`` put in its {{placeholders}}: a number formatted
   * for the language, a message worded first. With a numeric ``count`` the plural form the
   * language needs is taken (key_one, key_few, …, falling back to key_other). A key the
   * catalogue lacks reads as the key itself (the tests keep every catalogue complete).
   * @param {string} key @param {Record<string, MessageArg>} [args] @returns {string}
   */
  t(key, args = {}) {
    let text;
    if (typeof args.count === "number") {
      text = this.lookup(`${key}_${this.plural.select(args.count)}`) ?? this.lookup(`${key}_other`);
    }
    text ??= this.lookup(key);
    if (text === undefined) return key;
    return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name) =>
      Object.hasOwn(args, name) ? this.argument(args[name]) : whole);
  }

  /** @param {MessageArg} value */
  argument(value) {
    if (typeof value === "number") return this.numbers.format(value);
    if (typeof value === "string") return value;
    return this.say(value);
  }

  /** A message's words (see t). @param {Message} message */
  say(message) {
    return this.t(message.key, message.args);
  }

  /** Items as a list in the language ("a, b and c").
   *  @param {string[]} items @param {"conjunction" | "disjunction"} [type] */
  list(items, type = "conjunction") {
    return new Intl.ListFormat(this.lang, { type }).format(items);
  }

  /** A number in the language's digits and grouping.
   *  @param {number} n @param {Intl.NumberFormatOptions} [options] */
  number(n, options) {
    return options ? new Intl.NumberFormat(this.lang, options).format(n) : this.numbers.format(n);
  }
}

let current = new Words(FALLBACK, {});
/** @type {Set<(lang: string) => void>} */
const listeners = new Set();
/** @type {Map<string, Promise<Catalogue>>} */
const loading = new Map();

/** The language the page speaks now. */
export const language = () => current.lang;

/** The direction of ``lang``'s script. @param {string} lang @returns {"ltr" | "rtl"} */
export function direction(lang) {
  return RIGHT_TO_LEFT.includes(lang.split("-")[0].toLowerCase()) ? "rtl" : "ltr";
}

/** ``tag`` as one of LANGUAGES (exactly, or by its first part: "de-AT" → "de"), else null.
 *  @param {unknown} tag @returns {?string} */
export function known(tag) {
  if (typeof tag !== "string" || tag.length > 35 || !TAG.test(tag)) return null;
  const lower = tag.toLowerCase();
  if (Object.hasOwn(LANGUAGES, lower)) return lower;
  const base = lower.split("-")[0];
  return Object.hasOwn(LANGUAGES, base) ? base : null;
}

/** The language to speak: the first known of ``asked`` (an attribute's or a link's), the
 *  reader's kept choice, the browser's languages; else English.
 *  @param {{asked?: unknown[], browser?: readonly string[], storage?: ?Storage}} [from] */
export function chooseLanguage({ asked = [], browser = globalThis.navigator?.languages ?? [],
                                 storage = keptStorage() } = {}) {
  let kept = null;
  try { kept = storage?.getItem(CHOICE_KEY); } catch { /* denied: no choice kept */ }
  for (const tag of [...asked, kept, ...browser]) {
    const found = known(tag);
    if (found) return found;
  }
  return FALLBACK;
}

/** ``lang=`` in a link's fragment or query (a language for this visit; the reader's kept choice
 *  is left alone). @param {string} text e.g. location.hash or location.search @returns {?string} */
export function linkLanguage(text) {
  const found = /(?:^|[#?&])lang=([^&]*)/.exec(text);
  if (!found) return null;
  try { return decodeURIComponent(found[1]); } catch { return null; }
}

/** Keep the reader's choice of language (a later visit speaks it). @param {string} lang */
export function keepChoice(lang) {
  try { keptStorage()?.setItem(CHOICE_KEY, lang); } catch { /* denied: this visit only */ }
}

function keptStorage() {
  try { return globalThis.localStorage ?? null; } catch { return null; }
}

/** Where catalogues are served: beside the page's scripts (js/), in i18n/. */
const catalogueUrl = (/** @type {string} */ lang) => new URL(`../i18n/${lang}.json`, import.meta.url).href;

/** The addresses of the catalogues this page has loaded (the service worker keeps them for the
 *  next visit: offline.js). */
export const loadedCatalogues = () => [...loading.keys()].map(catalogueUrl);

/** ``lang``'s catalogue, fetched once. @param {string} lang @returns {Promise<Catalogue>} */
export function loadCatalogue(lang, fetcher = globalThis.fetch) {
  let promise = loading.get(lang);
  if (!promise) {
    promise = fetcher(catalogueUrl(lang)).then((response) => {
      if (!response.ok) throw new Error(`${response.status}`);
      return response.json();
    });
    promise.catch(() => loading.delete(lang));
    loading.set(lang, promise);
  }
  return promise;
}

/**
 * Speak ``lang`` from now on: load its catalogue (English if it cannot be had, and the returned
 * ``failed`` says so), set the page's lang and dir, word every marked element, and tell the
 * listeners.
 * @param {string} lang
 * @param {{root?: ?ParentNode, fetcher?: typeof fetch}} [options]
 * @returns {Promise<{lang: string, failed: boolean}>}
 */
export async function useLanguage(lang, { root = globalThis.document ?? null, fetcher = globalThis.fetch } = {}) {
  let failed = false;
  let catalogue;
  try {
    catalogue = await loadCatalogue(lang, fetcher);
  } catch {
    failed = lang !== FALLBACK;
    lang = FALLBACK;
    catalogue = failed ? await loadCatalogue(FALLBACK, fetcher).catch(() => current.catalogue) : current.catalogue;
  }
  setCatalogue(lang, catalogue);
  if (root) translate(root);
  if (root && "documentElement" in root) {
    const html = /** @type {Document} */ (root).documentElement;
    html.lang = lang;
    html.dir = direction(lang);
  }
  for (const listener of listeners) listener(lang);
  return { lang, failed };
}

/**
 * Start the page in its reader's language (chooseLanguage; a link's lang= and ``asked``, an
 * attribute's, first); resolves once its words are in, with what useLanguage says.
 * @param {unknown[]} [asked]
 */
export function startLanguage(asked = []) {
  const link = [linkLanguage(location.hash), linkLanguage(location.search)];
  return useLanguage(chooseLanguage({ asked: [...asked, ...link] }));
}

/**
 * Make ``select`` the reader's choice of language: an option per language, in its own name; a
 * choice is kept and spoken at once.
 * @param {HTMLSelectElement} select
 * @param {(result: {lang: string, failed: boolean}) => void} [changed] told after each switch
 */
export function languageMenu(select, changed = () => {}) {
  select.replaceChildren(...Object.entries(LANGUAGES).map(([code, name]) => {
    const option = new Option(name, code);
    option.lang = code;
    return option;
  }));
  select.value = current.lang;
  onLanguage((lang) => { select.value = lang; });
  select.addEventListener("change", async () => {
    keepChoice(select.value);
    changed(await useLanguage(select.value));
  });
}

/** Use ``catalogue`` for ``lang`` at once (Node's tests, and useLanguage).
 *  @param {string} lang @param {Catalogue} catalogue */
export function setCatalogue(lang, catalogue) {
  current = new Words(lang, catalogue);
}

/** Whether the page has its words yet (a catalogue came): until then a message reads as its key. */
export const hasWords = () => Object.keys(current.catalogue).length > 0;

/** Call ``listener`` with the new language whenever it changes; returns how to stop.
 *  @param {(lang: string) => void} listener */
export function onLanguage(listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The page's words for message ``key`` (Words.t). @param {string} key @param {Record<string, MessageArg>} [args] */
export const t = (key, args) => current.t(key, args);
/** A message's words in the page's language. @param {Message} message */
export const say = (message) => current.say(message);
/** Items as a list in the page's language. @param {string[]} items @param {"conjunction" | "disjunction"} [type] */
export const list = (items, type) => current.list(items, type);
/** A number in the page's language. @param {number} n @param {Intl.NumberFormatOptions} [options] */
export const number = (n, options) => current.number(n, options);

/** A message for ``key`` with ``args``: what state keeps instead of words.
 *  @param {string} key @param {Record<string, MessageArg>} [args] @returns {Message} */
export const message = (key, args) => (args ? { key, args } : { key });

/** An error a person may read about: ``reason`` the message saying what went wrong (worded
 *  where it is shown, in the reader's language); ``message`` its words in the page's language
 *  when it was thrown (for a console). */
export class ReasonError extends Error {
  /** @param {Message} reason @param {ErrorOptions} [options] */
  constructor(reason, options) {
    super(say(reason), options);
    this.name = new.target.name;
    this.reason = reason;
  }
}

/** ``lang``'s words, for a part of the page that speaks a language of its own (a <jetan-board
 *  lang>); English's if its catalogue cannot be had. @param {string} lang @returns {Promise<Words>} */
export async function wordsIn(lang, fetcher = globalThis.fetch) {
  try {
    return new Words(lang, await loadCatalogue(lang, fetcher));
  } catch {
    return new Words(FALLBACK, await loadCatalogue(FALLBACK, fetcher).catch(() => ({})));
  }
}

/**
 * Word every element under ``root`` marked for it: ``data-i18n="key"`` (its text) and
 * ``data-i18n-<attribute>="key"`` (that attribute: aria-label, title, placeholder, alt, content).
 * build.sh has already written the English into the shipped pages, so an English reader's first
 * paint needs no script.
 * @param {ParentNode} root @param {Words} [words] another language's (a board's own)
 */
export function translate(root, words = current) {
  for (const element of root.querySelectorAll("[data-i18n], [data-i18n-aria-label], [data-i18n-title], "
                                              + "[data-i18n-placeholder], [data-i18n-alt], [data-i18n-content]")) {
    const el = /** @type {HTMLElement} */ (element);
    if (el.dataset.i18n) el.textContent = words.t(el.dataset.i18n);
    for (const name of ["aria-label", "title", "placeholder", "alt", "content"]) {
      const key = el.getAttribute(`data-i18n-${name}`);
      if (key) el.setAttribute(name, words.t(key));
    }
  }
}
