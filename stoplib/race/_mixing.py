"""Exact mixed equilibria at the cycles where best responses flip each other (private).

A cycle of a race of ``m >= 3`` players is the ring of turn starts that busts lead through (the
rotations of one score tuple). Where plain value iteration never settles on it, the movers' best
responses keep flipping each other and no pure equilibrium exists there; :mod:`._kernels_multi`
then damps the iteration, which only *approaches* a mixed equilibrium. This module finds that
equilibrium exactly.

A mover's choices in a turn depend on the other values only through one number: its own share
of the bust successor, ``y0`` (:func:`._kernels_multi._side`; the banks lead to larger sums, which
are final). So the best turn is a step function of ``y0``, and each pass also returns the interval
of ``y0`` on which its choices stay optimal. Near the damped values every mover's candidate turns
are the best one and, across each end of its interval within :data:`NEAR` of ``y0``, the best ones
beyond (up to :data:`MAX_STEPS` ends on each side). For every assignment of the candidates (one
turn, or a mixture of two turns adjacent in ``y0`` with an unknown probability ``p``), fewest
mixtures first:

- each turn under fixed choices is affine in the bust successor, ``V_q = d_q + beta_q F(V_{q+1})``
  (:func:`._kernels_multi._fixed_side`; ``F`` the change of seats), and a mixture's turn is the
  mixture of the two; the cycle's values solve one small linear system;
- a mixing mover must be indifferent between its two turns; with one mixing mover that is one
  equation in ``p``, solved by Brent's method on ``[0, 1]`` (the two ends have opposite signs when
  neither pure turn is an equilibrium), with more by a root finder (hybrid Powell) from a few starts;
- the solution is accepted only if no mover of the cycle gains more than :data:`ACCEPT` by its best
  turn against the solved values (the same test as the deviation check).

A cycle with no accepted assignment keeps its damped values, and is counted as such.
"""
from __future__ import annotations

import itertools

import numpy as np
from scipy.optimize import brentq, root

from ._kernels_multi import _cycle, _fixed_side, _frame, _multi_work, _ring_values, _side

__all__: list[str] = []   # private

#: A mover's ``y0`` this close to an end of its choices' interval also tries the best turn beyond it.
NEAR = 1e-3
#: The step past an interval's end at which the neighbouring turn is computed.
STEP = 1e-9
#: The most interval ends crossed on each side of ``y0``.
MAX_STEPS = 8
#: The largest gain of a mover's best turn over the solved values for a solution to be accepted.
ACCEPT = 1e-12
#: The most assignments tried on one cycle.
MAX_ASSIGNMENTS = 2000


def _turn(W, idx, y, m, G, N, rules, work, y0=None):
    """The best turn at ``idx`` against ``W`` with bust vector ``y`` (own share ``y0`` if given): its choices,
    the interval of ``y0`` where they stay optimal, and the mover's own value."""
    pre_v, base_v, pre_s, base_s, choice, bank_dec, lohi, _, _, _ = work
    yy = y.copy()
    if y0 is not None:
        yy[0] = y0
    _side(W, idx, yy, m, G, N, rules, True, pre_v, base_v, pre_s, base_s, choice, bank_dec, lohi)
    return choice.copy(), bank_dec.copy(), float(lohi[0]), float(lohi[1]), float(pre_v[0, N, 0])


def _same_values(a, b):
    """Two turns ``(choice, bank, d, beta)`` worth the same (their choices may differ where neither goes)."""
    return bool(np.array_equal(a[2], b[2]) and a[3] == b[3])


def _affine(W, idx, turn, m, G, N, rules, T):
    """``(d, beta)``: the turn's value vector with a bust worth 0, and its probability of a bust."""
    val = np.zeros((T, N + 1, m))
    beta = np.zeros((T, N + 1))
    _fixed_side(W, idx, m, G, N, rules, turn[0], turn[1], val, beta)
    return val[0, N].copy(), float(beta[0, N])


def _solve_ring(d, beta, m):
    """The values ``V[q, k]`` of the ring ``V_q[k] = d_q[k] + beta_q V_{q+1}[(k - 1) % m]`` (the engine's
    closed form, :func:`._kernels_multi._ring_values`)."""
    D = np.array(d, dtype=float)
    V = np.empty_like(D)
    _ring_values(D, np.array(beta, dtype=float), len(D), m, V)
    return V


def _gains(W, cyc, V, m, G, N, rules, work):
    """The largest gain of each mover's best turn over ``V`` (written into ``W`` at the cycle's states)."""
    L = len(cyc)
    for q in range(L):
        W[cyc[q]] = V[q]
    y = np.zeros(m)
    worst = -np.inf
    for q in range(L):
        _frame(W, cyc[(q + 1) % L], m, y)
        best = _turn(W, cyc[q], y, m, G, N, rules, work)[4]
        worst = max(worst, best - V[q, 0])
    return worst


def _candidates(W, cyc, m, G, N, rules, T, work):
    """Per state of the cycle: its candidate turns in order of ``y0``, each ``(choice, bank, d, beta)``, and the
    index of the best one at the current values.

    Turns are told apart by their values (``d``, ``beta``): two whose choices differ only where the turn
    never goes are one turn, and the search steps on past such an end of an interval."""
    L = len(cyc)
    y = np.zeros(m)
    cands, current = [], []
    for q in range(L):
        _frame(W, cyc[(q + 1) % L], m, y)
        here = _turn(W, cyc[q], y, m, G, N, rules, work)
        turns = [here[:2] + _affine(W, cyc[q], here, m, G, N, rules, T)]
        now = 0
        for side in (-1, 1):                     # the best turns across the interval ends within NEAR of y0
            edge = here[2] if side < 0 else here[3]
            for _ in range(MAX_STEPS):
                if not np.isfinite(edge) or abs(y[0] - edge) >= NEAR:
                    break
                other = _turn(W, cyc[q], y, m, G, N, rules, work, y0=edge + side * STEP)
                edge = other[2] if side < 0 else other[3]
                turn = other[:2] + _affine(W, cyc[q], other, m, G, N, rules, T)
                if any(_same_values(turn, t) for t in turns):
                    continue
                if side < 0:
                    turns.insert(0, turn)
                    now += 1
                else:
                    turns.append(turn)
        cands.append(turns)
        current.append(now)
    return cands, current


def _assignments(cands, current):
    """Every assignment of one option per state (a turn, or a mixture of two turns adjacent in ``y0``), fewest
    mixtures first and then nearest the current best turns, at most MAX_ASSIGNMENTS."""
    options = []
    for c, now in zip(cands, current):
        opts = [(abs(i - now), ("pure", i, i)) for i in range(len(c))]
        opts += [(min(abs(i - now), abs(i + 1 - now)), ("mix", i, i + 1)) for i in range(len(c) - 1)]
        options.append(opts)
    combos = sorted(itertools.product(*options),
                    key=lambda c: (sum(o[1][0] == "mix" for o in c), sum(o[0] for o in c)))
    return [tuple(o[1] for o in c) for c in combos[:MAX_ASSIGNMENTS]]


def _ring(cands, combo, mixers, p, m):
    """The cycle's values under ``combo`` with the mixing probabilities ``p`` (one per state in ``mixers``)."""
    d, beta = [], []
    for q, (kind, i, j) in enumerate(combo):
        w = p[mixers.index(q)] if kind == "mix" else 0.0
        a, b = cands[q][i], cands[q][j]
        d.append((1 - w) * a[2] + w * b[2])
        beta.append((1 - w) * a[3] + w * b[3])
    return _solve_ring(d, beta, m)


def _indifference(cands, combo, mixers, p, m):
    """Each mixing mover's own value of its first turn minus its second, under ``p``."""
    V = _ring(cands, combo, mixers, p, m)
    L = len(combo)
    out = []
    for q in mixers:
        a, b = cands[q][combo[q][1]], cands[q][combo[q][2]]
        succ = V[(q + 1) % L, m - 1]              # the mover's own share of its bust successor
        out.append((a[2][0] + a[3] * succ) - (b[2][0] + b[3] * succ))
    return np.array(out)


def _probabilities(cands, combo, mixers, m):
    """Mixing probabilities in ``(0, 1)`` that make every mixing mover indifferent (None: none found)."""
    def f(p):
        return _indifference(cands, combo, mixers, p, m)

    if not mixers:
        return np.zeros(0)
    if len(mixers) == 1:
        f0, f1 = f([0.0])[0], f([1.0])[0]
        if f0 == 0.0 or f1 == 0.0 or np.sign(f0) == np.sign(f1):
            return None
        return np.array([brentq(lambda x: f([x])[0], 0.0, 1.0, xtol=1e-16, rtol=4.5e-16, maxiter=500)])
    for start in itertools.product((0.5, 0.1, 0.9), repeat=len(mixers)):
        sol = root(f, np.array(start), method="hybr", tol=1e-15)
        if sol.success and (sol.x > 0).all() and (sol.x < 1).all():
            return sol.x
    return None


def mix_cycle(W, idx, m, G, N, rules, T):
    """Solve the cycle of ``idx`` for an exact (pure or mixed) equilibrium, starting near the values in ``W``.

    Returns ``(gain, mixing)``: the largest gain of a mover's best turn over the solved values, and
    ``[(state, p, first, second), ...]`` the mixing movers' states, the probability of their second turn
    (``[]``: pure) and the two turns (``(choice, bank)`` arrays as :func:`._kernels_multi._side` fills them).
    On success ``W`` holds the solved values at the cycle's states; otherwise (``gain`` None) it is unchanged.
    """
    work = _multi_work(T, N, rules[1][N + 1], m)
    buf = np.zeros(m, dtype=np.int64)
    cyc = buf[:_cycle(idx, m, G, buf)].copy()
    saved = W[cyc].copy()
    cands, current = _candidates(W, cyc, m, G, N, rules, T, work)
    for combo in _assignments(cands, current):
        mixers = [q for q, option in enumerate(combo) if option[0] == "mix"]
        p = _probabilities(cands, combo, mixers, m)
        if p is None:
            continue
        gain = _gains(W, cyc, _ring(cands, combo, mixers, p, m), m, G, N, rules, work)
        if gain <= ACCEPT:
            return gain, [(int(cyc[q]), float(p[k]), cands[q][combo[q][1]][:2], cands[q][combo[q][2]][:2])
                          for k, q in enumerate(mixers)]
        W[cyc] = saved
    return None, []
