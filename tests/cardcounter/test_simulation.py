"""CardCounter simulation (``stoplib.cardcounter.simulation``): Monte Carlo within a few standard errors."""
import pytest

import stoplib.cardcounter as cc
from stoplib.cardcounter import document as doc


@pytest.mark.parametrize("deck,dealer,player", [
    (doc.EX6_DECK, 5, (7, 8)),
    (doc.EX5_DECK, 1, (1, 1)),
    (cc.fresh_deck(1, minus=[10, 10, 6]).tolist(), 10, (10, 6)),
])
def test_monte_carlo_within_four_standard_errors(deck, dealer, player):
    r = cc.simulate(deck, dealer, player, n_games=40_000, seed=11)
    assert abs(r.win_rate - r.exact) < 4 * r.std_err


def test_monte_carlo_deals_from_fresh_deck():
    eng = cc.Engine(cc.fresh_deck(1))
    r = cc.simulate_deals(cc.fresh_deck(1), n_games=40_000, seed=3, engine=eng)
    assert abs(r.win_rate - r.exact) < 4 * r.std_err


def test_monte_carlo_is_reproducible():
    a = cc.simulate(doc.EX6_DECK, 5, (7, 8), n_games=5000, seed=7)
    b = cc.simulate(doc.EX6_DECK, 5, (7, 8), n_games=5000, seed=7)
    assert a == b



def test_each_hand_has_its_own_stream_so_a_longer_run_extends_a_shorter_one():
    """Hand g depends only on the seed and g (stream g of util.rng): adding a hand adds 0 or 1 win."""
    wins = [round(cc.simulate(doc.EX5_DECK, 1, (1, 1), n_games=n, seed=5).win_rate * n) for n in range(150, 171)]
    steps = {b - a for a, b in zip(wins, wins[1:])}
    assert steps <= {0, 1} and steps == {0, 1}
    other = cc.simulate(doc.EX5_DECK, 1, (1, 1), n_games=5000, seed=6)
    assert other != cc.simulate(doc.EX5_DECK, 1, (1, 1), n_games=5000, seed=5)
