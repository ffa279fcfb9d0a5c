// Games in URL fragments: encode and decode, with clear errors. No DOM, so Node can test it.
// The engine still checks every rule set, position and move it is given.
//
//   #rules=thoat%3Dwild&start=<position>&moves=d2-d3,g10-d7
// "start" is omitted for the rule set's own start position.

export class ShareError extends Error {}

export const MOVE = /^(pass|[a-jA-J](10|[0-9])[-x:]?[a-jA-J](10|[0-9])(\/[ad])?)$/;
// What a link may hold, within what the engine accepts (py_engine.facade's limits).
const LIMITS = { rules: 1000, start: 200, moves: 20000 };
const FRAGMENT_LIMIT = 300000;

export function encodeGame({ rules = "", start = "start", moves = [] }) {
  const params = new URLSearchParams();
  if (rules) params.set("rules", rules);
  if (start && start !== "start") params.set("start", start);
  if (moves.length) params.set("moves", moves.join(","));
  const text = params.toString();
  return text ? `#${text}` : "";
}

/** The game a URL fragment holds, or null for no fragment at all. A fragment that is there but
 *  holds no game (cut off, empty, only the standard defaults) is an error, so that it can never
 *  replace a game with an empty one. */
export function decodeGame(fragment) {
  const text = (fragment || "").replace(/^#/, "");
  if (!text) return null;
  if (text.length > FRAGMENT_LIMIT) throw new ShareError("the link is far too long to be a game");
  let params;
  try { params = new URLSearchParams(text); } catch { throw new ShareError("the link is not readable"); }
  const seen = new Set();
  for (const key of params.keys()) {
    if (!Object.hasOwn(LIMITS, key)) throw new ShareError(`the link has an unknown part '${key.slice(0, 20)}'`);
    if (seen.has(key)) throw new ShareError(`the link names '${key}' twice`);
    seen.add(key);
  }
  const rules = (params.get("rules") || "").trim();
  const start = (params.get("start") || "").trim() || "start";
  const moves = (params.get("moves") || "").split(",").map((m) => m.trim()).filter(Boolean);
  if (rules.length > LIMITS.rules) throw new ShareError("the link's rules are too long");
  if (start.length > LIMITS.start) throw new ShareError("the link's start position is too long");
  if (moves.length > LIMITS.moves) throw new ShareError(`the link holds more than ${LIMITS.moves} moves`);
  moves.forEach((m, i) => {
    if (!MOVE.test(m)) throw new ShareError(`move ${i + 1} in the link ('${m.slice(0, 20)}') is not a move`);
  });
  if (!rules && start === "start" && !moves.length) {
    throw new ShareError("the link holds no game (it may have been cut off)");
  }
  return { rules, start, moves };
}
