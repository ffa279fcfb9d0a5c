// The page's elements by id. Typed loosely on purpose: each caller knows what its id names (an
// input, a dialog, a canvas), and the type check should not need a cast at every use.
import { onLanguage, t } from "./i18n.js";

/** @type {(id: string) => any} */
export const $ = (id) => document.getElementById(id);

/** ``part`` of a dialog, made by the dialog's setup function (setupEditor, setupNewGameDialog)
 *  before any of its controls can be used: asking for it earlier is a mistake in the page, said
 *  at once. @template T @param {?T} part @param {string} owner what sets it up ("the editor")
 *  @returns {T} */
export function wired(part, owner) {
  if (part === null) throw new Error(`${owner} is not set up`);   // not a message: a mistake in the page, for the console
  return part;
}

/** ``make`` run on the first call only: a part of the page built when first opened rather than
 *  while the page starts (a dialog's form, a palette of drawn pieces).
 *  @param {() => void} make @returns {() => void} */
export function once(make) {
  let made = false;
  return () => { if (!made) { made = true; make(); } };
}

// What Safari lets a page play a sound or hold the screen awake from: the end of a touch, a
// click or a key — not a touch's start (pointerdown), nor anything after the event's task.
const GESTURE_EVENTS = ["pointerup", "touchend", "click", "keydown"];

/** Call ``listener`` in each of the reader's gestures (above) from now on, until
 *  stopHearingGestures(listener). Listened to before the page's own handlers (capture).
 *  @param {() => void} listener */
export function hearGestures(listener) {
  for (const type of GESTURE_EVENTS) addEventListener(type, listener, true);
}

/** @param {() => void} listener */
export function stopHearingGestures(listener) {
  for (const type of GESTURE_EVENTS) removeEventListener(type, listener, true);
}

/** Give ``element`` the words of message ``key`` (no arguments) as its marked words: a language
 *  switch words it again (i18n.js's translate), as it does the page's own marked elements.
 *  @param {HTMLElement} element @param {string} key */
export function markWords(element, key) {
  element.dataset.i18n = key;
  element.textContent = t(key);
}

/** Call ``draw`` now and again after every switch of language: a part of the page that a
 *  script wrote once (a dialog's form, its lists' options) is worded again in place.
 *  @param {() => void} draw */
export function wordedNowAndOnSwitch(draw) {
  draw();
  onLanguage(draw);
}
