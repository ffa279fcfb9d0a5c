"""RuleSet: the options of docs/rules.md, per-side options, parsing and formatting.

A rule set is written ``key=value,key=value``; omitted keys take the standard (first listed)
value, so the standard rule set is the empty string. Piece and Princess options may be given for
one side only, as a handicap (Smith): ``black.thoat=wild`` or ``orange.princess=FWP``. A plain key
sets both sides; later items override earlier ones.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import Dict, NamedTuple, Tuple

from .errors import RulesError
from .gaits import ESCAPE_WALKS, INTERPRETATIONS, Gait
from .messages import Message, clip, words
from .pieces import BLACK, KIND, ODWAR, SIDES, WILD_THOAT_FEATHERS

# Every option, its values (the first is the standard), and whether each side may set its own.
OPTIONS: Dict[str, Tuple[str, ...]] = {
    "setup": ("diametral", "facing"),
    "first": ("black", "orange"),
    "panthan": tuple(INTERPRETATIONS["panthan"]),
    "warrior": tuple(INTERPRETATIONS["warrior"]),
    "padwar": tuple(INTERPRETATIONS["padwar"]),
    "thoat": tuple(INTERPRETATIONS["thoat"]),
    "dwar": tuple(INTERPRETATIONS["dwar"]),
    "flier": tuple(INTERPRETATIONS["flier"]),
    "chief": tuple(INTERPRETATIONS["chief"]),
    "princess": tuple(INTERPRETATIONS["princess"]),
    "bravery": ("brave", "frightened"),
    "escape": ("anywhere",) + tuple(ESCAPE_WALKS) + ("none",),
    "chief_capture": ("draw", "continue", "win"),
    "stalemate": ("loss", "pass"),
    "repetition": ("forbid", "draw"),
    "threepiece": ("on", "off"),
    "duel": ("off", "even", "dice"),
    "odwar": ("off", "on"),
}


def option_label(key: str) -> Message:
    """An option in plain words, for the app's New game dialog (docs/rules.md has the full
    story): the message ``rule.<option>.label``.

    >>> words(option_label("stalemate"))
    'A player who cannot move'
    """
    return Message(f"rule.{key}.label")


def value_words(key: str, value: str) -> Message:
    """A value of an option in plain words: the message ``rule.<option>.<value>``.

    >>> words(value_words("thoat", "wild"))
    'either order, jumping over pieces (worth 3 feathers)'
    """
    return Message(f"rule.{key}.{value}")


PER_SIDE = ("panthan", "warrior", "padwar", "thoat", "dwar", "flier", "chief", "princess",
            "bravery", "escape")
STANDARD = {key: values[0] for key, values in OPTIONS.items()}


@dataclass(frozen=True)
class RuleSet:
    """An immutable rule set. ``options`` holds the global values; ``sides`` the per-side ones
    (Black's, Orange's) for the keys in :data:`PER_SIDE`."""

    options: Tuple[Tuple[str, str], ...] = tuple(
        (k, v) for k, v in STANDARD.items() if k not in PER_SIDE)
    sides: Tuple[Tuple[Tuple[str, str], ...], ...] = field(default_factory=lambda: (
        tuple((k, STANDARD[k]) for k in PER_SIDE),) * 2)

    @classmethod
    def parse(cls, text: str = "") -> "RuleSet":
        """Read ``key=value,...`` (see the module doc). Raises :class:`RulesError`."""
        glob = {k: v for k, v in STANDARD.items() if k not in PER_SIDE}
        sides = [{k: STANDARD[k] for k in PER_SIDE} for _ in SIDES]
        for item in (t.strip() for t in (text or "").split(",")):
            if not item:
                continue
            key, sep, value = (s.strip() for s in item.partition("="))
            if not sep or not value:
                raise RulesError("engine.rules.form", item=clip(item))
            side_name, dot, key = key.lower().rpartition(".") if "." in key else ("", "", key.lower())
            if key not in OPTIONS:
                raise RulesError("engine.rules.unknown", option=clip(key), known=", ".join(OPTIONS))
            matches = [v for v in OPTIONS[key] if v.lower() == value.lower()]
            if not matches:
                raise RulesError("engine.rules.value", value=clip(value), option=key,
                                 values=", ".join(OPTIONS[key]))
            value = matches[0]
            if dot:
                if side_name not in SIDES:
                    raise RulesError("engine.rules.side", side=clip(side_name))
                if key not in PER_SIDE:
                    raise RulesError("engine.rules.bothSides", option=key)
                sides[SIDES.index(side_name)][key] = value
            elif key in PER_SIDE:
                for s in sides:
                    s[key] = value
            else:
                glob[key] = value
        return cls(tuple(glob.items()), tuple(tuple(s.items()) for s in sides))

    def __str__(self) -> str:
        """Canonical text: non-standard values in table order; per-side differences last."""
        parts = [f"{k}={v}" for k, v in self.options if v != STANDARD[k]]
        black, orange = (dict(s) for s in self.sides)
        both = [k for k in PER_SIDE if black[k] == orange[k] != STANDARD[k]]
        parts += [f"{k}={black[k]}" for k in both]
        for name, mine in zip(SIDES, (black, orange)):
            parts += [f"{name}.{k}={mine[k]}" for k in PER_SIDE
                      if k not in both and mine[k] != STANDARD[k]]
        order = list(OPTIONS)
        glob = sorted((p for p in parts if "." not in p.split("=")[0]),
                      key=lambda p: order.index(p.split("=")[0]))
        return ",".join(glob + [p for p in parts if "." in p.split("=")[0]])

    def get(self, key: str, side: int = BLACK) -> str:
        """The value of ``key`` (for ``side`` when it is a per-side option)."""
        return dict(self.sides[side])[key] if key in PER_SIDE else self._global[key]

    @cached_property
    def _global(self) -> Dict[str, str]:
        return dict(self.options)

    def gait(self, letter: str, side: int) -> Gait:
        """The gait of the piece with (Black's) ``letter`` for ``side``."""
        key = KIND[letter].option
        gait = INTERPRETATIONS[key][self.get(key, side)]
        return gait if side == BLACK else gait.mirrored()

    def feathers(self, letter: str, side: int) -> int:
        """A piece's value in feathers (0 for Chief and Princess)."""
        if letter == "T" and self.get("thoat", side) == "wild":
            return WILD_THOAT_FEATHERS
        return KIND[letter].feathers

    @property
    def first(self) -> int:
        return SIDES.index(self.get("first"))

    def piece_message(self, letter: str) -> Message:
        """A piece's name (either side's letter); the Flier is the Odwar under ``odwar=on``."""
        letter = letter.upper()
        return ODWAR if letter == "F" and self.get("odwar") == "on" else KIND[letter].message

    def piece_name(self, letter: str) -> str:
        """:meth:`piece_message` in English."""
        return words(self.piece_message(letter))


STANDARD_RULES = RuleSet()


class Preset(NamedTuple):
    """A named rule set the app offers: its rule-set text, and the messages of its title and of a
    sentence saying what it is (``rule.preset.<name>.title`` and ``.summary``)."""

    rules: str
    title: Message
    summary: Message


def _preset(name: str, rules: str) -> Preset:
    return Preset(rules, Message(f"rule.preset.{name}.title"), Message(f"rule.preset.{name}.summary"))


PRESETS: Dict[str, Preset] = {
    "standard": _preset("standard", ""),     # Fredrik Ekman's reading: the game most players know
    # The set-up and duels of the book's Chapter 17 game, with the Flier called Odwar as there.
    "manator": _preset("manator", "setup=facing,first=orange,duel=even,odwar=on"),
    "cazaux": _preset("cazaux", "thoat=wild"),
    "savard": _preset("savard", "setup=facing,panthan=free,chief_capture=continue"),
}
MANATOR = PRESETS["manator"].rules
