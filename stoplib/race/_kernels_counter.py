"""Two-player races with a bust counter (Facebook Farkle): policy iteration on stored turn distributions.

Private: every function here is ``_name``, ``@njit(cache=True)``, made of plain loops (one vector step,
:func:`._simd._best_option`, is written as LLVM IR).

With a counter, the third bust in a row costs points: the game's turn starts are linked to
*lower* score sums, and sweeping them from the largest sums down no longer finishes the game in
one pass (:mod:`._two` repeats such sweeps for ``method="value_iteration"``). Here the choices are
improved and evaluated in turn (policy iteration):

- *improve* (:func:`_improve_all`): the turn starts of one score against one opponent's position
  differ only in the mover's count, that is in the bust value ``y``, and those against other opponents
  only in what banking and busting are worth: one backward pass (:func:`_side_lanes`) solves the turns
  of every count against four opponent's positions at once, side by side in its tables (each option
  reads neighbouring cells, four lanes a vector, :mod:`._simd`), and records each choice's margin over
  the next best. Under a lane's choices its turn ends by banking ``t`` with probability ``q[t]``, by a
  bust with probability ``beta``, or wins with probability ``w``, which a *forward* pass
  (:func:`_forward`) computes and stores, with the smallest margin of a choice the turn can meet (and
  of every bank or roll, which the statistics report);
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
from ._simd import W, _best_option

__all__: list[str] = []   # private kernels only


#: Opponent positions a pass takes: its lanes are every count of the mover against each of them, a
#: multiple of the vector width (:data:`._simd.W`) whatever the count.
POSITIONS = 4


@njit(cache=True)
def _side_lanes(P0, u, pjs, ys, geo, N, rules, sol_roll, at, pre, base, cells, to, marg, stats, acc):
    """The optimal turns of score index ``u`` against the positions ``pjs``, every count at once: lane
    ``ln = j K + a`` is count ``a`` against ``pjs[j]``, with bust value ``ys[ln]``. Each lane agrees with
    :func:`._kernels._side` choice for choice, bit for bit; the lanes are side by side in every table,
    so each option reads ``L = len(ys)`` neighbouring cells (:func:`._simd._best_option`, four lanes a
    vector).

    ``base`` is flat: the better of banking and rolling ``n`` dice with ``t`` set aside, in lane ``ln``, is
    ``base[(t * (N + 1) + n) * L + ln]``, and option ``o`` of a roll at ``t`` reads
    ``base[t * (N + 1) * L + at[o]:]`` (``at[o]``: the option's offset, :func:`_offsets`).
    ``cells`` (the same layout as ``base``) says where each turn state leads: ``t * (N + 1) + n`` while it
    rolls ``n`` dice, ``t * (N + 1)`` when it banks ``t`` (a tie banks) and ``R * (N + 1)`` at the goal.
    Fills ``base``, ``cells``, ``pre[t, n, ln]`` (rolling), ``to[t, e, ln]`` (the cell of the option kept
    after outcome ``e``, the first of equals), ``marg[t, c, ln]`` (the chosen
    value's margin over the next best, ``c = e`` the options of outcome ``e``, ``c = E + n`` banking or
    rolling ``n`` dice; two options that both win are not told apart) and ``stats[ln, :, n]`` as
    :func:`._kernels._side` does; ``acc`` is scratch (``L``). The values at the turn's start are
    ``pre[0, N, :]``."""
    p0, out_ptr, out_p, out_k, opt_ptr, opt_s, opt_n = rules
    G, F, K, PEN, MINB, SIMPLE, SMAX = geo
    L = ys.shape[0]
    home = u * K
    R = G - (u + F) if G - (u + F) >= MINB else MINB
    E = out_ptr[N + 1]
    EM = marg.shape[1]
    row = (N + 1) * L
    flat_to = to.reshape(-1)
    flat_marg = marg.reshape(-1)
    for k in range(R * row, min(base.shape[0], (R + SMAX + 1) * row)):   # the goal is reached: a win
        base[k] = 1.0
        cells[k] = R * (N + 1)
    for ln in range(L):
        for n in range(N + 1):
            stats[ln, 0, n] = R
            stats[ln, 1, n] = 0
            stats[ln, 2, n] = 0
            stats[ln, 3, n] = 0
    for t in range(R - 1, -1, -1):
        here = t * row
        for n in range(1, N + 1):
            for ln in range(L):
                acc[ln] = p0[n] * (1.0 - ys[ln])
            for e in range(out_ptr[n], out_ptr[n + 1]):
                for g in range(L // W):
                    _best_option(base, cells, at, here, opt_ptr[e], opt_ptr[e + 1], g, flat_to, flat_marg,
                                 (t * E + e) * L, (t * EM + e) * L, acc, out_p[e])
            for ln in range(L):
                pre[t, n, ln] = acc[ln]
        if t == 0:
            break
        if t < MINB:                    # too little to bank: roll on
            for n in range(1, N + 1):
                for ln in range(L):
                    base[here + L * n + ln] = pre[t, n, ln]
                    cells[here + L * n + ln] = t * (N + 1) + n
                    marg[t, E + n, ln] = np.inf
            continue
        for j in range(L // K):
            bank = 1.0 - P0[pjs[j], home + t * K]
            for n in range(1, N + 1):
                for a in range(K):
                    ln = j * K + a
                    rv = pre[t, n, ln]
                    if bank >= rv:
                        base[here + L * n + ln] = bank
                        cells[here + L * n + ln] = t * (N + 1)
                        marg[t, E + n, ln] = bank - rv
                        stats[ln, 0, n] = t
                        if sol_roll[t, n]:
                            stats[ln, 3, n] += 1
                    else:
                        base[here + L * n + ln] = rv
                        cells[here + L * n + ln] = t * (N + 1) + n
                        marg[t, E + n, ln] = rv - bank
                        if t > stats[ln, 1, n]:
                            stats[ln, 1, n] = t
                        if not sol_roll[t, n]:
                            stats[ln, 2, n] += 1


@njit(cache=True)
def _offsets(N, rules, L):
    """``at[o]``: where option ``o`` of a roll reads :func:`_side_lanes`'s flat ``base`` (``L`` lanes), from the
    roll's row."""
    opt_s, opt_n = rules[5], rules[6]
    return (opt_s * (N + 1) + opt_n) * L


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
def _forward(R, N, rules, to, marg, pending, flow, q, least):
    """Under each pending lane's choices (``to[t, e, ln]``: the cell that outcome ``e`` of a roll at ``t``
    leads to, see :func:`_side_lanes`), the probabilities that its turn banks ``t`` (``q[ln, t]``), busts
    (``q[ln, R]``) or wins (``q[ln, R + 1]``), and in ``least[ln]`` the smallest margin
    (``marg[t, e, ln]``) of an option kept after a roll the turn can meet: only those choices (and the
    banks and rolls, which the caller watches all of) decide ``q``.

    ``flow`` is scratch, ``[cell * L + ln]``: the chance that lane ``ln`` reaches a cell (rolling ``n`` dice
    with ``t`` set aside, banking ``t``, the goal). The lanes walk the tables together (neighbouring
    cells), and every cell adds up in the order of a pass of its own lane (a lane that cannot meet a roll
    adds zeros)."""
    p0, out_ptr, out_p, out_k, opt_ptr, opt_s, opt_n = rules
    L = pending.shape[0]
    row = (N + 1) * L
    flow[:(R * (N + 1) + 1) * L] = 0.0
    for ln in range(L):
        least[ln] = np.inf
        q[ln, R] = 0.0
        if pending[ln]:
            flow[N * L + ln] = 1.0
    for t in range(R):
        for n in range(1, N + 1):
            at = t * row + n * L
            live = False
            for ln in range(L):
                m = flow[at + ln]
                if m != 0.0:
                    live = True
                    q[ln, R] += m * p0[n]
            if not live:
                continue
            for e in range(out_ptr[n], out_ptr[n + 1]):
                pe = out_p[e]
                for ln in range(L):
                    m = flow[at + ln]
                    flow[to[t, e, ln] * L + ln] += m * pe
                    mg = marg[t, e, ln] if m != 0.0 else np.inf
                    least[ln] = min(least[ln], mg)
    for ln in range(L):
        for t in range(R):
            q[ln, t] = flow[t * row + ln]
        q[ln, R + 1] = flow[R * row + ln]


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
    """Improve the choices of every turn start and store their turn distributions at ``store[starts[p, q]:]``.
    Returns ``(changed, passes, worst)``: how many stored distributions changed, the passes made (one per
    score and :data:`POSITIONS` opponent's positions, every count at once), and the largest difference
    between a turn start's value under its stored distribution and the table (the residual
    ``max |L P0 - P0|`` once every stored distribution is a best response).

    ``P0`` is only read, so the order of the passes does not matter. A turn start is passed again only if
    its choices could have changed: ``snaps[seen[p, q]]`` is the table at its last pass, so the values it
    reads moved by at most :func:`_moved` since, and a choice whose margin there exceeded twice that is
    still optimal (``own_margin``: the smallest margin of a choice the turn can meet and of every bank or
    roll; a turn start passed now records ``seen = cur``, ``snaps[cur]`` being ``P0``). A pass is made when
    one of its lanes is due; the others' results are not used."""
    G, F, K, PEN, MINB, SIMPLE, SMAX = geo
    S = G - F
    P = S * K
    E = rules[1][N + 1]
    J = POSITIONS
    L = J * K
    pre, base = np.zeros((T, N + 1, L)), np.zeros(T * (N + 1) * L)
    cells, to = np.zeros(T * (N + 1) * L, dtype=np.int32), np.zeros((T, E, L), dtype=np.int32)
    marg, st = np.full((T, E + N + 1, L), np.inf), np.zeros((L, 4, N + 1), dtype=np.int64)
    flow, ends, least, acc = np.zeros((T + 1) * (N + 1) * L), np.zeros((L, T + 2)), np.zeros(L), np.zeros(L)
    at = _offsets(N, rules, L)
    pjs = np.zeros(J, dtype=np.int64)
    ys = np.zeros(L)
    pending = np.zeros(L, dtype=np.bool_)
    changed = 0
    passes = 0
    for own in range(S):
        R = G - (own + F) if G - (own + F) >= MINB else MINB
        for j0 in range(0, P, J):
            due = False
            for j in range(J):
                pj = min(j0 + j, P - 1)     # past the last position: a copy of it, not used
                pjs[j] = pj
                for a in range(K):
                    ln = j * K + a
                    pi = own * K + a
                    ys[ln] = P0[pj, _bust_pos(pi, geo)]
                    m = own_margin[pi, pj]
                    pending[ln] = j0 + j < P and (m < 0.0 or m <= 2.0 * _moved(P0, snaps[seen[pi, pj]], pi, pj, geo, R)
                                                  + 1e-12)
                    due = due or pending[ln]
            if not due:
                continue
            _side_lanes(P0, own, pjs, ys, geo, N, rules, sol_roll, at, pre, base, cells, to, marg, st, acc)
            _forward(R, N, rules, to, marg, pending, flow, ends, least)
            passes += 1
            for ln in range(L):
                if not pending[ln]:
                    continue
                pi = own * K + ln % K
                pj = pjs[ln // K]
                first = starts[pi, pj]
                low = least[ln]
                for t in range(MINB, R):    # every bank or roll (the statistics read them all)
                    for n in range(1, N + 1):
                        if marg[t, E + n, ln] < low:
                            low = marg[t, E + n, ln]
                own_margin[pi, pj] = low
                seen[pi, pj] = cur
                for q in range(4):
                    for n in range(N + 1):
                        out_stats[q, n, pi, pj] = st[ln, q, n]
                same = True
                for t in range(R + 2):
                    if store[first + t] != ends[ln, t]:
                        same = False
                        store[first + t] = ends[ln, t]
                if not same:
                    changed += 1
    worst = 0.0
    for pi in range(P):
        R = G - (pi // K + F) if G - (pi // K + F) >= MINB else MINB
        for pj in range(P):
            first = starts[pi, pj]
            d = abs(_value(P0, pi, pj, geo, R, store[first:first + R + 2]) - P0[pi, pj])
            if d > worst:
                worst = d
    return changed, passes, worst
