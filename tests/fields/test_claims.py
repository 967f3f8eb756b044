"""Tests for stoplib.fields.claims: the monotonicity claim, checked exactly."""
import re

import pytest

from stoplib import fields as fl
from stoplib.fields import claims, twins
from stoplib.workbook import verdicts as vd


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


def test_recurrence_and_base_cases_match_the_brute_force():
    """The claims' check (the twins' own tests compare every game up to V = 8)."""
    report = fl.check_recurrence(5)
    assert report.holds and report.n_games == 21


def test_gap_formula_and_gap_choice_default_counts():
    report = fl.check_gap_formula([(7, 3), (8, 4)])
    assert report.holds
    assert report.n_states == 615            # C(10, 3) + C(12, 4), the notebook's sizes
    assert report.n_choices == 950


def test_work_counts_scale_as_the_page_says():
    assert fl.work_count(4, 2, "plain") == 18 and fl.work_count(4, 2, "fast") == 12
    assert 3.5 < fl.work_count(1000, 20, "plain") / fl.work_count(500, 20, "plain") < 4.5
    assert 3.5 < fl.work_count(1000, 40, "plain") / fl.work_count(1000, 20, "plain") < 4.0
    assert 1.8 < fl.work_count(1000, 40, "fast") / fl.work_count(1000, 20, "fast") < 2.0


def test_off_centre_ties_recur_every_eleven_values_for_three_fields():
    """The notebook's default range (n <= 60): the k = 3 off-centre ties sit at n = 9 + 11 j."""
    ties = [t for t in fl.tied_first_moves(60) if 2 * t[2] != t[0] - 1]
    assert len(ties) == 12
    assert sorted({n for n, k, r, f in ties if k == 3}) == [9, 20, 31, 42, 53]
    assert {(n, k) for n, k, r, f in ties if k != 3} == {(9, 5)}


def test_verdict_table_shape_and_the_rule():
    args = (fl.check_recurrence(5), fl.check_monotonicity(12), fl.check_gap_formula([(5, 2)]))
    table = fl.verdicts(*args)
    assert list(table.columns) == list(vd.VERDICT_COLUMNS)
    assert table["headline"].sum() == 1
    assert (table["notebook"] == "04_increasing_fields").all()
    assert table.loc[table["headline"], "claim"].str.contains("optimal field for roll r").all()
    assert vd.counts(table) == {"agrees": 9, "differs": 0, "open": 1, "context": 1}
    # the page's running time is context, and the table holds no time of ours: a rerun leaves it unchanged
    timing = table.loc[table["claim"].str.contains("computes in 12 s")].iloc[0]
    assert timing["verdict"] == "context" and timing["document"].startswith("12 s")
    assert not re.search(r"\d\s*(s|ms)\b", timing["ours"] + timing["evidence"])
    assert "fields_timings.csv" in timing["evidence"]
    with pytest.raises(TypeError):
        fl.verdicts(None, *args[1:])


def test_a_failed_check_makes_its_row_differ():
    rec, mono, gaps = fl.check_recurrence(4), fl.check_monotonicity(8), fl.check_gap_formula([(4, 2)])
    mono.n_counterexamples, gaps.choices_equal = 1, False
    table = fl.verdicts(rec, mono, gaps)
    assert vd.counts(table)["differs"] == 2
    assert set(table.loc[table["verdict"] == "differs", "claim"]) == {
        "optimisation: the optimal field for roll r + 1 is f or f + 1",
        "any state: play the roll's gap as a game of its own"}


def test_claims_refuse_bad_arguments():
    args = (fl.check_recurrence(3), fl.check_monotonicity(6), fl.check_gap_formula([(4, 2)]))
    with pytest.raises(TypeError, match="notebook"):
        fl.verdicts(*args, notebook=5)
    with pytest.raises(ValueError, match="max_counterexamples"):
        fl.check_monotonicity(6, max_counterexamples=-1)
    for sizes, err in [("42", TypeError), ([(4, 2, 1)], ValueError), ([(4,)], ValueError), ([(2, 4)], ValueError),
                       ([(4.0, 2)], TypeError), ([], ValueError), ([[4, None]], TypeError)]:
        with pytest.raises(err, match="sizes"):
            fl.check_gap_formula(sizes)
    with pytest.raises(ValueError, match="method"):
        fl.work_count(5, 2, "slow")
