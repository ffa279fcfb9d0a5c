"""Jetan, the Martian chess of Edgar Rice Burroughs: rules, notation and search.

The public API: :class:`Position`, :class:`Move`, :class:`RuleSet`, :class:`Game`.
"""
from .game import Game
from .movegen import PASS, IllegalMoveError, Move, Result
from .position import Position, PositionError
from .rules import BLACK, ORANGE, RuleSet, RulesError
from .squares import NotationError, parse_square, square_name

__all__ = ["Game", "Move", "PASS", "Position", "RuleSet", "Result", "IllegalMoveError",
           "PositionError", "RulesError", "NotationError", "BLACK", "ORANGE", "parse_square",
           "square_name"]
