"""Solitaire Pig (stoplib.tenthousand.pig_game; document 002, Section 5.2)."""
from fractions import Fraction

import numpy as np
import pytest

from stoplib import tenthousand as tt
from stoplib.tenthousand import document as doc
from stoplib.tenthousand import pig_game as pg


def test_public_api_name():
    r = tt.pig()
    assert r.threshold == doc.PIG_THRESHOLD
    assert f"{r.value:.2f}" == doc.PIG_VALUE


def test_exact_value():
    r = pg.pig()
    assert r.value_exact == Fraction(492303203, 60466176)
    assert abs(float(r.value_exact) - r.value) < 1e-14
    assert abs(r.values - np.array([float(x) for x in pg.pig_exact()])).max() < 1e-13


def test_threshold_is_indifference_point():
    # at tau = 20 rolling once then stopping gives (5 * 20 + 20) / 6 = 20
    assert Fraction(5 * 20 + 20, 6) == 20
    assert pg.pig_threshold() == 20
    r = pg.pig()
    assert all(r.values[t] > t for t in range(20))


def test_value_iteration_agrees():
    W, it = pg.pig_value_iteration(cap=80)
    assert abs(W[0] - pg.pig().value) < 1e-12
    assert it < 80


def test_stop_at_rules():
    best = pg.pig().value_exact
    assert pg.pig_stop_at_value(20) == best
    assert pg.pig_stop_at_value(21) == best          # indifferent at 20
    assert all(pg.pig_stop_at_value(x) < best for x in (10, 15, 19, 22, 25))


def test_growth_rate_solves_difference_equation():
    r = pg.pig()
    lam = r.growth_rate
    assert f"{lam:.4f}" == doc.PIG_GROWTH
    assert abs(sum(lam ** k for k in (2, 3, 4, 5, 6)) - 6) < 1e-12
    for c in (r.min_scale, 10.0, 100.0):
        V = c * lam ** np.arange(0, 80.0)
        lhs = V[:-6]
        rhs = (V[2:-4] + V[3:-3] + V[4:-2] + V[5:-1] + V[6:]) / 6
        assert np.allclose(lhs, rhs, rtol=1e-12)
        assert np.all(V >= np.arange(0, 80.0) - 1e-9)
        assert V[0] > r.value                     # the value is the smallest solution
    t = np.arange(0, 200)
    assert np.any(0.99 * r.min_scale * lam ** t < t)      # a smaller scale dips below tau somewhere


def test_simulation_within_4_std_err():
    r = pg.pig_simulate(20, 250_000, seed=7)
    assert abs(r.mean - pg.pig().value) < 4 * r.std_err
    s = pg.pig_simulate(10, 200_000, seed=8)
    assert abs(s.mean - float(pg.pig_stop_at_value(10))) < 4 * s.std_err


def test_simulation_reproducible_parallel_equals_serial():
    a = pg.pig_simulate(20, 50_000, seed=3)
    b = pg.pig_simulate(20, 50_000, seed=3, parallel=False)
    assert a == b and a != pg.pig_simulate(20, 50_000, seed=4)


def test_bad_input():
    with pytest.raises(ValueError):
        pg.pig_stop_at_value(-1)
    with pytest.raises(ValueError):
        pg.pig_simulate(20, 1)
    with pytest.raises(ValueError):
        pg.pig_min_scale(1.0)
    with pytest.raises(TypeError):
        pg.pig_value_iteration(10.5)
