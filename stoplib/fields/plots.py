"""The increasing-fields game: the figures of notebook 04 and of its panels.

Each ``plot_*`` function draws on the ``Axes`` it is given, or on a new
pyplot-free figure from :func:`stoplib.workbook.style.figure` when ``ax`` is
None, inside the workbook style (:mod:`stoplib.workbook.style`: Okabe-Ito
colours, text of at least 8 pt), and returns the ``Axes``. The numbers come from
the solver (:mod:`stoplib.fields.solver`) or from Monte Carlo results
(:mod:`stoplib.fields.simulation`). Source of the game: M. Stepinski's
increasing-fields page, https://mikolajstepinski.online/ (see :mod:`stoplib.fields.document`).

Examples
--------
>>> from stoplib.workbook import style
>>> ax = plot_win_vs_values((2, 5), 50)
>>> style.small_text(ax.figure)
[]
"""
from __future__ import annotations

import numpy as np

from ..util.validate import check_int
from ..workbook import style
from .rules import _check_sizes, _check_state
from .solver import optimal_policy, win_table

__all__ = ["plot_win_heatmap", "plot_win_vs_values", "plot_optimal_policy", "plot_band_widths",
           "plot_win_rates", "plot_board", "band_widths"]


def _axis(ax, figsize=(6.4, 4.0)):
    if ax is None:
        _, ax = style.figure(figsize=figsize)
    return ax


@style.styled
def plot_win_heatmap(V_max=60, F_max=20, ax=None, table=None):
    """Heat map of Win(V, F) under optimal play over 1..V_max x 1..F_max, log colour scale,
    with labelled contour lines at 50%, 10%, 1% and 0.1%.

    Parameters
    ----------
    V_max, F_max : int
        Largest number of values and of fields.
    ax : matplotlib Axes or None
    table : array or None
        ``win_table(V_max, F_max)`` if already computed.
    """
    import matplotlib.colors as mcolors
    from matplotlib.ticker import MaxNLocator

    V_max = check_int("V_max", V_max, 1)
    F_max = check_int("F_max", F_max, 1, V_max)
    ax = _axis(ax, (7.0, 4.2))
    t = win_table(V_max, F_max) if table is None else np.asarray(table, dtype=float)
    data = np.where(t > 0, t, np.nan)[1:, 1:].T            # data[F - 1, V - 1]
    norm = mcolors.LogNorm(vmin=float(np.nanmin(data)), vmax=1.0)
    im = ax.imshow(data, origin="lower", aspect="auto", cmap=style.SEQUENTIAL, norm=norm,
                   extent=(0.5, V_max + 0.5, 0.5, F_max + 0.5), interpolation="nearest")
    ax.figure.colorbar(im, ax=ax, label="Win(V, F) (log scale)")
    levels = [x for x in (1e-3, 1e-2, 1e-1, 0.5) if np.nanmin(data) < x < 1.0]
    if levels:
        V_grid, F_grid = np.meshgrid(np.arange(1, V_max + 1), np.arange(1, F_max + 1))
        lines = ax.contour(V_grid, F_grid, data, levels=levels, colors="white", linewidths=1.0)
        ax.clabel(lines, fmt=lambda x: f"{100 * x:g}%", fontsize=9, inline=True)
    ax.text(0.04, 0.93, "F > V: no game", transform=ax.transAxes, fontsize=9, va="top",
            color=style.COLORS["grey"])
    ax.yaxis.set_major_locator(MaxNLocator(integer=True))
    ax.set_xlabel("values V")
    ax.set_ylabel("fields F")
    ax.grid(False)
    return ax


@style.styled
def plot_win_vs_values(F_values=(2, 3, 5, 8, 12, 20), V_max=200, ax=None, log_y=True, table=None):
    """Win(V, F) against V (log scale) for several F, one line per F, the legend beside the axes.

    Parameters
    ----------
    F_values : sequence of int
        Numbers of fields, each in 1..V_max.
    V_max : int
        Largest number of values.
    ax : matplotlib Axes or None
    log_y : bool
        Log scale on the probability axis (the tails of large F need it).
    table : array or None
        ``win_table(V_max, max(F_values))`` if already computed.
    """
    F_values = [check_int("F", f, 1) for f in F_values]
    if not F_values:
        raise ValueError("F_values must name at least one number of fields")
    V_max = check_int("V_max", V_max, max(F_values))
    ax = _axis(ax, (7.0, 4.0))
    t = win_table(V_max, max(F_values)) if table is None else np.asarray(table, dtype=float)
    for f in sorted(set(F_values)):
        v = np.arange(f, V_max + 1)
        ax.plot(v, t[f:V_max + 1, f], label=f"F = {f}")
    ax.set_xscale("log")
    if log_y:
        ax.set_yscale("log")
    else:
        ax.set_ylim(0, 1.02)
    ax.set_xlabel("values V (log scale)")
    ax.set_ylabel("Win(V, F)" + (" (log scale)" if log_y else ""))
    ax.legend(loc="center left", bbox_to_anchor=(1.01, 0.5), title="fields")
    return ax


def band_widths(V, F):
    """How many first rolls each field takes: (optimal, proportional), two arrays of length F.

    Examples
    --------
    >>> opt, prop = band_widths(6, 3)
    >>> opt.tolist(), prop.tolist()
    ([2, 2, 2], [2, 2, 2])
    """
    V, F = _check_sizes(V, F)
    if F == 0:
        raise ValueError("F must be >= 1 for a policy")
    policy = optimal_policy(V, F)
    proportional = (np.arange(V) * F) // V
    return np.bincount(policy, minlength=F), np.bincount(proportional, minlength=F)


@style.styled
def plot_optimal_policy(V, F, ax=None):
    """The optimal field for each first roll (a staircase), beside the proportional rule."""
    V, F = _check_sizes(V, F)
    ax = _axis(ax)
    policy = optimal_policy(V, F)
    r = np.arange(V + 1)
    ax.step(r, np.append(policy, policy[-1]), where="post", color=style.COLORS["blue"],
            label="optimal")
    proportional = (np.arange(V) * F) // V
    ax.step(r, np.append(proportional, proportional[-1]), where="post", color=style.COLORS["orange"],
            linestyle=(0, (2, 2)), label="proportional ⌊rF/V⌋")
    ax.set_xlim(0, V)
    ax.set_xlabel("first roll r")
    ax.set_ylabel("field")
    if F <= 12:
        ax.set_yticks(range(F))
    ax.legend(loc="upper left")
    return ax


@style.styled
def plot_band_widths(V, F, ax=None):
    """Bars: how many of the V first rolls go to each field, optimal against proportional."""
    ax = _axis(ax)
    optimal, proportional = band_widths(V, F)
    x = np.arange(len(optimal))
    ax.bar(x - 0.2, optimal, width=0.4, color=style.COLORS["blue"], label="optimal")
    ax.bar(x + 0.2, proportional, width=0.4, color=style.COLORS["orange"], label="proportional")
    ax.set_xlabel("field")
    ax.set_ylabel("first rolls sent there")
    if len(x) <= 12:
        ax.set_xticks(x)
    ax.set_ylim(0, 1.25 * max(optimal.max(), proportional.max()))
    ax.legend(loc="upper center", ncols=2)
    ax.grid(axis="x", visible=False)
    return ax


@style.styled
def plot_win_rates(results, exact, ax=None):
    """Monte Carlo win rates of each policy relative to the exact optimal Win(V, F).

    Points with ±4 standard-error bars, one colour per game size; open diamonds
    mark exact values where they are known.

    Parameters
    ----------
    results : sequence of SimulationResult
        Any policies and game sizes.
    exact : dict
        ``{(V, F): {policy: exact win probability}}``; each size needs ``"optimal"``.
    """
    ax = _axis(ax, (6.4, 4.0))
    sizes = list(dict.fromkeys((r.V, r.F) for r in results))
    policies = list(dict.fromkeys(r.policy for r in results))
    width = 0.5 / max(len(sizes), 1)
    for j, (V, F) in enumerate(sizes):
        if "optimal" not in exact.get((V, F), {}):
            raise ValueError(f"exact[({V}, {F})] must hold the optimal win probability")
        ref = exact[(V, F)]["optimal"]
        colour = style.CYCLE[j % len(style.CYCLE)]
        offset = (j - (len(sizes) - 1) / 2) * width
        rows = [r for r in results if (r.V, r.F) == (V, F)]
        x = [policies.index(r.policy) + offset for r in rows]
        ax.errorbar(x, [r.mean / ref for r in rows], yerr=[4 * r.std_err / ref for r in rows],
                    fmt="o", color=colour, capsize=3, label=f"Monte Carlo, V = {V}, F = {F}")
        known = [(policies.index(p) + offset, value / ref) for p, value in exact[(V, F)].items()
                 if p in policies]
        if known:
            ax.plot(*zip(*known), "D", markerfacecolor="none", markeredgecolor=style.COLORS["black"],
                    markersize=8, linestyle="none", label="exact" if j == 0 else None)
    ax.axhline(1.0, color=style.COLORS["grey"], linewidth=0.8)
    ax.set_xticks(range(len(policies)), policies)
    ax.set_xlim(-0.6, len(policies) - 0.4)
    ax.set_ylabel("win rate ÷ optimal Win(V, F)")
    ax.legend(loc="lower left")
    ax.grid(axis="x", visible=False)
    return ax


@style.styled
def plot_board(V, F, state, roll=None, probabilities=None, best=None, chosen=None, ax=None):
    """One position: the fields with their values, and for a pending roll the win
    probability after placing it on each legal field (the optimal one marked).

    Parameters
    ----------
    V, F : int
        Game size.
    state : list
        Value or None per field.
    roll : int or None
        The pending roll, if any.
    probabilities : dict or None
        ``{field: win probability}`` for the pending roll.
    best : int or None
        The optimal field (drawn in blue with a thick outline).
    chosen : int or None
        The field another policy would pick (outlined in orange), if it differs.
    ax : matplotlib Axes or None
    """
    from matplotlib.patches import Rectangle

    V, F = _check_sizes(V, F)
    cells = _check_state(V, F, state)
    probabilities = probabilities or {}
    ax = _axis(ax, (max(7.0, 0.3 * F + 1.5), 3.0))
    top = 1.0
    for i, v in enumerate(cells):
        legal = i in probabilities
        face = "#E8F1F8" if legal else ("white" if v < 0 else "#EFEFEF")
        edge, lw = style.COLORS["grey"], 0.8
        if i == best:
            edge, lw = style.COLORS["blue"], 2.5
        elif i == chosen:
            edge, lw = style.COLORS["orange"], 2.5
        ax.add_patch(Rectangle((i - 0.45, top + 0.05), 0.9, 0.5, facecolor=face, edgecolor=edge,
                               linewidth=lw))
        if v >= 0:
            ax.text(i, top + 0.3, str(v), ha="center", va="center", fontsize=9 if F <= 20 else 8,
                    fontweight="bold", rotation=0 if F <= 20 else 90)
        if legal:
            p = probabilities[i]
            colour = style.COLORS["blue"] if i == best else style.COLORS["sky"]
            ax.add_patch(Rectangle((i - 0.35, 0.0), 0.7, 0.9 * p, facecolor=colour, edgecolor="none"))
            ax.text(i, 0.9 * p + 0.02, f"{100 * p:.3g}%", ha="center", va="bottom", fontsize=8,
                    rotation=0 if F <= 12 else 90)
    ax.set_xlim(-0.6, F - 0.4)
    ax.set_ylim(0, top + 0.6)
    ax.set_xticks(range(F) if F <= 25 else range(0, F, 5))
    ax.set_yticks([0, 0.45, 0.9], ["0%", "50%", "100%"])
    ax.set_xlabel("field")
    ax.set_ylabel("win probability\nafter placing")
    ax.spines["left"].set_bounds(0, 0.9)
    ax.grid(False)
    title = f"V = {V}, F = {F}" + ("" if roll is None else f": rolled {roll}")
    ax.set_title(title, loc="left")
    if roll is None and all(v >= 0 for v in cells):
        ax.text((F - 1) / 2, 0.45, "every field is filled: won", ha="center", va="center",
                color=style.COLORS["blue"], fontsize=10)
    elif roll is None:
        ax.text((F - 1) / 2, 0.45, "no roll pending", ha="center", va="center",
                color=style.COLORS["grey"], fontsize=10)
    elif not probabilities:
        ax.text((F - 1) / 2, 0.45, f"roll {roll}: no legal field", ha="center", va="center",
                color=style.COLORS["vermillion"], fontsize=10)
    return ax
