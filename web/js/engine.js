// The bridge to the engine worker: one request, one promise. Requests are JSON values; replies
// come back as they were sent by py_engine.facade ({ok: true, ...} or {ok: false, error}).

export class Engine {
  constructor({ onStatus = () => {}, onProgress = () => {} } = {}) {
    this.onStatus = onStatus;
    this.onProgress = onProgress;
    this.pending = new Map();
    this.nextId = 1;
    this.ready = false;
    this.start();
  }

  start() {
    this.worker = new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
    this.worker.onmessage = (event) => this.receive(event.data);
    this.worker.onerror = (event) => {
      this.onStatus("error", event.message || "the engine worker could not start");
    };
  }

  receive(msg) {
    if (msg.status) {
      this.ready = msg.status === "ready";
      this.onStatus(msg.status, msg.detail);
      return;
    }
    const waiting = this.pending.get(msg.id);
    if (!waiting) return;
    if (msg.progress) { waiting.onProgress(msg.progress); return; }
    this.pending.delete(msg.id);
    waiting.resolve(msg.reply);
  }

  /** Send one request; resolves with the facade's reply. */
  request(op, args = {}, onProgress = this.onProgress) {
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.pending.set(id, { resolve, onProgress });
      this.worker.postMessage({ id, op, args });
    });
  }

  /** Ask a running "think" to stop after the depth it is on. */
  stop() {
    this.worker.postMessage({ op: "stop" });
  }
}
