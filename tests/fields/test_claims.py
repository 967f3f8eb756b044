"""Tests for stoplib.fields.claims (document 001): the monotonicity claim, checked exactly."""
import pytest

from stoplib import fields as fl
from stoplib.fields import claims, twins


def test_monotonicity_claim_holds_exactly_on_grid():
    report = fl.check_monotonicity(60)
    assert report.holds, report.counterexamples
    assert report.fast_equals_plain
    assert report.n_games == 60 * 61 // 2
    assert report.n_rolls == sum((n - 1) * min(n, 60) for n in range(1, 61))
    assert report.n_tied > 0          # ties happen, and the strong form still holds


@pytest.mark.slow
def test_monotonicity_claim_holds_exactly_on_larger_grid():
    report = fl.check_monotonicity(140)
    assert report.holds, report.counterexamples
    assert report.fast_equals_plain


def test_monotonicity_checker_finds_a_planted_counterexample(monkeypatch):
    """The checker is not vacuous: a plain recurrence with a wrong argmax set is caught."""
    real = twins._exact_counts

    def doctored(K, S, method="fast", n_max=None, record=None):
        if record is None:
            return real(K, S, method, n_max)

        def bad_record(k, s, r, flo, vals):
            if (k, s, r) == (5, 5, 2):       # pretend the highest field is the unique optimum
                vals = vals[:-1] + [max(vals) + 1]
            record(k, s, r, flo, vals)
        return real(K, S, method, n_max, bad_record)

    monkeypatch.setattr(claims, "_exact_counts", doctored)
    report = fl.check_monotonicity(10)
    assert not report.holds
    assert any(c[:3] == (10, 5, 2) and c[3] == (2,) for c in report.counterexamples)
