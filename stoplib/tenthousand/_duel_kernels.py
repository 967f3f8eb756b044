"""Two-player Ten Thousand: the numba kernels behind :mod:`.duel_game`.

Private: every function here is ``_name``, ``@njit(cache=True)`` (``parallel=True`` for the
loops over the independent pairs of one score sum), made of plain loops that fill the
arrays they are given.

The game is document 002's turn, played for the win. ``P0[i, j]`` is the probability that
the player to move wins at the start of a turn with ``i`` chips banked against ``j``. A
turn (:func:`_side`) is a backward pass over the turn total ``t`` (from ``goal - i - 1``
down to 0) of two tables: ``pre[t, n]``, the value of rolling ``n`` dice with ``t`` chips,
and ``base[t, n] = max(bank(t), pre[t, n])``, the value of holding ``t`` chips with ``n``
dice to roll, where ``bank(t) = 1 - P0[j, i + t]``. A roll of ``n`` dice shows outcome
``e`` (a configuration ``k``, probability ``out_p[e]``) and the player keeps one of its
options ``o``: a configuration ``j <= k`` (all of ``k``, or a smaller one when some die did
not score), worth ``base[t + opt_s[o], opt_n[o]]`` (``opt_n`` is the dice left, all five
again after hot dice). Totals that reach the goal are worth 1. A bust (probability ``p0[n]``)
is worth ``1 - y``, ``y = P0[j, i]`` the *partner* value: the only link to the pair's other
unknown. Under the pass's choices every value is affine in ``y``; with ``track`` the pass
also returns the slope and the interval of ``y`` on which its choices stay optimal.

The rule arrays (:func:`stoplib.tenthousand.duel_game._tables`) travel as one tuple
``rules = (p0, out_ptr, out_p, out_k, opt_ptr, opt_s, opt_n)``.
"""
from __future__ import annotations

import numpy as np
from numba import njit, prange

from ..util.rng import next_below, stream_start
from ._kernels import _roll_config
from ._pig_duel_kernels import MAX_PIECES, STALL, _bracket

__all__: list[str] = []   # private kernels only


@njit(cache=True)
def _limit(lo, hi, y, dv, ds):
    """Narrow ``[lo, hi]`` to the ``y'`` where the chosen value (margin ``dv >= 0`` over an
    alternative, slope difference ``ds``) stays at least the alternative's."""
    if ds > 0.0:
        b = y - dv / ds
        if b > lo:
            lo = b
    elif ds < 0.0:
        b = y - dv / ds
        if b < hi:
            hi = b
    return lo, hi


@njit(cache=True)
def _side(P0, i, j, y, G, N, rules, finish_bank, track, pre_v, pre_s, base_v, base_s,
          choice, bank_dec, sol_roll, stats, lohi):
    """The optimal turn at ``(i, j)`` with partner value ``y``; returns its value ``pre_v[0, N]``.

    Fills ``pre_v``/``base_v`` (and, with ``track``, the slopes ``pre_s``/``base_s`` and
    ``lohi``), ``choice[t, e]`` (the option kept), ``bank_dec[t, n]`` (1: bank) and
    ``stats[:, n]``: the least total at which banking is optimal, the largest at which
    rolling is, and how many totals roll where the solitaire policy ``sol_roll`` banks
    (riskier) and bank where it rolls (safer).
    """
    p0, out_ptr, out_p, out_k, opt_ptr, opt_s, opt_n = rules
    R = G - i
    top = base_v.shape[0]
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
    lo = -np.inf
    hi = np.inf
    for t in range(R - 1, -1, -1):
        for n in range(1, N + 1):
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
                choice[t, e] = bo
                bs = base_s[t + opt_s[bo], opt_n[bo]] if track else 0.0
                if track and opt_ptr[e + 1] - opt_ptr[e] > 1:
                    for o in range(opt_ptr[e], opt_ptr[e + 1]):
                        if o != bo:
                            tt = t + opt_s[o]
                            lo, hi = _limit(lo, hi, y, bv - base_v[tt, opt_n[o]], bs - base_s[tt, opt_n[o]])
                acc += out_p[e] * bv
                accs += out_p[e] * bs
            pre_v[t, n] = acc
            pre_s[t, n] = accs
        if t == 0:
            break
        bank = 1.0 - P0[j, i + t]
        for n in range(1, N + 1):
            rv = pre_v[t, n]
            rs = pre_s[t, n]
            if bank >= rv:
                base_v[t, n] = bank
                base_s[t, n] = 0.0
                bank_dec[t, n] = 1
                if track:
                    lo, hi = _limit(lo, hi, y, bank - rv, -rs)
                stats[0, n] = t
                if sol_roll[t, n]:
                    stats[3, n] += 1
            else:
                base_v[t, n] = rv
                base_s[t, n] = rs
                bank_dec[t, n] = 0
                if track:
                    lo, hi = _limit(lo, hi, y, rv - bank, rs)
                if t > stats[1, n]:
                    stats[1, n] = t
                if not sol_roll[t, n]:
                    stats[2, n] += 1
    lohi[0] = lo
    lohi[1] = hi
    return pre_v[0, N]


@njit(cache=True)
def _scratch(G, N, E, smax):
    top = G + smax + 1
    return (np.zeros((top, N + 1)), np.zeros((top, N + 1)), np.zeros((top, N + 1)), np.zeros((top, N + 1)),
            np.zeros((top, E), dtype=np.int32), np.zeros((top, N + 1), dtype=np.int8))


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
def _solve_pair(P0, i, j, G, N, rules, smax, finish_bank, sol_roll, out_stats):
    """Exact turn-start values of pair ``(i, j)``, ``i <= j``, by visiting pieces; returns the passes (-1: gave up).

    A piece of each turn (``x = a + b y`` on ``y`` in ``[loA, hiA]``; ``y = c + e x`` on ``x`` in
    ``[loB, hiB]``) is kept while the next point lies on it, so a turn is passed again only
    when the search leaves its piece.
    """
    E = rules[1][N + 1]
    pv, ps, bv, bs, ch, bd = _scratch(G, N, E, smax)
    sA = np.zeros((4, N + 1), dtype=np.int64)
    sB = np.zeros((4, N + 1), dtype=np.int64)
    lohiA = np.empty(2)
    lohiB = np.empty(2)
    bracket = np.array([0.0, 1.0])
    yv = _guess(P0, i, j, G)
    passes = 0
    x0 = _side(P0, i, j, yv, G, N, rules, finish_bank, True, pv, ps, bv, bs, ch, bd, sol_roll, sA, lohiA)
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
            x0 = _side(P0, i, j, yv, G, N, rules, finish_bank, True, pv, ps, bv, bs, ch, bd, sol_roll, sA, lohiA)
            b = ps[0, N]
            a = x0 - b * yv
            passes += 1
        return -1
    y0 = _side(P0, j, i, x0, G, N, rules, finish_bank, True, pv, ps, bv, bs, ch, bd, sol_roll, sB, lohiB)
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
            x0 = _side(P0, i, j, yv, G, N, rules, finish_bank, True, pv, ps, bv, bs, ch, bd, sol_roll, sA, lohiA)
            b = ps[0, N]
            a = x0 - b * yv
            passes += 1
        xv = a + b * yv
        if not (lohiB[0] < xv < lohiB[1]):
            y0 = _side(P0, j, i, xv, G, N, rules, finish_bank, True, pv, ps, bv, bs, ch, bd, sol_roll, sB, lohiB)
            e = ps[0, N]
            c = y0 - e * xv
            passes += 1
    return -1


@njit(cache=True)
def _vi_pair(P0, i, j, G, N, rules, smax, finish_bank, sol_roll, out_stats, tol, max_iter):
    """Value iteration on pair ``(i, j)``: alternate the two turns until the change is below ``tol``
    (or stalls below ``STALL``); returns the rounds (-1: ``max_iter`` reached)."""
    E = rules[1][N + 1]
    pv, ps, bv, bs, ch, bd = _scratch(G, N, E, smax)
    sA = np.zeros((4, N + 1), dtype=np.int64)
    sB = np.zeros((4, N + 1), dtype=np.int64)
    lohi = np.empty(2)
    yv = _guess(P0, i, j, G)
    last = np.inf
    for it in range(1, max_iter + 1):
        x = _side(P0, i, j, yv, G, N, rules, finish_bank, False, pv, ps, bv, bs, ch, bd, sol_roll, sA, lohi)
        if i == j:
            change = abs(x - yv)
            yv = x
        else:
            y = _side(P0, j, i, x, G, N, rules, finish_bank, False, pv, ps, bv, bs, ch, bd, sol_roll, sB, lohi)
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


@njit(cache=True, parallel=True)
def _diagonal_parallel(P0, s, G, N, rules, smax, finish_bank, sol_roll, out_stats, counts, method, tol, max_iter):
    """Every pair ``i <= j`` with ``i + j = s``, in parallel (they only read larger sums)."""
    first = max(0, s - G + 1)
    for q in prange(s // 2 - first + 1):
        i = first + q
        if method == 0:
            counts[i, s - i] = _solve_pair(P0, i, s - i, G, N, rules, smax, finish_bank, sol_roll, out_stats)
        else:
            counts[i, s - i] = _vi_pair(P0, i, s - i, G, N, rules, smax, finish_bank, sol_roll, out_stats,
                                        tol, max_iter)


@njit(cache=True)
def _diagonal_serial(P0, s, G, N, rules, smax, finish_bank, sol_roll, out_stats, counts, method, tol, max_iter):
    """:func:`_diagonal_parallel` on one core (same results)."""
    first = max(0, s - G + 1)
    for q in range(s // 2 - first + 1):
        i = first + q
        if method == 0:
            counts[i, s - i] = _solve_pair(P0, i, s - i, G, N, rules, smax, finish_bank, sol_roll, out_stats)
        else:
            counts[i, s - i] = _vi_pair(P0, i, s - i, G, N, rules, smax, finish_bank, sol_roll, out_stats,
                                        tol, max_iter)


@njit(cache=True, parallel=True)
def _residual(P0, G, N, rules, smax, finish_bank, sol_roll):
    """``max |L P0 - P0|``: one Bellman update of every turn-start value, compared."""
    worst = np.zeros(G)
    E = rules[1][N + 1]
    for i in prange(G):
        pv, ps, bv, bs, ch, bd = _scratch(G, N, E, smax)
        st = np.zeros((4, N + 1), dtype=np.int64)
        lohi = np.empty(2)
        for j in range(G):
            x = _side(P0, i, j, P0[j, i], G, N, rules, finish_bank, False, pv, ps, bv, bs, ch, bd, sol_roll, st, lohi)
            d = abs(x - P0[i, j])
            if d > worst[i]:
                worst[i] = d
    return worst.max()


@njit(cache=True)
def _turn(P0, i, j, G, N, rules, smax, finish_bank, sol_roll, pv, bv, ch, bd):
    """The optimal turn at ``(i, j)`` at the solution (``y = P0[j, i]``): fills ``pv``, ``bv``, ``ch``, ``bd``."""
    ps = np.zeros_like(pv)
    bs = np.zeros_like(bv)
    st = np.zeros((4, N + 1), dtype=np.int64)
    lohi = np.empty(2)
    return _side(P0, i, j, P0[j, i], G, N, rules, finish_bank, False, pv, ps, bv, bs, ch, bd, sol_roll, st, lohi)


@njit(cache=True, parallel=True)
def _policy_map(P0, j, G, N, rules, smax, finish_bank, sol_roll, roll_value, bank_value):
    """For opponent score ``j``: ``roll_value[n, i, t]`` and ``bank_value[i, t]`` for every own score ``i``."""
    E = rules[1][N + 1]
    for i in prange(G):
        pv = np.zeros((G + smax + 1, N + 1))
        bv = np.zeros((G + smax + 1, N + 1))
        ch = np.zeros((G + smax + 1, E), dtype=np.int32)
        bd = np.zeros((G + smax + 1, N + 1), dtype=np.int8)
        _turn(P0, i, j, G, N, rules, smax, finish_bank, sol_roll, pv, bv, ch, bd)
        for t in range(1, G - i):
            bank_value[i, t] = 1.0 - P0[j, i + t]
            for n in range(1, N + 1):
                roll_value[n, i, t] = pv[t, n]


@njit(cache=True, parallel=True)
def _pre_table(P0, G, N, rules, smax, finish_bank, sol_roll, offsets, pre):
    """The optimal pre-roll values of every state: ``pre[offsets[i] + (j * (G - i) + t) * N + n - 1]``."""
    E = rules[1][N + 1]
    for i in prange(G):
        pv = np.zeros((G + smax + 1, N + 1))
        bv = np.zeros((G + smax + 1, N + 1))
        ch = np.zeros((G + smax + 1, E), dtype=np.int32)
        bd = np.zeros((G + smax + 1, N + 1), dtype=np.int8)
        R = G - i
        for j in range(G):
            _turn(P0, i, j, G, N, rules, smax, finish_bank, sol_roll, pv, bv, ch, bd)
            for t in range(R):
                for n in range(1, N + 1):
                    pre[offsets[i] + (j * R + t) * N + n - 1] = pv[t, n]


# ----------------------------------------------------------------------------- fixed policies

@njit(cache=True)
def _affine_turn(Vopp, i, j, G, N, rules, optimal, ch, bd, tab_o, tab_a, cap, a_v, b_v):
    """A turn at ``(i, j)`` under fixed choices: value ``a_v[t, n] + b_v[t, n] z``, ``z`` the
    opponent's turn-start value at ``(j, i)``; banking ``t`` is worth ``1 - Vopp[j, i + t]``.

    ``optimal``: the choices are ``ch[t, e]`` (option) and ``bd[t', n']`` (bank) of the optimal
    turn; else those of a solitaire rule, ``tab_o[t', e]``/``tab_a[t', e]`` at the total
    ``t' = t + s(k)`` after the roll (keep everything and bank from ``cap`` on). The goal wins at once.
    """
    p0, out_ptr, out_p, out_k, opt_ptr, opt_s, opt_n = rules
    R = G - i
    for t in range(R - 1, -1, -1):
        for n in range(1, N + 1):
            a = p0[n]
            b = -p0[n]
            for e in range(out_ptr[n], out_ptr[n + 1]):
                o0 = opt_ptr[e]
                t1 = t + opt_s[o0]      # option 0 keeps the whole roll
                if t1 >= R:
                    a += out_p[e]
                    continue
                if optimal:
                    o = ch[t, e]
                    act = 1 - bd[t + opt_s[o], opt_n[o]]
                elif t1 < cap:
                    o = o0 + tab_o[t1, e]
                    act = tab_a[t1, e]
                else:
                    o = o0
                    act = 0
                t2 = t + opt_s[o]
                if act == 0:
                    a += out_p[e] * (1.0 - Vopp[j, i + t2])
                else:
                    a += out_p[e] * a_v[t2, opt_n[o]]
                    b += out_p[e] * b_v[t2, opt_n[o]]
            a_v[t, n] = a
            b_v[t, n] = b


@njit(cache=True)   # one core: a sum's pairs are few, and a parallel region per sum costs more than it gains
def _evaluate_diagonal(s, G, N, rules, smax, finish_bank, sol_roll, P0opt, VA, VB, optA, tabA_o, tabA_a, capA,
                       optB, tabB_o, tabB_a, capB):
    """Player A against B, every ordered pair ``(i, j)`` with ``i + j = s``: ``VA[i, j]`` (A to move)
    and ``VB[j, i]`` (B to move) from their 2x2 system. Optimal choices come from ``P0opt``."""
    E = rules[1][N + 1]
    first = max(0, s - G + 1)
    for q in range(min(s, G - 1) - first + 1):
        i = first + q
        j = s - i
        top = G + smax + 1
        pv = np.zeros((top, N + 1))
        bv = np.zeros((top, N + 1))
        ch = np.zeros((top, E), dtype=np.int32)
        bd = np.zeros((top, N + 1), dtype=np.int8)
        a_v = np.zeros((top, N + 1))
        b_v = np.zeros((top, N + 1))
        if optA:
            _turn(P0opt, i, j, G, N, rules, smax, finish_bank, sol_roll, pv, bv, ch, bd)
        _affine_turn(VB, i, j, G, N, rules, optA, ch, bd, tabA_o, tabA_a, capA, a_v, b_v)
        a, b = a_v[0, N], b_v[0, N]
        if optB:
            _turn(P0opt, j, i, G, N, rules, smax, finish_bank, sol_roll, pv, bv, ch, bd)
        _affine_turn(VA, j, i, G, N, rules, optB, ch, bd, tabB_o, tabB_a, capB, a_v, b_v)
        c, e = a_v[0, N], b_v[0, N]
        x = (a + b * c) / (1.0 - b * e)
        VA[i, j] = x
        VB[j, i] = c + e * x


@njit(cache=True)
def _resolve(A, Ab, chain, cap, N, s, d, move_dest, out_k, out_n, opt_ptr, opt_s, opt_n, tab_o, tab_a):
    """A solitaire policy table ``A[t, k, n]`` (stop 0, roll 1, move codes) as the option kept and
    the action (0 bank, 1 roll) after each outcome ``e`` at each total ``t < cap``; 0 when all fit."""
    for t in range(cap):
        for e in range(out_k.shape[0]):
            k = out_k[e]
            if t < s[k]:
                tab_o[t, e] = 0
                tab_a[t, e] = 0
                continue
            n = out_n[e] - d[k]
            if n == 0:
                n = N
            tt = t
            kk = k
            a = A[tt, kk, n]
            moved = False
            while a >= 2:
                j = move_dest[kk, a]
                tt = tt - s[kk] + s[j]
                n = n + d[kk] - d[j]
                kk = j
                moved = True
                if tt >= cap:
                    a = 0
                elif moved and not chain:
                    a = Ab[tt, kk, n]
                else:
                    a = A[tt, kk, n]
            found = -1
            for o in range(opt_ptr[e], opt_ptr[e + 1]):
                if opt_s[o] == s[kk] and opt_n[o] == n:
                    found = o - opt_ptr[e]
                    break
            if found < 0:
                return 1
            tab_o[t, e] = found
            tab_a[t, e] = 1 if a == 1 else 0
    return 0


# ----------------------------------------------------------------------------- Monte Carlo

@njit(cache=True)
def _decide(optimal, P0, pre, offsets, own, opp, t, e, G, N, rules, tab_o, tab_a, cap, s_k):
    """The option kept and the action (0 bank, 1 roll) after outcome ``e`` with ``t`` chips before the roll."""
    p0, out_ptr, out_p, out_k, opt_ptr, opt_s, opt_n = rules
    if not optimal:
        t1 = t + s_k
        if t1 < cap:
            return opt_ptr[e] + tab_o[t1, e], tab_a[t1, e]
        return opt_ptr[e], 0
    R = G - own
    best = -1.0
    bo = -1
    bact = 0
    for o in range(opt_ptr[e], opt_ptr[e + 1]):
        t2 = t + opt_s[o]
        bank = 1.0 - P0[opp, own + t2]
        roll = pre[offsets[own] + (opp * R + t2) * N + opt_n[o] - 1]
        v = bank if bank >= roll else roll
        if v > best:
            best = v
            bo = o
            bact = 0 if bank >= roll else 1
    return bo, bact


@njit(cache=True)
def _play_chunk(base, chunk, n_games, a_first, G, N, rules, s, cfg_of, e_of, P0, pre, offsets,
                optA, tabA_o, tabA_a, capA, optB, tabB_o, tabB_a, capB):
    """Play ``n_games`` games of A against B on stream ``chunk`` of the kernel seed ``base``; return A's wins."""
    p0, out_ptr, out_p, out_k, opt_ptr, opt_s, opt_n = rules
    state = stream_start(base, chunk)
    counts = np.zeros(7, dtype=np.int64)
    wins = 0
    for _ in range(n_games):
        sa = 0
        sb = 0
        a_turn = a_first
        while True:
            own = sa if a_turn else sb
            opp = sb if a_turn else sa
            t = 0
            n = N
            won = False
            while True:
                for f in range(7):
                    counts[f] = 0
                for _r in range(n):
                    state, face = next_below(state, 6)
                    counts[face + 1] += 1
                k = _roll_config(counts, cfg_of)
                if k == 0:
                    t = 0
                    break
                if own + t + s[k] >= G:
                    won = True
                    break
                e = e_of[n, k]
                if a_turn:
                    o, act = _decide(optA, P0, pre, offsets, own, opp, t, e, G, N, rules, tabA_o, tabA_a, capA, s[k])
                else:
                    o, act = _decide(optB, P0, pre, offsets, own, opp, t, e, G, N, rules, tabB_o, tabB_a, capB, s[k])
                t += opt_s[o]
                n = opt_n[o]
                if act == 0:
                    break
            if won:
                if a_turn:
                    wins += 1
                break
            if a_turn:
                sa += t
            else:
                sb += t
            a_turn = not a_turn
    return wins


@njit(cache=True, parallel=True)
def _play_parallel(base, sizes, a_first, G, N, rules, s, cfg_of, e_of, P0, pre, offsets,
                   optA, tabA_o, tabA_a, capA, optB, tabB_o, tabB_a, capB, wins):
    for c in prange(sizes.shape[0]):
        wins[c] = _play_chunk(base, c, sizes[c], a_first, G, N, rules, s, cfg_of, e_of, P0, pre, offsets,
                              optA, tabA_o, tabA_a, capA, optB, tabB_o, tabB_a, capB)


@njit(cache=True)
def _play_serial(base, sizes, a_first, G, N, rules, s, cfg_of, e_of, P0, pre, offsets,
                 optA, tabA_o, tabA_a, capA, optB, tabB_o, tabB_a, capB, wins):
    for c in range(sizes.shape[0]):
        wins[c] = _play_chunk(base, c, sizes[c], a_first, G, N, rules, s, cfg_of, e_of, P0, pre, offsets,
                              optA, tabA_o, tabA_a, capA, optB, tabB_o, tabB_a, capB)
