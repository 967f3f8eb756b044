"""The red/black card game ("Problem 14"): the variants document 000 discusses.

Three games beside the real one (whose solver is :mod:`stoplib.redblack.solver`):

The omniscient player (:func:`omniscient_value`)
    Someone who knows the order of the deck stops at the top of the walk; the
    value is the expected maximum prefix sum, in closed form by the reflection
    principle (the document's footnote: $4.04 for 26/26).
The fixed-1/2 mistake (:func:`value_with_replacement`, :func:`replacement_table`)
    The author's first R program kept the chance of a red card at 1/2 while the
    counts still ran down, and found $2.86::

        U(0, b) = 0,  U(r, 0) = r,
        U(r, b) = max(0, (U(r-1, b) + 1)/2 + (U(r, b-1) - 1)/2).

    :func:`stoplib.redblack.simulate` plays it with ``replacement=True``.
The spreadsheet's quantity (:func:`holdings_table`)
    Han Zheng's spreadsheet counts the money already held:
    ``W(g, b) = max(holding, g/(g+b) W(g-1, b) + b/(g+b) W(g, b-1))``, which is
    ``holding + V(g, b)``; :mod:`stoplib.redblack.claims` compares it with the
    printed cells.

Their slow twins are in :mod:`stoplib.redblack.twins`.

Source
------
Document 000, Gwern Branwen et al., "Problem 14 Dynamic Programming Solutions", gwern.net, October
2022 (https://gwern.net/problem-14): footnote 1 (the
omniscient player), section "R" (the $2.86 mistake) and "Spreadsheet Answer" (the
spreadsheet); the numbers are in :mod:`stoplib.redblack.document`.
"""
from __future__ import annotations

from fractions import Fraction
from math import comb

import numpy as np
from numba import njit

from ..util import budget
from . import _costs
from ._kernels import _table
from .rules import check_counts

__all__ = ["omniscient_value", "value_with_replacement", "replacement_table", "holdings_table"]


# ---------------------------------------------------------------------------
# The omniscient player
# ---------------------------------------------------------------------------
def omniscient_value(n_red: int, n_black: int) -> Fraction:
    """Expected payoff of a player who knows the order of the deck.

    Such a player stops at the highest point of the walk, so the value is the
    expected maximum prefix sum ``E[max_{0<=t<=n} S_t]`` of a uniformly random
    arrangement of ``n_red`` (+1) and ``n_black`` (-1) cards (``S_0 = 0``).
    By the reflection principle the number of arrangements whose walk reaches
    level ``m >= max(0, r - b)`` is ``C(r + b, b + m)``, so

        E[max] = max(0, r - b) + sum_{m > max(0, r-b)}^{r} C(r+b, b+m) / C(r+b, r).

    Examples
    --------
    >>> omniscient_value(2, 2)
    Fraction(5, 6)
    >>> round(float(omniscient_value(26, 26)), 2)
    4.04
    """
    n_red, n_black = check_counts(n_red, n_black)
    return _omniscient_value(n_red, n_black)


def _omniscient_value(n_red: int, n_black: int) -> Fraction:
    budget.check(_costs.omniscient_cost(n_red, n_black))
    n = n_red + n_black
    floor = max(0, n_red - n_black)
    total = comb(n, n_red)
    # tail = sum_{k = n_black + floor + 1}^{n} C(n, k), each term from the one before
    k = n_black + floor + 1
    tail = 0
    if k <= n:
        term = comb(n, k)
        while True:
            tail += term
            if k == n:
                break
            term = term * (n - k) // (k + 1)
            k += 1
    return floor + Fraction(tail, total)


# ---------------------------------------------------------------------------
# The document's fixed-1/2 mistake
# ---------------------------------------------------------------------------
@njit(cache=True)
def _with_replacement(n_red, n_black, row):
    for b in range(n_black + 1):
        row[b] = 0.0
    for r in range(1, n_red + 1):
        row[0] = r
        for b in range(1, n_black + 1):
            go = 0.5 * (row[b] + 1.0) + 0.5 * (row[b - 1] - 1.0)
            row[b] = go if go > 0.0 else 0.0
    return row[n_black]


def value_with_replacement(n_red: int, n_black: int) -> float:
    """The document's first (mistaken) R program, reproduced on purpose (about $2.86).

    The R code tracks ``(good, bad, winnings)`` and computes
    ``V = max(winnings, F)`` with ``F = winnings`` when ``good <= 0``,
    ``F = winnings + good`` when ``bad <= 0``, and otherwise
    ``F = 0.5 V(good-1, bad, winnings+1) + 0.5 V(good, bad-1, winnings-1)``:
    the chance of a red card is stuck at 1/2 while the counts still run down.

    What this computes, honestly: optimal stopping of a fair +-1 coin-flip walk
    that ends when either ``n_red`` heads or ``n_black`` tails have come up;
    if the tails run out first you collect the heads still "owed". It is
    neither the real game (probabilities that follow the deck) nor sampling
    with replacement (which would have no end tied to the counts). Since
    ``V(good, bad, w) = w + W(good, bad)``, one table ``W`` suffices.

    Examples
    --------
    >>> round(value_with_replacement(26, 26), 2)
    2.86
    """
    n_red, n_black = check_counts(n_red, n_black)
    return _value_with_replacement(n_red, n_black)


def _value_with_replacement(n_red: int, n_black: int) -> float:
    budget.check(_costs.replacement_value_cost(n_red, n_black))
    return float(_with_replacement(n_red, n_black, np.empty(n_black + 1)))


def replacement_table(n_red: int, n_black: int) -> np.ndarray:
    """Value table ``U(r, b)`` of the document's mistaken model (red always 1/2).

    ``U(0, b) = 0``, ``U(r, 0) = r`` and
    ``U(r, b) = max(0, (U(r-1, b) + 1)/2 + (U(r, b-1) - 1)/2)``; its corner is
    :func:`value_with_replacement`, and :func:`stoplib.redblack.simulate` reads
    the mistaken model's policy off it.

    Examples
    --------
    >>> round(float(replacement_table(26, 26)[26, 26]), 2)
    2.86
    """
    n_red, n_black = check_counts(n_red, n_black)
    return _replacement_table(n_red, n_black)


def _replacement_table(n_red: int, n_black: int) -> np.ndarray:
    _costs._check_cells(n_red, n_black, "table", f"replacement_table({n_red}, {n_black})")
    out = np.empty((n_red + 1, n_black + 1))
    _table(n_red, n_black, out, True)
    return out


# ---------------------------------------------------------------------------
# The spreadsheet's quantity: expected final winnings, counting what is held
# ---------------------------------------------------------------------------
@njit(cache=True)
def _holdings(n_red, n_black, out):
    # W(g, b) = max(holding, g/(g+b) W(g-1, b) + b/(g+b) W(g, b-1)),
    # holding = (n_red - g) - (n_black - b)
    for g in range(n_red + 1):
        for b in range(n_black + 1):
            hold = (n_red - g) - (n_black - b)
            if g == 0 or b == 0:
                out[g, b] = hold + g  # no choice left that matters: take the reds
            else:
                go = (g * out[g - 1, b] + b * out[g, b - 1]) / (g + b)
                out[g, b] = go if go > hold else hold


def holdings_table(n_red: int, n_black: int) -> np.ndarray:
    """Expected final winnings of an ``n_red``/``n_black`` game from each position,
    counting the money already held (the spreadsheet's quantity).

    ``out[g, b]`` is for ``g`` red and ``b`` black cards left, after holding
    ``(n_red - g) - (n_black - b)``. It is the literal spreadsheet rule "the
    maximum of what we are currently holding or the expected return of a
    gamble", and equals ``holding + V(g, b)``.

    Examples
    --------
    >>> t = holdings_table(2, 2)
    >>> round(float(t[1, 2]), 6), round(float(t[2, 1]), 6)
    (1.0, 0.333333)
    """
    n_red, n_black = check_counts(n_red, n_black)
    return _holdings_table(n_red, n_black)


def _holdings_table(n_red: int, n_black: int) -> np.ndarray:
    _costs._check_cells(n_red, n_black, "table", f"holdings_table({n_red}, {n_black})")
    out = np.empty((n_red + 1, n_black + 1))
    _holdings(n_red, n_black, out)
    return out
