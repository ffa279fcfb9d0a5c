// Text as the pages write it.
import { say } from "./i18n.js";

/** ``text`` with a capital first letter ("black" → "Black"). @param {string} text */
export const capital = (text) => text.charAt(0).toUpperCase() + text.slice(1);

/** The words of ``said``: a message's in the page's language, or words already written (from a
 *  part of the page, or of the engine, that does not yet speak in messages) as they are.
 *  @param {import("./i18n.js").MessageArg} said */
export const spoken = (said) => (typeof said === "object" ? say(said) : String(said));
