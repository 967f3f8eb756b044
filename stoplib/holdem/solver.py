"""The value of a stacking: every cut of a deck dealt and scored for one seat (document 004).

Document 004 is Jeremy Kun, "Optimally Stacking the Deck – Texas Hold 'Em",
Math ∩ Programming (jeremykun.com), 9 April 2012.
A deck is dealt from each of its 52 cuts by the rules of :mod:`stoplib.holdem.rules`
(pockets round the table, burn, flop, burn, turn, burn, river) and each deal is
scored with the evaluator of :mod:`stoplib.holdem.evaluator`. For a chosen seat
each cut is a **win** (the seat's best five of seven is strictly better than
every opponent's), a **tie** (the seat shares the best hand) or a **loss**.

The *value* of a deck for a seat is the number of cuts won: the article's
objective, which counts a tie as not won. A deck worth 52 is an *optimal
stacking*; one with no lost cut is *semi-optimal*. The climb towards such decks
is in :mod:`stoplib.holdem.local_search`; the slow pure-Python twin of
:func:`deck_value` is :func:`stoplib.holdem.twins.deck_value_reference`.

Kernels (private, numba): ``_cut_outcome`` (one cut, also the inner step of the
local search), ``_cut_outcomes`` (all 52) and ``_cut_ranks`` (every hand's rank).
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pandas as pd
from numba import njit

from .evaluator import CATEGORIES, _category_of, _rank7, load_tables
from ._costs import _cut_table_estimate
from .rules import CARD_NAMES, LOSS, N_CUTS, TIE, WIN, _check_table, as_deck, dealt_offsets

__all__ = ["DeckValue", "deck_value", "cut_outcomes", "cut_table"]


# --------------------------------------------------------------------------- kernels
@njit(cache=True)
def _cut_outcome(deck2, c, n_players, seat, tables):
    """WIN/TIE/LOSS of ``seat`` (0-based) for the cut at ``c``; ``deck2`` is the deck twice."""
    base = c + 2 * n_players
    b0 = deck2[base + 1]
    b1 = deck2[base + 2]
    b2 = deck2[base + 3]
    b3 = deck2[base + 5]
    b4 = deck2[base + 7]
    rs = _rank7(deck2[c + seat], deck2[c + seat + n_players], b0, b1, b2, b3, b4, tables)
    tie = False
    for p in range(n_players):
        if p == seat:
            continue
        r = _rank7(deck2[c + p], deck2[c + p + n_players], b0, b1, b2, b3, b4, tables)
        if r > rs:
            return -1
        if r == rs:
            tie = True
    return 0 if tie else 1


@njit(cache=True)
def _cut_outcomes(deck, n_players, seat, tables, out):
    """Fill ``out[c]`` with the outcome of every cut ``c``; return the number of wins."""
    deck2 = np.empty(104, np.int64)
    for k in range(52):
        deck2[k] = deck[k]
        deck2[k + 52] = deck[k]
    wins = 0
    for c in range(52):
        out[c] = _cut_outcome(deck2, c, n_players, seat, tables)
        if out[c] == 1:
            wins += 1
    return wins


@njit(cache=True)
def _cut_ranks(deck, n_players, tables, out):
    """Fill ``out[c, p]`` with the rank of player ``p``'s hand at cut ``c``."""
    for c in range(52):
        base = c + 2 * n_players
        b0 = deck[(base + 1) % 52]
        b1 = deck[(base + 2) % 52]
        b2 = deck[(base + 3) % 52]
        b3 = deck[(base + 5) % 52]
        b4 = deck[(base + 7) % 52]
        for p in range(n_players):
            out[c, p] = _rank7(deck[(c + p) % 52], deck[(c + p + n_players) % 52],
                              b0, b1, b2, b3, b4, tables)


# --------------------------------------------------------------------------- public API
@dataclass(frozen=True)
class DeckValue:
    """Value of a deck for one seat over the 52 cuts.

    Attributes
    ----------
    wins, ties, losses : int
        Cuts won outright, shared (the seat ties for best) and lost; they sum to 52.
    seat, n_players : int
        The seat (1-based) and table size.
    outcomes : numpy.ndarray
        int8, ``outcomes[c]`` is ``1`` (win), ``0`` (tie) or ``-1`` (loss) for cut ``c``.
    """
    wins: int
    ties: int
    losses: int
    seat: int
    n_players: int
    outcomes: np.ndarray

    @property
    def optimal(self) -> bool:
        """True when the seat wins all 52 cuts (an optimal stacking)."""
        return self.wins == N_CUTS

    @property
    def semi_optimal(self) -> bool:
        """True when the seat loses no cut (wins or ties every cut)."""
        return self.losses == 0


def cut_outcomes(deck, seat: int = 1, n_players: int = 2) -> np.ndarray:
    """Outcome of each of the 52 cuts for ``seat``: 1 win, 0 tie, -1 loss.

    Examples
    --------
    >>> from stoplib.holdem.document import EXAMPLE_DECK
    >>> int(cut_outcomes(EXAMPLE_DECK).min())
    1
    """
    n, s = _check_table(n_players, seat)
    return _outcomes(as_deck(deck).astype(np.int64), n, s)


def _outcomes(arr: np.ndarray, n: int, s: int) -> np.ndarray:
    """:func:`cut_outcomes` of a checked int64 deck for seat ``s`` (1-based) of ``n``."""
    out = np.empty(N_CUTS, np.int8)
    _cut_outcomes(arr, n, s - 1, load_tables(), out)
    return out


def deck_value(deck, seat: int = 1, n_players: int = 2) -> DeckValue:
    """Cuts won, tied and lost by ``seat`` when the deck is dealt from each of its 52 cuts.

    Parameters
    ----------
    deck : str or array_like of int
        52 distinct cards, in the article's notation (``"Th5d7c..."``) or as
        codes 0..51 (``rank * 4 + suit``), top of the deck first.
    seat : int
        The player (1..n_players, in deal order) whose cuts are counted.
    n_players : int
        Players at the table, 2..6.

    Returns
    -------
    DeckValue
        ``wins``, ``ties``, ``losses`` (summing to 52) and the per-cut ``outcomes``.

    Examples
    --------
    >>> from stoplib.holdem.document import EXAMPLE_DECK
    >>> v = deck_value(EXAMPLE_DECK)
    >>> v.wins, v.ties, v.losses, v.optimal
    (52, 0, 0, True)
    """
    n, s = _check_table(n_players, seat)
    return _deck_value(as_deck(deck).astype(np.int64), n, s)


def _deck_value(arr: np.ndarray, n: int, s: int) -> DeckValue:
    """:func:`deck_value` of a checked int64 deck for seat ``s`` (1-based) of ``n`` players."""
    out = _outcomes(arr, n, s)
    return DeckValue(wins=int(np.count_nonzero(out == WIN)), ties=int(np.count_nonzero(out == TIE)),
                     losses=int(np.count_nonzero(out == LOSS)), seat=s, n_players=n, outcomes=out)


def cut_table(deck, n_players: int = 2, seat: int = 1) -> pd.DataFrame:
    """The article's per-cut table: pockets, board, each hand's category and the winner.

    Parameters
    ----------
    deck : str or array_like of int
        The deck (see :func:`deck_value`).
    n_players : int
        Players at the table, 2..6.
    seat : int
        The seat whose result is given in the ``result`` column.

    Returns
    -------
    pandas.DataFrame
        One row per cut ``0..51`` with columns ``cut``, ``p1`` ... ``pk``
        (pockets), ``board`` (flop, turn, river), ``p1 hand`` ... ``pk hand``
        (category names), ``p1 rank`` ... (evaluator ranks, higher better),
        ``winner`` (the winning seat, or the tied seats joined by ``"="``) and
        ``result`` (``"win"``/``"tie"``/``"loss"`` for ``seat``).

    Examples
    --------
    >>> from stoplib.holdem.document import EXAMPLE_DECK
    >>> t = cut_table(EXAMPLE_DECK)
    >>> t.loc[0, ["p1", "p2", "board", "p1 hand", "p2 hand", "winner"]].tolist()
    ['Th7c', '5dAd', 'Qs Jc 4h 8c Tc', 'one pair', 'high card', '1']
    """
    n, s = _check_table(n_players, seat)
    arr = as_deck(deck).astype(np.int64)
    _cut_table_estimate(n)
    return _cut_table(arr, n, s)


def _cut_table(arr: np.ndarray, n: int, s: int) -> pd.DataFrame:
    """:func:`cut_table` of a checked int64 deck for seat ``s`` (1-based) of ``n`` players."""
    ranks = np.empty((N_CUTS, n), np.int64)
    _cut_ranks(arr, n, load_tables(), ranks)
    off = dealt_offsets(n)
    rows = []
    for c in range(N_CUTS):
        row = {"cut": c}
        for p, (a, b) in enumerate(off["pockets"]):
            row[f"p{p + 1}"] = CARD_NAMES[arr[(c + a) % 52]] + CARD_NAMES[arr[(c + b) % 52]]
        row["board"] = " ".join(CARD_NAMES[arr[(c + k) % 52]] for k in off["board"])
        for p in range(n):
            row[f"p{p + 1} hand"] = CATEGORIES[_category_of(ranks[c, p])]
        for p in range(n):
            row[f"p{p + 1} rank"] = int(ranks[c, p])
        best = ranks[c].max()
        winners = [p + 1 for p in range(n) if ranks[c, p] == best]
        row["winner"] = "=".join(map(str, winners))
        row["result"] = ("win" if winners == [s] else "tie" if s in winners else "loss")
        rows.append(row)
    return pd.DataFrame(rows)
