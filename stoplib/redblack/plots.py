"""The red/black card game ("Problem 14"): every figure of notebooks 01-03.

Each ``plot_*`` function draws a result it is given (a table, a dataclass of the API)
in the workbook style (:mod:`stoplib.workbook.style`) on a matplotlib ``Axes`` it is
given and returns it, or, for multi-panel figures, builds an explicit ``Figure`` with
:func:`stoplib.workbook.style.figure` and returns that. A plot computes nothing: the
solver, the simulator and the fits run before, and their results are passed in
(:func:`stoplib.redblack.position`, :func:`stoplib.redblack.asymptotics.boundary_comparison`,
...). Nothing here touches pyplot, so the widgets of :mod:`stoplib.redblack.widgets`
can redraw from callbacks safely. Conventions follow :mod:`stoplib.redblack.solver`:
``table[r, b]`` is the value ``V(r, b)`` of the rest of the game with ``r`` red and
``b`` black cards left, red up the vertical axis, black along the horizontal one.

The DP (notebook 01)
    :func:`plot_value_heatmap`, :func:`plot_boundary_gap`, :func:`plot_stopping_boundary`,
    :func:`plot_policy`, :func:`plot_spreadsheet_comparison`, :func:`plot_method_timings`,
    :func:`plot_position_panel` (the figure of the position panel).
The simulation (notebook 02, :mod:`stoplib.redblack.simulation`)
    :func:`plot_sample_paths`, :func:`plot_winnings_distribution`.
Large decks (notebook 03, :mod:`stoplib.redblack.asymptotics`)
    :func:`plot_fits`, :func:`plot_residuals`, :func:`plot_ratio`,
    :func:`plot_correction`, :func:`plot_boundary_comparison`; the frontier sweeps
    (:mod:`stoplib.redblack.frontier`): :func:`plot_frontier_correction`.

Source
------
Gwern Branwen et al., "Problem 14 Dynamic Programming Solutions", gwern.net, October
2022 (https://gwern.net/problem-14): several of these redraw its figures (the 49
sample games, the "√ vs log" fits).
"""
from __future__ import annotations

import math

import numpy as np

from ..util.validate import check_bool, check_instance, check_int, check_real, check_str
from ..workbook import style
from ._plot_checks import _array, _boundary, _check_ax, _check_lim, _check_title
from ._plot_asymptotics import (plot_boundary_comparison, plot_correction, plot_fits, plot_ratio,  # noqa: F401
                                plot_residuals)
from ._plot_frontier import plot_frontier_correction  # noqa: F401  (the frontier figure, issue 13)
from .asymptotics import BoundaryComparison
from .simulation import SamplePaths, SimulationResult
from .solver import Position

__all__ = [
    "plot_value_heatmap", "plot_boundary_gap", "plot_stopping_boundary", "plot_policy",
    "plot_spreadsheet_comparison", "plot_method_timings", "plot_position_panel",
    "plot_sample_paths", "plot_winnings_distribution",
    "plot_fits", "plot_residuals", "plot_correction", "plot_ratio", "plot_boundary_comparison",
    "plot_frontier_correction",
]

C = style.COLORS
#: Colours of the policy maps: draw, stop.
DRAW, STOP = C["sky"], C["orange"]
_OUTSIDE = {"loc": "upper left", "bbox_to_anchor": (1.02, 1.0), "borderaxespad": 0.0}
#: A legend drawn over an image needs a frame, or a patch of the background colour vanishes.
_FRAMED = {"frameon": True, "framealpha": 1.0, "facecolor": "white", "edgecolor": "0.6"}


#: Most cards of each colour :func:`plot_position_panel` draws (its policy map is one
#: cell per position).
MAX_PANEL_CARDS = 3000


def _patch(color, label):
    from matplotlib.patches import Patch

    return Patch(facecolor=color, edgecolor="none", label=label)


# ---------------------------------------------------------------------------
# The DP (notebook 01)
# ---------------------------------------------------------------------------
@style.styled
def plot_value_heatmap(ax, table, title: str | None = "V(r, b): value of the rest of the game",
                       colorbar: bool = True):
    """Heat map of a value table ``table[r, b]``; cells worth exactly 0 (stop) in grey.

    Examples
    --------
    >>> from stoplib.redblack import value_table
    >>> fig, ax = style.figure()
    >>> plot_value_heatmap(ax, value_table(3, 3)) is ax
    True
    """
    import matplotlib as mpl

    _check_ax(ax)
    table = _array("table", table, 2).astype(float)
    if not np.isfinite(table).all():
        raise ValueError("table must hold finite values")
    title = _check_title(title)
    colorbar = check_bool("colorbar", colorbar)
    n_r, n_b = table.shape
    cmap = mpl.colormaps[style.SEQUENTIAL].with_extremes(bad=style.OPEN)
    im = ax.imshow(np.ma.masked_where(table == 0.0, table), origin="lower", cmap=cmap, aspect="auto",
                   extent=(-0.5, n_b - 0.5, -0.5, n_r - 0.5), interpolation="nearest")
    ax.set_xlabel("black cards left, b")
    ax.set_ylabel("red cards left, r")
    ax.grid(False)
    ax.legend(handles=[_patch(style.OPEN, "V = 0: stop")], loc="lower right", **_FRAMED)
    if title:
        ax.set_title(title)
    if colorbar:
        ax.figure.colorbar(im, ax=ax, label="V(r, b) ($)")
    return ax


@style.styled
def plot_boundary_gap(ax, comparison: BoundaryComparison):
    """How far ahead optimal play must be before it stops, row by row.

    For ``r`` red cards left the game stops from ``exact[r]`` black cards on, that is
    once you are ``exact[r] − r`` dollars ahead (in a balanced game); drawn against
    ``r`` with the Brownian-bridge level ``α √(r + b)``. ``comparison`` is a
    :class:`~stoplib.redblack.asymptotics.BoundaryComparison`.

    Examples
    --------
    >>> from stoplib.redblack.asymptotics import boundary_comparison
    >>> fig, ax = style.figure()
    >>> plot_boundary_gap(ax, boundary_comparison(30)).get_xlabel()
    'red cards left, r'
    """
    _check_ax(ax)
    check_instance("comparison", comparison, BoundaryComparison)
    bnd = _boundary(comparison.exact)
    r = np.arange(1, bnd.size)
    lead = bnd[1:] - r
    alpha = comparison.alpha
    ax.step(r, lead, where="mid", color=C["vermillion"], label="exact: stop once ahead by b − r")
    ax.plot(r, alpha * np.sqrt(r + bnd[1:]), color=C["black"], ls="--", lw=1.2,
            label=f"bridge: α √(r + b), α = {alpha:.4f}")
    ax.set_xlabel("red cards left, r")
    ax.set_ylabel("lead at which you stop ($)")
    ax.set_xlim(0, r[-1] if r.size else 1)
    ax.set_ylim(0, None)
    ax.legend(loc="upper left")
    return ax


@style.styled
def plot_stopping_boundary(ax, boundary, n_black: int | None = None, mark=None,
                           title: str | None = "draw left of the boundary, stop right of it"):
    """The stopping boundary ``boundary[r]`` (fewest black cards at which to stop) in the
    ``(b, r)`` plane, with the even-deck diagonal; ``mark=(r, b)`` adds a position.

    Examples
    --------
    >>> from stoplib.redblack import stopping_boundary
    >>> fig, ax = style.figure()
    >>> plot_stopping_boundary(ax, stopping_boundary(26), mark=(5, 5)) is ax
    True
    """
    _check_ax(ax)
    bnd = _boundary(boundary)
    if n_black is not None:
        n_black = check_int("n_black", n_black, 0, 2**53)
    if mark is not None:
        if isinstance(mark, (str, bytes)) or not hasattr(mark, "__len__") or len(mark) != 2:
            raise TypeError(f"mark must be None or a position (r, b), got {mark!r}"[:120])
        mark = (check_int("mark[0]", mark[0], 0, 2**53), check_int("mark[1]", mark[1], 0, 2**53))
    return _draw_stopping_boundary(ax, bnd, n_black, mark, _check_title(title))


def _draw_stopping_boundary(ax, bnd, n_black, mark, title):
    """:func:`plot_stopping_boundary` of checked arguments."""
    r = np.arange(len(bnd))
    right = max(int(n_black or 0), int(bnd.max(initial=0))) + 1
    ax.fill_betweenx(r, bnd, right, step="post", color=STOP, alpha=0.35, lw=0, label="stop")
    ax.step(bnd, r, where="post", color=C["vermillion"], label="stopping boundary")
    m = max(len(bnd) - 1, 1)
    ax.plot([0, m], [0, m], color=C["grey"], ls="--", lw=1, label="b = r (even deck)")
    if mark is not None:
        ax.plot([mark[1]], [mark[0]], "o", color=C["black"], ms=6, label=f"you: {mark[0]} red, {mark[1]} black")
    ax.set_xlabel("black cards left, b")
    ax.set_ylabel("red cards left, r")
    ax.set_xlim(0, right + 0.5)
    ax.set_ylim(0, max(m, 1) + max(0.6, 0.02 * m))          # room for a position on the top row
    ax.legend(loc="upper left")
    if title:
        ax.set_title(title)
    return ax


@style.styled
def plot_policy(ax, policy, title: str | None = "optimal action"):
    """Policy map: where drawing is strictly better (True, sky blue) and where to stop (orange).

    Examples
    --------
    >>> from stoplib.redblack import policy_table
    >>> fig, ax = style.figure()
    >>> plot_policy(ax, policy_table(5, 5)) is ax
    True
    """
    _check_ax(ax)
    policy = _array("policy", policy, 2, kinds="biu")
    if policy.dtype.kind != "b" and not np.isin(policy, (0, 1)).all():
        raise ValueError("policy must hold True/False (or 1/0)")
    return _draw_policy(ax, policy.astype(bool), _check_title(title))


def _draw_policy(ax, policy, title):
    """:func:`plot_policy` of a checked boolean table."""
    from matplotlib.colors import ListedColormap

    n_r, n_b = policy.shape
    ax.imshow(policy.astype(int), origin="lower", cmap=ListedColormap([STOP, DRAW]), vmin=0, vmax=1,
              aspect="auto", extent=(-0.5, n_b - 0.5, -0.5, n_r - 0.5), interpolation="nearest")
    ax.grid(False)
    ax.legend(handles=[_patch(DRAW, "draw"), _patch(STOP, "stop")], loc="upper left", **_FRAMED)
    ax.set_xlabel("black cards left, b")
    ax.set_ylabel("red cards left, r")
    if title:
        ax.set_title(title)
    return ax


@style.styled
def plot_spreadsheet_comparison(ax, comparison, title: str | None = None):
    """Which cells of the printed spreadsheet a reading reproduces (blue) and which it does
    not (orange), in the spreadsheet's own layout; the key gives the counts.

    ``comparison`` is a :class:`stoplib.redblack.claims.SpreadsheetComparison`.

    Examples
    --------
    >>> from stoplib.redblack import spreadsheet_comparison
    >>> fig, ax = style.figure()
    >>> plot_spreadsheet_comparison(ax, spreadsheet_comparison("value")) is ax
    True
    """
    from matplotlib.colors import ListedColormap

    from .claims import SpreadsheetComparison

    _check_ax(ax)
    check_instance("comparison", comparison, SpreadsheetComparison)
    title = _check_title(title)
    df = comparison.table
    rows = sorted(df["row_label"].unique(), reverse=True)
    cols = sorted(df["col_label"].unique(), reverse=True)
    grid = df.pivot(index="row_label", columns="col_label", values="matches").loc[rows, cols]
    ax.imshow(grid.to_numpy().astype(int), cmap=ListedColormap([style.DIFFER, style.AGREE]), vmin=0, vmax=1,
              interpolation="nearest", aspect="equal")
    ax.grid(False)
    shown = [label for label in cols if label % 5 == 0]
    ax.set_xticks([cols.index(x) for x in shown], [str(x) for x in shown])
    shown = [label for label in rows if label % 5 == 0]
    ax.set_yticks([rows.index(x) for x in shown], [str(x) for x in shown])
    ax.set_xticks(np.arange(len(cols) + 1) - 0.5, minor=True)
    ax.set_yticks(np.arange(len(rows) + 1) - 0.5, minor=True)
    ax.grid(which="minor", color="white", lw=0.5, alpha=1.0)
    ax.tick_params(which="minor", length=0)
    ax.set_xlabel("spreadsheet column label")
    ax.set_ylabel("spreadsheet row label")
    ax.legend(handles=[_patch(style.AGREE, f"prints as the sheet ({comparison.n_match})"),
                       _patch(style.DIFFER, f"does not ({comparison.n_differ})")], **_OUTSIDE)
    ax.set_title(title if title is not None else f"reading: {comparison.reading}")
    return ax


@style.styled
def plot_method_timings(ax, timings):
    """Horizontal bars of seconds per method (``method``, ``seconds`` columns), log scale,
    each bar labelled with its time.

    Examples
    --------
    >>> fig, ax = style.figure()
    >>> plot_method_timings(ax, {"method": ["row", "tiled"], "seconds": [1.0, 0.01]}).get_xscale()
    'log'
    """
    _check_ax(ax)
    try:
        methods, seconds = list(timings["method"]), list(timings["seconds"])
    except (KeyError, TypeError, IndexError):
        raise TypeError("timings must be a table (a DataFrame or a dict) with columns 'method' and "
                        f"'seconds', got {type(timings).__name__}") from None
    if not 1 <= len(methods) <= 100 or len(seconds) != len(methods):
        raise ValueError(f"timings must have 1 to 100 rows and as many seconds as methods, got "
                         f"{len(methods)} and {len(seconds)}")
    methods = [check_str(f"timings['method'][{i}]", m, 100) for i, m in enumerate(methods)]
    seconds = np.array([check_real(f"timings['seconds'][{i}]", x, 1e-12, 1e12) for i, x in enumerate(seconds)])
    y = np.arange(len(methods))
    ax.barh(y, seconds, color=C["blue"])
    for yi, s in zip(y, seconds):
        ax.text(s * 1.15, yi, f"{s:.2g} s", va="center")
    ax.set_yticks(y, methods)
    ax.set_xscale("log")
    ax.set_xlim(seconds.min() / 3, seconds.max() * 8)
    ax.set_xlabel("wall-clock seconds (log scale)")
    ax.invert_yaxis()
    ax.grid(axis="y", visible=False)
    return ax


@style.styled
def plot_position_panel(position: Position, figsize=(10.5, 4.0)):
    """One deck on two panels: the stopping boundary with the position marked, and the
    policy map of every position reachable from it. Returns an explicit ``Figure``.

    ``position`` is a :class:`~stoplib.redblack.Position` (:func:`stoplib.redblack.position`:
    the value, the boundary and the policy, computed once).

    Examples
    --------
    >>> from stoplib.redblack import position
    >>> fig = plot_position_panel(position(5, 6))
    >>> len(fig.axes), style.small_text(fig)
    (2, [])
    """
    p = check_instance("position", position, Position)
    for name, n in (("n_red", p.n_red), ("n_black", p.n_black)):
        if n > MAX_PANEL_CARDS:
            raise ValueError(f"{name} must be at most {MAX_PANEL_CARDS} for this figure (one cell per "
                             f"position), got {n}")
    fig, (left, right) = style.figure(1, 2, figsize=figsize)
    _draw_stopping_boundary(left, p.boundary, max(p.n_black, int(p.boundary.max())), (p.n_red, p.n_black), None)
    _draw_policy(right, p.policy, f"policy from {p.n_red} red, {p.n_black} black")
    fig.suptitle(f"V({p.n_red}, {p.n_black}) = {p.value:.6f}: {p.action}")
    return fig


# ---------------------------------------------------------------------------
# The simulation (notebook 02)
# ---------------------------------------------------------------------------
@style.styled
def plot_sample_paths(paths_result: SamplePaths, ncols: int = 7, max_games: int = 49, ylim=None):
    """Small multiples of sample games, like the document's 49-game facet grid: each
    panel is one game's winnings card by card up to the stop (dot: blue if ahead, grey
    if even, vermillion if behind). Returns an explicit ``Figure``.

    Examples
    --------
    >>> from stoplib.redblack import sample_paths
    >>> fig = plot_sample_paths(sample_paths(3, 3, 4, seed=0), ncols=2)
    >>> len(fig.axes), style.small_text(fig)
    (4, [])
    """
    check_instance("paths_result", paths_result, SamplePaths)
    ncols = check_int("ncols", ncols, 1, 12)
    max_games = check_int("max_games", max_games, 1, 144)
    ylim = _check_lim(ylim, "ylim")
    n = min(max_games, paths_result.paths.shape[0])
    nrows = -(-n // ncols)
    fig, axes = style.figure(nrows, ncols, figsize=(1.45 * ncols + 0.6, 1.15 * nrows + 0.9),
                             squeeze=False, sharex=True, sharey=True)
    length = paths_result.paths.shape[1] - 1
    lo = math.floor(min(paths_result.paths[:n].min(), ylim[0] if ylim else 0)) - 1
    hi = math.ceil(max(paths_result.paths[:n].max(), ylim[1] if ylim else 0)) + 1
    for i, ax in enumerate(axes.flat):
        if i >= n:
            ax.set_axis_off()
            continue
        k = int(paths_result.stop_step[i])
        w = int(paths_result.final[i])
        ax.axhline(0, color=C["grey"], lw=0.8)
        ax.plot(np.arange(k + 1), paths_result.paths[i, : k + 1], color=C["black"], lw=1.0)
        ax.plot([k], [w], "o", ms=4, color=C["blue"] if w > 0 else C["grey"] if w == 0 else C["vermillion"])
        ax.set_xlim(0, length)
        ax.set_ylim(lo, hi)
        ax.set_xticks([0, length // 2, length])
        ax.tick_params(labelsize=8)
    fig.supxlabel("cards dealt", fontsize=10)
    fig.supylabel("winnings ($)", fontsize=10)
    kind = " (mistaken model)" if paths_result.replacement else ""
    fig.suptitle(f"{n} games of {paths_result.n_red} red / {paths_result.n_black} black, optimal play{kind}; "
                 "dot = stop (blue: ahead, grey: even)", fontsize=11)
    return fig


@style.styled
def plot_winnings_distribution(ax, results, labels=None, exact=None, exact_distribution=None):
    """Bars of the final winnings of one or more simulations (side by side), with each mean.

    Parameters
    ----------
    ax : matplotlib Axes
    results : SimulationResult or sequence of them
    labels : sequence of str, optional
        One per result (default: the number of games).
    exact : float, optional
        The exact value, drawn as a dashed black line.
    exact_distribution : (winnings, probabilities), optional
        The exact distribution of the first result's game
        (:func:`stoplib.redblack.simulation.winnings_distribution`), drawn as markers.

    Examples
    --------
    >>> from stoplib.redblack import simulate
    >>> fig, ax = style.figure()
    >>> plot_winnings_distribution(ax, simulate(3, 3, 1000, seed=0)).get_xlabel()
    'final winnings ($)'
    """
    _check_ax(ax)
    if isinstance(results, SimulationResult):
        results = [results]
    elif isinstance(results, (list, tuple)):
        results = [check_instance(f"results[{i}]", r, SimulationResult) for i, r in enumerate(results)]
    else:
        raise TypeError(f"results must be a SimulationResult or a list of them, got {type(results).__name__}")
    if not 1 <= len(results) <= 8:
        raise ValueError(f"results must hold 1 to 8 simulations, got {len(results)}")
    if labels is None:
        labels = [f"{r.n_games:,} games" for r in results]
    elif isinstance(labels, (list, tuple)):
        labels = [check_str(f"labels[{i}]", x, 200) for i, x in enumerate(labels)]
    else:
        raise TypeError(f"labels must be None or a list of str, got {type(labels).__name__}")
    if len(labels) != len(results):
        raise ValueError(f"labels must have one entry per result, got {len(labels)} for {len(results)}")
    if exact is not None:
        exact = check_real("exact", exact, -1e15, 1e15)
    if exact_distribution is not None:
        if isinstance(exact_distribution, (str, bytes)) or not hasattr(exact_distribution, "__len__") \
                or len(exact_distribution) != 2:
            raise TypeError("exact_distribution must be None or a pair (winnings, probabilities)")
        w_ex = _array("exact_distribution[0]", exact_distribution[0], 1, kinds="iu")
        p_ex = _array("exact_distribution[1]", exact_distribution[1], 1, kinds="f").astype(float)
        if w_ex.shape != p_ex.shape or not (np.isfinite(p_ex).all() and (p_ex >= 0).all() and (p_ex <= 1).all()):
            raise ValueError("exact_distribution must be winnings and probabilities in [0, 1] of one length")
        exact_distribution = (w_ex, p_ex)
    width = 0.8 / len(results)
    colors = [C["blue"], C["orange"], C["green"], C["purple"]]
    lo, hi = 0, 0
    for k, (res, label) in enumerate(zip(results, labels)):
        keep = res.counts > 0
        x = res.winnings[keep]
        lo, hi = min(lo, int(x.min())), max(hi, int(x.max()))
        color = colors[k % len(colors)]
        ax.bar(x + (k - (len(results) - 1) / 2) * width, res.probabilities[keep], width=width,
               color=color, label=label)
        ax.axvline(res.mean, color=color, lw=1.4, ls=":",
                   label=f"mean {res.mean:.4f} ± {res.std_err:.4f}")
    if exact_distribution is not None:
        w, p = (np.asarray(a) for a in exact_distribution)
        m = p > 0
        ax.plot(w[m] - (len(results) - 1) / 2 * width, p[m], "_", color=C["black"], ms=10, mew=1.8,
                label="exact probabilities")
    if exact is not None:
        ax.axvline(float(exact), color=C["black"], lw=1.2, ls="--", label=f"exact value {float(exact):.4f}")
    ax.set_xlim(lo - 0.7, hi + 0.7)
    ax.xaxis.get_major_locator().set_params(integer=True)
    ax.set_xlabel("final winnings ($)")
    ax.set_ylabel("fraction of games")
    ax.legend(**_OUTSIDE)
    return ax
