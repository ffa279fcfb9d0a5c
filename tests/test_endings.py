"""How games end, in words and in records: results in words, duels fixed by the game's seed, draws
by agreement, flag falls, the engine's clock, and captures shown for a reviewed move."""

import pytest

from py_engine import BLACK, ORANGE, Game, IllegalMoveError, facade, record
from py_engine.clock import MAX_MS, MIN_MS, time_for_move
from py_engine.lessons import board
from py_engine.values import Result
from tests.test_facade import call, error, said
from tests.test_game import STALEMATE


def ended(rules, pieces, move, side="black"):
    game = Game(rules, board(pieces, side))
    game.play(move)
    return game


# ---- 1. results in words --------------------------------------------------------------------

@pytest.mark.parametrize("rules, pieces, move, words", [
    ("duel=even", "Ce1 Pf1 Tc7 ce10 pd9", "c7-d9", "Black's Thoat took the Orange Princess: Black wins"),
    ("", "Ce7 Pa1 ce10 pj10", "e7xe10", "Black's Chief took the Orange Chief: Black wins"),
    ("", "Ne9 Pa1 Ca3 ce10 pj10", "e9xe10", "Drawn: a Panthan took the Orange Chief"),
    ("odwar=on", "Fb7 Pa1 Ca3 ce10 pj10", "b7xe10", "Drawn: an Odwar took the Orange Chief"),
    ("chief_capture=win", "Ne9 Pa1 Ca3 ce10 pj10", "e9xe10",
     "Black's Panthan took the Orange Chief: Black wins"),
    # Duels: the attacker won, or the defender did.
    ("duel=even", "Ce7 Pa1 ce10 pj10", "e7xe10/a",
     "Black's Chief took the Orange Chief in a duel: Black wins"),
    ("duel=even", "Ce7 Pa1 ce10 pj10", "e7xe10/d",
     "Orange's Chief beat the attacking Black Chief in a duel: Orange wins"),
    ("duel=even", "Ne9 Pa1 Ca3 ce10 pj10", "e9xe10/a", "Drawn: a Panthan took the Orange Chief in a duel"),
    ("duel=even", "Ce7 Pj1 ne10 ca8 pa10", "e7xe10/d",
     "Drawn: a Panthan beat the attacking Black Chief in a duel"),
])
def test_captures_that_end_the_game_in_words(rules, pieces, move, words):
    assert ended(rules, pieces, move).result_words() == words


def test_a_duel_the_defender_won_that_ends_nothing_has_no_words():
    assert ended("duel=even", "Ne9 Pa1 Ca3 ce10 pj10", "e9xe10/d").result_words() is None


def test_stalemates_in_words():
    g = Game("", STALEMATE)                  # Black's Princess is threatened, and no move saves her
    assert g.result_words() == "Black's Princess is trapped: Orange wins"
    assert Result(BLACK, "stalemate").words(str) == "Orange cannot move: Black wins"
    assert Result(None, "both_stalemated").words(str) == "Drawn: neither side can move"


def test_draws_and_resignations_in_words():
    assert Result(None, "threepiece").words(str) == "Drawn: three pieces each for ten moves"
    assert Result(None, "repetition").words(str) == "Drawn: the same position a third time"
    g = Game()
    g.play("d2-d3")
    g.resign(ORANGE)
    assert g.result_words() == "Orange resigned: Black wins"


def test_the_state_has_words_and_the_records_mark():
    s = call(op="state", rules="", start=board("Ce7 Pa1 ce10 pj10"), moves=["e7xe10"], record=True)["state"]
    assert said(s["result"]["words"]) == "Black's Chief took the Orange Chief: Black wins"
    assert s["result"]["record"] == "C" and s["record"].rstrip().endswith(" C")
    s = call(op="state", rules="", start=board("Ne9 Pa1 Ca3 ce10 pj10"), moves=["e9xe10"])["state"]
    assert s["result"]["record"] == "d"
    s = call(op="state", moves=["d2-d3"], resigned="orange")["state"]
    assert said(s["result"]["words"]) == "Orange resigned: Black wins" and s["result"]["record"] == ""
    assert call(op="state", moves=[])["state"]["result"] is None


# ---- 2. duels fixed by the game's seed ------------------------------------------------------

DUEL = ("duel=even", board("Ce1 Pf1 Nd4 ce10 pj10 nd5"))


def test_undo_and_replay_gives_the_same_duel():
    for seed in range(20):
        g = Game(*DUEL, seed=seed)
        first = g.play("d4xd5").move.outcome
        for _ in range(3):
            g.undo()
            assert g.play("d4xd5").move.outcome == first
        assert Game(*DUEL, seed=seed).play("d4xd5").move.outcome == first


def test_the_seed_and_the_ply_decide_duels():
    outcomes = {Game(*DUEL, seed=seed).play("d4xd5").move.outcome for seed in range(40)}
    assert outcomes == {"a", "d"}
    # The same capture a ply later is decided by other numbers.
    g = Game(*DUEL, seed=3)
    assert g.duel_rng(0).random() != g.duel_rng(1).random()


def test_a_given_outcome_is_kept():
    for seed in range(10):
        assert Game(*DUEL, seed=seed).play("d4xd5/a").move.outcome == "a"
        assert Game(*DUEL, seed=seed).play("d4xd5/d").move.outcome == "d"


def test_the_facade_takes_a_seed():
    rules, start = DUEL
    capture = {"from": 33, "to": 43}
    by_seed = {}
    for seed in range(12):
        played = call(op="play", rules=rules, start=start, moves=[], move=capture, seed=seed)["played"]
        again = call(op="play", rules=rules, start=start, moves=[], move=capture, seed=seed)["played"]
        assert played == again
        by_seed[seed] = played["outcome"]
    assert set(by_seed.values()) == {"a", "d"}
    assert facade._Session.key == (rules, start, 11)
    assert call(op="state", moves=[])["ok"] and facade._Session.key == ("", "start", 0)     # default 0
    assert "seed must be from 0 to 9,007,199,254,740,991" in error(op="state", seed=-1)
    assert "seed must be from 0 to" in error(op="state", seed=2 ** 53)
    assert "seed must be a whole number" in error(op="state", seed="7")


# ---- 3. draws by agreement and flag falls ---------------------------------------------------

def test_agreed_draw_and_undo():
    g = Game()
    g.play("d2-d3")
    r = g.agree_draw()
    assert r == Result(None, "agreed") and g.result == r and g.agreed and g.legal_moves == []
    assert g.result_words() == "Drawn by agreement" and r.explanation == "drawn by agreement"
    with pytest.raises(IllegalMoveError, match="game is over"):
        g.flag(BLACK)
    with pytest.raises(IllegalMoveError, match="draw by agreement withdrawn"):
        g.undo()
    assert g.result is None and len(g.plies) == 1
    g.undo()
    assert not g.plies


def test_a_flag_fall_loses():
    g = Game()
    g.play("d2-d3")
    r = g.flag(ORANGE)
    assert r.winner == BLACK and r.reason == "time" and g.flagged == ORANGE
    assert g.result_words() == "Orange's time ran out: Black wins"
    assert r.explanation == "Orange's time ran out"
    with pytest.raises(IllegalMoveError, match="time forfeit withdrawn"):
        g.undo()
    assert g.result is None and g.flagged is None
    assert Game().flag().winner == ORANGE          # by default the side to move's flag fell


def test_a_flag_fall_draws_when_the_opponent_has_only_its_princess():
    g = Game("chief_capture=continue", board("Ce1 Pf1 Na4 pj10", "black"))
    assert not g.can_win(ORANGE) and g.can_win(BLACK)
    r = g.flag(BLACK)
    assert r.winner is None and r.reason == "time" and r.side == BLACK and g.flagged == BLACK
    assert g.result_words() == "Drawn: Black's time ran out, but Orange has too little left to win"
    assert r.explanation == "Black's time ran out, but Orange cannot win"
    with pytest.raises(IllegalMoveError, match="withdrawn"):
        g.undo()
    assert g.flag(ORANGE).winner == BLACK       # Black still has pieces that can win


@pytest.mark.parametrize("fields, text", [
    ({"agreed": True}, "draw"), ({"flagged": "black"}, "orange wins"),
    ({"resigned": "orange"}, "black wins")])
def test_endings_round_trip_through_records(fields, text):
    s = call(op="state", moves=["d2-d3"], record=True, **fields)["state"]
    assert s["result"]["text"] == text and s["result"]["record"] == ""
    r = call(op="record", text=s["record"])
    assert r["state"]["result"] == s["result"]
    game = r["game"]
    assert (game["resigned"], game["agreed"], game["flagged"]) == (
        fields.get("resigned"), fields.get("agreed", False), fields.get("flagged"))
    assert r["state"]["record"] == s["record"]


def test_a_drawn_flag_fall_round_trips_through_a_record():
    g = Game("chief_capture=continue", board("Ce1 Pf1 Na4 pj10", "black"))
    g.play("a4-a5")
    g.flag(ORANGE)                               # Orange has only its Princess, but Black can win
    assert g.result.winner == BLACK
    with pytest.raises(IllegalMoveError, match="withdrawn"):
        g.undo()
    g.flag(BLACK)
    text = record.write(g)
    assert '[Result "draw"]' in text and "Black's time ran out, but Orange cannot win" in text
    again, _ = record.read(text)
    assert again.result == g.result and record.write(again) == text
    agreed = Game()
    agreed.agree_draw()
    assert record.read(record.write(agreed))[0].result == Result(None, "agreed")


def test_a_record_whose_flag_result_does_not_hold_is_refused():
    g = Game()
    g.play("d2-d3")
    g.flag(ORANGE)
    text = record.write(g).replace('[Result "black wins"]', '[Result "draw"]')
    with pytest.raises(record.RecordError, match="Result header"):
        record.read(text)


def test_the_facade_takes_agreed_and_flagged():
    s = call(op="state", moves=["d2-d3"], agreed=True)["state"]
    assert s["result"]["reason"] == "agreed" and said(s["result"]["words"]) == "Drawn by agreement"
    s = call(op="state", moves=["d2-d3"], flagged="orange")["state"]
    assert s["result"]["winner"] == "black" and s["result"]["reason"] == "time"
    assert call(op="state", moves=["d2-d3"], agreed=False)["state"]["result"] is None   # withdrawn
    assert call(op="state", moves=["d2-d3"])["state"]["result"] is None
    assert "agreed must be true or false" in error(op="state", agreed="yes")
    assert "flagged must be one of black, orange" in error(op="state", flagged="white")
    message = error(op="state", resigned="black", flagged="orange")
    assert "only one way" in message and "resigned and flagged" in message
    assert "only one way" in error(op="state", agreed=True, resigned="orange")
    assert "game is over" in error(op="play", moves=["d2-d3"], agreed=True, move="d9-d8")


# ---- 4. the engine's clock ------------------------------------------------------------------

def test_time_for_move():
    assert time_for_move(300_000) == 7_500
    assert time_for_move(300_000, 0, 200) == 15_000          # fewer moves to go late in a game
    assert time_for_move(60_000, 2_000) > time_for_move(60_000)   # most of the increment is used
    assert time_for_move(1_000, 10_000) <= 250                 # never more than a quarter of the time left
    assert time_for_move(0, 0) == MIN_MS and time_for_move(10 ** 9, 10 ** 6) == MAX_MS
    budgets = [time_for_move(r, 1_000, p) for r in (0, 100, 5_000, 60_000, 10 ** 7) for p in (0, 50, 400)]
    assert all(MIN_MS <= b <= MAX_MS for b in budgets)


class FakeSearcher:
    asked = {}

    def __init__(self, rules, seed=None, breathe=None, slice_ms=None):
        pass

    def iterate(self, position, history, level, max_depth, time_ms):
        FakeSearcher.asked = {"time_ms": time_ms}
        return iter(())


def test_a_clock_sets_the_search_time(monkeypatch):
    monkeypatch.setattr(facade, "Searcher", FakeSearcher)
    clock = {"remaining_ms": 120_000, "increment_ms": 3_000}
    assert call(op="search_start", moves=["d2-d3"], time_ms=500, clock=clock)["ok"]
    assert FakeSearcher.asked["time_ms"] == time_for_move(120_000, 3_000, 1)
    assert call(op="search_start", moves=["d2-d3"], time_ms=500)["ok"]
    assert FakeSearcher.asked["time_ms"] == 500
    assert call(op="search_start", moves=[], clock={"remaining_ms": 90_000})["ok"]
    assert FakeSearcher.asked["time_ms"] == time_for_move(90_000)
    call(op="search_stop")


def test_a_clock_is_checked():
    assert "clock must be" in error(op="best", moves=[], clock=5)
    assert "clock must be" in error(op="best", moves=[], clock={"remaining": 5})
    assert "clock needs remaining_ms" in error(op="best", moves=[], clock={"increment_ms": 5})
    assert "remaining_ms must be from 0" in error(op="best", moves=[], clock={"remaining_ms": -1})
    assert "increment_ms must be a whole number" in error(
        op="best", moves=[], clock={"remaining_ms": 1000, "increment_ms": "2"})


def test_best_on_a_clock():
    reply = call(op="best", moves=[], level=1, clock={"remaining_ms": 3_000, "increment_ms": 0})
    assert reply["ok"] and reply["best"]["move"] is not None


# ---- 5. captures and wagers of the reviewed move --------------------------------------------

def test_captured_and_wager_follow_the_shown_move():
    start = board("Ce1 Pf1 Nd4 Ng4 ce10 pj10 nd5 dg5")
    moves = ["d4xd5", "j10-i10", "g4xg5"]
    s = call(op="state", start=start, moves=moves)["state"]
    assert s["captured"] == {"black": [], "orange": ["N", "D"]}
    assert (s["wager"]["black"], s["wager"]["orange"]) == (5, 0)        # Smith: Panthan 1, Dwar 4
    for shown, lost in ((0, []), (1, ["N"]), (2, ["N"]), (3, ["N", "D"])):
        s = call(op="state", start=start, moves=moves, shown=shown)["state"]
        assert s["captured"]["orange"] == lost and s["plies"] == 3       # the rest is the whole game's
        assert s["wager"]["black"] == {0: 0, 1: 1, 2: 1, 3: 5}[shown]
    assert "shown must be from 0 to 3" in error(op="state", start=start, moves=moves, shown=4)
    assert "shown must be a whole number" in error(op="state", start=start, moves=moves, shown="1")
