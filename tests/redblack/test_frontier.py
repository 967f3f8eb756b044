"""Tests of stoplib.redblack.frontier: the committed CSV files, checked as they are (recomputed
where it is cheap, sealed, consistent where two files hold the same value, refused when spoilt);
the correction fit and the extrapolation to 133,787,000 with its error bar; the document's
"l = 2m ($818.1)"; the figure."""
import csv
import shutil
from pathlib import Path

import matplotlib

matplotlib.use("Agg")

import numpy as np  # noqa: E402
import pytest  # noqa: E402

from stoplib import redblack as rb  # noqa: E402
from stoplib.redblack import document as doc  # noqa: E402
from stoplib.redblack import frontier as fr  # noqa: E402
from stoplib.redblack import plots as rp  # noqa: E402
from stoplib.redblack._frontier_files import FILES, MANIFEST, write_manifest  # noqa: E402
from stoplib.redblack.asymptotics import bridge_constant  # noqa: E402
from stoplib.util.validate import MissingFileError  # noqa: E402

DATA = Path(__file__).resolve().parents[2] / "data"


def _rows(name):
    with open(DATA / name, newline="") as fh:
        return list(csv.DictReader(fh))


@pytest.fixture(scope="module")
def front():
    return fr.load_frontier()


# --------------------------------------------------------------------------
# The committed files themselves (the one source of the frontier values)
# --------------------------------------------------------------------------
def test_the_files_have_their_shape():
    sweeps, grid = _rows("redblack_frontier.csv"), _rows("redblack_frontier_grid.csv")
    assert list(sweeps[0]) == ["n", "value", "method", "seconds", "machine"]
    assert list(grid[0]) == ["n", "value"]
    for r in sweeps + grid:
        assert len(r["value"].split(".")[1]) == 12                # written with 12 decimals
    n_sweeps = [int(r["n"]) for r in sweeps]
    n_grid = [int(r["n"]) for r in grid]
    assert n_sweeps == sorted(n_sweeps) and 1_000_000 in n_sweeps
    assert n_grid == sorted(set(n_grid)) and n_grid[0] == 100
    assert n_grid[-1] == n_sweeps[-1]                              # read off the largest sweep's diagonal
    assert all(float(r["seconds"]) > 0 and "numba" in r["machine"] for r in sweeps)


def test_overlapping_values_are_the_same_bits():
    """A value stored twice is the same string: a sweep's V(n, n) and the grid (the diagonal of the
    largest sweep), and V(2,000,000, 2,000,000) in the sweeps and at x = 0 of the block reading."""
    grid = {int(r["n"]): r["value"] for r in _rows("redblack_frontier_grid.csv")}
    sweeps = {int(r["n"]): r["value"] for r in _rows("redblack_frontier.csv")}
    shared = [n for n in sweeps if n in grid]
    assert len(shared) >= 2 and all(sweeps[n] == grid[n] for n in shared)
    reading = _rows("redblack_frontier_2m_block_reading.csv")
    assert [int(r["x"]) for r in reading] == list(range(len(reading)))
    assert reading[0]["value"] == sweeps[2_000_000]
    v = np.array([float(r["value"]) for r in reading])
    assert np.all(np.diff(v) <= 0) and v[-1] == 0.0               # the stop region, 1,700 cards on
    assert all(abs(float(r["value_plus_cash"]) - float(r["value"]) - int(r["x"])) < 1e-9 for r in reading)


def test_small_grid_entries_recomputed_bit_for_bit():
    """Every grid value up to n = 30,000, recomputed by a fresh sweep, prints the same 12 decimals."""
    n_top = 30_000
    fresh = rb.balanced_values(n_top)
    grid = [(int(r["n"]), r["value"]) for r in _rows("redblack_frontier_grid.csv") if int(r["n"]) <= n_top]
    assert len(grid) >= 100
    assert [(n, f"{fresh[n]:.12f}") for n, _ in grid] == grid


@pytest.mark.slow
def test_one_million_recomputed_bit_for_bit():
    d = rb.balanced_values(1_000_000)
    row = next(r for r in _rows("redblack_frontier.csv") if int(r["n"]) == 1_000_000)
    assert f"{d[1_000_000]:.12f}" == row["value"]


def test_the_files_are_sealed():
    sealed = dict(line.split()[::-1] for line in (DATA / MANIFEST).read_text().splitlines())
    assert set(sealed) == set(FILES)
    import hashlib

    for name, digest in sealed.items():
        assert hashlib.sha256((DATA / name).read_bytes()).hexdigest() == digest


def test_load_frontier_reads_the_files(front):
    assert [int(n) for n in front.sweeps.n] == [int(r["n"]) for r in _rows("redblack_frontier.csv")]
    n, v = front.points()
    assert n[-1] == front.n_max and np.all(np.diff(n) > 0) and np.all(np.diff(v) > 0)
    assert len(front.block_reading) == len(_rows("redblack_frontier_2m_block_reading.csv"))
    assert front.block_sizes(250) == [875, 889, 1050, 1125]
    mine = fr.load_frontier()
    mine.sweeps.loc[0, "value"] = -1.0                             # a copy: the next read is unchanged
    assert fr.load_frontier().sweeps.value.iloc[0] > 0


@pytest.fixture
def copy(tmp_path):
    for name in [*FILES, MANIFEST]:
        shutil.copy(DATA / name, tmp_path / name)
    return tmp_path


def _spoil(folder, name, edit, seal):
    path = folder / name
    path.write_text(edit(path.read_text()))
    if seal:
        write_manifest(folder)


@pytest.mark.parametrize("edit", [
    lambda t: t[: len(t) // 2],                                               # truncated
    lambda t: t.replace("5.191092000553", "5.191092000554", 1),                 # one digit
    lambda t: t + "\n",                                                       # one byte more
])
def test_a_spoilt_file_breaks_the_seal(copy, edit):
    _spoil(copy, "redblack_frontier_grid.csv", edit, seal=False)
    with pytest.raises(ValueError, match="does not match its SHA-256"):
        fr.load_frontier(copy)


@pytest.mark.parametrize("name, edit, match", [
    ("redblack_frontier_grid.csv", lambda t: "", "not a frontier CSV"),
    ("redblack_frontier_grid.csv", lambda t: "a,b\n1,2\n", "must have the columns"),
    ("redblack_frontier_grid.csv", lambda t: t.replace("\n106,", "\n106x,", 1), "whole numbers"),
    ("redblack_frontier_grid.csv", lambda t: t.replace("\n100,5.191092000553", "\n100,abc", 1), "12 decimals"),
    ("redblack_frontier_grid.csv", lambda t: t.replace("\n100,5.191092000553", "\n100,nan", 1), "12 decimals"),
    ("redblack_frontier_grid.csv", lambda t: t.replace("\n100,5.191092000553", "\n100,5.1910920", 1), "12 decimals"),
    ("redblack_frontier_grid.csv", lambda t: t.replace("\n100,5.191092000553", "\n-100,5.191092000553", 1),
     "whole numbers"),
    ("redblack_frontier_grid.csv", lambda t: t + "100,5.191092000553\n", "increasing card counts"),
    ("redblack_frontier_grid.csv", lambda t: t.replace("\n100,5.191092000553", "\n100,5.291092000553", 1),
     "within 0.25 below"),
    ("redblack_frontier_grid.csv", lambda t: t.replace("\n106,5.345658332056", "\n106,5.145658332056", 1),
     "increase with n"),
    ("redblack_frontier_grid.csv", lambda t: t.replace(",522.033532618403", ",522.033532618404", 1),
     "one diagonal, two values"),
    ("redblack_frontier_grid.csv", lambda t: "\n".join(t.splitlines()[:-1]) + "\n", "ends at n ="),
    ("redblack_frontier.csv", lambda t: t.replace(",695.9,", ",-1,", 1), "seconds"),
    ("redblack_frontier_2m_block_reading.csv", lambda t: t.replace("\n0,2000000,738.269222163624,738.269222163624",
                                                                  "\n0,2000000,738.269222163625,738.269222163625", 1),
     "one cell, two values"),
    ("redblack_frontier_2m_block_reading.csv", lambda t: t.replace("\n2,2000002,", "\n3,2000002,", 1),
     "increasing card counts|without a gap"),
    ("redblack_frontier_2m_block_reading.csv", lambda t: t.replace("\n1,2000001,737.563936622489,738.563936622489",
                                                                  "\n1,2000001,737.563936622489,739.563936622489", 1),
     "value_plus_cash"),
])
def test_a_resealed_file_is_still_checked(copy, name, edit, match):
    """Edits that keep the seal (rewritten by hand) still fail the checks of the contents."""
    assert fr.load_frontier(copy).n_max >= 1_000_000
    _spoil(copy, name, edit, seal=True)
    with pytest.raises(ValueError, match=match):
        fr.load_frontier(copy)


def test_missing_files_and_folders(copy, tmp_path):
    with pytest.raises(MissingFileError):
        fr.load_frontier(tmp_path / "nowhere")
    with pytest.raises(ValueError, match="must be a folder"):
        fr.load_frontier(copy / "redblack_frontier.csv")
    (copy / "redblack_frontier_2m_block_reading.csv").unlink()          # the extra sweep is optional...
    with pytest.raises(ValueError, match="missing"):                    # ...but the seal names it
        fr.load_frontier(copy)
    write_manifest(copy)
    assert fr.load_frontier(copy).block_reading.empty
    (copy / MANIFEST).unlink()
    with pytest.raises(MissingFileError, match="no checksums"):
        fr.load_frontier(copy)
    (copy / "redblack_frontier.csv").unlink()
    with pytest.raises(MissingFileError, match="no committed frontier results"):
        fr.load_frontier(copy)


def test_a_later_sweep_is_read_at_once(copy, front):
    """A sweep that benchmarks/frontier.py appends (and seals) is used without anything regenerated."""
    later = front.n_max + 1_000_000
    c = bridge_constant()[1]
    with open(copy / "redblack_frontier.csv", "a") as fh:
        fh.write(f'{later},{c * later ** 0.5 - 0.002:.12f},tiled,1.0,"test, numba"\n')
    write_manifest(copy)
    with pytest.raises(ValueError, match="ends at n ="):              # the grid must come from it
        fr.load_frontier(copy)
    with open(copy / "redblack_frontier_grid.csv", "a") as fh:
        fh.write(f"{later},{c * later ** 0.5 - 0.002:.12f}\n")
    write_manifest(copy)
    g = fr.load_frontier(copy)
    assert g.n_max == later and g.points()[0][-1] == later


def test_the_reach_of_the_exact_values_is_read_from_both_records(copy, front):
    """How far the exact values go is one fact, read from the CPU sweeps and the GPU runs together; a
    chapter never types it. Without a GPU record it is the CPU sweeps' reach."""
    runs = rb.recorded_gpu_runs()
    diagonal = runs[runs.what.str.startswith("one sweep") & runs.value.notna()]
    assert front.n_exact == max(front.n_max, int(diagonal.n.max()))
    beyond = front.beyond()
    assert (beyond.n > front.n_max).all() and list(beyond.n) == sorted(set(diagonal.n[diagonal.n > front.n_max]))
    whole = runs[runs.what.str.startswith("one sweep") & runs.seconds.notna()]
    assert list(front.gpu_sweeps.n) == sorted(whole.n) and (front.gpu_sweeps.seconds > 0).all()
    alone = fr.load_frontier(copy)                                # the copy holds no GPU record
    assert alone.n_exact == alone.n_max and alone.beyond().empty and alone.gpu_sweeps.empty
    shutil.copy(DATA / "redblack_gpu_runs.csv", copy / "redblack_gpu_runs.csv")
    assert fr.load_frontier(copy).n_exact == front.n_exact


def test_frontier_values_agree_with_the_square_root_law():
    t = rb.frontier_table()
    assert np.all(np.diff(t.value) > 0)
    assert np.all(t.correction < 0) and np.all(np.diff(t.correction) > 0)   # shrinking
    assert np.all(np.abs(t.correction) < 0.005)
    # the 1,000,000 value, also computed by notebook 03 (data/redblack_document_extrapolations.csv)
    assert t.value.iloc[0] == pytest.approx(522.0335326184031, abs=1e-12)


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
    assert e.n_max == fr.load_frontier().n_max
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
    front = fr.load_frontier()
    if 2_000_000 in set(front.sweeps.n):
        v2m = t[t.n_red == t.n_black].set_index("n_red").value[2_000_000]
        assert 738.2 < v2m < 738.3
    assert doc.VALUE_2000000 == 818.1
    if len(front.block_reading):
        # the one reading that prints "818.1" (%g, six digits): a BLOCK_SIZE that leaves
        # x = 250 rows past 2,000,000 (875, 1050, 1125 ...), value plus cash at that corner
        hit = t[t.agrees_6_digits & (t.x > 0)]
        assert hit.x.tolist() == [250] and hit.n_black.tolist() == [2_000_250]
    decks = t[t.agrees_6_digits & (t.x == 0)]   # once the grid passes 2.46m: n with V(n, n) = 818.1
    if len(decks):
        assert decks.n_red.tolist() == list(range(decks.n_red.min(), decks.n_red.max() + 1))
        assert ((decks.value >= 818.0995) & (decks.value < 818.1005)).all()
        assert "1050" in hit.reading.iloc[0]
        x = t.x[t.x > 0].to_numpy()          # every 50th x, and those near 818.1
        assert np.all(np.diff(x) > 0) and x[-1] == 2000 and {50, 249, 250, 251} <= set(x)


# --------------------------------------------------------------------------
# The figure
# --------------------------------------------------------------------------
def test_plot_frontier_correction(front):
    from stoplib.workbook.style import figure, small_text

    n, v = front.points()
    fits, ex, sweeps = front.fits(), front.extrapolation(), front.sweeps[["n", "value"]].to_numpy()
    fig, ax = figure(figsize=(10, 5.2))
    assert rp.plot_frontier_correction(ax, n, v, fits, ex, sweeps) is ax
    assert ax.get_xscale() == ax.get_yscale() == "log"
    labels = [t.get_text() for t in ax.get_legend().get_texts()]
    assert any("6,038.22" in s for s in labels) and any("6,038.32" in s for s in labels)
    assert any("next term" in s for s in labels) and any(f"up to n = {front.n_max:,}" in s for s in labels)
    assert not any("-" in s.split("=")[-1] for s in labels if "next term" in s)   # real minus signs
    assert small_text(fig) == []
    beyond = front.beyond()[["n", "value"]].to_numpy()             # the GPU's values, never fitted
    fig, ax = figure(figsize=(10, 5.2))
    rp.plot_frontier_correction(ax, n, v, fits, ex, sweeps, unseen=beyond)
    labels = [t.get_text() for t in ax.get_legend().get_texts()]
    assert any("not fitted" in s for s in labels) == bool(len(beyond))
    with pytest.raises(ValueError, match="unseen"):
        rp.plot_frontier_correction(ax, n, v, fits, ex, sweeps, unseen=[(10.5, 1.0)])
    with pytest.raises(ValueError, match="model must be one of"):
        rp.plot_frontier_correction(ax, n, v, fits, ex, sweeps, model="nonsense")
    with pytest.raises(TypeError, match="Axes"):
        rp.plot_frontier_correction(None, n, v, fits, ex, sweeps)
    with pytest.raises(TypeError, match="fits"):
        rp.plot_frontier_correction(ax, n, v, None, ex, sweeps)
