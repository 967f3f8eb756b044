"""The increasing-fields game: the figures of notebook 04 and of its panels.

Each ``plot_*`` function draws a result it is given (it computes nothing: no solver,
simulation or claims call) on the ``Axes`` it is given, or on a new pyplot-free
figure from :func:`stoplib.workbook.style.figure` when ``ax`` is None, inside the
workbook style (:mod:`stoplib.workbook.style`: Okabe-Ito colours, text of at least
8 pt), and returns the ``Axes``. The results come from the game's API:

- a Win table, ``win_table(V_max, F_max)`` (:func:`plot_win_heatmap`, :func:`plot_win_vs_values`);
- :class:`stoplib.fields.FirstMoves`, ``first_moves(V, F)`` (:func:`plot_optimal_policy`,
  :func:`plot_band_widths`);
- :class:`stoplib.fields.SimulationResult` objects and exact values (:func:`plot_win_rates`);
- a :class:`stoplib.fields.Position`, ``FieldsGame.position()`` (:func:`plot_board`).

Source of the game: M. Stepinski's increasing-fields page, https://mikolajstepinski.online/
(see :mod:`stoplib.fields.document`).

Examples
--------
>>> from stoplib import fields as fl
>>> from stoplib.workbook import style
>>> ax = plot_win_vs_values(fl.win_table(50, 5), (2, 5))
>>> style.small_text(ax.figure)
[]
"""
from __future__ import annotations

import numbers

import numpy as np

from ..util import budget
from ..util.validate import check_instance, check_int, check_real
from ..workbook import style
from ._costs import _call, _draw_estimate, _real
from .game import Position
from .rules import _check_flag
from .simulation import SimulationResult
from .solver import FirstMoves

__all__ = ["plot_win_heatmap", "plot_win_vs_values", "plot_optimal_policy", "plot_band_widths",
           "plot_win_rates", "plot_board"]


def _axis(ax, figsize=(6.4, 4.0)):
    if ax is None:
        _, ax = style.figure(figsize=figsize)
    return ax


def _check_ax(ax):
    """Check ``ax`` before any work (an Axes or None)."""
    if ax is not None:
        from matplotlib.axes import Axes
        check_instance("ax", ax, Axes)


def _check_table(table, what, points_per_cell=1.0, F_max=None):
    """A Win table ``table[V, F]`` (``win_table(V_max, F_max)``): a 2-D float array with V_max >= 1
    and F_max >= 1, every entry a probability (nan is refused). The drawing's budget is checked on
    the shape, before the entries are read. ``F_max``: the columns needed (default: all)."""
    if isinstance(table, (str, bytes, dict, set)) or isinstance(table, numbers.Number):
        raise TypeError(f"table must be a 2-D array of Win(V, F) (win_table(V_max, F_max)), "
                        f"got {type(table).__name__}")
    try:
        t = np.asarray(table, dtype=float)
    except (TypeError, ValueError, OverflowError):
        raise TypeError(f"table must be a 2-D array of Win(V, F) (floats), got {type(table).__name__}") from None
    if t.ndim != 2 or t.shape[0] < 2 or t.shape[1] < 2:
        raise ValueError(f"table must be a 2-D array win_table(V_max, F_max) with V_max, F_max >= 1, "
                         f"got shape {t.shape}")
    if F_max is not None:
        if t.shape[1] < F_max + 1:
            raise ValueError(f"table must have F_max + 1 = {F_max + 1} columns or more "
                             f"(win_table(V_max, {F_max})), got shape {t.shape}")
        t = t[:, :F_max + 1]
    budget.check(_draw_estimate(what, points=points_per_cell * _real(t.shape[0]) * _real(t.shape[1])))
    if not np.all((t >= 0.0) & (t <= 1.0)):          # nan fails both comparisons
        raise ValueError("table must hold win probabilities in [0, 1] (no nan)")
    return t


@style.styled
def plot_win_heatmap(table, ax=None):
    """Heat map of Win(V, F) under optimal play over 1..V_max x 1..F_max, log colour scale,
    with labelled contour lines at 50%, 10%, 1% and 0.1%.

    Parameters
    ----------
    table : array
        ``win_table(V_max, F_max)``: ``table[V, F]``, shape ``(V_max + 1, F_max + 1)``.
    ax : matplotlib Axes or None
    """
    import matplotlib.colors as mcolors
    from matplotlib.ticker import MaxNLocator

    _check_ax(ax)
    # an image cell and a contour point per (V, F)
    t = _check_table(table, _call("plot_win_heatmap", "table"), points_per_cell=4.0)
    V_max, F_max = t.shape[0] - 1, t.shape[1] - 1
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
def plot_win_vs_values(table, F_values, ax=None, log_y=True):
    """Win(V, F) against V (log scale) for several F, one line per F, the legend beside the axes.

    Parameters
    ----------
    table : array
        ``win_table(V_max, F_max)`` with ``F_max >= max(F_values)``.
    F_values : sequence of int
        Numbers of fields, each in 1..V_max.
    ax : matplotlib Axes or None
    log_y : bool
        Log scale on the probability axis (the tails of large F need it).
    """
    F_values = _check_f_values(F_values)
    _check_ax(ax)
    log_y = _check_flag("log_y", log_y)
    t = _check_table(table, _call("plot_win_vs_values", "table", "..."), F_max=max(F_values))
    V_max = t.shape[0] - 1
    if max(F_values) > V_max:
        raise ValueError(f"F_values must be at most V_max = {V_max} (the table's largest V), got {max(F_values)}")
    ax = _axis(ax, (7.0, 4.0))
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


@style.styled
def plot_optimal_policy(moves, ax=None):
    """The optimal field for each first roll (a staircase), beside the proportional rule.

    Parameters
    ----------
    moves : FirstMoves
        ``first_moves(V, F)``.
    ax : matplotlib Axes or None
    """
    check_instance("moves", moves, FirstMoves)
    _check_ax(ax)
    V, F = moves.V, moves.F
    budget.check(_draw_estimate(_call("plot_optimal_policy", "moves"), points=4 * _real(V)))
    ax = _axis(ax)
    r = np.arange(V + 1)
    ax.step(r, np.append(moves.optimal, moves.optimal[-1]), where="post", color=style.COLORS["blue"],
            label="optimal")
    ax.step(r, np.append(moves.proportional, moves.proportional[-1]), where="post", color=style.COLORS["orange"],
            linestyle=(0, (2, 2)), label="proportional ⌊rF/V⌋")
    ax.set_xlim(0, V)
    ax.set_xlabel("first roll r")
    ax.set_ylabel("field")
    if F <= 12:
        ax.set_yticks(range(F))
    ax.legend(loc="upper left")
    return ax


@style.styled
def plot_band_widths(moves, ax=None):
    """Bars: how many of the V first rolls go to each field, optimal against proportional.

    Parameters
    ----------
    moves : FirstMoves
        ``first_moves(V, F)``.
    ax : matplotlib Axes or None
    """
    check_instance("moves", moves, FirstMoves)
    _check_ax(ax)
    # two bars per field, each about two board patches' time (benchmarks/bench_fields.py --calibrate)
    budget.check(_draw_estimate(_call("plot_band_widths", "moves"), patches=4 * _real(moves.F)))
    ax = _axis(ax)
    optimal, proportional = moves.optimal_widths, moves.proportional_widths
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
def plot_board(position, ax=None):
    """One position: the fields with their values, and for a pending roll the win
    probability after placing it on each legal field (the optimal one marked).

    Parameters
    ----------
    position : Position
        ``FieldsGame.position(policy)``: the board, the pending roll, the probability of
        each legal field, the optimal field (drawn in blue with a thick outline) and the
        field the policy picks (outlined in orange where it differs), the rolls so far.
    ax : matplotlib Axes or None
    """
    from matplotlib.patches import Rectangle

    check_instance("position", position, Position)
    _check_ax(ax)
    V, F = position.V, position.F
    budget.check(_draw_estimate(_call("plot_board", "position"), patches=3 * _real(F)))
    probabilities, best, roll = position.probabilities, position.best, position.roll
    chosen = position.chosen if position.chosen != best else None
    ax = _axis(ax, (max(7.0, 0.3 * F + 1.5), 3.0))
    top = 1.0
    for i, v in enumerate(position.state):
        legal = i in probabilities
        face = "#E8F1F8" if legal else ("white" if v is None else "#EFEFEF")
        edge, lw = style.COLORS["grey"], 0.8
        if i == best:
            edge, lw = style.COLORS["blue"], 2.5
        elif i == chosen:
            edge, lw = style.COLORS["orange"], 2.5
        ax.add_patch(Rectangle((i - 0.45, top + 0.05), 0.9, 0.5, facecolor=face, edgecolor=edge,
                               linewidth=lw))
        if v is not None:
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
    history = ", ".join(str(r) for r, _ in position.history) or "none"
    ax.set_title(f"rolls so far: {history}", loc="right", fontsize=9, color=style.COLORS["grey"])
    if roll is None and all(v is not None for v in position.state):
        ax.text((F - 1) / 2, 0.45, "every field is filled: won", ha="center", va="center",
                color=style.COLORS["blue"], fontsize=10)
    elif roll is None:
        ax.text((F - 1) / 2, 0.45, "no roll pending", ha="center", va="center",
                color=style.COLORS["grey"], fontsize=10)
    elif not probabilities:
        ax.text((F - 1) / 2, 0.45, f"roll {roll}: no legal field", ha="center", va="center",
                color=style.COLORS["vermillion"], fontsize=10)
    return ax
