"""Move generation and arbitration: legal moves, threats, Princess safety, the escape, duels,
and what each move does to the game (captures, results, the three-piece counter).

One :class:`Referee` is built per :class:`~py_engine.rules.RuleSet` (:func:`referee_for`). Its
tables come from :mod:`py_engine.gaits`; a legal-move query is look-ups and bit tests. It is also
the one place that decides how a game ends (:meth:`Referee.decided`, :meth:`Referee.outcome`):
the game, perft and the search all ask it.

Princess safety is decided without playing each move: before generating, the referee lists every
enemy walk onto the Princess's square that is open (a *check*) or blocked only by one of our own
pieces (a *pin* on that piece). A move is then safe unless it leaves a check open or opens a pin.
The Princess's own destinations are tested against the enemy's threats with her lifted off the
board, since her square no longer blocks anything once she moves.
"""
from __future__ import annotations

import random
from collections import Counter
from functools import lru_cache
from typing import TYPE_CHECKING, Callable, Dict, List, NamedTuple, Optional, Sequence, Set, Tuple, Union

from .errors import PositionError
from .gaits import OpenWalks, PerSquare, WalkTable, escape_reach, gait_squares, open_reach
from .messages import Message
from .pieces import BLACK, KIND, LETTERS, ORANGE, SIDES, side_of
from .position import MAX_MOVE_NUMBER, ZOBRIST, ZOBRIST_ORANGE, Position
from .rules import RuleSet
from .squares import SIZE, square_name
from .values import MOVES, PASS, Move, Ply, Result

if TYPE_CHECKING:
    from fractions import Fraction

# A duel's odds are exact fractions; ``fractions`` is imported at the first duel, not at the
# engine's start (its import was 16% of the engine's in Pyodide, and most games have no duels).
# A move that starts no duel happens for certain: probability 1, an int.
Odds = Union[int, "Fraction"]
CERTAIN: Tuple[Tuple[str, Odds], ...] = (("", 1),)

FULL = (1 << (SIZE * SIZE)) - 1


# The repetition rule looks at the last twelve positions (docs/rules.md).
REPETITION_WINDOW = 12
# A position recurs four plies later at the soonest, so a window of this many positions or
# fewer can neither ban a move nor force a repetition.
REPETITION_FREE = 6


def _window(pos: Position, history: Sequence[int]) -> List[int]:
    """The repetition rule's window: ``pos``'s key after the last eleven of ``history``."""
    return list(history[-(REPETITION_WINDOW - 1):]) + [pos.key]


# Enemy walks onto a square: (the enemy piece's square, the mask of squares between).
Lines = List[Tuple[int, int]]


class GaitTables(NamedTuple):
    """One piece's move tables for one side, per square: ``walks`` (destination -> the minimal
    sets of intermediate squares, see :class:`~py_engine.gaits.GaitSquares`), ``jumps`` (blocking
    does not apply), ``reach`` (a bitmask of every destination) and ``trees`` (the walk tree with
    its remembered destinations, see :func:`~py_engine.gaits.open_reach`)."""

    walks: WalkTable
    jumps: bool
    reach: PerSquare[int]
    trees: PerSquare[OpenWalks]


@lru_cache(maxsize=64)
def referee_for(rules: RuleSet) -> "Referee":
    """The referee of a rule set: built once (its tables take a moment), then shared."""
    return Referee(rules)


class Referee:
    """Legal moves and their consequences under one rule set (get one with :func:`referee_for`)."""

    def __init__(self, rules: RuleSet):
        self.rules = rules
        # Per side: letter -> that piece's GaitTables.
        self.tables: List[Dict[str, GaitTables]] = []
        for side in (BLACK, ORANGE):
            per_letter = {}
            for letter in LETTERS:
                gait = rules.gait(letter, side)
                tables = gait_squares(gait)
                per_letter[letter] = GaitTables(tables.walks, gait.jumps, tables.reach, tables.trees)
            self.tables.append(per_letter)
        self.frightened = tuple(rules.get("bravery", s) == "frightened" for s in (BLACK, ORANGE))
        self.escape = tuple(rules.get("escape", s) for s in (BLACK, ORANGE))
        self.duel = rules.get("duel")
        self.chief_capture = rules.get("chief_capture")
        self.pass_when_stalemated = rules.get("stalemate") == "pass"
        self.forbid_repetition = rules.get("repetition") == "forbid"
        self.draw_on_repetition = not self.forbid_repetition
        self.threepiece = rules.get("threepiece") == "on"

    def make_tables(self, pos: Position) -> None:
        """Make now the move tables of every square a piece of ``pos`` (either side's) could
        reach in one move, blocked or not, an escape included; each is otherwise made the first
        time a search looks at it (PerSquare). The browser's worker does this for the start
        before it keeps its memory snapshot (facade.warm_up): in WebKitGTK a restored worker's
        first reply spent 141-422 ms of its 273-1068 making the 12 its first position needed,
        code run for the first time there (docs/benchmarks.md, "WebKit's first seconds")."""
        for side in (BLACK, ORANGE):
            princess = ((pos.princess[side], "P"),) if pos.princess[side] >= 0 else ()
            for sq, letter in (*pos.pieces[side], *princess):
                tables = self.tables[side][letter]
                reach = self.princess_reach(pos, side) if letter == "P" else tables.reach[sq]
                for dest in _squares(reach):
                    tables.walks[dest]

    def princess_reach(self, pos: Position, side: int) -> int:
        """Every square ``side``'s Princess could move to if it were empty and unthreatened: her
        normal reach, and her escape's while she has it."""
        sq = pos.princess[side]
        reach = self.tables[side]["P"].reach[sq]
        style = self.escape[side]
        if not pos.escapes[side] or style == "none":
            return reach
        if style == "anywhere":
            return FULL & ~(1 << sq)
        return reach | escape_reach(style, sq, 0)

    # ---- threats -----------------------------------------------------------------------------
    def attacks(self, pos: Position, side: int, occupied: int) -> int:
        """Squares that some piece of ``side`` other than its Princess could move onto, whatever
        stands there, given the ``occupied`` squares."""
        found = 0
        tables = self.tables[side]
        for sq, letter in pos.pieces[side]:
            _, jumps, reach, slides = tables[letter]
            if jumps:
                found |= reach[sq]
            elif reach[sq] & ~found:
                found |= open_reach(slides[sq], occupied)
        return found

    def threatened(self, pos: Position, side: int) -> int:
        """Squares threatened by ``side``'s enemy (docs/rules.md: an enemy piece other than the Princess
        could move onto it)."""
        enemy = 1 - side
        return self.attacks(pos, enemy, pos.occupied) & ~pos.by_side[enemy]

    def princess_threatened(self, pos: Position, side: int) -> bool:
        sq = pos.princess[side]
        return sq >= 0 and bool(self.threatened(pos, side) >> sq & 1)

    def _lines_to(self, pos: Position, target: int, enemy: int) -> Tuple[Lines, Dict[int, Lines]]:
        """Enemy walks onto ``target``: the open ones (checks), and those blocked only by one of
        our pieces, keyed by that piece's bit (pins)."""
        checks: List[Tuple[int, int]] = []
        pins: Dict[int, List[Tuple[int, int]]] = {}
        occupied, own = pos.occupied, pos.by_side[1 - enemy]
        tables = self.tables[enemy]
        for q, letter in pos.pieces[enemy]:
            walks, jumps, reach, _ = tables[letter]
            if not reach[q] >> target & 1:
                continue
            if jumps:
                checks.append((q, 0))
                continue
            for m in walks[q][target]:
                blockers = m & occupied
                if not blockers:
                    checks.append((q, m))
                elif not blockers & (blockers - 1) and blockers & own:
                    pins.setdefault(blockers, []).append((q, m))
        return checks, pins

    # ---- move generation ---------------------------------------------------------------------
    def basic_moves(self, pos: Position, captures_only: bool = False) -> List[Move]:
        """Legal moves ignoring the repetition rule and ``stalemate=pass`` (only the captures,
        if asked: the Princess never captures, so her moves are then skipped)."""
        return self._generate(pos, captures_only)

    def can_move(self, pos: Position, history: Sequence[int] = ()) -> bool:
        """Has the side to move a legal move? As ``bool(legal_moves(pos, history))``, but it
        stops at the first move found where the repetition rule cannot ban one (the prover asks
        this of nearly every position it meets)."""
        if self.finished(pos):
            return False
        # The rule's window (legal_moves) is this position and up to eleven before it: it can
        # ban a move once the history holds REPETITION_FREE positions.
        if self.forbid_repetition and len(history) >= REPETITION_FREE:
            # The first piece's moves first: one of them is nearly always allowed.
            window = _window(pos, history)
            return bool(self._without_repetitions(pos, self._generate(pos, first=True), window, first=True)
                        or self._without_repetitions(pos, self.basic_moves(pos), window, first=True)
                        or self._may_pass(pos))
        return bool(self._generate(pos, first=True)) or self._may_pass(pos)

    def is_legal(self, pos: Position, move: Move, history: Sequence[int] = ()) -> bool:
        """Is ``move`` (its duel outcome aside) legal? As ``move.bare() in legal_moves(pos,
        history)``, but making only the moves of the piece that moves (a game replayed from a
        link or a saved game asks this of every move)."""
        if move.is_pass or self.finished(pos):
            return move.bare() in self.legal_moves(pos, history)
        piece = pos.board[move.frm]
        if not piece or side_of(piece) != pos.side:
            return False
        bare = move.bare()
        if bare not in self._generate(pos, only=move.frm):
            return False
        if self.forbid_repetition:
            window = _window(pos, history)
            return bool(self._without_repetitions(pos, [bare], window))
        return True

    def _generate(self, pos: Position, captures_only: bool = False, first: bool = False,
                  only: int = -1) -> List[Move]:
        # A list built in place rather than a generator, and squares read from a mask byte by
        # byte (_squares): in Pyodide a generator's frames and big-int arithmetic cost about
        # 2.5x what they cost on CPython, list building and table look-ups far less
        # (docs/benchmarks.md, "The runtime against CPython"). ``first``: stop at the first
        # legal move found (can_move); ``only``: the moves of the piece on that square alone
        # (is_legal).
        us, them = pos.side, 1 - pos.side
        occupied, own, board = pos.occupied, pos.by_side[us], pos.board
        princess = pos.princess[us]
        checks, pins = self._lines_to(pos, princess, them)
        duel = self.duel != "off"
        tables = self.tables[us]
        targets = ~own & (pos.by_side[them] if captures_only else FULL)
        found: List[Move] = []
        for f, letter in pos.pieces[us]:
            if only >= 0 and f != only:
                continue
            _, jumps, reach, slides = tables[letter]
            dests = (reach[f] if jumps else open_reach(slides[f], occupied)) & targets
            if not dests:
                continue
            moves = MOVES[f]
            pinned = pins.get(1 << f)
            if not (checks or pinned):
                found += [moves[t] for t in _squares(dests)]
                if first:
                    return found
                continue
            for t in _squares(dests):
                tb = 1 << t
                if not _stays_safe(checks, pinned, t, tb):
                    continue
                # A lost duel removes the attacker and leaves the defender: the attack must
                # not open a line to the Princess (a check it fails to lift may remain).
                if pinned and duel and board[t] and board[t] not in "Pp" and \
                        any(not m & tb for _, m in pinned) and \
                        self.duel_odds(pos, moves[t]) < 1:
                    continue
                found.append(moves[t])
                if first:
                    return found
        if not captures_only and only in (-1, princess):
            found += self._princess_moves(pos)
        return found

    def princess_destinations(self, pos: Position) -> Tuple[int, int]:
        """(normal, escape) destination masks of the side to move's Princess."""
        us, them = pos.side, 1 - pos.side
        sq = pos.princess[us]
        lifted = pos.occupied & ~(1 << sq)
        danger = self.attacks(pos, them, lifted) & ~pos.by_side[them]
        walks, reach = self.tables[us]["P"].walks, self.tables[us]["P"].reach
        free = ~pos.occupied & ~danger & FULL
        normal = reach[sq] & free
        if self.frightened[us] and normal:
            for t in _squares(normal):
                if all(m & danger for m in walks[sq][t]):
                    normal &= ~(1 << t)
        escapes = 0
        style = self.escape[us]
        if pos.escapes[us] and style != "none":
            if style == "anywhere":
                escapes = free & ~normal & ~(1 << sq)
            else:
                avoid = danger if self.frightened[us] else 0
                escapes = escape_reach(style, sq, avoid) & free & ~normal
        return normal, escapes

    def _princess_moves(self, pos: Position) -> List[Move]:
        sq = pos.princess[pos.side]
        normal, escapes = self.princess_destinations(pos)
        return [MOVES[sq][t] for t in _squares(normal | escapes)]

    def legal_moves(self, pos: Position, history: Sequence[int] = ()) -> List[Move]:
        """Every legal move. ``history`` holds the repetition keys of the positions before this
        one (oldest first); the repetition rule looks at the last eleven of them and ``pos``."""
        if self.finished(pos):
            return []
        moves = self.basic_moves(pos)
        if self.forbid_repetition:
            window = _window(pos, history)
            moves = self._without_repetitions(pos, moves, window)
        if not moves and self._may_pass(pos):
            return [PASS]
        return moves

    def _may_pass(self, pos: Position) -> bool:
        """``stalemate=pass``: a side with no move passes, if the other side has one."""
        return self.pass_when_stalemated and bool(
            self._generate(pos.with_board(pos.board, side=1 - pos.side), first=True))

    def finished(self, pos: Position) -> bool:
        """A position that ends the game whatever is played: the three-piece count ran out."""
        return self.threepiece and pos.counter >= 10

    # ---- how a game ends ---------------------------------------------------------------------
    def decided(self, pos: Position, last: Optional[Ply] = None,
                occurrences: int = 0) -> Optional[Result]:
        """The result that ``pos`` and the ply that made it (``last``) decide, whatever moves
        remain: a capture that ended the game (the Princess, a Chief), the three-piece count
        running out, or under ``repetition=draw`` the position occurring a third time
        (``occurrences``: how often it occurred before). ``None`` if they decide nothing."""
        if last is not None and last.result is not None:
            return last.result
        if self.finished(pos):
            return Result(None, "threepiece")
        if self.draw_on_repetition and occurrences >= 2:
            return Result(None, "repetition")
        return None

    def outcome(self, pos: Position, legal: Callable[[], object], last: Optional[Ply] = None,
                occurrences: int = 0) -> Optional[Result]:
        """How the game stands at ``pos``: :meth:`decided`, else — when ``legal()`` (the legal
        moves, or only whether there are any; asked for only then) is empty or false — the
        stalemate rule: the player to move loses, or
        under ``stalemate=pass`` (where a player who can pass has a move) neither side can move
        and it is a draw. ``None`` while the game goes on."""
        ended = self.decided(pos, last, occurrences)
        if ended is not None or legal():
            return ended
        if self.pass_when_stalemated:
            return Result(None, "both_stalemated")
        return Result(1 - pos.side, "stalemate")

    def why_illegal(self, pos: Position, move: Move, text: str) -> Message:
        """Why ``move`` (written ``text``) is not legal in ``pos``, as a message for the player."""
        side = Message(f"side.{SIDES[pos.side]}")
        if move.is_pass:
            return Message("engine.move.passNotAllowed", {"side": side})
        piece = pos.board[move.frm]
        if not piece:
            return Message("engine.move.fromEmpty", {"move": text, "square": square_name(move.frm)})
        if side_of(piece) != pos.side:
            return Message("engine.move.notYours", {"move": text, "square": square_name(move.frm),
                                                    "side": side})
        if self.princess_threatened(pos, pos.side):
            return Message("engine.move.princessThreatened", {"move": text, "side": side})
        target = pos.board[move.to]
        if target and piece in "Pp":
            return Message("engine.move.princessNeverCaptures", {"move": text})
        if target and side_of(target) == pos.side:
            return Message("engine.move.ownPiece", {"move": text, "square": square_name(move.to),
                                                   "side": side})
        if move.bare() in self.basic_moves(pos):
            return Message("engine.move.repetition", {"move": text})
        return Message("engine.move.cannotGo", {"move": text, "piece": self.rules.piece_message(piece),
                                                "square": square_name(move.frm)})

    def _without_repetitions(self, pos: Position, moves: List[Move], window: List[int],
                             first: bool = False) -> List[Move]:
        """The repetition rule (docs/rules.md): no move may produce a position seen twice in the window
        (the last twelve positions), nor leave the opponent only such moves. ``first``: stop at
        the first move kept (can_move)."""
        if len(window) <= REPETITION_FREE:
            return moves
        banned = _seen_twice(window)
        later = window[1:] if len(window) == REPETITION_WINDOW else window  # the reply's window
        seen_later = set(later)
        repeats_later = len(seen_later) < len(later)
        base = pos.key ^ ZOBRIST_ORANGE
        kept = []
        for move in moves:
            if pos.board[move.to]:          # a capture can never repeat a position
                kept.append(move)
                if first:
                    break
                continue
            table = ZOBRIST[pos.board[move.frm]]
            key = base ^ table[move.frm] ^ table[move.to]
            if key in banned:
                continue
            if (repeats_later or key in seen_later) and \
                    self._forces_repetition(pos, move, later + [key]):
                continue
            kept.append(move)
            if first:
                break
        return kept

    def _forces_repetition(self, pos: Position, move: Move, window: List[int]) -> bool:
        """After ``move``, would every move the opponent could otherwise make repeat a position
        seen twice in ``window``? (Not when the opponent has no move at all: that is stalemate.)"""
        after = self.play(pos, move, "a").position
        banned = _seen_twice(window)
        base = after.key ^ ZOBRIST_ORANGE

        def all_repeat(replies: List[Move]) -> bool:
            for r in replies:
                if after.board[r.to]:
                    return False
                table = ZOBRIST[after.board[r.frm]]
                if base ^ table[r.frm] ^ table[r.to] not in banned:
                    return False
            return True

        # The first piece's replies first (empty only when there is no reply at all): one of
        # them nearly always repeats nothing, and making every reply cost a position where moves
        # repeat tens of milliseconds.
        some = self._generate(after, first=True)
        return bool(some) and all_repeat(some) and all_repeat(self.basic_moves(after))

    # ---- playing a move ----------------------------------------------------------------------
    def duel_odds(self, pos: Position, move: Move) -> Odds:
        """Probability that the attacker wins the duel this capture starts (1 with no duels)."""
        target = pos.board[move.to]
        if self.duel == "off" or not target or target in "Pp":
            return 1
        from fractions import Fraction      # (after the return above: move generation asks often)
        if self.duel == "even":
            return Fraction(1, 2)
        # Dice: each side rolls a d6 and adds its piece's price in Smith's list.
        a = KIND[pos.board[move.frm].upper()].price
        d = KIND[target.upper()].price
        wins = sum(1 for x in range(1, 7) for y in range(1, 7) if x + a > y + d)
        losses = sum(1 for x in range(1, 7) for y in range(1, 7) if x + a < y + d)
        return Fraction(wins, wins + losses)       # ties are rolled again

    def duel_dice(self, pos: Position, move: Move, outcome: str, rng: random.Random) -> Tuple[int, int]:
        """Under ``duel=dice``: the attacker's and the defender's die for a duel decided as
        ``outcome``, drawn evenly from the rolls that decide it so. (Rolling until the totals
        differ and reading the outcome off gives every such pair the same chance, so this is the
        same as rolling, for a duel whose outcome is already known.)"""
        a = KIND[pos.board[move.frm].upper()].price
        d = KIND[pos.board[move.to].upper()].price
        pairs = [(x, y) for x in range(1, 7) for y in range(1, 7)
                 if x + a != y + d and (x + a > y + d) == (outcome == "a")]
        return rng.choice(pairs)

    def outcomes(self, pos: Position, move: Move) -> Tuple[Tuple[str, Odds], ...]:
        """The ways ``move`` can turn out, with their probabilities: ``("", 1)`` alone for a move
        that starts no duel, else those of ``"a"`` (the attacker wins) and ``"d"`` (it loses)
        that can happen."""
        if not self.is_duel(pos, move):
            return CERTAIN
        odds = self.duel_odds(pos, move)
        return tuple((o, p) for o, p in (("a", odds), ("d", 1 - odds)) if p)

    def is_duel(self, pos: Position, move: Move) -> bool:
        target = pos.board[move.to] if not move.is_pass else ""
        return self.duel != "off" and bool(target) and target not in "Pp"

    def play(self, pos: Position, move: Move, outcome: str = "",
             rng: Optional[random.Random] = None) -> Ply:
        """Play ``move`` (assumed legal) and report what happened. Under duel rules a capture
        needs ``outcome`` ("a" or "d"), else it is drawn from ``rng`` by the duel's odds."""
        us, them = pos.side, 1 - pos.side
        board = list(pos.board)
        escapes = pos.escapes
        captured, escaped, result = "", False, None
        removed: Tuple[Tuple[int, str], ...] = ()
        added: Tuple[Tuple[int, str], ...] = ()
        if move.is_pass:
            played = PASS
        else:
            f, t = move.frm, move.to
            piece, target = board[f], board[t]
            outcome = outcome or move.outcome
            if self.is_duel(pos, move):
                if not outcome:
                    odds = self.duel_odds(pos, move)
                    outcome = "a" if (rng or random).random() < odds else "d"
            else:
                outcome = ""
            played = Move(f, t, outcome)
            if outcome == "d":          # the defender won: the attacker is removed
                board[f] = ""
                captured, winner, winner_side = piece, target, them
                removed = ((f, piece),)
            else:
                board[f], board[t] = "", piece
                captured, winner, winner_side = target, piece, us
                removed = ((f, piece), (t, target)) if target else ((f, piece),)
                added = ((t, piece),)
                if piece in "Pp" and self._is_escape(pos, t):
                    escaped = True
                    escapes = (False, escapes[1]) if us == BLACK else (escapes[0], False)
            if captured and captured in "Pp":
                result = Result(winner_side, "princess")
            elif captured and captured in "Cc":
                if winner in "Cc":
                    result = Result(winner_side, "chief")
                elif self.chief_capture == "draw":
                    result = Result(None, "chief_taken")
                elif self.chief_capture == "win":
                    result = Result(winner_side, "chief_taken")
        counter = pos.counter
        # Only with at most three pieces but the Princess on each side can the three-piece
        # condition hold after one more capture at most.
        if self.threepiece and len(pos.pieces[0]) <= 3 and len(pos.pieces[1]) <= 3:
            before = self.three_piece_holds(pos.board)
            now = self.three_piece_holds(board)
            counter = counter + 1 if (before and now) else 0
            if counter >= 10 and result is None:
                result = Result(None, "threepiece")
        else:
            counter = 0
        after = pos.changed(tuple(board), them, escapes, counter,
                            min(pos.move_number + (1 if us == ORANGE else 0), MAX_MOVE_NUMBER),
                            removed, added)
        return Ply(after, played, captured, escaped, result)

    def _is_escape(self, pos: Position, t: int) -> bool:
        """Does the side to move's Princess spend her escape by going to ``t``? Only when her
        normal move cannot legally take her there."""
        us = pos.side
        reach = self.tables[us]["P"].reach
        if not reach[pos.princess[us]] >> t & 1:
            return True
        return self.frightened[us] and not self.princess_destinations(pos)[0] >> t & 1

    def three_piece_holds(self, board: Sequence[str]) -> bool:
        """Both sides have at most three pieces, Chief and Princess among them, and the third
        pieces (if any) are worth the same number of feathers."""
        others: List[List[int]] = [[], []]
        royals = [0, 0]
        for p in board:
            if p:
                s = side_of(p)
                if p in "CcPp":
                    royals[s] += 1
                else:
                    others[s].append(self.rules.feathers(p.upper(), s))
                    if len(others[s]) > 1:
                        return False
        return royals == [2, 2] and others[0] == others[1]

    # ---- validation --------------------------------------------------------------------------
    def check_position(self, pos: Position) -> None:
        """Reject a position that cannot arise under these rules, saying why."""
        for s in (BLACK, ORANGE):
            if not pos.has(s, "C") and self.chief_capture != "continue":
                raise PositionError("engine.position.noChief", side=Message(f"side.{SIDES[s]}"),
                                    value=self.chief_capture)
        waiting = 1 - pos.side
        # Under duel rules a failed rescue may leave the Princess threatened for the opponent.
        if self.duel == "off" and self.princess_threatened(pos, waiting):
            raise PositionError("engine.position.threatened", waiting=Message(f"side.{SIDES[waiting]}"),
                                side=Message(f"side.{SIDES[pos.side]}"))
        if self.threepiece and pos.counter and not self.three_piece_holds(pos.board):
            raise PositionError("engine.position.counterSet")
        if not self.threepiece and pos.counter:
            raise PositionError("engine.position.counterOff")


# The squares of each byte value at each byte of a 100-square mask (13 bytes), for _squares.
_BYTE_SQUARES = [[tuple(8 * i + j for j in range(8) if b >> j & 1) for b in range(256)]
                 for i in range(13)]


def _squares(mask: int) -> List[int]:
    """The squares whose bits are set in ``mask``, lowest first (as
    :func:`~py_engine.squares.squares_of`): by bytes and a table rather than a loop of big-int
    operations, which cost Pyodide 2.5x what they cost CPython (35% faster there, even here)."""
    found: List[int] = []
    for i, b in enumerate(mask.to_bytes(13, "little")):
        if b:
            found += _BYTE_SQUARES[i][b]
    return found


def _seen_twice(keys: Sequence[int]) -> Set[int]:
    """The repetition keys that occur at least twice in ``keys``."""
    return {k for k, n in Counter(keys).items() if n >= 2}


def _stays_safe(checks: Lines, pinned: Optional[Lines], t: int, tb: int) -> bool:
    """After a move to ``t``: every open enemy walk is blocked or its piece captured, and no walk
    blocked only by the moving piece has opened."""
    for q, m in checks:
        if q != t and not m & tb:
            return False
    if pinned:
        for q, m in pinned:
            if q != t and not m & tb:
                return False
    return True
