// The screen kept on during a game, as lichess keeps it: a phone that dims and locks while a
// player thinks, or while two people pass it between them, interrupts the game. The Screen Wake
// Lock API, where there is one (elsewhere the screen sleeps as it always did). The browser lets
// go of the lock whenever the page is hidden, so it is asked for again when the page is shown;
// and Safari may grant it only in a touch, a click or a key, so while it is wanted and not held
// it is asked for at each of the reader's gestures too (where it is refused for good, a frame
// that may not keep the screen on, that is a refused promise a tap: nothing to see).
import { hearGestures, stopHearingGestures } from "./dom.js";

let wanted = false;
/** @type {any} the lock held (a WakeLockSentinel), if any */
let held = null;
let asking = false;
/** @type {ReturnType<typeof setTimeout> | undefined} when the screen may sleep again */
let until;

/** Keep the screen on for the next ``ms`` milliseconds (``Infinity``: until told otherwise; 0:
 *  let it sleep now). Each call replaces the last.
 *  @param {number} ms */
export function keepScreenOn(ms) {
  clearTimeout(until);
  wanted = ms > 0;
  if (!wanted) {
    stopHearingGestures(ask);
    const lock = held;
    held = null;
    if (lock) lock.release().catch(() => {});
    return;
  }
  if (Number.isFinite(ms)) until = setTimeout(() => keepScreenOn(0), ms);
  hearGestures(ask);
  ask();
}

function ask() {
  const wakeLock = /** @type {any} */ (navigator).wakeLock;
  if (!wakeLock || held || asking || !wanted || document.visibilityState !== "visible") return;
  asking = true;
  wakeLock.request("screen").then((/** @type {any} */ lock) => {
    asking = false;
    if (!wanted) {
      lock.release().catch(() => {});
      return;
    }
    held = lock;
    stopHearingGestures(ask);
    lock.addEventListener("release", () => {
      if (held !== lock) return;
      held = null;
      if (wanted) hearGestures(ask);
    });
  }, () => { asking = false; });
}

document.addEventListener("visibilitychange", ask);
