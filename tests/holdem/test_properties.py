"""Properties of the hold'em API (issue 12): ranges, exact integers, monotonicity where the
mathematics says so, agreement with the slow twins on small random cases, and NumPy integers
accepted like ints. Hypothesis draws the cases; each test keeps to a few dozen examples."""
import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from stoplib import holdem as hd
from stoplib.holdem import claims, twins
from stoplib.holdem.document import EXAMPLE_DECK

FAST = settings(max_examples=30, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True,
                database=None)
SLOW = settings(max_examples=8, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True,
                database=None)

cards7 = st.lists(st.integers(0, 51), min_size=7, max_size=7, unique=True)
cards5 = st.lists(st.integers(0, 51), min_size=5, max_size=5, unique=True)
decks = st.permutations(list(range(52)))
tables = st.tuples(st.integers(2, 6), st.integers(1, 6)).filter(lambda t: t[1] <= t[0])
suit_maps = st.permutations([0, 1, 2, 3])


@FAST
@given(cards7)
def test_a_rank_is_an_exact_int_in_range_and_the_best_of_its_fives(cards):
    rank = hd.evaluate7(cards)
    assert type(rank) is int and 1 <= rank <= hd.N_RANKS
    assert rank == hd.rank7(*cards) == max(hd.evaluate5(f) for f in _fives(cards))
    assert hd.category(rank) in hd.CATEGORIES


def _fives(cards):
    from itertools import combinations
    return [list(f) for f in combinations(cards, 5)]


@SLOW
@given(cards7)
def test_the_fast_evaluator_agrees_with_the_rules_based_twin(cards):
    assert hd.evaluate7(cards) == twins.reference_rank7(cards)
    assert hd.evaluate5(cards[:5]) == twins.reference_rank5(cards[:5]) == hd.rank5(*cards[:5])


@FAST
@given(cards7, suit_maps)
def test_ranks_do_not_depend_on_the_names_of_the_suits(cards, perm):
    renamed = [c // 4 * 4 + perm[c % 4] for c in cards]
    assert hd.evaluate7(renamed) == hd.evaluate7(cards)


@FAST
@given(st.integers(1, hd.N_RANKS - 1))
def test_categories_are_monotone_in_the_rank(rank):
    assert hd.category_code(rank) <= hd.category_code(rank + 1)
    assert hd.category_of(rank) == hd.category_code(rank)


@FAST
@given(cards7)
def test_the_board_helpers_agree_with_rank7(cards):
    key, bits = hd.board_sums(*cards[2:])
    assert hd.rank_with_board(cards[0], cards[1], key, bits) == hd.rank7(*cards)


@FAST
@given(st.lists(cards7, min_size=0, max_size=20))
def test_many_hands_at_once_equal_one_at_a_time(hands):
    arr = np.array(hands, dtype=np.int64).reshape(len(hands), 7)
    ranks = hd.evaluate7_many(arr, parallel=False)
    assert ranks.tolist() == [hd.evaluate7(h) for h in hands]
    assert np.array_equal(ranks, hd.evaluate7_many(arr.astype(np.int8), method="best_of_21"))
    assert ((ranks >= 1) & (ranks <= hd.N_RANKS)).all()


@FAST
@given(decks, tables, st.integers(0, 51))
def test_a_deck_value_counts_the_52_cuts_and_does_not_depend_on_the_cut(deck, table, shift):
    n, seat = table
    v = hd.deck_value(deck, seat=seat, n_players=n)
    assert all(type(x) is int for x in (v.wins, v.ties, v.losses))
    assert 0 <= v.wins <= 52 and 0 <= v.ties <= 52 and v.wins + v.ties + v.losses == 52
    assert v.optimal == (v.wins == 52) and v.semi_optimal == (v.losses == 0)
    cut = hd.deck_value(deck[shift:] + deck[:shift], seat=seat, n_players=n)
    assert (cut.wins, cut.ties, cut.losses) == (v.wins, v.ties, v.losses)
    assert np.array_equal(np.roll(v.outcomes, -shift), cut.outcomes)


@SLOW
@given(decks, tables)
def test_deck_value_agrees_with_its_slow_twin(deck, table):
    n, seat = table
    fast, slow = hd.deck_value(deck, seat, n), twins.deck_value_reference(deck, seat, n)
    assert (fast.wins, fast.ties, fast.losses) == (slow.wins, slow.ties, slow.losses)
    assert np.array_equal(fast.outcomes, slow.outcomes)


@FAST
@given(decks)
def test_the_seats_of_a_two_player_table_share_the_cuts(deck):
    one, two = hd.deck_value(deck, 1, 2), hd.deck_value(deck, 2, 2)
    assert one.wins == two.losses and one.ties == two.ties and one.losses == two.wins


@SLOW
@given(decks, st.integers(0, 51), st.integers(0, 51), st.sampled_from(["wins", "wins_or_ties"]))
def test_swap_gain_agrees_with_its_twin_and_is_symmetric(deck, i, j, objective):
    delta = hd.swap_delta(deck, i, j, objective=objective)
    assert delta == hd.swap_delta(deck, j, i, objective=objective)
    assert delta == twins.swap_delta_reference(deck, i, j, objective=objective)
    assert -52 <= delta <= 52


@SLOW
@given(st.integers(0, 2**32), st.integers(2, 4), st.sampled_from(["steepest", "first"]))
def test_a_climb_never_goes_down_and_ties_count_at_least_as_much(seed, n, method):
    wins = hd.search(3, n, 1, method=method, seed=seed, parallel=False)
    ties = hd.search(3, n, 1, method=method, seed=seed, objective="wins_or_ties", parallel=False)
    for res in (wins, ties):
        assert ((res.start_scores <= res.scores) & (res.scores <= 52)).all()
        assert 0.0 <= res.fraction_optimal <= 1.0
    # the same starting decks: a deck's cuts won or tied are at least its cuts won
    assert (ties.start_scores >= wins.start_scores).all()
    assert (wins.wins <= wins.scores).all() and (ties.wins + ties.ties == ties.scores).all()


@FAST
@given(st.integers(0, 40), st.integers(0, 40))
def test_summaries_are_fractions_with_intervals_around_them(k, extra):
    from stoplib.holdem.local_search import SearchResult

    n = k + extra
    optimal = np.array([True] * k + [False] * extra, dtype=bool)
    scores = np.where(optimal, 52, 50)
    res = SearchResult(decks=np.zeros((n, 52), np.int8), scores=scores, start_scores=scores - 3,
                       steps=np.full(n, 3), optimal=optimal, wins=scores, ties=np.zeros(n, int),
                       paths=np.zeros((n, 53), np.int8))
    row = hd.summarize(res).iloc[0]
    if n:  # the Wilson bounds are exactly 0 with no success and 1 with no failure
        assert 0.0 <= row.ci_low <= row.fraction <= row.ci_high <= 1.0
        assert row.fraction == k / n and (row.ci_low == 0.0) == (k == 0) and (row.ci_high == 1.0) == (k == n)
    else:
        assert np.isnan(row.fraction)


def test_numpy_integers_are_accepted_like_ints():
    ints = (np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16, np.uint32, np.uint64)
    for t in ints:
        assert hd.rank7(*map(t, (51, 47, 43, 39, 35, 0, 1))) == 7462
        assert hd.card_name(t(51)) == "As" and hd.category(t(100)) == "high card"
        v = hd.deck_value(EXAMPLE_DECK, seat=t(1), n_players=t(2))
        assert (v.wins, v.seat, v.n_players) == (52, 1, 2) and type(v.seat) is int
        assert hd.cut_deck(EXAMPLE_DECK, t(3)).tolist() == hd.cut_deck(EXAMPLE_DECK, 3).tolist()
        assert hd.swap_delta(EXAMPLE_DECK, t(3), t(30)) == hd.swap_delta(EXAMPLE_DECK, 3, 30)
    deck = hd.parse_deck(EXAMPLE_DECK)
    for t in ints:
        assert hd.format_deck(deck.astype(t)) == EXAMPLE_DECK
        assert hd.format_deck([t(c) for c in deck]) == EXAMPLE_DECK
    a = hd.search(np.int64(3), np.int32(2), np.uint8(1), seed=np.int64(4), kicks=np.int16(1), parallel=False)
    b = hd.search(3, 2, 1, seed=4, kicks=1, parallel=False)
    assert np.array_equal(a.decks, b.decks) and np.array_equal(a.scores, b.scores)
    assert hd.rank_counts(np.int64(5), parallel=np.bool_(False)).n_hands == 2_598_960


@FAST
@given(st.floats(1e-3, 1e30), st.floats(1.01, 1e3))
def test_the_years_to_enumerate_fall_as_the_rate_rises(rate, factor):
    low, high = claims.years_to_enumerate(rate * factor), claims.years_to_enumerate(rate)
    assert 0 < low < high
    assert low == pytest.approx(high / factor, rel=1e-9)


def test_the_file_size_grows_linearly_with_the_stackings():
    small, big = claims.file_size_estimate([EXAMPLE_DECK], 10), claims.file_size_estimate([EXAMPLE_DECK], 1000)
    assert big["bytes"] == 100 * small["bytes"] and big["gzip_bytes"] == 100 * small["gzip_bytes"]
    assert claims.file_size_estimate([EXAMPLE_DECK], 0)["bytes"] == 0
