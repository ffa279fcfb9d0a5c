// A stand-in for the page's engine (web/js/engine.js) under Node: the same promise per request,
// answered by the real facade in a Python child process (facade_server.py), one request at a
// time in the order asked, as the browser's worker answers them. "think" is driven as the
// worker drives it (search_start, then search_step until done or stopped, each finished depth
// reported as progress). It can be held (a loading engine: requests wait, unanswered, until
// release()) and can die (every request then answered as the page's engine answers when its
// worker is gone).
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";

const SERVER = fileURLToPath(new URL("./facade_server.py", import.meta.url));
const PYTHON = process.env.PYTHON || "python3";
// Where py_engine is: the checkout the tests run from (the pytest wrapper says so).
const ROOT = process.env.JETAN_ROOT || process.cwd();
// What the page's engine answers once its worker is gone (engine.js's restart()): a message.
const DIED = Object.freeze({ ok: false, restarted: true,
                             error: { key: "startup.restarted", args: { why: { key: "startup.reason.silent" } } } });

export class FacadeEngine {
  constructor({ held = false } = {}) {
    this.child = spawn(PYTHON, [SERVER], { cwd: ROOT, env: { ...process.env, PYTHONPATH: ROOT },
                                           stdio: ["pipe", "pipe", "inherit"] });
    /** @type {((line: string) => void)[]} readers of the replies to come, in order */
    this.readers = [];
    createInterface({ input: this.child.stdout }).on("line", (line) => this.readers.shift()(line));
    this.queue = Promise.resolve();
    this.open = () => {};
    this.gate = held ? new Promise((open) => { this.open = open; }) : Promise.resolve();
    this.dead = false;
    this.searches = 0;         // "think" requests asked so far
    this.stoppedUpTo = 0;      // ... of which the first this many were told to stop
    /** @type {{op: string, args: any}[]} every request, as asked (the tests read it) */
    this.asked = [];
    this.ready = !held;
    this.busy = 0;             // requests not answered yet
  }

  /** One facade call across the pipe. */
  call(op, args) {
    return new Promise((resolve) => {
      this.readers.push((line) => resolve(JSON.parse(line)));
      this.child.stdin.write(`${JSON.stringify({ ...args, op })}\n`);
    });
  }

  /** As engine.js's request(): resolves with the reply; "think" reports each depth. */
  request(op, args = {}, onProgress = () => {}) {
    this.asked.push({ op, args });
    this.busy += 1;
    const search = op === "think" ? ++this.searches : 0;
    const answer = this.queue.then(async () => {
      await this.gate;
      if (this.dead) return { ...DIED };
      return op === "think" ? this.think(search, args, onProgress) : this.call(op, args);
    });
    this.queue = answer.then(() => {}, () => {});
    return answer.finally(() => { this.busy -= 1; });
  }

  /** worker.js's think(): a search stepped depth by depth, stoppable between depths. A stop
   *  reaches every search asked before it, as engine.js cuts a search short in its second
   *  worker; each still finishes its first depth, as the worker's does. */
  async think(search, args, onProgress) {
    const stopped = () => search <= this.stoppedUpTo;
    const started = await this.call("search_start", args);
    if (!started.ok) return started;
    let last = null;
    for (;;) {
      const step = await this.call("search_step", {});
      if (!step.ok) return step;
      if (step.done) break;
      last = step.info;
      onProgress(last);
      await new Promise((resolve) => setImmediate(resolve));   // a stop may come in between
      if (stopped()) { await this.call("search_stop", {}); break; }
    }
    return { ok: true, best: last, stopped: stopped() };
  }

  stop() { this.stoppedUpTo = this.searches; }

  /** Hold every reply from now on until release() (an engine still loading). */
  hold() {
    this.ready = false;
    this.gate = new Promise((open) => { this.open = open; });
  }

  release() {
    this.ready = true;
    this.open();
  }

  /** The worker is gone: what was asked, and everything asked later, is answered so. */
  die() {
    this.dead = true;
    this.release();
  }

  close() { this.child.stdin.end(); }
}
