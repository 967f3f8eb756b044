"""Deals from a cut deck and the value of a deck for one seat (document 004).

The article deals two-player hold'em from a deck cut at position ``c`` (the
top card of the cut deck is ``deck[c]``, indices mod 52): player 1 gets cards
``c`` and ``c+2``, player 2 gets ``c+1`` and ``c+3``, ``c+4`` is burnt, the
flop is ``c+5, c+6, c+7``, ``c+8`` is burnt, the turn ``c+9``, ``c+10`` is
burnt and the river ``c+11``. We generalise to ``k`` players (2..6) with the
natural order: pockets one card at a time round the table (``p1, ..., pk, p1,
..., pk``), then burn, flop, burn, turn, burn, river. A deal uses a *window*
of ``2k + 8`` consecutive cards; for two players it is the article's order.

For a chosen seat each of the 52 cuts is a **win** (the seat's best five of
seven is strictly better than every opponent's), a **tie** (the seat shares
the best hand) or a **loss**. The *value* of a deck for a seat is the number
of cuts won: the article's objective, which counts a tie as not won. A deck
worth 52 is an *optimal stacking*; one with no lost cut is *semi-optimal*.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pandas as pd
from numba import njit

from ..util.validate import check_int
from .cards import CARD_NAMES, as_cards, parse_deck
from .evaluator import CATEGORIES, category_of, load_tables, rank7

__all__ = ["N_CUTS", "MIN_PLAYERS", "MAX_PLAYERS", "WIN", "TIE", "LOSS", "deal_window",
           "dealt_offsets", "as_deck", "DeckValue", "deck_value", "cut_outcomes", "cut_table",
           "canonical_rotation", "cut_deck", "deck_value_reference"]

N_CUTS = 52
MIN_PLAYERS, MAX_PLAYERS = 2, 6
WIN, TIE, LOSS = 1, 0, -1


# --------------------------------------------------------------------------- deal layout
def deal_window(n_players: int) -> int:
    """Number of consecutive cards one deal uses: ``2 * n_players + 8``.

    Examples
    --------
    >>> deal_window(2)
    12
    """
    n = check_int("n_players", n_players, MIN_PLAYERS, MAX_PLAYERS)
    return 2 * n + 8


def dealt_offsets(n_players: int) -> dict:
    """Offsets from the cut of every card of a deal, by role.

    Returns a dict with ``"pockets"`` (one pair per player, in seat order),
    ``"burns"`` and ``"board"`` (flop, turn, river).

    Examples
    --------
    >>> off = dealt_offsets(2)
    >>> off["pockets"], off["burns"], off["board"]
    ([(0, 2), (1, 3)], [4, 8, 10], [5, 6, 7, 9, 11])
    """
    n = check_int("n_players", n_players, MIN_PLAYERS, MAX_PLAYERS)
    b = 2 * n
    return {"pockets": [(p, p + n) for p in range(n)],
            "burns": [b, b + 4, b + 6],
            "board": [b + 1, b + 2, b + 3, b + 5, b + 7]}


def as_deck(deck, name: str = "deck") -> np.ndarray:
    """Validate a 52-card deck given as text or codes; return int8 codes.

    Examples
    --------
    >>> as_deck("".join(r + s for r in "23456789TJQKA" for s in "cdhs"))[:4].tolist()
    [0, 1, 2, 3]
    """
    if isinstance(deck, str):
        try:
            return parse_deck(deck)
        except ValueError as err:
            raise ValueError(f"{name}: {err}") from None
    if isinstance(deck, (list, tuple, range)):
        deck = np.asarray(list(deck))
    if not isinstance(deck, np.ndarray):
        raise TypeError(f"{name} must be a str such as 'Th5d7c...' or an array of 52 card codes, "
                        f"got {type(deck).__name__}")
    arr = as_cards(deck, name=name)
    if arr.size != N_CUTS:
        raise ValueError(f"{name}: a deck has 52 cards, found {arr.size}")
    return arr


def cut_deck(deck, cut: int) -> np.ndarray:
    """The deck cut at position ``cut``: ``deck[cut]`` becomes the top card.

    Examples
    --------
    >>> cut_deck(range(52), 50)[:3].tolist()
    [50, 51, 0]
    """
    arr = as_deck(deck)
    c = check_int("cut", cut, 0, N_CUTS - 1)
    return np.roll(arr, -c)


def canonical_rotation(deck) -> np.ndarray:
    """The rotation of ``deck`` that starts with ``2c`` (code 0).

    All 52 rotations of a deck are the same stacking (the cut is random), and
    the lexicographically smallest rotation of distinct codes is the one that
    starts with the smallest code, so this names a stacking uniquely.

    Examples
    --------
    >>> canonical_rotation(np.roll(np.arange(52), 7))[:3].tolist()
    [0, 1, 2]
    """
    arr = as_deck(deck)
    return np.roll(arr, -int(np.argmin(arr)))


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
    rs = rank7(deck2[c + seat], deck2[c + seat + n_players], b0, b1, b2, b3, b4, tables)
    tie = False
    for p in range(n_players):
        if p == seat:
            continue
        r = rank7(deck2[c + p], deck2[c + p + n_players], b0, b1, b2, b3, b4, tables)
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
            out[c, p] = rank7(deck[(c + p) % 52], deck[(c + p + n_players) % 52],
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


def _check_table(n_players, seat):
    n = check_int("n_players", n_players, MIN_PLAYERS, MAX_PLAYERS)
    s = check_int("seat", seat, 1, n)
    return n, s


def cut_outcomes(deck, seat: int = 1, n_players: int = 2) -> np.ndarray:
    """Outcome of each of the 52 cuts for ``seat``: 1 win, 0 tie, -1 loss.

    Examples
    --------
    >>> from stoplib.sources.doc004_holdem import EXAMPLE_DECK
    >>> int(cut_outcomes(EXAMPLE_DECK).min())
    1
    """
    n, s = _check_table(n_players, seat)
    arr = as_deck(deck).astype(np.int64)
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
    >>> from stoplib.sources.doc004_holdem import EXAMPLE_DECK
    >>> v = deck_value(EXAMPLE_DECK)
    >>> v.wins, v.ties, v.losses, v.optimal
    (52, 0, 0, True)
    """
    out = cut_outcomes(deck, seat=seat, n_players=n_players)
    return DeckValue(wins=int(np.count_nonzero(out == WIN)), ties=int(np.count_nonzero(out == TIE)),
                     losses=int(np.count_nonzero(out == LOSS)), seat=int(seat),
                     n_players=int(n_players), outcomes=out)


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
    >>> from stoplib.sources.doc004_holdem import EXAMPLE_DECK
    >>> t = cut_table(EXAMPLE_DECK)
    >>> t.loc[0, ["p1", "p2", "board", "p1 hand", "p2 hand", "winner"]].tolist()
    ['Th7c', '5dAd', 'Qs Jc 4h 8c Tc', 'one pair', 'high card', '1']
    """
    n, s = _check_table(n_players, seat)
    arr = as_deck(deck).astype(np.int64)
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
            row[f"p{p + 1} hand"] = CATEGORIES[category_of(ranks[c, p])]
        for p in range(n):
            row[f"p{p + 1} rank"] = int(ranks[c, p])
        best = ranks[c].max()
        winners = [p + 1 for p in range(n) if ranks[c, p] == best]
        row["winner"] = "=".join(map(str, winners))
        row["result"] = ("win" if winners == [s] else "tie" if s in winners else "loss")
        rows.append(row)
    return pd.DataFrame(rows)


def deck_value_reference(deck, seat: int = 1, n_players: int = 2) -> DeckValue:
    """Slow exact twin of :func:`deck_value`: plain Python over the evaluator's Python API.

    Deals each cut from the rotated deck by the rules spelled out in
    :func:`dealt_offsets` and scores every hand with :func:`stoplib.holdem.evaluate7`.

    Examples
    --------
    >>> from stoplib.sources.doc004_holdem import EXAMPLE_DECK
    >>> deck_value_reference(EXAMPLE_DECK).wins
    52
    """
    from .evaluator import evaluate7

    n, s = _check_table(n_players, seat)
    cards = [int(c) for c in as_deck(deck)]
    off = dealt_offsets(n)
    outcomes = []
    for c in range(N_CUTS):
        cut = cards[c:] + cards[:c]
        board = [cut[k] for k in off["board"]]
        ranks = [evaluate7([cut[a], cut[b]] + board) for a, b in off["pockets"]]
        mine = ranks[s - 1]
        others = ranks[:s - 1] + ranks[s:]
        outcomes.append(LOSS if max(others) > mine else TIE if max(others) == mine else WIN)
    out = np.asarray(outcomes, np.int8)
    return DeckValue(wins=outcomes.count(WIN), ties=outcomes.count(TIE), losses=outcomes.count(LOSS),
                     seat=s, n_players=n, outcomes=out)
