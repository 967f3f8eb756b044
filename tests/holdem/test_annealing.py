"""Simulated annealing and tabu search (stoplib.holdem.annealing): the incremental cost against a full
re-deal, reproducibility, and the decks they report against deck_value and the slow twin."""
import numpy as np
import pytest

from stoplib.holdem import (anneal, cut_table, deck_value, deck_value_reference, format_deck, load_tables,
                            tabu_search)
from stoplib.holdem._annealing_kernels import _apply, _cost, _init, _roles_of, _swap_cost
from stoplib.holdem.document import EXAMPLE_DECK
from stoplib.holdem.local_search import N_SWAPS, swap_tables


def _beaten_by_hand(deck, n, seat):
    """Per cut, the opponents whose hand beats or ties the seat's (every hand from its seven cards)."""
    table = cut_table(deck, n_players=n, seat=seat + 1)
    ranks = table[[f"p{p + 1} rank" for p in range(n)]].to_numpy()
    mine = ranks[:, seat]
    others = np.delete(ranks, seat, axis=1)
    return (others >= mine[:, None]).sum(axis=1)


def _state(deck, n, seat, weight):
    tables = load_tables()
    arrays = dict(deck2=np.empty(104, np.int64), keys2=np.empty(104, np.int64), bits2=np.empty(104, np.int64),
                  bkeys=np.empty(52, np.int64), hands=np.empty((52, n), np.int64), beaten=np.empty(52, np.int64))
    cost, wins = _init(np.asarray(deck, np.int64), n, seat, weight, *arrays.values(), tables)
    return arrays, cost, wins, tables


@pytest.mark.parametrize("n", [2, 5, 9, 22])
def test_swap_cost_equals_the_cost_of_a_full_re_deal(n):
    rng = np.random.default_rng(n)
    seat, weight = int(rng.integers(n)), 3
    deck = rng.permutation(52)
    arrays, cost, wins, tables = _state(deck, n, seat, weight)
    beaten = _beaten_by_hand(deck, n, seat)
    assert np.array_equal(arrays["beaten"], beaten)
    assert cost == sum(_cost(b, weight) for b in beaten) and wins == int((beaten == 0).sum())
    pi, pj, cuts, ncuts, _ = swap_tables(n)
    role = _roles_of(n)
    scratch = np.empty(cuts.shape[1], np.int64)
    for s in rng.integers(N_SWAPS, size=12):
        args = (pi, pj, cuts, ncuts, role, arrays["keys2"], arrays["bits2"], arrays["bkeys"], arrays["hands"],
                arrays["beaten"], scratch, tables.packed, tables.ranks)
        d_cost, d_wins, ok = _swap_cost(s, n, seat, weight, 10**9, *args)
        deck[[pi[s], pj[s]]] = deck[[pj[s], pi[s]]]
        after = _beaten_by_hand(deck, n, seat)
        assert ok and d_cost == sum(_cost(b, weight) for b in after) - cost
        assert d_wins == int((after == 0).sum()) - wins
        for limit in (-20, -3, 0, 2, 8):  # a swap is dropped only when its change exceeds the limit
            got, _, kept = _swap_cost(s, n, seat, weight, limit, *args)
            assert kept == (d_cost <= limit) and (not kept or got == d_cost)
        _apply(s, n, seat, pi, pj, cuts, ncuts, arrays["deck2"], arrays["keys2"], arrays["bits2"], arrays["bkeys"],
               arrays["hands"], arrays["beaten"], tables.packed, tables.ranks)
        assert np.array_equal(arrays["beaten"], after) and np.array_equal(arrays["deck2"][:52], deck)
        cost, wins = cost + d_cost, wins + d_wins


def test_annealing_is_reproducible_serial_or_parallel_and_in_batches():
    a = anneal(3, 4, moves=30_000, seed=5, parallel=False)
    b = anneal(3, 4, moves=30_000, seed=5, parallel=True)
    c = anneal(2, 4, moves=30_000, seed=5, first_run=1)
    for field in ("decks", "wins", "ties", "moves", "work", "best_at", "trace"):
        assert np.array_equal(getattr(a, field), getattr(b, field))
        assert np.array_equal(getattr(a, field)[1:], getattr(c, field))
    assert not np.array_equal(a.decks[0], anneal(1, 4, moves=30_000, seed=6).decks[0])


def test_reported_decks_are_worth_what_the_runs_say():
    res = anneal(2, 6, moves=50_000, seed=1)
    for deck, w, t, lo in zip(res.decks, res.wins, res.ties, res.losses):
        v = deck_value(deck, 1, 6)
        assert (v.wins, v.ties, v.losses) == (w, t, lo)
    assert (res.trace[:, -1] == res.wins).all() and (np.diff(res.trace, axis=1) >= 0).all()
    assert (res.best_at <= res.moves).all() and (res.work <= res.moves).all()


def test_annealing_finds_a_three_player_stacking_checked_by_the_twin():
    res = anneal(1, 3, moves=3_000_000, seed=3)
    assert res.n_optimal == 1 and res.moves[0] < 3_000_000  # stopped at 52
    twin = deck_value_reference(res.best_deck(), seat=1, n_players=3)
    assert twin.wins == 52


def test_an_optimal_deck_stops_at_once():
    for res in (anneal(2, 2, deck=EXAMPLE_DECK, moves=1000, seed=0),
                tabu_search(1, 2, deck=EXAMPLE_DECK, iterations=10, seed=0)):
        assert (res.wins == 52).all() and (res.moves == 0).all()
        assert format_deck(res.decks[0]) == format_deck(EXAMPLE_DECK)


def test_tabu_search_is_reproducible_and_improves_on_its_start():
    a = tabu_search(2, 4, iterations=300, sample=32, tenure=6, seed=2, parallel=False)
    b = tabu_search(2, 4, iterations=300, sample=32, tenure=6, seed=2, parallel=True)
    assert np.array_equal(a.decks, b.decks) and np.array_equal(a.trace, b.trace)
    assert (a.moves == 300).all() and (a.work == 300 * 32).all()
    assert (a.wins >= a.trace[:, 0]).all() and (a.wins > 15).all()
    full = tabu_search(1, 3, iterations=40, sample=N_SWAPS, seed=2)
    assert full.work[0] == N_SWAPS * full.moves[0]


@pytest.mark.parametrize("kwargs", [dict(n_players=23), dict(seat=5, n_players=4), dict(moves=0),
                                    dict(t_start=0.1, t_end=0.2), dict(weight=-1), dict(deck=[0] * 52)])
def test_bad_settings_are_refused(kwargs):
    with pytest.raises(ValueError):
        anneal(1, **{"n_players": 3, **kwargs})


def test_the_best_deck_of_no_runs_is_an_error():
    res = anneal(0, 3, moves=10, seed=0)
    assert res.n_runs == 0 and res.best == -1
    with pytest.raises(ValueError):
        res.best_deck()
