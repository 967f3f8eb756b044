"""The solitaire optimum of a turn model: maximise the expected score of one turn (private).

Document 002 solves this problem for Ten Thousand (its Algorithm 4.1); Pig's is "hold at 20"
(its Section 5.2). For any turn model the value of holding ``t`` units with ``n`` dice to
roll is ``V(t, n) = max(t, pre(t, n))`` with ``pre(t, n) = sum_e p(e) max_o V(t + s_o, n_o)``
(a bust scores 0). Every option adds at least one unit, so one backward pass over ``t``
from a cap ``C`` down solves it once ``V(t, n) = t`` is known above ``C``; :func:`solitaire`
doubles ``C`` until stopping is optimal at every total from ``C / 2`` on (the one-step
look-ahead set is closed there, so the cap is exact).
"""
from __future__ import annotations

from functools import lru_cache
from types import SimpleNamespace

import numpy as np
from numba import njit

__all__: list[str] = []   # private


@njit(cache=True)
def _backward(C, N, rules, pre, choice):
    """Fill ``pre[t, n]`` for ``t < C`` (``V = t`` at and above ``C``) and ``choice[t, e]`` (the option kept
    after outcome ``e`` from total ``t``, the first best on a tie)."""
    p0, out_ptr, out_p, out_k, opt_ptr, opt_s, opt_n = rules
    top = pre.shape[0]
    V = np.zeros((top, N + 1))
    for t in range(C, top):
        for n in range(N + 1):
            V[t, n] = t
    for t in range(C - 1, -1, -1):
        for n in range(1, N + 1):
            acc = 0.0
            for e in range(out_ptr[n], out_ptr[n + 1]):
                best = -1.0
                bo = -1
                for o in range(opt_ptr[e], opt_ptr[e + 1]):
                    v = V[t + opt_s[o], opt_n[o]]
                    if v > best:
                        best = v
                        bo = o
                choice[t, e] = bo
                acc += out_p[e] * best
            pre[t, n] = acc
            V[t, n] = acc if acc > t else float(t)


@lru_cache(maxsize=None)
def _solve(model):
    """``pre[t, n]`` (expected score of rolling ``n`` dice with ``t`` units), ``threshold`` (the least
    total from which stopping is optimal with any dice) and ``choice[t, e]``."""
    N = model.dice
    C = 64
    while True:
        top = C + model.smax + 1
        pre = np.zeros((top, N + 1))
        choice = np.zeros((top, model.n_outcomes), dtype=np.int64)
        _backward(C, N, model.rules, pre, choice)
        t = np.arange(C)[:, None]
        roll = pre[:C, 1:] > t
        rows = np.flatnonzero(roll.any(axis=1))
        threshold = int(rows[-1]) + 1 if len(rows) else 1
        if threshold <= C // 2:
            break
        C *= 2
    return SimpleNamespace(pre=pre[:C], threshold=threshold, choice=choice[:C], cap=C)


def roll_table(model, T):
    """``[t, n]`` for ``t < T``: True where the solitaire optimum rolls ``n`` dice with ``t`` units."""
    sol = _solve(model)
    out = np.zeros((T, model.dice + 1), dtype=np.bool_)
    rows = min(sol.threshold, T)
    out[:rows] = sol.pre[:rows] > np.arange(rows)[:, None]
    out[:, 0] = False
    return out


def bank_from(model):
    """The solitaire optimum's least banking total with ``n = 1..dice`` dice to roll (``pre <= t``, ``t >= 1``)."""
    sol = _solve(model)
    t = np.arange(sol.pre.shape[0])
    return np.array([int(np.flatnonzero((sol.pre[:, n] <= t) & (t >= 1))[0]) for n in range(1, model.dice + 1)],
                    dtype=np.int64)


def value(model):
    """The expected score of one turn under the solitaire optimum (units)."""
    return float(_solve(model).pre[0, model.dice])
