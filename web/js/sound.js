// Short sounds for a move, a capture, a duel and the end of a game, synthesised here (no files to
// fetch) into little WAV recordings, each made once into an <audio> element that plays it every
// time: cheaper on the page's thread than starting Web Audio, which took 70–80 ms the first time
// in Chromium. Making an element is not free either — 50–110 ms in WebKitGTK while a game is on
// (its media pipeline), against playing one again in about a millisecond — so the page makes
// them ahead of need (prepareSounds), and a move never waits for one. Off by a toggle the page
// remembers; silent until the reader has touched the page (browsers allow audio only then), and
// where audio is missing.
//
// Safari (every browser on an iPhone) lets a page play a sound only from a touch, a click or a
// key, element by element: the engine's capture or the end of a game it won — never played
// from a touch before — stayed silent (WebKitGTK with Safari's rule, `tests/engines`). So each
// sound made is started once, muted, from the reader's first touch (unlock()). And the sounds
// mix with whatever else plays — a podcast goes on — and the iPhone's silent switch silences
// them, as a game's sounds do there (the Audio Session API's "ambient", where there is one).

import { hearGestures, stopHearingGestures } from "./dom.js";

/** @typedef {[frequency: number, start: number, length: number, wave: string]} Note   a note: its
 *  frequency (Hz), when it starts and how long it lasts (s), its wave (WAVES) */

/** @type {Object<string, Note[]>} each sound's notes, by its name */
const TONES = {
  move: [[520, 0, 0.07, "triangle"]],
  capture: [[300, 0, 0.06, "square"], [200, 0.05, 0.1, "triangle"]],
  duel: [[330, 0, 0.09, "sawtooth"], [440, 0.1, 0.09, "sawtooth"], [392, 0.2, 0.14, "triangle"]],
  end: [[392, 0, 0.35, "triangle"], [494, 0.08, 0.35, "triangle"], [587, 0.16, 0.45, "triangle"]],
};
const RATE = 22050;
const LOUDNESS = 0.12;
/** One period of each wave, for a phase in [0, 1). @type {Object<string, (x: number) => number>} */
const WAVES = {
  triangle: (x) => 1 - 4 * Math.abs(x - 0.5),
  square: (x) => (x < 0.5 ? 1 : -1),
  sawtooth: (x) => 2 * x - 1,
};

/** @type {Object<string, HTMLAudioElement>} each sound's element, made once */
const players = {};
/** @type {Set<string>} the sounds started from a touch (unlock()), and those being started */
const unlocked = new Set();
const starting = new Set();
/** @type {string[]} what was played, for the tests */
export const played = [];
/** @type {string[]} what the browser would not play, for the tests */
export const refused = [];

/** The element that plays ``kind``, made the first time. Throws where there is no audio.
 *  @param {string} kind */
function player(kind) {
  if (!players[kind]) players[kind] = new Audio(URL.createObjectURL(wav(TONES[kind])));
  return players[kind];
}

/** Play one of the sounds above, if ``on`` (from its start, if it is still playing).
 *  @param {string} kind @param {boolean} on */
export function playSound(kind, on) {
  if (!on || !TONES[kind]) return;
  played.push(kind);
  try {
    const audio = player(kind);
    audio.currentTime = 0;
    audio.muted = false;              // unlock()'s muted start, if under way, is this sound now
    audio.play().catch(() => refused.push(kind));     // refused before a touch: silence
  } catch {
    // No audio here: the game goes on in silence.
  }
}

// Between two elements made ahead of need: a press in between waits for one at most.
const PREPARE_GAP_MS = 100;

/** Start each sound made and not yet started from a touch, muted, in the reader's touch (or
 *  click or key) that calls this, and stop it again: Safari then lets the page play it later,
 *  from the engine's move. (A muted sound plays anywhere: it is the start inside a touch that
 *  counts, and a touch's first moment is not one, so the browser is asked where it can say.)
 *  Stops listening once every sound is started. */
function unlock() {
  // (Where the browser says whether a gesture is on: a gesture's listener calls this.)
  if (/** @type {Partial<Navigator>} */ (navigator).userActivation?.isActive === false) return;
  for (const [kind, audio] of Object.entries(players)) {
    if (unlocked.has(kind) || starting.has(kind) || !audio.paused) continue;   // (one playing: next time)
    starting.add(kind);
    audio.muted = true;
    audio.play().then(() => {
      unlocked.add(kind);
      if (unlocked.size === Object.keys(TONES).length) stopHearingGestures(unlock);
      if (!audio.muted) return;       // playSound() took it meanwhile: let it sound
      audio.pause();
      audio.currentTime = 0;
      audio.muted = false;
    }, () => { audio.muted = false; }).finally(() => starting.delete(kind));
  }
}

/** Make every sound's element ahead of need, one a task, so that no move waits for one; have
 *  the reader's next touches start them (unlock()); let them mix with other audio. */
export function prepareSounds() {
  // (The Audio Session API: Safari's alone, not in the DOM's declarations.)
  const session = /** @type {{audioSession?: {type: string}}} */ (navigator).audioSession;
  if (session) session.type = "ambient";
  hearGestures(unlock);
  const kinds = Object.keys(TONES).filter((kind) => !players[kind]);
  const next = () => {
    const kind = kinds.shift();
    if (!kind) return;
    try { player(kind); } catch { return; }        // no audio here: nothing to prepare
    setTimeout(next, PREPARE_GAP_MS);
  };
  setTimeout(next, PREPARE_GAP_MS);
}

/** The notes as a mono 16-bit WAV file; each note rises in 10 ms and fades exponentially.
 *  @param {Note[]} notes */
function wav(notes) {
  const seconds = Math.max(...notes.map(([, start, length]) => start + length)) + 0.02;
  const samples = new Float32Array(Math.ceil(seconds * RATE));
  for (const [freq, start, length, wave] of notes) {
    const first = Math.floor(start * RATE);
    for (let i = 0; i < length * RATE; i++) {
      const t = i / RATE;
      const envelope = t < 0.01 ? t / 0.01 : Math.exp(-7 * (t - 0.01) / length);
      samples[first + i] += LOUDNESS * envelope * WAVES[wave]((t * freq) % 1);
    }
  }
  const data = new DataView(new ArrayBuffer(44 + 2 * samples.length));
  const text = (/** @type {number} */ at, /** @type {string} */ s) => { for (let i = 0; i < s.length; i++) data.setUint8(at + i, s.charCodeAt(i)); };
  text(0, "RIFF");
  data.setUint32(4, 36 + 2 * samples.length, true);
  text(8, "WAVEfmt ");
  data.setUint32(16, 16, true);             // the format block's size
  data.setUint16(20, 1, true);              // PCM
  data.setUint16(22, 1, true);              // one channel
  data.setUint32(24, RATE, true);
  data.setUint32(28, 2 * RATE, true);       // bytes per second
  data.setUint16(32, 2, true);              // bytes per sample
  data.setUint16(34, 16, true);             // bits per sample
  text(36, "data");
  data.setUint32(40, 2 * samples.length, true);
  samples.forEach((s, i) => data.setInt16(44 + 2 * i, Math.max(-1, Math.min(1, s)) * 32767, true));
  return new Blob([data], { type: "audio/wav" });
}
