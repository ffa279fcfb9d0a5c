// What the controller tests share: a session on the real facade (engine.mjs), what it says,
// a fake clock, and waiting until the engine has nothing left to answer.
import { readFileSync } from "node:fs";
import { say, setCatalogue } from "../js/i18n.js";
import { Session } from "../js/session.js";
import { FacadeEngine } from "./engine.mjs";

/** A catalogue as the page loads it (web/i18n/<lang>.json, laid beside js/ by the fixture).
 *  @param {string} lang */
export const catalogue = (lang) => JSON.parse(readFileSync(new URL(`../i18n/${lang}.json`, import.meta.url), "utf-8"));
// What the controllers say, they say in English here unless a test asks for another language.
setCatalogue("en", catalogue("en"));

export const SQ = { a4: 30, b7: 61, d2: 13, d3: 23, d5: 43, g8: 76, g9: 86, h9: 87, h8: 77, e2: 14, e3: 24, e4: 34 };

/** Time that passes only when a test says so, and the timers it fires then. */
export class FakeTime {
  constructor() {
    this.t = 1000;
    this.timers = new Map();
    this.next = 1;
    this.now = () => this.t;
    this.setTimer = (callback, ms) => { const id = this.next++; this.timers.set(id, { at: this.t + ms, callback }); return id; };
    this.clearTimer = (id) => { this.timers.delete(id); };
  }

  /** Let ``ms`` pass, firing each timer due meanwhile at its time. */
  advance(ms) {
    const end = this.t + ms;
    for (;;) {
      const due = [...this.timers.entries()].filter(([, t]) => t.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      this.timers.delete(due[0]);
      this.t = Math.max(this.t, due[1].at);
      due[1].callback();
    }
    this.t = end;
  }
}

/** A session on ``engine`` (options as Session's), with what it says but "change" noted in
 *  ``events`` and the "change"s counted: [type, detail], or for a notice and a move let go [type,
 *  its message worded (in the page's language: English unless a test chose another), the message]. */
export function watched(engine, options = {}) {
  const events = [];
  const session = new Session({ engine: () => engine, strength: { level: 1, timeMs: 50 }, ...options });
  const seen = { changes: 0 };
  session.listen((type, detail) => {
    if (type === "change") seen.changes += 1;
    else if (type === "notice") events.push([type, say(detail.text), detail.text]);
    else if (type === "dropped") events.push([type, say(detail.why), detail.why]);
    else events.push([type, detail && (detail.text ?? detail)]);
  });
  return { session, events, seen };
}

export const tick = () => new Promise((resolve) => setImmediate(resolve));

/** Wait until the engine has answered everything asked of it, and the session has asked for
 *  nothing more (an answer often leads to the next request: the engine's move, a kept move). */
export async function settle(engine) {
  for (let quiet = 0; quiet < 3;) {
    if (engine.busy) {
      await engine.queue;
      quiet = 0;
    } else {
      await tick();
      quiet += 1;
    }
  }
}

/** The requests asked of the engine, as "op" or "op move" (a move's squares or text). */
export const askedOf = (engine) =>
  engine.asked.map(({ op, args }) => op + (args.move ? ` ${JSON.stringify(args.move)}` : ""));

/** A fresh engine for each test that needs one, closed after it. */
export function engines(t) {
  const made = [];
  t.after(() => { for (const e of made) e.close(); });
  return (options) => { const e = new FacadeEngine(options); made.push(e); return e; };
}
