"""CardCounter figures: ``plot_*`` functions that draw on an ``Axes`` they are given.

For notebook 06 (source document ``shared/seeds/003_796a598a91b6182b.txt``): the
hit/stand chart from :func:`.strategy.chart_grid`, the card-removal effects from
:func:`.strategy.removal_effects`, the dealer's final-total distribution by up card
(from :class:`.solver.Engine`) and the memoised state counts from
:func:`.strategy.state_counts`. None of them touches pyplot's global state.
"""
from __future__ import annotations

import numpy as np

from .rules import OUTCOMES, parse_deck
from .solver import Engine

__all__ = ["plot_strategy_chart", "plot_removal_effects", "plot_dealer_outcomes", "plot_state_counts"]


_ACTION_COLOURS = {"H": "#e8a0a0", "S": "#9fd4a3", "H/S": "#f4d58d", "": "#ffffff"}


def plot_strategy_chart(ax, grid, reference=None, title=None):
    """Draw a hit/stand chart as a coloured grid; cells differing from ``reference`` get a bold frame."""
    from matplotlib.patches import Rectangle
    rows, cols = list(grid.index), list(grid.columns)
    for i, r in enumerate(rows):
        for j, c in enumerate(cols):
            val = grid.loc[r, c]
            ax.add_patch(Rectangle((j, i), 1, 1, facecolor=_ACTION_COLOURS.get(val, "#dddddd"),
                                   edgecolor="white", linewidth=1))
            ax.text(j + 0.5, i + 0.5, val, ha="center", va="center", fontsize=7)
            if reference is not None and r in reference.index and reference.loc[r, c] != val:
                ax.add_patch(Rectangle((j + 0.04, i + 0.04), 0.92, 0.92, fill=False, edgecolor="black", linewidth=1.6))
    ax.set_xlim(0, len(cols))
    ax.set_ylim(len(rows), 0)
    ax.set_xticks(np.arange(len(cols)) + 0.5)
    ax.set_xticklabels(cols)
    ax.set_yticks(np.arange(len(rows)) + 0.5)
    ax.set_yticklabels(rows, fontsize=7)
    ax.set_xlabel("dealer up card")
    ax.tick_params(length=0)
    for s in ax.spines.values():
        s.set_visible(False)
    if title:
        ax.set_title(title, fontsize=9)
    return ax


def plot_removal_effects(ax, effects):
    """Bar chart of the change in win probability (percentage points) when one card of each value is removed."""
    df = effects[effects["value"] > 0]
    colours = ["#3b7dd8" if c > 0 else "#d8553b" for c in df["change"]]
    ax.bar(df["removed"], df["change"], color=colours)
    ax.axhline(0, color="black", linewidth=0.8)
    ax.set_xlabel("card value removed from a fresh deck")
    ax.set_ylabel("change in win probability (points)")
    return ax


def plot_dealer_outcomes(ax, counts, dealers=range(1, 11)):
    """Stacked bars of the dealer's final-total distribution for each up card drawn from ``counts``."""
    counts = parse_deck(counts)
    eng = Engine(counts)
    bottoms = np.zeros(len(dealers))
    dists = []
    for up in dealers:
        c = counts.copy()
        c[up - 1] -= 1
        dists.append(eng.dealer_distribution(c, up, up == 1))
    dists = np.array(dists)
    labels = ["A" if u == 1 else str(u) for u in dealers]
    colours = ["#c6dbef", "#9ecae1", "#6baed6", "#3182bd", "#08519c", "#fd8d3c"]
    for j, name in enumerate(OUTCOMES):
        ax.bar(labels, dists[:, j], bottom=bottoms, label=name, color=colours[j])
        bottoms += dists[:, j]
    ax.set_xlabel("dealer up card")
    ax.set_ylabel("probability of the dealer's final total")
    ax.legend(title="dealer ends", fontsize=7, bbox_to_anchor=(1.01, 1), loc="upper left")
    return ax


def plot_state_counts(ax, sizes):
    """Reachable dealer states per starting hand (box per number of decks) against the dense grid size."""
    groups = [g["n_dealer_states"].to_numpy() for _, g in sizes.groupby("n_decks")]
    labels = [str(n) for n in sorted(sizes["n_decks"].unique())]
    ax.boxplot(groups)
    ax.set_xticks(np.arange(1, len(labels) + 1), labels)
    ax.set_yscale("log")
    ax.set_xlabel("number of decks")
    ax.set_ylabel("memoised dealer states per hand")
    return ax
