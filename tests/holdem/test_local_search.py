"""The stacking search (stoplib.holdem.local_search, document 004): incremental swaps,
steepest ascent, reproducibility. swap_delta against its slow twin is in test_twins.py."""
import numpy as np
import pytest

from stoplib.holdem import climb, deck_value, deck_value_reference, search, swap_delta
from stoplib.holdem import document as doc
from stoplib.holdem.local_search import N_SWAPS, swap_tables


# --------------------------------------------------------------------------- documented answers
def test_a_seeded_search_finds_an_optimal_stacking():
    res = search(40, seed=2024)
    assert res.n_optimal >= 1
    for text in res.optimal_decks():
        assert deck_value_reference(text).wins == 52  # checked by the pure-Python twin
    assert np.array_equal(res.optimal, res.scores == 52)


def test_an_optimal_deck_does_not_move():
    res = climb(doc.EXAMPLE_DECK)
    assert res.scores[0] == 52 and res.steps[0] == 0 and res.optimal[0]


def test_stackings_for_player_2_exist():
    res = search(40, seat=2, seed=7)
    assert res.n_optimal >= 1
    assert all(deck_value(d, seat=2).wins == 52 for d in res.optimal_decks())


def test_neighbourhood_is_all_pairs():
    pi, pj, cuts, ncuts, mask = swap_tables(2)
    assert N_SWAPS == doc.N_NEIGHBOURS == 1326
    assert len(set(zip(pi.tolist(), pj.tolist()))) == 1326 and (pi < pj).all()
    assert ncuts.max() <= 18  # 2 positions x 9 dealt cards


# ------------------------------------------------------------------ incremental evaluation vs full re-evaluation
def test_swap_changes_only_the_listed_cuts():
    rng = np.random.default_rng(1)
    for n in (2, 5):
        pi, pj, cuts, ncuts, _ = swap_tables(n)
        for _ in range(20):
            deck = rng.permutation(52)
            s = int(rng.integers(N_SWAPS))
            before = deck_value(deck, n_players=n).outcomes
            deck[[pi[s], pj[s]]] = deck[[pj[s], pi[s]]]
            after = deck_value(deck, n_players=n).outcomes
            changed = set(np.flatnonzero(before != after).tolist())
            assert changed <= set(cuts[s, :ncuts[s]].tolist())


@pytest.mark.parametrize("n_players,seat,start", [(2, 1, 0), (2, 2, 1), (3, 2, 2)])
def test_pruned_climb_equals_plain_steepest_ascent(n_players, seat, start):
    deck = np.random.default_rng(start).permutation(52)
    fast = climb(deck, n_players=n_players, seat=seat, max_steps=4)
    slow_deck, slow_value, slow_steps = _slow_climb_limited(deck, n_players, seat, 4)
    assert fast.scores[0] == slow_value and fast.steps[0] == slow_steps
    assert np.array_equal(fast.decks[0], slow_deck)


def _slow_climb_limited(deck, n_players, seat, max_steps):
    """Steepest ascent by full re-evaluation of all 1,326 neighbours, first best swap kept."""
    deck = np.asarray(deck).copy()
    value = deck_value(deck, seat=seat, n_players=n_players).wins
    steps = 0
    while value < 52 and steps < max_steps:
        best, best_swap = value, None
        for i in range(52):
            for j in range(i + 1, 52):
                deck[[i, j]] = deck[[j, i]]
                v = deck_value(deck, seat=seat, n_players=n_players).wins
                deck[[i, j]] = deck[[j, i]]
                if v > best:
                    best, best_swap = v, (i, j)
        if best_swap is None:
            break
        i, j = best_swap
        deck[[i, j]] = deck[[j, i]]
        value, steps = best, steps + 1
    return deck, value, steps


# --------------------------------------------------------------------------- properties
def test_serial_and_parallel_are_identical():
    a = search(24, n_players=3, seed=5, parallel=True)
    b = search(24, n_players=3, seed=5, parallel=False)
    for name in ("decks", "scores", "steps", "start_scores", "wins", "ties", "paths"):
        assert np.array_equal(getattr(a, name), getattr(b, name)), name


def test_same_seed_same_result_and_batches_reproduce_one_run():
    whole = search(30, seed=99)
    again = search(30, seed=99)
    assert np.array_equal(whole.decks, again.decks)
    part = search(10, seed=99, first_restart=20)
    assert np.array_equal(part.decks, whole.decks[20:])
    other = search(30, seed=100)
    assert not np.array_equal(other.decks, whole.decks)


def test_each_restart_shuffles_from_its_own_stream_of_the_shared_generator():
    """Restart r's starting deck is a Fisher-Yates shuffle drawn from stoplib.util.rng's stream
    (kernel seed, first_restart + r): no generator of the search's own."""
    from stoplib.util.rng import kernel_seed, next_below, stream_start

    res = search(3, seed=5, first_restart=7, max_steps=0, parallel=False)  # no move: the decks are the starts
    assert res.seed == kernel_seed(5) and (res.steps == 0).all()
    for r in range(3):
        state, deck = np.uint64(stream_start(np.uint64(res.seed), 7 + r)), list(range(52))
        for k in range(51, 0, -1):
            state, q = next_below(state, k + 1)
            state = np.uint64(state)  # from Python a state stays a uint64 (numba returns an int)
            deck[k], deck[q] = deck[q], deck[k]
        assert res.decks[r].tolist() == deck


@pytest.mark.parametrize("method,tie_break", [("steepest", "first"), ("steepest", "random"), ("first", "first")])
def test_climbs_are_consistent(method, tie_break):
    res = search(30, seed=3, method=method, tie_break=tie_break)
    assert np.array_equal(res.scores, res.wins)  # objective "wins"
    assert (res.scores >= res.start_scores).all() and (res.steps <= 52).all()
    for r in range(res.n_restarts):
        path = res.paths[r, :res.steps[r] + 1]
        assert path[0] == res.start_scores[r] and path[-1] == res.scores[r]
        assert (np.diff(path) > 0).all() and (res.paths[r, res.steps[r] + 1:] == -1).all()
        assert sorted(res.decks[r].tolist()) == list(range(52))
    # the final decks really are worth what the search says
    for r in range(0, res.n_restarts, 7):
        assert deck_value(res.decks[r]).wins == res.scores[r]


def test_steepest_ascent_ends_at_a_local_maximum():
    res = search(3, seed=8, max_steps=None)
    for r in np.flatnonzero(~res.optimal):
        deck = res.decks[r]
        assert max(swap_delta(deck, i, j) for i in range(0, 52, 3) for j in range(i + 1, 52, 2)) <= 0


def test_semi_optimal_objective_counts_ties():
    res = search(20, seed=4, objective="wins_or_ties")
    assert np.array_equal(res.scores, res.wins + res.ties)
    assert res.n_optimal >= 1
    for d in res.decks[res.optimal]:
        assert deck_value(d).losses == 0


def test_more_players_and_other_seats_run():
    for n, seat in ((4, 1), (6, 6)):
        res = search(4, n_players=n, seat=seat, seed=1)
        for r in range(4):
            assert deck_value(res.decks[r], seat=seat, n_players=n).wins == res.scores[r]


def test_iterated_search_finds_a_three_player_stacking():
    res = search(1, n_players=3, seat=1, seed=2, method="first", kicks=2000, kick_size=2)
    assert res.optimal[0] and 0 < res.kicks_used[0] <= 2000
    assert deck_value_reference(res.decks[0], seat=1, n_players=3).wins == 52


def test_kicks_are_reproducible_and_never_lose_ground():
    plain = search(6, n_players=3, seed=4)
    a = search(6, n_players=3, seed=4, kicks=20, parallel=True)
    b = search(6, n_players=3, seed=4, kicks=20, parallel=False)
    assert np.array_equal(a.decks, b.decks) and np.array_equal(a.kicks_used, b.kicks_used)
    assert (a.scores >= plain.scores).all()  # same first climb, kicks only keep improvements
    assert np.array_equal(a.steps, plain.steps)
    for r in range(6):
        assert deck_value(a.decks[r], n_players=3).wins == a.scores[r]


def test_zero_restarts():
    res = search(0, seed=1)
    assert res.n_restarts == 0 and res.fraction_optimal == 0


# --------------------------------------------------------------------------- bad inputs
@pytest.mark.parametrize("kwargs,exc,match", [
    ({"n_restarts": -1}, ValueError, "n_restarts"),
    ({"n_restarts": 2.5}, TypeError, "n_restarts"),
    ({"n_players": 23}, ValueError, "n_players"),
    ({"n_players": 1}, ValueError, "n_players"),
    ({"seat": 3}, ValueError, "seat"),
    ({"seat": 0}, ValueError, "seat"),
    ({"method": "sideways"}, ValueError, "method"),
    ({"tie_break": "last"}, ValueError, "tie_break"),
    ({"objective": "ties"}, ValueError, "objective"),
    ({"max_steps": 53}, ValueError, "max_steps"),
    ({"seed": -1}, ValueError, "seed"),
    ({"kicks": -1}, ValueError, "kicks"),
    ({"kick_size": 0}, ValueError, "kick_size"),
    ({"seed": "x"}, TypeError, "seed"),
])
def test_bad_search_arguments(kwargs, exc, match):
    args = {"n_restarts": 1, "seed": 0, **kwargs}
    with pytest.raises(exc, match=match):
        search(args.pop("n_restarts"), **args)


def test_bad_swap_and_climb_arguments():
    with pytest.raises(ValueError, match="i must be in 0..51"):
        swap_delta(doc.EXAMPLE_DECK, 52, 1)
    with pytest.raises(ValueError, match="repeated"):
        climb(doc.EXAMPLE_DECK[:-2] + "Th")
    with pytest.raises(ValueError, match="seat"):
        climb(doc.EXAMPLE_DECK, n_players=3, seat=4)


# ------------------------------------------------------------------ incremental gains against full re-evaluation
@pytest.mark.parametrize("n_players", [2, 3, 4, 5, 6, 7, 8, 9, 12, 16, 22])
def test_incremental_swap_gains_equal_full_re_evaluation(n_players):
    """The search's gain of a swap (cached ranks, only the changed hands re-ranked) equals the
    difference of two full evaluations (every hand of every cut ranked from its seven cards)."""
    from stoplib.holdem import load_tables
    from stoplib.holdem._local_search_kernels import _swap_delta
    from stoplib.holdem.solver import _cut_outcomes_full

    tables = load_tables()
    pi, pj, cuts, ncuts, mask = swap_tables(n_players)
    rng = np.random.default_rng(7 * n_players)
    out = np.empty(52, np.int8)

    def value(deck, seat, objective):
        _cut_outcomes_full(deck, n_players, seat, tables, out)
        return int(np.count_nonzero(out == 1) + (np.count_nonzero(out == 0) if objective else 0))

    for _ in range(8):
        deck = rng.permutation(52).astype(np.int64)
        seat = int(rng.integers(n_players))
        for objective in (0, 1):
            before = value(deck, seat, objective)
            for s in rng.choice(N_SWAPS, 25, replace=False):
                gain = _swap_delta(deck, s, n_players, seat, objective, pi, pj, cuts, ncuts, mask, tables)
                swapped = deck.copy()
                swapped[[pi[s], pj[s]]] = swapped[[pj[s], pi[s]]]
                assert gain == value(swapped, seat, objective) - before, (s, seat, objective)


@pytest.mark.parametrize("n_players,seat", [(2, 1), (4, 2), (9, 5), (22, 22)])
def test_climbs_for_more_players_end_where_their_decks_are_worth(n_players, seat):
    res = search(3, n_players=n_players, seat=seat, seed=11)
    for r in range(3):
        assert deck_value(res.decks[r], seat=seat, n_players=n_players).wins == res.scores[r] == res.wins[r]
        path = res.paths[r, :res.steps[r] + 1]
        assert (np.diff(path) > 0).all()


def test_swap_tables_reach_every_cut_when_22_players_deal_the_whole_deck():
    pi, pj, cuts, ncuts, mask = swap_tables(22)
    assert cuts.shape[1] == 52 and ncuts.max() <= 52
    assert all(mask[s] == sum(1 << int(c) for c in cuts[s, :ncuts[s]]) for s in range(0, N_SWAPS, 97))
