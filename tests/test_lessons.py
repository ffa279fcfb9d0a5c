"""The lessons (py_engine/lessons.py): every task's intended solution meets it through the same
judge the page asks; wrong tries are refused with the engine's reason or fail with the game's."""
import pytest

from py_engine.errors import IllegalMoveError, UsageError
from py_engine.facade import handle
from py_engine.lessons import LESSONS, judge, web_lessons
from py_engine.squares import parse_square

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
    assert judge("chief-takes-chief", 0, ["c7xf7"])["failed"] == "a Chief was taken by a lesser piece"
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
