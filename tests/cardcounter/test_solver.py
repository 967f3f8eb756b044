"""CardCounter solver (``stoplib.cardcounter.solver``): documented answers, properties, refusals.

Document 003's example 6 through the fast solver, the memo table's contents, the
shared engine, and decks too small for the dealer; the public API at the package level.
"""
import numpy as np
import pytest

import stoplib.cardcounter as cc
from stoplib.cardcounter import document as doc
from stoplib.cardcounter import solver


def test_public_api_is_the_solver_room():
    assert cc.win_probability is solver.win_probability
    assert cc.stand_probability is solver.stand_probability
    for name in cc.__all__:
        assert not name.startswith("_") and hasattr(cc, name), name


def test_example6_answer_and_stand():
    s = cc.solve(doc.EX6_DECK, doc.EX6_DEALER, doc.EX6_PLAYER)
    assert round(s.win_probability, 8) == doc.EX6_ANSWER
    assert round(s.stand_probability, 8) == doc.EX6_STAND
    assert s.action == "hit"
    assert cc.win_probability(doc.EX6_DECK, 5, [7, 8]) == pytest.approx(4 / 15, abs=1e-15)
    assert cc.stand_probability(doc.EX6_DECK, 5, [7, 8]) == pytest.approx(22 / 105, abs=1e-15)


def test_input_forms_agree():
    a = cc.win_probability("1004000002", 5, (7, 8))
    b = cc.win_probability([1, 0, 0, 4, 0, 0, 0, 0, 0, 2], 5, [7, 8])
    c = cc.win_probability(np.array([1, 0, 0, 4, 0, 0, 0, 0, 0, 2]), np.int64(5), [np.int32(7), 8])
    assert a == b == c


def test_values_are_probabilities_and_best_dominates_stand():
    s = cc.solve(cc.fresh_deck(1, minus=[1, 2, 2]), 1, [2, 2])
    df = s.states()
    assert len(df) == s.n_player_states
    assert ((df.best >= df.stand - 1e-15) & (df.best <= 1) & (df.stand >= 0)).all()
    assert (df.best == np.maximum(df.stand, df.hit)).all()
    # hard totals of 11 or less never bust on a hit: always hit... unless standing already wins
    low = df[(df.total <= 11) & ~df.soft]
    assert (low.hit >= low.stand - 1e-15).all()


def test_states_table_decodes_the_memo():
    deck = cc.parse_deck("2213001104")
    s = cc.solve(deck, 9, [5, 6])
    df = s.states()
    assert len(df) == s.n_player_states
    for row in df.itertuples():
        left = cc.parse_deck(row.deck)
        removed = deck - left
        assert (removed >= 0).all() and cc.deck_string(removed) == row.removed
        drawn = [v for v in range(1, 11) for _ in range(removed[v - 1])]
        assert row.player_sum == 11 + sum(drawn)
        assert row.has_ace == (1 in drawn)
        # every memoised state re-solves to the same values
        again = cc.solve(left, 9, [5, 6, *drawn])
        assert again.win_probability == pytest.approx(row.best, abs=1e-14)
        assert s.action_at(left, [5, 6, *drawn]) == row.action


def test_shared_engine_equals_fresh_solves():
    eng = cc.Engine(cc.fresh_deck(1))
    for up, a, b in [(10, 10, 6), (1, 1, 1), (5, 2, 3), (7, 9, 8)]:
        deck = cc.fresh_deck(1, minus=[up, a, b])
        assert eng.value(deck, up, (a, b))[0] == pytest.approx(cc.win_probability(deck, up, [a, b]), abs=1e-14)


def test_hit_probability_is_the_average_over_the_next_card():
    deck = cc.parse_deck("2213001104")
    s = cc.solve(deck, 9, [5, 6])
    n = deck.sum()
    avg = 0.0
    for v in range(1, 11):
        if deck[v - 1]:
            d = deck.copy()
            d[v - 1] -= 1
            avg += deck[v - 1] / n * cc.win_probability(d, 9, [5, 6, v])
    assert s.hit_probability == pytest.approx(avg, abs=1e-14)


def test_bust_hand_and_stand_monotone_in_total():
    deck = cc.fresh_deck(1, minus=[10, 10, 7])
    assert cc.win_probability(deck, 10, [10, 7, 5]) == 0.0
    stands = [cc.stand_probability(deck, 6, [10, 2, t - 12]) for t in range(13, 22)]
    assert all(x <= y + 1e-15 for x, y in zip(stands, stands[1:]))


def test_multi_deck_and_large_shoe_solve():
    for n in (2, 8):
        s = cc.solve(cc.fresh_deck(n, minus=[2, 2, 1]), 1, [2, 2])
        assert 0 < s.win_probability < 1


def test_empty_deck_and_deck_too_small_for_dealer():
    with pytest.raises(ValueError, match="too small"):
        cc.win_probability("0000000000", 5, [7, 8])
    with pytest.raises(ValueError, match="too small"):
        cc.stand_probability("0000000000", 5, [7, 8])
    # one ace left: standing is defined (dealer 10 + A = 21), hitting leaves the dealer nothing
    assert cc.stand_probability("1000000000", 10, [10, 5]) == 0.0
    with pytest.raises(ValueError, match="dealer .* must hit\\s+from an empty deck"):
        cc.win_probability("1000000000", 10, [10, 5])
    # (the twins refuse it too: test_twins.py)
    # a dealer with 2 facing two twos cannot reach 17
    with pytest.raises(ValueError, match="too small"):
        cc.win_probability("0200000000", 2, [10, 9])


def test_engine_rejects_decks_far_from_its_base():
    eng = cc.Engine(cc.fresh_deck(1))
    with pytest.raises(ValueError, match="sub-deck"):
        eng.key(cc.fresh_deck(2))
    with pytest.raises(ValueError, match="points below"):
        eng.key(cc.parse_deck("0000000004"))



@pytest.mark.parametrize("deck,dealer,player", [
    (doc.EX6_DECK, 5, (7, 8)),
    (doc.EX5_DECK, 1, (1, 1)),
    ("2213001104", 9, (5, 6)),
])
def test_next_card_is_the_hit_decision_card_by_card(deck, dealer, player):
    r = cc.next_card(deck, dealer, player)
    s = cc.solve(deck, dealer, player)
    assert (r.win_probability, r.stand_probability, r.hit_probability, r.action) == \
        (s.win_probability, s.stand_probability, s.hit_probability, s.action)
    counts = cc.parse_deck(deck)
    assert [(v, c) for v, c, _ in r.terms] == [(v, int(counts[v - 1])) for v in range(1, 11) if counts[v - 1]]
    assert r.n_cards == counts.sum()
    # the hit value is the count-weighted mean of the terms, and each term is the solve after that card
    assert sum(c * p for _, c, p in r.terms) / r.n_cards == pytest.approx(r.hit_probability, abs=1e-14)
    for v, c, p in r.terms:
        after = counts.copy()
        after[v - 1] -= 1
        want = 0.0 if sum(player) + v > 21 else cc.win_probability(after, dealer, [*player, v])
        assert p == pytest.approx(want, abs=1e-14)


def test_next_card_of_a_bust_hand_is_lost_and_holds_no_terms():
    r = cc.next_card(doc.EX6_DECK, 5, (10, 8, 7))
    assert (r.action, r.total, r.terms, r.win_probability) == ("bust", 25, (), 0.0)
