// The QR code of a live game's invitation and answer (issue 56), for a phone beside the screen to
// scan rather than anyone typing a link. The encoding is the qr package's (npm, pinned in
// package-lock.json: README, "Dependencies"); the drawing is ours. The build bundles this module
// with the package as a chunk of its own (py_engine/webbuild/bundle.py), which the import() below
// fetches when the first code is asked for: a page that imports this module costs nothing more
// until it shows an invitation.

/** How much of a code may be lost and still read: "low" 7%, "medium" 15%, "quartile" 25%, "high"
 *  30%; the higher, the more modules for the same text.
 *  @typedef {import("qr").ErrorCorrection} QrLevel */

/** @typedef {{ level?: QrLevel }} QrOptions */

/** Invitations are read off a screen, whose glare and moiré cost a camera more than a clean
 *  print would: "medium" (the package's default too) rather than "low", at the cost of 8 modules
 *  more across for a 400-character link (85 with the quiet zone, against 77). */
const LEVEL = "medium";
// The light margin around the code that readers need to find it: four modules (ISO/IEC 18004;
// the package's default is two).
const QUIET_ZONE = 4;
// Dark on light whatever the page's theme: not every reader finds a code drawn light on dark.
const DARK = "#000000";
const LIGHT = "#ffffff";
// What the package says when a text is too long for any code at the level asked.
const TOO_LONG = "Capacity overflow";  // not a message: the package's own error, compared

/** @type {Promise<typeof import("qr")> | undefined} the package, once asked for */
let encoder;

/** The qr package, loaded on first use (and asked for anew after a failed load, say offline
 *  before the service worker kept it). */
function loadEncoder() {
  encoder ??= import("qr").catch((error) => {
    encoder = undefined;
    throw error;
  });
  return encoder;
}

/** The modules of ``text``'s QR code, its quiet zone included: rows of ``true`` for a dark
 *  module; ``null`` when the text is too long for a code at ``level`` (default "medium").
 *  @param {string} text
 *  @param {QrOptions} [options]
 *  @returns {Promise<boolean[][] | null>} */
export async function qrModules(text, { level = LEVEL } = {}) {
  const { encodeQR } = await loadEncoder();
  try {
    return encodeQR(text, "raw", { ecc: level, border: QUIET_ZONE });
  } catch (error) {
    if (error instanceof Error && error.message === TOO_LONG) return null;
    throw error;
  }
}

/** Whether ``text`` fits in one QR code at ``level`` (default "medium"): one that does not is
 *  offered as a link alone.
 *  @param {string} text
 *  @param {QrOptions} [options]
 *  @returns {Promise<boolean>} */
export async function fitsInQr(text, options) {
  return (await qrModules(text, options)) !== null;
}

/** Draw ``text``'s QR code on ``canvas``, quiet zone included, at most ``size`` CSS pixels
 *  square: each module a whole number of the screen's own pixels (``pixelRatio``, default the
 *  window's devicePixelRatio), at least one, so that no edge is smoothed into grey on a phone's
 *  dense screen. Sets the canvas's width, height and CSS size; returns the modules across,
 *  quiet zone included, or ``null`` (the canvas left as it was) when the text is too long for a
 *  code at ``level`` (default "medium").
 *  @param {HTMLCanvasElement} canvas
 *  @param {string} text
 *  @param {QrOptions & { size: number, pixelRatio?: number }} options
 *  @returns {Promise<number | null>} */
export async function drawQr(canvas, text, { size, level, pixelRatio = window.devicePixelRatio || 1 }) {
  const modules = await qrModules(text, { level });
  if (!modules) return null;
  const across = modules.length;
  const modulePixels = Math.max(1, Math.floor((size * pixelRatio) / across));
  const pixels = modulePixels * across;
  canvas.width = canvas.height = pixels;
  canvas.style.width = canvas.style.height = `${pixels / pixelRatio}px`;
  const context = canvas.getContext("2d");
  if (!context) throw new Error("This browser cannot draw on a canvas");  // not a message: the page hides the code
  context.fillStyle = LIGHT;
  context.fillRect(0, 0, pixels, pixels);
  context.fillStyle = DARK;
  // Each row's runs of dark modules as one rectangle: a few hundred calls, not thousands.
  modules.forEach((row, y) => {
    for (let x = 0; x < across; x++) {
      if (!row[x]) continue;
      const start = x;
      while (x + 1 < across && row[x + 1]) x++;
      context.fillRect(start * modulePixels, y * modulePixels, (x + 1 - start) * modulePixels, modulePixels);
    }
  });
  return across;
}
