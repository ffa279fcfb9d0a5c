"""Learn Jetan by playing: one short lesson per piece and per rule that decides games, each a few
sentences and a board with only the pieces that matter, and tasks done by moving.

The texts and positions live here, like the gallery's games; ``build.sh`` writes them into the
page's data (so a lesson's board paints before the engine has loaded) and the page asks
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
    the learner, the ``start`` position (the learner's side to move), the ``stars`` to reach,
    the most moves allowed (0: no limit), moves played before the task starts (``history``,
    which the repetition rule sees) and the intended ``solution``, which the tests replay."""

    goal: str
    prompt: str
    start: str
    solution: Tuple[str, ...]
    stars: Tuple[str, ...] = ()
    most: int = 0
    history: Tuple[str, ...] = ()


class Lesson(NamedTuple):
    """A lesson: its id (the page's address for it), title, text, the rule set its tasks are
    played under, the kind of piece that moves in its ``stars`` and ``capture`` tasks (a letter,
    or "" for any), and its tasks."""

    id: str
    title: str
    text: str
    rules: str
    piece: str
    tasks: Tuple[Task, ...]


# The Chiefs and Princesses every position needs, out of the way: Black's in the south-west
# corner, Orange's in the north-east.
KINGS = "Ca1 Pb1 cj10 pi10"
# Solo tasks need no three-piece rule: nobody answers, so its count would mean nothing.
SOLO = "threepiece=off"


def piece_text(letter: str, lead: str, more: str) -> str:
    """A piece lesson's text: ``lead``, how the piece moves in the piece table's own words (so
    that no lesson words a gait its own way), and ``more``.

    >>> piece_text("T", "The Thoat", "It does not jump.")
    'The Thoat: one orthogonal step, then one diagonal step. It does not jump.'
    """
    moves = KIND[letter].moves
    return f"{lead}: {moves[0].lower()}{moves[1:]} {more}"

LESSONS: Tuple[Lesson, ...] = (
    Lesson("panthan", "The Panthan",
           piece_text("N", "The Panthan is the foot soldier",
                      "Panthans never promote, however far they go."),
           SOLO, "N", (
               Task("stars", "Walk the Panthan onto both stars.", board(f"{KINGS} Ne3"),
                    ("e3-e4", "e4-e5", "e5-f6", "f6-g6"), stars=("e5", "g6")),
           )),
    Lesson("warrior", "The Warrior",
           piece_text("W", "The Warrior", "It turns, if at all, after the first step, and nothing may "
                      "stand on the square it passes over."),
           SOLO, "W", (
               Task("stars", "Reach every star with the Warrior.", board(f"{KINGS} Wd4"),
                    ("d4-e5", "e5-g5", "g5-g7"), stars=("e5", "g5", "g7")),
           )),
    Lesson("padwar", "The Padwar",
           piece_text("A", "The Padwar", "Turning brings it two squares straight ahead, behind or aside."),
           SOLO, "A", (
               Task("stars", "Reach every star with the Padwar.", board(f"{KINGS} Ad4"),
                    ("d4-d6", "d6-f8"), stars=("d6", "f8")),
           )),
    Lesson("thoat", "The Thoat",
           piece_text("T", "The Thoat, the rider", "It lands like a knight of chess, or on a square "
                      "beside where it began, and does not jump."),
           SOLO, "T", (
               Task("stars", "Ride the Thoat onto every star.", board(f"{KINGS} Td4"),
                    ("d4-e6", "e6-f8", "f8-g8"), stars=("e6", "f8", "g8")),
           )),
    Lesson("dwar", "The Dwar",
           piece_text("D", "The Dwar, the captain", "It may turn as it likes, but never onto a square "
                      "twice and never over a piece."),
           SOLO, "D", (
               Task("stars", "Reach every star with the Dwar.", board(f"{KINGS} Dd4 Ne5 Nd5"),
                    ("d4-f5", "f5-f8"), stars=("f5", "f8")),
           )),
    Lesson("flier", "The Flier",
           piece_text("F", "The Flier", "It turns as it likes, and pieces in its way do not stop it."),
           SOLO, "F", (
               Task("stars", "Fly over your Panthans onto every star.",
                    board(f"{KINGS} Fd4 Nc5 Ne5 Nc3 Ne3"), ("d4-g7", "g7-h4"), stars=("g7", "h4")),
           )),
    Lesson("chief", "The Chief",
           piece_text("C", "The Chief, the king of the game", "He does not jump, and he is the "
                      "strongest piece on the board."),
           SOLO, "C", (
               Task("capture", "Take all three Panthans with your Chief.",
                    board("Ce4 Pb1 ca10 pj10 ne7 nh6 nf9"), ("e4xe7", "e7xh6", "h6xf9"), most=3),
           )),
    Lesson("princess", "The Princess",
           piece_text("P", "The Princess", "She may not stand on a square the enemy threatens."),
           SOLO, "P", (
               Task("stars", "Jump the Princess onto both stars.", board("Ca1 Pe2 Ne3 Nd3 Nf3 cj10 pa10"),
                    ("e2-e5", "e5-h6"), stars=("e5", "h6")),
           )),
    Lesson("safety", "The Princess must be safe",
           "No move may leave your own Princess on a square the enemy threatens. When she is "
           "threatened she must be saved at once: she moves away, a piece steps in between, or "
           "the attacker is taken.",
           "", "", (
               Task("move", "The Orange Dwar threatens your Princess. Save her: any other move is "
                    "refused.", board("Ca1 Pe4 Wc6 ca10 pj10 de7"), ("c6-e6",)),
           )),
    Lesson("escape", "The Princess's escape",
           "Once in a game the Princess may escape: go to any empty square of the board that "
           "the enemy does not threaten, however far. Only a move she could not make otherwise "
           "uses it up.",
           SOLO, "P", (
               Task("stars", "The star is far out of her reach: use her escape.",
                    board("Pa1 Cb1 Na2 Nb2 cj10 pi10"), ("a1-h5",), stars=("h5",)),
           )),
    Lesson("trapped", "A trapped Princess loses",
           "A player who has no legal move loses. That is most often a Princess trapped: "
           "threatened, her escape spent, every square she could go to threatened as well, and "
           "nothing that can shield her or take the attacker.",
           "", "", (
               Task("win", "Orange's Princess has used her escape. Trap her with your Chief.",
                    board("Cf6 Pa1 ca10 pj10").replace(" Ee ", " E "), ("f6-g7",), most=1),
           )),
    Lesson("chief-takes-chief", "Chief takes Chief",
           "The game is won by taking the enemy Chief with your own Chief. If any other piece "
           "takes him, the game is only drawn.",
           "", "", (
               Task("win", "Win the game: take the Orange Chief, with the right piece.",
                    board("Ce5 Pa1 Dc7 cf7 pj10"), ("e5xf7",), most=1),
           )),
    Lesson("lesser-takes-chief", "A lesser piece takes the Chief",
           "When a piece other than the Chief takes the enemy Chief, the game ends in a draw. "
           "When you are lost, that draw is worth finding.",
           "", "", (
               Task("draw", "Orange is far stronger. Save half a point: draw the game.",
                    board("Ca1 Pb1 Nd5 ce6 pi10 dh8 dg8 fc8 ff8 wa9"), ("d5xe6",), most=1),
           )),
    Lesson("three-pieces", "Three pieces each",
           "When each side is down to at most three pieces, the Chief and the Princess among "
           "them, and the third pieces are worth the same, the game is drawn unless someone wins "
           "within ten more plies. The position counts the plies.",
           "", "", (
               Task("win", "Eight plies have passed: win now, or the count reaches ten and it is "
                    "a draw.", board("Cd5 Pa1 Wb3 ce7 pj10 ah9", counter=8), ("d5xe7",), most=1),
           )),
    Lesson("repetition", "No third repetition",
           "A move may not bring back a position (the pieces where they are, the same side to "
           "move) that has already been seen twice in the last twelve positions. Shuffling back "
           "and forth runs out.",
           SOLO, "", (
               Task("move", "Both Warriors have gone back and forth. Going back to d4 would repeat "
                    "the position a third time: make another move.",
                    board("Ca1 Pb1 Wd4 cj10 pi10 wg7", side="orange"), ("d6-f6",),
                    history=("g7-g9", "d4-d6", "g9-g7", "d6-d4", "g7-g9", "d4-d6", "g9-g7")),
           )),
    Lesson("duels", "Duels (the Manator rules)",
           "Under the rules of the book's Chapter 17 every capture but the Princess's is a "
           "duel: the attacker or the defender wins, with even chances, and the loser leaves "
           "the board. An attacker that loses has still used its turn.",
           "setup=facing,first=orange,duel=even,odwar=on,threepiece=off", "", (
               Task("duel", "Attack the Orange Panthan with your Dwar, and see who wins the duel.",
                    board("Ca1 Pb1 Dd4 cj10 pi10 nd7"), ("d4xd7",)),
           )),
)


def lesson(lesson_id: str) -> Lesson:
    for found in LESSONS:
        if found.id == lesson_id:
            return found
    raise UsageError(f"there is no lesson '{lesson_id[:40]}'")


def task_of(lesson_id: str, index: int) -> Tuple[Lesson, Task]:
    found = lesson(lesson_id)
    if not 0 <= index < len(found.tasks):
        raise UsageError(f"lesson '{found.id}' has no task {index + 1}")
    return found, found.tasks[index]


def judge(lesson_id: str, index: int, moves: Sequence[Union[str, Tuple[int, int]]],
          seed: Optional[int] = None) -> Dict[str, Any]:
    """Replay the learner's ``moves`` (texts, as ``mine`` returns them, or (from, to) squares)
    in task ``index`` of a lesson, with the other side's answers, and say where the task stands:
    ``position`` (to show), ``played`` (every move as played, the answers included, duel
    outcomes decided), ``mine`` (the learner's moves as played), ``last`` (the last move's
    squares),
    ``learner`` (their side), ``stars`` left (squares), ``done``, ``failed`` (why, or ""),
    ``moves_left`` (0: no limit) and ``legal`` (the learner's moves by square, while the task
    goes on). An illegal move raises :class:`IllegalMoveError` with the engine's reason."""
    found, task = task_of(lesson_id, index)
    rules = RuleSet.parse(found.rules)
    solo = task.goal in ("stars", "capture", "duel")
    game = Game(rules, task.start, seed=seed)
    for text in task.history:
        game.play(text)
    learner = game.turn
    stars = [parse_square(s) for s in task.stars]
    played: List[str] = []
    failed = ""
    dueled = False
    pos = game.position
    referee = referee_for(rules)
    mine: List[str] = []
    last: List[int] = []
    for count, given in enumerate(moves, 1):
        text = given if isinstance(given, str) else move_text(pos, Move(given[0], given[1]))
        if failed or _met(task, pos, stars, learner, game, solo, dueled):
            raise IllegalMoveError("this task is over: start it again or go on to the next")
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
            failed = f"not done in {task.most} move{'s' if task.most > 1 else ''}"
        if not solo and game.result is not None and not _met(task, pos, stars, learner, game, solo, dueled):
            failed = game.result_words() or ""
    done = _met(task, pos, stars, learner, game, solo, dueled) and not failed
    legal: Dict[str, List[int]] = {}
    if not done and not failed:
        for m in (_solo_moves(found, pos) if solo else game.legal_moves):
            if not m.is_pass:
                legal.setdefault(str(m.frm), []).append(m.to)
    return {"lesson": found.id, "task": index, "position": str(pos), "played": played, "mine": mine,
            "last": last,
            "learner": SIDES[learner], "stars": stars, "done": done, "failed": failed,
            "moves_left": max(0, task.most - len(moves)) if task.most else 0, "legal": legal,
            "result": (game.result_words() or "") if not solo else ""}


def _solo_moves(found: Lesson, pos: Position) -> List[Any]:
    moves = referee_for(RuleSet.parse(found.rules)).legal_moves(pos)
    if not found.piece:
        return moves
    return [m for m in moves if not m.is_pass and pos.board[m.frm].upper() == found.piece]


def _why_not(found: Lesson, pos: Position, move: Any, text: str, referee: Any) -> str:
    piece = pos.board[move.frm] if 0 <= move.frm < len(pos.board) else ""
    if piece and found.piece and piece.upper() != found.piece:
        return f"in this lesson only the {RuleSet.parse(found.rules).piece_name(found.piece)} moves"
    return str(referee.why_illegal(pos, move, text))


def _reply(game: Game) -> str:
    from .search import Searcher                      # the search is loaded only when needed
    searcher = Searcher(game.rules, seed=0)
    move = searcher.best_move(game.position, game.keys()[:-1], depth=REPLY_DEPTH)
    if move is None:
        raise IllegalMoveError("the engine has no move")
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
    """The lessons as the page reads them (engine-data.js): texts, tasks, start positions and
    stars as squares; the solutions stay here."""
    return [{"id": found.id, "title": found.title, "text": found.text, "rules": found.rules,
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

