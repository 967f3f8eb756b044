"""Figures and styled tables for the hold'em stacking notebook (document 004).

Document 004 is "Optimally Stacking the Deck - Texas Hold 'Em" (Math ∩
Programming; ``shared/seeds/004_a0644cbfc5f0e02c.txt``). Each ``plot_*``
function draws on a matplotlib axis (a new figure if none is given) and returns
the axis; the notebook exports with ``stoplib.save_figure``.
``style_cut_table`` colours the per-cut table of :func:`stoplib.holdem.cut_table`.
The interactive panels built on these are in :mod:`stoplib.holdem.widgets`.
"""
from __future__ import annotations

import numpy as np

from .solver import cut_table

__all__ = ["plot_steps_histogram", "plot_success_by_players", "plot_scores_by_players", "plot_cut_table",
           "plot_climbs", "style_cut_table", "CATEGORY_ABBREV"]

CATEGORY_ABBREV = {"high card": "HC", "one pair": "1P", "two pair": "2P", "three of a kind": "3K",
                   "straight": "St", "flush": "Fl", "full house": "FH", "four of a kind": "4K",
                   "straight flush": "SF"}
_WIN, _TIE, _OTHER = "#4c9a2a", "#e8c547", "#eeeeee"


def _axis(ax, figsize):
    if ax is None:
        import matplotlib.pyplot as plt
        _, ax = plt.subplots(figsize=figsize)
    return ax


def plot_steps_histogram(steps, optimal=None, ax=None, article_max: int | None = None):
    """Histogram of climb lengths (improving swaps), optimal climbs stacked on the others.

    Parameters
    ----------
    steps : array_like of int
        Steps of each climb (``SearchResult.steps``).
    optimal : array_like of bool, optional
        Which climbs reached 52 (``SearchResult.optimal``).
    article_max : int, optional
        Draw a dashed line at the article's maximum (15).

    Examples
    --------
    >>> ax = plot_steps_histogram([5, 9, 9, 12], [True, False, True, False], article_max=15)
    >>> ax.get_xlabel()
    'steps to a local maximum'
    """
    ax = _axis(ax, (6.4, 3.6))
    steps = np.asarray(steps, dtype=int)
    opt = np.zeros(steps.size, bool) if optimal is None else np.asarray(optimal, bool)
    top = int(steps.max()) if steps.size else 1
    bins = np.arange(0, max(top, article_max or 0) + 2) - 0.5
    ax.hist([steps[opt], steps[~opt]], bins=bins, stacked=True, color=[_WIN, "#9aa5b1"],
            label=["reached 52 (optimal)", "stopped below 52"])
    if article_max is not None:
        ax.axvline(article_max + 0.5, color="k", ls="--", lw=1, label=f"article: never more than {article_max}")
    ax.set_xlabel("steps to a local maximum")
    ax.set_ylabel("climbs")
    ax.legend(frameon=False, fontsize=8)
    return ax


def plot_success_by_players(table, ax=None, column: str = "fraction", label_by: str = "seat"):
    """Fraction of climbs reaching an optimal stacking against the number of players.

    Parameters
    ----------
    table : pandas.DataFrame
        Rows from :func:`stoplib.holdem.summarize` (``n_players``, ``seat``,
        ``fraction``, ``ci_low``, ``ci_high``).
    label_by : str
        Column whose values get separate markers (default ``"seat"``; ``"label"`` if
        the table has one).

    Examples
    --------
    >>> import pandas as pd
    >>> t = pd.DataFrame({"n_players": [2, 3], "seat": [1, 1], "fraction": [0.2, 0.0],
    ...                   "ci_low": [0.15, 0.0], "ci_high": [0.25, 0.01]})
    >>> plot_success_by_players(t).get_ylabel()
    'fraction of climbs reaching 52'
    """
    ax = _axis(ax, (6.4, 3.6))
    groups = list(dict.fromkeys(table[label_by].tolist()))
    width = 0.8 / max(len(groups), 1)
    for g_i, g in enumerate(groups):
        part = table[table[label_by] == g].sort_values("n_players")
        x = part["n_players"].to_numpy() + (g_i - (len(groups) - 1) / 2) * width
        y = part[column].to_numpy()
        err = np.vstack([y - part["ci_low"].to_numpy(), part["ci_high"].to_numpy() - y])
        ax.errorbar(x, y, yerr=np.clip(err, 0, None), fmt="o", capsize=3,
                    label=f"{label_by} {g}" if label_by == "seat" else str(g))
    ax.set_xticks(sorted(table["n_players"].unique()))
    ax.set_xlabel("players")
    ax.set_ylabel("fraction of climbs reaching 52")
    ax.set_ylim(bottom=0)
    ax.legend(frameon=False, fontsize=8, ncol=2, loc="upper right")
    return ax


def plot_scores_by_players(table, ax=None):
    """Mean and best final score (cuts won of 52) of the climbs, by players and seat.

    Parameters
    ----------
    table : pandas.DataFrame
        Rows from :func:`stoplib.holdem.summarize` (``n_players``, ``seat``,
        ``mean_score``, ``best_score``).

    Examples
    --------
    >>> import pandas as pd
    >>> t = pd.DataFrame({"n_players": [2, 3], "seat": [1, 1], "mean_score": [50.0, 40.0],
    ...                   "best_score": [52, 47]})
    >>> plot_scores_by_players(t).get_ylabel()
    'cuts won at the end of a climb'
    """
    ax = _axis(ax, (6.4, 3.6))
    seats = sorted(table["seat"].unique())
    width = 0.8 / max(len(seats), 1)
    for i, seat in enumerate(seats):
        part = table[table["seat"] == seat].sort_values("n_players")
        x = part["n_players"].to_numpy() + (i - (len(seats) - 1) / 2) * width
        line = ax.plot(x, part["mean_score"], "o", ms=5, label=f"seat {seat}")[0]
        ax.plot(x, part["best_score"], "_", ms=10, mew=2, color=line.get_color())
    ax.axhline(52, color="k", lw=0.8, ls=":")
    ax.set_xticks(sorted(table["n_players"].unique()))
    ax.set_xlabel("players")
    ax.set_ylabel("cuts won at the end of a climb")
    ax.set_title("dots: mean, dashes: best", fontsize=9)
    ax.legend(frameon=False, fontsize=8, ncol=2, loc="lower left")
    return ax


def plot_climbs(paths, steps, optimal=None, ax=None, max_lines: int = 200):
    """Cuts won after each step of a sample of climbs (``SearchResult.paths``).

    Examples
    --------
    >>> ax = plot_climbs(np.array([[20, 30, 52, -1], [25, 40, -1, -1]]), [2, 1], [True, False])
    >>> ax.get_ylabel()
    'cuts won'
    """
    ax = _axis(ax, (6.4, 3.6))
    paths = np.asarray(paths)
    steps = np.asarray(steps, dtype=int)
    opt = np.zeros(len(steps), bool) if optimal is None else np.asarray(optimal, bool)
    for r in range(min(len(steps), max_lines)):
        ax.plot(np.arange(steps[r] + 1), paths[r, :steps[r] + 1], color=_WIN if opt[r] else "#9aa5b1",
                alpha=0.35, lw=1)
    ax.axhline(52, color="k", lw=0.8, ls=":")
    ax.set_xlabel("step")
    ax.set_ylabel("cuts won")
    return ax


def plot_cut_table(deck, n_players: int = 2, seat: int = 1, ax=None):
    """The 52 deals of a deck as a grid: one column per cut, one row per player.

    Each cell names the player's hand (HC, 1P, 2P, 3K, St, Fl, FH, 4K, SF); the
    winner of each cut is green, players sharing a tied best hand are yellow.
    The chosen seat's row is outlined.

    Examples
    --------
    >>> from stoplib.holdem.document import EXAMPLE_DECK
    >>> ax = plot_cut_table(EXAMPLE_DECK)
    >>> ax.get_xlabel()
    'cut'
    """
    from matplotlib.colors import ListedColormap
    from matplotlib.patches import Rectangle

    table = cut_table(deck, n_players=n_players, seat=seat)
    n = int(n_players)
    ax = _axis(ax, (14, 0.9 + 0.45 * n))
    code = np.zeros((n, 52), int)
    for c in range(52):
        winners = [int(w) for w in table.loc[c, "winner"].split("=")]
        for w in winners:
            code[w - 1, c] = 1 if len(winners) == 1 else 2
    ax.imshow(code, cmap=ListedColormap([_OTHER, _WIN, _TIE]), vmin=0, vmax=2, aspect="auto")
    for p in range(n):
        for c in range(52):
            ax.text(c, p, CATEGORY_ABBREV[table.loc[c, f"p{p + 1} hand"]], ha="center",
                    va="center", fontsize=6)
    ax.add_patch(Rectangle((-0.5, seat - 1.5), 52, 1, fill=False, lw=1.5, ec="k"))
    ax.set_yticks(range(n))
    ax.set_yticklabels([f"p{p + 1}" for p in range(n)])
    ax.set_xticks(range(0, 52, 4))
    ax.set_xlabel("cut")
    res = table["result"].value_counts()
    ax.set_title(f"seat {seat} of {n}: {res.get('win', 0)} won, {res.get('tie', 0)} tied, "
                 f"{res.get('loss', 0)} lost", fontsize=9)
    return ax


def style_cut_table(table, seat: int = 1):
    """A pandas Styler of :func:`stoplib.holdem.cut_table` with each cut's winner highlighted.

    The winning hand of each row is green (yellow for a tie); the ``result``
    column is coloured by the chosen seat's outcome.

    Examples
    --------
    >>> from stoplib.holdem import cut_table
    >>> from stoplib.holdem.document import EXAMPLE_DECK
    >>> html = style_cut_table(cut_table(EXAMPLE_DECK)).to_html()
    >>> "background-color" in html
    True
    """
    n = sum(1 for col in table.columns if col.endswith(" hand"))
    shown = table.drop(columns=[f"p{p + 1} rank" for p in range(n)], errors="ignore")

    def colour(row):
        winners = [int(w) for w in row["winner"].split("=")]
        fill = _WIN if len(winners) == 1 else _TIE
        out = []
        for col in row.index:
            if col.endswith(" hand") or (col.startswith("p") and col[1:].isdigit()):
                p = int(col[1:].split(" ")[0])
                out.append(f"background-color: {fill}; color: white" if p in winners
                           and fill == _WIN else f"background-color: {fill}" if p in winners else "")
            elif col == "result":
                out.append({"win": f"background-color: {_WIN}; color: white",
                            "tie": f"background-color: {_TIE}"}.get(row["result"],
                                                                    "background-color: #d9534f; color: white"))
            else:
                out.append("")
        return out

    return shown.style.apply(colour, axis=1).hide(axis="index")
