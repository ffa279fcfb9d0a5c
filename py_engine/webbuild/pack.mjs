// The build's compressed copies (py_engine/webbuild/dist.py, compress()): each [source, target]
// pair of the JSON job list packed by brotli ("br") or Zopfli ("gz"), as the first argument says.
import { readFileSync, renameSync, writeFileSync } from "node:fs";
import { brotliCompressSync, constants } from "node:zlib";
const [kind, jobs] = [process.argv[2], JSON.parse(process.argv[3])];
// Zopfli is loaded only when gzip copies are asked for.
const zopfli = kind === "gz" ? await import("@gfx/zopfli") : null;
for (const [source, target] of jobs) {
  const data = readFileSync(source);
  // Written whole, then renamed: a build stopped midway leaves no half file in the cache.
  writeFileSync(`${target}.part`, zopfli ? await zopfli.gzipAsync(data, { numiterations: 5 })
    : brotliCompressSync(data, { params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_LGWIN]: constants.BROTLI_MAX_WINDOW_BITS,
      [constants.BROTLI_PARAM_SIZE_HINT]: data.length } }));
  renameSync(`${target}.part`, target);
}
