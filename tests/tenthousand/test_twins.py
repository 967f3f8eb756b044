"""Ten Thousand's exact twins (stoplib.tenthousand.twins) against the fast solver."""
from fractions import Fraction

from stoplib import tenthousand as tt


def test_exact_fraction_twin(sol):
    v, pre = tt.solve_exact(5)
    assert abs(float(v) - sol.value) < 1e-13
    for tau in range(0, 56):
        for n in range(1, 6):
            assert abs(float(pre[tau, n]) - sol.pre_roll[tau, n]) < 1e-12


def test_frequencies_twins_agree_up_to_six_dice():
    for n in range(1, 7):
        assert tt.frequencies(n) == tt.frequencies_multinomial(n)


def test_small_games_exact():
    assert tt.solve_exact(1)[0] == Fraction(1, 2)       # roll once: (1 + 2) / 6
    assert abs(float(tt.solve_exact(3)[0]) - tt.solve(3).value) < 1e-14
