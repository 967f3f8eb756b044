"""The figure of the n-player question (document 004's "any number of players"), re-exported by
:mod:`stoplib.holdem.plots`.

Document 004 is Jeremy Kun, "Optimally Stacking the Deck – Texas Hold 'Em",
Math ∩ Programming (jeremykun.com), 9 April 2012. :func:`plot_best_by_players`
draws the table :func:`stoplib.holdem.stackings_by_players` returns, beside the public
record where the table holds it; :func:`plot_anytime` draws the anytime runs of
:func:`stoplib.holdem.read_frontier` (both compute nothing).
"""
from __future__ import annotations

import numpy as np

from ..util.validate import check_instance
from ..workbook import style
from .rules import N_CUTS

__all__ = ["plot_best_by_players", "plot_anytime"]

_NEEDED = ("n_players", "wins", "family_best", "anneal_best")


def _players_table(table):
    import pandas as pd

    check_instance("table", table, pd.DataFrame)
    missing = [c for c in _NEEDED if c not in table.columns]
    if missing:
        raise ValueError(f"table must be a stackings_by_players table (columns {list(_NEEDED)}), missing {missing}")
    if table.empty:
        raise ValueError("table is empty: nothing to draw")
    for col in _NEEDED:
        values = table[col].to_numpy()
        if not np.issubdtype(values.dtype, np.integer) or values.min() < -1 or values.max() > N_CUTS:
            raise ValueError(f"table[{col!r}] must hold ints -1..52 (-1: not run)")
    return table.sort_values("n_players")


@style.styled
def plot_best_by_players(table, ax=None):
    """The most cuts seat 1 wins with the best deck known, by players at the table.

    Draws, per table size, the best deck of all methods (filled where it wins all 52
    cuts, open where it does not), the best of the annealing runs, the best deck of
    the exhaustively searched period-13 family with suits cycling and, where the table has
    the column ``public_best``, the public record.

    Parameters
    ----------
    table : pandas.DataFrame
        :func:`stoplib.holdem.stackings_by_players` (``n_players``, ``wins``,
        ``anneal_best``, ``family_best``; -1 where a method was not run).
    ax : matplotlib Axes, optional

    Examples
    --------
    >>> import pandas as pd
    >>> t = pd.DataFrame({"n_players": [2, 3], "wins": [52, 50], "anneal_best": [52, 50],
    ...                   "family_best": [48, -1]})
    >>> plot_best_by_players(t).get_ylabel()
    'cuts won by seat 1 (of 52)'
    """
    from matplotlib.axes import Axes
    from matplotlib.lines import Line2D

    table = _players_table(table)
    if ax is None:
        _, ax = style.figure(figsize=(7.2, 3.8))
    elif not isinstance(ax, Axes):
        raise TypeError(f"ax must be a matplotlib Axes or None, got {type(ax).__name__}")
    n = table["n_players"].to_numpy()
    best = table["wins"].to_numpy()
    blue, grey, orange = style.COLORS["blue"], style.COLORS["grey"], style.COLORS["orange"]
    fam = table["family_best"].to_numpy()
    ann = table["anneal_best"].to_numpy()
    ax.plot(n[fam >= 0] + 0.18, fam[fam >= 0], "x", color=orange, ms=7, mew=1.8)
    ax.plot(n[ann >= 0] - 0.18, ann[ann >= 0], "_", color=grey, ms=11, mew=2.2)
    found = best == N_CUTS
    ax.plot(n[found], best[found], "o", color=blue, ms=8)
    ax.plot(n[~found], best[~found], "o", mfc="white", mec=blue, mew=1.8, ms=8)
    ax.axhline(N_CUTS, color=style.COLORS["black"], lw=0.8, ls=":")
    handles = [Line2D([], [], color=blue, marker="o", ls="", label="ours: optimal (52)"),
               Line2D([], [], mfc="white", mec=blue, mew=1.8, marker="o", ls="", label="ours: short of 52"),
               Line2D([], [], color=grey, marker="_", ms=11, mew=2.2, ls="", label="best annealing run"),
               Line2D([], [], color=orange, marker="x", mew=1.8, ls="",
                      label="best deck, ranks every 13 cards,\nsuits cycling (all searched)")]
    shown = [best, fam[fam >= 0], ann[ann >= 0]]
    if "public_best" in table.columns:
        pub = table["public_best"].to_numpy()
        vermillion = style.COLORS["vermillion"]
        ax.plot(n, pub, "D", mfc="none", mec=vermillion, mew=1.6, ms=9)
        handles.insert(2, Line2D([], [], mfc="none", mec=vermillion, mew=1.6, marker="D", ms=9, ls="",
                                 label="public record (aaronjeline/\npoker-solver report)"))
        shown.append(pub)
    ax.set_xticks(n)
    shown = np.concatenate(shown)
    ax.set_ylim(max(0.0, float(np.floor((shown.min() - 2) / 4) * 4)), N_CUTS + 2)
    ax.set_xlabel("players at the table")
    ax.set_ylabel("cuts won by seat 1 (of 52)")
    ax.legend(handles=handles, loc="upper left", bbox_to_anchor=(1.0, 1.0), fontsize=8)
    return ax


@style.styled
def plot_anytime(frontier, public=None, fig=None):
    """The best cuts won against the CPU time spent, one panel per table size (the anytime curves).

    Parameters
    ----------
    frontier : pandas.DataFrame
        :func:`stoplib.holdem.read_frontier` (``n_players``, ``seed``, ``budget``, ``step``,
        ``cpu_seconds``, ``best_wins``); one line per run.
    public : dict, optional
        Table size -> the public record's count, drawn as a dashed line.
    fig : matplotlib Figure, optional

    Examples
    --------
    >>> import pandas as pd
    >>> f = pd.DataFrame({"n_players": [7, 7], "seed": 0, "budget": 60.0, "step": [0, 1],
    ...                   "cpu_seconds": [20.0, 55.0], "best_wins": [44, 47]})
    >>> len(plot_anytime(f, public={7: 50}).axes)
    1
    """
    import pandas as pd
    from matplotlib.figure import Figure

    check_instance("frontier", frontier, pd.DataFrame)
    needed = ("n_players", "seed", "budget", "step", "cpu_seconds", "best_wins")
    missing = [c for c in needed if c not in frontier.columns]
    if missing or frontier.empty:
        raise ValueError(f"frontier must be a read_frontier table with rows, missing {missing or 'rows'}")
    if public is not None and not isinstance(public, dict):
        raise TypeError(f"public must be a dict of table size -> cuts, got {type(public).__name__}")
    if fig is not None and not isinstance(fig, Figure):
        raise TypeError(f"fig must be a matplotlib Figure or None, got {type(fig).__name__}")
    sizes = sorted(int(k) for k in set(frontier["n_players"]))
    cols = min(4, len(sizes))
    rows = -(-len(sizes) // cols)
    if fig is None:
        fig, _ = style.figure(rows, cols, figsize=(2.0 * cols + 0.6, 1.7 * rows + 0.6), squeeze=False,
                              sharex=True)
    elif not fig.axes:
        fig.subplots(rows, cols, squeeze=False, sharex=True)
    axes = fig.axes
    if len(axes) < len(sizes):
        raise ValueError(f"fig has {len(axes)} axes, {len(sizes)} table sizes to draw")
    blue, vermillion = style.COLORS["blue"], style.COLORS["vermillion"]
    top = max(1.0, float(frontier["cpu_seconds"].max()))
    for ax, n in zip(axes, sizes):
        mine = frontier[frontier["n_players"] == n]
        for _, run in mine.groupby(["seed", "budget"]):
            run = run.sort_values("step")
            x = np.concatenate([[0.0], run["cpu_seconds"].to_numpy(float)])
            y = np.concatenate([[run["best_wins"].iloc[0]], run["best_wins"].to_numpy()])
            ax.step(np.maximum(x, 1.0), y, where="post", color=blue, lw=1.5)
        if public and n in public:
            ax.axhline(public[n], color=vermillion, lw=1.0, ls="--")
        lo = min(int(mine["best_wins"].min()), public.get(n, 52) if public else 52)
        ax.set_ylim(lo - 2, N_CUTS + 1)
        ax.set_xscale("log")
        ax.set_xlim(1.0, top * 1.3)
        ax.set_title(f"{n} players", fontsize=9)
    for ax in axes[len(sizes):]:
        ax.set_visible(False)
    fig.supxlabel("CPU seconds spent (log scale)")
    fig.supylabel("best cuts won")
    return fig
