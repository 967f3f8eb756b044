"""CardCounter (document 003): documented answers, twins, brute force, Monte Carlo, bad input."""
from fractions import Fraction

import numpy as np
import pytest

import stoplib.cardcounter as cc
import stoplib.cardcounter_study as study
from stoplib.sources import doc003_cardcounter as doc


# ---------------------------------------------------------------- documented answers

def test_example6_answer_and_stand():
    s = cc.solve(doc.EX6_DECK, doc.EX6_DEALER, doc.EX6_PLAYER)
    assert round(s.win_probability, 8) == doc.EX6_ANSWER
    assert round(s.stand_probability, 8) == doc.EX6_STAND
    assert s.action == "hit"
    assert cc.win_probability(doc.EX6_DECK, 5, [7, 8]) == pytest.approx(4 / 15, abs=1e-15)
    assert cc.stand_probability(doc.EX6_DECK, 5, [7, 8]) == pytest.approx(22 / 105, abs=1e-15)


def test_example5_numbers():
    assert round(cc.stand_probability(doc.EX5_DECK, doc.EX5_DEALER, doc.EX5_PLAYER), 6) == doc.EX5_STAND
    assert round(cc.win_probability(doc.EX5_DECK, doc.EX5_DEALER, doc.EX5_PLAYER), 6) == doc.EX5_ANSWER
    solver = cc.DocumentSolver(float)
    call = doc.EX5_FIRST_CALL
    deck = tuple(cc.parse_deck(call[3]))
    best = solver.players_move(call[0], call[1], call[2], deck)
    stand = solver.dealers_move(*doc.EX5_STAND_CALL[:3], tuple(cc.parse_deck(doc.EX5_STAND_CALL[3])))
    assert round(stand, 6) == doc.EX5_STAND
    terms = solver.hit_terms(call[0], call[1], call[2], deck)
    assert tuple(v for v, _, _ in terms) == doc.EX5_RANKS
    assert sum(c for _, c, _ in terms) == doc.EX5_HIT_WAYS
    total = sum(c * p for _, c, p in terms)
    assert round(total, 5) == doc.EX5_HIT_TOTAL
    assert round(total / doc.EX5_HIT_WAYS, 6) == doc.EX5_HIT == round(best, 6)


def test_example6_memo_dump_line_for_line():
    ours = cc.memo_dump(doc.EX6_DECK, doc.EX6_DEALER, doc.EX6_PLAYER)
    table = cc.compare_dump(ours, doc.EX6_MEMO_DUMP)
    assert len(ours) == len(doc.EX6_MEMO_DUMP) == 58
    assert (table.verdict == "matches").sum() == 57
    # the document's first line lost its leading "dea"
    first = table.iloc[0]
    assert first.verdict == "truncated in document"
    assert first.ours == "dea" + first.document
    # exact fractions print the same lines
    assert cc.memo_dump(doc.EX6_DECK, 5, (7, 8), number=Fraction) == ours
    # and the fast solver's memo agrees with every printed value
    assert cc.check_dump_with_fast(ours) < 1e-8
    assert cc.check_dump_with_fast(doc.EX6_MEMO_DUMP) < 1e-8


# ---------------------------------------------------------------- twins and brute force

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


# ---------------------------------------------------------------- properties

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


def test_strategy_chart_sanity():
    eng = cc.Engine(cc.fresh_deck(1))
    table = study.strategy_table(1, eng)
    assert len(table) == 550
    grid = study.chart_grid(table)
    assert (grid.loc["hard 11"] == "H").all() and (grid.loc["hard 20"] == "S").all()
    assert (grid.loc["soft 21"] == "S").all()
    basic = study.basic_strategy_grid(grid.index)
    assert basic.shape == grid.shape
    diff = study.chart_differences(grid, basic)
    # the no-push effects: stand on 16 against a 10, hit hard 17 against an ace
    assert {("hard 16", "10"), ("hard 17", "A")} <= set(zip(diff.hand, diff.dealer))
    assert (diff.ours != diff.reference).all()


def test_seeing_a_burnt_card_never_hurts_on_average():
    eng = cc.Engine(cc.fresh_deck(1))
    eff = study.removal_effects(1, eng)
    base = eff.win_probability.iloc[0]
    # an unseen burnt card changes nothing; a SEEN one is information, so the
    # average over which card was burnt is at least the fresh-deck value
    weights = np.array([4] * 9 + [16]) / 52
    average = (weights * eff.win_probability.iloc[1:].to_numpy()).sum()
    assert average >= base
    assert average - base < 0.01


def test_multi_deck_and_large_shoe_solve():
    for n in (2, 8):
        s = cc.solve(cc.fresh_deck(n, minus=[2, 2, 1]), 1, [2, 2])
        assert 0 < s.win_probability < 1


# ---------------------------------------------------------------- Monte Carlo

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


# ---------------------------------------------------------------- bad input

@pytest.mark.parametrize("deck,exc,match", [
    ("100400000", ValueError, "ten digits"),
    ("10040000021", ValueError, "ten digits"),
    ("10040000a2", ValueError, "ten digits"),
    ([1, 0, 0, 4, 0, 0, 0, 0, 2], ValueError, "exactly ten"),
    ([1, 0, 0, -4, 0, 0, 0, 0, 0, 2], ValueError, "deck\\[3\\]"),
    ([1, 0, 0, 4.0, 0, 0, 0, 0, 0, 2], TypeError, "deck\\[3\\]"),
    ([True, 0, 0, 4, 0, 0, 0, 0, 0, 2], TypeError, "deck\\[0\\]"),
    (12, TypeError, "deck"),
])
def test_bad_decks(deck, exc, match):
    with pytest.raises(exc, match=match):
        cc.win_probability(deck, 5, [7, 8])


@pytest.mark.parametrize("dealer,player,exc,match", [
    (0, [7, 8], ValueError, "dealer"),
    (11, [7, 8], ValueError, "dealer"),
    (5.0, [7, 8], TypeError, "dealer"),
    (True, [7, 8], TypeError, "dealer"),
    (5, [7], ValueError, "at least two"),
    (5, [7, 11], ValueError, "player\\[1\\]"),
    (5, [0, 8], ValueError, "player\\[0\\]"),
    (5, "78", TypeError, "player"),
    (5, [7, 8.5], TypeError, "player\\[1\\]"),
])
def test_bad_cards(dealer, player, exc, match):
    with pytest.raises(exc, match=match):
        cc.win_probability("1004000002", dealer, player)
    with pytest.raises(exc, match=match):
        cc.stand_probability("1004000002", dealer, player)


def test_empty_deck_and_deck_too_small_for_dealer():
    with pytest.raises(ValueError, match="too small"):
        cc.win_probability("0000000000", 5, [7, 8])
    with pytest.raises(ValueError, match="too small"):
        cc.stand_probability("0000000000", 5, [7, 8])
    # one ace left: standing is defined (dealer 10 + A = 21), hitting leaves the dealer nothing
    assert cc.stand_probability("1000000000", 10, [10, 5]) == 0.0
    with pytest.raises(ValueError, match="dealer .* must hit\\s+from an empty deck"):
        cc.win_probability("1000000000", 10, [10, 5])
    with pytest.raises(ValueError, match="too small"):
        cc.solve_exact("1000000000", 10, [10, 5])
    with pytest.raises(ValueError, match="too small"):
        cc.brute_force_orders("1000000000", 10, [10, 5])
    # a dealer with 2 facing two twos cannot reach 17
    with pytest.raises(ValueError, match="too small"):
        cc.win_probability("0200000000", 2, [10, 9])


def test_fresh_deck_refuses_missing_cards():
    with pytest.raises(ValueError, match="cannot remove"):
        cc.fresh_deck(1, minus=[5, 5, 5, 5, 5])
    with pytest.raises(ValueError, match="n_decks"):
        cc.fresh_deck(0)


def test_engine_rejects_decks_far_from_its_base():
    eng = cc.Engine(cc.fresh_deck(1))
    with pytest.raises(ValueError, match="sub-deck"):
        eng.key(cc.fresh_deck(2))
    with pytest.raises(ValueError, match="points below"):
        eng.key(cc.parse_deck("0000000004"))
