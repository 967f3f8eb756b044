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

import numbers

import numpy as np

from ..util import budget
from ..util.validate import check_instance, check_int, check_real
from ..workbook import style
from ._kernels import _table_cost
from .rules import (DRAW_SECONDS_PER_FIGURE, DRAW_SECONDS_PER_PATCH, DRAW_SECONDS_PER_POINT, RATE_PRODUCTS,
                    _call, _check_flag, _check_roll, _check_sizes, _check_state, _combine, _gap_of, _real)
from .simulation import SimulationResult
from .solver import optimal_policy, win_table

__all__ = ["plot_win_heatmap", "plot_win_vs_values", "plot_optimal_policy", "plot_band_widths",
           "plot_win_rates", "plot_board", "band_widths"]


def _axis(ax, figsize=(6.4, 4.0)):
    if ax is None:
        _, ax = style.figure(figsize=figsize)
        return ax
    from matplotlib.axes import Axes
    return check_instance("ax", ax, Axes)


def _check_ax(ax):
    """Check ``ax`` before any work (an Axes or None)."""
    if ax is not None:
        from matplotlib.axes import Axes
        check_instance("ax", ax, Axes)


def _check_table(table, V_max, F_max):
    """A Win table given by the caller: a 2-D float array covering V <= V_max, F <= F_max,
    every entry a probability (nan is refused)."""
    if isinstance(table, (str, bytes, dict, set)) or isinstance(table, numbers.Number):
        raise TypeError(f"table must be a 2-D array of Win(V, F), got {type(table).__name__}")
    try:
        t = np.asarray(table, dtype=float)
    except (TypeError, ValueError, OverflowError):
        raise TypeError(f"table must be a 2-D array of Win(V, F) (floats), got {type(table).__name__}") from None
    if t.ndim != 2 or t.shape[0] < V_max + 1 or t.shape[1] < F_max + 1:
        raise ValueError(f"table must have shape ({V_max + 1}, {F_max + 1}) or larger (win_table(V_max, F_max)), "
                         f"got shape {t.shape}")
    t = t[:V_max + 1, :F_max + 1]
    if not np.all((t >= 0.0) & (t <= 1.0)):          # nan fails both comparisons
        raise ValueError("table must hold win probabilities in [0, 1] (no nan)")
    return t


def _table_or_estimate(V_max, F_max, table, points, what):
    """Check the budget of a plot that draws ``points`` and may compute its table."""
    table_cost = (_table_cost(F_max, V_max, "fast", what) if table is None
                  else budget.Estimate(what, 0.0, 0.0))
    budget.check(_combine(what, table_cost, seconds=DRAW_SECONDS_PER_FIGURE + _real(points) * DRAW_SECONDS_PER_POINT,
                          bytes=_real(points) * 16.0, basis=f"{_real(points):.3g} points drawn"))


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
    _check_ax(ax)
    if table is not None:
        table = _check_table(table, V_max, F_max)
    # an image cell and a contour point per (V, F)
    _table_or_estimate(V_max, F_max, table, 4 * _real(V_max) * _real(F_max),
                       _call("plot_win_heatmap", V_max, F_max))
    t = win_table(V_max, F_max) if table is None else table
    if not np.any(t[1:, 1:] > 0):
        raise ValueError("table must hold a positive Win(V, F) for some 1 <= F <= V (the colour scale is logarithmic)")
    ax = _axis(ax, (7.0, 4.2))
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
    F_values = _check_f_values(F_values)
    V_max = check_int("V_max", V_max, max(F_values))
    _check_ax(ax)
    log_y = _check_flag("log_y", log_y)
    if table is not None:
        table = _check_table(table, V_max, max(F_values))
    _table_or_estimate(V_max, max(F_values), table, _real(V_max) * len(set(F_values)),
                       _call("plot_win_vs_values", "...", V_max))
    ax = _axis(ax, (7.0, 4.0))
    t = win_table(V_max, max(F_values)) if table is None else table
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


def _check_f_values(F_values):
    """A list of numbers of fields (1 to 1000 of them, each >= 1)."""
    if isinstance(F_values, np.ndarray) and F_values.ndim == 1:
        F_values = F_values.tolist()
    if not isinstance(F_values, (list, tuple, range)):
        raise TypeError(f"F_values must be a list or tuple of numbers of fields, got {type(F_values).__name__}")
    if not F_values:
        raise ValueError("F_values must name at least one number of fields")
    if len(F_values) > 1000:
        raise ValueError(f"F_values must name at most 1000 numbers of fields, got {len(F_values)}")
    return [check_int(f"F_values[{i}]", f, 1) for i, f in enumerate(F_values)]


def _policy_plot_estimate(V, F, points, patches, what):
    """optimal_policy(V, F) (its table and scan) and the points and patches drawn."""
    scan = _real(V) * _real(F)
    budget.check(_combine(what, _table_cost(F, V - F, "fast", what),
                          seconds=scan / RATE_PRODUCTS["plain"] + _real(points) * DRAW_SECONDS_PER_POINT
                          + (DRAW_SECONDS_PER_FIGURE if points or patches else 0.0)
                          + _real(patches) * DRAW_SECONDS_PER_PATCH,
                          bytes=16.0 * _real(V), basis=f"{_real(points):.3g} points and {_real(patches):.3g} "
                                                       "patches drawn"))


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
    _policy_plot_estimate(V, F, 0, 0, _call("band_widths", V, F))
    policy = optimal_policy(V, F)
    proportional = (np.arange(V, dtype=np.int64) * F) // V
    return np.bincount(policy, minlength=F), np.bincount(proportional, minlength=F)


@style.styled
def plot_optimal_policy(V, F, ax=None):
    """The optimal field for each first roll (a staircase), beside the proportional rule."""
    V, F = _check_sizes(V, F)
    if F == 0:
        raise ValueError("F must be >= 1 for a policy")
    _check_ax(ax)
    _policy_plot_estimate(V, F, 2 * _real(V), 0, _call("plot_optimal_policy", V, F))
    ax = _axis(ax)
    policy = optimal_policy(V, F)
    r = np.arange(V + 1)
    ax.step(r, np.append(policy, policy[-1]), where="post", color=style.COLORS["blue"],
            label="optimal")
    proportional = (np.arange(V, dtype=np.int64) * F) // V
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
    V, F = _check_sizes(V, F)
    if F == 0:
        raise ValueError("F must be >= 1 for a policy")
    _check_ax(ax)
    _policy_plot_estimate(V, F, 0, 2 * _real(F), _call("plot_band_widths", V, F))
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
    if not isinstance(results, (list, tuple)):
        raise TypeError(f"results must be a list of SimulationResult, got {type(results).__name__}")
    if not results or len(results) > 1000:
        raise ValueError(f"results must hold 1 to 1000 SimulationResult, got {len(results)}")
    for i, r in enumerate(results):
        check_instance(f"results[{i}]", r, SimulationResult)
    check_instance("exact", exact, dict)
    for key, values in exact.items():
        check_instance(f"exact[{key!r}]", values, dict)
        for policy, value in values.items():
            low = 1e-300 if policy == "optimal" else 0.0       # the optimal value divides the rates
            check_real(f"exact[{key!r}][{policy!r}]", value, low, 1.0)
    _check_ax(ax)
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
    if F == 0:
        raise ValueError("F must be >= 1 to draw a board")
    legal = set()
    if roll is not None:
        roll = _check_roll(V, cells, roll)
        a, b, _, _ = _gap_of(V, F, cells, roll)
        legal = set(range(a, b + 1))
    if probabilities is None:
        probabilities = {}
    check_instance("probabilities", probabilities, dict)
    for key, p in probabilities.items():
        if roll is None:
            raise ValueError("probabilities need a pending roll (roll is None)")
        field = check_int("a field of probabilities", key, 0, F - 1)
        if field not in legal:
            raise ValueError(f"probabilities name field {field}, where roll {roll} cannot go "
                             f"(legal fields: {sorted(legal) or 'none'})")
        check_real(f"probabilities[{field}]", p, 0.0, 1.0)
    for name, field in (("best", best), ("chosen", chosen)):
        if field is not None:
            field = check_int(name, field, 0, F - 1)
            if field not in legal:
                raise ValueError(f"{name} must be a legal field for the roll ({sorted(legal) or 'none'}), "
                                 f"got {field}")
    _check_ax(ax)
    budget.check(budget.Estimate(_call("plot_board", V, F, "..."),
                                 DRAW_SECONDS_PER_FIGURE + _real(F) * 3 * DRAW_SECONDS_PER_PATCH,
                                 _real(F) * 4e3, f"{F} fields of 3 patches and texts each"))
    probabilities = {int(k): float(p) for k, p in probabilities.items()}
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
