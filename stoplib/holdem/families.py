"""Structured families of decks, searched exhaustively (beyond document 004).

Document 004 is Jeremy Kun, "Optimally Stacking the Deck – Texas Hold 'Em",
Math ∩ Programming (jeremykun.com), 9 April 2012. It finds two-player stackings by
local search and guesses that they exist for any number of players. Here are
families of decks placed by simple rules of their position, small enough to search
completely, so that "none in family X of size Y" is a proved statement.

Period-13 decks
---------------
Give an order of the 13 ranks, ``sigma``. The card at position ``x`` has rank
``sigma[x mod 13]``: the ranks repeat every 13 cards. Its suit follows a fixed rule:

``"period13_cycle"``
    suit ``x mod 4`` (c, d, h, s, c, d, ...): since 13 and 4 are coprime, each rank
    gets each suit once. The 52 rotations of such a deck are, up to renaming the
    suits, the 13 rotations of ``sigma``; so the family has 13! decks and
    12! = 479,001,600 stackings (``sigma[0]`` is the deuce). No hand can be a flush:
    a deal's five board cards hold at most two cards of a suit, the pocket two more.
``"period13_blocks"``
    suit ``x div 13``: four blocks of 13 cards, one suit each, the ranks in the same
    order in every block. 13! = 6,227,020,800 stackings.

In every period-13 deck the deals of cuts ``c`` and ``c + 13`` are the same up to the
names of the suits, so a deck's value is four times the deals of cuts 0..12 it wins.
And which cards of a deal share a rank depends only on their offsets from the cut:
cards ``o`` and ``o + 13`` do. So each seat's pairs are fixed by the table size
alone, at every cut (:func:`period13_pairs`): with three players the seat's first
pocket card always pairs the river, and no opponent ever holds a pair.

The search (kernels in :mod:`stoplib.holdem._family_kernels`) visits every ``sigma``
(Heap's algorithm, one transposition per step, 8 positions re-keyed), scores the 13
distinct deals with early exit (branch and bound on the best found so far), and
returns the best value in the family, how many orders reach it and the first that
does. Every deck it reports is re-valued by :func:`stoplib.holdem.deck_value`.
"""
from __future__ import annotations

import math
import time
from collections import Counter
from dataclasses import dataclass

import numpy as np

from ..util.validate import check_bool, check_choice
from ..workbook.progressbar import progress
from ._costs import _family_estimate
from ._family_kernels import _chunk
from .evaluator import load_tables
from .rules import N_CUTS, RANKS, _check_table, format_deck
from .solver import _deck_value

__all__ = ["FAMILIES", "FamilyResult", "family_deck", "family_size", "period13_pairs", "search_family"]

FAMILIES = {
    "period13_cycle": "ranks repeat every 13 cards, suits cycle c, d, h, s (suit = position mod 4)",
    "period13_blocks": "ranks repeat every 13 cards, suits in four blocks of 13 (suit = position div 13)",
}
"""The families, with the rule that places their cards."""


def _phi(family: str) -> np.ndarray:
    """Suit offset of each residue: the suit at ``x = r + 13 q`` is ``(q + phi[r]) mod 4``."""
    if family == "period13_cycle":
        return np.array([r % 4 for r in range(13)], np.int64)  # (q + r) mod 4 = x mod 4, as 13 = 1 mod 4
    return np.zeros(13, np.int64)


def _chunks(family: str, prefix: list[int]) -> list[np.ndarray]:
    """The family's orders that start with ``prefix``, as chunks: prefixes of at least two ranks
    (in the cycle family an empty prefix starts with the deuce: the other orders are its rotations)."""
    if not prefix and family == "period13_cycle":
        prefix = [0]
    if len(prefix) >= 2:
        return [np.array(prefix, np.int64)]
    heads = [prefix] if prefix else [[a] for a in range(13)]
    return [np.array(h + [b], np.int64) for h in heads for b in range(13) if b not in h]


def family_size(family: str) -> dict:
    """Decks, stackings (decks up to a cut) and rank orders searched in ``family``.

    Examples
    --------
    >>> family_size("period13_cycle")
    {'decks': 6227020800, 'stackings': 479001600, 'orders': 479001600}
    """
    check_choice("family", family, tuple(FAMILIES))
    orders = math.factorial(12 if family == "period13_cycle" else 13)
    return {"decks": math.factorial(13), "stackings": orders, "orders": orders}


def _deck(phi: np.ndarray, sigma) -> np.ndarray:
    return np.array([4 * int(sigma[x % 13]) + (x // 13 + int(phi[x % 13])) % 4 for x in range(52)], np.int64)


def family_deck(family: str, ranks) -> str:
    """The deck of ``family`` whose ranks repeat in the order ``ranks``.

    Parameters
    ----------
    family : str
        A key of :data:`FAMILIES`.
    ranks : str or sequence of int
        The 13 ranks in order, as text (``"23456789TJQKA"``) or rank codes 0..12.

    Examples
    --------
    >>> family_deck("period13_cycle", "23456789TJQKA")[:26]
    '2c3d4h5s6c7d8h9sTcJdQhKsAc'
    """
    check_choice("family", family, tuple(FAMILIES))
    sigma = _ranks("ranks", ranks, 13)
    return format_deck(_deck(_phi(family), sigma))


def _ranks(name, ranks, size=None) -> list[int]:
    """Distinct ranks given as text (``"23456789TJQKA"``) or codes 0..12; exactly ``size`` of them if given."""
    if isinstance(ranks, str):
        if len(ranks) > 13 or any(ch not in RANKS for ch in ranks.upper()):
            raise ValueError(f"{name} must be ranks from {RANKS!r}, got {ranks!r:.40}")
        values = [RANKS.index(ch) for ch in ranks.upper()]
    elif isinstance(ranks, (list, tuple, range, np.ndarray)):
        if len(ranks) > 13 or any(isinstance(v, (bool, np.bool_)) or not isinstance(v, (int, np.integer))
                                  or not 0 <= int(v) <= 12 for v in ranks):
            raise ValueError(f"{name} must be rank codes 0..12, got {list(ranks)!r:.60}")
        values = [int(v) for v in ranks]
    else:
        raise TypeError(f"{name} must be text such as {RANKS!r} or rank codes 0..12, got {type(ranks).__name__}")
    if len(set(values)) != len(values):
        raise ValueError(f"{name} must not repeat a rank, got {values}")
    if size is not None and len(values) != size:
        raise ValueError(f"{name} must hold all {size} ranks, got {len(values)}")
    return values


def period13_pairs(n_players: int) -> dict:
    """Which cards of each seat's hand share a rank in every deal of a period-13 deck.

    Offsets ``o`` and ``o + 13`` from the cut hold the same rank, whatever the cut, so
    each seat's rank coincidences are fixed by the table size. Returns, per seat
    (1-based), the sizes of its groups of equal ranks (``(2,)``: one pair, ``(2, 2)``:
    two pair, ``()``: seven distinct ranks).

    Examples
    --------
    >>> period13_pairs(3)
    {1: (2,), 2: (), 3: ()}
    """
    n, _ = _check_table(n_players, 1)
    board = [2 * n + a for a in (1, 2, 3, 5, 7)]
    out = {}
    for p in range(n):
        counts = Counter(o % 13 for o in [p, p + n] + board)
        out[p + 1] = tuple(sorted((v for v in counts.values() if v > 1), reverse=True))
    return out


@dataclass(frozen=True)
class FamilyResult:
    """The exhaustive search of one family for one table.

    Attributes
    ----------
    family : str
    n_players, seat : int
    orders : int
        Rank orders visited (each a distinct stacking of the family).
    prefix : str
        The ranks every order visited starts with ("" for the whole family).
    best_wins : int
        The most cuts the seat wins with a deck of the family (a multiple of 4).
    n_best : int
        Orders whose deck wins ``best_wins`` cuts.
    best_deck : str
        The first such deck (in the order of the search).
    wins, ties, losses : int
        ``best_deck`` re-valued by :func:`stoplib.holdem.deck_value`.
    cpu_seconds : float
        Thread CPU time of the search.
    """
    family: str
    n_players: int
    seat: int
    orders: int
    prefix: str
    best_wins: int
    n_best: int
    best_deck: str
    wins: int
    ties: int
    losses: int
    cpu_seconds: float

    @property
    def n_optimal(self) -> int:
        """Orders whose deck wins all 52 cuts."""
        return self.n_best if self.best_wins == N_CUTS else 0


def search_family(family: str, n_players: int, seat: int = 1, prefix="",
                  show_progress: bool | None = None) -> FamilyResult:
    """Every deck of ``family``, scored for ``seat``: the best value, how many reach it, the first that does.

    Parameters
    ----------
    family : str
        A key of :data:`FAMILIES`.
    n_players : int
        Players at the table, 2..22.
    seat : int
        The seat whose cuts are counted, 1..n_players.
    prefix : str or sequence of int
        Search only the orders that start with these ranks (default: the whole family;
        ``"23456789"`` leaves the 5! = 120 orders of the last five ranks).
    show_progress : bool, optional
        A tqdm bar over the chunks (default: unless ``STOPLIB_PROGRESS=0``).

    Returns
    -------
    FamilyResult
        ``best_wins == 52`` means optimal stackings exist in the family (``n_best`` of them);
        anything less proves that none of its stackings is optimal.

    Examples
    --------
    >>> res = search_family("period13_cycle", 3, prefix="23456789")
    >>> res.orders, res.best_wins, res.wins, res.best_deck[:12]
    (120, 52, 52, '2c3d4h5s6c7d')
    """
    check_choice("family", family, tuple(FAMILIES))
    n, s = _check_table(n_players, seat)
    if show_progress is not None:
        show_progress = check_bool("show_progress", show_progress)
    fixed = _ranks("prefix", prefix)
    chunks = _chunks(family, fixed)
    size = len(chunks) * math.factorial(13 - len(chunks[0]))
    _family_estimate(f"search_family({family!r}, {n} players)", size, n, 1.0)
    phi = _phi(family)
    tables = load_tables()
    best, count, best_sigma = 0, 0, None
    scratch = np.empty(13, np.int64)
    t0 = time.thread_time()
    bar = progress(total=len(chunks), desc=f"{family} {n}p",
                   disable=None if show_progress is None else not show_progress)
    try:
        for head in chunks:
            got, k, _ = _chunk(head, phi, n, s - 1, best, tables, scratch)
            if got > best or (k and best_sigma is None):
                best, count, best_sigma = got, k, scratch.copy()
            elif got == best:
                count += k
            bar.update(1)
            bar.set_postfix(best=4 * best, count=count)
    finally:
        bar.close()
    seconds = time.thread_time() - t0
    deck = _deck(phi, best_sigma)
    value = _deck_value(deck, n, s)
    if value.wins != 4 * best:  # the 13 deals and the 52 cuts must agree
        raise AssertionError(f"{family}, {n} players: the search counts {4 * best} cuts, deck_value {value.wins}")
    return FamilyResult(family=family, n_players=n, seat=s, orders=size, prefix="".join(RANKS[r] for r in fixed),
                        best_wins=4 * best, n_best=count,
                        best_deck=format_deck(deck), wins=value.wins, ties=value.ties, losses=value.losses,
                        cpu_seconds=seconds)
