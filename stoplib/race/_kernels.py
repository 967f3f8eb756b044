"""Two-player dice races: the numba kernels behind :mod:`.solver` (one set for every turn model).

Private: every function here is ``_name``, ``@njit(cache=True)`` (``parallel=True`` for the
loops over the independent pairs of one score sum), made of plain loops that fill the
arrays they are given.

A player's banked *position* ``p`` is its score and its count of busts in a row,
``p = (score - F) * K + count`` (``F`` the floor, ``K`` the bust that costs the penalty;
``K = 1``, ``F = 0``: the position is the score). ``P0[p, q]`` is the probability that the
player to move wins at the start of a turn at position ``p`` against ``q``. A turn
(:func:`_side`) is a backward pass over the turn total ``t`` (from ``goal - score - 1`` down
to 0) of two tables: ``pre[t, n]``, the value of rolling ``n`` dice with ``t`` units, and
``base[t, n] = max(bank(t), pre[t, n])``, where ``bank(t) = 1 - P0[q, p']`` (``p'`` the
position with ``score + t`` and no busts). A roll of ``n`` dice shows outcome ``e``
(probability ``out_p[e]``) and the player keeps one of its options ``o``, worth
``base[t + opt_s[o], opt_n[o]]``. Totals that reach the goal are worth 1. A bust (probability
``p0[n]``) is worth ``1 - y``, ``y = P0[q, b(p)]`` with ``b(p)`` the position after a bust
(the same one when there is no counter: the *partner* value). Under the pass's choices
every value is affine in ``y``; with ``track`` the pass also returns the slope and the
interval of ``y`` on which its choices stay optimal.

The turn model's arrays travel as one tuple ``rules = (p0, out_ptr, out_p, out_k, opt_ptr,
opt_s, opt_n)`` and its geometry as ``geo = (goal, floor, K, penalty, least bank, simple, smax)``; ``simple``
marks a one-die model whose outcomes have one option each and the bust's probability (Pig): its
pass sums the continuations and multiplies once, as Neller and Presser's equation reads.
"""
from __future__ import annotations

import numpy as np
from numba import njit, prange

__all__: list[str] = []   # private kernels only

#: The most pieces one pair's bracketing may visit before it gives up (it needs 1-5).
MAX_PIECES = 200
#: How far outside a piece's interval its fixed point may fall and still be accepted
#: (rounding; the error this allows is below TOL times a slope difference, slopes <= 1).
TOL = 1e-13
#: Value iteration also stops on a pair whose change no longer shrinks once below this: float64
#: rounding in a long pass can make the last digits cycle (a decreasing map's iterates straddle
#: its fixed point, so the error is then below the change).
STALL = 1e-12


@njit(cache=True, inline="always")   # called per turn total: inlined, not called
def _bust_pos(p, geo):
    """The position after a bust from position ``p``: one more bust, or the penalty and a fresh count."""
    G, F, K, PEN, MINB, SIMPLE, SMAX = geo
    c = p % K
    if c + 1 < K:
        return p + 1
    score = p // K + F - PEN
    if score < F:
        score = F
    return (score - F) * K


@njit(cache=True)
def _bracket(ys, jlo, jhi, lo_hi, yv):
    """One step of the search for the fixed point of the composite piecewise-linear map.

    ``ys`` is the fixed point of the current affine piece, valid on ``[jlo, jhi]``;
    ``lo_hi`` holds the bracket ``[L, U]`` known to contain the true fixed point.
    Returns ``(done, next_point)``. The map minus the identity is strictly decreasing,
    so a piece whose fixed point lies to its right proves the true one lies to the
    right of the whole piece (and the piece is never visited again): the search
    visits each piece at most once and stops on the piece that holds its own
    fixed point.
    """
    if ys >= jlo - TOL and ys <= jhi + TOL:
        return True, ys
    if ys > jhi:
        if jhi > lo_hi[0]:
            lo_hi[0] = jhi
        if ys < lo_hi[1]:
            return False, ys
    else:
        if jlo < lo_hi[1]:
            lo_hi[1] = jlo
        if ys > lo_hi[0]:
            return False, ys
    return False, 0.5 * (lo_hi[0] + lo_hi[1])


@njit(cache=True, inline="always")   # called per turn total: inlined, not called
def _limit(lo, hi, y, dv, ds):
    """Narrow ``[lo, hi]`` to the ``y'`` where the chosen value (margin ``dv >= 0`` over an
    alternative, slope difference ``ds``) stays at least the alternative's.

    (:func:`_margins` answers the cheaper question of two given bust values, without a division.)"""
    if ds > 0.0:
        b = y - dv / ds
        if b > lo:
            lo = b
    elif ds < 0.0:
        b = y - dv / ds
        if b < hi:
            hi = b
    return lo, hi


@njit(cache=True, inline="always")   # called per turn total: inlined, not called
def _margins(out, at, d1, d2, dv, ds):
    """Record at ``out[at:at + 3]`` the smallest margins of a choice over an alternative at the bust values
    ``y``, ``y + d1`` and ``y + d2`` (a choice's margin is ``dv + ds d`` there): it stays optimal iff >= 0."""
    a = dv + ds * d1
    b = dv + ds * d2
    if dv < out[at]:
        out[at] = dv
    if a < out[at + 1]:
        out[at + 1] = a
    if b < out[at + 2]:
        out[at + 2] = b


@njit(cache=True)
def _goal_rows(base_v, base_s, R, N, p0, y, finish_bank, stats, smax):
    """Totals at or beyond the goal win (worth 1, slope 0; a pass reads up to ``R + smax``); the statistics
    start empty."""
    top = min(base_v.shape[0], R + smax + 1)
    for t in range(R, top):             # the goal is reached: a win
        for n in range(N + 1):
            base_v[t, n] = 1.0
            base_s[t, n] = 0.0
    if finish_bank:                     # only banking wins: rolling on is allowed, never better
        for t in range(R, top):
            for n in range(1, N + 1):
                roll = p0[n] * (1.0 - y) + (1.0 - p0[n])
                if roll > base_v[t, n]:  # pragma: no cover - a value above 1 cannot happen
                    base_v[t, n] = roll
    for n in range(N + 1):
        stats[0, n] = R
        stats[1, n] = 0
        stats[2, n] = 0
        stats[3, n] = 0


@njit(cache=True, inline="always")   # called per turn total: inlined, not called
def _simple_roll(t, y, rules, track, pre_v, pre_s, base_v, base_s, choice):
    """Rolling the one die of a simple model (Pig) with ``t`` set aside: the continuations summed, then
    multiplied once by the chance of a face, as Neller and Presser's equation reads."""
    p0, out_ptr, out_p, out_k, opt_ptr, opt_s, opt_n = rules
    acc = 1.0 - y
    accs = -1.0
    for e in range(out_ptr[1], out_ptr[2]):
        o = opt_ptr[e]
        tt = t + opt_s[o]
        acc += base_v[tt, 1]
        if track:
            accs += base_s[tt, 1]
        if track != 1:                  # the pairwise search reads no choices
            choice[t, e] = o
    pre_v[t, 1] = acc * p0[1]
    pre_s[t, 1] = accs * p0[1]


@njit(cache=True, inline="always")   # called per turn total: inlined, not called
def _bank_or_roll(t, bank, N, y, track, d1, d2, lo, hi, pre_v, pre_s, base_v, base_s, bank_dec, sol_roll, stats,
                  marg, at):
    """Bank ``t`` (worth ``bank``) or roll each number of dice, whichever is worth more (bank on a tie);
    the statistics and the choices' interval (or margins, at ``marg[at + 3 n:]``) follow. Returns the new
    ``(lo, hi)``."""
    for n in range(1, N + 1):
        rv = pre_v[t, n]
        if bank >= rv:
            base_v[t, n] = bank
            bank_dec[t, n] = 1
            if track:
                rs = pre_s[t, n]
                base_s[t, n] = 0.0
                if track == 2:
                    _margins(marg, at + 3 * n, d1, d2, bank - rv, -rs)
                else:
                    lo, hi = _limit(lo, hi, y, bank - rv, -rs)
            stats[0, n] = t
            if sol_roll[t, n]:
                stats[3, n] += 1
        else:
            base_v[t, n] = rv
            bank_dec[t, n] = 0
            if track:
                rs = pre_s[t, n]
                base_s[t, n] = rs
                if track == 2:
                    _margins(marg, at + 3 * n, d1, d2, rv - bank, rs)
                else:
                    lo, hi = _limit(lo, hi, y, rv - bank, rs)
            if t > stats[1, n]:
                stats[1, n] = t
            if not sol_roll[t, n]:
                stats[2, n] += 1
    return lo, hi


@njit(cache=True)
def _side(P0, pi, pj, y, geo, N, rules, finish_bank, track, pre_v, pre_s, base_v, base_s,
          choice, bank_dec, sol_roll, stats, lohi):
    """The optimal turn at ``(pi, pj)`` with bust value ``y``; returns its value ``pre_v[0, N]``.

    ``track`` 0: values only; 1: also the slopes and the interval of ``y`` on which the choices stay
    optimal (``lohi``); 2: the slopes and, for the two shifts ``lohi[:2] = (d1, d2)`` given, each
    choice's smallest margin at ``y``, ``y + d1`` and ``y + d2`` (>= 0: the same choice there), written
    to ``lohi[2 + 3 * (t * W + c):]`` with ``W = E + N + 1`` columns: ``c = e`` the option kept after
    outcome ``e``, ``c = E + n`` banking with ``n`` dice.
    Fills ``pre_v``/``base_v`` (and, with ``track``, the slopes ``pre_s``/``base_s`` and
    ``lohi``), ``choice[t, e]`` (the option kept; not with ``track`` 1, whose search reads none),
    ``bank_dec[t, n]`` (1: bank) and
    ``stats[:, n]``: the least total at which banking is optimal, the largest at which
    rolling is, and how many totals roll where the solitaire policy ``sol_roll`` banks
    (riskier) and bank where it rolls (safer).
    """
    p0, out_ptr, out_p, out_k, opt_ptr, opt_s, opt_n = rules
    G, F, K, PEN, MINB, SIMPLE, SMAX = geo
    i = pi // K + F
    home = pi - pi % K                  # the position of score i with no busts
    R = G - i if G - i >= MINB else MINB   # the goal wins once it may be banked
    _goal_rows(base_v, base_s, R, N, p0, y, finish_bank, stats, SMAX)
    lo = -np.inf
    hi = np.inf
    d1 = lohi[0]
    d2 = lohi[1]
    E = out_ptr[N + 1]
    W = E + N + 1
    if track == 2:
        for q in range(2, 2 + 3 * R * W):
            lohi[q] = np.inf
    for t in range(R - 1, -1, -1):
        if SIMPLE:                      # one die, one option an outcome, all as likely as the bust
            _simple_roll(t, y, rules, track, pre_v, pre_s, base_v, base_s, choice)
        for n in range(1, N + 1 if not SIMPLE else 1):
            acc = p0[n] * (1.0 - y)
            accs = -p0[n]
            for e in range(out_ptr[n], out_ptr[n + 1]):
                bv = -1.0
                bo = -1
                for o in range(opt_ptr[e], opt_ptr[e + 1]):
                    v = base_v[t + opt_s[o], opt_n[o]]
                    if v > bv:
                        bv = v
                        bo = o
                if track != 1:          # the pairwise search reads no choices
                    choice[t, e] = bo
                bs = base_s[t + opt_s[bo], opt_n[bo]] if track else 0.0
                if track and opt_ptr[e + 1] - opt_ptr[e] > 1:
                    for o in range(opt_ptr[e], opt_ptr[e + 1]):
                        if o != bo:
                            tt = t + opt_s[o]
                            if track == 2:
                                if bv < 1.0 or base_v[tt, opt_n[o]] < 1.0:   # two wins tie for good
                                    _margins(lohi, 2 + 3 * (t * W + e), d1, d2, bv - base_v[tt, opt_n[o]],
                                             bs - base_s[tt, opt_n[o]])
                            else:
                                lo, hi = _limit(lo, hi, y, bv - base_v[tt, opt_n[o]], bs - base_s[tt, opt_n[o]])
                acc += out_p[e] * bv
                if track:
                    accs += out_p[e] * bs
            pre_v[t, n] = acc
            pre_s[t, n] = accs
        if t == 0:
            break
        if t < MINB:                    # too little to bank: roll on
            for n in range(1, N + 1):
                base_v[t, n] = pre_v[t, n]
                base_s[t, n] = pre_s[t, n]
                bank_dec[t, n] = 0
            continue
        lo, hi = _bank_or_roll(t, 1.0 - P0[pj, home + t * K], N, y, track, d1, d2, lo, hi, pre_v, pre_s, base_v,
                               base_s, bank_dec, sol_roll, stats, lohi, 2 + 3 * (t * W + E))
    if track != 2:
        lohi[0] = lo
        lohi[1] = hi
    return pre_v[0, N]


@njit(cache=True)
def _scratch(T, N, E):
    return (np.zeros((T, N + 1)), np.zeros((T, N + 1)), np.zeros((T, N + 1)), np.zeros((T, N + 1)),
            np.zeros((T, E), dtype=np.int32), np.zeros((T, N + 1), dtype=np.int8))


@njit(cache=True)
def _work(T, N, E):
    """The scratch of one pair's solve: a turn's tables, two turns' statistics and intervals."""
    pv, ps, bv, bs, ch, bd = _scratch(T, N, E)
    return (pv, ps, bv, bs, ch, bd, np.zeros((4, N + 1), dtype=np.int64), np.zeros((4, N + 1), dtype=np.int64),
            np.empty(2), np.empty(2))


@njit(cache=True)
def _store(stats, out, a, b):
    for n in range(stats.shape[1]):
        for q in range(4):
            out[q, n, a, b] = stats[q, n]


@njit(cache=True)
def _guess(P0, i, j, G):
    """A starting point for the partner value ``P0[j, i]``: its solved neighbour, extrapolated."""
    if i + 3 < G:
        g = 3.0 * (P0[j, i + 1] - P0[j, i + 2]) + P0[j, i + 3]
        return min(1.0, max(0.0, g))
    if i + 2 < G:
        return min(1.0, max(0.0, 2.0 * P0[j, i + 1] - P0[j, i + 2]))
    if i + 1 < G:
        return P0[j, i + 1]
    return 0.5


@njit(cache=True)
def _solve_pair(P0, i, j, geo, N, rules, finish_bank, sol_roll, out_stats, work):
    """Exact turn-start values of pair ``(i, j)``, ``i <= j`` (no bust counter), by visiting pieces;
    returns the passes (-1: gave up).

    A piece of each turn (``x = a + b y`` on ``y`` in ``[loA, hiA]``; ``y = c + e x`` on ``x`` in
    ``[loB, hiB]``) is kept while the next point lies on it, so a turn is passed again only
    when the search leaves its piece.
    """
    G = geo[0]
    pv, ps, bv, bs, ch, bd, sA, sB, lohiA, lohiB = work
    bracket = np.array([0.0, 1.0])
    yv = _guess(P0, i, j, G - geo[1])
    passes = 0
    x0 = _side(P0, i, j, yv, geo, N, rules, finish_bank, True, pv, ps, bv, bs, ch, bd, sol_roll, sA, lohiA)
    b = ps[0, N]
    a = x0 - b * yv
    passes += 1
    if i == j:                          # the player is their own partner: x = a + b x
        for it in range(MAX_PIECES):
            done, nxt = _bracket(a / (1.0 - b), lohiA[0], lohiA[1], bracket, yv)
            if done:
                P0[i, i] = nxt
                _store(sA, out_stats, i, i)
                return passes
            yv = nxt
            x0 = _side(P0, i, j, yv, geo, N, rules, finish_bank, True, pv, ps, bv, bs, ch, bd, sol_roll, sA, lohiA)
            b = ps[0, N]
            a = x0 - b * yv
            passes += 1
        return -1
    y0 = _side(P0, j, i, x0, geo, N, rules, finish_bank, True, pv, ps, bv, bs, ch, bd, sol_roll, sB, lohiB)
    e = ps[0, N]
    c = y0 - e * x0
    passes += 1
    for it in range(MAX_PIECES):
        jlo = lohiA[0]
        jhi = lohiA[1]
        if b < 0.0:                     # x = a + b y must stay on B's piece
            t = (lohiB[1] - a) / b
            if t > jlo:
                jlo = t
            t = (lohiB[0] - a) / b
            if t < jhi:
                jhi = t
        done, nxt = _bracket((c + e * a) / (1.0 - e * b), jlo, jhi, bracket, yv)
        if done:
            P0[i, j] = a + b * nxt
            P0[j, i] = nxt
            _store(sA, out_stats, i, j)
            _store(sB, out_stats, j, i)
            return passes
        yv = nxt
        if not (lohiA[0] < yv < lohiA[1]):
            x0 = _side(P0, i, j, yv, geo, N, rules, finish_bank, True, pv, ps, bv, bs, ch, bd, sol_roll, sA, lohiA)
            b = ps[0, N]
            a = x0 - b * yv
            passes += 1
        xv = a + b * yv
        if not (lohiB[0] < xv < lohiB[1]):
            y0 = _side(P0, j, i, xv, geo, N, rules, finish_bank, True, pv, ps, bv, bs, ch, bd, sol_roll, sB, lohiB)
            e = ps[0, N]
            c = y0 - e * xv
            passes += 1
    return -1


@njit(cache=True)
def _vi_pair(P0, i, j, geo, N, rules, finish_bank, sol_roll, out_stats, tol, max_iter, work):
    """Value iteration on pair ``(i, j)`` (no bust counter): alternate the two turns until the change
    is below ``tol`` (or stalls below ``STALL``); returns the rounds (-1: ``max_iter`` reached)."""
    pv, ps, bv, bs, ch, bd, sA, sB, lohi, _ = work
    yv = _guess(P0, i, j, geo[0] - geo[1])
    last = np.inf
    for it in range(1, max_iter + 1):
        x = _side(P0, i, j, yv, geo, N, rules, finish_bank, False, pv, ps, bv, bs, ch, bd, sol_roll, sA, lohi)
        if i == j:
            change = abs(x - yv)
            yv = x
        else:
            y = _side(P0, j, i, x, geo, N, rules, finish_bank, False, pv, ps, bv, bs, ch, bd, sol_roll, sB, lohi)
            change = abs(y - yv)
            yv = y
        P0[i, j] = x
        P0[j, i] = yv
        if change <= tol or (change <= STALL and change >= last):
            _store(sA, out_stats, i, j)
            if i != j:
                _store(sB, out_stats, j, i)
            return it
        last = change
    return -1


@njit(cache=True)
def _counter_pair(P0, u, v, geo, N, rules, finish_bank, sol_roll, out_stats, work):
    """One Gauss-Seidel pass over the turn starts of scores ``u <= v`` with every bust count (a
    counter game); returns the largest change. Counts are visited from the largest sum down, so a
    bust (one more in a row) reads a value already passed; the penalty reads a lower score sum."""
    G, F, K, PEN, MINB, SIMPLE, SMAX = geo
    pv, ps, bv, bs, ch, bd, st, _, lohi, _ = work
    worst = 0.0
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
                y = P0[pj, _bust_pos(pi, geo)]
                x = _side(P0, pi, pj, y, geo, N, rules, finish_bank, False, pv, ps, bv, bs, ch, bd, sol_roll,
                          st, lohi)
                d = abs(x - P0[pi, pj])
                if d > worst:
                    worst = d
                P0[pi, pj] = x
                _store(st, out_stats, pi, pj)
    return worst


@njit(cache=True)
def _diagonal_body(P0, s, geo, N, rules, finish_bank, sol_roll, out_stats, counts, changes, method, tol,
                   max_iter, q, work):
    S = geo[0] - geo[1]
    first = max(0, s - S + 1)
    i = first + q
    if geo[2] > 1:
        changes[i, s - i] = _counter_pair(P0, i, s - i, geo, N, rules, finish_bank, sol_roll, out_stats, work)
        counts[i, s - i] += 1
    elif method == 0:
        counts[i, s - i] = _solve_pair(P0, i, s - i, geo, N, rules, finish_bank, sol_roll, out_stats, work)
    else:
        counts[i, s - i] = _vi_pair(P0, i, s - i, geo, N, rules, finish_bank, sol_roll, out_stats, tol, max_iter,
                                    work)


@njit(cache=True, parallel=True)
def _diagonal_parallel(P0, s, geo, N, rules, T, finish_bank, sol_roll, out_stats, counts, changes, method, tol,
                       max_iter):
    """Every pair of scores ``i <= j`` with ``i + j = s``, in parallel (they read only larger sums,
    or, through a penalty, smaller ones)."""
    S = geo[0] - geo[1]
    first = max(0, s - S + 1)
    for q in prange(s // 2 - first + 1):
        work = _work(T, N, rules[1][N + 1])
        _diagonal_body(P0, s, geo, N, rules, finish_bank, sol_roll, out_stats, counts, changes, method, tol,
                       max_iter, q, work)


@njit(cache=True)
def _diagonal_serial(P0, s, geo, N, rules, T, finish_bank, sol_roll, out_stats, counts, changes, method, tol,
                     max_iter, work):
    """:func:`_diagonal_parallel` on one core (same results), with one scratch ``work`` for every pair."""
    S = geo[0] - geo[1]
    first = max(0, s - S + 1)
    for q in range(s // 2 - first + 1):
        _diagonal_body(P0, s, geo, N, rules, finish_bank, sol_roll, out_stats, counts, changes, method, tol,
                       max_iter, q, work)


@njit(cache=True, parallel=True)
def _residual(P0, geo, N, rules, T, finish_bank, sol_roll):
    """``max |L P0 - P0|``: one Bellman update of every turn-start value, compared."""
    P = P0.shape[0]
    worst = np.zeros(P)
    E = rules[1][N + 1]
    for i in prange(P):
        pv, ps, bv, bs, ch, bd = _scratch(T, N, E)
        st = np.zeros((4, N + 1), dtype=np.int64)
        lohi = np.empty(2)
        for j in range(P):
            y = P0[j, _bust_pos(i, geo)]
            x = _side(P0, i, j, y, geo, N, rules, finish_bank, False, pv, ps, bv, bs, ch, bd, sol_roll, st, lohi)
            d = abs(x - P0[i, j])
            if d > worst[i]:
                worst[i] = d
    return worst.max()


@njit(cache=True)
def _residual_simple(P0, geo, rules, T):
    """:func:`_residual` of a simple model (one die, one option an outcome, Pig), written out on its own:
    values only, one row of turn totals, no statistics or choices. The same sums in the same order, so the
    same number; a second code path for the solve's certificate, and about three times faster."""
    p0, out_ptr, out_p, out_k, opt_ptr, opt_s, opt_n = rules
    G, F, K, PEN, MINB, SIMPLE, SMAX = geo
    v = np.ones(T + SMAX + 1)
    q = p0[1]
    worst = 0.0
    for i in range(P0.shape[0]):
        R = G - (i // K + F)
        if R < MINB:
            R = MINB
        for t in range(R, R + SMAX + 1):  # the goal is reached: a win
            v[t] = 1.0
        home = i - i % K
        b = _bust_pos(i, geo)
        for j in range(P0.shape[0]):
            y = P0[j, b]
            for t in range(R - 1, -1, -1):
                acc = 1.0 - y
                for e in range(out_ptr[1], out_ptr[2]):
                    acc += v[t + opt_s[opt_ptr[e]]]
                roll = acc * q
                if t == 0:
                    d = abs(roll - P0[i, j])
                    if d > worst:
                        worst = d
                elif t < MINB:
                    v[t] = roll
                else:
                    bank = 1.0 - P0[j, home + t * K]
                    v[t] = bank if bank >= roll else roll
    return worst


@njit(cache=True)
def _turn(P0, i, j, geo, N, rules, finish_bank, sol_roll, pv, bv, ch, bd):
    """The optimal turn at ``(i, j)`` at the solution: fills ``pv``, ``bv``, ``ch``, ``bd``."""
    ps = np.zeros_like(pv)
    bs = np.zeros_like(bv)
    st = np.zeros((4, N + 1), dtype=np.int64)
    lohi = np.empty(2)
    y = P0[j, _bust_pos(i, geo)]
    return _side(P0, i, j, y, geo, N, rules, finish_bank, False, pv, ps, bv, bs, ch, bd, sol_roll, st, lohi)


@njit(cache=True, parallel=True)
def _policy_map(P0, j, geo, N, rules, T, finish_bank, sol_roll, roll_value, bank_value):
    """For opponent position ``j``: ``roll_value[n, i, t]`` and ``bank_value[i, t]`` for every own position ``i``."""
    G, F, K, PEN, MINB, SIMPLE, SMAX = geo
    E = rules[1][N + 1]
    for i in prange(P0.shape[0]):
        pv = np.zeros((T, N + 1))
        bv = np.zeros((T, N + 1))
        ch = np.zeros((T, E), dtype=np.int32)
        bd = np.zeros((T, N + 1), dtype=np.int8)
        _turn(P0, i, j, geo, N, rules, finish_bank, sol_roll, pv, bv, ch, bd)
        home = i - i % K
        R = max(G - (i // K + F), MINB)
        for t in range(max(1, MINB), G - (i // K + F)):
            bank_value[i, t] = 1.0 - P0[j, home + t * K]
        for t in range(1, min(R, roll_value.shape[2])):
            for n in range(1, N + 1):
                roll_value[n, i, t] = pv[t, n]


@njit(cache=True, parallel=True)
def _pre_table(P0, geo, N, rules, T, finish_bank, sol_roll, offsets, pre):
    """The optimal pre-roll values of every state: ``pre[offsets[i] + (j * R_i + t) * N + n - 1]``."""
    G, F, K, PEN, MINB, SIMPLE, SMAX = geo
    E = rules[1][N + 1]
    P = P0.shape[0]
    for i in prange(P):
        pv = np.zeros((T, N + 1))
        bv = np.zeros((T, N + 1))
        ch = np.zeros((T, E), dtype=np.int32)
        bd = np.zeros((T, N + 1), dtype=np.int8)
        R = max(G - (i // K + F), MINB)
        for j in range(P):
            _turn(P0, i, j, geo, N, rules, finish_bank, sol_roll, pv, bv, ch, bd)
            for t in range(R):
                for n in range(1, N + 1):
                    pre[offsets[i] + (j * R + t) * N + n - 1] = pv[t, n]
