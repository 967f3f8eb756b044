"""The slow exact twin of the engine: two-player Pig in fractions (private; ``solve(..., method="exact")``).

The pairs of Pig's turn starts are solved in ``fractions.Fraction``, each by Hoffman-Karp
policy iteration (the holding player's policy outside, the partner's best response by Newton
steps inside; both finite), then checked to satisfy the equations exactly. It shares no code
with the numba kernels of :mod:`._kernels`; small goals only. Sources: T. W. Neller and C. G. M.
Presser, "Optimal Play of the Dice Game Pig", The UMAP Journal 25(1), 2004 (the equations).
"""
from __future__ import annotations

from fractions import Fraction

import numpy as np

__all__: list[str] = []   # private: used by stoplib.race.solver


def _greedy(holdv, R, p, keep, D):
    """Exact values and hold policy of a Pig turn with partner value p; on a tie keep the policy ``keep``."""
    one = Fraction(1)
    w = [one] * (R + D)
    pol = [False] * R
    for k in range(R - 1, -1, -1):
        rv = (one - p + sum(w[k + r] if k + r < R else one for r in range(2, D + 1))) / D
        if k >= 1 and (holdv[k] > rv or (holdv[k] == rv and (keep is None or keep[k]))):
            w[k], pol[k] = holdv[k], True
        else:
            w[k] = rv
    return tuple(pol), w[:R]


def _affine(holdv, R, pol, D):
    """Turn values ``a[k] + b[k] p`` (p: the partner value) under the hold policy ``pol``, exactly."""
    one = Fraction(1)
    a = [one] * (R + D)
    b = [Fraction(0)] * (R + D)
    for k in range(R - 1, -1, -1):
        if k >= 1 and pol[k]:
            a[k], b[k] = holdv[k], Fraction(0)
        else:
            a[k] = Fraction(1 + sum(a[k + r] if k + r < R else one for r in range(2, D + 1)), D)
            b[k] = Fraction(-1 + sum(b[k + r] for r in range(2, D + 1) if k + r < R), D)
    return a[:R], b[:R]


def _response(holdv, R, a, b, pol, D):
    """Best response of the partner to ``x = a + b y``: Newton steps on its own policy (finite)."""
    while True:
        c, e = _affine(holdv, R, pol, D)
        y = (c[0] + e[0] * a) / (1 - e[0] * b)
        new, _ = _greedy(holdv, R, a + b * y, pol, D)
        if new == pol:
            return y, pol, c, e
        pol = new


def _pig_exact(G, D):
    """The pairs in Fractions (Hoffman-Karp per pair); returns (float table, hold table, P(0,0,0), iterations)."""
    one = Fraction(1)
    P0 = {}
    table = {}
    iters = np.zeros((G, G), dtype=np.int64)
    for s in range(2 * G - 2, -1, -1):
        for i in range(max(0, s - G + 1), s // 2 + 1):
            j = s - i
            hA = [None] + [one - P0[j, i + k] for k in range(1, G - i)]
            hB = [None] + [one - P0[i, j + k] for k in range(1, G - j)]
            RA, RB = G - i, G - j
            y = P0.get((j, i + 1), Fraction(1, 2))
            polA, _ = _greedy(hA, RA, y, None, D)
            if i == j:
                y, polA, a, b = _response(hA, RA, 0, 1, polA, D)   # x = y: the player's own Newton steps
                n_outer = 1
            else:
                polB, _ = _greedy(hB, RB, one - y, None, D)
                n_outer = 0
                while True:
                    n_outer += 1
                    a, b = _affine(hA, RA, polA, D)
                    y, polB, c, e = _response(hB, RB, a[0], b[0], polB, D)
                    new, _ = _greedy(hA, RA, y, polA, D)
                    if new == polA:
                        break
                    polA = new
            x = a[0] + b[0] * y if i != j else y
            wA = [a[k] + b[k] * y for k in range(RA)]
            for k, w in enumerate(wA):
                table[i, j, k] = w
            P0[i, j] = x
            if i != j:
                wB = [c[k] + e[k] * x for k in range(RB)]
                for k, w in enumerate(wB):
                    table[j, i, k] = w
                P0[j, i] = y
                checks = ((hA, RA, y, wA), (hB, RB, x, wB))
            else:
                checks = ((hA, RA, x, wA),)
            for holdv, R, p, w in checks:    # the certificate: the equations hold exactly
                if _greedy(holdv, R, p, None, D)[1] != w:   # pragma: no cover - a bug, not a rounding
                    raise RuntimeError(f"exact Pig: pair ({i}, {j}) does not satisfy the equations")
            iters[i, j] = n_outer
    V, H = _exact_tables(table, P0, G, D)
    return V, H, P0[0, 0], iters


def _exact_tables(table, P0, G, D):
    """The float value table and the hold table of the exact solution."""
    one = Fraction(1)
    V = np.ones((G, G, G))
    H = np.zeros((G, G, G), dtype=np.int8)
    for (i, j, k), w in table.items():
        V[i, j, k] = float(w)
    for i in range(G):
        for j in range(G):
            for k in range(1, G - i):
                rv = (one - P0[j, i] + sum(table[i, j, k + r] if i + k + r < G else one
                                           for r in range(2, D + 1))) / D
                H[i, j, k] = 1 if one - P0[j, i + k] >= rv else 0
    return V, H


def _brute_force(model, goal, tol=1e-15, max_sweeps=100_000):
    """The slow twin of any small two-player race: plain Python, every turn start updated from the last
    sweep's values (Jacobi) until nothing moves by more than ``tol``; returns ``(P0, sweeps)``.

    It reads the turn model's arrays and nothing else of the engine: each turn is a recursion over
    ``(t, n)`` written afresh (bank or roll, the best option after each outcome, a bust handing the
    turn over with the counter's rule), so it checks the kernels' passes, their order and the pairwise
    and policy-iteration methods at once, on goals of a few units.
    """
    G, F, K, PEN, MINB = goal, model.floor, model.farkles, model.penalty, model.minimum_bank
    N = model.dice
    S = G - F
    P = S * K
    p0, out_ptr, out_p = model.bust, model.out_ptr, model.out_p
    opt_ptr, opt_s, opt_n = model.opt_ptr, model.opt_s, model.opt_n

    def bust(p):
        score, count = p // K + F, p % K
        if count + 1 < K:
            return p + 1
        return (max(score - PEN, F) - F) * K

    V = np.full((P, P), 0.5)
    for sweep in range(1, max_sweeps + 1):
        new = np.empty_like(V)
        for pi in range(P):
            score = pi // K + F
            R = max(G - score, MINB)
            home = (score - F) * K
            for pj in range(P):
                y = V[pj, bust(pi)]
                memo = {}

                def base(t, n):
                    if t >= R:
                        return 1.0
                    roll = pre(t, n)
                    if t >= MINB:
                        return max(1.0 - V[pj, home + t * K], roll)
                    return roll

                def pre(t, n):
                    if (t, n) not in memo:
                        v = p0[n] * (1.0 - y)
                        for e in range(out_ptr[n], out_ptr[n + 1]):
                            v += out_p[e] * max(base(t + opt_s[o], opt_n[o]) for o in range(opt_ptr[e], opt_ptr[e + 1]))
                        memo[t, n] = v
                    return memo[t, n]

                new[pi, pj] = pre(0, N)
        change = float(np.abs(new - V).max())
        V = new
        if change <= tol:
            return V, sweep
    raise ValueError(f"the brute force did not settle in {max_sweeps} sweeps (last change {change:.1e})")
