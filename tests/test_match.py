"""Engine matches and the evaluation's fit to games: the tools behind docs/strength.md's
figures (no search is timed here)."""
import random

from py_engine.game import Game
from py_engine.tools.match import baseline_folder, baseline_player, match
from py_engine.rules import STANDARD_RULES
from py_engine.search import WEIGHTS, Evaluator
from py_engine.tools.tune import fit, games, probes, samples


def test_games_played_at_once_score_as_games_played_in_turn():
    said = []
    one = match("level1", "level2", games=4, max_plies=12, report=said.append)
    two = match("level1", "level2", games=4, max_plies=12, report=lambda s: None, jobs=2)
    assert (one.wins, one.draws, one.losses) == (two.wins, two.draws, two.losses)
    assert one.games == 4 and sum(line.startswith("moves: ") for line in said) == 4


def test_the_baseline_plays_in_this_process_beside_this_engine():
    game = Game()
    player = baseline_player(baseline_folder(), STANDARD_RULES, 20, seed=1)
    for _ in range(3):
        game.play(player(game))     # a legal move each time, or play raises
    assert len(game.plies) == 3


def test_the_evaluation_is_its_weights_times_the_counts_the_fit_uses():
    evaluate, counters = Evaluator(STANDARD_RULES), probes()
    game, rng = Game(), random.Random(3)
    for _ in range(30):
        game.play(rng.choice(game.legal_moves))
        counts = [probe(game.position) for probe in counters]
        assert sum(w * c for w, c in zip(WEIGHTS.values(), counts)) == evaluate(game.position)


def test_the_fit_reads_match_output_and_moves_toward_the_results():
    said = []
    match("level3", "level1", games=2, max_plies=40, report=said.append)
    records = games(said)
    assert len(records) == 2 and all(result in (0, 0.5, 1) for _, result in records)
    data = [s for found in samples(records) for s in found]
    assert data
    fitted, before, after = fit(data, WEIGHTS)
    assert after <= before and set(fitted) == set(WEIGHTS)


def test_a_match_from_given_positions_plays_each_with_both_colours():
    said = []
    ending = "p9/10/10/10/4f5/10/3D6/10/10/c3C2P2 b - 0 1"
    result = match("level2", "level1", positions=[ending], max_plies=6, report=said.append)
    assert result.games == 2
    assert [line.split(" moves: ")[0] for line in said if " moves: " in line] == [f"from {ending}"] * 2
