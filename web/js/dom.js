// The page's elements by id. Typed loosely on purpose: each caller knows what its id names (an
// input, a dialog, a canvas), and the type check should not need a cast at every use.

/** @type {(id: string) => any} */
export const $ = (id) => document.getElementById(id);
