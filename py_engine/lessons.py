"""Learn Jetan by playing: one short lesson per piece and per rule that decides games, each a few
sentences and a board with only the pieces that matter, and tasks done by moving.

The positions live here, like the gallery's games, and the texts are messages: catalogue keys
(``lesson.<id>.title``, ``.text``, ``.task1``…) whose words are each language's, in
web/i18n/<language>.json; a piece lesson's text says how the piece moves in the piece table's
own words (its ``moves`` message). ``build.sh`` writes the lessons into the page's data (so a
lesson's board paints before the engine has loaded) and the page asks
:func:`judge` — through the facade's ``lesson`` request — whether a task is met. The tests replay
every task's intended solution through :func:`judge`.

A task is one of:

- ``stars``: move the lesson's piece onto every star. The other side never answers (the turn comes
  back to the learner after each move), and only pieces of the lesson's kind move.
- ``capture``: take every enemy piece but the Chief and the Princess within ``most`` moves, the
  other side never answering.
- ``win`` / ``draw``: play on against the engine (a shallow search, the same reply every time)
  until the game ends; met when it ends as asked within ``most`` moves.
- ``move``: make one legal move (a rule that refuses most moves explains itself when a move is
  refused: the engine's own reason).
- ``duel``: attack a piece under duel rules and see who wins (the other side never answers).

>>> judge("panthan", 0, [])["done"]
False
>>> judge("panthan", 0, LESSONS[0].tasks[0].solution)["done"]
True
"""
from __future__ import annotations

import random
from typing import Any, Dict, List, NamedTuple, Optional, Sequence, Tuple, Union

from .errors import IllegalMoveError, UsageError
from .game import Game
from .messages import Message
from .movegen import referee_for
from .notation import move_text, parse_move
from .pieces import KIND, SIDES
from .position import Position
from .rules import RuleSet
from .squares import SIZE, parse_square
from .values import Move

# How deep the engine looks for its answer in a lesson: enough to defend, the same every time.
REPLY_DEPTH = 2
EMPTY = ("",) * (SIZE * SIZE)


def board(pieces: str, side: str = "black", counter: int = 0) -> str:
    """A position from its pieces ("Ce1 Pf1 cj10 pa10": a letter, then a square; Black's
    letters capitals) and the side to move.

    >>> board("Ca1 Pb1 Nd3 ca10 pj10")
    'c8p/10/10/10/10/10/10/3N6/10/CP8 b Ee 0 1'
    """
    squares = list(EMPTY)
    for item in pieces.split():
        squares[parse_square(item[1:])] = item[0]
    return str(Position(tuple(squares), side=SIDES.index(side), counter=counter))


class Task(NamedTuple):
    """One thing to do on a lesson's board: its ``goal`` (see the module's text), what to tell
    the learner (``prompt``: a catalogue key), the ``start`` position (the learner's side to
    move), the ``stars`` to reach, the most moves allowed (0: no limit), moves played before the
    task starts (``history``, which the repetition rule sees) and the intended ``solution``,
    which the tests replay."""

    goal: str
    prompt: str
    start: str
    solution: Tuple[str, ...]
    stars: Tuple[str, ...] = ()
    most: int = 0
    history: Tuple[str, ...] = ()


class Lesson(NamedTuple):
    """A lesson: its id (the page's address for it), its title (a catalogue key) and text (a
    message), the rule set its tasks are played under, the kind of piece that moves in its
    ``stars`` and ``capture`` tasks (a letter, or "" for any), and its tasks."""

    id: str
    title: str
    text: Message
    rules: str
    piece: str
    tasks: Tuple[Task, ...]


# The Chiefs and Princesses every position needs, out of the way: Black's in the south-west
# corner, Orange's in the north-east.
KINGS = "Ca1 Pb1 cj10 pi10"
# Solo tasks need no three-piece rule: nobody answers, so its count would mean nothing.
SOLO = "threepiece=off"


def piece_text(key: str, letter: str) -> Message:
    """A piece lesson's text: message ``key``, with how the piece moves in the piece table's own
    words as its ``moves`` (so that no lesson words a gait its own way).

    >>> piece_text("lesson.thoat.text", "T").args["moves"]
    Message(key='piece.moves.thoat', args={})
    """
    return Message(key, {"moves": KIND[letter].moves_message})


# Each message key is written out whole, never built: the check that every key is used finds it by its text.
LESSONS: Tuple[Lesson, ...] = (
    Lesson("panthan", "lesson.panthan.title", piece_text("lesson.panthan.text", "N"), SOLO, "N", (
        Task("stars", "lesson.panthan.task1", board(f"{KINGS} Ne3"),
             ("e3-e4", "e4-e5", "e5-f6", "f6-g6"), stars=("e5", "g6")),
    )),
    Lesson("warrior", "lesson.warrior.title", piece_text("lesson.warrior.text", "W"), SOLO, "W", (
        Task("stars", "lesson.warrior.task1", board(f"{KINGS} Wd4"),
             ("d4-e5", "e5-g5", "g5-g7"), stars=("e5", "g5", "g7")),
    )),
    Lesson("padwar", "lesson.padwar.title", piece_text("lesson.padwar.text", "A"), SOLO, "A", (
        Task("stars", "lesson.padwar.task1", board(f"{KINGS} Ad4"),
             ("d4-d6", "d6-f8"), stars=("d6", "f8")),
    )),
    Lesson("thoat", "lesson.thoat.title", piece_text("lesson.thoat.text", "T"), SOLO, "T", (
        Task("stars", "lesson.thoat.task1", board(f"{KINGS} Td4"),
             ("d4-e6", "e6-f8", "f8-g8"), stars=("e6", "f8", "g8")),
    )),
    Lesson("dwar", "lesson.dwar.title", piece_text("lesson.dwar.text", "D"), SOLO, "D", (
        Task("stars", "lesson.dwar.task1", board(f"{KINGS} Dd4 Ne5 Nd5"),
             ("d4-f5", "f5-f8"), stars=("f5", "f8")),
    )),
    Lesson("flier", "lesson.flier.title", piece_text("lesson.flier.text", "F"), SOLO, "F", (
        Task("stars", "lesson.flier.task1", board(f"{KINGS} Fd4 Nc5 Ne5 Nc3 Ne3"),
             ("d4-g7", "g7-h4"), stars=("g7", "h4")),
    )),
    Lesson("chief", "lesson.chief.title", piece_text("lesson.chief.text", "C"), SOLO, "C", (
        Task("capture", "lesson.chief.task1", board("Ce4 Pb1 ca10 pj10 ne7 nh6 nf9"),
             ("e4xe7", "e7xh6", "h6xf9"), most=3),
    )),
    Lesson("princess", "lesson.princess.title", piece_text("lesson.princess.text", "P"), SOLO, "P", (
        Task("stars", "lesson.princess.task1", board("Ca1 Pe2 Ne3 Nd3 Nf3 cj10 pa10"),
             ("e2-e5", "e5-h6"), stars=("e5", "h6")),
    )),
    Lesson("safety", "lesson.safety.title", Message("lesson.safety.text"), "", "", (
        Task("move", "lesson.safety.task1", board("Ca1 Pe4 Wc6 ca10 pj10 de7"), ("c6-e6",)),
    )),
    Lesson("escape", "lesson.escape.title", Message("lesson.escape.text"), SOLO, "P", (
        Task("stars", "lesson.escape.task1", board("Pa1 Cb1 Na2 Nb2 cj10 pi10"), ("a1-h5",),
             stars=("h5",)),
    )),
    Lesson("trapped", "lesson.trapped.title", Message("lesson.trapped.text"), "", "", (
        Task("win", "lesson.trapped.task1", board("Cf6 Pa1 ca10 pj10").replace(" Ee ", " E "),
             ("f6-g7",), most=1),
    )),
    Lesson("chief-takes-chief", "lesson.chiefTakesChief.title", Message("lesson.chiefTakesChief.text"),
           "", "", (
               Task("win", "lesson.chiefTakesChief.task1", board("Ce5 Pa1 Dc7 cf7 pj10"), ("e5xf7",),
                    most=1),
           )),
    Lesson("lesser-takes-chief", "lesson.lesserTakesChief.title", Message("lesson.lesserTakesChief.text"),
           "", "", (
               Task("draw", "lesson.lesserTakesChief.task1",
                    board("Ca1 Pb1 Nd5 ce6 pi10 dh8 dg8 fc8 ff8 wa9"), ("d5xe6",), most=1),
           )),
    Lesson("three-pieces", "lesson.threePieces.title", Message("lesson.threePieces.text"), "", "", (
        Task("win", "lesson.threePieces.task1", board("Cd5 Pa1 Wb3 ce7 pj10 ah9", counter=8), ("d5xe7",),
             most=1),
    )),
    Lesson("repetition", "lesson.repetition.title", Message("lesson.repetition.text"), SOLO, "", (
        Task("move", "lesson.repetition.task1", board("Ca1 Pb1 Wd4 cj10 pi10 wg7", side="orange"),
             ("d6-f6",), history=("g7-g9", "d4-d6", "g9-g7", "d6-d4", "g7-g9", "d4-d6", "g9-g7")),
    )),
    Lesson("duels", "lesson.duels.title", Message("lesson.duels.text"),
           "setup=facing,first=orange,duel=even,odwar=on,threepiece=off", "", (
               Task("duel", "lesson.duels.task1", board("Ca1 Pb1 Dd4 cj10 pi10 nd7"), ("d4xd7",)),
           )),
)


def lesson(lesson_id: str) -> Lesson:
    for found in LESSONS:
        if found.id == lesson_id:
            return found
    raise UsageError("lesson.error.unknown", lesson=lesson_id[:40])


def task_of(lesson_id: str, index: int) -> Tuple[Lesson, Task]:
    found = lesson(lesson_id)
    if not 0 <= index < len(found.tasks):
        raise UsageError("lesson.error.noTask", lesson=found.id, task=index + 1)
    return found, found.tasks[index]


def judge(lesson_id: str, index: int, moves: Sequence[Union[str, Tuple[int, int]]],
          seed: Optional[int] = None) -> Dict[str, Any]:
    """Replay the learner's ``moves`` (texts, as ``mine`` returns them, or (from, to) squares)
    in task ``index`` of a lesson, with the other side's answers, and say where the task stands:
    ``position`` (to show), ``played`` (every move as played, the answers included, duel
    outcomes decided), ``mine`` (the learner's moves as played), ``last`` (the last move's
    squares),
    ``learner`` (their side), ``stars`` left (squares), ``done``, ``failed`` (why, as a
    message, or None), ``moves_left`` (0: no limit), ``legal`` (the learner's moves by square,
    while the task goes on) and ``result`` (the game's end, as a message, or None). An illegal
    move raises :class:`IllegalMoveError` with the engine's reason."""
    found, task = task_of(lesson_id, index)
    rules = RuleSet.parse(found.rules)
    solo = task.goal in ("stars", "capture", "duel")
    game = Game(rules, task.start, seed=seed)
    for text in task.history:
        game.play(text)
    learner = game.turn
    stars = [parse_square(s) for s in task.stars]
    played: List[str] = []
    failed: Optional[Message] = None
    dueled = False
    pos = game.position
    referee = referee_for(rules)
    mine: List[str] = []
    last: List[int] = []
    for count, given in enumerate(moves, 1):
        text = given if isinstance(given, str) else move_text(pos, Move(given[0], given[1]))
        if failed or _met(task, pos, stars, learner, game, solo, dueled):
            raise IllegalMoveError("lesson.error.over")
        if solo:
            move = parse_move(text, pos)
            allowed = _solo_moves(found, pos)
            if move.bare() not in allowed:
                raise IllegalMoveError(_why_not(found, pos, move, move_text(pos, move), referee))
            dueled = dueled or referee.is_duel(pos, move)
            ply = referee.play(pos, move, move.outcome, random.Random(seed))
            played.append(move_text(pos, ply.move))
            mine.append(played[-1])
            last = [move.frm, move.to]
            # Nobody answers: the turn comes straight back to the learner.
            pos = ply.position.with_board(ply.position.board, side=learner)
            stars = [s for s in stars if s != move.to]
        else:
            before = game.position
            ply = game.play(text)
            played.append(move_text(before, ply.move))
            mine.append(played[-1])
            last = [ply.move.frm, ply.move.to]
            if game.result is None and not _met(task, game.position, stars, learner, game, solo, dueled):
                reply = _reply(game)
                before = game.position
                answer = game.play(reply).move
                played.append(move_text(before, answer))
                last = [answer.frm, answer.to]
            pos = game.position
        if task.most and count >= task.most and not _met(task, pos, stars, learner, game, solo, dueled):
            failed = Message("lesson.notInTime", {"count": task.most})
        if not solo and game.result is not None and not _met(task, pos, stars, learner, game, solo, dueled):
            failed = result_message(game)
    done = _met(task, pos, stars, learner, game, solo, dueled) and not failed
    legal: Dict[str, List[int]] = {}
    if not done and not failed:
        for m in (_solo_moves(found, pos) if solo else game.legal_moves):
            if not m.is_pass:
                legal.setdefault(str(m.frm), []).append(m.to)
    return {"lesson": found.id, "task": index, "position": str(pos), "played": played, "mine": mine,
            "last": last,
            "learner": SIDES[learner], "stars": stars, "done": done,
            "failed": failed.json() if failed else None,
            "moves_left": max(0, task.most - len(moves)) if task.most else 0, "legal": legal,
            "result": _json(result_message(game)) if not solo else None}


def _solo_moves(found: Lesson, pos: Position) -> List[Any]:
    moves = referee_for(RuleSet.parse(found.rules)).legal_moves(pos)
    if not found.piece:
        return moves
    return [m for m in moves if not m.is_pass and pos.board[m.frm].upper() == found.piece]


def _why_not(found: Lesson, pos: Position, move: Any, text: str, referee: Any) -> Union[str, Message]:
    piece = pos.board[move.frm] if 0 <= move.frm < len(pos.board) else ""
    if piece and found.piece and piece.upper() != found.piece:
        name = RuleSet.parse(found.rules).piece_message(found.piece)
        return Message("lesson.error.onlyPiece", {"piece": name})
    why: Union[str, Message] = referee.why_illegal(pos, move, text)
    return why


def result_message(game: Game) -> Optional[Message]:
    """How the game ended, as a message, or None while it goes on."""
    return game.result_message()


def _json(message: Optional[Message]) -> Optional[Dict[str, Any]]:
    return message.json() if message else None


def _reply(game: Game) -> str:
    from .search import Searcher                      # the search is loaded only when needed
    searcher = Searcher(game.rules, seed=0)
    move = searcher.best_move(game.position, game.keys()[:-1], depth=REPLY_DEPTH)
    if move is None:
        raise IllegalMoveError("lesson.error.noReply")
    return move_text(game.position, move)


def _met(task: Task, pos: Position, stars: List[int], learner: int, game: Game, solo: bool,
         dueled: bool) -> bool:
    if task.goal == "duel":
        return dueled
    if task.goal == "stars":
        return not stars
    if task.goal == "capture":
        return not pos.pieces[1 - learner] or all(letter == "C" for _, letter in pos.pieces[1 - learner])
    result = game.result
    if task.goal == "win":
        return result is not None and result.winner == learner
    if task.goal == "draw":
        return result is not None and result.winner is None
    return len(game.plies) > len(task.history)           # "move": one move made


def web_lessons() -> List[Dict[str, Any]]:
    """The lessons as the page reads them (training-data.js): the title and every task's prompt
    as catalogue keys, the text as a message, the tasks' start positions and stars as squares;
    the solutions stay here."""
    return [{"id": found.id, "title": found.title, "text": found.text.json(), "rules": found.rules,
             "tasks": [{"goal": t.goal, "prompt": t.prompt, "start": _shown_start(found, t),
                        "stars": [parse_square(s) for s in t.stars], "most": t.most}
                       for t in found.tasks]}
            for found in LESSONS]


def _shown_start(found: Lesson, task: Task) -> str:
    if not task.history:
        return task.start
    game = Game(found.rules, task.start)
    for text in task.history:
        game.play(text)
    return str(game.position)

