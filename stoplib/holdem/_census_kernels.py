"""Numba kernels of the census of period-13 decks with free suits (document 004), behind
:mod:`stoplib.holdem.census`.

Document 004 is Jeremy Kun, "Optimally Stacking the Deck – Texas Hold 'Em",
Math ∩ Programming (jeremykun.com), 9 April 2012. Everything here is private and trusts
its arguments; :mod:`stoplib.holdem.census` checks them and states the mathematics.

A *layout* is ``sigma``, the rank (code 0..12) of each residue ``r`` mod 13: the card at
position ``x`` has rank ``sigma[x % 13]``. Its suits are a permutation per residue,
``perms[k[r]]``: the card at ``x = r + 13 q`` has suit ``perms[k[r], q]`` (so the four
cards of one rank get the four suits). ``PERMS`` lists the 24 permutations.

``_bad_mask``
    The classes (cut mod 13) that seat 1 does not win on ranks alone, from 13 pocket keys
    and 13 board keys (``P[r]``, ``Bk[j]``: sums of rank multipliers).
``_search``
    The exact suit search: a depth-first search over the residues' permutations that
    succeeds when seat 1 strictly beats every opponent at every cut of a list. At each
    node every cut is bounded: seat 1's best value is at most its rank-only value or the
    best flush its suited cards and its cards of unassigned residues could make; an
    opponent's value is at least its rank-only value or the flush its assigned suited
    cards already make. A cut where seat 1's bound does not exceed an opponent's is dead.
    When every residue is assigned the bounds are the values (a hand's value is the best
    of its rank-only value and its flush, see :mod:`stoplib.holdem.census`), so a leaf
    that passes is a deck that wins every cut of the list. Mode 1 asks only for a flush
    of seat 1 at every cut (the ranks are then the residues; the cuts come in classes of
    four, ``j + 13 q``, whose four flushes must be in four different suits). In mode 0
    the list may start with the cuts of bad classes, four by four: each of those cuts needs
    a flush of seat 1 that beats every opponent, the four in four different suits.
``_census_chunk``
    Every layout that starts with a given prefix (Heap's algorithm over the rest): the
    histogram of bad classes, the layouts that pass each test in turn, the decks that win
    every cut and the *near misses* (suits win every cut of the bad classes, none all 52).
"""
from __future__ import annotations

import numpy as np
from numba import njit

from ._evaluator_kernels import _packed_rank

#: The 24 permutations of the four suits, in lexicographic order (``PERMS[0]`` is the identity).
PERMS = np.array([[a, b, c, 6 - a - b - c] for a in range(4) for b in range(4) for c in range(4)
                  if len({a, b, c}) == 3], np.int64)
#: Board offsets after the pockets: flop ``2n+1..2n+3``, turn ``2n+5``, river ``2n+7``.
BOARD = np.array([1, 2, 3, 5, 7], np.int64)
#: Results of ``_search``.
FOUND, NONE, GAVE_UP = 1, 0, -1
#: Columns of the counters of ``_census_chunk``.
C_LAYOUTS, C_CAPACITY, C_SETS, C_BAD_CUTS, C_COMPLETE, C_GAVE_UP, C_NODES = range(7)
N_COUNTERS = 7


@njit(cache=True)
def _popcount(x):
    c = 0
    while x:
        x &= x - 1
        c += 1
    return c


@njit(cache=True)
def _keys(sigma, n, mult, P, Bk):
    """Pocket keys ``P[r]`` (residues ``r`` and ``r + n``) and board keys ``Bk[j]`` of class ``j``."""
    for r in range(13):
        P[r] = mult[sigma[r]] + mult[sigma[(r + n) % 13]]
    b0 = 2 * n
    for j in range(13):
        s = 0
        for o in range(5):
            s += mult[sigma[(j + b0 + BOARD[o]) % 13]]
        Bk[j] = s


@njit(cache=True)
def _bad_mask(sigma, n, mult, packed, P, Bk):
    """Bit ``j`` set when seat 1 does not strictly beat every opponent on ranks alone in class ``j``."""
    _keys(sigma, n, mult, P, Bk)
    mask = 0
    for j in range(13):
        mine = _packed_rank(Bk[j] + P[j], packed)
        for p in range(1, n):
            if _packed_rank(Bk[j] + P[(j + p) % 13], packed) >= mine:
                mask |= 1 << j
                break
    return mask


# --------------------------------------------------------------------------- the suit search
@njit(cache=True)
def _setup(sigma, n, cuts, mult, packed, pos_bit, ro, um0, inc_ptr, inc_cut, inc_player, inc_q, inc_bit):
    """Rank bits and rank-only values of every hand of every cut; each residue's incidences (CSR)."""
    m = cuts.shape[0]
    counts = np.zeros(14, np.int64)
    for i in range(m):
        for p in range(n):
            key = 0
            bits = 0
            for s in range(7):
                off = p if s == 0 else (p + n if s == 1 else 2 * n + BOARD[s - 2])
                x = (cuts[i] + off) % 52
                pos_bit[i, p, s] = x
                key += mult[sigma[x % 13]]
                bits |= 1 << sigma[x % 13]
                counts[x % 13 + 1] += 1
            ro[i, p] = _packed_rank(key, packed)
            um0[i, p] = bits
    for r in range(13):
        counts[r + 1] += counts[r]
    for r in range(14):
        inc_ptr[r] = counts[r]
    fill = counts[:13].copy()
    for i in range(m):
        for p in range(n):
            for s in range(7):
                x = pos_bit[i, p, s]
                r = x % 13
                e = fill[r]
                fill[r] += 1
                inc_cut[e] = i
                inc_player[e] = p
                inc_q[e] = x // 13
                inc_bit[e] = 1 << sigma[r]


@njit(cache=True)
def _cut_alive(tm, um, ro, i, n, franks, mode):
    """Whether cut ``i`` can still be won (mode 0) or still hold a flush for seat 1 (mode 1)."""
    u = um[i, 0]
    if mode == 1:
        for t in range(4):
            if _popcount(tm[i, 0, t] | u) >= 5:
                return True
        return False
    best = ro[i, 0]
    for t in range(4):
        v = franks[tm[i, 0, t] | u]
        if v > best:
            best = v
    for p in range(1, n):
        if ro[i, p] >= best:
            return False
        for t in range(4):
            if franks[tm[i, p, t]] >= best:
                return False
    return True


@njit(cache=True)
def _flush_suits(tm, um, i):
    """Suits (bits) in which seat 1 can still hold a flush at cut ``i`` (mode 1: ranks are residues)."""
    u = um[i, 0]
    out = 0
    for t in range(4):
        if _popcount(tm[i, 0, t] | u) >= 5:
            out |= 1 << t
    return out


@njit(cache=True)
def _winning_flush_suits(tm, um, ro, i, n, franks):
    """Mode 2: suits (bits) in which a flush of seat 1 could still beat every opponent at cut ``i``."""
    top = 0  # the best value some opponent already has for sure
    for p in range(1, n):
        if ro[i, p] > top:
            top = ro[i, p]
        for t in range(4):
            v = franks[tm[i, p, t]]
            if v > top:
                top = v
    u = um[i, 0]
    out = 0
    for t in range(4):
        if franks[tm[i, 0, t] | u] > top:
            out |= 1 << t
    return out


@njit(cache=True)
def _bad_class_alive(tm, um, ro, i0, n, franks):
    """Mode 2: cuts ``i0 .. i0 + 3`` form a bad class; each needs a winning flush of seat 1, in four different
    suits (facts 3 and 4 of :mod:`stoplib.holdem.census`)."""
    a = _winning_flush_suits(tm, um, ro, i0, n, franks)
    b = _winning_flush_suits(tm, um, ro, i0 + 1, n, franks)
    c = _winning_flush_suits(tm, um, ro, i0 + 2, n, franks)
    d = _winning_flush_suits(tm, um, ro, i0 + 3, n, franks)
    if a == 0 or b == 0 or c == 0 or d == 0:
        return False
    for k in range(24):
        if ((a >> PERMS[k, 0]) & 1 and (b >> PERMS[k, 1]) & 1 and (c >> PERMS[k, 2]) & 1
                and (d >> PERMS[k, 3]) & 1):
            return True
    return False


@njit(cache=True)
def _class_alive(tm, um, i0):
    """Mode 1: the four cuts ``i0 .. i0 + 3`` of one class need four different flush suits (fact 4 of
    :mod:`stoplib.holdem.census`): is there a matching of cuts to suits?"""
    a = _flush_suits(tm, um, i0)
    b = _flush_suits(tm, um, i0 + 1)
    c = _flush_suits(tm, um, i0 + 2)
    d = _flush_suits(tm, um, i0 + 3)
    for k in range(24):
        if ((a >> PERMS[k, 0]) & 1 and (b >> PERMS[k, 1]) & 1 and (c >> PERMS[k, 2]) & 1
                and (d >> PERMS[k, 3]) & 1):
            return True
    return False


@njit(cache=True)
def _order(n, cuts, pos_bit):
    """Residues by how often they hold seat 1's cards at the cuts (most first), to fail early."""
    weight = np.zeros(13, np.int64)
    for i in range(cuts.shape[0]):
        for s in range(7):
            weight[pos_bit[i, 0, s] % 13] += 1
    order = np.empty(13, np.int64)
    taken = np.zeros(13, np.int64)
    for d in range(13):
        best = -1
        for r in range(13):
            if taken[r] == 0 and (best < 0 or weight[r] > weight[best]):
                best = r
        order[d] = best
        taken[best] = 1
    return order


@njit(cache=True)
def _search(sigma, n, cuts, allowed, mode, mult, packed, franks, max_nodes, out_k, grouped=0):
    """Exact search for suits that win every cut of ``cuts`` (see the module docstring).

    ``allowed[r, k]``: residue ``r`` may take permutation ``PERMS[k]``. In mode 0 the first ``grouped`` cuts
    (a multiple of four) are the cuts of bad classes, class by class. Returns ``(result, nodes)``, ``result``
    one of ``FOUND`` (``out_k[r]`` then holds each residue's permutation), ``NONE``, or ``GAVE_UP`` after
    ``max_nodes`` nodes (0: no limit).
    """
    m = cuts.shape[0]
    n_groups = grouped // 4
    pos_bit = np.empty((m, n, 7), np.int64)
    ro = np.empty((m, n), np.int64)
    tm = np.zeros((14, m, n, 4), np.int64)
    um = np.empty((14, m, n), np.int64)
    inc_ptr = np.empty(14, np.int64)
    size = m * n * 7
    inc_cut = np.empty(size, np.int64)
    inc_player = np.empty(size, np.int64)
    inc_q = np.empty(size, np.int64)
    inc_bit = np.empty(size, np.int64)
    _setup(sigma, n, cuts, mult, packed, pos_bit, ro, um[0], inc_ptr, inc_cut, inc_player, inc_q, inc_bit)
    for i in range(m):
        if not _cut_alive(tm[0], um[0], ro, i, n, franks, mode):
            return NONE, 0
    order = _order(n, cuts, pos_bit)
    choice = np.full(14, -1, np.int64)
    nodes = 0
    first_dead = 0  # the cut that failed last is checked first
    d = 0
    while d >= 0:
        r = order[d]
        k = choice[d] + 1
        while k < 24 and not allowed[r, k]:
            k += 1
        if k == 24:
            choice[d] = -1
            d -= 1
            continue
        choice[d] = k
        nodes += 1
        if max_nodes > 0 and nodes > max_nodes:
            return GAVE_UP, nodes
        tm[d + 1] = tm[d]
        um[d + 1] = um[d]
        for e in range(inc_ptr[r], inc_ptr[r + 1]):
            i = inc_cut[e]
            p = inc_player[e]
            tm[d + 1, i, p, PERMS[k, inc_q[e]]] |= inc_bit[e]
            um[d + 1, i, p] &= ~inc_bit[e]
        alive = True
        if mode == 1:  # cuts come in classes of four
            for step in range(m // 4):
                i = 4 * ((first_dead + step) % (m // 4))
                if not _class_alive(tm[d + 1], um[d + 1], i):
                    alive = False
                    first_dead = i // 4
                    break
        else:  # the first ``grouped`` cuts: bad classes of four; then cut by cut
            for step in range(n_groups + m - grouped):
                g = (first_dead + step) % (n_groups + m - grouped)
                if g < n_groups:
                    ok = _bad_class_alive(tm[d + 1], um[d + 1], ro, 4 * g, n, franks)
                else:
                    ok = _cut_alive(tm[d + 1], um[d + 1], ro, grouped + g - n_groups, n, franks, 0)
                if not ok:
                    alive = False
                    first_dead = g
                    break
        if alive:
            if d == 12:
                for dd in range(13):
                    out_k[order[dd]] = choice[dd]
                return FOUND, nodes
            d += 1
    return NONE, nodes


@njit(cache=True)
def _free(order0):
    """Permutations allowed with global suit symmetry broken: residue ``order0`` takes the identity."""
    allowed = np.ones((13, 24), np.bool_)
    allowed[order0, 1:] = False
    return allowed


@njit(cache=True)
def _complete(sigma, n, cuts, mult, packed, franks, max_nodes, out_k, grouped=0):
    """``_search`` in mode 0 (the first ``grouped`` cuts those of bad classes) with the suits' names fixed by the
    first residue searched."""
    pos_bit = np.empty((cuts.shape[0], n, 7), np.int64)
    for i in range(cuts.shape[0]):
        for s in range(7):
            off = 0 if s == 0 else (n if s == 1 else 2 * n + BOARD[s - 2])
            pos_bit[i, 0, s] = (cuts[i] + off) % 52
    order = _order(n, cuts, pos_bit)
    return _search(sigma, n, cuts, _free(order[0]), 0, mult, packed, franks, max_nodes, out_k, grouped)


# --------------------------------------------------------------------------- the census
@njit(cache=True)
def _visit(sigma, n, mult, packed, franks, cmax, feasible, max_nodes, P, Bk, hist, counts, found, n_found,
           gave_up, n_gave_up, near, n_near, bad_cuts_all, out_k):
    """One layout: its bad classes, then each test in turn (capacity, the set, the bad cuts, all cuts)."""
    mask = _bad_mask(sigma, n, mult, packed, P, Bk)
    b = _popcount(mask)
    hist[b] += 1
    counts[C_LAYOUTS] += 1
    if b > cmax:
        return
    counts[C_CAPACITY] += 1
    if not feasible[mask]:
        return
    counts[C_SETS] += 1
    bad_cuts = np.empty(4 * b, np.int64)
    k = 0
    for j in range(13):
        if (mask >> j) & 1:
            for q in range(4):
                bad_cuts[k] = j + 13 * q
                k += 1
    result = FOUND
    stage = 1
    if b:
        result, nodes = _complete(sigma, n, bad_cuts, mult, packed, franks, max_nodes, out_k, 4 * b)
        counts[C_NODES] += nodes
    if result == NONE:
        return
    if result == FOUND:
        counts[C_BAD_CUTS] += 1
        stage = 2
        # all 52 cuts, the bad classes' first
        k = 4 * b
        for j in range(13):
            if not (mask >> j) & 1:
                for q in range(4):
                    bad_cuts_all[k] = j + 13 * q
                    k += 1
        for k in range(4 * b):
            bad_cuts_all[k] = bad_cuts[k]
        result, nodes = _complete(sigma, n, bad_cuts_all, mult, packed, franks, max_nodes, out_k, 4 * b)
        counts[C_NODES] += nodes
        if result == FOUND:
            counts[C_COMPLETE] += 1
            if n_found[0] < found.shape[0]:
                found[n_found[0], :13] = sigma
                found[n_found[0], 13:] = out_k
            n_found[0] += 1
            return
        if result == NONE:  # a near miss: suits win every bad cut, none win them all
            if n_near[0] < near.shape[0]:
                near[n_near[0]] = sigma
            n_near[0] += 1
            return
    counts[C_GAVE_UP] += 1  # left to the caller (CP-SAT), with the stage where the search gave up
    if n_gave_up[0] < gave_up.shape[0]:
        gave_up[n_gave_up[0], :13] = sigma
        gave_up[n_gave_up[0], 13] = stage
    n_gave_up[0] += 1


@njit(cache=True)
def _census_chunk(prefix, n, mult, packed, franks, cmax, feasible, max_nodes, hist, counts, found, n_found,
                  gave_up, n_gave_up, near, n_near):
    """Every layout whose first residues hold ``prefix`` (the rest in every order, Heap's algorithm)."""
    sigma = np.empty(13, np.int64)
    used = np.zeros(13, np.int64)
    k = prefix.shape[0]
    for i in range(k):
        sigma[i] = prefix[i]
        used[prefix[i]] = 1
    m = 0
    for r in range(13):
        if used[r] == 0:
            sigma[k + m] = r
            m += 1
    P = np.empty(13, np.int64)
    Bk = np.empty(13, np.int64)
    bad_cuts_all = np.empty(52, np.int64)
    out_k = np.empty(13, np.int64)
    c = np.zeros(m, np.int64)
    _visit(sigma, n, mult, packed, franks, cmax, feasible, max_nodes, P, Bk, hist, counts, found, n_found,
           gave_up, n_gave_up, near, n_near, bad_cuts_all, out_k)
    i = 1
    while i < m:
        if c[i] < i:
            a = k if i % 2 == 0 else k + c[i]
            t = sigma[a]
            sigma[a] = sigma[k + i]
            sigma[k + i] = t
            _visit(sigma, n, mult, packed, franks, cmax, feasible, max_nodes, P, Bk, hist, counts, found,
                   n_found, gave_up, n_gave_up, near, n_near, bad_cuts_all, out_k)
            c[i] += 1
            i = 1
        else:
            c[i] = 0
            i += 1
