"""What the engine says, as messages: a key and its arguments, never a sentence.

A :class:`Message` crosses the bridge as JSON (``{"key": ..., "args": {...}}``) and the page words
it in the reader's language from its catalogue (web/i18n/<language>.json, i18next's v4 shape);
the command line words it in English from :data:`ENGLISH`, the same templates the English
catalogue holds under the engine's namespaces (``engine``, ``side``, ``piece``, ``rule``: a test
keeps the two equal, and ``python -m py_engine.webbuild.engine_words`` writes the catalogue's from
this table). An argument is a number (the page formats it for its language), a text quoted from
the input (a move, a square, a position), or a message itself (a side's or a piece's name),
worded first. A ``count`` argument chooses the plural form, as i18next does: ``key_one`` or
``key_other`` in English.

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

        >>> Message("piece.sided", {"side": Message("side.black"), "piece": Message("piece.thoat")}).json()
        {'key': 'piece.sided', 'args': {'side': {'key': 'side.black'}, 'piece': {'key': 'piece.thoat'}}}
        """
        if not self.args:
            return {"key": self.key}
        return {"key": self.key,
                "args": {name: value.json() if isinstance(value, Message) else value
                         for name, value in self.args.items()}}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> "Message":
        """A message as :meth:`json` wrote it (an argument that is an object is a message): what
        a reply carried, to word it in English (the tests, a tool reading the facade's replies).

        >>> words(Message.from_json({"key": "piece.sided", "args": {"side": {"key": "side.orange"},
        ...                                                          "piece": {"key": "piece.dwar"}}}))
        'Orange Dwar'
        """
        return cls(str(data["key"]), {name: cls.from_json(value) if isinstance(value, dict) else value
                                      for name, value in dict(data.get("args") or {}).items()})

    def clipped(self, limit: int) -> "Message":
        """The message with every text argument (a quoted input), at any depth, cut to ``limit``
        characters with an ellipsis, so that a message never echoes a huge input.

        >>> Message("engine.value.text", {"text": "abcdef"}).clipped(4).args["text"]
        'abc…'
        """
        def cut(value: Arg) -> Arg:
            if isinstance(value, Message):
                return value.clipped(limit)
            return clip(value, limit) if isinstance(value, str) else value
        return Message(self.key, {name: cut(value) for name, value in self.args.items()})

    def __str__(self) -> str:
        return words(self)


# The English of every message the engine sends, by key: the engine's namespaces (engine, side,
# piece, rule) of web/i18n/en.json, which `python -m py_engine.webbuild.engine_words` writes from
# this table (and a test holds equal to it). Plural messages have a key_one and
# a key_other. A quoted input stands in the template's quotes ('{{text}}'), so that a language
# quotes in its own way.
ENGLISH: Dict[str, str] = {
    # ---- the sides and the pieces -------------------------------------------------------------
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
    # A piece with its side ("Black Thoat"), and so with the indefinite article ("an Orange Thoat").
    "piece.sided": "{{side}} {{piece}}",
    # A piece with the indefinite article, as a sentence's subject ("Drawn: an Odwar took …").
    "piece.indefinite.panthan": "a Panthan",
    "piece.indefinite.warrior": "a Warrior",
    "piece.indefinite.padwar": "a Padwar",
    "piece.indefinite.thoat": "a Thoat",
    "piece.indefinite.dwar": "a Dwar",
    "piece.indefinite.flier": "a Flier",
    "piece.indefinite.odwar": "an Odwar",
    "piece.indefinite.chief": "a Chief",
    "piece.indefinite.princess": "a Princess",
    # How each piece moves under the standard rules (the rules page's diagrams and the lessons).
    "piece.moves.panthan": "One step forward, sideways, or diagonally forward; never back.",
    "piece.moves.warrior": "Exactly two orthogonal steps, turning or not.",
    "piece.moves.padwar": "Exactly two diagonal steps, turning or not.",
    "piece.moves.thoat": "One orthogonal step, then one diagonal step.",
    "piece.moves.dwar": "Exactly three orthogonal steps, in any combination.",
    "piece.moves.flier": "Exactly three diagonal steps, in any combination; jumps over pieces.",
    "piece.moves.chief": "Exactly three steps, each orthogonal or diagonal, in any combination.",
    "piece.moves.princess": "As the Chief, but jumps; never takes; one escape per game.",

    # ---- the rule options (rule.<option>.label, rule.<option>.<value>) and the presets ----------
    # Smith's codes: C/F exactly or up to the number of steps; a middle C all steps orthogonal or
    # all diagonal, W any mix; two letters only, a straight line. The Princess's codes are the
    # Chief's with P for the last C.
    "rule.setup.label": "How the pieces stand",
    "rule.setup.diametral": "each side a mirror image through the centre",
    "rule.setup.facing": "Chiefs and Princesses face each other",
    "rule.first.label": "Who moves first",
    "rule.first.black": "Black",
    "rule.first.orange": "Orange",
    "rule.panthan.label": "Panthan",
    "rule.panthan.chained": "one step forward, sideways or diagonally forward",
    "rule.panthan.free": "one step any way but straight back",
    "rule.warrior.label": "Warrior",
    "rule.warrior.CW": "exactly 2 straight steps",
    "rule.warrior.FW": "1 or 2 straight steps",
    "rule.warrior.CCW": "exactly 2 steps, both straight or both diagonal",
    "rule.warrior.CWW": "exactly 2 steps, in any mix of directions",
    "rule.warrior.FCW": "1 or 2 steps, all straight or all diagonal",
    "rule.warrior.FWW": "1 or 2 steps, in any mix of directions",
    "rule.padwar.label": "Padwar",
    "rule.padwar.C": "exactly 2 diagonal steps",
    "rule.padwar.F": "1 or 2 diagonal steps",
    "rule.thoat.label": "Thoat",
    "rule.thoat.chained": "one straight step, then one diagonal",
    "rule.thoat.free": "one straight and one diagonal step, in either order",
    "rule.thoat.wild": "either order, jumping over pieces (worth 3 feathers)",
    "rule.dwar.label": "Dwar",
    "rule.dwar.C": "exactly 3 straight steps",
    "rule.dwar.F": "1 to 3 straight steps",
    "rule.flier.label": "Flier",
    "rule.flier.C": "exactly 3 diagonal steps, jumping",
    "rule.flier.F": "1 to 3 diagonal steps, jumping",
    "rule.chief.label": "Chief",
    "rule.chief.CWC": "exactly 3 steps, in any mix of directions",
    "rule.chief.CC": "exactly 3 steps in a straight line",
    "rule.chief.FC": "1 to 3 steps in a straight line",
    "rule.chief.CCC": "exactly 3 steps, all straight or all diagonal",
    "rule.chief.FCC": "1 to 3 steps, all straight or all diagonal",
    "rule.chief.FWC": "1 to 3 steps, in any mix of directions",
    "rule.princess.label": "Princess (always jumps)",
    "rule.princess.CWP": "exactly 3 steps, in any mix of directions",
    "rule.princess.CP": "exactly 3 steps in a straight line",
    "rule.princess.FP": "1 to 3 steps in a straight line",
    "rule.princess.CCP": "exactly 3 steps, all straight or all diagonal",
    "rule.princess.FCP": "1 to 3 steps, all straight or all diagonal",
    "rule.princess.FWP": "1 to 3 steps, in any mix of directions",
    "rule.bravery.label": "The Princess's nerve",
    "rule.bravery.brave": "she may pass threatened squares",
    "rule.bravery.frightened": "she never passes a threatened square",
    "rule.escape.label": "The Princess's escape, once a game",
    "rule.escape.anywhere": "to any empty square out of danger",
    "rule.escape.CCE": "exactly 10 steps, all straight or all diagonal",
    "rule.escape.CWE": "exactly 10 steps, in any mix",
    "rule.escape.FCE": "up to 10 steps, all straight or all diagonal",
    "rule.escape.FWE": "up to 10 steps, in any mix",
    "rule.escape.none": "she has no escape",
    "rule.chief_capture.label": "A Chief taken by a lesser piece",
    "rule.chief_capture.draw": "the game is drawn",
    "rule.chief_capture.continue": "the game goes on",
    "rule.chief_capture.win": "the taker wins",
    "rule.stalemate.label": "A player who cannot move",
    "rule.stalemate.loss": "loses",
    "rule.stalemate.pass": "passes the turn",
    "rule.repetition.label": "Repeated positions",
    "rule.repetition.forbid": "a move may not repeat a position a third time",
    "rule.repetition.draw": "a position seen three times draws",
    "rule.threepiece.label": "Three pieces each",
    "rule.threepiece.on": "a long game with three equal pieces each is drawn",
    "rule.threepiece.off": "no such rule",
    "rule.duel.label": "Captures",
    "rule.duel.off": "always succeed",
    "rule.duel.even": "are duels with even chances",
    "rule.duel.dice": "are duels decided by dice and the pieces' values",
    "rule.odwar.label": "The Flier's name",
    "rule.odwar.off": "Flier",
    "rule.odwar.on": "Odwar, as in Manator",
    "rule.preset.standard.title": "Standard (Ekman)",
    "rule.preset.standard.summary":
        "Fredrik Ekman's reading of the book's rules: the game most players know.",
    "rule.preset.manator.title": "Manator (the book's Chapter 17)",
    "rule.preset.manator.summary": "As in the arena of Manator: Chiefs face each other, Orange starts, and "
                                   "every capture is a duel that either piece may win.",
    "rule.preset.cazaux.title": "Cazaux",
    "rule.preset.cazaux.summary": "Standard, but the Thoat jumps and turns either way, as Cazaux reads it.",
    "rule.preset.savard.title": "Savard",
    "rule.preset.savard.summary": "John Savard's reading: facing set-up, freer Panthans, and a game that "
                                  "goes on when a lesser piece takes a Chief.",

    # ---- how a game ended: the result in one sentence (engine.result) and its reason -----------
    # (engine.reason, the record's Termination header). {{winner}} and {{loser}} are sides.
    "engine.result.princessTaken": "{{winner}}'s {{piece}} took the {{loser}} Princess: {{winner}} wins",
    "engine.result.princessTakenInDuel":
        "{{winner}}'s {{piece}} took the {{loser}} Princess in a duel: {{winner}} wins",
    "engine.result.chiefTaken": "{{winner}}'s {{piece}} took the {{loser}} Chief: {{winner}} wins",
    "engine.result.chiefTakenInDuel":
        "{{winner}}'s {{piece}} took the {{loser}} Chief in a duel: {{winner}} wins",
    "engine.result.chiefBeatAttacker":
        "{{winner}}'s {{piece}} beat the attacking {{loser}} Chief in a duel: {{winner}} wins",
    # A Chief taken by a lesser piece, drawn: {{piece}} is the taker with its article ("an Odwar").
    "engine.result.chiefTakenDrawn": "Drawn: {{piece}} took the {{loser}} Chief",
    "engine.result.chiefTakenInDuelDrawn": "Drawn: {{piece}} took the {{loser}} Chief in a duel",
    "engine.result.chiefBeatAttackerDrawn": "Drawn: {{piece}} beat the attacking {{loser}} Chief in a duel",
    "engine.result.princessWon": "{{winner}} took the Princess: {{winner}} wins",
    "engine.result.chiefWon": "{{winner}}'s Chief took the Chief: {{winner}} wins",
    "engine.result.chiefTakenWon": "A Chief was taken by a lesser piece: {{winner}} wins",
    "engine.result.chiefTakenDraw": "Drawn: a Chief was taken by a lesser piece",
    "engine.result.trapped": "{{loser}}'s Princess is trapped: {{winner}} wins",
    "engine.result.cannotMove": "{{loser}} cannot move: {{winner}} wins",
    "engine.result.bothStalemated": "Drawn: neither side can move",
    "engine.result.threepiece": "Drawn: three pieces each for ten moves",
    "engine.result.repetition": "Drawn: the same position a third time",
    "engine.result.resigned": "{{loser}} resigned: {{winner}} wins",
    "engine.result.agreed": "Drawn by agreement",
    "engine.result.time": "{{loser}}'s time ran out: {{winner}} wins",
    "engine.result.timeDrawn": "Drawn: {{loser}}'s time ran out, but {{winner}} has too little left to win",
    "engine.reason.princess": "{{winner}} took the Princess",
    "engine.reason.chief": "{{winner}}'s Chief took the Chief",
    "engine.reason.chiefTaken": "a Chief was taken by a lesser piece",
    "engine.reason.stalemate": "{{loser}} has no legal move",
    "engine.reason.bothStalemated": "neither side can move",
    "engine.reason.threepiece": "three-piece rule: no win within ten moves",
    "engine.reason.repetition": "the same position occurred a third time",
    "engine.reason.resigned": "{{loser}} resigned",
    "engine.reason.agreed": "drawn by agreement",
    "engine.reason.time": "{{loser}}'s time ran out",
    "engine.reason.timeDrawn": "{{loser}}'s time ran out, but {{winner}} cannot win",

    # ---- Burroughs' descriptive notation ("Chief's Flier to Chief's Dwar Four") -----------------
    # A file is named after the piece that starts on it and whose side of the board it is on
    # (the Chief's or the Princess's); a rank is counted from the mover's own edge.
    "engine.descriptive.chief": "Chief",
    "engine.descriptive.princess": "Princess",
    "engine.descriptive.ofChief": "Chief's {{piece}}",
    "engine.descriptive.ofPrincess": "Princess' {{piece}}",
    "engine.descriptive.pieceOf": "{{file}}'s {{piece}}",
    "engine.descriptive.square": "{{file}} {{rank}}",
    "engine.descriptive.rank.one": "One",
    "engine.descriptive.rank.two": "Two",
    "engine.descriptive.rank.three": "Three",
    "engine.descriptive.rank.four": "Four",
    "engine.descriptive.rank.five": "Five",
    "engine.descriptive.rank.six": "Six",
    "engine.descriptive.rank.seven": "Seven",
    "engine.descriptive.rank.eight": "Eight",
    "engine.descriptive.rank.nine": "Nine",
    "engine.descriptive.rank.ten": "Ten",
    "engine.descriptive.to": "{{piece}} to {{square}}",
    "engine.descriptive.escape": "{{piece}} to {{square}} (escape)",
    "engine.descriptive.takes": "{{piece}} takes {{victim}}",
    "engine.descriptive.takesAndLoses": "{{piece}} takes {{victim}} and loses the duel",
    "engine.descriptive.pass": "pass",

    # ---- moves the rules refuse, and the game's own refusals ------------------------------------
    "engine.move.passNotAllowed": "pass is not allowed: {{side}} has a legal move",
    "engine.move.fromEmpty": "illegal move {{move}}: {{square}} is empty",
    "engine.move.notYours": "illegal move {{move}}: the piece on {{square}} is not {{side}}'s",
    "engine.move.princessThreatened":
        "illegal move {{move}}: {{side}}'s Princess is threatened and must be saved",
    "engine.move.princessNeverCaptures": "illegal move {{move}}: the Princess never captures",
    "engine.move.ownPiece": "illegal move {{move}}: {{square}} holds {{side}}'s own piece",
    "engine.move.repetition":
        "illegal move {{move}}: it would repeat a position a third time (or force that)",
    "engine.move.cannotGo": "illegal move {{move}}: the {{piece}} on {{square}} cannot go there",
    "engine.move.outcomeWithoutDuel": "{{move}}: only a capture under duel rules has an outcome (/a or /d)",
    "engine.move.outcomeImpossible": "{{move}}: that duel outcome is impossible with these pieces",
    "engine.game.over": "the game is over ({{result}}); no more moves",
    "engine.game.ended": "the game is over ({{result}})",
    "engine.game.resignationWithdrawn": "resignation withdrawn; undo again to take back a move",
    "engine.game.agreementWithdrawn": "draw by agreement withdrawn; undo again to take back a move",
    "engine.game.timeForfeitWithdrawn": "time forfeit withdrawn; undo again to take back a move",
    "engine.game.resultWithdrawn": "result withdrawn; undo again to take back a move",
    "engine.game.nothingToUndo": "nothing to undo: no move has been played",
    "engine.game.nothingToRedo": "nothing to redo",
    "engine.game.scoring": "unknown scoring system '{{system}}'; known: {{known}}",
    "engine.game.perftDepth": "perft depth must be 0 to {{most}}, not {{depth}}",
    "engine.search.time": "the time to think must be at least 1 ms, not {{time}}",
    "engine.search.level": "level must be 1 to 6, not {{level}}",
    "engine.search.noMove": "there is no legal move",

    # ---- notation: squares, moves, positions, rule sets, records -------------------------------
    "engine.notation.square": "'{{text}}' is not a square: use a file a–j and a rank 1–10 (e.g. e5, E0)",
    "engine.notation.move": "'{{text}}' is not a move: write it like d1-g4, d1xg4 or D1-G4",
    "engine.notation.captureEmpty": "'{{text}}' says capture, but {{square}} is empty",
    "engine.position.empty": "empty position: expected e.g. '{{example}}'",
    "engine.position.fields": "a position has at most five fields, got {{found}}",
    "engine.position.side": "side to move must be 'b' or 'o', not '{{text}}'",
    "engine.position.escapes": "escapes must be 'Ee', 'E', 'e' or '-', not '{{text}}'",
    "engine.position.counter": "three-piece counter must be a whole number from {{low}} to {{high}}, "
                               "not '{{text}}'",
    "engine.position.moveNumber": "move number must be a whole number from {{low}} to {{high}}, "
                                  "not '{{text}}'",
    "engine.position.ranks": "placement needs {{ranks}} ranks separated by '/', got {{found}}",
    "engine.position.emptyCount": "rank {{rank}}: '{{text}}' is not a count of empty squares",
    "engine.position.letter": "rank {{rank}}: '{{letter}}' is not a piece letter (Black {{black}}, "
                              "Orange {{orange}})",
    "engine.position.rankWidth_one": "rank {{rank}} ('{{text}}') covers {{count}} square, not {{size}}",
    "engine.position.rankWidth_other": "rank {{rank}} ('{{text}}') covers {{count}} squares, not {{size}}",
    "engine.position.princesses": "{{side}} must have exactly one Princess, not {{found}}",
    "engine.position.tooMany": "{{side}} has {{found}} pieces '{{letter}}': at most {{most}} can exist",
    "engine.position.noChief": "{{side}} has no Chief: under chief_capture={{value}} the game would "
                               "already be over",
    "engine.position.threatened": "{{waiting}}'s Princess is threatened but it is {{side}}'s turn: "
                                  "no legal move leads here",
    "engine.position.counterSet": "the three-piece counter is set but the three-piece condition does not "
                                  "hold; it must be 0",
    "engine.position.counterOff": "the three-piece counter must be 0 when threepiece=off",
    "engine.rules.form": "rule option '{{item}}' needs the form key=value (e.g. thoat=wild)",
    "engine.rules.unknown": "unknown rule option '{{option}}'; known: {{known}}",
    "engine.rules.value": "'{{value}}' is not a value of {{option}}; choose one of {{values}}",
    "engine.rules.side": "'{{side}}.' must be 'black.' or 'orange.'",
    "engine.rules.bothSides": "'{{option}}' applies to both sides; it cannot be set for one",
    "engine.record.headerLine": "line {{line}}: a header looks like [Name \"value\"]",
    "engine.record.header": "header: {{error}}",
    "engine.record.move": "move '{{move}}': {{error}}",
    "engine.record.mark": "the record ends with mark '{{written}}' but the moves give '{{played}}'",
    "engine.record.noMark": "none",
    "engine.record.result": "the Result header says '{{declared}}' but the moves give '{{played}}'",
    "engine.record.openComment": "a comment is not closed: '{' without '}'",
    "engine.record.strayBrace": "a '}' closes no comment",

    # ---- requests the browser's facade refuses ---------------------------------------------------
    # {{name}} is a request field's name, as the protocol spells it; {{value}} what was sent
    # (engine.value, or the number, or true, false or null).
    "engine.request.notObject": "a request must be a JSON object",
    "engine.request.unknownOp": "unknown operation {{op}}",
    "engine.request.notText": "{{name}} must be text",
    "engine.request.tooLong": "{{name}} is too long ({{length}} characters; at most {{most}})",
    "engine.request.wholeNumber": "{{name}} must be a whole number from {{low}} to {{high}}",
    "engine.request.outOfRange": "{{name}} must be from {{low}} to {{high}}, not {{value}}",
    "engine.request.notAChoice": "{{name}} must be one of {{choices}}, not {{value}}",
    "engine.request.movesNotList": "moves must be a list of move texts",
    "engine.request.gameTooLong": "the game is too long ({{moves}} moves; at most {{most}})",
    "engine.request.notAMove": "move {{number}} ({{value}}) is not a move",
    "engine.request.headers": "headers must be at most {{most}} names with text values",
    "engine.request.header": "header {{name}} must be a word with a short text value",
    "engine.request.comments": "comments must be keyed by a number of moves",
    "engine.request.commentKey": "a comment's key {{key}} must be a number of moves",
    "engine.request.comment": "the comment on move {{number}} must be texts of at most {{most}} "
                              "characters: {{parts}}",
    "engine.request.agreed": "agreed must be true or false, not {{value}}",
    "engine.request.oneEnding": "a game ends only one way: {{first}} and {{second}} cannot both be given",
    "engine.request.moveAt": "move {{number}} ({{move}}): {{error}}",
    "engine.request.moveShape": "move must be squares {from, to} or a move's text",
    "engine.request.moveSquares": "a move needs both squares, from and to",
    "engine.request.full": "this game has {{most}} plies, the most a game may have: it cannot go on "
                           "(it would not load again)",
    "engine.request.recordEmpty": "the record is empty: paste a game record first",
    "engine.request.recordTooLong": "the record is too long ({{moves}} moves; at most {{most}})",
    "engine.request.noPiece": "there is no piece on {{square}}",
    "engine.request.clockShape": "clock must be {remaining_ms, increment_ms}: whole numbers of milliseconds",
    "engine.request.clockRemaining": "clock needs remaining_ms, the engine's time left in milliseconds",
    "engine.request.nothingToSearch": "the game is over ({{result}}): there is nothing to search",
    "engine.request.noSearch": "no search is running",
    "engine.request.squareMove": "move must be {from, to}",
    "engine.request.squareMoveSquares": "move must be {from, to}: two squares from 0 to 99",
    "engine.request.tooDeep": "the request is nested too deeply",
    "engine.request.notJson": "the request is not JSON (at character {{position}})",
    "engine.request.hugeNumber": "the request holds a number too large to read",
    "engine.request.internal": "the engine failed on this request (internal error {{id}})",
    "engine.value.text": "'{{text}}'",
    "engine.value.hugeNumber": "a huge number",
    "engine.value.number": "a number",
    "engine.value.list": "a list",
    "engine.value.object": "an object",
}

def clip(text: str, limit: int = 40) -> str:
    """``text`` cut to ``limit`` characters (with an ellipsis), for a message that quotes input.

    >>> clip("d2-d3"), clip("x" * 50)[-3:]
    ('d2-d3', 'xx…')
    """
    return text if len(text) <= limit else text[:limit - 1] + "…"


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
