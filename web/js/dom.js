// The page's elements by id. Typed loosely on purpose: each caller knows what its id names (an
// input, a dialog, a canvas), and the type check should not need a cast at every use.

/** @type {(id: string) => any} */
export const $ = (id) => document.getElementById(id);

/** ``part`` of a dialog, made by the dialog's setup function (setupEditor, setupNewGameDialog)
 *  before any of its controls can be used: asking for it earlier is a mistake in the page, said
 *  at once. @template T @param {?T} part @param {string} owner what sets it up ("the editor")
 *  @returns {T} */
export function wired(part, owner) {
  if (part === null) throw new Error(`${owner} is not set up`);
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
