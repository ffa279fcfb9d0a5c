"""A slow, obviously correct move enumerator written straight from docs/rules.md, for tests only.

It shares nothing with the engine but the rule-set parser: gaits are decoded from the option
codes here, every walk is taken step by step on the board, threats are found by trying every enemy
piece, and Princess safety by playing the move and looking again.
"""
from __future__ import annotations

from collections import deque
from typing import Set, Tuple

ORTH = [(0, 1), (1, 0), (0, -1), (-1, 0)]
DIAG = [(1, 1), (1, -1), (-1, -1), (-1, 1)]


def spec(rules, letter: str, side: int):
    """(lengths, step groups, straight, jumps, ordered kinds) of a piece, decoded from the codes."""
    def opt(key):
        return rules.get(key, side)
    forward = 1 if side == 0 else -1
    if letter == "N":
        steps = [(0, forward), (1, forward), (-1, forward), (1, 0), (-1, 0)]
        if opt("panthan") == "free":
            steps += [(1, -forward), (-1, -forward)]
        return [1], [steps], False, False, None
    if letter == "T":
        order = [[ORTH, DIAG]] if opt("thoat") == "chained" else [[ORTH, DIAG], [DIAG, ORTH]]
        return [2], None, False, opt("thoat") == "wild", order
    if letter in "ADF":
        key = {"A": "padwar", "D": "dwar", "F": "flier"}[letter]
        n = 2 if letter == "A" else 3
        lengths = [n] if opt(key) == "C" else list(range(1, n + 1))
        return lengths, [DIAG if letter in "AF" else ORTH], False, letter == "F", None
    code = opt({"W": "warrior", "C": "chief", "P": "princess"}[letter])
    if letter == "W":
        n, body = 2, code
    else:
        n, body = 3, code[:-1]            # drop the trailing C (Chief) or P (Princess)
    lengths = [n] if body[0] == "C" else list(range(1, n + 1))
    rest = body[1:]
    if letter == "W" and rest == "W" and body in ("CW", "FW"):
        return lengths, [ORTH], False, False, None     # CW / FW: orthogonal only
    if letter == "W":
        rest = rest[0]                    # CCW -> C (civil), CWW -> W (wild)
    if rest == "":
        return lengths, [ORTH + DIAG], True, letter == "P", None      # straight line
    if rest == "C":
        return lengths, [ORTH, DIAG], False, letter == "P", None      # civil
    return lengths, [ORTH + DIAG], False, letter == "P", None         # wild


def walks(board, sq: int, letter: str, side: int, rules):
    """Every walk as (destination, tuple of intermediate squares)."""
    lengths, groups, straight, jumps, ordered = spec(rules, letter, side)
    patterns = ordered if ordered else [[g] * n for n in lengths for g in groups]
    out = set()

    def go(cur, i, pattern, path, first):
        if i == len(pattern):
            out.add((cur, tuple(path[1:-1])))
            return
        for step in pattern[i]:
            if straight and first and step != first:
                continue
            f, r = cur % 10 + step[0], cur // 10 + step[1]
            if not (0 <= f < 10 and 0 <= r < 10):
                continue
            nxt = r * 10 + f
            if nxt in path:
                continue
            go(nxt, i + 1, pattern, path + [nxt], first or step)

    for pattern in patterns:
        go(sq, 0, pattern, [sq], None)
    return out, jumps


def mine(p: str, side: int) -> bool:
    return bool(p) and p.isupper() == (side == 0)


def reachable(board, sq, side, rules) -> Set[int]:
    """Destinations of the piece on ``sq`` (not a Princess): open walk, not onto its own side."""
    letter = board[sq].upper()
    ws, jumps = walks(board, sq, letter, side, rules)
    return {d for d, mid in ws
            if not mine(board[d], side) and (jumps or all(not board[m] for m in mid))}


def threatened(board, side: int, rules) -> Set[int]:
    """Squares an enemy piece other than the Princess could move onto."""
    enemy = 1 - side
    out: Set[int] = set()
    for sq, p in enumerate(board):
        if mine(p, enemy) and p.upper() != "P":
            out |= reachable(board, sq, enemy, rules)
    return out


def princess_sq(board, side):
    return board.index("P" if side == 0 else "p")


def open_lines(board, side, rules) -> Set[Tuple[int, Tuple[int, ...]]]:
    """Enemy walks onto ``side``'s Princess that are open now."""
    target = princess_sq(board, side)
    enemy = 1 - side
    lines = set()
    for sq, p in enumerate(board):
        if mine(p, enemy) and p.upper() != "P":
            ws, jumps = walks(board, sq, p.upper(), enemy, rules)
            for d, mid in ws:
                if d == target and (jumps or all(not board[m] for m in mid)):
                    lines.add((sq, mid))
    return lines


def legal_moves(board, side: int, escapes, rules) -> Set[Tuple[int, int]]:
    board = list(board)
    duel = rules.get("duel") != "off"
    moves = set()
    psq = princess_sq(board, side)
    before = open_lines(board, side, rules)
    for sq, p in enumerate(board):
        if not mine(p, side) or p.upper() == "P":
            continue
        for d in reachable(board, sq, side, rules):
            after = board[:]
            after[sq], after[d] = "", p
            if psq in threatened(after, side, rules):
                continue
            if duel and board[d] and board[d].upper() != "P" and can_lose(rules, p, board[d]):
                lost = board[:]
                lost[sq] = ""
                if open_lines(lost, side, rules) - before:
                    continue
            moves.add((sq, d))
    # The Princess.
    normal, danger = princess_normal(board, side, rules)
    frightened = rules.get("bravery", side) == "frightened"
    moves |= {(psq, d) for d in normal}
    style = rules.get("escape", side)
    if escapes[side] and style != "none":
        free = {s for s in range(100) if not board[s] and s not in danger and s != psq}
        if style == "anywhere":
            ends = free
        else:
            ends = escape_ends(style, psq, danger if frightened else set()) & free
        moves |= {(psq, d) for d in ends - normal}
    return moves


def princess_normal(board, side, rules):
    """Her normal destinations (empty, unthreatened once she has left; for a frightened Princess
    along a walk of unthreatened squares), and the squares threatened with her lifted."""
    psq = princess_sq(board, side)
    lifted = list(board)
    lifted[psq] = ""
    danger = threatened(lifted, side, rules)
    ws, _ = walks(board, psq, "P", side, rules)
    frightened = rules.get("bravery", side) == "frightened"
    normal = set()
    for d, mid in ws:
        if board[d] or d in danger:
            continue
        if frightened and any(m in danger for m in mid):
            continue
        normal.add(d)
    return normal, danger


def can_win(rules, attacker: str, defender: str) -> bool:
    if rules.get("duel") == "even":
        return True
    return PRICE[attacker.upper()] + 6 > PRICE[defender.upper()] + 1


def perft(board, side, escapes, rules, depth: int) -> int:
    """Move sequences of ``depth`` plies; a move that takes a Princess or (unless the game goes
    on) a Chief ends the game. Duel captures count once per possible outcome. Only for depths
    at which the three-piece and repetition rules cannot end the game."""
    if depth == 0:
        return 1
    total = 0
    duel = rules.get("duel") != "off"
    for frm, to in legal_moves(board, side, escapes, rules):
        piece, target = board[frm], board[to]
        outcomes = ["a"]
        if duel and target and target.upper() != "P":
            outcomes = [o for o, ok in (("a", can_win(rules, piece, target)),
                                        ("d", can_lose(rules, piece, target))) if ok]
        for outcome in outcomes:
            after = list(board)
            esc = list(escapes)
            if outcome == "d":
                after[frm] = ""
                taken, winner = piece, target
            else:
                if piece.upper() == "P" and to not in princess_normal(board, side, rules)[0]:
                    esc[side] = False
                after[frm], after[to] = "", piece
                taken, winner = target, piece
            ends = bool(taken) and (taken.upper() == "P" or (
                taken.upper() == "C" and (winner.upper() == "C" or
                                          rules.get("chief_capture") != "continue")))
            if ends:
                total += depth == 1
            else:
                total += perft(after, 1 - side, tuple(esc), rules, depth - 1)
    return total


def escape_ends(style: str, start: int, avoid: Set[int]) -> Set[int]:
    """Ends of Smith's ten-step escape walks. Civil walks are enumerated one by one (at most
    4·3⁹ of them per kind); "up to ten" walks by breadth-first search (a shortest walk never
    revisits a square); exactly ten wild steps by a search for one walk to each square."""
    exact, wild = style[0] == "C", style[1] == "W"
    groups = [ORTH + DIAG] if wild else [ORTH, DIAG]
    ends: Set[int] = set()
    for steps in groups:
        nbrs = {s: [(s // 10 + dy) * 10 + s % 10 + dx for dx, dy in steps
                    if 0 <= s % 10 + dx < 10 and 0 <= s // 10 + dy < 10] for s in range(100)}
        if not exact:
            dist = {start: 0}
            queue = deque([start])
            while queue:
                cur = queue.popleft()
                if dist[cur] == 10 or (cur != start and cur in avoid):
                    continue
                for n in nbrs[cur]:
                    if n not in dist:
                        dist[n] = dist[cur] + 1
                        queue.append(n)
            ends |= set(dist) - {start}
        elif not wild:
            def go(cur, left, seen, ends=ends, nbrs=nbrs):  # called at once, in this pass
                if left == 0:
                    ends.add(cur)
                    return
                for n in nbrs[cur]:
                    if n not in seen and not (left > 1 and n in avoid):
                        go(n, left - 1, seen | {n})
            go(start, 10, {start})
        else:
            for target in range(100):
                if target != start and _walk_exists(nbrs, start, target, 10, avoid):
                    ends.add(target)
    return ends


def _walk_exists(nbrs, start, target, n, avoid) -> bool:
    def cheb(a, b):
        return max(abs(a % 10 - b % 10), abs(a // 10 - b // 10))

    def go(cur, left, seen):
        if left == 0:
            return cur == target
        if cheb(cur, target) > left:
            return False
        for nb in sorted(nbrs[cur], key=lambda x: -cheb(x, target)):
            if nb in seen or (left > 1 and nb in avoid) or (left > 1 and nb == target):
                continue
            if go(nb, left - 1, seen | {nb}):
                return True
        return False
    return go(start, n, {start})


PRICE = {"N": 1, "W": 2, "A": 2, "T": 3, "D": 4, "F": 4, "C": 10}


def can_lose(rules, attacker: str, defender: str) -> bool:
    """Can the attacker lose the duel? Always in even duels; with dice (d6 + price each, ties
    rolled again) unless its best-case deficit is impossible."""
    if rules.get("duel") == "even":
        return True
    return PRICE[attacker.upper()] + 1 < PRICE[defender.upper()] + 6
