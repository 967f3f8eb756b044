"""Numba kernels of the hold'em stacking search (document 004), behind :mod:`stoplib.holdem.local_search`.

Document 004 is Jeremy Kun, "Optimally Stacking the Deck – Texas Hold 'Em",
Math ∩ Programming (jeremykun.com), 9 April 2012. Everything here is
private: the public functions in :mod:`stoplib.holdem.local_search` validate
their input, build the swap tables and call these kernels. A restart draws its
random numbers from its own :mod:`stoplib.util.rng` stream, ``stream_start(seed,
restart)``, kept in a one-element array so the helpers can advance it (``_below``); a swap's gain
is counted only over the cuts it can
change, and within them only over the hands it changes (``_scan``, on the ranks
``_init_state`` caches); ``_climb`` is one hill climb (steepest ascent or first
improvement), ``_restart`` one restart with its optional kicks, and
``_search_serial`` / ``_search_parallel`` run a batch of restarts (the parallel
one over numba threads, each restart writing only its own row).
"""
from __future__ import annotations

import numpy as np
from numba import njit, prange
from numba.cpython.unsafe.numbers import trailing_zeros

from ..util.rng import next_below, stream_start
from ._evaluator_kernels import FLUSH_CHECK, _flush_rank_cold, _packed_rank
from .solver import _board_key, _cut_outcomes, _hand_bits, _popcount, _position_keys

_ALL52 = (1 << 52) - 1


@njit(cache=True)
def _below(state, n):
    """A uniform int in ``0 .. n - 1`` from the restart's stream held in ``state[0]`` (advanced)."""
    advanced, k = next_below(state[0], n)
    state[0] = advanced
    return k


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
def _swap_positions(arr, i, j):
    """Swap positions ``i`` and ``j`` (and their copies 52 further) of a doubled array."""
    a = arr[i]
    arr[i] = arr[j]
    arr[i + 52] = arr[j]
    arr[j] = a
    arr[j + 52] = a


@njit(cache=True)
def _deal_cut(c, n_players, seat, keys2, bits2, bkeys, hand_ranks, tops, packed, ranks):
    """Rank every hand of cut ``c`` into ``hand_ranks[c]``, its board key into ``bkeys[c]`` and the
    best other player's rank, that player and the second best other rank into ``tops[c]``;
    return the outcome for ``seat``."""
    base = c + 2 * n_players
    bkey = _board_key(keys2, base)
    bkeys[c] = bkey
    mine = 0
    best = 0
    best_p = -1
    second = 0
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
            second = best
            best = r
            best_p = p
        elif r > second:
            second = r
    tops[c, 0] = best
    tops[c, 1] = best_p
    tops[c, 2] = second
    return -1 if best > mine else (0 if best == mine else 1)


@njit(cache=True)
def _init_state(deck2, n_players, seat, objective, keys2, bits2, bkeys, hand_ranks, tops, tables):
    """Keys, board keys, hand ranks and best others of every cut of ``deck2``; return the mask of
    counted cuts."""
    _position_keys(deck2, tables.card_keys, tables.card_bits, keys2, bits2)
    good = 0
    for c in range(52):
        if _counted(_deal_cut(c, n_players, seat, keys2, bits2, bkeys, hand_ranks, tops, tables.packed,
                              tables.ranks), objective):
            good |= 1 << c
    return good


@njit(cache=True)
def _scan(mode, order, count, bounds, good, state, n_players, seat, objective, tie_break, pair_i,  # noqa: PLR0915
          pair_j, pair_cuts, pair_ncuts, pair_mask, role, board_mask, keys2, bits2, bkeys, hand_ranks,
          tops, packed, ranks):
    """Evaluate the swaps ``order[:count]``; return ``(best gain, best swap)``.

    ``mode`` 0: steepest ascent (``order`` by decreasing bound, ``bounds[s]`` the bound of
    swap ``s``; ties by ``tie_break``); 1: first improvement (the first swap that gains);
    2: the exact gain of the one swap ``order[0]``, no pruning.

    A swap's gain is evaluated incrementally, written out here in the loop (see the
    evaluator's note on kernels that take arrays): only the cuts the swap can change are
    dealt, and in each only the hands holding one of the two cards are ranked again, every
    hand of the cut when one of them is a board card, else the one or two players whose
    pocket it is (on the cut's cached board key); the others keep their cached ranks. A
    swap is dropped as soon as it cannot reach ``need``.
    """
    n = n_players
    best = -1000 if mode == 2 else 0
    best_s = -1
    n_best = 0
    for k in range(count):
        s = order[k]
        if mode == 0:
            if bounds[s] < best or bounds[s] == 0:
                break  # no later swap can reach the best gain
            if tie_break == 0:
                need = best if (best > 0 and s < best_s) else best + 1
            else:
                need = best if best > 0 else 1
        elif mode == 1:
            need = 1
        else:
            need = -1000
        remaining = _popcount(pair_mask[s] & ~good & _ALL52)
        if remaining < need:
            continue
        i = pair_i[s]
        j = pair_j[s]
        _swap_positions(keys2, i, j)
        _swap_positions(bits2, i, j)
        delta = 0
        pruned = False
        # the order of the cuts: those not counted yet first (each that stays so lowers the
        # reachable gain by one, so a swap that cannot reach ``need`` is dropped soonest, twice
        # as fast as cut order), and in each group the cuts where only pocket cards change
        # (one or two hands to rank) before those where a board card changes (every hand)
        on_board = board_mask[i] | board_mask[j]
        phase = 0
        cuts = pair_mask[s] & ~good & ~on_board
        while True:
            while cuts == 0 and phase < 3:
                phase += 1
                if phase == 1:
                    cuts = pair_mask[s] & ~good & on_board
                elif phase == 2:
                    cuts = pair_mask[s] & good & ~on_board
                else:
                    cuts = pair_mask[s] & good & on_board
            if cuts == 0:
                break
            c = trailing_zeros(cuts)
            cuts &= cuts - 1
            ri = role[i - c if i >= c else i - c + 52]
            rj = role[j - c if j >= c else j - c + 52]
            base = c + 2 * n
            if ri == n or rj == n:  # a board card: every hand changes; the seat's first
                bkey = _board_key(keys2, base)
                q = c + seat
                key = bkey + keys2[q] + keys2[q + n]
                if key & FLUSH_CHECK:
                    mine = _flush_rank_cold(key, _hand_bits(bits2, base, q, n), ranks)
                else:
                    mine = _packed_rank(key, packed)
                other = 0
                for p in range(n):
                    if p != seat:
                        q = c + p
                        key = bkey + keys2[q] + keys2[q + n]
                        if key & FLUSH_CHECK:
                            r = _flush_rank_cold(key, _hand_bits(bits2, base, q, n), ranks)
                        else:
                            r = _packed_rank(key, packed)
                        if r > other:
                            other = r
                        if r > mine or (objective == 0 and r == mine):
                            break  # the cut is not counted, whatever the others hold
            else:  # pocket cards of one or two players change, on the cached board
                bkey = bkeys[c]
                if ri == seat or rj == seat:
                    q = c + seat
                    key = bkey + keys2[q] + keys2[q + n]
                    if key & FLUSH_CHECK:
                        mine = _flush_rank_cold(key, _hand_bits(bits2, base, q, n), ranks)
                    else:
                        mine = _packed_rank(key, packed)
                else:
                    mine = hand_ranks[c, seat]
                x = ri if ri >= 0 and ri != seat else -1
                y = rj if rj >= 0 and rj != seat else -1
                if x < 0:
                    x = y
                    y = -1
                if x < 0:
                    other = tops[c, 0]
                elif y < 0:  # one other player changes: the best of the rest is cached
                    q = c + x
                    key = bkey + keys2[q] + keys2[q + n]
                    if key & FLUSH_CHECK:
                        r = _flush_rank_cold(key, _hand_bits(bits2, base, q, n), ranks)
                    else:
                        r = _packed_rank(key, packed)
                    other = tops[c, 2] if tops[c, 1] == x else tops[c, 0]
                    if r > other:
                        other = r
                else:  # two other players change
                    other = 0
                    for p in range(n):
                        if p != seat:
                            if p == x or p == y:
                                q = c + p
                                key = bkey + keys2[q] + keys2[q + n]
                                if key & FLUSH_CHECK:
                                    r = _flush_rank_cold(key, _hand_bits(bits2, base, q, n), ranks)
                                else:
                                    r = _packed_rank(key, packed)
                            else:
                                r = hand_ranks[c, p]
                            if r > other:
                                other = r
            now = mine > other or (objective == 1 and mine == other)
            if (good >> c) & 1:
                if not now:
                    delta -= 1
            else:
                remaining -= 1
                if now:
                    delta += 1
            if delta + remaining < need:
                pruned = True
                break
        _swap_positions(keys2, i, j)
        _swap_positions(bits2, i, j)
        if pruned:
            continue
        if mode == 2:
            best = delta
            best_s = s
        elif mode == 1:
            best = delta
            best_s = s
            break
        elif delta > best or tie_break == 0:  # tie_break "first": delta == best only when s < best_s
            best = delta
            best_s = s
            n_best = 1
        else:  # equal gain, random tie-break: reservoir sampling
            n_best += 1
            if _below(state, n_best) == 0:
                best_s = s
    return best, best_s


@njit(cache=True)
def _roles(n_players):
    """``_role`` of every offset 0..51, and for each position the mask of the cuts that deal
    the card there to the board."""
    role = np.empty(52, np.int64)
    for o in range(52):
        role[o] = _role(o, n_players)
    board_mask = np.zeros(52, np.int64)
    for pos in range(52):
        for c in range(52):
            if role[pos - c if pos >= c else pos - c + 52] == n_players:
                board_mask[pos] |= 1 << c
    return role, board_mask


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
    tops = np.empty((52, 3), np.int64)
    role, board_mask = _roles(n_players)
    packed = tables.packed
    ranks = tables.ranks
    good = _init_state(deck2, n_players, seat, objective, keys2, bits2, bkeys, hand_ranks, tops, tables)
    score = _popcount(good)
    path[0] = score
    moves = 0
    n_swaps = pair_i.shape[0]
    order = np.empty(n_swaps, np.int64)
    bounds = np.empty(n_swaps, np.int64)
    bucket = np.empty(pair_cuts.shape[1] + 1, np.int64)
    while score < 52 and moves < max_moves:
        if method == 0:  # steepest ascent, swaps visited by decreasing bound
            for b in range(bucket.shape[0]):
                bucket[b] = 0
            for s in range(n_swaps):
                b = _popcount(pair_mask[s] & ~good & _ALL52)
                bounds[s] = b
                bucket[b] += 1
            pos = 0
            for b in range(bucket.shape[0] - 1, 0, -1):
                cnt = bucket[b]
                bucket[b] = pos
                pos += cnt
            count = pos
            for s in range(n_swaps):
                b = bounds[s]
                if b > 0:
                    order[bucket[b]] = s
                    bucket[b] += 1
        else:  # first improvement, swaps in a fresh random order
            for k in range(n_swaps):
                order[k] = k
            for k in range(n_swaps - 1, 0, -1):
                r = _below(state, k + 1)
                t = order[k]
                order[k] = order[r]
                order[r] = t
            count = n_swaps
        best, best_s = _scan(method, order, count, bounds, good, state, n_players, seat, objective,
                             tie_break, pair_i, pair_j, pair_cuts, pair_ncuts, pair_mask, role, board_mask,
                             keys2, bits2, bkeys, hand_ranks, tops, packed, ranks)
        if best_s < 0:
            break  # local maximum
        i = pair_i[best_s]
        j = pair_j[best_s]
        _swap_positions(deck2, i, j)
        _swap_positions(keys2, i, j)
        _swap_positions(bits2, i, j)
        for k in range(pair_ncuts[best_s]):
            c = pair_cuts[best_s, k]
            if _counted(_deal_cut(c, n_players, seat, keys2, bits2, bkeys, hand_ranks, tops, packed,
                                  ranks), objective):
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
    tops = np.empty((52, 3), np.int64)
    good = _init_state(deck2, n_players, seat, objective, keys2, bits2, bkeys, hand_ranks, tops, tables)
    order = np.full(1, s, np.int64)
    state = np.zeros(1, np.uint64)
    role, board_mask = _roles(n_players)
    best, _ = _scan(2, order, 1, order, good, state, n_players, seat, objective, 0, pair_i, pair_j,
                    pair_cuts, pair_ncuts, pair_mask, role, board_mask, keys2, bits2, bkeys, hand_ranks,
                    tops, tables.packed, tables.ranks)
    return best
