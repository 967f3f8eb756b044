"""Tests for stoplib.fields.plots (document 001): every figure draws on the axes it is given."""
from stoplib import fields as fl
from stoplib.fields import plots


def test_plots_build():
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    fig, axes = plt.subplots(1, 4)
    assert plots.plot_win_heatmap(30, 8, ax=axes[0]) is axes[0]
    assert plots.plot_win_vs_values((2, 5), 50, ax=axes[1]) is axes[1]
    assert plots.plot_optimal_policy(30, 5, ax=axes[2]) is axes[2]
    res = [fl.simulate(20, 4, 500, p, seed=0) for p in fl.POLICIES]
    assert plots.plot_win_rates(res, {"optimal": fl.win_probability(20, 4)}, ax=axes[3]) is axes[3]
    plt.close(fig)
