"""Tests for stoplib.fields.plots: every figure draws the result it is given, on the axes it is given,
in the workbook style."""
import numpy as np
import pytest

from stoplib import fields as fl
from stoplib.fields import plots
from stoplib.workbook import style


def _fresh(fn, *args, **kwargs):
    fig, ax = style.figure()
    assert fn(*args, ax=ax, **kwargs) is ax
    assert style.small_text(fig) == [], fn.__name__
    return fig, ax


@pytest.fixture(scope="module")
def table():
    return fl.win_table(50, 8)


def test_heatmap(table):
    fig, ax = _fresh(plots.plot_win_heatmap, table[:31])
    assert ax.get_xlabel() == "values V"
    assert ax.images[0].get_extent() == [0.5, 30.5, 0.5, 8.5]


def test_win_vs_values(table):
    fig, ax = _fresh(plots.plot_win_vs_values, table, (2, 5))
    assert ax.get_yscale() == "log" and len(ax.lines) == 2
    assert np.array_equal(ax.lines[1].get_ydata(), table[5:, 5])         # draws what it is given
    fig, ax = _fresh(plots.plot_win_vs_values, table[:21], (2,), log_y=False)
    assert ax.get_yscale() == "linear"
    with pytest.raises(ValueError):
        plots.plot_win_vs_values(table, ())
    with pytest.raises(ValueError, match="columns"):
        plots.plot_win_vs_values(table, (2, 9))


def test_policy_and_bands():
    moves = fl.first_moves(60, 5)
    fig, ax = _fresh(plots.plot_optimal_policy, moves)
    assert np.array_equal(ax.lines[0].get_ydata()[:-1], moves.optimal)
    fig, ax = _fresh(plots.plot_band_widths, moves)
    assert [p.get_height() for p in ax.patches[:5]] == moves.optimal_widths.tolist()
    assert moves.optimal_widths.sum() == moves.proportional_widths.sum() == 60
    assert moves.optimal_widths[0] == moves.optimal_widths[-1] < moves.optimal_widths[2]   # narrower ends
    with pytest.raises(TypeError, match="moves must be a FirstMoves"):
        plots.plot_band_widths((moves.optimal_widths, moves.proportional_widths))


def test_win_rates():
    res = [fl.simulate(20, 4, 500, p, seed=0) for p in fl.POLICIES]
    _fresh(plots.plot_win_rates, res, {(20, 4): {"optimal": fl.win_probability(20, 4)}})
    with pytest.raises(ValueError, match="optimal"):
        plots.plot_win_rates(res, {(20, 4): {}})


def test_board():
    g = fl.FieldsGame(20, 5, seed=10)
    g.roll()
    pos = g.position("nearest")
    fig, ax = _fresh(plots.plot_board, pos)
    assert ax.get_title(loc="left") == f"V = 20, F = 5: rolled {pos.roll}"
    _fresh(plots.plot_board, fl.Position(20, 5, (1, 2, 3, 4, 5)))
    _fresh(plots.plot_board, fl.Position(200, 30, (None,) * 30))


def test_default_axes_are_pyplot_free(table):
    import matplotlib.pyplot as plt

    before = plt.get_fignums()
    ax = plots.plot_win_vs_values(table, (2,))
    assert plt.get_fignums() == before and ax.figure is not None


def test_bad_axes_tables_and_positions_are_refused(table):
    with pytest.raises(TypeError, match="ax must be a Axes"):
        plots.plot_win_heatmap(table, ax=np.zeros((2, 2)))
    with pytest.raises(TypeError, match="ax must be a Axes"):
        plots.plot_board(fl.Position(10, 3, [None] * 3), ax="axes")
    with pytest.raises(ValueError, match="shape"):
        plots.plot_win_heatmap(np.zeros((11,)))
    with pytest.raises(ValueError, match=r"\[0, 1\]"):
        plots.plot_win_heatmap(np.full((11, 4), 2.0))
    with pytest.raises(ValueError, match=r"\[0, 1\]"):
        plots.plot_win_vs_values(np.full((11, 3), np.nan), (2,))
    with pytest.raises(TypeError, match="table"):
        plots.plot_win_vs_values(10**400, (2,))
    with pytest.raises(TypeError, match="log_y"):
        plots.plot_win_vs_values(table, (2,), log_y="yes")
    with pytest.raises(TypeError, match="position"):
        plots.plot_board({"V": 10, "F": 3})
    res = [fl.simulate(20, 4, 100, "optimal", seed=0)]
    with pytest.raises(ValueError, match="optimal"):
        plots.plot_win_rates(res, {(20, 4): {"optimal": 0.0}})
    with pytest.raises(TypeError, match="SimulationResult"):
        plots.plot_win_rates([1, 2], {(20, 4): {"optimal": 0.5}})


def test_positions_are_checked_when_made():
    with pytest.raises(ValueError, match="cannot go"):
        fl.Position(10, 3, [None, 4, None], 5, {0: 0.5})
    with pytest.raises(ValueError, match="probabilities"):
        fl.Position(10, 3, [None, 4, None], 5, {2: 1.5})
    with pytest.raises(ValueError, match="best"):
        fl.Position(10, 3, [None, 4, None], 5, {2: 0.5}, best=0)
    with pytest.raises(ValueError, match="already drawn"):
        fl.Position(10, 3, [None, 4, None], 4)
    with pytest.raises(ValueError, match="pending roll"):
        fl.Position(10, 3, [None, 4, None], None, {2: 0.5})
    with pytest.raises(ValueError, match="outcome"):
        fl.Position(10, 3, [None, 4, None], outcome="draw")
