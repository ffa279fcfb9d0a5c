"""Game records with comments: written after the move they are about, read back by ply, the same
text again; the gallery's annotated game as the first example; old records unchanged."""
import pytest
from hypothesis import given
from hypothesis import strategies as st

from py_engine import Game, record
from py_engine.errors import RecordError
from py_engine.gallery import CHAPTER_17, GALLERY


def gallery_game(entry=CHAPTER_17):
    g = Game(entry.rules)
    for m in entry.moves:
        g.play(m)
    return g


def test_comments_stand_after_their_move_and_read_back():
    g = Game()
    for m in ("d2-d3", "g9-g8", "e2-e3"):
        g.play(m)
    comments = {0: "A quiet opening.", 1: "Gahan answers quietly.",
                3: "Both } and \\ survive; {so} do braces."}
    text = record.write(g, {"Event": "Test"}, comments=comments)
    assert "{A quiet opening.} 1. d2-d3 {Gahan answers quietly.} g9-g8 2. e2-e3" in text.replace("\n", " ")
    assert "\\}" in text and "\\\\" in text and "\\{so\\}" in text
    again, headers, read_back = record.read_annotated(text)
    assert read_back == comments and headers["Event"] == "Test"
    assert again.positions == g.positions
    assert record.write(again, headers, comments=read_back) == text
    plain, _ = record.read(text)                 # read() skips the comments
    assert plain.positions == g.positions


def test_the_chapter_17_game_with_comments_round_trips():
    g = gallery_game()
    comments = CHAPTER_17.comments()
    assert len(comments) == len(CHAPTER_17.moves) + 1
    assert comments[8].endswith("[%cal Rc7f10] [%csl Rf10]")
    text = record.write(g, {"Black": "Gahan", "Orange": "U-Dor"}, comments=comments)
    assert " ".join(text.split()).endswith("{gallery.chapter17.move14 [%csl Ge10]} C")   # captions: keys
    assert "[%cal Rc7f10]" in text   # the mark stays last
    assert all(len(line) <= 79 for line in text.splitlines() if " " in line)
    again, headers, read_back = record.read_annotated(text)
    assert read_back == comments
    assert again.result == g.result and again.positions == g.positions
    assert record.write(again, headers, comments=read_back) == text


def test_a_comment_line_that_starts_like_a_header_is_still_a_comment():
    g = Game()
    g.play("d2-d3")
    text = '[Rules ""]\n[Result "ongoing"]\n\n1. d2-d3 {a threat:\n[%csl Re5]\n}\n'
    _, headers, comments = record.read_annotated(text)
    assert comments == {1: "a threat: [%csl Re5]"} and set(headers) == {"Rules", "Result"}


def test_comments_are_kept_whitespace_folded_and_joined():
    text = "{one}  {two\n  three} 1. d2-d3 {four} {five}"
    _, _, comments = record.read_annotated(text)
    assert comments == {0: "one two three", 1: "four five"}


@pytest.mark.parametrize("text,why", [
    ("1. d2-d3 {never closed", "not closed"),
    ("1. d2-d3 } g9-g8", "closes no comment"),
])
def test_bad_comments_say_why(text, why):
    with pytest.raises(RecordError, match=why):
        record.read_annotated(text)


def test_records_without_comments_are_unchanged():
    g = gallery_game()
    assert record.write(g) == record.write(g, comments={}) == record.write(g, comments={3: "  "})
    assert record.read_annotated(record.write(g))[2] == {}


ANY_TEXT = st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=40)


@given(st.dictionaries(st.integers(0, 4), ANY_TEXT))
def test_any_comment_text_round_trips(comments):
    g = Game()
    for m in ("d2-d3", "g9-g8", "e2-e3", "f9-f8"):
        g.play(m)
    text = record.write(g, comments=comments)
    folded = {k: " ".join(v.split()) for k, v in comments.items() if v.split()}
    assert record.read_annotated(text)[2] == folded


def test_every_gallery_game_has_a_comment_per_move():
    for entry in GALLERY.values():
        comments = entry.comments()
        assert set(comments) == set(range(len(entry.moves) + 1))
        for ply in list(entry.arrows) + list(entry.marks):
            assert 1 <= ply <= len(entry.moves)
