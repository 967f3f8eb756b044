"""Two-player races under fixed policies: exact evaluation and Monte Carlo games (numba kernels of
:mod:`.match` and :mod:`.simulation`).

Private: every function here is ``_name``, ``@njit(cache=True)``, made of plain loops.

A fixed player is ``(optimal, tab_o, tab_a, cap, hold_from)``. ``optimal``: the choices of the
solved game (the option kept ``ch[t, e]`` and the bank decisions ``bd`` of its optimal turn).
Otherwise, after outcome ``e`` with ``t1`` units counting the whole roll: at or beyond
``min(cap, hold_from[own, opponent])`` it keeps the most and banks; below, it keeps option
``tab_o[t1, e]`` (an offset from the first) and banks (``tab_a = 0``) or rolls (1). The goal
wins at once. Games without a bust counter only (the evaluation pairs ``(i, j)`` with ``(j, i)``).
"""
from __future__ import annotations

import numpy as np
from numba import njit, prange

from ..util.rng import next_below, stream_start
from ._kernels import _turn

__all__: list[str] = []   # private kernels only


@njit(cache=True)
def _affine_turn(Vopp, i, j, G, N, rules, optimal, ch, bd, tab_o, tab_a, cap, hold_from, a_v, b_v):
    """A turn at ``(i, j)`` under fixed choices: value ``a_v[t, n] + b_v[t, n] z``, ``z`` the
    opponent's turn-start value at ``(j, i)``; banking ``t`` is worth ``1 - Vopp[j, i + t]``."""
    p0, out_ptr, out_p, out_k, opt_ptr, opt_s, opt_n = rules
    R = G - i
    top = cap if cap < hold_from[i, j] else hold_from[i, j]
    for t in range(R - 1, -1, -1):
        for n in range(1, N + 1):
            a = p0[n]
            b = -p0[n]
            for e in range(out_ptr[n], out_ptr[n + 1]):
                o0 = opt_ptr[e]
                t1 = t + opt_s[o0]      # option 0 keeps the most
                if t1 >= R:
                    a += out_p[e]
                    continue
                if optimal:
                    o = ch[t, e]
                    act = 1 - bd[t + opt_s[o], opt_n[o]]
                elif t1 < top:
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
def _evaluate_diagonal(s, geo, N, rules, T, finish_bank, sol_roll, P0opt, VA, VB, optA, tabA_o, tabA_a, capA,
                       holdA, optB, tabB_o, tabB_a, capB, holdB):
    """Player A against B, every ordered pair ``(i, j)`` with ``i + j = s``: ``VA[i, j]`` (A to move)
    and ``VB[j, i]`` (B to move) from their 2x2 system. Optimal choices come from ``P0opt``."""
    G = geo[0]
    E = rules[1][N + 1]
    first = max(0, s - G + 1)
    for q in range(min(s, G - 1) - first + 1):
        i = first + q
        j = s - i
        pv = np.zeros((T, N + 1))
        bv = np.zeros((T, N + 1))
        ch = np.zeros((T, E), dtype=np.int32)
        bd = np.zeros((T, N + 1), dtype=np.int8)
        a_v = np.zeros((T, N + 1))
        b_v = np.zeros((T, N + 1))
        if optA:
            _turn(P0opt, i, j, geo, N, rules, finish_bank, sol_roll, pv, bv, ch, bd)
        _affine_turn(VB, i, j, G, N, rules, optA, ch, bd, tabA_o, tabA_a, capA, holdA, a_v, b_v)
        a, b = a_v[0, N], b_v[0, N]
        if optB:
            _turn(P0opt, j, i, geo, N, rules, finish_bank, sol_roll, pv, bv, ch, bd)
        _affine_turn(VA, j, i, G, N, rules, optB, ch, bd, tabB_o, tabB_a, capB, holdB, a_v, b_v)
        c, e = a_v[0, N], b_v[0, N]
        x = (a + b * c) / (1.0 - b * e)
        VA[i, j] = x
        VB[j, i] = c + e * x


# ----------------------------------------------------------------------------- Monte Carlo

@njit(cache=True)
def _decide(optimal, P0, pre, offsets, own, opp, t, e, G, N, rules, tab_o, tab_a, cap, hold_from, s_k):
    """The option kept and the action (0 bank, 1 roll) after outcome ``e`` with ``t`` units before the roll."""
    p0, out_ptr, out_p, out_k, opt_ptr, opt_s, opt_n = rules
    if not optimal:
        t1 = t + s_k
        top = cap if cap < hold_from[own, opp] else hold_from[own, opp]
        if t1 < top:
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
def _roll(state, n, N, F, roll_outcome):
    """Roll ``n`` dice with ``F`` faces: ``(state, outcome)`` (-1: a bust); one draw per die, as the old games."""
    if N == 1:
        state, face = next_below(state, F)
        return state, roll_outcome[1, face]
    key = 0
    for _r in range(n):
        state, face = next_below(state, F)
        key += (N + 1) ** face
    return state, roll_outcome[n, key]


@njit(cache=True)
def _play_chunk(base, chunk, n_games, a_first, G, N, F, rules, roll_outcome, P0, pre, offsets,
                optA, tabA_o, tabA_a, capA, holdA, optB, tabB_o, tabB_a, capB, holdB):
    """Play ``n_games`` games of A against B on stream ``chunk`` of the kernel seed ``base``; return A's wins."""
    p0, out_ptr, out_p, out_k, opt_ptr, opt_s, opt_n = rules
    state = stream_start(base, chunk)
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
                state, e = _roll(state, n, N, F, roll_outcome)
                if e < 0:
                    t = 0
                    break
                s_k = opt_s[opt_ptr[e]]
                if own + t + s_k >= G:
                    won = True
                    break
                if a_turn:
                    o, act = _decide(optA, P0, pre, offsets, own, opp, t, e, G, N, rules, tabA_o, tabA_a, capA,
                                     holdA, s_k)
                else:
                    o, act = _decide(optB, P0, pre, offsets, own, opp, t, e, G, N, rules, tabB_o, tabB_a, capB,
                                     holdB, s_k)
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
def _play_parallel(base, sizes, a_first, G, N, F, rules, roll_outcome, P0, pre, offsets,
                   optA, tabA_o, tabA_a, capA, holdA, optB, tabB_o, tabB_a, capB, holdB, wins):
    for c in prange(sizes.shape[0]):
        wins[c] = _play_chunk(base, c, sizes[c], a_first, G, N, F, rules, roll_outcome, P0, pre, offsets,
                              optA, tabA_o, tabA_a, capA, holdA, optB, tabB_o, tabB_a, capB, holdB)


@njit(cache=True)
def _play_serial(base, sizes, a_first, G, N, F, rules, roll_outcome, P0, pre, offsets,
                 optA, tabA_o, tabA_a, capA, holdA, optB, tabB_o, tabB_a, capB, holdB, wins):
    for c in range(sizes.shape[0]):
        wins[c] = _play_chunk(base, c, sizes[c], a_first, G, N, F, rules, roll_outcome, P0, pre, offsets,
                              optA, tabA_o, tabA_a, capA, holdA, optB, tabB_o, tabB_a, capB, holdB)
