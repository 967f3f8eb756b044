"""The increasing-fields game: numba kernels and the float tables they fill.

Private to :mod:`stoplib.fields`; the validated API over these tables is
:mod:`stoplib.fields.solver`. With ``W(V, F) = C(V, F) Win(V, F)`` and tables
indexed by the number of fields ``k`` and the slack ``s = n - k``, the
recursion of the source page (section "Calculating win probability", see
:mod:`stoplib.fields.document`) reads::

    W(k, s) = 1/k sum_r max_f W(f, s1) W(k-1-f, s-s1),      r = f + s1,

``_table_plain`` takes the full max over ``f``, ``_table_fast`` follows the
monotone argmax path of the document's claim (two candidates per roll),
``_table_policy`` evaluates the proportional heuristic, and ``_optimal_field``
reads the optimal field for a roll off a table. ``_float_table`` builds and
caches a (rescaled) table, ``_table_for`` reuses a larger cached one.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

import numpy as np
from numba import njit

from ..util import budget
from ._costs import _table_cost

# The float kernels keep a (F+1) x (V-F+1) table; its cost is estimated
# (stoplib.fields._costs) and checked against the work budget (stoplib.util.budget)
# by ``_table_for`` before a table is built.
_LOG_SPAN = 1300.0                    # float64 holds values over about e^(+-709)
_SCALE_THRESHOLD = 300.0              # rescale the table when log C(V, F) exceeds this


# --------------------------------------------------------------------------
# numba kernels (float64)
# --------------------------------------------------------------------------
@njit(cache=True)
def _fill_base(w, beta, gamma):
    """Row k = 0: W(s, 0) = 1, scaled by exp(-beta s - gamma)."""
    for s in range(w.shape[1]):
        w[0, s] = np.exp(-beta * s - gamma)


@njit(cache=True)
def _table_plain(w, c):
    """Fill rows k >= 1 of the scaled table by the plain O(n k) max per cell.

    ``w[k, s]`` holds W(k + s, k) exp(-alpha k - beta s - gamma); the recursion
    is ``w[k, s] = c / k * sum_r max_f w[f, r-f] w[k-1-f, s-r+f]`` with
    ``c = exp(gamma - alpha)``.
    """
    K1, S1 = w.shape
    for k in range(1, K1):
        for s in range(S1):
            n = k + s
            total = 0.0
            for r in range(n):
                flo = r - s if r > s else 0
                fhi = r if r < k - 1 else k - 1
                best = 0.0
                for f in range(flo, fhi + 1):
                    v = w[f, r - f] * w[k - 1 - f, s - r + f]
                    if v > best:
                        best = v
                total += best
            w[k, s] = c * total / k


@njit(cache=True)
def _table_fast(w, c):
    """Fill rows k >= 1 by the monotone-argmax path (the document's optimisation).

    The optimal field for roll r is followed as a lattice path (f, s1) with
    f + s1 = r: from roll r to r + 1 only (f, s1 + 1) and (f + 1, s1) are
    compared (ties keep f). Rolls r and n-1-r are mirror images (value v to
    n-1-v, field f to k-1-f), so only the lower half of the rolls is walked.
    Layout: ``w[k, s]`` row-major, slack contiguous. The rows of the two
    sub-games are held as 1-D views that change only when f steps up, and
    along the path the lower row is read upward (s1) and the upper row
    downward (s - s1), both sequentially (five times faster than 2-D indexing
    on this machine).
    """
    K1, S1 = w.shape
    for k in range(1, K1):
        for s in range(S1):
            n = k + s
            last = (n - 1) // 2          # walk rolls 0..last
            f = 0
            s1 = 0
            j = s                        # slack of the upper sub-game, s - s1
            lo0 = w[0]                   # row f (lower sub-game)
            up0 = w[k - 1]               # row k-1-f (upper sub-game)
            lo1 = w[1] if k > 1 else w[0]        # rows for f + 1
            up1 = w[k - 2] if k > 1 else w[0]
            best = lo0[0] * up0[s]
            total = best
            for r in range(1, last + 1):
                a = -1.0
                if j > 0:
                    a = lo0[s1 + 1] * up0[j - 1]
                b = -1.0
                if f < k - 1:
                    b = lo1[s1] * up1[j]
                if b > a:
                    f += 1
                    best = b
                    lo0 = lo1
                    up0 = up1
                    if f < k - 1:
                        lo1 = w[f + 1]
                        up1 = w[k - 2 - f]
                else:
                    s1 += 1
                    j -= 1
                    best = a
                total += best
            total *= 2.0
            if n % 2 == 1:               # the middle roll was counted twice
                total -= best
            w[k, s] = c * total / k


@njit(cache=True)
def _table_policy(w, c, policy):
    """Fill rows k >= 1 for a fixed gap-local policy (1: proportional)."""
    K1, S1 = w.shape
    for k in range(1, K1):
        for s in range(S1):
            n = k + s
            total = 0.0
            for r in range(n):
                f = (r * k) // n
                total += w[f, r - f] * w[k - 1 - f, s - r + f]
            w[k, s] = c * total / k


@njit(cache=True)
def _log_binom_table(K1, S1, out):
    """out[k, s] = log C(k + s, k)."""
    for k in range(K1):
        for s in range(S1):
            out[k, s] = math.lgamma(k + s + 1.0) - math.lgamma(k + 1.0) - math.lgamma(s + 1.0)


@njit(cache=True)
def _optimal_field(w, Vg, Fg, rr):
    """Best field (0-based within the gap) for relative roll rr; ties: smallest field."""
    sg = Vg - Fg
    if sg < 0:
        return 0
    flo = rr - sg if rr > sg else 0
    fhi = rr if rr < Fg - 1 else Fg - 1
    best = -1.0
    bf = flo
    for f in range(flo, fhi + 1):
        v = w[f, rr - f] * w[Fg - 1 - f, sg - rr + f]
        if v > best:
            best = v
            bf = f
    return bf


@njit(cache=True)
def _policy(w, V, F, out):
    """out[r] = the optimal field of first roll r on the empty (V, F) board."""
    for r in range(V):
        out[r] = _optimal_field(w, V, F, r)


# --------------------------------------------------------------------------
# float tables
# --------------------------------------------------------------------------
def _scaling(K, S):
    """Choose alpha, beta, gamma so that log C(k+s,k) - alpha k - beta s - gamma
    stays near 0 over the table; return them with the log-binomial table."""
    logc = np.empty((K + 1, S + 1))
    _log_binom_table(K + 1, S + 1, logc)
    L = float(logc[K, S])
    if L < _SCALE_THRESHOLD:
        return 0.0, 0.0, 0.0, logc
    alpha = L / (4.0 * K) if K else 0.0
    beta = L / (4.0 * S) if S else 0.0
    kk = np.arange(K + 1)[:, None]
    ss = np.arange(S + 1)[None, :]
    shifted = logc - alpha * kk - beta * ss
    hi, lo = float(shifted.max()), float(shifted.min())
    if hi - lo > _LOG_SPAN:
        raise ValueError(
            f"V={K + S}, F={K} is too large for float64: C(V, F) ~ e^{L:.0f} cannot be "
            "scaled into range; use smaller sizes (or exact=True for small ones)")
    gamma = 0.5 * (hi + lo)
    return alpha, beta, gamma, logc


@dataclass(frozen=True)
class _FloatTable:
    K: int
    S: int
    method: str
    w: np.ndarray        # scaled W, shape (K+1, S+1)
    win: np.ndarray      # Win(k + s, k), shape (K+1, S+1)


def _binomials(w, alpha, K, S):
    """C(k + s, k) exp(-alpha k - beta s - gamma) for every cell, with the scaled
    table's own row 0 (``w[0, s] = exp(-beta s - gamma)``) as row 0.

    Built by the multiplicative recurrence ``C(k+s, k) = C(k-1+s, k-1) (k+s)/k``:
    a relative error of about 3k rounding errors, where log-gamma differences lose
    ``eps * log((V)!)`` absolutely (1e-10 at V = 10**5, which made
    ``Win(10**5, 1) = 1.0000000000774685``). Without scaling, row 1 is exactly
    ``k + s`` and ``Win = W / C`` is exactly 1 there.
    """
    c = np.empty_like(w)
    c[0] = w[0]
    if K:
        k = np.arange(1, K + 1, dtype=np.float64)[:, None]
        s = np.arange(S + 1, dtype=np.float64)[None, :]
        c[1:] = (k + s) / k * math.exp(-alpha)
        np.cumprod(c, axis=0, out=c)
    return c


@lru_cache(maxsize=16)
def _float_table(K, S, method):
    """The table of every sub-game with k <= K fields and slack s <= S (cached).

    The caller has checked the work budget (:func:`_table_for`).
    """
    alpha, beta, gamma, logc = _scaling(K, S)
    del logc
    w = np.empty((K + 1, S + 1))
    _fill_base(w, beta, gamma)
    c = math.exp(gamma - alpha)
    if method == "fast":
        _table_fast(w, c)
    elif method == "plain":
        _table_plain(w, c)
    else:  # proportional
        _table_policy(w, c, 1)
    if not np.all(np.isfinite(w)) or (K >= 1 and np.any(w[1:] < 1e-290)):
        raise ValueError(f"V={K + S}, F={K}: the float64 table left the representable range; "
                         "use smaller sizes")
    win = w / _binomials(w, alpha, K, S)
    # The base cases hold exactly (the document's Win(V, 0) = 1; one field, or as
    # many fields as values, is always won): no rounding is left on them.
    win[0, :] = 1.0
    win[:, 0] = 1.0
    if K >= 1:
        win[1, :] = 1.0
    if not (np.all(win >= 0.0) and np.all(win <= 1.0)):      # a bug, never a user's input
        raise RuntimeError(f"Win table for V={K + S}, F={K} left [0, 1]: "
                           f"{float(win.min())!r}..{float(win.max())!r}")
    w.setflags(write=False)
    win.setflags(write=False)
    return _FloatTable(K, S, method, w, win)


_TABLE_KEYS: list = []


def _cached(K, S, method="fast"):
    """The key of a cached table covering (K, S), or None."""
    for k2, s2, m2 in reversed(_TABLE_KEYS):
        if m2 == method and k2 >= K and s2 >= S:
            return k2, s2, m2
    return None


def _is_cached(K, S, method="fast"):
    """Whether a cached table covers (K, S) (then it costs nothing)."""
    return _cached(K, S, method) is not None


def _table_for(K, S, method="fast", what=None):
    """A cached table covering (K, S); reuses a larger cached one when there is one.

    A new table is built only after its estimate passes the work budget.
    """
    key = _cached(K, S, method)
    if key is not None:
        return _float_table(*key)
    budget.check(_table_cost(K, S, method, what))
    table = _float_table(K, S, method)
    _TABLE_KEYS.append((K, S, method))
    del _TABLE_KEYS[:-8]
    return table
