"""The figure of the n-player question (document 004's "any number of players"), re-exported by
:mod:`stoplib.holdem.plots`.

Document 004 is Jeremy Kun, "Optimally Stacking the Deck – Texas Hold 'Em",
Math ∩ Programming (jeremykun.com), 9 April 2012. :func:`plot_best_by_players`
draws the table :func:`stoplib.holdem.stackings_by_players` returns (it computes
nothing).
"""
from __future__ import annotations

import numpy as np

from ..util.validate import check_instance
from ..workbook import style
from .rules import N_CUTS

__all__ = ["plot_best_by_players"]

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
    cuts, open where it does not), the best of the annealing runs and the best deck of
    the exhaustively searched period-13 family.

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
    handles = [Line2D([], [], color=blue, marker="o", ls="", label="best deck: optimal (52)"),
               Line2D([], [], mfc="white", mec=blue, mew=1.8, marker="o", ls="", label="best deck: short of 52"),
               Line2D([], [], color=grey, marker="_", ms=11, mew=2.2, ls="", label="best annealing run"),
               Line2D([], [], color=orange, marker="x", mew=1.8, ls="", label="best period-13 deck (all searched)")]
    ax.set_xticks(n)
    shown = np.concatenate([best, fam[fam >= 0], ann[ann >= 0]])
    ax.set_ylim(max(0.0, float(np.floor((shown.min() - 2) / 4) * 4)), N_CUTS + 2)
    ax.set_xlabel("players at the table")
    ax.set_ylabel("cuts won by seat 1 (of 52)")
    ax.legend(handles=handles, loc="upper left", bbox_to_anchor=(1.0, 1.0), fontsize=8)
    return ax
