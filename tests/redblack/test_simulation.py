"""Tests for stoplib.redblack.simulation: the Monte Carlo of the red/black card game.

Order: the document's numbers, exact twins (a tiny DP written here, exact
distributions), properties of sample paths, Monte Carlo within 4 standard
errors, reproducibility, bad inputs. (The slow twin simulate_reference is
tested in test_twins.py, the plots in test_plots.py.)
"""
import math
from functools import lru_cache

import numpy as np
import pytest

import stoplib.redblack as rb
import stoplib.redblack.simulation as sim
from stoplib.redblack import document as doc


# ---------------------------------------------------------------------------
# A tiny, slow reference DP, independent of stoplib.redblack
# ---------------------------------------------------------------------------
def ref_table(n_red, n_black, replacement=False):
    """V(r, b) in plain Python floats (the recursion as written)."""

    @lru_cache(maxsize=None)
    def v(r, b):
        if r == 0:
            return 0.0
        if b == 0:
            return float(r)
        p = 0.5 if replacement else r / (r + b)
        return max(0.0, p * (v(r - 1, b) + 1.0) + (1.0 - p) * (v(r, b - 1) - 1.0))

    return np.array([[v(r, b) for b in range(n_black + 1)] for r in range(n_red + 1)])


DECKS = [(26, 26), (10, 5), (5, 10), (1, 30), (30, 1), (0, 7), (7, 0), (3, 3)]


# ---------------------------------------------------------------------------
# The document's numbers
# ---------------------------------------------------------------------------
def test_document_simulation_is_within_4_standard_errors_of_exact():
    # the R simulation's 10M-game mean against the exact value, with our SE
    res = sim.simulate(26, 26, 200_000, seed=3)
    se_10m = res.std / math.sqrt(doc.SIMULATION_GAMES)
    assert abs(doc.SIMULATION_MEAN - doc.VALUE_26_26_EXACT_DECIMAL) < 4 * se_10m


def test_simulation_26_26_matches_exact_value():
    exact = float(doc.VALUE_26_26_EXACT)
    res = sim.simulate(26, 26, 1_000_000, seed=11)
    assert abs(res.z_score(exact)) < 4
    assert res.std_err < 0.003


def test_with_replacement_mistake_is_about_286():
    table = rb.replacement_table(26, 26)
    assert round(table[26, 26], 2) == doc.WITH_REPLACEMENT_MISTAKE
    res = sim.simulate(26, 26, 400_000, seed=5, replacement=True)
    assert abs(res.z_score(table[26, 26])) < 4
    # and it is far from the true value: the mistake is real
    assert res.mean - rb.value(26, 26) > 20 * res.std_err


# ---------------------------------------------------------------------------
# Exact twins
# ---------------------------------------------------------------------------
@pytest.mark.parametrize("n_red,n_black", [(12, 9), (9, 12), (0, 4), (4, 0), (8, 8)])
@pytest.mark.parametrize("replacement", [False, True])
def test_policy_limits_match_reference_dp(n_red, n_black, replacement):
    ref = ref_table(n_red, n_black, replacement) > 0
    limit = sim.policy_limits(n_red, n_black, replacement)
    for r in range(n_red + 1):
        for b in range(n_black + 1):
            assert ref[r, b] == (b < limit[r]), (r, b)


def test_large_deck_policy_path_uses_boundary(monkeypatch):
    small = sim.policy_limits(40, 35)
    monkeypatch.setattr(sim, "MAX_POLICY_CELLS", 10)
    assert np.array_equal(sim.policy_limits(40, 35), small)


@pytest.mark.parametrize("n_red,n_black", [(6, 4), (4, 6), (26, 26)])
@pytest.mark.parametrize("replacement", [False, True])
def test_exact_distribution_mean_is_the_value(n_red, n_black, replacement):
    w, p = sim.winnings_distribution(n_red, n_black, replacement)
    assert p.sum() == pytest.approx(1.0, abs=1e-12)
    assert (p >= 0).all()
    ref = ref_table(n_red, n_black, replacement)[n_red, n_black]
    assert float((w * p).sum()) == pytest.approx(ref, rel=1e-12, abs=1e-12)


def test_simulated_histogram_matches_exact_distribution():
    n_games = 300_000
    res = sim.simulate(26, 26, n_games, seed=21)
    w, p = sim.winnings_distribution(26, 26)
    assert np.array_equal(w, res.winnings)
    se = np.sqrt(p * (1 - p) / n_games)
    mask = p > 0
    assert ((res.probabilities - p)[mask] / se[mask]).__abs__().max() < 5
    assert (res.counts[~mask] == 0).all()


# ---------------------------------------------------------------------------
# Sample paths
# ---------------------------------------------------------------------------
@pytest.mark.parametrize("replacement", [False, True])
def test_sample_paths_follow_the_policy(replacement):
    n_red, n_black = 26, 26
    sp = sim.sample_paths(n_red, n_black, 300, seed=4, replacement=replacement)
    draw = (ref_table(n_red, n_black, replacement) > 0)
    assert sp.paths.shape == (300, n_red + n_black + 1)
    assert (sp.paths[:, 0] == 0).all()
    for path, k in zip(sp.paths, sp.stop_step):
        steps = np.diff(path[: k + 1])
        assert set(np.unique(steps)) <= {-1, 1}
        assert (path[k:] == path[k]).all()
        reds = blacks = 0
        for j in range(k + 1):
            r, b = n_red - reds, n_black - blacks
            assert r >= 0 and b >= 0
            if j < k:
                assert draw[r, b], "drew where the policy stops"
                if path[j + 1] > path[j]:
                    reds += 1
                else:
                    blacks += 1
            else:
                assert not draw[r, b], "stopped where the policy draws"
    assert np.array_equal(sp.final, sp.paths[:, -1])


def test_sample_paths_mean_is_the_value():
    sp = sim.sample_paths(26, 26, 40_000, seed=8)
    mean = sp.final.mean()
    se = sp.final.std(ddof=1) / math.sqrt(sp.final.size)
    assert abs(mean - rb.value(26, 26)) < 4 * se


def test_sample_paths_reproducible():
    a = sim.sample_paths(10, 12, 50, seed=1)
    b = sim.sample_paths(10, 12, 50, seed=1)
    c = sim.sample_paths(10, 12, 50, seed=2)
    assert np.array_equal(a.paths, b.paths)
    assert not np.array_equal(a.paths, c.paths)
    # a prefix of the games is the same games
    assert np.array_equal(sim.sample_paths(10, 12, 20, seed=1).paths, a.paths[:20])


# ---------------------------------------------------------------------------
# Monte Carlo within 4 standard errors
# ---------------------------------------------------------------------------
@pytest.mark.parametrize("n_red,n_black", DECKS)
def test_simulation_within_4_standard_errors(n_red, n_black):
    exact = ref_table(n_red, n_black)[n_red, n_black]
    res = sim.simulate(n_red, n_black, 200_000, seed=n_red * 100 + n_black)
    assert abs(res.z_score(exact)) < 4
    assert res.counts.sum() == 200_000 and res.draw_counts.sum() == 200_000
    assert res.winnings[0] == -n_black and res.winnings[-1] == n_red


@pytest.mark.parametrize("n_red,n_black", [(10, 5), (5, 10), (26, 26)])
def test_with_replacement_within_4_standard_errors(n_red, n_black):
    exact = rb.value_with_replacement(n_red, n_black)
    res = sim.simulate(n_red, n_black, 200_000, seed=9, replacement=True)
    assert abs(res.z_score(exact)) < 4


def test_degenerate_decks_are_exact():
    res = sim.simulate(7, 0, 1000, seed=0)
    assert res.mean == 7.0 and res.std_err == 0.0 and res.z_score(7) == 0.0
    res = sim.simulate(0, 7, 1000, seed=0)
    assert res.mean == 0.0 and res.draw_counts[0] == 1000
    res = sim.simulate(0, 0, 10, seed=0)
    assert res.mean == 0.0 and res.winnings.tolist() == [0]


# ---------------------------------------------------------------------------
# Reproducibility
# ---------------------------------------------------------------------------
def test_same_seed_identical_and_different_seeds_differ():
    a = sim.simulate(26, 26, 50_000, seed=123)
    b = sim.simulate(26, 26, 50_000, seed=123)
    c = sim.simulate(26, 26, 50_000, seed=124)
    assert np.array_equal(a.counts, b.counts) and a.mean == b.mean
    assert not np.array_equal(a.counts, c.counts)


def test_serial_equals_parallel_across_chunks_and_blocks():
    n_games = 33 * sim.CHUNK + 17  # more than one progress block, a partial chunk
    par = sim.simulate(4, 4, n_games, seed=7, parallel=True)
    ser = sim.simulate(4, 4, n_games, seed=7, parallel=False)
    assert np.array_equal(par.counts, ser.counts)
    assert np.array_equal(par.draw_counts, ser.draw_counts)
    assert par.mean == ser.mean and par.std_err == ser.std_err


def test_serial_equals_parallel_with_replacement():
    par = sim.simulate(26, 26, 3 * sim.CHUNK + 5, seed=1, replacement=True)
    ser = sim.simulate(26, 26, 3 * sim.CHUNK + 5, seed=1, replacement=True, parallel=False)
    assert np.array_equal(par.counts, ser.counts)


def test_generator_seed_reproducible():
    a = sim.simulate(5, 5, 1000, seed=np.random.default_rng(42))
    b = sim.simulate(5, 5, 1000, seed=np.random.default_rng(42))
    assert np.array_equal(a.counts, b.counts)


def test_moments_exact_from_histogram():
    res = sim.simulate(6, 6, 5000, seed=0)
    values = np.repeat(res.winnings, res.counts)
    assert res.mean == pytest.approx(values.mean(), rel=1e-15)
    assert res.std == pytest.approx(values.std(ddof=1), rel=1e-12)
    assert res.mean_draws == pytest.approx(
        np.repeat(np.arange(res.draw_counts.size), res.draw_counts).mean(), rel=1e-15)
    probs = res.outcome_probabilities()
    assert sum(probs.values()) == pytest.approx(1.0)


# ---------------------------------------------------------------------------
# Bad input
# ---------------------------------------------------------------------------
@pytest.mark.parametrize("kwargs,exc", [
    (dict(n_games=0), ValueError),
    (dict(n_games=-5), ValueError),
    (dict(n_games=True), TypeError),
    (dict(n_games=10.0), TypeError),
    (dict(n_games=10**12), ValueError),
    (dict(n_red=True), TypeError),
    (dict(n_red=26.0), TypeError),
    (dict(n_red=-1), ValueError),
    (dict(n_black="26"), TypeError),
    (dict(n_red=10**8), ValueError),
    (dict(n_red=100_000, n_black=100_000, n_games=10**7), ValueError),
    (dict(replacement="yes"), TypeError),
    (dict(parallel=1), TypeError),
    (dict(seed=-1), ValueError),
    (dict(seed=1.5), TypeError),
])
def test_simulate_bad_input(kwargs, exc):
    args = dict(n_red=26, n_black=26, n_games=100)
    args.update(kwargs)
    with pytest.raises(exc) as info:
        sim.simulate(**args)
    name = next(iter(kwargs))
    if name not in ("seed",) and exc is TypeError:
        assert name in str(info.value)


def test_huge_request_message_says_time():
    with pytest.raises(ValueError, match=r"simulate\(100000, 100000, n_games=100000000\) would take about .* hours "
                                         r"\(the stopping boundary.*cards dealt at"):
        sim.simulate(100_000, 100_000, 10**8)


@pytest.mark.parametrize("kwargs,exc", [
    (dict(n_paths=0), ValueError),
    (dict(n_paths=2.0), TypeError),
    (dict(n_paths=10**8), ValueError),
    (dict(n_red=False), TypeError),
])
def test_sample_paths_bad_input(kwargs, exc):
    args = dict(n_red=26, n_black=26, n_paths=10)
    args.update(kwargs)
    with pytest.raises(exc):
        sim.sample_paths(**args)
