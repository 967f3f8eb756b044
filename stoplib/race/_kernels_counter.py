"""Two-player races with a bust counter (Facebook Farkle): policy iteration on stored turn distributions.

Private: every function here is ``_name``, ``@njit(cache=True)``, made of plain loops.

With a counter, the third bust in a row costs points: the game's turn starts are linked to
*lower* score sums, and sweeping them from the largest sums down no longer finishes the game in
one pass (:mod:`._two` repeats such sweeps for ``method="value_iteration"``). Here the choices are
improved and evaluated in turn (policy iteration):

- *improve* (:func:`_improve_pair`): the turn starts of one score against one opponent's position
  differ only in the mover's count, that is in the bust value ``y``: one backward pass
  (:func:`_side_counts`) solves the turns of three counts at once, side by side in its tables (each
  option reads three neighbouring cells), and records each choice's margin over the next best.
  Under a count's choices its turn ends by banking ``t`` with probability ``q[t]``, by a bust with
  probability ``beta``, or wins with probability ``w``, which a *forward* pass (:func:`_forward`)
  computes and stores, with the smallest margin of a choice the turn can meet (and of every bank or
  roll, which the statistics report);
- a turn start is passed again only when its choices could have changed since its last pass: the
  table is kept as it was at that pass, the values the turn reads (its banks and its bust) have moved
  by :func:`_moved` since, and a choice whose margin exceeds twice that is still the best (a value
  of the turn moves no more than what it reads);
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

from ._kernels import _bust_pos

__all__: list[str] = []   # private kernels only


@njit(cache=True, inline="always")   # called per option and count: inlined, not called
def _keep(v, best, second, pick, o):
    """One option worth ``v`` met: the best value so far (the first of equals), the next best (options that
    both win are not told apart) and the option picked."""
    if v > best:
        if best < 1.0 and best > second:
            second = best
        return v, second, o
    if v < 1.0 and v > second:
        second = v
    return best, second, pick


@njit(cache=True)
def _side_counts(P0, u, pj, c0, ys, geo, N, rules, sol_roll, at, pre, base, choice, bank_dec, marg, stats):
    """The optimal turns of score index ``u`` against position ``pj`` for the counts ``c0``, ``c0 + 1`` and
    ``c0 + 2`` at once (layers 0-2 of every table, layer ``a`` with bust value ``ys[c0 + a]``; a count
    past the last repeats it). Each layer agrees with :func:`._kernels._side` choice for choice; the three
    are side by side in ``base``, so each option reads three neighbouring cells.

    ``base`` is flat: the better of banking and rolling ``n`` dice with ``t`` set aside, for layer ``a``,
    is ``base[(t * (N + 1) + n) * 3 + a]``, and option ``o`` of a roll at ``t`` reads
    ``base[t * (N + 1) * 3 + at[o]:]`` (``at[o]``: the option's offset, :func:`_offsets`).
    Fills ``base``, ``pre[t, n, a]`` (rolling), ``choice[a, t, e]`` (the option kept after outcome ``e``,
    the first of equals), ``bank_dec[a, t, n]`` (1: bank; a tie banks), ``marg[a, t, c]`` (the chosen
    value's margin over the next best, ``c = e`` the options of outcome ``e``, ``c = E + n`` banking or
    rolling ``n`` dice; two options that both win are not told apart) and ``stats[a, :, n]`` as
    :func:`._kernels._side` does. The values at the turn's start are ``pre[0, N, :]``."""
    p0, out_ptr, out_p, out_k, opt_ptr, opt_s, opt_n = rules
    G, F, K, PEN, MINB, SIMPLE, SMAX = geo
    home = u * K
    R = G - (u + F) if G - (u + F) >= MINB else MINB
    E = out_ptr[N + 1]
    row = (N + 1) * 3
    y0 = ys[c0]
    y1 = ys[min(c0 + 1, K - 1)]
    y2 = ys[min(c0 + 2, K - 1)]
    for k in range(R * row, min(base.shape[0], (R + SMAX + 1) * row)):   # the goal is reached: a win
        base[k] = 1.0
    for a in range(3):
        for n in range(N + 1):
            stats[a, 0, n] = R
            stats[a, 1, n] = 0
            stats[a, 2, n] = 0
            stats[a, 3, n] = 0
    for t in range(R - 1, -1, -1):
        here = t * row
        for n in range(1, N + 1):
            c_0 = p0[n] * (1.0 - y0)
            c_1 = p0[n] * (1.0 - y1)
            c_2 = p0[n] * (1.0 - y2)
            for e in range(out_ptr[n], out_ptr[n + 1]):
                b0, b1, b2 = -np.inf, -np.inf, -np.inf
                s0, s1, s2 = -np.inf, -np.inf, -np.inf
                k0, k1, k2 = 0, 0, 0
                for o in range(opt_ptr[e], opt_ptr[e + 1]):
                    x = here + at[o]
                    b0, s0, k0 = _keep(base[x], b0, s0, k0, o)
                    b1, s1, k1 = _keep(base[x + 1], b1, s1, k1, o)
                    b2, s2, k2 = _keep(base[x + 2], b2, s2, k2, o)
                choice[0, t, e], choice[1, t, e], choice[2, t, e] = k0, k1, k2
                marg[0, t, e], marg[1, t, e], marg[2, t, e] = b0 - s0, b1 - s1, b2 - s2
                p = out_p[e]
                c_0 += p * b0
                c_1 += p * b1
                c_2 += p * b2
            pre[t, n, 0], pre[t, n, 1], pre[t, n, 2] = c_0, c_1, c_2
        if t == 0:
            break
        if t < MINB:                    # too little to bank: roll on
            for n in range(1, N + 1):
                for a in range(3):
                    base[here + 3 * n + a] = pre[t, n, a]
                    bank_dec[a, t, n] = 0
                    marg[a, t, E + n] = np.inf
            continue
        bank = 1.0 - P0[pj, home + t * K]
        for n in range(1, N + 1):
            for a in range(3):
                rv = pre[t, n, a]
                if bank >= rv:
                    base[here + 3 * n + a] = bank
                    bank_dec[a, t, n] = 1
                    marg[a, t, E + n] = bank - rv
                    stats[a, 0, n] = t
                    if sol_roll[t, n]:
                        stats[a, 3, n] += 1
                else:
                    base[here + 3 * n + a] = rv
                    bank_dec[a, t, n] = 0
                    marg[a, t, E + n] = rv - bank
                    if t > stats[a, 1, n]:
                        stats[a, 1, n] = t
                    if not sol_roll[t, n]:
                        stats[a, 2, n] += 1


@njit(cache=True)
def _offsets(N, rules):
    """``at[o]``: where option ``o`` of a roll reads :func:`_side_counts`'s flat ``base``, from the roll's row."""
    opt_s, opt_n = rules[5], rules[6]
    return (opt_s * (N + 1) + opt_n) * 3


@njit(cache=True)
def _moved(P0, then, pi, pj, geo, R):
    """How far the values the turn start ``(pi, pj)`` reads (its banks and its bust, all in row ``pj``) have
    moved from ``then`` (the table at its last pass)."""
    K = geo[2]
    home = pi - pi % K
    b = _bust_pos(pi, geo)
    d = abs(P0[pj, b] - then[pj, b])
    for t in range(geo[4], R):
        x = abs(P0[pj, home + t * K] - then[pj, home + t * K])
        if x > d:
            d = x
    return d


@njit(cache=True)
def _forward(R, N, rules, choice, bank_dec, marg, mass, q):
    """Under one count's choices (``choice[t, e]``, ``bank_dec[t, n]``), the probabilities that the turn
    banks ``t`` (``q[t]``), busts (``q[R]``) or wins (``q[R + 1]``); ``mass`` is scratch ``[t, n]``.
    Returns the smallest margin (``marg[t, e]``, see :func:`_side_counts`) of an option kept after a roll
    the turn can meet: only those choices (and the banks and rolls, which the caller watches all of)
    decide ``q``."""
    p0, out_ptr, out_p, out_k, opt_ptr, opt_s, opt_n = rules
    least = np.inf
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
                if marg[t, e] < least:
                    least = marg[t, e]
                if t2 >= R:
                    q[R + 1] += p
                elif bank_dec[t2, n2]:
                    q[t2] += p
                else:
                    mass[t2, n2] += p
    return least


@njit(cache=True)
def _improve_pair(P0, u, v, geo, N, rules, sol_roll, at, out_stats, starts, store, tables, own_margin, snaps, seen,
                  cur):
    """Improve the choices of every turn start with scores ``u`` and ``v`` (both orders, every count) and
    store their turn distributions at ``store[starts[p, q]:]``. Returns ``(changed, passes, worst)``: how
    many stored distributions changed, the passes made (one per score and opponent's position, three
    counts at once), and the largest difference between a turn start's value under its stored
    distribution and the table (the residual ``max |L P0 - P0|`` once every stored distribution is a
    best response).

    A turn start is passed again only if its choices could have changed: ``snaps[seen[p, q]]`` is the
    table at its last pass, so the values it reads moved by at most :func:`_moved` since, and a choice
    whose margin there exceeded twice that is still optimal (``own_margin``: the smallest margin of a
    choice the turn can meet and of every bank or roll; a turn start passed now records ``seen = cur``,
    ``snaps[cur]`` being ``P0``)."""
    G, F, K, PEN, MINB, SIMPLE, SMAX = geo
    pre, base, choice, bank_dec, marg, st, mass, scratch = tables
    ys = np.zeros(K)
    pending = np.zeros(K, dtype=np.bool_)
    changed = 0
    passes = 0
    worst = 0.0
    for side in range(2):
        if side == 1 and u == v:
            continue
        own = u if side == 0 else v
        opp = v if side == 0 else u
        R = G - (own + F) if G - (own + F) >= MINB else MINB
        for b in range(K - 1, -1, -1):
            pj = opp * K + b
            for a in range(K):          # the bust values of the counts
                pi = own * K + a
                ys[a] = P0[pj, _bust_pos(pi, geo)]
                m = own_margin[pi, pj]
                pending[a] = m < 0.0 or m <= 2.0 * _moved(P0, snaps[seen[pi, pj]], pi, pj, geo, R) + 1e-12
            for c0 in range(0, K, 3):   # three counts a pass
                due = False
                for a in range(c0, min(c0 + 3, K)):
                    due = due or pending[a]
                if not due:
                    continue
                _side_counts(P0, own, pj, c0, ys, geo, N, rules, sol_roll, at, pre, base, choice, bank_dec, marg,
                             st)
                passes += 1
                for a in range(c0, min(c0 + 3, K)):
                    if not pending[a]:
                        continue
                    pi = own * K + a
                    first = starts[pi, pj]
                    least = _forward(R, N, rules, choice[a - c0], bank_dec[a - c0], marg[a - c0], mass, scratch)
                    E = rules[1][N + 1]
                    for t in range(MINB, R):    # every bank or roll (the statistics read them all)
                        for n in range(1, N + 1):
                            if marg[a - c0, t, E + n] < least:
                                least = marg[a - c0, t, E + n]
                    own_margin[pi, pj] = least
                    seen[pi, pj] = cur
                    for q in range(4):
                        for n in range(N + 1):
                            out_stats[q, n, pi, pj] = st[a - c0, q, n]
                    same = True
                    for t in range(R + 2):
                        if store[first + t] != scratch[t]:
                            same = False
                            store[first + t] = scratch[t]
                    if not same:
                        changed += 1
            for a in range(K - 1, -1, -1):
                pi = own * K + a
                first = starts[pi, pj]
                x = _value(P0, pi, pj, geo, R, store[first:first + R + 2])
                d = abs(x - P0[pi, pj])
                if d > worst:
                    worst = d
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
def _evaluate_sweep(P0, geo, starts, store):
    """One Gauss-Seidel sweep of the stored choices' values over every turn start, largest score sums
    first and, within a pair, the most busts first; returns the largest change."""
    G, F, K, PEN, MINB, SIMPLE, SMAX = geo
    S = G - F
    worst = 0.0
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
                        P0[pi, pj] = x
    return worst


@njit(cache=True)
def _improve_all(P0, geo, N, rules, T, sol_roll, out_stats, starts, store, own_margin, snaps, seen, cur):
    """:func:`_improve_pair` over every pair of scores, largest sums first; returns (changed, passes, worst)."""
    G, F, K, PEN, MINB, SIMPLE, SMAX = geo
    S = G - F
    E = rules[1][N + 1]
    tables = (np.zeros((T, N + 1, 3)), np.zeros(T * (N + 1) * 3), np.zeros((3, T, E), dtype=np.int32),
              np.zeros((3, T, N + 1), dtype=np.int8), np.full((3, T, E + N + 1), np.inf),
              np.zeros((3, 4, N + 1), dtype=np.int64), np.zeros((T, N + 1)), np.zeros(T + 2))
    at = _offsets(N, rules)
    changed = 0
    passes = 0
    worst = 0.0
    for s in range(2 * S - 2, -1, -1):
        for u in range(max(0, s - S + 1), s // 2 + 1):
            c, p, w = _improve_pair(P0, u, s - u, geo, N, rules, sol_roll, at, out_stats, starts, store, tables,
                                    own_margin, snaps, seen, cur)
            changed += c
            passes += p
            if w > worst:
                worst = w
    return changed, passes, worst
