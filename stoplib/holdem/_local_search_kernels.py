"""Numba kernels of the hold'em stacking search (document 004), behind :mod:`stoplib.holdem.local_search`.

Document 004 is Jeremy Kun, "Optimally Stacking the Deck – Texas Hold 'Em",
Math ∩ Programming (jeremykun.com), 9 April 2012. Everything here is
private: the public functions in :mod:`stoplib.holdem.local_search` validate
their input, build the swap tables and call these kernels. A restart draws its
random numbers from its own SplitMix64 stream seeded by ``(seed, restart)``
(``_seed_state``, ``_next``); a swap's gain is counted only over the cuts it can
change (``_swap_gain``); ``_climb`` is one hill climb (steepest ascent or first
improvement), ``_restart`` one restart with its optional kicks, and
``_search_serial`` / ``_search_parallel`` run a batch of restarts (the parallel
one over numba threads, each restart writing only its own row).
"""
from __future__ import annotations

import numpy as np
from numba import njit, prange

from ._evaluator_kernels import FLUSH_CHECK, _flush_rank_cold, _packed_rank
from .solver import _board_key, _cut_outcomes, _hand_bits, _position_keys

_ALL52 = (1 << 52) - 1
_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_MIX1 = np.uint64(0xBF58476D1CE4E5B9)
_MIX2 = np.uint64(0x94D049BB133111EB)
_S30, _S27, _S31, _S11 = np.uint64(30), np.uint64(27), np.uint64(31), np.uint64(11)


@njit(cache=True)
def _next(state):
    """SplitMix64 step on ``state[0]``; returns a uniform int in 0..2**53-1."""
    state[0] += _GOLDEN
    z = state[0]
    z = (z ^ (z >> _S30)) * _MIX1
    z = (z ^ (z >> _S27)) * _MIX2
    z = z ^ (z >> _S31)
    return np.int64(z >> _S11)


@njit(cache=True)
def _seed_state(seed, restart, state):
    state[0] = np.uint64(seed) ^ (np.uint64(restart) * _MIX2)
    _next(state)
    _next(state)


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
def _role(offset, n_players):
    """What a deal does with the card ``offset`` places after the cut: the player (0..n-1) whose
    pocket it is, ``n_players`` for a board card, -1 for a burn or a card the deal does not reach."""
    if offset < 2 * n_players:
        return offset if offset < n_players else offset - n_players
    o = offset - 2 * n_players
    if o == 1 or o == 2 or o == 3 or o == 5 or o == 7:
        return n_players
    return -1


@njit(cache=True)
def _swap_positions(deck2, keys2, bits2, i, j):
    """Swap positions ``i`` and ``j`` (and their copies 52 further) of the doubled arrays."""
    for arr in (deck2, keys2, bits2):
        a = arr[i]
        arr[i] = arr[j]
        arr[i + 52] = arr[j]
        arr[j] = a
        arr[j + 52] = a


@njit(cache=True)
def _deal_cut(c, n_players, seat, keys2, bits2, bkeys, hand_ranks, packed, ranks):
    """Rank every hand of cut ``c`` into ``hand_ranks[c]`` and its board key into ``bkeys[c]``;
    return the outcome for ``seat``."""
    base = c + 2 * n_players
    bkey = _board_key(keys2, base)
    bkeys[c] = bkey
    mine = 0
    best = 0
    for p in range(n_players):
        q = c + p
        key = bkey + keys2[q] + keys2[q + n_players]
        if key & FLUSH_CHECK:
            r = _flush_rank_cold(key, _hand_bits(bits2, base, q, n_players), ranks)
        else:
            r = _packed_rank(key, packed)
        hand_ranks[c, p] = r
        if p == seat:
            mine = r
        elif r > best:
            best = r
    return -1 if best > mine else (0 if best == mine else 1)


@njit(cache=True)
def _init_state(deck2, n_players, seat, objective, keys2, bits2, bkeys, hand_ranks, tables):
    """Keys, board keys and hand ranks of every cut of ``deck2``; return the mask of counted cuts."""
    _position_keys(deck2, tables.card_keys, tables.card_bits, keys2, bits2)
    good = 0
    for c in range(52):
        if _counted(_deal_cut(c, n_players, seat, keys2, bits2, bkeys, hand_ranks, tables.packed,
                              tables.ranks), objective):
            good |= 1 << c
    return good


@njit(cache=True)
def _swap_gain(s, need, good, n_players, seat, objective, pair_i, pair_j, pair_cuts, pair_ncuts,
               pair_mask, deck2, keys2, bits2, bkeys, hand_ranks, packed, ranks):
    """Gain of swap ``s``, or ``-999`` once it is known to be below ``need``.

    Incremental: only the cuts the swap can change are dealt, and in each only the
    hands that hold one of the two cards are ranked again (every hand of the cut when
    one of them is a board card; else the one or two players whose pocket it is, on
    the cut's cached board key); the other hands keep their cached ranks.
    """
    bound = _popcount(pair_mask[s] & ~good & _ALL52)
    if bound < need:
        return -999
    i = pair_i[s]
    j = pair_j[s]
    _swap_positions(deck2, keys2, bits2, i, j)
    delta = 0
    remaining = bound
    result = 0
    n = n_players
    for k in range(pair_ncuts[s]):
        c = pair_cuts[s, k]
        ri = _role(i - c if i >= c else i - c + 52, n)
        rj = _role(j - c if j >= c else j - c + 52, n)
        board = ri == n or rj == n
        base = c + 2 * n
        bkey = _board_key(keys2, base) if board else bkeys[c]
        mine = 0
        best = 0
        for p in range(n):
            if board or p == ri or p == rj:
                q = c + p
                key = bkey + keys2[q] + keys2[q + n]
                if key & FLUSH_CHECK:
                    r = _flush_rank_cold(key, _hand_bits(bits2, base, q, n), ranks)
                else:
                    r = _packed_rank(key, packed)
            else:
                r = hand_ranks[c, p]
            if p == seat:
                mine = r
            elif r > best:
                best = r
        now = _counted(-1 if best > mine else (0 if best == mine else 1), objective)
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
    _swap_positions(deck2, keys2, bits2, i, j)
    if result == -999:
        return -999
    return delta


@njit(cache=True)
def _apply_swap(s, good, n_players, seat, objective, pair_i, pair_j, pair_cuts, pair_ncuts, deck2,
                keys2, bits2, bkeys, hand_ranks, packed, ranks):
    """Make swap ``s``: re-deal the cuts it changes; return the new mask of counted cuts."""
    _swap_positions(deck2, keys2, bits2, pair_i[s], pair_j[s])
    for k in range(pair_ncuts[s]):
        c = pair_cuts[s, k]
        if _counted(_deal_cut(c, n_players, seat, keys2, bits2, bkeys, hand_ranks, packed, ranks),
                    objective):
            good |= 1 << c
        else:
            good &= ~(1 << c)
    return good


@njit(cache=True)
def _climb(deck, n_players, seat, objective, method, tie_break, max_moves, state, pair_i,
           pair_j, pair_cuts, pair_ncuts, pair_mask, tables, path):
    """Climb from ``deck`` (modified in place); return (score, moves). ``path[m]`` = score after m moves."""
    deck2 = np.empty(104, np.int64)
    for k in range(52):
        deck2[k] = deck[k]
        deck2[k + 52] = deck[k]
    keys2 = np.empty(104, np.int64)
    bits2 = np.empty(104, np.int64)
    bkeys = np.empty(52, np.int64)
    hand_ranks = np.empty((52, n_players), np.int64)
    packed = tables.packed
    ranks = tables.ranks
    good = _init_state(deck2, n_players, seat, objective, keys2, bits2, bkeys, hand_ranks, tables)
    score = _popcount(good)
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
                g = _swap_gain(s, need, good, n_players, seat, objective, pair_i, pair_j, pair_cuts,
                               pair_ncuts, pair_mask, deck2, keys2, bits2, bkeys, hand_ranks, packed,
                               ranks)
                if g < need:
                    continue
                if g > best or tie_break == 0:  # tie_break "first": g == best only when s < best_s
                    best = g
                    best_s = s
                    n_best = 1
                else:  # equal gain, random tie-break: reservoir sampling
                    n_best += 1
                    if _next(state) % n_best == 0:
                        best_s = s
        else:  # first improvement, swaps in a fresh random order
            n = order.shape[0]
            for k in range(n):
                order[k] = k
            for k in range(n - 1, 0, -1):
                r = _next(state) % (k + 1)
                t = order[k]
                order[k] = order[r]
                order[r] = t
            for k in range(n):
                s = order[k]
                g = _swap_gain(s, 1, good, n_players, seat, objective, pair_i, pair_j, pair_cuts,
                               pair_ncuts, pair_mask, deck2, keys2, bits2, bkeys, hand_ranks, packed,
                               ranks)
                if g >= 1:
                    best = g
                    best_s = s
                    break
        if best_s < 0:
            break  # local maximum
        good = _apply_swap(best_s, good, n_players, seat, objective, pair_i, pair_j, pair_cuts,
                           pair_ncuts, deck2, keys2, bits2, bkeys, hand_ranks, packed, ranks)
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
    _seed_state(seed, first_restart + r, state)
    deck = decks[r]
    if shuffle:
        for k in range(52):
            deck[k] = k
        for k in range(51, 0, -1):
            q = _next(state) % (k + 1)
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
                i = _next(state) % 52
                j = _next(state) % 52
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
    out = np.empty(52, np.int8)
    w = _cut_outcomes(deck, n_players, seat, tables, out)
    wins[r] = w
    ties[r] = np.count_nonzero(out == 0)


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
    keys2 = np.empty(104, np.int64)
    bits2 = np.empty(104, np.int64)
    bkeys = np.empty(52, np.int64)
    hand_ranks = np.empty((52, n_players), np.int64)
    good = _init_state(deck2, n_players, seat, objective, keys2, bits2, bkeys, hand_ranks, tables)
    return _swap_gain(s, -1000, good, n_players, seat, objective, pair_i, pair_j, pair_cuts,
                      pair_ncuts, pair_mask, deck2, keys2, bits2, bkeys, hand_ranks, tables.packed,
                      tables.ranks)
