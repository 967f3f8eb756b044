"""CardCounter beyond the contest: strategy charts, composition effects, card-removal effects.

Builds on the exact solver (:mod:`.solver`; the game and its recursions are described
in :mod:`.rules` and :mod:`._kernels`) to study fresh decks and shoes: the optimal
hit/stand chart for every dealer card and two-card hand beside the textbook basic
strategy (:func:`strategy_table`, :func:`chart_grid`, :func:`basic_strategy_grid`,
:func:`chart_differences`), composition-dependent decisions (:func:`mixed_decisions`,
:func:`player_hands`), how removing one card of each value moves the win probability
of a dealt hand, the idea behind card counting (:func:`removal_effects`, :data:`HI_LO`),
the dealer's final-total distribution by up card (:func:`dealer_outcomes`), and the
reachable state counts (:func:`state_counts`). Source document: J. S. Plank's write-up
of TopCoder SRM 734 "CardCounter" (2018), studied in notebook 06; the figures of these
studies are drawn by :mod:`.plots`.
"""
from __future__ import annotations

import numpy as np

from ..util import budget
from ..util.validate import check_bool, check_instance, check_int
from . import _costs
from .rules import (MAX_FRESH_DECKS, OUTCOMES, _check_card, _check_dealers, _check_frame, _fresh_deck,
                    _hand_total, _deck_string, fresh_deck, parse_deck)  # noqa: F401 (fresh_deck: the doctests)
from .solver import Engine, _check_engine, _deal_win, _solve

__all__ = ["BASIC_STRATEGY_DEALERS", "BASIC_STRATEGY", "HI_LO", "strategy_table", "chart_grid",
           "basic_strategy_grid", "chart_differences", "mixed_decisions", "player_hands",
           "removal_effects", "state_counts", "dealer_outcomes", "mixed_two_card_hands"]


# Textbook basic strategy, hit/stand part only. Transcribed from the standard table
# (Wikipedia, "Blackjack", basic strategy for 3+ decks, dealer stands on soft 17,
# doubling and splitting allowed, pushes returned); doubling and surrender cells are
# read as the table's fallback ("Dh" -> hit, "Ds" -> stand, "SU" -> hit), pairs by
# their total. Columns: dealer up card 2..10 then ace (1). It is NOT for this game
# (ties lose, no doubling/splitting, one known deck), so differences are expected.
BASIC_STRATEGY_DEALERS = (2, 3, 4, 5, 6, 7, 8, 9, 10, 1)
BASIC_STRATEGY = {
    **{("hard", t): "HHHHHHHHHH" for t in range(4, 12)},
    ("hard", 12): "HHSSSHHHHH",
    **{("hard", t): "SSSSSHHHHH" for t in range(13, 17)},
    **{("hard", t): "SSSSSSSSSS" for t in range(17, 22)},
    **{("soft", t): "HHHHHHHHHH" for t in range(12, 18)},
    ("soft", 18): "SSSSSSSHHH",
    **{("soft", t): "SSSSSSSSSS" for t in range(19, 22)},
}


def strategy_table(n_decks: int = 1, engine: Engine | None = None, dealers=range(1, 11)):
    """Optimal first decision for every two-card hand against every dealer card.

    The deck is ``n_decks`` fresh decks minus the dealer's up card and the player's
    two cards; each hand is solved exactly (composition-dependent play).

    Returns
    -------
    pandas.DataFrame
        One row per (dealer, first, second) with ``first <= second``: ``total``,
        ``soft``, ``stand``, ``hit``, ``best``, ``action``.

    Examples
    --------
    >>> t = strategy_table(1, dealers=[10])
    >>> t.loc[(t["first"] == 6) & (t["second"] == 10), "action"].item()
    'stand'
    """
    import pandas as pd
    n_decks = check_int("n_decks", n_decks, 1, MAX_FRESH_DECKS)
    dealers = _check_dealers(dealers)
    eng = _check_engine(engine, _fresh_deck(n_decks))
    decks = _table_decks(n_decks, dealers)
    budget.check(_costs.table_estimate(f"strategy_table({n_decks}, dealers={list(dealers)})", n_decks, dealers,
                                       decks, eng._solved, eng.n_dealer_states))
    rows = []
    for up in dealers:
        for a in range(1, 11):
            for b in range(a, 11):
                best, stand, hit = eng._value(decks[(up, a, b)], up, (a, b))
                total, soft = _hand_total([a, b])
                rows.append({"dealer": up, "first": a, "second": b, "total": total, "soft": soft,
                             "stand": stand, "hit": hit, "best": best,
                             "action": "hit" if hit > stand + 1e-12 else "stand"})
    return pd.DataFrame(rows)


def _table_decks(n_decks, dealers) -> dict:
    """``(up, first, second) -> remaining deck`` for every two-card hand against each up card."""
    hands = [(up, a, b) for up in dealers for a in range(1, 11) for b in range(a, 11)]
    return {h: _fresh_deck(n_decks, minus=h) for h in hands}


def _removal_decks(n_decks):
    return [_fresh_deck(n_decks)] + [_fresh_deck(n_decks, minus=[v]) for v in range(1, 11)]


def chart_grid(table):
    """Collapse :func:`strategy_table` to a chart: rows "hard 4".."soft 21", columns dealer 2..10, A.

    Cells are ``"H"`` (every hand with that total hits), ``"S"`` (every one stands)
    or ``"H/S"`` (depends on the composition).

    Examples
    --------
    >>> grid = chart_grid(strategy_table(1, dealers=[2]))
    >>> grid.loc["hard 12", "2"], grid.loc["hard 20", "2"]
    ('H/S', 'S')
    """
    import pandas as pd
    table = _check_table(table)
    cells = {}
    for (soft, total, up), grp in table.groupby(["soft", "total", "dealer"]):
        acts = set(grp["action"])
        cell = "H" if acts == {"hit"} else ("S" if acts == {"stand"} else "H/S")
        cells[(("soft" if soft else "hard") + f" {total}", up)] = cell
    rows = [f"hard {t}" for t in range(4, 21)] + [f"soft {t}" for t in range(12, 22)]
    rows = [r for r in rows if any((r, up) in cells for up in range(1, 11))]
    cols = list(BASIC_STRATEGY_DEALERS)
    grid = pd.DataFrame([[cells.get((r, up), "") for up in cols] for r in rows], index=rows,
                        columns=["A" if c == 1 else str(c) for c in cols])
    return grid


def basic_strategy_grid(rows):
    """The textbook hit/stand chart (:data:`BASIC_STRATEGY`) on the same rows/columns as :func:`chart_grid`.

    Examples
    --------
    >>> basic_strategy_grid(["hard 16"]).loc["hard 16"].str.cat()
    'SSSSSHHHHH'
    """
    import pandas as pd
    if isinstance(rows, (str, bytes)) or not hasattr(rows, "__iter__") or not hasattr(rows, "__len__"):
        raise TypeError(f"rows must be a sequence of row names such as 'hard 16', got {type(rows).__name__}")
    if len(rows) > len(BASIC_STRATEGY):
        raise ValueError(f"rows must name at most {len(BASIC_STRATEGY)} rows, got {len(rows)}")
    data, names = [], []
    for i, r in enumerate(rows):
        if not isinstance(r, str):
            raise TypeError(f"rows[{i}] must be a row name such as 'hard 16', got {type(r).__name__}")
        kind, _, t = r.partition(" ")
        key = (kind, int(t)) if t.isascii() and t.isdigit() and len(t) <= 2 else None
        if key not in BASIC_STRATEGY:
            raise ValueError(f"rows[{i}] = {r!r} is not a row of the basic-strategy chart (hard 4 .. hard 21, "
                             "soft 12 .. soft 21)")
        data.append(list(BASIC_STRATEGY[key]))
        names.append(r)
    return pd.DataFrame(data, index=names, columns=["A" if c == 1 else str(c) for c in BASIC_STRATEGY_DEALERS])


def removal_effects(n_decks: int = 1, engine: Engine | None = None):
    """How the win probability of a dealt hand moves when one card of each value is removed.

    Returns
    -------
    pandas.DataFrame
        Rows "none", then values 1..10: ``removed``, ``win_probability``, ``change``
        (percentage points versus the full deck).

    Examples
    --------
    >>> eff = removal_effects(1)
    >>> eff.sort_values("change").iloc[-1]["removed"]
    '5'
    """
    import pandas as pd
    n_decks = check_int("n_decks", n_decks, 1, MAX_FRESH_DECKS)
    full = _fresh_deck(n_decks)
    eng = _check_engine(engine, full)
    decks = _removal_decks(n_decks)
    budget.check(_costs.deal_estimate(f"removal_effects({n_decks})", decks, eng._solved, eng.n_dealer_states))
    base = _deal_win(full, eng)
    rows = [{"removed": "none", "value": 0, "win_probability": base, "change": 0.0}]
    for v in range(1, 11):
        p = _deal_win(decks[v], eng)
        rows.append({"removed": "A" if v == 1 else str(v), "value": v, "win_probability": p,
                     "change": 100 * (p - base)})
    return pd.DataFrame(rows)


# Hi-Lo card-counting tags (+1 for 2..6, 0 for 7..9, -1 for tens and aces): the
# count a player keeps is the sum of the tags of the cards seen.
HI_LO = {1: -1, 2: 1, 3: 1, 4: 1, 5: 1, 6: 1, 7: 0, 8: 0, 9: 0, 10: -1}


def player_hands(engine: Engine, dealer: int, total: int, soft: bool = False):
    """Every memoised hand of ``total`` (hard or soft) against ``dealer``, with its decision.

    The engine's base must be the shoe before the deal (as in :func:`strategy_table`),
    so that the cards removed from it are the dealer's up card and the player's hand.

    Returns
    -------
    pandas.DataFrame
        ``hand`` (e.g. ``"10+6"``), ``n_cards``, ``stand``, ``hit``, ``action``,
        sorted by number of cards then hand.

    Examples
    --------
    >>> eng = Engine(fresh_deck(1))
    >>> _ = strategy_table(1, eng, dealers=[10])
    >>> player_hands(eng, 10, 16)["hand"].head(3).tolist()
    ['10+6', '8+8', '9+7']
    """
    check_instance("engine", engine, Engine)
    dealer = _check_card("dealer", dealer)
    total = check_int("total", total, 2, 21)
    soft = check_bool("soft", soft)
    df = _states(engine)
    df = df[(df.dealer == dealer) & (df.total == total) & (df.soft == bool(soft))]
    hands, sizes, keep = [], [], []
    for removed in df["removed"]:
        counts = parse_deck(removed)
        counts[dealer - 1] -= 1
        if counts.min() < 0:
            keep.append(False)
            hands.append("")
            sizes.append(0)
            continue
        cards = [v for v in range(10, 0, -1) for _ in range(counts[v - 1])]
        keep.append(True)
        hands.append("+".join("A" if v == 1 else str(v) for v in cards))
        sizes.append(len(cards))
    out = df.assign(hand=hands, n_cards=sizes)[np.array(keep, dtype=bool)]
    return out[["hand", "n_cards", "stand", "hit", "action"]].sort_values(["n_cards", "hand"]).reset_index(drop=True)


def _states(engine: Engine):
    """The engine's memoised player states (the budget checked once, here)."""
    budget.check(_costs.states_estimate("Engine.states()", engine.n_player_states))
    return engine._states()


# raw bytes of one memo entry (int64 key + up to six float64 values), before the hash
# table's own overhead (roughly a factor of two in numba's typed dict)
_RAW_BYTES = 8 + 6 * 8


def state_counts(n_decks: int = 1, dealers=range(1, 11)):
    """Reachable player and dealer states, and solve time, for every starting hand of fresh decks.

    Returns
    -------
    pandas.DataFrame
        One row per (dealer, first, second): ``n_player_states``, ``n_dealer_states``,
        ``memo_mb`` (raw key and value bytes of the memo, before hash-table overhead), ``seconds``.

    Examples
    --------
    >>> int(state_counts(1, dealers=[10])["n_dealer_states"].max()) < 5 ** 9 * 17
    True
    """
    import pandas as pd
    n_decks = check_int("n_decks", n_decks, 1, MAX_FRESH_DECKS)
    dealers = _check_dealers(dealers)
    budget.check(_costs.state_counts_estimate(f"state_counts({n_decks}, dealers={list(dealers)})", n_decks, dealers))
    rows = []
    for up in dealers:
        for a in range(1, 11):
            for b in range(a, 11):
                s = _solve(_fresh_deck(n_decks, minus=(up, a, b)), up, (a, b))
                rows.append({"n_decks": n_decks, "dealer": up, "first": a, "second": b,
                             "n_player_states": s.n_player_states, "n_dealer_states": s.n_dealer_states,
                             "memo_mb": _RAW_BYTES * (s.n_player_states + s.n_dealer_states) / 1e6,
                             "seconds": s.seconds})
    return pd.DataFrame(rows)


def mixed_decisions(engine: Engine):
    """(dealer, total, softness) cells where the memoised hands disagree: some hit, some stand.

    Counts every memoised hand of the engine (two-card and multi-card hands alike).

    Examples
    --------
    >>> eng = Engine(fresh_deck(1))
    >>> _ = strategy_table(1, eng, dealers=[2])
    >>> mixed_decisions(eng)[["dealer", "total", "hit", "stand"]].values.tolist()
    [[2, 12, 2, 53]]
    """
    check_instance("engine", engine, Engine)
    df = _states(engine)
    counts = df.groupby(["dealer", "soft", "total"])["action"].value_counts().unstack(fill_value=0)
    for col in ("hit", "stand"):
        if col not in counts:
            counts[col] = 0
    counts = counts.reset_index()
    return counts[(counts["hit"] > 0) & (counts["stand"] > 0)].reset_index(drop=True)


def chart_differences(grid, reference):
    """Cells where two charts disagree, as a table (``hand``, ``dealer``, ``ours``, ``reference``).

    Examples
    --------
    >>> g = basic_strategy_grid(["hard 16"])
    >>> len(chart_differences(g, g))
    0
    """
    import pandas as pd
    _check_chart("grid", grid)
    _check_chart("reference", reference)
    if list(grid.columns) != list(reference.columns):
        raise ValueError(f"grid and reference must have the same dealer columns, got {list(grid.columns)} and "
                         f"{list(reference.columns)}")
    rows = [(r, c, grid.loc[r, c], reference.loc[r, c]) for r in grid.index for c in grid.columns
            if r in reference.index and grid.loc[r, c] != reference.loc[r, c]]
    return pd.DataFrame(rows, columns=["hand", "dealer", "ours", "reference"])


def dealer_outcomes(deck, dealers=range(1, 11)):
    """The dealer's final-total distribution for each up card dealt from ``deck``.

    The up card is taken out of ``deck`` (the deck before the deal; no player cards
    are removed), then the dealer plays out his hand.

    Parameters
    ----------
    deck : str or sequence of int
        Ten counts (e.g. :func:`.rules.fresh_deck`).
    dealers : sequence of int
        Up cards, 1 (ace) .. 10.

    Returns
    -------
    pandas.DataFrame
        One row per up card: ``dealer`` (1..10), ``up`` ("A", "2", ..., "10") and the
        probabilities of ending on ``17``, ``18``, ``19``, ``20``, ``21`` and ``bust``.

    Examples
    --------
    >>> out = dealer_outcomes(fresh_deck(1), dealers=[6, 10])
    >>> out["up"].tolist(), bool(out.loc[0, "bust"] > out.loc[1, "bust"])
    (['6', '10'], True)
    """
    import pandas as pd
    counts = parse_deck(deck)
    dealers = _check_dealers(dealers)
    eng = Engine._of(counts)
    rows = []
    for up in dealers:   # the dealer's states alone: a few hundred per up card, whatever the deck
        if counts[up - 1] == 0:
            raise ValueError(f"deck {_deck_string(counts)} holds no {up} to deal as the up card")
        c = counts.copy()
        c[up - 1] -= 1
        if c.sum() == 0:
            raise ValueError(f"deck {_deck_string(counts)} is too small: after the up card {up} nothing is left "
                             "for the dealer's hidden card")
        dist = eng._dealer_distribution(c, up, up == 1)
        rows.append({"dealer": up, "up": "A" if up == 1 else str(up), **dict(zip(OUTCOMES, map(float, dist)))})
    return pd.DataFrame(rows)


def mixed_two_card_hands(table):
    """The chart's "H/S" cells spelled out: which two-card hands hit and which stand.

    Parameters
    ----------
    table : pandas.DataFrame
        :func:`strategy_table`.

    Returns
    -------
    pandas.DataFrame
        One row per (hand total, dealer card) where the two-card hands disagree:
        ``hand`` (e.g. "hard 12"), ``dealer`` ("2", ..., "A"), ``hit`` and ``stand``
        (the hands, e.g. "10+2", comma-separated), ``closest`` (the hand nearest a tie)
        and ``gap`` (its hit minus stand probability).

    Examples
    --------
    >>> mixed_two_card_hands(strategy_table(1, dealers=[2]))[["hand", "dealer", "hit"]].values.tolist()
    [['hard 12', '2', '10+2']]
    """
    import pandas as pd
    table = _check_table(table)
    rows = []
    for (soft, total, up), grp in table.groupby(["soft", "total", "dealer"]):
        acts = set(grp["action"])
        if acts != {"hit", "stand"}:
            continue

        def name(r):
            return "+".join("A" if v == 1 else str(v) for v in sorted((r["first"], r["second"]), reverse=True))

        gaps = (grp["hit"] - grp["stand"]).abs()
        closest = grp.loc[gaps.idxmin()]
        rows.append({"hand": f"{'soft' if soft else 'hard'} {total}", "dealer": "A" if up == 1 else str(up),
                     "hit": ", ".join(name(r) for _, r in grp[grp.action == "hit"].iterrows()),
                     "stand": ", ".join(name(r) for _, r in grp[grp.action == "stand"].iterrows()),
                     "closest": name(closest), "gap": float(closest["hit"] - closest["stand"])})
    return pd.DataFrame(rows, columns=["hand", "dealer", "hit", "stand", "closest", "gap"])


_TABLE_COLUMNS = ("dealer", "first", "second", "total", "soft", "stand", "hit", "best", "action")


def _check_table(table):
    """A :func:`strategy_table` (its columns, cards 1..10, actions "hit"/"stand")."""
    _check_frame("table", table, _TABLE_COLUMNS, "a strategy_table()")
    if len(table) == 0:
        raise ValueError("table is empty (it must be a strategy_table())")
    for col in ("dealer", "first", "second"):
        values = table[col]
        if not (values.dtype.kind in "iu" and values.between(1, 10).all()):
            raise ValueError(f"table[{col!r}] must hold card values 1..10 (it must be a strategy_table())")
    if not set(table["action"]) <= {"hit", "stand"}:
        found = sorted(map(str, set(table["action"])))[:5]
        raise ValueError(f"table['action'] must hold 'hit' or 'stand', got {found}")
    if table["total"].dtype.kind not in "iu" or table["soft"].dtype.kind != "b":
        raise ValueError("table['total'] must hold ints and table['soft'] bools (it must be a strategy_table())")
    return table


def _check_chart(name, grid):
    """A hit/stand chart from :func:`chart_grid` or :func:`basic_strategy_grid`."""
    import pandas as pd

    if not isinstance(grid, pd.DataFrame):
        raise TypeError(f"{name} must be a pandas DataFrame (a chart_grid() or basic_strategy_grid()), got "
                        f"{type(grid).__name__}")
    cells = set(grid.to_numpy().ravel().tolist())
    if not cells <= {"H", "S", "H/S", ""}:
        bad = sorted(map(repr, cells - {"H", "S", "H/S", ""}))[:3]
        raise ValueError(f"{name} cells must be 'H', 'S', 'H/S' or '', got {', '.join(bad)}")
    return grid
