"""Piece gaits as data, and the walk tables built from them.

A move is a walk of single steps (docs/rules.md, "How a move is made"). A :class:`Gait` says which walks
a piece may take: a set of *patterns*, each a sequence of allowed step sets (one per step), whether
every step of a walk must repeat the first (``straight``), and whether the piece jumps. Every
interpretation of every piece in the option table of docs/rules.md is one row of :data:`INTERPRETATIONS`.

:func:`gait_squares` turns a gait into per-square tables: for each destination, the minimal sets
of intermediate squares that some walk needs empty. Move generation and threat tests are then
look-ups and bit tests, never walks. Each square's entry is made the first time it is looked up
(:class:`PerSquare`), so a rule set costs nothing to set up.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Callable, Dict, List, Set, Tuple, TypeVar

from .squares import SIZE, SQUARES, bit, file_of, on_board, rank_of, square

Step = Tuple[int, int]
StepSet = Tuple[Step, ...]

ORTHOGONAL: StepSet = ((0, 1), (1, 0), (0, -1), (-1, 0))
DIAGONAL: StepSet = ((1, 1), (1, -1), (-1, -1), (-1, 1))
ANY: StepSet = ORTHOGONAL + DIAGONAL
# The Panthan's steps as seen by Black (north is forward); Orange's are mirrored.
PANTHAN_CHAINED: StepSet = ((0, 1), (1, 1), (-1, 1), (1, 0), (-1, 0))
PANTHAN_FREE: StepSet = PANTHAN_CHAINED + ((1, -1), (-1, -1))


@dataclass(frozen=True)
class Gait:
    """The walks one piece may take.

    ``patterns``: each pattern is a sequence of step sets; a walk following it takes its i-th step
    from the i-th set. ``straight``: every step repeats the first. ``jumps``: intermediate squares
    may be occupied.
    """

    patterns: Tuple[Tuple[StepSet, ...], ...]
    straight: bool = False
    jumps: bool = False

    def mirrored(self) -> "Gait":
        """The same gait seen from the other side of the board (north and south swapped)."""
        def flip(steps: StepSet) -> StepSet:
            return tuple((dx, -dy) for dx, dy in steps)
        return Gait(tuple(tuple(flip(s) for s in p) for p in self.patterns), self.straight, self.jumps)


def counted(length: int, exact: bool, groups: Tuple[StepSet, ...], *, straight: bool = False,
            jumps: bool = False) -> Gait:
    """A gait of ``length`` steps (exactly, or 1 to ``length`` when not ``exact``), all steps of a
    walk drawn from one of ``groups`` (one group of every kind: "wild"; one per kind: "civil")."""
    lengths = [length] if exact else range(1, length + 1)
    return Gait(tuple((g,) * n for n in lengths for g in groups), straight, jumps)


# Smith's interpretations, keyed by the option name (docs/rules.md) and value. Gaits are Black's view.
INTERPRETATIONS: Dict[str, Dict[str, Gait]] = {
    "panthan": {
        "chained": counted(1, True, (PANTHAN_CHAINED,)),
        "free": counted(1, True, (PANTHAN_FREE,)),
    },
    "warrior": {
        "CW": counted(2, True, (ORTHOGONAL,)),
        "FW": counted(2, False, (ORTHOGONAL,)),
        "CCW": counted(2, True, (ORTHOGONAL, DIAGONAL)),
        "CWW": counted(2, True, (ANY,)),
        "FCW": counted(2, False, (ORTHOGONAL, DIAGONAL)),
        "FWW": counted(2, False, (ANY,)),
    },
    "padwar": {
        "C": counted(2, True, (DIAGONAL,)),
        "F": counted(2, False, (DIAGONAL,)),
    },
    "thoat": {
        "chained": Gait(((ORTHOGONAL, DIAGONAL),)),
        "free": Gait(((ORTHOGONAL, DIAGONAL), (DIAGONAL, ORTHOGONAL))),
        "wild": Gait(((ORTHOGONAL, DIAGONAL), (DIAGONAL, ORTHOGONAL)), jumps=True),
    },
    "dwar": {
        "C": counted(3, True, (ORTHOGONAL,)),
        "F": counted(3, False, (ORTHOGONAL,)),
    },
    "flier": {
        "C": counted(3, True, (DIAGONAL,), jumps=True),
        "F": counted(3, False, (DIAGONAL,), jumps=True),
    },
}


def _royal(jumps: bool) -> Dict[str, Gait]:
    """The Chief's (and, jumping, the Princess's) interpretations, keyed by Smith's code less
    its last letter."""
    return {
        "CW": counted(3, True, (ANY,), jumps=jumps),
        "C": counted(3, True, (ANY,), straight=True, jumps=jumps),
        "F": counted(3, False, (ANY,), straight=True, jumps=jumps),
        "CC": counted(3, True, (ORTHOGONAL, DIAGONAL), jumps=jumps),
        "FC": counted(3, False, (ORTHOGONAL, DIAGONAL), jumps=jumps),
        "FW": counted(3, False, (ANY,), jumps=jumps),
    }


# Chief codes end in C, Princess codes in P (Smith: CWC, CC, ... / CWP, CP, ...).
INTERPRETATIONS["chief"] = {code + "C": gait for code, gait in _royal(False).items()}
INTERPRETATIONS["princess"] = {code + "P": gait for code, gait in _royal(True).items()}

# Smith's escape walks: ten steps, civil or wild, exactly or up to ten; always jumping.
ESCAPE_WALKS: Dict[str, Gait] = {
    "CCE": counted(10, True, (ORTHOGONAL, DIAGONAL), jumps=True),
    "CWE": counted(10, True, (ANY,), jumps=True),
    "FCE": counted(10, False, (ORTHOGONAL, DIAGONAL), jumps=True),
    "FWE": counted(10, False, (ANY,), jumps=True),
}

Masks = Tuple[int, ...]


def _minimal(masks: Set[int]) -> Masks:
    """Drop every mask that contains another: a walk needing more empty squares adds nothing."""
    if len(masks) == 1:
        return tuple(masks)
    if len({m.bit_count() for m in masks}) == 1:
        return tuple(sorted(masks))         # walks of one length: no mask holds another
    kept: List[int] = []
    for m in sorted(masks, key=lambda m: (m.bit_count(), m)):
        for k in kept:
            if k & m == k:
                break
        else:
            kept.append(m)
    return tuple(kept)


@lru_cache(maxsize=None)
def _step_targets(step: Step) -> Tuple[int, ...]:
    """For each square, the square one ``step`` away, or -1 off the board."""
    return tuple(square(file_of(s) + step[0], rank_of(s) + step[1])
                 if on_board(file_of(s) + step[0], rank_of(s) + step[1]) else -1 for s in SQUARES)


# The same for every step any gait takes (king steps; the escape walks use their own graph).
_STEP_TARGETS: Dict[Step, Tuple[int, ...]] = {
    (dx, dy): _step_targets((dx, dy)) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy}


# A walk tree per square: (destinations of one-step walks, branches); a branch is
# (first intermediate's bit, destinations of two-step walks through it, sub-branches), and a
# sub-branch (second intermediate's bit, destinations of three-step walks through both).
WalkTree = Tuple[int, Tuple[Tuple[int, int, Tuple[Tuple[int, int], ...]], ...]]
# Per square: (the squares that could block some walk, destinations already found per pattern of
# those squares' occupancy, the walk tree).
OpenWalks = Tuple[int, Dict[int, int], WalkTree]

# How many occupancy patterns one square of one gait remembers before starting afresh. Eight
# depth-4 searches met 18,000 patterns in all and at most 934 on one square; a long session must
# not grow without bound.
REMEMBERED_PATTERNS = 1024

V = TypeVar("V")


class PerSquare(Dict[int, V]):
    """A table indexed by square whose entries are made the first time a square is looked up.

    A game visits a small part of the board with each piece, so a rule set's set-up costs almost
    nothing (a page's first position needs a few dozen squares, not 16 gaits × 100), and the
    rest is made as play reaches it. Once made, a look-up is a plain dict look-up."""

    def __init__(self, fill: Callable[[int], None]):
        super().__init__()
        self._fill = fill

    def __missing__(self, sq: int) -> V:
        if not 0 <= sq < SIZE * SIZE:
            raise KeyError(sq)
        self._fill(sq)
        return self[sq]


WalkTable = PerSquare[Dict[int, Masks]]


class GaitSquares:
    """One gait's tables, per square, all three made together from one enumeration of the walks
    from that square.

    :attr:`walks`: ``{destination: minimal masks of intermediate squares}``. A non-jumping piece
    can go to a destination when some mask has no occupied square; a jumping piece always can (its
    masks still matter to a frightened Princess, who avoids threats).
    :attr:`reach`: a bitmask of every destination.
    :attr:`trees`: the same walks as a tree of intermediate squares, so that all the destinations a
    non-jumping piece reaches among occupied squares are found by testing each intermediate square
    once, and then remembered (:func:`open_reach`)."""

    def __init__(self, gait: Gait):
        if max(len(p) for p in gait.patterns) > 3:
            raise ValueError("walk tables are for gaits of at most three steps; use escape_reach")
        self.gait = gait
        self.walks: WalkTable = PerSquare(self._fill)
        self.reach: PerSquare[int] = PerSquare(self._fill)
        self.trees: PerSquare[OpenWalks] = PerSquare(self._fill)

    def _fill(self, sq: int) -> None:
        # The walks are followed step by step in nested loops (at most three steps), never built
        # as paths: a process that searches one move (the command line, a page's first move)
        # made these tables in 40% of a 300 ms search before; now in a fraction of that.
        gait, targets = self.gait, _STEP_TARGETS
        masks: Dict[int, Set[int]] = {}
        direct = 0
        level1: Dict[int, int] = {}
        level2: Dict[int, Dict[int, int]] = {}
        for pattern in gait.patterns:
            length = len(pattern)
            for step1 in pattern[0]:
                a = targets[step1][sq]
                if a < 0:
                    continue
                if length == 1:
                    masks.setdefault(a, set()).add(0)
                    direct |= 1 << a
                    continue
                a_bit = 1 << a
                for step2 in _next_steps(gait, pattern[1], step1):
                    b = targets[step2][a]
                    if b < 0 or b == sq:
                        continue
                    if length == 2:
                        masks.setdefault(b, set()).add(a_bit)
                        level1[a] = level1.get(a, 0) | 1 << b
                        continue
                    between, ends = a_bit | 1 << b, 0
                    for step3 in _next_steps(gait, pattern[2], step1):
                        c = targets[step3][b]
                        if c < 0 or c == sq or c == a:
                            continue
                        ends |= 1 << c
                        found = masks.get(c)
                        if found is None:
                            masks[c] = {between}
                        else:
                            found.add(between)
                    if ends:
                        level1.setdefault(a, 0)
                        sub = level2.setdefault(a, {})
                        sub[b] = sub.get(b, 0) | ends
        branches = tuple((1 << a, level1[a], tuple((1 << b, d) for b, d in level2.get(a, {}).items()))
                         for a in level1)
        blockers = reach = 0
        for b1, _, subs in branches:
            blockers |= b1
            for b2, _ in subs:
                blockers |= b2
        for dest in masks:
            reach |= 1 << dest
        self.walks[sq] = {dest: _minimal(m) for dest, m in masks.items()}
        self.reach[sq] = reach
        self.trees[sq] = (blockers, {}, (direct, branches))


def _next_steps(gait: Gait, steps: StepSet, first: Step) -> StepSet:
    """The steps a walk may take next: those of the pattern, or only its first step again if
    the gait goes straight (and the pattern allows it)."""
    if gait.straight:
        return (first,) if first in steps else ()
    return steps


@lru_cache(maxsize=None)
def gait_squares(gait: Gait) -> GaitSquares:
    """The tables of a gait, shared by every rule set that uses it."""
    return GaitSquares(gait)


def open_reach(walks: OpenWalks, occupied: int) -> int:
    """Destinations of the walks from one square whose intermediate squares are all empty.
    Only the squares that could block matter, so the answer is remembered per pattern of them:
    move generation and threat tests ask the same question again and again in a search."""
    blockers, known, tree = walks
    pattern = occupied & blockers
    found = known.get(pattern)
    if found is None:
        if len(known) >= REMEMBERED_PATTERNS:
            known.clear()
        found = known[pattern] = _tree_reach(tree, occupied)
    return found


def _tree_reach(tree: WalkTree, occupied: int) -> int:
    reach, branches = tree
    for b1, d1, subs in branches:
        if not b1 & occupied:
            reach |= d1
            for b2, d2 in subs:
                if not b2 & occupied:
                    reach |= d2
    return reach


# ---- the Princess's ten-step escape walks -------------------------------------------------

def _neighbours(steps: StepSet) -> Tuple[Tuple[int, ...], ...]:
    return tuple(
        tuple(square(file_of(s) + dx, rank_of(s) + dy) for dx, dy in steps
              if on_board(file_of(s) + dx, rank_of(s) + dy))
        for s in SQUARES)


def _rings(neighbours: Tuple[Tuple[int, ...], ...], start: int, avoid: int = 0) -> Tuple[int, ...]:
    """Masks of the squares within 0, 1, … 10 steps of ``start``, walking on only through
    squares outside ``avoid`` (which can still be reached)."""
    rings, seen, frontier = [bit(start)], bit(start), [start]
    for _ in range(10):
        nxt = []
        for q in frontier:
            for n in neighbours[q]:
                if not seen & bit(n):
                    seen |= bit(n)
                    if not avoid & bit(n):
                        nxt.append(n)
        frontier = nxt
        rings.append(seen)
    return tuple(rings)


@lru_cache(maxsize=None)
def _step_graph(steps: StepSet) -> Tuple[Tuple[Tuple[int, ...], ...], Tuple[Tuple[int, ...], ...]]:
    neighbours = _neighbours(steps)
    return neighbours, tuple(_rings(neighbours, s) for s in SQUARES)


@lru_cache(maxsize=4096)
def escape_reach(code: str, start: int, avoid: int = 0) -> int:
    """Squares that one of Smith's escape walks (``CCE``, ``CWE``, ``FCE``, ``FWE``) reaches from
    ``start`` with no intermediate square in ``avoid`` (the threatened squares, for a frightened
    Princess; 0 for a brave one). Walks never revisit a square, the start included. Results
    are cached: exact wild walks (``CWE``) take a good fraction of a second per new square."""
    gait = ESCAPE_WALKS[code]
    exact = len({len(p) for p in gait.patterns}) == 1
    reach = 0
    for group in {p[0] for p in gait.patterns}:
        reach |= (_exact_walk_ends if exact else _short_walk_ends)(group, start, avoid)
    return reach & ~bit(start)


def _short_walk_ends(steps: StepSet, start: int, avoid: int) -> int:
    """Ends of walks of one to ten steps: a breadth-first search, since a shortest walk never
    revisits a square; only squares outside ``avoid`` are passed through."""
    neighbours, _ = _step_graph(steps)
    return _rings(neighbours, start, avoid)[10]


def _exact_walk_ends(steps: StepSet, start: int, avoid: int) -> int:
    """Ends of self-avoiding walks of exactly ten steps, by depth-first search that gives up on a
    branch as soon as no square still unfound lies within the steps it has left."""
    neighbours, balls = _step_graph(steps)
    parity_ok = _parity_mask(steps, start)
    wanted = balls[start][10] & parity_ok & ~bit(start)
    found = 0

    def walk(sq: int, left: int, visited: int) -> None:
        nonlocal found
        if left == 0:
            found |= bit(sq)
            return
        if not balls[sq][left] & wanted & ~found:
            return
        for n in neighbours[sq]:
            if visited & bit(n) or (left > 1 and avoid & bit(n)):
                continue
            walk(n, left - 1, visited | bit(n))

    walk(start, 10, bit(start))
    return found


def _parity_mask(steps: StepSet, start: int) -> int:
    """Squares an even number of steps away in the step graph's colouring (walks of ten steps
    end there); every square when the graph has odd cycles (mixed steps)."""
    if steps == ANY:
        return (1 << (SIZE * SIZE)) - 1
    mask = 0
    f0, r0 = file_of(start), rank_of(start)
    for s in SQUARES:
        df, dr = abs(file_of(s) - f0), abs(rank_of(s) - r0)
        ok = (df + dr) % 2 == 0 if steps == ORTHOGONAL else (df % 2 == 0 and dr % 2 == 0)
        if ok:
            mask |= bit(s)
    return mask
