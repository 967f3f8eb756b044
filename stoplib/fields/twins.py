"""The increasing-fields game: the exact twins the tests compare the solver with.

Two independent ways to the same numbers as :mod:`stoplib.fields.solver`:

- **Exact integers.** ``N(V, F) = F! C(V, F) Win(V, F)``, the number of winning
  ordered roll sequences, obeys the document's recursion (its section "Calculating win
  probability", :mod:`stoplib.fields.document`) with the binomials cancelled::

      N(k, s) = sum_r max_f C(k-1, f) N(f, r-f) N(k-1-f, s-r+f),   N(0, s) = 1,

  with ``k`` fields and slack ``s`` (spare values). ``_exact_counts`` computes
  it with Python integers, by the full max (``"plain"``) or along the
  document's monotone path (``"fast"``); it serves ``exact=True`` in the
  solver and the exact checks of :mod:`stoplib.fields.claims`.
- **Brute force.** :func:`brute_force_state_probability` is an expectimax over
  actual game states (the value on each field) that knows nothing of gaps,
  binomials or sub-games; it checks every formula above on tiny games.
"""
from __future__ import annotations

import math
from fractions import Fraction
from functools import lru_cache

import numpy as np

from ..util import budget
from ..util.validate import check_choice
from ._costs import _brute_estimate, _call, _exact_estimate, _n, _unbounded
from .rules import _check_sizes, _check_state, _heuristic_field

__all__ = ["brute_force_win_probability", "brute_force_state_probability"]


# --------------------------------------------------------------------------
# exact integers
# --------------------------------------------------------------------------
def _exact_counts(K, S, method="fast", n_max=None, record=None):
    """N[k][s]: number of winning ordered roll sequences of the (k+s, k) game.

    N(k, s) = sum_r max_f C(k-1, f) N(f, r-f) N(k-1-f, s-r+f), N(0, s) = 1.
    ``method='fast'`` follows the monotone path; ``'plain'`` takes the full max.
    With ``record`` (a callable) the plain method reports, for each (k, s, r),
    the list of products over the feasible fields.
    """
    n_max = K + S if n_max is None else n_max
    N = [[1] * (S + 1)]
    # the plain method reads N along anti-diagonals: diag[n][f] = N[f][n - f] (0 where n - f > S),
    # so that the candidates of a roll are three slices zipped together
    diag = [[] for _ in range(K + S + 1)] if method == "plain" else None
    if diag is not None:
        _extend_diagonals(diag, N[0], 0, S)
    ck = [1]                                  # C(k - 1, f), f = 0..k-1, one row at a time
    for k in range(1, K + 1):
        if k > 1:
            ck = [1] + [ck[f - 1] + ck[f] for f in range(1, k - 1)] + [1]
        row = [0] * (S + 1)
        for s in range(S + 1):
            n = k + s
            if n > n_max:
                break
            if method == "plain":
                total = 0
                for r in range(n):
                    flo = r - s if r > s else 0
                    fhi = r if r < k - 1 else k - 1
                    # lower sub-game N[f][r - f], upper N[k-1-f][s-r+f] = diag[k-1+s-r][k-1-f]
                    upper = diag[k - 1 + s - r][k - 1 - fhi:k - flo]
                    upper.reverse()
                    vals = [c * a * b for c, a, b in zip(ck[flo:fhi + 1], diag[r][flo:fhi + 1], upper)]
                    if record is not None:
                        record(k, s, r, flo, vals)
                    total += max(vals)
            else:
                last = (n - 1) // 2
                f = s1 = 0
                best = N[k - 1][s]
                total = best
                for _ in range(1, last + 1):
                    a = ck[f] * N[f][s1 + 1] * N[k - 1 - f][s - s1 - 1] if s1 < s else -1
                    b = ck[f + 1] * N[f + 1][s1] * N[k - 2 - f][s - s1] if f < k - 1 else -1
                    if b > a:
                        f, best = f + 1, b
                    else:
                        s1, best = s1 + 1, a
                    total += best
                total *= 2
                if n % 2 == 1:
                    total -= best
            row[s] = total
        N.append(row)
        if diag is not None:
            _extend_diagonals(diag, row, k, S)
    return N


def _extend_diagonals(diag, row, k, S):
    """Append row ``k`` of N to the anti-diagonals: ``diag[n]`` gets ``N[k][n - k]`` (0 past slack S)."""
    for n in range(k, len(diag)):
        diag[n].append(row[n - k] if n - k <= S else 0)


def _falling(n, k):
    return math.perm(n, k)


@lru_cache(maxsize=64)
def _exact_table_cached(K, S, method):
    return _exact_counts(K, S, method)


def _exact_table(K, S, method, what=None):
    """The exact counts N[k][s] for k <= K, s <= S (cached); a new table is built only
    after its estimate passes the work budget."""
    if not any(k2 >= K and s2 >= S and m2 == method for k2, s2, m2 in _EXACT_KEYS):
        what = what or f"the exact Win table for V={_n(K + S)}, F={_n(K)} (method={method!r})"
        budget.check(_exact_estimate(K, S, method, what))
        _EXACT_KEYS.append((K, S, method))
        del _EXACT_KEYS[:-32]
        return _exact_table_cached(K, S, method)
    K, S, method = next(key for key in reversed(_EXACT_KEYS)
                        if key[0] >= K and key[1] >= S and key[2] == method)
    return _exact_table_cached(K, S, method)


_EXACT_KEYS: list = []


def _clear_exact():
    _exact_table_cached.cache_clear()
    _EXACT_KEYS.clear()


def _exact_win(n, k, method="fast"):
    N = _exact_table(k, n - k, method, _call("win_probability", n, k, exact=True, method=method))
    return Fraction(N[k][n - k], _falling(n, k))


def _exact_win_table(V_max, F_max, method):
    """Win(V, F) as Fractions for all V <= V_max, F <= F_max (an object array; the
    caller checks :func:`stoplib.fields._costs._exact_win_table_estimate`)."""
    N = _exact_counts(F_max, V_max, method, n_max=V_max)
    out = np.full((V_max + 1, F_max + 1), Fraction(0), dtype=object)
    for n in range(V_max + 1):
        for k in range(min(n, F_max) + 1):
            out[n, k] = Fraction(N[k][n - k], _falling(n, k))
    return out


# --------------------------------------------------------------------------
# brute force over real game states
# --------------------------------------------------------------------------
def brute_force_state_probability(V, F, state=None, policy=None):
    """Exact win probability by expectimax over actual game states (tiny games).

    Knows nothing of gaps, binomials or sub-games: from a state (the value on
    each field) it averages over every undrawn value, and for each takes the
    best legal field (or the one ``policy`` picks), memoising on the state.

    Parameters
    ----------
    V, F : int
        Game size: up to C(V + F, F) states are visited and memoised, so the
        work budget (:mod:`stoplib.util.budget`) refuses all but small games.
    state : list or None
        Starting state (None: the empty board).
    policy : None or {"proportional", "nearest"}
        Evaluate that heuristic instead of optimal play.

    Returns
    -------
    fractions.Fraction

    Examples
    --------
    >>> brute_force_state_probability(3, 2)
    Fraction(5, 6)
    """
    V, F = _check_sizes(V, F)
    if policy is not None:
        check_choice("policy", policy, ("proportional", "nearest"))
    what = _call("brute_force_state_probability", V, F)
    if state is None:
        if F > 10**6:                        # the board alone would not fit the budget
            budget.check(_unbounded(what, "C(V + F, F) states"))
        state = [None] * F
    cells = _check_state(V, F, state)
    budget.check(_brute_estimate(V, F, cells, what))
    return _brute(V, F, cells, policy)


def _brute(V, F, cells, policy=None):
    """The expectimax of :func:`brute_force_state_probability` from the checked ``cells``
    (-1 for empty); the caller has checked the work budget."""
    memo = {}

    def legal(st, r):
        lo_field, hi_field = 0, F - 1
        for i, v in enumerate(st):
            if v >= 0 and v < r:
                lo_field = i + 1
            elif v > r:
                hi_field = i - 1
                break
        return [f for f in range(lo_field, hi_field + 1) if st[f] < 0]

    def value(st):
        if st in memo:
            return memo[st]
        empty = st.count(-1)
        if empty == 0:
            return Fraction(1)
        undrawn = [r for r in range(V) if r not in st]
        total = Fraction(0)
        for r in undrawn:
            fields = legal(st, r)
            if not fields:
                continue
            if policy is None:
                best = max(value(st[:f] + (r,) + st[f + 1:]) for f in fields)
            else:
                f = _heuristic_field(V, F, st, r, policy)
                best = value(st[:f] + (r,) + st[f + 1:])
            total += best
        res = total / len(undrawn)
        memo[st] = res
        return res

    return value(tuple(cells))


def brute_force_win_probability(V, F):
    """Win(V, F) by :func:`brute_force_state_probability` from the empty board.

    Examples
    --------
    >>> brute_force_win_probability(4, 2)
    Fraction(5, 6)
    """
    V, F = _check_sizes(V, F)
    what = _call("brute_force_win_probability", V, F)
    if F > 10**6:                            # the board alone would not fit the budget
        budget.check(_unbounded(what, "C(V + F, F) states"))
    cells = [-1] * F
    budget.check(_brute_estimate(V, F, cells, what))
    return _brute(V, F, cells)
