"""The perft suite (tests/perft/*.perft): the engine reproduces every count, and the reference
enumerator agrees at the shallow depths it can afford."""
from pathlib import Path

import pytest

from py_engine.game import perft, start_position
from py_engine.position import Position
from py_engine.rules import RuleSet
from py_engine.movegen import referee_for
from tests import reference

HERE = Path(__file__).parent / "perft"


def load():
    entries, cur = [], None
    for line in (HERE / "jetan.perft").read_text().splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        key, _, value = line.partition(" ")
        if key == "id":
            cur = {"id": value, "rules": "", "counts": {}}
            entries.append(cur)
        elif key == "rules":
            cur["rules"] = value
        elif key == "position":
            cur["position"] = value
        elif key == "perft":
            depth, count = value.split()
            cur["counts"][int(depth)] = int(count)
    return entries


ENTRIES = load()


def position_of(entry):
    rules = RuleSet.parse(entry["rules"])
    text = entry["position"]
    return rules, (start_position(rules) if text == "start" else Position.parse(text))


@pytest.mark.parametrize("entry", ENTRIES, ids=[e["id"] for e in ENTRIES])
def test_engine_counts(entry):
    rules, pos = position_of(entry)
    referee_for(rules).check_position(pos)
    for depth, count in entry["counts"].items():
        assert perft(rules, pos, depth) == count, f"depth {depth}"


# The reference is slow: depth 2 from positions with a short move list, depth 1 elsewhere.
@pytest.mark.slow
@pytest.mark.parametrize("entry", ENTRIES, ids=[e["id"] for e in ENTRIES])
def test_reference_agrees(entry):
    rules, pos = position_of(entry)
    if "three-piece" in entry["id"]:
        pytest.skip("the reference does not model the three-piece rule")
    depth = 2 if entry["counts"].get(1, 0) <= 80 and "escape-walks" not in entry["id"] else 1
    if depth not in entry["counts"]:
        depth = 1
    if "pass" in entry["id"]:
        pytest.skip("the reference does not model stalemate=pass")
    got = reference.perft(pos.board, pos.side, pos.escapes, rules, depth)
    assert got == entry["counts"][depth]


def test_standard_start_counts_are_the_contract():
    counts = {e["id"]: e["counts"] for e in ENTRIES}
    assert counts["standard-start"] == {1: 74, 2: 5462, 3: 377781}
    assert counts["no-escape-start"] == {1: 48, 2: 2283, 3: 125362}
