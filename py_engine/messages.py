"""What the engine says, as messages: a key and its arguments, never a sentence.

A :class:`Message` crosses the bridge as JSON (``{"key": ..., "args": {...}}``) and the page words
it in the reader's language from its catalogue (web/i18n/<language>.json, i18next's v4 shape);
the command line words it in English from :data:`ENGLISH`, the same templates the English
catalogue holds under the engine's namespaces (a test keeps the two equal). An argument is a
number, a text quoted from the input (a move, a square, a position), or a message itself (a
side's or a piece's name), worded first. A ``count`` argument chooses the plural form, as
i18next does: ``key_one`` or ``key_other`` in English.

>>> words(Message("side.black"))
'Black'
"""
from __future__ import annotations

import re
from typing import Any, Dict, Mapping, NamedTuple, Union

Arg = Union[int, float, str, "Message"]


class Message(NamedTuple):
    """A catalogue key and its arguments."""
    key: str
    args: Mapping[str, Arg] = {}

    def json(self) -> Dict[str, Any]:
        """The message as the page reads it.

        >>> Message("piece.named", {"piece": Message("piece.thoat")}).json()
        {'key': 'piece.named', 'args': {'piece': {'key': 'piece.thoat'}}}
        """
        if not self.args:
            return {"key": self.key}
        return {"key": self.key,
                "args": {name: value.json() if isinstance(value, Message) else value
                         for name, value in self.args.items()}}

    def __str__(self) -> str:
        return words(self)


# The English of every message the engine sends, by key (the engine's namespaces of
# web/i18n/en.json). Plural messages have a key_one and a key_other.
ENGLISH: Dict[str, str] = {
    "side.black": "Black",
    "side.orange": "Orange",
    "piece.panthan": "Panthan",
    "piece.warrior": "Warrior",
    "piece.padwar": "Padwar",
    "piece.thoat": "Thoat",
    "piece.dwar": "Dwar",
    "piece.flier": "Flier",
    "piece.odwar": "Odwar",
    "piece.chief": "Chief",
    "piece.princess": "Princess",
}

_PLACEHOLDER = re.compile(r"\{\{\s*(\w+)\s*\}\}")


def words(message: Message) -> str:
    """``message`` in English (see the module's text).

    >>> words(Message("side.orange"))
    'Orange'
    """
    args = message.args
    template = None
    count = args.get("count")
    if isinstance(count, (int, float)) and not isinstance(count, bool):
        template = ENGLISH.get(f"{message.key}_{'one' if count == 1 else 'other'}")
    if template is None:
        template = ENGLISH.get(message.key, message.key)

    def argument(found: re.Match[str]) -> str:
        name = found.group(1)
        if name not in args:
            return found.group(0)
        value = args[name]
        if isinstance(value, Message):
            return words(value)
        if isinstance(value, bool):
            return str(value).lower()
        if isinstance(value, int):
            return f"{value:,}"
        return str(value)

    return _PLACEHOLDER.sub(argument, template)
