"""Tests of stoplib.redblack.frontier: the committed constants equal the committed CSV files and
fresh sweeps; the correction fit and the extrapolation to 133,787,000 with its error bar; the
document's "l = 2m ($818.1)"; the figure."""
import csv
from pathlib import Path

import matplotlib

matplotlib.use("Agg")

import numpy as np  # noqa: E402
import pytest  # noqa: E402

from stoplib import redblack as rb  # noqa: E402
from stoplib.redblack import document as doc  # noqa: E402
from stoplib.redblack import frontier as fr  # noqa: E402
from stoplib.redblack import plots as rp  # noqa: E402
from stoplib.redblack.asymptotics import bridge_constant  # noqa: E402

DATA = Path(__file__).resolve().parents[2] / "data"


def _rows(name):
    with open(DATA / name, newline="") as fh:
        return list(csv.DictReader(fh))


# --------------------------------------------------------------------------
# The constants are the committed results
# --------------------------------------------------------------------------
def test_frontier_constants_equal_the_csv():
    rows = _rows("redblack_frontier.csv")
    assert list(rows[0]) == ["n", "value", "method", "seconds", "machine"]
    assert len(rows) == len(fr.FRONTIER)
    for row, const in zip(rows, fr.FRONTIER):
        assert int(row["n"]) == const[0]
        assert row["value"] == f"{const[1]:.12f}"
        assert len(row["value"].split(".")[1]) == 12       # 12 decimals
        assert row["method"] == const[2] and float(row["seconds"]) == const[3]
        assert row["machine"] == const[4]
    assert {r[0] for r in fr.FRONTIER} <= {1_000_000, 2_000_000, 5_000_000, 10_000_000}
    assert 1_000_000 in {r[0] for r in fr.FRONTIER}


def test_grid_constants_equal_the_csv():
    rows = _rows("redblack_frontier_grid.csv")
    assert [(int(r["n"]), r["value"]) for r in rows] == [(n, f"{v:.12f}") for n, v in fr.GRID]
    n = np.array([g[0] for g in fr.GRID])
    assert np.all(np.diff(n) > 0) and n[0] == 100
    assert n[-1] == max(r[0] for r in fr.FRONTIER)        # the grid comes from the largest sweep


def test_block_reading_constants_equal_the_csv():
    path = DATA / "redblack_frontier_2m_block_reading.csv"
    if not fr.BLOCK_READING_2M:
        assert not path.exists()
        return
    rows = {int(r["x"]): r["value"] for r in _rows(path.name)}
    for x, v in fr.BLOCK_READING_2M:
        assert rows[x] == f"{v:.12f}"


def test_grid_equals_a_fresh_sweep():
    n_top = 30_000
    fresh = rb.balanced_values(n_top)
    for n, v in fr.GRID:
        if n <= n_top:
            assert f"{fresh[n]:.12f}" == f"{v:.12f}", n


def test_frontier_values_agree_with_each_other_and_the_square_root_law():
    t = rb.frontier_table()
    _, c = bridge_constant()
    assert np.all(np.diff(t.value) > 0)
    assert np.all(t.correction < 0) and np.all(np.diff(t.correction) > 0)   # shrinking
    assert np.all(np.abs(t.correction) < 0.005)
    assert np.all(t.seconds > 0) and t.machine.str.contains("numba").all()
    # the 1,000,000 value, also computed by notebook 03 (data/redblack_document_extrapolations.csv)
    assert fr.FRONTIER[0][1] == pytest.approx(522.0335326184031, abs=1e-12)
    grid = dict(fr.GRID)
    for n, v, *_ in fr.FRONTIER:
        if n in grid:
            assert grid[n] == v


@pytest.mark.slow
def test_one_million_recomputed_bit_for_bit():
    d = rb.balanced_values(1_000_000)
    assert f"{d[1_000_000]:.12f}" == f"{fr.FRONTIER[0][1]:.12f}"


# --------------------------------------------------------------------------
# The correction fit and the extrapolation
# --------------------------------------------------------------------------
def test_correction_fit_table_and_next_term():
    f = rb.correction_fit()
    t = f.table()
    assert list(t.index) == list(fr.MODELS)
    assert (t.residual_se > 0).all()
    b, se = f.next_term("a + b n^-1/4 + e n^-1/2 + f n^-3/4")
    assert -0.2 < b < -0.08 and 0 < se < 0.01
    assert np.isnan(f.next_term("a")[0])
    # models with the n^-1/4 term fit far better than those without
    assert t.loc["b n^-1/4 + e n^-1/2", "residual_se"] < 0.1 * t.loc["a + e n^-1/2", "residual_se"]


def test_extrapolation_recovers_a_known_expansion():
    _, c = bridge_constant()
    n = np.unique(np.geomspace(100, 2_000_000, 150).astype(np.int64))
    truth = lambda m: c * np.sqrt(m) - 0.0003 - 0.13 * m ** -0.25 + 0.2 * m ** -0.5 - 0.4 * m ** -0.75  # noqa: E731
    e = rb.extrapolate_133m(n, truth(n.astype(float)))
    assert abs(e.estimate - truth(float(doc.CARDS_133M))) < 1e-9
    assert e.low <= truth(float(doc.CARDS_133M)) <= e.high
    assert e.model == "a + b n^-1/4 + e n^-1/2 + f n^-3/4"


def test_extrapolation_of_the_committed_frontier():
    e = rb.extrapolate_133m()
    assert set(e.components) == {"backtest", "model_spread", "regression", "rounding"}
    assert all(v >= 0 for v in e.components.values())
    assert e.error == pytest.approx(sum(e.components.values()))
    assert 0 < e.error < 0.002
    assert e.n_max == max(r[0] for r in fr.FRONTIER)
    assert "backtest" in e.derivation and f"{e.estimate:.6f}" in e.derivation
    # the document's body figure ($6,038.22, printed to the cent) agrees; its introduction's does not
    cmp = e.document_comparison()
    assert cmp.agrees.tolist() == [True, False]
    assert 6038.215 <= e.estimate < 6038.225
    assert e.predictions.plausible.sum() >= 2


def test_bad_arguments():
    with pytest.raises(ValueError, match="both n and values"):
        rb.correction_fit(n=np.arange(10, 100))
    with pytest.raises(TypeError, match="ints"):
        rb.correction_fit(np.linspace(10, 100, 50), np.ones(50))
    with pytest.raises(ValueError, match="same length"):
        rb.correction_fit(np.arange(10, 100), np.ones(5))
    with pytest.raises(ValueError, match="target must exceed"):
        rb.extrapolate_133m(target=1000)
    with pytest.raises(TypeError, match="target"):
        rb.extrapolate_133m(target=1.5e8)
    with pytest.raises(TypeError, match="models"):
        rb.correction_fit(models=[(0.0,)])
    with pytest.raises(ValueError, match="plausible_factor"):
        rb.extrapolate_133m(plausible_factor=0.5)
    with pytest.raises(ValueError, match="finite"):
        rb.correction_fit(np.arange(10, 20), np.full(10, np.nan))


# --------------------------------------------------------------------------
# The document's "l = 2m ($818.1)"
# --------------------------------------------------------------------------
def test_claim_2m():
    t = rb.claim_2m()
    assert {"reading", "n_red", "n_black", "value", "x", "agrees_6_digits",
            "agrees_1_decimal"} <= set(t.columns)
    natural = t[t.n_red.isin([1_000_000, 2_000_000, 2 ** 21]) & (t.x == 0)]
    assert len(natural) >= 2 and not natural.agrees_1_decimal.any()  # no "2m" gives $818.1
    near = t[(t.x == 0) & ~t.n_red.isin([1_000_000, 2_000_000, 2 ** 21])]
    assert ((near.n_red > 2_400_000) & (near.n_red < 2_500_000)).all()   # V(n, n) = 818.1 there
    if 2_000_000 in {r[0] for r in fr.FRONTIER}:
        v2m = t[t.n_red == t.n_black].set_index("n_red").value[2_000_000]
        assert 738.2 < v2m < 738.3
    assert doc.VALUE_2000000 == 818.1
    if fr.BLOCK_READING_2M:
        # the one reading that prints "818.1" (%g, six digits): a BLOCK_SIZE that leaves
        # x = 250 rows past 2,000,000 (875, 1050, 1125 ...), value plus cash at that corner
        hit = t[t.agrees_6_digits & (t.x > 0)]
        assert hit.x.tolist() == [250] and hit.n_black.tolist() == [2_000_250]
    decks = t[t.agrees_6_digits & (t.x == 0)]   # once the grid passes 2.46m: n with V(n, n) = 818.1
    if len(decks):
        assert decks.n_red.tolist() == list(range(decks.n_red.min(), decks.n_red.max() + 1))
        assert ((decks.value >= 818.0995) & (decks.value < 818.1005)).all()
        assert "1050" in hit.reading.iloc[0]
        x = np.array([row[0] for row in fr.BLOCK_READING_2M])
        assert np.all(np.diff(x) > 0) and x[0] == 0 and x[-1] == 2000


# --------------------------------------------------------------------------
# The figure
# --------------------------------------------------------------------------
def test_plot_frontier_correction():
    from stoplib.workbook.style import figure, small_text

    fig, ax = figure(figsize=(7.5, 4.8))
    assert rp.plot_frontier_correction(ax) is ax
    assert ax.get_xscale() == ax.get_yscale() == "log"
    labels = [t.get_text() for t in ax.get_legend().get_texts()]
    assert any("6,038.22" in s for s in labels) and any("6,038.32" in s for s in labels)
    assert any("next term" in s for s in labels)
    assert small_text(fig) == []
    with pytest.raises(ValueError, match="model must be one of"):
        rp.plot_frontier_correction(ax, model="nonsense")
    with pytest.raises(TypeError, match="Axes"):
        rp.plot_frontier_correction(None)


# --------------------------------------------------------------------------
# Reading the committed files (notebook 03 uses whatever rows they hold)
# --------------------------------------------------------------------------
def test_load_frontier_reads_the_committed_files(tmp_path):
    f = fr.load_frontier()
    assert [int(n) for n in f.sweeps.n] == sorted(r[0] for r in _rows_n("redblack_frontier.csv"))
    n, v = f.points()
    pts = dict(fr.GRID) | {r[0]: r[1] for r in fr.FRONTIER}
    if f.n_max == max(r[0] for r in fr.FRONTIER):      # constants regenerated after the last sweep
        assert np.array_equal(n, sorted(pts)) and np.allclose(v, [pts[k] for k in n], rtol=0, atol=1e-12)
    assert f.n_max == n[-1] and f.block_sizes(250) == [875, 889, 1050, 1125]
    # a sweep appended later is used at once, without regenerating the constants
    for name in ("redblack_frontier.csv", "redblack_frontier_grid.csv"):
        (tmp_path / name).write_text((DATA / name).read_text())
    later = f.n_max + 1_000_000
    with open(tmp_path / "redblack_frontier.csv", "a") as fh:
        fh.write(f'{later},{0.522 * later ** 0.5:.6f},tiled,1.0,"test"\n')
    g = fr.load_frontier(tmp_path)
    assert g.n_max == later and g.points()[0][-1] == later and g.block_reading.empty
    with pytest.raises(FileNotFoundError):
        fr.load_frontier(tmp_path / "nowhere")


def _rows_n(name):
    return [(int(r["n"]),) for r in _rows(name)]


def test_plot_frontier_correction_takes_the_sweeps_read():
    from stoplib.workbook.style import figure, small_text

    f = fr.load_frontier()
    n, v = f.points()
    fig, ax = figure(figsize=(10, 5.2))
    rp.plot_frontier_correction(ax, n, v, sweeps=f.sweeps[["n", "value"]].to_numpy())
    labels = [t.get_text() for t in ax.get_legend().get_texts()]
    assert any(f"up to n = {f.n_max:,}" in s for s in labels)
    assert not any("-" in s.split("=")[-1] for s in labels if "next term" in s)   # real minus signs
    assert small_text(fig) == []
