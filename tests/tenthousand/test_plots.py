"""Ten Thousand and Pig figures (stoplib.tenthousand.plots): each draws on the Axes it is given."""
import matplotlib

matplotlib.use("Agg")
from matplotlib.figure import Figure  # noqa: E402

from stoplib import tenthousand as tt  # noqa: E402
from stoplib.tenthousand import claims, plots  # noqa: E402


def _ax():
    return Figure().subplots()


def test_value_function_and_advantage(sol):
    ax = plots.plot_value_function(_ax(), sol)
    assert len(ax.lines) == sol.n_dice + 2              # one curve per n, the stop line, the threshold
    ax = plots.plot_advantage(_ax(), tt.solve(3))
    assert len(ax.lines) == 3 + 1                       # one curve per n and the zero line


def test_table_plots_take_the_tables():
    dice = claims.dice_table(max_dice=3, cap_extra=10)
    ax = plots.plot_dice(_ax(), dice)
    assert list(ax.lines[0].get_xdata()) == [1, 2, 3]
    stop = claims.stop_at_table(range(1, 6))
    ax = plots.plot_stop_at(_ax(), stop, optimum=tt.solve().value)
    assert list(ax.lines[0].get_xdata()) == [50, 100, 150, 200, 250]


def test_score_distribution_and_pig(sol):
    ax = plots.plot_score_distribution(_ax(), [sol, tt.stop_at_policy(6)])
    assert len(ax.get_legend().get_texts()) == 2
    ax = plots.plot_pig(_ax(), tt.pig())
    assert len(ax.lines) == 2 + 2 + 1                    # value, stop line, two c lambda^tau, threshold
