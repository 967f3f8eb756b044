"""The red/black card game ("Problem 14"): every figure of notebooks 01-03.

Each ``plot_*`` function draws in the workbook style (:mod:`stoplib.workbook.style`)
on a matplotlib ``Axes`` it is given and returns it, or, for multi-panel figures,
builds an explicit ``Figure`` with :func:`stoplib.workbook.style.figure` and returns
that; nothing here touches pyplot, so the widgets of :mod:`stoplib.redblack.widgets`
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
from ._plot_checks import _array, _boundary, _check_ax, _check_axes, _check_lim, _check_title, _seq
from ._plot_frontier import plot_frontier_correction  # the frontier figure (issue 13)
from .asymptotics import CorrectionFit, GrowthFits, _points, bridge_boundary, bridge_constant
from .rules import check_counts
from .simulation import SamplePaths, SimulationResult
from .solver import policy_table, stopping_boundary, value

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
def plot_boundary_gap(ax, boundary):
    """How far ahead optimal play must be before it stops, row by row.

    For ``r`` red cards left the game stops from ``boundary[r]`` black cards on, that is
    once you are ``boundary[r] − r`` dollars ahead (in a balanced game); drawn against
    ``r`` with the Brownian-bridge level ``α √(r + b)``.

    Examples
    --------
    >>> from stoplib.redblack import stopping_boundary
    >>> fig, ax = style.figure()
    >>> plot_boundary_gap(ax, stopping_boundary(30)).get_xlabel()
    'red cards left, r'
    """
    _check_ax(ax)
    bnd = _boundary(boundary)
    r = np.arange(1, bnd.size)
    lead = bnd[1:] - r
    alpha, _ = bridge_constant()
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
    title = _check_title(title)
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
    from matplotlib.colors import ListedColormap

    _check_ax(ax)
    policy = _array("policy", policy, 2, kinds="biu")
    if policy.dtype.kind != "b" and not np.isin(policy, (0, 1)).all():
        raise ValueError("policy must hold True/False (or 1/0)")
    policy = policy.astype(bool)
    title = _check_title(title)
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
def plot_position_panel(n_red: int, n_black: int, figsize=(10.5, 4.0)):
    """One deck on two panels: the stopping boundary with the position marked, and the
    policy map of every position reachable from it. Returns an explicit ``Figure``.

    Examples
    --------
    >>> fig = plot_position_panel(5, 6)
    >>> len(fig.axes), style.small_text(fig)
    (2, [])
    """
    n_red, n_black = check_counts(n_red, n_black)
    for name, n in (("n_red", n_red), ("n_black", n_black)):
        if n > MAX_PANEL_CARDS:
            raise ValueError(f"{name} must be at most {MAX_PANEL_CARDS} for this figure (one cell per "
                             f"position), got {n}")
    v = value(n_red, n_black)
    bnd = stopping_boundary(max(n_red, 1))
    fig, (left, right) = style.figure(1, 2, figsize=figsize)
    plot_stopping_boundary(left, bnd, n_black=max(n_black, int(bnd.max())), mark=(n_red, n_black), title=None)
    plot_policy(right, policy_table(n_red, n_black), title=f"policy from {n_red} red, {n_black} black")
    fig.suptitle(f"V({n_red}, {n_black}) = {v:.6f}: {'draw' if v > 0 else 'stop'}")
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


# ---------------------------------------------------------------------------
# Large decks (notebook 03)
# ---------------------------------------------------------------------------
@style.styled
def plot_fits(ax, fits: GrowthFits, xlim=None, ylim=None):
    """Exact values and the three fitted curves against ``n`` (the document's "√ vs log"
    figure). The curves are evaluated on a fine grid *inside* ``xlim`` (1,000 evenly spaced
    points plus 400 geometric ones), so a zoomed panel shows them as smooth as the data.

    Examples
    --------
    >>> from stoplib.redblack.asymptotics import fit_growth
    >>> n = np.arange(1, 100)
    >>> fig, ax = style.figure()
    >>> [float(x) for x in plot_fits(ax, fit_growth(n, 0.52 * np.sqrt(n)), xlim=(0, 50)).get_xlim()]
    [0.0, 50.0]
    """
    _check_ax(ax)
    check_instance("fits", fits, GrowthFits)
    xlim, ylim = _check_lim(xlim, "xlim"), _check_lim(ylim, "ylim")
    df = fits.data
    lo, hi = (float(df.n.min()), float(df.n.max())) if xlim is None else xlim
    inside = df[(df.n >= lo) & (df.n <= hi)]
    sub = inside.iloc[:: max(1, len(inside) // 3000)]
    ax.plot(sub.n, sub.value, ".", color=C["black"], ms=3, label="exact V(n, n)", rasterized=len(sub) > 500)
    start = max(lo, float(df.n.min()))
    grid = np.union1d(np.linspace(start, hi, 1000), np.geomspace(start, hi, 400))
    pred = fits.predict(grid)
    for k, color, ls in (("log", C["vermillion"], "--"), ("sqrt", C["blue"], "-"), ("log+sqrt", C["green"], ":")):
        ax.plot(pred.n, pred[k], color=color, ls=ls, lw=1.8, label=f"{k.replace('sqrt', '√')} fit")
    ax.set_xlim(lo, hi)
    if ylim is not None:
        ax.set_ylim(*ylim)
    ax.set_xlabel("n (red cards = black cards)")
    ax.set_ylabel("V(n, n) ($)")
    ax.legend(loc="lower right")
    return ax


@style.styled
def plot_residuals(fits: GrowthFits, figsize=(11.0, 3.4)):
    """Residuals of each fit against ``n`` (log axis), one panel per fit, each with its own
    vertical scale (they differ by four orders of magnitude). Returns a ``Figure``.

    Examples
    --------
    >>> from stoplib.redblack.asymptotics import fit_growth
    >>> n = np.arange(1, 100)
    >>> fig = plot_residuals(fit_growth(n, 0.52 * np.sqrt(n) + 0.01 * np.log(n)))
    >>> len(fig.axes), style.small_text(fig)
    (3, [])
    """
    check_instance("fits", fits, GrowthFits)
    fig, axes = style.figure(1, 3, figsize=figsize)
    n = fits.data.n.to_numpy()
    pick = np.unique(np.geomspace(1, len(n), 3000).astype(int)) - 1   # every small n, fewer large ones
    for ax, (k, r) in zip(axes, fits.results.items()):
        ax.axhline(0, color=C["grey"], lw=0.8)
        ax.plot(n[pick], np.asarray(r.resid)[pick], ".", ms=2.5, color=C["blue"], rasterized=True)
        ax.set_xscale("log")
        ax.set_title(f"{k.replace('sqrt', '√')} fit: residual SE {math.sqrt(r.scale):.3g}")
        ax.set_xlabel("n")
        ax.set_ylabel("residual ($)")
    return fig


@style.styled
def plot_ratio(ax, n, values, slopes=None, legend: bool = True):
    """``V(n, n)/√n`` against ``n`` (log axis) with the bridge constant ``c``, the document's
    0.5 and any fitted ``slopes`` (``{label: value}``) as horizontal lines.

    Examples
    --------
    >>> fig, ax = style.figure()
    >>> n = np.arange(1, 100)
    >>> plot_ratio(ax, n, 0.52 * np.sqrt(n)).get_ylabel()
    'V(n, n) / √n'
    """
    _check_ax(ax)
    _, c = bridge_constant()
    n, v = _points(n, values)
    if slopes is not None:
        if not isinstance(slopes, dict):
            raise TypeError(f"slopes must be None or a dict {{label: slope}}, got {type(slopes).__name__}")
        _seq("slopes", slopes, 3)
        slopes = {check_str("slopes label", k, 200): check_real(f"slopes[{k!r}]", x, -1e6, 1e6)
                  for k, x in slopes.items()}
    legend = check_bool("legend", legend)
    keep = n > 0
    nn, vv = n[keep], v[keep]
    if nn.size == 0:
        raise ValueError("n must hold at least one n > 0")
    idx = np.unique(np.geomspace(1, nn.size, 1500).astype(int)) - 1
    ax.plot(nn[idx], vv[idx] / np.sqrt(nn[idx]), ".", color=C["black"], ms=3, label="exact V(n, n) / √n")
    ax.axhline(c, color=C["blue"], lw=1.8, label=f"bridge constant c = {c:.6f}")
    ax.axhline(0.5, color=C["vermillion"], lw=1.8, ls="--", label="document's limit 0.5")
    for (label, slope), ls in zip((slopes or {}).items(), (":", "-.", (0, (5, 2)))):
        ax.axhline(slope, color=C["orange"], lw=1.4, ls=ls, label=f"{label}: {slope:.6f}")
    ax.set_xscale("log")
    ax.set_xlabel("n (red cards = black cards)")
    ax.set_ylabel("V(n, n) / √n")
    if legend:
        ax.legend(**_OUTSIDE)
    return ax


@style.styled
def plot_correction(ax, n, values, c=None, fits=(), points=()):
    """``V(n, n) − c√n`` on a log ``n`` axis, with fitted corrections drawn from their
    first fitted ``n`` out to 1.5 × 10⁸, and extra points with error bars.

    Parameters
    ----------
    ax : matplotlib Axes
    n, values : arrays
        Exact values.
    c : float or None
        The slope (None: the bridge constant).
    fits : sequence of :class:`stoplib.redblack.asymptotics.CorrectionFit`
    points : sequence of (n, value, label, half_width)
        Extra values (e.g. the document's 133,787,000-card figure), drawn as their
        correction ``value − c√n`` with an error bar of ``half_width``.

    Examples
    --------
    >>> fig, ax = style.figure()
    >>> n = np.arange(1, 100)
    >>> plot_correction(ax, n, 0.52 * np.sqrt(n)).get_ylabel()
    'V(n, n) − c√n ($)'
    """
    _check_ax(ax)
    c = bridge_constant()[1] if c is None else check_real("c", c, -1e6, 1e6)
    n, v = _points(n, values)
    fits = [check_instance(f"fits[{i}]", f, CorrectionFit) for i, f in enumerate(_seq("fits", fits, 3))]
    points = _seq("points", points, 2)
    for i, pt in enumerate(points):
        if isinstance(pt, (str, bytes)) or not hasattr(pt, "__len__") or len(pt) != 4:
            raise TypeError(f"points[{i}] must be (n, value, label, half_width), got {pt!r}"[:120])
        points[i] = (check_int(f"points[{i}] n", pt[0], 1, 2**53), check_real(f"points[{i}] value", pt[1]),
                     check_str(f"points[{i}] label", pt[2], 200), check_real(f"points[{i}] half_width", pt[3], 0, 1e15))
    keep = n > 0
    if not keep.any():
        raise ValueError("n must hold at least one n > 0")
    idx = np.unique(np.geomspace(1, keep.sum(), 800).astype(int)) - 1
    nn, vv = n[keep][idx], v[keep][idx]
    ax.plot(nn, vv - c * np.sqrt(nn), ".", color=C["black"], ms=3, label="exact")
    for f, color in zip(fits, (C["blue"], C["green"], C["purple"])):
        grid = np.geomspace(f.n_min, 1.5e8, 400)
        ax.plot(grid, f.correction(grid), color=color, lw=1.6,
                label=f"fit {f.label} on n = {f.n_min:,}..{f.n_max:,}")
    for (pn, pv, label, half), color in zip(points, (C["vermillion"], C["orange"])):
        ax.errorbar([pn], [pv - c * math.sqrt(pn)], yerr=[[half], [half]], fmt="o", ms=5, capsize=4,
                    color=color, label=label)
    ax.axhline(0, color=C["grey"], lw=0.8)
    ax.set_xscale("log")
    ax.set_xlabel("n (red cards = black cards)")
    ax.set_ylabel("V(n, n) − c√n ($)")
    ax.legend(loc="upper left")
    return ax


@style.styled
def plot_boundary_comparison(n_red: int, axes=None):
    """The exact DP stopping boundary against the bridge's rule, in two panels.

    Left: the winnings ``b − r`` at which you stop against the cards left ``r + b``, for
    the exact DP and for ``α √(cards left)``. Right: both minus ``α √(cards left)``, with
    the band ``α √(cards left) ± ½`` marked, where the difference is visible. Returns the two axes
    (of an explicit ``Figure`` when ``axes`` is None).

    Examples
    --------
    >>> axes = plot_boundary_comparison(20)
    >>> axes[0].get_xlabel(), style.small_text(axes[0].figure)
    ('cards left when you stop, r + b', [])
    """
    n_red = check_int("n_red", n_red, 1, 10**6)
    if axes is None:
        _, axes = style.figure(1, 2, figsize=(12.0, 4.0))
    ax, ax2 = _check_axes(axes, 2)[:2]
    alpha, _ = bridge_constant()
    r = np.arange(1, n_red + 1)
    exact = np.asarray(stopping_boundary(n_red))[1:]
    bridge = bridge_boundary(n_red)[1:]
    cards_e, win_e = r + exact, exact - r
    cards_b, win_b = r + bridge, bridge - r
    ax.plot(cards_e, win_e, ".", color=C["black"], ms=2.5, label="exact DP: stop at winnings b − r",
            rasterized=True)
    grid = np.linspace(0, cards_e[-1], 600)
    ax.plot(grid, alpha * np.sqrt(grid), color=C["vermillion"], lw=1.2, label=f"α √(cards left), α = {alpha:.4f}")
    ax.set_xlabel("cards left when you stop, r + b")
    ax.set_ylabel("winnings at which you stop ($)")
    ax.legend(loc="lower right")
    ax2.plot(cards_b, win_b - alpha * np.sqrt(cards_b), "o", color=C["sky"], ms=3.5, mew=0,
             label="bridge rule, rounded up to whole dollars", rasterized=True)
    ax2.plot(cards_e, win_e - alpha * np.sqrt(cards_e), ".", color=C["black"], ms=2, label="exact DP",
             rasterized=True)  # on top: where both rules agree the black dot sits inside the blue one
    ax2.axhline(0, color=C["vermillion"], lw=1.2, label="α √(cards left)")
    for y, label in ((-0.5, "α √(cards left) ± ½"), (0.5, None)):
        ax2.axhline(y, color=C["vermillion"], lw=1.2, ls="--", label=label)
    ax2.set_xscale("log")
    ax2.set_xlabel("cards left when you stop, r + b")
    ax2.set_ylabel("stop level − α √(cards left) ($)")
    ax2.legend(**_OUTSIDE)
    return np.array([ax, ax2])

