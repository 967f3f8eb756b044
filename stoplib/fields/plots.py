"""The increasing-fields game (document 001): the figures of notebook 04.

Each ``plot_*`` function draws on the ``Axes`` it is given (a new figure when
``ax`` is None) from the solver's tables (:mod:`stoplib.fields.solver`) or
Monte Carlo results (:mod:`stoplib.fields.simulation`). Source:
``shared/seeds/001_dba9ac7e55753289.txt``.
"""
from __future__ import annotations

import numpy as np

from ..util.validate import check_int
from .solver import optimal_policy, win_table

__all__ = ["plot_win_heatmap", "plot_win_vs_values", "plot_optimal_policy", "plot_win_rates"]


def _axis(ax, figsize=(6, 4)):
    if ax is None:
        import matplotlib.pyplot as plt
        _, ax = plt.subplots(figsize=figsize)
    return ax


def plot_win_heatmap(V_max=60, F_max=20, ax=None, table=None):
    """Heat map of log10 Win(V, F) (optimal play) over 1..V_max x 1..F_max."""
    import matplotlib.colors as mcolors
    ax = _axis(ax, (7, 4.5))
    t = win_table(V_max, F_max) if table is None else np.asarray(table, dtype=float)
    data = np.where(t > 0, t, np.nan)[1:, 1:].T
    im = ax.imshow(data, origin="lower", aspect="auto", cmap="viridis",
                   norm=mcolors.LogNorm(vmin=np.nanmin(data), vmax=1.0),
                   extent=(0.5, t.shape[0] - 0.5, 0.5, t.shape[1] - 0.5))
    ax.figure.colorbar(im, ax=ax, label="win probability (log scale)")
    from matplotlib.ticker import MaxNLocator
    ax.yaxis.set_major_locator(MaxNLocator(integer=True))
    ax.set_xlabel("values V")
    ax.set_ylabel("fields F")
    ax.set_title("Win(V, F) under optimal play (blank: F > V)")
    return ax


def plot_win_vs_values(F_values=(2, 3, 5, 8, 12, 20), V_max=200, ax=None):
    """Win(V, F) against V for several F, on log-log axes."""
    ax = _axis(ax)
    F_values = [check_int("F", f, 1) for f in F_values]
    if not F_values:
        raise ValueError("F_values must name at least one number of fields")
    V_max = check_int("V_max", V_max, max(F_values))
    t = win_table(V_max, max(F_values))
    for f in sorted(set(F_values)):
        v = np.arange(f, V_max + 1)
        ax.plot(v, t[f:, f], label=f"F = {f}")
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.set_xlabel("values V (log scale)")
    ax.set_ylabel("win probability")
    ax.legend(fontsize="small")
    ax.grid(alpha=0.3)
    return ax


def plot_optimal_policy(V, F, ax=None):
    """Optimal field against the first roll, beside the proportional rule."""
    ax = _axis(ax)
    pol = optimal_policy(V, F)
    r = np.arange(V)
    ax.step(r, pol, where="mid", label="optimal")
    ax.plot(r, (r * F) // V, ":", label="proportional floor(rF/V)")
    ax.set_xlabel("first roll")
    ax.set_ylabel("field")
    ax.set_title(f"first move, V = {V}, F = {F}")
    ax.legend(fontsize="small")
    return ax


def plot_win_rates(results, exact=None, ax=None):
    """Bar chart of Monte Carlo win rates with 4 standard-error bars.

    ``results``: SimulationResults; ``exact``: optional {policy: value} drawn as ticks.
    """
    ax = _axis(ax)
    names = [r.policy for r in results]
    x = np.arange(len(results))
    ax.bar(x, [r.mean for r in results], yerr=[4 * r.std_err for r in results], capsize=4,
           color="tab:blue", alpha=0.7, label="Monte Carlo (+- 4 SE)")
    if exact:
        for i, n in enumerate(names):
            if n in exact:
                ax.plot([i - 0.4, i + 0.4], [exact[n]] * 2, "k-", lw=2,
                        label="exact" if i == 0 else None)
    ax.set_xticks(x, names)
    ax.set_ylabel("win rate")
    ax.legend(fontsize="small")
    return ax
