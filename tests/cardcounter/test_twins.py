"""CardCounter twins (``stoplib.cardcounter.twins``): the fast solver against exact fractions and brute force.

The document's own functions in fractions (``solve_exact``) and an expectimax over
every card order (``brute_force_orders``) agree with the numba solver on random
contest-sized decks, and all of them refuse a deck too small for the dealer.
"""
from fractions import Fraction

import numpy as np
import pytest

import stoplib.cardcounter as cc
from stoplib.cardcounter import document as doc


def _random_deck(rng, max_cards, max_count=4):
    while True:
        counts = rng.integers(0, max_count + 1, size=10)
        while counts.sum() > max_cards:
            i = rng.integers(10)
            if counts[i]:
                counts[i] -= 1
        if counts.sum() > 0:
            return counts.tolist()


def _both(fn, *args):
    try:
        return fn(*args), None
    except ValueError as err:
        return None, err


@pytest.mark.parametrize("seed", range(12))
def test_fast_matches_exact_fraction_twin_on_contest_decks(seed):
    rng = np.random.default_rng(seed)
    deck = _random_deck(rng, 16)
    dealer = int(rng.integers(1, 11))
    player = [int(rng.integers(1, 11)), int(rng.integers(1, 11))]
    exact, err = _both(cc.solve_exact, deck, dealer, player)
    if err is not None:
        with pytest.raises(ValueError, match="too small"):
            cc.solve(deck, dealer, player)
        return
    fast = cc.solve(deck, dealer, player)
    assert fast.win_probability == pytest.approx(float(exact.win_probability), abs=1e-12)
    assert fast.stand_probability == pytest.approx(float(exact.stand_probability), abs=1e-12)


def test_fast_matches_exact_twin_on_full_deck():
    deck = cc.fresh_deck(1, minus=[10, 10, 6])
    exact = cc.solve_exact(deck, 10, [10, 6])
    assert cc.win_probability(deck, 10, [10, 6]) == pytest.approx(float(exact.win_probability), abs=1e-12)


@pytest.mark.parametrize("seed", range(10))
def test_brute_force_over_orders_agrees(seed):
    rng = np.random.default_rng(100 + seed)
    # tens-heavy small decks so the dealer can usually finish
    while True:
        deck = _random_deck(rng, 8, max_count=3)
        if sum(deck) >= 5:
            break
    dealer = int(rng.integers(1, 11))
    player = [int(rng.integers(1, 11)), int(rng.integers(1, 11))]
    brute, err = _both(cc.brute_force_orders, deck, dealer, player)
    if err is not None:
        with pytest.raises(ValueError, match="too small"):
            cc.solve_exact(deck, dealer, player)
        with pytest.raises(ValueError, match="too small"):
            cc.solve(deck, dealer, player)
        return
    assert cc.solve_exact(deck, dealer, player).win_probability == brute
    assert cc.win_probability(deck, dealer, player) == pytest.approx(float(brute), abs=1e-12)


def test_brute_force_document_examples():
    assert cc.brute_force_orders(doc.EX6_DECK, 5, [7, 8]) == Fraction(4, 15)
    assert cc.brute_force_orders("1110000003", 6, [10, 3]) == cc.solve_exact("1110000003", 6, [10, 3]).win_probability


def test_compare_solvers_agree_or_refuse_together():
    row = cc.compare_solvers("1000000000", 10, [10, 5])
    assert "refused by every solver" in row["note"] and np.isnan(row["fast"])
    row = cc.compare_solvers("0102000003", 6, [9, 4])
    assert row["fast"] == pytest.approx(row["exact"], abs=1e-12) == row["brute force"]


def test_some_brute_force_cases_are_defined():
    # guard against the brute-force test passing only through the error branch
    defined = 0
    for seed in range(10):
        rng = np.random.default_rng(100 + seed)
        while True:
            deck = _random_deck(rng, 8, max_count=3)
            if sum(deck) >= 5:
                break
        dealer = int(rng.integers(1, 11))
        player = [int(rng.integers(1, 11)), int(rng.integers(1, 11))]
        defined += _both(cc.brute_force_orders, deck, dealer, player)[1] is None
    assert defined >= 3



def test_twins_refuse_a_deck_too_small_for_the_dealer():
    with pytest.raises(ValueError, match="too small"):
        cc.solve_exact("1000000000", 10, [10, 5])
    with pytest.raises(ValueError, match="too small"):
        cc.brute_force_orders("1000000000", 10, [10, 5])
