"""The engine's errors. Each is a :class:`ValueError` whose message is written for a player: the
command line prints it as it is, and the browser facade shows it on the page. Anything else an
engine call raises is a bug, reported as such (see :mod:`py_engine.facade`).
"""


class JetanError(ValueError):
    """Input the rules or the notation do not allow; the message says why, in a player's words."""


class NotationError(JetanError):
    """Text that is not valid Jetan notation (a square, a move, a position, a record)."""


class PositionError(NotationError):
    """A position string that cannot be read, or a position that cannot arise in Jetan."""


class RecordError(NotationError):
    """A game record that cannot be read, or whose moves are not legal."""


class RulesError(JetanError):
    """A rule-set string that names an unknown option or value."""


class IllegalMoveError(JetanError):
    """A move that the rules do not allow in the position."""


class UsageError(JetanError):
    """A request or command argument out of its range: a level, a time, a depth, a count."""
