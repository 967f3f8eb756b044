"""Races of three or more players: the numba kernels behind :mod:`.multi`.

Private: every function here is ``_name``, ``@njit(cache=True)``, made of plain loops.

A turn start is the tuple of banked scores in turn order from the player to move,
``(s_0, ..., s_{m-1})``, flattened to ``idx = sum_k s_k S**(m-1-k)``; ``W[idx, k]`` is the
probability that the player ``k`` seats after the mover wins (``k = 0``: the mover). A bank of
``t`` leads to ``(s_1, ..., s_{m-1}, s_0 + t)`` and a bust to ``(s_1, ..., s_{m-1}, s_0)``: the
bust successors of a state and its rotations form a *cycle* of at most ``m`` states, and banks
lead to larger score sums, so cycles are solved one at a time from the largest sums down. In a
successor the old mover sits ``m - 1`` seats on, so the mover's frame reads its component
``k`` from the successor's ``(k - 1) mod m``.

:func:`_side` is one turn: a backward pass over the turn total of *vectors* of win
probabilities, the mover choosing what maximises its own component (the first best option; bank
on a tie), the others' components following those choices. ``y`` is the bust successor's
vector in the mover's frame. With ``track`` it also returns the interval of the mover's own bust
value on which its choices stay optimal and the probability ``beta`` of a bust under them.
"""
from __future__ import annotations

import numpy as np
from numba import njit, prange

from ._kernels import _limit

__all__: list[str] = []   # private kernels only

#: The most rounds of plain value iteration on a cycle; a cycle still moving then is one where best
#: responses keep flipping each other (no pure equilibrium there): it goes on with damped rounds.
MAX_ROUNDS = 3_000
#: Damped rounds of such a cycle: each value moves a share ``1 / (1 + r / 100)`` of the way to its best
#: response in round ``r`` (averaging the flipping choices: the values approach those of a mixed strategy).
#: DAMPED_FIRST rounds bring the values near enough for the exact solve of :mod:`._mixing`; a cycle it
#: cannot solve goes on to DAMPED_ROUNDS and is tried again (and otherwise keeps those values).
DAMPED_FIRST = 3_000
DAMPED_ROUNDS = 30_000
#: A cycle stops once no component moves by more than TOL in a round (or, below STALL, stops shrinking).
TOL = 1e-14
STALL = 1e-12


@njit(cache=True)
def _scores(idx, m, S, out):
    for k in range(m - 1, -1, -1):
        out[k] = idx % S
        idx //= S


@njit(cache=True)
def _index(sc, m, S):
    idx = 0
    for k in range(m):
        idx = idx * S + sc[k]
    return idx


@njit(cache=True)
def _successor(idx, add, m, S):
    """The turn start after the mover of ``idx`` banks ``add`` (0: a bust)."""
    top = S ** (m - 1)
    s0 = idx // top
    return (idx % top) * S + s0 + add


@njit(cache=True)
def _side(W, idx, y, m, G, N, rules, track, pre_v, base_v, pre_s, base_s, choice, bank_dec, lohi):
    """The optimal turn of the mover at ``idx`` (bust vector ``y``, mover's frame); returns ``beta``
    (the slope of its own value in its own bust value) and fills ``pre_v[0, N, :]``."""
    p0, out_ptr, out_p, out_k, opt_ptr, opt_s, opt_n = rules
    S = G
    top_idx = S ** (m - 1)
    s0 = idx // top_idx
    R = G - s0
    T = base_v.shape[0]
    for t in range(R, T):
        for n in range(N + 1):
            base_v[t, n, 0] = 1.0
            for k in range(1, m):
                base_v[t, n, k] = 0.0
            base_s[t, n] = 0.0
    lo = -np.inf
    hi = np.inf
    rest = (idx % top_idx) * S
    for t in range(R - 1, -1, -1):
        for n in range(1, N + 1):
            for k in range(m):
                pre_v[t, n, k] = p0[n] * y[k]
            accs = p0[n]
            for e in range(out_ptr[n], out_ptr[n + 1]):
                bv = -1.0
                bo = -1
                for o in range(opt_ptr[e], opt_ptr[e + 1]):
                    v = base_v[t + opt_s[o], opt_n[o], 0]
                    if v > bv:
                        bv = v
                        bo = o
                choice[t, e] = bo
                tt = t + opt_s[bo]
                nn = opt_n[bo]
                for k in range(m):
                    pre_v[t, n, k] += out_p[e] * base_v[tt, nn, k]
                if track:
                    bs = base_s[tt, nn]
                    accs += out_p[e] * bs
                    if opt_ptr[e + 1] - opt_ptr[e] > 1:
                        for o in range(opt_ptr[e], opt_ptr[e + 1]):
                            if o != bo:
                                t2 = t + opt_s[o]
                                lo, hi = _limit(lo, hi, y[0], bv - base_v[t2, opt_n[o], 0], bs - base_s[t2, opt_n[o]])
            pre_s[t, n] = accs
        if t == 0:
            break
        succ = rest + s0 + t
        bank0 = W[succ, m - 1]
        for n in range(1, N + 1):
            rv = pre_v[t, n, 0]
            if bank0 >= rv:
                base_v[t, n, 0] = bank0
                for k in range(1, m):
                    base_v[t, n, k] = W[succ, k - 1]
                base_s[t, n] = 0.0
                bank_dec[t, n] = 1
                if track:
                    lo, hi = _limit(lo, hi, y[0], bank0 - rv, -pre_s[t, n])
            else:
                for k in range(m):
                    base_v[t, n, k] = pre_v[t, n, k]
                base_s[t, n] = pre_s[t, n]
                bank_dec[t, n] = 0
                if track:
                    lo, hi = _limit(lo, hi, y[0], rv - bank0, pre_s[t, n])
    lohi[0] = lo
    lohi[1] = hi
    return pre_s[0, N]


@njit(cache=True)
def _frame(W, succ, m, y):
    """The successor's vector in the mover's frame."""
    for k in range(m):
        y[k] = W[succ, (k - 1) % m]


@njit(cache=True)
def _cycle(idx, m, S, out):
    """The states of ``idx``'s bust cycle, ``out[0] = idx``; returns its length."""
    out[0] = idx
    L = 1
    nxt = _successor(idx, 0, m, S)
    while nxt != idx:
        out[L] = nxt
        L += 1
        nxt = _successor(nxt, 0, m, S)
    return L


@njit(cache=True)
def _is_canonical(idx, m, S):
    """The cycle's representative is its smallest index."""
    nxt = _successor(idx, 0, m, S)
    while nxt != idx:
        if nxt < idx:
            return False
        nxt = _successor(nxt, 0, m, S)
    return True


@njit(cache=True)
def _guess(W, idx, m, S, G, start, y):
    """A starting vector for ``idx``: ``start = 0`` the state with one more unit for the mover (solved,
    a larger sum), 1 an even share, 2 the mover wins."""
    s0 = idx // S ** (m - 1)
    if start == 0 and s0 + 1 < G:
        for k in range(m):
            y[k] = W[idx + S ** (m - 1), k]
    elif start == 2:
        y[0] = 1.0
        for k in range(1, m):
            y[k] = 0.0
    else:
        for k in range(m):
            y[k] = 1.0 / m


@njit(cache=True)
def _solve_cycle(W, idx, m, G, N, rules, start, work, tol, damped):
    """Gauss-Seidel value iteration on the cycle of ``idx``: the states updated in the order that
    reads the freshest bust successor, rounds until no component moves by more than ``tol``; returns
    the rounds. A cycle not settled in MAX_ROUNDS rounds (best responses that keep flipping each other)
    goes on with ``damped`` damped rounds (:func:`_damp_cycle`) and returns minus its rounds in all: its
    values then approach those of a mixed strategy, to the precision the deviation check measures."""
    S = G
    pre_v, base_v, pre_s, base_s, choice, bank_dec, lohi, cyc, y, old = work
    L = _cycle(idx, m, S, cyc)
    for q in range(L):
        _guess(W, cyc[q], m, S, G, start, y)
        for k in range(m):
            W[cyc[q], k] = y[k]
    last = np.inf
    for it in range(1, MAX_ROUNDS + 1):
        change = 0.0
        for q in range(L - 1, -1, -1):
            st = cyc[q]
            _frame(W, cyc[(q + 1) % L], m, y)
            _side(W, st, y, m, G, N, rules, False, pre_v, base_v, pre_s, base_s, choice, bank_dec, lohi)
            for k in range(m):
                d = abs(pre_v[0, N, k] - W[st, k])
                if d > change:
                    change = d
                W[st, k] = pre_v[0, N, k]
        if change <= tol or (change <= STALL and change >= last):
            return it
        last = change
    _damp_cycle(W, idx, m, G, N, rules, work, 0, damped)
    return -(MAX_ROUNDS + damped)


@njit(cache=True)
def _damp_cycle(W, idx, m, G, N, rules, work, first, last):
    """Damped rounds ``first + 1 .. last`` of the cycle of ``idx``: in round ``r`` each value moves a share
    ``1 / (1 + r / 100)`` of the way to its best response (so a run split in two equals one run)."""
    pre_v, base_v, pre_s, base_s, choice, bank_dec, lohi, cyc, y, old = work
    L = _cycle(idx, m, G, cyc)
    for it in range(first + 1, last + 1):
        alpha = 1.0 / (1.0 + it / 100.0)
        for q in range(L - 1, -1, -1):
            st = cyc[q]
            _frame(W, cyc[(q + 1) % L], m, y)
            _side(W, st, y, m, G, N, rules, False, pre_v, base_v, pre_s, base_s, choice, bank_dec, lohi)
            for k in range(m):
                W[st, k] += alpha * (pre_v[0, N, k] - W[st, k])


@njit(cache=True)
def _multi_work(T, N, E, m):
    return (np.zeros((T, N + 1, m)), np.zeros((T, N + 1, m)), np.zeros((T, N + 1)), np.zeros((T, N + 1)),
            np.zeros((T, E), dtype=np.int32), np.zeros((T, N + 1), dtype=np.int8), np.empty(2),
            np.zeros(m, dtype=np.int64), np.zeros(m), np.zeros(m))


@njit(cache=True)
def _sum_states(s, m, S, out):
    """Every turn start whose scores sum to ``s`` and that represents its cycle; returns how many."""
    c = 0
    total = S ** m
    sc = np.zeros(m, dtype=np.int64)
    # enumerate the first m - 1 scores, the last follows from the sum
    top = S ** (m - 1)
    for head in range(top):
        rem = s
        h = head
        for k in range(m - 2, -1, -1):
            sc[k] = h % S
            rem -= sc[k]
            h //= S
        if rem < 0 or rem >= S:
            continue
        idx = head * S + rem
        if idx < total and _is_canonical(idx, m, S):
            out[c] = idx
            c += 1
    return c


@njit(cache=True, parallel=True)
def _solve_sum(W, reps, count, m, G, N, rules, T, start, rounds, tol, damped):
    """Every cycle of one score sum (representatives ``reps[:count]``), in parallel: they read only larger sums."""
    E = rules[1][N + 1]
    for q in prange(count):
        work = _multi_work(T, N, E, m)
        rounds[reps[q]] = _solve_cycle(W, reps[q], m, G, N, rules, start, work, tol, damped)


@njit(cache=True, parallel=True)
def _best_response_gap(W, m, G, N, rules, T, out):
    """``out[idx] = own value of the mover's best turn against W`` minus ``W[idx, 0]``, every turn start."""
    E = rules[1][N + 1]
    S = G
    for idx in prange(W.shape[0]):
        pre_v, base_v, pre_s, base_s, choice, bank_dec, lohi, cyc, y, old = _multi_work(T, N, E, m)
        _frame(W, _successor(idx, 0, m, S), m, y)
        _side(W, idx, y, m, G, N, rules, False, pre_v, base_v, pre_s, base_s, choice, bank_dec, lohi)
        out[idx] = pre_v[0, N, 0] - W[idx, 0]


@njit(cache=True, parallel=True)
def _residual(W, m, G, N, rules, T, out):
    """``out[idx] = max_k |(L W)[idx, k] - W[idx, k]|``: one update of every turn start, every component."""
    E = rules[1][N + 1]
    S = G
    for idx in prange(W.shape[0]):
        pre_v, base_v, pre_s, base_s, choice, bank_dec, lohi, cyc, y, old = _multi_work(T, N, E, m)
        _frame(W, _successor(idx, 0, m, S), m, y)
        _side(W, idx, y, m, G, N, rules, False, pre_v, base_v, pre_s, base_s, choice, bank_dec, lohi)
        worst = 0.0
        for k in range(m):
            d = abs(pre_v[0, N, k] - W[idx, k])
            if d > worst:
                worst = d
        out[idx] = worst


@njit(cache=True)
def _fixed_side(V, idx, m, G, N, rules, choice, bank_dec, val, beta):
    """The turn at ``idx`` under fixed choices (``choice[t, e]``, ``bank_dec[t, n]``) with a bust worth 0:
    fills ``val[t, n, :]`` (banks read ``V``) and ``beta[t, n]`` (the probability of a bust)."""
    p0, out_ptr, out_p, out_k, opt_ptr, opt_s, opt_n = rules
    S = G
    top_idx = S ** (m - 1)
    s0 = idx // top_idx
    R = G - s0
    T = val.shape[0]
    for t in range(R, T):
        for n in range(N + 1):
            val[t, n, 0] = 1.0
            for k in range(1, m):
                val[t, n, k] = 0.0
            beta[t, n] = 0.0
    rest = (idx % top_idx) * S
    for t in range(R - 1, -1, -1):
        for n in range(1, N + 1):
            b = p0[n]
            for k in range(m):
                val[t, n, k] = 0.0
            for e in range(out_ptr[n], out_ptr[n + 1]):
                o = choice[t, e]
                tt = t + opt_s[o]
                nn = opt_n[o]
                for k in range(m):
                    val[t, n, k] += out_p[e] * val[tt, nn, k]
                b += out_p[e] * beta[tt, nn]
            beta[t, n] = b
        if t == 0:
            break
        succ = rest + s0 + t
        for n in range(1, N + 1):
            if bank_dec[t, n]:
                val[t, n, 0] = V[succ, m - 1]
                for k in range(1, m):
                    val[t, n, k] = V[succ, k - 1]
                beta[t, n] = 0.0


@njit(cache=True)
def _evaluate_cycle(W, V, idx, m, G, N, rules, work, ev):
    """Exact values ``V`` of the cycle of ``idx`` under the choices that are optimal against ``W``: each
    state's turn is ``V_q = d_q + beta_q F(V_{q+1})``, solved in closed form (``F``: the change of frame)."""
    S = G
    pre_v, base_v, pre_s, base_s, choice, bank_dec, lohi, cyc, y, old = work
    val, beta, d, bt = ev
    L = _cycle(idx, m, S, cyc)
    for q in range(L):
        st = cyc[q]
        _frame(W, cyc[(q + 1) % L], m, y)
        _side(W, st, y, m, G, N, rules, False, pre_v, base_v, pre_s, base_s, choice, bank_dec, lohi)
        _fixed_side(V, st, m, G, N, rules, choice, bank_dec, val, beta)
        for k in range(m):
            d[q, k] = val[0, N, k]
        bt[q] = beta[0, N]
    _ring_values(d, bt, L, m, d)
    for q in range(L):
        for k in range(m):
            V[cyc[q], k] = d[q, k]


@njit(cache=True)
def _ring_values(d, bt, L, m, out):
    """The values ``out[q, k]`` (``q < L``) of the ring ``V_q[k] = d[q, k] + bt[q] V_{q+1}[(k - 1) % m]``
    (``V_L = V_0``: a bust moves every seat one place), in closed form; ``out`` may be ``d`` itself."""
    # V_0 = sum_q (prod_{l<q} beta_l) F^q(d_q) / (1 - prod beta); F^q moves component k to k + q
    acc = np.zeros(m)
    w = 1.0
    for q in range(L):
        for k in range(m):
            acc[(k + q) % m] += w * d[q, k]
        w *= bt[q]
    # a cycle of L < m states returns to itself after L busts with every seat moved L places on
    reps = m // L
    tot = np.zeros(m)
    w2 = 1.0
    for r in range(reps):
        for k in range(m):
            tot[(k + r * L) % m] += w2 * acc[k]
        w2 *= w
    for k in range(m):
        out[0, k] = tot[k] / (1.0 - w2)
    for q in range(L - 1, 0, -1):
        nxt = (q + 1) % L
        for k in range(m):
            out[q, k] = d[q, k] + bt[q] * out[nxt, (k - 1) % m]


@njit(cache=True, parallel=True)
def _evaluate_sum(W, V, reps, count, m, G, N, rules, T, rounds, loops):
    """The exact values of every cycle of one sum under its choices; a cycle whose best responses flip
    each other (mixed: solved exactly by :mod:`._mixing`, or damped) or whose exact finish did not settle
    keeps its values."""
    E = rules[1][N + 1]
    for q in prange(count):
        work = _multi_work(T, N, E, m)
        if rounds[reps[q]] < 0 or loops[reps[q]] < 0:
            cyc = work[7]
            L = _cycle(reps[q], m, G, cyc)
            for c in range(L):
                for k in range(m):
                    V[cyc[c], k] = W[cyc[c], k]
            continue
        ev = (np.zeros((T, N + 1, m)), np.zeros((T, N + 1)), np.zeros((m, m)), np.zeros(m))
        _evaluate_cycle(W, V, reps[q], m, G, N, rules, work, ev)


@njit(cache=True)
def _settle_cycle(W, idx, m, G, N, rules, work, ev, max_loops):
    """Finish a cycle whose value iteration has settled: solve it exactly under its choices (the cycle's
    linear system in closed form), pass its states again against the exact values, and repeat while a
    choice changes. Returns the loops (-1: the choices kept changing: best responses that cycle)."""
    S = G
    pre_v, base_v, pre_s, base_s, choice, bank_dec, lohi, cyc, y, old = work
    L = _cycle(idx, m, S, cyc)
    T = choice.shape[0]
    E = choice.shape[1]
    keep_c = np.zeros((m, T, E), dtype=np.int32)
    keep_b = np.zeros((m, T, N + 1), dtype=np.int8)
    top = S ** (m - 1)
    for loop in range(1, max_loops + 1):
        stable = True
        for q in range(L):
            R = G - cyc[q] // top
            _frame(W, cyc[(q + 1) % L], m, y)
            _side(W, cyc[q], y, m, G, N, rules, False, pre_v, base_v, pre_s, base_s, choice, bank_dec, lohi)
            same = True
            for t in range(R):
                for e in range(E):
                    if keep_c[q, t, e] != choice[t, e]:
                        same = False
                        keep_c[q, t, e] = choice[t, e]
                for n in range(N + 1):
                    if keep_b[q, t, n] != bank_dec[t, n]:
                        same = False
                        keep_b[q, t, n] = bank_dec[t, n]
            stable = stable and same
        if stable and loop > 1:
            return loop
        _evaluate_cycle(W, W, idx, m, G, N, rules, work, ev)
    return -1


@njit(cache=True, parallel=True)
def _settle_sum(W, reps, count, m, G, N, rules, T, loops, rounds):
    E = rules[1][N + 1]
    for q in prange(count):
        if rounds[reps[q]] < 0:         # best responses flip each other here: a damped, mixed cycle
            continue
        work = _multi_work(T, N, E, m)
        ev = (np.zeros((T, N + 1, m)), np.zeros((T, N + 1)), np.zeros((m, m)), np.zeros(m))
        loops[reps[q]] = _settle_cycle(W, reps[q], m, G, N, rules, work, ev, 50)


@njit(cache=True, parallel=True)
def _bank_from(W, m, G, N, rules, T, out):
    """``out[idx]``: the least turn total at which the mover of ``idx`` banks with all ``N`` dice to roll
    (``goal - s_0``: never before the goal)."""
    E = rules[1][N + 1]
    S = G
    top = S ** (m - 1)
    for idx in prange(W.shape[0]):
        pre_v, base_v, pre_s, base_s, choice, bank_dec, lohi, cyc, y, old = _multi_work(T, N, E, m)
        _frame(W, _successor(idx, 0, m, S), m, y)
        _side(W, idx, y, m, G, N, rules, False, pre_v, base_v, pre_s, base_s, choice, bank_dec, lohi)
        R = G - idx // top
        b = R
        for t in range(1, R):
            if bank_dec[t, N]:
                b = t
                break
        out[idx] = b
