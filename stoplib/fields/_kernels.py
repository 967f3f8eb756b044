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

# Size guards. The float kernels keep a (F+1) x (V-F+1) table and do about
# F (V-F) V / 4 (fast) or F^2 (V-F) V / 8 (plain) steps of a few ns each.
MAX_TABLE_CELLS = 50_000_000          # 400 MB of float64
MAX_FAST_STEPS = 3e11                 # minutes of work on one core
MAX_PLAIN_STEPS = 3e10
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


@lru_cache(maxsize=16)
def _float_table(K, S, method):
    cells = (K + 1) * (S + 1)
    if cells > MAX_TABLE_CELLS:
        raise ValueError(f"V={K + S}, F={K} needs a table of {cells:,} cells, more than this "
                         f"module allows ({MAX_TABLE_CELLS:,}); use smaller sizes")
    steps = K * S * (K + S) / 4.0 if method == "fast" else K * K * S * (K + S) / 8.0
    limit = MAX_FAST_STEPS if method == "fast" else MAX_PLAIN_STEPS
    if steps > limit:
        raise ValueError(f"V={K + S}, F={K} with method={method!r} needs about {steps:.1e} steps, "
                         f"more than this module allows ({limit:.0e}); use smaller sizes"
                         + (" or method='fast'" if method == "plain" else ""))
    alpha, beta, gamma, logc = _scaling(K, S)
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
    kk = np.arange(K + 1)[:, None]
    ss = np.arange(S + 1)[None, :]
    win = w * np.exp(alpha * kk + beta * ss + gamma - logc)
    w.setflags(write=False)
    win.setflags(write=False)
    return _FloatTable(K, S, method, w, win)


_TABLE_KEYS: list = []


def _table_for(K, S, method="fast"):
    """A cached table covering (K, S); reuses a larger cached one when there is one."""
    for k2, s2, m2 in reversed(_TABLE_KEYS):
        if m2 == method and k2 >= K and s2 >= S:
            return _float_table(k2, s2, m2)
    table = _float_table(K, S, method)
    _TABLE_KEYS.append((K, S, method))
    del _TABLE_KEYS[:-8]
    return table
