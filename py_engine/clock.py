"""Time management: how long the engine may think on one move when it plays on a clock.

The budget is a share of the time left — a larger share as the game goes on and fewer moves
remain to be played — plus most of the increment, never more than a quarter of the time left,
at least :data:`MIN_MS` and at most :data:`MAX_MS`.
"""
from __future__ import annotations

MIN_MS = 50          # below this the search cannot finish even its first depth
MAX_MS = 20_000      # no single move is worth more, whatever the clock holds
MOST_MOVES_LEFT = 40  # the moves a game is expected to last at its start...
LEAST_MOVES_LEFT = 20  # ...and, however long it has lasted, still to last


def time_for_move(remaining_ms: int, increment_ms: int = 0, plies_played: int = 0) -> int:
    """The milliseconds to spend on the next move with ``remaining_ms`` on the clock, an
    ``increment_ms`` added after each move, and ``plies_played`` plies of the game played.

    >>> time_for_move(300_000)                 # five minutes at the start: 1/40 of it
    7500
    >>> time_for_move(300_000, 0, 200)         # late in the game: 1/20
    15000
    >>> time_for_move(60_000, 2_000, 10)       # a minute and two seconds a move
    3078
    >>> time_for_move(1_000, 5_000)            # little time left: at most a quarter of it
    250
    >>> time_for_move(10, 0), time_for_move(3_600_000, 0)   # the floor and the ceiling
    (50, 20000)
    """
    remaining = max(0, remaining_ms)
    increment = max(0, increment_ms)
    moves_left = max(LEAST_MOVES_LEFT, MOST_MOVES_LEFT - max(0, plies_played) // 4)
    budget = remaining // moves_left + increment * 3 // 4
    budget = min(budget, remaining // 4)
    return max(MIN_MS, min(MAX_MS, budget))


__all__ = ["time_for_move", "MIN_MS", "MAX_MS"]
