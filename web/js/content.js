// Translated content: a page whose article is prose (the rules, the embedding guide) keeps its
// English in the page, inside the element marked data-i18n-content, and each other language's in
// a file beside it, i18n/<language>/<page>.html: the article's inner HTML with the same headings,
// ids, diagrams and notation (tests/test_content.py holds them to it; docs/translating.md tells
// a translator how). The page's chrome around the article (title, header, chooser) is worded from
// the catalogue like any page's (i18n.js).
//
// showContent() starts the page in its reader's language and puts that language's article in
// place of the English (the English kept in memory, put back on a switch to English); an anchor
// in the address (#princess, or #princess&lang=de) still lands on its heading, and a switch keeps
// the reader's place. Elements marked data-keep (a form's fields, a live board) are carried from
// the old article into the new one by their id, so what the reader typed and the board's game
// survive a switch. A translation that cannot be had leaves the English and says so
// (language.failed).
import { FALLBACK, LANGUAGES, chooseLanguage, direction, language, languageMenu, linkLanguage, onLanguage,
  startLanguage, t, translate, wordsIn } from "./i18n.js";

/**
 * What a page hears after each placing of its article: the language the article speaks (English
 * where a translation failed), that language's words (for what the page writes into the
 * article: its pieces' captions, a problem named) and the article.
 * @typedef {{lang: string, words: import("./i18n.js").Words, article: HTMLElement}} Shown
 */

/** @type {Map<string, Promise<string>>} each file's text, fetched once */
const fetched = new Map();

/** Where ``lang``'s translation of ``page`` is served: i18n/<lang>/<page>.html beside js/.
 *  @param {string} lang @param {string} page */
export const contentUrl = (lang, page) => new URL(`../i18n/${lang}/${page}.html`, import.meta.url).href;

/** ``lang``'s translation of ``page`` (its article's inner HTML), fetched once.
 *  @param {string} lang @param {string} page @returns {Promise<string>} */
export function loadContent(lang, page, fetcher = globalThis.fetch) {
  const url = contentUrl(lang, page);
  let promise = fetched.get(url);
  if (!promise) {
    promise = fetcher(url).then((response) => {
      if (!response.ok) throw new Error(`${response.status}`);
      return response.text();
    });
    promise.catch(() => fetched.delete(url));
    fetched.set(url, promise);
  }
  return promise;
}

/** The id an address's fragment names (#princess, #princess&lang=de), if it names one.
 *  @param {string} hash @returns {string} */
export function anchorOf(hash) {
  const first = hash.replace(/^#/, "").split("&")[0];
  if (!first || first.includes("=")) return "";
  try { return decodeURIComponent(first); } catch { return ""; }
}

/**
 * ``html`` (a translation, or the English) as the article's new children, with each of the
 * article's kept elements (data-keep) in place of its namesake (see fits).
 * @param {HTMLElement} article @param {string} html @returns {DocumentFragment}
 */
function built(article, html) {
  const template = document.createElement("template");
  template.innerHTML = html;
  const fresh = template.content;
  for (const kept of article.querySelectorAll("[data-keep][id]")) fresh.getElementById(kept.id)?.replaceWith(kept);
  return fresh;
}

/** The heading the reader has reached (the last one at or above the window's top) and where it
 *  stands, so that a switch can put its namesake in the same place.
 *  @param {HTMLElement} article @returns {?{id: string, top: number}} */
function readingPlace(article) {
  if (window.scrollY < 1) return null;
  let place = null;
  for (const heading of article.querySelectorAll("h1[id], h2[id], h3[id], h4[id]")) {
    const top = heading.getBoundingClientRect().top;
    if (top > 1) break;
    place = { id: heading.id, top };
  }
  return place;
}

/** A language's own name (the chooser's), for a notice. @param {string} lang */
const nameOf = (lang) => /** @type {Record<string, string>} */ (LANGUAGES)[lang] ?? lang;

/** Whether ``html`` has a namesake for each of the article's kept elements.
 *  @param {HTMLElement} article @param {string} html */
function fits(article, html) {
  const template = document.createElement("template");
  template.innerHTML = html;
  return [...article.querySelectorAll("[data-keep][id]")].every((kept) => template.content.getElementById(kept.id));
}

/**
 * Start the page in its reader's language, and keep its article in the language the page speaks:
 * the English as the page has it, any other from i18n/<lang>/<page>.html.
 * @param {string} page the page's name, e.g. "rules" (its translations' file name)
 * @param {{article?: ?HTMLElement, menu?: ?HTMLSelectElement, notice?: ?HTMLElement,
 *          shown?: (shown: Shown) => void}} [options]
 *   article: the element marked data-i18n-content (the page's first, if not given); menu: the
 *   language chooser; notice: where a failure is said (its [data-notice-text] child, or itself;
 *   a button in it closes it); shown: told after the article is first placed and after each
 *   change.
 * @returns {Promise<Shown>}
 */
export async function showContent(page, { article = null, menu = null, notice = null, shown = () => {} } = {}) {
  const found = article ?? /** @type {?HTMLElement} */ (document.querySelector("[data-i18n-content]"));
  if (!found) throw new Error("no [data-i18n-content] on the page");     // not a message: the page's own mistake
  const root = found;
  const english = root.innerHTML;
  /** The language the article speaks now. */
  let speaks = FALLBACK;
  let asked = 0;
  /** @type {?Shown} */
  let last = null;
  /** The language the reader asked for last (at the start, or in the chooser): a place in
   *  another means its catalogue could not be had (useLanguage fell back to English). */
  let asking = "";

  // The reader's language is known before its catalogue comes: its article is fetched meanwhile,
  // and the English kept out of sight until it comes (or for a moment at most, if it is slow).
  const link = [linkLanguage(location.hash), linkLanguage(location.search)];
  const first = chooseLanguage({ asked: link });
  asking = first;
  if (first !== FALLBACK) {
    loadContent(first, page).catch(() => {});
    root.style.visibility = "hidden";
    setTimeout(() => { root.style.visibility = ""; }, 1500);
  }

  notice?.querySelector("button")?.addEventListener("click", () => { notice.hidden = true; });
  /** Say that ``lang``'s words could not be had (or, with null, nothing). @param {?string} lang */
  const tell = (lang) => {
    if (!notice) return;
    const text = /** @type {HTMLElement} */ (notice.querySelector("[data-notice-text]") ?? notice);
    text.textContent = lang ? t("language.failed", { language: nameOf(lang) }) : "";
    notice.hidden = !lang;
  };

  /** Put ``lang``'s article in place (at the start, or after a switch).
   *  @param {string} lang @param {boolean} starting @returns {Promise<?Shown>} */
  async function place(lang, starting) {
    const token = ++asked;
    let html = english;
    let failed = false;
    if (lang !== FALLBACK) {
      try { html = await loadContent(lang, page); } catch { failed = true; }
      failed ||= !fits(root, html);
    }
    const wanted = failed ? FALLBACK : lang;
    const words = await wordsIn(wanted);
    if (token !== asked) return last;         // a later switch has overtaken this one
    if (wanted !== speaks) {
      const where = starting ? null : readingPlace(root);
      root.replaceChildren(built(root, failed ? english : html));
      translate(root, words);
      speaks = wanted;
      const again = where && document.getElementById(where.id);
      if (where && again) window.scrollBy(0, again.getBoundingClientRect().top - where.top);
    }
    // The article's own language, where it is not the page's (a translation that failed).
    if (speaks === language()) {
      root.removeAttribute("lang");
      root.removeAttribute("dir");
    } else {
      root.lang = speaks;
      root.dir = direction(speaks);
    }
    if (starting && speaks !== FALLBACK) {
      const heading = document.getElementById(anchorOf(location.hash));
      if (heading && root.contains(heading)) heading.scrollIntoView();
    }
    const unmet = asking && asking !== lang ? asking : null;
    asking = "";
    tell(failed ? lang : unmet);
    root.style.visibility = "";
    const now = { lang: speaks, words, article: root };
    last = now;
    shown(now);
    return now;
  }

  const started = await startLanguage(link);
  onLanguage((lang) => { place(lang, false); });
  if (menu) {
    languageMenu(menu);
    menu.addEventListener("change", () => { asking = menu.value; });
  }
  return /** @type {Shown} */ (await place(started.lang, true));
}
