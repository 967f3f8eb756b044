"""How hands end after each first decision (stoplib.cardcounter.outcomes), against the solver and a brute force."""
from fractions import Fraction

import numpy as np
import pytest

import stoplib.cardcounter as cc
from stoplib.cardcounter import outcomes, strategy
from stoplib.cardcounter.rules import _hand_total
from stoplib.cardcounter.twins import _orders

HANDS = [("1004000002", 5, (7, 8)), ("4440000004", 1, (1, 1)), (cc.fresh_deck(1, minus=[10, 10, 6]), 10, (10, 6)),
         (cc.fresh_deck(1, minus=[1, 10, 7]), 1, (10, 7)), (cc.fresh_deck(1, minus=[8, 1, 7]), 8, (1, 7))]


@pytest.mark.parametrize("deck, dealer, player", HANDS)
def test_the_wins_are_the_solvers_and_the_outcomes_add_up(deck, dealer, player):
    out = cc.decision_outcomes(deck, dealer, player)
    sol = cc.solve(deck, dealer, player)
    assert out.stand["win"] == pytest.approx(sol.stand_probability, abs=1e-12)
    assert out.hit["win"] == pytest.approx(sol.hit_probability, abs=1e-12)
    assert out.action == sol.action
    for row in (out.stand, out.hit):
        assert sum(row[k] for k in ("win", "tie", "lose", "bust")) == pytest.approx(1.0, abs=1e-12)
        assert all(-1e-15 <= row[k] <= 1 + 1e-15 for k in cc.OUTCOME_NAMES)
        assert row["dealer_bust"] <= row["win"] + 1e-15
    assert out.stand["bust"] == 0.0
    total, _ = _hand_total(list(player))
    if total < 17:                      # the dealer always ends on 17 or more: no tie, and only his bust wins
        assert out.stand["tie"] == 0.0 and out.stand["win"] == pytest.approx(out.stand["dealer_bust"])
    assert list(out.table()["decision"]) == ["stand", "hit"]


def _brute_force(counts, dealer, player, first):
    """Every distinct order of the deck, equally likely: the player takes ``first`` and then the solver's best
    action in each later state (looked up, never searched), the dealer draws on; exact counts of each ending."""
    eng = cc.Engine(counts)
    ends = dict.fromkeys(("win", "tie", "lose", "bust", "dealer_bust"), 0)
    orders = list(_orders(tuple(int(c) for c in counts)))
    for order in orders:
        hand, left, i = list(player), np.array(counts), 0
        action = first
        while action == "hit":
            card = order[i]
            i += 1
            hand.append(card)
            left[card - 1] -= 1
            if sum(hand) > 21:
                break
            _, stand, hit = eng.value(left, dealer, hand) if left.sum() else (0.0, 1.0, 0.0)
            action = "hit" if left.sum() and hit > stand + 1e-12 else "stand"
        if sum(hand) > 21:
            ends["bust"] += 1
            continue
        mine, _ = _hand_total(hand)
        cards = [dealer]
        while _hand_total(cards)[0] < 17:
            cards.append(order[i])
            i += 1
        theirs, _ = _hand_total(cards)
        if theirs > 21:
            ends["win"] += 1
            ends["dealer_bust"] += 1
        else:
            ends["win" if mine > theirs else "tie" if mine == theirs else "lose"] += 1
    return {k: Fraction(v, len(orders)) for k, v in ends.items()}


@pytest.mark.parametrize("deck, dealer, player", [("1004000002", 5, (7, 8)), ("2101010001", 10, (10, 6)),
                                                  ("1110100111", 9, (2, 7)), ("3000000103", 8, (1, 7))])
def test_the_outcomes_are_those_of_every_card_order(deck, dealer, player):
    counts = cc.parse_deck(deck)
    out = cc.decision_outcomes(counts, dealer, player)
    for first, row in (("stand", out.stand), ("hit", out.hit)):
        exact = _brute_force(counts, dealer, player, first)
        for name in cc.OUTCOME_NAMES:
            assert row[name] == pytest.approx(float(exact[name]), abs=1e-12), (first, name)


def test_a_deck_too_small_is_refused_as_the_solver_refuses_it():
    with pytest.raises(ValueError, match="too small"):
        cc.decision_outcomes("1000000000", 10, [10, 5])
    with pytest.raises(ValueError, match="sub-deck"):
        cc.decision_outcomes("1004000002", 5, [7, 8], engine=cc.Engine("0000000001"))


def test_departures_are_the_chart_differences_with_their_outcomes(single_deck):
    dep = cc.departure_outcomes(single_deck.table, single_deck.basic, engine=single_deck.engine)
    assert list(zip(dep.hand, dep.dealer)) == list(zip(single_deck.diff.hand, single_deck.diff.dealer))
    assert (dep["ours"] == single_deck.diff["ours"]).all() and (dep["reference"] == single_deck.diff["reference"]).all()
    stand = dep[["stand_win", "stand_tie", "stand_lose"]].sum(axis=1)
    hit = dep[["hit_win", "hit_tie", "hit_lose", "hit_bust"]].sum(axis=1)
    assert np.allclose(stand, 1.0) and np.allclose(hit, 1.0)
    assert np.allclose(dep.stand_money, dep.stand_win - dep.stand_lose)
    # a uniform cell's averaged win probabilities order the actions as its hands do
    for row in dep[dep.ours != "H/S"].itertuples():
        assert (row.hit_win > row.stand_win) == (row.ours == "H"), (row.hand, row.dealer)
    # one cell by hand: hard 17 against an ace, its hands weighted by their chance of being dealt
    row = dep.set_index(["hand", "dealer"]).loc[("hard 17", "A")]
    deck = cc.fresh_deck(1, minus=[1])
    weighted, total = 0.0, 0.0
    for a, b in [(7, 10), (8, 9)]:
        w = 2 * deck[a - 1] * deck[b - 1]
        weighted += w * cc.decision_outcomes(cc.fresh_deck(1, minus=[1, a, b]), 1, (a, b)).stand["tie"]
        total += w
    assert row.hands == "10+7, 9+8" and row.stand_tie == pytest.approx(weighted / total, abs=1e-12)


def test_departures_of_a_chart_that_agrees_are_empty():
    table = strategy.strategy_table(1, dealers=[6])
    grid = strategy.chart_grid(table)
    dep = outcomes.departure_outcomes(table, grid)
    assert len(dep) == 0 and "pushes_returned" in dep.columns
