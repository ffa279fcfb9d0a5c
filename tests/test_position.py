"""Position notation in and out, and the impossible positions it refuses."""
import pytest

from py_engine import Game, JetanError, Position, PositionError
from py_engine.game import start_position
from py_engine.position import ZOBRIST_ORANGE

START = "wadfpcfdaw/tnnnnnnnnt/10/10/10/10/10/10/TNNNNNNNNT/WADFCPFDAW b Ee 0 1"


def test_round_trip_and_defaults():
    assert str(Position.parse(START)) == START
    assert str(Position.parse(START.split()[0])) == START
    p = Position.parse("c3p5/10/10/10/10/10/10/n9/4N5/C3P5 o e 3 17")
    assert (p.side, p.escapes, p.counter, p.move_number) == (1, (False, True), 3, 17)
    assert str(p) == "c3p5/10/10/10/10/10/10/n9/4N5/C3P5 o e 3 17"


def test_key_identifies_placement_and_side_only():
    a = Position.parse(START)
    b = Position.parse(START.replace("Ee 0 1", "- 0 7"))
    assert a.key == b.key and a != b
    assert Position.parse(START.replace(" b ", " o ")).key == a.key ^ ZOBRIST_ORANGE


@pytest.mark.parametrize("text,why", [
    ("", "empty position"),
    ("10/10", "10 ranks"),
    ("wadfpcfdaw/tnnnnnnnnt/10/10/10/10/10/10/TNNNNNNNNT/WADFCPFDA", "covers 9 squares"),
    ("wadfpcfdaw/tnnnnnnnnt/10/10/10/10/10/10/TNNNNNNNNT/WADFCPFDAWW", "covers 11 squares"),
    ("wadfpcfdaw/tnnnnnnnnt/10/10/10/10/10/10/TNNNNNNNNT/WADFCXFDAW", "'X' is not a piece"),
    ("wadf1cfdaw/tnnnnnnnnt/10/10/10/10/10/10/TNNNNNNNNT/WADFCPFDAW",
     "Orange must have exactly one Princess"),
    ("wadfpcfdaw/tnnnnnnnnt/10/10/10/10/10/10/TNNNNNNNNT/WADFCPPDAW", "Black must have exactly one Princess"),
    ("wadfpcfdaw/tnnnnnnnnt/10/10/10/10/10/C9/TNNNNNNNNT/WADFCPFDAW", "at most 1"),
    ("wadfpcfdaw/tnnnnnnnnt/10/10/10/10/10/N9/TNNNNNNNNT/WADFCPFDAW", "at most 8"),
    (START.replace(" b ", " x "), "side to move"),
    (START.replace("Ee", "EE"), "escapes"),
    (START.replace(" 0 1", " 11 1"), "counter"),
    (START.replace(" 0 1", " 0 0"), "move number"),
    (START + " extra", "at most five fields"),
    ("wadfpcfdaw/tnnnnnnnnt/0/10/10/10/10/10/TNNNNNNNNT/WADFCPFDAW", "count of empty"),
])
def test_bad_positions_say_why(text, why):
    with pytest.raises(PositionError, match=why):
        Position.parse(text)


def test_rules_dependent_checks():
    no_chief = "p9/10/10/10/10/10/10/10/10/C8P b -"
    with pytest.raises(PositionError, match="Orange has no Chief"):
        Game("", no_chief)
    Game("chief_capture=continue", no_chief)            # fine when the game goes on
    # Orange's Princess threatened by the Black Dwar while Black is to move.
    threatened = "c3p5/10/10/4D5/10/10/10/10/10/C3P5 b -"
    with pytest.raises(PositionError, match="Orange's Princess is threatened"):
        Game("", threatened)
    with pytest.raises(PositionError, match="three-piece counter"):
        Game("", START.replace(" 0 1", " 4 1"))


def test_incremental_positions_match_fresh_ones():
    g = Game("duel=even", seed=3)
    import random
    rng = random.Random(4)
    for _ in range(60):
        if g.result:
            break
        g.play(rng.choice(g.legal_moves))
        p = g.position
        fresh = Position.parse(str(p)) if "P" in p.board and "p" in p.board else None
        if fresh:
            assert (fresh.key, fresh.by_side, fresh.princess) == (p.key, p.by_side, p.princess)
            assert sorted(fresh.pieces[0]) == sorted(p.pieces[0])
            assert sorted(fresh.pieces[1]) == sorted(p.pieces[1])


def test_start_position_is_valid():
    assert str(start_position()) == START


@pytest.mark.parametrize("text", [
    "wadfpcfdaw/tnnnnnnnnt/10/10/10/10/10/10/TNNNNNNNNT/WADFCPFDAW b Ee 0 ²",
    "wadfpcfdaw/tnnnnnnnnt/10/10/10/10/10/10/TNNNNNNNNT/WADFCPFDAW b Ee 𝟘 1",
    "wadfpcfdaw/tnnnnnnnnt/²0/10/10/10/10/10/TNNNNNNNNT/WADFCPFDAW b Ee 0 1",
    "wadfpcfdaw/tnnnnnnnnt/10/10/10/10/10/10/TNNNNNNNNT/WADFCPFDAW b Ee 0 " + "9" * 5000,
    "wadfpcfdaw/tnnnnnnnnt/0010/10/10/10/10/10/TNNNNNNNNT/WADFCPFDAW b",
])
def test_unicode_digits_and_huge_numbers_are_position_errors(text):
    """Only the project's own errors, for any text (Python's isdigit takes "²", int refuses it)."""
    with pytest.raises(PositionError):
        Position.parse(text)
    with pytest.raises(JetanError):
        Game("", text)
