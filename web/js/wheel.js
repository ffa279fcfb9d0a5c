// Our wheel unpacked in JavaScript: a wheel is a zip archive, whose central directory is read here
// and whose entries the browser's own DecompressionStream inflates. Pyodide's
// unpackArchive does the same in Python (zipfile, shutil, a temporary file), which a runtime just
// restored from its snapshot runs in WebKit's interpreter tier: 90-250 ms of a warm start in
// WebKitGTK (docs/architecture.md, "Start-up").
//
// Only what a wheel built by pip holds is read: stored or deflated entries, no encryption, no
// zip64. The wheel's SHA-256 is checked before it is read (worker.js), so the entries' CRC-32s
// are not: a damaged wheel never gets here.
//
// Its errors are the console's, not messages a person reads: the worker then unpacks the wheel
// the slower way (Pyodide's), and only if that fails too does the page hear of it, as the
// worker's own message (worker.js, installEngine).

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
const STORED = 0;
const DEFLATED = 8;

/** Write a wheel's files into a runtime's file system (pyodide.FS), under its working folder —
 *  first on Python's path — as Pyodide's unpackArchive(wheel, "wheel") would.
 *  @param {{ cwd(): string, mkdirTree(path: string): void, writeFile(path: string, data: Uint8Array): void }} fs
 *  @param {Uint8Array<ArrayBuffer>} wheel */
export async function unpackWheel(fs, wheel) {
  const folder = fs.cwd();
  for (const { name, bytes } of await unzip(wheel)) {
    const path = `${folder}/${name}`;
    fs.mkdirTree(path.slice(0, path.lastIndexOf("/")));
    fs.writeFile(path, bytes);
  }
}

/** A file of the archive: its path inside it ("py_engine/facade.py") and its bytes.
 *  @typedef {{ name: string, bytes: Uint8Array }} ArchivedFile */

/** The files of a zip archive (its directories are implied by the files' paths), in the
 *  archive's order. Throws on anything this reader does not handle, and on a path that would
 *  leave the folder the archive is unpacked into.
 *  @param {Uint8Array<ArrayBuffer>} archive @returns {Promise<ArchivedFile[]>} */
export async function unzip(archive) {
  const view = new DataView(archive.buffer, archive.byteOffset, archive.byteLength);
  const end = findEndOfDirectory(view);
  const count = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  const names = new TextDecoder();
  // The whole directory is read and checked before any file is inflated, so that a bad entry
  // fails the whole before any inflating starts (and leaves none unawaited).
  const entries = [];
  for (let i = 0; i < count; i++) {
    if (view.getUint32(at, true) !== DIRECTORY_ENTRY) throw new Error("the wheel's directory is damaged");  // not a message: the console's
    const flags = view.getUint16(at + 8, true);
    const method = view.getUint16(at + 10, true);
    const packedSize = view.getUint32(at + 20, true);
    const size = view.getUint32(at + 24, true);
    const nameLength = view.getUint16(at + 28, true);
    const skipped = nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
    const header = view.getUint32(at + 42, true);
    const name = names.decode(archive.subarray(at + 46, at + 46 + nameLength));
    at += 46 + skipped;
    if (flags & 1) throw new Error(`${name} is encrypted`);  // not a message: the console's
    if (name.endsWith("/")) continue;
    if (name.startsWith("/") || name.split("/").includes("..")) throw new Error(`${name} is outside the wheel`);  // not a message: the console's
    if (method !== STORED && method !== DEFLATED) throw new Error(`${name}: compression method ${method}`);  // not a message: the console's
    if (view.getUint32(header, true) !== LOCAL_HEADER) throw new Error(`${name}: damaged`);
    const start = header + 30 + view.getUint16(header + 26, true) + view.getUint16(header + 28, true);
    if (start + packedSize > archive.length) throw new Error(`${name}: cut short`);  // not a message: the console's
    entries.push({ name, method, size, packed: archive.subarray(start, start + packedSize) });
  }
  return Promise.all(entries.map(async ({ name, method, size, packed }) => {
    const bytes = method === STORED ? packed : await inflated(packed);
    if (bytes.length !== size) throw new Error(`${name}: ${bytes.length} bytes, not ${size}`);  // not a message: the console's
    return { name, bytes };
  }));
}

/** Where the end-of-directory record starts: the last 22 bytes, or earlier when the archive ends
 *  with a comment. @param {DataView} view */
function findEndOfDirectory(view) {
  for (let at = view.byteLength - 22; at >= Math.max(0, view.byteLength - 22 - 0xffff); at--) {
    if (view.getUint32(at, true) === END_OF_DIRECTORY) return at;
  }
  throw new Error("not a zip archive");  // not a message: the console's
}

/** Raw deflated bytes inflated. @param {Uint8Array<ArrayBuffer>} packed @returns {Promise<Uint8Array>} */
async function inflated(packed) {
  // Written and read by hand: through a Blob's or a Response's stream it took 3-4 times as long
  // in Chromium (14-26 ms for our wheel, not 3-7). A damaged entry fails the read.
  const stream = new DecompressionStream("deflate-raw");
  const writer = stream.writable.getWriter();
  writer.write(packed).catch(() => {});
  writer.close().catch(() => {});
  const reader = stream.readable.getReader();
  const chunks = [];
  for (let read = await reader.read(); !read.done; read = await reader.read()) chunks.push(read.value);
  if (chunks.length === 1) return chunks[0];
  const bytes = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.length, 0));
  chunks.reduce((at, chunk) => { bytes.set(chunk, at); return at + chunk.length; }, 0);
  return bytes;
}
