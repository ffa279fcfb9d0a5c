"""The lessons (py_engine/lessons.py): every task's intended solution meets it through the same
judge the page asks; wrong tries are refused with the engine's reason or fail with the game's.
The lessons' words are the catalogues' (web/i18n/<language>.json): where a text states a rule,
its English is held to the engine (skipped where the pages are not, as in the Pyodide run)."""
import json
import re
from pathlib import Path

import pytest

from py_engine.errors import IllegalMoveError, UsageError
from py_engine.facade import handle
from py_engine.lessons import LESSONS, judge, web_lessons
from py_engine.messages import Message
from py_engine.movegen import referee_for
from py_engine.pieces import BLACK, KIND, PIECES
from py_engine.rules import RuleSet
from py_engine.squares import file_of, parse_square, rank_of

TASKS = [(lesson.id, i) for lesson in LESSONS for i in range(len(lesson.tasks))]
I18N = Path(__file__).resolve().parents[1] / "web" / "i18n"
# The Pyodide run copies the engine and its tests, not the pages (and their catalogues).
needs_catalogues = pytest.mark.skipif(not I18N.is_dir(), reason="the catalogues are not here")
PLACEHOLDER = re.compile(r"\{\{\s*(\w+)\s*\}\}")


def catalogue(lang):
    """A language's catalogue, flat: "lesson.chief.title" → its words."""
    def flat(tree, prefix=""):
        for name, value in tree.items():
            if isinstance(value, dict):
                yield from flat(value, f"{prefix}{name}.")
            else:
                yield prefix + name, value
    return dict(flat(json.loads((I18N / f"{lang}.json").read_text(encoding="utf-8"))))


def worded(said, lang="en"):
    """A message (a Message, its JSON, or a bare key) in ``lang``'s words, as the page words it
    (js/i18n.js): a key the catalogue lacks reads as itself, a ``count`` chooses the plural form
    (English's and German's: one, other), arguments that are messages are worded first."""
    words = catalogue(lang)
    if isinstance(said, str):
        said = Message(said)
    if isinstance(said, dict):
        said = Message(said["key"], said.get("args", {}))
    args = said.args
    text = None
    if isinstance(args.get("count"), int):
        text = words.get(f"{said.key}_{'one' if args['count'] == 1 else 'other'}")
    text = text or words.get(said.key, said.key)

    def argument(found):
        value = args.get(found.group(1), found.group(0))
        return worded(value, lang) if isinstance(value, (Message, dict)) else str(value)
    return PLACEHOLDER.sub(argument, text)


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
    with pytest.raises(IllegalMoveError) as refused:
        judge("panthan", 0, ["a1-a2"])
    assert refused.value.message == Message("lesson.error.onlyPiece", {"piece": Message("piece.panthan")})
    with pytest.raises(IllegalMoveError) as refused:
        judge("duels", 0, ["d4-d9"])        # any piece may move in a rule's lesson: the engine's reason
    assert refused.value.message.key != "lesson.error.onlyPiece"
    with pytest.raises(IllegalMoveError, match="must be saved"):
        judge("safety", 0, ["a1-a2"])
    with pytest.raises(IllegalMoveError, match="third time"):
        judge("repetition", 0, ["d6-d4"])
    with pytest.raises(IllegalMoveError) as refused:
        judge("chief", 0, ["e4xe7", "e7xh6", "h6xf9", "f9-f8"])
    assert refused.value.message == Message("lesson.error.over")
    assert judge("chief", 0, ["e4xe7", "e7-e8", "e8-e9"])["failed"] == \
        {"key": "lesson.notInTime", "args": {"count": 3}}
    drawn = judge("chief-takes-chief", 0, ["c7xf7"])
    assert drawn["failed"] and drawn["failed"] == drawn["result"] and not drawn["done"]
    won = judge("chief-takes-chief", 0, ["e5xf7"])
    assert won["done"] and won["failed"] is None and won["result"]
    assert judge("panthan", 0, ["e3-e4"])["result"] is None            # nobody answers: no game's end


@needs_catalogues
def test_a_verdict_is_worded_as_the_page_words_it():
    assert worded(judge("chief-takes-chief", 0, ["c7xf7"])["failed"]) == "Drawn: a Dwar took the Orange Chief"
    late = judge("chief", 0, ["e4xe7", "e7-e8", "e8-e9"])["failed"]
    assert worded(late) == "not done in 3 moves" and worded(late, "de") == "nicht in 3 Zügen geschafft"
    with pytest.raises(IllegalMoveError) as refused:
        judge("panthan", 0, ["a1-a2"])
    assert worded(refused.value.message) == "in this lesson only the Panthan moves"
    with pytest.raises(IllegalMoveError) as refused:
        judge("flier", 0, ["a1-a2"])
    assert worded(refused.value.message, "de") == "in dieser Lektion zieht nur die Figur Flieger"


def test_the_facade_judges_a_move_given_as_squares():
    reply = handle({"op": "lesson", "lesson": "panthan", "task": 0, "moves": ["e3-e4"],
                    "move": {"from": parse_square("e4"), "to": parse_square("e5")}})
    assert reply["ok"] and reply["lesson"]["mine"] == ["e3-e4", "e4-e5"]
    assert reply["lesson"]["stars"] == [parse_square("g6")]
    refused = handle({"op": "lesson", "lesson": "nope"})
    assert not refused["ok"]
    # The facade sends the message (its key and arguments) for the page to word.
    error = refused["error"]
    assert (error["key"] if isinstance(error, dict) else error) == "lesson.error.unknown"
    assert not handle({"op": "lesson", "lesson": "panthan", "move": {"from": 3}})["ok"]
    with pytest.raises(UsageError) as asked:
        judge("panthan", 5, [])
    assert asked.value.message == Message("lesson.error.noTask", {"lesson": "panthan", "task": 6})
    with pytest.raises(UsageError) as asked:
        judge("x" * 50, 0, [])
    assert asked.value.message == Message("lesson.error.unknown", {"lesson": "x" * 40})


def test_the_page_gets_texts_and_starts_but_no_solutions():
    shown = web_lessons()
    assert [x["id"] for x in shown] == [x.id for x in LESSONS]
    assert all("solution" not in t for x in shown for t in x["tasks"])
    # Its words as messages: the title and the prompts keys, the text a message.
    assert shown[0]["title"] == "lesson.panthan.title"
    assert shown[0]["tasks"][0]["prompt"] == "lesson.panthan.task1"
    assert shown[0]["text"] == {"key": "lesson.panthan.text",
                                "args": {"moves": KIND["N"].moves_message.json()}}


@needs_catalogues
@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_lessons_words_are_in_the_catalogues(lang):
    words = catalogue(lang)
    for lesson in web_lessons():
        keys = [lesson["title"], lesson["text"]["key"], *(task["prompt"] for task in lesson["tasks"])]
        assert [key for key in keys if key not in words] == [], lesson["id"]
        # A lesson's text says what it is given (a piece's moves), no more, no less.
        assert set(PLACEHOLDER.findall(words[lesson["text"]["key"]])) == set(lesson["text"].get("args", {}))


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
    """The empty-board reach a piece's sentence (in English) describes."""
    if sentence.startswith("As the Chief"):
        sentence = worded(KIND["C"].moves_message.key)
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


@needs_catalogues
def test_each_pieces_sentence_says_what_the_engine_does_and_the_lessons_say_it():
    """The piece table's sentences (the rules page's diagrams and the lessons), in English,
    against the engine's own walk tables under the standard rules; every piece lesson says its
    piece's (in every language: its text's placeholder, which the catalogues' test keeps)."""
    centre = parse_square("e5")
    tables = referee_for(RuleSet()).tables[BLACK]
    for kind in PIECES:
        engine = {(file_of(t) - file_of(centre), rank_of(t) - rank_of(centre))
                  for t in tables[kind.letter].walks[centre]}
        assert engine == said(worded(kind.moves)), kind.name
    for lesson in LESSONS:
        text = worded(lesson.text)
        if lesson.id in {kind.option for kind in PIECES}:
            assert lesson.text.args == {"moves": KIND[lesson.piece].moves_message}, lesson.id
            assert worded(KIND[lesson.piece].moves_message.key) in text, lesson.id
        assert "up to" not in text, lesson.id


@needs_catalogues
def test_a_task_with_a_move_limit_leaves_saying_it_to_the_page():
    """The page words a task's limit itself ("Within 3 moves.", learn.js), so no prompt says it too."""
    limits = {"en": r"\b(in|within) (\d+|one|two|three|four|five) moves?\b",
              "de": r"\b(in|innerhalb von|höchstens) (\d+|einem|eins|zwei|drei|vier|fünf) Zü(ge|gen)?\b"}
    for lang, limit in limits.items():
        for lesson in LESSONS:
            for task in lesson.tasks:
                if task.most:
                    assert not re.search(limit, worded(task.prompt, lang), re.I), (lang, lesson.id)
