"""Structured families of decks (stoplib.holdem.families): the exhaustive search against brute force,
the period-13 facts it rests on, and the three-player stacking it finds, checked by the slow twin."""
import itertools
import math

import numpy as np
import pytest

from stoplib.holdem import (FAMILIES, cut_table, deck_value, deck_value_reference, family_deck, family_size,
                            period13_pairs, search_family)
from stoplib.holdem.families import _deck, _phi
from stoplib.holdem.rules import parse_deck


@pytest.mark.parametrize("family", list(FAMILIES))
@pytest.mark.parametrize("n", [2, 4, 7, 13])
def test_sub_family_search_equals_brute_force(family, n):
    prefix = [12, 0, 5, 3, 9, 1, 2, 4]  # the last five ranks run over their 120 orders
    res = search_family(family, n, prefix=prefix, show_progress=False)
    rest = [r for r in range(13) if r not in prefix]
    values = [deck_value(_deck(_phi(family), prefix + list(p)), 1, n).wins for p in itertools.permutations(rest)]
    assert res.orders == 120 and res.prefix == "A27596345"[:0] + "".join("23456789TJQKA"[r] for r in prefix)
    assert res.best_wins == max(values) and res.n_best == values.count(max(values))
    assert res.wins == res.best_wins and res.wins + res.ties + res.losses == 52
    assert res.best_deck.startswith("Ac2d") or family == "period13_blocks"


@pytest.mark.parametrize("family", list(FAMILIES))
def test_cuts_13_apart_deal_the_same_up_to_suits(family):
    rng = np.random.default_rng(3)
    for n in (2, 6, 11, 22):
        deck = _deck(_phi(family), rng.permutation(13))
        out = deck_value(deck, 1, n).outcomes
        assert np.array_equal(out.reshape(4, 13), np.tile(out[:13], (4, 1)))


def test_each_family_deck_is_a_deck_and_the_cycle_deals_no_flush():
    rng = np.random.default_rng(4)
    for family in FAMILIES:
        for _ in range(5):
            deck = parse_deck(family_deck(family, rng.permutation(13)))
            assert sorted(deck.tolist()) == list(range(52))
    deck = family_deck("period13_cycle", rng.permutation(13))
    for n in (2, 5, 9, 22):
        table = cut_table(deck, n_players=n)
        hands = table[[f"p{p + 1} hand" for p in range(n)]].to_numpy().ravel()
        assert not {"flush", "straight flush"} & set(hands)


@pytest.mark.parametrize("n", [3, 6, 7, 9, 13, 22])
def test_the_pairs_of_each_seat_are_fixed_by_the_table_size(n):
    pairs = period13_pairs(n)
    deck = parse_deck(family_deck("period13_blocks", np.random.default_rng(n).permutation(13)))
    for c in range(0, 52, 5):
        cut = np.roll(deck, -c)
        board = [cut[2 * n + a] for a in (1, 2, 3, 5, 7)]
        for p in range(n):
            ranks = [x // 4 for x in [cut[p], cut[p + n]] + board]
            counts = sorted((k for k in np.bincount(ranks) if k > 1), reverse=True)
            assert tuple(counts) == pairs[p + 1]


def test_sizes():
    assert family_size("period13_cycle")["stackings"] == math.factorial(12)
    assert family_size("period13_blocks")["stackings"] == math.factorial(13)
    assert period13_pairs(3) == {1: (2,), 2: (), 3: ()}


def test_the_sorted_cycle_deck_is_a_three_player_stacking():
    deck = family_deck("period13_cycle", "23456789TJQKA")
    assert deck.startswith("2c3d4h5s6c7d8h9sTcJdQhKsAc2d3h")
    assert deck_value(deck, 1, 3).wins == 52
    assert deck_value_reference(deck, 1, 3).wins == 52  # the slow twin agrees
    assert deck_value(deck, 1, 2).wins < 52


@pytest.mark.parametrize("bad", ["23456789TJQK", "23456789TJQKK", "X3456789TJQKA", list(range(12)) + [12.0],
                                 list(range(12)) + [13], [True] + list(range(1, 13))])
def test_bad_rank_orders_are_refused(bad):
    with pytest.raises((TypeError, ValueError)):
        family_deck("period13_cycle", bad)


def test_bad_family_or_prefix_is_refused():
    with pytest.raises(ValueError):
        search_family("period26", 3)
    with pytest.raises(ValueError):
        search_family("period13_cycle", 3, prefix="22")
