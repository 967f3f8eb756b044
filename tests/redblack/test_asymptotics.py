"""Tests for stoplib.redblack.asymptotics: the Brownian-bridge limit and the fits.

Order: the bridge constant and its equation, the approach of V(n, n) / sqrt(n)
to c, fit properties on synthetic data, bad inputs. (The document's own fits,
reproduced from its single-precision data, are in test_claims.py.)
"""
import math

import numpy as np
import pytest

import stoplib.redblack as rb
import stoplib.redblack.asymptotics as asy
import stoplib.redblack.fits as rbfits
from stoplib.redblack import document as doc

# Shepp (1969) / Ekstrom & Wanntorp (2009): alpha = 0.839923675692373...
LITERATURE_ALPHA = 0.8399236757


# ---------------------------------------------------------------------------
# The bridge constant
# ---------------------------------------------------------------------------
def test_bridge_constant_solves_its_equation():
    alpha, c = asy.bridge_constant()
    assert abs(asy.bridge_equation(alpha)) < 1e-12
    assert alpha == pytest.approx(LITERATURE_ALPHA, abs=1e-10)
    assert c == pytest.approx(0.5220376760, abs=1e-10)
    s = asy.bridge_solution()
    assert s.bridge_value == pytest.approx(0.3691363807, abs=1e-10)
    assert s.c == pytest.approx(math.sqrt(math.pi) * (1 - alpha ** 2), rel=1e-15)
    assert s.c_cards == pytest.approx(s.c / math.sqrt(2), rel=1e-15)
    lo, hi = s.bracket
    assert hi - lo <= 2 * np.spacing(alpha)


def test_bridge_root_agrees_with_scipy():
    optimize = pytest.importorskip("scipy.optimize")
    root = optimize.brentq(asy.bridge_equation, 0.0, 1.0, xtol=1e-16, rtol=1e-15)
    assert asy.bridge_constant()[0] == pytest.approx(root, abs=1e-15)


def test_bridge_value_function_solves_the_ode_with_smooth_fit():
    alpha, _ = asy.bridge_constant()
    C = math.sqrt(2 * math.pi) * (1 - alpha ** 2)

    def g(y):
        return C * math.exp(y * y / 2) * 0.5 * math.erfc(-y / math.sqrt(2))

    h = 1e-4
    for y in (-2.0, -0.5, 0.0, 0.4, 0.8):
        g1 = (g(y + h) - g(y - h)) / (2 * h)
        g2 = (g(y + h) - 2 * g(y) + g(y - h)) / h ** 2
        assert g2 - y * g1 - g(y) == pytest.approx(0, abs=1e-6)
    assert g(alpha) == pytest.approx(alpha, abs=1e-14)
    assert (g(alpha + h) - g(alpha - h)) / (2 * h) == pytest.approx(1, abs=1e-7)
    # below the boundary, continuing beats stopping
    for y in (-1.0, 0.0, 0.5, 0.8):
        assert g(y) > y


def test_not_one_half():
    _, c = asy.bridge_constant()
    assert c - doc.CONJECTURED_SLOPE > 0.02


# ---------------------------------------------------------------------------
# V(n, n) / sqrt(n) approaches c
# ---------------------------------------------------------------------------
def test_value_over_sqrt_n_approaches_c():
    _, c = asy.bridge_constant()
    v = rb.balanced_values(10_000)
    gap = {n: v[n] / (c * math.sqrt(n)) - 1 for n in (100, 1000, 10_000)}
    assert abs(gap[10_000]) < abs(gap[1000]) < abs(gap[100])
    assert abs(gap[10_000]) < 3e-4
    # and the document's 0.5 is far worse at every n
    for n in (1000, 10_000):
        assert abs(v[n] / (0.5 * math.sqrt(n)) - 1) > 30 * abs(gap[n])


def test_document_100000_value_against_bridge():
    _, c = asy.bridge_constant()
    assert doc.VALUE_100000 / (c * math.sqrt(100_000)) - 1 == pytest.approx(0, abs=1e-4)


def test_bridge_value_approximates_the_table():
    t = rb.value_table(300, 300)
    for r, b in [(300, 300), (300, 250), (250, 300), (200, 100)]:
        assert asy.bridge_value(r, b) == pytest.approx(t[r, b], rel=0.02, abs=0.05)
    assert asy.bridge_value(0, 0) == 0.0
    assert asy.bridge_value(1, 40) == 0.0


def test_bridge_boundary_close_to_exact_boundary():
    exact = rb.stopping_boundary(2000)
    bridge = asy.bridge_boundary(2000)
    assert bridge[0] == exact[0] == 0
    diff = bridge - exact
    assert diff.min() >= 0 and diff.max() <= 3
    # the rule it encodes: stop once winnings b - r >= alpha sqrt(r + b)
    alpha, _ = asy.bridge_constant()
    r = np.arange(1, 2001)
    b = bridge[1:]
    assert ((b - r) >= alpha * np.sqrt(r + b)).all()
    assert ((b - 1 - r) < alpha * np.sqrt(r + b - 1)).all()


def test_half_dollar_shift_reproduces_almost_all_of_the_exact_boundary():
    exact = rb.stopping_boundary(5000)
    shifted = asy.bridge_boundary(5000, shift=0.5)
    diff = shifted[1:] - exact[1:]
    assert np.abs(diff).max() <= 1
    assert np.mean(diff == 0) > 0.98
    alpha, _ = asy.bridge_constant()
    r = np.arange(1, 5001)
    b = shifted[1:]
    assert ((b - r) >= alpha * np.sqrt(r + b) - 0.5).all()
    assert ((b - 1 - r) < alpha * np.sqrt(r + b - 1) - 0.5).all()
    for bad in (-0.1, 1.0):
        with pytest.raises(ValueError):
            asy.bridge_boundary(10, shift=bad)
    with pytest.raises(TypeError):
        asy.bridge_boundary(10, shift="half")


# ---------------------------------------------------------------------------
# Fits on synthetic data
# ---------------------------------------------------------------------------
def test_fits_recover_known_coefficients():
    n = np.arange(0, 5000)
    rng = np.random.default_rng(0)
    y = -1.5 + 0.7 * np.log(np.maximum(n, 1)) + 0.4 * np.sqrt(n) + rng.normal(0, 1e-3, n.size)
    fits = rbfits.fit_growth(n, y)
    p = fits.log_sqrt.params
    assert p["Intercept"] == pytest.approx(-1.5, abs=1e-3)
    assert p["np.log(n)"] == pytest.approx(0.7, abs=1e-3)
    assert p["np.sqrt(n)"] == pytest.approx(0.4, abs=1e-4)
    assert len(fits.data) == 4999  # n = 0 dropped
    exact = rbfits.fit_growth(n[1:], 0.25 + 0.5 * np.sqrt(n[1:]))
    assert exact.sqrt.params["np.sqrt(n)"] == pytest.approx(0.5, abs=1e-12)
    assert exact.sqrt.params["Intercept"] == pytest.approx(0.25, abs=1e-10)
    table = fits.coefficients()
    assert list(table.fit) == ["log", "sqrt", "log+sqrt"]
    assert set(fits.summaries()) == {"log", "sqrt", "log+sqrt"}
    assert fits.residual_quantiles().shape == (5, 3)
    assert list(fits.predict([10, 100]).columns) == ["n", "log", "sqrt", "log+sqrt"]


def test_stacked_fit_is_the_average_of_the_four_blocks():
    n = np.arange(1, 3000)
    y = 0.52 * np.sqrt(n) - 0.02 + 0.01 * np.sin(n)
    fits = rbfits.fit_growth(n, y)
    st = rbfits.fit_stacked(n, y)
    assert int(st.df_resid) == 4 * n.size - 3
    pl, ps, pb = fits.log.params, fits.sqrt.params, fits.log_sqrt.params
    expect_log = (2 * pb["np.log(n)"] + pl["np.log(n)"]) / 4
    expect_sqrt = (2 * pb["np.sqrt(n)"] + ps["np.sqrt(n)"]) / 4
    assert st.params["np.log(n)"] == pytest.approx(expect_log, rel=1e-8)
    assert st.params["np.sqrt(n)"] == pytest.approx(expect_sqrt, rel=1e-8)


def test_fit_correction_recovers_coefficients():
    n = np.arange(1, 200_001)
    c = 0.5220376759871238
    y = c * np.sqrt(n) + 0.01 - 0.1 * n ** -0.25 + 0.05 * n ** -0.5
    f = rbfits.fit_correction(n, y, powers=(0.0, -0.25, -0.5), n_min=100)
    np.testing.assert_allclose(f.result.params.to_numpy(), [0.01, -0.1, 0.05], atol=1e-9)
    assert f.predict([10**8])[0] == pytest.approx(c * 1e4 + 0.01 - 0.1e-2 + 0.05e-4, abs=1e-8)
    assert f.n_min == 100 and f.n_max == 200_000
    t = rbfits.extrapolate(n, y, [10**6, 10**8], n_min=100)
    full = t.loc["a + b n^-1/4 + d n^-1/2"]
    assert full[10**6] == pytest.approx(c * 1e3 + 0.01 - 0.1 * 10**-1.5 + 0.05e-3, abs=1e-8)



def test_fit_sqrt_keeps_zero():
    n = np.arange(0, 100)
    r = rbfits.fit_sqrt(n, 0.1 + 0.5 * np.sqrt(n))
    assert int(r.df_resid) == 98
    assert r.params["Intercept"] == pytest.approx(0.1, abs=1e-12)


# ---------------------------------------------------------------------------
# Bad input
# ---------------------------------------------------------------------------
@pytest.mark.parametrize("n,values,exc", [
    (np.arange(10), np.arange(9.0), ValueError),
    (-np.arange(10), np.arange(10.0), ValueError),
    (np.arange(10), np.r_[np.arange(9.0), np.nan], ValueError),
    (np.arange(3), np.arange(3.0), ValueError),
    (np.array([True] * 10), np.arange(10.0), TypeError),
])
def test_fit_growth_bad_input(n, values, exc):
    with pytest.raises(exc):
        rbfits.fit_growth(n, values)


def test_fit_growth_zero_needs_drop():
    with pytest.raises(ValueError, match="n = 0"):
        rbfits.fit_growth(np.arange(10), np.arange(10.0), drop_zero=False)


@pytest.mark.parametrize("kwargs,exc", [
    (dict(powers=(0.5,)), ValueError),
    (dict(powers=()), ValueError),
    (dict(powers=(0.0, 0.0)), ValueError),
    (dict(n_min=0), ValueError),
    (dict(n_min=1.5), TypeError),
    (dict(n_min=10**7), ValueError),
])
def test_fit_correction_bad_input(kwargs, exc):
    n = np.arange(1, 2000)
    with pytest.raises(exc):
        rbfits.fit_correction(n, np.sqrt(n), **kwargs)




@pytest.mark.parametrize("func,args,exc", [
    (asy.bridge_boundary, (-1,), ValueError),
    (asy.bridge_boundary, (True,), TypeError),
    (asy.bridge_boundary, (2.0,), TypeError),
    (asy.bridge_value, (3, -1), ValueError),
    (asy.bridge_value, (3.0, 1), TypeError),
])
def test_bad_counts(func, args, exc):
    with pytest.raises(exc):
        func(*args)
