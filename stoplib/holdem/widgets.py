"""Interactive panels of the hold'em stacking notebook (document 004).

Document 004 is Jeremy Kun, "Optimally Stacking the Deck – Texas Hold 'Em",
Math ∩ Programming (jeremykun.com), 9 April 2012. Both panels are
:class:`stoplib.workbook.panel.Panel` objects (controls, a one-line readout,
a figure drawn without pyplot, a message line and a "Save figure" button):

- :func:`cut_table_explorer` deals the 52 cuts of a deck the reader pastes (or
  shuffles, or climbs to a local maximum, or picks from a menu such as the best
  decks of the n-player table) for 2 to 22 players and shows the hands of every
  cut (:func:`stoplib.holdem.plots.plot_cut_table`); the readout says how many
  cuts the chosen seat wins, ties and loses;
- :func:`search_panel` runs a small seeded search (:func:`stoplib.holdem.search`)
  and shows where its climbs ended (:func:`stoplib.holdem.plots.plot_final_scores`).

The render functions :func:`explorer_view` and :func:`search_view` check their
values once, compute one result (the deck's cut table; the search) and hand it to
both the readout and the plot in the :class:`~stoplib.workbook.panel.View` a
panel shows; a request they refuse (not a deck, a seat beyond the table, a search
too long for a panel) raises ``ValueError`` and the panel shows the message.
"""
from __future__ import annotations

import numpy as np

from ..util.rng import kernel_seed
from ..util.validate import check_int, check_str
from ..workbook import prose, style
from ..workbook.panel import Panel, View, dropdown, int_box, int_slider, text_box, toggle
from ._costs import _cut_table_estimate, _search_estimate, _threads
from .document import EXAMPLE_DECK
from .local_search import MAX_MOVES, _run, _settings, climb
from .plots import plot_cut_table, plot_final_scores
from .rules import MAX_PLAYERS, MAX_TEXT, MIN_PLAYERS, N_CUTS, _check_table, as_deck, check_bool, format_deck
from .solver import _cut_table

__all__ = ["NOTEBOOK", "MAX_WORK", "explorer_view", "cut_table_explorer", "search_view", "search_panel"]

#: The notebook the panels belong to (saved figures are named after it).
NOTEBOOK = "07_holdem_stacking"
#: The longest search a panel runs, in climbs (a kick counts as a fifth of a climb):
#: about a minute for six players on a 2-core machine. Longer searches: ``stoplib.holdem.search``.
MAX_WORK = 1000


def explorer_view(deck: str, players: int, seat: int) -> View:
    """The 52 deals of ``deck`` for ``players`` players, seen from ``seat``.

    Examples
    --------
    >>> view = explorer_view(EXAMPLE_DECK, 2, 1)
    >>> prose.plain(view.readout)
    'seat 1 of 2: 52 cuts won, 0 tied, 0 lost (an optimal stacking)'
    """
    check_str("deck", deck, MAX_TEXT)
    arr = as_deck(deck).astype(np.int64)
    n, s = _check_table(players, seat)
    _cut_table_estimate(n)
    table = _cut_table(arr, n, s)  # the one result: the readout counts it, the figure draws it
    result = table["result"]
    wins, ties, losses = (int((result == r).sum()) for r in ("win", "tie", "loss"))
    tag = " (an optimal stacking)" if wins == N_CUTS else (" (semi-optimal: no cut lost)" if losses == 0 else "")
    readout = f"seat {s} of {n}: <b>{wins}</b> cuts won, {ties} tied, {losses} lost{tag}"
    return View(figure=plot_cut_table(table, seat=s), readout=readout)


def cut_table_explorer(deck: str | None = None, decks: dict | None = None) -> Panel:
    """A panel: paste, shuffle, climb or pick a deck, pick players and seat, see the 52 cuts.

    Parameters
    ----------
    deck : str, optional
        The starting deck (default: the article's example stacking).
    decks : dict, optional
        A menu of decks: ``{label: (deck, n_players)}`` (at most 100, labels of at most 80
        characters); picking one puts its deck and table size in the controls, seat 1.

    Examples
    --------
    >>> panel = cut_table_explorer()
    >>> prose.plain(panel.readout.value)
    'seat 1 of 2: 52 cuts won, 0 tied, 0 lost (an optimal stacking)'
    """
    import ipywidgets as widgets

    if deck is None:
        deck = EXAMPLE_DECK
    else:
        check_str("deck", deck, MAX_TEXT)
        deck = format_deck(as_deck(deck))  # a deck the panel cannot deal is refused here, not shown as a message
    controls = {
        "deck": text_box("deck", deck, width="62em",
                         placeholder="52 cards, e.g. Th5d7c... (rank 23456789TJQKA, suit cdhs)"),
        "players": dropdown("players", list(range(MIN_PLAYERS, MAX_PLAYERS + 1)), 2),
        "seat": int_slider("seat", 1, 1, MAX_PLAYERS, width="20em"),
    }
    menu_items = _menu(decks)
    shuffle = widgets.Button(description="Shuffle", tooltip="Deal a uniformly shuffled deck")
    climber = widgets.Button(description="Climb", tooltip="Steepest ascent from this deck for this seat")
    extra = [shuffle, climber]
    if menu_items:
        menu = widgets.Dropdown(description="best deck", options=[("load...", "")] + [(k, k) for k in menu_items],
                                value="", layout=widgets.Layout(width="24em"))
        extra.append(menu)
    panel = Panel(controls, explorer_view, notebook=NOTEBOOK, name="cut-table",
                   title="The 52 cuts of a deck", buttons=extra)
    rng = np.random.default_rng()

    def on_shuffle(_):
        controls["deck"].value = format_deck(rng.permutation(N_CUTS))

    def on_climb(_):
        values = panel.values()
        try:
            res = climb(values["deck"], values["players"], values["seat"])
        except (ValueError, TypeError) as exc:
            panel.message.value = f"Cannot climb: {exc}"
            return
        before = int(res.paths[0, 0])
        controls["deck"].value = format_deck(res.decks[0])
        panel.message.value = (f"Climbed {int(res.steps[0])} steps: from {before} to "
                               f"{int(res.scores[0])} cuts won.")

    def on_menu(change):
        label = change["new"]
        if not label:
            return
        text, n = menu_items[label]
        with panel.hold():  # three controls, one deal
            controls["players"].value = n
            controls["seat"].value = 1
            controls["deck"].value = text
        menu.value = ""

    shuffle.on_click(on_shuffle)
    climber.on_click(on_climb)
    if menu_items:
        menu.observe(on_menu, names="value")
    return panel


def _menu(decks) -> dict:
    """``{label: (deck text, players)}``, checked (the decks of a menu of :func:`cut_table_explorer`)."""
    if decks is None:
        return {}
    if not isinstance(decks, dict):
        raise TypeError(f"decks must be a dict {{label: (deck, n_players)}}, got {type(decks).__name__}")
    if len(decks) > 100:
        raise ValueError(f"decks must hold at most 100 entries, got {len(decks)}")
    out = {}
    for label, item in decks.items():
        check_str("decks label", label, 80, allow_empty=False)
        if not isinstance(item, (tuple, list)) or len(item) != 2:
            raise TypeError(f"decks[{label!r}] must be a pair (deck, n_players)")
        n, _ = _check_table(item[1], 1)
        out[label] = (format_deck(as_deck(item[0], name=f"decks[{label!r}]")), n)
    return out


def search_view(restarts: int, players: int, seat: int, method: str, kicks: int, seed: int,
                ties: bool) -> View:
    """A seeded search of ``restarts`` climbs and where they ended.

    Examples
    --------
    >>> view = search_view(4, 2, 1, "steepest", 0, 0, False)
    >>> prose.plain(view.readout).split(";")[0]
    '1 of 4 climbs reached 52 cuts won (25.0%)'
    """
    restarts = check_int("restarts", restarts, 1)
    kicks = check_int("kicks", kicks, 0)
    objective = "wins_or_ties" if check_bool("ties", ties) else "wins"
    n, s = _settings(players, seat, method, "first", objective)  # players, seat and method, checked once
    work = restarts * (1 + kicks / 5) if max(restarts, kicks) < 10**12 else float("inf")
    if work > MAX_WORK:
        raise ValueError(f"restarts × (1 + kicks/5) must be at most {MAX_WORK:,} in this panel, "
                         f"got {work:,.0f}; run stoplib.holdem.search in a cell for longer searches")
    kseed = kernel_seed(seed)
    _search_estimate(f"search_view({restarts:,} restarts, {n} players, {method})", restarts, n, method, kicks,
                     _threads(True))
    # the one result, as search(restarts, players, seat, method=method, kicks=kicks, kick_size=2, seed=seed,
    # objective=objective) computes it, without checking the values a second time
    res = _run(np.empty((restarts, 52), np.int64), True, kseed, 0, n, s, method, "first", objective, MAX_MOVES,
               True, kicks, 2)
    what = "cuts won or tied" if objective == "wins_or_ties" else "cuts won"
    readout = (f"<b>{res.n_optimal}</b> of {res.n_restarts} climbs reached 52 {what} "
               f"({prose.percent(res.fraction_optimal)}); longest climb {int(res.steps.max())} steps; "
               f"best {int(res.scores.max())} of 52")
    if res.n_optimal:
        readout += f"; first stacking found: <code>{res.optimal_decks()[0]}</code>"
    with style.context():
        fig, ax = style.figure(figsize=(6.4, 3.2))
        plot_final_scores(res.scores, ax=ax, objective=objective)
        ax.set_title(f"{res.n_restarts} climbs, {n} players, seat {s}, "
                     + ("steepest ascent" if method == "steepest" else "first improvement")
                     + (f", {kicks} kicks" if kicks else ""), fontsize=10)
    return View(figure=fig, readout=readout)


def search_panel() -> Panel:
    """A panel that runs a small seeded search (kicks > 0: the iterated local search).

    Every control change reruns the search; the readout gives the success rate,
    the longest climb, the best score and the first stacking found.

    Examples
    --------
    >>> panel = search_panel()
    >>> "climbs reached 52" in panel.readout.value
    True
    """
    controls = {
        "restarts": int_box("restarts", 100, 1, MAX_WORK),
        "players": dropdown("players", list(range(MIN_PLAYERS, MAX_PLAYERS + 1)), 2),
        "seat": int_slider("seat", 1, 1, MAX_PLAYERS, width="20em"),
        "method": dropdown("method", ["steepest", "first"], "steepest"),
        "kicks": int_box("kicks", 0, 0, 5 * MAX_WORK),
        "seed": int_box("seed", 0, 0, 2**31 - 1, width="16em"),
        "ties": toggle("count ties (semi-optimal)", False),
    }
    return Panel(controls, search_view, notebook=NOTEBOOK, name="search",
                 title="A seeded search for optimal stackings")
