"""Every interpretation reaches exactly the squares Smith's diagrams mark (The Game of Jetan),
and the worked counts of docs/rules.md hold."""
import random

import pytest

from py_engine.gaits import INTERPRETATIONS, escape_reach, gait_squares
from py_engine.pieces import BLACK, ORANGE
from py_engine.rules import RuleSet
from py_engine.squares import parse_square, square, squares_of

# Smith's diagrams, transcribed: 'O' the piece, 'X' a square it reaches; north is up, and the
# piece is Black's unless the key says Orange.
DIAGRAMS = {
    ("panthan", "chained"): """
        XXX
        XOX
        ...""",
    ("panthan", "chained", "orange"): """
        ...
        XOX
        XXX""",
    ("panthan", "free"): """
        XXX
        XOX
        X.X""",
    ("panthan", "free", "orange"): """
        X.X
        XOX
        XXX""",
    ("warrior", "CW"): """
        ..X..
        .X.X.
        X.O.X
        .X.X.
        ..X..""",
    ("warrior", "FW"): """
        ..X..
        .XXX.
        XXOXX
        .XXX.
        ..X..""",
    ("warrior", "CCW"): """
        X.X.X
        .X.X.
        X.O.X
        .X.X.
        X.X.X""",
    ("warrior", "CWW"): """
        XXXXX
        XXXXX
        XXOXX
        XXXXX
        XXXXX""",
    ("warrior", "FCW"): """
        X.X.X
        .XXX.
        XXOXX
        .XXX.
        X.X.X""",
    ("warrior", "FWW"): """
        XXXXX
        XXXXX
        XXOXX
        XXXXX
        XXXXX""",
    ("padwar", "C"): """
        X.X.X
        .....
        X.O.X
        .....
        X.X.X""",
    ("padwar", "F"): """
        X.X.X
        .X.X.
        X.O.X
        .X.X.
        X.X.X""",
    ("thoat", "chained"): """
        .X.X.
        X.X.X
        .XOX.
        X.X.X
        .X.X.""",
    ("dwar", "C"): """
        ...X...
        ..X.X..
        .X.X.X.
        X.XOX.X
        .X.X.X.
        ..X.X..
        ...X...""",
    ("dwar", "F"): """
        ...X...
        ..XXX..
        .XXXXX.
        XXXOXXX
        .XXXXX.
        ..XXX..
        ...X...""",
    ("flier", "C"): """
        X.X.X.X
        .......
        X.X.X.X
        ...O...
        X.X.X.X
        .......
        X.X.X.X""",
    ("flier", "F"): """
        X.X.X.X
        .X.X.X.
        X.X.X.X
        .X.O.X.
        X.X.X.X
        .X.X.X.
        X.X.X.X""",
    ("chief", "CC"): """
        X..X..X
        .......
        .......
        X..O..X
        .......
        .......
        X..X..X""",
    ("chief", "FC"): """
        X..X..X
        .X.X.X.
        ..XXX..
        XXXOXXX
        ..XXX..
        .X.X.X.
        X..X..X""",
    ("chief", "CCC"): """
        X.XXX.X
        ..X.X..
        XXXXXXX
        X.XOX.X
        XXXXXXX
        ..X.X..
        X.XXX.X""",
    ("chief", "CWC"): """
        XXXXXXX
        XXXXXXX
        XXXXXXX
        XXXOXXX
        XXXXXXX
        XXXXXXX
        XXXXXXX""",
    ("chief", "FCC"): """
        X.XXX.X
        .XXXXX.
        XXXXXXX
        XXXOXXX
        XXXXXXX
        .XXXXX.
        X.XXX.X""",
    ("chief", "FWC"): """
        XXXXXXX
        XXXXXXX
        XXXXXXX
        XXXOXXX
        XXXXXXX
        XXXXXXX
        XXXXXXX""",
}
# Smith: the Thoat's destinations are the same whatever its interpretation; the Princess's
# normal moves are the Chief's.
for code in ("free", "wild"):
    DIAGRAMS[("thoat", code)] = DIAGRAMS[("thoat", "chained")]
for code in ("CC", "FC", "CCC", "CWC", "FCC", "FWC"):
    DIAGRAMS[("princess", code[:-1] + "P")] = DIAGRAMS[("chief", code)]


def marked(diagram: str, centre: int):
    rows = [r.strip() for r in diagram.strip().splitlines()]
    half = len(rows) // 2
    cf, cr = centre % 10, centre // 10
    out = set()
    for i, row in enumerate(rows):
        for j, ch in enumerate(row):
            if ch == "X":
                out.add(square(cf + j - half, cr + half - i))
    return out


def test_every_interpretation_has_a_diagram():
    for key, codes in INTERPRETATIONS.items():
        for code in codes:
            assert (key, code) in DIAGRAMS


@pytest.mark.parametrize("key", sorted(DIAGRAMS, key=str))
def test_reach_matches_smith(key):
    piece, code = key[0], key[1]
    side = ORANGE if key[-1] == "orange" else BLACK
    rules = RuleSet.parse(f"{piece}={code}")
    letter = {v: k for k, v in {"N": "panthan", "W": "warrior", "A": "padwar", "T": "thoat",
                                "D": "dwar", "F": "flier", "C": "chief", "P": "princess"}.items()}[piece]
    centre = parse_square("e5")
    reach = gait_squares(rules.gait(letter, side)).reach
    assert set(squares_of(reach[centre])) == marked(DIAGRAMS[key], centre)


@pytest.mark.parametrize("letter,count", [("N", 5), ("W", 8), ("A", 8), ("T", 12), ("D", 16),
                                          ("F", 16), ("C", 48), ("P", 48)])
def test_worked_counts_from_e5(letter, count):
    table = gait_squares(RuleSet().gait(letter, BLACK)).walks
    assert len(table[parse_square("e5")]) == count


def test_walks_never_revisit_the_start():
    # A Warrior could come back to its start in two steps only by revisiting it.
    for code in ("CWW", "FWW"):
        table = gait_squares(RuleSet.parse(f"warrior={code}").gait("W", BLACK)).walks
        for sq in range(100):
            assert sq not in table[sq]


def test_masks_list_intermediate_squares():
    # The standard Thoat goes orthogonally first: e5 to f7 passes e6 only.
    table = gait_squares(RuleSet().gait("T", BLACK)).walks
    assert table[parse_square("e5")][parse_square("f7")] == (1 << parse_square("e6"),)
    free = gait_squares(RuleSet.parse("thoat=free").gait("T", BLACK)).walks
    masks = set(free[parse_square("e5")][parse_square("f7")])
    assert masks == {1 << parse_square("e6"), 1 << parse_square("f6")}


def test_edges_clip_reach():
    table = gait_squares(RuleSet().gait("C", BLACK)).walks
    assert len(table[parse_square("a1")]) == 15      # the 4x4 corner block but a1


@pytest.mark.parametrize("code", ["CCE", "FCE", "FWE"])
def test_civil_and_free_escape_walks_match_the_reference(code):
    from tests.reference import escape_ends
    for start in (0, 9, 44, 55, 90, 99, 23):
        assert set(squares_of(escape_reach(code, start))) == escape_ends(code, start, set())


def test_exact_wild_escape_reaches_every_other_square_from_the_corners_and_centre():
    from tests.reference import escape_ends
    for start in (0, 44):
        assert set(squares_of(escape_reach("CWE", start))) == escape_ends("CWE", start, set())
        assert len(squares_of(escape_reach("CWE", start))) == 99


def test_escape_walks_avoid_threatened_squares_for_a_frightened_princess():
    from tests.reference import escape_ends
    avoid = {parse_square(s) for s in ("d4", "e4", "f4", "d5", "f5", "d6", "e6", "f6")}
    mask = sum(1 << s for s in avoid)
    start = parse_square("e5")
    for code in ("CCE", "FCE", "FWE"):
        assert set(squares_of(escape_reach(code, start, mask))) == escape_ends(code, start, avoid)
    # Boxed in by threatened squares, a frightened Princess's walks go nowhere but onto them.
    assert set(squares_of(escape_reach("FWE", start, mask))) == avoid


def test_remembered_destinations_agree_with_the_walk_table():
    """open_reach answers from memory after the first time; both answers must be what the walk
    table says: a destination is reached when some walk to it has every intermediate square empty."""
    from py_engine.gaits import open_reach
    rng = random.Random(3)
    gaits = [g for interpretations in INTERPRETATIONS.values() for g in interpretations.values()
             if not g.jumps]
    for gait in gaits:
        table, trees = gait_squares(gait).walks, gait_squares(gait).trees
        for _ in range(60):
            sq = rng.randrange(100)
            occupied = sum(1 << s for s in rng.sample(range(100), rng.randrange(60))) & ~(1 << sq)
            expected = sum(1 << dest for dest, masks in table[sq].items()
                           if any(not m & occupied for m in masks))
            assert open_reach(trees[sq], occupied) == expected
            assert open_reach(trees[sq], occupied) == expected      # now from memory


GAIT_OPTIONS = {"panthan": "N", "warrior": "W", "padwar": "A", "thoat": "T", "dwar": "D",
                "flier": "F", "chief": "C", "princess": "P"}


@pytest.mark.parametrize("option", sorted(GAIT_OPTIONS))
def test_tables_made_on_first_use_match_the_reference_walks_everywhere(option):
    """Every interpretation, for both sides, on every square: the destinations, reach and minimal
    masks made square by square equal those of tests/reference.py's step-by-step walks, in
    whichever order the three tables are first looked up."""
    from tests.reference import walks
    from py_engine.gaits import GaitSquares, open_reach
    letter = GAIT_OPTIONS[option]
    empty = [""] * 100
    for value in INTERPRETATIONS[option]:
        rules = RuleSet.parse(f"{option}={value}")
        for side in (BLACK, ORANGE):
            tables = GaitSquares(rules.gait(letter, side))     # fresh: nothing made yet
            for sq in range(100):
                first = (tables.trees, tables.reach, tables.walks)[sq % 3]
                first[sq]
                found, _ = walks(empty, sq, letter, side, rules)
                expected: dict = {}
                for dest, between in found:
                    expected.setdefault(dest, set()).add(sum(1 << s for s in between))
                table = tables.walks[sq]
                assert set(table) == set(expected)
                for dest, masks in table.items():
                    # Minimal: every walk's mask contains a kept one, and no kept one another.
                    assert all(any(k & m == k for k in masks) for m in expected[dest])
                    assert all(not (a != b and a & b == a) for a in masks for b in masks)
                    assert set(masks) <= expected[dest]
                assert tables.reach[sq] == sum(1 << d for d in expected)
                assert open_reach(tables.trees[sq], 0) == tables.reach[sq]


def test_a_square_off_the_board_has_no_table():
    from py_engine.gaits import GaitSquares
    tables = GaitSquares(RuleSet().gait("C", BLACK))
    for sq in (-1, 100):
        with pytest.raises(KeyError):
            tables.reach[sq]
    assert not tables.reach
