"""Figures for the red/black card game (document 000): each function draws on a
given matplotlib Axes and returns it, so notebooks stay short.

The conventions follow :mod:`stoplib.redblack`: ``table[r, b]`` is the value
with ``r`` red and ``b`` black cards left; red runs down the vertical axis
and black along the horizontal axis.
"""
from __future__ import annotations

import numpy as np

__all__ = [
    "plot_value_heatmap", "plot_stopping_boundary", "plot_policy",
    "plot_spreadsheet_comparison", "plot_method_timings", "plot_position_panel",
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

    ``comparison`` is a :class:`stoplib.redblack.SpreadsheetComparison`; the
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

    from . import redblack as rb

    v = rb.value(n_red, n_black)
    draw = v > 0
    fig, axes = plt.subplots(1, 2, figsize=figsize)
    bnd = rb.stopping_boundary(max(n_red, 1))
    plot_stopping_boundary(axes[0], bnd, n_black=max(n_black, int(bnd.max())), mark=(n_red, n_black))
    plot_policy(axes[1], rb.policy_table(n_red, n_black), title=f"policy for {n_red} red, {n_black} black")
    fig.suptitle(f"V({n_red}, {n_black}) = {v:.6f}: {'draw' if draw else 'stop'} "
                 f"(boundary at {int(bnd[n_red]) if n_red <= len(bnd) - 1 else 0} black cards)")
    fig.tight_layout()
    return fig
