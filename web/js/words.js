// Text as the pages write it.

/** ``text`` with a capital first letter ("black" → "Black"). @param {string} text */
export const capital = (text) => text.charAt(0).toUpperCase() + text.slice(1);
