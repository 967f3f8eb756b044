"""Figures and styled tables for the hold'em stacking notebook (document 004).

Document 004 is Jeremy Kun, "Optimally Stacking the Deck – Texas Hold 'Em",
Math ∩ Programming (jeremykun.com), 9 April 2012. Each ``plot_*`` function
draws a result it is given (a :class:`~stoplib.holdem.SearchResult`'s arrays, a
:func:`~stoplib.holdem.summarize` table, a :func:`~stoplib.holdem.cut_table`) in
the workbook style (:mod:`stoplib.workbook.style`) on the axis (or the figure)
it is given, or on a new pyplot-free figure, and returns it; it computes nothing
(no deal, no search). The notebook exports with ``stoplib.save_figure``.
``style_cut_table`` shows a cut table through :func:`stoplib.show_table` with
each cut's winner coloured. The interactive panels built on these are in
:mod:`stoplib.holdem.widgets`. The verdict table's look is
:func:`stoplib.workbook.verdicts.styler`.
"""
from __future__ import annotations

import numpy as np

from ..util.validate import check_choice, check_instance, check_int, check_str
from ..workbook import style
from ..workbook.tables import show
from .evaluator import CATEGORIES
from .local_search import MAX_MOVES, OBJECTIVES
from .rules import MAX_PLAYERS, MIN_PLAYERS, N_CUTS
from ._plot_players import plot_anytime, plot_best_by_players

__all__ = ["plot_steps_histogram", "plot_success_by_players", "plot_scores_by_players", "plot_best_by_players",
           "plot_anytime",
           "plot_cut_table",
           "plot_climbs", "plot_step_gains", "plot_final_scores", "style_cut_table",
           "CATEGORY_ABBREV", "CATEGORY_COLORS", "RESULT_COLORS"]

CATEGORY_ABBREV = {"high card": "HC", "one pair": "1P", "two pair": "2P", "three of a kind": "3K",
                   "straight": "St", "flush": "Fl", "full house": "FH", "four of a kind": "4K",
                   "straight flush": "SF"}
"""Two-letter names of the hand categories, as the cut-table figure labels its cells."""


def _category_colors():
    from matplotlib import colormaps
    from matplotlib.colors import to_hex

    cmap = colormaps[style.SEQUENTIAL]
    return {name: to_hex(cmap(0.08 + 0.9 * k / (len(CATEGORIES) - 1))) for k, name in enumerate(CATEGORIES)}


CATEGORY_COLORS = _category_colors()
"""One colour per hand category, darkest for high card, brightest for a straight flush (viridis)."""

RESULT_COLORS = {"win": style.COLORS["blue"], "tie": style.COLORS["yellow"], "loss": style.COLORS["vermillion"]}
"""Colours of a cut's result for the chosen seat (the word is always written beside the colour)."""

_OTHER = style.COLORS["grey"]


def _axis(ax, figsize):
    """``ax``, or a new styled axis when it is None; TypeError for anything else."""
    from matplotlib.axes import Axes

    if ax is None:
        _, ax = style.figure(figsize=figsize)
    elif not isinstance(ax, Axes):
        raise TypeError(f"ax must be a matplotlib Axes or None, got {type(ax).__name__}")
    return ax


#: The most climbs a plot takes (a plot of more says nothing more; arrays of that size take seconds).
MAX_CLIMBS = 10_000_000


def _ints(name, values, low, high, ndim=1) -> np.ndarray:
    """``values`` as an int64 array of ``ndim`` dimensions with entries in ``low..high``."""
    if isinstance(values, (str, bytes, dict, set)) or values is None:
        raise TypeError(f"{name} must be a list or array of ints, got {type(values).__name__}")
    try:
        arr = np.asarray(values)
    except (ValueError, OverflowError) as exc:
        raise ValueError(f"{name} must be a regular array of ints: {exc}") from None
    if arr.dtype == np.bool_ or (arr.size and not np.issubdtype(arr.dtype, np.integer)):
        raise TypeError(f"{name} must hold ints, got dtype {arr.dtype}")
    if arr.ndim != ndim:
        raise ValueError(f"{name} must be {ndim}-D, got shape {arr.shape}")
    if arr.shape[0] > MAX_CLIMBS:
        raise ValueError(f"{name} must describe at most {MAX_CLIMBS:,} climbs, got {arr.shape[0]:,}")
    if arr.size and (arr.min() < low or arr.max() > high):
        bad = arr.min() if arr.min() < low else arr.max()
        raise ValueError(f"{name} must be in {low}..{high}, got {bad}")
    return arr.astype(np.int64)


def _flags(name, values, size) -> np.ndarray:
    """``values`` as a bool array of ``size`` entries."""
    if isinstance(values, (str, bytes, dict, set)) or values is None:
        raise TypeError(f"{name} must be a list or array of bools, got {type(values).__name__}")
    arr = np.asarray(values)
    if arr.dtype != np.bool_:
        raise TypeError(f"{name} must hold bools (True/False), got dtype {arr.dtype}")
    if arr.shape != (size,):
        raise ValueError(f"{name} must have one entry per climb ({size}), got shape {arr.shape}")
    return arr


def _summary(table, columns) -> "pd.DataFrame":  # noqa: F821 (pandas is imported inside)
    """A :func:`stoplib.holdem.summarize` table with numeric ``columns`` and players 2..22."""
    import pandas as pd

    if not isinstance(table, pd.DataFrame):
        raise TypeError(f"table must be a pandas DataFrame from stoplib.holdem.summarize, got {type(table).__name__}")
    missing = [c for c in columns if c not in table.columns]
    if missing:
        raise ValueError(f"table lacks the column(s) {missing} (a stoplib.holdem.summarize table has them)")
    if table.empty:
        raise ValueError("table has no rows")
    for c in columns:
        values = table[c].to_numpy()
        if not np.issubdtype(values.dtype, np.number) or values.dtype == np.bool_:
            raise TypeError(f"table column {c!r} must be numeric, got dtype {values.dtype}")
        if not np.all(np.isfinite(values.astype(float))):
            raise ValueError(f"table column {c!r} must be finite numbers")
    players = table["n_players"].to_numpy()
    if players.min() < MIN_PLAYERS or players.max() > MAX_PLAYERS or not np.all(players == np.round(players)):
        raise ValueError(f"table column 'n_players' must hold table sizes {MIN_PLAYERS}..{MAX_PLAYERS}")
    return table


def _text_color(hex_colour: str) -> str:
    """Black or white, whichever reads better on ``hex_colour``."""
    from matplotlib.colors import to_rgb

    r, g, b = to_rgb(hex_colour)
    return "black" if 0.299 * r + 0.587 * g + 0.114 * b > 0.5 else "white"


@style.styled
def plot_steps_histogram(steps, optimal=None, ax=None, article_max: int | None = None):
    """Climbs by number of steps (improving swaps), on a log scale so rare long climbs show.

    Two bars per step count: all climbs, and those that reached 52 (optimal).

    Parameters
    ----------
    steps : array_like of int
        Steps of each climb (``SearchResult.steps``).
    optimal : array_like of bool, optional
        Which climbs reached 52 (``SearchResult.optimal``).
    article_max : int, optional
        Draw a dashed line after the article's maximum (15).

    Examples
    --------
    >>> ax = plot_steps_histogram([5, 9, 9, 12], [True, False, True, False], article_max=15)
    >>> ax.get_xlabel()
    'steps to a local maximum (improving swaps)'
    """
    from matplotlib.ticker import FuncFormatter, MaxNLocator

    steps = _ints("steps", steps, 0, MAX_MOVES)
    opt = np.zeros(steps.size, bool) if optimal is None else _flags("optimal", optimal, steps.size)
    if article_max is not None:
        article_max = check_int("article_max", article_max, 0, MAX_MOVES)
    ax = _axis(ax, (6.4, 3.6))
    top = int(steps.max()) if steps.size else 1
    right = max(top + 1, (article_max or 0) + 4)
    x = np.arange(0, right + 1)
    every = np.bincount(steps, minlength=x.size)[:x.size]
    best = np.bincount(steps[opt], minlength=x.size)[:x.size]
    ax.bar(x - 0.2, np.where(every > 0, every, np.nan), width=0.4, color=style.COLORS["grey"],
           label="all climbs")
    ax.bar(x + 0.2, np.where(best > 0, best, np.nan), width=0.4, color=style.COLORS["blue"],
           label="climbs that reached 52")
    ax.set_yscale("log")
    high = max(int(every.max()) if every.size else 1, 1) * 6
    ax.set_ylim(0.6, high)
    if article_max is not None:
        ax.axvline(article_max + 0.5, color=style.COLORS["vermillion"], ls="--", lw=1.2,
                   label=f"the article: never more than {article_max}")
        beyond = int(np.count_nonzero(steps > article_max))
        ax.text(article_max + 0.8, high / 3, f"{beyond:,} climb{'' if beyond == 1 else 's'}\n"
                f"longer than {article_max}", ha="left", va="top", fontsize=9,
                color=style.COLORS["vermillion"])
    left = max(int(steps.min()) - 1, 0) if steps.size else 0
    ax.set_xlim(left - 0.7, right + 0.7)
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    ax.yaxis.set_major_formatter(FuncFormatter(lambda v, _: f"{v:,.0f}" if v >= 1 else ""))
    ax.set_xlabel("steps to a local maximum (improving swaps)")
    ax.set_ylabel("climbs (log scale)")
    ax.legend(loc="upper left")
    return ax


@style.styled
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
    'climbs reaching 52 (fraction, 95% CI)'
    """
    check_str("column", column, 100)
    check_str("label_by", label_by, 100)
    table = _summary(table, ["n_players", column, "ci_low", "ci_high"])
    if label_by not in table.columns:
        raise ValueError(f"label_by must name a column of table, got {label_by!r}")
    ax = _axis(ax, (6.4, 3.6))
    groups = list(dict.fromkeys(table[label_by].tolist()))
    width = 0.8 / max(len(groups), 1)
    for g_i, g in enumerate(groups):
        part = table[table[label_by] == g].sort_values("n_players")
        x = part["n_players"].to_numpy() + (g_i - (len(groups) - 1) / 2) * width
        y = part[column].to_numpy()
        err = np.vstack([y - part["ci_low"].to_numpy(), part["ci_high"].to_numpy() - y])
        ax.errorbar(x, y, yerr=np.clip(err, 0, None), fmt="o", capsize=3,
                    color=style.CYCLE[g_i % len(style.CYCLE)],
                    label=f"{label_by} {g}" if label_by == "seat" else str(g))
    ax.set_xticks(sorted(table["n_players"].unique()))
    ax.set_xlabel("players at the table")
    ax.set_ylabel("climbs reaching 52 (fraction, 95% CI)")
    ax.set_ylim(bottom=0)
    ax.legend(ncol=2, loc="upper left", bbox_to_anchor=(1.0, 1.0))
    return ax


@style.styled
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
    'cuts won at the end of a climb (of 52)'
    """
    from matplotlib.lines import Line2D

    table = _summary(table, ["n_players", "seat", "mean_score", "best_score"])
    ax = _axis(ax, (7.2, 3.8))
    seats = sorted(table["seat"].unique())
    width = 0.8 / max(len(seats), 1)
    handles = []
    for i, seat in enumerate(seats):
        colour = style.CYCLE[i % len(style.CYCLE)]
        part = table[table["seat"] == seat].sort_values("n_players")
        x = part["n_players"].to_numpy() + (i - (len(seats) - 1) / 2) * width
        ax.plot(x, part["mean_score"], "o", ms=6, color=colour)
        ax.plot(x, part["best_score"], "_", ms=12, mew=2.5, color=colour)
        handles.append(Line2D([], [], color=colour, marker="s", ls="", ms=7, label=f"seat {seat}"))
    ax.axhline(N_CUTS, color=style.COLORS["black"], lw=0.8, ls=":")
    ax.text(min(table["n_players"]) - 0.45, N_CUTS + 0.3,
            "52: an optimal stacking", fontsize=9, va="bottom")
    handles += [Line2D([], [], color=style.COLORS["black"], marker="o", ls="", label="mean of the climbs"),
                Line2D([], [], color=style.COLORS["black"], marker="_", ms=12, mew=2.5, ls="",
                       label="best climb")]
    ax.set_xticks(sorted(table["n_players"].unique()))
    low = float(np.floor((min(table["mean_score"].min(), table["best_score"].min()) - 1) / 5) * 5)
    ax.set_ylim(low, N_CUTS + 2.5)
    ax.set_xlabel("players at the table")
    ax.set_ylabel("cuts won at the end of a climb (of 52)")
    ax.legend(handles=handles, loc="upper left", bbox_to_anchor=(1.0, 1.0))
    return ax


def _paths(paths, steps):
    """``SearchResult.paths`` and ``.steps``: scores -1..52 after each move, one row per climb."""
    paths = _ints("paths", paths, -1, N_CUTS, ndim=2)
    steps = _ints("steps", steps, 0, MAX_MOVES)
    if steps.size != paths.shape[0]:
        raise ValueError(f"steps must have one entry per row of paths ({paths.shape[0]}), got {steps.size}")
    if steps.size and steps.max() >= paths.shape[1]:
        raise ValueError(f"steps must be below the {paths.shape[1]} columns of paths, got {steps.max()}")
    return paths, steps


@style.styled
def plot_climbs(paths, steps, optimal=None, ax=None, max_lines: int = 200):
    """Cuts won after each step of a sample of climbs (``SearchResult.paths``).

    Climbs that reach 52 are blue, those that stop below 52 grey.

    Examples
    --------
    >>> ax = plot_climbs(np.array([[20, 30, 52, -1], [25, 40, -1, -1]]), [2, 1], [True, False])
    >>> ax.get_ylabel()
    'cuts won by the seat (of 52)'
    """
    from matplotlib.lines import Line2D

    paths, steps = _paths(paths, steps)
    opt = np.zeros(len(steps), bool) if optimal is None else _flags("optimal", optimal, steps.size)
    max_lines = check_int("max_lines", max_lines, 1, 10_000)
    ax = _axis(ax, (6.4, 3.8))
    colours = {True: style.COLORS["blue"], False: style.COLORS["grey"]}
    shown = min(len(steps), max_lines)
    for r in range(shown):
        ax.plot(np.arange(steps[r] + 1), paths[r, :steps[r] + 1], color=colours[bool(opt[r])],
                alpha=0.35, lw=0.9)
    ax.axhline(N_CUTS, color=style.COLORS["black"], lw=0.8, ls=":")
    ax.set_xlabel("step (improving swaps made)")
    ax.set_ylabel("cuts won by the seat (of 52)")
    ax.legend(handles=[Line2D([], [], color=colours[True], label="reached 52"),
                       Line2D([], [], color=colours[False], label="stopped below 52")],
              loc="lower right", title=f"{shown:,} climbs")
    return ax


@style.styled
def plot_step_gains(paths, steps, ax=None, min_climbs: int = 10):
    """Cuts gained by the k-th improving swap of a climb: mean (bar) and 10-90% range.

    Only steps made by at least ``min_climbs`` climbs are drawn.

    Parameters
    ----------
    paths : array_like of int, shape (n, 53)
        ``SearchResult.paths``: the objective after 0, 1, ... moves (-1 after the end).
    steps : array_like of int
        ``SearchResult.steps``.

    Examples
    --------
    >>> ax = plot_step_gains(np.array([[20, 30, 52, -1], [25, 40, -1, -1]]), [2, 1], min_climbs=1)
    >>> ax.get_ylabel()
    'cuts gained by the swap'
    """
    from matplotlib.ticker import MaxNLocator

    paths, steps = _paths(paths, steps)
    min_climbs = check_int("min_climbs", min_climbs, 1)
    ax = _axis(ax, (6.4, 3.4))
    ks, means, lows, highs, counts = [], [], [], [], []
    for k in range(1, int(steps.max(initial=0)) + 1):
        going = steps >= k
        if np.count_nonzero(going) < min_climbs:
            break
        gain = paths[going, k] - paths[going, k - 1]
        ks.append(k)
        means.append(gain.mean())
        lows.append(np.percentile(gain, 10))
        highs.append(np.percentile(gain, 90))
        counts.append(int(np.count_nonzero(going)))
    ks, means = np.array(ks), np.array(means)
    err = np.vstack([means - np.array(lows), np.array(highs) - means]) if ks.size else None
    ax.bar(ks, means, color=style.COLORS["blue"], width=0.7, label="mean gain")
    if ks.size:
        ax.errorbar(ks, means, yerr=np.clip(err, 0, None), fmt="none", ecolor=style.COLORS["black"],
                    capsize=3, lw=1, label="10% to 90% of the climbs")
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    ax.set_xlabel(f"step k (only steps made by at least {min_climbs} climbs)")
    ax.set_ylabel("cuts gained by the swap")
    ax.set_ylim(0, None)
    ax.legend(loc="upper right")
    return ax


@style.styled
def plot_final_scores(scores, ax=None, objective: str = "wins"):
    """How many climbs ended at each score; the climbs that reached 52 in blue.

    Examples
    --------
    >>> ax = plot_final_scores([48, 50, 52, 52])
    >>> ax.get_xlabel()
    'cuts won at the end of the climb'
    """
    scores = _ints("scores", scores, 0, N_CUTS)
    objective = check_choice("objective", objective, OBJECTIVES)
    ax = _axis(ax, (6.4, 3.2))
    counts = np.bincount(scores, minlength=N_CUTS + 1)
    low = int(scores.min()) if scores.size else N_CUTS
    x = np.arange(low, N_CUTS + 1)
    colours = [style.COLORS["blue"] if v == N_CUTS else style.COLORS["grey"] for v in x]
    ax.bar(x, counts[low:], color=colours, width=0.8)
    what = "won" if objective == "wins" else "won or tied"
    ax.set_xlabel(f"cuts {what} at the end of the climb")
    ax.set_ylabel("climbs")
    ax.set_xlim(min(low, N_CUTS - 6) - 0.7, N_CUTS + 0.7)
    return ax


def _check_cut_table(table, seat, whole=True):
    """``(n_players, seat)`` of rows of a :func:`stoplib.holdem.cut_table` (all 52 if ``whole``);
    ``seat`` must be the one its ``result`` column was made for."""
    import pandas as pd

    check_instance("table", table, pd.DataFrame)
    n = sum(1 for col in table.columns if isinstance(col, str) and col.endswith(" hand"))
    needed = ["winner", "result"] + [f"p{p + 1}" for p in range(n)] + [f"p{p + 1} hand" for p in range(n)]
    if not MIN_PLAYERS <= n <= MAX_PLAYERS or any(c not in table.columns for c in needed):
        raise ValueError("table must be a stoplib.holdem.cut_table (columns p1, p1 hand, ..., winner, result)")
    if whole and len(table) != N_CUTS:
        raise ValueError(f"table must have one row per cut ({N_CUTS}), got {len(table)}")
    winners = table["winner"].tolist()
    if not all(isinstance(w, str) and all(x.isdigit() and 1 <= int(x) <= n for x in w.split("="))
               for w in winners):
        raise ValueError("table column 'winner' must hold seats such as '1' or '1=2'")
    bad = [c for c in table[[f"p{p + 1} hand" for p in range(n)]].stack().unique() if c not in CATEGORY_ABBREV]
    if bad:
        raise ValueError(f"table's hand columns must hold hand categories such as 'one pair', got {bad[:3]}")
    seat = check_int("seat", seat, 1, n)
    expected = ["win" if w == str(seat) else "tie" if str(seat) in w.split("=") else "loss" for w in winners]
    if table["result"].tolist() != expected:
        raise ValueError(f"table's result column is not seat {seat}'s: make the table with "
                         f"cut_table(deck, n_players={n}, seat={seat})")
    return n, seat


@style.styled
def plot_cut_table(table, seat: int = 1, fig=None):
    """The 52 deals of a deck as a grid of hands: cuts across, players down, in two halves.

    Each cell is one player's final hand at one cut, coloured by its category
    (darkest: high card; key below the grid) and labelled with its two-letter
    name (:data:`CATEGORY_ABBREV`). The winner of each cut is framed in black,
    players sharing a tied best hand are framed with a dashed line. Cuts 0-25
    are in the upper grid, 26-51 in the lower.

    Parameters
    ----------
    table : pandas.DataFrame
        The deck's :func:`stoplib.holdem.cut_table` (its players are the table's).
    seat : int
        The seat whose result the title gives: the one the table was made for.
    fig : matplotlib.figure.Figure, optional
        An empty figure to draw on (a new one, sized for the table, if not given).

    Returns
    -------
    matplotlib.figure.Figure

    Examples
    --------
    >>> from stoplib.holdem import cut_table
    >>> from stoplib.holdem.document import EXAMPLE_DECK
    >>> fig = plot_cut_table(cut_table(EXAMPLE_DECK))
    >>> fig.axes[-1].get_xlabel(), style.small_text(fig)
    ('cut', [])
    """
    from matplotlib.figure import Figure
    from matplotlib.patches import Patch, Rectangle

    n, seat = _check_cut_table(table, seat)
    if fig is not None:
        check_instance("fig", fig, Figure)
        if fig.axes:
            raise ValueError("fig must be an empty Figure (it has axes already)")
    table = table.reset_index(drop=True)
    half = N_CUTS // 2
    if fig is None:
        fig, axes = style.figure(2, 1, figsize=(9.0, 1.5 + 0.72 * n))
    else:
        axes = fig.subplots(2, 1)
    for block, ax in enumerate(axes):
        ax.grid(False)
        for spine in ax.spines.values():
            spine.set_visible(False)
        cuts = range(block * half, (block + 1) * half)
        for x, c in enumerate(cuts):
            winners = [int(w) for w in table.loc[c, "winner"].split("=")]
            for p in range(n):
                name = table.loc[c, f"p{p + 1} hand"]
                colour = CATEGORY_COLORS[name]
                ax.add_patch(Rectangle((x - 0.5, p - 0.5), 1, 1, facecolor=colour, edgecolor="white", lw=0.8))
                ax.text(x, p, CATEGORY_ABBREV[name], ha="center", va="center", fontsize=8,
                        color=_text_color(colour))
                if p + 1 in winners:
                    ax.add_patch(Rectangle((x - 0.42, p - 0.42), 0.84, 0.84, fill=False,
                                           edgecolor="black", lw=1.8, ls="-" if len(winners) == 1 else "--"))
        ax.set_xlim(-0.5, half - 0.5)
        ax.set_ylim(n - 0.5, -0.5)
        ax.set_yticks(range(n))
        ax.set_yticklabels([f"p{p + 1}" + (" (seat)" if p + 1 == seat else "") for p in range(n)])
        ax.set_xticks(range(0, half, 5))
        ax.set_xticklabels([str(block * half + t) for t in range(0, half, 5)])
        ax.tick_params(length=0)
    axes[-1].set_xlabel("cut")
    res = table["result"].value_counts()
    fig.suptitle(f"seat {seat} of {n}: {res.get('win', 0)} cuts won, {res.get('tie', 0)} tied, "
                 f"{res.get('loss', 0)} lost", fontsize=11)
    handles = [Patch(facecolor=CATEGORY_COLORS[c], label=f"{CATEGORY_ABBREV[c]} {c}") for c in CATEGORIES]
    handles += [Patch(facecolor="white", edgecolor="black", lw=1.8, label="winner of the cut"),
                Patch(facecolor="white", edgecolor="black", lw=1.8, ls="--", label="tied for best")]
    fig.legend(handles=handles, loc="outside lower center", ncol=6, fontsize=8, handlelength=1.2,
               columnspacing=1.0)
    return fig


def style_cut_table(table, seat: int = 1):
    """A cut table as a reader sees it (:func:`stoplib.show_table`), each cut's winning hand highlighted.

    The winning pocket and hand of each row are blue (yellow for players tied
    for best); the ``result`` column, which names the chosen seat's outcome, is
    blue for a win, yellow for a tie, vermillion for a loss. The evaluator's rank
    columns are not shown; the headers are spelled out ("Player 1 pocket").

    Parameters
    ----------
    table : pandas.DataFrame
        Rows of a :func:`stoplib.holdem.cut_table` (any of its 52 rows).
    seat : int
        The seat named in the header of the ``result`` column.

    Examples
    --------
    >>> from stoplib.holdem import cut_table
    >>> from stoplib.holdem.document import EXAMPLE_DECK
    >>> html = style_cut_table(cut_table(EXAMPLE_DECK)).to_html()
    >>> "background-color" in html and "p1 rank" not in html and "Player 1 pocket" in html
    True
    """
    n, seat = _check_cut_table(table, seat, whole=False)
    shown = table.drop(columns=[f"p{p + 1} rank" for p in range(n)], errors="ignore")
    headers = {"cut": "Cut", "board": "Board (flop, turn, river)", "winner": "Winner",
               "result": f"Seat {seat}'s result"}
    for p in range(1, n + 1):
        headers[f"p{p}"] = f"Player {p} pocket"
        headers[f"p{p} hand"] = f"Player {p} hand"
    headers = {k: v for k, v in headers.items() if k in shown.columns}
    player_of = {headers[c]: int(c[1:].split(" ")[0]) for c in headers if c.startswith("p")}
    result_header = headers["result"]
    win, tie = RESULT_COLORS["win"], RESULT_COLORS["tie"]
    winners = [[int(w) for w in text.split("=")] for text in shown["winner"]]
    results = shown["result"].tolist()

    def colour(column):
        out = []
        for r in range(len(column)):
            if column.name == result_header:
                back = RESULT_COLORS.get(results[r], _OTHER)
                out.append(f"background-color: {back}; color: {_text_color(back)}")
            elif player_of.get(column.name) in winners[r]:
                fill = win if len(winners[r]) == 1 else tie
                out.append(f"background-color: {fill}; color: {_text_color(fill)}")
            else:
                out.append("")
        return out

    return show(shown.reset_index(drop=True), headers=headers).apply(colour, axis=0)
