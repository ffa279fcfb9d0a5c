"""Game: results, the three-piece rule, repetition, stalemate, undo/redo, captures, wagers, duels."""
import pytest

from py_engine import BLACK, ORANGE, Game, IllegalMoveError, Move, PASS, Position
from py_engine.errors import UsageError
from py_engine.game import SCORING, perft, start_position
from py_engine.squares import parse_square as sq
from py_engine.rules import MANATOR

THOAT_SHUFFLE = ["a2-b4", "j9-i7", "b4-a2", "i7-j9"]


def play_all(game, moves):
    for m in moves:
        game.play(m)
    return game


def test_start_positions():
    assert str(start_position()) == \
        "wadfpcfdaw/tnnnnnnnnt/10/10/10/10/10/10/TNNNNNNNNT/WADFCPFDAW b Ee 0 1"
    assert str(start_position("setup=facing,first=orange")).startswith("wadfcpfdaw/")
    assert start_position("first=orange").side == ORANGE


CHAPTER17_OPENING = ["g10-d7", "d2-d3", "d7-g4"]


def test_taking_the_princess_wins():
    # Princess safety means she can only be taken after a failed rescue: in the book's game,
    # had Gahan's Odwar lost its duel on g4, U-Dor's Odwar could have taken his Princess.
    g = play_all(Game(MANATOR), CHAPTER17_OPENING + ["d1xg4/d"])
    ply = g.play("g4xf1")
    assert ply.result.winner == ORANGE and ply.result.reason == "princess"
    assert g.result.text == "orange wins" and g.legal_moves == []
    with pytest.raises(IllegalMoveError, match="game is over"):
        g.play("a1-a2")


@pytest.mark.parametrize("rules,winner,reason", [
    ("", None, "chief_taken"),
    ("chief_capture=win", BLACK, "chief_taken"),
    ("chief_capture=continue", None, None),
])
def test_chief_taken_by_a_lesser_piece(rules, winner, reason):
    g = Game(rules, "3c5p/10/10/3D6/10/10/10/10/10/C8P b -")
    g.play("d7xd10")
    if reason is None:
        assert g.result is None and g.turn == ORANGE
    else:
        assert g.result.winner == winner and g.result.reason == reason


def test_chief_takes_chief_wins():
    g = Game("", "p9/10/10/3c6/10/3C6/10/10/10/9P b -")
    assert g.play("d5xd7").result == g.result
    assert g.result.winner == BLACK and g.result.reason == "chief"
    assert "Chief took the Chief" in g.result.explanation


STALEMATE = "7p2/10/2C7/3w6/7d2/10/2a7/10/5f1P2/8c1 b - 0 1"


def test_stalemated_player_loses():
    g = Game("", STALEMATE)
    assert g.legal_moves == []
    assert g.result.winner == ORANGE and g.result.reason == "stalemate"
    assert not g.referee.can_move(g.position)
    assert Game("stalemate=pass", STALEMATE).referee.can_move(g.position)    # it may pass


def test_stalemate_pass_forfeits_the_turn():
    g = Game("stalemate=pass", STALEMATE)
    assert g.legal_moves == [PASS]
    g.play("pass")
    assert g.turn == ORANGE and g.result is None
    assert g.move_texts() == ["pass"]


def test_three_piece_rule_draws_after_ten_plies():
    g = Game("", "c3p5/10/10/10/10/10/10/n9/4N5/C3P5 b - 0 1")
    for i in range(1, 11):
        quiet = [m for m in g.legal_moves if not g.position.board[m.to]]
        g.play(quiet[0])
        assert g.position.counter == i
    assert g.result.winner is None and g.result.reason == "threepiece"
    assert g.legal_moves == []


def test_three_piece_counter_starts_when_the_condition_begins():
    # Black's Panthan takes the Orange Dwar: three pieces each, a Panthan each (equal value).
    g = Game("", "c3p5/10/10/10/4d5/4N5/n9/10/10/C3P5 b - 0 1")
    assert not g.referee.three_piece_holds(g.position.board)
    g.play("e5xe6")
    assert g.position.counter == 0 and g.referee.three_piece_holds(g.position.board)
    g.play("a4-a3")
    assert g.position.counter == 1


def test_three_piece_needs_equal_thirds_and_can_be_off():
    ref = Game().referee
    board = Position.parse("c3p5/10/10/10/10/10/10/d9/4N5/C3P5").board
    assert not ref.three_piece_holds(board)
    g = Game("threepiece=off", "c3p5/10/10/10/10/10/10/n9/4N5/C3P5 b - 0 1")
    g.play("e2-d2")
    assert g.position.counter == 0


def test_wild_thoat_is_worth_three_feathers_for_the_three_piece_rule():
    board = Position.parse("c3p5/10/10/10/10/10/10/d9/4T5/C3P5").board
    assert not Game().referee.three_piece_holds(board)
    assert Game("black.thoat=wild").referee.three_piece_holds(board)


def test_repetition_forbids_a_third_occurrence():
    g = play_all(Game(), THOAT_SHUFFLE + THOAT_SHUFFLE[:3])
    texts = g.move_texts()
    assert texts[-1] == "b4-a2"
    # i7-j9 would bring back the start position a third time within twelve positions.
    assert Move(sq("i7"), sq("j9")) not in g.legal_moves
    with pytest.raises(IllegalMoveError, match="repeat"):
        g.play("i7-j9")


def test_repetition_forcing_clause():
    # Orange's only move is the Warrior's j3-j5 / j5-j3 shuttle; after two rounds Black's
    # g2-g5 would leave Orange nothing but a third repetition, so it is illegal.
    start = "10/10/10/6DW2/1P8/6C3/8D1/8wp/10/2c7 b - 0 1"
    cycle = ["g5-g2", "j3-j5", "g2-g5", "j5-j3"]
    g = play_all(Game("", start), cycle + cycle[:2])
    assert Move(sq("g2"), sq("g5")) not in g.legal_moves
    assert g.legal_moves        # other moves remain
    # One round earlier nothing was forced yet.
    g2 = play_all(Game("", start), cycle[:2])
    assert Move(sq("g2"), sq("g5")) in g2.legal_moves


def test_repetition_draw_option():
    g = play_all(Game("repetition=draw"), THOAT_SHUFFLE * 2)
    assert g.result.winner is None and g.result.reason == "repetition"


def test_undo_redo_restore_exactly():
    g = Game()
    before = g.position
    g.play("d2-d3")
    after = g.position
    g.undo()
    assert g.position == before
    g.redo()
    assert g.position == after
    g.undo()
    g.play("e2-e3")
    with pytest.raises(IllegalMoveError, match="nothing to redo"):
        g.redo()
    g.undo()
    with pytest.raises(IllegalMoveError, match="nothing to undo"):
        g.undo()


def test_resign():
    g = Game()
    g.play("d2-d3")
    r = g.resign()
    assert r.winner == BLACK and "Orange resigned" in r.explanation
    assert g.legal_moves == []


def test_captured_pieces_and_wagers():
    g = Game("", "3c5p/10/10/3D6/10/10/10/10/10/C8P b -")
    g.play("d7xd10")
    assert g.captured(ORANGE) == ["C"] and g.captured(BLACK) == []
    assert g.wager("smith") == (10, 0)
    assert g.wager("burgess") == (50, 0)
    assert g.wager("cazaux-knowlton") == (0, 0)      # no price for a Chief
    assert len(SCORING) == 10
    with pytest.raises(ValueError, match="unknown scoring"):
        g.wager("nobody")


def test_wager_counts_princess_prices():
    g = play_all(Game(MANATOR),
                 CHAPTER17_OPENING + ["d1xg4/d", "g4xf1"])
    # Black lost a Flier (its duel) and the Princess.
    assert g.captured(BLACK) == ["F", "P"]
    assert g.wager("burgess") == (0, 56) and g.wager("smith") == (0, 4)


def test_illegal_moves_say_why():
    g = Game()
    cases = {
        "e5-e6": "e5 is empty",
        "e9-e8": "not Black's",
        "a1-a2": "holds Black's own piece",
        "d2-d5": "cannot go there",
    }
    for text, why in cases.items():
        with pytest.raises(IllegalMoveError, match=why):
            g.play(text)
    assert g.position == start_position()


def test_escape_flag_in_position():
    g = Game()
    g.play("f1-e5")           # outside her reach: the escape
    assert g.position.escapes == (False, True)
    assert str(g.position).split()[2] == "e"


class TestDuels:
    def test_outcome_given_explicitly(self):
        g = Game("duel=even", "c3p5/10/10/10/10/4n5/10/10/4D5/C3P5 b -")
        ply = g.play("e2xe5/d")
        assert ply.captured == "D" and g.position.board[sq("e5")] == "n"
        assert g.position.board[sq("e2")] == ""
        assert g.captured(BLACK) == ["D"]
        g.undo()
        ply = g.play("e2xe5/a")
        assert ply.captured == "n" and g.position.board[sq("e5")] == "D"

    def test_seeded_outcomes_repeat(self):
        pos = "c3p5/10/10/10/10/4n5/10/10/4D5/C3P5 b -"
        runs = {tuple(Game("duel=even", pos, seed=s).play("e2xe5").move.outcome for _ in [0])
                for s in range(40)}
        assert runs == {("a",), ("d",)}
        a = Game("duel=even", pos, seed=5).play("e2xe5").move
        b = Game("duel=even", pos, seed=5).play("e2xe5").move
        assert a == b

    def test_dice_odds_and_impossible_outcomes(self):
        pos = "c3p5/10/10/10/10/4n5/10/10/4C5/4P5 b -"
        g = Game("duel=dice", pos)
        assert g.referee.duel_odds(g.position, Move(sq("e2"), sq("e5"))) == 1
        with pytest.raises(IllegalMoveError, match="impossible"):
            g.play("e2xe5/d")
        even = Game("duel=even", pos).referee
        assert even.duel_odds(g.position, Move(sq("e2"), sq("e5"))) == pytest.approx(0.5)

    def test_chief_losing_a_duel(self):
        pos = "c3p5/10/10/10/10/4n5/10/10/4C5/4P5 b -"
        g = Game("duel=even", pos)
        g.play("e2xe5/d")
        assert g.result.winner is None and g.result.reason == "chief_taken"

    def test_outcome_only_for_duel_captures(self):
        g = Game("duel=even")
        with pytest.raises(IllegalMoveError, match="only a capture"):
            g.play("d2-d3/a")


def test_repetition_keys_follow_play_undo_and_redo():
    g = Game("repetition=draw")
    for move in ["d2-d3", "g9-g8", "e2-e3", "g8-g7"]:
        g.play(move)
    g.undo()
    g.undo()
    g.redo()
    assert g.keys() == [g.start.key] + [ply.position.key for ply in g.plies]
    assert g.recent_keys() == g.keys()[:-1]


def test_perft_depth_is_bounded():
    with pytest.raises(UsageError, match="perft depth must be 0 to 20"):
        perft("", Game().position, 1000)
