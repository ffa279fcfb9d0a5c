"""The command line, exactly as docs/cli.md and docs/rules.md describe it."""
import subprocess
import sys

import pytest
from py_engine.rules import MANATOR

START = "wadfpcfdaw/tnnnnnnnnt/10/10/10/10/10/10/TNNNNNNNNT/WADFCPFDAW b Ee 0 1"


def run(*args):
    return subprocess.run([sys.executable, "-m", "py_engine", *args], capture_output=True,
                          text=True, timeout=120)


def test_moves():
    out = run("moves", START)
    assert out.returncode == 0
    lines = out.stdout.split()
    assert len(lines) == 74 and "d2-d3" in lines and "f1-e5" in lines
    assert len(run("moves", "--rules", "escape=none", START).stdout.split()) == 48
    assert "D2-D3" in run("moves", "--style", "technical", START).stdout.split()


def test_perft_last_line_and_divide():
    assert run("perft", START, "2").stdout.splitlines()[-1] == "5462"
    out = run("perft", "--divide", START, "2").stdout.splitlines()
    assert out[-1] == "5462" and sum(int(line.split(": ")[1]) for line in out[:-1]) == 5462
    assert run("perft", "start", "0").stdout.strip() == "1"
    # Under dice duels an outcome that cannot happen is neither listed nor counted.
    mid = "wad1p2daw/1n1nn1nnnt/3ncn4/9f/10/10/5C4/2N2N1N2/1NN2N1NNT/WADP3DAW b e 0 13"
    out = run("perft", "--rules", "duel=dice", "--divide", mid, "2").stdout.splitlines()
    assert sum(int(line.split(": ")[1]) for line in out[:-1]) == int(out[-1])


def test_replay():
    out = run("replay", "--rules", MANATOR, "g10-d7", "d2-d3",
              "d7-g4", "d1xg4/a", "f9-f8", "g1-f4", "h9-i8", "f4-c7", "f10-i7", "e1-e4", "a9-b7",
              "e4-e7", "f8xe7/d", "E7xE0/a")
    assert out.returncode == 0, out.stderr
    assert out.stdout.splitlines()[-1] == "result: black wins"
    ongoing = run("replay", "d2-d3")
    assert ongoing.stdout.splitlines() == [
        "wadfpcfdaw/tnnnnnnnnt/10/10/10/10/10/3N6/TNN1NNNNNT/WADFCPFDAW o Ee 0 1",
        "result: ongoing"]
    from_pos = run("replay", "--position", "c3p5/10/10/10/10/10/10/n9/4N5/C3P5", "e2-e3")
    assert from_pos.returncode == 0 and from_pos.stdout.splitlines()[-1] == "result: ongoing"


@pytest.mark.parametrize("args,words", [
    (("replay", "d2-d3", "d2-d4"), "move 2 (d2-d4)"),
    (("replay", "d2-d5"), "move 1 (d2-d5): illegal move d2-d5"),
    (("replay", "hello"), "move 1 (hello)"),
    (("moves", "not/a/position"), "placement needs 10 ranks"),
    (("moves", "--rules", "thoat=flying", START), "not a value of thoat"),
    (("perft", START, "-1"), "depth"),
    (("replay", "--position", "p9/10/10/10/10/10/10/10/10/C8P", "a1-a2"), "Orange has no Chief"),
])
def test_bad_input_exits_2_with_one_line(args, words):
    out = run(*args)
    assert out.returncode == 2
    assert words in out.stderr and len(out.stderr.strip().splitlines()) == 1
    assert "Traceback" not in out.stderr


def test_bestmove_gives_a_legal_move():
    out = run("bestmove", "--depth", "1", START)
    assert out.returncode == 0
    legal = run("moves", START).stdout.split()
    assert out.stdout.strip() in legal


@pytest.mark.parametrize("args, message", [
    (("perft", "start", "1000"), "error: perft depth must be 0 to 20, not 1,000"),
    (("perft", "--divide", "start", "21"), "error: perft depth must be 0 to 20, not 21"),
    (("perft", "start", "-1"), "error: argument depth: -1 is less than 0"),
    (("perft", "start", "x"), "error: argument depth: 'x' is not a whole number"),
    (("bestmove", "--time-ms", "0", "start"), "error: argument --time-ms: 0 is less than 1"),
    (("analyse", "--time-ms", "-3", "start"), "error: argument --time-ms: -3 is less than 1"),
    (("match", "level1", "level2", "--games", "0"), "error: argument --games: 0 is less than 1"),
    (("bestmove", "--level", "9", "start"), "error: level must be 1 to 6, not 9"),
    (("bogus",), "error: argument command: invalid choice: 'bogus'"),
    (("moves",), "error: the following arguments are required: position"),
])
def test_usage_errors_are_one_line_and_exit_2(args, message):
    out = run(*args)
    assert out.returncode == 2 and out.stdout == ""
    assert len(out.stderr.splitlines()) == 1 and out.stderr.startswith(message), out.stderr


def test_move_numbers_stop_where_positions_still_read_back():
    last = "wadfpcfdaw/tnnnnnnnnt/10/10/10/10/10/10/TNNNNNNNNT/WADFCPFDAW o Ee 0 1000000"
    out = run("replay", "--position", last, "g10-d7", "d2-d3")
    assert out.returncode == 0, out.stderr
    final = out.stdout.splitlines()[0]
    assert final.endswith(" 1000000")
    assert run("moves", final).returncode == 0


# Black's and Orange's Fliers out and back twice but Orange's last: the start stood twice, so
# Orange's d7-g10 would make it stand a third time, which the repetition rule forbids.
SHUTTLE = "d1-e4 g10-d7 e4-d1 d7-g10 d1-e4 g10-d7 e4-d1".split()


def test_bestmove_takes_the_moves_since_the_position():
    out = run("bestmove", "--depth", "1", START, "d2-d3", "g9-g8")
    assert out.returncode == 0, out.stderr
    after = run("replay", "d2-d3", "g9-g8").stdout.splitlines()[0]
    assert out.stdout.strip() in run("moves", after).stdout.split()
    bad = run("bestmove", "--depth", "1", "start", "d2-d3", "d2-d4")
    assert bad.returncode == 2 and "move 2 (d2-d4)" in bad.stderr


def test_bestmove_searches_the_game_with_its_repetition_history(monkeypatch):
    """The moves reach the search as a game: its history forbids the third repetition."""
    import py_engine.search
    from py_engine.tools.cli import main
    from py_engine.game import Game
    from py_engine.notation import parse_move
    seen = []

    def fake_best_move(game, **kwargs):
        seen.append(game)
        return game.legal_moves[0]

    monkeypatch.setattr(py_engine.search, "best_move", fake_best_move)
    assert main(["bestmove", "start", *SHUTTLE]) == 0
    game = seen[0]
    assert len(game.keys()) == len(SHUTTLE) + 1
    d7_g10 = parse_move("d7-g10", game.position)
    assert d7_g10 not in game.legal_moves
    assert d7_g10 in Game(position=game.position).legal_moves     # legal without the history


@pytest.mark.parametrize("args", [
    ["bestmove", "--time-ms", "9" * 400, "start"],
    ["bestmove", "--time-ms", "²", "start"],
    ["bestmove", "--depth", "99", "start"],
    ["analyse", "--time-ms", "0", "start"],
    ["replay", "wadfpcfdaw/tnnnnnnnnt/²0/10/10/10/10/10/TNNNNNNNNT/WADFCPFDAW b"],
    ["replay", "wadfpcfdaw/tnnnnnnnnt/10/10/10/10/10/10/TNNNNNNNNT/WADFCPFDAW b Ee 0 " + "9" * 5000],
])
def test_every_bad_argument_is_one_line_and_status_2(args):
    out = run(*args)
    assert out.returncode == 2, out.stderr
    assert "Traceback" not in out.stderr and len(out.stderr.strip().splitlines()) == 1, out.stderr
