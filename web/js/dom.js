// The page's elements by id. Typed loosely on purpose: each caller knows what its id names (an
// input, a dialog, a canvas), and the type check should not need a cast at every use.

/** @type {(id: string) => any} */
export const $ = (id) => document.getElementById(id);

/** ``make`` run on the first call only: a part of the page built when first opened rather than
 *  while the page starts (a dialog's form, a palette of drawn pieces).
 *  @param {() => void} make @returns {() => void} */
export function once(make) {
  let made = false;
  return () => { if (!made) { made = true; make(); } };
}
