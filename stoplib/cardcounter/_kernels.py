"""CardCounter numba kernels (private): the dealer's and the player's recursions.

Two recursions over deck *compositions* (counts per value, never orders), for the
game of J. S. Plank's CardCounter write-up (TopCoder SRM 734; rules in :mod:`.rules`):

``_dealer_dist(D, s, a)``
    the distribution of the dealer's final total (17, 18, 19, 20, 21, bust) when his
    hard sum is ``s`` (aces counted 1), ``a`` says whether he holds an ace and ``D``
    is the remaining deck: a one-hot vector once his total is 17 or more, otherwise
    ``sum_v D[v] / |D| * dealer(D - v, s + v, a or v == 1)``;
``_player_value(D, s, a)``
    the player's optimal win probability, ``max(stand, hit)`` with
    ``stand = P(dealer busts or ends below the player's total)`` from
    ``dealer(D, up, up == 1)`` and ``hit = sum_v D[v] / |D| * player(D - v, s + v, a or v == 1)``;
    a bust is worth 0.

Both are memoised on the mixed-radix code of the composition (plus the sums, see
:mod:`.rules`) in numba typed dictionaries owned by :class:`.solver.Engine`, which
is the validated front end; a deck on which the dealer would draw from an empty deck
gives NaN here and a ValueError there. The simulation kernel lives in
:mod:`.simulation`.
"""
from __future__ import annotations

import numpy as np
from numba import njit, types


_T6 = types.UniTuple(types.float64, 6)
_T3 = types.UniTuple(types.float64, 3)


@njit(cache=True)
def _total(s, ace):
    if ace and s + 10 <= 21:
        return s + 10
    return s


@njit(cache=True)
def _dealer_dist(counts, n, key, dsum, dace, strides, dmemo):
    """Distribution of the dealer's final total (17..21, bust); NaN when he runs out."""
    t = _total(dsum, dace)
    if t > 21:
        return (0.0, 0.0, 0.0, 0.0, 0.0, 1.0)
    if t >= 17:
        return (1.0 if t == 17 else 0.0, 1.0 if t == 18 else 0.0, 1.0 if t == 19 else 0.0,
                1.0 if t == 20 else 0.0, 1.0 if t == 21 else 0.0, 0.0)
    k = (key * 17 + dsum) * 2 + (1 if dace else 0)
    if k in dmemo:
        return dmemo[k]
    if n == 0:
        r = (np.nan, np.nan, np.nan, np.nan, np.nan, np.nan)
        dmemo[k] = r
        return r
    a0 = 0.0
    a1 = 0.0
    a2 = 0.0
    a3 = 0.0
    a4 = 0.0
    a5 = 0.0
    for v in range(1, 11):
        c = counts[v - 1]
        if c > 0:
            counts[v - 1] = c - 1
            d = _dealer_dist(counts, n - 1, key + strides[v - 1], dsum + v, dace or v == 1, strides, dmemo)
            counts[v - 1] = c
            a0 += c * d[0]
            a1 += c * d[1]
            a2 += c * d[2]
            a3 += c * d[3]
            a4 += c * d[4]
            a5 += c * d[5]
    r = (a0 / n, a1 / n, a2 / n, a3 / n, a4 / n, a5 / n)
    dmemo[k] = r
    return r


@njit(cache=True)
def _stand_value(d, pt):
    """P(player with total pt <= 21 wins) from the dealer's final-total distribution d."""
    w = d[5]
    if pt > 17:
        w += d[0]
    if pt > 18:
        w += d[1]
    if pt > 19:
        w += d[2]
    if pt > 20:
        w += d[3]
    return w


@njit(cache=True)
def _player_value(counts, n, key, psum, pace, up, strides, dmemo, pmemo):
    """(best, stand, hit) win probabilities of the player's state; NaN when undefined."""
    if psum > 21:
        return (0.0, 0.0, 0.0)
    k = ((key * 32 + psum) * 2 + (1 if pace else 0)) * 16 + up
    if k in pmemo:
        return pmemo[k]
    d = _dealer_dist(counts, n, key, up, up == 1, strides, dmemo)
    stand = _stand_value(d, _total(psum, pace))
    hit = np.nan
    if n > 0:
        hit = 0.0
        for v in range(1, 11):
            c = counts[v - 1]
            if c > 0:
                counts[v - 1] = c - 1
                r = _player_value(counts, n - 1, key + strides[v - 1], psum + v, pace or v == 1, up,
                                  strides, dmemo, pmemo)
                counts[v - 1] = c
                hit += c * r[0]
        hit /= n
    if np.isnan(stand) or np.isnan(hit):
        best = np.nan
    else:
        best = stand if stand >= hit else hit
    res = (best, stand, hit)
    pmemo[k] = res
    return res


@njit(cache=True)
def _memo_arrays(pmemo):
    """Player memo as sorted parallel arrays (key, best, stand, hit)."""
    m = len(pmemo)
    keys = np.empty(m, np.int64)
    vals = np.empty((m, 3), np.float64)
    i = 0
    for k, v in pmemo.items():
        keys[i] = k
        vals[i, 0] = v[0]
        vals[i, 1] = v[1]
        vals[i, 2] = v[2]
        i += 1
    order = np.argsort(keys)
    return keys[order], vals[order]
