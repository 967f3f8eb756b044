"""Two-player races with a bust counter (Facebook Farkle): policy iteration on stored turn distributions.

Private: every function here is ``_name``, ``@njit(cache=True)``, made of plain loops.

With a counter, the third bust in a row costs points: the game's turn starts are linked to
*lower* score sums, and sweeping them from the largest sums down no longer finishes the game in
one pass (:mod:`._two` repeats such sweeps for ``method="value_iteration"``). Here the choices are
improved and evaluated in turn (policy iteration):

- *improve* (:func:`_improve_pair`): every turn start is passed against the current values (a
  backward pass choosing bank or roll, :func:`._kernels._side`); under the pass's choices the turn
  ends by banking ``t`` with probability ``q[t]``, by a bust with probability ``beta``, or wins
  with probability ``w``, which a *forward* pass (:func:`_forward`) computes and stores. The turn
  starts of one pair of scores and one opponent's count differ only in the mover's count, that is
  in the bust value: one pass also returns the smallest margin of its choices at the other counts'
  bust values (every value is affine in the bust value under fixed choices), and a count where no
  margin turns negative shares the choices (and the stored distribution);
- a turn start is passed again only when its choices could have changed since its last pass: the
  values it reads have moved by no more than the evaluation's changes since then, and a choice whose
  margin exceeds twice that is still the best (a value moves no more than what it reads);
- *evaluate* (:func:`_evaluate_sweep`): the values of the stored choices,
  ``V = w + sum_t q[t] (1 - V[bank(t)]) + beta (1 - V[bust])``, by Gauss-Seidel sweeps over
  every turn start until nothing moves by more than a tolerance: each sweep costs one
  multiply-add per stored probability, not a pass over the dice.

The choices are stable when an improving pass stores the very distributions it stored before:
then the values are those of a policy that is its own best response everywhere, the optimum.
"""
from __future__ import annotations

import numpy as np
from numba import njit

from ._kernels import _bust_pos, _side

__all__: list[str] = []   # private kernels only


@njit(cache=True)
def _forward(R, N, rules, choice, bank_dec, mass, q, marg, mins):
    """Under the choices of a pass, the probabilities that the turn banks ``t`` (``q[t]``), busts (``q[R]``)
    or wins (``q[R + 1]``); ``mass`` is scratch ``[t, n]``. With ``marg`` (the pass's margins, see
    :func:`._kernels._side`), ``mins[k]`` is the smallest margin of a choice the turn can meet at the
    ``k``-th bust value (0: its own): only those choices decide ``q``."""
    p0, out_ptr, out_p, out_k, opt_ptr, opt_s, opt_n = rules
    E = out_ptr[N + 1]
    W = E + N + 1
    track = marg.shape[0] > 2
    for k in range(3):
        mins[k] = np.inf
    for t in range(R):
        for n in range(N + 1):
            mass[t, n] = 0.0
    for t in range(R + 2):
        q[t] = 0.0
    mass[0, N] = 1.0
    for t in range(R):
        for n in range(1, N + 1):
            m = mass[t, n]
            if m == 0.0:
                continue
            q[R] += m * p0[n]
            for e in range(out_ptr[n], out_ptr[n + 1]):
                o = choice[t, e]
                t2 = t + opt_s[o]
                n2 = opt_n[o]
                p = m * out_p[e]
                if track:
                    at = 2 + 3 * (t * W + e)
                    for k in range(3):
                        if marg[at + k] < mins[k]:
                            mins[k] = marg[at + k]
                    if t2 < R:
                        at = 2 + 3 * (t2 * W + E + n2)
                        for k in range(3):
                            if marg[at + k] < mins[k]:
                                mins[k] = marg[at + k]
                if t2 >= R:
                    q[R + 1] += p
                elif bank_dec[t2, n2]:
                    q[t2] += p
                else:
                    mass[t2, n2] += p


@njit(cache=True)
def _improve_pair(P0, u, v, geo, N, rules, sol_roll, out_stats, starts, store, work, mass, scratch, update, marg,
                  own_margin, stamp, drift):
    # ``drift[q]``: how far the values of row ``q`` (the opponent's position ``q``) have moved in all since the
    # first round, summed over the evaluation sweeps; a turn start at ``(p, q)`` reads only that row
    """Improve the choices of every turn start with scores ``u`` and ``v`` (both orders, every count) and
    store their turn distributions at ``store[starts[p, q]:]``. Returns ``(changed, passes, worst)``: how
    many stored distributions changed, the passes made, and the largest change of a value. With
    ``update`` each value is also written back at once (the first round: a Gauss-Seidel sweep).

    A turn start is passed again only if its choices could have changed: the values it reads (row ``q`` of
    the table) moved by at most ``drift[q] - stamp`` since its last pass, so a choice whose
    margin there exceeded twice that is still optimal (``own_margin``: the smallest margin of a choice the
    turn can meet). The counts of one opponent's position share a pass when no margin the turn can meet
    turns negative at their bust values."""
    G, F, K, PEN, MINB, SIMPLE, SMAX = geo
    pv, ps, bv, bs, ch, bd, st, _, lohi, _ = work
    ys = np.zeros(K)
    pending = np.zeros(K, dtype=np.bool_)
    mins = np.zeros(3)
    changed = 0
    passes = 0
    worst = 0.0
    for side in range(2):
        if side == 1 and u == v:
            continue
        own = u if side == 0 else v
        opp = v if side == 0 else u
        i = own + F
        R = G - i if G - i >= MINB else MINB
        for b in range(K - 1, -1, -1):
            pj = opp * K + b
            for a in range(K):          # the bust values of the counts (at most three)
                pi = own * K + a
                ys[a] = P0[pj, _bust_pos(pi, geo)]
                pending[a] = own_margin[pi, pj] <= 2.0 * (drift[pj] - stamp[pi, pj]) + 1e-12
            for a in range(K - 1, -1, -1):
                if not pending[a]:
                    continue
                pi = own * K + a
                marg[0] = ys[a - 1] - ys[a] if a >= 1 and pending[a - 1] else 0.0
                marg[1] = ys[a - 2] - ys[a] if a >= 2 and pending[a - 2] else 0.0
                _side(P0, pi, pj, ys[a], geo, N, rules, False, 2, pv, ps, bv, bs, ch, bd, sol_roll, st, marg)
                passes += 1
                _forward(R, N, rules, ch, bd, mass, scratch, marg, mins)
                pending[a] = False
                for k in range(3):
                    c = a - k
                    if k > 0 and (c < 0 or not pending[c] or mins[k] < 0.0):
                        continue
                    pk = own * K + c
                    own_margin[pk, pj] = mins[k]
                    stamp[pk, pj] = drift[pj]
                    pending[c] = False
                    for q in range(4):
                        for n in range(N + 1):
                            out_stats[q, n, pk, pj] = st[q, n]
                    base = starts[pk, pj]
                    same = True
                    for t in range(R + 2):
                        if store[base + t] != scratch[t]:
                            same = False
                            store[base + t] = scratch[t]
                    if not same:
                        changed += 1
            for a in range(K - 1, -1, -1):
                pi = own * K + a
                base = starts[pi, pj]
                x = _value(P0, pi, pj, geo, R, store[base:base + R + 2])
                d = abs(x - P0[pi, pj])
                if d > worst:
                    worst = d
                if update:
                    P0[pi, pj] = x
    return changed, passes, worst


@njit(cache=True)
def _value(P0, pi, pj, geo, R, q):
    """The value of a turn start under its stored distribution ``q`` (``q[R]`` bust, ``q[R + 1]`` win)."""
    G, F, K, PEN, MINB, SIMPLE, SMAX = geo
    home = pi - pi % K
    x = q[R + 1] + q[R] * (1.0 - P0[pj, _bust_pos(pi, geo)])
    for t in range(MINB, R):
        if q[t] != 0.0:
            x += q[t] * (1.0 - P0[pj, home + t * K])
    return x


@njit(cache=True)
def _evaluate_sweep(P0, geo, starts, store, drift):
    """One Gauss-Seidel sweep of the stored choices' values over every turn start, largest score sums
    first and, within a pair, the most busts first; returns the largest change, and adds each row's
    largest change to ``drift``."""
    G, F, K, PEN, MINB, SIMPLE, SMAX = geo
    S = G - F
    worst = 0.0
    rowmax = np.zeros(P0.shape[0])
    for s in range(2 * S - 2, -1, -1):
        for u in range(max(0, s - S + 1), s // 2 + 1):
            v = s - u
            for csum in range(2 * K - 2, -1, -1):
                for a in range(K):
                    b = csum - a
                    if b < 0 or b >= K:
                        continue
                    for side in range(2):
                        if side == 1 and u == v:
                            continue
                        pi = (u * K + a) if side == 0 else (v * K + b)
                        pj = (v * K + b) if side == 0 else (u * K + a)
                        own = pi // K
                        R = G - (own + F)
                        if R < MINB:
                            R = MINB
                        x = _value(P0, pi, pj, geo, R, store[starts[pi, pj]:starts[pi, pj] + R + 2])
                        d = abs(x - P0[pi, pj])
                        if d > worst:
                            worst = d
                        if d > rowmax[pj]:
                            rowmax[pj] = d
                        P0[pi, pj] = x
    for q in range(P0.shape[0]):
        drift[q] += rowmax[q]
    return worst


@njit(cache=True)
def _improve_all(P0, geo, N, rules, T, sol_roll, out_stats, starts, store, work, update, own_margin, stamp, drift):
    """:func:`_improve_pair` over every pair of scores, largest sums first; returns (changed, passes, worst)."""
    G, F, K, PEN, MINB, SIMPLE, SMAX = geo
    S = G - F
    mass = np.zeros((T, N + 1))
    scratch = np.zeros(T + 2)
    marg = np.zeros(2 + 3 * T * (rules[1][N + 1] + N + 1))
    changed = 0
    passes = 0
    worst = 0.0
    for s in range(2 * S - 2, -1, -1):
        for u in range(max(0, s - S + 1), s // 2 + 1):
            c, p, w = _improve_pair(P0, u, s - u, geo, N, rules, sol_roll, out_stats, starts, store, work, mass,
                                    scratch, update, marg, own_margin, stamp, drift)
            changed += c
            passes += p
            if w > worst:
                worst = w
    return changed, passes, worst
