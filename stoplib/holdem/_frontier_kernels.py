"""Numba kernel of parallel tempering for stackings (document 004), behind :mod:`stoplib.holdem.frontier`.

Document 004 is Jeremy Kun, "Optimally Stacking the Deck – Texas Hold 'Em",
Math ∩ Programming (jeremykun.com), 9 April 2012. Everything here is private and trusts
its arguments.

Parallel tempering (replica exchange) runs ``R`` decks at fixed temperatures
``temps[0] < ... < temps[R-1]``. Each round gives every replica ``moves`` Metropolis
proposals at its temperature (a random swap of two positions, costed incrementally by the
annealing kernels of :mod:`stoplib.holdem._annealing_kernels`: a lost cut costs ``weight``
plus the opponents who beat or tie seat 1), then offers each pair of neighbouring
temperatures an exchange of their decks, accepted with probability
``min(1, exp((1/T_k - 1/T_{k+1}) (E_k - E_{k+1})))`` (even pairs after even rounds, odd
pairs after odd ones). The cold replicas refine, the hot ones wander, and good decks move
down. The run keeps the deck with the most cuts won seen by any replica and stops at 52.
All randomness comes from the :mod:`stoplib.util.rng` stream ``(seed, stream)``.

``_anneal26`` anneals among decks whose ranks repeat every 26 cards (the structure the public
report used for 21 and 22 players): its moves exchange two residues mod 26, or two cards of one
rank, so the period is kept.
"""
from __future__ import annotations

import math

import numpy as np
from numba import njit

from ..util.rng import stream_start
from ._annealing_kernels import _apply, _below, _init, _roles_of, _swap_cost, _uniform


@njit(cache=True, nogil=True)   # nogil: a Dask worker thread runs it, and its heartbeat needs the GIL
def _temper(decks, temps, rounds, moves, n, seat, weight, seed, stream, pair_i, pair_j, pair_cuts, pair_ncuts,
            tables, best_deck, trace, exchanges):
    """Parallel tempering from the rows of ``decks`` (one per temperature; the final decks are written back).

    Returns ``(best wins, rounds made)``; ``trace[t]`` is the best after round ``t`` (``trace[0]``: at the start),
    ``exchanges[k]`` counts the accepted exchanges between temperatures ``k`` and ``k + 1``.
    """
    n_rep = decks.shape[0]
    state = np.empty(1, np.uint64)
    state[0] = stream_start(seed, stream)
    deck2 = np.empty((n_rep, 104), np.int64)
    keys2 = np.empty((n_rep, 104), np.int64)
    bits2 = np.empty((n_rep, 104), np.int64)
    bkeys = np.empty((n_rep, 52), np.int64)
    hands = np.empty((n_rep, 52, n), np.int64)
    beaten = np.empty((n_rep, 52), np.int64)
    new_beaten = np.empty(pair_cuts.shape[1], np.int64)
    cost = np.empty(n_rep, np.int64)
    wins = np.empty(n_rep, np.int64)
    role = _roles_of(n)
    packed = tables.packed
    ranks = tables.ranks
    best = -1
    for r in range(n_rep):
        cost[r], wins[r] = _init(decks[r], n, seat, weight, deck2[r], keys2[r], bits2[r], bkeys[r], hands[r],
                                 beaten[r], tables)
        if wins[r] > best:
            best = wins[r]
            best_deck[:] = deck2[r, :52]
    slot = np.arange(n_rep)  # slot[k]: the replica at temperature k
    trace[0] = best
    done = 0
    while done < rounds and best < 52:
        for k in range(n_rep):
            r = slot[k]
            temperature = temps[k]
            for _ in range(moves):
                s = _below(state, pair_i.shape[0])
                u = _uniform(state)
                rise = -temperature * math.log(u) if u > 0.0 else 1e18
                limit = int(math.ceil(rise)) - 1 if rise < 1e15 else 1 << 50
                if limit < 0:
                    limit = 0
                d_cost, d_wins, ok = _swap_cost(s, n, seat, weight, limit, pair_i, pair_j, pair_cuts, pair_ncuts,
                                                role, keys2[r], bits2[r], bkeys[r], hands[r], beaten[r], new_beaten,
                                                packed, ranks)
                if ok:
                    _apply(s, n, seat, pair_i, pair_j, pair_cuts, pair_ncuts, deck2[r], keys2[r], bits2[r],
                           bkeys[r], hands[r], beaten[r], packed, ranks)
                    cost[r] += d_cost
                    wins[r] += d_wins
                    if wins[r] > best:
                        best = wins[r]
                        best_deck[:] = deck2[r, :52]
                        if best == 52:
                            break
            if best == 52:
                break
        for k in range(done % 2, n_rep - 1, 2):
            a = slot[k]
            b = slot[k + 1]
            delta = (1.0 / temps[k] - 1.0 / temps[k + 1]) * (cost[a] - cost[b])
            if delta >= 0.0 or _uniform(state) < math.exp(delta):
                slot[k] = b
                slot[k + 1] = a
                exchanges[k] += 1
        done += 1
        if done < trace.shape[0]:
            trace[done] = best
    for k in range(n_rep):
        decks[k, :] = deck2[slot[k], :52]
    for t in range(done + 1, trace.shape[0]):
        trace[t] = best
    return best, done


@njit(cache=True)
def _pick26(state, deck2, pair_index):
    """A move of ``_anneal26``: two swaps (residues ``a, b`` mod 26 exchanged) or one and -1 (two cards of a rank)."""
    if _uniform(state) < 0.5:
        a = _below(state, 26)
        b = _below(state, 25)
        if b >= a:
            b += 1
        return pair_index[a, b], pair_index[a + 26, b + 26]
    x = _below(state, 52)
    r = deck2[x] // 4
    k = _below(state, 3)  # one of the three other cards of its rank
    y = -1
    for z in range(52):
        if z != x and deck2[z] // 4 == r:
            if k == 0:
                y = z
                break
            k -= 1
    return pair_index[x, y], -1


@njit(cache=True, nogil=True)   # as _temper: a step may last minutes
def _anneal26(deck, moves, t_start, t_end, n, seat, weight, seed, stream, pair_index, pair_i, pair_j, pair_cuts,
              pair_ncuts, tables, best_deck, trace, every):
    """Simulated annealing among decks whose ranks repeat every 26 cards (``deck`` must be one).

    Two moves, half the time each: exchange the cards of two residues mod 26 (positions ``a, b`` and
    ``a + 26, b + 26`` at once), or exchange two cards of one rank (their suits). Both keep the ranks'
    period; each is costed as two (or one) incremental swaps and undone when refused. Returns
    ``(best wins, moves made)``; ``trace[t]`` is the best after ``t * every`` moves.
    """
    state = np.empty(1, np.uint64)
    state[0] = stream_start(seed, stream)
    deck2 = np.empty(104, np.int64)
    keys2 = np.empty(104, np.int64)
    bits2 = np.empty(104, np.int64)
    bkeys = np.empty(52, np.int64)
    hands = np.empty((52, n), np.int64)
    beaten = np.empty(52, np.int64)
    new_beaten = np.empty(pair_cuts.shape[1], np.int64)
    role = _roles_of(n)
    packed = tables.packed
    ranks = tables.ranks
    cost, wins = _init(deck, n, seat, weight, deck2, keys2, bits2, bkeys, hands, beaten, tables)
    best = wins
    best_deck[:] = deck2[:52]
    trace[0] = best
    log_ratio = math.log(t_end / t_start)
    big = 1 << 50
    m = 0
    while m < moves and best < 52:
        temperature = t_start * math.exp(log_ratio * m / moves)
        s1, s2 = _pick26(state, deck2, pair_index)
        u = _uniform(state)
        # accepted when the rise of cost is at most ``limit`` (costs are ints), as in the annealing kernel
        bound = -temperature * math.log(u) if u > 0.0 else 1e18
        limit = int(math.ceil(bound)) - 1 if bound < 1e15 else big
        if limit < 0:
            limit = 0
        if s2 < 0:
            d1, w1, ok = _swap_cost(s1, n, seat, weight, limit, pair_i, pair_j, pair_cuts, pair_ncuts, role, keys2,
                                    bits2, bkeys, hands, beaten, new_beaten, packed, ranks)
            if ok:
                _apply(s1, n, seat, pair_i, pair_j, pair_cuts, pair_ncuts, deck2, keys2, bits2, bkeys, hands,
                       beaten, packed, ranks)
                cost += d1
                wins += w1
                if wins > best:
                    best = wins
                    best_deck[:] = deck2[:52]
            m += 1
            if m % every == 0 and m // every < trace.shape[0]:
                trace[m // every] = best
            continue
        d1, w1, _ = _swap_cost(s1, n, seat, weight, big, pair_i, pair_j, pair_cuts, pair_ncuts, role, keys2, bits2,
                               bkeys, hands, beaten, new_beaten, packed, ranks)
        _apply(s1, n, seat, pair_i, pair_j, pair_cuts, pair_ncuts, deck2, keys2, bits2, bkeys, hands, beaten,
               packed, ranks)
        d2, w2, ok = _swap_cost(s2, n, seat, weight, limit - d1, pair_i, pair_j, pair_cuts, pair_ncuts, role,
                                keys2, bits2, bkeys, hands, beaten, new_beaten, packed, ranks)
        rise = d1 + d2
        if ok:
            if s2 >= 0:
                _apply(s2, n, seat, pair_i, pair_j, pair_cuts, pair_ncuts, deck2, keys2, bits2, bkeys, hands,
                       beaten, packed, ranks)
            cost += rise
            wins += w1 + w2
            if wins > best:
                best = wins
                best_deck[:] = deck2[:52]
        else:  # undo the first swap
            _apply(s1, n, seat, pair_i, pair_j, pair_cuts, pair_ncuts, deck2, keys2, bits2, bkeys, hands, beaten,
                   packed, ranks)
        m += 1
        if m % every == 0 and m // every < trace.shape[0]:
            trace[m // every] = best
    for t in range(m // every + 1, trace.shape[0]):
        trace[t] = best
    return best, m
