// A game's clock, the session's collaborator (as lichess's round controller keeps its clock):
// which side's time runs, how much each has left, the time charged as moves are made, and the
// timer that says when the running side's time has run out. The time control and each side's
// time left as of the last move live in the game itself (GameData.clock, saved and linked with
// it); this keeps only when the running side's clock last started and the timer. The time and
// the timers are injected, so that tests run a clock without waiting for it.
//
// In a live game (live.js) each device runs both clocks: its own player's as the one that
// counts, the friend's as a copy that starts a connection's delay before theirs. So the friend's
// flag falls here only CONNECTION_ALLOWANCE_MS after their time has run out (their own device
// sees it first, and says so), and the time left their device reports with a move is believed
// up to that much more than this device measured.

import { number } from "./i18n.js";

/**
 * @typedef {import("./session.js").Clock} ClockData
 * @typedef {{now: () => number, setTimer: (callback: () => void, ms: number) => unknown,
 *   clearTimer: (timer: unknown) => void}} Timing   how a clock reads the time (ms) and sets timers
 *   (a timer: whatever setTimer gave, handed back to clearTimer)
 * @typedef {{control: () => (ClockData | undefined | null), setControl: (clock: ClockData) => void,
 *   live: () => ?{turn: string, plies: number}, fell: (side: string) => void,
 *   allowance?: (side: string) => number}} ClockOwner
 *   what a clock needs of its game: the time control and times left, the live game (its side to
 *   move and how many moves it has; null when it is not being played: not yet known, over, or
 *   waiting for a friend's connection), who to tell when a side's time runs out, and how long
 *   past zero a side's time may run before it has run out here (ms; none by default: a
 *   friend's, CONNECTION_ALLOWANCE_MS)
 */

/** The browser's time and timers. @type {Timing} */
export const REAL_TIME = {
  now: () => performance.now(),
  setTimer: (callback, ms) => setTimeout(callback, ms),
  clearTimer: (timer) => clearTimeout(/** @type {number} */ (timer)),      // (setTimeout's, above)
};

// The flag timer fires this much after the time should have run out: a timer that fires a
// moment early is set again, one a moment late costs nothing.
const FLAG_GRACE_MS = 20;

/** How late a friend's clock may run on this device, against their own (ms): their move, or
 *  their own word that their time ran out, is on its way for as long as the connection takes.
 *  Two seconds covers a slow connection across the world both ways; it is also the most time a
 *  friend's device can claim per move beyond what this one measured. */
export const CONNECTION_ALLOWANCE_MS = 2000;

/** A clock's time as it reads: minutes and seconds ("4:05"), with tenths under ten seconds
 *  ("0:09.5"; the decimal sign the reader's language writes: "0:09,5"). @param {number} ms */
export function clockText(ms) {
  const left = Math.max(0, ms);
  if (left < 10000) {
    return `0:${number(Math.floor(left / 100) / 10, { minimumIntegerDigits: 2, minimumFractionDigits: 1, maximumFractionDigits: 1 })}`;
  }
  const seconds = Math.ceil(left / 1000);
  return `${number(Math.floor(seconds / 60), { useGrouping: false })}:${number(seconds % 60, { minimumIntegerDigits: 2 })}`;
}

export class GameClock {
  /** @param {ClockOwner} owner @param {Timing} [timing] */
  constructor(owner, timing = REAL_TIME) {
    this.owner = owner;
    this.timing = timing;
    this.since = 0;        // when the running side's clock last started (timing.now())
    /** @type {unknown} the timer for the moment the running side's time runs out */
    this.timer = null;
    /** @type {?{side: string, left: number}} the last move charged: who moved and the time they
     *  had left before the increment (null when that move was not timed: the first) */
    this.moved = null;
  }

  /** The side whose clock runs: the side to move of a live game with a clock, from the first
   *  move on (the first move is not timed). @returns {?string} */
  get running() {
    const live = this.owner.live();
    return this.owner.control() && live && live.plies > 0 ? live.turn : null;
  }

  /** ``side``'s time left now (ms). @param {string} side */
  timeLeft(side) {
    const clock = this.owner.control();
    if (!clock) return Infinity;
    return clock[side] - (this.running === side ? this.timing.now() - this.since : 0);
  }

  /** Charge the side that was to move for the time it used (plus the increment, after a move).
   *  ``reported``: the time the mover's own device says they had left (a friend's move), believed
   *  up to CONNECTION_ALLOWANCE_MS beyond what this clock measured.
   *  @param {boolean} [moved] @param {?number} [reported] */
  charge(moved = true, reported = null) {
    const side = this.running, clock = this.owner.control();
    if (moved) this.moved = null;
    if (clock && side) {
      const measured = Math.max(0, Math.round(this.timeLeft(side)));
      const left = reported === null ? measured : Math.max(0, Math.min(Math.round(reported), measured + CONNECTION_ALLOWANCE_MS));
      this.owner.setControl({ ...clock, [side]: left + (moved && left > 0 ? clock.increment : 0) });
      if (moved) this.moved = { side, left };
    }
    this.since = this.timing.now();
  }

  /** The time used so far is charged (before the game is saved, or the page hidden). */
  settle() { if (this.running) this.charge(false); }

  /** Start the running side's clock now, with a timer for the moment it runs out. */
  restart() {
    this.since = this.timing.now();
    this.watch();
  }

  /** A timer for the moment the running side's time runs out, its allowance past zero
   *  included (looked at again if it fires early; the time used so far stays counted). */
  watch() {
    this.stop();
    const side = this.running;
    if (!side) return;
    const allowance = this.owner.allowance ? this.owner.allowance(side) : 0;
    this.timer = this.timing.setTimer(() => {
      this.timer = null;
      if (this.running !== side) return;
      if (this.timeLeft(side) + allowance <= 0) this.owner.fell(side);
      else this.watch();
    }, Math.max(0, this.timeLeft(side) + allowance) + FLAG_GRACE_MS);
  }

  stop() {
    if (this.timer !== null) this.timing.clearTimer(this.timer);
    this.timer = null;
  }
}
