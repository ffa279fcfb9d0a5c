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
# Every option and value in plain words, for the app's New game dialog (docs/rules.md has the
# full story). Smith's codes: C/F exactly or up to the number of steps; a middle C all steps
# orthogonal or all diagonal, W any mix; two letters only, a straight line.
_CHIEF = {"CWC": "exactly 3 steps, in any mix of directions",
           "CC": "exactly 3 steps in a straight line", "FC": "1 to 3 steps in a straight line",
           "CCC": "exactly 3 steps, all straight or all diagonal",
           "FCC": "1 to 3 steps, all straight or all diagonal",
           "FWC": "1 to 3 steps, in any mix of directions"}
OPTION_WORDS: Dict[str, Tuple[str, Dict[str, str]]] = {
    "setup": ("How the pieces stand", {"diametral": "each side a mirror image through the centre",
                                       "facing": "Chiefs and Princesses face each other"}),
    "first": ("Who moves first", {"black": "Black", "orange": "Orange"}),
    "panthan": ("Panthan", {"chained": "one step forward, sideways or diagonally forward",
                            "free": "one step any way but straight back"}),
    "warrior": ("Warrior", {"CW": "exactly 2 straight steps", "FW": "1 or 2 straight steps",
                            "CCW": "exactly 2 steps, both straight or both diagonal",
                            "CWW": "exactly 2 steps, in any mix of directions",
                            "FCW": "1 or 2 steps, all straight or all diagonal",
                            "FWW": "1 or 2 steps, in any mix of directions"}),
    "padwar": ("Padwar", {"C": "exactly 2 diagonal steps", "F": "1 or 2 diagonal steps"}),
    "thoat": ("Thoat", {"chained": "one straight step, then one diagonal",
                        "free": "one straight and one diagonal step, in either order",
                        "wild": "either order, jumping over pieces (worth 3 feathers)"}),
    "dwar": ("Dwar", {"C": "exactly 3 straight steps", "F": "1 to 3 straight steps"}),
    "flier": ("Flier", {"C": "exactly 3 diagonal steps, jumping", "F": "1 to 3 diagonal steps, jumping"}),
    "chief": ("Chief", _CHIEF),
    # The Princess's codes are the Chief's with P for the last C.
    "princess": ("Princess (always jumps)", {code[:-1] + "P": text for code, text in _CHIEF.items()}),
    "bravery": ("The Princess's nerve", {"brave": "she may pass threatened squares",
                                         "frightened": "she never passes a threatened square"}),
    "escape": ("The Princess's escape, once a game", {
        "anywhere": "to any empty square out of danger",
        "CCE": "exactly 10 steps, all straight or all diagonal",
        "CWE": "exactly 10 steps, in any mix", "FCE": "up to 10 steps, all straight or all diagonal",
        "FWE": "up to 10 steps, in any mix", "none": "she has no escape"}),
    "chief_capture": ("A Chief taken by a lesser piece", {
        "draw": "the game is drawn", "continue": "the game goes on", "win": "the taker wins"}),
    "stalemate": ("A player who cannot move", {"loss": "loses", "pass": "passes the turn"}),
    "repetition": ("Repeated positions", {
        "forbid": "a move may not repeat a position a third time",
        "draw": "a position seen three times draws"}),
    "threepiece": ("Three pieces each", {"on": "a long game with three equal pieces each is drawn",
                                        "off": "no such rule"}),
    "duel": ("Captures", {"off": "always succeed", "even": "are duels with even chances",
                          "dice": "are duels decided by dice and the pieces' values"}),
    "odwar": ("The Flier's name", {"off": "Flier", "on": "Odwar, as in Manator"}),
}

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
                raise RulesError(f"rule option '{item}' needs the form key=value (e.g. thoat=wild)")
            side_name, dot, key = key.lower().rpartition(".") if "." in key else ("", "", key.lower())
            if key not in OPTIONS:
                raise RulesError(f"unknown rule option '{key}'; known: {', '.join(OPTIONS)}")
            matches = [v for v in OPTIONS[key] if v.lower() == value.lower()]
            if not matches:
                raise RulesError(f"'{value}' is not a value of {key}; choose one of "
                                 f"{', '.join(OPTIONS[key])}")
            value = matches[0]
            if dot:
                if side_name not in SIDES:
                    raise RulesError(f"'{side_name}.' must be 'black.' or 'orange.'")
                if key not in PER_SIDE:
                    raise RulesError(f"'{key}' applies to both sides; it cannot be set for one")
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

    def piece_name(self, letter: str) -> str:
        """A piece's name (either side's letter); the Flier is the Odwar under ``odwar=on``."""
        letter = letter.upper()
        return ODWAR if letter == "F" and self.get("odwar") == "on" else KIND[letter].name


STANDARD_RULES = RuleSet()


class Preset(NamedTuple):
    """A named rule set the app offers: its title, its rule-set text and a sentence saying what
    it is."""

    title: str
    rules: str
    summary: str


PRESETS: Dict[str, Preset] = {
    "standard": Preset("Standard (Ekman)", "",
                       "Fredrik Ekman's reading of the book's rules: the game most players know."),
    # The set-up and duels of the book's Chapter 17 game, with the Flier called Odwar as there.
    "manator": Preset("Manator (the book's Chapter 17)", "setup=facing,first=orange,duel=even,odwar=on",
                      "As in the arena of Manator: Chiefs face each other, Orange starts, and every "
                      "capture is a duel that either piece may win."),
    "cazaux": Preset("Cazaux", "thoat=wild",
                     "Standard, but the Thoat jumps and turns either way, as Cazaux reads it."),
    "savard": Preset("Savard", "setup=facing,panthan=free,chief_capture=continue",
                     "John Savard's reading: facing set-up, freer Panthans, and a game that goes on "
                     "when a lesser piece takes a Chief."),
}
MANATOR = PRESETS["manator"].rules
