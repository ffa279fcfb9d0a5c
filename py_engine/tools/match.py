"""Engine matches (``python -m py_engine match``): levels against each other and against simple
baselines, from varied openings with colours swapped, scored with an Elo estimate.

Players are named ``level1`` … ``level6`` (the search at that level), ``random`` (any legal move),
``greedy`` (one ply: the move after which the static evaluation is best, captures of a Chief or
Princess judged by their result) and ``baseline`` (an earlier engine at level 6, read from the
repository's git history: :func:`baseline_folder`).

With ``--cli`` every engine is a separate program, asked ``python -m py_engine bestmove
[--rules R] --time-ms N POSITION MOVE...`` for every move, as any other program would use an
engine (``baseline`` from its folder, the levels from this checkout), so a match between
``level6`` and ``baseline`` with ``--cli`` compares two command-line engines on equal terms: a
fresh process per move for both, each told the game's start and every move since (its repetition
history). Without it both play in this process, each keeping its tables between moves: the
quicker way to screen a change (a fresh process costs more than a 300 ms search).

``--jobs N`` plays N games at once, each in a process of its own; give each game a core (the
engines are timed), so no more jobs than the machine has cores.
"""
from __future__ import annotations

import importlib
import io
import importlib.util
import math
import random
import shutil
import subprocess
import sys
import tarfile
import tempfile
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Callable, List, Optional, Tuple

from ..errors import IllegalMoveError, JetanError, UsageError
from ..game import Game
from ..notation import parse_move
from ..pieces import BLACK
from ..rules import RuleSet
from ..search import Evaluator, Searcher, level_settings
from ..values import Move
from ..webbuild import CACHE, REPO

Player = Callable[[Game], Move]
MAX_PLIES = 300          # a game still going after this many plies is scored a draw
# The baseline engine: the engine of 2026-11-23 (commit 4a6ea89), its command line's bestmove
# taught to take the moves played since the position (their repetition history) so that it plays
# legal moves in a match, and nothing else changed. Git keeps it: at BASELINE_COMMIT it stood in
# BASELINE_PATH, whence baseline_folder() takes it, so the tree holds no second engine.
BASELINE_COMMIT = "6146814"
BASELINE_PATH = "tests/data/baseline_engine/py_engine"


def baseline_folder() -> Path:
    """A folder whose ``py_engine`` is the baseline engine, taken from git history once into the
    build's cache. Raises :class:`UsageError` where git or that commit is missing (a shallow
    clone: ``git fetch --unshallow``)."""
    folder = CACHE / f"baseline-{BASELINE_COMMIT}"
    if (folder / "py_engine" / "__main__.py").exists():
        return folder
    archive = subprocess.run(["git", "-C", str(REPO), "archive", "--format=tar", BASELINE_COMMIT,
                              BASELINE_PATH], capture_output=True)
    if archive.returncode != 0:
        why = archive.stderr.decode(errors="replace").strip()[:200]
        raise UsageError(f"the baseline engine is read from git history (commit {BASELINE_COMMIT}), "
                         f"which this checkout lacks: {why}")
    CACHE.mkdir(parents=True, exist_ok=True)
    unpacked = Path(tempfile.mkdtemp(prefix="baseline-", dir=CACHE))
    with tarfile.open(fileobj=io.BytesIO(archive.stdout)) as tar:
        tar.extractall(unpacked, filter="data")
    # Renamed whole into place: a run stopped midway leaves no half engine in the cache.
    (unpacked / Path(BASELINE_PATH).parent).rename(folder)
    shutil.rmtree(unpacked)
    return folder


class Forfeit(Exception):
    """A command-line engine answered no legal move: it loses the game."""


def cli_player(folder: Path, rules: RuleSet, time_ms: int, level: int) -> Player:
    """A player that runs ``python -m py_engine bestmove`` from ``folder`` for every move, with
    the game's start position and every move played since (so it knows the repetition
    history)."""
    def ask(game: Game) -> Move:
        command = [sys.executable, "-m", "py_engine", "bestmove", "--rules", str(rules),
                   "--time-ms", str(time_ms), "--level", str(level), str(game.start),
                   *game.move_texts()]
        out = subprocess.run(command, cwd=folder, capture_output=True, text=True,
                             timeout=60 + time_ms / 100)
        answer = out.stdout.strip()
        try:
            return game.parse_move(parse_move(answer, game.position))
        except JetanError as err:
            raise Forfeit(f"{folder.name} answered '{answer[:40]}' "
                          f"({out.stderr.strip()[-200:] or err})") from None
    return ask


def _baseline(module: str, folder: Path) -> ModuleType:
    """A module of the baseline engine, imported beside ours as package ``baseline_py_engine``
    (its imports within itself are relative, so it runs under any package name)."""
    package = "baseline_py_engine"
    if package not in sys.modules:
        source = folder / "py_engine"
        spec = importlib.util.spec_from_file_location(
            package, source / "__init__.py", submodule_search_locations=[str(source)])
        assert spec is not None and spec.loader is not None
        sys.modules[package] = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(sys.modules[package])
    return importlib.import_module(f"{package}.{module}")


def baseline_player(folder: Path, rules: RuleSet, time_ms: int, seed: int) -> Player:
    """The baseline engine at level 6 in this process: it follows the game in a game of its own
    (its own types), keeping its tables between moves as a level does."""
    their_rules = _baseline("rules", folder).RuleSet.parse(str(rules))
    searcher = _baseline("search", folder).Searcher(their_rules, seed=seed)
    move_text = _baseline("notation", folder).move_text
    followed: List[str] = []
    mirror = None

    def ask(game: Game) -> Move:
        nonlocal mirror
        texts = game.move_texts()
        if mirror is None or texts[:len(followed)] != followed:
            mirror, followed[:] = _baseline("game", folder).Game(their_rules, str(game.start)), []
        for text in texts[len(followed):]:
            mirror.play(text)
            followed.append(text)
        move = searcher.best_move(mirror.position, mirror.keys()[:-1], time_ms=time_ms)
        return game.parse_move(parse_move(move_text(mirror.position, move), game.position))
    return ask


def make_player(name: str, rules: RuleSet, time_ms: int, seed: int, cli: bool = False,
                baseline: Optional[Path] = None) -> Player:
    """The player called ``name`` (see the module's notes); ``cli``: engines through the
    command line; ``baseline``: the folder whose ``py_engine`` plays ``baseline`` (by default
    :func:`baseline_folder`)."""
    rng = random.Random(seed)
    if name == "baseline":
        baseline = baseline or baseline_folder()
        return cli_player(baseline, rules, time_ms, 6) if cli else \
            baseline_player(baseline, rules, time_ms, seed)
    if cli and name.startswith("level") and name[5:].isdigit():
        level_settings(int(name[5:]))           # a level that does not exist fails here
        return cli_player(REPO, rules, time_ms, int(name[5:]))
    if name == "random":
        return lambda game: rng.choice(game.legal_moves)
    if name == "greedy":
        evaluate = Evaluator(rules)

        def greedy(game: Game) -> Move:
            pos, ref = game.position, game.referee
            moves = game.legal_moves
            best, best_score = moves[0], -math.inf
            score: float
            for move in moves:
                ply = ref.play(pos, move, "a" if ref.is_duel(pos, move) else "")
                if ply.result is not None:
                    w = ply.result.winner
                    score = 0 if w is None else (10 ** 6 if w == pos.side else -10 ** 6)
                else:
                    score = -evaluate(ply.position)
                score += rng.random()               # break ties at random
                if score > best_score:
                    best, best_score = move, score
            return best
        return greedy
    if name.startswith("level") and name[5:].isdigit():
        level = level_settings(int(name[5:]))
        searcher = Searcher(rules, seed=seed)

        def engine(game: Game) -> Move:
            move = searcher.best_move(game.position, game.keys()[:-1], level=level,
                                      time_ms=time_ms)
            if move is None:        # only asked while the game goes on, so never
                raise IllegalMoveError("the engine was asked for a move in a finished game")
            return move
        return engine
    raise UsageError(f"unknown player '{name}': use level1..level6, random, greedy or baseline")


@dataclass
class MatchResult:
    wins: int = 0
    draws: int = 0
    losses: int = 0

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses

    @property
    def score(self) -> float:
        return (self.wins + 0.5 * self.draws) / self.games if self.games else 0.0

    def elo(self) -> Tuple[float, float, float]:
        """Elo difference and a 95% interval, from the score and its standard error."""
        n = self.games
        s = self.score
        dev = math.sqrt(max((self.wins * (1 - s) ** 2 + self.draws * (0.5 - s) ** 2 +
                             self.losses * s ** 2) / n, 1e-9) / n) if n else 0
        return _elo(s), _elo(s - 1.96 * dev), _elo(s + 1.96 * dev)

    def __str__(self) -> str:
        elo, low, high = self.elo()
        return (f"+{self.wins} ={self.draws} -{self.losses} of {self.games}: score "
                f"{100 * self.score:.1f}%, Elo {elo:+.0f} (95% {low:+.0f} .. {high:+.0f})")


def _elo(score: float) -> float:
    score = min(max(score, 0.001), 0.999)
    return -400 * math.log10(1 / score - 1)


# Where a game of a match begins: a position (None: the rule set's start) and moves played from it.
Opening = Tuple[Optional[str], List[Move]]


def openings(count: int, rules: RuleSet, seed: int) -> List[Opening]:
    """``count`` short random openings (two to four plies, no Princess moves: a random escape
    would decide the game), each played from both sides."""
    rng = random.Random(seed)
    found: List[Opening] = []
    while len(found) < count:
        game = Game(rules)
        line: List[Move] = []
        for _ in range(rng.randint(2, 4)):
            pos = game.position
            move = rng.choice([m for m in game.legal_moves if pos.board[m.frm] not in "Pp"
                               and not game.referee.is_duel(pos, m)])
            game.play(move)
            line.append(move)
        found.append((None, line))
    return found


def play_game(rules: RuleSet, black: Player, orange: Player, opening: Opening,
              seed: int, max_plies: int = MAX_PLIES,
              report: Callable[[str], None] = lambda s: None) -> Optional[int]:
    """Play one game; the winner (``BLACK``/``ORANGE``) or ``None`` for a draw (also a game
    still going after ``max_plies`` plies). A player that answers no legal move loses."""
    start, line = opening
    game = Game(rules, start, seed=seed)
    for move in line:
        game.play(move)
    while game.result is None and len(game.plies) < max_plies:
        player = black if game.turn == BLACK else orange
        try:
            move = player(game)
        except Forfeit as err:
            report(f"forfeit at ply {len(game.plies) + 1}: {err}")
            return 1 - game.turn
        game.play(move)
    report(f"{'' if start is None else f'from {start} '}moves: {' '.join(game.move_texts())} "
           f"({game.result or 'ply limit'})")
    return game.result.winner if game.result else None


def _play_one(a: str, b: str, rules: str, time_ms: int, seed: int, cli: bool, max_plies: int,
              baseline: Optional[Path], i: int, opening: Opening,
              a_side: int) -> Tuple[Optional[int], List[str]]:
    """One game of a match (see :func:`match`): the winner, and what it reported."""
    ruleset = RuleSet.parse(rules)
    pa = make_player(a, ruleset, time_ms, seed * 1000 + 2 * i, cli, baseline)
    pb = make_player(b, ruleset, time_ms, seed * 1000 + 2 * i + 1, cli, baseline)
    black, orange = (pa, pb) if a_side == BLACK else (pb, pa)
    said: List[str] = []
    return play_game(ruleset, black, orange, opening, seed + i, max_plies, said.append), said


def match(a: str, b: str, games: int = 40, time_ms: int = 1000, rules: str = "",
          seed: int = 1, report: Callable[[str], None] = print, cli: bool = False,
          max_plies: int = MAX_PLIES, jobs: int = 1, baseline: Optional[Path] = None,
          positions: Optional[List[str]] = None) -> MatchResult:
    """Play ``games`` games (an even number: each opening twice, colours swapped) of ``a``
    against ``b`` and return ``a``'s result. ``positions``: begin from these instead of random
    openings, each twice (the number of games is then two a position; an endgame set, say,
    where each engine has the side ahead once). ``cli``: engines play through the command line;
    ``jobs``: games played at once (the result is the same, the report's order may differ);
    ``baseline``: the folder whose ``py_engine`` plays ``baseline`` (by default
    :func:`baseline_folder`)."""
    if games < 1:
        raise UsageError(f"a match needs at least one game, not {games}")
    if time_ms < 1:
        raise UsageError(f"the time a move must be at least 1 ms, not {time_ms}")
    ruleset = RuleSet.parse(rules)
    if "baseline" in (a, b):
        baseline = baseline or baseline_folder()
    for name in (a, b):
        make_player(name, ruleset, time_ms, seed, cli, baseline)    # an unknown name fails here
    starts = [(text, []) for text in positions] if positions else \
        openings((games + 1) // 2, ruleset, seed)
    for text, _ in starts:
        Game(ruleset, text)                 # a bad position fails here, before any game
    tasks = [(i, opening, a_side) for i, opening in enumerate(starts)
             for a_side in (BLACK, 1 - BLACK)][:games if not positions else None]
    result = MatchResult()

    def score(task: Tuple[int, Opening, int], winner: Optional[int], said: List[str]) -> None:
        for text in said:
            report(text)
        a_side = task[2]
        if winner is None:
            result.draws += 1
        elif winner == a_side:
            result.wins += 1
        else:
            result.losses += 1
        report(f"game {result.games} (opening {task[0] + 1}): {a} as "
               f"{'black' if a_side == BLACK else 'orange'}: "
               f"{'draw' if winner is None else ('win' if winner == a_side else 'loss')}"
               f"  [{result}]")

    common = (a, b, rules, time_ms, seed, cli, max_plies, baseline)
    if jobs <= 1:
        for task in tasks:
            score(task, *_play_one(*common, *task))
        return result
    with ProcessPoolExecutor(jobs) as pool:
        futures = {pool.submit(_play_one, *common, *task): task for task in tasks}
        for future in as_completed(futures):
            score(futures[future], *future.result())
    return result
