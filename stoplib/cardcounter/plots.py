"""CardCounter figures: ``plot_*`` functions that draw the result they are given on an ``Axes``.

For notebook 06 (the game of J. S. Plank's write-up of TopCoder SRM 734 "CardCounter";
rules in :mod:`.rules`): the hit/stand chart from :func:`.strategy.chart_grid` with the
cells where textbook basic strategy differs, the card-removal effects from
:func:`.strategy.removal_effects`, the dealer's final-total distribution by up card
from :func:`.strategy.dealer_outcomes`, the memoised state counts from
:func:`.strategy.state_counts`, and the picture of the interactive panel
(:func:`plot_next_card`: a :class:`.solver.NextCard`, the win probability after each
possible next card). Compute once, draw what you are given: every function takes a
computed result and computes nothing (it only checks what it is handed).

Every function draws inside the workbook style (:mod:`stoplib.workbook.style`: text
of 8 pt or more, the colour-blind-safe palette) and never touches pyplot's global
state; a notebook makes the figure with ``sl.style.figure(...)``.
"""
from __future__ import annotations

import numpy as np

from ..util.validate import check_bool, check_choice, check_instance, check_int, check_real, check_str
from ..workbook.style import COLORS, OPEN, styled
from .rules import OUTCOMES, _check_card, _check_frame
from .solver import NextCard

__all__ = ["ACTION_COLOURS", "plot_strategy_chart", "plot_removal_effects", "plot_dealer_outcomes",
           "plot_state_counts", "plot_next_card"]


def _tint(hex_colour: str, amount: float) -> str:
    """``hex_colour`` mixed with white (``amount`` of the colour kept)."""
    rgb = np.array([int(hex_colour[i:i + 2], 16) for i in (1, 3, 5)], dtype=float)
    mixed = 255 - amount * (255 - rgb)
    return "#" + "".join(f"{int(round(c)):02X}" for c in mixed)


#: Cell colours of the strategy chart: hit orange, stand blue, composition-dependent grey
#: (hatched); the cell's letter says the same, so colour is never the only cue.
ACTION_COLOURS = {"H": _tint(COLORS["orange"], 0.55), "S": _tint(COLORS["sky"], 0.55), "H/S": OPEN, "": "#FFFFFF"}
_ACTION_NAMES = {"H": "hit", "S": "stand", "H/S": "depends on the cards"}


def _card_label(v: int) -> str:
    return "A" if int(v) == 1 else str(int(v))


@styled
def plot_strategy_chart(ax, grid, reference=None, title=None, legend: bool = True):
    """Draw a hit/stand chart as a grid of lettered cells; frame the cells that differ from ``reference``.

    Parameters
    ----------
    ax : matplotlib Axes
    grid : pandas.DataFrame
        Rows like ``"hard 12"``, columns dealer up cards, cells ``"H"``, ``"S"`` or
        ``"H/S"`` (:func:`.strategy.chart_grid`).
    reference : pandas.DataFrame or None
        A chart on the same rows and columns (basic strategy); a differing cell gets a
        heavy frame and, under its letter, the reference's letter ("basic H").
    title : str or None
    legend : bool
        A key below the chart (actions and, with a reference, the frame).

    Returns
    -------
    The Axes.
    """
    from matplotlib.patches import Patch, Rectangle

    from .strategy import _check_chart

    _check_ax(ax)
    _check_chart("grid", grid)
    if reference is not None:
        _check_chart("reference", reference)
        if list(reference.columns) != list(grid.columns):
            raise ValueError(f"reference must have the grid's columns {list(grid.columns)}, got "
                             f"{list(reference.columns)}")
    if title is not None:
        check_str("title", title, 300)
    legend = check_bool("legend", legend)
    if not 1 <= grid.size <= 10_000:
        raise ValueError(f"grid must have 1 to 10,000 cells, got {grid.size}")
    rows, cols = list(grid.index), list(grid.columns)
    n_diff = 0
    for i, r in enumerate(rows):
        for j, c in enumerate(cols):
            val = grid.loc[r, c]
            ax.add_patch(Rectangle((j, i), 1, 1, facecolor=ACTION_COLOURS.get(val, "#FFFFFF"),
                                   hatch="///" if val == "H/S" else None, edgecolor="white", linewidth=1.2))
            differs = reference is not None and r in reference.index and reference.loc[r, c] != val
            if differs:
                n_diff += 1
                ax.add_patch(Rectangle((j + 0.05, i + 0.06), 0.9, 0.88, fill=False, edgecolor=COLORS["black"],
                                       linewidth=2.0))
                ax.text(j + 0.5, i + 0.36, val, ha="center", va="center", fontsize=9, fontweight="bold",
                        bbox={"facecolor": ACTION_COLOURS.get(val), "edgecolor": "none", "pad": 0.4})
                ax.text(j + 0.5, i + 0.76, f"basic {reference.loc[r, c]}", ha="center", va="center", fontsize=8,
                        bbox={"facecolor": ACTION_COLOURS.get(val), "edgecolor": "none", "pad": 0.2})
            else:
                ax.text(j + 0.5, i + 0.5, val, ha="center", va="center", fontsize=9,
                        bbox={"facecolor": ACTION_COLOURS.get(val), "edgecolor": "none", "pad": 0.4}
                        if val == "H/S" else None)
    ax.set_xlim(0, len(cols))
    ax.set_ylim(len(rows), 0)
    ax.set_xticks(np.arange(len(cols)) + 0.5, cols)
    ax.set_yticks(np.arange(len(rows)) + 0.5, rows)
    ax.set_xlabel("dealer's up card")
    ax.xaxis.set_label_position("top")
    ax.xaxis.tick_top()
    ax.set_ylabel("player's hand (total)")
    ax.tick_params(length=0)
    ax.grid(False)
    for s in ax.spines.values():
        s.set_visible(False)
    if title:
        ax.set_title(title)
    if legend:
        present = [a for a in ("H", "S", "H/S") if (grid == a).to_numpy().any()]
        handles = [Patch(facecolor=ACTION_COLOURS[a], hatch="///" if a == "H/S" else None, edgecolor="white",
                         label=f"{a}: {_ACTION_NAMES[a]}") for a in present]
        if reference is not None and n_diff:
            handles.append(Patch(facecolor="white", edgecolor=COLORS["black"], linewidth=2.0,
                                 label="differs from basic strategy"))
        ax.legend(handles=handles, loc="upper center", bbox_to_anchor=(0.5, -0.01), ncol=2,
                  handlelength=1.6, handleheight=1.2)
    return ax


@styled
def plot_removal_effects(ax, effects, label: str = "a fresh deck"):
    """Bars of the change in win probability (percentage points) when one card of each value is removed.

    Parameters
    ----------
    ax : matplotlib Axes
    effects : pandas.DataFrame
        :func:`.strategy.removal_effects` (rows with ``value`` 0, the full deck, are skipped).
    label : str
        What the cards are removed from, for the axis label.
    """
    _check_ax(ax)
    _check_frame("effects", effects, ("removed", "value", "change"), "a strategy.removal_effects() table")
    check_str("label", label, 200)
    if effects["value"].dtype.kind not in "iu":
        raise ValueError("effects['value'] must hold card values (ints; 0 for the full deck)")
    df = effects[effects["value"] > 0]
    if not 1 <= len(df) <= 10:
        raise ValueError(f"effects must hold 1 to 10 removed card values, got {len(df)}")
    try:
        change = df["change"].to_numpy(dtype=float)
    except (TypeError, ValueError):
        raise ValueError("effects['change'] must hold numbers (percentage points)") from None
    if not np.isfinite(change).all():
        raise ValueError("effects['change'] must hold finite numbers")
    colours = [COLORS["blue"] if c > 0 else COLORS["vermillion"] for c in change]
    ax.bar(df["removed"], change, color=colours)
    ax.axhline(0, color=COLORS["black"], linewidth=0.8)
    span = max(float(np.abs(change).max()), 1e-9)
    for x, c in zip(df["removed"], change):
        ax.text(x, c + (0.03 if c >= 0 else -0.03) * span, f"{c:+.2f}".replace("-", "−"), ha="center",
                va="bottom" if c >= 0 else "top", fontsize=8)
    ax.set_ylim(min(0.0, change.min()) - 0.15 * span, max(0.0, change.max()) + 0.15 * span)
    ax.set_xlabel(f"card value removed from {label}")
    ax.set_ylabel("change in P(win) (percentage points)")
    ax.grid(axis="x", visible=False)
    return ax


@styled
def plot_dealer_outcomes(ax, outcomes):
    """Stacked bars of the dealer's final-total distribution for each up card.

    The bust share sits at the bottom of each bar and is written on it; the totals
    17 to 21 are stacked above, darker for higher totals.

    Parameters
    ----------
    ax : matplotlib Axes
    outcomes : pandas.DataFrame
        :func:`.strategy.dealer_outcomes` (one row per up card).

    Returns
    -------
    The Axes.
    """
    import matplotlib as mpl

    _check_ax(ax)
    _check_frame("outcomes", outcomes, ("dealer",) + tuple(OUTCOMES), "a strategy.dealer_outcomes() table")
    if not 1 <= len(outcomes) <= 10:
        raise ValueError(f"outcomes must hold 1 to 10 up cards, got {len(outcomes)}")
    for i, up in enumerate(outcomes["dealer"]):
        _check_card(f"outcomes['dealer'][{i}]", up)
    try:
        dists = outcomes[list(OUTCOMES)].to_numpy(dtype=float)
    except (TypeError, ValueError):
        raise ValueError("outcomes must hold probabilities in the columns 17 .. bust") from None
    if not (np.isfinite(dists).all() and (dists >= 0).all() and (np.abs(dists.sum(axis=1) - 1) < 1e-9).all()):
        raise ValueError("each row of outcomes must be a probability distribution over 17 .. bust")
    labels = [_card_label(u) for u in outcomes["dealer"]]
    shades = mpl.colormaps["viridis"](np.linspace(0.92, 0.15, 5))
    bottoms = np.zeros(len(labels))
    for j in [5, 0, 1, 2, 3, 4]:          # bust first (at the bottom), then 17..21
        colour = COLORS["vermillion"] if j == 5 else shades[j]
        ax.bar(labels, dists[:, j], bottom=bottoms, color=colour, edgecolor="white", linewidth=0.5,
               label=OUTCOMES[j])
        bottoms += dists[:, j]
    for x, b in zip(labels, dists[:, 5]):
        ax.text(x, b / 2, f"{100 * b:.0f}%", ha="center", va="center", fontsize=8, color="white",
                fontweight="bold")
    ax.set_ylim(0, 1)
    ax.set_xlabel("dealer's up card")
    ax.set_ylabel("probability of the dealer's final total")
    handles, names = ax.get_legend_handles_labels()
    ax.legend(handles[::-1], names[::-1], title="dealer ends on", loc="upper left", bbox_to_anchor=(1.01, 1.0))
    ax.grid(axis="x", visible=False)
    return ax


@styled
def plot_state_counts(ax, sizes, column: str = "n_dealer_states"):
    """Reachable states per starting hand, one box per number of decks (log scale).

    Parameters
    ----------
    ax : matplotlib Axes
    sizes : pandas.DataFrame
        :func:`.strategy.state_counts` for one or more deck counts.
    column : str
        ``"n_dealer_states"`` or ``"n_player_states"``.
    """
    _check_ax(ax)
    column = check_choice("column", column, ("n_dealer_states", "n_player_states"))
    _check_frame("sizes", sizes, ("n_decks", column), "a strategy.state_counts() table")
    if len(sizes) == 0 or sizes["n_decks"].dtype.kind not in "iu" or sizes[column].dtype.kind not in "iu":
        raise ValueError(f"sizes must hold whole numbers in 'n_decks' and {column!r} (a state_counts() table)")
    if (sizes[column] < 1).any() or sizes["n_decks"].nunique() > 20:
        raise ValueError(f"sizes[{column!r}] must be positive counts (log scale), for at most 20 shoe sizes")
    decks = sorted(sizes["n_decks"].unique())
    groups = [sizes.loc[sizes["n_decks"] == n, column].to_numpy() for n in decks]
    ax.boxplot(groups, widths=0.55, patch_artist=True,
               boxprops={"facecolor": _tint(COLORS["sky"], 0.45), "edgecolor": COLORS["blue"]},
               medianprops={"color": COLORS["black"], "linewidth": 1.6},
               whiskerprops={"color": COLORS["blue"]}, capprops={"color": COLORS["blue"]},
               flierprops={"marker": "o", "markersize": 3, "markerfacecolor": COLORS["grey"],
                           "markeredgecolor": "none", "alpha": 0.6})
    ax.set_xticks(np.arange(1, len(decks) + 1), [str(int(n)) for n in decks])
    ax.set_yscale("log")
    ax.set_xlabel("number of 52-card decks in the shoe")
    what = "dealer" if column == "n_dealer_states" else "player"
    ax.set_ylabel(f"memoised {what} states per hand")
    ax.grid(axis="x", visible=False)
    return ax


@styled
def plot_next_card(ax, result, title: str = ""):
    """The hit decision card by card: P(win) after each possible next card, against standing.

    Parameters
    ----------
    ax : matplotlib Axes
    result : NextCard
        :func:`.solver.next_card` of a hand that is not bust: for each card value left in
        the deck, how many and the win probability after drawing it and playing on
        optimally (0 for a bust), and P(win) when standing and when hitting (the
        count-weighted mean of the bars).
    title : str

    Returns
    -------
    The Axes.
    """
    _check_ax(ax)
    check_instance("result", result, NextCard)
    if result.action == "bust":
        raise ValueError(f"result is a bust hand (player {list(result.player)}): there is no decision to draw")
    terms = _check_terms(result.terms)
    stand = check_real("result.stand_probability", result.stand_probability, 0.0, 1.0)
    hit = check_real("result.hit_probability", result.hit_probability, 0.0, 1.0)
    check_str("title", title, 300)
    values = [int(v) for v, _, _ in terms]
    n = sum(int(c) for _, c, _ in terms)
    labels = [f"{_card_label(v)}\n{100 * c / n:.0f}%" for v, c, _ in terms]
    heights = [float(p) for _, _, p in terms]
    x = np.arange(len(values))
    ax.bar(x, heights, color=_tint(COLORS["blue"], 0.7), edgecolor=COLORS["blue"], width=0.7,
           label="P(win) if this card comes,\nthen best play")
    for xi, h in zip(x, heights):
        if h == 0:
            ax.text(xi, 0.02, "bust", ha="center", va="bottom", fontsize=8, color=COLORS["vermillion"],
                    rotation=90)
    ax.axhline(hit, color=COLORS["blue"], linewidth=2.0,
               label=f"hit: {hit:.4f}\n(the bars weighted\nby their chance)")
    ax.axhline(stand, color=COLORS["orange"], linewidth=2.0, linestyle="--", label=f"stand: {stand:.4f}")
    ax.set_xticks(x, labels)
    ax.set_xlim(-0.6, len(values) - 0.4)
    ax.set_ylim(0, 1.0)
    ax.set_xlabel("next card (and its chance of being drawn)")
    ax.set_ylabel("P(player wins)")
    ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0))
    ax.grid(axis="x", visible=False)
    if title:
        ax.set_title(title)
    return ax


def _check_ax(ax):
    from matplotlib.axes import Axes

    return check_instance("ax", ax, Axes)


def _check_terms(terms):
    """``(value, count, p_win)`` triples: distinct card values 1..10, counts >= 1, probabilities in [0, 1]."""
    if isinstance(terms, (str, bytes)) or not isinstance(terms, (list, tuple)):
        raise TypeError(f"result.terms must be a list of (value, count, p_win) triples, got {type(terms).__name__}")
    if not 1 <= len(terms) <= 10:
        raise ValueError(f"result.terms must hold 1 to 10 card values, got {len(terms)}")
    out = []
    for i, term in enumerate(terms):
        if not isinstance(term, (list, tuple)) or len(term) != 3:
            raise TypeError(f"terms[{i}] must be a (value, count, p_win) triple, got {term!r:.60}")
        v, c, p = term
        out.append((_check_card(f"terms[{i}] value", v), check_int(f"terms[{i}] count", c, 1, 10**7),
                    check_real(f"terms[{i}] p_win", p, 0.0, 1.0)))
    if len({v for v, _, _ in out}) != len(out):
        raise ValueError(f"terms lists a card value twice: {[v for v, _, _ in out]}")
    return out
