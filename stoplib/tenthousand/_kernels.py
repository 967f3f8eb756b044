"""Ten Thousand: the numba kernels behind :mod:`.rules` and :mod:`.solver`.

Private: every function here is ``_name``, ``@njit(cache=True)``, made of plain
loops that fill the arrays it is given; the validated public functions that
call them are :func:`stoplib.tenthousand.frequencies` (:func:`_roll_frequencies`),
:func:`stoplib.tenthousand.solve` (:func:`_backward`, the paper's Algorithm 4.1),
:func:`stoplib.tenthousand.value_iteration` (:func:`_value_iteration`) and
:func:`stoplib.tenthousand.evaluate` (:func:`_evaluate`). :func:`_roll_config`,
which classifies a roll, is shared with the Monte Carlo kernels of
:mod:`.simulation`.

The arrays follow :mod:`.rules`: configurations are indexed ``k = 0..K-1``
(``0`` the non-scoring roll), ``s``/``d`` hold their scores and scoring dice,
``p[n, k] = f(n, k) / 6**n``, and value tables are ``[tau, k, n]``.
"""
from __future__ import annotations

import numpy as np
from numba import njit

__all__: list[str] = []   # private kernels only


@njit(cache=True)
def _roll_config(counts, cfg_of):
    """Configuration index of a roll given its face counts (counts[1..6])."""
    t1 = 0
    t2 = 0
    for kind in (2, 3, 4, 6):
        m = counts[kind] // 3
        for _ in range(m):
            if t2 == 0:
                t2 = kind
            else:
                t1 = t2 if t2 < kind else kind
                t2 = kind if t2 < kind else t2
    return cfg_of[counts[5], counts[1], t1, t2]


@njit(cache=True)
def _roll_frequencies(n, cfg_of, out):
    """Enumerate all 6**n rolls (as base-6 numbers); count each configuration in out."""
    counts = np.zeros(7, dtype=np.int64)
    total = 6 ** n
    for code in range(total):
        for k in range(7):
            counts[k] = 0
        x = code
        for _ in range(n):
            counts[x % 6 + 1] += 1
            x //= 6
        out[_roll_config(counts, cfg_of)] += 1


@njit(cache=True)
def _pre_roll(V, tau, n, N, K, s, d, p):
    """V_r(tau, n): the expected value of rolling n dice with tau chips, from V."""
    acc = 0.0
    for k in range(1, K):
        if d[k] <= n and p[n, k] > 0.0:
            nn = n - d[k]
            if nn == 0:
                nn = N
            acc += p[n, k] * V[tau + s[k], k, nn]
    return acc


@njit(cache=True)
def _backward(T, N, K, s, d, p, rev_ptr, rev_from, rev_code, allowed, V, B, A, Vr):
    """The paper's Algorithm 4.1 for the game with N dice and threshold T.

    V (value), B (value using stop/roll only), A (action code) have shape
    (T + smax + 1, K, N + 1); Vr has shape (T + smax + 1, N + 1). States with
    tau >= T stop. Moves are pushed from x to every y with x < y (lines 12-14).
    """
    size = V.shape[0]
    for tau in range(T, size):
        for k in range(K):
            for n in range(N + 1):
                V[tau, k, n] = tau
                B[tau, k, n] = tau
                A[tau, k, n] = 0
        for n in range(N + 1):
            Vr[tau, n] = tau
    for tau in range(T - 1, 0, -1):
        for n in range(N, 0, -1):
            Vr[tau, n] = _pre_roll(V, tau, n, N, K, s, d, p)
        # n = N: every scoring configuration, only stop or roll
        for k in range(1, K):
            if Vr[tau, N] > tau:
                V[tau, k, N] = Vr[tau, N]
                A[tau, k, N] = 1
            else:
                V[tau, k, N] = tau
                A[tau, k, N] = 0
            B[tau, k, N] = V[tau, k, N]
        for n in range(N - 1, 0, -1):
            for k in range(1, K):
                if d[k] > N - n:
                    continue
                if Vr[tau, n] <= tau:
                    V[tau, k, n] = tau
                    A[tau, k, n] = 0
                else:
                    V[tau, k, n] = Vr[tau, n]
                    A[tau, k, n] = 1
                B[tau, k, n] = V[tau, k, n]
                # lines 12-14: offer x = (tau, k, n) to every larger y
                for e in range(rev_ptr[k], rev_ptr[k + 1]):
                    code = rev_code[e]
                    if not allowed[code]:
                        continue
                    j = rev_from[e]
                    ny = n + d[k] - d[j]
                    if ny < 1:
                        continue
                    ty = tau - s[k] + s[j]
                    if ty >= T:
                        continue
                    if V[ty, j, ny] < B[tau, k, n]:
                        V[ty, j, ny] = B[tau, k, n]
                        A[ty, j, ny] = code
    for n in range(N, 0, -1):
        Vr[0, n] = _pre_roll(V, 0, n, N, K, s, d, p)


@njit(cache=True)
def _value_iteration(C, N, K, s, d, p, move_ptr, move_to, move_code, allowed, chain,
                     max_iter, W, Wn, Vr):
    """Jacobi value iteration W_{k+1} = L W_k from W_0 = 0 for tau = 1..C.

    States with tau > C are a forced stop (value tau): the truncation. With
    ``chain`` a move is worth the destination's value (the MCP of the paper);
    without it the destination's stop/roll value (the paper's restricted games).
    Returns the number of iterations until W stopped changing (or max_iter).
    """
    size = W.shape[0]
    for tau in range(size):
        for k in range(K):
            for n in range(N + 1):
                if tau > C:
                    W[tau, k, n] = tau
                    Wn[tau, k, n] = tau
                else:
                    W[tau, k, n] = 0.0
                    Wn[tau, k, n] = 0.0
    for tau in range(size):
        for n in range(N + 1):
            Vr[tau, n] = tau if tau > C else 0.0
    it = 0
    while it < max_iter:
        it += 1
        for tau in range(0, C + 1):
            for n in range(1, N + 1):
                Vr[tau, n] = _pre_roll(W, tau, n, N, K, s, d, p)
        change = 0.0
        for tau in range(1, C + 1):
            for n in range(1, N + 1):
                base = Vr[tau, n] if Vr[tau, n] > tau else tau
                for k in range(1, K):
                    if n < N and d[k] > N - n:
                        continue
                    best = base
                    if n < N:
                        for e in range(move_ptr[k], move_ptr[k + 1]):
                            if not allowed[move_code[e]]:
                                continue
                            j = move_to[e]
                            tz = tau - s[k] + s[j]
                            if tz < 1:
                                continue
                            nz = n + d[k] - d[j]
                            if chain:
                                val = W[tz, j, nz]
                            else:
                                val = Vr[tz, nz] if Vr[tz, nz] > tz else tz
                            if val > best:
                                best = val
                    diff = abs(best - W[tau, k, n])
                    if diff > change:
                        change = diff
                    Wn[tau, k, n] = best
        for tau in range(1, C + 1):
            for k in range(K):
                for n in range(N + 1):
                    W[tau, k, n] = Wn[tau, k, n]
        if change == 0.0:
            break
    for n in range(1, N + 1):
        Vr[0, n] = _pre_roll(W, 0, n, N, K, s, d, p)
    return it


@njit(cache=True)
def _resolve(V, Vb, A, move_dest, s, d, chain, tau, k, n):
    """Value of a state under a policy table: follow its moves to a stop/roll state.

    Without ``chain`` (the paper's restricted games) a move is followed by the
    destination's stop/roll action, whose values are in Vb.
    """
    if A[tau, k, n] >= 2 and not chain:
        j = move_dest[k, A[tau, k, n]]
        return Vb[tau - s[k] + s[j], j, n + d[k] - d[j]]
    while A[tau, k, n] >= 2:
        j = move_dest[k, A[tau, k, n]]
        tau = tau - s[k] + s[j]
        n = n + d[k] - d[j]
        k = j
    return V[tau, k, n]


@njit(cache=True)
def _evaluate(cap, N, K, s, d, p, A, Ab, chain, move_dest, V, Vb, Vr):
    """Exact expected score of a stationary policy A (codes; stop for tau >= cap).

    V[tau, k, n] holds the value of states whose action is stop or roll; a state
    whose action is a move is worth its destination (followed by _resolve).
    Ab holds the stop/roll action taken right after a move when not chain.
    """
    size = V.shape[0]
    for tau in range(cap, size):
        for k in range(K):
            for n in range(N + 1):
                V[tau, k, n] = tau
                Vb[tau, k, n] = tau
        for n in range(N + 1):
            Vr[tau, n] = tau
    for tau in range(cap - 1, -1, -1):
        for n in range(N, 0, -1):
            acc = 0.0
            for k in range(1, K):
                if d[k] <= n and p[n, k] > 0.0:
                    nn = n - d[k]
                    if nn == 0:
                        nn = N
                    acc += p[n, k] * _resolve(V, Vb, A, move_dest, s, d, chain, tau + s[k], k, nn)
            Vr[tau, n] = acc
        if tau == 0:
            break
        for n in range(1, N + 1):
            for k in range(1, K):
                a = A[tau, k, n]
                if a == 0:
                    V[tau, k, n] = tau
                elif a == 1:
                    V[tau, k, n] = Vr[tau, n]
                Vb[tau, k, n] = Vr[tau, n] if Ab[tau, k, n] == 1 else tau
