"""The engine: tactics it must see, Jetan judgement (Chief draws), levels, and legality."""
import random
import time
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from py_engine import Game, Move
from py_engine.tools.bench import MIDDLEGAMES
from py_engine.errors import UsageError
from py_engine.rules import RuleSet
from py_engine.search import (BREATH_S, CHECK_EVERY, CONTEMPT, LEVELS, MATE, WON, Level, Searcher, Timeout,
                              best_move, level_settings)
from py_engine.squares import parse_square as sq
from py_engine.rules import MANATOR
from tests.helpers import random_position, random_rules



def play(rules, moves, position=None):
    g = Game(rules, position)
    for m in moves:
        g.play(m)
    return g


def search(game, depth):
    s = Searcher(game.rules, seed=1)
    last = None
    for info in s.iterate(game.position, game.keys()[:-1], max_depth=depth):
        last = info
    return last


def test_takes_the_princess_in_one():
    g = play(MANATOR, ["g10-d7", "d2-d3", "d7-g4", "d1xg4/d"])
    info = search(g, 2)
    assert info.move == Move(sq("g4"), sq("f1")) and info.score == MATE - 1


def test_avoids_losing_the_princess_in_one():
    # The Orange Odwar on g4 threatens the Black Princess: attacking it in an even duel loses
    # her half the time, so the engine rescues her another way.
    g = play(MANATOR, ["g10-d7", "d2-d3", "d7-g4"])
    info = search(g, 2)
    assert info.move != Move(sq("d1"), sq("g4")) and info.score > -WON


def wins_by_force(game, plies):
    """Brute force: the side to move wins within ``plies``."""
    if game.result is not None:
        return False
    for move in game.legal_moves:
        game.play(move)
        try:
            if game.result is not None:
                if game.result.winner is not None and game.result.winner != game.turn:
                    return True
                continue
            if plies >= 3 and game.legal_moves and all(
                    _then_wins(game, reply, plies - 2) for reply in game.legal_moves):
                return True
        finally:
            game.undo()
    return False


def _then_wins(game, reply, plies):
    game.play(reply)
    try:
        if game.result is not None:
            return game.result.winner is not None and game.result.winner != game.turn
        return wins_by_force(game, plies)
    finally:
        game.undo()


def test_finds_the_two_move_win_on_a_trapped_princess():
    # The Orange Princess on c6 has no escape left; Black wins in two moves.
    g = Game("", "10/10/8D1/7PC1/2p7/3a6/10/10/4t1W3/6c3 b - 0 1")
    info = search(g, 3)
    assert info.score == MATE - 3
    g.play(info.move)
    assert all(_then_wins(g, reply, 1) for reply in g.legal_moves)


# Black, a Warrior and two Dwars ahead, can take the Orange Chief on e6 with its Chief (a win)
# or with the Panthan on d5 (only a draw).
AHEAD = "4p5/10/10/10/4c5/3N6/4C5/10/W1D3D3/P9 b - 0 1"


def test_prefers_chief_takes_chief_to_a_drawn_capture():
    g = Game("", AHEAD)
    info = search(g, 2)
    assert info.move == Move(sq("e4"), sq("e6")) and info.score == MATE - 1


# Black is two Dwars, a Warrior and two Fliers behind, but its Panthan on d5 can take the Orange Chief.
BEHIND = "4p5/2d1d1w3/1f3f4/10/4c5/3N6/10/10/10/P3C5 b - 0 1"


def test_takes_the_draw_when_far_behind():
    g = Game("", BEHIND)
    info = search(g, 3)
    assert info.move == Move(sq("d5"), sq("e6")) and info.score == -CONTEMPT


def test_plays_on_when_only_a_little_behind():
    # Two feathers down is not worth a draw: the Panthan on d5 leaves the Orange Chief alone.
    g = Game("", "4p5/2n1w5/10/10/4c5/3N6/10/10/10/P3C5 b - 0 1")
    info = search(g, 3)
    assert info.move != Move(sq("d5"), sq("e6")) and info.score > -CONTEMPT


# Black is seven feathers behind, but its Flier can move to where it reaches the Orange Chief on
# a10, walled in by its own Panthans; nothing can stop the Flier taking it next (a draw).
HUNT = "cn4dwwp/nn8/10/10/4F5/10/10/10/10/P3C5 b - 0 1"


def test_hunts_a_walled_in_chief_when_far_behind():
    g = Game("", HUNT)
    info = search(g, 1)          # the draw is two plies away: quiescence must see it
    assert info.score == -CONTEMPT
    g.play(info.move)
    assert g.referee.attacks(g.position, 0, g.position.occupied) >> sq("a10") & 1


class CutShort(Searcher):
    """A searcher whose deadline passes after a fixed number of nodes."""

    cut_at = 0

    def _tick(self):
        self.nodes += 1
        if self.nodes >= self.cut_at:
            raise Timeout


def test_an_unfinished_depth_can_still_change_the_move():
    g = Game("", MIDDLEGAMES["middlegame-1"])
    full = list(Searcher(g.rules).iterate(g.position, max_depth=2))
    assert full[0].move != full[1].move
    seen = set()
    for cut in range(full[0].nodes + 20, full[1].nodes, 20):
        s = CutShort(g.rules)
        s.cut_at = cut
        infos = list(s.iterate(g.position, max_depth=2))
        assert infos[0].complete and infos[0].move == full[0].move
        if len(infos) == 2:
            assert not infos[1].complete and infos[1].move != full[0].move
            assert infos[1].move in g.legal_moves
            seen.add(infos[1].move)
    assert seen


def test_progress_is_yielded_depth_by_depth():
    g = Game()
    infos = list(Searcher(g.rules).iterate(g.position, max_depth=3))
    assert [i.depth for i in infos] == [1, 2, 3]
    assert all(i.pv and i.pv[0] in g.legal_moves for i in infos)
    assert infos[-1].nodes > infos[0].nodes


def test_deadline_is_kept_and_a_move_always_comes_back():
    g = play("", ["d2-d3"])
    t0 = time.perf_counter()
    move = Searcher(g.rules).best_move(g.position, g.keys()[:-1], time_ms=300)
    assert move in g.legal_moves
    assert time.perf_counter() - t0 < 3      # generous: the budget is 0.3 s


def test_levels_are_defined():
    assert level_settings(1).depth == 1 and level_settings(6) == Level(None)
    assert [level_settings(n).depth for n in range(3, 7)] == [1, 2, 3, None]
    with pytest.raises(ValueError):
        level_settings(7)
    g = Game()
    for level in (1, 3, 6):
        assert best_move(g, time_ms=200, level=level, seed=2) in g.legal_moves


def level_move(position, level):
    """The move of ``level`` (a :class:`Level`) in ``position``."""
    g = Game("", position)
    return Searcher(g.rules, seed=1).best_move(g.position, level=level)


def test_a_beginner_without_exchanges_takes_a_defended_piece_with_a_dearer_one():
    # Orange's Flier on j1 can take the Black Panthan on g2, which Black takes back: level 2,
    # which does not follow the exchange, grabs it (a piece left loose); level 3 does not.
    position = "wadf1c1daw/t2nnnpn1t/3n2n1n1/1n8/10/7T2/7F2/NPN4NA1/T2NNNN1N1/WADFC2D1f o - 0 13"
    assert level_move(position, LEVELS[2]) == Move(sq("j1"), sq("g2"))
    assert level_move(position, LEVELS[3]) != Move(sq("j1"), sq("g2"))


def wins(game, move):
    """Does ``move`` win the game at once for the side that plays it?"""
    side = game.turn
    game.play(move)
    try:
        return game.result is not None and game.result.winner == side
    finally:
        game.undo()


def test_the_first_level_misses_a_threat():
    # The Orange Chief's h5-e6 threatens the Black Princess, but the Black Chief answers by
    # taking it and wins: level 1, which does not look at the answers to a threat, plays it;
    # level 2 does not. (Level 1's slips are left out: the threats alone decide.)
    position = "wad4daw/t1n1pF1nt1/2n2n4/4n1nfn1/10/2P4c2/N2C3F2/N4N1N1T/T2NNN1N2/WAD4DAW o - 0 28"
    g = Game("", position)
    first = level_move(position, replace(LEVELS[1], slips=0))
    assert first == Move(sq("h5"), sq("e6"))
    g.play(first)
    assert any(wins(g, reply) for reply in g.legal_moves)
    assert level_move(position, LEVELS[2]) != first


def test_beginners_do_not_take_the_chief_with_a_lesser_piece_for_a_draw():
    # The Black Panthan on j3 can take the Orange Chief on i4 (a draw): level 3 does, the
    # beginners' level 2 plays on.
    position = "wad4daw/2nnnt1n2/2n3nn1t/C4D1nF1/8p1/10/2P3ffc1/4N4N/TNNNDNN1NT/WA6AW b - 0 31"
    draw = Move(sq("j3"), sq("i4"))
    assert level_move(position, LEVELS[3]) == draw and level_move(position, LEVELS[2]) != draw


def test_duel_captures_are_weighed_by_their_odds():
    # With dice a Chief always beats a Panthan: attacking is safe, so the engine may take.
    # (Without the three-piece rule: Chief and Princess each after it would be its draw.)
    g = Game("duel=dice,threepiece=off", "4p4c/10/10/10/10/4n5/10/10/4C5/9P b - 0 1")
    assert search(g, 1).move == Move(sq("e2"), sq("e5"))


@pytest.mark.slow
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10 ** 9))
def test_never_returns_an_illegal_move(seed):
    rng = random.Random(seed)
    rules = random_rules(rng, keys=("panthan", "warrior", "thoat", "chief", "bravery",
                                    "chief_capture", "duel", "stalemate", "threepiece"))
    pos = random_position(rng, rules)
    game = Game(rules, pos)
    if game.result is not None:
        return
    move = Searcher(rules, seed=seed).best_move(pos, depth=2)
    assert move in game.legal_moves


def test_time_must_be_at_least_a_millisecond():
    with pytest.raises(UsageError, match="at least 1 ms"):
        next(Searcher(RuleSet()).iterate(Game().position, time_ms=0))


def a_clock_that_runs(monkeypatch, seconds_a_look):
    """Time that passes only when the search looks at it: each look, ``seconds_a_look`` later.
    A test of how often a search pauses or breathes then counts nodes, not this machine's speed
    (a timed test of it failed inside Pyodide when the machine was busy)."""
    ticks = iter(range(10 ** 9))
    monkeypatch.setattr(time, "perf_counter", lambda: next(ticks) * seconds_a_look)


@pytest.mark.parametrize("name", ["middlegame-1", "middlegame-2"])
def test_a_sliced_search_pauses_often_and_still_finishes_its_depths(name, monkeypatch):
    """Under ``slice_ms`` a search pauses (an Info marked paused) every few hundred nodes, and
    each resumption goes on with the same depth: the depths still finish, in order, and the move
    found is legal. (With 256 nodes a slice and no more, middlegame-2's depth 2 never finished:
    each slice searched again what the one before had, and no further.)"""
    a_clock_that_runs(monkeypatch, 0.001)
    game = Game(position=MIDDLEGAMES[name])
    searcher = Searcher(game.rules, seed=1, slice_ms=5)
    infos = list(searcher.iterate(game.position, game.keys()[:-1], max_depth=4, time_ms=60_000))
    finished = [i for i in infos if not i.paused]
    assert [i.depth for i in finished] == [1, 2, 3, 4]
    assert any(i.paused for i in infos) and all(not i.pv for i in infos if i.paused)
    assert finished[-1].move in game.legal_moves and finished[-1].complete
    counts = [0, *(i.nodes for i in infos)]
    assert max(b - a for a, b in zip(counts, counts[1:])) <= 1024


def test_a_depth_resumed_after_a_pause_goes_on_from_the_next_root_move(monkeypatch):
    """A pause loses at most the root move it was in: level 3's one depth (every root move and
    its quiescence), paused every few nodes by a clock that runs fast, searches about the nodes
    it searches in one go, and finds the same move. (Begun again from the first root move, the
    same search paused twice took 175 nodes instead of 79: in WebKit's slow first second, the
    engine's first reply searched more than twice the nodes it needed.)"""
    game = Game()
    game.play(game.legal_moves[0])
    whole = list(Searcher(game.rules).iterate(game.position, game.keys()[:-1], level=LEVELS[3]))
    a_clock_that_runs(monkeypatch, 0.01)
    sliced = list(Searcher(game.rules, slice_ms=1).iterate(game.position, game.keys()[:-1],
                                                           level=LEVELS[3]))
    pauses = [i for i in sliced if i.paused]
    assert len(pauses) >= 3 and [i.depth for i in sliced if not i.paused] == [1]
    assert sliced[-1].move == whole[-1].move
    assert sliced[-1].nodes <= whole[-1].nodes + 2 * len(pauses)


def test_a_search_breathes_and_a_stop_ends_it_mid_depth(monkeypatch):
    """The worker's hook is called every few hundred nodes (``BREATH_S`` of searching, a look at
    the clock every ``CHECK_EVERY`` nodes); answering True ends the search at once with the best
    move so far, as a deadline would."""
    a_clock_that_runs(monkeypatch, BREATH_S / 2)
    game = Game(position=MIDDLEGAMES["middlegame-1"])
    calls = []

    def breathe():
        calls.append(searcher.nodes)
        return len(calls) >= 5

    searcher = Searcher(game.rules, breathe=breathe)
    infos = list(searcher.iterate(game.position, game.keys()[:-1], time_ms=60_000))
    assert len(calls) == 5
    assert infos and infos[-1].move in game.legal_moves
    assert max(b - a for a, b in zip([0, *calls], calls)) <= 3 * CHECK_EVERY
    assert searcher.nodes - calls[-1] <= CHECK_EVERY
