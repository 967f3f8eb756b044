"""Tests of stoplib.redblack.plots: every figure function draws in the workbook style on what
it is given (or on an explicit Figure it builds), never through pyplot, with no text under 8 pt
at the exported size. The numbers behind the figures are tested in their own rooms."""
import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pytest  # noqa: E402
from matplotlib.figure import Figure  # noqa: E402

from stoplib import redblack as rb  # noqa: E402
from stoplib.redblack import asymptotics as asy  # noqa: E402
from stoplib.redblack import fits as rbfits  # noqa: E402
from stoplib.redblack import plots as rp  # noqa: E402
from stoplib.workbook import style  # noqa: E402


@pytest.fixture(autouse=True)
def no_pyplot_figures():
    plt.close("all")
    yield
    assert plt.get_fignums() == [], "a plot function created a pyplot figure"


def readable(fig):
    assert isinstance(fig, Figure)
    assert style.small_text(fig) == []
    assert len(style.png_bytes(fig)) > 1000       # draws completely
    return fig


@pytest.fixture(scope="module")
def small_values():
    n = np.arange(0, 2001)
    return n, rb.balanced_values(2000)


def test_value_heatmap_greys_the_stop_region():
    fig, ax = style.figure()
    assert rp.plot_value_heatmap(ax, rb.value_table(10, 10)) is ax
    image = ax.images[0].get_array()
    assert np.ma.count_masked(image) == int(np.sum(rb.value_table(10, 10) == 0))
    readable(fig)
    with pytest.raises(ValueError, match="2-D"):
        rp.plot_value_heatmap(ax, np.zeros(3))


def test_boundary_gap_and_stopping_boundary_and_policy():
    fig, (a, b, c) = style.figure(1, 3, figsize=(12, 4))
    assert rp.plot_boundary_gap(a, asy.boundary_comparison(100)) is a
    assert rp.plot_stopping_boundary(b, rb.stopping_boundary(10), mark=(5, 5)) is b
    assert rp.plot_policy(c, rb.policy_table(10, 12)) is c
    readable(fig)
    with pytest.raises(TypeError, match="Axes"):
        rp.plot_policy(None, rb.policy_table(2, 2))


def test_policy_map_is_not_red_against_green():
    fig, ax = style.figure()
    rp.plot_policy(ax, rb.policy_table(5, 5))
    colours = {tuple(np.round(matplotlib.colors.to_rgb(h.get_facecolor()), 3)) for h in ax.get_legend().legend_handles}
    assert colours == {tuple(np.round(matplotlib.colors.to_rgb(x), 3)) for x in (rp.DRAW, rp.STOP)}


def test_spreadsheet_comparison_uses_the_agree_differ_colours():
    fig, ax = style.figure(figsize=(7.5, 5.6))
    comparison = rb.spreadsheet_comparison("value")
    assert rp.plot_spreadsheet_comparison(ax, comparison) is ax
    labels = [t.get_text() for t in ax.get_legend().get_texts()]
    assert labels == [f"prints as the sheet ({comparison.n_match})", f"does not ({comparison.n_differ})"]
    readable(fig)


def test_method_timings_label_each_bar():
    fig, ax = style.figure(figsize=(7, 3))
    rp.plot_method_timings(ax, {"method": ["row", "tiled"], "seconds": [1.0, 0.01]})
    assert ax.get_xscale() == "log"
    assert [t.get_text() for t in ax.texts] == ["1 s", "0.01 s"]
    readable(fig)


def test_position_panel_is_an_explicit_figure():
    fig = readable(rp.plot_position_panel(rb.position(0, 3)))
    assert len(fig.axes) == 2 and "stop" in fig._suptitle.get_text()
    assert "draw" in readable(rp.plot_position_panel(rb.position(26, 26)))._suptitle.get_text()


def test_sample_paths():
    fig = readable(rp.plot_sample_paths(rb.sample_paths(26, 26, 49, seed=0)))
    assert len([ax for ax in fig.axes if ax.axison]) == 49
    fig = rp.plot_sample_paths(rb.sample_paths(3, 3, 4, seed=0), ncols=3)
    assert len([ax for ax in fig.axes if ax.axison]) == 4


def test_winnings_distribution_one_and_two_results():
    fig, ax = style.figure(figsize=(8.5, 3.6))
    res = rb.simulate(26, 26, 2000, seed=0)
    rp.plot_winnings_distribution(ax, res, exact=2.62, exact_distribution=rb.winnings_distribution(26, 26))
    assert ax.get_ylabel() == "fraction of games"
    readable(fig)
    fig, ax = style.figure(figsize=(9, 3.6))
    mistake = rb.simulate(26, 26, 2000, seed=0, replacement=True)
    rp.plot_winnings_distribution(ax, [res, mistake], labels=["real", "mistake"])
    texts = [t.get_text() for t in ax.get_legend().get_texts()]
    assert "real" in texts and "mistake" in texts
    readable(fig)
    with pytest.raises(ValueError, match="one entry per result"):
        rp.plot_winnings_distribution(ax, [res, mistake], labels=["only one"])


def test_fits_are_drawn_on_a_fine_grid_inside_the_zoom(small_values):
    n, v = small_values
    fits = rbfits.fit_growth(n, v)
    fig, (full, zoom) = style.figure(1, 2, figsize=(12, 4))
    rp.plot_fits(full, fits)
    rp.plot_fits(zoom, fits, xlim=(0, 300), ylim=(-10, 12))
    sqrt_line = next(line for line in zoom.get_lines() if line.get_label() == "√ fit")
    x, y = (np.asarray(a, dtype=float) for a in sqrt_line.get_data())
    inside = (x >= 1) & (x <= 300)
    assert inside.sum() >= 500                                  # not a handful of coarse points
    truth = fits.predict(x[inside])["sqrt"].to_numpy()
    assert np.allclose(y[inside], truth)
    # between grid points the drawn line stays on the curve (linear interpolation error)
    mid = 0.5 * (x[inside][1:] + x[inside][:-1])
    drawn = np.interp(mid, x[inside], y[inside])
    assert np.max(np.abs(drawn - fits.predict(mid)["sqrt"].to_numpy())) < 0.01
    readable(fig)


def test_residuals_ratio_correction_boundary(small_values):
    n, v = small_values
    fits = rbfits.fit_growth(n, v)
    readable(rp.plot_residuals(fits))
    fig, ax = style.figure(figsize=(9, 4))
    f = rbfits.fit_correction(n, v, n_min=100)
    rp.plot_correction(ax, n, v, c=f.c, fits=[f], points=[(10**8, 5220.4, "x", 0.005)])
    readable(fig)
    fig, ax = style.figure(figsize=(9, 4))
    assert rp.plot_ratio(ax, n, v, c=f.c, slopes={"a": 0.522}).get_xscale() == "log"
    readable(fig)
    axes = rp.plot_boundary_comparison(asy.boundary_comparison(300))
    assert len(axes) == 2
    readable(axes[0].figure)
