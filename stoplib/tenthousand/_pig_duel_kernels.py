"""Two-player Pig: the numba kernels behind :mod:`.pig_duel_game`.

Private: every function here is ``_name``, ``@njit(cache=True)``, made of plain loops
that fill the arrays it is given. The tables follow :mod:`.pig_duel_game`:
``V[i, j, k]`` is the probability that the player to move wins with ``i`` banked,
the opponent ``j`` banked and turn total ``k``; ``V[i, j, k] = 1`` once
``i + k >= goal``; ``V[:, :, 0]`` are the turn-start values.

The turn of the player at ``(i, j)`` reaches the other turn-start states only through
a bust (to ``(j, i, 0)``, the *partner* of ``(i, j, 0)``) or a hold (to
``(j, i + k, 0)``, whose score sum is larger). So for a fixed partner value ``y``
one backward pass over ``k`` (:func:`_side`) gives the whole turn, and every value in
it is an affine function of ``y`` under the policy the pass chose, valid on an
interval of ``y`` that the pass also returns. :func:`_solve_pair` finds the exact
intersection of the two turns' piecewise-linear maps by bracketing these pieces
(:func:`_bracket`, shared with the Ten Thousand kernels); :func:`_vi_pair` iterates
the same two passes instead (value iteration).
"""
from __future__ import annotations

import numpy as np
from numba import njit, prange

from ..util.rng import next_below, stream_start

__all__: list[str] = []   # private kernels only

#: The most pieces one pair's bracketing may visit before it gives up (it needs 1-3).
MAX_PIECES = 200
#: How far outside a piece's interval its fixed point may fall and still be accepted
#: (rounding; the error this allows is below TOL times a slope difference, slopes <= 1).
TOL = 1e-13
#: Value iteration also stops on a pair whose change no longer shrinks once below this: float64
#: rounding in a long pass can make the last digits cycle (a decreasing map's iterates straddle
#: its fixed point, so the error is then below the change).
STALL = 1e-12


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


@njit(cache=True)
def _side(V, i, j, y, G, D, track, out, S, lohi):
    """The turn of the player at ``(i, j)`` when the partner value ``V[j, i, 0]`` is ``y``.

    Fills ``out[k]`` (``k < G - i``) with the optimal values (hold iff its value is at
    least rolling's) and, with ``track``, ``S[k]`` with their slopes in ``y`` and
    ``lohi`` with the interval of ``y`` on which the chosen policy stays optimal.
    Hold values are read from ``V[j, i + k, 0]``.
    """
    R = G - i
    inv = 1.0 / D
    lo = -np.inf
    hi = np.inf
    for k in range(R - 1, -1, -1):
        rv = 1.0 - y
        rs = -1.0
        for r in range(2, D + 1):
            kk = k + r
            if kk >= R:
                rv += 1.0
            else:
                rv += out[kk]
                if track:
                    rs += S[kk]
        rv *= inv
        rs *= inv
        if k == 0:
            out[0] = rv
            if track:
                S[0] = rs
            continue
        hv = 1.0 - V[j, i + k, 0]
        if hv >= rv:
            out[k] = hv
            if track:
                S[k] = 0.0
                if rs < 0.0:            # hold stays best while y' >= y - margin / (-rs)
                    b = y - (hv - rv) / (-rs)
                    if b > lo:
                        lo = b
        else:
            out[k] = rv
            if track:
                S[k] = rs
                if rs < 0.0:            # roll stays best while y' <= y + margin / (-rs)
                    b = y + (rv - hv) / (-rs)
                    if b < hi:
                        hi = b
    if track:
        lohi[0] = lo
        lohi[1] = hi


@njit(cache=True)
def _guess(V, i, j, G):
    """A starting point for the partner value of pair (i, j): a neighbouring, solved value."""
    if i + 1 < G:
        return V[j, i + 1, 0]
    return 0.5


@njit(cache=True)
def _solve_pair(V, i, j, G, D, SA, SB):
    """Exact turn-start values of pair ``(i, j)``, ``i <= j``: returns the pieces visited (-1: gave up)."""
    lohiA = np.empty(2)
    lohiB = np.empty(2)
    bracket = np.array([0.0, 1.0])
    yv = _guess(V, i, j, G)
    for it in range(1, MAX_PIECES + 1):
        _side(V, i, j, yv, G, D, True, V[i, j], SA, lohiA)
        x0 = V[i, j, 0]
        b = SA[0]
        a = x0 - b * yv
        if i == j:                      # the player is their own partner: x = a + b x
            done, nxt = _bracket(a / (1.0 - b), lohiA[0], lohiA[1], bracket, yv)
            if done:
                for k in range(1, G - i):
                    V[i, i, k] += SA[k] * (nxt - yv)
                V[i, i, 0] = nxt
                return it
            yv = nxt
            continue
        _side(V, j, i, x0, G, D, True, V[j, i], SB, lohiB)
        y0 = V[j, i, 0]
        e = SB[0]
        c = y0 - e * x0
        jlo = lohiA[0]
        jhi = lohiA[1]
        if b < 0.0:                     # x = a + b y must stay in B's interval
            t = (lohiB[1] - a) / b
            if t > jlo:
                jlo = t
            t = (lohiB[0] - a) / b
            if t < jhi:
                jhi = t
        done, nxt = _bracket((c + e * a) / (1.0 - e * b), jlo, jhi, bracket, yv)
        if done:
            xs = a + b * nxt
            for k in range(1, G - i):
                V[i, j, k] += SA[k] * (nxt - yv)
            for k in range(1, G - j):
                V[j, i, k] += SB[k] * (xs - x0)
            V[i, j, 0] = xs
            V[j, i, 0] = nxt
            return it
        yv = nxt
    return -1


@njit(cache=True)
def _vi_pair(V, i, j, G, D, tol, max_iter, S, lohi):
    """Value iteration on pair ``(i, j)``: alternate the two turns until nothing moves by more than ``tol``
    (or the change stalls below :data:`STALL`); returns the rounds (-1: ``max_iter`` reached)."""
    yv = _guess(V, i, j, G)
    last = np.inf
    for it in range(1, max_iter + 1):
        _side(V, i, j, yv, G, D, False, V[i, j], S, lohi)
        x = V[i, j, 0]
        if i == j:
            change = abs(x - yv)
            yv = x
        else:
            _side(V, j, i, x, G, D, False, V[j, i], S, lohi)
            change = abs(V[j, i, 0] - yv)
            yv = V[j, i, 0]
        if change <= tol or (change <= STALL and change >= last):
            return it                   # settled, or cycling at the level of rounding
        last = change
    return -1


@njit(cache=True)
def _init(V, G):
    for i in range(G):
        for j in range(G):
            for k in range(G):
                V[i, j, k] = 1.0 if i + k >= G else 0.0


@njit(cache=True)
def _pairwise(V, G, D, pieces):
    """The pairwise algorithm: pairs ``i <= j`` by decreasing ``i + j``; ``pieces[i, j]`` per pair."""
    _init(V, G)
    SA = np.empty(G)
    SB = np.empty(G)
    for s in range(2 * G - 2, -1, -1):
        for i in range(max(0, s - G + 1), s // 2 + 1):
            pieces[i, s - i] = _solve_pair(V, i, s - i, G, D, SA, SB)


@njit(cache=True)
def _value_iteration(V, G, D, tol, max_iter, sweeps):
    """Value iteration, Gauss-Seidel by pairs of decreasing score sum; ``sweeps[i, j]`` per pair."""
    _init(V, G)
    S = np.empty(G)
    lohi = np.empty(2)
    for s in range(2 * G - 2, -1, -1):
        for i in range(max(0, s - G + 1), s // 2 + 1):
            sweeps[i, s - i] = _vi_pair(V, i, s - i, G, D, tol, max_iter, S, lohi)


@njit(cache=True)
def _residual(V, G, D):
    """max |L V - V| over every state: one Bellman update of the whole table, compared."""
    out = np.empty(G)
    S = np.empty(G)
    lohi = np.empty(2)
    worst = 0.0
    for i in range(G):
        for j in range(G):
            _side(V, i, j, V[j, i, 0], G, D, False, out, S, lohi)
            for k in range(G - i):
                d = abs(out[k] - V[i, j, k])
                if d > worst:
                    worst = d
    return worst


@njit(cache=True)
def _hold_table(V, G, D, H):
    """``H[i, j, k] = 1`` where holding is optimal (its value at least rolling's), ``k >= 1``."""
    inv = 1.0 / D
    for i in range(G):
        for j in range(G):
            y = V[j, i, 0]
            H[i, j, 0] = 0
            for k in range(1, G):
                if i + k >= G:
                    H[i, j, k] = 0
                    continue
                rv = 1.0 - y
                for r in range(2, D + 1):
                    rv += 1.0 if i + k + r >= G else V[i, j, k + r]
                H[i, j, k] = 1 if 1.0 - V[j, i + k, 0] >= rv * inv else 0


@njit(cache=True)
def _affine_side(H, Vopp, i, j, G, D, av, bv):
    """Under the fixed hold table ``H``, the turn at ``(i, j)``: value ``av[k] + bv[k] z`` with ``z``
    the opponent's turn-start value at ``(j, i)`` (a bust) and holds worth ``1 - Vopp[j, i + k]``."""
    R = G - i
    inv = 1.0 / D
    for k in range(R - 1, -1, -1):
        if k >= 1 and H[i, j, k]:
            av[k] = 1.0 - Vopp[j, i + k]
            bv[k] = 0.0
            continue
        a = 1.0
        b = -1.0
        for r in range(2, D + 1):
            if k + r >= R:
                a += 1.0
            else:
                a += av[k + r]
                b += bv[k + r]
        av[k] = a * inv
        bv[k] = b * inv


@njit(cache=True)
def _evaluate(HA, HB, G, D, VA, VB):
    """Exact win probabilities of player A (table HA) against B (table HB), pair by pair.

    ``VA[i, j]``: A to move with ``i`` against ``j``; ``VB[j, i]``: B to move with ``j``
    against ``i``. A bust couples the two; a hold leads to a larger score sum.
    """
    av = np.empty(G)
    bv = np.empty(G)
    cv = np.empty(G)
    ev = np.empty(G)
    for s in range(2 * G - 2, -1, -1):
        for i in range(max(0, s - G + 1), min(s, G - 1) + 1):
            j = s - i
            _affine_side(HA, VB, i, j, G, D, av, bv)
            _affine_side(HB, VA, j, i, G, D, cv, ev)
            a, b, c, e = av[0], bv[0], cv[0], ev[0]
            x = (a + b * c) / (1.0 - b * e)
            VA[i, j] = x
            VB[j, i] = c + e * x


@njit(cache=True)
def _play_chunk(HA, HB, G, D, base, chunk, n_games, a_first):
    """Play ``n_games`` games of A (table HA) against B on stream ``chunk`` of the kernel seed ``base``;
    return A's wins."""
    state = stream_start(base, chunk)
    wins = 0
    for _ in range(n_games):
        sa = 0
        sb = 0
        a_turn = a_first
        while True:
            own = sa if a_turn else sb
            opp = sb if a_turn else sa
            k = 0
            while True:
                state, r = next_below(state, D)
                r += 1
                if r == 1:
                    k = 0
                    break
                k += r
                if own + k >= G:
                    break
                if (HA[own, opp, k] if a_turn else HB[own, opp, k]) != 0:
                    break
            if own + k >= G:
                if a_turn:
                    wins += 1
                break
            if a_turn:
                sa += k
            else:
                sb += k
            a_turn = not a_turn
    return wins


@njit(cache=True, parallel=True)
def _play_parallel(HA, HB, G, D, base, sizes, a_first, wins):
    for c in prange(sizes.shape[0]):
        wins[c] = _play_chunk(HA, HB, G, D, base, c, sizes[c], a_first)


@njit(cache=True)
def _play_serial(HA, HB, G, D, base, sizes, a_first, wins):
    for c in range(sizes.shape[0]):
        wins[c] = _play_chunk(HA, HB, G, D, base, c, sizes[c], a_first)
