// Game records on the page: the record box (load what is typed or pasted), a record downloaded
// as a text file, a text file opened. Opening a record asks who plays on. The engine reads and
// writes records; anything that is not one is reported and changes nothing.
import { LIMITS, SIDES } from "../engine-data.js";
import { $ } from "./dom.js";
import { message, onLanguage, say } from "./i18n.js";
import { notify } from "./panels.js";
import { playersFor } from "./storage.js";
import { BLACK, ORANGE } from "./position.js";

// A file larger than the engine's largest record is no game record.
const RECORD_FILE_BYTES = LIMITS.record_text;

/**
 * Wire the record box and its buttons.
 * @param {object} hooks
 * @param {import("./engine.js").Engine} hooks.engine
 * @param {import("./session.js").Session} hooks.session
 * @param {(game: import("./session.js").GameData & {players?: import("./session.js").Players}) =>
 *   Promise<?import("./session.js").Reply>} hooks.switchGame  replaces the game, keeping the old one
 * @param {(flipped: boolean) => void} hooks.setFlipped
 * @param {(text: string) => void} hooks.shownRecord   the record box now shows this text
 */
export function setupRecords({ engine, session, switchGame, setFlipped, shownRecord }) {
  /** Load a game record (typed, pasted or from a file) as a game beside the user's own: ``from``
   *  says where it came from ("records.box.*" or "records.file.*", the file with its ``name``).
   *  @param {string} text @param {"box" | "file"} from @param {string} [name] */
  async function loadRecord(text, from, name = "") {
    const reply = await engine.request("record", { text });
    if (!reply.ok) { notify(message(`records.${from}.failed`, { name, why: reply.error })); return; }
    // A finished game opens for review between two people; one still going asks who plays on.
    const players = reply.state.result ? playersFor(null)
      : await askWhoPlays(message(`records.${from}.holds`, { name, count: reply.state.moves.length }));
    if (!players) return;
    $("record").value = text;
    shownRecord(text);                 // the box may follow the loaded game from now on
    setFlipped(players[ORANGE] === "human" && players[BLACK] === "engine");
    const switched = await switchGame({ ...reply.game, players });
    if (switched && switched.ok) notify(message(`records.${from}.loaded`, { name }));
  }

  $("load-record-button").addEventListener("click", () => loadRecord($("record").value, "box"));

  $("download-record-button").addEventListener("click", async () => {
    if (!session.state) return;
    const reply = await session.ask("state", { ...session.asking(session.game, session.state.moves.length), record: true });
    if (!reply || !reply.ok) { if (reply && !reply.restarted) notify(reply.error); return; }
    // (Asked for with record: true, the state has it.)
    const url = URL.createObjectURL(new Blob([/** @type {string} */ (reply.state.record)], { type: "text/plain" }));
    const a = Object.assign(document.createElement("a"), { href: url, download: `jetan-${new Date().toISOString().slice(0, 10)}.txt` });
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  });

  $("record-file").addEventListener("change", async (/** @type {Event} */ e) => {
    const input = /** @type {HTMLInputElement} */ (e.target);
    const file = /** @type {FileList} */ (input.files)[0];
    input.value = "";                          // the same file may be chosen again
    if (!file) return;
    const name = file.name.slice(0, 60);
    if (file.size > RECORD_FILE_BYTES) { notify(message("records.file.tooLarge", { name })); return; }
    let text;
    try {
      text = decodeText(new Uint8Array(await file.arrayBuffer()));
    } catch {
      notify(message("records.file.notText", { name }));
      return;
    }
    await loadRecord(text, "file", name);
  });
}

/** A text file's text: UTF-8, or UTF-16 when it starts with a byte-order mark (as some editors
 *  on Windows save). Throws if the bytes are not such text. @param {Uint8Array} bytes */
export function decodeText(bytes) {
  const encoding = bytes[0] === 0xff && bytes[1] === 0xfe ? "utf-16le" : bytes[0] === 0xfe && bytes[1] === 0xff ? "utf-16be" : "utf-8";
  return new TextDecoder(encoding, { fatal: true }).decode(bytes);
}

/** What the Who plays on? dialog says of the game it asks about (worded again on a switch of
 *  language). @type {?import("./i18n.js").Message} */
let asking = null;
onLanguage(() => { if (asking) $("who-plays-text").textContent = say(asking); });

/** Ask who plays a game that is being opened: two people, or the reader against the engine
 *  with either colour; ``about`` says what is opened. Resolves to the players, or null if the
 *  reader cancels.
 *  @param {import("./i18n.js").Message} about @returns {Promise<?import("./session.js").Players>} */
export function askWhoPlays(about) {
  const dialog = $("who-plays-dialog");
  asking = about;
  $("who-plays-text").textContent = say(about);
  dialog.returnValue = "";
  dialog.showModal();
  return new Promise((resolve) => {
    dialog.addEventListener("close", () => {
      const choice = dialog.returnValue;
      resolve(choice === "friends" ? playersFor(null) : SIDES.includes(choice) ? playersFor(choice) : null);
    }, { once: true });
  });
}
