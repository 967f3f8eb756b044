"""Tests for stoplib.fields.plots: every figure draws on the axes it is given, in the workbook style."""
import pytest

from stoplib import fields as fl
from stoplib.fields import plots
from stoplib.workbook import style


def _fresh(fn, *args, **kwargs):
    fig, ax = style.figure()
    assert fn(*args, ax=ax, **kwargs) is ax
    assert style.small_text(fig) == [], fn.__name__
    return fig, ax


def test_heatmap():
    fig, ax = _fresh(plots.plot_win_heatmap, 30, 8)
    assert ax.get_xlabel() == "values V"


def test_win_vs_values():
    fig, ax = _fresh(plots.plot_win_vs_values, (2, 5), 50)
    assert ax.get_yscale() == "log" and len(ax.lines) == 2
    fig, ax = _fresh(plots.plot_win_vs_values, (2,), 20, log_y=False)
    assert ax.get_yscale() == "linear"
    with pytest.raises(ValueError):
        plots.plot_win_vs_values((), 20)


def test_policy_and_bands():
    _fresh(plots.plot_optimal_policy, 60, 5)
    fig, ax = _fresh(plots.plot_band_widths, 60, 5)
    optimal, proportional = plots.band_widths(60, 5)
    assert optimal.sum() == proportional.sum() == 60
    assert optimal[0] == optimal[-1] < optimal[2]          # end fields get narrower bands


def test_win_rates():
    res = [fl.simulate(20, 4, 500, p, seed=0) for p in fl.POLICIES]
    _fresh(plots.plot_win_rates, res, {(20, 4): {"optimal": fl.win_probability(20, 4)}})
    with pytest.raises(ValueError, match="optimal"):
        plots.plot_win_rates(res, {(20, 4): {}})


def test_board():
    g = fl.FieldsGame(20, 5, seed=10)
    g.roll()
    _fresh(plots.plot_board, 20, 5, g.state, g.current, g.placement_probabilities(), g.best_field())
    _fresh(plots.plot_board, 20, 5, [1, 2, 3, 4, 5])
    _fresh(plots.plot_board, 200, 30, [None] * 30)


def test_default_axes_are_pyplot_free():
    import matplotlib.pyplot as plt

    before = plt.get_fignums()
    ax = plots.plot_win_vs_values((2,), 20)
    assert plt.get_fignums() == before and ax.figure is not None


def test_bad_axes_tables_and_boards_are_refused():
    import numpy as np
    with pytest.raises(TypeError, match="ax must be a Axes"):
        plots.plot_win_heatmap(10, 3, ax=np.zeros((2, 2)))
    with pytest.raises(TypeError, match="ax must be a Axes"):
        plots.plot_board(10, 3, [None] * 3, ax="axes")
    with pytest.raises(ValueError, match="shape"):
        plots.plot_win_heatmap(10, 3, table=np.zeros((11, 3)))
    with pytest.raises(ValueError, match=r"\[0, 1\]"):
        plots.plot_win_heatmap(10, 3, table=np.full((11, 4), 2.0))
    with pytest.raises(ValueError, match=r"\[0, 1\]"):
        plots.plot_win_vs_values((2,), 10, table=np.full((11, 3), np.nan))
    with pytest.raises(TypeError, match="table"):
        plots.plot_win_vs_values((2,), 10, table=10**400)
    with pytest.raises(TypeError, match="log_y"):
        plots.plot_win_vs_values((2,), 10, log_y="yes")
    with pytest.raises(ValueError, match="cannot go"):
        plots.plot_board(10, 3, [None, 4, None], 5, {0: 0.5})
    with pytest.raises(ValueError, match="probabilities"):
        plots.plot_board(10, 3, [None, 4, None], 5, {2: 1.5})
    with pytest.raises(ValueError, match="best"):
        plots.plot_board(10, 3, [None, 4, None], 5, {2: 0.5}, best=0)
    with pytest.raises(ValueError, match="already drawn"):
        plots.plot_board(10, 3, [None, 4, None], 4)
    res = [fl.simulate(20, 4, 100, "optimal", seed=0)]
    with pytest.raises(ValueError, match="optimal"):
        plots.plot_win_rates(res, {(20, 4): {"optimal": 0.0}})
    with pytest.raises(TypeError, match="SimulationResult"):
        plots.plot_win_rates([1, 2], {(20, 4): {"optimal": 0.5}})
