"""The lessons (py_engine/lessons.py): every task's intended solution meets it through the same
judge the page asks; wrong tries are refused with the engine's reason or fail with the game's."""
import re

import pytest

from py_engine.errors import IllegalMoveError, UsageError
from py_engine.facade import handle
from py_engine.lessons import LESSONS, judge, web_lessons
from py_engine.movegen import referee_for
from py_engine.pieces import BLACK, KIND, PIECES
from py_engine.rules import RuleSet
from py_engine.squares import file_of, parse_square, rank_of

TASKS = [(lesson.id, i) for lesson in LESSONS for i in range(len(lesson.tasks))]


@pytest.mark.parametrize("lesson_id,index", TASKS)
def test_every_tasks_solution_meets_it(lesson_id, index):
    task = next(x for x in LESSONS if x.id == lesson_id).tasks[index]
    start = judge(lesson_id, index, [])
    assert not start["done"] and not start["failed"] and start["legal"]
    verdict = judge(lesson_id, index, list(task.solution), seed=1)
    assert verdict["done"], verdict
    assert not verdict["legal"]                 # a task met takes no more moves
    with pytest.raises(IllegalMoveError):
        judge(lesson_id, index, list(task.solution) + [task.solution[-1]])


def test_the_lessons_cover_every_piece_and_the_rules_that_decide_games():
    ids = {lesson.id for lesson in LESSONS}
    assert {"panthan", "thoat", "warrior", "padwar", "dwar", "flier", "chief", "princess"} <= ids
    assert {"safety", "escape", "trapped", "chief-takes-chief", "lesser-takes-chief", "three-pieces",
            "repetition", "duels"} <= ids
    assert len(ids) == len(LESSONS)


def test_wrong_tries_explain_themselves():
    with pytest.raises(IllegalMoveError, match="cannot go there"):
        judge("panthan", 0, ["e3-e2"])
    with pytest.raises(IllegalMoveError, match="only the Panthan moves"):
        judge("panthan", 0, ["a1-a2"])
    with pytest.raises(IllegalMoveError, match="must be saved"):
        judge("safety", 0, ["a1-a2"])
    with pytest.raises(IllegalMoveError, match="third time"):
        judge("repetition", 0, ["d6-d4"])
    assert judge("chief-takes-chief", 0, ["c7xf7"])["failed"] == "Drawn: a Dwar took the Orange Chief"
    assert judge("chief", 0, ["e4xe7", "e7-e8", "e8-e9"])["failed"] == "not done in 3 moves"


def test_the_facade_judges_a_move_given_as_squares():
    reply = handle({"op": "lesson", "lesson": "panthan", "task": 0, "moves": ["e3-e4"],
                    "move": {"from": parse_square("e4"), "to": parse_square("e5")}})
    assert reply["ok"] and reply["lesson"]["mine"] == ["e3-e4", "e4-e5"]
    assert reply["lesson"]["stars"] == [parse_square("g6")]
    assert handle({"op": "lesson", "lesson": "nope"}) == {"ok": False, "error": "there is no lesson 'nope'"}
    assert not handle({"op": "lesson", "lesson": "panthan", "move": {"from": 3}})["ok"]
    with pytest.raises(UsageError):
        judge("panthan", 5, [])


def test_the_page_gets_texts_and_starts_but_no_solutions():
    shown = web_lessons()
    assert [x["id"] for x in shown] == [x.id for x in LESSONS]
    assert all("solution" not in t for x in shown for t in x["tasks"])


# How each piece moves, as its sentence in the piece table says it (pieces.py, "moves"), walked
# here on an empty board: file and rank offsets, Black moving up.
ORTHOGONAL = [(0, 1), (0, -1), (1, 0), (-1, 0)]
DIAGONAL = [(1, 1), (1, -1), (-1, 1), (-1, -1)]
WORDS = {"one": 1, "two": 2, "three": 3}


def walk_ends(steps):
    """Where walks end whose i-th step is one of ``steps[i]``, never onto a square twice."""
    ends = set()

    def go(path):
        if len(path) == len(steps) + 1:
            ends.add(path[-1])
            return
        for df, dr in steps[len(path) - 1]:
            square = (path[-1][0] + df, path[-1][1] + dr)
            if square not in path:
                go(path + [square])
    go([(0, 0)])
    return ends


def said(sentence):
    """The empty-board reach a piece's sentence describes."""
    if sentence.startswith("As the Chief"):
        sentence = KIND["C"].moves
    exactly = re.match(r"Exactly (two|three) (orthogonal |diagonal )?steps", sentence)
    if exactly:
        directions = {"orthogonal ": ORTHOGONAL, "diagonal ": DIAGONAL}.get(exactly.group(2) or "",
                                                                       ORTHOGONAL + DIAGONAL)
        return walk_ends([directions] * WORDS[exactly.group(1)])
    if sentence.startswith("One orthogonal step, then one diagonal step"):
        return walk_ends([ORTHOGONAL, DIAGONAL])
    if sentence.startswith("One step forward, sideways, or diagonally forward"):
        return {(0, 1), (1, 0), (-1, 0), (1, 1), (-1, 1)}
    raise AssertionError(f"no reading of: {sentence}")


def test_each_pieces_sentence_says_what_the_engine_does_and_the_lessons_say_it():
    """The piece table's sentences (the rules page's diagrams and the lessons) against the
    engine's own walk tables under the standard rules; every piece lesson says its piece's."""
    centre = parse_square("e5")
    tables = referee_for(RuleSet()).tables[BLACK]
    for kind in PIECES:
        engine = {(file_of(t) - file_of(centre), rank_of(t) - rank_of(centre))
                  for t in tables[kind.letter].walks[centre]}
        assert engine == said(kind.moves), kind.name
    for lesson in LESSONS:
        if lesson.id in {kind.option for kind in PIECES}:
            sentence = KIND[lesson.piece].moves
            assert sentence[0].lower() + sentence[1:] in lesson.text, lesson.id
        assert "up to" not in lesson.text, lesson.id


def test_a_task_with_a_move_limit_leaves_saying_it_to_the_page():
    """The page words a task's limit itself ("Within 3 moves.", learn.js), so no prompt says it too."""
    for lesson in LESSONS:
        for task in lesson.tasks:
            if task.most:
                assert not re.search(r"\bin (\d+|one|two|three|four|five) moves?\b", task.prompt), lesson.id
