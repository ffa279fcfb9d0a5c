"""Jetan, the Martian chess of Edgar Rice Burroughs: rules, notation and search.

The public API: :class:`Position`, :class:`Move`, :class:`RuleSet`, :class:`Game`.
"""
from .game import Game
from .errors import IllegalMoveError, JetanError, NotationError, PositionError, RulesError
from .pieces import BLACK, ORANGE
from .position import Position
from .rules import RuleSet
from .squares import parse_square, square_name
from .values import PASS, Move, Result

__all__ = ["Game", "Move", "PASS", "Position", "RuleSet", "Result", "IllegalMoveError",
           "PositionError", "RulesError", "NotationError", "JetanError", "BLACK", "ORANGE", "parse_square",
           "square_name"]
