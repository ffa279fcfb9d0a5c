"""Command line (the contract of docs/rules.md and docs/cli.md): ``moves``, ``perft``, ``replay``,
``bestmove``, ``analyse``, ``match``, ``tune``, ``bench``, ``puzzles``.

Every error in the input prints one line on stderr and exits with status 2.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Callable, List, NoReturn, Optional

from ..errors import JetanError, UsageError
from ..facade import MAX_SEARCH_DEPTH, MAX_TIME_MS
from ..game import Game, check_perft_depth, perft, start_position
from ..movegen import referee_for
from ..notation import line_text, move_text, parse_move
from ..position import Position
from ..rules import RuleSet


def _position(text: str, rules: RuleSet) -> Position:
    """``start`` (the rule set's start position) or a position string, checked for the rules."""
    pos = start_position(rules) if text.strip() == "start" else Position.parse(text)
    referee_for(rules).check_position(pos)
    return pos


def cmd_moves(args: argparse.Namespace) -> None:
    rules = RuleSet.parse(args.rules)
    game = Game(rules, _position(args.position, rules))
    for move in sorted(game.legal_moves):
        print(move_text(game.position, move, args.style))


def cmd_perft(args: argparse.Namespace) -> None:
    rules = RuleSet.parse(args.rules)
    pos = _position(args.position, rules)
    check_perft_depth(args.depth)
    if args.divide and args.depth >= 1:
        game = Game(rules, pos)
        for move in sorted(game.legal_moves):
            for outcome, _ in referee_for(rules).outcomes(pos, move):
                ply = referee_for(rules).play(pos, move, outcome)
                n = 1 if args.depth == 1 else (
                    0 if ply.result else perft(rules, ply.position, args.depth - 1, [pos.key]))
                print(f"{move_text(pos, ply.move)}: {n}")
    print(perft(rules, pos, args.depth))


def _play_all(game: Game, moves: List[str]) -> None:
    """Play move texts in order; an illegal one is named with its number."""
    for number, text in enumerate(moves, 1):
        try:
            game.play(parse_move(text, game.position))
        except JetanError as err:
            raise type(err)(f"move {number} ({text}): {err}") from None


def cmd_replay(args: argparse.Namespace) -> None:
    rules = RuleSet.parse(args.rules)
    game = Game(rules, _position(args.position, rules) if args.position else None, seed=args.seed)
    _play_all(game, args.moves)
    print(game.position)
    result = game.result
    if result:
        print(f"reason: {result.explanation}")
    print(f"result: {result.text if result else 'ongoing'}")


def cmd_bestmove(args: argparse.Namespace) -> None:
    from ..search import best_move
    rules = RuleSet.parse(args.rules)
    game = Game(rules, _position(args.position, rules))
    # The moves played since POSITION (as UCI's ``position ... moves``): the game then holds
    # their positions, which the repetition rule forbids repeating.
    _play_all(game, args.moves)
    if game.result:
        raise UsageError(f"the game is over ({game.result}): there is no move to find")
    move = best_move(game, time_ms=args.time_ms, depth=args.depth, level=args.level)
    print(move_text(game.position, move))


def cmd_analyse(args: argparse.Namespace) -> None:
    from ..search import Searcher
    rules = RuleSet.parse(args.rules)
    game = Game(rules, _position(args.position, rules))
    if game.result:
        raise UsageError(f"the game is over ({game.result}): nothing to analyse")
    searcher = Searcher(rules)
    for info in searcher.iterate(game.position, max_depth=args.depth, time_ms=args.time_ms):
        line = line_text(rules, game.position, info.pv)
        depth = info.depth if info.complete else f"{info.depth} (unfinished)"
        print(f"depth {depth} score {info.score} nodes {info.nodes} time {info.time_ms} "
              f"pv {' '.join(line)}", flush=True)


def cmd_match(args: argparse.Namespace) -> None:
    from .match import match
    result = match(args.a, args.b, games=args.games, time_ms=args.time_ms, rules=args.rules,
                   seed=args.seed, report=(lambda s: None) if args.quiet else _flushed,
                   cli=args.cli, max_plies=args.max_plies, jobs=args.jobs,
                   baseline=args.baseline,
                   positions=_lines(args.positions) if args.positions else None)
    print(f"{args.a} vs {args.b}: {result}")


def _lines(path: Path) -> List[str]:
    """The non-empty lines of a file the user named."""
    try:
        return [line.strip() for line in path.read_text().splitlines() if line.strip()]
    except OSError as err:
        raise UsageError(f"cannot read {path}: {err.strerror}") from None


def _flushed(line: str) -> None:
    print(line, flush=True)


def cmd_bench(args: argparse.Namespace) -> None:
    from .bench import run
    run(pyodide=args.pyodide)


def cmd_tune(args: argparse.Namespace) -> None:
    from .tune import run
    run(args.games)


def cmd_puzzles(args: argparse.Namespace) -> None:
    from .. import puzzles
    from . import puzzlegen
    if not args.generate and (args.seed is not None or args.count is not None or args.out):
        raise UsageError("--seed, --count and --out go with --generate")
    if args.generate and args.prove:
        raise UsageError("--generate and --prove do not go together")
    if args.generate:
        found = puzzlegen.generate(args.count or puzzlegen.DEFAULT_COUNT,
                                 puzzlegen.DEFAULT_SEED if args.seed is None else args.seed,
                                 report=lambda line: print(line, file=sys.stderr, flush=True))
        text = "".join(puzzlegen.dumps(p) + "\n" for p in found)
        if not args.out:
            sys.stdout.write(text)
            return
        try:
            with open(args.out, "w", encoding="utf-8", newline="\n") as out:
                out.write(text)
        except OSError as err:
            raise UsageError(f"cannot write {args.out}: {err.strerror}") from None
        return
    shipped = puzzles.load()
    if args.prove:
        failures = puzzlegen.prove_all(shipped)
        for line in failures:
            print(line, flush=True)
        if failures:
            raise SystemExit(1)
        return
    for puzzle in shipped:
        print(puzzlegen.dumps(puzzle))


class Parser(argparse.ArgumentParser):
    """argparse with the command line's error contract: a usage error is one line on stderr, exit 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"error: {message} (try '{self.prog} --help')\n")


def count(least: int, most: int = 1_000_000) -> Callable[[str], int]:
    """An argparse type: a whole number from ``least`` to ``most``, in ASCII digits (a bad one is
    answered in one line, exit status 2, never a traceback: "²", or four hundred digits)."""
    def parse(text: str) -> int:
        body = text.strip()
        digits = body[1:] if body.startswith("-") else body
        if not digits or not digits.isascii() or not digits.isdigit():
            raise argparse.ArgumentTypeError(f"'{text[:20]}' is not a whole number")
        if len(digits) > len(str(max(abs(least), most))):
            raise argparse.ArgumentTypeError(f"'{text[:20]}…' is not from {least} to {most:,}")
        value = int(body)
        if value < least:
            raise argparse.ArgumentTypeError(f"{value} is less than {least}")
        if value > most:
            raise argparse.ArgumentTypeError(f"{value:,} is more than {most:,}")
        return value
    return parse


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(prog="python -m py_engine",
                                     description="Jetan rules engine and search (docs/rules.md).")
    sub = parser.add_subparsers(dest="command", required=True)

    def with_rules(p: argparse.ArgumentParser) -> argparse.ArgumentParser:
        p.add_argument("--rules", default="", help="rule set, e.g. 'thoat=wild,escape=none'")
        return p

    p = with_rules(sub.add_parser("moves", help="list every legal move"))
    p.add_argument("position", help="position string, or 'start'")
    p.add_argument("--style", choices=("algebraic", "technical"), default="algebraic")
    p.set_defaults(run=cmd_moves)

    p = with_rules(sub.add_parser("perft", help="count move sequences of a given depth"))
    p.add_argument("position")
    p.add_argument("depth", type=count(0))
    p.add_argument("--divide", action="store_true", help="also print the count after each move")
    p.set_defaults(run=cmd_perft)

    p = with_rules(sub.add_parser("replay", help="play moves and print the final position"))
    p.add_argument("--position", help="start from this position instead of the rules' start")
    p.add_argument("--seed", type=int, help="seed for duels whose outcome is not given")
    p.add_argument("moves", nargs="*")
    p.set_defaults(run=cmd_replay)

    p = with_rules(sub.add_parser("bestmove", help="the engine's move"))
    p.add_argument("--time-ms", type=count(1, MAX_TIME_MS), default=1000)
    p.add_argument("--depth", type=count(1, MAX_SEARCH_DEPTH), default=None)
    p.add_argument("--level", type=int, default=6, help="1 (weakest) to 6 (full strength)")
    p.add_argument("position", help="position string, or 'start'")
    p.add_argument("moves", nargs="*", help="the moves played since POSITION (their positions "
                   "are the repetition history)")
    p.set_defaults(run=cmd_bestmove)

    p = with_rules(sub.add_parser("analyse", help="print the search's progress, depth by depth"))
    p.add_argument("--time-ms", type=count(1, MAX_TIME_MS), default=5000)
    p.add_argument("--depth", type=count(1, MAX_SEARCH_DEPTH), default=None)
    p.add_argument("position")
    p.set_defaults(run=cmd_analyse)

    p = with_rules(sub.add_parser("match", help="play engine levels and baselines against each other"))
    p.add_argument("a", help="level1..level6, random, greedy or baseline (an earlier engine, "
                   "read from git history)")
    p.add_argument("b")
    p.add_argument("--games", type=count(1), default=40)
    p.add_argument("--time-ms", type=count(1, MAX_TIME_MS), default=1000, help="time per move for levels")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--quiet", action="store_true", help="print only the final score")
    p.add_argument("--cli", action="store_true",
                   help="every engine plays through its command line (bestmove), a fresh process "
                   "a move; otherwise all play in this process")
    p.add_argument("--baseline", type=Path, default=None,
                   help="the folder whose py_engine plays 'baseline' (default: the "
                   "baseline engine from git history)")
    p.add_argument("--positions", type=Path, default=None,
                   help="a file of positions, one a line, to play from (each with both colours) "
                   "instead of random openings; --games is then ignored")
    p.add_argument("--jobs", type=count(1, 64), default=1,
                   help="games played at once, each in a process of its own (at most one a core)")
    p.add_argument("--max-plies", type=count(1), default=300,
                   help="a game still going after this many plies is scored a draw")
    p.set_defaults(run=cmd_match)

    p = sub.add_parser("bench", help="speed figures (perft, search) with ratios")
    p.add_argument("--pyodide", action="store_true",
                   help="also run the same benchmark in Pyodide, under Node and in Chromium, "
                        "and print the ratios")
    p.set_defaults(run=cmd_bench)

    p = sub.add_parser("tune", help="evaluation weights fitted to the results of games that "
                       "match printed")
    p.add_argument("games", type=Path, nargs="+", help="files of match's output (its moves lines)")
    p.set_defaults(run=cmd_tune)

    p = sub.add_parser("puzzles", help="the shipped puzzles, one JSON object a line; or make or "
                       "re-prove them")
    p.add_argument("--generate", action="store_true",
                   help="make puzzles from the engine's games (same seed, same output)")
    p.add_argument("--seed", type=int, default=None, help="with --generate (default: 1, the "
                   "shipped set's)")
    p.add_argument("--count", type=count(1, 10_000), default=None,
                   help="with --generate: how many puzzles (default: 152)")
    p.add_argument("--out", help="with --generate: write to this file instead of stdout")
    p.add_argument("--prove", action="store_true",
                   help="re-prove every shipped puzzle; one line per failure, exit 1 if any")
    p.set_defaults(run=cmd_puzzles)
    return parser


def main(argv: Optional[List[str]] = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        args.run(args)
    except JetanError as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:       # e.g. piped into `head`
        sys.stderr.close()
        return 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
