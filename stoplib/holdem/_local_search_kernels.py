"""Numba kernels of the hold'em stacking search (document 004), behind :mod:`stoplib.holdem.local_search`.

Document 004 is Jeremy Kun, "Optimally Stacking the Deck – Texas Hold 'Em",
Math ∩ Programming (jeremykun.com), 9 April 2012. Everything here is
private: the public functions in :mod:`stoplib.holdem.local_search` validate
their input, build the swap tables and call these kernels. A restart draws its
random numbers from its own :mod:`stoplib.util.rng` stream, ``stream_start(seed,
restart)``, kept in a one-element array so the helpers can advance it (``_below``);
a swap's gain is counted only over the cuts it can
change (``_swap_gain``); ``_climb`` is one hill climb (steepest ascent or first
improvement), ``_restart`` one restart with its optional kicks, and
``_search_serial`` / ``_search_parallel`` run a batch of restarts (the parallel
one over numba threads, each restart writing only its own row).
"""
from __future__ import annotations

import numpy as np
from numba import njit, prange

from ..util.rng import next_below, stream_start
from .solver import _cut_outcome

_ALL52 = (1 << 52) - 1


@njit(cache=True)
def _below(state, n):
    """A uniform int in ``0 .. n - 1`` from the restart's stream held in ``state[0]`` (advanced)."""
    advanced, k = next_below(state[0], n)
    state[0] = advanced
    return k


@njit(cache=True)
def _popcount(x):
    x = x - ((x >> 1) & 0x5555555555555555)
    x = (x & 0x3333333333333333) + ((x >> 2) & 0x3333333333333333)
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0F
    return (x * 0x0101010101010101) >> 56


@njit(cache=True)
def _counted(v, objective):
    """Whether an outcome counts: a win, or (objective 1) a win or a tie."""
    return v == 1 or (objective == 1 and v == 0)


@njit(cache=True)
def _swap2(deck2, i, j):
    a = deck2[i]
    deck2[i] = deck2[j]
    deck2[i + 52] = deck2[j]
    deck2[j] = a
    deck2[j + 52] = a


@njit(cache=True)
def _swap_gain(deck2, s, need, good, n_players, seat, objective, pair_i, pair_j, pair_cuts,
               pair_ncuts, pair_mask, tables):
    """Gain of swap ``s``, or ``-999`` once it is known to be below ``need``."""
    bound = _popcount(pair_mask[s] & ~good & _ALL52)
    if bound < need:
        return -999
    i = pair_i[s]
    j = pair_j[s]
    _swap2(deck2, i, j)
    delta = 0
    remaining = bound
    result = 0
    for k in range(pair_ncuts[s]):
        c = pair_cuts[s, k]
        now = _counted(_cut_outcome(deck2, c, n_players, seat, tables), objective)
        if (good >> c) & 1:
            if not now:
                delta -= 1
        else:
            remaining -= 1
            if now:
                delta += 1
        if delta + remaining < need:
            result = -999
            break
    _swap2(deck2, i, j)
    if result == -999:
        return -999
    return delta


@njit(cache=True)
def _climb(deck, n_players, seat, objective, method, tie_break, max_moves, state, pair_i,
           pair_j, pair_cuts, pair_ncuts, pair_mask, tables, path):
    """Climb from ``deck`` (modified in place); return (score, moves). ``path[m]`` = score after m moves."""
    deck2 = np.empty(104, np.int64)
    for k in range(52):
        deck2[k] = deck[k]
        deck2[k + 52] = deck[k]
    good = 0
    score = 0
    for c in range(52):
        if _counted(_cut_outcome(deck2, c, n_players, seat, tables), objective):
            good |= 1 << c
            score += 1
    path[0] = score
    moves = 0
    n_swaps = pair_i.shape[0]
    order = np.empty(n_swaps, np.int64)
    bounds = np.empty(n_swaps, np.int64)
    bucket = np.empty(pair_cuts.shape[1] + 1, np.int64)
    while score < 52 and moves < max_moves:
        best = 0
        best_s = -1
        n_best = 0
        if method == 0:  # steepest ascent, swaps visited by decreasing bound
            for b in range(bucket.shape[0]):
                bucket[b] = 0
            for s in range(pair_i.shape[0]):
                b = _popcount(pair_mask[s] & ~good & _ALL52)
                bounds[s] = b
                bucket[b] += 1
            pos = 0
            for b in range(bucket.shape[0] - 1, 0, -1):
                cnt = bucket[b]
                bucket[b] = pos
                pos += cnt
            nonzero = pos
            for s in range(pair_i.shape[0]):
                b = bounds[s]
                if b > 0:
                    order[bucket[b]] = s
                    bucket[b] += 1
            for k in range(nonzero):
                s = order[k]
                if bounds[s] < best or bounds[s] == 0:
                    break  # no later swap can reach the best gain
                if tie_break == 0:
                    need = best if (best > 0 and s < best_s) else best + 1
                else:
                    need = best if best > 0 else 1
                g = _swap_gain(deck2, s, need, good, n_players, seat, objective, pair_i, pair_j,
                               pair_cuts, pair_ncuts, pair_mask, tables)
                if g < need:
                    continue
                if g > best or tie_break == 0:  # tie_break "first": g == best only when s < best_s
                    best = g
                    best_s = s
                    n_best = 1
                else:  # equal gain, random tie-break: reservoir sampling
                    n_best += 1
                    if _below(state, n_best) == 0:
                        best_s = s
        else:  # first improvement, swaps in a fresh random order
            n = order.shape[0]
            for k in range(n):
                order[k] = k
            for k in range(n - 1, 0, -1):
                r = _below(state, k + 1)
                t = order[k]
                order[k] = order[r]
                order[r] = t
            for k in range(n):
                s = order[k]
                g = _swap_gain(deck2, s, 1, good, n_players, seat, objective, pair_i, pair_j,
                               pair_cuts, pair_ncuts, pair_mask, tables)
                if g >= 1:
                    best = g
                    best_s = s
                    break
        if best_s < 0:
            break  # local maximum
        i = pair_i[best_s]
        j = pair_j[best_s]
        _swap2(deck2, i, j)
        for k in range(pair_ncuts[best_s]):
            c = pair_cuts[best_s, k]
            if _counted(_cut_outcome(deck2, c, n_players, seat, tables), objective):
                good |= 1 << c
            else:
                good &= ~(1 << c)
        score += best
        moves += 1
        path[moves] = score
    for k in range(52):
        deck[k] = deck2[k]
    return score, moves


@njit(cache=True)
def _restart(r, decks, shuffle, seed, first_restart, n_players, seat, objective, method,
             tie_break, max_moves, kicks, kick_size, pair_i, pair_j, pair_cuts, pair_ncuts,
             pair_mask, tables, scores, start_scores, moves, paths, wins, ties, kicks_used):
    state = np.empty(1, np.uint64)
    state[0] = stream_start(seed, first_restart + r)
    deck = decks[r]
    if shuffle:
        for k in range(52):
            deck[k] = k
        for k in range(51, 0, -1):
            q = _below(state, k + 1)
            t = deck[k]
            deck[k] = deck[q]
            deck[q] = t
    score, m = _climb(deck, n_players, seat, objective, method, tie_break, max_moves, state,
                      pair_i, pair_j, pair_cuts, pair_ncuts, pair_mask, tables, paths[r])
    start_scores[r] = paths[r, 0]
    moves[r] = m
    # iterated local search: kick the local maximum with random swaps, climb again,
    # keep the result unless it is worse
    used = 0
    if kicks > 0 and score < 52:
        backup = deck.copy()
        scratch = np.empty(paths.shape[1], np.int8)
        while used < kicks and score < 52:
            used += 1
            for q in range(kick_size):
                i = _below(state, 52)
                j = _below(state, 52)
                t = deck[i]
                deck[i] = deck[j]
                deck[j] = t
            s2, m2 = _climb(deck, n_players, seat, objective, method, tie_break, max_moves, state,
                            pair_i, pair_j, pair_cuts, pair_ncuts, pair_mask, tables, scratch)
            if s2 >= score:
                score = s2
                for k in range(52):
                    backup[k] = deck[k]
            else:
                for k in range(52):
                    deck[k] = backup[k]
    kicks_used[r] = used
    scores[r] = score
    deck2 = np.empty(104, np.int64)
    for k in range(52):
        deck2[k] = deck[k]
        deck2[k + 52] = deck[k]
    w = 0
    t = 0
    for c in range(52):
        v = _cut_outcome(deck2, c, n_players, seat, tables)
        if v == 1:
            w += 1
        elif v == 0:
            t += 1
    wins[r] = w
    ties[r] = t


@njit(cache=True, nogil=True)
def _search_serial(decks, shuffle, seed, first_restart, n_players, seat, objective, method,
                   tie_break, max_moves, kicks, kick_size, pair_i, pair_j, pair_cuts, pair_ncuts,
                   pair_mask, tables, scores, start_scores, moves, paths, wins, ties, kicks_used):
    for r in range(decks.shape[0]):
        _restart(r, decks, shuffle, seed, first_restart, n_players, seat, objective, method,
                 tie_break, max_moves, kicks, kick_size, pair_i, pair_j, pair_cuts, pair_ncuts,
                 pair_mask, tables, scores, start_scores, moves, paths, wins, ties, kicks_used)


@njit(cache=True, parallel=True)
def _search_parallel(decks, shuffle, seed, first_restart, n_players, seat, objective, method,
                     tie_break, max_moves, kicks, kick_size, pair_i, pair_j, pair_cuts, pair_ncuts,
                     pair_mask, tables, scores, start_scores, moves, paths, wins, ties, kicks_used):
    for r in prange(decks.shape[0]):
        _restart(r, decks, shuffle, seed, first_restart, n_players, seat, objective, method,
                 tie_break, max_moves, kicks, kick_size, pair_i, pair_j, pair_cuts, pair_ncuts,
                 pair_mask, tables, scores, start_scores, moves, paths, wins, ties, kicks_used)


@njit(cache=True)
def _swap_delta(deck, s, n_players, seat, objective, pair_i, pair_j, pair_cuts, pair_ncuts,
                pair_mask, tables):
    """Gain of swap ``s`` on ``deck``, counted over the cuts it can change, no pruning."""
    deck2 = np.empty(104, np.int64)
    for k in range(52):
        deck2[k] = deck[k]
        deck2[k + 52] = deck[k]
    good = 0
    for c in range(52):
        if _counted(_cut_outcome(deck2, c, n_players, seat, tables), objective):
            good |= 1 << c
    return _swap_gain(deck2, s, -1000, good, n_players, seat, objective, pair_i, pair_j,
                      pair_cuts, pair_ncuts, pair_mask, tables)
