// Games in URL fragments and in saved data: encode and decode, with clear errors. No DOM, so
// Node can test it. The engine still checks every rule set, position and move it is given.
//
//   #rules=thoat%3Dwild&start=<position>&moves=d2-d3,g10-d7
// "start" is omitted for the rule set's own start position.

export class ShareError extends Error {}

const MOVE = /^(pass|[a-jA-J](10|[0-9])[-x:]?[a-jA-J](10|[0-9])(\/[ad])?)$/;

export function encodeGame({ rules = "", start = "start", moves = [] }) {
  const params = new URLSearchParams();
  if (rules) params.set("rules", rules);
  if (start && start !== "start") params.set("start", start);
  if (moves.length) params.set("moves", moves.join(","));
  const text = params.toString();
  return text ? `#${text}` : "";
}

export function decodeGame(fragment) {
  const text = (fragment || "").replace(/^#/, "");
  if (!text) return null;
  let params;
  try { params = new URLSearchParams(text); } catch { throw new ShareError("the link is not readable"); }
  const known = new Set(["rules", "start", "moves"]);
  for (const key of params.keys()) {
    if (!known.has(key)) throw new ShareError(`the link has an unknown part '${key}'`);
  }
  const moves = (params.get("moves") || "").split(",").map((m) => m.trim()).filter(Boolean);
  moves.forEach((m, i) => {
    if (!MOVE.test(m)) throw new ShareError(`move ${i + 1} in the link ('${m.slice(0, 20)}') is not a move`);
  });
  return { rules: params.get("rules") || "", start: params.get("start") || "start", moves };
}

/** Check saved data's shape (the engine checks its content). */
export function checkSaved(value) {
  if (!value || typeof value !== "object") throw new ShareError("the saved game is not an object");
  const { game, settings } = value;
  if (!game || typeof game.rules !== "string" || typeof game.start !== "string" || !Array.isArray(game.moves)
      || !game.moves.every((m) => typeof m === "string" && MOVE.test(m))) {
    throw new ShareError("the saved game's moves or rules are damaged");
  }
  if (settings && typeof settings !== "object") throw new ShareError("the saved settings are damaged");
  return value;
}
