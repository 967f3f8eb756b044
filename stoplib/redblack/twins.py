"""The red/black card game ("Problem 14"): the independent twins the tests compare with.

The fast computations of :mod:`stoplib.redblack` have slow twins here, written
as directly from the definition as possible and sharing no code with the fast
ones (only the input checks and caps of :mod:`stoplib.redblack.rules` and the cost
estimates of :mod:`stoplib.redblack._costs`). Two
twins live beside their fast version instead: the exact winnings distribution
(:func:`stoplib.redblack.simulation.winnings_distribution`, the twin of the
simulated histogram) and the literal C-program emulation
(:func:`stoplib.redblack.claims.c_program_values`).

:func:`value_topdown` (memoised recursion, floats)
    twin of ``value(method="row" | "diagonal" | "tiled")`` in
    :mod:`stoplib.redblack.solver`;
:func:`value_exact`, :func:`value_table_exact` (fractions)
    twins of :func:`~stoplib.redblack.solver.value` and
    :func:`~stoplib.redblack.solver.value_table` (and the policy ``V > 0``);
:func:`omniscient_value_bruteforce` (path counting)
    twin of :func:`stoplib.redblack.variants.omniscient_value` (reflection principle);
:func:`value_with_replacement_topdown` (the R program, winnings in the state)
    twin of :func:`stoplib.redblack.variants.value_with_replacement`;
:func:`simulate_reference` (NumPy shuffles, plain Python play)
    twin of :func:`stoplib.redblack.simulation.simulate`.

``value_topdown`` and ``value_exact`` are also the "topdown" and "exact"
methods of :func:`stoplib.redblack.value`. The recursion of the real game::

    V(0, b) = 0,  V(r, 0) = r,
    V(r, b) = max(0, r/(r+b) (V(r-1, b) + 1) + b/(r+b) (V(r, b-1) - 1)).

Source
------
Document 000, Gwern Branwen et al., "Problem 14 Dynamic Programming Solutions", gwern.net, October
2022 (https://gwern.net/problem-14): its R recursion
(top-down, memoised), nshepperd's Haskell program (exact rationals), its first
R program (the fixed-1/2 mistake) and its R simulation.
"""
from __future__ import annotations

from fractions import Fraction
from functools import cache

import numpy as np

from ..util import budget
from ..util.rng import as_generator
from ..util.validate import check_int
from . import _costs, rules
from .rules import check_counts

__all__ = [
    "value_topdown", "value_exact", "value_table_exact", "omniscient_value_bruteforce",
    "value_with_replacement_topdown", "simulate_reference",
]


def value_topdown(n_red: int, n_black: int) -> float:
    """Memoised recursion, exactly as the recursion reads (float).

    The teaching version: ``v`` calls itself on the two successor states and a
    ``functools.cache`` dictionary remembers every state, so memory grows like
    ``(n_red + 1)(n_black + 1)`` entries (capped at ``MAX_TOPDOWN_CELLS``).
    To keep Python's recursion depth below about 130 frames, ``v`` is first
    asked for the corners of 64 x 64 blocks in increasing order; each call
    then recurses only into the block it opens.

    Examples
    --------
    >>> round(value_topdown(26, 26), 9)
    2.624475549
    """
    n_red, n_black = check_counts(n_red, n_black)
    return _value_topdown(n_red, n_black)


def _value_topdown(n_red: int, n_black: int) -> float:
    """:func:`value_topdown` of checked counts (its caps and budget checked here)."""
    cells = (n_red + 1) * (n_black + 1)
    if cells > rules.MAX_TOPDOWN_CELLS:
        raise ValueError(
            f"method 'topdown' memoises every state: {cells} states for "
            f"({n_red}, {n_black}) is above MAX_TOPDOWN_CELLS = {rules.MAX_TOPDOWN_CELLS} "
            f"(about {cells * 200 / 1e9:.2g} GB of dictionary, "
            f"{cells / _costs.RATES['topdown']:.3g} s); use method='row', 'diagonal' or 'tiled'")
    _costs._check_cells(n_red, n_black, "topdown", f"value_topdown({n_red}, {n_black})")

    @cache
    def v(r: int, b: int) -> float:
        if r == 0:
            return 0.0
        if b == 0:
            return float(r)
        go = (r * (v(r - 1, b) + 1.0) + b * (v(r, b - 1) - 1.0)) / (r + b)
        return max(0.0, go)

    for r in [*range(0, n_red, 64), n_red]:
        for b in [*range(0, n_black, 64), n_black]:
            v(r, b)
    result = v(n_red, n_black)
    v.cache_clear()
    return result


def value_exact(n_red: int, n_black: int) -> Fraction:
    """``V(n_red, n_black)`` in exact rational arithmetic, row by row.

    Examples
    --------
    >>> value_exact(26, 26)
    Fraction(41984711742427, 15997372030584)
    """
    n_red, n_black = check_counts(n_red, n_black)
    return _value_exact(n_red, n_black)


def _value_exact(n_red: int, n_black: int) -> Fraction:
    """:func:`value_exact` of checked counts (its cap and budget checked here)."""
    cells = (n_red + 1) * (n_black + 1)
    if cells > rules.MAX_EXACT_CELLS:
        raise ValueError(
            f"method 'exact' needs {cells} Fraction cells, above MAX_EXACT_CELLS = "
            f"{rules.MAX_EXACT_CELLS}; use a float method")
    _costs._check_cells(n_red, n_black, "exact", f"value_exact({n_red}, {n_black})")
    row = [Fraction(0)] * (n_black + 1)  # row r = 0
    zero = Fraction(0)
    for r in range(1, n_red + 1):
        row[0] = Fraction(r)
        for b in range(1, n_black + 1):
            go = (r * (row[b] + 1) + b * (row[b - 1] - 1)) / (r + b)
            row[b] = go if go > 0 else zero
    return row[n_black]


def value_table_exact(n_red: int, n_black: int) -> np.ndarray:
    """The table of exact values ``V(r, b)`` as ``fractions.Fraction``.

    Parameters
    ----------
    n_red, n_black : int
        Largest counts; at most ``MAX_EXACT_CELLS`` cells in all.

    Returns
    -------
    numpy.ndarray of object, shape (n_red + 1, n_black + 1)
        ``out[r, b]`` is ``V(r, b)`` as a Fraction.

    Examples
    --------
    >>> value_table_exact(2, 2)[2, 2]
    Fraction(2, 3)
    """
    n_red, n_black = check_counts(n_red, n_black)
    return _value_table_exact(n_red, n_black)


def _value_table_exact(n_red: int, n_black: int) -> np.ndarray:
    """:func:`value_table_exact` of checked counts (its cap and budget checked here)."""
    cells = (n_red + 1) * (n_black + 1)
    if cells > rules.MAX_EXACT_CELLS:
        raise ValueError(
            f"an exact table of {n_red + 1} x {n_black + 1} = {cells} Fractions is above "
            f"MAX_EXACT_CELLS = {rules.MAX_EXACT_CELLS} (numerators grow to hundreds of digits; "
            f"about {cells / _costs.RATES['exact']:.3g} s); use a float method")
    _costs._check_cells(n_red, n_black, "exact_table", f"value_table_exact({n_red}, {n_black})")
    out = np.empty((n_red + 1, n_black + 1), dtype=object)
    zero = Fraction(0)
    for r in range(n_red + 1):
        for b in range(n_black + 1):
            if r == 0:
                out[r, b] = zero
            elif b == 0:
                out[r, b] = Fraction(r)
            else:
                go = (r * (out[r - 1, b] + 1) + b * (out[r, b - 1] - 1)) / (r + b)
                out[r, b] = go if go > 0 else zero
    return out


def omniscient_value_bruteforce(n_red: int, n_black: int) -> Fraction:
    """The omniscient value by counting lattice paths (the slow exact twin of
    :func:`stoplib.redblack.variants.omniscient_value`).

    A DP over ``(reds used, blacks used, running maximum)`` counts the
    arrangements with each final maximum prefix sum; no reflection principle.

    Examples
    --------
    >>> omniscient_value_bruteforce(2, 2)
    Fraction(5, 6)
    """
    n_red, n_black = check_counts(n_red, n_black)
    work = (n_red + 1) * (n_black + 1) * (n_red + 1)
    if work > 2_000_000:
        raise ValueError(f"omniscient_value_bruteforce is for small decks "
                         f"((n_red+1)^2 (n_black+1) <= 2e6), got {work:.3g}")
    budget.check(_costs.omniscient_bruteforce_cost(n_red, n_black, work))
    # counts[i][j] = {running max: number of paths} after i reds and j blacks
    counts = [[None] * (n_black + 1) for _ in range(n_red + 1)]
    counts[0][0] = {0: 1}
    for i in range(n_red + 1):
        for j in range(n_black + 1):
            if i == 0 and j == 0:
                continue
            acc: dict = {}
            s = i - j
            if i > 0:
                for mx, c in counts[i - 1][j].items():
                    key = max(mx, s)
                    acc[key] = acc.get(key, 0) + c
            if j > 0:
                for mx, c in counts[i][j - 1].items():
                    acc[mx] = acc.get(mx, 0) + c
            counts[i][j] = acc
    final = counts[n_red][n_black]
    total = sum(final.values())
    return Fraction(sum(mx * c for mx, c in final.items()), total)


def value_with_replacement_topdown(n_red: int, n_black: int) -> float:
    """Slow twin of :func:`stoplib.redblack.variants.value_with_replacement`: the
    document's R recursion literally, winnings in the state, memoised (small decks only).

    Examples
    --------
    >>> round(value_with_replacement_topdown(26, 26), 2)
    2.86
    """
    n_red, n_black = check_counts(n_red, n_black)
    if n_red + n_black > 200:  # the recursion is n_red + n_black frames deep
        raise ValueError(f"value_with_replacement_topdown is for n_red + n_black <= 200, "
                         f"got {n_red + n_black}")
    budget.check(_costs.replacement_topdown_cost(n_red, n_black))

    @cache
    def f(good, bad, winnings):
        if good <= 0:
            return float(winnings)
        if bad <= 0:
            return float(winnings + good)
        return 0.5 * v(good - 1, bad, winnings + 1) + 0.5 * v(good, bad - 1, winnings - 1)

    @cache
    def v(good, bad, winnings):
        return max(float(winnings), f(good, bad, winnings))

    return v(n_red, n_black, 0)

def simulate_reference(n_red: int, n_black: int, n_games: int, seed=0) -> float:
    """Slow twin of :func:`stoplib.redblack.simulation.simulate`: shuffle whole
    decks with NumPy, play the optimal policy in plain Python, return the mean
    winnings.

    The policy is "draw while ``V(r, b) > 0``" read off the exact table
    (:func:`value_table_exact`, so decks of at most ``MAX_EXACT_CELLS`` cells),
    and the random stream is NumPy's ``Generator.permutation``, so this shares
    nothing with the simulator and agrees with it only statistically.

    Examples
    --------
    >>> simulate_reference(1, 1, 200, seed=0) >= 0.0
    True
    """
    n_red, n_black = check_counts(n_red, n_black)
    n_games = check_int("n_games", n_games, 1, 1_000_000)
    budget.check(_costs.simulate_reference_cost(n_red, n_black, n_games))
    rng = as_generator(seed)
    draw = (_value_table_exact(n_red, n_black) > 0).astype(bool)
    deck = np.array([1] * n_red + [-1] * n_black, dtype=np.int64)
    total = 0
    for _ in range(n_games):
        cards = rng.permutation(deck)
        r, b, w = n_red, n_black, 0
        for card in cards:
            if not draw[r, b]:
                break
            w += int(card)
            if card > 0:
                r -= 1
            else:
                b -= 1
        total += w
    return total / n_games
