"""Legal moves: the engine against the reference enumerator for every option, and the Princess's
rules one by one."""
import random

import pytest

from py_engine import Game, RuleSet
from py_engine.rules import OPTIONS, PER_SIDE
from py_engine.squares import parse_square as sq
from py_engine.movegen import referee_for
from tests import reference
from tests.helpers import random_position, random_rules


def engine_moves(rules, pos):
    return {(m.frm, m.to) for m in referee_for(rules).basic_moves(pos)}


def ref_moves(rules, pos):
    return reference.legal_moves(pos.board, pos.side, pos.escapes, rules)


def option_cases():
    cases = []
    for key in PER_SIDE + ("duel",):
        for value in OPTIONS[key]:
            if key == "escape" and value == "CWE":
                continue        # checked below with fewer positions: its reference is slow
            cases.append(f"{key}={value}")
    return cases


def check_random_positions(rules, rng, count):
    for _ in range(count):
        pos = random_position(rng, rules)
        assert engine_moves(rules, pos) == ref_moves(rules, pos), f"{rules} {pos}"


@pytest.mark.slow
@pytest.mark.parametrize("rules_text", option_cases())
def test_engine_matches_reference_for_each_option(rules_text):
    check_random_positions(RuleSet.parse(rules_text), random.Random(rules_text), 12)


@pytest.mark.slow
def test_engine_matches_reference_under_random_mixed_rule_sets():
    rng = random.Random(7)
    for _ in range(60):
        rules = random_rules(rng)
        if "CWE" not in str(rules):
            check_random_positions(rules, rng, 1)


def test_exact_wild_escape_matches_reference():
    check_random_positions(RuleSet.parse("escape=CWE"), random.Random(3), 3)


@pytest.mark.slow
def test_engine_matches_reference_along_random_games():
    rng = random.Random(11)
    for _game in range(4):
        rules = random_rules(rng, keys=("panthan", "thoat", "chief", "bravery", "escape"))
        if "CWE" in str(rules):
            continue
        game = Game(rules)
        for _ in range(40):
            if game.result:
                break
            pos = game.position
            assert engine_moves(rules, pos) == ref_moves(rules, pos), f"{rules} {pos}"
            game.play(rng.choice(game.legal_moves))




def moves_of(pos_text, rules="", square=None):
    game = Game(rules, pos_text)
    out = {(m.frm, m.to) for m in game.legal_moves}
    if square:
        out = {(f, t) for f, t in out if f == sq(square)}
    return out


# A sparse position: Black Princess e1, Chief a1; Orange Princess e10, Chief a10, a Dwar on e7.
SPARSE = "c3p5/10/10/4d5/10/10/10/10/10/C3P5 b Ee"


def test_princess_never_ends_on_a_threatened_square():
    dests = {t for _, t in moves_of(SPARSE, "escape=none", "e1")}
    # The Dwar on e7 reaches e4 (three south) and d5/f5 (Manhattan three): she may not go there.
    assert sq("e4") not in dests
    assert sq("e3") in dests and sq("h4") in dests


def test_princess_never_captures():
    pos = "c3p5/10/10/10/10/10/10/10/4d5/C3P5 b -"
    dests = {t for _, t in moves_of(pos, "", "e1")}
    assert sq("e2") not in dests


def test_threatened_princess_must_be_rescued():
    # The Orange Dwar on e4 threatens the Black Princess on e1 (three steps south, open line);
    # nothing can block or take it, so every legal move is hers.
    pos = "c3p5/10/10/10/10/10/4d5/10/10/C3P5 b -"
    moves = moves_of(pos)
    assert moves and all(f == sq("e1") for f, t in moves)


def test_a_pinned_piece_may_only_keep_the_line_closed():
    # The Black Dwar on e2 alone shields the Princess on e1 from the Orange Dwar on e4: of its
    # moves only e2-e3 (around d2, d3) keeps the line closed.
    pos = "c3p5/10/10/10/10/10/4d5/10/4D5/C3P5 b -"
    assert moves_of(pos, "", "e2") == {(sq("e2"), sq("e3"))}


def test_escape_is_spent_only_outside_normal_reach():
    game = Game("", SPARSE)
    normal = game.play("e1-e3")
    assert not normal.escaped and game.position.escapes == (True, True)
    game.undo()
    far = game.play("e1-j9")
    assert far.escaped and game.position.escapes == (False, True)
    # Spent: no destination outside her reach is offered any more.
    game.play("a10-a9")
    assert all(abs(t % 10 - game.position.princess[0] % 10) <= 3 for _, t in
               ((m.frm, m.to) for m in game.legal_moves if m.frm == sq("j9")))


def test_escape_none_and_escape_used():
    assert all(abs(t // 10) <= 3 for f, t in moves_of(SPARSE, "escape=none", "e1"))
    assert moves_of(SPARSE.replace("Ee", "e"), "", "e1") == moves_of(SPARSE, "escape=none", "e1")


def test_frightened_princess_cannot_pass_threatened_squares():
    # An Orange Dwar on e3 threatens d1, f1, e2, c2, g2 and more: a brave Princess on e1 may
    # cross them to c1, c3, g1, g3; every walk there crosses one, so a frightened one may not.
    pos = "c3p5/10/10/10/10/10/10/4d5/10/C3P5 b -"
    brave = {t for _, t in moves_of(pos, "", "e1")}
    frightened = {t for _, t in moves_of(pos, "bravery=frightened", "e1")}
    assert brave - frightened == {sq("c1"), sq("c3"), sq("g1"), sq("g3")}


def test_chief_may_not_take_chief_if_that_exposes_the_princess():
    # Kingston's question, Ekman's answer: the Orange Chief on e7 could take the Black Chief on
    # h4, but it shields the Orange Princess on e8 from the Black Dwar on e5: it may only stay
    # on the line (e6) or take the Dwar.
    pos = "10/10/4p5/4c5/10/4D5/7C2/10/10/P9 o -"
    chief = {t for _, t in moves_of(pos, "", "e7")}
    assert chief == {sq("e6"), sq("e5")}


def test_duel_capture_must_not_open_a_line():
    # The Black Chief on e2 alone shields its Princess on e1 from the Orange Dwar on e4. Taking
    # the Dwar is fine without duels; in an even duel the Chief might lose and leave the line
    # open, so it may not attack; with dice a Chief (10 + d6) always beats a Dwar (4 + d6).
    pos = "c3p5/10/10/10/10/10/4d5/10/4C5/4P5 b -"
    take = (sq("e2"), sq("e4"))
    assert take in moves_of(pos, "")
    assert take not in moves_of(pos, "duel=even")
    assert take in moves_of(pos, "duel=dice")
