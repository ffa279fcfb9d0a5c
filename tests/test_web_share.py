"""web/js/share.js (URL fragments and saved data), run under Node: no DOM needed."""
import json
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

SCRIPT = """
import { encodeGame, decodeGame, checkSaved } from "./web/js/share.js";
const out = {};
const game = { rules: "thoat=wild,black.chief=FWC", start: "c3p5/10/10/10/10/10/10/n9/4N5/C3P5 b - 0 1",
               moves: ["e2-e3", "a3-a2", "E3xE4/a"] };
out.roundTrip = decodeGame(encodeGame(game));
out.empty = encodeGame({ rules: "", start: "start", moves: [] });
out.defaults = decodeGame("#moves=d2-d3");
for (const bad of ["#moves=d2-d3,zz", "#colour=red", "#moves=d2-d3/q"]) {
  try { decodeGame(bad); out[bad] = "accepted"; } catch (e) { out[bad] = e.message; }
}
for (const [name, bad] of [["notObject", 3], ["badMoves", { game: { rules: "", start: "start", moves: [1] } }]]) {
  try { checkSaved(bad); out[name] = "accepted"; } catch (e) { out[name] = e.message; }
}
out.good = Boolean(checkSaved({ game: { rules: "", start: "start", moves: ["d2-d3"] }, settings: {} }));
console.log(JSON.stringify(out));
"""


def test_share_round_trips_and_rejects_mangled_links():
    if not shutil.which("node"):
        pytest.fail("Node.js is needed")
    run = subprocess.run(["node", "--input-type=module", "-e", SCRIPT], cwd=ROOT,
                         capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    out = json.loads(run.stdout)
    assert out["roundTrip"] == {"rules": "thoat=wild,black.chief=FWC",
                                "start": "c3p5/10/10/10/10/10/10/n9/4N5/C3P5 b - 0 1",
                                "moves": ["e2-e3", "a3-a2", "E3xE4/a"]}
    assert out["empty"] == ""
    assert out["defaults"] == {"rules": "", "start": "start", "moves": ["d2-d3"]}
    assert "move 2" in out["#moves=d2-d3,zz"]
    assert "unknown part 'colour'" in out["#colour=red"]
    assert "is not a move" in out["#moves=d2-d3/q"]
    assert "not an object" in out["notObject"] and "damaged" in out["badMoves"]
    assert out["good"] is True
