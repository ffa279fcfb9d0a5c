"""Move text (algebraic, technical, descriptive) and game records."""
import pytest

from py_engine import Game, Move, NotationError
from py_engine import record
from py_engine.notation import move_text, parse_move
from py_engine.record import RecordError
from py_engine.squares import parse_square as sq
from py_engine.rules import MANATOR

BOOK = ("g10-d7 d2-d3 d7-g4 d1xg4/a f9-f8 g1-f4 h9-i8 f4-c7 f10-i7 e1-e4 a9-b7 e4-e7 "
        "f8xe7/d e7xe10/a").split()


def book_game(rules=MANATOR):
    g = Game(rules)
    for m in BOOK:
        g.play(m)
    return g


def test_move_text_styles():
    g = Game("setup=facing,first=orange")
    pos = g.position
    assert move_text(pos, Move(sq("g10"), sq("d7"))) == "g10-d7"
    assert move_text(pos, Move(sq("g10"), sq("d7")), "technical") == "G0-D7"
    for m in BOOK[:3]:
        g.play(m)
    take = Move(sq("d1"), sq("g4"))
    assert move_text(g.position, take) == "d1xg4"
    assert move_text(g.position, take, "technical") == "D1xG4"


@pytest.mark.parametrize("text", ["d1-g4", "d1xg4", "d1g4", "D1-G4", "D1xG4", " d1-G4 "])
def test_parse_move_forms(text):
    g = Game("setup=facing,first=orange")
    for m in BOOK[:3]:
        g.play(m)
    assert parse_move(text, g.position) == Move(sq("d1"), sq("g4"))


def test_parse_technical_rank_ten_and_outcomes():
    pos = Game().position
    assert parse_move("G0-D7", pos) == Move(sq("g10"), sq("d7"))
    assert parse_move("e7xe10/d", Game("", "4c4p/10/10/4C5/10/10/10/10/10/9P b -").position) \
        == Move(sq("e7"), sq("e10"), "d")


@pytest.mark.parametrize("text,why", [
    ("", "not a move"), ("d1", "not a move"), ("d1-k4", "not a move"), ("d1-d4-d5", "not a move"),
    ("d2xd3", "says capture, but d3 is empty"), ("d1-g4/x", "not a move"),
])
def test_parse_move_errors(text, why):
    with pytest.raises(NotationError, match=why):
        parse_move(text, Game().position)


def test_record_round_trips_the_book_game():
    g = book_game()
    text = record.write(g, {"Event": "Jetan at Manator", "Black": "Gahan", "Orange": "U-Dor"})
    assert text.endswith("8. e7xe10/a C\n")
    assert "1. ... g10-d7 2. d2-d3 d7-g4 3. d1xg4/a f9-f8" in text
    again, headers = record.read(text)
    assert again.positions == g.positions
    assert headers["Black"] == "Gahan"
    assert record.write(again, headers) == text


def test_record_technical_style_reads_back():
    g = book_game()
    text = record.write(g, style="technical")
    assert "G0-D7" in text and "E7xE0/a C" in text
    again, _ = record.read(text)
    assert again.positions == g.positions


def test_record_marks_and_results():
    standard = Game("setup=facing,first=orange")
    for m in BOOK[:13]:
        standard.play(m.split("/")[0])
    text = record.write(standard)
    assert '[Result "draw"]' in text and text.rstrip().endswith("f8xe7 d")
    assert record.read(text)[0].result.reason == "chief_taken"


def test_record_with_position_and_resignation():
    g = Game("", "c3p5/10/10/10/10/10/10/n9/4N5/C3P5 b - 0 1")
    g.play("e2-e3")
    g.resign()
    text = record.write(g)
    assert '[Position "c3p5/' in text and '[Termination "Orange resigned"]' in text
    again, _ = record.read(text)
    assert again.result == g.result and record.write(again) == text


@pytest.mark.parametrize("text,why", [
    ('[Rules "thoat=flying"]\n\n1. d2-d3', "header: 'flying'"),
    ('[Black "x]\n', "header looks like"),
    ("1. d2-d5", "move 'd2-d5'"),
    ("1. d2-d3 zz", "move 'zz'"),
    ('[Result "black wins"]\n\n1. d2-d3', "Result header"),
    ("1. d2-d3 d9-d8 P", "mark 'P'"),
])
def test_bad_records_say_why(text, why):
    with pytest.raises(RecordError, match=why):
        record.read(text)


def test_descriptive_notation_follows_the_book():
    lines = record.descriptive(book_game())
    assert lines[0] == "Princess' Odwar to Chief's Odwar Four"
    assert lines[1] == "Chief's Odwar's Panthan to Chief's Odwar Three"
    assert lines[3] == "Chief's Odwar takes Princess' Odwar"
    assert lines[4] == "Princess' Panthan to Princess Three"
    assert lines[12] == "Princess' Panthan takes Chief and loses the duel"
    assert lines[13] == "Chief takes Chief"
    flier = record.descriptive(book_game(MANATOR.replace(",odwar=on", "")))
    assert flier[3] == "Chief's Flier takes Princess' Flier"


def test_descriptive_escape_and_unknown_origin():
    g = Game()
    g.play("f1-e5")
    assert record.descriptive(g) == ["Princess to Chief Five (escape)"]
