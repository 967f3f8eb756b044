"""Tests of stoplib.redblack.plots: every figure function draws on what it is given
and returns it (the numbers behind the figures are tested in their own rooms)."""
import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pytest  # noqa: E402

from stoplib import redblack as rb  # noqa: E402
from stoplib.redblack import asymptotics as asy  # noqa: E402
from stoplib.redblack import plots as rp  # noqa: E402


def test_dp_plots_return_axes():
    fig, axes = plt.subplots(1, 4)
    assert rp.plot_value_heatmap(axes[0], rb.value_table(10, 10)) is axes[0]
    assert rp.plot_stopping_boundary(axes[1], rb.stopping_boundary(10), mark=(5, 5)) is axes[1]
    assert rp.plot_policy(axes[2], rb.policy_table(10, 12)) is axes[2]
    assert rp.plot_spreadsheet_comparison(axes[3], rb.spreadsheet_comparison("value")) is axes[3]
    with pytest.raises(TypeError, match="Axes"):
        rp.plot_policy(None, rb.policy_table(2, 2))
    plt.close(fig)


def test_position_panel_and_timings():
    fig = rp.plot_position_panel(0, 3)
    assert len(fig.axes) == 2 and "stop" in fig._suptitle.get_text()
    plt.close(fig)
    fig, ax = plt.subplots()
    rp.plot_method_timings(ax, {"method": ["row", "tiled"], "seconds": [1.0, 0.01]})
    assert ax.get_xscale() == "log"
    plt.close(fig)


def test_simulation_plots():
    fig = rp.plot_sample_paths(rb.sample_paths(26, 26, 49, seed=0))
    assert len([ax for ax in fig.axes if ax.axison]) == 49
    plt.close(fig)
    ax = rp.plot_winnings_distribution(rb.simulate(26, 26, 2000, seed=0), exact=2.62,
                                       exact_distribution=rb.winnings_distribution(26, 26))
    assert ax.get_ylabel() == "fraction of games"
    plt.close("all")


def test_asymptotics_plots():
    n = np.arange(0, 2001)
    v = rb.balanced_values(2000)
    fits = asy.fit_growth(n, v)
    rp.plot_fits(fits, extra=([2000], [v[-1]], "check"))
    rp.plot_residuals(fits)
    f = asy.fit_correction(n, v, n_min=100)
    rp.plot_correction(n, v, fits=[f], points=[(10**8, 5220.4, 'x', 0.005)])
    axes = rp.plot_boundary_comparison(300)
    assert len(axes) == 2
    rp.plot_ratio(n, v, slopes={"a": 0.522})
    plt.close("all")
