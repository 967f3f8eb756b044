"""The red/black card game ("Problem 14"): every figure of notebooks 01-03.

Each ``plot_*`` function draws on a matplotlib ``Axes`` (or ``Figure``) it is
given and returns it, so notebooks stay short. The conventions follow
:mod:`stoplib.redblack.solver`: ``table[r, b]`` is the value ``V(r, b)`` of the
rest of the game with ``r`` red and ``b`` black cards left (the recursion of
:mod:`stoplib.redblack.rules`); red runs down the vertical axis and black along
the horizontal axis.

The DP (notebook 01)
    :func:`plot_value_heatmap`, :func:`plot_stopping_boundary`,
    :func:`plot_policy`, :func:`plot_spreadsheet_comparison`,
    :func:`plot_method_timings`, :func:`plot_position_panel` (the figure of
    the position panel in :mod:`stoplib.redblack.widgets`).
The simulation (notebook 02, :mod:`stoplib.redblack.simulation`)
    :func:`plot_sample_paths`, :func:`plot_winnings_distribution`.
Large decks (notebook 03, :mod:`stoplib.redblack.asymptotics`)
    :func:`plot_fits`, :func:`plot_residuals`, :func:`plot_correction`,
    :func:`plot_ratio`, :func:`plot_boundary_comparison`.

Source
------
Document 000 (``shared/seeds/000_cd0610b35b05a9e7.txt``): several of these
redraw its figures (the 49 sample games, the "sqrt vs log" fits).
"""
from __future__ import annotations

import math

import numpy as np

from ..util.validate import check_int
from .asymptotics import GrowthFits, bridge_boundary, bridge_constant
from .simulation import SamplePaths, SimulationResult
from .solver import policy_table, stopping_boundary, value

__all__ = [
    "plot_value_heatmap", "plot_stopping_boundary", "plot_policy",
    "plot_spreadsheet_comparison", "plot_method_timings", "plot_position_panel",
    "plot_sample_paths", "plot_winnings_distribution",
    "plot_fits", "plot_residuals", "plot_correction", "plot_ratio", "plot_boundary_comparison",
]



def _check_ax(ax):
    if ax is None or not hasattr(ax, "imshow"):
        raise TypeError(f"ax must be a matplotlib Axes, got {type(ax).__name__}")
    return ax


def plot_value_heatmap(ax, table, annotate: bool | None = None, cmap: str = "viridis",
                       colorbar: bool = True, title: str | None = "value V(r, b)"):
    """Heat map of a value table ``table[r, b]`` (red down, black across).

    Parameters
    ----------
    ax : matplotlib.axes.Axes
    table : array, shape (n_red + 1, n_black + 1)
    annotate : bool, optional
        Write the numbers in the cells (default: only for tables up to 30 x 30).
    cmap : str
    colorbar : bool
    title : str or None

    Returns
    -------
    matplotlib.axes.Axes

    Examples
    --------
    >>> import matplotlib; matplotlib.use("Agg")
    >>> import matplotlib.pyplot as plt
    >>> from stoplib.redblack import value_table
    >>> fig, ax = plt.subplots()
    >>> plot_value_heatmap(ax, value_table(3, 3)) is ax
    True
    >>> plt.close(fig)
    """
    _check_ax(ax)
    table = np.asarray(table, dtype=float)
    if table.ndim != 2:
        raise ValueError(f"table must be 2-D, got shape {table.shape}")
    n_r, n_b = table.shape
    im = ax.imshow(table, origin="lower", cmap=cmap, aspect="auto",
                   extent=(-0.5, n_b - 0.5, -0.5, n_r - 0.5), interpolation="nearest")
    if annotate is None:
        annotate = max(n_r, n_b) <= 30
    if annotate:
        hi = np.nanmax(table) if table.size else 1.0
        for r in range(n_r):
            for b in range(n_b):
                x = table[r, b]
                txt = "0" if x == 0 else (f"{x:.0f}" if x >= 9.5 else f"{x:.2g}" if x < 0.1 else f"{x:.2f}")
                ax.text(b, r, txt, ha="center", va="center", fontsize=5,
                        color="white" if x < 0.5 * hi else "black")
    ax.set_xlabel("black cards left, b")
    ax.set_ylabel("red cards left, r")
    if title:
        ax.set_title(title)
    if colorbar:
        ax.figure.colorbar(im, ax=ax, label="expected payoff ($)")
    return ax


def plot_stopping_boundary(ax, boundary, n_black: int | None = None, label: str = "stopping boundary",
                           show_diagonal: bool = True, mark=None):
    """Plot the stopping boundary ``boundary[r]`` (fewest black cards at which to stop).

    Draw while ``b < boundary[r]``; the diagonal ``b = r`` (an even deck) is
    drawn for reference. ``mark=(r, b)`` adds a point for a position.

    Examples
    --------
    >>> import matplotlib; matplotlib.use("Agg")
    >>> import matplotlib.pyplot as plt
    >>> from stoplib.redblack import stopping_boundary
    >>> fig, ax = plt.subplots()
    >>> plot_stopping_boundary(ax, stopping_boundary(26)) is ax
    True
    >>> plt.close(fig)
    """
    _check_ax(ax)
    boundary = np.asarray(boundary)
    r = np.arange(len(boundary))
    ax.step(boundary, r, where="post", color="C3", lw=1.8, label=label)
    top = n_black if n_black is not None else int(boundary.max()) if len(boundary) else 1
    ax.fill_betweenx(r, boundary, max(top, int(boundary.max(initial=0))) + 1, step="post",
                     color="C3", alpha=0.12, label="stop")
    if show_diagonal:
        m = max(len(boundary) - 1, 1)
        ax.plot([0, m], [0, m], color="0.4", ls="--", lw=1, label="b = r (even deck)")
    if mark is not None:
        ax.plot([mark[1]], [mark[0]], "o", color="k", ms=6, label=f"position ({mark[0]} red, {mark[1]} black)")
    ax.set_xlabel("black cards left, b")
    ax.set_ylabel("red cards left, r")
    ax.set_xlim(0, None)
    ax.set_ylim(0, None)
    ax.legend(loc="upper left", fontsize=8)
    ax.set_title("draw left of the boundary, stop right of it")
    return ax


def plot_policy(ax, policy, title: str | None = "optimal action"):
    """Policy map: where drawing is strictly better (True) or stopping is optimal.

    Examples
    --------
    >>> import matplotlib; matplotlib.use("Agg")
    >>> import matplotlib.pyplot as plt
    >>> from stoplib.redblack import policy_table
    >>> fig, ax = plt.subplots()
    >>> plot_policy(ax, policy_table(5, 5)) is ax
    True
    >>> plt.close(fig)
    """
    from matplotlib.colors import ListedColormap
    from matplotlib.patches import Patch

    _check_ax(ax)
    policy = np.asarray(policy, dtype=bool)
    n_r, n_b = policy.shape
    cmap = ListedColormap(["#d9a5a5", "#7fb77e"])
    ax.imshow(policy.astype(int), origin="lower", cmap=cmap, vmin=0, vmax=1, aspect="auto",
              extent=(-0.5, n_b - 0.5, -0.5, n_r - 0.5), interpolation="nearest")
    ax.legend(handles=[Patch(color="#7fb77e", label="draw"), Patch(color="#d9a5a5", label="stop")],
              loc="upper left", fontsize=8)
    ax.set_xlabel("black cards left, b")
    ax.set_ylabel("red cards left, r")
    if title:
        ax.set_title(title)
    return ax


def plot_spreadsheet_comparison(ax, comparison, title: str | None = None):
    """Which spreadsheet cells match our DP (green) and which differ (red).

    ``comparison`` is a :class:`stoplib.redblack.claims.SpreadsheetComparison`; the
    map is drawn in the spreadsheet's own layout (its row and column labels).

    Examples
    --------
    >>> import matplotlib; matplotlib.use("Agg")
    >>> import matplotlib.pyplot as plt
    >>> from stoplib.redblack import spreadsheet_comparison
    >>> fig, ax = plt.subplots()
    >>> plot_spreadsheet_comparison(ax, spreadsheet_comparison()) is ax
    True
    >>> plt.close(fig)
    """
    from matplotlib.colors import ListedColormap
    from matplotlib.patches import Patch

    _check_ax(ax)
    df = comparison.table
    rows = sorted(df["row_label"].unique(), reverse=True)
    cols = sorted(df["col_label"].unique(), reverse=True)
    grid = (df.pivot(index="row_label", columns="col_label", values="matches")
              .loc[rows, cols].to_numpy().astype(int))
    ax.imshow(grid, cmap=ListedColormap(["#d62728", "#2ca02c"]), vmin=0, vmax=1,
              interpolation="nearest", aspect="auto")
    step = max(1, len(cols) // 9)
    ax.set_xticks(range(0, len(cols), step), [str(c) for c in cols[::step]])
    ax.set_yticks(range(0, len(rows), step), [str(r) for r in rows[::step]])
    ax.set_xlabel("spreadsheet column label")
    ax.set_ylabel("spreadsheet row label")
    ax.legend(handles=[Patch(color="#2ca02c", label=f"matches ({comparison.n_match})"),
                       Patch(color="#d62728", label=f"differs ({comparison.n_differ})")],
              loc="lower left", fontsize=8)
    ax.set_title(title if title is not None else f"reading: {comparison.reading}")
    return ax


def plot_method_timings(ax, timings):
    """Bar chart of seconds per method (a DataFrame with ``method`` and ``seconds``).

    Examples
    --------
    >>> import matplotlib; matplotlib.use("Agg")
    >>> import matplotlib.pyplot as plt, pandas as pd
    >>> fig, ax = plt.subplots()
    >>> df = pd.DataFrame({"method": ["row", "tiled"], "seconds": [1.0, 0.1]})
    >>> plot_method_timings(ax, df) is ax
    True
    >>> plt.close(fig)
    """
    _check_ax(ax)
    ax.barh(timings["method"], timings["seconds"], color="C0")
    ax.set_xscale("log")
    ax.set_xlabel("seconds (log scale)")
    ax.invert_yaxis()
    return ax


def plot_position_panel(n_red: int, n_black: int, figsize=(11, 4.2)):
    """A two-panel figure for one deck: the stopping boundary with the position
    marked, and the policy map of every position reachable from it; the title
    gives the value and the first move. Used by the notebook's widget.

    Returns
    -------
    matplotlib.figure.Figure

    Examples
    --------
    >>> import matplotlib; matplotlib.use("Agg")
    >>> import matplotlib.pyplot as plt
    >>> fig = plot_position_panel(5, 6)
    >>> len(fig.axes)
    2
    >>> plt.close(fig)
    """
    import matplotlib.pyplot as plt

    v = value(n_red, n_black)
    draw = v > 0
    fig, axes = plt.subplots(1, 2, figsize=figsize)
    bnd = stopping_boundary(max(n_red, 1))
    plot_stopping_boundary(axes[0], bnd, n_black=max(n_black, int(bnd.max())), mark=(n_red, n_black))
    plot_policy(axes[1], policy_table(n_red, n_black), title=f"policy for {n_red} red, {n_black} black")
    fig.suptitle(f"V({n_red}, {n_black}) = {v:.6f}: {'draw' if draw else 'stop'} "
                 f"(boundary at {int(bnd[n_red]) if n_red <= len(bnd) - 1 else 0} black cards)")
    fig.tight_layout()
    return fig


# ---------------------------------------------------------------------------
# The simulation (notebook 02)
# ---------------------------------------------------------------------------
def plot_sample_paths(paths_result: SamplePaths, ncols: int = 7, max_games: int = 49,
                      ylim=(-7, 5), fig=None):
    """Small multiples of sample games, like the document's 49-game facet grid.

    Each panel shows one game's winnings card by card up to the stop (dot),
    with a grey line at 0. Returns the matplotlib Figure.

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> from stoplib.redblack import sample_paths
    >>> fig = plot_sample_paths(sample_paths(3, 3, 4, seed=0), ncols=2)
    >>> len(fig.axes)
    4
    """
    import matplotlib.pyplot as plt

    ncols = check_int("ncols", ncols, 1, 50)
    max_games = check_int("max_games", max_games, 1, 400)
    n = min(max_games, paths_result.paths.shape[0])
    nrows = -(-n // ncols)
    if fig is None:
        fig = plt.figure(figsize=(1.6 * ncols, 1.25 * nrows + 0.6))
    axes = fig.subplots(nrows, ncols, sharex=True, sharey=True, squeeze=False)
    length = paths_result.paths.shape[1] - 1
    lo = min(ylim[0], int(paths_result.paths[:n].min()) - 1) if ylim else None
    hi = max(ylim[1], int(paths_result.paths[:n].max()) + 1) if ylim else None
    for i, ax in enumerate(axes.flat):
        if i >= n:
            ax.set_axis_off()
            continue
        k = int(paths_result.stop_step[i])
        steps = np.arange(k + 1)
        y = paths_result.paths[i, : k + 1]
        ax.axhline(0, color="0.75", lw=0.8)
        ax.plot(steps, y, color="0.15", lw=1.2)
        w = int(paths_result.final[i])
        ax.plot([k], [w], "o", ms=3.5, color="tab:green" if w > 0 else
                ("tab:red" if w < 0 else "tab:gray"))
        ax.set_xlim(0, length)
        if ylim:
            ax.set_ylim(lo, hi)
        ax.tick_params(labelsize=6)
    for ax in axes[-1]:
        ax.set_xlabel("card", fontsize=7)
    for ax in axes[:, 0]:
        ax.set_ylabel("winnings ($)", fontsize=7)
    kind = " (mistaken model)" if paths_result.replacement else ""
    fig.suptitle(f"{n} games of {paths_result.n_red} red / {paths_result.n_black} black, "
                 f"optimal play{kind}; dot = stop", fontsize=9)
    fig.tight_layout()
    return fig


def plot_winnings_distribution(sim_result: SimulationResult, ax=None, exact=None,
                               label=None, color="tab:blue", exact_distribution=None):
    """Bar chart of the final winnings of simulated games, with the mean.

    Parameters
    ----------
    sim_result : SimulationResult
    ax : matplotlib Axes or None
    exact : float or None
        The exact value, drawn as a dashed line if given.
    exact_distribution : (winnings, probabilities) or None
        The exact distribution (:func:`stoplib.redblack.simulation.winnings_distribution`),
        drawn as markers.

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> from stoplib.redblack import simulate
    >>> ax = plot_winnings_distribution(simulate(3, 3, 1000, seed=0))
    >>> ax.get_xlabel()
    'final winnings ($)'
    """
    import matplotlib.pyplot as plt

    if ax is None:
        _, ax = plt.subplots(figsize=(6, 3.2))
    p = sim_result.probabilities
    keep = sim_result.counts > 0
    x = sim_result.winnings[keep]
    ax.bar(x, p[keep], width=0.8, color=color, alpha=0.8,
           label=label or f"{sim_result.n_games:,} games")
    ax.axvline(sim_result.mean, color="k", lw=1.2,
               label=f"mean {sim_result.mean:.4f} ± {sim_result.std_err:.4f}")
    if exact_distribution is not None:
        w, p_exact = exact_distribution
        m = np.asarray(p_exact) > 0
        ax.plot(np.asarray(w)[m], np.asarray(p_exact)[m], "_", color="k", ms=9, mew=1.5,
                label="exact probabilities")
    if exact is not None:
        ax.axvline(float(exact), color="tab:red", lw=1.2, ls="--",
                   label=f"exact {float(exact):.4f}")
    ax.set_xlabel("final winnings ($)")
    ax.set_ylabel("fraction of games")
    ax.legend(fontsize=8)
    return ax


# ---------------------------------------------------------------------------
# Large decks (notebook 03)
# ---------------------------------------------------------------------------
def plot_fits(fits: GrowthFits, ax=None, extra=None):
    """Exact values and the three fitted curves against ``n`` (the document's
    "sqrt vs log" figure). ``extra``: optional ``(n, values, label)`` points.

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> from stoplib.redblack.asymptotics import fit_growth
    >>> n = np.arange(1, 100)
    >>> ax = plot_fits(fit_growth(n, 0.52 * np.sqrt(n)))
    >>> ax.get_xlabel()
    'n (red cards = black cards)'
    """
    import matplotlib.pyplot as plt

    if ax is None:
        _, ax = plt.subplots(figsize=(7, 4))
    df = fits.data
    step = max(1, len(df) // 2000)
    sub = df.iloc[::step]
    ax.plot(sub.n, sub.value, "k.", ms=2.5, label="exact", rasterized=True)
    grid = np.linspace(df.n.min(), df.n.max(), 400)
    pred = fits.predict(grid)
    styles = {"log": ("tab:red", "--"), "sqrt": ("tab:blue", "-"),
              "log+sqrt": ("tab:green", ":")}
    for k, (col, ls) in styles.items():
        ax.plot(pred.n, pred[k], color=col, ls=ls, lw=1.5, label=f"{k} fit")
    if extra is not None:
        en, ev, lab = extra
        ax.plot(en, ev, "o", color="tab:purple", ms=5, label=lab)
    ax.set_xlabel("n (red cards = black cards)")
    ax.set_ylabel("value V(n, n) ($)")
    ax.legend(fontsize=8)
    return ax


def plot_residuals(fits: GrowthFits, axes=None):
    """Residuals of each fit against ``n``, one panel per fit (shared x).

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> from stoplib.redblack.asymptotics import fit_growth
    >>> n = np.arange(1, 100)
    >>> len(plot_residuals(fit_growth(n, 0.52 * np.sqrt(n))))
    3
    """
    import matplotlib.pyplot as plt

    if axes is None:
        _, axes = plt.subplots(1, 3, figsize=(11, 3.2))
    axes = np.ravel(axes)
    n = fits.data.n.to_numpy()
    step = max(1, len(n) // 4000)
    for ax, (k, r) in zip(axes, fits.results.items()):
        ax.axhline(0, color="0.6", lw=0.8)
        ax.plot(n[::step], np.asarray(r.resid)[::step], ".", ms=2, rasterized=True)
        ax.set_xscale("log")
        ax.set_title(f"{k}: residual SE {math.sqrt(r.scale):.3g}", fontsize=9)
        ax.set_xlabel("n")
    axes[0].set_ylabel("residual ($)")
    return axes


def plot_correction(n, values, c=None, fits=(), ax=None, points=()):
    """``V(n, n) - c sqrt(n)`` on a log x axis, with fitted corrections drawn
    from their first fitted ``n`` out to 1.5e8.

    Parameters
    ----------
    n, values : arrays
        Exact values.
    c : float or None
        The slope (None: the bridge constant).
    fits : sequence of :class:`stoplib.redblack.asymptotics.CorrectionFit`
    points : sequence of (n, value, label, half_width)
        Extra values (e.g. the document's 133,787,000-card figure), drawn as their
        correction ``value - c sqrt(n)`` with an error bar of ``half_width``.

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> n = np.arange(1, 100)
    >>> plot_correction(n, 0.52 * np.sqrt(n)).get_ylabel()
    'V(n, n) - c sqrt(n) ($)'
    """
    import matplotlib.pyplot as plt

    if ax is None:
        _, ax = plt.subplots(figsize=(7, 3.5))
    if c is None:
        c = bridge_constant()[1]
    n = np.asarray(n, dtype=float)
    v = np.asarray(values, dtype=float)
    keep = n > 0
    idx = np.unique(np.geomspace(1, keep.sum(), 600).astype(int)) - 1
    nn, vv = n[keep][idx], v[keep][idx]
    ax.plot(nn, vv - c * np.sqrt(nn), "k.", ms=3, label="exact")
    for f in fits:
        grid = np.geomspace(f.n_min, 1.5e8, 300)
        ax.plot(grid, f.correction(grid), lw=1.2, label=f"fit {f.label} ({f.n_min:,}..{f.n_max:,})")
    for pn, pv, label, half in points:
        ax.errorbar([pn], [pv - c * math.sqrt(pn)], yerr=[[half], [half]], fmt="o", ms=4,
                    capsize=3, label=label)
    ax.axhline(0, color="0.6", lw=0.8)
    ax.set_xscale("log")
    ax.set_xlabel("n (red cards = black cards)")
    ax.set_ylabel("V(n, n) - c sqrt(n) ($)")
    ax.legend(fontsize=7)
    return ax


def plot_ratio(n, values, ax=None, slopes=None):
    """``V(n, n) / sqrt(n)`` against ``n`` (log axis), with the bridge constant ``c``,
    the document's 0.5 and any fitted ``slopes`` (``{label: value}``) as lines.

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> n = np.arange(1, 100)
    >>> plot_ratio(n, 0.52 * np.sqrt(n)).get_ylabel()
    'V(n, n) / sqrt(n)'
    """
    import matplotlib.pyplot as plt

    if ax is None:
        _, ax = plt.subplots(figsize=(7, 3.5))
    _, c = bridge_constant()
    n = np.asarray(n, dtype=float)
    v = np.asarray(values, dtype=float)
    keep = n > 0
    nn, vv = n[keep], v[keep]
    idx = np.unique(np.geomspace(1, nn.size, 800).astype(int)) - 1
    ax.plot(nn[idx], vv[idx] / np.sqrt(nn[idx]), "k.", ms=3, label="exact V(n, n) / sqrt(n)")
    ax.axhline(c, color="tab:blue", lw=1.5, label=f"bridge constant c = {c:.6f}")
    ax.axhline(0.5, color="tab:red", lw=1.5, ls="--", label="document's conjecture 0.5")
    for (label, slope), ls in zip((slopes or {}).items(), (":", "-.", (0, (5, 2)), (0, (1, 3)))):
        ax.axhline(slope, color="0.4", lw=1, ls=ls, label=f"{label}: {slope:.6f}")
    ax.set_xscale("log")
    ax.set_xlabel("n (red cards = black cards)")
    ax.set_ylabel("V(n, n) / sqrt(n)")
    ax.legend(fontsize=7)
    return ax


def plot_boundary_comparison(n_red: int, axes=None):
    """The exact DP stopping boundary against the bridge's rule, in two panels.

    Left: the winnings ``b - r`` at which you stop against the cards left
    ``r + b``, for the exact DP and for ``alpha sqrt(cards left)``. Right: both
    minus ``alpha sqrt(cards left)``, where the difference is visible. Returns
    the two axes.

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> plot_boundary_comparison(20)[0].get_xlabel()
    'cards left when you stop (r + b)'
    """
    import matplotlib.pyplot as plt

    n_red = check_int("n_red", n_red, 1, 10**6)
    if axes is None:
        _, axes = plt.subplots(1, 2, figsize=(12, 3.8))
    ax, ax2 = np.ravel(axes)[:2]
    alpha, _ = bridge_constant()
    r = np.arange(1, n_red + 1)
    exact = np.asarray(stopping_boundary(n_red))[1:]
    bridge = bridge_boundary(n_red)[1:]
    cards_e, win_e = r + exact, exact - r
    cards_b, win_b = r + bridge, bridge - r
    ax.plot(cards_e, win_e, ".", color="k", ms=2, label="exact DP: stop at winnings b - r",
            rasterized=True)
    L = np.linspace(0, cards_e[-1], 400)
    ax.plot(L, alpha * np.sqrt(L), color="tab:red", lw=1,
            label=f"alpha sqrt(cards left), alpha = {alpha:.4f}")
    ax.set_xlabel("cards left when you stop (r + b)")
    ax.set_ylabel("winnings at which you stop ($)")
    ax.legend(fontsize=8)
    ax2.plot(cards_e, win_e - alpha * np.sqrt(cards_e), ".", color="k", ms=2, label="exact DP",
             rasterized=True)
    ax2.plot(cards_b, win_b - alpha * np.sqrt(cards_b), ".", color="tab:blue", ms=2,
             label="bridge rule on integers", rasterized=True)
    ax2.axhline(0, color="tab:red", lw=1)
    ax2.set_xscale("log")
    ax2.set_xlabel("cards left when you stop (r + b)")
    ax2.set_ylabel("stop level - alpha sqrt(cards left)")
    ax2.legend(fontsize=8)
    return np.array([ax, ax2])



# -- the frontier (issue 13; appended: stoplib.redblack.frontier holds the numbers) --
__all__ += ["plot_frontier_correction"]


def plot_frontier_correction(ax, n=None, values=None, fits=None, extrapolation=None,
                             model: str | None = None, n_min: int = 100):
    """``c sqrt(n) - V(n, n)`` on log axes to the frontier, the fitted correction and its
    next term ``-b n^{-1/4}``, and ``V(133,787,000)`` extrapolated with its error bar
    beside the document's $6,038.22 (its printed interval, the part above the axis) and
    $6,038.32 (negative here: named in the legend). ``n, values`` default to the committed
    frontier points, ``fits`` / ``extrapolation`` to :func:`~.frontier.correction_fit` /
    :func:`~.frontier.extrapolate_133m` of them, ``model`` to the extrapolation's.

    Examples
    --------
    >>> from stoplib.workbook.style import figure
    >>> fig, ax = figure()
    >>> plot_frontier_correction(ax).get_yscale()
    'log'
    """
    from ..workbook.style import COLORS, context
    from . import document as doc
    from .claims import rounded_interval
    from .frontier import FRONTIER, correction_fit, extrapolate_133m, frontier_points

    _check_ax(ax)
    n_min = check_int("n_min", n_min, 1)
    if n is None and values is None:
        n, values = frontier_points(n_min)
    n, values = np.asarray(n, dtype=np.int64), np.asarray(values, dtype=float)
    fits = correction_fit(n, values) if fits is None else fits
    ex = extrapolate_133m(n, values) if extrapolation is None else extrapolation
    model = ex.model if model is None else model
    if model not in fits.fits:
        raise ValueError(f"model must be one of {list(fits.fits)}, got {model!r}")
    c, target, gap = fits.c, float(ex.target), fits.c * math.sqrt(ex.target)
    big = np.array([row[:2] for row in FRONTIER], dtype=float).reshape(-1, 2)
    grid = np.geomspace(max(n_min, fits.n_min), 1.5e8, 300)
    b, se = fits.next_term(model)
    lo, hi = rounded_interval(f"{doc.VALUE_133M_BODY:.2f}")
    with context():
        keep = n >= n_min
        ax.plot(n[keep], c * np.sqrt(n[keep]) - values[keep], ".", color=COLORS["black"], ms=3,
                label="computed")
        ax.plot(big[:, 0], c * np.sqrt(big[:, 0]) - big[:, 1], "o", color=COLORS["blue"], ms=6,
                label=f"the sweeps to {int(big[:, 0].max()):,}")
        ax.plot(grid, -fits.fits[model].correction(grid), color=COLORS["orange"], lw=1.5,
                label=f"fit: {model}")
        if np.isfinite(b):
            ax.plot(grid, -b * grid ** -0.25, "--", color=COLORS["green"], lw=1.2,
                    label=f"next term: b n^-1/4, b = {b:.4f} +- {se:.4f}")
        ax.errorbar([target], [gap - ex.estimate], yerr=[[ex.error], [ex.error]], fmt="D",
                    color=COLORS["vermillion"], ms=6, capsize=4,
                    label=f"V({int(target):,}) = {ex.estimate:,.4f} +- {ex.error:.4f}")
        ax.plot([target * 1.2] * 2, [1e-5, gap - lo], color=COLORS["grey"], lw=3,
                label=f"document ${doc.VALUE_133M_BODY:,.2f}: {gap - hi:+.3f} .. {gap - lo:+.3f}")
        ax.plot([], [], " ", label=f"document ${doc.VALUE_133M_INTRO:,.2f}: "
                                   f"{gap - doc.VALUE_133M_INTRO:+.3f}, off the axis")
        ax.set(xscale="log", yscale="log", ylim=(1e-4, None),
               xlabel="n (red cards = black cards)", ylabel="c sqrt(n) - V(n, n)  ($)")
        ax.legend(fontsize=8, loc="lower left")
    return ax
