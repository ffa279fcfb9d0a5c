"""The engine: negamax alpha-beta with iterative deepening, a transposition table, move ordering
and quiescence, over any rule set; and an evaluation in Jetan terms.

:meth:`Searcher.iterate` is a generator: after each finished depth it yields an :class:`Info`
(depth, score, principal variation, nodes, time), so a caller can show "thinking" and stop when it
likes. A deadline is checked inside the search (the browser cannot interrupt Python); when it
passes, the last finished depth's move stands, unless a move searched at the unfinished depth has
already beaten it there. A caller may also give a ``breathe`` function, called every
``BREATH_S`` seconds of searching: the browser's worker uses it to let its event loop run (and
hear a stop) in the middle of a depth; when it returns ``True`` the search ends as at the deadline.
Where the caller cannot breathe inside a call (a browser without JSPI), ``slice_ms`` makes the
search itself pause that often: it yields an :class:`Info` marked ``paused`` and, when resumed,
goes on with the same depth from the root's next move, the transposition table still full, so
little is searched twice.

Scores are centi-feathers from the side to move's view. A won game scores ``MATE`` less the plies
it takes (faster wins are better, slower losses less bad); a draw scores ``CONTEMPT`` (three
feathers) below even for the engine's own side and as much above it for the enemy, so the engine
takes a draw (a lesser piece taking the enemy Chief) only when clearly behind, and otherwise keeps
its Chief and Princess out of the reach that would offer the enemy one. Engine matches showed why
it must be that large: with half a feather, every evaluation swing made one side take a draw, and
most games between levels were drawn (docs/strength.md, "Draws, contempt and the Chief's
safety"). The two beginners' levels rate a draw far lower still (:data:`BEGINNERS_CONTEMPT`).
Under duel rules a capture is a chance node worth the odds-weighted average of its two outcomes.
"""
from __future__ import annotations

import random
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Callable, Dict, Iterator, List, Optional, Sequence, Tuple

from .errors import IllegalMoveError, UsageError
from .gaits import ANY, counted, gait_squares
from .movegen import Referee, referee_for
from .values import PASS, Move, Result
from .position import Position
from .pieces import BLACK, ORANGE, PIECES
from .rules import RuleSet

if TYPE_CHECKING:
    from .game import Game

MATE = 100_000
INFINITY = 10 * MATE
MAX_DEPTH = 64             # the deepest a search goes when neither its level nor its caller says
WON = MATE - 1000          # scores beyond this are forced results
CONTEMPT = 300             # how much worse than even the engine rates a draw for itself
FEATHER = 100

# Evaluation weights (centi-feathers). Fitted to the results of 256 engine games by
# ``python -m py_engine tune`` (Texel's way, see tune.py) and kept because a match said so: the
# fitted weights against the hand-set ones before them, +32 =18 -14 of 64 at 100 ms a move
# (docs/strength.md, "Screens"). Where the fit turned a term around, the comment says what it found.
WEIGHTS = {
    "mobility": 3,          # per square a side's pieces (Princess aside) could move onto
    "panthan_rank": -3,     # per rank a Panthan has advanced (they never come back): the fit
                            # found advancing them worth nothing, holding them back a little
    "flight": 40,           # per free, unthreatened square her normal move reaches (up to 4):
                            # a few keep her from being trapped, more add nothing
    "princess_pressure": 21,  # per enemy-attacked square next to the Princess
    "hunters": 0,           # per enemy piece within three squares of her: the fit found the
                            # pressure and flight terms say it all (it was 30)
    "guards": -9,           # per own piece next to her: a crowd that takes her flight squares
    "sortie": 25,           # per rank she stands beyond her own third of the board
    "escape": 224,          # the escape still in hand: the way out of any trap
    "chief_hunted": -53,    # own Chief attacked by a lesser piece. A bonus, by the fit: in a
                            # quiet position quiescence has found the attack harmless, and a
                            # Chief attacked there is one in the enemy's camp
    "chief_flight": 48,     # per square (up to 4) the Chief could step to with no enemy reaching it
    "chief_pressure": 12,   # per enemy-attacked square next to the Chief
    "chief_sortie": 66,     # per rank the Chief stands beyond the middle of the board
    "chief_value": 500,     # material value of a Chief when losing it does not end the game
    "tempo": 6,
    # What each kind is worth: centi-feathers per feather of its value in the rules (a Dwar is
    # three feathers: at 88 the engine counts it 264). The fit valued a Panthan's one feather
    # most and a Flier's least.
    "panthan": 94,
    "warrior": 82,
    "padwar": 80,
    "thoat": 73,
    "dwar": 88,
    "flier": 61,
}

# How much worse than even the beginners' levels rate a draw for themselves: twenty feathers, so
# that they never save a lost game by taking the enemy Chief with a lesser piece (a beginner does
# not know the trick) and guard their own Chief as if losing it lost the game. With the usual
# contempt the weaker side of a game between low levels took that draw in most games it was
# losing, and the levels could hardly be told apart (docs/strength.md, "The levels").
BEGINNERS_CONTEMPT = 2000


@dataclass(frozen=True)
class Level:
    """What one of the levels for people sees. Depth is what separates the upper levels; the
    lower ones also miss what a beginner misses, the way a person does, rather than playing a
    random move now and then (issue 24: random noise on the root's moves played moves no
    person would).

    ``depth``: plies searched before quiescence (``None``: as deep as the time allows).
    ``threats``: does it see a threat to a Princess — a move that would leave her no square —
    and to a Chief a lesser piece could take, and the answers to them? Without, it still never
    leaves its Princess where she can be taken at once, nor misses taking the enemy's.
    ``exchanges``: does it follow captures past its depth? Without, a capture it makes looks
    won whatever the recapture, and a piece it leaves where the enemy can take it looks safe.
    ``contempt``: how much worse than even it rates a draw for itself (the module's notes).
    ``slips``: the chance in thousandths that it overlooks each piece but the Chiefs and
    Princesses (watched from the first game) for one move: a capture by or of that piece is not
    seen, a missed capture or a piece left loose.
    """

    depth: Optional[int]
    threats: bool = True
    exchanges: bool = True
    contempt: int = CONTEMPT
    slips: int = 0


# The levels for people, each measured against the one below it in matches at the app's time
# (docs/strength.md, "The ladder"): a beginner's first games, a beginner who sees threats, then one,
# two and three plies with everything seen, then as deep as the time allows. (Level 4 without
# the threats, tried to set it further below level 5, fell to level 3's strength.)
LEVELS: Dict[int, Level] = {
    1: Level(1, threats=False, exchanges=False, contempt=BEGINNERS_CONTEMPT, slips=300),
    2: Level(1, exchanges=False, contempt=BEGINNERS_CONTEMPT),
    3: Level(1),
    4: Level(2),
    5: Level(3),
    6: Level(None),
}
FULL_STRENGTH = LEVELS[6]

# Pruning near the leaves (issue 24). A node within a few plies of quiescence whose static score
# is far above beta is cut at once (reverse futility), and at the last two plies quiet moves
# that could not lift a score far below alpha are not searched (futility); neither applies while
# the Princess is threatened, a Chief is hunted, the enemy has fewer than four pieces besides
# the Princess, or a forced result is in sight. Margins per
# remaining depth, in centi-feathers (a Panthan is 100).
REVERSE_FUTILITY = (0, 150, 300)
FUTILITY = (0, 100, 250)
# Late-move pruning: at the last plies, quiet moves ordered after this many (history and killers
# put the promising ones first) are not searched at all.
LATE_MOVES = (0, 14, 22)
QUIESCENCE_PLIES = 8       # how deep captures are followed past the search's depth
DELTA_MARGIN = 200         # what else a capture in quiescence might gain beyond its victim
RESCUE_PLIES = 1           # ... and rescues of a threatened Princess or hunted Chief
THREAT_FLIGHTS = 1         # at the horizon, threats to a Princess with this few flights

EXACT, LOWER, UPPER = 0, 1, 2
# The transposition table: (key, escapes, counter) -> (depth, score, bound, best move).
TableKey = Tuple[int, Tuple[bool, bool], int]
TableEntry = Tuple[int, int, int, Optional[Move]]
# What quiescence knows of a position (see Searcher._static): attack sets, score, hunted Chief.
Static = Tuple[Tuple[int, int], int, int]
REMEMBERED_STATICS = 100_000   # evaluations kept before starting afresh


# How often a search lets its caller breathe (see the module's notes): a stop is heard within
# this, plus up to CHECK_EVERY nodes.
BREATH_S = 0.01
# How many nodes a search goes between looks at the clock (powers of two); a search in slices
# looks every CLOSE_CHECK_EVERY: nothing else can end it on time (in a WebKitGTK just restored,
# a slice of 100 ms took 1.5 s, 256 nodes of a level-6 search's depth 2).
CHECK_EVERY = 256
CLOSE_CHECK_EVERY = 16


class Timeout(Exception):
    """The deadline passed inside the search."""


class Pause(Exception):
    """The search's slice of time ended (Searcher.slice_ms): it goes on when resumed."""


@dataclass
class Info:
    """Progress after one finished depth."""

    depth: int
    score: int
    pv: List[Move]
    nodes: int
    time_ms: int
    complete: bool = True       # False: the deadline cut this depth short (``pv`` is one move)
    paused: bool = False        # a pause (Searcher.slice_ms): no depth finished, nothing to report

    @property
    def move(self) -> Optional[Move]:
        return self.pv[0] if self.pv else None


class Evaluator:
    """Static evaluation under one rule set."""

    def __init__(self, rules: RuleSet, weights: Optional[Dict[str, int]] = None):
        self.rules = rules
        self.referee: Referee = referee_for(rules)
        self.w = dict(WEIGHTS, **(weights or {}))
        chief_matters = rules.get("chief_capture") == "continue"
        # A kind without a weight of its own (a new piece) counts its feathers as they are.
        self.values = [{kind.letter: rules.feathers(kind.letter, side) *
                        self.w.get(kind.option, FEATHER) for kind in PIECES if kind.feathers}
                       for side in (BLACK, ORANGE)]
        for v in self.values:
            v["C"] = self.w["chief_value"] if chief_matters else 0
        # Panthan advance bonus per square, per side.
        self.advance = [[(sq // 10 - 1) * self.w["panthan_rank"] for sq in range(100)],
                        [(8 - sq // 10) * self.w["panthan_rank"] for sq in range(100)]]
        self.princess_reach = [self.referee.tables[s]["P"].reach for s in (BLACK, ORANGE)]
        self.chief_reach = [self.referee.tables[s]["C"].reach for s in (BLACK, ORANGE)]
        # Ranks the Princess stands beyond her side's first three.
        self.sortie = [[max(0, sq // 10 - 2) for sq in range(100)],
                       [max(0, 7 - sq // 10) for sq in range(100)]]
        self.chief_sortie = [[max(0, sq // 10 - 4) for sq in range(100)],
                             [max(0, 5 - sq // 10) for sq in range(100)]]
        king = gait_squares(counted(1, True, (ANY,))).reach
        self.neighbours = [king[sq] for sq in range(100)]

    def attack_sets(self, pos: Position) -> Tuple[int, int]:
        """The squares each side's pieces (Princess aside) could move onto."""
        return (self.referee.attacks(pos, BLACK, pos.occupied),
                self.referee.attacks(pos, ORANGE, pos.occupied))

    def __call__(self, pos: Position, attacks: Optional[Tuple[int, int]] = None) -> int:
        ref, w = self.referee, self.w
        attacks = attacks or self.attack_sets(pos)
        score = [0, 0]
        for side in (BLACK, ORANGE):
            enemy = 1 - side
            values, advance = self.values[side], self.advance[side]
            total = 0
            for sq, letter in pos.pieces[side]:
                total += values[letter]
                if letter == "N":
                    total += advance[sq]
                elif letter == "C":
                    total += self._chief_safety(pos, sq, side, attacks[enemy])
            total += w["mobility"] * (attacks[side] & ~pos.by_side[side]).bit_count()
            princess = pos.princess[side]
            if princess >= 0:
                flights = self.princess_reach[side][princess] & ~pos.occupied & ~attacks[enemy]
                total += w["flight"] * min(flights.bit_count(), 4)
                near = self.neighbours[princess]
                total -= w["princess_pressure"] * (near & attacks[enemy]).bit_count()
                total += w["guards"] * (near & pos.by_side[side]).bit_count()
                total -= w["hunters"] * (self.princess_reach[side][princess] &
                                         pos.by_side[enemy]).bit_count()
                total -= w["sortie"] * self.sortie[side][princess]
                if pos.escapes[side] and ref.escape[side] != "none":
                    total += w["escape"]
            score[side] = total
        us = pos.side
        return score[us] - score[1 - us] + w["tempo"]

    def _chief_safety(self, pos: Position, sq: int, side: int, enemy_attacks: int) -> int:
        """A Chief that lesser pieces could take offers the enemy a draw: keep it covered."""
        w = self.w
        flights = self.chief_reach[side][sq] & ~pos.occupied & ~enemy_attacks
        score = (w["chief_flight"] * min(flights.bit_count(), 4) -
                 w["chief_pressure"] * (self.neighbours[sq] & enemy_attacks).bit_count() -
                 w["chief_sortie"] * self.chief_sortie[side][sq])
        if enemy_attacks >> sq & 1 and self.hunted_by_lesser(pos, sq, 1 - side):
            score -= w["chief_hunted"]
        return score

    def hunted_by_lesser(self, pos: Position, chief: int, enemy: int) -> bool:
        """Is the Chief on ``chief`` attacked by an enemy piece other than the enemy Chief?"""
        tables = self.referee.tables[enemy]
        for sq, letter in pos.pieces[enemy]:
            if letter == "C":
                continue
            walks, jumps, reach, _ = tables[letter]
            if reach[sq] >> chief & 1 and (jumps or any(
                    not m & pos.occupied for m in walks[sq][chief])):
                return True
        return False


@dataclass
class Searcher:
    """One engine under one rule set; keeps its transposition table between searches."""

    rules: RuleSet
    seed: Optional[int] = None
    weights: Optional[Dict[str, int]] = None
    tt: Dict[TableKey, TableEntry] = field(default_factory=dict)
    statics: Dict[Tuple[int, Tuple[bool, bool]], Static] = field(default_factory=dict)
    breathe: Optional[Callable[[], bool]] = None    # True: stop now (see the module's notes)
    slice_ms: Optional[int] = None                  # pause this often (see the module's notes)

    def __post_init__(self) -> None:
        self.referee: Referee = referee_for(self.rules)
        self.evaluate = Evaluator(self.rules, self.weights)
        self.rng = random.Random(self.seed)
        self.chief_loss_ends = (self.referee.chief_capture != "continue" and
                                self.referee.duel == "off")
        self.three_piece_draws = self.referee.threepiece
        self.check_mask = (CLOSE_CHECK_EVERY if self.slice_ms is not None else CHECK_EVERY) - 1
        self.nodes = 0
        self.root_side = BLACK
        self.deadline = float("inf")
        self.pause_at = float("inf")
        self.pause_from = 0             # ... once this many nodes are searched (iterate)
        self.next_breath = 0.0
        self.root_best: Optional[Tuple[int, Move]] = None
        self.level = FULL_STRENGTH      # what this search sees (see Level)
        self.overlooked = 0             # squares of pieces overlooked this move (the slips)
        self.killers: Dict[int, List[Move]] = {}
        self.history: Dict[Tuple[int, int], int] = {}

    # ---- public ------------------------------------------------------------------------------
    def iterate(self, pos: Position, history: Sequence[int] = (), *, level: Level = FULL_STRENGTH,
                max_depth: Optional[int] = None, time_ms: Optional[int] = None) -> Iterator[Info]:
        """Search ``pos`` (``history``: repetition keys of the earlier positions) ever deeper,
        yielding after each finished depth, as ``level`` sees the game (:class:`Level`), to
        ``max_depth`` (default: the level's) and for ``time_ms`` (``None``: no deadline)."""
        start = time.perf_counter()
        if pos.side != self.root_side or level != self.level:
            self.statics.clear()        # drawn positions' scores there are the root side's
        if level != self.level:
            self.tt.clear()             # another level scores positions otherwise
        self.root_side, self.level = pos.side, level
        if max_depth is None:
            max_depth = level.depth or MAX_DEPTH
        if time_ms is not None and time_ms < 1:
            raise UsageError("engine.search.time", time=time_ms)
        self.deadline = start + time_ms / 1000 if time_ms is not None else float("inf")
        self.nodes = 0
        self.killers.clear()
        self.history.clear()
        keys = list(history)
        moves = self.referee.legal_moves(pos, keys)
        if not moves:
            return
        self.overlooked = self._overlook(pos, level.slips) if level.slips else 0
        searched = [m for m in moves if not self._unseen(pos, m)] or moves
        best: Optional[Move] = None
        for depth in range(1, max_depth + 1):
            # A depth resumed after a pause goes on from the root's next move (``finished``: the
            # root moves this depth has searched, with their scores); below the root, the table
            # answers what was finished. The nodes a slice searches at the least: a slice that
            # finished nothing new (no root move, and the table did not grow) doubles it, or a
            # slice too short to get through one large subtree would never finish the depth (at
            # 256 nodes a slice middlegame-2's depth 2 never did).
            finished: List[Tuple[Move, int]] = []
            least, stored = CLOSE_CHECK_EVERY, (0, len(self.tt))
            while True:
                self.root_best = None
                if self.slice_ms is not None:
                    self.pause_at = time.perf_counter() + self.slice_ms / 1000
                    self.pause_from = self.nodes + least
                try:
                    score, best = self._root(pos, keys, depth, searched, best, finished)
                    break
                except Pause:
                    progress = (len(finished), len(self.tt))
                    if progress <= stored:
                        least *= 2
                    stored = progress
                    elapsed = int((time.perf_counter() - start) * 1000)
                    yield Info(depth, 0, [], self.nodes, elapsed, complete=False, paused=True)
                except Timeout:
                    # The unfinished depth searched the last best move first: a move that has
                    # since beaten it at this depth is the better choice.
                    if self.root_best and self.root_best[1] != best:
                        score, move = self.root_best
                        elapsed = int((time.perf_counter() - start) * 1000)
                        yield Info(depth, score, [move], self.nodes, elapsed, complete=False)
                    return
            pv = [best, *self._pv_after(pos, best, depth - 1)]
            elapsed = int((time.perf_counter() - start) * 1000)
            yield Info(depth, score, pv, self.nodes, elapsed)
            if abs(score) > WON or len(moves) == 1:
                return

    def best_move(self, pos: Position, history: Sequence[int] = (), *, level: Level = FULL_STRENGTH,
                  time_ms: Optional[int] = None, depth: Optional[int] = None) -> Optional[Move]:
        """The move of the last progress report (depth 1 always finishes)."""
        last = None
        for info in self.iterate(pos, history, level=level, max_depth=depth, time_ms=time_ms):
            last = info
        if last is None:
            moves = self.referee.legal_moves(pos, list(history))
            if not moves:
                return None
            # Not even depth one finished in time: finish it without a deadline.
            last = next(self.iterate(pos, history, level=level, max_depth=1))
        return last.move

    def _overlook(self, pos: Position, slips: int) -> int:
        """The squares of the pieces overlooked this move (:attr:`Level.slips`)."""
        found = 0
        for side in (BLACK, ORANGE):
            for sq, letter in pos.pieces[side]:
                if letter not in "CP" and self.rng.randrange(1000) < slips:
                    found |= 1 << sq
        return found

    def _unseen(self, pos: Position, move: Move) -> bool:
        """Is ``move`` a capture by or of an overlooked piece?"""
        return bool(self.overlooked) and not move.is_pass and bool(pos.board[move.to]) and bool(
            (self.overlooked >> move.frm | self.overlooked >> move.to) & 1)

    # ---- the tree ----------------------------------------------------------------------------
    def _root(self, pos: Position, keys: List[int], depth: int, moves: List[Move],
              previous: Optional[Move], finished: List[Tuple[Move, int]]) -> Tuple[int, Move]:
        """Search the root's ``moves`` to ``depth``; ``finished`` holds the moves already searched
        to this depth (a depth resumed after a pause) and gets each move as it finishes."""
        alpha, best_move, best_score = -INFINITY, None, -INFINITY
        for move, score in finished:
            if score > best_score:
                best_score, best_move = score, move
                alpha = max(alpha, score)
                self.root_best = (best_score, best_move)
        searched = {move for move, _ in finished}
        ordered = self._order(pos, [m for m in moves if m not in searched], previous, 0)
        keys.append(pos.key)
        try:
            for move in ordered:
                if best_move is None:
                    score = self._child(pos, move, depth, alpha, INFINITY, 0, keys)
                else:
                    # Principal variation search: prove the move no better with a null window,
                    # and search it in full only when it is.
                    score = self._child(pos, move, depth, alpha, alpha + 1, 0, keys)
                    if score > alpha:
                        score = self._child(pos, move, depth, alpha, INFINITY, 0, keys)
                finished.append((move, score))
                if score > best_score:
                    best_score, best_move = score, move
                    alpha = max(alpha, score)
                    self.root_best = (best_score, best_move)
        finally:
            keys.pop()
        self._store(pos, depth, best_score, EXACT, best_move)
        assert best_move is not None            # ``moves`` is never empty
        return best_score, best_move

    def _child(self, pos: Position, move: Move, depth: int, alpha: int, beta: int, ply: int,
               keys: List[int]) -> int:
        """The score of ``move`` for the side making it."""
        outcomes = self.referee.outcomes(pos, move)
        if len(outcomes) == 1:
            return self._after(pos, move, outcomes[0][0], depth, alpha, beta, ply, keys)
        # A duel that can go either way: the odds-weighted score of both outcomes, each searched
        # with a full window (a bound on one would not bound the average).
        return int(sum(p * self._after(pos, move, o, depth, -INFINITY, INFINITY, ply, keys)
                       for o, p in outcomes))

    def _after(self, pos: Position, move: Move, outcome: str, depth: int, alpha: int, beta: int,
               ply: int, keys: List[int]) -> int:
        ref = self.referee
        played = ref.play(pos, move, outcome)
        child = played.position
        ended = ref.decided(child, played, keys.count(child.key) if ref.draw_on_repetition else 0)
        if ended is not None:
            return self._result_score(ended, pos.side, ply + 1)
        if depth <= 1:
            return -self._quiesce(child, -beta, -alpha, ply + 1, keys, 0)
        return -self._negamax(child, depth - 1, -beta, -alpha, ply + 1, keys)

    def _result_score(self, result: Result, mover: int, ply: int) -> int:
        if result.winner is None:
            return self._draw(mover)
        return MATE - ply if result.winner == mover else -MATE + ply

    def _draw(self, side: int) -> int:
        """A draw's score for ``side``: the level's contempt below zero for the side the engine plays,
        as much above it for the enemy (see the module's notes)."""
        contempt = self.level.contempt
        return -contempt if side == self.root_side else contempt

    def _tick(self) -> None:
        self.nodes += 1
        if self.nodes & self.check_mask:
            return
        now = time.perf_counter()
        if now > self.deadline:
            raise Timeout
        if now > self.pause_at and self.nodes >= self.pause_from:
            raise Pause
        if self.breathe is not None and now > self.next_breath:
            if self.breathe():
                self.deadline = 0.0          # stopped: every later check times out at once
                raise Timeout
            self.next_breath = time.perf_counter() + BREATH_S

    def _negamax(self, pos: Position, depth: int, alpha: int, beta: int, ply: int,
                 keys: List[int]) -> int:
        self._tick()
        ref = self.referee
        ended = ref.decided(pos)
        if ended is not None:
            return self._result_score(ended, pos.side, ply)
        key = (pos.key, pos.escapes, pos.counter)
        entry = self.tt.get(key)
        tt_move = None
        if entry:
            e_depth, e_score, e_flag, tt_move = entry
            if e_depth >= depth:
                if e_flag == EXACT or (e_flag == LOWER and e_score >= beta) or \
                        (e_flag == UPPER and e_score <= alpha):
                    return e_score
        moves = ref.legal_moves(pos, keys)
        if not moves:
            return self._no_moves(pos, ply)
        in_danger = ref.princess_threatened(pos, pos.side)
        futile = -INFINITY          # quiet moves need to gain more than this to matter
        # With few enemy pieces left a quiet move can end the game (a trapped Princess, a
        # stalemate): there every move is searched.
        prunable = depth < len(LATE_MOVES) and not in_danger and abs(beta) < WON and \
            len(pos.pieces[1 - pos.side]) >= 4
        if prunable:
            attacks, static, hunted = self._static(pos)
            # Not when a Princess can be taken (a result is in sight) or a Chief is hunted.
            prunable = hunted < 0 and not attacks[pos.side] >> pos.princess[1 - pos.side] & 1
            if prunable and static - REVERSE_FUTILITY[depth] >= beta:
                return static - REVERSE_FUTILITY[depth]
            futile = alpha - static - FUTILITY[depth]
            # Quiet moves onto a square from which the piece reaches the enemy Princess or a
            # square next to her are threats, Jetan's checks: never pruned.
            tables = self.referee.tables[pos.side]
            zone = self.evaluate.neighbours[pos.princess[1 - pos.side]] | \
                1 << pos.princess[1 - pos.side]
        if self._null_move_cuts(pos, depth, beta, ply, keys, in_danger):
            return beta
        original_alpha = alpha
        best, best_move = -INFINITY, None
        keys.append(pos.key)
        try:
            for i, move in enumerate(self._order(pos, moves, tt_move, ply)):
                quiet = not pos.board[move.to]
                if quiet and prunable and best > -WON and (futile > 0 or i >= LATE_MOVES[depth]) \
                        and not (move.is_pass or tables[pos.board[move.frm].upper()].reach[move.to]
                                 & zone):
                    best = max(best, alpha - max(futile, 0))   # what a skipped move is assumed worth
                    continue
                if i == 0:
                    score = self._child(pos, move, depth, alpha, beta, ply, keys)
                else:
                    # Principal variation search: later moves are first tried with a null
                    # window, and late quiet ones one ply shallower (from depth 2 on: a match
                    # at equal depth found that no weaker, and it saves a third of the nodes).
                    reduce = depth >= 2 and i >= 4 and quiet and not in_danger
                    score = self._child(pos, move, depth - reduce, alpha, alpha + 1, ply, keys)
                    if alpha < score and (reduce or score < beta):
                        score = self._child(pos, move, depth, alpha, beta, ply, keys)
                if score > best:
                    best, best_move = score, move
                    if score > alpha:
                        alpha = score
                        if alpha >= beta:
                            if quiet and not move.is_pass:
                                self._remember_cutoff(move, depth, ply)
                            break
        finally:
            keys.pop()
        flag = EXACT if original_alpha < best < beta else (LOWER if best >= beta else UPPER)
        self._store(pos, depth, best, flag, best_move)
        return best

    def _null_move_cuts(self, pos: Position, depth: int, beta: int, ply: int, keys: List[int],
                        in_danger: bool) -> bool:
        """Null-move pruning: if even passing the turn keeps the score above ``beta`` at reduced
        depth, the real moves surely do too. Not while the Princess is threatened, near forced
        results, or with few pieces left (where having to move can hurt)."""
        if depth < 3 or in_danger or abs(beta) > WON or len(pos.pieces[pos.side]) < 4:
            return False
        passed = pos.changed(pos.board, 1 - pos.side, pos.escapes, pos.counter,
                             pos.move_number, (), ())
        keys.append(pos.key)
        try:
            if depth > 3:
                score = -self._negamax(passed, depth - 3, -beta, -beta + 1, ply + 1, keys)
            else:
                score = -self._quiesce(passed, -beta, -beta + 1, ply + 1, keys, 0)
        finally:
            keys.pop()
        return score >= beta

    def _no_moves(self, pos: Position, ply: int) -> int:
        """The score of a position whose side to move has no legal move (the stalemate rule)."""
        result = self.referee.outcome(pos, lambda: ())
        assert result is not None               # no legal move always decides the game
        return self._result_score(result, pos.side, ply)

    def _quiesce(self, pos: Position, alpha: int, beta: int, ply: int, keys: List[int],
                 qdepth: int) -> int:
        """Safe captures until quiet. Two threats are not quiet: a threatened Princess (every
        rescue is searched, and none at all loses), and under ``chief_capture=draw``/``win`` a
        Chief a lesser piece could take (standing pat is then worth no more than the enemy
        taking it, and the Chief's own moves are searched too)."""
        self._tick()
        ref = self.referee
        ended = ref.decided(pos)
        if ended is not None:
            return self._result_score(ended, pos.side, ply)
        attacks, best, chief = self._static(pos)
        us, them = pos.side, 1 - pos.side
        level = self.level
        rescue_plies = RESCUE_PLIES if level.threats else 0
        if attacks[them] >> pos.princess[us] & 1:
            if qdepth >= rescue_plies:
                return best if ref.can_move(pos, keys) else self._no_moves(pos, ply)
            moves = ref.legal_moves(pos, keys)
            if not moves:
                return self._no_moves(pos, ply)
            return self._quiesce_over(pos, moves, -INFINITY, alpha, beta, ply, keys, qdepth)
        if chief >= 0:
            best = min(best, self._chief_lost(us, ply + 1))
        if best >= beta or qdepth >= QUIESCENCE_PLIES:
            return best
        values = self.evaluate.values
        board, defended = pos.board, attacks[them]
        retreat = chief if qdepth < rescue_plies else -1
        hopeless = alpha - best - DELTA_MARGIN     # a capture must win more than this to matter

        overlooked = self.overlooked

        def worth_searching(m: Move) -> bool:
            if m.frm == retreat and not defended >> m.to & 1:
                return True                 # the hunted Chief steps somewhere safe
            victim = board[m.to]
            if not victim or (overlooked >> m.frm | overlooked >> m.to) & 1:
                return False
            if victim in "CcPp":
                return True
            if not level.exchanges:
                return False
            # Only captures that cannot lose material at once: of an undefended piece, or of
            # one worth at least the attacker (a cheap stand-in for static exchange evaluation).
            gain = values[them][victim.upper()]
            return gain > hopeless and (not defended >> m.to & 1 or
                                        gain >= values[us][board[m.frm].upper()])

        target = pos.princess[them]
        boxed = level.threats and qdepth == 0 and target >= 0 and (
            self.evaluate.princess_reach[them][target] & ~pos.occupied & ~attacks[us]
        ).bit_count() <= THREAT_FLIGHTS
        candidates = ref.basic_moves(pos, captures_only=retreat < 0 and not boxed)
        if boxed:
            # The enemy Princess has hardly a square to flee to: a quiet move that threatens her
            # may leave the enemy no legal move at all, a win the horizon would hide.
            tables = ref.tables[us]
            keys.append(pos.key)
            try:
                for m in candidates:
                    if board[m.to] or m.is_pass or board[m.frm] in "Pp" or \
                            not tables[board[m.frm].upper()].reach[m.to] >> target & 1:
                        continue
                    step = ref.play(pos, m, "")
                    if step.result is None and not ref.can_move(step.position, keys):
                        score = -self._no_moves(step.position, ply + 1)
                        if score > WON:
                            return score
            finally:
                keys.pop()
        moves = [m for m in candidates if worth_searching(m)]
        return self._quiesce_over(pos, moves, best, alpha, beta, ply, keys, qdepth)

    def _quiesce_over(self, pos: Position, moves: List[Move], best: int, alpha: int, beta: int,
                      ply: int, keys: List[int], qdepth: int) -> int:
        """Quiescence over ``moves``, starting from the stand-pat score ``best``."""
        ref = self.referee
        alpha = max(alpha, best)
        keys.append(pos.key)
        try:
            for move in self._order(pos, moves, None, ply):
                if ref.is_duel(pos, move):
                    # A duel in quiescence is judged one ply deep, both outcomes weighed by their
                    # odds: searching every chain of chance nodes would explode.
                    score = int(sum(p * self._static_after(pos, move, o, ply)
                                    for o, p in ref.outcomes(pos, move)))
                else:
                    score = self._quiet_after(pos, move, "", alpha, beta, ply, keys, qdepth)
                if score > best:
                    best = score
                    if score > alpha:
                        alpha = score
                        if alpha >= beta:
                            break
        finally:
            keys.pop()
        return best

    def _static(self, pos: Position) -> Static:
        """What quiescence needs to know of ``pos`` before searching it: both sides' attack
        sets, the static evaluation, and the square of a hunted Chief of the side to move (see
        :meth:`_hunted_chief`). Remembered, since a search meets many positions more than once
        (two in five quiescence nodes on the bench middlegames)."""
        entry = (pos.key, pos.escapes)
        found = self.statics.get(entry)
        if found is None:
            if len(self.statics) >= REMEMBERED_STATICS:
                self.statics.clear()
            attacks = self.evaluate.attack_sets(pos)
            found = self.statics[entry] = (
                attacks, self.evaluate(pos, attacks),
                self._hunted_chief(pos, pos.side, attacks[1 - pos.side]))
            if self.three_piece_draws and len(pos.pieces[0]) <= 2 and len(pos.pieces[1]) <= 2 \
                    and self.referee.three_piece_holds(pos.board):
                # Three pieces each, the third ones equal: drawn unless won within ten plies,
                # which the search itself must find; whatever the material, it is worth a draw.
                # The rule's own verdict, not a weighed term: in the 300 ms match against the
                # baseline (docs/strength.md, "Against an older engine"), too rare there to be
                # measured alone.
                found = self.statics[entry] = (attacks, self._draw(pos.side), found[2])
        return found

    def _hunted_chief(self, pos: Position, side: int, enemy_attacks: int) -> int:
        """The square of ``side``'s Chief if an enemy lesser piece could take it and that would
        end the game (no duel to fight first); otherwise -1."""
        if not self.chief_loss_ends:
            return -1
        sq = next((s for s, letter in pos.pieces[side] if letter == "C"), -1)
        if sq >= 0 and enemy_attacks >> sq & 1 and \
                self.evaluate.hunted_by_lesser(pos, sq, 1 - side):
            return sq
        return -1

    def _chief_lost(self, side: int, ply: int) -> int:
        """The score for ``side`` of its Chief taken by a lesser piece at ``ply``."""
        return self._draw(side) if self.referee.chief_capture == "draw" else -MATE + ply

    def _static_after(self, pos: Position, move: Move, outcome: str, ply: int) -> int:
        step = self.referee.play(pos, move, outcome)
        if step.result is not None:
            return self._result_score(step.result, pos.side, ply + 1)
        return -self._static(step.position)[1]

    def _quiet_after(self, pos: Position, move: Move, outcome: str, alpha: int, beta: int,
                     ply: int, keys: List[int], qdepth: int) -> int:
        step = self.referee.play(pos, move, outcome)
        if step.result is not None:
            return self._result_score(step.result, pos.side, ply + 1)
        return -self._quiesce(step.position, -beta, -alpha, ply + 1, keys, qdepth + 1)

    # ---- ordering and tables -----------------------------------------------------------------
    def _order(self, pos: Position, moves: List[Move], first: Optional[Move],
               ply: int) -> List[Move]:
        """Table move, then captures by victim value (cheapest attacker first), killers, then
        quiet moves by history."""
        board, values = pos.board, self.evaluate.values[1 - pos.side]
        killers = self.killers.get(ply, ())
        history = self.history

        def rank(m: Move) -> int:
            if m == first:
                return -10 ** 9
            if m.is_pass:
                return 0
            victim = board[m.to]
            if victim:
                v = 10 ** 6 if victim in "CcPp" else values[victim.upper()]
                return -(10 ** 6 + v * 16 - self.evaluate.values[pos.side].get(
                    board[m.frm].upper(), 0) // FEATHER)
            if m in killers:
                return -10 ** 5
            return -history.get((m.frm, m.to), 0)

        return sorted(moves, key=rank)

    def _remember_cutoff(self, move: Move, depth: int, ply: int) -> None:
        slot = self.killers.setdefault(ply, [])
        if move not in slot:
            slot.insert(0, move)
            del slot[2:]
        self.history[(move.frm, move.to)] = self.history.get((move.frm, move.to), 0) + depth * depth

    def _store(self, pos: Position, depth: int, score: int, flag: int,
               move: Optional[Move]) -> None:
        if len(self.tt) > 400_000:
            self.tt.clear()
        self.tt[(pos.key, pos.escapes, pos.counter)] = (depth, score, flag, move)

    def _pv_after(self, pos: Position, move: Move, length: int) -> List[Move]:
        """Follow the table's moves after ``move`` (outcomes of duels assumed won)."""
        line: List[Move] = []
        seen = set()
        step = self.referee.play(pos, move, "a")
        while length > 0 and step.result is None:
            cur = step.position
            entry = self.tt.get((cur.key, cur.escapes, cur.counter))
            if not entry or entry[3] is None or cur.key in seen:
                break
            seen.add(cur.key)
            nxt = entry[3]
            if nxt not in self.referee.basic_moves(cur) and nxt != PASS:
                break
            line.append(nxt)
            step = self.referee.play(cur, nxt, "a")
            length -= 1
        return line


def level_settings(level: int) -> Level:
    """What level 1-6 sees: see :data:`LEVELS`."""
    if level not in LEVELS:
        raise UsageError("engine.search.level", level=level)
    return LEVELS[level]


def best_move(game: Game, time_ms: Optional[int] = 1000, depth: Optional[int] = None,
              level: int = 6, seed: Optional[int] = None) -> Move:
    """The engine's move in ``game`` (a :class:`~py_engine.game.Game`) at ``level``."""
    searcher = Searcher(game.rules, seed=seed)
    move = searcher.best_move(game.position, game.keys()[:-1], level=level_settings(level),
                              time_ms=time_ms, depth=depth)
    if move is None:
        raise IllegalMoveError("engine.search.noMove")
    return move
