"""CardCounter properties: probabilities in [0, 1], exact values exact, the fast solver equal to its
exact twins on small decks, monotone where the game says so, numpy scalars taken like ints, and
decks too small to deal the hand refused everywhere (issue 12)."""
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import stoplib.cardcounter as cc
from stoplib.cardcounter import claims, strategy, widgets
from stoplib.util import budget

SETTINGS = settings(max_examples=40, deadline=None, derandomize=True, database=None,
                    suppress_health_check=list(HealthCheck))

cards = st.integers(1, 10)
small_decks = st.lists(st.integers(0, 2), min_size=10, max_size=10).filter(lambda d: 1 <= sum(d) <= 9)
hands = st.tuples(cards, cards)


def _solve_or_none(deck, dealer, player):
    try:
        return cc.solve(deck, dealer, player)
    except ValueError as exc:
        assert "too small" in str(exc)
        return None


@SETTINGS
@given(deck=small_decks, dealer=cards, player=hands)
def test_probabilities_stay_in_the_unit_interval_and_best_is_the_better_option(deck, dealer, player):
    s = _solve_or_none(deck, dealer, player)
    assume(s is not None)
    assert 0.0 <= s.stand_probability <= s.win_probability <= 1.0
    assert 0.0 <= s.hit_probability <= 1.0
    assert s.win_probability == max(s.stand_probability, s.hit_probability)
    assert cc.stand_probability(deck, dealer, player) == pytest.approx(s.stand_probability, abs=1e-15)


@SETTINGS
@given(deck=small_decks.filter(lambda d: sum(d) <= 6), dealer=cards, player=hands)
def test_the_fast_solver_equals_its_exact_twins_on_small_decks(deck, dealer, player):
    s = _solve_or_none(deck, dealer, player)
    if s is None:   # every twin refuses the same decks
        for twin in (cc.solve_exact, cc.brute_force_orders):
            with pytest.raises(ValueError, match="too small"):
                twin(deck, dealer, player)
        return
    exact = cc.solve_exact(deck, dealer, player)
    brute = cc.brute_force_orders(deck, dealer, player)
    assert isinstance(exact.win_probability, Fraction) and isinstance(brute, Fraction)
    assert exact.win_probability == brute and 0 <= brute <= 1
    assert abs(float(exact.win_probability) - s.win_probability) < 1e-12
    assert abs(float(exact.stand_probability) - s.stand_probability) < 1e-12


@SETTINGS
@given(deck=st.lists(st.integers(0, 4), min_size=10, max_size=10).filter(lambda d: sum(d) >= 1), dealer=cards)
def test_standing_on_a_higher_total_never_wins_less(deck, dealer):
    """Against one dealer distribution, P(win | stand) is non-decreasing in the player's total."""
    try:
        values = [cc.stand_probability(deck, dealer, [10, t - 10] if t < 21 else [10, 1]) for t in range(12, 22)]
    except ValueError as exc:
        assert "too small" in str(exc)
        return
    assert all(0.0 <= v <= 1.0 for v in values)
    assert all(a <= b + 1e-15 for a, b in zip(values, values[1:]))


@SETTINGS
@given(deck=st.lists(st.integers(0, 4), min_size=10, max_size=10).filter(lambda d: sum(d) >= 4),
       dealers=st.lists(cards, min_size=1, max_size=3, unique=True))
def test_dealer_outcomes_are_distributions(deck, dealers):
    try:
        out = strategy.dealer_outcomes(deck, dealers)
    except ValueError as exc:
        assert "holds no" in str(exc) or "too small" in str(exc)
        return
    probs = out[list(cc.OUTCOMES)].to_numpy()
    assert (probs >= 0).all() and (probs <= 1).all() and np.allclose(probs.sum(axis=1), 1.0)


def test_whole_deals_are_probabilities_and_their_weights_sum_to_one():
    deals = cc.deal_probabilities("4440000004")
    assert abs(sum(d[3] for d in deals) - 1.0) < 1e-12
    p = cc.deal_win_probability("4440000004")
    assert 0.0 <= p <= 1.0


def test_exact_fractions_stay_exact():
    exact = cc.solve_exact("4440000004", 1, [1, 1])
    assert isinstance(exact.win_probability, Fraction) and isinstance(exact.stand_probability, Fraction)
    doc = cc.DocumentSolver()
    value = doc.players_move(5, 15, False, (1, 0, 0, 4, 0, 0, 0, 0, 0, 2))
    assert value == Fraction(4, 15) and all(isinstance(v, Fraction) for v in doc.player_memo.values())
    assert claims.memo_dump("1004000002", 5, [7, 8], number=Fraction) == claims.memo_dump("1004000002", 5, [7, 8])


def test_numpy_integer_scalars_are_taken_like_ints():
    deck = np.array([1, 0, 0, 4, 0, 0, 0, 0, 0, 2], dtype=np.int32)
    ref = cc.solve("1004000002", 5, [7, 8])
    s = cc.solve(deck, np.int64(5), (np.int8(7), np.uint16(8)))
    assert (s.win_probability, s.stand_probability) == (ref.win_probability, ref.stand_probability)
    assert cc.fresh_deck(np.int64(2), minus=[np.int32(10)]).tolist() == cc.fresh_deck(2, minus=[10]).tolist()
    assert cc.simulate(deck, np.int64(5), [7, 8], n_games=np.int64(100), seed=np.int64(1)).n_games == 100
    assert len(strategy.strategy_table(np.int64(1), dealers=np.array([10]))) == 55
    assert widgets.counter_panel(dealer=np.int64(10), player=(np.int64(10), 6), n_decks=np.int64(1)).figure


EMPTY = "0000000000"
TOO_SMALL = [
    ("solve", lambda d: cc.solve(d, 10, [10, 5])),
    ("win_probability", lambda d: cc.win_probability(d, 10, [10, 5])),
    ("win_probability, a bust hand", lambda d: cc.win_probability(d, 10, [10, 10, 5])),
    ("stand_probability", lambda d: cc.stand_probability(d, 10, [10, 5])),
    ("stand_probability, a bust hand", lambda d: cc.stand_probability(d, 10, [10, 10, 5])),
    ("best_action", lambda d: cc.best_action(d, 10, [10, 5])),
    ("Engine.value", lambda d: cc.Engine("1000000000").value(d, 10, [10, 5])),
    ("Engine.dealer_distribution", lambda d: cc.Engine("1000000000").dealer_distribution(d, 10, False)),
    ("solve_exact", lambda d: cc.solve_exact(d, 10, [10, 5])),
    ("brute_force_orders", lambda d: cc.brute_force_orders(d, 10, [10, 10, 5])),
    ("compare_solvers", lambda d: cc.compare_solvers(d, 10, [10, 5])),
    ("DocumentSolver.players_move", lambda d: cc.DocumentSolver().players_move(10, 25, False, d)),
    ("DocumentSolver.dealers_move", lambda d: cc.DocumentSolver().dealers_move(20, False, 15, d)),
    ("simulate", lambda d: cc.simulate(d, 10, [10, 5], n_games=10)),
    ("play_hand", lambda d: cc.play_hand(d, 10, [10, 10, 5])),
    ("memo_dump", lambda d: cc.memo_dump(d, 10, [10, 5])),
    ("packed_key_solve", lambda d: claims.packed_key_solve(3, deck=d, dealer=10, player=[10, 5])),
    ("hand_view", lambda d: widgets.hand_view(d, 10, [10, 10, 5])),
    ("deal_probabilities", lambda d: cc.deal_probabilities(d)),
    ("deal_win_probability", lambda d: cc.deal_win_probability(d)),
    ("simulate_deals", lambda d: cc.simulate_deals(d, n_games=10)),
    ("dealer_outcomes", lambda d: strategy.dealer_outcomes(d, [10])),
]


@pytest.mark.parametrize("name,call", TOO_SMALL, ids=[n for n, _ in TOO_SMALL])
def test_an_empty_deck_is_refused_everywhere(name, call):
    with pytest.raises(ValueError, match="empty|too small|holds no"):
        call(EMPTY)


@pytest.mark.parametrize("deck", ["2000000000", "0000000003", [1, 0, 0, 0, 0, 0, 0, 0, 0, 2]])
def test_decks_too_small_to_deal_a_whole_hand_are_refused(deck):
    with pytest.raises(ValueError, match="too small to deal"):
        cc.deal_win_probability(deck)
    with pytest.raises(ValueError, match="too small to deal"):
        cc.simulate_deals(deck, n_games=10)


def test_a_panel_on_an_empty_deck_shows_the_refusal():
    panel = widgets.counter_panel(deck=EMPTY, dealer=10, player=(10, 6))
    assert "empty" in panel.message.value and panel.figure is None


def test_big_requests_are_refused_at_once_with_the_estimate_and_the_limit():
    with pytest.raises(budget.BudgetError, match=r"simulate\(.*would take about .* the limit is 30 minutes"):
        cc.simulate("1004000002", 5, [7, 8], n_games=10**12)
    with pytest.raises(budget.BudgetError, match="brute_force_orders.*orders of 16 cards"):
        cc.brute_force_orders("2222222200", 10, [10, 2], max_orders=10**12)
    with budget.allow(seconds=1.0):
        with pytest.raises(budget.BudgetError, match="solve_exact.*would take"):
            cc.solve_exact(cc.fresh_deck(1, minus=[2, 1, 1]), 2, [1, 1])
        with pytest.raises(budget.BudgetError, match="removal_effects"):
            strategy.removal_effects(2)
    with pytest.raises(ValueError, match="more than max_orders"):
        cc.brute_force_orders(cc.fresh_deck(1), 10, [10, 2])


def test_a_warm_engine_is_not_charged_again():
    eng = cc.Engine(cc.fresh_deck(1))
    strategy.strategy_table(1, eng, dealers=[10])
    with budget.allow(seconds=0.05):
        again = strategy.strategy_table(1, eng, dealers=[10])    # look-ups only
    assert len(again) == 55
