"""Tests of stoplib.redblack.claims: the document's spreadsheet, its single-precision
C program and the fits it ran on that program's output, its printed precision."""
import math

import numpy as np
import pytest

from stoplib import redblack as rb
from stoplib.redblack import fits as rbfits
from stoplib.redblack import claims
from stoplib.redblack import document as doc
from stoplib.redblack import frontier as fr
from stoplib.workbook import verdicts as vd


# ---------------------------------------------------------------------------
# The C program's numbers, in single precision
# ---------------------------------------------------------------------------
def test_c_list_0_to_26_within_single_precision():
    # the C program stores floats: its 6th decimal is off by one at i = 13, 20, 24, 26
    ours = rb.balanced_values(26)
    printed = np.array(doc.BALANCED_0_TO_26_C)
    assert np.max(np.abs(ours - printed)) < 1.0e-6
    rounded = np.round(ours, 6)
    differ = [i for i in range(27) if abs(rounded[i] - printed[i]) > 1e-9]
    assert differ == [13, 20, 24, 26]
    # single precision explains deviations of this size
    assert np.max(np.abs(claims.c_program_values(26) - ours)) < 1e-6


def test_float32_values_match_the_slow_c_program():
    np.testing.assert_array_equal(claims.float32_balanced_values(60), claims.c_program_values(60))


def test_float32_drift_is_visible_and_grows():
    v32 = claims.float32_balanced_values(4000)
    v64 = rb.balanced_values(4000)
    d = v32 - v64
    assert abs(d[26]) < 1e-6
    assert abs(d[4000]) > 10 * abs(d[100])


# ---------------------------------------------------------------------------
# The spreadsheet
# ---------------------------------------------------------------------------
def test_spreadsheet_holdings_reading_matches_every_cell():
    comp = claims.spreadsheet_comparison("holdings")
    assert comp.n_cells == 27 * 27
    assert comp.n_match == comp.n_cells
    # rows are red cards left, columns black: cell = (b - r) + V(r, b)
    df = comp.table.set_index(["red", "black"])
    assert df.loc[(26, 26), "printed"] == 2.624
    assert df.loc[(2, 1), "printed"] == 0.3333          # -1 + V(2, 1) = -1 + 4/3
    assert df.loc[(0, 26), "printed"] == 26              # holding 26, nothing left to win


def test_spreadsheet_naive_reading_documented_discrepancy():
    comp = claims.spreadsheet_comparison("value")
    df = comp.table
    # the naive reading (columns = "Good #" = red, cells = V) matches only the
    # main diagonal, the b = 0 and r = 0 edges, and cells where V = r - b ... :
    assert comp.n_match == 79
    diag = df[df.red == df.black]
    assert diag["matches"].all()
    # ... and the cell read as V(1, 2) = 0 prints 0.3333 = 1/3 = 1/(b + 1)
    cell = df[(df.red == 1) & (df.black == 2)].iloc[0]
    assert cell.printed == 0.3333 and cell.ours == 0.0
    col = df[(df.red == 1) & (df.black >= 1)]
    assert np.allclose(col.printed, 1.0 / (col.black + 1), rtol=1e-3)
    # every mismatch is explained by the holdings reading
    mism = df[~df.matches]
    vt = rb.value_table(26, 26)
    for _, row in mism.iterrows():
        r, b = int(row.black), int(row.red)   # swap the axes back
        assert float(f"{(b - r) + vt[r, b]:.4g}") == row.printed


# ---------------------------------------------------------------------------
# The document's fits, from its own float32 data
# ---------------------------------------------------------------------------
@pytest.fixture(scope="module")
def document_data():
    """The document's data frame: float32 values 1..22,974 printed with %f, and
    (100,000, 165.076); n = 0 kept for the sqrt fit as its residuals show."""
    v32 = np.round(claims.float32_balanced_values(doc.FIT_N_MAX), 6)
    n = np.r_[np.arange(doc.FIT_N_MAX + 1), doc.FIT_EXTRA_N]
    v = np.r_[v32, doc.FIT_EXTRA_VALUE]
    return n, v


@pytest.mark.slow
def test_document_fits_reproduced_from_its_float32_data(document_data):
    n, v = document_data
    fits = rbfits.fit_growth(n, v)  # drops n = 0, as the document does for log
    assert fits.log.params["np.log(n)"] == pytest.approx(doc.LOG_FIT_SLOPE, rel=1e-5)
    assert fits.log.params["Intercept"] == pytest.approx(doc.LOG_FIT_INTERCEPT, rel=1e-5)
    assert fits.log.rsquared == pytest.approx(doc.LOG_FIT_R2, abs=2e-6)
    assert int(fits.log.df_resid) == doc.LOG_FIT_DF
    # the printed sqrt fit kept n = 0 (its max residual is minus its intercept)
    import pandas as pd
    import statsmodels.formula.api as smf

    sq = smf.ols("value ~ np.sqrt(n)", pd.DataFrame({"n": n, "value": v})).fit()
    assert int(sq.df_resid) == doc.SQRT_FIT_DF
    assert sq.params["np.sqrt(n)"] == pytest.approx(doc.SQRT_FIT_SLOPE, abs=2e-6)
    assert sq.params["Intercept"] == pytest.approx(doc.SQRT_FIT_INTERCEPT, abs=1e-4)
    # the stacked combined fit: 91,897 degrees of freedom and the same coefficients
    st = rbfits.fit_stacked(n, v)
    assert int(st.df_resid) == doc.LOGSQRT_FIT_DF
    assert st.params["np.log(n)"] == pytest.approx(doc.LOGSQRT_FIT_LOG, rel=1e-3)
    assert st.params["np.sqrt(n)"] == pytest.approx(doc.LOGSQRT_FIT_SQRT, rel=1e-3)
    assert st.rsquared == pytest.approx(doc.LOGSQRT_FIT_R2, abs=1e-5)


@pytest.mark.slow
def test_document_133m_fit_used_6038_22(document_data):
    import pandas as pd
    import statsmodels.formula.api as smf

    n, v = document_data
    slopes = {}
    for value in (doc.VALUE_133M_BODY, doc.VALUE_133M_INTRO):
        df = pd.DataFrame({"n": np.r_[n[1:], doc.CARDS_133M], "value": np.r_[v[1:], value]})
        slopes[value] = smf.ols("value ~ np.sqrt(n)", df).fit().params["np.sqrt(n)"]
    assert slopes[doc.VALUE_133M_BODY] == pytest.approx(doc.SQRT_FIT2_SLOPE, abs=1.5e-6)
    assert abs(slopes[doc.VALUE_133M_INTRO] - doc.SQRT_FIT2_SLOPE) > 5e-6
    # and the intro's 6038.32 is the fit's prediction, not a computed value
    pred = doc.SQRT_FIT2_INTERCEPT + doc.SQRT_FIT2_SLOPE * math.sqrt(doc.CARDS_133M)
    assert round(pred, 2) == doc.VALUE_133M_INTRO


# ---------------------------------------------------------------------------
# Printed precision and rounding drift
# ---------------------------------------------------------------------------
def test_rounding_error_bound_covers_measured_float32_drift():
    v32 = claims.float32_balanced_values(3000)
    v64 = rb.balanced_values(3000)
    for n in (100, 1000, 3000):
        assert abs(v32[n] - v64[n]) < claims.rounding_error_bound(n, eps=2.0 ** -24)
    # in double precision the document's 133,787,000 run drifts less than %g resolves
    assert claims.rounding_error_bound(doc.CARDS_133M) < 0.005
    with pytest.raises(ValueError):
        claims.rounding_error_bound(10, eps=0.0)


def test_float32_drift_exponent():
    n = np.array([1000.0, 4000.0, 16000.0])
    A, p = claims.float32_drift_exponent(n, -2e-9 * n ** 1.7)
    assert p == pytest.approx(1.7) and A == pytest.approx(2e-9)


@pytest.mark.parametrize("func,args,exc", [
    (claims.float32_balanced_values, (-1,), ValueError),
    (claims.float32_balanced_values, (10**7,), ValueError),
    (claims.float32_balanced_values, (False,), TypeError),
    (claims.c_program_values, (-1,), ValueError),
    (claims.c_program_values, (5000,), ValueError),
    (claims.c_program_values, (2.0,), TypeError),
])
def test_bad_counts(func, args, exc):
    with pytest.raises(exc):
        func(*args)


def test_bad_reading():
    with pytest.raises(ValueError, match="reading"):
        claims.spreadsheet_comparison("rows")


# ---------------------------------------------------------------------------
# Exact counts the notebooks quote for the document's deck (moved here from the
# notebooks, which check only what holds for any parameter)
# ---------------------------------------------------------------------------
def test_c_program_emulation_reproduces_one_of_the_four_odd_digits():
    printed = np.array(doc.BALANCED_0_TO_26_C)
    emulated = np.round(claims.c_program_values(26), 6)
    assert [i for i in range(27) if abs(emulated[i] - printed[i]) > 1e-9] == [20, 24, 26]


def test_mistaken_model_never_stops_early_and_ends_at_zero_half_the_time():
    limits = rb.policy_limits(26, 26, replacement=True)
    assert limits[0] == 0 and np.all(limits[1:] == 27)
    w, p = rb.winnings_distribution(26, 26, replacement=True)
    assert p[w == 0].sum() == pytest.approx(0.5, abs=1e-12) and p[w < 0].sum() == 0.0


def test_value_table_26_share_of_stop_positions():
    vt = rb.value_table(26, 26)
    assert round(float(np.mean(vt[1:, 1:] == 0)), 2) == 0.37


# ---------------------------------------------------------------------------
# The verdict tables
# ---------------------------------------------------------------------------
def check_table(table, notebook):
    vd.check_table(table, notebook)                     # the one schema: columns, verdicts, one headline
    assert (table.notebook == notebook).all()
    for column in ("claim", "document", "ours", "evidence"):
        assert table[column].map(lambda s: isinstance(s, str) and s.strip() != "" and "$" not in s).all()
    return dict(table.verdict.value_counts())


@pytest.fixture(scope="module")
def table_01():
    """Notebook 01's verdict table, computed once for the tests that read it (V(100,000) is a sweep)."""
    return claims.verdicts("01_redblack_dp", frontier=fr.load_frontier())


def test_verdicts_01(table_01):
    table = table_01
    counts = check_table(table, "01_redblack_dp")
    # the document's running times (and "millions of cards in a reasonable time") are context
    assert counts == {"agrees": 11, "differs": 1, "context": 5}
    assert table[table.claim.str.startswith("Running time")].verdict.eq("context").all()
    alone = claims.verdicts("01_redblack_dp")      # without the committed sweeps: the same verdicts
    assert dict(alone.verdict.value_counts()) == counts
    head = table[table.headline].iloc[0]
    assert head.verdict == "agrees" and "2.624475549" in head.ours
    assert table[table.verdict == "differs"].claim.str.contains("C bottom-up").all()
    largest = fr.load_frontier().largest              # the rows quote the committed sweeps as they are now
    millions = table.set_index("claim").loc["Bottom-up C evaluates into the millions of cards in a reasonable time"]
    assert f"{int(largest.n):,}" in millions.ours and f"{largest.value:.6f}" in millions.ours


@pytest.fixture(scope="module")
def simulations():
    return dict(simulation=rb.simulate(26, 26, 100_000, seed=2022),
                mistake=rb.simulate(26, 26, 100_000, seed=286, replacement=True),
                paths=rb.sample_paths(26, 26, 49, seed=49))


def test_verdicts_02(simulations):
    table = claims.verdicts("02_redblack_monte_carlo", **simulations)
    counts = check_table(table, "02_redblack_monte_carlo")
    assert counts == {"agrees": 7, "context": 1}        # the plot's y range is a setting of the plot
    assert table.set_index("claim").verdict["Sample-game plot drawn with winnings from −7 to 5"] == "context"
    head = table[table.headline].iloc[0]
    # the R simulation judged with the exact standard deviation, not a guess
    assert "1.9738" in head.evidence and "−0.13" in head.evidence     # a minus sign, as in the prose


def test_verdicts_refuse_bad_requests(simulations):
    with pytest.raises(ValueError, match="notebook"):
        claims.verdicts("99_nothing")
    with pytest.raises(TypeError, match="missing"):
        claims.verdicts("02_redblack_monte_carlo", simulation=simulations["simulation"])
    with pytest.raises(TypeError, match="unexpected"):
        claims.verdicts("01_redblack_dp", values=[1.0])


@pytest.mark.slow
def test_verdicts_03():
    values = rb.balanced_values(doc.FIT_N_MAX)
    n = np.arange(values.size)
    ext = rbfits.extrapolate(n, values, [doc.CARDS_133M], n_min=1000)
    best = ext.loc[["b n^-1/4", "b n^-1/4 + d n^-1/2", "a + b n^-1/4 + d n^-1/2"]].iloc[:, 0]
    front = fr.load_frontier()
    table = claims.verdicts("03_redblack_sqrt_vs_log", values=values, extrapolation=best, frontier=front)
    counts = check_table(table, "03_redblack_sqrt_vs_log")
    # the refits of the document's float32 data agree to 4+ digits, not to its last printed ones: open
    assert counts == {"agrees": 9, "differs": 7, "open": 7, "context": 2}
    by_verdict = table.groupby("verdict").claim.apply(set)
    assert {"log fit: coefficients", "√ fit: V = −0.0186936 + 0.522088 √l"} <= by_verdict["open"]
    assert by_verdict["context"] == {"133,787,000 is the largest l: higher needs static arrays the linker refuses",
                                     "The run took 9 days, 51 CPU-core-days (184,331 CPU-core-minutes)"}
    head = table[table.headline].iloc[0]
    assert head.verdict == "differs" and "0.5220377" in head.ours
    # the largest exact value is read from both records, the CPU sweeps' and the GPU runs'
    assert f"n = {front.n_exact:,}" in head.evidence
    if len(front.beyond()):
        evidence = table.set_index("claim").evidence
        assert "never saw" in evidence["V(133,787,000) computed in 9 days"]
        faster = evidence["Faster: caching, GPUs, clusters, ε-truncation (O(l) time)"]
        assert f"{int(front.gpu_sweeps.n.iloc[-1]):,}" in faster and "no GPU" not in faster
    by_claim = table.set_index("claim").verdict
    assert by_claim["V(133,787,000) computed in 9 days"] == "agrees"
    assert by_claim["Introduction: 133.7 million cards have value 6,038.32"] == "differs"
    two_m = table.set_index("claim").loc["l = 2m is worth 818.1 (about 2 min 10 s)"]
    assert two_m.verdict == "differs" and "818.0996" in two_m.ours and "738.2692" in two_m.ours
    ours_133m = table.set_index("claim").loc["V(133,787,000) computed in 9 days", "ours"]
    assert ours_133m.startswith("6,038.21") and "±" in ours_133m
    with pytest.raises(ValueError, match="22,974"):
        claims.verdicts("03_redblack_sqrt_vs_log", values=values[:100], extrapolation=best, frontier=front)


def test_verdict_table_shows_with_the_shared_styler(table_01):
    html = vd.styler(table_01).to_html()
    assert html.count("background-color") >= 3 and "notebook" not in html.split("<tbody>")[0]


# ---------------------------------------------------------------------------
# Running times
# ---------------------------------------------------------------------------
def _timing(method, seconds):
    return rb.MethodTiming(method, 100_000, 100_000, seconds, 1, 1.0, 165.075847, 1, "test machine", 3.5,
                           "2026-01-01 00:00 UTC")


def test_document_timings_set_ours_beside_theirs_with_machine_and_load():
    t = claims.document_timings(_timing("diagonal", 0.5), _timing("tiled", 0.25))
    assert list(t.columns) == ["program", "document seconds", "document machine", "our method",
                               "our seconds", "n", "machine", "load", "taken"]
    assert set(t["document seconds"]) >= {6.0, 17.0, 4.6, 5.8, 6.1, 2.9, 0.85, 1.3, 0.5, 0.54}
    assert (t.loc[t["our method"] == "tiled", "our seconds"] == 0.25).all()
    assert (t.machine == "test machine").all() and (t.load == 3.5).all()
    with pytest.raises(ValueError, match="method 'diagonal'"):
        claims.document_timings(_timing("tiled", 0.5), _timing("tiled", 0.25))
    with pytest.raises(TypeError, match="MethodTiming"):
        claims.document_timings(0.5, 0.25)
