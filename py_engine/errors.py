"""The engine's errors. Each is a :class:`ValueError` carrying a :class:`~py_engine.messages.Message`
that says why for a player: the command line prints it in English (``str(err)``), and the browser
facade sends the message itself, which the page words in its reader's language. Anything else an
engine call raises is a bug, reported as such (see :mod:`py_engine.facade`).
"""
from typing import Union

from .messages import Arg, Message, words


class JetanError(ValueError):
    """Input the rules or the notation do not allow; ``message`` says why: a catalogue key and its
    arguments (any name but ``key`` itself, which is the first), or a message made already.

    >>> err = JetanError("engine.notation.move", text="d2d"); err.message.key, str(err)
    ('engine.notation.move', "'d2d' is not a move: write it like d1-g4, d1xg4 or D1-G4")
    """

    def __init__(self, key: Union[str, Message], /, **args: Arg) -> None:
        self.message = key if isinstance(key, Message) else Message(key, args)
        super().__init__(words(self.message))


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
