"""How the shipped puzzles (:mod:`py_engine.puzzles`) are made and proved: positions from the
engine's own games in which the side to move forces a win in one to three of its moves, each
one proved by an exhaustive search. A tool: the browser's engine does not ship it.

What makes a position a puzzle (every point decided by :class:`Prover`, never by the engine's
judgement):

- the side to move wins within N of its moves (1 to 3) whatever the defender does, and not
  within fewer;
- exactly one first move wins within N;
- every defender reply in the solution delays the loss longest; the solver's later moves win
  as fast as possible; ties go to the first move in ``sorted()`` order (duel outcomes
  included), so the solution is a function of the position and the rules.

Duels (``duel=even`` or ``dice``) are treated as the worst luck for the solver: each outcome of
a duel counts as possible, so a solver's move wins only if it wins whatever the dice say, and
the defender may pick the outcome of its own duels. The solution then names the outcome it
follows (``d1xg4/a``).

Puzzles are posed without a game's history: the repetition rule looks back twelve positions,
but no repetition (and so no ban on one) can happen within the five plies of a puzzle, so the
history could not change any answer.

>>> prover = Prover(RuleSet())
>>> pos = Position.parse("p9/10/10/10/10/10/10/10/10/C1cP6 b - 0 1")
>>> prover.distance(pos, 3)
1
>>> [move_text(pos, m) for m in prover.winning_moves(pos, 1)]
['a1xc1']
"""
from __future__ import annotations

import hashlib
import json
import random
from typing import Callable, Dict, Iterator, List, NamedTuple, Optional, Sequence, Set, Tuple

from ..errors import JetanError
from ..game import Game
from ..movegen import FULL, Referee, referee_for
from ..notation import move_text
from ..pieces import BLACK
from ..position import Position
from ..puzzles import Puzzle, PuzzleError, length
from ..rules import PRESETS, RuleSet
from ..search import Level, Searcher
from ..values import Move, Ply

MAX_MOVES = 3                  # the longest puzzles: a solver's three moves, five plies
DEFAULT_SEED = 1               # the seed the shipped set was generated with
DEFAULT_COUNT = 152            # how many puzzles --generate makes unless told

# How a puzzle is won, by the result's reason; "escape" wins over all of them when the solver's
# own Princess makes her escape on the way (the one move of hers that surprises).
# Each theme a code, worded by the page (the catalogue's puzzle.theme.<code>).
THEMES = {"stalemate": "trapPrincess", "princess": "takePrincess",
          "chief": "chiefTakesChief", "chief_taken": "takeChief"}
ESCAPE = "escape"

NEVER = 1 << 30                # "no number of moves known to be enough", in the prover's table
TableKey = Tuple[int, Tuple[bool, bool], int]


# ---- the prover ---------------------------------------------------------------------------------

class Prover:
    """Decides forced wins of up to :data:`MAX_MOVES` moves under one rule set, exhaustively.

    ``wins(pos, n)``: can the side to move (the *solver*) win within ``n`` of its own moves,
    whatever the defender replies and however duels turn out? Answers are remembered per
    position (a transposition table of what is known both ways), so asking again, or for a
    larger ``n``, reuses the work.
    """

    def __init__(self, rules: RuleSet):
        self.rules = rules
        self.referee: Referee = referee_for(rules)
        # (key, escapes, counter) -> (n known too few, n known enough); the move number does not
        # matter to a result within five plies.
        self.table: Dict[TableKey, Tuple[int, int]] = {}
        # The defender's last refutation at each remaining depth: it often refutes the next
        # solver move too (the killer heuristic), which is most of the work of a "no".
        self.killers: Dict[int, Move] = {}
        self.nodes = 0

    # ---- the questions ----
    def wins(self, pos: Position, n: int) -> bool:
        """Can the side to move force a win within ``n`` (>= 1) of its moves?"""
        key = (pos.key, pos.escapes, pos.counter)
        too_few, enough = self.table.get(key, (0, NEVER))
        if n >= enough:
            return True
        if n <= too_few:
            return False
        self.nodes += 1
        won = self._search(pos, n)
        # The search may have learnt about this very position (a move and back): merge.
        too_few, enough = self.table.get(key, (0, NEVER))
        self.table[key] = (too_few, min(enough, n)) if won else (max(too_few, n), enough)
        if len(self.table) > 2_000_000:      # a long generation run: start afresh
            self.table.clear()
        return won

    def distance(self, pos: Position, limit: int = MAX_MOVES) -> Optional[int]:
        """The fewest solver moves that force a win, if ``limit`` or fewer do; else ``None``."""
        return next((n for n in range(1, limit + 1) if self.wins(pos, n)), None)

    def move_wins(self, pos: Position, move: Move, n: int) -> bool:
        """Does ``move`` force a win within ``n`` solver moves, itself included, whatever the
        outcome of the duel it may start?"""
        return all(self.after_wins(ply, n - 1) for ply in self.plies(pos, move))

    def winning_moves(self, pos: Position, n: int) -> List[Move]:
        """Every legal move that forces a win within ``n`` moves, in ``sorted()`` order."""
        moves = sorted(self.referee.legal_moves(pos))
        if n == 1:
            return sorted(self._immediate_wins(pos, moves))
        return [m for m in moves if self.move_wins(pos, m, n)]

    def after_wins(self, ply: Ply, n: int) -> bool:
        """The solver has just played ``ply``: has it won, or will it win within ``n`` more of
        its moves whatever the defender does (``n`` may be 0: won right now)?"""
        solver = 1 - ply.position.side
        if ply.result is not None:
            return ply.result.winner == solver
        pos = ply.position
        if n == 0 and self.referee.can_move(pos):
            return False        # not won now, and no move left to win with (stops at one reply)
        replies = self.referee.legal_moves(pos)
        if not replies:
            result = self.referee.outcome(pos, lambda: replies)
            return result is not None and result.winner == solver
        if n == 0:
            return False
        killer = self.killers.get(n)
        if killer in replies:
            replies.remove(killer)
            replies.insert(0, killer)
        for reply in replies:
            for answer in self.plies(pos, reply):
                if answer.result is not None:
                    if answer.result.winner != solver:
                        return False      # the defender won or drew (a Chief taken by a lesser piece)
                elif not self.wins(answer.position, n):
                    self.killers[n] = reply
                    return False
        return True

    def moves_left(self, ply: Ply, most: int) -> int:
        """How many more solver moves win after the solver's ``ply`` (0: it has won); the caller
        knows it is at most ``most``."""
        left = next((m for m in range(most + 1) if self.after_wins(ply, m)), None)
        if left is None:
            raise PuzzleError("the move does not win in time")    # never, when ``most`` is right
        return left

    def likely_moves(self, pos: Position) -> int:
        """How many moves a win may be looked for in ``pos`` with some hope, for the generator: 1
        while the defender's Princess can still escape anywhere (she flees whatever is coming:
        a longer win then hardly ever exists, and showing that costs the most), else 2. A
        guess that only skips work: whatever is found is proved in full."""
        them = 1 - pos.side
        return 1 if pos.escapes[them] and self.referee.escape[them] == "anywhere" else MAX_MOVES - 1

    def plies(self, pos: Position, move: Move) -> List[Ply]:
        """``move`` played, once for each outcome it can have (one, unless it starts a duel)."""
        return [self.referee.play(pos, move, outcome) for outcome, _ in self.referee.outcomes(pos, move)]

    # ---- the search ----
    def _search(self, pos: Position, n: int) -> bool:
        moves = self.referee.legal_moves(pos)
        if next(self._immediate_wins(pos, moves), None) is not None:
            return True
        if n == 1:
            return False
        # Two moves or more to go: fewest defender replies first, as a move that leaves the
        # defender little choice (her Princess threatened, her pieces hemmed in) is the likeliest
        # to force anything. With two to go most positions answer no, every move must be tried
        # anyway, and counting the replies would cost a fifth of the search: plain order there.
        candidates: List[Tuple[int, Move, List[Ply]]] = []
        for move in moves:
            plies = self.plies(pos, move)
            if any(p.result is not None and p.result.winner != pos.side for p in plies):
                continue                   # some outcome loses or draws at once
            replies = 0 if n < 3 else sum(len(self.referee.legal_moves(p.position))
                                          for p in plies if p.result is None)
            candidates.append((replies, move, plies))
        candidates.sort(key=lambda c: (c[0], c[1]))
        return any(all(self.after_wins(p, n - 1) for p in plies) for _, _, plies in candidates)

    def _immediate_wins(self, pos: Position, moves: Sequence[Move]) -> Iterator[Move]:
        """The moves among ``moves`` that win at once, whatever a duel's outcome.

        Only two kinds can: a capture of the enemy Chief or Princess, and a move that leaves the
        defender no legal move. For the second, the defender's Princess must have nowhere to go,
        and cheap bounds rule most moves out without playing them. After a move from ``f`` to
        ``t`` the solver threatens at most what its other pieces threaten with ``f`` emptied
        (and the defender's Princess lifted, as her own moves are judged), plus everything the
        moved piece could ever reach from ``t``. If some square she could go to stays outside
        that, she has a move. The first bound, for every move at once, lets the solver's own
        pieces block nothing; the second, per square ``f``, is exact about them. (Not for a
        frightened Princess: her paths, not only her squares, matter.)"""
        ref, us = self.referee, pos.side
        them = 1 - us
        royals = ("c", "p") if us == BLACK else ("C", "P")     # a tuple: "" is in any str
        princess = pos.princess[them]
        flights = -1 if ref.frightened[them] else ref.princess_reach(pos, them)
        lifted = pos.occupied & ~(1 << princess)
        # Her squares that no solver piece but the moved one could threaten, however it moves.
        loose = flights & ~ref.attacks(pos, us, lifted & ~pos.by_side[us]) if flights >= 0 else 0
        empty = ~pos.occupied & FULL
        tables = ref.tables[us]
        bounds: Dict[int, int] = {}
        for move in moves:
            if not move.is_pass and pos.board[move.to] not in royals and flights >= 0:
                f, t = move.frm, move.to
                letter = pos.board[f].upper()
                reach = 0 if letter == "P" else tables[letter].reach[t]
                free = (empty | 1 << f) & ~(1 << t)         # the empty squares after the move
                if loose & free & ~reach:
                    continue
                if f not in bounds:
                    bounds[f] = ref.attacks(pos, us, lifted & ~(1 << f))
                if flights & free & ~(bounds[f] | reach):
                    continue
            if all(self.after_wins(ply, 0) for ply in self.plies(pos, move)):
                yield move


# ---- puzzles ------------------------------------------------------------------------------------

class Solution(NamedTuple):
    """A position's solution: the moves as text, the plies they make, and the theme."""

    moves: List[str]
    plies: List[Ply]
    theme: str


def puzzle_id(position: str, rules: str) -> str:
    """Six hex digits of the SHA-256 of the rules and the position: stable, short, and (for a few
    hundred puzzles) unique.

    >>> puzzle_id("p9/10/10/10/10/10/10/10/10/C1cP6 b - 0 1", "")
    'fe33b9'
    """
    return hashlib.sha256(f"{rules}|{position}".encode()).hexdigest()[:6]


def rules_text(rules: RuleSet) -> str:
    """How a puzzle writes its rule set: the canonical text (``""`` for the standard game, a
    preset's own text for a preset), which ``--rules`` and :meth:`RuleSet.parse` read back."""
    return str(rules)


def preset_of(puzzle: Puzzle) -> Optional[str]:
    """The name of the preset whose rules the puzzle uses (``standard`` …), or ``None``."""
    text = str(RuleSet.parse(puzzle["rules"]))
    return next((name for name, p in PRESETS.items() if p.rules == text), None)


def solve(rules: RuleSet, pos: Position, prover: Optional[Prover] = None,
          limit: int = MAX_MOVES) -> Solution:
    """The puzzle's solution in ``pos`` (the side to move solves), by the criteria of the
    module's notes. Raises :class:`PuzzleError` saying why ``pos`` is not a puzzle."""
    prover = prover or Prover(rules)
    referee = prover.referee
    referee.check_position(pos)
    fewest = prover.distance(pos, limit)
    if fewest is None:
        raise PuzzleError(f"no forced win within {limit} moves")
    n = fewest
    first = prover.winning_moves(pos, n)
    if len(first) != 1:
        texts = ", ".join(move_text(pos, m) for m in first[:4])
        raise PuzzleError(f"{len(first)} first moves win in {n}: {texts}")
    moves: List[str] = []
    plies: List[Ply] = []
    move = first[0]
    while True:
        # The solver's move: every outcome of a duel wins; follow the one that holds out longest
        # (max() keeps the first of equals: "a" before "d").
        ply = max(prover.plies(pos, move), key=lambda p: prover.moves_left(p, n - 1))
        moves.append(move_text(pos, ply.move))
        plies.append(ply)
        left = prover.moves_left(ply, n - 1)
        if left == 0:
            break
        # The defender's reply: of every reply and outcome, in sorted() order, the first that
        # delays the loss longest. The solver then needs exactly ``left`` more moves.
        after = ply.position
        answers = [p for r in sorted(referee.legal_moves(after)) for p in prover.plies(after, r)]
        answer = max(answers, key=lambda p: 0 if p.result else prover.distance(p.position, left) or 0)
        moves.append(move_text(after, answer.move))
        plies.append(answer)
        pos, n = answer.position, left
        move = prover.winning_moves(pos, n)[0]      # the fastest win, first in sorted() order
    last = plies[-1]
    result = last.result or referee.outcome(last.position, lambda: referee.legal_moves(last.position))
    assert result is not None and result.winner == 1 - last.position.side    # proved above
    escaped = any(p.escaped for p in plies[::2])
    return Solution(moves, plies, ESCAPE if escaped else THEMES[result.reason])


def make_puzzle(rules: RuleSet, pos: Position, prover: Optional[Prover] = None) -> Puzzle:
    """The puzzle of ``pos`` under ``rules`` (raises :class:`PuzzleError` if it is none)."""
    solution = solve(rules, pos, prover)
    position, text = str(pos), rules_text(rules)
    return {"id": puzzle_id(position, text), "position": position, "rules": text,
            "solution": solution.moves, "theme": solution.theme}


def prove(puzzle: Puzzle, prover: Optional[Prover] = None) -> None:
    """Check every claim of ``puzzle`` (its id, rules, position, solution and theme) against the
    prover. Raises :class:`PuzzleError` (or the notation's own :class:`JetanError`) saying what
    is wrong."""
    missing = {"id", "position", "rules", "solution", "theme"} - set(puzzle)
    if missing:
        raise PuzzleError(f"the puzzle lacks {', '.join(sorted(missing))}")
    rules = RuleSet.parse(puzzle["rules"])
    pos = Position.parse(puzzle["position"])
    if rules_text(rules) != puzzle["rules"] or str(pos) != puzzle["position"]:
        raise PuzzleError("its rules or position are not written in their canonical form")
    if puzzle["id"] != puzzle_id(puzzle["position"], puzzle["rules"]):
        raise PuzzleError(f"its id should be {puzzle_id(puzzle['position'], puzzle['rules'])}")
    if prover is not None and prover.rules != rules:
        prover = None
    found = solve(rules, pos, prover)
    if found.moves != puzzle["solution"]:
        raise PuzzleError(f"the solution is {' '.join(found.moves)}, "
                          f"not {' '.join(map(str, puzzle['solution']))}")
    if found.theme != puzzle["theme"]:
        raise PuzzleError(f"the theme is '{found.theme}', not '{puzzle['theme']}'")


def prove_all(puzzles: Sequence[Puzzle]) -> List[str]:
    """Prove every puzzle; one line for each that fails (``id: why``)."""
    failures = []
    provers: Dict[str, Prover] = {}
    for puzzle in puzzles:
        try:
            rules = RuleSet.parse(puzzle.get("rules", ""))
            prover = provers.setdefault(str(rules), Prover(rules))
            prove(puzzle, prover)
        except JetanError as err:
            failures.append(f"{puzzle.get('id', '?')}: {err}")
    return failures


def dumps(puzzle: Puzzle) -> str:
    """One puzzle as a line of compact JSON with sorted keys (how the shipped file is written)."""
    return json.dumps(puzzle, sort_keys=True, separators=(",", ":"))


# ---- the generator ------------------------------------------------------------------------------

# The share of each preset in a generated set: mostly the standard game, the rest split evenly
# (each gets at least a handful however small the count).
STANDARD_SHARE = 0.8
# The most puzzles of each length, as a share of a preset's quota: one-movers are plentiful in
# real games and easy, so they are held back; three-movers are rare and take the longest to prove.
LENGTH_SHARE = {1: 0.45, 2: 1.0, 3: 0.35}
# The players of the games, one ply deep (no clock), with the depths and slips of the levels 1-3
# of the day the shipped puzzles were made (the levels for people have changed since; these still
# suit the generator). Their slips leave wins on the board; two plies were tried too, but those
# games are long and slow and hold fewer puzzles per second of work.
PLAYERS = (Level(1, slips=350), Level(1, slips=120), Level(1))
MAX_PLIES = 160                  # a game still going after this many plies is left there


def quotas(count: int) -> Dict[str, int]:
    """How many puzzles of ``count`` each preset gets (at least one each).

    >>> quotas(152)
    {'standard': 122, 'manator': 10, 'cazaux': 10, 'savard': 10}
    """
    others = [name for name in PRESETS if name != "standard"]
    each = max(1, round(count * (1 - STANDARD_SHARE) / len(others)))
    shares = {name: each for name in others}
    return {"standard": max(1, count - each * len(others)), **shares}


def play_game(rules: RuleSet, rng: random.Random) -> Game:
    """A game of the engine against itself: a few random opening moves (no Princess moves, no
    duels, as in :func:`py_engine.tools.match.openings`), then two players drawn from :data:`PLAYERS`,
    searching to their depth limits only, so that the same ``rng`` state plays the same game."""
    game = Game(rules, seed=rng.randrange(2 ** 32))
    for _ in range(rng.randint(2, 6)):
        pos = game.position
        quiet = [m for m in game.legal_moves if pos.board[m.frm] not in "Pp"
                 and not game.referee.is_duel(pos, m)]
        if not quiet:          # over already, or only the Princess or a duel can answer a threat
            break
        game.play(rng.choice(quiet))
    players = (rng.choice(PLAYERS), rng.choice(PLAYERS))
    searchers = (Searcher(rules, seed=rng.randrange(2 ** 32)), Searcher(rules, seed=rng.randrange(2 ** 32)))
    while game.result is None and len(game.plies) < MAX_PLIES:
        move = searchers[game.turn].best_move(game.position, game.keys()[:-1], level=players[game.turn])
        assert move is not None                  # the game goes on, so there is a move
        game.play(move)
    return game


def puzzles_of(game: Game, prover: Prover) -> Iterator[Puzzle]:
    """Every puzzle among the positions of ``game`` (after its opening's first two plies). Wins in
    one or two are looked for everywhere; a win in three only where the game itself shows one:
    the side to move went on to win with its third move from there (proving that no three-move
    win exists costs seconds, and elsewhere the answer is nearly always no)."""
    positions = game.positions
    winner = game.result.winner if game.result else None
    for i, pos in enumerate(positions[:-1]):
        if i < 2:
            continue
        witnessed = winner == pos.side and len(positions) - 1 - i == 2 * MAX_MOVES - 1
        if prover.distance(pos, MAX_MOVES if witnessed else prover.likely_moves(pos)) is None:
            continue
        try:
            yield make_puzzle(game.rules, pos, prover)
        except PuzzleError:
            continue




def generate(count: int = DEFAULT_COUNT, seed: int = DEFAULT_SEED,
             report: Callable[[str], None] = lambda line: None) -> List[Puzzle]:
    """``count`` puzzles from the engine's games, sorted by id: the same ``seed`` gives the same
    puzzles, byte for byte (no clock is read). ``report`` hears of each game."""
    rng = random.Random(seed)
    wanted = quotas(count)
    found: Dict[str, List[Puzzle]] = {name: [] for name in PRESETS}
    seen: Set[str] = set()          # positions (bar the move number) and ids already taken
    provers = {name: Prover(RuleSet.parse(p.rules)) for name, p in PRESETS.items()}
    games = 0
    while any(len(found[name]) < wanted[name] for name in PRESETS):
        # The preset furthest from its quota plays next (the first such in PRESETS' order).
        name = min((n for n in PRESETS if len(found[n]) < wanted[n]),
                   key=lambda n: len(found[n]) / wanted[n])
        prover = provers[name]
        game = play_game(prover.rules, rng)
        games += 1
        taken = 0
        for puzzle in puzzles_of(game, prover):
            same = " ".join(puzzle["position"].split()[:4])
            room = LENGTH_SHARE[length(puzzle)] * wanted[name]
            if same in seen or puzzle["id"] in seen or len(found[name]) >= wanted[name] or \
                    sum(length(p) == length(puzzle) for p in found[name]) >= room:
                continue
            seen.update((same, puzzle["id"]))
            found[name].append(puzzle)
            taken += 1
        report(f"game {games} ({name}, {len(game.plies)} plies, {game.result or 'unfinished'}): "
               f"{taken} puzzles; {sum(map(len, found.values()))} of {count}")
    return sorted((p for name in PRESETS for p in found[name]), key=lambda p: p["id"])


__all__ = ["Prover", "Solution", "solve", "make_puzzle", "prove", "prove_all", "dumps", "generate",
           "puzzle_id", "preset_of", "THEMES", "ESCAPE"]
