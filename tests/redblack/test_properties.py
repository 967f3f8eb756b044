"""Properties of the red/black game that the mathematics guarantees, on random small decks.

Values: ``max(0, r - b) <= V(r, b) <= r`` (stopping at once is allowed; no play wins more
than the red cards), ``V`` non-decreasing in ``r`` and non-increasing in ``b``, every float
method equal to the exact fractions of ``value_table_exact`` at small sizes; probabilities
in [0, 1] that sum to 1; exact answers stay ``Fraction``s; NumPy integer scalars are card
counts like ints.
"""
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from stoplib import redblack as rb
from stoplib.redblack.twins import value_exact, value_topdown

SMALL = st.integers(min_value=0, max_value=18)
FAST = settings(max_examples=30, deadline=None)


@FAST
@given(n_red=SMALL, n_black=SMALL)
def test_value_table_bounds_and_monotone(n_red, n_black):
    t = rb.value_table(n_red, n_black)
    r = np.arange(n_red + 1)[:, None]
    b = np.arange(n_black + 1)[None, :]
    assert np.all(t >= np.maximum(0, r - b) - 1e-12)          # stopping at once is allowed
    assert np.all(t <= r + 1e-12)                             # never more than the red cards
    assert np.all(np.diff(t, axis=0) >= -1e-12)               # one more red card never hurts
    assert np.all(np.diff(t, axis=1) <= 1e-12)                # one more black card never helps
    assert np.all(np.isfinite(t))


@FAST
@given(n_red=SMALL, n_black=SMALL)
def test_every_method_agrees_with_the_exact_table(n_red, n_black):
    exact = rb.value_table_exact(n_red, n_black)
    assert all(isinstance(x, Fraction) for x in exact.ravel())
    want = float(exact[n_red, n_black])
    assert value_exact(n_red, n_black) == exact[n_red, n_black]
    assert isinstance(rb.value(n_red, n_black, method="exact"), Fraction)
    for method in ("row", "diagonal", "tiled", "topdown", "auto"):
        assert rb.value(n_red, n_black, method=method) == pytest.approx(want, rel=1e-12, abs=1e-12)
    assert np.allclose(rb.value_table(n_red, n_black), exact.astype(float), rtol=1e-12, atol=1e-12)
    assert np.array_equal(rb.policy_table(n_red, n_black), exact > 0)
    assert value_topdown(n_red, n_black) == pytest.approx(want, rel=1e-12, abs=1e-12)


@FAST
@given(n=st.integers(min_value=0, max_value=40))
def test_balanced_values_monotone_and_exact(n):
    d = rb.balanced_values(n, tile=8)
    assert d.shape == (n + 1,) and d[0] == 0.0
    assert np.all(np.diff(d) >= 0)
    exact = rb.value_table_exact(n, n)
    assert np.allclose(d, [float(exact[i, i]) for i in range(n + 1)], rtol=1e-12, atol=1e-12)


@FAST
@given(n_red=SMALL, n_black=SMALL, replacement=st.booleans())
def test_winnings_distribution_is_a_distribution(n_red, n_black, replacement):
    w, p = rb.winnings_distribution(n_red, n_black, replacement=replacement)
    assert w.tolist() == list(range(-n_black, n_red + 1))
    assert np.all((p >= 0.0) & (p <= 1.0))
    assert p.sum() == pytest.approx(1.0, abs=1e-12)
    if not replacement:
        assert float(np.dot(w, p)) == pytest.approx(float(rb.value_table_exact(n_red, n_black)[n_red, n_black]),
                                                    abs=1e-12)


@settings(max_examples=15, deadline=None)
@given(n_red=SMALL, n_black=SMALL, seed=st.integers(min_value=0, max_value=2**32))
def test_simulated_probabilities_in_range(n_red, n_black, seed):
    s = rb.simulate(n_red, n_black, 500, seed=seed)
    assert np.all((s.probabilities >= 0) & (s.probabilities <= 1)) and s.probabilities.sum() == pytest.approx(1.0)
    out = s.outcome_probabilities()
    assert all(0.0 <= v <= 1.0 for v in out.values()) and sum(out.values()) == pytest.approx(1.0)
    assert -n_black <= s.mean <= n_red and s.std_err >= 0
    assert int(s.counts.sum()) == 500 == int(s.draw_counts.sum())


@FAST
@given(n_red=SMALL, n_black=SMALL)
def test_omniscient_value_exact_and_above_the_real_value(n_red, n_black):
    v = rb.omniscient_value(n_red, n_black)
    assert isinstance(v, Fraction)
    if (n_red + 1) ** 2 * (n_black + 1) <= 2_000_000:
        assert v == rb.omniscient_value_bruteforce(n_red, n_black)
    assert v >= rb.value_table_exact(n_red, n_black)[n_red, n_black]   # knowing the order helps
    assert max(0, n_red - n_black) <= v <= n_red


@FAST
@given(n_red=SMALL, n_black=SMALL)
def test_variants_bounds(n_red, n_black):
    u = rb.replacement_table(n_red, n_black)
    r = np.arange(n_red + 1)[:, None]
    assert np.all(u >= np.maximum(0, r - np.arange(n_black + 1)[None, :]) - 1e-12) and np.all(u <= r + 1e-12)
    assert rb.value_with_replacement(n_red, n_black) == pytest.approx(u[n_red, n_black], abs=1e-12)
    h = rb.holdings_table(n_red, n_black)
    held = (n_red - r) - (n_black - np.arange(n_black + 1)[None, :])
    assert np.allclose(h, held + rb.value_table(n_red, n_black), atol=1e-9)


@FAST
@given(n_red=st.integers(min_value=0, max_value=10**6), n_black=st.integers(min_value=0, max_value=10**6))
def test_bridge_value_is_a_value(n_red, n_black):
    v = rb.bridge_value(n_red, n_black)
    assert np.isfinite(v) and v >= max(0, n_red - n_black) - 1e-9 * max(1, n_red)


def test_stopping_boundary_properties():
    bnd = rb.stopping_boundary(300)
    assert bnd[0] == 0 and np.all(bnd[1:] > np.arange(1, 301)) and np.all(np.diff(bnd) >= 0)
    t = rb.value_table(300, int(bnd.max()) + 1)
    for r in range(1, 301):
        assert t[r, bnd[r]] == 0.0 and t[r, bnd[r] - 1] > 0.0


@pytest.mark.parametrize("make", [np.int64, np.int32, np.int16, np.uint8, np.uint64])
def test_numpy_integer_scalars_are_card_counts(make):
    n = make(20)
    assert rb.value(n, make(21)) == rb.value(20, 21)
    assert type(rb.live_cells(n, n)) is int
    assert rb.balanced_values(n).shape == (21,)
    assert rb.value_table(n, make(3)).shape == (21, 4)
    assert rb.stopping_boundary(n).tolist() == rb.stopping_boundary(20).tolist()
    assert rb.simulate(n, n, make(100), seed=make(3)).n_games == 100
    assert rb.sample_paths(n, n, make(2), seed=0).paths.shape == (2, 41)
    assert rb.omniscient_value(n, n) == rb.omniscient_value(20, 20)
    assert rb.bridge_boundary(n).shape == (21,)
    assert rb.work_estimate(n, n, "row").cells == rb.work_estimate(20, 20, "row").cells


@pytest.mark.parametrize("bad", [True, np.bool_(False), 20.0, np.float64(20), "20", None, 20 + 0j])
def test_only_ints_are_card_counts(bad):
    for call in (lambda: rb.value(bad, 3), lambda: rb.value_table(3, bad), lambda: rb.simulate(bad, 3, 10),
                 lambda: rb.balanced_values(bad), lambda: rb.omniscient_value(3, bad),
                 lambda: rb.bridge_value(bad, 3)):
        with pytest.raises(TypeError):
            call()


@pytest.mark.parametrize("bad", ["yes", "", 1, 0, None, np.int64(1)])
def test_flags_must_be_bools(bad):
    with pytest.raises(TypeError, match="True or False"):
        rb.simulate(3, 3, 10, replacement=bad)
    with pytest.raises(TypeError, match="True or False"):
        rb.simulate(3, 3, 10, parallel=bad)
    with pytest.raises(TypeError, match="True or False"):
        rb.winnings_distribution(3, 3, replacement=bad)
    from stoplib.redblack.fits import fit_growth
    n = np.arange(1, 50)
    with pytest.raises(TypeError, match="True or False"):
        fit_growth(n, np.sqrt(n), drop_zero=bad)
