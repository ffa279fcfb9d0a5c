"""web/js/share.js (URL fragments) and web/js/storage.js (saved data), run under Node: no DOM
needed; storage.js gets a stand-in for localStorage that can be made full. What is wrong with a
link is a message (ShareError.reason), worded here from the English catalogue, and in German."""
import json

import pytest

from py_engine.tools.bench import long_game

from .helpers import run_node

@pytest.fixture
def node(web_page):
    return lambda script: run_node(web_page, script)


SHARE = """
import { readFileSync } from "node:fs";
import { setCatalogue, say } from "./js/i18n.js";
import { encodeGame, decodeGame, decodeLink } from "./js/share.js";
const catalogue = (lang) => JSON.parse(readFileSync(`i18n/${lang}.json`, "utf8"));
setCatalogue("en", catalogue("en"));
const out = {};
const game = { rules: "thoat=wild,black.chief=FWC", start: "c3p5/10/10/10/10/10/10/n9/4N5/C3P5 b - 0 1",
               moves: ["e2-e3", "a3-a2", "E3xE4/a"] };
out.link = encodeGame(game, { ply: 2, orientation: "orange" });
out.roundTrip = decodeLink(out.link);
const empty = { rules: "", start: "start", moves: [] };
out.correspondence = decodeLink(encodeGame(empty, { correspondence: true }));
out.long = encodeGame({ rules: "", start: "start", moves: JSON.parse(process.argv[1]) });
out.none = decodeGame("");
out.old = decodeGame("#rules=setup%3Dfacing&moves=g10-d7,d2-d3");
out.defaults = decodeGame("#moves=d2-d3");
out.rulesOnly = decodeGame("#rules=thoat%3Dwild");
const timed = { ...empty, moves: ["d2-d3"], seed: 12,
                clock: { initial: 300000, increment: 3000, black: 1000, orange: 2000 } };
out.timed = decodeGame(encodeGame(timed));
out.reasons = {};
for (const bad of BAD) {
  try { decodeLink(bad); out[bad] = "accepted"; }
  catch (e) { out[bad] = e.constructor.name + ": " + e.message; out.reasons[bad] = e.reason; }
}
// A language for the visit: passed over, the game read as without it; alone, it is no game.
out.language = { alone: decodeLink("#lang=de"), after: decodeLink("#1;m=d2d3,g9g8;ply=1&lang=de"),
                 old: decodeGame("#moves=d2-d3&lang=de") };
// The same reasons in German: the message, worded in another language.
setCatalogue("de", catalogue("de"));
out.german = Object.fromEntries(Object.entries(out.reasons).map(([link, reason]) => [link, say(reason)]));
console.log(JSON.stringify(out));
"""

TRUNCATED = ["#moves=", "#rules=", "#start=", "#moves", "#&", "#moves=,,,", "#start=start",
             "#moves=%20", "#1", "#1;", "#1;m=", "#1;r=;m=,"]


def test_links_round_trip_and_mangled_ones_are_refused(node):
    hundred = long_game(100)
    bad = TRUNCATED + ["#moves=d2-d3,zz", "#colour=red", "#moves=d2-d3/q", "#moves=a&moves=b",
                       "#__proto__=1", "#moves=" + ",".join(["d2-d3"] * 20001), "#2;m=d2d3",
                       "#1;m=d2d3;m=e2e3", "#1;x=1", "#1;ply=5;m=d2d3", "#1;o=sideways;m=d2d3",
                       "#1;m=<script>alert(1)</script>", "#1;m=d2d3;ply=1e3", "#1;s=%E0%A4%A",
                       "#1;m=d2d3;d=abc", "#1;m=d2d3;d=99999999999999999999", "#1;m=d2d3;t=5+3",
                       "#1;m=d2d3;t=1+2,3,4;t=1+2,3,4"]
    script = SHARE.replace("BAD", json.dumps(bad))
    out = node(script.replace("process.argv[1]", json.dumps(json.dumps(hundred))))
    assert out["link"] == ("#1;r=thoat=wild,black.chief=FWC;s=c3p5/10/10/10/10/10/10/n9/4N5/C3P5_b_-_0_1;"
                           "m=e2e3,a3a2,E3E4/a;ply=2;o=orange")
    assert out["roundTrip"] == {
        "game": {"rules": "thoat=wild,black.chief=FWC", "start": "c3p5/10/10/10/10/10/10/n9/4N5/C3P5 b - 0 1",
                 "moves": ["e2e3", "a3a2", "E3E4/a"]},
        "view": {"ply": 2, "orientation": "orange", "correspondence": False}}
    assert out["correspondence"]["view"]["correspondence"] is True
    assert len(out["long"]) < 1000 and out["long"].startswith("#1;m=d1a4,d10a7,")
    assert out["none"] is None
    assert out["old"] == {"rules": "setup=facing", "start": "start", "moves": ["g10-d7", "d2-d3"]}
    assert out["defaults"] == {"rules": "", "start": "start", "moves": ["d2-d3"]}
    assert out["rulesOnly"] == {"rules": "thoat=wild", "start": "start", "moves": []}
    # A game's seed and clock travel in the link.
    assert out["timed"] == {"rules": "", "start": "start", "moves": ["d2d3"], "seed": 12,
                            "clock": {"initial": 300000, "increment": 3000, "black": 1000, "orange": 2000}}
    for link in bad:
        assert out[link].startswith("ShareError: "), (link, out[link])
    for link in TRUNCATED:
        assert out[link] == "ShareError: the link holds no game (it may have been cut off)", link
    assert "move 2" in out["#moves=d2-d3,zz"]
    assert "unknown part 'colour'" in out["#colour=red"]
    assert "unknown part '__proto__'" in out["#__proto__=1"]
    assert out["#moves=a&moves=b"] == "ShareError: the link names 'moves' twice"
    assert out["#1;m=d2d3;m=e2e3"] == "ShareError: the link names 'm' twice"
    assert "more than 20,000 moves" in out["#moves=" + ",".join(["d2-d3"] * 20001)]
    assert "newer version" in out["#2;m=d2d3"]
    assert out["#1;ply=5;m=d2d3"] == "ShareError: the link shows move 5 of a game of 1"
    # Each reason is a message: a key and its arguments, numbers as numbers.
    assert out["reasons"]["#1;ply=5;m=d2d3"] == {"key": "share.error.plyBeyond",
                                                 "args": {"ply": 5, "count": 1}}
    assert out["reasons"]["#1;x=1"] == {"key": "share.error.unknownPart", "args": {"part": "x"}}
    assert out["language"]["alone"] is None
    assert out["language"]["after"] == {"game": {"rules": "", "start": "start", "moves": ["d2d3", "g9g8"]},
                                        "view": {"ply": 1, "orientation": "black", "correspondence": False}}
    assert out["language"]["old"] == {"rules": "", "start": "start", "moves": ["d2-d3"]}
    german = out["german"]
    assert german["#1;ply=5;m=d2d3"] == "der Link zeigt Halbzug 5 einer Partie mit 1 Halbzug"
    assert german["#moves=" + ",".join(["d2-d3"] * 20001)] == "der Link enthält mehr als 20.000 Halbzüge"
    assert german["#1;x=1"] == "der Link hat einen unbekannten Teil „x“"
    assert german["#moves="] == "der Link enthält keine Partie (vielleicht wurde er abgeschnitten)"
    for link in bad:
        assert german[link] and not german[link].startswith("share."), link


STORAGE = """
import { readFileSync } from "node:fs";
import { say, setCatalogue } from "./js/i18n.js";
import { KEYS, checkGame, checkSettings, readSaved, writeSaved, remember, recentGames }
  from "./js/storage.js";
// What went wrong is a message: worded here in English (none: "").
setCatalogue("en", JSON.parse(readFileSync("./i18n/en.json", "utf-8")));
const words = (message) => (message ? say(message) : "");
class Store {
  constructor(limit = Infinity, deny = "") { this.items = new Map(); this.limit = limit; this.deny = deny; }
  getItem(k) { return this.items.has(k) ? this.items.get(k) : null; }
  setItem(k, v) {
    if (k === this.deny) throw new Error("denied");
    let used = v.length;
    for (const [key, val] of this.items) if (key !== k) used += val.length;
    if (used > this.limit) { const e = new Error("full"); e.name = "QuotaExceededError"; throw e; }
    this.items.set(k, String(v));
  }
  removeItem(k) { this.items.delete(k); }
}
const out = {};
const game = { rules: "", start: "start", moves: ["d2-d3"], resigned: null, headers: { Event: "x" } };
const settings = { players: { black: "human", orange: "engine" }, level: 2, timeMs: 1000,
                   flipped: true, notation: "technical", scoring: "burgess" };
let s = new Store();
s.setItem(KEYS.saved, JSON.stringify({ version: 1, game, settings, position: "p" }));
out.good = readSaved(s);
for (const [name, bad] of [["playersNull", { players: null }], ["proto", { scoring: "__proto__" }],
                           ["toString", { scoring: "toString", level: 0, timeMs: "x", flipped: 1 }],
                           ["notObject", 5]]) {
  out[name] = checkSettings(bad);
}
s = new Store();
s.setItem(KEYS.saved, JSON.stringify({ game: { rules: "", start: "start", moves: [1] }, settings }));
out.badMoves = readSaved(s);
out.badMoves.problems = out.badMoves.problems.map(say);
out.badMovesDamaged = s.getItem(KEYS.damaged) !== null;
// A 3 MB unreadable save with room for only one copy: moved aside, not lost.
const huge = "x".repeat(3000000);
s = new Store(3500000);
s.setItem(KEYS.saved, huge);
out.huge = readSaved(s).problems.map(say);
out.hugeKept = s.getItem(KEYS.damaged) === huge;
out.hugeWrite = words(writeSaved(s, { game }));
// Not even a move works: it stays where it was, and nothing overwrites it.
s = new Store(Infinity, KEYS.damaged);
s.setItem(KEYS.saved, huge.slice(0, 2999999));
out.stuck = readSaved(s).problems.map(say);
out.stuckWrite = words(writeSaved(s, { game }));
out.stuckKept = s.getItem(KEYS.saved).length;
// Full storage: reported, not thrown.
s = new Store(10);
out.full = words(writeSaved(s, { game }));
s = new Store();
remember(s, game, null, 1);
remember(s, { ...game, moves: [] }, null, 2);
remember(s, { ...game, moves: ["e2-e3"] }, null, 3);
remember(s, game, null, 4);
out.recent = recentGames(s).map((e) => [e.game.moves.join(), e.saved]);
remember(s, { ...game, moves: ["f2-f3"] }, { ...game, moves: ["e2-e3"] }, 5);
out.recentAfterOpening = recentGames(s).map((e) => e.game.moves.join());
s.setItem(KEYS.recent, "[{\\"game\\": 5}, 7]");
out.recentDamaged = recentGames(s);
// A game's ending, seed and clock: a damaged one is left out, the game kept.
const plain = { rules: "", start: "start", moves: ["d2-d3"], resigned: null, headers: {} };
out.damagedExtras = [{ clock: { initial: -1, increment: 0, black: 1, orange: 1 } }, { clock: "x" },
                     { seed: -5 }, { flagged: "green" }, { agreed: "yes" }]
  .map((extra) => checkGame({ ...plain, ...extra }));
out.goodExtras = checkGame({ ...plain, seed: 7, agreed: true,
                             clock: { initial: 60000, increment: 0, black: 5, orange: 6 } });
console.log(JSON.stringify(out));
"""


def test_saved_data_is_checked_field_by_field_and_never_lost(node):
    out = node(STORAGE)
    assert out["good"]["game"]["moves"] == ["d2-d3"] and out["good"]["settings"]["level"] == 2
    for game in out["damagedExtras"]:
        assert game == {"rules": "", "start": "start", "moves": ["d2-d3"], "resigned": None, "headers": {}}
    assert out["goodExtras"]["seed"] == 7 and out["goodExtras"]["agreed"] is True
    assert out["goodExtras"]["clock"] == {"initial": 60000, "increment": 0, "black": 5, "orange": 6}
    assert out["good"]["game"]["headers"] == {"Event": "x"} and out["good"]["problems"] == []
    assert out["playersNull"]["rejected"] == ["players"]
    assert out["playersNull"]["settings"]["players"] == {"black": "human", "orange": "engine"}
    assert out["proto"]["rejected"] == ["scoring"] and out["proto"]["settings"]["scoring"] == "smith"
    assert out["toString"]["rejected"] == ["level", "timeMs", "flipped", "scoring"]
    assert out["notObject"]["rejected"] == ["all settings"]
    assert out["badMoves"]["game"] is None and out["badMovesDamaged"]
    assert out["badMoves"]["settings"]["notation"] == "technical"      # the settings survive
    assert "moves are damaged" in out["badMoves"]["problems"][0]
    assert out["hugeKept"] and "a copy is kept" in out["huge"][0] and out["hugeWrite"] == ""
    assert "left as it was" in out["stuck"][0]
    assert "not overwritten" in out["stuckWrite"] and out["stuckKept"] == 2999999
    assert "storage is full" in out["full"]
    assert out["recent"] == [["d2-d3", 4], ["e2-e3", 3]]
    assert out["recentAfterOpening"] == ["f2-f3", "d2-d3"]
    assert out["recentDamaged"] == []


KEEPING = """
import { readFileSync } from "node:fs";
import { say, setCatalogue } from "./js/i18n.js";
import { MemoryStorage, openStorage, readSaved, recentGames, remember, writeSaved as write }
  from "./js/storage.js";
// What went wrong is a message: worded here in English (none: "").
setCatalogue("en", JSON.parse(readFileSync("./i18n/en.json", "utf-8")));
const writeSaved = (...args) => { const problem = write(...args); return problem ? say(problem) : ""; };
class Store {
  constructor(limit = Infinity) { this.items = new Map(); this.limit = limit; }
  getItem(k) { return this.items.has(k) ? this.items.get(k) : null; }
  setItem(k, v) {
    let used = String(v).length;
    for (const [key, val] of this.items) if (key !== k) used += val.length;
    if (used > this.limit) { const e = new Error("full"); e.name = "QuotaExceededError"; throw e; }
    this.items.set(k, String(v));
  }
  removeItem(k) { this.items.delete(k); }
}
const game = (...moves) => ({ rules: "", start: "start", moves, resigned: null, headers: {} });
const data = (g) => ({ version: 1, game: g, settings: {}, position: null });
const savedMoves = (s) => readSaved(s).game.moves.join();
const recent = (s) => recentGames(s).map((e) => e.game.moves.join());
const out = {};
// Two tabs: A saves its game, B saves another, A plays on: neither game is lost.
let s = new Store();
const a1 = game("d2-d3"), b1 = game("e2-e3"), a2 = game("d2-d3", "g9-g8");
writeSaved(s, data(a1));
out.tabB = writeSaved(s, data(b1), { mine: null });
out.afterB = [savedMoves(s), recent(s)];
out.tabA = writeSaved(s, data(a2), { mine: a1 });
out.afterA = [savedMoves(s), recent(s)];
// The same tab takes a move back: the longer game it wrote is not kept as another game.
out.undo = writeSaved(s, data(a1), { mine: a2 });
out.afterUndo = [savedMoves(s), recent(s)];
// A full storage: the oldest recent games give way to the saved game, never the other way.
s = new Store(2000);
for (let i = 0; i < 6; i++) remember(s, game(...Array(i + 1).fill("d2-d3")), null, i);
const long = game(...Array(60).fill("e2-e3"));
out.full = writeSaved(s, data(long));
out.afterFull = [readSaved(s).game.moves.length, recentGames(s).length];
// Too full for both the saved game and the one replacing it: refused, the saved one stays.
s = new Store(1000);
writeSaved(s, data(long));
const other = game(...Array(60).fill("f2-f3"));
out.tooFull = writeSaved(s, data(other));
out.afterTooFull = readSaved(s).game.moves[0];
// Storage denied: the page plays from memory.
const denied = openStorage(() => { throw new DOMException("denied", "SecurityError"); });
out.denied = [denied.persistent, denied.storage instanceof MemoryStorage,
              writeSaved(denied.storage, data(a1))];
out.allowed = openStorage(() => new Store()).persistent;
console.log(JSON.stringify(out));
"""


def test_no_game_is_overwritten_that_is_not_kept_somewhere(node):
    out = node(KEEPING)
    assert out["tabB"] == "" and out["afterB"] == ["e2-e3", ["d2-d3"]]
    assert out["tabA"] == "" and out["afterA"] == ["d2-d3,g9-g8", ["e2-e3", "d2-d3"]]
    assert out["undo"] == "" and out["afterUndo"] == ["d2-d3", ["e2-e3", "d2-d3"]]
    assert out["full"] == "" and out["afterFull"][0] == 60 and out["afterFull"][1] < 6
    assert "too full" in out["tooFull"] and out["afterTooFull"] == "e2-e3"
    assert out["denied"] == [False, True, ""] and out["allowed"] is True
