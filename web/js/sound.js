// Short sounds for a move, a capture, a duel and the end of a game, synthesised with Web Audio
// (no files to fetch). Off by a toggle the page remembers; silent until the reader has touched
// the page (browsers allow audio only then), and where Web Audio is missing.

const TONES = {
  // [frequency (Hz), start (s), length (s), wave] per note
  move: [[520, 0, 0.07, "triangle"]],
  capture: [[300, 0, 0.06, "square"], [200, 0.05, 0.1, "triangle"]],
  duel: [[330, 0, 0.09, "sawtooth"], [440, 0.1, 0.09, "sawtooth"], [392, 0.2, 0.14, "triangle"]],
  end: [[392, 0, 0.35, "triangle"], [494, 0.08, 0.35, "triangle"], [587, 0.16, 0.45, "triangle"]],
};

let audio = null;
export const played = [];          // what was played, for the tests

/** Play one of the sounds above, if ``on``: in a task of its own, after the move it goes with
 *  is drawn (the first sound starts the audio system, which takes a tenth of a second). */
export function playSound(kind, on) {
  if (!on || !TONES[kind]) return;
  played.push(kind);
  setTimeout(() => sound(TONES[kind]), 0);
}

function sound(notes) {
  try {
    audio = audio || new AudioContext();
    if (audio.state === "suspended") audio.resume().catch(() => {});
    const now = audio.currentTime;
    for (const [freq, start, length, wave] of notes) {
      const osc = audio.createOscillator(), gain = audio.createGain();
      osc.type = wave;
      osc.frequency.value = freq;
      gain.gain.setValueAtTime(0.0001, now + start);
      gain.gain.exponentialRampToValueAtTime(0.12, now + start + 0.01);
      gain.gain.exponentialRampToValueAtTime(0.0001, now + start + length);
      osc.connect(gain).connect(audio.destination);
      osc.start(now + start);
      osc.stop(now + start + length + 0.02);
    }
  } catch {
    // No Web Audio here: the game goes on in silence.
  }
}
