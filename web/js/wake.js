// The screen kept on during a game, as lichess keeps it: a phone that dims and locks while a
// player thinks, or while two people pass it between them, interrupts the game. The Screen Wake
// Lock API, where there is one (elsewhere the screen sleeps as it always did). The browser lets
// go of the lock whenever the page is hidden, so it is asked for again when the page is shown;
// and Safari may grant it only in a touch, a click or a key, so when it is refused it is asked
// for again at the reader's next gesture — and if refused there too (a browser or frame that
// keeps no screen on: WebKitGTK denies it), never again in this page, rather than a request,
// and a round trip to the browser's permission keeper, at every touch for nothing.
import { hearGestures, stopHearingGestures } from "./dom.js";

let wanted = false;
/** @type {?WakeLockSentinel} the lock held, if any */
let held = null;
let asking = false;
let refusedInGesture = false;
/** @type {ReturnType<typeof setTimeout> | undefined} when the screen may sleep again */
let until;

/** Keep the screen on for the next ``ms`` milliseconds (``Infinity``: until told otherwise; 0:
 *  let it sleep now). Each call replaces the last.
 *  @param {number} ms */
export function keepScreenOn(ms) {
  clearTimeout(until);
  wanted = ms > 0;
  if (!wanted) {
    stopHearingGestures(askInGesture);
    const lock = held;
    held = null;
    if (lock) lock.release().catch(() => {});
    return;
  }
  if (Number.isFinite(ms)) until = setTimeout(() => keepScreenOn(0), ms);
  ask(false);
}

/** Ask for the lock (``inGesture``: from a gesture's listener), unless held, or refused for good.
 *  @param {boolean} inGesture */
function ask(inGesture) {
  // (Not every browser has one, whatever the DOM's declarations say.)
  const wakeLock = /** @type {Partial<Navigator>} */ (navigator).wakeLock;
  if (!wakeLock || refusedInGesture || held || asking || !wanted || document.visibilityState !== "visible") return;
  asking = true;
  stopHearingGestures(askInGesture);
  wakeLock.request("screen").then((lock) => {
    asking = false;
    if (!wanted) {
      lock.release().catch(() => {});
      return;
    }
    held = lock;
    lock.addEventListener("release", () => { if (held === lock) held = null; });
  }, () => {
    asking = false;
    if (inGesture) refusedInGesture = true;
    else hearGestures(askInGesture);
  });
}

function askInGesture() { ask(true); }

document.addEventListener("visibilitychange", () => ask(false));
