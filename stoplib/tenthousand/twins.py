"""Ten Thousand: the slow exact twins that the tests set beside the solver.

- :func:`frequencies_multinomial` counts the configurations of ``n`` dice by
  multinomial coefficients over face counts, the twin of the enumeration in
  :func:`stoplib.tenthousand.frequencies` (the paper's Table 2);
- :func:`solve_exact` runs the paper's Algorithm 4.1 in ``Fraction`` arithmetic,
  in pure Python and in the "pull" form, the twin of the float64 kernel behind
  :func:`stoplib.tenthousand.solve` (``V*(iota) = 5.872019...`` chips exactly).

The third independent method, value iteration ``W_{k+1} = L W_k`` from
``W_0 = 0`` with no threshold, is :func:`stoplib.tenthousand.value_iteration`
in :mod:`.solver`, because :func:`~stoplib.tenthousand.solve` falls back on it
where the paper's threshold argument does not hold.

Source: F. Crocce and E. Mordecki, "A finite exact algorithm to solve a dice
game", Journal of Applied Probability 53(1), 2016, pp. 91-105.
"""
from __future__ import annotations

import itertools
import math
from fractions import Fraction

import numpy as np

from ..util import budget
from ..util.validate import check_int, check_real
from . import _costs
from ._tables import _frequencies, _prob_matrix
from .rules import MAX_DICE, _check_n_dice, _parse_actions, _public, _rules
from .solver import _threshold

__all__ = ["frequencies_multinomial", "solve_exact", "pig_duel_brute_force", "duel_brute_force"]


def frequencies_multinomial(n):
    """Slow exact twin of :func:`frequencies`: sum multinomial coefficients over face counts.

    Examples
    --------
    >>> from stoplib.tenthousand import frequencies
    >>> frequencies_multinomial(3) == frequencies(3)
    True
    """
    return _frequencies_multinomial(check_int("n", n, 1, MAX_DICE))


def _frequencies_multinomial(n):
    out = {}
    for counts in itertools.product(range(n + 1), repeat=6):
        if sum(counts) != n:
            continue
        ways = math.factorial(n)
        for x in counts:
            ways //= math.factorial(x)
        c1, c2, c3, c4, c5, c6 = counts
        trip = tuple(sorted(k for k, ck in zip((2, 3, 4, 6), (c2, c3, c4, c6)) for _ in range(ck // 3)))
        key = _public(c5, c1, trip)
        out[key] = out.get(key, 0) + ways
    order = {c: k for k, c in enumerate(_rules(n).configs)}
    return dict(sorted(out.items(), key=lambda kv: order[kv[0]]))


def solve_exact(n_dice=5, actions="all"):
    """Slow exact twin of :func:`solve`: Algorithm 4.1 in ``Fraction`` arithmetic, pure Python.

    Written in the "pull" form (a state's value takes the best stop/roll value
    of the states it can move to, looked up when a roll needs it), so it shares
    no code with the kernel. Returns ``(value, pre_roll)`` where ``value`` is
    ``V*(iota)`` as a Fraction and ``pre_roll[tau, n]`` are exact ``V_r``. Its
    cost grows steeply with ``n_dice`` (about 2.5 s for six dice); it is checked
    against the budget (:mod:`stoplib.util.budget`).

    Examples
    --------
    >>> v, _ = solve_exact(2)
    >>> v
    Fraction(325, 324)
    """
    n_dice = _check_n_dice(n_dice)
    allowed, _ = _parse_actions(actions, n_dice)
    budget.check(_costs.solve_exact(n_dice))
    return _solve_exact(n_dice, allowed)


def _solve_exact(n_dice, allowed):
    """:func:`solve_exact` for checked arguments (the budget already asked)."""
    rules = _rules(n_dice)
    N = n_dice
    th = _threshold(n_dice)
    if not th.argument_applies:   # pragma: no cover - it holds for 1..6 dice
        raise ValueError(f"the threshold argument does not hold for n_dice={n_dice}; use value_iteration")
    T = th.threshold
    K = len(rules.configs)
    s = [int(x) for x in rules.s]
    d = [int(x) for x in rules.d]
    fr = {n: _frequencies(n) for n in range(1, N + 1)}
    prob = {n: [Fraction(fr[n].get(c, 0), 6 ** n) for c in rules.configs] for n in range(1, N + 1)}
    moves = [[(int(rules.move_to[e]), int(rules.move_code[e]))
              for e in range(rules.move_ptr[k], rules.move_ptr[k + 1]) if allowed[rules.move_code[e]]]
             for k in range(K)]
    pre = {}

    def base(tau, n):  # stop/roll value of a state with tau chips and n dice to roll
        if tau >= T:
            return Fraction(tau)
        return max(Fraction(tau), pre[tau, n])

    def value(tau, k, n):
        v = base(tau, n)
        if n < N and tau < T:
            for j, _ in moves[k]:
                tz = tau - s[k] + s[j]
                if tz >= 1:
                    v = max(v, base(tz, n + d[k] - d[j]))
        return v

    for tau in range(T - 1, -1, -1):
        for n in range(1, N + 1):
            acc = Fraction(0)
            for k in range(1, K):
                if d[k] <= n and prob[n][k]:
                    nn = n - d[k] if n > d[k] else N
                    acc += prob[n][k] * value(tau + s[k], k, nn)
            pre[tau, n] = acc
    return pre[0, N], pre


# ----------------------------------------------------------------------------- two players

def pig_duel_brute_force(goal=10, die=6, tol=1e-15, max_sweeps=100_000):
    """Independent twin of :func:`~stoplib.tenthousand.pig_duel`: Neller and Presser's iteration, global Jacobi sweeps.

    Every state ``(i, j, k)`` is updated from the previous sweep at once (NumPy, no pairs, no
    ordering) until no value moves by more than ``tol``. Returns ``(values, sweeps)`` with
    ``values[i, j, k]`` as in :class:`PigDuel`. Small goals: the cost grows as ``goal**3``
    per sweep and the sweeps with the goal (608 at goal 100); it is checked against the budget.

    Examples
    --------
    >>> V, sweeps = pig_duel_brute_force(4)
    >>> round(float(V[0, 0, 0]), 6)
    0.818182
    """
    goal = check_int("goal", goal, 1)
    die = check_int("die", die, 2, 10**6)
    tol = check_real("tol", tol, 0, 1)
    max_sweeps = check_int("max_sweeps", max_sweeps, 1, 10**9)
    budget.check(_costs.pig_brute_force(goal, die, max_sweeps))
    G, D = goal, die
    own = np.arange(G)[:, None, None]
    k = np.arange(G + D)[None, None, :]
    P = np.broadcast_to((own + k >= G).astype(float), (G, G, G + D)).copy()
    hold = np.full((G, G, G), -1.0)
    for sweep in range(1, max_sweeps + 1):
        P0 = P[:, :, 0]
        roll = np.broadcast_to((1.0 - P0.T)[:, :, None], (G, G, G)).copy()
        for r in range(2, D + 1):
            roll += P[:, :, r:r + G]
        roll /= D
        for kk in range(1, G):                      # hold: 1 - P(j, i + k, 0), where i + k < G
            ii = np.arange(G - kk)
            hold[ii, :, kk] = 1.0 - P0[:, ii + kk].T
        new = np.where(own[:, :, :] + np.arange(G)[None, None, :] >= G, 1.0, np.maximum(roll, hold))
        change = float(np.abs(new - P[:, :, :G]).max())
        P[:, :, :G] = new
        if change <= tol:
            return P[:, :, :G].copy(), sweep
    raise ValueError(f"pig_duel_brute_force: max_sweeps={max_sweeps} is too few (the last sweep still moved a value "
                     f"by {change:.3g} > tol={tol:g}); allow more sweeps")


def duel_brute_force(goal=6, tol=1e-15, max_sweeps=100_000):
    """Independent twin of :func:`~stoplib.tenthousand.duel`: global Jacobi value iteration on the paper's own states.

    The states are document 002's ``(t, configuration, n)`` for every pair of banked scores,
    with all its actions (stop, roll, and every move to a smaller configuration, valued at
    the destination's full value as in its MCP), plus the turn starts. Every value is
    updated from the previous sweep at once (NumPy), with no pairs, no ordering and no
    pieces, until no value moves by more than ``tol``. Returns ``(turn_start, sweeps)``.
    Tiny goals only (about ``goal**3 * 1,000`` states); checked against the budget.

    Examples
    --------
    >>> from stoplib.tenthousand import duel
    >>> P0, sweeps = duel_brute_force(2)
    >>> abs(float(P0[0, 0]) - duel(2).first_player_win) < 1e-12
    True
    """
    goal = check_int("goal", goal, 1)
    tol = check_real("tol", tol, 0, 1)
    max_sweeps = check_int("max_sweeps", max_sweeps, 1, 10**9)
    budget.check(_costs.duel_brute_force(goal, max_sweeps))
    return _duel_brute_force(goal, tol, max_sweeps)


def _duel_brute_force(goal, tol=1e-15, max_sweeps=100_000):
    """:func:`duel_brute_force` for checked arguments (the budget already asked)."""
    G, N = goal, 5
    r = _rules(N)
    p = _prob_matrix(N)
    K = len(r.configs)
    index = {}
    for i in range(G):
        for j in range(G):
            for t in range(1, G - i):
                for k in range(1, K):
                    for n in range(1, N + 1):
                        if r.s[k] <= t and (n == N or r.d[k] <= N - n):
                            index[i, j, t, k, n] = len(index)
    M = len(index)
    keys = list(index)
    S = np.array([[i, j, t, k, n] for i, j, t, k, n in keys], dtype=np.int64).reshape(-1, 5)

    def after_roll(i, j, t, n):
        """(probability, state index or -1 for a win) of every scoring outcome of rolling n dice with t chips."""
        out = []
        for k in range(1, K):
            if p[n, k] > 0:
                tt = t + int(r.s[k])
                out.append((p[n, k], -1 if i + tt >= G else index[i, j, tt, k, (n - int(r.d[k])) or N]))
        return out

    roll_terms = [after_roll(i, j, t, n) for i, j, t, k, n in keys]
    start_terms = {(i, j): after_roll(i, j, 0, N) for i in range(G) for j in range(G)}
    moves = [[index[i, j, t - int(r.s[k]) + int(r.s[m]), m, n + int(r.d[k]) - int(r.d[m])]
              for m in (int(x) for x in r.move_to[r.move_ptr[k]:r.move_ptr[k + 1]])
              if t - int(r.s[k]) + int(r.s[m]) >= 1]
             if n < N else [] for i, j, t, k, n in keys]

    def flat(terms):
        rows = np.repeat(np.arange(len(terms)), [len(x) for x in terms])
        pr = np.array([q for x in terms for q, _ in x])
        to = np.array([s for x in terms for _, s in x], dtype=np.int64)
        return rows, pr, to

    rr, rp, rto = flat(roll_terms)
    starts = list(start_terms)
    sr, sp, sto = flat([start_terms[key] for key in starts])
    mrow = np.repeat(np.arange(M), [len(x) for x in moves])
    mto = np.array([s for x in moves for s in x], dtype=np.int64)
    i_, j_, t_, n_ = S[:, 0], S[:, 1], S[:, 2], S[:, 4]
    si = np.array([a for a, _ in starts])
    sj = np.array([b for _, b in starts])
    V = np.zeros(M)
    T = np.zeros((G, G))
    stop = 1.0 - T[j_, i_ + t_]
    for sweep in range(1, max_sweeps + 1):
        Vx = np.append(V, 1.0)                          # index -1: the goal is reached
        bust = 1.0 - T[j_, i_]
        roll = p[n_, 0] * bust + np.bincount(rr, rp * Vx[rto], minlength=M)
        stop = 1.0 - T[j_, np.minimum(i_ + t_, G - 1)]
        new = np.maximum(stop, roll)
        if len(mrow):
            best_move = np.full(M, -np.inf)
            np.maximum.at(best_move, mrow, V[mto])
            new = np.maximum(new, best_move)
        newT = np.zeros((G, G))
        newT[si, sj] = p[N, 0] * (1.0 - T[sj, si]) + np.bincount(sr, sp * Vx[sto], minlength=len(starts))
        change = max(float(np.abs(new - V).max(initial=0.0)), float(np.abs(newT - T).max()))
        V, T = new, newT
        if change <= tol:
            return T, sweep
    raise ValueError(f"duel_brute_force: max_sweeps={max_sweeps} is too few (the last sweep still moved a value "
                     f"by {change:.3g} > tol={tol:g}); allow more sweeps")
