// The invitation's QR code (web/js/qr.js): drawn on a canvas that paints into pixels, as a phone's
// screen would show it, and read back by the qr package's own decoder to the very text.
//
// qr.js imports the qr package by its name, which the build resolves from the checkout's
// node_modules when it bundles the module (py_engine/webbuild/bundle.py); so does Node for the
// checkout's own web/js/qr.js, and not for the copy beside these tests, which has no node_modules
// above it.
import assert from "node:assert/strict";
import { test } from "node:test";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const ROOT = process.env.JETAN_ROOT ?? fileURLToPath(new URL("../..", import.meta.url));
const { drawQr, fitsInQr, qrModules } = await import(pathToFileURL(join(ROOT, "web/js/qr.js")).href);
const { decodeQR } = await import(pathToFileURL(join(ROOT, "node_modules/qr/decode.js")).href);

const QUIET_ZONE = 4;

/** An invitation's length of link: the address, then letters, digits, "-" and "_" as base64url
 *  writes them, drawn from a fixed seed. */
function invitation(length) {
  const letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
  let text = "http://127.0.0.1:8000/#live=";
  let seed = 56;
  while (text.length < length) {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    text += letters[seed % letters.length];
  }
  return text;
}

/** A canvas whose 2D context paints ``fillRect``s of "#rrggbb" into RGBA pixels, as the page's
 *  would (no anti-aliasing: each rectangle must lie on whole pixels, or the test fails). */
function paintingCanvas() {
  const canvas = {
    width: 300, height: 150, style: {},
    pixels: new Uint8ClampedArray(0),
    getContext(kind) {
      assert.equal(kind, "2d");
      canvas.pixels = new Uint8ClampedArray(canvas.width * canvas.height * 4);
      const context = {
        fillStyle: "#000000",
        fillRect(x, y, width, height) {
          for (const n of [x, y, width, height]) assert.ok(Number.isInteger(n), `a rectangle off whole pixels: ${n}`);
          const rgb = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/.exec(context.fillStyle).slice(1).map((h) => parseInt(h, 16));
          for (let row = y; row < y + height; row++) {
            for (let column = x; column < x + width; column++) {
              canvas.pixels.set([...rgb, 255], (row * canvas.width + column) * 4);
            }
          }
        },
      };
      return context;
    },
  };
  return canvas;
}

/** Whether the pixel at (x, y) is painted white. */
function light(canvas, x, y) {
  const at = (y * canvas.width + x) * 4;
  return canvas.pixels[at] === 255 && canvas.pixels[at + 1] === 255 && canvas.pixels[at + 2] === 255;
}

test("a 300-character invitation drawn on a phone's screen reads back as itself", async () => {
  const text = invitation(300);
  assert.equal(text.length, 300);
  for (const pixelRatio of [1, 2.625, 3]) {
    const canvas = paintingCanvas();
    const across = await drawQr(canvas, text, { size: 260, pixelRatio });
    // "medium": version 13, 69 modules, and the quiet zone on each side.
    assert.equal(across, 69 + 2 * QUIET_ZONE);
    // Each module a whole number of the screen's pixels, the code no larger than asked.
    const modulePixels = canvas.width / across;
    assert.ok(Number.isInteger(modulePixels) && modulePixels >= 1, `${modulePixels} pixels a module`);
    assert.equal(canvas.height, canvas.width);
    assert.equal(modulePixels, Math.floor((260 * pixelRatio) / across));
    assert.equal(canvas.style.width, `${canvas.width / pixelRatio}px`);
    assert.equal(canvas.style.height, canvas.style.width);
    assert.ok(canvas.width / pixelRatio <= 260);
    // The quiet zone is light all round.
    const margin = QUIET_ZONE * modulePixels;
    for (let i = 0; i < canvas.width; i++) {
      for (let j = 0; j < margin; j++) {
        assert.ok(light(canvas, i, j) && light(canvas, i, canvas.height - 1 - j), `quiet zone at row ${j}`);
        assert.ok(light(canvas, j, i) && light(canvas, canvas.width - 1 - j, i), `quiet zone at column ${j}`);
      }
    }
    assert.equal(decodeQR({ width: canvas.width, height: canvas.height, data: canvas.pixels }), text);
  }
});

test("the modules carry the quiet zone, and a higher level takes more of them", async () => {
  const text = invitation(300);
  const modules = await qrModules(text);
  assert.ok(modules.every((row) => row.length === modules.length));
  const edge = [...modules.slice(0, QUIET_ZONE), ...modules.slice(-QUIET_ZONE)].flat();
  const sides = modules.flatMap((row) => [...row.slice(0, QUIET_ZONE), ...row.slice(-QUIET_ZONE)]);
  assert.ok([...edge, ...sides].every((dark) => !dark));
  // Each level's version for 300 bytes: 11, 13, 16 and 18.
  const across = {};
  for (const level of ["low", "medium", "quartile", "high"]) across[level] = (await qrModules(text, { level })).length;
  assert.deepEqual(across, { low: 61 + 8, medium: 69 + 8, quartile: 81 + 8, high: 89 + 8 });
});

test("a text too long for a code at its level does not fit, and is not drawn", async () => {
  assert.ok(await fitsInQr(invitation(400)));
  // The largest code holds 2953 bytes at "low", 2331 at "medium".
  const long = invitation(2500);
  assert.ok(await fitsInQr(long, { level: "low" }));
  assert.ok(!(await fitsInQr(long)));
  assert.ok(!(await fitsInQr(long, { level: "medium" })));
  assert.equal(await qrModules(invitation(2954), { level: "low" }), null);
  const canvas = paintingCanvas();
  assert.equal(await drawQr(canvas, long, { size: 260, pixelRatio: 2 }), null);
  assert.equal(canvas.width, 300);
  assert.equal(canvas.pixels.length, 0);
});

test("a level the package does not know is an error, not a text too long", async () => {
  await assert.rejects(qrModules("jetan", { level: "best" }), /invalid ecc/);
});
