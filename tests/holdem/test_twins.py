"""The slow exact twins (stoplib.holdem.twins, document 004) and the fast code against them.

The twins are written from the rules, not from the fast code: a rules-based hand
ranker, a deck value by plain dealing, a swap gain by full re-evaluation. Their own
answers on hand-checkable cases come first, then each fast path equals its twin:
the evaluator (stoplib.holdem.evaluator), deck_value (stoplib.holdem.solver) and
swap_delta (stoplib.holdem.local_search)."""
import itertools

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from stoplib.holdem import (N_RANKS, deck_value, evaluate5, evaluate7, evaluate7_many, swap_delta)
from stoplib.holdem import document as doc
from stoplib.holdem.twins import (deck_value_reference, hand_key5, reference_rank5,
                                  reference_rank7, swap_delta_reference)


def _random_hands(n, n_cards=7, seed=0):
    rng = np.random.default_rng(seed)
    return np.argsort(rng.random((n, 52)), axis=1)[:, :n_cards].astype(np.int8)


# --------------------------------------------------------------------------- the twins' own answers
def test_hand_keys_follow_the_rules():
    assert hand_key5("As2d3c4h5s") == (4, (3,))           # the wheel is five-high
    assert hand_key5("AsKsQsJsTs") == (8, (12,))          # royal flush
    assert hand_key5("8s8d8hKcKs") == (6, (6, 11))         # eights full of kings
    assert hand_key5("8s8dAhKcQs") == (1, (6, 12, 11, 10))  # the pair, then kickers
    assert hand_key5("AsKdQh9c7s") < hand_key5("2s2d3h4c5h")  # any pair beats high card


def test_reference_ranks_span_the_7462_classes():
    assert reference_rank5("7c5d4h3s2c") == 1
    assert reference_rank5("AsKsQsJsTs") == N_RANKS == doc.N_DISTINCT_5
    assert reference_rank7("AsAdKhKcQsQd2c") == reference_rank5("AsAdKhKcQs")


def test_reference_deck_value_of_the_printed_decks():
    v = deck_value_reference(doc.EXAMPLE_DECK)
    assert (v.wins, v.ties, v.losses) == (52, 0, 0) and v.optimal
    # heads-up, a deck that wins every cut for player 1 loses every cut for player 2
    assert deck_value_reference(doc.TEN_DECKS[0], seat=2).losses == 52


def test_reference_swap_of_a_card_with_itself_changes_nothing():
    assert swap_delta_reference(doc.EXAMPLE_DECK, 7, 7) == 0


def test_twins_check_their_input():
    with pytest.raises(ValueError, match="5 cards"):
        reference_rank5("AsKsQsJs")
    with pytest.raises(ValueError, match="7 cards"):
        reference_rank7("AsKsQsJsTs")
    with pytest.raises(ValueError, match="seat"):
        deck_value_reference(doc.EXAMPLE_DECK, seat=3)
    with pytest.raises(ValueError, match="objective"):
        swap_delta_reference(doc.EXAMPLE_DECK, 0, 1, objective="ties")
    with pytest.raises(ValueError, match="j must be in 0..51"):
        swap_delta_reference(doc.EXAMPLE_DECK, 0, 52)


# --------------------------------------------------------------------------- evaluator against its twin
def test_seven_card_ranks_equal_the_slow_twin_on_random_hands():
    hands = _random_hands(3000, seed=1)
    fast = evaluate7_many(hands)
    slow = [reference_rank7(h) for h in hands]
    assert fast.tolist() == slow


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(0, 51), min_size=7, max_size=7, unique=True))
def test_seven_card_rank_equals_the_slow_twin_for_any_hand(hand):
    assert evaluate7(hand) == reference_rank7(hand)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(0, 12), min_size=7, max_size=7), st.integers(0, 3))
def test_rank_heavy_hands_equal_the_slow_twin(ranks, suit):
    # many repeated ranks (pairs, trips, quads, full houses) and near-flushes:
    # give the k-th copy of a rank the suit (suit + k) % 4
    seen = {}
    hand = []
    for r in ranks:
        k = seen.get(r, 0)
        if k == 4:
            continue
        seen[r] = k + 1
        hand.append(r * 4 + (suit + k) % 4)
    if len(hand) == 7:
        assert evaluate7(hand) == reference_rank7(hand)


def test_five_card_ranks_equal_the_slow_twin_on_random_hands():
    for h in _random_hands(5000, 5, seed=2):
        assert evaluate5(h) == reference_rank5(h)


def test_every_five_card_class_equals_the_slow_twin():
    # one representative of each of the 7,462 classes, flushes and non-flushes
    seen = set()
    for ranks in itertools.combinations_with_replacement(range(13), 5):
        if max(ranks.count(r) for r in ranks) > 4:
            continue
        hand = [r * 4 + i % 4 for i, r in enumerate(ranks)]
        seen.add(evaluate5(hand))
        assert evaluate5(hand) == reference_rank5(hand)
        if len(set(ranks)) == 5:
            suited = [r * 4 + 2 for r in ranks]
            seen.add(evaluate5(suited))
            assert evaluate5(suited) == reference_rank5(suited)
    assert seen == set(range(1, N_RANKS + 1))


# --------------------------------------------------------------------------- deck value against its twin
@pytest.mark.parametrize("n_players", [2, 3, 4, 5, 6])
def test_fast_value_matches_pure_python_twin(n_players):
    rng = np.random.default_rng(n_players)
    for _ in range(3):
        deck = rng.permutation(52)
        for seat in range(1, n_players + 1):
            fast = deck_value(deck, seat=seat, n_players=n_players)
            slow = deck_value_reference(deck, seat=seat, n_players=n_players)
            assert np.array_equal(fast.outcomes, slow.outcomes)
            assert (fast.wins, fast.ties, fast.losses) == (slow.wins, slow.ties, slow.losses)


# --------------------------------------------------------------------------- swap gain against its twin
@pytest.mark.parametrize("n_players,objective", [(2, "wins"), (2, "wins_or_ties"), (3, "wins"), (6, "wins")])
def test_swap_delta_matches_brute_force(n_players, objective):
    rng = np.random.default_rng(n_players * 10 + len(objective))
    for _ in range(6):
        deck = rng.permutation(52)
        seat = int(rng.integers(1, n_players + 1))
        for _ in range(3):
            i, j = (int(x) for x in rng.choice(52, 2, replace=False))
            fast = swap_delta(deck, i, j, n_players=n_players, seat=seat, objective=objective)
            slow = swap_delta_reference(deck, i, j, n_players=n_players, seat=seat, objective=objective)
            assert fast == slow, (i, j)
